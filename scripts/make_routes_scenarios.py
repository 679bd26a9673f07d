"""Regenerate the larger shipped route scenarios (random 18xx-like maps) with their exact expected totals.

Each expected total comes from the exact search and is checked against the route-list method when its lists fit.
Usage: .venv/bin/python scripts/make_routes_scenarios.py
"""

from __future__ import annotations

from pathlib import Path

from tablegames.core.rng import make_rng
from tablegames.routes.randommaps import COMPANY, random_map
from tablegames.routes.scenario import Scenario, save_scenario
from tablegames.routes.search import RouteListTooLong, solve, solve_by_route_lists
from tablegames.routes.trains import RouteBonus, parse_train_list

FOLDER = Path(__file__).resolve().parents[1] / "src" / "tablegames" / "routes" / "scenarios"
MAPS = [
    # name, stops, tokens, trains, phase
    ("random40", 40, 3, "4,3,2", "3"),
    ("random60", 60, 3, "D,4,3", "5"),
    ("random120", 120, 4, "D,6,5,4", "5"),
]


def main() -> None:
    for name, n_stops, n_tokens, trains_text, phase in MAPS:
        network = random_map(make_rng(2026, "scenario", name), n_stops, n_tokens)
        trains = parse_train_list(trains_text)
        offboards = [s.name for s in network.stops if s.kind == "offboard"]
        bonuses = []
        if len(offboards) >= 2:
            bonuses = [RouteBonus("east-west", ((offboards[0],), (offboards[-1],)), 100)]
        result = solve(network, trains, COMPANY, phase, bonuses)
        try:
            check = solve_by_route_lists(network, trains, COMPANY, phase, bonuses, max_routes=2_000_000).total
        except RouteListTooLong:
            check = None
        if check is not None and check != result.total:
            raise SystemExit(f"{name}: exact search {result.total} but route lists {check}")
        scenario = Scenario(network, trains, COMPANY, phase, f"Random 18xx-like map, {n_stops} stops ({name})",
                            bonuses, result.total)
        save_scenario(scenario, FOLDER / f"{name}.json")
        print(f"{name}: total {result.total} in {result.seconds:.2f} s, route lists: {check}")


if __name__ == "__main__":
    main()
