"""Seeded random networks and cases for the differential tests and the benchmark (the company is always "X")."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tablegames.routes.network import Junction, Network, Segment, Stop
from tablegames.routes.trains import UNLIMITED, RouteBonus, TrainType, parse_train

COMPANY = "X"
PHASES = ("2", "3", "5")


def random_small_network(rng: np.random.Generator, max_stops: int = 7) -> Network:
    """A small network with what real tiles produce: towns, off-boards with phase and diesel values, an off-board
    group, blocked cities, parallel track, shared conflict ids, narrow and dual gauge, hex lengths, and junctions of
    three kinds (see `_add_junctions`)."""
    n_stops = int(rng.integers(3, max_stops + 1))
    stops = []
    for i in range(n_stops):
        kind = str(rng.choice(["city", "city", "city", "town", "offboard"]))
        name = f"s{i}"
        if kind == "offboard":
            low = int(rng.integers(1, 5)) * 10
            value: int | dict[str, int] = {"2": low, "5": low + 20, "diesel": low + 30}
            group = "west" if rng.random() < 0.4 else None
            stops.append(Stop(name, kind, value, slots=0, group=group))
        elif kind == "town":
            stops.append(Stop(name, kind, int(rng.integers(1, 4)) * 10, slots=0))
        else:
            slots = int(rng.integers(1, 3))
            roll = rng.random()
            tokens: tuple[str, ...] = ()
            if roll < 0.35:
                tokens = (COMPANY,)
            elif roll < 0.5:
                tokens = tuple(f"Y{k}" for k in range(slots))  # full of others: blocks X
            stops.append(Stop(name, kind, int(rng.integers(1, 6)) * 10, slots=slots, tokens=tokens))
    if not any(COMPANY in s.tokens for s in stops):
        first_city = next((i for i, s in enumerate(stops) if s.kind == "city"), None)
        if first_city is None:
            stops[0] = Stop("s0", "city", 20, tokens=(COMPANY,))
        else:
            s = stops[first_city]
            stops[first_city] = Stop(s.name, "city", s.value, slots=max(s.slots, 1), tokens=(COMPANY,))
    names = [s.name for s in stops]
    segments: list[Segment] = []
    order = rng.permutation(n_stops)
    for i in range(1, n_stops):  # a random tree, then extra track
        a, b = names[order[i]], names[order[int(rng.integers(0, i))]]
        segments.append(Segment(a, b, length=int(rng.integers(0, 3)), track=_random_gauge(rng)))
    for _ in range(int(rng.integers(0, n_stops))):
        a, b = rng.choice(n_stops, size=2, replace=False)
        shared = (f"shared{int(rng.integers(0, 2))}",) if rng.random() < 0.3 else ()
        segments.append(Segment(names[a], names[b], shared, int(rng.integers(0, 3)), _random_gauge(rng)))
    junctions = _add_junctions(rng, names, segments)
    return Network(stops, segments, junctions, phases=PHASES)


def _random_gauge(rng: np.random.Generator) -> str:
    return str(rng.choice(["broad"] * 6 + ["narrow", "dual"]))


def _add_junctions(rng: np.random.Generator, names: list[str], segments: list[Segment]) -> list[Junction]:
    """Up to two junctions, each of one kind, with their track appended to `segments`:

    * "point": a junction with its own conflict id (or a shared one) joining three or four stops;
    * "tile": a tile junction with no conflict id joining four or five nodes (stops or earlier junctions), so one
      route could reach it twice; its paths lie in one hex;
    * "side": a hex side as the hex-map builder makes it: two crossing junctions (one per face) joined by a
      crossing segment that carries the side's id, tile paths of each hex to stops, and sometimes a path of a
      third hex at one face (then a route could pass that face twice)."""
    junctions: list[Junction] = []
    for k in range(int(rng.integers(0, 3))):
        kind = str(rng.choice(["point", "tile", "tile", "side"]))
        name = f"j{k}"
        if kind == "point":
            conflict = name if rng.random() < 0.7 else f"shared{int(rng.integers(0, 2))}"
            junctions.append(Junction(name, conflicts=(conflict,), length=int(rng.integers(0, 2))))
            for other in rng.choice(names, size=min(len(names), int(rng.integers(3, 5))), replace=False):
                segments.append(Segment(str(other), name, length=0))
        elif kind == "tile":
            nodes = names + [j.name for j in junctions]
            junctions.append(Junction(name, length=int(rng.integers(0, 2))))
            for other in rng.choice(nodes, size=min(len(nodes), int(rng.integers(4, 6))), replace=False):
                segments.append(Segment(str(other), name, length=0, hex=f"h{name}", track=_random_gauge(rng)))
        else:
            near, far = f"{name}a", f"{name}b"
            junctions += [Junction(near, crossing=True), Junction(far, crossing=True)]
            segments.append(Segment(near, far, (f"side {name}",), 1, "dual"))
            for face, hex_name in ((near, f"h{name}a"), (far, f"h{name}b")):
                for other in rng.choice(names, size=int(rng.integers(1, 4)), replace=False):
                    segments.append(Segment(str(other), face, length=0, hex=hex_name))
            if rng.random() < 0.3:
                segments.append(Segment(str(rng.choice(names)), near, length=0, hex=f"h{name}c"))
    return junctions


# Trains of every type the model has; `random_trains` adds twins, a diesel with an off-board bonus and gauges.
TRAIN_POOL = ("2", "3", "4", "5", "D", "2E", "3E", "2H", "3H", "4H", "2+1", "2+2", "2T", "3T", "2x2", "3Ex2",
              "Dx2")


@dataclass(frozen=True)
class RandomCase:
    network: Network
    trains: list[TrainType]
    phase: str
    bonuses: list[RouteBonus]


def random_trains(rng: np.random.Generator, network: Network) -> tuple[list[TrainType], list[RouteBonus]]:
    """One to three trains from the pool, then at random: a diesel reading diesel values with +40 per off-board,
    a narrow-gauge train, a twin of the first train under the same name, or twins under different names with a
    bonus only one of them earns; and an east-west bonus for every train."""
    trains = [parse_train(str(rng.choice(TRAIN_POOL))) for _ in range(int(rng.integers(1, 4)))]
    bonuses: list[RouteBonus] = []
    names = [s.name for s in network.stops]
    if rng.random() < 0.15:
        trains.append(TrainType("D+40", stops=UNLIMITED, value_class="diesel", stop_bonus={"offboard": 40}))
    if rng.random() < 0.15:
        trains.append(TrainType(f"{int(rng.integers(2, 4))}n", stops=int(rng.integers(2, 4)), track="narrow"))
    roll = rng.random()
    if roll < 0.15:
        trains.append(trains[0])
    elif roll < 0.4:
        stops = int(rng.integers(2, 4))
        trains += [TrainType(f"A{stops}", stops=stops), TrainType(f"B{stops}", stops=stops)]
        favourite = str(rng.choice([f"A{stops}", f"B{stops}"]))
        part = tuple(str(n) for n in rng.choice(names, size=int(rng.integers(1, 3)), replace=False))
        bonuses.append(RouteBonus(f"for {favourite}", (part,), int(rng.integers(1, 6)) * 20, (favourite,)))
    if rng.random() < 0.3:
        bonuses.append(RouteBonus("east-west", ((names[0], names[1]), (names[-1],)), 50))
    return trains, bonuses


def random_case(rng: np.random.Generator, max_stops: int = 7) -> RandomCase:
    """A small network, trains, bonuses and a phase: one map for the differential tests."""
    network = random_small_network(rng, max_stops)
    trains, bonuses = random_trains(rng, network)
    return RandomCase(network, trains, str(rng.choice(PHASES)), bonuses)


def random_map(
    rng: np.random.Generator, n_stops: int, n_tokens: int = 3, near_p: float = 0.7, far_p: float = 0.18
) -> Network:
    """An 18xx-like map: stops on a hex-ish grid joined to near neighbours (average degree about 2.6 with the defaults), a fifth
    of them towns, off-boards on the rim, a few cities full of other companies, `n_tokens` tokens of X."""
    width = max(3, int(round(np.sqrt(n_stops * 1.6))))
    cells = rng.choice(width * width, size=n_stops, replace=False)
    coords = [(int(c) % width, int(c) // width) for c in cells]
    at = {xy: i for i, xy in enumerate(coords)}
    stops = []
    for i, (x, y) in enumerate(coords):
        rim = x in (0, width - 1) or y in (0, width - 1)
        roll = rng.random()
        if rim and roll < 0.15:
            low = int(rng.integers(2, 5)) * 10
            stops.append(Stop(f"o{i}", "offboard", {"2": low, "5": low + 30, "diesel": low + 40}, slots=0))
        elif roll < 0.35:
            stops.append(Stop(f"t{i}", "town", int(rng.integers(1, 3)) * 10, slots=0))
        else:
            stops.append(Stop(f"c{i}", "city", int(rng.integers(2, 6)) * 10, slots=int(rng.integers(1, 3))))
    cities = [i for i, s in enumerate(stops) if s.kind == "city"]
    picked = rng.choice(cities, size=min(len(cities), n_tokens + max(1, n_stops // 12)), replace=False)
    for k, i in enumerate(picked):
        s = stops[i]
        tokens = (COMPANY,) if k < n_tokens else tuple(f"Y{j}" for j in range(s.slots))
        stops[i] = Stop(s.name, "city", s.value, slots=s.slots, tokens=tokens)
    segments = []
    for i, (x, y) in enumerate(coords):
        # Neighbours within distance 2 on the grid, east/south-ish so each pair is considered once.
        for dx, dy in ((1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (-1, 1), (2, 1), (1, 2)):
            j = at.get((x + dx, y + dy))
            if j is None:
                continue
            near = abs(dx) + abs(dy) == 1
            if rng.random() < (near_p if near else far_p):
                segments.append(Segment(stops[i].name, stops[j].name, length=1 + (not near)))
    return Network(stops, segments, phases=PHASES)
