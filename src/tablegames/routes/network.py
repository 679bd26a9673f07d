"""The route network: stops, junctions and track segments, compressed into stop-to-stop links.

A map builder (hand-written JSON, or the hex-map builder) describes the track as segments between nodes. A node is
a stop (city, town, off-board) or a junction (a hex side, a crossing point: no revenue, no stop). Each segment
carries the conflict ids two trains may not share: hex-side crossings, tile-internal paths, or plain names on an
abstract map. `Network` compresses that track into *links*: every simple track path from one stop to another that
passes only junctions, with the union of its conflict ids as a bitset and its length in hexes. Everything the
search needs then sits in fixed-size numpy arrays (`NetworkArrays`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from tablegames.routes.limits import MAX_LENGTH, MAX_STOPS, MAX_VALUE

STOP_KINDS = ("city", "town", "offboard")
TRACK_KINDS = {"broad": 1, "narrow": 2, "dual": 3}


def bitsets(rows: Sequence[Iterable[int]], words: int) -> npt.NDArray[np.uint64]:
    """One row of `words` 64-bit words per entry, bit i set for each i in it (at least one row)."""
    out = np.zeros((max(len(rows), 1), words), dtype=np.uint64)
    for r, members in enumerate(rows):
        for i in members:
            out[r, i // 64] |= np.uint64(1) << np.uint64(i % 64)
    return out


@dataclass(frozen=True)
class Stop:
    """A revenue centre.

    `value` is a plain number, or a table keyed by phase name (and optionally by a train class such as
    "diesel", which trains of that class read before the phase). `tokens` lists the companies holding its
    `slots`; a city whose slots are all taken by other companies blocks running through for everyone else.
    Stops sharing a `group` (the hexes of one off-board area) count once per route: a route may visit one of them.
    """

    name: str
    kind: str = "city"
    value: int | Mapping[str, int] = 0
    slots: int = 1
    tokens: tuple[str, ...] = ()
    group: str | None = None

    def value_for(self, phase: str, phases: Sequence[str], value_class: str | None = None) -> int:
        """The value in `phase` for a train of `value_class`: the class entry if any, else the latest phase entry
        at or before `phase` (the way 18xx off-boards read the newest tile colour that has a value)."""
        if isinstance(self.value, int):
            return self.value
        if value_class is not None and value_class in self.value:
            return int(self.value[value_class])
        known = [p for p in phases[: phases.index(phase) + 1] if p in self.value]
        if known:
            return int(self.value[known[-1]])
        later = [p for p in phases if p in self.value]
        return int(self.value[later[0]]) if later else 0

    def is_blocked_for(self, company: str) -> bool:
        """Full of other companies' tokens: the company may end a route here but not run through."""
        return self.kind == "city" and len(self.tokens) >= self.slots and company not in self.tokens


@dataclass(frozen=True)
class Junction:
    """A point where track meets without a stop. `conflicts` are ids every path through it uses (the hex side
    it sits on). With `crossing`, a path must pass from track of one hex to track of another (no reversing at a
    hex edge): the two segments it joins must name different `hex`es. `length` is added to a path passing it
    (1 on a hex side, so hex trains count border crossings there and tile paths can keep length 0)."""

    name: str
    conflicts: tuple[str, ...] = ()
    crossing: bool = False
    length: int = 0


@dataclass(frozen=True)
class Segment:
    """A piece of track between two nodes. No `conflicts` means the segment is its own conflict id.
    `length` counts hexes for hex trains; `track` is broad, narrow or dual gauge; `hex` names the hex it lies in."""

    a: str
    b: str
    conflicts: tuple[str, ...] = ()
    length: int = 1
    track: str = "broad"
    hex: str | None = None


@dataclass(frozen=True)
class Link:
    """A simple track path from stop `a` to stop `b` passing only junctions. `passes` are the junctions on it that
    a route could otherwise pass twice (indices into `Network.revisitable`): one route's links share none."""

    a: int
    b: int
    conflicts: frozenset[int]
    length: int
    track: int
    segments: tuple[int, ...]
    passes: frozenset[int] = frozenset()


@dataclass
class NetworkArrays:
    """The network as integer arrays for the kernels (S stops, L links, W conflict words of 64 bits)."""

    adj_start: npt.NDArray[np.int32]  # [S+1]: links of stop s are adj_link[adj_start[s]:adj_start[s+1]]
    adj_link: npt.NDArray[np.int32]  # [2L]
    adj_to: npt.NDArray[np.int32]  # [2L]: the stop at the other end
    link_conf: npt.NDArray[np.uint64]  # [L, W]
    link_pass: npt.NDArray[np.uint64]  # [L, P]: Link.passes as a bitset over Network.revisitable
    link_len: npt.NDArray[np.int32]  # [L]
    link_track: npt.NDArray[np.int32]  # [L] gauge bits
    stop_kind: npt.NDArray[np.int32]  # [S]: index into STOP_KINDS
    stop_group: npt.NDArray[np.int32]  # [S], -1 for none


@dataclass
class Network:
    """Stops, junctions and segments; compiled on construction into links and arrays.

    Build it from Python lists (what a map builder produces) or from a scenario file (`scenario.load_scenario`).
    `phases` is the ordered list of phase names that stop value tables refer to.
    """

    stops: Sequence[Stop]
    segments: Sequence[Segment]
    junctions: Sequence[Junction] = ()
    phases: Sequence[str] = ("1",)
    links: list[Link] = field(init=False)
    conflict_ids: list[str] = field(init=False)
    revisitable: list[str] = field(init=False)
    arrays: NetworkArrays = field(init=False)

    def __post_init__(self) -> None:
        self.stops = tuple(self.stops)
        self.segments = tuple(self.segments)
        self.junctions = tuple(self.junctions)
        self.phases = tuple(self.phases)
        self._check()
        self.stop_index = {stop.name: i for i, stop in enumerate(self.stops)}
        self.revisitable = self._revisitable_junctions()
        self.links, self.conflict_ids = self._compress()
        self.arrays = self._build_arrays()

    # ----------------------------------------------------------------------------------------------- checks
    def _check(self) -> None:
        if not self.phases:
            raise ValueError("network: phases must name at least one phase")
        if len(self.stops) > MAX_STOPS:
            raise ValueError(f"network: {len(self.stops)} stops, at most {MAX_STOPS} supported")
        names: set[str] = set()
        for i, stop in enumerate(self.stops):
            where = f"stop {i} ({stop.name!r})"
            if not isinstance(stop.name, str) or not stop.name:
                raise ValueError(f"stop {i}: name must be a non-empty string")
            if stop.name in names:
                raise ValueError(f"{where}: duplicate node name")
            names.add(stop.name)
            if stop.kind not in STOP_KINDS:
                raise ValueError(f"{where}: kind {stop.kind!r}, expected one of {', '.join(STOP_KINDS)}")
            if stop.slots < 0:
                raise ValueError(f"{where}: slots must be >= 0, got {stop.slots}")
            if len(stop.tokens) > max(stop.slots, 0) and stop.kind == "city":
                raise ValueError(f"{where}: {len(stop.tokens)} tokens in {stop.slots} slots")
            if stop.tokens and stop.kind != "city":
                raise ValueError(f"{where}: only cities hold tokens, this is a {stop.kind}")
            values = [stop.value] if isinstance(stop.value, int) else list(stop.value.values())
            if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_VALUE for v in values):
                raise ValueError(f"{where}: values must be integers from 0 to {MAX_VALUE}, got {stop.value!r}")
        for junction in self.junctions:
            if junction.name in names:
                raise ValueError(f"junction {junction.name!r}: duplicate node name")
            if not 0 <= junction.length <= MAX_LENGTH:
                raise ValueError(f"junction {junction.name!r}: length must be 0 to {MAX_LENGTH}, got {junction.length}")
            names.add(junction.name)
        for i, seg in enumerate(self.segments):
            where = f"segment {i} ({seg.a}-{seg.b})"
            for end in (seg.a, seg.b):
                if end not in names:
                    raise ValueError(f"{where}: unknown node {end!r}, expected a stop or junction name")
            if seg.a == seg.b:
                raise ValueError(f"{where}: both ends are the same node")
            if seg.track not in TRACK_KINDS:
                raise ValueError(f"{where}: track {seg.track!r}, expected one of {', '.join(TRACK_KINDS)}")
            if not 0 <= seg.length <= MAX_LENGTH:
                raise ValueError(f"{where}: length must be 0 to {MAX_LENGTH}, got {seg.length}")

    # ----------------------------------------------------------------------------------------- compression
    def _revisitable_junctions(self) -> list[str]:
        """Junctions one route could pass twice unless told not to: no conflict id (a second pass would repeat
        it) and four segments that pair into two passes (at a crossing junction, each pass joins two different
        hexes: a hex side with one crossing segment is passed once at most). Tracking only these keeps the
        search's per-route bitset empty on ordinary boards."""
        by_hex: dict[str, dict[str | None, int]] = {}
        for seg in self.segments:
            for end in (seg.a, seg.b):
                counts = by_hex.setdefault(end, {})
                counts[seg.hex] = counts.get(seg.hex, 0) + 1
        revisitable = []
        for junction in self.junctions:
            counts = by_hex.get(junction.name, {})
            degree = sum(counts.values())
            if junction.conflicts or degree < 4:
                continue
            if junction.crossing and degree - max(counts.values()) < 2:
                continue
            revisitable.append(junction.name)
        return revisitable

    def _compress(self) -> tuple[list[Link], list[str]]:
        """Every simple path stop -> junctions -> stop, using no node and no conflict id twice."""
        junction_by_name = {j.name: j for j in self.junctions}
        conflict_ids: dict[str, int] = {}

        def conflict_id(name: str) -> int:
            return conflict_ids.setdefault(name, len(conflict_ids))

        seg_conf: list[frozenset[int]] = []
        for i, seg in enumerate(self.segments):
            ids = seg.conflicts or (f"#segment{i}",)
            seg_conf.append(frozenset(conflict_id(c) for c in ids))
        junction_conf = {j.name: frozenset(conflict_id(c) for c in j.conflicts) for j in self.junctions}
        junction_len = {j.name: j.length for j in self.junctions}
        pass_index = {name: i for i, name in enumerate(self.revisitable)}
        incident: dict[str, list[int]] = {}
        for i, seg in enumerate(self.segments):
            incident.setdefault(seg.a, []).append(i)
            incident.setdefault(seg.b, []).append(i)

        found: dict[tuple[int, int, frozenset[int], int, int, frozenset[int]], Link] = {}
        for start in self.stops:
            # Depth-first over junctions: (node, segments so far, conflicts so far, visited nodes, junction length).
            stack: list[tuple[str, tuple[int, ...], frozenset[int], frozenset[str], int]] = [
                (start.name, (), frozenset(), frozenset([start.name]), 0)
            ]
            while stack:
                node, segs, confs, seen, passed_len = stack.pop()
                for s in incident.get(node, ()):
                    seg = self.segments[s]
                    other = seg.b if seg.a == node else seg.a
                    if other in seen or seg_conf[s] & confs:
                        continue
                    if segs and node in junction_by_name and junction_by_name[node].crossing:
                        if self.segments[segs[-1]].hex == seg.hex:
                            continue
                    new_confs = confs | seg_conf[s]
                    if other in junction_by_name:
                        if junction_conf[other] & new_confs:
                            continue
                        stack.append((other, segs + (s,), new_confs | junction_conf[other], seen | {other},
                                      passed_len + junction_len[other]))
                        continue
                    a, b = self.stop_index[start.name], self.stop_index[other]
                    if a >= b:  # each undirected link once, from its lower end
                        continue
                    path = segs + (s,)
                    track = 3
                    for p in path:
                        track &= TRACK_KINDS[self.segments[p].track]
                    if track == 0:
                        continue  # broad and narrow pieces joined: no train can run it
                    length = passed_len + sum(self.segments[p].length for p in path)
                    passes = frozenset(pass_index[n] for n in seen if n in pass_index)
                    # Two paths with the same ends, conflicts, length, gauge and passes are interchangeable: keep one.
                    key = (a, b, new_confs, length, track, passes)
                    if key not in found:
                        found[key] = Link(a, b, new_confs, length, track, path, passes)
        links = sorted(found.values(),
                       key=lambda link: (link.a, link.b, link.length, sorted(link.conflicts), sorted(link.passes)))
        return links, list(conflict_ids)

    def _build_arrays(self) -> NetworkArrays:
        n_stops = len(self.stops)
        words = max(1, (len(self.conflict_ids) + 63) // 64)
        link_conf = bitsets([link.conflicts for link in self.links], words)
        link_pass = bitsets([link.passes for link in self.links], max(1, (len(self.revisitable) + 63) // 64))
        # Adjacency sorted by the value of the far stop (first phase), best first, so good routes come early.
        by_stop: list[list[tuple[int, int]]] = [[] for _ in range(n_stops)]
        for i, link in enumerate(self.links):
            by_stop[link.a].append((i, link.b))
            by_stop[link.b].append((i, link.a))
        first = self.phases[-1]
        adj_start = np.zeros(n_stops + 1, dtype=np.int32)
        adj_link, adj_to = [], []
        for s in range(n_stops):
            entries = sorted(by_stop[s], key=lambda e: (-self.stops[e[1]].value_for(first, self.phases), e[0]))
            adj_link += [e[0] for e in entries]
            adj_to += [e[1] for e in entries]
            adj_start[s + 1] = len(adj_link)
        groups: dict[str, int] = {}
        stop_group = np.array(
            [-1 if s.group is None else groups.setdefault(s.group, len(groups)) for s in self.stops], dtype=np.int32
        )
        return NetworkArrays(
            adj_start=adj_start,
            adj_link=np.array(adj_link, dtype=np.int32),
            adj_to=np.array(adj_to, dtype=np.int32),
            link_conf=link_conf,
            link_pass=link_pass,
            link_len=np.array([link.length for link in self.links] or [0], dtype=np.int32),
            link_track=np.array([link.track for link in self.links] or [0], dtype=np.int32),
            stop_kind=np.array([STOP_KINDS.index(s.kind) for s in self.stops], dtype=np.int32),
            stop_group=stop_group,
        )

    # ------------------------------------------------------------------------------------------- queries
    def stop_names(self, indices: Iterable[int]) -> list[str]:
        return [self.stops[i].name for i in indices]

    def token_stops(self, company: str) -> list[int]:
        return [i for i, stop in enumerate(self.stops) if company in stop.tokens]

    def companies(self) -> list[str]:
        return sorted({c for stop in self.stops for c in stop.tokens})

    def check_phase(self, phase: str) -> None:
        if phase not in self.phases:
            raise ValueError(f"phase {phase!r} unknown, expected one of {', '.join(self.phases)}")
