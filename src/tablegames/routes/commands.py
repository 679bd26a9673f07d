"""18xx route revenue: `tablegames routes solve FILE [--trains 4,3]` prints the best runs of a scenario's company;
`tablegames routes list` names the shipped scenarios (usable as FILE)."""

from __future__ import annotations

import argparse
import sys

from tablegames.routes.scenario import load_scenario, shipped_scenarios
from tablegames.routes.search import RouteListTooLong, RunResult, solve, solve_by_route_lists
from tablegames.routes.trains import parse_train_list


def add_commands(subparsers) -> None:
    solve_parser = subparsers.add_parser("solve", help="best runs for a scenario file")
    solve_parser.add_argument("file", help="scenario JSON file, or the name of a shipped scenario")
    solve_parser.add_argument("--trains", help="trains to run instead of the file's, e.g. 4,3 or D,5,3E")
    solve_parser.add_argument("--phase", help="phase instead of the file's")
    solve_parser.add_argument("--company", help="company instead of the file's")
    solve_parser.add_argument("--method", choices=("exact", "lists"), default="exact",
                              help="exact all-trains-at-once search (default) or route lists + combinations")
    solve_parser.set_defaults(run=run_solve)
    list_parser = subparsers.add_parser("list", help="shipped scenarios")
    list_parser.set_defaults(run=run_list)


def format_result(result: RunResult) -> list[str]:
    lines = []
    width = max((len(run.train) for run in result.runs), default=1)
    for run in result.runs:
        # Stops passed without counting (skipped towns, an express train's lesser stops) in brackets.
        shown = [stop if stop in run.counted else f"({stop})" for stop in run.stops]
        route = " - ".join(shown) if run.stops else "(does not run)"
        lines.append(f"train {run.train:<{width}}  {run.revenue:>5}  {len(run.stops)} stops: {route}")
    lines.append(f"total {result.total}")
    return lines


def run_solve(args: argparse.Namespace) -> int:
    try:
        scenario = load_scenario(args.file)
        trains = parse_train_list(args.trains) if args.trains else scenario.trains
        phase = args.phase or scenario.phase
        company = args.company or scenario.company
        scenario.network.check_phase(phase)
        if company not in scenario.network.companies():
            raise ValueError(f"company {company!r} has no token on this map "
                             f"(companies: {', '.join(scenario.network.companies()) or 'none'})")
        method = solve if args.method == "exact" else solve_by_route_lists
        result = method(scenario.network, trains, company, phase, scenario.bonuses)
    except (ValueError, RouteListTooLong) as error:
        print(f"tablegames routes solve: {error}", file=sys.stderr)
        return 2
    title = scenario.name or args.file
    print(f"{title}\ncompany {company}, phase {phase}, trains {', '.join(t.name for t in trains)}")
    for line in format_result(result):
        print(line)
    what = "search nodes" if args.method == "exact" else "routes listed"
    print(f"({args.method}: {result.nodes} {what}, {result.seconds:.3f} s)")
    if scenario.expected is not None and not args.trains and not args.phase and not args.company:
        verdict = "matches" if scenario.expected == result.total else "DIFFERS from"
        print(f"{verdict} the file's expected total {scenario.expected}")
    return 0


def run_list(args: argparse.Namespace) -> int:
    for name, path in sorted(shipped_scenarios().items()):
        try:
            scenario = load_scenario(path)
            print(f"{name:<12} {len(scenario.network.stops):>4} stops  {scenario.name}")
        except ValueError as error:
            print(f"{name:<12} broken: {error}")
    return 0
