"""What the checkers table's panel says, without graphics: who plays whom, the status line and the game's moves in
PDN notation. The sides are named by the piece set ("the Ducks (yellow)"), the players by what stays fixed for the
game (`TableModel.player_name`), so nothing is renamed mid-game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import FunEvent, FunGame
from tablegames.ui.checkers.computer import level_name
from tablegames.ui.checkers.recipes import PIECE_SETS

if TYPE_CHECKING:
    from tablegames.ui.checkers.table_model import TableModel


@dataclass(frozen=True)
class Header:
    """The panel's head beside the opponent's face: a title, a subtitle, and short lines (who plays whom)."""

    title: str
    subtitle: str
    lines: tuple[str, ...]
    fun_mode: bool = False  # "Fun mode" after the lines


def panel_header(model: TableModel) -> Header:
    """Who plays whom, as the panel shows it beside the face."""
    pieces = PIECE_SETS[model.piece_set]
    if model.mode == "watch":
        subtitle = "Levels 1-10 take turns" if model.cycle_levels else f"{pieces.name} pieces"
        return Header("Watch", subtitle, matchup_lines(model))
    if model.mode == "two_players":
        return Header("Two players", f"{pieces.name} pieces", matchup_lines(model))
    human, computer = model.human_side, 1 - model.human_side
    return Header(level_name(model.level), f"Level {model.level}",
                  (f"You play the {model.side_label(human)}", f"against the {model.side_label(computer)}"),
                  model.settings.checkers_fun_mode)


def matchup_lines(model: TableModel) -> tuple[str, str]:
    """("Level 3 (Mugs)", "vs Level 7 (Ducks)"): the first mover first (watch mode and two players)."""
    black, white = (f"{model.player_name(side)} ({model.side_name(side)})" for side in (BLACK, WHITE))
    return black, f"vs {white}"


def status_text(model: TableModel) -> str:
    """The line above the move list: whose move, what is happening, or how the game ended."""
    over = model.game.outcome()
    if over is not None:
        if over.winner is None:
            return f"Draw: {over.reason}"
        loser = model.side_name(1 - over.winner)
        if model.mode == "play":
            who = "You win!" if over.winner == model.human_side else f"{level_name(model.level)} wins"
        else:
            who = f"The {model.side_name(over.winner)} win"
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
    return f"The {model.side_label(turn)} to move"


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
