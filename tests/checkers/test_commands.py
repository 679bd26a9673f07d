"""`tablegames checkers perft`: the divide split, the total line, errors as one line with exit status 2."""

from tablegames.commands import run_table_command


def test_perft_prints_divide_then_total(capsys):
    assert run_table_command("checkers", ["perft", "5", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["9-13", "1,345"]
    assert lines[7] == "perft(5) = 7361"
    assert "leaves/s" in lines[8]


def test_perft_from_a_fen_with_duplicate_routes(capsys):
    fen = "B:W14,15,22,23:BK10"
    assert run_table_command("checkers", ["perft", "1", "--fen", fen, "--count-duplicates"]) == 0
    assert "perft(1) = 2" in capsys.readouterr().out
    assert run_table_command("checkers", ["perft", "1", "--fen", fen]) == 0
    assert "perft(1) = 1" in capsys.readouterr().out


def test_bad_fen_is_one_line_and_exit_2(capsys):
    assert run_table_command("checkers", ["perft", "3", "--fen", "W:W33:B1"]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == "error: square 33 is not 1-32 in 'W:W33:B1'"
    assert captured.out == ""
