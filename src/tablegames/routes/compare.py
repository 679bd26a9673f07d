"""Prior-art comparison: our exact search against the route-list-then-combinations method as well-known tools run
it (every route of each train listed, only the best 10,000 per train by standalone revenue kept, then the best
conflict-free combination of the kept routes).

`truncation_trap()` builds a network where that truncation loses the optimum: a token city with one side into a
rich grid of cities (tens of thousands of routes, every one worth more than anything outside it) and one side onto
a short line of towns. The best pair of runs is one train into the grid and the other down the town line, but the
town line ranks below every grid route, so a 10,000-route list never holds it and the truncated method can only
run one train.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tablegames.routes.network import Network, Segment, Stop
from tablegames.routes.search import RouteListTooLong, RunResult, solve, solve_by_route_lists
from tablegames.routes.trains import RouteBonus, TrainType, parse_train_list

ROUTE_LIMIT = 10_000  # routes kept per train by tobymao/18xx's auto-router (route_limit)


@dataclass(frozen=True)
class Comparison:
    exact: RunResult
    truncated: RunResult | None  # None when even listing the routes ran out of room
    route_limit: int
    note: str = ""

    @property
    def is_missed(self) -> bool:
        """The truncated method reported less than the optimum."""
        return self.truncated is not None and self.truncated.total < self.exact.total


def compare(network: Network, trains: Sequence[TrainType], company: str, phase: str | None = None,
            bonuses: Sequence[RouteBonus] = (), route_limit: int = ROUTE_LIMIT) -> Comparison:
    exact = solve(network, trains, company, phase, bonuses)
    try:
        truncated = solve_by_route_lists(network, trains, company, phase, bonuses, route_limit=route_limit)
    except RouteListTooLong as error:
        return Comparison(exact, None, route_limit, f"route lists: {error}")
    return Comparison(exact, truncated, route_limit)


def truncation_trap(width: int = 5, height: int = 4) -> tuple[Network, list[TrainType], str, str]:
    """(network, trains, company, phase) on which the 10,000-route truncation misses the optimum (see the module
    docstring). Token city T (20) -> grid corner G0_0; T -> towns B1 (10) -> B2 (10); grid cities 30 each."""
    stops = [Stop("T", "city", 20, 1, ("TRAP",)), Stop("B1", "town", 10), Stop("B2", "town", 10)]
    segments = [Segment("T", "G0_0", ("side:a",), 1), Segment("T", "B1", ("side:b",), 1),
                Segment("B1", "B2", ("side:c",), 1)]
    for y in range(height):
        for x in range(width):
            stops.append(Stop(f"G{x}_{y}", "city", 30, 1))
            if x + 1 < width:
                segments.append(Segment(f"G{x}_{y}", f"G{x + 1}_{y}", (f"h{x}_{y}",), 1))
            if y + 1 < height:
                segments.append(Segment(f"G{x}_{y}", f"G{x}_{y + 1}", (f"v{x}_{y}",), 1))
    return Network(stops, segments, phases=("1",)), parse_train_list("D,D"), "TRAP", "1"
