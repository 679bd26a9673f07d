"""Information-set MCTS (kernels.ismcts_decide), the second candidate of issue #21: it plays legal lines, replays
from the seed, never looks at a card it cannot see, stops when cancelled, answers at once when there is nothing to
weigh and takes a win. A few decisions each: the experiment measures its strength (docs/fasttrack-tuning.md)."""

from dataclasses import replace

import numpy as np
import pytest

from fasttrack_positions import hide_again, positions
from tablegames.core.worker import CancelToken, SearchCancelled
from tablegames.fasttrack import kernels
from tablegames.fasttrack.cards import FIVE
from tablegames.fasttrack.experiments import kernel_strategies, play_seeds, state_of
from tablegames.fasttrack.expert import expert_choice
from tablegames.fasttrack.game import FastTrackGame, Phase
from tablegames.fasttrack.search import LEVEL_PHASES, LINE_CAP, compiled_search, noise_of, plan_turn
from tablegames.fasttrack.strategy import CHAMPION, ISMCTS, strategy_named

QUICK = replace(ISMCTS, name="ismcts-quick", iterations=24)  # the tests' own budget


def ismcts_line(state, seed_state, strategy=QUICK, cancel=0):
    values, hoards, win_bonus, first_legal = kernel_strategies((strategy,))
    line = np.full((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), -1, dtype=np.int64)
    found = np.zeros(3, dtype=np.int64)
    plays, stage = kernels.ismcts_decide(
        state, 0, 0, values, hoards, win_bonus, first_legal, LINE_CAP, kernels.TABLES, line, strategy.expert_lines,
        strategy.expert_margin, strategy.iterations, seed_state, np.full(1, cancel, dtype=np.int32),
        np.zeros(1, dtype=np.int32), found,
    )
    return (line[:plays].tolist() if plays >= 0 else plays), int(stage), found.tolist()


def test_it_plays_legal_lines_and_replays_from_the_seed():
    searched = 0
    for game in positions(8, 30)[::4]:
        choice = expert_choice(game, QUICK)
        assert expert_choice(game, QUICK) == choice  # seeded by the game's seed and move
        searched += choice.candidates > 1 and choice.playouts == QUICK.iterations
        trial = game.clone()
        for code in choice.clicks:
            trial.click(code)  # raises if the line is illegal
    assert searched >= 3


def test_the_root_lines_are_the_same_in_every_determinization():
    """The root's actions need no key: they depend only on the board, the seat's own hand and its credits."""
    values, hoards, win_bonus, _ = kernel_strategies((CHAMPION,))
    sample = kernels.empty_state()
    counter = np.array([3], dtype=np.int64)
    for game in positions(9, 30)[::5]:
        state = state_of(game)
        lines = []
        for s in (state, *(sample for _ in range(3))):
            if s is sample:
                kernels.sample_unseen(state, game.seat, counter, sample)
            top = (np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64),
                   np.zeros((4, kernels.MAX_LEVELS, kernels.PLAY_WIDTH), dtype=np.int64))
            n = kernels.candidate_lines(s, 0, 0, values, hoards, win_bonus, LINE_CAP, kernels.TABLES, 3000,
                                        np.zeros(1, dtype=np.int32),
                                        np.zeros((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), dtype=np.int64), *top)[0]
            lines.append([top[3][i, : top[2][i]].tolist() for i in range(n)])
        assert all(other == lines[0] for other in lines[1:])


def test_it_never_looks_at_a_card_it_cannot_see():
    """Re-dealing the hidden cards (other hands, every undrawn card, the random states) changes no decision, under
    several sample seeds; and the search did run and did choose other lines than the champion's."""
    rng = np.random.default_rng(21)
    searched = chosen_other = 0
    for game in positions(8, 40)[::4]:
        state = state_of(game)
        for sample_seed in (1, 2):
            decision = ismcts_line(state, sample_seed)
            assert ismcts_line(hide_again(state, game.seat, rng), sample_seed) == decision
            searched += decision[2][1] > 0
            chosen_other += decision[2][2] > 0
    assert searched >= 6 and chosen_other >= 1


def test_a_cancel_stops_it():
    game = next(g for g in positions(8, 40) if expert_choice(g, QUICK).candidates > 1)
    assert ismcts_line(state_of(game), noise_of(game), cancel=1)[0] == kernels.CANCELLED
    token = CancelToken()
    token.cancel()
    with pytest.raises(SearchCancelled):
        plan_turn(game, QUICK, token=token)
    stopped = expert_choice(game, QUICK, seconds=0.0)  # the clock runs out at once: one iteration, then the answer
    assert stopped.candidates > 1 and stopped.playouts == 1


def test_a_forced_line_is_played_at_once():
    """Five 5s and no move: the only line is a 5 discarded."""
    game = positions(8, 1)[0]
    state = state_of(game)
    state[1][game.seat, :] = 0
    state[1][game.seat, FIVE] = 5
    state[8][kernels.PHASE] = kernels.NEED_DISCARD
    plays, _stage, found = ismcts_line(state, 1)
    assert found == [1, 0, 0] and len(plays) == 1 and plays[0][0] == kernels.CARD_ACTION + FIVE


def test_it_takes_a_win():
    game = FastTrackGame(4)
    wins_checked = 0
    while not game.is_terminal():
        if game.phase in LEVEL_PHASES and compiled_search(game).best.stage == Phase.OVER:
            choice = expert_choice(game, QUICK)
            assert choice.stage == Phase.OVER and choice.candidates == 1 and choice.playouts == 0
            wins_checked += 1
        for code in plan_turn(game):
            game.click(code)
    assert wins_checked >= 1


def test_ismcts_plays_legal_games_in_the_experiments_loop():
    strategies = (replace(QUICK, iterations=8), CHAMPION, CHAMPION, CHAMPION)
    games = play_seeds([3], [0], strategies)
    assert play_seeds([3], [0], strategies).digest() == games.digest()
    game = FastTrackGame(3)
    for code in games.logs[0].tolist():
        game.click(code)  # raises if a line was illegal
    assert game.is_terminal() and game.winners == (games.winners[0],)


def test_ismcts_is_a_named_strategy():
    assert strategy_named("ismcts") is ISMCTS and ISMCTS.iterations > 0 and ISMCTS.playouts == 0
