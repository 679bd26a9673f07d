"""Regenerate the real-board regression cases in tests/routes/boards/ and their optima (expected.json).

* The Takamatsu case by phase (1889): Kotohira's home Takamatsu (K4) with track to Sakaide & Okayama (J1, through
  J3), to Naruto & Awaji (L7, through K6) and to the town Ritsurin Kouen (J5); one board per phase, Takamatsu's
  tile upgraded as the phase allows (yellow 30, green 440 40, brown 466 60), the trains of that phase. The
  optima are worked out by hand in the test and only checked here.
* Late-game boards of 1889 and 1830: from the printed map, home tokens down, seeded random legal lays through
  the phases (each lay legal in its phase: `lay_random_tiles`), then every company's spare tokens on cities its
  track reaches (`place_random_tokens`); one company with a typical late-game pair of trains. A board where the
  company reaches fewer than 12 stops is skipped for the next seed.

Every optimum comes from the brute force (`reference.brute_force`, which walks the raw track) and must equal
both methods of the exact solver; the script stops on any disagreement. The board files name the shared map by a
path relative to their folder (../shared beside the checkout, as the tests expect).

Usage: .venv/bin/python scripts/make_routes_boards.py
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

from tablegames.routes.boards import load_map, save_board
from tablegames.routes.hexmap import (
    BoardState,
    Token,
    lay_random_tiles,
    lay_tile,
    place_home_tokens,
    place_random_tokens,
)
from tablegames.routes.hexmap_network import board_network
from tablegames.routes.reference import brute_force
from tablegames.routes.search import BRANCH_AND_BOUND, LISTS, prepare, solve
from tablegames.routes.trains import parse_train_list

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "routes" / "boards"
SHARED_18XX = ROOT.parent / "shared" / "data" / "18xx"
MAP_REF = "../../../../shared/data/18xx/{game}.json"  # from tests/routes/boards/ to ../shared beside the checkout
# (phase, lays) in order: a game's track grows through the phases
LATE_LAYS = (("2", 30), ("3", 40), ("5", 45), ("D", 35))
# (file stem, game, first seed tried, phase the board stands in, company, trains)
LATE_BOARDS = [
    ("1889-late-1", "1889", 1, "D", "IR", "6,D"),
    ("1889-late-2", "1889", 2, "D", "SR", "D,D"),
    ("1889-late-3", "1889", 4, "6", "TR", "6,5"),
    ("1889-late-4", "1889", 5, "D", "AR", "6,D"),
    ("1889-late-5", "1889", 6, "D", "UR", "6,D"),
    ("1889-late-6", "1889", 8, "5", "KO", "5,4"),
    ("1830-late-1", "1830", 1, "D", "PRR", "6,D"),
    ("1830-late-2", "1830", 3, "D", "NYC", "D,D"),
    ("1830-late-3", "1830", 2, "6", "B&O", "6,5"),
    ("1830-late-4", "1830", 4, "D", "C&O", "6,D"),
    ("1830-late-5", "1830", 6, "5", "ERIE", "5,4"),
    ("1830-late-6", "1830", 8, "D", "C&O", "6,D"),
    ("1830-late-7", "1830", 7, "D", "NYC", "6,D"),
]
MIN_STOPS = 12
# The Takamatsu case: (phase, trains, lays up to that phase as (hex, tile, rotation), in order)
TAKAMATSU_YELLOW = (("J3", "8", 3), ("K6", "8", 3), ("J5", "3", 4))
TAKAMATSU = [
    ("2", "2,2", TAKAMATSU_YELLOW),
    ("3", "3,3", (*TAKAMATSU_YELLOW, ("K4", "440", 0))),
    ("5", "5,5", (*TAKAMATSU_YELLOW, ("K4", "440", 0), ("K4", "466", 0))),
    ("D", "6,D", (*TAKAMATSU_YELLOW, ("K4", "440", 0), ("K4", "466", 0))),
]


def confirmed_optimum(board: BoardState, company: str) -> tuple[int, float]:
    """The brute force's optimum (and its seconds), after checking that both methods of the solver agree."""
    network = board_network(board)
    trains = parse_train_list(",".join(board.trains[company]))
    started = time.perf_counter()
    expected, _ = brute_force(network, trains, company, board.phase)
    seconds = time.perf_counter() - started
    for method in (LISTS, BRANCH_AND_BOUND):
        total = solve(network, trains, company, board.phase, method=method).total
        if total != expected:
            raise SystemExit(f"{company} in phase {board.phase}: brute force {expected}, {method} {total}")
    return expected, seconds


def takamatsu_boards() -> dict[str, BoardState]:
    game_map = load_map(SHARED_18XX / "1889.json")
    boards = {}
    for phase, trains, lays in TAKAMATSU:
        board = BoardState(game_map, tokens=[Token("K4", 0, "KO")], phase="2", map_ref=MAP_REF.format(game="1889"))
        for coord, tile, rotation in lays:
            colour_phase = {"yellow": "2", "green": "3", "brown": "5"}[game_map.tiles[tile].color]
            board = lay_tile(replace(board, phase=colour_phase), coord, tile, rotation)
        boards[f"1889-takamatsu-phase-{phase}"] = replace(board, phase=phase, trains={"KO": trains.split(",")})
    return boards


def late_board(game: str, seed: int, phase: str, company: str, trains: str) -> BoardState:
    board = place_home_tokens(BoardState(load_map(SHARED_18XX / f"{game}.json"), map_ref=MAP_REF.format(game=game)))
    phases = [p.name for p in board.game_map.phases]
    for offset, (lay_phase, count) in enumerate(LATE_LAYS):
        if phases.index(lay_phase) > phases.index(phase):
            break
        board = lay_random_tiles(replace(board, phase=lay_phase), seed * 10 + offset, count)
    board = place_random_tokens(board, seed)
    return replace(board, phase=phase, trains={company: trains.split(",")})


def reached_stops(board: BoardState, company: str) -> int:
    return len(prepare(board_network(board), [], company, board.phase).stops)


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    expected: dict[str, dict[str, object]] = {}
    cases = [(name, board, "KO") for name, board in takamatsu_boards().items()]
    for name, game, seed, phase, company, trains in LATE_BOARDS:
        while reached_stops(board := late_board(game, seed, phase, company, trains), company) < MIN_STOPS:
            seed += 1  # the company's network stayed small: the next seed
        cases.append((name, board, company))
    for name, board, company in cases:
        reached = reached_stops(board, company)
        total, seconds = confirmed_optimum(board, company)
        save_board(board, FOLDER / f"{name}.json")
        expected[name] = {"company": company, "total": total}
        print(f"{name}: {company} {','.join(board.trains[company])} in phase {board.phase}, {len(board.tiles)} tiles, "
              f"{reached} stops reached: {total} (brute force {seconds:.2f} s)", flush=True)
    (FOLDER / "expected.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
