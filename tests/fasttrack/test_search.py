"""The line search (spec 11.1): winning lines, merging and tie-breaks independent of move order, the cap."""

import random
import time
from concurrent.futures import CancelledError

import numpy as np
import pytest

from tablegames.core.worker import CancelToken, SearchCancelled, Thinker
from tablegames.fasttrack import search
from tablegames.fasttrack.game import END_TURN, FastTrackGame, Phase
from tablegames.fasttrack.search import compiled_search, plan_turn, position_key, search_line
from tablegames.fasttrack.strategy import CHAMPION, FIRST_LEGAL


def play(game, clicks):
    for code in clicks:
        game.click(code)
    return game


def test_finds_the_winning_line_through_four_move_again_cards():
    # Red needs four single steps (R1 -> R0 -> BR -> DS -> B1) with Q, K, J and A: only the full chain wins.
    game = FastTrackGame.from_position(
        {"red.B2": "red", "red.B3": "red", "red.B4": "red", "red.R1": "red", "blue.L2": "blue"},
        hands={"red": "Q K J A 9"},
    )
    result = search_line(game)
    assert result.best.stage == Phase.OVER and result.best.score >= CHAMPION.win_bonus
    assert play(game, plan_turn(game)).winners == (0,)


def test_plan_ends_with_end_turn_when_the_turn_is_done():
    game = FastTrackGame.from_position({"red.L0": "red"}, hands={"red": "2 3 5 8 9"})
    plan = plan_turn(game)
    assert plan[-1] == END_TURN and len(plan) == 4  # card, piece, square, done
    play(game, plan)
    assert game.seat == 1


def test_key_is_sorted_board_hand_multiset_credits_stage():
    board = [-1] * 89
    board[3], board[40] = 0, 1
    assert position_key(board, [9, 2], 1, 0) == (12, 161, 2, 9, 15, 15, 15, 1, 0)
    assert position_key(board, [2, 9], 1, 0) == position_key(board, [9, 2], 1, 0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_choice_does_not_depend_on_move_order(monkeypatch, seed):
    games = []
    game = FastTrackGame(seed)
    for _ in range(12):  # a dozen decisions along a champion game
        if game.is_terminal():
            break
        if game.phase in search.LEVEL_PHASES:
            games.append(game.clone())
        play(game, plan_turn(game))
    expected = [search_line(g).best for g in games]
    original = search.choices
    rng = random.Random(seed)

    def shuffled(g):
        actions = original(g)
        rng.shuffle(actions)
        return actions

    monkeypatch.setattr(search, "choices", shuffled)
    assert [search_line(g).best for g in games] == expected


def test_many_jacks_hit_the_cap_and_report_it():
    game = FastTrackGame.from_position(
        {"red.L1": "red", "red.R2": "red", "blue.L3": "red", "green.R1": "blue", "blue.R3": "green",
         "purple.L2": "purple", "green.L4": "blue"},
        hands={"red": "J J J J joker"},
    )
    assert search_line(game, cap=40).cut
    small = FastTrackGame.from_position({"red.L0": "red"}, hands={"red": "2 3 5 8 9"})
    assert not search_line(small).cut


def test_first_legal_takes_the_smallest_actions():
    game = FastTrackGame.from_position({"red.L0": "red", "red.R2": "red"}, hands={"red": "9 2 5 8 10"})
    clicks = search_line(game, FIRST_LEGAL).best.clicks
    assert clicks[0] == game.legal_actions()[0]  # the 2, the lowest card
    assert clicks[1] == min(m.start for m in game.offer if m.card == 0)


def test_plan_from_the_middle_of_a_card_finishes_it():
    game = FastTrackGame.from_position({"red.L0": "red", "red.R2": "red"}, hands={"red": "7 2 5 8 10"})
    game.click(140 + 5)  # the 7: now a piece must be chosen
    plan = plan_turn(game)
    play(game, plan)
    assert game.seat == 1 and plan[-1] == END_TURN


def test_search_refuses_a_game_waiting_for_a_draw():
    game = FastTrackGame(0, draws_as_chance=True)
    with pytest.raises(ValueError, match="cards to draw"):
        search_line(game)


def test_three_players_are_planned_by_the_python_search():
    game = FastTrackGame(4, players=3)
    for _ in range(30):
        play(game, plan_turn(game))
    assert game.players == 3 and len(game.actions) > 30


def count_line_ends_without_merging(game):
    ends = 0
    for _, child, drew in search.plays(game):
        if drew or child.phase in (Phase.DONE, Phase.OVER):
            ends += 1
        else:
            ends += count_line_ends_without_merging(child)
    return ends


def test_positions_reached_two_ways_are_one_line():
    # Q on one piece then K on the other reaches the position of K first then Q: the search goes on from it once.
    game = FastTrackGame.from_position({"red.L0": "red", "red.R2": "red"}, hands={"red": "Q K 2 3 5"})
    merged = search_line(game).lines
    assert merged < count_line_ends_without_merging(game)
    single = FastTrackGame.from_position({"red.L0": "red"}, hands={"red": "Q 9 2 3 5"})
    assert search_line(single).lines == count_line_ends_without_merging(single)  # one way to everything


# --- cancellation ---------------------------------------------------------------------------------------------------


class CancelledFromLook:
    """A token whose flag reads as set from its `looks`-th reading on, and counts its readings: the search reads it
    once before it starts and once before each level."""

    def __init__(self, looks: int) -> None:
        self.looks = looks
        self.readings = 0

    @property
    def flag(self) -> np.ndarray:
        self.readings += 1
        return np.array([int(self.readings >= self.looks)], dtype=np.int32)


def four_jacks_and_a_joker() -> FastTrackGame:
    """A pathological hand: the search's widest position (tens of thousands of lines over several levels)."""
    return FastTrackGame.from_position(
        {"red.L1": "red", "red.R2": "red", "blue.L3": "red", "green.R1": "blue", "blue.R3": "green",
         "purple.L2": "purple", "green.L4": "blue", "blue.L1": "purple", "purple.R3": "green"},
        hands={"red": "J J J J joker"},
    )


def test_the_reference_search_cancelled_between_levels_raises_search_cancelled():
    game = FastTrackGame.from_position(
        {"red.B2": "red", "red.B3": "red", "red.B4": "red", "red.R1": "red", "blue.L2": "blue"},
        hands={"red": "Q K J A 9"},
    )
    token = CancelledFromLook(3)  # the start, level 0, then set before level 1
    with pytest.raises(SearchCancelled, match="level 1"):
        search_line(game, token=token)
    assert token.readings == 3
    assert search_line(game, token=CancelledFromLook(10**9)) == search_line(game)  # a token never set: same line


def test_a_token_cancelled_before_the_search_stops_every_search_at_once():
    game = four_jacks_and_a_joker()
    token = CancelToken()
    token.cancel()
    for run in (search_line, compiled_search, plan_turn):
        with pytest.raises(SearchCancelled):
            run(game, token=token)


def test_the_compiled_kernel_stops_at_a_level_when_its_flag_is_set():
    from tablegames.fasttrack import kernels
    from tablegames.fasttrack.cards import NUM_RANKS

    game = four_jacks_and_a_joker()
    hand = np.bincount(game.hand(0), minlength=NUM_RANKS).astype(np.int8)
    values, hoards = search.strategy_arrays(CHAMPION)
    line = np.full((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), -1, dtype=np.int64)
    flag = np.ones(1, dtype=np.int32)
    plays, _stage, _score, ends, _cut = kernels.search(
        game.board, hand, 0, int(game.phase), 0, int(game.partnership), kernels.TABLES, values, hoards[0],
        CHAMPION.win_bonus, search.LINE_CAP, line, np.empty(4, dtype=np.int64), flag,
    )
    assert plays == kernels.CANCELLED and ends == 0 and (line == -1).all()


def test_the_compiled_search_cancelled_from_another_thread_raises_search_cancelled():
    game = four_jacks_and_a_joker()
    compiled_search(game)  # compiled and loaded: the timing below is the search's
    started = time.perf_counter()
    full = compiled_search(game)
    full_seconds = time.perf_counter() - started
    thinker = Thinker()
    try:
        for _ in range(3):  # a loaded machine may finish before the cancel lands: try again
            job = thinker.submit(lambda token: compiled_search(game, token=token))
            time.sleep(min(0.01, full_seconds / 4))
            job.cancel()
            try:
                assert job.future.result(timeout=10).best == full.best
            except CancelledError:  # cancelled before it began: no search to stop
                continue
            except SearchCancelled:
                return
        pytest.fail("the search never saw its cancel")
    finally:
        thinker.shutdown()
