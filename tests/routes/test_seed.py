"""The Rails-devel "all trains at once" case: the seed's table, exactly (here "4,3" = a 4-train and a 3-train)."""

import pytest

from tablegames.routes.network import Network, Segment, Stop
from tablegames.routes.reference import brute_force
from tablegames.routes.scenario import load_scenario
from tablegames.routes.search import solve, solve_by_route_lists
from tablegames.routes.trains import parse_train_list

SEED_TABLE = [("2", 40), ("3", 50), ("4", 90), ("2,2", 70), ("2,3", 80), ("3,3", 90), ("4,3", 140), ("4,4", 180)]


def seed_network() -> Network:
    """  20 ---- 20T ---- 10 ---- 10 ---- 50   (plus a second branch T - 10 - 10 - 50); token at T."""
    stops = [Stop("A", "city", 20), Stop("T", "city", 20, tokens=("X",))]
    stops += [Stop(f"{arm}{i}", "city", v) for arm in "BC" for i, v in ((1, 10), (2, 10), (3, 50))]
    pairs = [("A", "T"), ("T", "B1"), ("B1", "B2"), ("B2", "B3"), ("T", "C1"), ("C1", "C2"), ("C2", "C3")]
    return Network(stops, [Segment(a, b) for a, b in pairs])


@pytest.mark.parametrize(("trains", "expected"), SEED_TABLE)
def test_seed_table(trains: str, expected: int, legal_runs, solve_by) -> None:
    network = seed_network()
    train_list = parse_train_list(trains)
    result = solve_by(network, train_list, "X")
    assert result.total == expected
    legal_runs(network, train_list, "X", "1", result)
    assert solve_by_route_lists(network, train_list, "X").total == expected
    assert brute_force(network, train_list, "X")[0] == expected


def test_seed_4_3_takes_a_long_branch_and_straddles_the_token(solve_by) -> None:
    result = solve_by(seed_network(), parse_train_list("4,3"), "X")
    four, three = result.runs
    assert four.revenue == 90 and four.stops[0] == "T" and four.stops[-1] in ("B3", "C3")
    assert three.revenue == 50 and three.stops[1] == "T" and "A" in three.stops


def test_shipped_seed_scenario() -> None:
    scenario = load_scenario("seed")
    assert scenario.expected == 140
    assert solve(scenario.network, scenario.trains, scenario.company, scenario.phase).total == 140
