"""Clicks and keys as intents for the checkers table, without graphics: the tests drive the code the window uses.

A piece is chosen by clicking it (only pieces with a legal move, so only the jumpers when a jump is due), then
its destination; a multi-jump is clicked landing square by landing square (or its last square at once when
that names one route). Arrow keys move a cursor, Enter or Space click under it. Other keys name actions.

Board cells are (row, col) on screen, row 0 at the top; `flipped` turns the board half a turn.
"""

from __future__ import annotations

from typing import Literal

import pygame

from tablegames.checkers.position import Move, Position

# ("move", Move), ("select" | "step" | "refuse", square), ("cursor", cell), or a key's action alone: ("undo",)
Action = (tuple[Literal["move"], Move] | tuple[Literal["select", "step", "refuse"], int]
          | tuple[Literal["cursor"], tuple[int, int]] | tuple[str])

# The table's own keys; Esc (menu), M (sound on/off) and Q (back to the lobby) are the shared frame's (ui/table.py).
KEY_ACTIONS = {
    pygame.K_h: "hint",
    pygame.K_u: "undo",
    pygame.K_n: "new",
    pygame.K_f: "flip",
    pygame.K_e: "save_music",
    pygame.K_b: "party",
    pygame.K_x: "export",
}
WATCH_HIDES = ("hint", "undo")  # no hint or take-back while the computer plays itself (watch mode)
ARROWS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def square_to_cell(square: int, flipped: bool = False) -> tuple[int, int]:
    """The screen cell of PDN square 1-32 (square 1 is top right when not flipped)."""
    row = (square - 1) // 4
    col = 2 * ((square - 1) % 4) + (1 if row % 2 == 0 else 0)
    return (7 - row, 7 - col) if flipped else (row, col)


def cell_to_square(cell: tuple[int, int] | None, flipped: bool = False) -> int | None:
    """The PDN square at a screen cell, or None for a light square or off the board."""
    if cell is None:
        return None
    row, col = cell
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return None
    if flipped:
        row, col = 7 - row, 7 - col
    return 4 * row + col // 2 + 1


class CheckersController:
    """Selection, the multi-jump in progress, the keyboard cursor and the board's orientation."""

    def __init__(self, flipped: bool = False) -> None:
        self.flipped = flipped
        self.position: Position | None = None
        self.accepting = False
        self.path: list[int] = []  # the chosen piece's square, then each landing square clicked so far
        self.cursor = (7, 0)
        self._movable: list[int] = []
        self._moves: list[Move] = []

    # --- state the scene sets ---------------------------------------------------------------------------------
    def set_position(self, position: Position, accepting: bool) -> None:
        """The position on the board and whether the player to move is at this table (a human)."""
        if position != self.position or accepting != self.accepting:
            self.path = []
        self.position = position
        self.accepting = accepting
        self._moves = position.legal_moves() if accepting else []
        self._movable = sorted({move.from_square for move in self._moves})

    @property
    def selected(self) -> int | None:
        return self.path[0] if self.path else None

    def jump_is_due(self) -> bool:
        return bool(self._moves) and self._moves[0].is_capture

    def highlighted(self) -> list[int]:
        """The pieces that may move now (only those that can jump when a jump is due)."""
        return list(self._movable) if self.accepting and len(self.path) <= 1 else []

    def candidates(self) -> list[Move]:
        """The legal moves that continue the path clicked so far."""
        if not self.path:
            return []
        prefix = tuple(self.path)
        return [move for move in self._moves if move.path[: len(prefix)] == prefix]

    def targets(self) -> list[int]:
        """Where the chosen piece can land next."""
        depth = len(self.path)
        return sorted({move.path[depth] for move in self.candidates() if len(move.path) > depth})

    # --- input ----------------------------------------------------------------------------------------------
    def click_cell(self, cell: tuple[int, int] | None) -> Action | None:
        if cell is not None:
            self.cursor = cell
        return self.click_square(cell_to_square(cell, self.flipped))

    def click_square(self, square: int | None) -> Action | None:
        """("move", Move) when a move is complete, ("select", sq), ("step", sq), ("deselect",), ("refuse", sq)
        for a piece that may not move, or None."""
        if not self.accepting:
            return None
        if square is None:
            return self._deselect()
        if self.path and square in self.targets():
            self.path.append(square)
            finished = [move for move in self.candidates() if len(move.path) == len(self.path)]
            if finished and len(self.candidates()) == len(finished):
                return self._played(finished[0])
            return ("step", square)
        if self.path:
            shortcut = [move for move in self.candidates() if move.to_square == square]
            if len(shortcut) == 1:
                return self._played(shortcut[0])
        if len(self.path) > 1:
            return ("refuse", square)  # a multi-jump in progress must go on
        if square == self.selected:
            return self._deselect()
        if square in self._movable:
            self.path = [square]
            return ("select", square)
        if self.position is not None and self.position.piece_at(square).side == self.position.turn:
            return ("refuse", square)
        return self._deselect() if self.path else None

    def key(self, key: int) -> Action | None:
        if key in ARROWS:
            step = ARROWS[key]
            self.cursor = (min(7, max(0, self.cursor[0] + step[0])), min(7, max(0, self.cursor[1] + step[1])))
            return ("cursor", self.cursor)
        if key in PRESS_KEYS:
            return self.click_cell(self.cursor)
        action = KEY_ACTIONS.get(key)
        if action == "flip":
            self.flip()
        return None if action is None else (action,)

    def flip(self) -> None:
        self.flipped = not self.flipped
        self.cursor = (7 - self.cursor[0], 7 - self.cursor[1])

    def _played(self, move: Move) -> Action:
        self.path = []
        return ("move", move)

    def _deselect(self) -> Action | None:
        if not self.path:
            return None
        self.path = []
        return ("deselect",)
