"""`tablegames checkers perft`: the divide split, the total line, errors as one line with exit status 2, a closed
pipe ends quietly and Ctrl-C stops a deep count (exit 130, one line)."""

import os
import signal
import subprocess
import sys
import time

import pytest

from tablegames.checkers.commands import MAX_PERFT_DEPTH
from tablegames.commands import run_table_command

HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


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


def test_a_depth_beyond_the_maximum_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as stopped:
        run_table_command("checkers", ["perft", str(MAX_PERFT_DEPTH + 1)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and f"expected 0 to {MAX_PERFT_DEPTH}" in error[0]


def _perft_process(*args: str) -> subprocess.Popen[str]:
    # SIGINT as a terminal delivers it (a test runner started in the background may have it ignored)
    return subprocess.Popen([sys.executable, "-m", "tablegames", "checkers", "perft", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=HEADLESS,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_a_closed_pipe_ends_the_divide_quietly():
    reader, writer = os.pipe()
    os.close(reader)  # `perft 5 --divide | head -1` once head has gone
    try:
        result = subprocess.run([sys.executable, "-m", "tablegames", "checkers", "perft", "5", "--divide"],
                                stdout=writer, stderr=subprocess.PIPE, text=True, env=HEADLESS, timeout=300)
    finally:
        os.close(writer)
    assert result.returncode == 0 and result.stderr == ""


@pytest.mark.slow
@pytest.mark.parametrize("divide", [False, True])
def test_ctrl_c_stops_a_deep_perft_with_one_line_and_exit_130(divide):
    started = time.monotonic()
    _perft_process("1").communicate(timeout=300)  # loads the kernels: as long as the start-up takes
    startup = time.monotonic() - started
    counting = _perft_process("16", *(["--divide"] if divide else []))  # a quarter of an hour if not stopped
    time.sleep(startup + 1.0)  # well into the count
    counting.send_signal(signal.SIGINT)
    out, err = counting.communicate(timeout=60)
    assert counting.returncode == 130
    assert err.splitlines() == ["tablegames: interrupted (Ctrl-C)"] and out == ""


def test_endgame_build_then_probe(capsys):
    assert run_table_command("checkers", ["endgame", "probe", "--fen", "B:WK32:BK1"]) == 2
    assert "no endgame database yet" in capsys.readouterr().err
    assert run_table_command("checkers", ["endgame", "build", "--pieces", "3"]) == 0
    out = capsys.readouterr().out
    assert "404,560 positions to solve" in out  # the slices' numbers, both sides to move, invalid ones included
    assert "     2         6,976         1,432           804         4,740       12" in out  # positions, W, L, D
    assert "3 pieces: 196,032 arrangements with both colours + 65,192 with one = 261,224 (Schaeffer et al. 2007, " \
           "table 1: 261,224)" in out
    assert run_table_command("checkers", ["endgame", "build", "--pieces", "3"]) == 0
    assert "0 slices solved" in capsys.readouterr().out
    assert run_table_command("checkers", ["endgame", "probe", "--fen", "B:WK1:BK14,K10"]) == 0
    assert "Black to move wins" in capsys.readouterr().out
    assert run_table_command("checkers", ["endgame", "probe", "--fen", "B:WK32:BK1"]) == 0
    assert "draw" in capsys.readouterr().out
    assert run_table_command("checkers", ["endgame", "probe", "--fen", "B:W20,K15:B12,K28"]) == 2
    assert "more pieces than the database holds (3)" in capsys.readouterr().err


@pytest.mark.slow
def test_ctrl_c_stops_an_endgame_build_and_the_next_run_goes_on(tmp_path):
    env = {**HEADLESS, "XDG_DATA_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "tablegames", "checkers", "endgame", "build", "--pieces", "5"]
    building = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(20.0)  # the kernels loaded or compiled, some slices solved
    building.send_signal(signal.SIGINT)
    _, err = building.communicate(timeout=60)
    assert building.returncode == 130 and err.splitlines()[-1] == "tablegames: interrupted (Ctrl-C)"
    assert "Traceback" not in err
    resumed = subprocess.run([*command[:-1], "3"], capture_output=True, text=True, env=env, timeout=300)
    assert resumed.returncode == 0, resumed.stderr


@pytest.mark.slow
def test_ctrl_c_stops_a_book_build_and_keeps_the_positions_scored(tmp_path):
    output = tmp_path / "book.json"
    building = subprocess.Popen(
        [sys.executable, "-m", "tablegames", "checkers", "book", "build", "--output", str(output)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=HEADLESS,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(20.0)  # the kernels loaded, a few positions scored
    building.send_signal(signal.SIGINT)
    _, err = building.communicate(timeout=60)
    assert building.returncode == 130 and err.splitlines()[-1] == "tablegames: interrupted (Ctrl-C)"
    assert "Traceback" not in err
    from tablegames.checkers.book import read_book
    assert len(read_book(output).positions) >= 1
