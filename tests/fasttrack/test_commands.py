"""`tablegames fasttrack ...` subcommands."""

import pytest

from tablegames.commands import run_table_command


def test_deal_prints_each_seats_deck(capsys):
    assert run_table_command("fasttrack", ["deal", "--seed", "0", "--cards", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["red:", "9", "J", "5", "5", "J"] and len(lines) == 4


def test_random_games_report_a_winner(capsys):
    assert run_table_command("fasttrack", ["random", "--games", "1", "--seed", "3"]) == 0
    assert "after" in capsys.readouterr().out


def test_bad_arguments_exit_2_with_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        run_table_command("fasttrack", ["deal", "--players", "9"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tablegames fasttrack deal: argument --players: 9: expected 2 to 6" in err
