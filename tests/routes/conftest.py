"""Shared checks for the route tests: a result must be a legal set of runs worth what it claims.

Tests take the `legal_runs` fixture, and `solve_by` (`solve` with each of its two methods forced: on small maps the
default picks the route lists, so a test that uses only the default never reaches the branch and bound) (test modules are not importable from each other under importlib mode)."""

from __future__ import annotations

import functools

import pytest

from tablegames.routes.network import Network
from tablegames.routes.reference import route_revenue
from tablegames.routes.search import BRANCH_AND_BOUND, LISTS, RunResult, solve
from tablegames.routes.trains import RouteBonus, TrainType


def assert_legal_runs(
    network: Network, trains: list[TrainType], company: str, phase: str, result: RunResult,
    bonuses: tuple[RouteBonus, ...] | list[RouteBonus] = (),
) -> None:
    """Every run follows its links stop to stop, passes no junction twice, holds a token, shares no conflict id
    with any other run, and earns what the reference says; the total is their sum."""
    used: set[int] = set()
    assert len(result.runs) == len(trains)
    for train, run in zip(trains, result.runs, strict=True):
        assert run.train == train.name
        if not run.stops:
            assert run.revenue == 0
            continue
        assert len(set(run.stops)) == len(run.stops), run
        assert any(company in network.stops[network.stop_index[s]].tokens for s in run.stops), run
        assert len(run.links) == len(run.stops) - 1, run
        passed: set[str] = set()
        for (a, b), index in zip(zip(run.stops, run.stops[1:], strict=False), run.links, strict=True):
            link = network.links[index]
            ends = {network.stops[link.a].name, network.stops[link.b].name}
            assert ends == {a, b}, (run, ends)
            junctions = {end for s in link.segments for end in (network.segments[s].a, network.segments[s].b)
                         if end not in network.stop_index}
            assert not junctions & passed, (run, junctions & passed)
            passed |= junctions
            assert not link.conflicts & used, run
            used |= link.conflicts
        for inner in run.stops[1:-1]:
            stop = network.stops[network.stop_index[inner]]
            assert stop.kind != "offboard" and not stop.is_blocked_for(company), run
        assert run.revenue == route_revenue(network, train, run.stops, phase, bonuses), run
    assert result.total == sum(run.revenue for run in result.runs)


@pytest.fixture
def legal_runs():
    return assert_legal_runs


@pytest.fixture(params=[LISTS, BRANCH_AND_BOUND])
def solve_by(request):
    return functools.partial(solve, method=request.param)
