"""Checkers search kernels (numba): the eight-fact evaluation and negamax alpha-beta.

Everything works on the engine's side-relative bitboards (own, other, kings, side), as plain int64. The search
is one function with an explicit stack (numba cannot load recursive functions from its cache) that never allocates: move lists live in
one array, ply after ply, and its state (transposition table, killers, history, counters) is passed in as arrays
so the Python driver (search.py) can run iterative deepening and time control between calls.

Scores are integers from the side to move's point of view; a man is worth about 100. A lost position (no legal
move) scores -(WIN - ply), so shorter wins score higher.
"""

from __future__ import annotations

from typing import TypedDict

import numpy as np
import numpy.typing as npt
from numba import njit

from tablegames.checkers.endgame.index import DRAW, LOSS, SLICE_TABLE_LENGTH, UNKNOWN, probe_trusted
from tablegames.checkers.engine import (
    BLACK,
    BLACK_START,
    MAX_MOVES,
    MOVE_CAPTURED,
    MOVE_FIELDS,
    MOVE_KINGS,
    MOVE_MOVER,
    WHITE_START,
    Moves,
    count_quiet_moves,
    generate_moves,
    jumpers,
    lowest_bit_index,
    njit_without_refcounts,
    popcount,
    prefetch_row,
    squares_mask,
    zobrist_after_move,
    zobrist_key,
)

# --- the eight facts -------------------------------------------------------------------------------------------
MEN, KINGS, ADVANCEMENT, BACK_ROW, CENTRE, EDGE, MOBILITY, KING_CENTRE = range(8)
FACT_COUNT = 8
FACT_NAMES = ("men", "kings", "advancement", "back_row", "centre", "edge", "mobility", "king_centre")

CENTRE_SQUARES = (10, 11, 14, 15, 18, 19, 22, 23)
EDGE_SQUARES = (4, 5, 12, 13, 20, 21, 28, 29)
CENTRE_MASK = squares_mask(CENTRE_SQUARES)
EDGE_MASK = squares_mask(EDGE_SQUARES)
# home rows: Black starts on 1-12 and guards 1-4; White guards 29-32
HOME_ROW = np.array([squares_mask(range(1, 5)), squares_mask(range(29, 33))], dtype=np.int64)


def _advancement_masks() -> npt.NDArray[np.int64]:
    """ADVANCE[side, k]: the squares whose advancement (rows travelled from the side's home row) has bit k set,
    so a side's total advancement is sum_k popcount(men & ADVANCE[side, k]) << k."""
    masks = np.zeros((2, 3), dtype=np.int64)
    for square in range(1, 33):
        row = (square - 1) // 4
        for side, rows_travelled in ((0, row), (1, 7 - row)):
            for k in range(3):
                if (rows_travelled >> k) & 1:
                    masks[side, k] |= squares_mask([square])
    return masks


ADVANCE = _advancement_masks()

# --- search constants ------------------------------------------------------------------------------------------
WIN = 30000
MAX_PLY = 96
WIN_BOUND = WIN - MAX_PLY  # scores beyond this are forced wins/losses
INFINITY = 1 << 20
REPETITION_SCAN = 100  # positions looked back for a repetition (a draw) on the search path
QUIET_PLY_LIMIT = 80  # plies without a capture or a man move: a draw (game.QUIET_PLY_LIMIT, the 40-move rule)
# an endgame-database win scores KNOWN_WIN plus the evaluation (kept within KNOWN_WIN_SPREAD), so among won
# positions more material still counts; below WIN_BOUND, so the driver does not take it for a forced mate
KNOWN_WIN = 20000
KNOWN_WIN_SPREAD = 2000

# stats[]: the counters and results shared by the driver and the kernel
NODES, BUDGET, STOPPED, BEST_INDEX, BEST_SCORE, MAX_SELDEPTH = range(6)
STATS_SIZE = 6

# transposition table: tt[slot, 0] = key, tt[slot, 1] = score (21 bits, offset) | depth << 21 | bound << 29 |
# (move index + 1) << 31
TT_SCORE_OFFSET = 1 << 20
EXACT, LOWER, UPPER = 1, 2, 3

# move-ordering scores
ORDER_TT = 1 << 50
ORDER_CAPTURE = 1 << 40
ORDER_KILLER = 1 << 36


@njit(cache=True, nogil=True, inline="always")
def _side_facts(
    men: int, kings_own: int, own_all: int, side: int, quiet_moves: int, facts: npt.NDArray[np.float64], sign: float
) -> None:
    facts[MEN] += sign * popcount(men)
    facts[KINGS] += sign * popcount(kings_own)
    advancement = (
        popcount(men & ADVANCE[side, 0]) + 2 * popcount(men & ADVANCE[side, 1]) + 4 * popcount(men & ADVANCE[side, 2])
    )
    facts[ADVANCEMENT] += sign * advancement
    facts[BACK_ROW] += sign * popcount(men & HOME_ROW[side])
    facts[CENTRE] += sign * popcount(own_all & CENTRE_MASK)
    facts[EDGE] += sign * popcount(men & EDGE_MASK)
    facts[MOBILITY] += sign * quiet_moves
    facts[KING_CENTRE] += sign * popcount(kings_own & CENTRE_MASK)


@njit(cache=True, nogil=True)
def evaluation_facts(own: int, other: int, kings: int, side: int, facts: npt.NDArray[np.float64]) -> None:
    """The eight facts for the side to move minus the opponent, into facts[0:8] (float64)."""
    for i in range(FACT_COUNT):
        facts[i] = 0.0
    _side_facts(own & ~kings, own & kings, own, side, count_quiet_moves(own, other, kings, side), facts, 1.0)
    _side_facts(
        other & ~kings, other & kings, other, 1 - side, count_quiet_moves(other, own, kings, 1 - side), facts, -1.0
    )


@njit(cache=True, nogil=True)
def evaluate(own: int, other: int, kings: int, side: int, weights: npt.NDArray[np.float64]) -> int:
    """The weighted sum of the eight facts from the side to move's point of view, rounded to an integer."""
    opponent = 1 - side
    own_men = own & ~kings
    other_men = other & ~kings
    own_kings = own & kings
    other_kings = other & kings
    total = weights[MEN] * (popcount(own_men) - popcount(other_men))
    total += weights[KINGS] * (popcount(own_kings) - popcount(other_kings))
    advancement = 0
    for k in range(3):
        advancement += (popcount(own_men & ADVANCE[side, k]) - popcount(other_men & ADVANCE[opponent, k])) << k
    total += weights[ADVANCEMENT] * advancement
    total += weights[BACK_ROW] * (popcount(own_men & HOME_ROW[side]) - popcount(other_men & HOME_ROW[opponent]))
    total += weights[CENTRE] * (popcount(own & CENTRE_MASK) - popcount(other & CENTRE_MASK))
    total += weights[EDGE] * (popcount(own_men & EDGE_MASK) - popcount(other_men & EDGE_MASK))
    total += weights[MOBILITY] * (
        count_quiet_moves(own, other, kings, side) - count_quiet_moves(other, own, kings, opponent)
    )
    total += weights[KING_CENTRE] * (popcount(own_kings & CENTRE_MASK) - popcount(other_kings & CENTRE_MASK))
    return int(np.floor(total + 0.5))


@njit(cache=True, nogil=True, inline="always")
def _score_to_tt(score: int, ply: int) -> int:
    """Forced-win scores are stored relative to the stored node, not the root."""
    if score > WIN_BOUND:
        return score + ply
    if score < -WIN_BOUND:
        return score - ply
    return score


@njit(cache=True, nogil=True, inline="always")
def _score_from_tt(score: int, ply: int) -> int:
    if score > WIN_BOUND:
        return score - ply
    if score < -WIN_BOUND:
        return score + ply
    return score


# frames[ply, F_*]: one row of search state per ply of the explicit stack
(F_OWN, F_OTHER, F_KINGS, F_KEY, F_DEPTH, F_ALPHA, F_BETA, F_BEST, F_BEST_INDEX, F_ORIGINAL_ALPHA, F_NEXT, F_END,
 F_SLOT, F_NULL_WINDOW, F_ROW, F_QUIET) = range(16)
FRAME_FIELDS = 16


@njit_without_refcounts  # it allocates nothing
def search_depth(
    own: int, other: int, kings: int, side: int, key: int, depth: int, extend: bool,
    weights: npt.NDArray[np.float64], moves: Moves, order: npt.NDArray[np.int64], perm: npt.NDArray[np.int64],
    frames: npt.NDArray[np.int64], tt: npt.NDArray[np.int64], killers: npt.NDArray[np.int64],
    history: npt.NDArray[np.int64], path_keys: npt.NDArray[np.int64], path_start: int, stats: npt.NDArray[np.int64],
    cancel: npt.NDArray[np.int32], quiet_plies: int, endgame: npt.NDArray[np.uint8],
    endgame_depths: npt.NDArray[np.uint8], endgame_table: npt.NDArray[np.int64], endgame_pieces: int,
) -> int:  # fmt: skip
    """One iteration of iterative deepening: negamax alpha-beta (PVS) from the root, full window, `depth` plies.

    Returns the root's value; the best root move's index in generation order and its score go to
    stats[BEST_INDEX] and stats[BEST_SCORE] (BEST_INDEX stays -1 if the iteration stopped before any root move
    was searched). With `extend`, a position where the side to move must capture is never a leaf (jump
    extension: the search never stops in the middle of an exchange). When the node budget is spent or cancel[0]
    is set, stats[STOPPED] is set and the search unwinds at once (the value is then meaningless).

    The recursion is an explicit stack (frames), one function: numba cannot load a recursive function from its
    cache (issue 6061). Each ply's moves follow at rows ply * MAX_MOVES of `moves`; nothing is allocated.

    The 40-move rule: `quiet_plies` is the root's count of plies without a capture or a man move; a node that
    reaches QUIET_PLY_LIMIT is a draw (unless its side has no move). The endgame database (`endgame`,
    `endgame_depths`, `endgame_table`: endgame.index's packed values, depths held and slice table; `endgame_pieces` 0 when there is none) answers
    for every node below the root with at most `endgame_pieces` pieces: a draw scores 0, a win KNOWN_WIN plus the
    evaluation; a win or loss the counter could still turn into a draw is not trusted and searched as usual.
    """
    stats[BEST_INDEX] = -1
    stats[STOPPED] = 0
    mask = tt.shape[0] - 1
    root_side = side
    frames[0, F_OWN] = own
    frames[0, F_OTHER] = other
    frames[0, F_KINGS] = kings
    frames[0, F_KEY] = key
    frames[0, F_DEPTH] = depth
    frames[0, F_ALPHA] = -INFINITY
    frames[0, F_BETA] = INFINITY
    frames[0, F_QUIET] = quiet_plies
    ply = 0
    entering = True
    value = 0
    while True:
        next_move = False
        finish = False
        if entering:
            # --- a new node: a value at once (leaf, draw, cut-off, no move), or its move list ---------------
            own = frames[ply, F_OWN]
            other = frames[ply, F_OTHER]
            kings = frames[ply, F_KINGS]
            key = frames[ply, F_KEY]
            depth = frames[ply, F_DEPTH]
            alpha = frames[ply, F_ALPHA]
            beta = frames[ply, F_BETA]
            side = (root_side + ply) & 1
            nodes = stats[NODES] + 1
            stats[NODES] = nodes
            if nodes >= stats[BUDGET] or ((nodes & 1023) == 0 and cancel[0] != 0):
                stats[STOPPED] = 1
            if ply > stats[MAX_SELDEPTH]:
                stats[MAX_SELDEPTH] = ply
            here = path_start + ply
            is_leaf = False
            known = UNKNOWN
            if ply > 0 and endgame_pieces > 0 and popcount(own | other) <= endgame_pieces:
                black, white = (own, other) if side == BLACK else (other, own)
                known = probe_trusted(black, white, kings, side, frames[ply, F_QUIET], QUIET_PLY_LIMIT, endgame,
                                      endgame_depths, endgame_table)
            if stats[STOPPED] != 0:
                value = 0
                is_leaf = True
            elif frames[ply, F_QUIET] >= QUIET_PLY_LIMIT:
                # the 40-move rule's draw, unless the side to move has no move at all (a loss comes first)
                has_move = jumpers(own, other, kings, side) != 0 or count_quiet_moves(own, other, kings, side) != 0
                value = 0 if has_move else -(WIN - ply)
                is_leaf = True
            elif known != UNKNOWN:
                if known == DRAW:
                    value = 0
                else:
                    spread = min(KNOWN_WIN_SPREAD, max(-KNOWN_WIN_SPREAD, evaluate(own, other, kings, side, weights)))
                    value = spread + (-KNOWN_WIN if known == LOSS else KNOWN_WIN)
                is_leaf = True
            elif ply >= MAX_PLY - 1 or (depth <= 0 and (not extend or jumpers(own, other, kings, side) == 0)):
                value = evaluate(own, other, kings, side, weights)
                is_leaf = True
            elif depth > 0 and ply > 0 and kings != 0 and _is_repetition(path_keys, here, key):
                value = 0  # only kings' moves are reversible: without kings no earlier position can come back
                is_leaf = True
            else:
                # below depth 0 only captures are searched, which no earlier position can follow: no key needed
                path_keys[here] = key
            tt_move = -1
            slot = key & mask
            if not is_leaf and depth > 0 and tt[slot, 0] == key:
                data = tt[slot, 1]
                tt_move = ((data >> 31) & 255) - 1
                if ply > 0 and ((data >> 21) & 255) >= depth:
                    bound = (data >> 29) & 3
                    score = _score_from_tt((data & ((1 << 21) - 1)) - TT_SCORE_OFFSET, ply)
                    if bound == EXACT or (bound == LOWER and score >= beta) or (bound == UPPER and score <= alpha):
                        value = score
                        is_leaf = True
            if not is_leaf:
                base = ply * MAX_MOVES
                end = generate_moves(own, other, kings, side, True, moves, base)
                if end == base:
                    value = -(WIN - ply)
                    is_leaf = True
                else:
                    _order_moves(moves, order, perm, base, end, tt_move, own, kings, side, killers[ply, 0],
                                 killers[ply, 1], history)
                    if depth >= 2:
                        # the children will read their table slots first thing: ask for all of them now, so the
                        # memory reads overlap instead of each child waiting for its own (most of a node's time)
                        for row in range(base, end):
                            child_key = zobrist_after_move(key, own, other, kings, side, moves[row, MOVE_MOVER],
                                                           moves[row, MOVE_CAPTURED], moves[row, MOVE_KINGS])
                            prefetch_row(tt, child_key & mask)
                    frames[ply, F_DEPTH] = max(depth, 0)
                    frames[ply, F_BEST] = -INFINITY
                    frames[ply, F_BEST_INDEX] = -1
                    frames[ply, F_ORIGINAL_ALPHA] = alpha
                    frames[ply, F_NEXT] = base
                    frames[ply, F_END] = end
                    frames[ply, F_SLOT] = slot
                    next_move = True
            if is_leaf:
                ply -= 1
                if ply < 0:
                    return value
                entering = False
                continue
        else:
            # --- back from a child with its value -------------------------------------------------------------
            if stats[STOPPED] != 0:
                ply -= 1
                if ply < 0:
                    return 0
                continue
            score = -value
            alpha = frames[ply, F_ALPHA]
            beta = frames[ply, F_BETA]
            if frames[ply, F_NULL_WINDOW] != 0 and alpha < score < beta:
                # the null-window probe says this move may be better: search it again with the full window
                frames[ply, F_NULL_WINDOW] = 0
                frames[ply + 1, F_ALPHA] = -beta
                frames[ply + 1, F_BETA] = -alpha
                frames[ply + 1, F_DEPTH] = frames[ply, F_DEPTH] - 1
                ply += 1
                entering = True
                continue
            i = frames[ply, F_ROW]
            base = ply * MAX_MOVES
            if score > frames[ply, F_BEST]:
                frames[ply, F_BEST] = score
                frames[ply, F_BEST_INDEX] = i - base
                if ply == 0:
                    stats[BEST_INDEX] = i - base
                    stats[BEST_SCORE] = score
            if score > alpha:
                alpha = score
                frames[ply, F_ALPHA] = alpha
            if alpha >= beta:
                mover = moves[i, MOVE_MOVER]
                if moves[i, MOVE_CAPTURED] == 0:
                    if mover != killers[ply, 0]:
                        killers[ply, 1] = killers[ply, 0]
                        killers[ply, 0] = mover
                    origin = mover & frames[ply, F_OWN]
                    depth = frames[ply, F_DEPTH]
                    side = (root_side + ply) & 1
                    history[side, lowest_bit_index(origin), lowest_bit_index(mover ^ origin)] += depth * depth
                finish = True
            else:
                frames[ply, F_NEXT] += 1
                if frames[ply, F_NEXT] == frames[ply, F_END]:
                    finish = True
                else:
                    next_move = True
        if finish:
            best: int = frames[ply, F_BEST]
            depth = frames[ply, F_DEPTH]
            if depth > 0:
                if best <= frames[ply, F_ORIGINAL_ALPHA]:
                    bound = UPPER
                elif best >= frames[ply, F_BETA]:
                    bound = LOWER
                else:
                    bound = EXACT
                slot = frames[ply, F_SLOT]
                tt[slot, 0] = frames[ply, F_KEY]
                tt[slot, 1] = ((_score_to_tt(best, ply) + TT_SCORE_OFFSET) | (min(depth, 255) << 21) | (bound << 29)
                               | ((frames[ply, F_BEST_INDEX] + 1) << 31))
            value = best
            ply -= 1
            if ply < 0:
                return value
            entering = False
            continue
        if next_move:
            # --- the next move in order (selection sort, one step per move tried: cut-offs come early) -----------
            n = frames[ply, F_NEXT]
            end = frames[ply, F_END]
            pick = n
            for j in range(n + 1, end):
                if order[j] > order[pick]:
                    pick = j
            if pick != n:
                order[n], order[pick] = order[pick], order[n]
                perm[n], perm[pick] = perm[pick], perm[n]
            i = perm[n]
            own = frames[ply, F_OWN]
            other = frames[ply, F_OTHER]
            kings = frames[ply, F_KINGS]
            side = (root_side + ply) & 1
            mover = moves[i, MOVE_MOVER]
            captured = moves[i, MOVE_CAPTURED]
            king_change = moves[i, MOVE_KINGS]
            frames[ply, F_ROW] = i
            alpha = frames[ply, F_ALPHA]
            beta = frames[ply, F_BETA]
            child = ply + 1
            frames[child, F_OWN] = other ^ captured
            frames[child, F_OTHER] = own ^ mover
            frames[child, F_KINGS] = kings ^ king_change
            # the 40-move counter: a capture or a man's move starts it again
            resets = captured != 0 or (mover & own & ~kings) != 0
            frames[child, F_QUIET] = 0 if resets else frames[ply, F_QUIET] + 1
            child_depth = frames[ply, F_DEPTH] - 1
            frames[child, F_DEPTH] = child_depth
            if child_depth > 0:  # leaves and capture-only nodes never use their key
                frames[child, F_KEY] = zobrist_after_move(frames[ply, F_KEY], own, other, kings, side, mover,
                                                          captured, king_change)
            else:
                frames[child, F_KEY] = 0
            if n == ply * MAX_MOVES:
                frames[ply, F_NULL_WINDOW] = 0
                frames[child, F_ALPHA] = -beta
            else:
                frames[ply, F_NULL_WINDOW] = 1
                frames[child, F_ALPHA] = -alpha - 1
            frames[child, F_BETA] = -alpha
            ply = child
            entering = True


@njit(cache=True, nogil=True, inline="always")
def _is_repetition(path_keys: npt.NDArray[np.int64], here: int, key: int) -> bool:
    low = max(0, here - REPETITION_SCAN)
    for i in range(here - 2, low - 1, -2):
        if path_keys[i] == key:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def _order_moves(
    moves: Moves, order: npt.NDArray[np.int64], perm: npt.NDArray[np.int64], base: int, end: int, tt_move: int,
    own: int, kings: int, side: int, killer0: int, killer1: int, history: npt.NDArray[np.int64],
) -> None:
    """Ordering scores: the transposition-table move, then captures (more and kings first), killers, history."""
    for i in range(base, end):
        perm[i] = i
        mover = moves[i, MOVE_MOVER]
        captured = moves[i, MOVE_CAPTURED]
        if i - base == tt_move:
            order[i] = ORDER_TT
        elif captured != 0:
            order[i] = ORDER_CAPTURE + 16 * popcount(captured) + 4 * popcount(captured & kings)
        elif mover == killer0:
            order[i] = ORDER_KILLER + 1
        elif mover == killer1:
            order[i] = ORDER_KILLER
        else:
            origin = mover & own
            order[i] = history[side, lowest_bit_index(origin), lowest_bit_index(mover ^ origin)]


class SearchTables(TypedDict):
    """The search state `search_depth` takes as arrays (all int64), kept by the driver between iterations."""

    moves: Moves  # move lists, MAX_MOVES rows a ply
    order: npt.NDArray[np.int64]  # move-ordering scores, row for row with moves
    perm: npt.NDArray[np.int64]  # the order moves are tried in
    frames: npt.NDArray[np.int64]  # [ply, F_*]: the explicit stack
    tt: npt.NDArray[np.int64]  # [slot, (key, data)]: the transposition table
    killers: npt.NDArray[np.int64]  # [ply, 2]
    history: npt.NDArray[np.int64]  # [side, origin bit, destination bit]
    path_keys: npt.NDArray[np.int64]  # the keys of the game so far and the search path, for repetitions
    stats: npt.NDArray[np.int64]  # [NODES, BUDGET, ...]


def make_tables(tt_bits: int, history_length: int = 0) -> SearchTables:
    """Fresh search state: every array the kernel needs (a transposition table of 2**tt_bits slots)."""
    return {
        "moves": np.empty((MAX_PLY * MAX_MOVES, MOVE_FIELDS), dtype=np.int64),
        "order": np.empty(MAX_PLY * MAX_MOVES, dtype=np.int64),
        "perm": np.empty(MAX_PLY * MAX_MOVES, dtype=np.int64),
        "frames": np.zeros((MAX_PLY + 1, FRAME_FIELDS), dtype=np.int64),
        "tt": np.zeros((1 << tt_bits, 2), dtype=np.int64),
        "killers": np.zeros((MAX_PLY, 2), dtype=np.int64),
        "history": np.zeros((2, 64, 64), dtype=np.int64),
        "path_keys": np.zeros(history_length + MAX_PLY + 1, dtype=np.int64),
        "stats": np.zeros(STATS_SIZE, dtype=np.int64),
    }


def no_endgame() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """The endgame arguments of a search without the database (of the types a loaded one has)."""
    return np.zeros(1, dtype=np.uint8), np.zeros(1, dtype=np.uint8), np.full(SLICE_TABLE_LENGTH, -1, dtype=np.int64)


def warmup() -> None:
    """Compile every kernel with the argument types used at run time (call each once on a tiny input)."""
    own, other, kings, side = int(BLACK_START), int(WHITE_START), 0, BLACK
    weights = np.ones(FACT_COUNT, dtype=np.float64)
    facts = np.zeros(FACT_COUNT, dtype=np.float64)
    evaluation_facts(own, other, kings, side, facts)
    evaluate(own, other, kings, side, weights)
    tables = make_tables(4)
    tables["stats"][BUDGET] = 1000
    cancel = np.zeros(1, dtype=np.int32)
    key = zobrist_key(own, other, kings, side)
    search_depth(
        own, other, kings, side, key, 2, True, weights, tables["moves"], tables["order"], tables["perm"],
        tables["frames"], tables["tt"], tables["killers"], tables["history"], tables["path_keys"], 0, tables["stats"], cancel,
        0, *no_endgame(), 0,
    )  # fmt: skip
