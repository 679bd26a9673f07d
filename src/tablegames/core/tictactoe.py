"""Noughts and crosses: the smallest game on the uniform interface, the generic searches' own test game
and an example of how a game implements GameState."""

from __future__ import annotations

from tablegames.core.gamestate import TERMINAL, GameState

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = ".XO"


class TicTacToe(GameState):
    def __init__(self, board: str = ".........") -> None:
        if len(board) != 9 or set(board) - set(MARKS):
            raise ValueError(f"board {board!r}: expected 9 characters of '.', 'X', 'O'")
        self.cells = [MARKS.index(c) for c in board]  # 0 empty, 1 X (seat 0), 2 O (seat 1)
        self.history: list[int] = []

    def num_players(self) -> int:
        return 2

    def winner(self) -> int | None:
        for a, b, c in LINES:
            if self.cells[a] and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a] - 1
        return None

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return 0 if self.cells.count(1) == self.cells.count(2) else 1

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else [i for i in range(9) if not self.cells[i]]

    def apply_action(self, action: int) -> None:
        legal = self.legal_actions()
        if action not in legal:
            raise ValueError(f"square {action} is not a legal move; legal: {legal}")
        self.cells[action] = self.current_player() + 1
        self.history.append(action)

    def undo(self) -> None:
        if not self.history:
            raise ValueError("nothing to undo")
        self.cells[self.history.pop()] = 0

    def is_terminal(self) -> bool:
        return self.winner() is not None or all(self.cells)

    def returns(self) -> list[float]:
        winner = self.winner()
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def clone(self) -> TicTacToe:
        copy = TicTacToe()
        copy.cells, copy.history = list(self.cells), list(self.history)
        return copy

    def action_to_string(self, action: int) -> str:
        return f"{MARKS[self.current_player() + 1] if not self.is_terminal() else '?'}{action}"

    def __str__(self) -> str:
        return "".join(MARKS[c] for c in self.cells)


def new_game(seed: int = 0) -> TicTacToe:
    return TicTacToe()
