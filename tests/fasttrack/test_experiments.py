"""Paired experiments, playouts and the commands that run them."""

import pytest

from tablegames.commands import run_table_command
from tablegames.core.progress import Progress
from tablegames.fasttrack.experiments import compare, playouts
from tablegames.fasttrack.game import FastTrackGame
from tablegames.fasttrack.search import search_line
from tablegames.fasttrack.strategy import CHAMPION, FIRST_LEGAL, strategy_named


def test_paired_comparison_plays_every_seed_four_times():
    progress = Progress(12, "experiment", shown=False)
    result = compare(FIRST_LEGAL, [0, 1, 2], progress=progress, chunk=2)
    assert result.games == 12 and progress.done == 12
    assert result.red_wins <= result.champion_red_wins  # the naive player never beats the champion on these
    assert abs(result.difference - (result.red_wins - result.champion_red_wins) / 12) < 1e-12
    assert compare(CHAMPION, [0, 1]).difference == 0.0


def test_a_comparison_with_another_baseline_pairs_the_two_strategies_on_the_same_deals():
    seeds = [0, 1, 2, 3]
    no_hoard = strategy_named("no-hoard")
    against_champion, baseline_alone = compare(FIRST_LEGAL, seeds), compare(no_hoard, seeds)
    result = compare(FIRST_LEGAL, seeds, baseline=no_hoard)
    assert result.red_wins == against_champion.red_wins and result.champion_red_wins == baseline_alone.red_wins
    assert abs(result.difference - (against_champion.difference - baseline_alone.difference)) < 1e-12
    assert "red plays no-hoard on the same deals:" in result.report()
    assert compare(no_hoard, [0], baseline=no_hoard).difference == 0.0


def test_playouts_use_the_same_shuffles_for_every_line():
    game = FastTrackGame.from_position({"red.R2": "red", "red.L3": "red", "blue.L0": "blue"}, hands={"red": "2 5 8 Q 9"})
    lines = search_line(game, keep=3).alternatives
    assert len(lines) == 3 and lines[0].score >= lines[1].score >= lines[2].score
    twice = playouts(game, [lines[0], lines[0], lines[1]], 6, seed=5)
    assert twice[0].wins == twice[1].wins and all(0 <= p.wins <= p.games == 6 for p in twice)


def test_experiment_command_prints_the_paired_difference(capsys):
    assert run_table_command("fasttrack", ["experiment", "--strategy", "first-legal", "--seeds", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("wins of 8") == 2 and "paired difference" in out and "standard error" in out


def test_commands_reject_bad_arguments_with_one_line(capsys):
    assert run_table_command("fasttrack", ["experiment", "--strategy", "nonesuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "champion" in err
    with pytest.raises(SystemExit) as stop:  # refused by the argument's type, before any game
        run_table_command("fasttrack", ["games", "--count", "0"])
    assert stop.value.code == 2 and "argument --count: 0: expected 1 to 1000000" in capsys.readouterr().err


def test_square_values_check_passes(capsys):
    assert run_table_command("fasttrack", ["square-values", "--check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_first_legal_red_wins_under_two_percent_of_200_games():
    result = compare(FIRST_LEGAL, list(range(50)))  # 50 seeds dealt four times
    assert result.games == 200 and result.red_wins < 0.02 * 200
    assert result.standard_error > 0 and result.difference < -0.15


def test_champion_red_wins_about_a_quarter():
    result = compare(CHAMPION, list(range(1000, 1200)))  # 800 games (the seed: 27.2%)
    assert 0.22 < result.red_wins / result.games < 0.33
