"""A light `GameState` over the bitboards, for the generic searches (core/minimax.py, core/mcts.py).

CheckersGame is the full game (history, redo, PDN, every draw rule) and decodes every move; a search only needs
to step through positions quickly, so this state keeps a stack of bitboards and the engine's raw move rows.
Rules here: no legal move loses; 80 plies without a capture or a man move draw (threefold repetition is left
to the game). An action is the index of a move in the engine's generation order (see `search.root_moves`).
"""

from __future__ import annotations

import numpy as np

from tablegames.checkers import engine
from tablegames.checkers.game import QUIET_PLY_LIMIT  # the draw rule is the game's
from tablegames.checkers.position import Position
from tablegames.core.gamestate import TERMINAL, GameState


class BoardState(GameState):
    """(own, other, kings, side, quiet plies) for every position so far, plus each one's move rows."""

    def __init__(self, position: Position, quiet_plies: int = 0) -> None:
        self._stack: list[tuple[int, int, int, int, int]] = [
            (position.own, position.other, position.kings, position.turn, quiet_plies)
        ]
        self._moves: list[engine.Moves | None] = [None]

    @property
    def position(self) -> Position:
        own, other, kings, side, _ = self._stack[-1]
        if side == engine.BLACK:
            return Position(own, other, kings, side)
        return Position(other, own, kings, side)

    @property
    def side(self) -> int:
        return self._stack[-1][3]

    def bitboards(self) -> tuple[int, int, int, int]:
        """The kernels' view of the current position: (own, other, kings, side to move)."""
        own, other, kings, side, _ = self._stack[-1]
        return own, other, kings, side

    def move_rows(self) -> engine.Moves:
        """The engine's move rows of the current position (duplicate routes once), computed once."""
        rows = self._moves[-1]
        if rows is None:
            own, other, kings, side, _ = self._stack[-1]
            buffer = np.empty((engine.MAX_MOVES, engine.MOVE_FIELDS), dtype=np.int64)
            count = engine.generate_moves(own, other, kings, side, True, buffer, 0)
            rows = buffer[:count]
            self._moves[-1] = rows
        return rows

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.side

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else list(range(len(self.move_rows())))

    def apply_action(self, action: int) -> None:
        rows = self.move_rows()
        if self.is_terminal() or not 0 <= action < len(rows):
            raise ValueError(f"action {action} is not legal; legal actions: {self.legal_actions()}")
        own, other, kings, side, quiet = self._stack[-1]
        mover, captured, king_change = (int(value) for value in rows[action, :3])
        moved_a_man = (own & ~kings & mover) != 0
        quiet = 0 if captured or moved_a_man else quiet + 1
        self._stack.append((other ^ captured, own ^ mover, kings ^ king_change, 1 - side, quiet))
        self._moves.append(None)

    def undo(self) -> None:
        if len(self._stack) == 1:
            raise ValueError("there is no move to undo")
        self._stack.pop()
        self._moves.pop()

    def is_terminal(self) -> bool:
        return self._stack[-1][4] >= QUIET_PLY_LIMIT or len(self.move_rows()) == 0

    def returns(self) -> list[float]:
        if self._stack[-1][4] >= QUIET_PLY_LIMIT or len(self.move_rows()) > 0:
            return [0.0, 0.0]
        loser = self.side
        return [-1.0, 1.0] if loser == engine.BLACK else [1.0, -1.0]

    def clone(self) -> BoardState:
        copy = BoardState.__new__(BoardState)
        copy._stack = list(self._stack)
        copy._moves = list(self._moves)
        return copy

    def action_to_string(self, action: int) -> str:
        from tablegames.checkers.position import decode_move

        return decode_move(self.move_rows()[action], self._stack[-1][2]).notation
