"""The exact revenue solver: `solve` picks, per problem, the route lists (every route of each distinct train
listed, then the best conflict-free combination) when the routes number fewer than ROUTE_BUDGET, and otherwise
the all-trains-at-once branch and bound (Rails-devel "routing state" idea). `solve_by_route_lists` is the
route-list method alone, for comparison (optionally truncated as well-known tools run it).

A routing state holds a route for every train; a step grows one train by one link that shares no conflict id
with any train's track, avoids stops this train already visited, does not run through an off-board or a blocked
city, and suits the train (stop count, hexes, gauge). States are generated in one canonical order so every set
of runs appears once (the seed's "same run reached two ways", merged by construction):

* trains are completed one after another (growing train i+1 before train i is closed would reach each state
  in every interleaving);
* a route grows from its lowest-ranked company token: first arm, then a second arm out of the same token whose
  first link is higher than the first arm's (a route through the token is built once, not once per direction);
* interchangeable trains (the same value and limits on every stop, the same bonuses: `Problem.train_class`) take
  routes in increasing (start token, first link) order, and an idle train is followed only by idle twins.

Branch and bound: the bound of a state is the closed trains' revenue + an over-estimate of the open train (its
value + what its live ends can still reach within its remaining stops or hexes, or the block-cut-tree bound of
an unlimited train, capped by its exact best alone) + the exact joint optimum of the later trains, solved first
on their own (suffixes, smallest first). Stop-limited trains are searched first, open-ended ones (D, E, H) last.
At each train level a memo of proven bounds merges states whose later trains face the same track (see
kernels.search_runs). Pruning only drops states whose bound cannot beat the best found, so the result is exact;
no node cap, no clock. docs/routes.md has the details and figures.

The kernels run on the calling thread (the window's thinker, or the command line's). `cancel` is the caller's
CancelToken (anything with its int32 `flag`): the kernel polls the flag itself, and a cancelled search raises
`SearchCancelled`. `progress` is a `LiveProgress` whose counters the kernel writes as it goes: another thread
reads them with `read()` whenever it likes (the window once a frame); nothing calls back into the caller.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablegames.core.worker import HasCancelFlag, SearchCancelled, cancel_flag_of, raise_if_cancelled
from tablegames.routes import kernels
from tablegames.routes.kernels import Bytes, Ints, Words
from tablegames.routes.limits import MAX_TOTAL, MAX_VALUE
from tablegames.routes.network import Network
from tablegames.routes.trains import UNLIMITED, RouteBonus, TrainType, check_trains

# what every kernel takes first: adj_start, adj_link, adj_to, link_conf, link_pass, link_len, link_track, stop_sink,
# stop_group, n_groups, token_stops, token_rank
NetworkArgs = tuple[Ints, Ints, Ints, Words, Words, Ints, Ints, Bytes, Ints, int, Ints, Ints]
# the chosen trains' rows: value, cost, major, max_total, max_major, max_len, best_n, track_mask
TrainArgs = tuple[Ints, Ints, Ints, Ints, Ints, Ints, Ints, Ints]

CONTROL_SIZE = 4  # the kernels' control array: [1] nodes so far, [2] best so far, [3] finished


def _is_open_ended(train: TrainType) -> bool:
    """No stop limit (D, express, hex trains): its bound is only sharp on the track the others left."""
    return train.is_unlimited or train.express or train.hexes > 0


@dataclass(frozen=True)
class TrainRun:
    """One train's run: its stops in route order (empty when it does not run), its revenue, the network's
    indices of its links, and the stops that count (all but skipped towns; an express train's best n)."""

    train: str
    stops: tuple[str, ...]
    revenue: int
    links: tuple[int, ...] = ()
    counted: tuple[str, ...] = ()


@dataclass(frozen=True)
class RunResult:
    """The best runs, in the order the trains were given, and what the search cost."""

    total: int
    runs: tuple[TrainRun, ...]
    nodes: int = 0  # search nodes of the branch and bound, or routes listed (kept, with a route limit)
    seconds: float = 0.0
    method: str = ""  # LISTS or BRANCH_AND_BOUND
    load_seconds: float = 0.0  # loading the kernels first, in a fresh process (not in `seconds`)


@dataclass(frozen=True)
class SearchProgress:
    """A reading of a running search: the stage, the nodes it has searched and the best total it has found."""

    stage: str
    nodes: int
    best: int


class LiveProgress:
    """A running search's progress as its kernels write it, for another thread to read at any time.

    Each stage of the search gets a fresh control array (`begin`, on the search's thread), swapped in with its
    stage name as one tuple, so `read()` always sees one stage's name with that stage's own counters (which only
    grow). No lock and no callback: the kernel writes, the reader reads."""

    def __init__(self) -> None:
        self._current: tuple[str, Ints] = ("preparing", np.zeros(CONTROL_SIZE, dtype=np.int64))

    def begin(self, stage: str) -> Ints:
        """A new stage: the control array its kernel writes into."""
        control = np.zeros(CONTROL_SIZE, dtype=np.int64)
        self._current = (stage, control)
        return control

    @property
    def array(self) -> Ints:
        """The control array of the stage running now ([1] nodes, [2] best so far, [3] 1 once finished)."""
        return self._current[1]

    def read(self) -> SearchProgress:
        stage, control = self._current
        return SearchProgress(stage, int(control[1]), int(control[2]))


# A cancelled search raises core.worker's SearchCancelled (imported above, so `routes.search.SearchCancelled`
# is the same class).


class RouteListTooLong(Exception):
    """The route-list method met more routes for one train than it was allowed to store."""


@dataclass
class Problem:
    """A network reduced to what one company can reach, with per-train arrays, ready for the kernels."""

    network: Network
    stops: Ints  # original stop index of each kept stop
    links: Ints  # original link index of each kept link
    adj_start: Ints
    adj_link: Ints
    adj_to: Ints
    link_conf: Words
    link_pass: Words
    link_len: Ints
    link_track: Ints
    stop_sink: Bytes
    stop_group: Ints
    n_groups: int
    token_stops: Ints
    token_rank: Ints
    trains: list[TrainType]
    value: Ints
    cost: Ints
    major: Ints
    max_total: Ints
    max_major: Ints
    max_len: Ints
    best_n: Ints
    track_mask: Ints
    bonus_amount: Ints
    bonus_stop_mask: Ints
    bonus_full: Ints
    prefix_top: Ints
    train_class: Ints  # [T]: the first train interchangeable with train t (equal in every per-train array)

    def network_args(self) -> NetworkArgs:
        return (
            self.adj_start, self.adj_link, self.adj_to, self.link_conf, self.link_pass, self.link_len,
            self.link_track, self.stop_sink, self.stop_group, self.n_groups, self.token_stops, self.token_rank,
        )

    def train_args(self, chosen: Sequence[int]) -> TrainArgs:
        pick = np.asarray(chosen, dtype=np.int64)
        return (
            np.ascontiguousarray(self.value[pick]), np.ascontiguousarray(self.cost[pick]),
            np.ascontiguousarray(self.major[pick]), self.max_total[pick], self.max_major[pick], self.max_len[pick],
            self.best_n[pick], self.track_mask[pick],
        )

    def run_of(self, train: int, stop_order: Iterable[int], revenue: int, links: Iterable[int] = ()) -> TrainRun:
        order = [int(s) for s in stop_order]
        names = tuple(self.network.stops[self.stops[s]].name for s in order)
        scoring = [s for s in order if self.cost[train, s] == 1]  # skipped towns are passed, not counted
        if self.best_n[train] > 0:  # express: the best n stops count
            best = sorted(scoring, key=lambda s: -self.value[train, s])[: int(self.best_n[train])]
            scoring = [s for s in order if s in best]
        counted = tuple(self.network.stops[self.stops[s]].name for s in scoring)
        return TrainRun(self.trains[train].name, names, int(revenue), tuple(int(x) for x in links), counted)


def _reachable(network: Network, tokens: list[int], sinks: set[int]) -> list[int]:
    """Stops a route from one of the tokens can reach (never leaving a sink)."""
    neighbours: dict[int, set[int]] = {}
    for link in network.links:
        neighbours.setdefault(link.a, set()).add(link.b)
        neighbours.setdefault(link.b, set()).add(link.a)
    seen = set(tokens)
    frontier = list(tokens)
    while frontier:
        s = frontier.pop()
        if s in sinks and s not in tokens:
            continue
        for t in neighbours.get(s, ()):
            if t not in seen:
                seen.add(t)
                frontier.append(t)
    return sorted(seen)


def prepare(
    network: Network,
    trains: Sequence[TrainType],
    company: str,
    phase: str | None = None,
    bonuses: Sequence[RouteBonus] = (),
) -> Problem:
    """Check the inputs and build the kernel arrays (restricted to stops the company can reach)."""
    check_trains(trains)
    phase = network.phases[0] if phase is None else phase
    network.check_phase(phase)
    stops = network.stops
    all_tokens = network.token_stops(company)
    sinks = {i for i, s in enumerate(stops) if s.kind == "offboard" or s.is_blocked_for(company)}
    kept = _reachable(network, all_tokens, sinks) if all_tokens else []
    new_index = {old: new for new, old in enumerate(kept)}
    n_stops = len(kept)

    link_ids = [i for i, link in enumerate(network.links) if link.a in new_index and link.b in new_index]
    arrays = network.arrays
    words = arrays.link_conf.shape[1]
    link_conf = np.zeros((max(len(link_ids), 1), words), dtype=np.uint64)
    link_pass = np.zeros((max(len(link_ids), 1), arrays.link_pass.shape[1]), dtype=np.uint64)
    link_len = np.zeros(max(len(link_ids), 1), dtype=np.int64)
    link_track = np.zeros(max(len(link_ids), 1), dtype=np.int64)
    neighbours: list[list[tuple[int, int, int]]] = [[] for _ in range(n_stops)]
    for new_link, old_link in enumerate(link_ids):
        link = network.links[old_link]
        link_conf[new_link] = arrays.link_conf[old_link]
        link_pass[new_link] = arrays.link_pass[old_link]
        link_len[new_link] = link.length
        link_track[new_link] = link.track
        a, b = new_index[link.a], new_index[link.b]
        neighbours[a].append((new_link, b, old_link))
        neighbours[b].append((new_link, a, old_link))
    # Keep the network's adjacency order (best far stop first).
    order = {int(arrays.adj_link[k]): k for k in range(arrays.adj_link.shape[0])}
    adj_start = np.zeros(n_stops + 1, dtype=np.int64)
    adj_link: list[int] = []
    adj_to: list[int] = []
    for s in range(n_stops):
        for new_link, other, _old in sorted(neighbours[s], key=lambda e: order.get(e[2], 0)):
            adj_link.append(new_link)
            adj_to.append(other)
        adj_start[s + 1] = len(adj_link)

    group_ids: dict[int, int] = {}
    stop_group = np.array(
        [-1 if arrays.stop_group[o] < 0 else group_ids.setdefault(int(arrays.stop_group[o]), len(group_ids))
         for o in kept],
        dtype=np.int64,
    )
    stop_sink = np.array([1 if o in sinks else 0 for o in kept], dtype=np.uint8)
    # Tokens ranked by value (a route starts from its lowest-ranked token; valuable starts are tried first).
    tokens = sorted((new_index[o] for o in all_tokens), key=lambda s: (-stops[kept[s]].value_for(phase, network.phases), s))
    token_rank = np.full(n_stops, -1, dtype=np.int64)
    for rank, s in enumerate(tokens):
        token_rank[s] = rank

    n_trains = len(trains)
    value = np.zeros((n_trains, n_stops), dtype=np.int64)
    cost = np.ones((n_trains, n_stops), dtype=np.int64)
    major = np.zeros((n_trains, n_stops), dtype=np.int64)
    max_total = np.zeros(n_trains, dtype=np.int64)
    max_major = np.zeros(n_trains, dtype=np.int64)
    max_len = np.full(n_trains, kernels.INF, dtype=np.int64)
    best_n = np.zeros(n_trains, dtype=np.int64)
    track_mask = np.zeros(n_trains, dtype=np.int64)
    for t, train in enumerate(trains):
        for s, o in enumerate(kept):
            stop = stops[o]
            if stop.kind == "town" and train.skip_towns:
                cost[t, s] = 0
                continue
            base = stop.value_for(phase, network.phases, train.value_class)
            value[t, s] = (base + train.stop_bonus.get(stop.kind, 0)) * train.multiplier
            major[t, s] = 0 if stop.kind == "town" else 1
        if train.express:
            max_total[t] = max_major[t] = UNLIMITED
            best_n[t] = train.stops
        elif train.hexes > 0:
            max_total[t] = max_major[t] = UNLIMITED
            max_len[t] = train.hexes - 1  # a route over k links between hexes spans k + 1 hexes
        else:
            max_total[t] = min(train.stops + train.towns, UNLIMITED)
            max_major[t] = min(train.stops, UNLIMITED)
        track_mask[t] = {"broad": 1, "narrow": 2, "dual": 3}.get(train.track, 1)

    n_bonuses = len(bonuses)
    bonus_amount = np.zeros((n_trains, n_bonuses), dtype=np.int64)
    bonus_stop_mask = np.zeros((n_stops, n_bonuses), dtype=np.int64)
    bonus_full = np.zeros(n_bonuses, dtype=np.int64)
    for b, bonus in enumerate(bonuses):
        if not bonus.parts or len(bonus.parts) > 30:
            raise ValueError(f"bonus {bonus.name!r}: expected 1 to 30 parts, got {len(bonus.parts)}")
        if not 0 <= bonus.amount <= MAX_VALUE:
            raise ValueError(f"bonus {bonus.name!r}: amount {bonus.amount}, expected 0 to {MAX_VALUE}")
        bonus_full[b] = (1 << len(bonus.parts)) - 1
        for p, part in enumerate(bonus.parts):
            for name in part:
                if name not in network.stop_index:
                    raise ValueError(f"bonus {bonus.name!r}: unknown stop {name!r}")
                o = network.stop_index[name]
                if o in new_index:
                    bonus_stop_mask[new_index[o], b] |= 1 << p
        for t, train in enumerate(trains):
            if not bonus.trains or train.name in bonus.trains:
                bonus_amount[t, b] = bonus.amount * train.multiplier

    prefix_top = np.zeros((n_trains, n_stops + 1), dtype=np.int64)
    for t in range(n_trains):
        prefix_top[t, 1:] = np.cumsum(np.sort(value[t])[::-1])
    # Every stop and every bonus for every train: the kernels' sums and bounds stay far inside int64 and INF.
    most = sum(int(prefix_top[t, -1]) + int(bonus_amount[t].sum()) for t in range(n_trains))
    if most > MAX_TOTAL:
        raise ValueError(f"these trains could earn up to {most:,} together, expected at most {MAX_TOTAL:,} "
                         "(fewer trains, smaller values or multipliers)")
    # Two trains are interchangeable when every array the kernels read per train is equal for them: then they may
    # run the same routes and earn the same on each. Names play no part, except through a bonus paid by name.
    per_train = (value, cost, major, max_total, max_major, max_len, best_n, track_mask, bonus_amount)
    first_of: dict[bytes, int] = {}
    train_class = np.array(
        [first_of.setdefault(b"".join(array[t].tobytes() for array in per_train), t) for t in range(n_trains)],
        dtype=np.int64,
    )
    return Problem(
        network=network, stops=np.array(kept, dtype=np.int64), links=np.array(link_ids, dtype=np.int64), adj_start=adj_start,
        adj_link=np.array(adj_link, dtype=np.int64), adj_to=np.array(adj_to, dtype=np.int64),
        link_conf=link_conf, link_pass=link_pass, link_len=link_len, link_track=link_track, stop_sink=stop_sink,
        stop_group=stop_group,
        n_groups=len(group_ids), token_stops=np.array(tokens, dtype=np.int64), token_rank=token_rank,
        trains=list(trains), value=value, cost=cost, major=major, max_total=max_total, max_major=max_major,
        max_len=max_len, best_n=best_n, track_mask=track_mask, bonus_amount=bonus_amount,
        bonus_stop_mask=bonus_stop_mask, bonus_full=bonus_full, prefix_top=prefix_top, train_class=train_class,
    )


def _run_stage(call: Callable[[Ints, kernels.CancelFlag], int], stage: str, progress: LiveProgress | None,
               flag: kernels.CancelFlag) -> tuple[int, int]:
    """Run one kernel call on this thread with a control array (`progress`'s, when given) and the cancel flag.
    Returns (kernel result, nodes); SearchCancelled when the flag was set before or during the call."""
    if flag[0]:  # cancelled between stages: start no more work
        raise SearchCancelled(f"route search cancelled before {stage}")
    control = progress.begin(stage) if progress is not None else np.zeros(CONTROL_SIZE, dtype=np.int64)
    result = call(control, flag)
    if result < 0:
        raise SearchCancelled(f"route search cancelled during {stage}")
    return result, int(control[1])


def _search(problem: Problem, chosen: list[int], standalone: Ints, suffix_best: Ints, best_init: int,
            stage: str, progress: LiveProgress | None, flag: kernels.CancelFlag
            ) -> tuple[int, int, list[TrainRun] | None]:
    """Run the exact kernel on the trains `chosen` (indices into problem.trains, already ordered).
    Returns (best, nodes, runs or None when nothing beat best_init)."""
    n_trains = len(chosen)
    n_stops = problem.stop_sink.shape[0]
    same = np.zeros(n_trains, dtype=np.int64)
    for i in range(1, n_trains):
        same[i] = int(problem.train_class[chosen[i]] == problem.train_class[chosen[i - 1]])
    out_stops = np.zeros((n_trains, n_stops + 1), dtype=np.int64)
    out_links = np.zeros((n_trains, n_stops + 1), dtype=np.int64)
    out_count = np.zeros(n_trains, dtype=np.int64)
    out_arm2 = np.zeros(n_trains, dtype=np.int64)
    out_value = np.zeros(n_trains, dtype=np.int64)
    pick = np.asarray(chosen, dtype=np.int64)

    relevant = _relevant_links(problem, chosen)
    # A table of about 64 entries per link (at most 2**16): small maps do not pay for a big one.
    n_links = problem.link_conf.shape[0]
    memo_bits = 0 if n_trains < 2 or not relevant.any() else min(16, max(8, n_links.bit_length() + 6))

    def call(control: Ints, cancel: kernels.CancelFlag) -> int:
        return kernels.search_runs(
            *problem.network_args(), *problem.train_args(chosen), same,
            np.ascontiguousarray(problem.bonus_amount[pick]), problem.bonus_stop_mask, problem.bonus_full,
            np.ascontiguousarray(problem.prefix_top[pick]), standalone, suffix_best, best_init,
            relevant, memo_bits, control, cancel, out_stops, out_links, out_count, out_arm2, out_value,
        )

    best, nodes = _run_stage(call, stage, progress, flag)
    if best <= best_init:
        return best_init, nodes, None
    runs = []
    for i, t in enumerate(chosen):
        n, split = int(out_count[i]), int(out_arm2[i])
        if n == 0:
            runs.append(TrainRun(problem.trains[t].name, (), 0))
            continue
        order = list(out_stops[i, split:n][::-1]) + list(out_stops[i, :split])
        links = list(out_links[i, split:n][::-1]) + list(out_links[i, 1:split])
        runs.append(problem.run_of(t, order, int(out_value[i]), [problem.links[x] for x in links]))
    return int(best), nodes, runs


def _relevant_links(problem: Problem, chosen: list[int]) -> Words:
    """relevant[t]: the conflict ids of the links trains chosen[t:] could use, for the kernel's memo; zero (off)
    where one of them has no stop limit (then every link matters and the memo would never merge anything).
    A route of k stops holds a token and reaches at most k - 1 links from it along each arm, so a link matters
    only if one of its ends is within k - 2 links of a token (not passing sinks)."""
    n_trains = len(chosen)
    n_stops = problem.stop_sink.shape[0]
    words = problem.link_conf.shape[1]
    relevant = np.zeros((n_trains + 1, words), dtype=np.uint64)
    limits = [int(problem.max_total[t]) for t in chosen]
    limited = [int(problem.best_n[t]) == 0 and problem.max_len[t] >= kernels.INF
               and limits[i] < n_stops and (problem.cost[t] == 1).all() for i, t in enumerate(chosen)]
    for level in range(1, n_trains):
        if not all(limited[level:]):
            continue
        reach = max(limits[level:]) - 2
        dist = np.full(n_stops, n_stops + 1, dtype=np.int64)
        frontier = [int(s) for s in problem.token_stops]
        for s in frontier:
            dist[s] = 0
        while frontier:
            nxt = []
            for u in frontier:
                if problem.stop_sink[u] and dist[u] > 0:
                    continue
                for a in range(problem.adj_start[u], problem.adj_start[u + 1]):
                    v = int(problem.adj_to[a])
                    if dist[v] > dist[u] + 1:
                        dist[v] = dist[u] + 1
                        nxt.append(v)
            frontier = nxt
        for u in range(n_stops):
            if dist[u] > reach or (problem.stop_sink[u] and dist[u] > 0):
                continue
            for a in range(problem.adj_start[u], problem.adj_start[u + 1]):
                relevant[level] |= problem.link_conf[int(problem.adj_link[a])]
    return relevant


# Routes listed, over all distinct trains, below which `solve` takes the route lists instead of the branch and
# bound: listing costs about half a microsecond a route, so giving up at this count wastes about 10 ms, and on the
# benchmark the two methods cost about the same from 10,000-20,000 routes on (docs/routes.md, "The solver").
ROUTE_BUDGET = 20_000
LISTS = "route lists"
BRANCH_AND_BOUND = "branch and bound"


def solve(
    network: Network,
    trains: Sequence[TrainType],
    company: str,
    phase: str | None = None,
    bonuses: Sequence[RouteBonus] = (),
    progress: LiveProgress | None = None,
    cancel: HasCancelFlag | None = None,
    method: str | None = None,
) -> RunResult:
    """The best runs of `company`'s trains: exact, searched on this thread. The method is picked per problem: every
    route of each distinct train listed and the best conflict-free combination found, when the routes number
    fewer than ROUTE_BUDGET; the all-trains-at-once branch and bound otherwise (`method` forces one, LISTS or
    BRANCH_AND_BOUND). The kernels write the stage, nodes and best so far into `progress` for another thread to
    read; cancelling `cancel` (a CancelToken) stops the kernel within a few milliseconds and raises
    SearchCancelled (no unproven answer)."""
    load_seconds = kernels.ensure_loaded()
    started = time.perf_counter()
    flag = cancel_flag_of(cancel)
    problem = prepare(network, trains, company, phase, bonuses)
    if len(trains) == 0 or problem.token_stops.shape[0] == 0:
        idle = tuple(TrainRun(t.name, (), 0) for t in trains)
        return RunResult(0, idle, 0, time.perf_counter() - started, load_seconds=load_seconds)
    if method not in (None, LISTS, BRANCH_AND_BOUND):
        raise ValueError(f"method {method!r}, expected {LISTS!r} or {BRANCH_AND_BOUND!r}")
    if method != BRANCH_AND_BOUND:
        budget = None if method == LISTS else ROUTE_BUDGET
        lists = _route_lists(problem, budget, cancel, progress)
        if lists is not None:
            total, runs, listed = _best_combination(problem, lists, progress, flag)
            return RunResult(total, runs, listed, time.perf_counter() - started, LISTS, load_seconds)
    total, runs, nodes = _branch_and_bound(problem, progress, flag)
    return RunResult(total, runs, nodes, time.perf_counter() - started, BRANCH_AND_BOUND, load_seconds)


def _branch_and_bound(problem: Problem, progress: LiveProgress | None, flag: kernels.CancelFlag
                      ) -> tuple[int, tuple[TrainRun, ...], int]:
    """The all-trains-at-once search: (best total, runs in the trains' order, search nodes)."""
    trains = problem.trains
    n_trains = len(trains)
    big = np.int64(kernels.INF)
    nodes = 0
    kind = [int(c) for c in problem.train_class]
    # 1. Each distinct train alone: its exact best (an upper bound on its share of any joint run).
    alone: dict[int, int] = {}
    alone_run: dict[int, TrainRun | None] = {}
    for t, train in enumerate(trains):
        if kind[t] in alone:
            continue
        best, used, runs = _search(
            problem, [t], np.array([big]), np.array([big, 0]), 0, f"train {train.name} alone", progress, flag
        )
        alone[kind[t]] = best
        alone_run[kind[t]] = runs[0] if runs else None
        nodes += used
    # 2. Order: trains with a stop limit first, most valuable first, twins adjacent; open-ended trains (D, E, H)
    # last, where the bound of their search sees the track the others left.
    order = sorted(range(n_trains), key=lambda t: (_is_open_ended(trains[t]), -alone[kind[t]], kind[t], t))
    standalone = np.array([alone[kind[t]] for t in order], dtype=np.int64)
    # 3. Suffixes from the last train backwards: suffix_best[j] = exact joint best of trains j.. of `order`.
    suffix_best = np.zeros(n_trains + 1, dtype=np.int64)
    suffix_runs: list[list[TrainRun]] = [[] for _ in range(n_trains + 1)]
    last = trains[order[-1]]
    suffix_best[n_trains - 1] = alone[kind[order[-1]]]
    run = alone_run[kind[order[-1]]]
    suffix_runs[n_trains - 1] = [
        dataclasses.replace(run, train=last.name) if run else TrainRun(last.name, (), 0)
    ]
    for j in range(n_trains - 2, -1, -1):
        chosen = order[j:]
        bounds = suffix_best[j:].copy()
        bounds[0] = standalone[j] + suffix_best[j + 1]
        best_init = int(suffix_best[j + 1])
        best, used, runs = _search(
            problem, chosen, standalone[j:], bounds, best_init, f"trains {j + 1}/{n_trains}", progress, flag
        )
        nodes += used
        suffix_best[j] = best
        if runs is None:
            runs = [TrainRun(trains[order[j]].name, (), 0)] + suffix_runs[j + 1]
        suffix_runs[j] = runs
    by_train = dict(zip(order, suffix_runs[0], strict=True))
    return int(suffix_best[0]), tuple(by_train[t] for t in range(n_trains)), nodes


@dataclass
class RouteList:
    """Every legal route of one kind of train, best first: values, conflict sets, and where each route's stops and
    links sit in `flat_stops` / `flat_links` (route r: offset[listed[r]]:offset[listed[r] + 1])."""

    values: Ints
    conflicts: Words
    listed: npt.NDArray[np.intp]
    offset: Ints
    flat_stops: Ints
    flat_links: Ints


def _list_train_routes(problem: Problem, t: int, limit: int) -> RouteList | None:
    """Every legal route of train t, best first; None when there are more than `limit`."""
    count, values, conflicts, offset, flat_stops, flat_links = kernels.list_routes(
        *problem.network_args(), problem.value, problem.cost, problem.major, problem.max_total,
        problem.max_major, problem.max_len, problem.best_n, problem.track_mask, problem.bonus_amount,
        problem.bonus_stop_mask, problem.bonus_full, t, limit,
    )
    if count < 0:
        return None
    by_value = np.argsort(-values[:count], kind="stable")
    return RouteList(values[by_value], conflicts[by_value], by_value, offset, flat_stops, flat_links)


def _route_lists(problem: Problem, budget: int | None, cancel: HasCancelFlag | None,
                 progress: LiveProgress | None, max_routes: int = 4_000_000) -> dict[int, RouteList] | None:
    """The route list of each distinct train (by train class). With a `budget`: None as soon as the lists would
    hold more routes than that together. Without: RouteListTooLong when a train has more than `max_routes`."""
    lists: dict[int, RouteList] = {}
    room = budget
    # Stop-limited trains first: their lists are short, and an unlimited train's long one ends the attempt sooner.
    for t in sorted(range(len(problem.trains)), key=lambda t: _is_open_ended(problem.trains[t])):
        kind = int(problem.train_class[t])
        if kind in lists:
            continue
        name = problem.trains[t].name
        raise_if_cancelled(cancel, f"route listing of train {name}")
        if progress is not None:
            progress.begin(f"routes of train {name}")
        routes = _list_train_routes(problem, t, room if room is not None else max_routes)
        if routes is None:
            if room is not None:
                return None
            raise RouteListTooLong(f"train {name}: more than {max_routes} routes")
        lists[kind] = routes
        if room is not None:
            room -= len(routes.values)
    return lists


def _best_combination(problem: Problem, lists: dict[int, RouteList], progress: LiveProgress | None,
                      flag: kernels.CancelFlag) -> tuple[int, tuple[TrainRun, ...], int]:
    """Branch and bound over one route (or none) per train from the lists: (best total, runs in the trains'
    order, routes listed)."""
    trains = problem.trains
    n_trains = len(trains)
    kind = [int(c) for c in problem.train_class]
    order = sorted(range(n_trains), key=lambda t: -(lists[kind[t]].values[:1].sum()))
    values = np.concatenate([lists[kind[t]].values for t in order])
    confs = np.concatenate([lists[kind[t]].conflicts for t in order])
    counts = np.array([len(lists[kind[t]].values) for t in order], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    tops = np.array([lists[kind[t]].values[:1].sum() for t in order], dtype=np.int64)
    remaining = np.concatenate([np.cumsum(tops[::-1])[::-1], [0]]).astype(np.int64)
    box: list[Ints] = []

    def call(control: Ints, cancel_flag: kernels.CancelFlag) -> int:
        best, pick = kernels.best_combination(values, confs, starts, counts, remaining, control, cancel_flag)
        box.append(pick)
        return best

    best, _steps = _run_stage(call, "combinations", progress, flag)
    pick = box[0]
    runs: dict[int, TrainRun] = {}
    for i, t in enumerate(order):
        routes = lists[kind[t]]
        if pick[i] < 0 or pick[i] >= counts[i]:
            runs[t] = TrainRun(trains[t].name, (), 0)
            continue
        r = int(routes.listed[pick[i]])
        where = slice(int(routes.offset[r]), int(routes.offset[r + 1]))
        links = [int(problem.links[x]) for x in routes.flat_links[where][:-1]]
        runs[t] = problem.run_of(t, routes.flat_stops[where], int(routes.values[pick[i]]), links)
    listed = sum(len(routes.values) for routes in lists.values())
    return int(best), tuple(runs[t] for t in range(n_trains)), listed


def solve_by_route_lists(
    network: Network,
    trains: Sequence[TrainType],
    company: str,
    phase: str | None = None,
    bonuses: Sequence[RouteBonus] = (),
    max_routes: int = 4_000_000,
    cancel: HasCancelFlag | None = None,
    route_limit: int | None = None,
    progress: LiveProgress | None = None,
) -> RunResult:
    """The usual method, for comparison: list every legal route of each train, then branch and bound over one
    route per train (sorted by value) with bitset conflict checks. Exact, but the lists grow with the map.
    `route_limit` keeps only each train's best routes by standalone revenue, as well-known tools do (10,000):
    no longer exact, since the best set of runs may need a train's lesser route. `cancel` and `progress` as for
    `solve` (listing a train's routes is not interrupted: the token is read between trains)."""
    load_seconds = kernels.ensure_loaded()
    started = time.perf_counter()
    flag = cancel_flag_of(cancel)
    problem = prepare(network, trains, company, phase, bonuses)
    if len(trains) == 0 or problem.token_stops.shape[0] == 0:
        return RunResult(0, tuple(TrainRun(t.name, (), 0) for t in trains), 0, time.perf_counter() - started,
                         load_seconds=load_seconds)
    lists = _route_lists(problem, None, cancel, progress, max_routes)
    assert lists is not None  # without a budget the lists are complete (or RouteListTooLong was raised)
    if route_limit is not None:
        lists = {kind: dataclasses.replace(routes, values=routes.values[:route_limit],
                                           conflicts=routes.conflicts[:route_limit],
                                           listed=routes.listed[:route_limit])
                 for kind, routes in lists.items()}
    total, runs, kept = _best_combination(problem, lists, progress, flag)
    return RunResult(total, runs, kept, time.perf_counter() - started, LISTS, load_seconds)
