"""The two maps of issue 18 where the search used to return less than the optimum (twin trains told apart only
by a bonus paid by name; a junction without conflict ids that one route could pass twice), by every method, the
brute force and the command line; and the solver's choice of method."""

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tablegames.commands import run_table_command
from tablegames.routes.network import Junction, Network, Segment, Stop
from tablegames.routes.reference import brute_force
from tablegames.routes.scenario import load_scenario
from tablegames.routes.search import BRANCH_AND_BOUND, LISTS, solve, solve_by_route_lists
from tablegames.routes.trains import RouteBonus, TrainType

METHODS = [functools.partial(solve, method=BRANCH_AND_BOUND), functools.partial(solve, method=LISTS),
           solve_by_route_lists]


def twin_network() -> Network:
    return Network([Stop("T", "city", 20, tokens=("X",)), Stop("A", "city", 20)], [Segment("T", "A")])


@pytest.mark.parametrize("method", METHODS)
def test_the_bonus_goes_to_the_train_it_names(method) -> None:
    """One segment, so one train runs; only B2 earns the 100 for A: B2 runs, 140 (not 40)."""
    trains = [TrainType("A2", stops=2), TrainType("B2", stops=2)]
    bonus = [RouteBonus("A for B2", (("A",),), 100, trains=("B2",))]
    result = method(twin_network(), trains, "X", bonuses=bonus)
    assert result.total == 140
    assert [(run.train, run.stops, run.revenue) for run in result.runs] == [("A2", (), 0), ("B2", ("T", "A"), 140)]


@pytest.mark.parametrize("method", METHODS)
def test_a_bonus_for_the_first_twin_is_kept_too(method) -> None:
    """The same with the named train given first: the answer must not depend on which twin the bonus names."""
    trains = [TrainType("B2", stops=2), TrainType("A2", stops=2)]
    bonus = [RouteBonus("A for B2", (("A",),), 100, trains=("B2",))]
    assert method(twin_network(), trains, "X", bonuses=bonus).total == 140


@pytest.mark.parametrize("method", METHODS)
def test_twins_with_different_names_and_no_bonus_share_the_track(method) -> None:
    """Without a bonus by name, A2 and B2 are the same train: two segments, each runs one, 40 + 40."""
    network = Network([Stop("T", "city", 20, tokens=("X",)), Stop("A", "city", 20), Stop("B", "city", 20)],
                      [Segment("T", "A"), Segment("T", "B")])
    result = method(network, [TrainType("A2", stops=2), TrainType("B2", stops=2)], "X")
    assert result.total == 80
    assert sorted(run.stops[-1] for run in result.runs) == ["A", "B"]


def junction_network(conflicts: tuple[str, ...] = ()) -> Network:
    """A (token), B, C, D worth 10 each; track A-J, J-B, B-C, C-J, J-D around the junction J."""
    stops = [Stop("A", "city", 10, tokens=("X",))] + [Stop(name, "city", 10) for name in "BCD"]
    pairs = [("A", "J"), ("J", "B"), ("B", "C"), ("C", "J"), ("J", "D")]
    return Network(stops, [Segment(a, b) for a, b in pairs], [Junction("J", conflicts)])


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("conflicts", [(), ("J",)])
def test_a_route_passes_a_junction_once(method, conflicts: tuple[str, ...], legal_runs) -> None:
    """A-B-C-D (40) would pass J twice; the best a 4-train can do is three stops, 30, with or without a
    conflict id on J."""
    network = junction_network(conflicts)
    trains = [TrainType("4", stops=4)]
    result = method(network, trains, "X")
    assert result.total == 30
    assert len(result.runs[0].stops) == 3
    legal_runs(network, trains, "X", "1", result)


def test_two_trains_may_cross_at_a_junction_without_conflict_ids() -> None:
    """One route may not pass J twice, but two trains on different track may both pass it. Every route here
    runs through J, so two 2-trains earning 20 each both pass it."""
    stops = [Stop("A", "city", 10, tokens=("X",)), Stop("B", "city", 10), Stop("C", "city", 10, tokens=("X",)),
             Stop("D", "city", 10)]
    segments = [Segment("A", "J"), Segment("J", "B"), Segment("C", "J"), Segment("J", "D")]
    network = Network(stops, segments, [Junction("J")])
    trains = [TrainType("2", stops=2), TrainType("2", stops=2)]
    assert brute_force(network, trains, "X")[0] == 40
    for method in METHODS:
        assert method(network, trains, "X").total == 40


@pytest.mark.parametrize(("name", "total"), [("named-twins", 140), ("junction-twice", 30)])
def test_the_shipped_scenarios_and_the_command_line(name: str, total: int, capsys) -> None:
    scenario = load_scenario(name)
    assert scenario.expected == total
    assert brute_force(scenario.network, scenario.trains, scenario.company, scenario.phase,
                       scenario.bonuses)[0] == total
    for method in ("exact", "lists"):
        assert run_table_command("routes", ["solve", name, "--method", method]) == 0
        out = capsys.readouterr().out
        assert f"total {total}\n" in out and f"matches the file's expected total {total}" in out


def test_few_routes_are_listed_many_are_searched(monkeypatch) -> None:
    """The solver lists the routes when they number fewer than the budget, and runs the branch and bound when
    they do not; either way the same optimum, with runs that follow their links."""
    seed = load_scenario("seed")  # the Rails-devel map, trains 4 and 3
    network, trains = seed.network, seed.trains
    listed = solve(network, trains, "X")
    assert (listed.method, listed.total) == (LISTS, 140)
    monkeypatch.setattr("tablegames.routes.search.ROUTE_BUDGET", 5)  # the 4-train alone has more routes than 5
    searched = solve(network, trains, "X")
    assert (searched.method, searched.total) == (BRANCH_AND_BOUND, 140)
    for result in (listed, searched):
        assert all(len(run.links) == len(run.stops) - 1 for run in result.runs)


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(ValueError, match="method 'fast'"):
        solve(twin_network(), [TrainType("2", stops=2)], "X", method="fast")


def test_a_fresh_command_line_reports_the_kernel_loading_apart() -> None:
    """In a new process the kernels load first (numba's start-up); the solve's own time is reported without it."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"))
    out = subprocess.run([sys.executable, "-m", "tablegames", "routes", "solve", "seed"], capture_output=True,
                         text=True, env=env, timeout=300, check=True).stdout
    assert re.search(r"^\(exact, route lists: 22 routes listed, \d+\.\d{3} s; kernels loaded in \d+\.\d\d s\)$",
                     out, re.MULTILINE), out
