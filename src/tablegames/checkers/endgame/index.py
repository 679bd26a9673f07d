"""Numbering the positions of a material slice, and looking a value up (numba).

A slice is the material (black men, black kings, white men, white kings). Within it a position (without the side to
move) is numbered in four mixed-radix digits, each a combinatorial rank (the combinatorial number system):

    black men among the 28 squares a black man may stand on (1-28),
    white men among the 28 squares a white man may stand on (5-32),
    black kings among the squares the men leave free, white kings among those the black kings leave free.

Arrangements where a black and a white man share a square have numbers too (a few per cent of the men-rich
slices): they are marked INVALID and never looked up. The side to move doubles the slice: number + side * size.

Values, from the side to move's point of view, are 2 bits: UNKNOWN (0: not in the database), WIN, LOSS, DRAW.
A database in memory is one packed array (four positions a byte, the lowest bits first) for every slice, each slice
starting on a byte, and a slice table of four rows of SLICE_CODES int64: where each slice starts (in positions,
-1 when absent), its size (arrangements, one side to move), its longest win (plies before the game leaves the
slice, for the 40-move rule: see `build`), and where its depths start in a second array (a byte a position), -1
for the slices whose depths are not held in memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb

import numpy as np
import numpy.typing as npt
from numba import njit

from tablegames.checkers.engine import BIT_TO_SQUARE, BLACK, SQUARE_TO_BIT, popcount

UNKNOWN, WIN, LOSS, DRAW = 0, 1, 2, 3
INVALID = 4  # only while building: two men on one square
MAX_PIECES = 5  # what the builder supports (the counts of a slice are digits 0-5 of its code)
CODE_RADIX = 6
SLICE_CODES = CODE_RADIX**4
MAN_SQUARES = 28
SLICE_SIZE_ROW = SLICE_CODES  # slice_table[SLICE_SIZE_ROW + code]: the slice's size
SLICE_LONGEST_ROW = 2 * SLICE_CODES  # slice_table[SLICE_LONGEST_ROW + code]: its longest win or loss, in plies
SLICE_DEPTHS_ROW = 3 * SLICE_CODES  # slice_table[SLICE_DEPTHS_ROW + code]: where its depths start in memory, or -1
SLICE_TABLE_LENGTH = 4 * SLICE_CODES

BINOMIAL = np.array([[comb(n, k) for k in range(8)] for n in range(33)], dtype=np.int64)
# bit index (0-34) -> square index 0-31 (ghost bits -> -1); square index -> bit
BIT_SQUARE = np.array([int(BIT_TO_SQUARE[b]) - 1 if BIT_TO_SQUARE[b] else -1 for b in range(35)], dtype=np.int64)
SQUARE_BIT = np.array([int(SQUARE_TO_BIT[s]) for s in range(1, 33)], dtype=np.int64)


def slice_code(black_men: int, black_kings: int, white_men: int, white_kings: int) -> int:
    return ((black_men * CODE_RADIX + black_kings) * CODE_RADIX + white_men) * CODE_RADIX + white_kings


def slice_size(black_men: int, black_kings: int, white_men: int, white_kings: int) -> int:
    """Numbers in the slice (one side to move), invalid ones included."""
    men = black_men + white_men
    return (comb(MAN_SQUARES, black_men) * comb(MAN_SQUARES, white_men) * comb(32 - men, black_kings)
            * comb(32 - men - black_kings, white_kings))


Material = tuple[int, int, int, int]


def slices(max_pieces: int) -> list[Material]:
    """Every material with both sides on the board and at most `max_pieces` pieces, in build order: fewer pieces
    first, then fewer men (a capture leaves fewer pieces; a crowning one man fewer, one king more)."""
    found = []
    for total in range(2, max_pieces + 1):
        for black in range(1, total):
            white = total - black
            for black_men in range(black + 1):
                for white_men in range(white + 1):
                    found.append((black_men, black - black_men, white_men, white - white_men))
    return sorted(found, key=lambda m: (sum(m), m[0] + m[2], m))


def slices_of(pieces: int) -> Iterator[Material]:
    return (m for m in slices(pieces) if sum(m) == pieces)


def arrangements(black_men: int, black_kings: int, white_men: int, white_kings: int) -> int:
    """Legal arrangements of this material (men off their own crowning row, one piece a square), counted directly:
    `overlap` black men on the 24 squares (5-28) a white man may also use."""
    total = 0
    for overlap in range(black_men + 1):
        total += comb(4, black_men - overlap) * comb(24, overlap) * comb(MAN_SQUARES - overlap, white_men)
    men = black_men + white_men
    return total * comb(32 - men, black_kings) * comb(32 - men - black_kings, white_kings)


def published_count(pieces: int) -> int:
    """Positions of `pieces` pieces as Schaeffer et al. (Science 2007, table 1) count them: every arrangement of
    men and kings of either colour (one side may have none), men off their own crowning row, the side to move not
    counted."""
    total = 0
    for black in range(pieces + 1):
        for black_men in range(black + 1):
            for white_men in range(pieces - black + 1):
                total += arrangements(black_men, black - black_men, white_men, pieces - black - white_men)
    return total


# --- kernels -------------------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True, inline="always")
def _square_mask(bits: int) -> int:
    """A bitboard as a 32-bit mask of square indices 0-31."""
    mask = 0
    while bits != 0:
        bit = bits & -bits
        bits ^= bit
        mask |= 1 << BIT_SQUARE[popcount(bit - 1)]
    return mask


@njit(cache=True, nogil=True, inline="always")
def _rank(squares: int, taken: int, shift: int) -> int:
    """Combinatorial rank of the square-index mask `squares`, each square numbered among those not `taken`
    (after dropping the lowest `shift` squares)."""
    rank = 0
    i = 1
    while squares != 0:
        bit = squares & -squares
        squares ^= bit
        position = popcount(bit - 1) - popcount(taken & (bit - 1)) - shift
        rank += BINOMIAL[position, i]
        i += 1
    return rank


@njit(cache=True, nogil=True, inline="always")
def _unrank(rank: int, count: int, taken: int, shift: int) -> int:
    """The square-index mask of `count` squares with combinatorial rank `rank`, numbered as `_rank` numbers them."""
    positions = 0
    for i in range(count, 0, -1):
        position = i - 1
        while BINOMIAL[position + 1, i] <= rank:
            position += 1
        rank -= BINOMIAL[position, i]
        positions |= 1 << position
    # the k-th free square (after `shift`) for each chosen position k
    squares = 0
    free_index = 0
    for square in range(shift, 32):
        if (taken >> square) & 1:
            continue
        if (positions >> free_index) & 1:
            squares |= 1 << square
        free_index += 1
    return squares


@njit(cache=True, nogil=True, inline="always")
def _bitboard(square_mask: int) -> int:
    bits = 0
    while square_mask != 0:
        bit = square_mask & -square_mask
        square_mask ^= bit
        bits |= 1 << SQUARE_BIT[popcount(bit - 1)]
    return bits


@njit(cache=True, nogil=True)
def position_index(black: int, white: int, kings: int, black_men: int, white_men: int, black_kings: int,
                   white_kings: int) -> int:
    """The number of the arrangement (black, white, kings) within its slice (whose counts are given)."""
    black_man_squares = _square_mask(black & ~kings)
    white_man_squares = _square_mask(white & ~kings)
    black_king_squares = _square_mask(black & kings)
    white_king_squares = _square_mask(white & kings)
    men = black_man_squares | white_man_squares
    index = _rank(black_man_squares, 0, 0)
    index = index * BINOMIAL[MAN_SQUARES, white_men] + _rank(white_man_squares, 0, 4)
    index = index * BINOMIAL[32 - black_men - white_men, black_kings] + _rank(black_king_squares, men, 0)
    free = 32 - black_men - white_men - black_kings
    index = index * BINOMIAL[free, white_kings] + _rank(white_king_squares, men | black_king_squares, 0)
    return int(index)


@njit(cache=True, nogil=True)
def index_position(index: int, black_men: int, black_kings: int, white_men: int, white_kings: int,
                   out: npt.NDArray[np.int64]) -> bool:
    """The arrangement numbered `index` into out[0:3] = (black, white, kings) bitboards; False when its black and
    white men share a square (a number with no position)."""
    free = 32 - black_men - white_men - black_kings
    white_king_rank = index % BINOMIAL[free, white_kings]
    index //= BINOMIAL[free, white_kings]
    black_king_rank = index % BINOMIAL[32 - black_men - white_men, black_kings]
    index //= BINOMIAL[32 - black_men - white_men, black_kings]
    white_man_rank = index % BINOMIAL[MAN_SQUARES, white_men]
    black_man_rank = index // BINOMIAL[MAN_SQUARES, white_men]
    black_man_squares = _unrank(black_man_rank, black_men, 0, 0)
    white_man_squares = _unrank(white_man_rank, white_men, 0, 4)
    if (black_man_squares & white_man_squares) != 0:
        return False
    men = black_man_squares | white_man_squares
    black_king_squares = _unrank(black_king_rank, black_kings, men, 0)
    white_king_squares = _unrank(white_king_rank, white_kings, men | black_king_squares, 0)
    black_kings_bits = _bitboard(black_king_squares)
    white_kings_bits = _bitboard(white_king_squares)
    out[0] = _bitboard(black_man_squares) | black_kings_bits
    out[1] = _bitboard(white_man_squares) | white_kings_bits
    out[2] = black_kings_bits | white_kings_bits
    return True


@njit(cache=True, nogil=True)
def probe_value(black: int, white: int, kings: int, side: int, packed: npt.NDArray[np.uint8],
                slice_table: npt.NDArray[np.int64]) -> int:
    """WIN, LOSS or DRAW for the side to move, or UNKNOWN when the material is not in the database. A side to move
    with no piece has lost."""
    black_kings = popcount(black & kings)
    white_kings = popcount(white & kings)
    black_men = popcount(black) - black_kings
    white_men = popcount(white) - white_kings
    if (popcount(black) if side == BLACK else popcount(white)) == 0:
        return LOSS
    if black_men + black_kings + white_men + white_kings > MAX_PIECES:
        return UNKNOWN
    code = ((black_men * CODE_RADIX + black_kings) * CODE_RADIX + white_men) * CODE_RADIX + white_kings
    offset = slice_table[code]
    if offset < 0:
        return UNKNOWN
    size = slice_table[SLICE_SIZE_ROW + code]
    at = offset + side * size + position_index(black, white, kings, black_men, white_men, black_kings, white_kings)
    return int((packed[at >> 2] >> (2 * (at & 3))) & 3)


@njit(cache=True, nogil=True)
def probe_trusted(black: int, white: int, kings: int, side: int, quiet_plies: int, quiet_limit: int,
                  packed: npt.NDArray[np.uint8], depths: npt.NDArray[np.uint8],
                  slice_table: npt.NDArray[np.int64]) -> int:
    """probe_value for the search under the 40-move rule: a WIN or LOSS is UNKNOWN unless the counter
    (`quiet_plies` of `quiet_limit`) leaves room for its conversion: the slice's longest, or, when the slice's
    depths are in memory, the position's own (a draw is a draw whatever the counter)."""
    value = probe_value(black, white, kings, side, packed, slice_table)
    if value != UNKNOWN and value != DRAW:  # a win or a loss
        black_kings = popcount(black & kings)
        white_kings = popcount(white & kings)
        code = (((popcount(black) - black_kings) * CODE_RADIX + black_kings) * CODE_RADIX
                + popcount(white) - white_kings) * CODE_RADIX + white_kings
        if popcount(black) == 0 or popcount(white) == 0:
            return value  # the side to move has no piece: lost at once
        if quiet_plies + slice_table[SLICE_LONGEST_ROW + code] > quiet_limit:
            start = slice_table[SLICE_DEPTHS_ROW + code]
            if start < 0:
                return UNKNOWN
            number = position_index(black, white, kings, popcount(black) - black_kings, popcount(white) - white_kings,
                                    black_kings, white_kings)
            if quiet_plies + depths[start + side * slice_table[SLICE_SIZE_ROW + code] + number] > quiet_limit:
                return UNKNOWN
    return value
