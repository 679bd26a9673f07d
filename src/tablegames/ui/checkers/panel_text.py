"""What the checkers table's panel says, without graphics: the status line and the game's moves in PDN
notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import FunEvent, FunGame
from tablegames.ui.checkers.computer import level_name
from tablegames.ui.checkers.recipes import PIECE_SETS

if TYPE_CHECKING:
    from tablegames.ui.checkers.table_model import TableModel

SIDE_LABELS = {BLACK: "Red", WHITE: "White"}


def status_text(model: TableModel) -> str:
    """The line above the move list: whose move, what is happening, or how the game ended."""
    over = model.game.outcome()
    names = PIECE_SETS[model.piece_set].side_names
    if over is not None:
        if over.winner is None:
            return f"Draw: {over.reason}"
        loser = names[1 - over.winner]
        if model.mode == "play":
            who = "You win!" if over.winner == model.human_side else f"{level_name(model.level)} wins"
        else:
            who = f"{names[over.winner]} win"
        return f"{who} ({loser}: {over.reason})"
    turn = model.game.position.turn
    if model.animation is not None and model.mode == "play":
        return "You move..." if model.is_human(model.animation.side) else f"{level_name(model.level)} moves..."
    if model.pending_event is not None:
        return "Fun mode!"
    if model.mode == "play":
        if model.is_human(turn):
            return "Your move: jump!" if model.jump_due else "Your move"
        return f"{level_name(model.level)} is thinking..."
    return f"{names[turn]} ({SIDE_LABELS[turn]}) to move"


def move_list_rows(game: FunGame) -> list[str]:
    """The game in PDN notation, a numbered row per move pair; a fun event is its own row, marked *."""
    rows: list[str] = []
    position = game.start
    number = 1
    current = ""
    for entry, after in zip(game.entries, game.positions()[1:], strict=True):
        if isinstance(entry, FunEvent):
            if current:
                rows.append(current)
                current = ""
            rows.append(f"   * {entry.kind} {'+' if entry.is_gift else 'x'}{entry.square}")
        elif position.turn == BLACK:
            current = f"{number}. {entry.notation}"
        else:
            current = (current or f"{number}. ...") + f"   {entry.notation}"
            rows.append(current)
            current = ""
            number += 1
        position = after
    if current:
        rows.append(current)
    return rows
