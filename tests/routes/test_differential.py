"""The exact search equals the brute force (and the route-list method) on hundreds of random small networks
with mixed trains: towns, off-boards by phase, diesel values, groups, blocked cities, junctions, bonuses."""

import pytest

from tablegames.core.rng import make_rng
from tablegames.routes.randommaps import COMPANY, PHASES, random_map, random_small_network
from tablegames.routes.reference import brute_force
from tablegames.routes.search import solve, solve_by_route_lists
from tablegames.routes.trains import UNLIMITED, RouteBonus, TrainType, parse_train, parse_train_list

TRAIN_POOL = ["2", "3", "4", "D", "2E", "3E", "2H", "3H", "4H", "2+1", "2+2", "2T", "3T", "2x2", "3Ex2", "5"]
DIESEL_BONUS = TrainType("D+40", stops=UNLIMITED, stop_bonus={"offboard": 40})


def random_case(seed: int):
    rng = make_rng(seed, "routes-differential")
    network = random_small_network(rng)
    trains = [parse_train(str(rng.choice(TRAIN_POOL))) for _ in range(int(rng.integers(1, 4)))]
    if rng.random() < 0.2:
        trains.append(DIESEL_BONUS)
    if rng.random() < 0.2:
        trains.append(trains[0])  # a twin: interchangeable trains
    bonuses = []
    if rng.random() < 0.3:
        names = [s.name for s in network.stops]
        bonuses.append(RouteBonus("east-west", ((names[0], names[1]), (names[-1],)), 50))
    phase = str(rng.choice(PHASES))
    return network, trains, phase, bonuses


@pytest.mark.parametrize("block", range(6))
def test_search_equals_brute_force(block: int, legal_runs) -> None:
    for seed in range(block * 50, block * 50 + 50):
        network, trains, phase, bonuses = random_case(seed)
        expected, _ = brute_force(network, trains, COMPANY, phase, bonuses)
        result = solve(network, trains, COMPANY, phase, bonuses)
        assert result.total == expected, (seed, [t.name for t in trains], phase)
        legal_runs(network, trains, COMPANY, phase, result, bonuses)
        assert solve_by_route_lists(network, trains, COMPANY, phase, bonuses).total == expected, seed


def test_random_cases_are_varied() -> None:
    """The generator really mixes the features the comparison is meant to cover."""
    kinds, train_names, junctions, groups = set(), set(), 0, 0
    for seed in range(300):
        network, trains, _phase, _bonuses = random_case(seed)
        kinds |= {s.kind for s in network.stops}
        train_names |= {t.name for t in trains}
        junctions += bool(network.junctions)
        groups += any(s.group for s in network.stops)
    assert kinds == {"city", "town", "offboard"}
    assert set(TRAIN_POOL) <= train_names | {"D+40"}
    assert junctions > 50 and groups > 50


@pytest.mark.slow
def test_search_equals_brute_force_on_larger_networks() -> None:
    for seed in range(200):
        rng = make_rng(seed, "routes-differential-large")
        network = random_small_network(rng, max_stops=10)
        trains = [parse_train(str(rng.choice(TRAIN_POOL))) for _ in range(int(rng.integers(1, 4)))]
        expected, _ = brute_force(network, trains, COMPANY, "5")
        assert solve(network, trains, COMPANY, "5").total == expected, seed


def test_unlimited_trains_equal_brute_force_on_dense_maps(legal_runs) -> None:
    """Dense little maps full of cycles, where the block-cut bound of D trains does the pruning."""
    for seed in range(80):
        rng = make_rng(seed, "routes-differential-dense")
        network = random_map(rng, int(rng.integers(7, 11)), 2, near_p=0.8, far_p=0.3)
        trains = parse_train_list(["D", "D,D", "D,2", "D,3E", "D,D,3"][seed % 5])
        expected, _ = brute_force(network, trains, COMPANY, "5")
        result = solve(network, trains, COMPANY, "5")
        assert result.total == expected, seed
        legal_runs(network, trains, COMPANY, "5", result)


def test_search_equals_route_lists_on_larger_maps(legal_runs) -> None:
    """20-50 stop maps, where the memo, the suffix bounds and the train order matter: the exact search and the
    route-list method (another exact algorithm) agree."""
    sets = ["5,4,3,2", "4,4,3", "D,3,3", "3E,2,2", "4H,3", "D,4", "2+2,3T,2"]
    for seed in range(70):
        rng = make_rng(seed, "routes-differential-lists")
        network = random_map(rng, int(rng.integers(20, 51)), 3)
        trains = parse_train_list(sets[seed % len(sets)])
        result = solve(network, trains, COMPANY, "5")
        assert result.total == solve_by_route_lists(network, trains, COMPANY, "5").total, seed
        legal_runs(network, trains, COMPANY, "5", result)
