"""The ten levels: the seed's names, the API the window calls, reproducibility, legality."""

import time

import numpy as np
import pytest

from tablegames.checkers.game import CheckersGame
from tablegames.checkers.levels import (
    LEVELS,
    choose_move,
    choose_move_in_process,
    hint_move,
    level_info,
    play_move,
    prepare_worker_process,
)
from tablegames.checkers.position import Position
from tablegames.core.worker import Thinker

WINDOWS = 3  # a search holding the GIL stalls every window; other programs on the machine stall one at most

SEED_NAMES = [
    "Dozy Dave", "Clumsy Clara", "Wobbly Walt", "Careful Kit", "Sly Sam",
    "Professor Pawn", "Captain Crown", "Madame Minimax", "Deep Thinker", "Grandmaster Gizmo",
]


def test_levels_table_has_the_seeds_names_in_order():
    assert [level.name for level in LEVELS] == SEED_NAMES
    assert [level.number for level in LEVELS] == list(range(1, 11))
    assert all(level.character for level in LEVELS)


def test_levels_table_follows_the_issue():
    assert [level.depth for level in LEVELS[1:8]] == [1, 2, 3, 4, 6, 6, 8]
    assert (LEVELS[1].random_share, LEVELS[2].random_share) == (0.40, 0.22)
    assert [level.holds_the_gil for level in LEVELS] == [False] * 3 + [True] * 3 + [False] * 4
    assert LEVELS[8].learned and LEVELS[9].learned and not LEVELS[7].learned
    assert LEVELS[9].node_budget >= 20_000_000 and LEVELS[9].depth >= 20


@pytest.mark.parametrize("bad", [0, 11, -1, "3", 2.0, True])
def test_a_level_outside_1_to_10_is_refused(bad):
    with pytest.raises(ValueError, match="not 1-10"):
        choose_move(Position.initial(), bad, 0)


def test_no_legal_move_is_refused():
    lost = Position.from_squares(white_men=(21,))  # Black to move with no piece
    with pytest.raises(ValueError, match="no legal move"):
        choose_move(lost, 1, 0)


def test_every_level_answers_a_legal_move_and_repeats_it_for_the_same_seed():
    game = CheckersGame()
    for level in LEVELS:
        position = game.position
        # the tournament setting (no clock, small budgets) keeps this quick and reproducible
        first = play_move(position, level, seed=5, node_scale=0.01, use_clock=False)
        again = play_move(position, level, seed=5, node_scale=0.01, use_clock=False)
        assert first == again
        assert first in position.legal_moves()
        game.play(first)


def test_level_one_varies_with_the_seed_but_always_jumps_when_it_must():
    start = Position.initial()
    assert len({choose_move(start, 1, seed) for seed in range(30)}) > 3
    must_jump = Position.from_fen("B:W18:B14,1")
    assert all(choose_move(must_jump, 1, seed).is_capture for seed in range(10))


def test_hint_finds_the_shot():
    # Black gives a man on 10 and takes two back (see test_search.py)
    assert hint_move(Position.from_fen("B:W14,15,23,25:B2,5,7,28"), 3).notation == "7-10"


def longest_stall_while_thinking(level: int, seconds: float) -> tuple[float, bool, float]:
    """The longest gap between 2 ms naps of this thread while `level` thinks on the thinker thread, whether it
    was still thinking at the end, and how long it took to answer once cancelled."""
    thinker = Thinker()
    position = Position.from_fen("B:W13,18,20,24,27,29,30,31:B2,4,6,9,10,11,12,16")
    job = thinker.submit(lambda token: choose_move(position, level, 1, token.flag))
    longest = 0.0
    last = time.perf_counter()
    deadline = last + seconds
    while time.perf_counter() < deadline:
        time.sleep(0.002)
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    still_thinking = not job.done()
    job.cancel()
    cancelled_at = time.perf_counter()
    assert job.result() in position.legal_moves()
    answer_seconds = time.perf_counter() - cancelled_at
    thinker.shutdown()
    return longest, still_thinking, answer_seconds


@pytest.mark.slow  # timed: a busy machine could fail it (the stress test covers the window's threads)
def test_level_ten_thinks_without_stalling_this_thread_and_stops_when_cancelled():
    choose_move(Position.initial(), 8, 0)  # load the kernels first: a compile is not a search
    stalls = []
    for _ in range(WINDOWS):
        longest, still_thinking, answer_seconds = longest_stall_while_thinking(10, 0.6)
        assert still_thinking, "level 10 should still be thinking after 0.6 s"
        assert answer_seconds < 0.5
        stalls.append(longest)
        if longest < 0.05:
            return
    raise AssertionError(f"every window had a stall over 50 ms: {stalls}")


def test_level_info_returns_the_row():
    assert level_info(7).name == "Captain Crown"
    assert level_info(np.int64(10)).name == "Grandmaster Gizmo"


@pytest.mark.slow
def test_a_pure_python_level_answers_from_the_worker_process():
    prepare_worker_process().result(timeout=120)
    position = Position.from_fen("B:W13,18,20,24,27,29,30,31:B2,4,6,9,10,11,12,16")
    future = choose_move_in_process(position, 6, 2)
    assert future.result(timeout=60) == choose_move(position, 6, 2)
