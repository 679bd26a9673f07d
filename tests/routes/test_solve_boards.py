"""`routes solve` on board states (the shipped map and the shared 1889/1830 maps) and `routes compare`, including
the built-in case where keeping 10,000 routes per train misses the optimum."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from shared_folder import SHARED_18XX as SHARED
from shared_folder import needs_shared_18xx as needs_shared
from tablegames.commands import run_table_command
from tablegames.routes.boards import load_map, load_shipped_map, save_board
from tablegames.routes.compare import compare, truncation_trap
from tablegames.routes.hexmap import BoardState, lay_random_tiles, place_home_tokens
from tablegames.routes.hexmap_network import board_network
from tablegames.routes.search import solve, solve_by_route_lists
from tablegames.routes.trains import parse_train_list


def developed(board: BoardState, seed: int, lays: tuple[tuple[str, int], ...]) -> BoardState:
    board = place_home_tokens(board)
    for phase, count in lays:
        board = lay_random_tiles(replace(board, phase=phase), seed, count)
    return board


def printed_total(out: str) -> int:
    return int(re.search(r"^total (\d+)$", out, re.MULTILINE).group(1))


def check_cli_board(tmp_path, capsys, board: BoardState, company: str, trains: str, map_arg: str | None) -> None:
    board = replace(board, trains={company: trains.split(",")})
    path = tmp_path / "state.json"
    save_board(board, path)
    args = ["solve", str(path), "--company", company] if map_arg is None else [
        "solve", "--board", map_arg, str(path), "--company", company]
    assert run_table_command("routes", args) == 0
    out = capsys.readouterr().out
    expected = solve(board_network(board), parse_train_list(trains), company, board.phase)
    assert printed_total(out) == expected.total
    assert expected.total > 0
    for run in expected.runs:  # each train's line: its name, revenue and stop count
        assert re.search(rf"^train {re.escape(run.train)}\s+{run.revenue}\s+{len(run.stops)} stops", out, re.M)


def test_solve_a_board_of_the_shipped_map(tmp_path, capsys) -> None:
    board = developed(BoardState(load_shipped_map(), map_ref="builtin:harrowmere"), 3,
                      (("2", 20), ("3", 20), ("5", 12)))
    check_cli_board(tmp_path, capsys, board, "HVR", "4,3", None)
    check_cli_board(tmp_path, capsys, board, "HVR", "5,D", "builtin:harrowmere")
    assert "C11 Harrow" in run_and_read(capsys, ["solve", str(tmp_path / "state.json")])


def run_and_read(capsys, args: list[str]) -> str:
    assert run_table_command("routes", args) == 0
    return capsys.readouterr().out


@needs_shared
@pytest.mark.parametrize("game, company, trains", [("1889", "AR", "4,3"), ("1830", "PRR", "6,D")])
def test_solve_boards_of_the_shared_maps(tmp_path, capsys, game, company, trains) -> None:
    map_path = SHARED / f"{game}.json"
    board = developed(BoardState(load_map(map_path), map_ref=str(map_path)), 5,
                      (("2", 30), ("3", 40), ("5", 30)))
    check_cli_board(tmp_path, capsys, board, company, trains, str(map_path))


def test_solve_board_errors_are_one_line(tmp_path, capsys) -> None:
    path = tmp_path / "state.json"
    save_board(replace(place_home_tokens(BoardState(load_shipped_map(), map_ref="builtin:harrowmere")),
                       trains={"HVR": ["3"], "SCL": ["2"]}), path)
    for args, reason in [
        (["solve", str(path)], "--company is required"),
        (["solve", str(path), "--company", "XYZ"], "company 'XYZ'"),
        (["solve", "--board", "builtin:nowhere", str(path), "--company", "HVR"], "not a shipped map"),
        (["solve", str(path), "--company", "HVR", "--phase", "9"], "phase '9'"),
        (["solve", "--board", "builtin:harrowmere", str(tmp_path / "absent.json"), "--company", "HVR"], "absent"),
    ]:
        assert run_table_command("routes", args) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and reason in err, (args, err)


def test_the_truncated_route_lists_miss_the_trap_optimum() -> None:
    network, trains, company, phase = truncation_trap()
    outcome = compare(network, trains, company, phase)
    full = solve_by_route_lists(network, trains, company, phase)  # the same method untruncated: exact
    assert outcome.exact.total == full.total == 660  # 20 + 20 grid cities x 30 (one train), 20 + 10 + 10
    assert outcome.truncated.total == 640  # one train only: the town line is below the 10,000 kept routes
    assert outcome.is_missed
    assert ("T", "B1", "B2") in [run.stops for run in outcome.exact.runs]


def test_compare_agrees_where_nothing_is_cut(capsys) -> None:
    out = run_and_read(capsys, ["compare", "seed", "--trains", "4,3"])
    assert "both find the optimum" in out and out.count("total   140") == 2


def test_cli_compare_trap(capsys) -> None:
    out = run_and_read(capsys, ["compare", "--trap"])
    assert "total   660" in out and "total   640" in out and "MISSES the optimum by 20" in out
    assert run_table_command("routes", ["compare"]) == 2
    assert "--trap" in capsys.readouterr().err

