"""Real boards as regression tests (tests/routes/boards/, made by scripts/make_routes_boards.py): the 1889
Takamatsu case by phase, worked out by hand, and late-game 1889 and 1830 boards whose optima the brute force
confirmed (expected.json). Each board goes through its file, the board loader and the track graph, then both
methods of the exact solver, the brute force and the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from shared_folder import needs_shared_18xx as needs_shared
from tablegames.commands import run_table_command
from tablegames.routes.boards import load_board
from tablegames.routes.hexmap_network import board_network
from tablegames.routes.reference import brute_force
from tablegames.routes.search import BRANCH_AND_BOUND, LISTS, solve
from tablegames.routes.trains import parse_train

BOARDS = Path(__file__).resolve().parent / "boards"
EXPECTED = json.loads((BOARDS / "expected.json").read_text(encoding="utf-8"))

# Kotohira (KO) at Takamatsu K4, track to Sakaide & Okayama (J1, through J3), Naruto & Awaji (L7, through K6)
# and the town Ritsurin Kouen (J5, 10). Off-boards: yellow 20, brown 40, diesel 80; Takamatsu by its tile.
TAKAMATSU = [
    ("2", 100, "yellow K4 30: two 2-trains, K4-J1 (30 + 20) and K4-L7 (30 + 20)"),
    ("3", 130, "green 440, K4 40: 3-trains J1-K4-L7 (20 + 40 + 20) and K4-J5 (40 + 10)"),
    ("5", 210, "brown 466, K4 60, off-boards 40: 5-trains J1-K4-L7 (140) and K4-J5 (70)"),
    ("D", 290, "the D reads the diesel 80: D J1-K4-L7 (80 + 60 + 80) and the 6 K4-J5 (70)"),
]


def board_case(name: str):
    board = load_board(BOARDS / f"{name}.json")
    company = EXPECTED[name]["company"]
    trains = [parse_train(t) for t in board.trains[company]]
    return board_network(board), trains, company, board.phase


@needs_shared
@pytest.mark.parametrize(("phase", "total", "why"), TAKAMATSU)
def test_takamatsu_by_phase(phase: str, total: int, why: str) -> None:
    name = f"1889-takamatsu-phase-{phase}"
    assert EXPECTED[name] == {"company": "KO", "total": total}, why
    network, trains, company, board_phase = board_case(name)
    assert board_phase == phase
    assert brute_force(network, trains, company, phase)[0] == total, why
    for method in (LISTS, BRANCH_AND_BOUND):
        assert solve(network, trains, company, phase, method=method).total == total, (method, why)


@needs_shared
def test_the_diesel_runs_between_the_two_off_boards() -> None:
    network, trains, company, phase = board_case("1889-takamatsu-phase-D")
    runs = {run.train: run for run in solve(network, trains, company, phase).runs}
    assert set(runs["D"].stops) == {"J1.o0", "K4.c0", "L7.o0"} and runs["D"].revenue == 220
    assert set(runs["6"].stops) == {"K4.c0", "J5.t0"} and runs["6"].revenue == 70


LATE = sorted(name for name in EXPECTED if "late" in name)


def test_there_are_ten_late_game_boards_of_both_games() -> None:
    assert len(LATE) >= 10
    assert {name.split("-")[0] for name in LATE} == {"1889", "1830"}


@needs_shared
@pytest.mark.parametrize("name", LATE)
def test_late_game_board(name: str, legal_runs) -> None:
    network, trains, company, phase = board_case(name)
    expected = EXPECTED[name]["total"]
    assert brute_force(network, trains, company, phase)[0] == expected
    for method in (LISTS, BRANCH_AND_BOUND):
        result = solve(network, trains, company, phase, method=method)
        assert result.total == expected, method
        legal_runs(network, trains, company, phase, result)


@needs_shared
@pytest.mark.parametrize("name", ["1889-takamatsu-phase-D", "1830-late-1"])
def test_routes_solve_prints_the_optimum(name: str, capsys) -> None:
    assert run_table_command("routes", ["solve", str(BOARDS / f"{name}.json")]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"^total {EXPECTED[name]['total']}$", out, re.MULTILINE), out
