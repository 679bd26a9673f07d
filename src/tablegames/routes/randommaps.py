"""Seeded random networks for differential tests and the benchmark (the company is always "X")."""

from __future__ import annotations

import numpy as np

from tablegames.routes.network import Junction, Network, Segment, Stop

COMPANY = "X"
PHASES = ("2", "3", "5")


def random_small_network(rng: np.random.Generator, max_stops: int = 7) -> Network:
    """A small network exercising every feature: towns, off-boards with phase and diesel values, an off-board
    group, blocked cities, junctions shared by several paths, parallel track and named shared segments."""
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
    junctions: list[Junction] = []
    order = rng.permutation(n_stops)
    for i in range(1, n_stops):  # a random tree, then extra track
        a, b = names[order[i]], names[order[int(rng.integers(0, i))]]
        segments.append(Segment(a, b))
    for _ in range(int(rng.integers(0, n_stops))):
        a, b = rng.choice(n_stops, size=2, replace=False)
        roll = rng.random()
        if roll < 0.3:
            segments.append(Segment(names[a], names[b], conflicts=(f"shared{int(rng.integers(0, 2))}",)))
        else:
            segments.append(Segment(names[a], names[b]))
    if n_stops >= 3 and rng.random() < 0.5:
        # A junction joining three stops: every path through it uses its point.
        j = Junction("j0", conflicts=("j0",), length=int(rng.integers(0, 2)))
        junctions.append(j)
        for k in rng.choice(n_stops, size=3, replace=False):
            segments.append(Segment(names[k], "j0", length=0))
    return Network(stops, segments, junctions, phases=PHASES)


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
