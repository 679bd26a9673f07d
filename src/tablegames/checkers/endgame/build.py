"""Solving the slices by retrograde analysis (numba), and the build driver (resumable, one file per slice).

One slice at a time, in `index.slices` order, so every move that leaves the slice (a capture: fewer pieces; a
crowning: one man fewer, one king more) lands in a slice already solved. For each position (both sides to move):

1. a first pass generates its moves: no move is a LOSS; a move leaving the slice to a position lost for the
   opponent makes it a WIN; otherwise it keeps a count of its moves that stay in the slice (quiet moves of kings
   and of men that do not crown) and remembers whether one leaving move reaches a DRAW;
2. waves: each position solved in wave k looks at its predecessors in the slice (un-moving a piece of the side
   that just moved: a king from any empty neighbour, a man from an empty square behind it). A predecessor of a
   LOSS is a WIN; a predecessor of a WIN counts one more of its moves lost, and when none is left it is a LOSS (or
   a DRAW, when a leaving move reached a draw). Both are solved in wave k + 1;
3. what no wave reached is a DRAW.

A predecessor still unsolved has quiet moves, so no capture (captures are compulsory): every un-move found is a
legal move of it. The wave that solved a WIN or LOSS is its depth to conversion: with best play (the winner
hurrying, the loser holding out) the game leaves the slice, by a capture or a crowning, within that many plies.
Those reset the 40-move counter, so a win is safe from the 40-move rule when the counter plus that depth stays
within 80 plies (and the slices it leads to are safe on a fresh counter: `longest` checks it for the whole
database). The depths are stored beside the values, one byte a position, for the root's choice of move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from numba import njit

from tablegames.checkers.endgame import storage
from tablegames.checkers.endgame.index import (
    DRAW,
    INVALID,
    LOSS,
    SLICE_LONGEST_ROW,
    SLICE_SIZE_ROW,
    SLICE_TABLE_LENGTH,
    UNKNOWN,
    WIN,
    Material,
    index_position,
    position_index,
    probe_value,
    slice_code,
    slice_size,
    slices,
)
from tablegames.checkers.engine import (
    BLACK,
    MAX_MOVES,
    MOVE_CAPTURED,
    MOVE_FIELDS,
    MOVE_KINGS,
    MOVE_MOVER,
    VALID,
    generate_moves,
    popcount,
    step,
)

BUILD_CANCELLED = -1
MISSING_SLICE = -2  # a move left the slice for one not solved yet (a bug in the order)
DRAW_REACHED = 0x80  # in the move counters: one leaving move reaches a draw
MAX_DEPTH = 255  # depths are stored in a byte
CANCEL_POLL = 1 << 15


@njit(cache=True, nogil=True)
def solve_slice(black_men: int, black_kings: int, white_men: int, white_kings: int, packed: npt.NDArray[np.uint8],
                slice_table: npt.NDArray[np.int64], states: npt.NDArray[np.uint8], depths: npt.NDArray[np.uint8],
                progress: npt.NDArray[np.int64], cancel: npt.NDArray[np.int32]) -> int:
    """Solve one slice into states (WIN, LOSS, DRAW or INVALID) and depths (plies to conversion), both of 2 * size
    entries (position number + side * size). Solved slices are looked up in packed/slice_table. Returns the deepest
    wave, BUILD_CANCELLED when cancel[0] was set (polled every few thousand positions), or MISSING_SLICE.
    progress[0] grows by one per position of the first pass (most of the time)."""
    size = states.shape[0] // 2
    moves = np.empty((MAX_MOVES, MOVE_FIELDS), dtype=np.int64)
    board = np.empty(3, dtype=np.int64)
    counters = np.zeros(2 * size, dtype=np.uint8)
    wave = np.empty(2 * size, dtype=np.int64)
    next_wave = np.empty(2 * size, dtype=np.int64)
    wave_length = 0
    next_length = 0
    # 1. the first pass
    for side in range(2):
        for number in range(size):
            at = side * size + number
            depths[at] = 0
            if (number & (CANCEL_POLL - 1)) == 0:
                if cancel[0] != 0:
                    return BUILD_CANCELLED
                progress[0] += min(CANCEL_POLL, size - number)
            if not index_position(number, black_men, black_kings, white_men, white_kings, board):
                states[at] = INVALID
                continue
            black, white, kings = board[0], board[1], board[2]
            own, other = (black, white) if side == BLACK else (white, black)
            end = generate_moves(own, other, kings, side, True, moves, 0)
            if end == 0:
                states[at] = LOSS
                wave[wave_length] = at
                wave_length += 1
                continue
            staying = 0
            wins = False
            draws = False
            for i in range(end):
                child_own = other ^ moves[i, MOVE_CAPTURED]
                child_other = own ^ moves[i, MOVE_MOVER]
                child_kings = kings ^ moves[i, MOVE_KINGS]
                if moves[i, MOVE_CAPTURED] == 0 and popcount(child_kings) == popcount(kings):
                    staying += 1
                    continue
                if side == BLACK:
                    value = probe_value(child_other, child_own, child_kings, 1 - side, packed, slice_table)
                else:
                    value = probe_value(child_own, child_other, child_kings, 1 - side, packed, slice_table)
                if value == LOSS:
                    wins = True
                    break
                if value == DRAW:
                    draws = True
                elif value == UNKNOWN:
                    return MISSING_SLICE
            if wins or staying == 0:
                states[at] = WIN if wins else (DRAW if draws else LOSS)
                if states[at] != DRAW:
                    depths[at] = 1
                    next_wave[next_length] = at
                    next_length += 1
            else:
                states[at] = UNKNOWN
                counters[at] = staying | (DRAW_REACHED if draws else 0)
    # 2. the waves: wave holds the positions solved at depth `depth`, next_wave collects depth + 1
    depth = 0
    deepest = 0
    polled = 0
    while wave_length > 0 or next_length > 0:
        for w in range(wave_length):
            polled += 1
            if (polled & (CANCEL_POLL - 1)) == 0 and cancel[0] != 0:
                return BUILD_CANCELLED
            at = wave[w]
            side = 0 if at < size else 1
            number = at - side * size
            index_position(number, black_men, black_kings, white_men, white_kings, board)
            black, white, kings = board[0], board[1], board[2]
            lost_here = states[at] == LOSS
            mover_side = 1 - side
            movers = black if mover_side == BLACK else white
            empty = VALID & ~(black | white)
            pieces = movers
            while pieces != 0:
                piece = pieces & -pieces
                pieces ^= piece
                is_king = (piece & kings) != 0
                for direction in range(4):
                    if not is_king:
                        # a black man came from behind it (a lower bit: directions 2, 3), a white man from above
                        if (mover_side == BLACK) != (direction >= 2):
                            continue
                    origin = step(piece, direction) & empty
                    if origin == 0:
                        continue
                    before_movers = movers ^ piece ^ origin
                    before_kings = (kings ^ piece ^ origin) if is_king else kings
                    if mover_side == BLACK:
                        number_before = position_index(before_movers, white, before_kings, black_men, white_men,
                                                       black_kings, white_kings)
                    else:
                        number_before = position_index(black, before_movers, before_kings, black_men, white_men,
                                                       black_kings, white_kings)
                    before = mover_side * size + number_before
                    if states[before] != UNKNOWN:
                        continue
                    if lost_here:
                        states[before] = WIN
                    else:
                        counters[before] -= 1
                        if (counters[before] & ~DRAW_REACHED) != 0:
                            continue
                        if (counters[before] & DRAW_REACHED) != 0:
                            states[before] = DRAW
                            continue
                        states[before] = LOSS
                    depths[before] = min(depth + 1, MAX_DEPTH)
                    deepest = max(deepest, depth + 1)
                    next_wave[next_length] = before
                    next_length += 1
        wave, next_wave = next_wave, wave
        wave_length = next_length
        next_length = 0
        depth += 1
    # 3. never reached: drawn
    for at in range(2 * size):
        if states[at] == UNKNOWN:
            states[at] = DRAW
    return deepest


def pack_states(states: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Four values a byte, lowest bits first; INVALID numbers become UNKNOWN (0)."""
    values = np.where(states == INVALID, UNKNOWN, states).astype(np.uint8)
    padded = np.zeros((len(values) + 3) // 4 * 4, dtype=np.uint8)
    padded[: len(values)] = values
    quads = padded.reshape(-1, 4)
    return (quads[:, 0] | (quads[:, 1] << 2) | (quads[:, 2] << 4) | (quads[:, 3] << 6)).astype(np.uint8)


def unpack_values(packed: npt.NDArray[np.uint8], count: int) -> npt.NDArray[np.uint8]:
    """The inverse of pack_states: `count` values of 2 bits."""
    quads = np.stack([(packed >> shift) & 3 for shift in (0, 2, 4, 6)], axis=1)
    return quads.reshape(-1)[:count].astype(np.uint8)


@dataclass
class Layout:
    """Where each slice of a database of up to `max_pieces` pieces sits in one packed array."""

    max_pieces: int
    materials: list[Material]
    byte_offsets: dict[Material, int]
    total_bytes: int

    @classmethod
    def of(cls, max_pieces: int) -> Layout:
        materials = slices(max_pieces)
        offsets = {}
        total = 0
        for material in materials:
            offsets[material] = total
            total += (2 * slice_size(*material) + 3) // 4
        return cls(max_pieces, materials, offsets, total)

    def empty_tables(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
        """A packed array of zeros (UNKNOWN) and a slice table with no slice in it yet."""
        table = np.full(SLICE_TABLE_LENGTH, -1, dtype=np.int64)
        return np.zeros(self.total_bytes, dtype=np.uint8), table

    def place(self, material: Material, packed_slice: npt.NDArray[np.uint8], longest: int,
              packed: npt.NDArray[np.uint8], table: npt.NDArray[np.int64]) -> None:
        """Copy a solved slice into the database and make it visible to lookups."""
        start = self.byte_offsets[material]
        packed[start: start + len(packed_slice)] = packed_slice
        code = slice_code(*material)
        table[SLICE_SIZE_ROW + code] = slice_size(*material)
        table[SLICE_LONGEST_ROW + code] = longest
        table[code] = 4 * start


@dataclass(frozen=True)
class SliceReport:
    material: Material
    positions: int  # numbers in the slice, both sides to move (invalid ones included)
    seconds: float
    longest: int  # the deepest wave: the longest win's plies to conversion
    resumed: bool  # read from its file, not built


class BuildCancelled(Exception):
    pass


def build_database(folder: Path, max_pieces: int, cancel: npt.NDArray[np.int32],
                   progress: npt.NDArray[np.int64] | None = None,
                   on_slice: Callable[[SliceReport], None] | None = None) -> list[SliceReport]:
    """Solve every slice of up to `max_pieces` pieces into `folder` (one values file and one depths file per slice,
    each written atomically), skipping slices whose files are already there and read back intact. Raises
    BuildCancelled when cancel[0] is set (the finished slices stay)."""
    layout = Layout.of(max_pieces)
    packed, table = layout.empty_tables()
    progress = progress if progress is not None else np.zeros(1, dtype=np.int64)
    reports = []
    for material in layout.materials:
        started = time.perf_counter()
        positions = 2 * slice_size(*material)
        try:
            stored = storage.read_values(folder, material)
        except storage.EndgameFileError:
            stored = None
        if stored is not None and storage.depths_path(folder, material).exists():
            layout.place(material, stored.packed, stored.longest, packed, table)
            report = SliceReport(material, positions, time.perf_counter() - started, stored.longest, True)
        else:
            states = np.empty(positions, dtype=np.uint8)
            depths = np.empty(positions, dtype=np.uint8)
            longest = solve_slice(*material, packed, table, states, depths, progress, cancel)
            if longest == BUILD_CANCELLED:
                raise BuildCancelled()
            if longest == MISSING_SLICE:
                raise RuntimeError(f"slice {material}: a move leads to a slice not solved yet")
            packed_slice = pack_states(states)
            storage.write_depths(folder, material, depths)
            storage.write_values(folder, material, packed_slice, longest)  # last: its presence marks the slice done
            layout.place(material, packed_slice, longest, packed, table)
            report = SliceReport(material, positions, time.perf_counter() - started, longest, False)
        reports.append(report)
        if on_slice is not None:
            on_slice(report)
    return reports


def positions_to_build(folder: Path, max_pieces: int) -> int:
    """Positions (both sides to move) of the slices whose values file is missing: the work left."""
    return sum(2 * slice_size(*m) for m in slices(max_pieces) if not storage.values_path(folder, m).exists())


def warmup() -> None:
    """Compile the solver with its run-time argument types (a tiny slice: one king each)."""
    layout = Layout.of(2)
    packed, table = layout.empty_tables()
    material = (0, 1, 0, 1)
    states = np.empty(2 * slice_size(*material), dtype=np.uint8)
    depths = np.empty_like(states)
    solve_slice(*material, packed, table, states, depths, np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int32))


@dataclass(frozen=True)
class PieceCountSummary:
    pieces: int
    positions: int  # legal positions, both sides to move
    wins: int  # for the side to move
    losses: int
    draws: int
    longest: int  # the longest win or loss in plies to conversion


def summarise(folder: Path, max_pieces: int) -> list[PieceCountSummary]:
    """Values counted per piece count, from the files (which must all be there)."""
    summaries = []
    for pieces in range(2, max_pieces + 1):
        counts = np.zeros(4, dtype=np.int64)
        longest = 0
        for material in slices(max_pieces):
            if sum(material) != pieces:
                continue
            stored = storage.read_values(folder, material)
            values = unpack_values(stored.packed, 2 * slice_size(*material))
            counts += np.bincount(values, minlength=4)
            longest = max(longest, stored.longest)
        summaries.append(PieceCountSummary(pieces, int(counts[WIN] + counts[LOSS] + counts[DRAW]), int(counts[WIN]),
                                           int(counts[LOSS]), int(counts[DRAW]), longest))
    return summaries
