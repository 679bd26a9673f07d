"""A plain exhaustive solver of small endings, written apart from the database builder, to check it against.

It shares nothing with checkers/endgame/ (no slices, no numbering, no retrograde waves): every position of 2 to N
pieces (both sides on the board) is listed as a sorted array of keys (one byte a piece, square * 4 + kind + 1, in
square order, then the side to move), and solved by forward value iteration to a fixed point: no move loses, a move
to a lost position wins, all moves to won positions lose; repeat until nothing changes; what is left is drawn.
Moves come from the engine's generator, which tests/checkers/test_reference.py checks against reference.py.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from tablegames.checkers.engine import (
    BLACK,
    MAX_MOVES,
    MOVE_CAPTURED,
    MOVE_FIELDS,
    MOVE_KINGS,
    MOVE_MOVER,
    SQUARE_TO_BIT,
    generate_moves,
    popcount,
)

ORACLE_UNKNOWN, ORACLE_WIN, ORACLE_LOSS, ORACLE_DRAW = 0, 1, 2, 3
BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING = 0, 1, 2, 3
BITS = np.array([int(SQUARE_TO_BIT[s]) for s in range(1, 33)], dtype=np.int64)


@njit(cache=True)
def _legal(square: int, kind: int) -> bool:
    if kind == BLACK_MAN:
        return square < 28  # a black man never stands on 29-32
    if kind == WHITE_MAN:
        return square >= 4
    return True


@njit(cache=True)
def list_positions(max_pieces: int) -> npt.NDArray[np.int64]:
    """Keys of every position with 2..max_pieces pieces, both colours present, either side to move, sorted."""
    found = []
    squares = np.zeros(max_pieces, dtype=np.int64)
    for count in range(2, max_pieces + 1):
        for i in range(count):
            squares[i] = i
        while True:
            for kinds in range(4**count):
                key = 0
                has_black = False
                has_white = False
                legal = True
                k = kinds
                for i in range(count):
                    kind = k & 3
                    k >>= 2
                    if not _legal(squares[i], kind):
                        legal = False
                        break
                    if kind < 2:
                        has_black = True
                    else:
                        has_white = True
                    key |= (squares[i] * 4 + kind + 1) << (8 * i)
                if legal and has_black and has_white:
                    found.append(key * 2)
                    found.append(key * 2 + 1)
            # the next combination of `count` squares out of 32
            i = count - 1
            while i >= 0 and squares[i] == 32 - count + i:
                i -= 1
            if i < 0:
                break
            squares[i] += 1
            for j in range(i + 1, count):
                squares[j] = squares[j - 1] + 1
    keys = np.array(found, dtype=np.int64)
    keys.sort()
    return keys


@njit(cache=True)
def key_to_board(key: int) -> tuple[int, int, int, int]:
    side = key & 1
    pieces = key >> 1
    black = white = kings = 0
    while pieces != 0:
        code = (pieces & 255) - 1
        pieces >>= 8
        bit = 1 << BITS[code >> 2]
        kind = code & 3
        if kind < 2:
            black |= bit
        else:
            white |= bit
        if (kind & 1) != 0:  # BLACK_KING, WHITE_KING
            kings |= bit
    return black, white, kings, side


@njit(cache=True)
def board_to_key(black: int, white: int, kings: int, side: int) -> int:
    key = 0
    shift = 0
    for square in range(32):
        bit = 1 << BITS[square]
        if (black | white) & bit:
            kind = (0 if (black & bit) else 2) + (1 if (kings & bit) else 0)
            key |= (square * 4 + kind + 1) << shift
            shift += 8
    return key * 2 + side


@njit(cache=True)
def solve(keys: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.uint8], int]:
    """The value of every listed position for its side to move, and the passes it took."""
    values = np.zeros(len(keys), dtype=np.uint8)
    moves = np.empty((MAX_MOVES, MOVE_FIELDS), dtype=np.int64)
    passes = 0
    changed = True
    while changed:
        changed = False
        passes += 1
        for i in range(len(keys)):
            if values[i] != ORACLE_UNKNOWN:
                continue
            black, white, kings, side = key_to_board(keys[i])
            own, other = (black, white) if side == BLACK else (white, black)
            end = generate_moves(own, other, kings, side, True, moves, 0)
            if end == 0:
                values[i] = ORACLE_LOSS
                changed = True
                continue
            all_won = True
            wins = False
            for m in range(end):
                child_own = other ^ moves[m, MOVE_CAPTURED]
                child_other = own ^ moves[m, MOVE_MOVER]
                child_kings = kings ^ moves[m, MOVE_KINGS]
                if popcount(child_own) == 0:
                    wins = True  # the opponent has no piece left
                    break
                if side == BLACK:
                    child = board_to_key(child_other, child_own, child_kings, 1 - side)
                else:
                    child = board_to_key(child_own, child_other, child_kings, 1 - side)
                value = values[np.searchsorted(keys, child)]
                if value == ORACLE_LOSS:
                    wins = True
                    break
                if value != ORACLE_WIN:
                    all_won = False
            if wins:
                values[i] = ORACLE_WIN
                changed = True
            elif all_won:
                values[i] = ORACLE_LOSS
                changed = True
    for i in range(len(keys)):
        if values[i] == ORACLE_UNKNOWN:
            values[i] = ORACLE_DRAW
    return values, passes


@njit(cache=True)
def disagreements(keys: npt.NDArray[np.int64], values: npt.NDArray[np.uint8], probe: object,
                  packed: npt.NDArray[np.uint8], table: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Indices of the listed positions whose value the database (looked up by `probe`) gives differently."""
    wrong = []
    for i in range(len(keys)):
        black, white, kings, side = key_to_board(keys[i])
        if probe(black, white, kings, side, packed, table) != values[i]:
            wrong.append(i)
    return np.array(wrong, dtype=np.int64)
