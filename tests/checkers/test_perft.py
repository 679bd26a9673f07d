"""Perft from the start against the published counts (spec: ../shared/specs/checkers.md), divide, and a deep count
stopped by its cancel token."""

import threading

import numpy as np
import pytest

from tablegames.checkers import engine
from tablegames.checkers.position import Position
from tablegames.core.worker import CancelToken, SearchCancelled

PUBLISHED = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740, 8: 845931, 9: 3963680}
PUBLISHED_SLOW = {10: 18391564, 11: 85242128}
FIRST_MOVES = ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]


@pytest.mark.parametrize("count_duplicates", [False, True])
@pytest.mark.parametrize("depth", sorted(PUBLISHED))
def test_perft_from_start_matches_published_counts(depth, count_duplicates):
    assert Position.initial().perft(depth, count_duplicates) == PUBLISHED[depth]


@pytest.mark.slow
@pytest.mark.parametrize("count_duplicates", [False, True])
@pytest.mark.parametrize("depth", sorted(PUBLISHED_SLOW))
def test_perft_deep_from_start_matches_published_counts(depth, count_duplicates):
    assert Position.initial().perft(depth, count_duplicates) == PUBLISHED_SLOW[depth]


def test_perft_depth_zero_is_one():
    assert Position.initial().perft(0) == 1


def test_divide_depth_two_is_seven_per_first_move():
    split = Position.initial().divide(2)
    assert [move.notation for move, _ in split] == FIRST_MOVES
    assert [count for _, count in split] == [7] * 7


def test_divide_depth_five_matches_published_split():
    split = dict((move.notation, count) for move, count in Position.initial().divide(5))
    assert [split[name] for name in FIRST_MOVES] == [1345, 858, 874, 918, 860, 1299, 1207]


def test_duplicate_convention_differs_on_a_king_ring():
    # The black king on 10 can take the ring 15, 23, 22, 14 either way round and land back on 10.
    ring = Position.from_fen("B:W14,15,22,23:BK10")
    routes = [move.notation for move in ring.legal_moves(unique=False)]
    assert "10x19x26x17x10" in routes and "10x17x26x19x10" in routes
    assert [move.notation for move in ring.legal_moves(unique=True)] == ["10x17x26x19x10"]
    assert ring.perft(1, count_duplicates=True) == 2
    assert ring.perft(1, count_duplicates=False) == 1


def test_the_kernel_stops_when_its_cancel_flag_is_set():
    start = Position.initial()
    stop = np.ones(1, dtype=np.int32)
    assert engine.perft(start.own, start.other, start.kings, start.turn, 16, True, stop) == engine.PERFT_CANCELLED
    counts = np.zeros(engine.MAX_MOVES, dtype=np.int64)
    assert engine.divide(start.own, start.other, start.kings, start.turn, 16, True, counts, stop) == \
        engine.PERFT_CANCELLED


def test_cancelling_a_deep_count_from_another_thread_gives_no_answer():
    token = CancelToken()
    timer = threading.Timer(0.2, token.cancel)
    timer.start()
    try:
        with pytest.raises(SearchCancelled):
            Position.initial().perft(14, cancel=token)  # about a minute when it would not stop
        with pytest.raises(SearchCancelled):
            Position.initial().divide(14, cancel=token)
    finally:
        timer.cancel()
