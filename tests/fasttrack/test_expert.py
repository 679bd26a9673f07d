"""The expert: the champion's best lines played out over sampled deals of the unseen cards. It keeps the champion's
lines, never looks at a card it cannot see, replays from the seed, plays legal games and stops when cancelled."""

from dataclasses import replace

import numpy as np
import pytest

from fasttrack_positions import hide_again, positions
from tablegames.core.worker import CancelToken, SearchCancelled
from tablegames.fasttrack import kernels
from tablegames.fasttrack.experiments import kernel_strategies, play_seeds, state_of
from tablegames.fasttrack.expert import expert_choice
from tablegames.fasttrack.game import FastTrackGame, Partnership
from tablegames.fasttrack.search import (
    LINE_CAP,
    compiled_search,
    noise_of,
    plan_turn,
    search_line,
)
from tablegames.fasttrack.strategy import CHAMPION, EXPERT, strategy_named

QUICK = replace(EXPERT, name="expert-quick", playouts=6)  # a few playouts: the tests' own budget


def kept_lines(game, keep):
    """kernels.search_top's kept lines: [(clicks, score)], best first, and the search's own best line."""
    values, hoards, win_bonus, _ = kernel_strategies((CHAMPION,))
    state = state_of(game)
    seat = game.seat
    hoard = hoards[0, min(kernels.pieces_home(state[0], seat), 3)]
    line = np.full((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), -1, dtype=np.int64)
    scores, stages, plays = (np.zeros(keep, dtype=np.int64) for _ in range(3))
    lines = np.zeros((keep, kernels.MAX_LEVELS, kernels.PLAY_WIDTH), dtype=np.int64)
    n_plays, _stage, score, _ends, _cut, kept = kernels.search_top(
        state[0], state[1][seat], int(state[7][seat]), int(game.phase), seat, int(game.partnership), kernels.TABLES,
        values[0], hoard, int(win_bonus[0]), LINE_CAP, line, np.empty(4, dtype=np.int64), np.zeros(1, dtype=np.int32),
        0.0, 0, scores, stages, plays, lines,
    )
    best = tuple(int(c) for c in line[:n_plays].ravel() if c >= 0)
    return [(tuple(int(c) for c in lines[i, : plays[i]].ravel() if c >= 0), int(scores[i])) for i in range(kept)], best


def test_the_kept_lines_start_with_the_champions_line_and_match_the_reference():
    for game in positions(5, 25):
        kept, best = kept_lines(game, 4)
        reference = search_line(game, keep=4)
        assert kept[0][0] == best == compiled_search(game).best.clicks
        assert [(a.clicks, a.score) for a in reference.alternatives] == kept  # the reference's best distinct ends
        assert [s for _, s in kept] == sorted((s for _, s in kept), reverse=True)


def expert_line(state, seat_noise, partnership=0, strategy=QUICK):
    values, hoards, win_bonus, first_legal = kernel_strategies((strategy,))
    line = np.full((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), -1, dtype=np.int64)
    found = np.zeros(3, dtype=np.int64)
    plays, stage = kernels.expert_decide(
        state, partnership, 0, values, hoards, win_bonus, first_legal, LINE_CAP, kernels.TABLES, line,
        strategy.expert_lines, strategy.expert_margin, strategy.playouts, seat_noise, np.zeros(1, dtype=np.int32),
        np.zeros(1, dtype=np.int32), found,
    )
    return line[:plays].tolist(), int(stage), found.tolist()


def test_the_expert_never_looks_at_a_card_it_cannot_see():
    """Shuffling the hidden cards (other hands, every undrawn card, the random states) changes no decision: over
    several sample seeds, the decisions (and so their distribution) are the same, and the expert did play lines out."""
    rng = np.random.default_rng(21)
    played_out = chosen_other = 0
    for game in positions(8, 40)[::3]:
        state = state_of(game)
        for sample_seed in (1, 2):
            decision = expert_line(state, sample_seed)
            for _ in range(2):
                assert expert_line(hide_again(state, game.seat, rng), sample_seed) == decision
            played_out += decision[2][0] > 1
            chosen_other += decision[2][2] > 0
    assert played_out >= 8 and chosen_other >= 1  # not vacuous: lines were played out, and not always the first won


def test_the_expert_sees_the_cards_it_holds():
    """The converse: with its own hand changed the decision changes somewhere (the test above is not blind)."""
    changed = 0
    for game in positions(8, 30)[::3]:
        state = state_of(game)
        other = tuple(a.copy() for a in state)
        seat = game.seat
        hand = other[1][seat]
        held = [c for c in range(len(hand)) for _ in range(hand[c])]
        if not held:
            continue
        hand[:] = 0
        hand[held[0] if held[0] != 12 else 0] += len(held)  # the same number of one card (an A becomes 2s)
        changed += expert_line(other, 1)[0] != expert_line(state, 1)[0]
    assert changed >= 1


def test_the_samples_keep_every_card_where_the_seat_can_place_it():
    game = positions(9, 20)[-1]
    state = state_of(game)
    sample = kernels.empty_state()
    counter = np.array([5], dtype=np.int64)
    for _ in range(5):
        kernels.sample_unseen(state, game.seat, counter, sample)
        assert (sample[0] == state[0]).all() and (sample[5] == state[5]).all()  # board, played piles
        assert (sample[1][game.seat] == state[1][game.seat]).all()  # its own hand
        for p in range(kernels.ZONES):
            size = sample[4][p] - sample[3][p]
            assert size == state[4][p] - state[3][p] and sample[1][p].sum() == state[1][p].sum()
            every = np.bincount(sample[2][p, :size], minlength=14) + sample[1][p] + sample[5][p]
            truth = np.bincount(state[2][p, state[3][p] : state[4][p]], minlength=14) + state[1][p] + state[5][p]
            assert (every == truth).all()  # each seat's one deck of 54 cards


def test_the_expert_replays_from_the_seed_and_plays_legal_games():
    strategies = (QUICK, CHAMPION, CHAMPION, CHAMPION)
    first = play_seeds([3, 4], [0, 1], strategies)
    assert play_seeds([3, 4], [0, 1], strategies).digest() == first.digest()
    for seed, rotation, log, winner in zip(first.seeds, first.rotations, first.logs, first.winners, strict=True):
        if rotation:
            continue
        game = FastTrackGame(int(seed))
        for code in log.tolist():
            game.click(code)  # raises if the expert made an illegal move
        assert game.is_terminal() and game.winners == (winner,)


def test_an_expert_team_plays_partnership_games():
    games = play_seeds([6], [0], (QUICK, CHAMPION, QUICK, CHAMPION), partnership=int(Partnership.ANYTIME))
    game = FastTrackGame(6, partnership=Partnership.ANYTIME)
    for code in games.logs[0].tolist():
        game.click(code)
    assert game.is_terminal() and min(game.winners) == games.winners[0]


def test_plan_turn_plays_the_experts_choice_and_a_cancel_stops_it():
    game = next(g for g in positions(8, 40) if expert_choice(g, QUICK).candidates > 1)
    choice = expert_choice(game, QUICK)
    assert plan_turn(game.clone(), QUICK)[: len(choice.clicks)] == list(choice.clicks)
    assert expert_choice(game, QUICK) == choice  # seeded by the game's seed and move
    token = CancelToken()
    token.cancel()
    with pytest.raises(SearchCancelled):
        plan_turn(game, QUICK, token=token)
    flag = np.ones(1, dtype=np.int32)
    values, hoards, win_bonus, first_legal = kernel_strategies((QUICK,))
    line = np.full((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), -1, dtype=np.int64)
    plays, _ = kernels.expert_decide(state_of(game), 0, 0, values, hoards, win_bonus, first_legal, LINE_CAP,
                                     kernels.TABLES, line, 4, 3000, 6, noise_of(game), flag, 0 * flag,
                                     np.zeros(3, dtype=np.int64))
    assert plays == kernels.CANCELLED
    stopped = expert_choice(game, QUICK, seconds=0.0)  # the clock runs out at once: one deal, then the answer
    assert stopped.candidates == choice.candidates and 0 < stopped.playouts <= choice.candidates


def test_the_expert_is_a_named_strategy():
    assert strategy_named("expert") is EXPERT and EXPERT.playouts > 0
