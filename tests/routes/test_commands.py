"""`tablegames routes solve`: bad input is one line naming the file, the field and the bound (exit 2), a total
that differs from the file's expected one exits 1, a file of an unknown format is refused by its format, and
`--timeout` stops a long search (exit 3)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tablegames.commands import run_table_command
from tablegames.core.rng import make_rng
from tablegames.routes import commands
from tablegames.routes.boards import board_to_dict, load_shipped_map
from tablegames.routes.hexmap import BoardState, place_home_tokens
from tablegames.routes.randommaps import COMPANY, random_map
from tablegames.routes.scenario import Scenario, save_scenario, scenario_path
from tablegames.routes.search import LiveProgress
from tablegames.routes.trains import parse_train_list


def seed_scenario() -> dict:
    return json.loads(scenario_path("seed").read_text(encoding="utf-8"))


def solve_command(capsys, *args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `tablegames routes solve ARGS`; argparse's refusals included."""
    try:
        status = run_table_command("routes", ["solve", *args])
    except SystemExit as stop:
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_two_stops_worth_6e18_are_refused_not_summed_to_total_0(tmp_path, capsys) -> None:
    data = seed_scenario()
    for stop in data["stops"][:2]:
        stop["value"] = 6 * 10**18
    status, out, err = solve_command(capsys, str(write(tmp_path / "big.json", data)))
    assert status == 2 and "total" not in out
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "big.json: stops[0].value: got 6000000000000000000, expected an integer from 0 to 1,000,000" in err


@pytest.mark.parametrize("trains, words", [
    ("4x10000000000000000000", "train '4x10000000000000000000': multiplier 10000000000000000000, expected 1 to 10"),
    ("99999999999999999999E", "expected at most 1048576 stops"),
    ("4," + "9" * 5000, "expected at most 1048576 stops"),
])
def test_trains_argument_beyond_the_bounds_is_refused_before_any_work(trains, words, capsys) -> None:
    status, out, err = solve_command(capsys, "seed", "--trains", trains)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "argument --trains" in err and words in err


def harrowmere_board(trains: list[str], fmt: str = "tablegames-18xx-board") -> dict:
    board = place_home_tokens(BoardState(load_shipped_map(), map_ref="builtin:harrowmere"))
    data = board_to_dict(board)
    data["trains"] = {"HVR": trains}
    data["format"] = fmt
    return data


def test_a_board_train_beyond_the_bounds_is_refused_naming_the_file(tmp_path, capsys) -> None:
    path = write(tmp_path / "board.json", harrowmere_board(["4x99"]))
    status, _, err = solve_command(capsys, str(path), "--company", "HVR")
    assert status == 2 and err.count("\n") == 1
    assert f"{path}: trains of HVR: train '4x99', expected one of 2, 3, 4, 5, 6, D" in err


def test_a_total_that_differs_from_the_files_expected_total_exits_1(tmp_path, capsys) -> None:
    data = {**seed_scenario(), "expected": 999}
    status, out, _ = solve_command(capsys, str(write(tmp_path / "differs.json", data)))
    assert status == 1
    assert "total 140" in out and "DIFFERS from the file's expected total 999" in out
    status, out, _ = solve_command(capsys, "seed")
    assert status == 0 and "matches the file's expected total 140" in out


@pytest.mark.parametrize("data", [harrowmere_board(["4"], fmt="x"), {**seed_scenario(), "format": "x"}])
def test_an_unknown_format_is_refused_by_its_format_not_by_a_key(data, tmp_path, capsys) -> None:
    path = write(tmp_path / "other.json", data)
    status, _, err = solve_command(capsys, str(path))
    assert status == 2 and err.count("\n") == 1
    assert (f"unknown format 'x' in {path}; expected 'tablegames-routes/1' (a scenario), 'tablegames-18xx-board' "
            "(a board state) or no format (a scenario)") in err
    assert "unknown key" not in err


def test_a_name_that_is_neither_a_file_nor_a_shipped_scenario(capsys) -> None:
    status, _, err = solve_command(capsys, "no-such-scenario")
    assert status == 2 and "no such file, and no shipped scenario of that name (shipped: junction-twice, lakes" in err


def test_timeout_stops_a_long_search_and_says_so(tmp_path, capsys) -> None:
    # A 120-stop map where D,5,4,3 takes about 13 s of search: the half-second timeout stops it.
    network = random_map(make_rng(2, "bench", 120), 120, 3)
    path = tmp_path / "slow.json"
    save_scenario(Scenario(network, parse_train_list("D,5,4,3"), COMPANY, "5", name="slow"), path)
    status, out, err = solve_command(capsys, str(path), "--timeout", "0.5")
    assert status == 3 and "total" not in out
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("tablegames routes solve: timed out after 0.5 s (")
    assert "best found so far: total" in err or "no run found yet" in err


def test_timeout_leaves_a_quick_search_alone(capsys) -> None:
    status, out, _ = solve_command(capsys, "seed", "--timeout", "600")
    assert status == 0 and "total 140" in out


class FakeStream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_is_one_line_rewritten_on_a_terminal_and_nothing_elsewhere(monkeypatch) -> None:
    monkeypatch.setattr(commands, "PROGRESS_AFTER", 0.0)
    live = LiveProgress()
    control = live.begin("trains 1/2")
    control[1], control[2] = 12345, 140
    terminal, pipe = FakeStream(tty=True), FakeStream(tty=False)
    on_terminal, on_pipe = commands.ProgressLine(live, terminal), commands.ProgressLine(live, pipe)
    for line in (on_terminal, on_pipe):
        line.tick()
        line.tick()
    shown = terminal.getvalue()
    assert shown.count("\r") == 2 and "\n" not in shown
    assert "searching trains 1/2: 12,345 nodes, best so far 140" in shown
    on_terminal.clear()
    assert terminal.getvalue().endswith("\r") and pipe.getvalue() == ""
    assert on_pipe.best_seen == 140  # read for a timeout's report even when nothing is shown
