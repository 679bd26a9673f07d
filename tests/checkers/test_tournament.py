"""Tournament and training plumbing on tiny runs: scoring, reproducibility, the CLI's errors."""

import numpy as np
import platformdirs
import pytest

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.evaluate import PIECE_COUNT, WEIGHTS_PATH, read_weights
from tablegames.checkers.tournament import PairResult, format_table, run_tournament
from tablegames.checkers.train import hill_climb
from tablegames.commands import run_table_command
from tablegames.core.fanout import Fanout


def test_pair_result_scores_from_the_levels_side():
    result = PairResult(3, 2)
    result.add(level_is_red=True, winner=BLACK)  # level 3 as Red wins
    result.add(level_is_red=False, winner=BLACK)  # level 3 as White loses
    result.add(level_is_red=False, winner=None)  # a draw
    result.add(level_is_red=False, winner=WHITE)  # level 3 as White wins
    assert (result.wins, result.draws, result.losses, result.games) == (2, 1, 1, 4)
    assert result.score == 0.625
    assert (result.as_red, result.red_games, result.as_white, result.white_games) == (1.0, 1, 1.5, 3)
    assert format_table([result]).splitlines()[-1] == "| L3 vs L2 | 2 | 1 | 1 | 62.5% | 1.0/1 | 1.5/3 |"


def test_a_tiny_tournament_is_reproducible_and_plays_both_colours():
    first = run_tournament([(2, 1)], opening_count=2, seed=4, show_progress=False)
    again = run_tournament([(2, 1)], opening_count=2, seed=4, show_progress=False)
    assert first == again
    (pair,) = first
    assert pair.games == 4 and pair.red_games == 2 and pair.white_games == 2
    assert pair.as_red + pair.as_white == pair.wins + 0.5 * pair.draws


def test_training_is_reproducible_and_starts_from_piece_counting():
    first = hill_climb(rounds=2, opening_count=1, depth=1, seed=3, threshold=0.0, show_progress=False)
    again = hill_climb(rounds=2, opening_count=1, depth=1, seed=3, threshold=0.0, show_progress=False)
    assert np.array_equal(first.weights, again.weights)
    assert first.accepted_rounds == [0, 1]  # threshold 0: every challenger that scores at all is taken
    assert first.weights[0] == PIECE_COUNT[0] and not np.array_equal(first.weights, PIECE_COUNT)


def test_train_command_writes_the_same_file_twice(tmp_path, capsys):
    paths = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in paths:
        args = ["train", "--rounds", "1", "--openings", "1", "--depth", "1", "--output", str(path)]
        assert run_table_command("checkers", args) == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()
    read_weights(paths[0])
    assert "wrote" in capsys.readouterr().out


def test_train_without_output_writes_to_the_user_data_folder_not_the_shipped_weights(tmp_path, capsys,
                                                                                    monkeypatch):
    shipped = WEIGHTS_PATH.read_bytes()
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda name: str(tmp_path / name))
    assert run_table_command("checkers", ["train", "--rounds", "1", "--openings", "1", "--depth", "1"]) == 0
    written = tmp_path / "tablegames" / "checkers-weights.json"
    read_weights(written)
    assert f"wrote the weights to {written}" in capsys.readouterr().out
    assert WEIGHTS_PATH.read_bytes() == shipped


@pytest.mark.parametrize(
    "args, message",
    [
        (["train", "--openings", "100", "--report", "report.md", "--report-openings", "100"],
         "--openings 100 and --report-openings 100: the report plays openings the training did not, so together "
         "at most 156"),
        (["tournament", "--pairs", "11:10"], "pair '11:10' in --pairs needs two different levels 1-10"),
        (["tournament", "--pairs", "3-2"], "pair '3-2' in --pairs is not N:M"),
        (["tournament", "--openings", "0"], "argument --openings: 0: expected 1 to 156"),
        (["tournament", "--workers", "0"], "argument --workers: 0: expected 1 to"),
        (["train", "--rounds", "0"], "argument --rounds: 0: expected 1 to 100000"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args, message, capsys):
    try:
        status = run_table_command("checkers", args)
    except SystemExit as stop:  # refused by the argument's type, before the command runs
        status = stop.code
    assert status == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == f"error: {message}" or message in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_td_lambda_is_reproducible_and_keeps_men_as_the_unit():
    from tablegames.checkers.train import td_lambda

    first = td_lambda(games=2, depth=1, seed=5, show_progress=False)
    again = td_lambda(games=2, depth=1, seed=5, show_progress=False)
    assert np.array_equal(first.weights, again.weights)
    assert first.weights[0] == 100 and not np.array_equal(first.weights, PIECE_COUNT)


@pytest.mark.slow
def test_worker_processes_change_the_speed_not_the_table():
    alone = run_tournament([(3, 2), (7, 6)], opening_count=2, seed=9, show_progress=False)
    with Fanout(workers=2) as fanout:
        parallel = run_tournament([(3, 2), (7, 6)], opening_count=2, seed=9, fanout=fanout, show_progress=False)
    assert alone == parallel
