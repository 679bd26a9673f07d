"""The numba alpha-beta: agrees with a plain negamax, finds a shot and a forced win, keeps its node budget, is
deterministic, and stops promptly when cancelled."""

import threading
import time

import numpy as np
import pytest

from tablegames.checkers import engine, search_kernels
from tablegames.checkers.evaluate import HAND_TUNED, PIECE_COUNT
from tablegames.checkers.position import Position
from tablegames.checkers.search import root_moves, search

# Black gives a man on 10 (White must take it, 14x7 or 15x6) and takes two back with the man on 2.
SHOT = "B:W14,15,23,25:B2,5,7,28"
# Black wins by force in 3 plies with 18-22 (found by the search, each other move checked not to win)
FORCED_WIN = "B:W20,29:B11,18,25,28"


def reference_negamax(own, other, kings, side, depth, weights):
    """Plain negamax without pruning or tables, with the same jump extension and scores as the kernel."""

    def value(own, other, kings, side, depth, ply):
        must_capture = engine.jumpers(own, other, kings, side) != 0
        if depth <= 0 and not must_capture:
            return int(search_kernels.evaluate(own, other, kings, side, weights))
        rows = np.empty((engine.MAX_MOVES, engine.MOVE_FIELDS), dtype=np.int64)
        count = engine.generate_moves(own, other, kings, side, True, rows, 0)
        if count == 0:
            return -(search_kernels.WIN - ply)
        return max(
            -value(other ^ int(rows[i, 1]), own ^ int(rows[i, 0]), kings ^ int(rows[i, 2]), 1 - side,
                   depth - 1, ply + 1)
            for i in range(count)
        )

    return value(own, other, kings, side, depth, 0)


def random_men_positions(count, seed):
    """Positions reached by random play from the start before anyone crowns (men only: without kings, no
    position can recur on a search path at a different depth, so the table cannot change a value)."""
    rng = np.random.default_rng(seed)
    positions = []
    while len(positions) < count:
        position = Position.initial()
        for _ in range(int(rng.integers(4, 30))):
            moves = position.legal_moves()
            if not moves:
                break
            after = position.apply(moves[int(rng.integers(len(moves)))])
            if after.kings:
                break
            position = after
        if position.legal_moves():
            positions.append(position)
    return positions


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_alpha_beta_value_equals_plain_negamax(depth):
    for position in random_men_positions(12, depth):
        expected = reference_negamax(position.own, position.other, position.kings, position.turn, depth, HAND_TUNED)
        result = search(position, HAND_TUNED, depth, 1 << 62, iterative=False)
        assert result.score == expected, position.fen
        if len(position.legal_moves()) > 1:  # iterative deepening (a forced move stops after depth 1)
            assert search(position, HAND_TUNED, depth, 1 << 62).score == expected
        best = position.apply(result.move)
        assert -reference_negamax(best.own, best.other, best.kings, best.turn, depth - 1, HAND_TUNED) == expected


def test_search_finds_the_shot_that_a_one_ply_look_without_extension_misses():
    position = Position.from_fen(SHOT)
    result = search(position, PIECE_COUNT, 3, 1 << 62)
    assert result.move.notation == "7-10"
    assert result.score >= 100  # a man up after giving one and taking two
    shallow = search(position, PIECE_COUNT, 1, 1 << 62, extend=False)
    assert shallow.move.notation != "7-10"


def test_search_finds_a_forced_win_at_small_depth():
    result = search(Position.from_fen(FORCED_WIN), HAND_TUNED, 6, 1 << 62)
    assert result.move.notation == "18-22"
    assert result.score == search_kernels.WIN - 3


def test_a_side_without_moves_has_lost():
    # White to move, its only man is blocked: the game is lost, search refuses to pick a move
    with pytest.raises(ValueError, match="no legal move"):
        search(Position.from_fen("W:W29:B25,22"), HAND_TUNED, 3, 1000)


def test_node_budget_is_respected_and_the_move_is_still_legal():
    position = Position.initial()
    for budget in (1, 50, 5_000, 20_000):
        result = search(position, HAND_TUNED, 30, budget)
        assert result.nodes <= budget
        assert result.stopped
        assert result.move in position.legal_moves()


def test_same_position_same_limits_same_move_and_node_count():
    position = Position.from_fen("B:W13,18,20,24,27,29,30,31:B2,4,6,9,10,11,12,16")
    first = search(position, HAND_TUNED, 30, 200_000)
    second = search(position, HAND_TUNED, 30, 200_000)
    assert (first.move, first.score, first.depth, first.nodes) == (second.move, second.score, second.depth,
                                                                   second.nodes)


def test_a_preset_cancel_flag_returns_at_once_with_a_legal_move():
    flag = np.ones(1, dtype=np.int32)
    position = Position.initial()
    result = search(position, HAND_TUNED, 40, 1 << 62, cancel_flag=flag)
    assert result.stopped and result.move in position.legal_moves()


@pytest.mark.slow  # timed: a busy machine could fail it
def test_cancelling_from_another_thread_stops_a_long_search_promptly():
    flag = np.zeros(1, dtype=np.int32)
    position = Position.from_fen("B:W13,18,20,24,27,29,30,31:B2,4,6,9,10,11,12,16")
    timer = threading.Timer(0.2, lambda: flag.__setitem__(0, 1))
    timer.start()
    started = time.perf_counter()
    result = search(position, HAND_TUNED, 60, 1 << 62, cancel_flag=flag)
    elapsed = time.perf_counter() - started
    timer.join()
    assert result.stopped
    assert elapsed < 1.5  # the search alone would run for minutes
    assert result.move in position.legal_moves()


def test_root_moves_are_legal_moves_in_generation_order():
    position = Position.from_fen("B:W14,15,22,23:BK10")  # a king's ring taken both ways counts once
    moves = root_moves(position)
    assert len(moves) == 1 and moves[0] in position.legal_moves()
    assert set(root_moves(Position.initial())) == set(Position.initial().legal_moves())


def test_search_runs_from_the_numba_cache_in_a_fresh_process():
    # a recursive kernel segfaults when numba loads it from its cache: compile (and cache) here, load there
    import subprocess
    import sys

    search_kernels.warmup()
    expected = search(Position.initial(), HAND_TUNED, 6, 1 << 40).nodes
    script = (
        "from tablegames.checkers import search_kernels\n"
        "from tablegames.checkers.evaluate import HAND_TUNED\n"
        "from tablegames.checkers.position import Position\n"
        "from tablegames.checkers.search import search\n"
        "search_kernels.warmup()\n"
        "print(search(Position.initial(), HAND_TUNED, 6, 1 << 40).nodes)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(expected)
