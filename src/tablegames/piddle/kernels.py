"""The numba kernels of the Piddle solver: one player's backward induction, its forward hand distribution,
and the round tables (what the players after you do, for every hand to beat and every cap).

Dice are indexed by the multiset index of solver.py: ids 0..461 are the six-dice multisets, 462..923 the
smaller ones (keeps), ordered by size (largest first), then by larger dice first, so a keep's id order is
also the tie-break order. Values are (win, push, lose) triples from the solving player's point of view.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

FULL = 462  # multisets of six dice
MULTISETS = 924  # multisets of 0..6 dice
EMPTY = MULTISETS - 1  # the empty keep (reroll everything), last in id order
HANDS = 26  # rank 0 (nothing) + 25 hands
MAX_REROLLS = 2
PLAYERS_AFTER = 6  # 0..5 players after the one who decides
STOP = -1

LEXICOGRAPHIC = 0
DOLLAR = 1
EPS = 1e-12  # float noise is ~1e-15; anything closer than this is a tie, broken by the fixed order

ME, OTHER, TIED = 0, 1, 2  # who holds the best hand so far, as the deciding player sees it


@njit(cache=True, nogil=True)
def is_better(win_a: float, push_a: float, win_b: float, push_b: float, objective: int, push_value: float) -> bool:
    """True when outcome a is strictly better than b (beyond EPS) under the objective."""
    if objective == LEXICOGRAPHIC:
        if win_a > win_b + EPS:
            return True
        if win_a < win_b - EPS:
            return False
        return push_a > push_b + EPS
    return win_a + push_value * push_a > win_b + push_value * push_b + EPS


@njit(cache=True, nogil=True)
def average_keeps(level_values: Floats, ms_add: Ints, ms_size: Ints, keep_values: Floats) -> None:
    """keep_values[K] = expected value of keeping K and rolling the rest into a state valued level_values.

    Adding one uniform die at a time is the same as rolling the missing dice together, and shares work."""
    for k in range(MULTISETS):
        if ms_size[k] == 6:
            for c in range(3):
                keep_values[k, c] = level_values[k, c]
        else:
            for c in range(3):
                total = 0.0
                for f in range(6):
                    total += keep_values[ms_add[k, f], c]
                keep_values[k, c] = total / 6.0


@njit(cache=True, nogil=True)
def solve_player(term: Floats, max_rerolls: int, objective: int, push_value: float, ms_add: Ints, ms_size: Ints,
                 full_hand: Ints, sub_start: Ints, sub_ids: Ints, values: Floats, actions: Ints,
                 keep_values: Floats) -> None:
    """Backward induction for one player.

    term[r, hand] is the (win, push, lose) of stopping with `hand` while r rerolls are left.
    Fills values[r, dice], actions[r, dice] (STOP or the keep id) for r = 0..max_rerolls, and
    keep_values[r, K] = value of keeping K and rolling into a state with r rerolls left (r = 0..max_rerolls).
    Candidates are tried stop first, then keeps in id order; only a strictly better one replaces the best."""
    for r in range(max_rerolls + 1):
        for d in range(FULL):
            h = full_hand[d]
            best_w = term[r, h, 0]
            best_p = term[r, h, 1]
            best_l = term[r, h, 2]
            best_a = STOP
            if r > 0:
                for j in range(sub_start[d], sub_start[d + 1]):
                    k = sub_ids[j]
                    w = keep_values[r - 1, k, 0]
                    p = keep_values[r - 1, k, 1]
                    if is_better(w, p, best_w, best_p, objective, push_value):
                        best_w = w
                        best_p = p
                        best_l = keep_values[r - 1, k, 2]
                        best_a = k
            values[r, d, 0] = best_w
            values[r, d, 1] = best_p
            values[r, d, 2] = best_l
            actions[r, d] = best_a
        average_keeps(values[r], ms_add, ms_size, keep_values[r])


@njit(cache=True, nogil=True)
def spread_keeps(mass: Floats, ms_add: Ints, ms_size: Ints) -> None:
    """Move probability mass on keeps onto the six-dice multisets they roll into (smallest keeps first)."""
    for k in range(MULTISETS - 1, -1, -1):
        if ms_size[k] < 6 and mass[k] != 0.0:
            share = mass[k] / 6.0
            for f in range(6):
                mass[ms_add[k, f]] += share
            mass[k] = 0.0


@njit(cache=True, nogil=True)
def play_forward(actions: Ints, start_rerolls: int, ms_add: Ints, ms_size: Ints, full_hand: Ints, hand_dist: Floats,
                 stop_mass: Floats) -> None:
    """From a fresh roll with start_rerolls rerolls, following `actions`: the final hand's distribution
    (hand_dist[rank]) and the mass that stops with r rerolls left (stop_mass[r])."""
    hand_dist[:] = 0.0
    stop_mass[:] = 0.0
    mass = np.zeros(MULTISETS)
    mass[EMPTY] = 1.0
    for r in range(start_rerolls, -1, -1):
        spread_keeps(mass, ms_add, ms_size)
        after = np.zeros(MULTISETS)
        for d in range(FULL):
            m = mass[d]
            if m == 0.0:
                continue
            a = actions[r, d]
            if r == 0 or a == STOP:
                hand_dist[full_hand[d]] += m
                stop_mass[r] += m
            else:
                after[a] += m
        mass = after


@njit(cache=True, nogil=True)
def state_after_turn(hand: int, beat: int, tied: bool) -> tuple[int, int]:
    """(best hand, holder) as the player who just finished with `hand` sees it."""
    if hand > beat:
        return hand, ME
    if hand == beat:
        return beat, TIED
    if tied:
        return beat, TIED
    return beat, OTHER


@njit(cache=True, nogil=True)
def fill_follower_terms(round_values: Floats, after: int, cap: int, beat: int, tied: bool, term: Floats) -> None:
    """Stop values for a player facing (beat, tied) with `after` players behind, each capped at `cap`."""
    for h in range(1, HANDS):
        best, holder = state_after_turn(h, beat, tied)
        for r in range(MAX_REROLLS + 1):
            for c in range(3):
                term[r, h, c] = round_values[after, cap, best, holder, c]
    for r in range(MAX_REROLLS + 1):
        for c in range(3):
            term[r, 0, c] = 0.0


@njit(cache=True, nogil=True)
def fill_breaker_terms(round_values: Floats, after: int, term: Floats) -> None:
    """Stop values for the breaker: stopping with r rerolls left sets the others' cap to r' = 2 - r."""
    for h in range(1, HANDS):
        for r in range(MAX_REROLLS + 1):
            for c in range(3):
                term[r, h, c] = round_values[after, MAX_REROLLS - r, h, ME, c]
    for r in range(MAX_REROLLS + 1):
        for c in range(3):
            term[r, 0, c] = 0.0


@njit(cache=True, nogil=True)
def build_round_tables(objective: int, push_value: float, ms_add: Ints, ms_size: Ints, full_hand: Ints,
                       sub_start: Ints, sub_ids: Ints) -> tuple[Floats, Floats]:
    """round_values[n, cap, best, holder] = (win, push, lose) of the player who has finished, when the best
    hand so far is `best` held by `holder` and n players (each capped at `cap` rerolls) still act, each
    optimal for itself. follower_hands[m, cap, beat, tied, h] = the final-hand distribution of a player who
    faces (beat, tied) with m players after it."""
    round_values = np.zeros((PLAYERS_AFTER, MAX_REROLLS + 1, HANDS, 3, 3))
    follower_hands = np.zeros((PLAYERS_AFTER - 1, MAX_REROLLS + 1, HANDS, 2, HANDS))
    for cap in range(MAX_REROLLS + 1):
        for b in range(HANDS):
            round_values[0, cap, b, ME, 0] = 1.0  # you hold it alone: win
            round_values[0, cap, b, TIED, 1] = 1.0  # shared: push
            round_values[0, cap, b, OTHER, 2] = 1.0  # someone else alone: lose
    term = np.zeros((MAX_REROLLS + 1, HANDS, 3))
    values = np.zeros((MAX_REROLLS + 1, FULL, 3))
    actions = np.zeros((MAX_REROLLS + 1, FULL), dtype=np.int64)
    keep_values = np.zeros((MAX_REROLLS + 1, MULTISETS, 3))
    hand_dist = np.zeros(HANDS)
    stop_mass = np.zeros(MAX_REROLLS + 1)
    for m in range(PLAYERS_AFTER - 1):
        for cap in range(MAX_REROLLS + 1):
            for beat in range(1, HANDS):
                for tied in range(2):
                    fill_follower_terms(round_values, m, cap, beat, tied == 1, term)
                    solve_player(term, cap, objective, push_value, ms_add, ms_size, full_hand, sub_start,
                                 sub_ids, values, actions, keep_values)
                    play_forward(actions, cap, ms_add, ms_size, full_hand, hand_dist, stop_mass)
                    for h in range(HANDS):  # not a slice assignment: that compiles its error message's formatting
                        follower_hands[m, cap, beat, tied, h] = hand_dist[h]
            # what the next player does, seen by the one who finished before it
            for b in range(1, HANDS):
                for holder in range(3):
                    tied = 1 if holder == TIED else 0
                    for h in range(1, HANDS):
                        p = follower_hands[m, cap, b, tied, h]
                        if p == 0.0:
                            continue
                        if h > b:
                            nb, nh = h, OTHER
                        elif h == b:
                            nb, nh = b, TIED
                        else:
                            nb, nh = b, holder
                        for c in range(3):
                            round_values[m + 1, cap, b, holder, c] += p * round_values[m, cap, nb, nh, c]
    return round_values, follower_hands


def warmup() -> None:
    """Compile every kernel with the argument types used at run time (tiny inputs; the round-table build
    itself is the one sizeable call, ~0.1 s once compiled)."""
    from tablegames.piddle.solver import INDEX

    args = INDEX.kernel_args()
    round_values, _ = build_round_tables(LEXICOGRAPHIC, 0.5, *args)
    term = np.zeros((MAX_REROLLS + 1, HANDS, 3))
    fill_follower_terms(round_values, 1, MAX_REROLLS, 20, False, term)
    fill_breaker_terms(round_values, 1, term)
    values = np.zeros((MAX_REROLLS + 1, FULL, 3))
    actions = np.zeros((MAX_REROLLS + 1, FULL), dtype=np.int64)
    keep_values = np.zeros((MAX_REROLLS + 1, MULTISETS, 3))
    solve_player(term, 1, DOLLAR, 0.5, *args, values, actions, keep_values)
    play_forward(actions, 1, args[0], args[1], args[2], np.zeros(HANDS), np.zeros(MAX_REROLLS + 1))
    is_better(0.5, 0.0, 0.25, 0.0, LEXICOGRAPHIC, 0.5)
