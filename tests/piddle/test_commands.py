import pytest

from tablegames.cli import main


def run(capsys, *argv):
    try:
        code = main(["piddle", *argv])
    except SystemExit as error:  # refused by the argument's type, before the command runs
        code = error.code
    out, err = capsys.readouterr()
    return code, out, err


def test_advise_prints_the_readme_move_and_chances(capsys):
    code, out, _ = run(capsys, "advise", "666231", "--rerolls", "2", "--beat", "5x5")
    assert code == 0
    assert "move: keep 6 6 6 1, reroll 2 dice" in out
    assert "win 0.8025  push 0.0000  lose 0.1975" in out


def test_advise_with_a_player_after_and_a_cap(capsys):
    code, out, _ = run(capsys, "advise", "666623", "--rerolls", "1", "--beat", "4x5", "--after", "1", "--cap", "1")
    assert code == 0 and "keep 6 6 6 6, reroll 2 dice" in out and "win 0.9222" in out


def test_six_ones_stop(capsys):
    code, out, _ = run(capsys, "advise", "111111", "--rerolls", "2", "--beat", "5x5", "--after", "1")
    assert code == 0 and "move: stop" in out


def test_dollar_objective_is_accepted(capsys):
    code, out, _ = run(capsys, "advise", "666231", "--rerolls", "2", "--beat", "5x5", "--objective", "dollar",
                       "--push-value", "0.5")
    assert code == 0 and "win 0.8025" in out


def test_first_prints_breaker_chances_and_stop_shares(capsys):
    code, out, _ = run(capsys, "first", "--players", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("win ") and "stops after 1 roll" in lines[2]
    shares = [float(part.split()[-1]) for part in lines[2].split(",")]
    assert sum(shares) == pytest.approx(1, abs=2e-4)


@pytest.mark.parametrize("argv, words", [
    (["advise", "66623", "--rerolls", "2"], "5 dice"),
    (["advise", "66623x", "--rerolls", "2"], "'x'"),
    (["advise", "666231", "--rerolls", "2", "--beat", "5y5"], "COUNTxVALUE"),
    (["advise", "666231", "--rerolls", "2", "--beat", "5x5", "--cap", "4"], "--cap: 4: expected 1 to 3"),
    (["advise", "666231", "--rerolls", "2", "--cap", "2"], "you break"),
    (["advise", "666231", "--rerolls", "2", "--objective", "dollar", "--push-value", "3"], "--push-value: 3: expected 0 to 1"),
    (["first", "--players", "1"], "--players: 1: expected 2 to 6"),
])
def test_malformed_input_is_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err
