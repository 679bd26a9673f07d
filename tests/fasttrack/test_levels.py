"""The computer levels: the champion's search choosing by softmax with a temperature, every draw hashed from the
game's seed, the move and the line's end, so a level's choice replays; the kernels choose as the reference does."""

import random
from dataclasses import replace

import pytest

from fasttrack_positions import positions
from tablegames.commands import run_table_command
from tablegames.fasttrack import kernels, search
from tablegames.fasttrack.experiments import compare, play_seeds
from tablegames.fasttrack.game import FastTrackGame
from tablegames.fasttrack.levels import mistakes, wilson_interval
from tablegames.fasttrack.search import LEVEL_PHASES, compiled_search, plan_turn, search_line
from tablegames.fasttrack.strategy import (
    CHAMPION,
    EXPERT,
    LEVEL_TEMPERATURES,
    LEVELS,
    level_strategy,
    strategy_named,
)


def test_the_levels_run_from_weakest_to_the_champion():
    assert LEVELS == ("beginner", "casual", "strong", "champion", "expert")
    temperatures = [LEVEL_TEMPERATURES[level] for level in LEVELS[:-1]]
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0
    assert level_strategy("champion") is CHAMPION
    assert strategy_named("casual") is level_strategy("casual")  # `experiment --strategy casual` plays the level
    with pytest.raises(ValueError, match="expected one of beginner"):
        level_strategy("grandmaster")
    assert level_strategy("expert") is EXPERT and EXPERT.playouts > 0


def test_the_hash_is_the_same_in_python_and_in_the_kernels():
    draw = random.Random(3)
    for _ in range(500):
        x = draw.getrandbits(32)
        assert kernels.mix32(x) == search.mix32(x)
        seed, move, rotation = draw.getrandbits(63), draw.getrandbits(12), draw.randrange(4)
        assert kernels.noise_state(seed, move, rotation) == search.noise_state(seed, move, rotation)


def test_a_levels_choice_is_the_same_in_the_kernels_and_the_reference():
    for game in positions(5, 30):
        for level in ("beginner", "strong"):
            strategy = level_strategy(level)
            reference, compiled = search_line(game, strategy), compiled_search(game, strategy)
            assert compiled.best.clicks == reference.best.clicks
            assert (compiled.best.score, compiled.best.key) == (reference.best.score, reference.best.key)


def test_a_levels_choice_is_reproducible_from_the_seed_and_the_move():
    games = positions(7, 40)
    beginner = level_strategy("beginner")
    first = [plan_turn(game.clone(), beginner) for game in games]
    assert first == [plan_turn(game.clone(), beginner) for game in games]  # asked again: the same
    champion = [plan_turn(game.clone()) for game in games]
    assert sum(a != b for a, b in zip(first, champion, strict=True)) >= 5  # a beginner errs, not always
    # another move number (the same position reached after one more action) draws anew
    moved = []
    for game in games:
        other = game.clone()
        other.actions.append(0)
        moved.append(plan_turn(other, beginner))
    assert moved != first


def test_a_level_does_not_depend_on_the_order_the_rules_list_moves(monkeypatch):
    games = positions(9, 20)
    casual = level_strategy("casual")
    expected = [search_line(game, casual).best.clicks for game in games]
    original = FastTrackGame.legal_actions

    def shuffled(self):
        actions = list(original(self))
        random.Random(len(actions)).shuffle(actions)
        return actions

    monkeypatch.setattr(FastTrackGame, "legal_actions", shuffled)
    assert [search_line(game, casual).best.clicks for game in games] == expected


def test_a_temperature_of_zero_is_the_champion():
    cold = replace(CHAMPION, name="cold", temperature=0.0)
    assert play_seeds([3], [1], (cold,) + (CHAMPION,) * 3).digest() == play_seeds([3], [1], (CHAMPION,) * 4).digest()


@pytest.mark.parametrize("seed", [11])
def test_kernel_games_with_levels_are_the_reference_games(seed):
    strategies = (level_strategy("beginner"), CHAMPION, level_strategy("casual"), CHAMPION)
    kernel = play_seeds([seed], [0], strategies)
    game = FastTrackGame(seed)
    while not game.is_terminal():
        clicks = list(search_line(game, strategies[game.seat]).best.clicks) if game.phase in LEVEL_PHASES else []
        for code in clicks or plan_turn(game, strategies[game.seat]):
            game.click(code)
    assert game.actions == kernel.logs[0].tolist()


def test_weaker_levels_win_less_against_champions():
    seeds = list(range(50))  # 200 deals a level (docs/fasttrack-tuning.md has 1,000)
    wins = {level: compare(level_strategy(level), seeds).red_wins for level in ("beginner", "casual", "champion")}
    assert wins["beginner"] < wins["casual"] < wins["champion"]
    assert wins["beginner"] >= 4  # mistakes, not a random-move bot (first-legal wins none of these)


def test_wilson_interval():
    low, high = wilson_interval(65, 1000)
    assert (round(low, 4), round(high, 4)) == (0.0513, 0.0820)
    assert wilson_interval(0, 200)[0] == 0.0 and wilson_interval(200, 200)[1] == pytest.approx(1.0)


def test_levels_command_prints_the_table(capsys):
    assert run_table_command("fasttrack", ["levels", "--seeds", "1", "--mistakes", "1"]) == 0
    out = capsys.readouterr().out
    assert "| beginner | " in out and "| champion | " in out and "of 4 |" in out
    assert "another line than the champion's" in out and "games, seeds 0..0" in out


def test_a_weaker_level_leaves_the_champions_line_more_often_and_gives_away_more():
    beginner, strong = mistakes("beginner", [0, 1]), mistakes("strong", [0, 1])
    assert beginner.decisions > 10 and strong.decisions > 10
    assert beginner.differ / beginner.decisions > strong.differ / strong.decisions
    assert sum(beginner.given_away) / beginner.decisions > sum(strong.given_away) / strong.decisions
    assert all(lost > 0 for lost in beginner.given_away) and list(beginner.given_away) == sorted(beginner.given_away)


NOJIT_LEVELS = """
from tablegames.fasttrack.experiments import play_seeds
from tablegames.fasttrack.strategy import CHAMPION, level_strategy
strategies = (level_strategy("beginner"), CHAMPION, level_strategy("casual"), CHAMPION)
print(play_seeds([9], [2], strategies, max_turns=12).digest())
"""


def test_plain_python_kernels_make_the_levels_compiled_choices():
    """The hash's products stay inside int64 without numba too (mul32 halves them)."""
    import os
    import subprocess
    import sys

    strategies = (level_strategy("beginner"), CHAMPION, level_strategy("casual"), CHAMPION)
    compiled = play_seeds([9], [2], strategies, max_turns=12).digest()
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", NOJIT_LEVELS], env=env,
                          capture_output=True, text=True, timeout=600, check=True)
    assert done.stdout.strip() == compiled
