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
        ({"stops": [{"name": "A", "value": -1}]}, r"stops\[0\]\.value: got -1, expected an integer >= 0"),
        ({"segments": [["A", "Q"]]}, r"unknown node 'Q'"),
        ({"segments": [["A"]]}, r"segments\[0\]: got \['A'\], expected \[a, b\]"),
        ({"trains": ["4Q"]}, r"trains\[0\]: train '4Q'"),
        ({"trains": [{"name": "x", "stops": 0}]}, r"trains\[0\]\.stops: got 0, expected an integer >= 1"),
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


def test_missing_required_key() -> None:
    data = dict(BASE)
    del data["trains"]
    with pytest.raises(ValueError, match="bad.json: top level: missing key 'trains'"):
        parse_scenario(data, "bad.json")


def test_unreadable_and_broken_files(tmp_path) -> None:
    with pytest.raises(ValueError, match="cannot read scenario"):
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
