"""18xx route revenue on the command line.

- `tablegames routes solve FILE [--trains 4,3]`: the best runs of a scenario's company (FILE a scenario file or
  the name of a shipped one), or of a board state: `solve STATE.json --company SYM` (the board file names its
  map) or `solve --board MAP STATE.json --company SYM` (the map given: `builtin:harrowmere` or a map file such as
  1830.json; the state's own "map" is then ignored).
- `tablegames routes compare FILE|--trap ...`: the same input through the exact search and through the
  route-list method truncated to 10,000 routes per train, as well-known tools run it; both totals and times.
- `tablegames routes list`: the shipped scenarios.

`solve` searches on a worker thread while the main thread shows the search's progress (on a terminal, one line
rewritten in place) and turns Ctrl-C into a cancel: the kernel stops within milliseconds, one line says so, and
the command exits 130 without a traceback. `--timeout SECONDS` stops it the same way and exits 3, saying the best
total found so far. Exit codes: 0 solved, 1 the total differs from the file's "expected", 2 bad input (one line
naming the file and the field), 3 timed out, 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tablegames.core.arguments import positive_number, whole_number
from tablegames.core.worker import CancelToken, run_until_interrupted
from tablegames.routes.boards import (
    BOARD_FORMAT,
    board_from_dict,
    declared_format,
    read_json,
    resolve_map_ref,
)
from tablegames.routes.compare import ROUTE_LIMIT, compare, truncation_trap
from tablegames.routes.hexmap import BoardState
from tablegames.routes.hexmap_network import board_network
from tablegames.routes.network import Network
from tablegames.routes.scenario import FORMAT as SCENARIO_FORMAT
from tablegames.routes.scenario import load_scenario, parse_scenario, scenario_path, shipped_scenarios
from tablegames.routes.search import (
    LISTS,
    LiveProgress,
    RouteListTooLong,
    RunResult,
    SearchProgress,
    solve,
    solve_by_route_lists,
)
from tablegames.routes.trains import RouteBonus, TrainType, parse_train, parse_train_list


@dataclass
class Problem:
    """What a command runs: a network, a company's trains, the phase, and readable stop names."""

    title: str
    network: Network
    trains: list[TrainType]
    company: str
    phase: str
    bonuses: list[RouteBonus]
    labels: dict[str, str]
    expected: int | None = None


def _add_input_arguments(parser: argparse.ArgumentParser, file_required: bool = True) -> None:
    parser.add_argument("file", nargs=None if file_required else "?",
                        help="scenario file or shipped scenario name, or a board state file")
    parser.add_argument("--board", metavar="MAP",
                        help="the map of the board state FILE: builtin:<name> or a map file (e.g. 1830.json)")
    parser.add_argument("--trains", type=train_list, help="trains to run instead of the file's, e.g. 4,3 or D,5,3E")
    parser.add_argument("--phase", help="phase instead of the file's")
    parser.add_argument("--company", help="company instead of the file's (required for a board with several)")


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    solve_parser = subparsers.add_parser("solve", help="best runs for a scenario or a board state")
    _add_input_arguments(solve_parser)
    solve_parser.add_argument("--method", choices=("exact", "lists"), default="exact",
                              help="the exact solver (default: route lists or branch and bound, picked per "
                                   "problem) or the route-list method alone")
    solve_parser.add_argument("--progress", action="store_true",
                              help="print the search's progress to stderr even when it is not a terminal")
    solve_parser.add_argument("--timeout", type=positive_number(MAX_TIMEOUT), metavar="SECONDS",
                              help=f"stop the search after SECONDS (exit {TIMED_OUT}, saying the best total found "
                                   "so far)")
    solve_parser.set_defaults(run=run_solve)
    compare_parser = subparsers.add_parser(
        "compare", help="exact search against route lists truncated like well-known tools")
    _add_input_arguments(compare_parser, file_required=False)
    compare_parser.add_argument("--trap", action="store_true",
                                help="a built-in network where the truncated method misses the optimum")
    compare_parser.add_argument("--limit", type=whole_number(1, 10_000_000), default=ROUTE_LIMIT,
                                help=f"routes kept per train by the truncated method (default {ROUTE_LIMIT})")
    compare_parser.set_defaults(run=run_compare)
    list_parser = subparsers.add_parser("list", help="shipped scenarios")
    list_parser.set_defaults(run=run_list)


def train_list(text: str) -> list[TrainType]:
    """An argparse type: a list of trains such as 4,3 (every train checked, multipliers and all, before any work)."""
    try:
        return parse_train_list(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


# What FILE may be: a file without a "format" is a scenario (the scenario format makes it optional).
FILE_FORMATS: dict[str | None, str] = {SCENARIO_FORMAT: "a scenario", BOARD_FORMAT: "a board state",
                                       None: "a scenario"}


def stop_labels(board: BoardState) -> dict[str, str]:
    """"C11.c0" -> "C11 Harrow"; a hex with several cities or towns keeps the node ("D8.c1 Kestrel & Marrowby")."""
    labels = {}
    for coord, hx in board.game_map.hexes.items():
        spec = board.tile_on(coord)[0]
        stops = [n for n in spec.nodes if n.is_stop]
        for node in stops:
            where = coord if len(stops) == 1 else f"{coord}.{node.id}"
            labels[f"{coord}.{node.id}"] = f"{where} {hx.name}" if hx.name else where
    return labels


def board_trains(board: BoardState, company: str, where: str) -> list[TrainType]:
    """The company's trains as the board lists them (map train names such as "6" or "D")."""
    try:
        return [parse_train(name) for name in board.trains.get(company, [])]
    except ValueError as error:
        raise ValueError(f"{where}.trains.{company}: {error}") from None


def board_company(board: BoardState, company: str | None) -> str:
    """The company asked for, or the only one with trains on the board."""
    if company is not None:
        board.game_map.company(company)
        return company
    with_trains = [sym for sym, names in board.trains.items() if names]
    if len(with_trains) != 1:
        raise ValueError("--company is required: the board lists trains for "
                         f"{', '.join(with_trains) or 'no company'}")
    return with_trains[0]


def load_problem(args: argparse.Namespace) -> Problem:
    """The network and trains of a command's FILE (scenario or board state) and options."""
    path = Path(args.file) if args.board else scenario_path(args.file)
    if not path.exists() and not args.board:
        raise ValueError(f"{args.file}: no such file, and no shipped scenario of that name (shipped: "
                         f"{', '.join(sorted(shipped_scenarios()))})")
    data = read_json(path)
    if args.board or declared_format(data, args.file, FILE_FORMATS) == BOARD_FORMAT:
        if args.board:
            board_ref = args.board
            game_map = resolve_map_ref(board_ref, Path.cwd())
            board = board_from_dict(data, args.file, game_map=game_map)
            board.map_ref = board_ref
        else:
            board = board_from_dict(data, args.file, lambda ref: resolve_map_ref(ref, path.parent))
        company = board_company(board, args.company)
        phase = args.phase or board.phase
        board.game_map.phase(phase)
        trains = args.trains or board_trains(board, company, args.file)
        if not trains:
            raise ValueError(f"{args.file}: company {company} has no trains on the board (give --trains)")
        network = board_network(board)
        if company not in network.companies():
            raise ValueError(f"company {company!r} has no token on this board "
                             f"(companies with tokens: {', '.join(network.companies()) or 'none'})")
        return Problem(f"{board.game_map.title}: {path.name}", network, trains, company, phase, [],
                       stop_labels(board))
    scenario = parse_scenario(data, args.file)
    trains = args.trains or scenario.trains
    phase = args.phase or scenario.phase
    company = args.company or scenario.company
    scenario.network.check_phase(phase)
    if company not in scenario.network.companies():
        raise ValueError(f"company {company!r} has no token on this map "
                         f"(companies: {', '.join(scenario.network.companies()) or 'none'})")
    overridden = bool(args.trains or args.phase or args.company)
    return Problem(scenario.name or args.file, scenario.network, trains, company, phase, scenario.bonuses, {},
                   None if overridden else scenario.expected)


def format_result(result: RunResult, labels: dict[str, str] | None = None) -> list[str]:
    labels = labels or {}
    lines = []
    width = max((len(run.train) for run in result.runs), default=1)
    for run in result.runs:
        # Stops passed without counting (skipped towns, an express train's lesser stops) in brackets.
        names = [labels.get(stop, stop) for stop in run.stops]
        shown = [name if stop in run.counted else f"({name})" for stop, name in zip(run.stops, names, strict=True)]
        route = " - ".join(shown) if run.stops else "(does not run)"
        lines.append(f"train {run.train:<{width}}  {run.revenue:>5}  {len(run.stops)} stops: {route}")
    lines.append(f"total {result.total}")
    return lines


def _fail(command: str, error: Exception) -> int:
    print(f"tablegames routes {command}: {error}", file=sys.stderr)
    return 2


INTERRUPTED = 130  # the shell's code for a command stopped by Ctrl-C (128 + SIGINT)
DIFFERS = 1  # the total is not the file's expected total
TIMED_OUT = 3  # --timeout passed before the search finished
MAX_TIMEOUT = 7 * 24 * 3600.0  # a week
PROGRESS_AFTER = 0.5  # seconds before a search's progress shows: a quick answer prints none
PROGRESS_LINE_SECONDS = 1.0  # not on a terminal (--progress): a line this often


class ProgressLine:
    """The search's progress on stderr, read from the kernel's counters by the main thread: on a terminal one line
    rewritten in place; elsewhere nothing, or with `always` a line a second. It also keeps the best total any
    reading showed (every stage's best is the total of runs the trains could make), for a search stopped early."""

    def __init__(self, live: LiveProgress, stream: TextIO, always: bool = False) -> None:
        self.live = live
        self.stream = stream
        self.in_place = stream.isatty()
        self.shown = self.in_place or always
        self.started = time.perf_counter()
        self.next_line = PROGRESS_AFTER
        self.width = 0
        self.best_seen = 0

    def read(self) -> SearchProgress:
        reading = self.live.read()
        self.best_seen = max(self.best_seen, reading.best)
        return reading

    def tick(self) -> None:
        reading = self.read()
        elapsed = time.perf_counter() - self.started
        if not self.shown or elapsed < PROGRESS_AFTER:
            return
        text = f"searching {reading.stage}: {reading.nodes:,} nodes, best so far {reading.best}, {elapsed:.1f} s"
        if not self.in_place:
            if elapsed >= self.next_line:
                print(text, file=self.stream, flush=True)
                self.next_line = elapsed + PROGRESS_LINE_SECONDS
            return
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def clear(self) -> None:
        if self.in_place and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def run_solve(args: argparse.Namespace) -> int:
    live = LiveProgress()
    progress_line = ProgressLine(live, sys.stderr, always=args.progress)
    try:
        problem = load_problem(args)
        method = solve if args.method == "exact" else solve_by_route_lists

        def task(token: CancelToken) -> RunResult:
            return method(problem.network, problem.trains, problem.company, problem.phase, problem.bonuses,
                          progress=live, cancel=token)

        result = run_until_interrupted(task, progress_line.tick, timeout=args.timeout)
    except (ValueError, RouteListTooLong) as error:
        progress_line.clear()
        return _fail("solve", error)
    except KeyboardInterrupt:
        progress_line.clear()
        print("tablegames routes solve: interrupted (Ctrl-C): the search was stopped, no answer", file=sys.stderr)
        return INTERRUPTED
    except TimeoutError:
        progress_line.clear()
        best = progress_line.read()  # the last counters the kernel wrote
        found = (f"best found so far: total {progress_line.best_seen} (not proven best)"
                 if progress_line.best_seen > 0 else "no run found yet")
        print(f"tablegames routes solve: timed out after {args.timeout:g} s ({best.stage}, {best.nodes:,} nodes); "
              f"{found}", file=sys.stderr)
        return TIMED_OUT
    progress_line.clear()
    print(f"{problem.title}\ncompany {problem.company}, phase {problem.phase}, "
          f"trains {', '.join(t.name for t in problem.trains)}")
    for line in format_result(result, problem.labels):
        print(line)
    what = "routes listed" if result.method == LISTS else "search nodes"
    loaded = f"; kernels loaded in {result.load_seconds:.2f} s" if result.load_seconds else ""
    print(f"({args.method}, {result.method}: {result.nodes} {what}, {result.seconds:.3f} s{loaded})")
    if problem.expected is not None:
        if problem.expected != result.total:
            print(f"DIFFERS from the file's expected total {problem.expected}")
            return DIFFERS
        print(f"matches the file's expected total {problem.expected}")
    return 0


def run_compare(args: argparse.Namespace) -> int:
    try:
        if args.trap:
            network, trains, company, phase = truncation_trap()
            problem = Problem("truncation trap (a token city, a 5x4 grid of cities, a line of two towns)", network,
                              trains, company, phase, [], {})
        elif args.file is None:
            raise ValueError("give a scenario or board state FILE, or --trap")
        else:
            problem = load_problem(args)
        outcome = compare(problem.network, problem.trains, problem.company, problem.phase, problem.bonuses,
                          args.limit)
    except ValueError as error:
        return _fail("compare", error)
    print(f"{problem.title}\ncompany {problem.company}, phase {problem.phase}, "
          f"trains {', '.join(t.name for t in problem.trains)}")
    exact = outcome.exact
    print(f"exact search:            total {exact.total:>5}  {exact.seconds:8.3f} s  ({exact.nodes} search nodes)")
    for line in format_result(exact, problem.labels)[:-1]:
        print(f"  {line}")
    truncated = outcome.truncated
    if truncated is None:
        print(f"route lists (top {args.limit}): {outcome.note}")
        return 0
    print(f"route lists (top {args.limit:>5}): total {truncated.total:>5}  {truncated.seconds:8.3f} s  "
          f"({truncated.nodes} routes kept)")
    for line in format_result(truncated, problem.labels)[:-1]:
        print(f"  {line}")
    if outcome.is_missed:
        print(f"the truncated method MISSES the optimum by {exact.total - truncated.total}")
    else:
        print("both find the optimum")
    return 0


def run_list(args: argparse.Namespace) -> int:
    for name, path in sorted(shipped_scenarios().items()):
        try:
            scenario = load_scenario(path)
            print(f"{name:<12} {len(scenario.network.stops):>4} stops  {scenario.name}")
        except ValueError as error:
            print(f"{name:<12} broken: {error}")
    return 0
