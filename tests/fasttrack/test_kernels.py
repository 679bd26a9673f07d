"""The compiled kernels against the plain-Python reference: same lines, same games, same digests."""

import os
import subprocess
import sys

import numpy as np
import pytest

from tablegames.commands import run_table_command
from tablegames.fasttrack import kernels
from tablegames.fasttrack.experiments import play_seeds
from tablegames.fasttrack.game import FastTrackGame, Partnership
from tablegames.fasttrack.search import LEVEL_PHASES, compiled_search, plan_turn, search_line
from tablegames.fasttrack.strategy import CHAMPION, FIRST_LEGAL, strategy_named

# `tablegames fasttrack games --count 10 --seed 0 --digest`: a change meant not to alter play must keep it.
DIGEST_10_GAMES = "5846abed97e50e09e675c6310bee0657"
DIGEST_200_GAMES = "1e5ffb242990ca2d62b912dbbe255579"  # --count 200, the same with --workers 2 or --scheduler


def decisions(seed, strategies, limit, partnership=Partnership.SOLO):
    """Games at their first `limit` search positions, played by the reference search."""
    game = FastTrackGame(seed, partnership=partnership)
    found = []
    while not game.is_terminal() and len(found) < limit:
        if game.phase in LEVEL_PHASES:
            found.append(game.clone())
        for code in plan_turn(game, strategies[game.seat]):
            game.click(code)
    return found


@pytest.mark.parametrize("seed", [3, 4])
def test_compiled_search_finds_the_reference_line(seed):
    for game in decisions(seed, (CHAMPION,) * 4, 40):
        for strategy in (CHAMPION, FIRST_LEGAL, strategy_named("no-hoard")):
            reference, compiled = search_line(game, strategy), compiled_search(game, strategy)
            assert compiled.best.clicks == reference.best.clicks
            assert compiled.best.stage == reference.best.stage
            if not strategy.first_legal:
                assert (compiled.best.score, compiled.best.key) == (reference.best.score, reference.best.key)
                assert (compiled.lines, compiled.cut) == (reference.lines, reference.cut)


@pytest.mark.parametrize("partnership", [Partnership.ANYTIME, Partnership.ONCE_HOME])
def test_compiled_search_finds_the_reference_line_with_partners(partnership):
    for game in decisions(5, (CHAMPION,) * 4, 60, partnership):
        for strategy in (CHAMPION, FIRST_LEGAL):
            reference, compiled = search_line(game, strategy), compiled_search(game, strategy)
            assert compiled.best.clicks == reference.best.clicks and compiled.best.score == reference.best.score


def test_kernel_partnership_games_replay_in_the_rules():
    games = play_seeds([3, 4], [0, 0], (CHAMPION,) * 4, partnership=int(Partnership.ANYTIME))
    for seed, log, winner in zip(games.seeds, games.logs, games.winners, strict=True):
        game = FastTrackGame(int(seed), partnership=Partnership.ANYTIME)
        for code in log.tolist():
            game.click(code)
        assert game.is_terminal() and game.winners == (winner, winner + 2)


@pytest.mark.parametrize("seed", [11, 12])
def test_kernel_games_are_the_reference_games(seed):
    strategies = (FIRST_LEGAL, CHAMPION, CHAMPION, CHAMPION)
    kernel = play_seeds([seed], [0], strategies)
    game = FastTrackGame(seed)
    while not game.is_terminal():
        clicks = list(search_line(game, strategies[game.seat]).best.clicks) if game.phase in LEVEL_PHASES else []
        for code in clicks or plan_turn(game, strategies[game.seat]):
            game.click(code)
    assert game.actions == kernel.logs[0].tolist()
    assert game.winners == (kernel.winners[0],)


def test_kernel_games_replay_click_for_click_in_the_rules():
    games = play_seeds(list(range(20, 30)), [0] * 10, (CHAMPION, FIRST_LEGAL, CHAMPION, strategy_named("base-1000")))
    for seed, log, winner in zip(games.seeds, games.logs, games.winners, strict=True):
        game = FastTrackGame(int(seed))
        for code in log.tolist():
            game.click(code)  # raises if the kernel made an illegal move
        assert game.is_terminal() and game.winners == (winner,)


def test_rotation_deals_each_seat_the_next_seats_deck():
    plain, turned = kernels.new_game(7, 0), kernels.new_game(7, 1)
    assert np.array_equal(turned[2][0], plain[2][1]) and np.array_equal(turned[2][3], plain[2][0])
    dealt = FastTrackGame(7)  # the rules core's deal: five cards drawn from the top of the same deck
    assert plain[2][0][5:].tolist() == dealt.decks[0][5:].tolist()
    assert sorted(plain[2][0][:5].tolist()) == sorted(dealt.hand(0))


def test_four_jacks_and_a_joker_finish_and_the_cap_is_reported():
    game = FastTrackGame.from_position(
        {"red.L1": "red", "red.R2": "red", "blue.L3": "red", "green.R1": "blue", "blue.R3": "green",
         "purple.L2": "purple", "green.L4": "blue", "blue.L1": "purple", "purple.R3": "green"},
        hands={"red": "J J J J joker"},
    )
    full = compiled_search(game)
    assert full.lines > 20_000 and full.best.clicks[0] in (140 + 9, 140 + 13)
    capped = compiled_search(game, cap=40)
    assert capped.cut and capped.lines < full.lines


def test_digest_of_ten_games_is_unchanged(capsys):
    assert run_table_command("fasttrack", ["games", "--count", "10", "--seed", "0", "--digest"]) == 0
    assert f"digest {DIGEST_10_GAMES}" in capsys.readouterr().out


@pytest.mark.parametrize("where", [[], ["--workers", "2"]], ids=["this process", "two workers"])
def test_digest_of_200_games_is_unchanged_wherever_they_are_played(where, capsys):
    if where and (os.cpu_count() or 1) < 2:
        pytest.skip("--workers 2 needs two CPUs")
    assert run_table_command("fasttrack", ["games", "--count", "200", "--seed", "0", "--digest", *where]) == 0
    assert f"digest {DIGEST_200_GAMES}" in capsys.readouterr().out


NOJIT_SCRIPT = """
from tablegames.fasttrack.experiments import play_seeds
from tablegames.fasttrack.strategy import CHAMPION, FIRST_LEGAL
print(play_seeds([{seeds}], [{rotations}], (CHAMPION, FIRST_LEGAL, CHAMPION, CHAMPION), max_turns={turns}).digest())
"""


def digest_without_jit(seeds, rotations, turns):
    script = NOJIT_SCRIPT.format(seeds=", ".join(map(str, seeds)), rotations=", ".join(map(str, rotations)), turns=turns)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=900, check=True)
    return done.stdout.strip()


def test_plain_python_kernels_play_the_compiled_moves():
    seeds, rotations, turns = [9], [2], 5
    compiled = play_seeds(seeds, rotations, (CHAMPION, FIRST_LEGAL, CHAMPION, CHAMPION), max_turns=turns)
    assert sum(len(log) for log in compiled.logs) > 20
    assert digest_without_jit(seeds, rotations, turns) == compiled.digest()


@pytest.mark.slow
def test_plain_python_kernels_play_whole_games_alike():
    seeds, rotations = [1, 2], [0, 3]
    compiled = play_seeds(seeds, rotations, (CHAMPION, FIRST_LEGAL, CHAMPION, CHAMPION))
    assert digest_without_jit(seeds, rotations, kernels.MAX_TURNS) == compiled.digest()
