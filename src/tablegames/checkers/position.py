"""Positions and moves as Python values: the face of the bitboard engine for the game, the search and the window.

Squares are PDN numbers 1-32 here; bits appear only inside engine.py. A Position is immutable and hashable;
`apply` returns a new one. Moves come from `Position.legal_moves()` in a stable order (sorted by their path).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np
import numpy.typing as npt

from tablegames.checkers import engine
from tablegames.checkers.engine import BLACK, WHITE
from tablegames.core.worker import HasCancelFlag, SearchCancelled, cancel_flag_of, raise_if_cancelled

SIDE_NAMES = {BLACK: "black", WHITE: "white"}


class Piece(IntEnum):
    EMPTY = 0
    BLACK_MAN = 1
    BLACK_KING = 2
    WHITE_MAN = 3
    WHITE_KING = 4

    @property
    def side(self) -> int | None:
        if self is Piece.EMPTY:
            return None
        return BLACK if self in (Piece.BLACK_MAN, Piece.BLACK_KING) else WHITE

    @property
    def is_king(self) -> bool:
        return self in (Piece.BLACK_KING, Piece.WHITE_KING)


def square_bit(square: int) -> int:
    """The bitboard with only `square` (1-32) set."""
    return 1 << int(engine.SQUARE_TO_BIT[square])


def bit_squares(bits: int) -> list[int]:
    """The PDN squares of a bitboard, ascending."""
    squares = []
    while bits:
        low = bits & -bits
        squares.append(int(engine.BIT_TO_SQUARE[low.bit_length() - 1]))
        bits ^= low
    return sorted(squares)


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move. `path` is every square the piece stands on, origin first; a multi-jump is one move.

    The three masks are the engine's make/unmake words (side-relative XORs), kept so `apply` is exact.
    """

    path: tuple[int, ...]
    captured: tuple[int, ...]  # squares of the captured pieces, in the order they are jumped
    is_crowning: bool
    mover_mask: int
    captured_mask: int
    kings_mask: int

    @property
    def from_square(self) -> int:
        return self.path[0]

    @property
    def to_square(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)

    @property
    def notation(self) -> str:
        """PDN: `11-15` for a step, every landing square for a capture (`11x18x25`)."""
        return ("x" if self.captured else "-").join(str(square) for square in self.path)

    def __str__(self) -> str:
        return self.notation


def decode_move(row: npt.NDArray[np.int64], kings: int) -> Move:
    """A Move from one row of an engine moves array, given the kings before the move."""
    mover, captured_mask, kings_mask, path_word = (int(value) for value in row[: engine.MOVE_FIELDS])
    origin = 1 << (path_word & 63)
    jump_count = (path_word >> engine.PATH_JUMPS_SHIFT) & 15
    if jump_count == 0:
        destination = mover ^ origin
        path_bits = [origin, destination]
        captured_bits: list[int] = []
    else:
        path_bits = [origin]
        captured_bits = []
        square = origin
        for jump in range(jump_count):
            direction = (path_word >> (engine.PATH_DIRECTIONS_SHIFT + 2 * jump)) & 3
            shift = 4 + (direction & 1)
            middle = square << shift if direction < 2 else square >> shift
            square = middle << shift if direction < 2 else middle >> shift
            captured_bits.append(middle)
            path_bits.append(square)
    to_bit = path_bits[-1]
    is_crowning = not (origin & kings) and bool(kings_mask & to_bit)
    return Move(
        path=tuple(bit_squares(bit)[0] for bit in path_bits),
        captured=tuple(bit_squares(bit)[0] for bit in captured_bits),
        is_crowning=is_crowning,
        mover_mask=mover,
        captured_mask=captured_mask,
        kings_mask=kings_mask,
    )


@dataclass(frozen=True, slots=True)
class Position:
    """Black men/kings, White men/kings as bitboards (engine layout) and the side to move (BLACK or WHITE)."""

    black: int
    white: int
    kings: int
    turn: int

    @classmethod
    def initial(cls) -> Position:
        return cls(engine.BLACK_START, engine.WHITE_START, 0, BLACK)

    @classmethod
    def from_squares(
        cls,
        turn: int = BLACK,
        black_men: tuple[int, ...] | list[int] = (),
        black_kings: tuple[int, ...] | list[int] = (),
        white_men: tuple[int, ...] | list[int] = (),
        white_kings: tuple[int, ...] | list[int] = (),
    ) -> Position:
        """A position from PDN square lists (no validation beyond the square range: see pdn.parse_fen)."""
        black_king_bits = engine.squares_mask(black_kings)
        white_king_bits = engine.squares_mask(white_kings)
        return cls(
            engine.squares_mask(black_men) | black_king_bits,
            engine.squares_mask(white_men) | white_king_bits,
            black_king_bits | white_king_bits,
            turn,
        )

    @classmethod
    def from_fen(cls, text: str) -> Position:
        from tablegames.checkers.pdn import parse_fen

        return parse_fen(text)

    @property
    def fen(self) -> str:
        from tablegames.checkers.pdn import format_fen

        return format_fen(self)

    @property
    def own(self) -> int:
        return self.black if self.turn == BLACK else self.white

    @property
    def other(self) -> int:
        return self.white if self.turn == BLACK else self.black

    def piece_at(self, square: int) -> Piece:
        bit = square_bit(square)
        is_king = bool(self.kings & bit)
        if self.black & bit:
            return Piece.BLACK_KING if is_king else Piece.BLACK_MAN
        if self.white & bit:
            return Piece.WHITE_KING if is_king else Piece.WHITE_MAN
        return Piece.EMPTY

    def squares(self, piece: Piece) -> list[int]:
        """The squares holding `piece`, ascending."""
        side_bits = self.black if piece.side == BLACK else self.white
        return bit_squares(side_bits & (self.kings if piece.is_king else ~self.kings))

    def legal_moves(self, unique: bool = True) -> list[Move]:
        """Legal moves sorted by path. With `unique`, a capture reachable by two routes (same origin,
        destination and captured pieces) is listed once, by its first route in path order."""
        moves = np.empty((engine.MAX_MOVES, engine.MOVE_FIELDS), dtype=np.int64)
        count = engine.generate_moves(self.own, self.other, self.kings, self.turn, False, moves, 0)
        decoded = sorted(
            (decode_move(moves[i], self.kings) for i in range(count)), key=lambda move: move.path
        )
        if not unique:
            return decoded
        seen: set[tuple[int, int]] = set()
        result = []
        for move in decoded:
            identity = (move.mover_mask | square_bit(move.from_square), move.captured_mask)
            if identity not in seen:
                seen.add(identity)
                result.append(move)
        return result

    def movable_squares(self) -> list[int]:
        """Squares of the pieces that have a legal move (only capturers when a capture is compulsory)."""
        return sorted({move.from_square for move in self.legal_moves()})

    def moves_from(self, square: int) -> list[Move]:
        """The legal moves of the piece on `square` (empty if it has none)."""
        return [move for move in self.legal_moves() if move.from_square == square]

    def has_legal_move(self) -> bool:
        moves = np.empty((engine.MAX_MOVES, engine.MOVE_FIELDS), dtype=np.int64)
        return engine.generate_moves(self.own, self.other, self.kings, self.turn, False, moves, 0) > 0

    def apply(self, move: Move) -> Position:
        """The position after `move`; ValueError naming the legal moves when it is not legal here."""
        if move not in self.legal_moves(unique=False):
            legal = ", ".join(m.notation for m in self.legal_moves())
            raise ValueError(f"move {move.notation} is not legal in {self.fen}; legal moves: {legal}")
        return self.apply_unchecked(move)

    def apply_unchecked(self, move: Move) -> Position:
        """The position after a move known to come from this position's legal_moves()."""
        own = self.own ^ move.mover_mask
        other = self.other ^ move.captured_mask
        kings = self.kings ^ move.kings_mask
        if self.turn == BLACK:
            return Position(own, other, kings, WHITE)
        return Position(other, own, kings, BLACK)

    def zobrist_key(self) -> int:
        return int(engine.zobrist_key(self.black, self.white, self.kings, self.turn))

    def perft(self, depth: int, count_duplicates: bool = False, cancel: HasCancelFlag | None = None) -> int:
        """Leaves of the move tree `depth` plies deep (duplicate king routes counted or not); SearchCancelled
        when `cancel` is cancelled before the count is done (the kernel polls its flag)."""
        raise_if_cancelled(cancel, "perft")
        leaves = int(engine.perft(self.own, self.other, self.kings, self.turn, depth, not count_duplicates,
                                  cancel_flag_of(cancel)))
        if leaves == engine.PERFT_CANCELLED:
            raise SearchCancelled("perft cancelled")
        return leaves

    def divide(
        self, depth: int, count_duplicates: bool = False, cancel: HasCancelFlag | None = None
    ) -> list[tuple[Move, int]]:
        """perft(depth - 1) below each legal move (depth >= 1), in legal_moves() order; SearchCancelled as perft."""
        moves = self.legal_moves(unique=not count_duplicates)
        return [(move, self.apply_unchecked(move).perft(depth - 1, count_duplicates, cancel)) for move in moves]

    def diagram(self) -> str:
        """The board as text, square 1 at the top, Black's men `b`, kings `B`, White's `w`/`W`, empty dark `.`."""
        symbols = {
            Piece.EMPTY: ".",
            Piece.BLACK_MAN: "b",
            Piece.BLACK_KING: "B",
            Piece.WHITE_MAN: "w",
            Piece.WHITE_KING: "W",
        }
        lines = []
        for row in range(8):
            cells = [" "] * 8
            for index in range(4):
                square = 4 * row + index + 1
                cells[2 * index + (1 if row % 2 == 0 else 0)] = symbols[self.piece_at(square)]
            lines.append(" ".join(cells))
        lines.append(f"{SIDE_NAMES[self.turn]} to move")
        return "\n".join(lines)
