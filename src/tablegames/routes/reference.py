"""A brute-force revenue calculator, for tests only: slow, simple and independent of the search.

It walks the raw track (segments and junctions, not the compressed links) to list every legal route of each
train, then tries every assignment of routes (or no route) to trains whose track shares no conflict id.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tablegames.routes.network import TRACK_KINDS, Network
from tablegames.routes.trains import RouteBonus, TrainType

# a walk: (its stops in order, its conflict ids, its hex length, its gauge bits, every node it passes in order)
Walk = tuple[list[str], frozenset[str], int, int, list[str]]


def route_revenue(
    network: Network, train: TrainType, stops: Sequence[str], phase: str, bonuses: Sequence[RouteBonus] = ()
) -> int:
    """What `train` earns on a route visiting `stops` (any order)."""
    values = []
    for name in stops:
        stop = network.stops[network.stop_index[name]]
        if stop.kind == "town" and train.skip_towns:
            continue
        base = stop.value_for(phase, network.phases, train.value_class)
        values.append((base + train.stop_bonus.get(stop.kind, 0)) * train.multiplier)
    if train.express:
        values = sorted(values, reverse=True)[: train.stops]
    total = sum(values)
    for bonus in bonuses:
        if bonus.trains and train.name not in bonus.trains:
            continue
        if all(any(name in stops for name in part) for part in bonus.parts):
            total += bonus.amount * train.multiplier
    return total


def _walks(network: Network) -> Iterator[Walk]:
    """Every simple walk over the track from a stop to another stop: (stops in order, conflict ids, hex length,
    gauge bits), each undirected walk once."""
    junctions = {j.name: j for j in network.junctions}
    stop_names = set(network.stop_index)
    incident: dict[str, list[int]] = {}
    for i, seg in enumerate(network.segments):
        incident.setdefault(seg.a, []).append(i)
        incident.setdefault(seg.b, []).append(i)

    def seg_conflicts(i: int) -> set[str]:
        return set(network.segments[i].conflicts or (f"#segment{i}",))

    seen: set[tuple[int, ...]] = set()

    def extend(node: str, nodes: list[str], segs: list[int], confs: set[str]) -> Iterator[Walk]:
        if len(segs) > 0 and node in stop_names:
            key = tuple(segs)
            canonical = min(key, key[::-1])
            if canonical not in seen:
                seen.add(canonical)
                track = 3
                for s in segs:
                    track &= TRACK_KINDS[network.segments[s].track]
                length = sum(network.segments[s].length for s in segs)
                length += sum(junctions[n].length for n in nodes if n in junctions)
                yield [n for n in nodes if n in stop_names], frozenset(confs), length, track, nodes
        for s in incident.get(node, ()):
            seg = network.segments[s]
            other = seg.b if seg.a == node else seg.a
            if other in nodes:
                continue
            if node in junctions and junctions[node].crossing and segs:
                if network.segments[segs[-1]].hex == seg.hex:
                    continue
            own = seg_conflicts(s)
            passed = set(junctions[other].conflicts) if other in junctions else set()
            if own & confs or passed & (confs | own):
                continue
            yield from extend(other, nodes + [other], segs + [s], confs | own | passed)

    for stop in network.stops:
        yield from extend(stop.name, [stop.name], [], set())


def legal_routes(
    network: Network, train: TrainType, company: str, phase: str, bonuses: Sequence[RouteBonus] = ()
) -> list[tuple[int, frozenset[str], tuple[str, ...]]]:
    """Every legal route of `train`: (revenue, conflict ids, stops)."""
    routes = []
    gauge = TRACK_KINDS[train.track]
    for stops, confs, length, track, _nodes in _walks(network):
        if not track & gauge:
            continue
        objs = [network.stops[network.stop_index[n]] for n in stops]
        if any(s.kind == "offboard" or s.is_blocked_for(company) for s in objs[1:-1]):
            continue  # ran through an off-board or a blocked city
        if not any(company in s.tokens for s in objs):
            continue
        groups = [s.group for s in objs if s.group is not None]
        if len(groups) != len(set(groups)):
            continue
        counted = [s for s in objs if not (s.kind == "town" and train.skip_towns)]
        if len(counted) < 2:
            continue
        if train.hexes > 0:
            if length + 1 > train.hexes:
                continue
        elif not train.express:
            if len(counted) > train.stops + train.towns:
                continue
            if sum(1 for s in counted if s.kind != "town") > train.stops:
                continue
        routes.append((route_revenue(network, train, stops, phase, bonuses), confs, tuple(stops)))
    return routes


def brute_force(
    network: Network,
    trains: Sequence[TrainType],
    company: str,
    phase: str | None = None,
    bonuses: Sequence[RouteBonus] = (),
) -> tuple[int, list[tuple[str, ...]]]:
    """The best total and one best assignment (stops per train, () for a train that does not run)."""
    phase = network.phases[0] if phase is None else phase
    # Each train's routes best first, and what the trains from i on could earn at most (their best routes): an
    # assignment that cannot beat the best found is not completed. Exact, since no revenue is negative.
    lists = [sorted(legal_routes(network, train, company, phase, bonuses), key=lambda r: -r[0]) for train in trains]
    most_from = [0] * (len(trains) + 1)
    for i in range(len(trains) - 1, -1, -1):
        most_from[i] = most_from[i + 1] + (lists[i][0][0] if lists[i] else 0)
    best_total = 0
    best_pick: list[tuple[str, ...]] = [() for _ in trains]

    def assign(i: int, used: frozenset[str], total: int, picked: list[tuple[str, ...]]) -> None:
        nonlocal best_total, best_pick
        if i == len(trains):
            if total > best_total:
                best_total, best_pick = total, list(picked)
            return
        for revenue, confs, stops in lists[i]:
            if total + revenue + most_from[i + 1] <= best_total:
                break
            if not confs & used:
                assign(i + 1, used | confs, total + revenue, picked + [stops])
        if total + most_from[i + 1] > best_total:
            assign(i + 1, used, total, picked + [()])

    assign(0, frozenset(), 0, [])
    return best_total, best_pick
