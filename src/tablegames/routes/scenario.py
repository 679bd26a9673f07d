"""Scenario files: one map state (stops, junctions, segments, tokens), the trains, the phase, as JSON.

    {"format": "tablegames-routes/1", "name": "...", "company": "X",
     "phases": ["2", "3", "5"], "phase": "3",
     "stops": [{"name": "T", "kind": "city", "value": 20, "slots": 1, "tokens": ["X"]},
               {"name": "Chicago", "kind": "offboard", "value": {"2": 40, "5": 70, "diesel": 90},
                "group": "Chicago"}],
     "junctions": [{"name": "K4/0", "conflicts": ["K4/0"], "crossing": true, "length": 1}],
     "segments": [["A", "T"], {"a": "T", "b": "B1", "conflicts": ["T-B1"], "length": 1, "track": "broad"}],
     "trains": ["4", "3", {"name": "D", "stops": 99, "value_class": "diesel", "stop_bonus": {"offboard": 40}}],
     "bonuses": [{"name": "east-west", "parts": [["A"], ["B3"]], "amount": 50, "trains": ["D"]}],
     "expected": 140}

Only "stops", "segments", "company" and "trains" are required. Every error names the file and the field.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from tablegames.core.files import write_atomic
from tablegames.routes.boards import read_json
from tablegames.routes.limits import MAX_LENGTH, MAX_MULTIPLIER, MAX_STOPS, MAX_TOTAL, MAX_VALUE
from tablegames.routes.network import STOP_KINDS, TRACK_KINDS, Junction, Network, Segment, Stop
from tablegames.routes.trains import UNLIMITED, RouteBonus, TrainType, parse_train

FORMAT = "tablegames-routes/1"
_TOP_KEYS = {"format", "name", "company", "phases", "phase", "stops", "junctions", "segments", "trains", "bonuses",
             "expected", "notes"}
_TRAIN_KEYS = {"name", "stops", "towns", "express", "hexes", "skip_towns", "multiplier", "value_class", "track",
               "stop_bonus"}


@dataclass
class Scenario:
    network: Network
    trains: list[TrainType]
    company: str
    phase: str
    name: str = ""
    bonuses: list[RouteBonus] = field(default_factory=list)
    expected: int | None = None


class _Checker:
    """Reads typed fields and raises ValueError('<source>: <path>: <problem>, expected <what>')."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, problem: str) -> ValueError:
        return ValueError(f"{self.source}: {path}: {problem}")

    def obj(self, value: Any, path: str, allowed: set[str], required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"got {type(value).__name__}, expected an object")
        unknown = sorted(set(value) - allowed)
        if unknown:
            raise self.fail(path, f"unknown key {unknown[0]!r}, expected one of {', '.join(sorted(allowed))}")
        for key in required:
            if key not in value:
                raise self.fail(path, f"missing key {key!r}")
        return value

    def text(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.fail(path, f"got {value!r}, expected a non-empty string")
        return value

    def integer(self, value: Any, path: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            raise self.fail(path, f"got {shown}, expected an integer from {low} to {high:,}")
        return value

    def flag(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"got {value!r}, expected true or false")
        return value

    def items(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"got {type(value).__name__}, expected a list")
        return value

    def texts(self, value: Any, path: str) -> tuple[str, ...]:
        return tuple(self.text(v, f"{path}[{i}]") for i, v in enumerate(self.items(value, path)))


def _parse_stop(check: _Checker, raw: Any, path: str) -> Stop:
    raw = check.obj(raw, path, {"name", "kind", "value", "slots", "tokens", "group"}, ("name",))
    kind = raw.get("kind", "city")
    if kind not in STOP_KINDS:
        raise check.fail(f"{path}.kind", f"got {kind!r}, expected one of {', '.join(STOP_KINDS)}")
    value = raw.get("value", 0)
    if isinstance(value, dict):
        value = {check.text(k, f"{path}.value"): check.integer(v, f"{path}.value.{k}", 0, MAX_VALUE)
                 for k, v in value.items()}
    else:
        value = check.integer(value, f"{path}.value", 0, MAX_VALUE)
    default_slots = 1 if kind == "city" else 0
    group = raw.get("group")
    return Stop(
        name=check.text(raw["name"], f"{path}.name"),
        kind=kind,
        value=value,
        slots=check.integer(raw.get("slots", default_slots), f"{path}.slots", 0, MAX_STOPS),
        tokens=check.texts(raw.get("tokens", []), f"{path}.tokens"),
        group=None if group is None else check.text(group, f"{path}.group"),
    )


def _parse_segment(check: _Checker, raw: Any, path: str) -> Segment:
    if isinstance(raw, list):
        if len(raw) not in (2, 3) or not all(isinstance(x, str) for x in raw[:2]):
            raise check.fail(path, f"got {raw!r}, expected [a, b] or [a, b, conflict id]")
        conflicts = (check.text(raw[2], f"{path}[2]"),) if len(raw) == 3 else ()
        return Segment(raw[0], raw[1], conflicts)
    raw = check.obj(raw, path, {"a", "b", "conflicts", "length", "track", "hex"}, ("a", "b"))
    track = raw.get("track", "broad")
    if not isinstance(track, str) or track not in TRACK_KINDS:
        raise check.fail(f"{path}.track", f"got {track!r}, expected one of {', '.join(TRACK_KINDS)}")
    hex_name = raw.get("hex")
    return Segment(
        a=check.text(raw["a"], f"{path}.a"),
        b=check.text(raw["b"], f"{path}.b"),
        conflicts=check.texts(raw.get("conflicts", []), f"{path}.conflicts"),
        length=check.integer(raw.get("length", 1), f"{path}.length", 0, MAX_LENGTH),
        track=track,
        hex=None if hex_name is None else check.text(hex_name, f"{path}.hex"),
    )


def _parse_train(check: _Checker, raw: Any, path: str) -> TrainType:
    if isinstance(raw, str):
        try:
            return parse_train(raw)
        except ValueError as error:
            raise check.fail(path, str(error)) from None
    raw = check.obj(raw, path, _TRAIN_KEYS, ("name",))
    stops = raw.get("stops", 2)
    bonus = raw.get("stop_bonus", {})
    if not isinstance(bonus, dict) or any(k not in STOP_KINDS for k in bonus):
        raise check.fail(f"{path}.stop_bonus", f"got {bonus!r}, expected {{stop kind: amount}}")
    track = raw.get("track", "broad")
    if track not in ("broad", "narrow"):
        raise check.fail(f"{path}.track", f"got {track!r}, expected broad or narrow")
    value_class = raw.get("value_class")
    return TrainType(
        name=check.text(raw["name"], f"{path}.name"),
        stops=UNLIMITED if stops in (None, "unlimited") else check.integer(stops, f"{path}.stops", 1, UNLIMITED),
        towns=check.integer(raw.get("towns", 0), f"{path}.towns", 0, UNLIMITED),
        express=check.flag(raw.get("express", False), f"{path}.express"),
        hexes=check.integer(raw.get("hexes", 0), f"{path}.hexes", 0, UNLIMITED),
        skip_towns=check.flag(raw.get("skip_towns", False), f"{path}.skip_towns"),
        multiplier=check.integer(raw.get("multiplier", 1), f"{path}.multiplier", 1, MAX_MULTIPLIER),
        value_class=None if value_class is None else check.text(value_class, f"{path}.value_class"),
        track=track,
        stop_bonus={k: check.integer(v, f"{path}.stop_bonus.{k}", 0, MAX_VALUE) for k, v in bonus.items()},
    )


def _parse_bonus(check: _Checker, raw: Any, path: str, stop_names: set[str]) -> RouteBonus:
    raw = check.obj(raw, path, {"name", "parts", "amount", "trains"}, ("name", "parts", "amount"))
    parts = []
    for i, part in enumerate(check.items(raw["parts"], f"{path}.parts")):
        names = check.texts(part, f"{path}.parts[{i}]")
        for name in names:
            if name not in stop_names:
                raise check.fail(f"{path}.parts[{i}]", f"unknown stop {name!r}")
        parts.append(names)
    if not parts:
        raise check.fail(f"{path}.parts", "empty, expected at least one list of stop names")
    return RouteBonus(
        name=check.text(raw["name"], f"{path}.name"),
        parts=tuple(parts),
        amount=check.integer(raw["amount"], f"{path}.amount", 0, MAX_VALUE),
        trains=check.texts(raw.get("trains", []), f"{path}.trains"),
    )


def parse_scenario(data: Any, source: str = "scenario") -> Scenario:
    """A Scenario from decoded JSON; ValueError names `source` and the field on any problem."""
    check = _Checker(source)
    data = check.obj(data, "top level", _TOP_KEYS, ("stops", "segments", "company", "trains"))
    if data.get("format", FORMAT) != FORMAT:
        raise check.fail("format", f"got {data['format']!r}, expected {FORMAT!r}")
    phases = check.texts(data.get("phases", ["1"]), "phases")
    if not phases:
        raise check.fail("phases", "empty, expected at least one phase name")
    phase = check.text(data.get("phase", phases[0]), "phase")
    if phase not in phases:
        raise check.fail("phase", f"got {phase!r}, expected one of {', '.join(phases)}")
    stops = [_parse_stop(check, raw, f"stops[{i}]") for i, raw in enumerate(check.items(data["stops"], "stops"))]
    junctions = []
    for i, raw in enumerate(check.items(data.get("junctions", []), "junctions")):
        raw = check.obj(raw, f"junctions[{i}]", {"name", "conflicts", "crossing", "length"}, ("name",))
        junctions.append(Junction(
            check.text(raw["name"], f"junctions[{i}].name"),
            check.texts(raw.get("conflicts", []), f"junctions[{i}].conflicts"),
            check.flag(raw.get("crossing", False), f"junctions[{i}].crossing"),
            check.integer(raw.get("length", 0), f"junctions[{i}].length", 0, MAX_LENGTH),
        ))
    segments = [_parse_segment(check, raw, f"segments[{i}]")
                for i, raw in enumerate(check.items(data["segments"], "segments"))]
    trains = [_parse_train(check, raw, f"trains[{i}]") for i, raw in enumerate(check.items(data["trains"], "trains"))]
    try:
        network = Network(stops, segments, junctions, phases)
    except ValueError as error:
        raise ValueError(f"{source}: {error}") from None
    stop_names = {s.name for s in stops}
    bonuses = [_parse_bonus(check, raw, f"bonuses[{i}]", stop_names)
               for i, raw in enumerate(check.items(data.get("bonuses", []), "bonuses"))]
    expected = data.get("expected")
    return Scenario(
        network=network,
        trains=trains,
        company=check.text(data["company"], "company"),
        phase=phase,
        name=str(data.get("name", "")),
        bonuses=bonuses,
        expected=None if expected is None else check.integer(expected, "expected", 0, MAX_TOTAL),
    )


def scenario_path(name: str | os.PathLike[str]) -> Path:
    """A scenario's file: the path itself, or the shipped scenario of that name (see `shipped_scenarios`)."""
    target = Path(name)
    if not target.exists() and str(name) in shipped_scenarios():
        return shipped_scenarios()[str(name)]
    return target


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and check a scenario file (or a shipped scenario by name)."""
    return parse_scenario(read_json(scenario_path(path)), str(path))


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """The JSON form of a scenario (parse_scenario reads it back to an equal scenario)."""
    network = scenario.network

    def stop_dict(stop: Stop) -> dict[str, Any]:
        out: dict[str, Any] = {"name": stop.name, "kind": stop.kind,
                               "value": stop.value if isinstance(stop.value, int) else dict(stop.value)}
        if stop.slots != (1 if stop.kind == "city" else 0):
            out["slots"] = stop.slots
        if stop.tokens:
            out["tokens"] = list(stop.tokens)
        if stop.group is not None:
            out["group"] = stop.group
        return out

    def segment_dict(seg: Segment) -> dict[str, Any]:
        out: dict[str, Any] = {"a": seg.a, "b": seg.b}
        if seg.conflicts:
            out["conflicts"] = list(seg.conflicts)
        if seg.length != 1:
            out["length"] = seg.length
        if seg.track != "broad":
            out["track"] = seg.track
        if seg.hex is not None:
            out["hex"] = seg.hex
        return out

    def train_dict(train: TrainType) -> dict[str, Any]:
        out: dict[str, Any] = {"name": train.name,
                               "stops": "unlimited" if train.stops >= UNLIMITED else train.stops}
        defaults = TrainType("")
        for key in ("towns", "express", "hexes", "skip_towns", "multiplier", "value_class", "track"):
            if getattr(train, key) != getattr(defaults, key):
                out[key] = getattr(train, key)
        if train.stop_bonus:
            out["stop_bonus"] = dict(train.stop_bonus)
        return out

    data: dict[str, Any] = {"format": FORMAT, "name": scenario.name, "company": scenario.company,
                            "phases": list(network.phases), "phase": scenario.phase,
                            "stops": [stop_dict(s) for s in network.stops]}
    if network.junctions:
        data["junctions"] = [{"name": j.name, "conflicts": list(j.conflicts), "crossing": j.crossing,
                              "length": j.length} for j in network.junctions]
    data["segments"] = [segment_dict(s) for s in network.segments]
    data["trains"] = [train_dict(t) for t in scenario.trains]
    if scenario.bonuses:
        data["bonuses"] = [{"name": b.name, "parts": [list(p) for p in b.parts], "amount": b.amount,
                            "trains": list(b.trains)} for b in scenario.bonuses]
    if scenario.expected is not None:
        data["expected"] = scenario.expected
    return data


def save_scenario(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    write_atomic(path, json.dumps(scenario_to_dict(scenario), indent=1) + "\n")


def shipped_scenarios() -> dict[str, Path]:
    """The scenarios shipped in the package, by name (file stem)."""
    folder = resources.files("tablegames.routes") / "scenarios"
    return {Path(str(p)).stem: Path(str(p)) for p in folder.iterdir() if str(p).endswith(".json")}
