"""Scenario files: the shipped ones solve to their expected totals, round trips, precise errors, the CLI."""

import json

import pytest

from tablegames.commands import run_table_command
from tablegames.routes.reference import brute_force
from tablegames.routes.scenario import (
    load_scenario,
    parse_scenario,
    save_scenario,
    scenario_to_dict,
    shipped_scenarios,
)
from tablegames.routes.search import solve, solve_by_route_lists

SMALL = ["seed", "lakes", "named-twins", "junction-twice"]


def test_shipped_scenarios_are_there() -> None:
    assert {"seed", "lakes", "named-twins", "junction-twice", "random40", "random60", "random120"} <= set(
        shipped_scenarios())


@pytest.mark.parametrize("name", SMALL)
def test_small_scenarios_match_brute_force(name: str, legal_runs) -> None:
    s = load_scenario(name)
    result = solve(s.network, s.trains, s.company, s.phase, s.bonuses)
    assert result.total == s.expected
    assert brute_force(s.network, s.trains, s.company, s.phase, s.bonuses)[0] == s.expected
    legal_runs(s.network, s.trains, s.company, s.phase, result, s.bonuses)


@pytest.mark.parametrize("name", ["random40", "random60"])
def test_larger_scenarios_match_route_lists(name: str, legal_runs) -> None:
    s = load_scenario(name)
    result = solve(s.network, s.trains, s.company, s.phase, s.bonuses)
    assert result.total == s.expected
    assert solve_by_route_lists(s.network, s.trains, s.company, s.phase, s.bonuses).total == s.expected
    legal_runs(s.network, s.trains, s.company, s.phase, result, s.bonuses)


@pytest.mark.slow
def test_random120_scenario() -> None:
    s = load_scenario("random120")
    assert solve(s.network, s.trains, s.company, s.phase, s.bonuses).total == s.expected


@pytest.mark.parametrize("name", SMALL + ["random60"])
def test_round_trip(name: str, tmp_path) -> None:
    s = load_scenario(name)
    path = tmp_path / "copy.json"
    save_scenario(s, path)
    again = load_scenario(path)
    assert scenario_to_dict(again) == scenario_to_dict(s)
    assert solve(again.network, again.trains, again.company, again.phase, again.bonuses).total == s.expected


BASE = {"company": "X", "stops": [{"name": "A", "tokens": ["X"]}, {"name": "B"}], "segments": [["A", "B"]],
        "trains": ["2"]}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"stops": [{"name": "A", "kind": "cty"}]}, r"stops\[0\]\.kind: got 'cty', expected one of city"),
        ({"stops": [{"kind": "city"}]}, r"stops\[0\]: missing key 'name'"),
        ({"stops": [{"name": "A", "value": -1}]}, r"stops\[0\]\.value: got -1, expected an integer from 0 to 1,000,000"),
        ({"segments": [["A", "Q"]]}, r"unknown node 'Q'"),
        ({"segments": [["A"]]}, r"segments\[0\]: got \['A'\], expected \[a, b\]"),
        ({"segments": [{"a": "A", "b": "B", "track": []}]}, r"segments\[0\]\.track: got \[\], expected one of"),
        ({"trains": ["4Q"]}, r"trains\[0\]: train '4Q'"),
        ({"trains": [{"name": "x", "stops": 0}]}, r"trains\[0\]\.stops: got 0, expected an integer from 1 to"),
        ({"phase": "9"}, r"phase: got '9', expected one of 1"),
        ({"colour": "red"}, r"top level: unknown key 'colour'"),
        ({"format": "other/2"}, r"format: got 'other/2'"),
        ({"bonuses": [{"name": "ew", "parts": [["A"], ["Nowhere"]], "amount": 10}]},
         r"bonuses\[0\]\.parts\[1\]: unknown stop 'Nowhere'"),
    ],
)
def test_bad_scenarios_say_where(change: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_scenario({**BASE, **change}, "bad.json")


@pytest.mark.parametrize(
    ("change", "field", "bound"),
    [
        ({"stops": [{"name": "A", "tokens": ["X"], "value": 6 * 10**18}, {"name": "B", "value": 6 * 10**18}]},
         r"stops\[0\]\.value", "0 to 1,000,000"),
        ({"stops": [{"name": "A", "tokens": ["X"]}, {"name": "B", "value": {"1": 10**19}}]},
         r"stops\[1\]\.value\.1", "0 to 1,000,000"),
        ({"trains": [{"name": "2", "multiplier": 10**19}]}, r"trains\[0\]\.multiplier", "1 to 10"),
        ({"trains": [{"name": "2", "stop_bonus": {"city": 10**19}}]}, r"trains\[0\]\.stop_bonus\.city",
         "0 to 1,000,000"),
        ({"trains": [{"name": "2", "hexes": 10**30}]}, r"trains\[0\]\.hexes", "0 to 1,048,576"),
        ({"trains": ["2x11"]}, r"trains\[0\]", "train '2x11': multiplier 11, expected 1 to 10"),
        ({"bonuses": [{"name": "ew", "parts": [["A"], ["B"]], "amount": 10**19}]}, r"bonuses\[0\]\.amount",
         "0 to 1,000,000"),
        ({"segments": [{"a": "A", "b": "B", "length": 2**63}]}, r"segments\[0\]\.length", "0 to 1,000"),
        ({"expected": 10**19}, "expected", "0 to 100,000,000,000"),
    ],
)
def test_values_above_the_bound_are_refused_naming_the_field_and_the_bound(change, field, bound) -> None:
    # Two stops worth 6e18 each used to overflow int64 in the kernels and print "total 0".
    with pytest.raises(ValueError, match=rf"^bad\.json: {field}: .*{bound}"):
        parse_scenario({**BASE, **change}, "bad.json")


def test_trains_that_together_could_earn_more_than_the_search_allows_are_refused() -> None:
    top = {"name": "A", "tokens": ["X"], "value": 10**6}
    many = {**BASE, "stops": [top, *({"name": f"S{i}", "value": 10**6} for i in range(100))],
            "segments": [["A", f"S{i}"] for i in range(100)], "trains": ["Dx10"] * 101}
    scenario = parse_scenario(many, "big.json")
    with pytest.raises(ValueError, match="could earn up to .* expected at most 100,000,000,000"):
        solve(scenario.network, scenario.trains, scenario.company, scenario.phase)


def test_missing_required_key() -> None:
    data = dict(BASE)
    del data["trains"]
    with pytest.raises(ValueError, match="bad.json: top level: missing key 'trains'"):
        parse_scenario(data, "bad.json")


def test_unreadable_and_broken_files(tmp_path) -> None:
    with pytest.raises(ValueError, match="nothing.json: cannot read"):
        load_scenario(tmp_path / "nothing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"stops": [', encoding="utf-8")
    with pytest.raises(ValueError, match="not JSON"):
        load_scenario(broken)


def test_cli_solve_prints_runs_and_total(capsys) -> None:
    assert run_table_command("routes", ["solve", "seed"]) == 0
    out = capsys.readouterr().out
    assert "train 4     90  4 stops: T - B1 - B2 - B3" in out or "T - C1 - C2 - C3" in out
    assert "total 140" in out and "matches the file's expected total 140" in out
    assert run_table_command("routes", ["solve", "seed", "--trains", "2,2", "--method", "lists"]) == 0
    assert "total 70" in capsys.readouterr().out


def test_cli_errors_exit_2_with_one_line(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**BASE, "trains": ["4Q"]}), encoding="utf-8")
    assert run_table_command("routes", ["solve", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "trains[0]" in err
    assert run_table_command("routes", ["solve", "seed", "--company", "Q"]) == 2
    assert "company 'Q' has no token" in capsys.readouterr().err


def test_cli_list(capsys) -> None:
    assert run_table_command("routes", ["list"]) == 0
    assert "seed" in capsys.readouterr().out
