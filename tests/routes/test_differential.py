"""Both methods of the exact solver (branch and bound, route lists) equal the brute force on random small networks with what real
tiles produce (`randommaps.random_case`): towns, off-boards by phase, diesel values, groups, blocked cities, shared
conflict ids, gauges, junctions with and without conflict ids and hex sides, every train type, twins under one
name and under two names with a bonus only one earns. 300 maps by default, 5,000 more marked slow."""

import pytest

from tablegames.core.rng import make_rng
from tablegames.routes.randommaps import COMPANY, TRAIN_POOL, random_case, random_map, random_small_network
from tablegames.routes.reference import brute_force
from tablegames.routes.search import BRANCH_AND_BOUND, LISTS, solve, solve_by_route_lists
from tablegames.routes.trains import parse_train, parse_train_list

BLOCK = 50


def check_case(seed: int, legal_runs) -> None:
    case = random_case(make_rng(seed, "routes-differential"))
    network, trains, phase, bonuses = case.network, case.trains, case.phase, case.bonuses
    expected, _ = brute_force(network, trains, COMPANY, phase, bonuses)
    for method in (BRANCH_AND_BOUND, LISTS):
        result = solve(network, trains, COMPANY, phase, bonuses, method=method)
        assert result.total == expected, (seed, method, [t.name for t in trains], phase)
        legal_runs(network, trains, COMPANY, phase, result, bonuses)


@pytest.mark.parametrize("block", range(6))
def test_search_equals_brute_force(block: int, legal_runs) -> None:
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        check_case(seed, legal_runs)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(6, 106))
def test_search_equals_brute_force_on_5000_more_maps(block: int, legal_runs) -> None:
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        check_case(seed, legal_runs)


def test_random_cases_are_varied() -> None:
    """The generator really mixes the features the comparison is meant to cover (counted over the default 300)."""
    seen: dict[str, int] = {}

    def count(feature: str, present: bool) -> None:
        seen[feature] = seen.get(feature, 0) + int(present)

    train_names: set[str] = set()
    kinds: set[str] = set()
    for seed in range(6 * BLOCK):
        case = random_case(make_rng(seed, "routes-differential"))
        network, trains = case.network, case.trains
        kinds |= {s.kind for s in network.stops}
        train_names |= {t.name for t in trains}
        count("junction with a conflict id", any(j.conflicts for j in network.junctions))
        count("junction a route could pass twice", any(not j.crossing for j in network.junctions
                                                       if j.name in network.revisitable))
        count("hex side", any(j.crossing for j in network.junctions))
        count("hex side a route could pass twice", any(j.crossing for j in network.junctions
                                                       if j.name in network.revisitable))
        count("shared conflict id", any(seg.conflicts and seg.conflicts[0].startswith("shared")
                                        for seg in network.segments))
        count("narrow or dual track", any(seg.track != "broad" for seg in network.segments))
        count("group", any(s.group for s in network.stops))
        count("blocked city", any(s.is_blocked_for(COMPANY) for s in network.stops))
        count("phase values", any(isinstance(s.value, dict) for s in network.stops))
        count("twins under one name", len({t.name for t in trains}) < len(trains))
        count("twins under two names, a bonus for one", any(b.trains for b in case.bonuses))
        count("diesel with an off-board bonus", any(t.stop_bonus for t in trains))
        count("narrow-gauge train", any(t.track == "narrow" for t in trains))
        count("bonus for every train", any(not b.trains for b in case.bonuses))
    assert kinds == {"city", "town", "offboard"}
    assert set(TRAIN_POOL) <= train_names
    rare = {feature: n for feature, n in seen.items() if n < 15}
    assert not rare, rare


@pytest.mark.slow
def test_search_equals_brute_force_on_larger_networks() -> None:
    for seed in range(200):
        rng = make_rng(seed, "routes-differential-large")
        network = random_small_network(rng, max_stops=10)
        trains = [parse_train(str(rng.choice(TRAIN_POOL))) for _ in range(int(rng.integers(1, 4)))]
        expected, _ = brute_force(network, trains, COMPANY, "5")
        for method in (BRANCH_AND_BOUND, LISTS):
            assert solve(network, trains, COMPANY, "5", method=method).total == expected, (seed, method)


def test_unlimited_trains_equal_brute_force_on_dense_maps(legal_runs) -> None:
    """Dense little maps full of cycles, where the block-cut bound of D trains does the pruning."""
    for seed in range(80):
        rng = make_rng(seed, "routes-differential-dense")
        network = random_map(rng, int(rng.integers(7, 11)), 2, near_p=0.8, far_p=0.3)
        trains = parse_train_list(["D", "D,D", "D,2", "D,3E", "D,D,3"][seed % 5])
        expected, _ = brute_force(network, trains, COMPANY, "5")
        for method in (BRANCH_AND_BOUND, LISTS):
            result = solve(network, trains, COMPANY, "5", method=method)
            assert result.total == expected, (seed, method)
            legal_runs(network, trains, COMPANY, "5", result)


def test_search_equals_route_lists_on_larger_maps(legal_runs) -> None:
    """20-50 stop maps, where the memo, the suffix bounds and the train order matter: the exact search and the
    route-list method (another exact algorithm) agree."""
    sets = ["5,4,3,2", "4,4,3", "D,3,3", "3E,2,2", "4H,3", "D,4", "2+2,3T,2"]
    for seed in range(70):
        rng = make_rng(seed, "routes-differential-lists")
        network = random_map(rng, int(rng.integers(20, 51)), 3)
        trains = parse_train_list(sets[seed % len(sets)])
        result = solve(network, trains, COMPANY, "5", method=BRANCH_AND_BOUND)
        assert result.total == solve_by_route_lists(network, trains, COMPANY, "5").total, seed
        legal_runs(network, trains, COMPANY, "5", result)
