"""numba kernels of the route search (the one kernel module of `routes`), and `warmup()`.

`search_runs` is the exact all-trains-at-once search: one depth-first walk over routing states that hold a route
for every train, each step growing one train by one link (see search.py for the canonical order that makes every
set of runs appear once). `list_routes` and `best_combination` are the route-list-then-combinations method the
benchmark compares against.

Array conventions: S stops, L links, W 64-bit conflict words, T trains, B route bonuses. Values are int64.
`control` is shared with Python, read by any thread while the kernel runs: [0] unused, [1] nodes so far, [2] best
so far, [3] 1 once the kernel has finished. `cancel` is the caller's CancelToken flag (int32[1]): the kernel reads
it with the counters and, once it is set, returns -1 (no answer).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

Ints = npt.NDArray[np.int64]
Words = npt.NDArray[np.uint64]  # conflict bitsets, W words per row
Bytes = npt.NDArray[np.uint8]  # 0/1 flags
CancelFlag = npt.NDArray[np.int32]  # the caller's CancelToken flag, int32[1]

INF = 1 << 40
POLL_NODES = 4096  # how often the kernel reports progress and reads the cancel flag (about every 4 ms)

FRAME_TRAIN = 0
FRAME_STOP = 1
ROOT_NONE = 0
ROOT_START = 1  # the route's first stop (a token of the company)
ROOT_ARM2 = 2  # back at the start to grow the route's second arm


@njit(cache=True, nogil=True)
def _is_free(link_conf: Words, link: int, used: Words, words: int) -> bool:
    """True when no conflict id of `link` (a bitset over `words` int64s) is in `used`."""
    for w in range(words):
        if link_conf[link, w] & used[w]:
            return False
    return True


@njit(cache=True, nogil=True)
def _occupy(link_conf: Words, link: int, used: Words, words: int) -> None:
    for w in range(words):
        used[w] |= link_conf[link, w]


@njit(cache=True, nogil=True)
def _route_value(t: int, n: int, stops: Ints, value: Ints, best_n: Ints, bonus_amount: Ints, bonus_stop_mask: Ints,
                 bonus_full: Ints, buffer: Ints) -> int:
    """Revenue of train t's route (its first n stops): stop values (best `best_n` for express) plus bonuses."""
    total = 0
    if best_n[t] > 0 and best_n[t] < n:
        for i in range(n):
            buffer[i] = value[t, stops[i]]
        part = np.sort(buffer[:n])
        for i in range(n - best_n[t], n):
            total += part[i]
    else:
        for i in range(n):
            total += value[t, stops[i]]
    for b in range(bonus_full.shape[0]):
        if bonus_amount[t, b] != 0:
            mask = 0
            for i in range(n):
                mask |= bonus_stop_mask[stops[i], b]
            if mask == bonus_full[b]:
                total += bonus_amount[t, b]
    return total


@njit(cache=True, nogil=True)
def _reach_bound(
    t: int, sources: Ints, n_sources: int, n_live: int, budget: int, by_length: bool, adj_start: Ints, adj_link: Ints,
    adj_to: Ints, link_conf: Words, link_len: Ints, link_track: Ints, stop_sink: Bytes, track_mask: Ints, cost: Ints,
    value: Ints, visited: Bytes, used: Words, dist: Ints, queue: Ints, in_queue: Bytes, collected: Ints, ends: Ints,
) -> int:
    """Values of the stops train t could still enter from its live ends, within `budget` (stops counted, or hex
    length when `by_length`): every stop reachable over links free of used conflicts, not through sinks or stops
    this train visited. Writes them to `collected`, returns how many. An over-estimate by construction."""
    n_stops = stop_sink.shape[0]
    words = link_conf.shape[1]
    for s in range(n_stops):
        dist[s] = INF
        in_queue[s] = 0
    head = 0
    tail = 0
    for i in range(n_sources):
        src = sources[i]
        dist[src] = 0
        queue[tail] = src
        tail = (tail + 1) % (n_stops + 1)
        in_queue[src] = 1
    while head != tail:
        u = queue[head]
        head = (head + 1) % (n_stops + 1)
        in_queue[u] = 0
        for a in range(adj_start[u], adj_start[u + 1]):
            link = adj_link[a]
            if (link_track[link] & track_mask[t]) == 0:
                continue
            v = adj_to[a]
            if visited[t, v] != 0:
                continue
            if not _is_free(link_conf, link, used, words):
                continue
            step = link_len[link] if by_length else cost[t, v]
            nd = dist[u] + step
            if nd > budget or nd >= dist[v]:
                continue
            dist[v] = nd
            if stop_sink[v] == 0 and in_queue[v] == 0:
                queue[tail] = v
                tail = (tail + 1) % (n_stops + 1)
                in_queue[v] = 1
    # A stop inside the route needs two usable links and cannot be a sink; the others can only end an arm, and
    # each of the n_live arms still open ends once: keep every possible inner stop and the best n_live others.
    count = 0
    n_ends = 0
    for s in range(n_stops):
        if dist[s] >= INF or visited[t, s] != 0:
            continue
        degree = 0
        if stop_sink[s] == 0:
            for a in range(adj_start[s], adj_start[s + 1]):
                link = adj_link[a]
                u = adj_to[a]
                if (link_track[link] & track_mask[t]) == 0:
                    continue
                if visited[t, u] != 0 and u != sources[0] and (n_sources < 2 or u != sources[1]):
                    continue
                free = True
                for w in range(words):
                    if link_conf[link, w] & used[w]:
                        free = False
                        break
                if free:
                    degree += 1
                    if degree >= 2:
                        break
        if degree >= 2:
            collected[count] = value[t, s]
            count += 1
        else:
            ends[n_ends] = value[t, s]
            n_ends += 1
    if n_ends <= n_live:
        for i in range(n_ends):
            collected[count] = ends[i]
            count += 1
    else:
        part = np.sort(ends[:n_ends])
        for i in range(n_ends - n_live, n_ends):
            collected[count] = part[i]
            count += 1
    return count


@njit(cache=True, nogil=True)
def _block_bound(
    t: int, root: int, two_arms: bool, adj_start: Ints, adj_link: Ints, adj_to: Ints, link_conf: Words,
    link_track: Ints, stop_sink: Bytes, track_mask: Ints, value: Ints, visited: Bytes, used: Words, disc: Ints,
    low: Ints, best_f: Ints, leaf: Ints, dfs_vertex: Ints, dfs_iter: Ints, dfs_edge: Ints, vstack: Ints,
) -> int:
    """Most an unlimited train can still add from the live end `root` (from both arms when `two_arms`).

    A simple path leaving `root` crosses the blocks (biconnected components) of the remaining track along one
    path of the block-cut tree: it collects at most every stop of each block it enters, and leaves a block
    only through a cut vertex. With F(u) = best over u's child blocks B of value(B - u) + max F(x), x in B - u
    (or the best sink next to u), the bound is F(root). Off-boards and blocked cities are pendant leaves."""
    n_stops = stop_sink.shape[0]
    words = link_conf.shape[1]
    for s in range(n_stops):
        disc[s] = -1
    # Root contributions: per child block, value + best one and best two continuations; and pendant sinks.
    top_c1 = 0
    top_c2 = 0
    best_c1_block = 0
    counter = 0
    depth = 0
    vtop = 0
    dfs_vertex[0] = root
    dfs_iter[0] = adj_start[root]
    dfs_edge[0] = -1
    disc[root] = 0
    low[root] = 0
    best_f[root] = 0
    leaf[root] = 0
    counter = 1
    vstack[vtop] = root
    vtop += 1
    while depth >= 0:
        u = dfs_vertex[depth]
        a = dfs_iter[depth]
        if a < adj_start[u + 1]:
            dfs_iter[depth] = a + 1
            link = adj_link[a]
            if link == dfs_edge[depth] or (link_track[link] & track_mask[t]) == 0:
                continue
            v = adj_to[a]
            if visited[t, v] != 0 and v != root:  # the root closes cycles like any other stop
                continue
            if not _is_free(link_conf, link, used, words):
                continue
            if stop_sink[v] == 1:
                # A pendant end: the path may stop there, never pass.
                if u == root and two_arms:
                    c = value[t, v]
                    if c > top_c1:
                        top_c2 = top_c1
                        top_c1 = c
                    elif c > top_c2:
                        top_c2 = c
                if value[t, v] > leaf[u]:
                    leaf[u] = value[t, v]
                continue
            if disc[v] >= 0:
                if disc[v] < low[u]:
                    low[u] = disc[v]
                continue
            disc[v] = counter
            low[v] = counter
            counter += 1
            best_f[v] = 0
            leaf[v] = 0
            vstack[vtop] = v
            vtop += 1
            depth += 1
            dfs_vertex[depth] = v
            dfs_iter[depth] = adj_start[v]
            dfs_edge[depth] = link
            continue
        # u is finished: its F is final once its child blocks are in; fold in the best sink next to it.
        if leaf[u] > best_f[u]:
            best_f[u] = leaf[u]
        depth -= 1
        if depth < 0:
            break
        p = dfs_vertex[depth]
        if low[u] < low[p]:
            low[p] = low[u]
        if low[u] >= disc[p]:
            # The block of p holding u: pop it.
            total = 0
            f1 = 0
            f2 = 0
            while True:
                vtop -= 1
                x = vstack[vtop]
                total += value[t, x]
                fx = best_f[x]
                if fx > f1:
                    f2 = f1
                    f1 = fx
                elif fx > f2:
                    f2 = fx
                if x == u:
                    break
            if total + f1 > best_f[p]:
                best_f[p] = total + f1
            if p == root and two_arms:
                c = total + f1
                if c > top_c1:
                    top_c2 = top_c1
                    top_c1 = c
                elif c > top_c2:
                    top_c2 = c
                if total + f1 + f2 > best_c1_block:
                    best_c1_block = total + f1 + f2
    if two_arms:
        return max(best_c1_block, top_c1 + top_c2)
    return int(best_f[root])


@njit(cache=True, nogil=True)
def _sum_top(values: Ints, count: int, k: int) -> int:
    """Sum of the k largest of values[:count] (all of them if k >= count)."""
    if k <= 0 or count == 0:
        return 0
    if k >= count:
        total = 0
        for i in range(count):
            total += values[i]
        return total
    part = np.sort(values[:count])
    total = 0
    for i in range(count - k, count):
        total += part[i]
    return total


@njit(cache=True, nogil=True)
def search_runs(
    adj_start: Ints, adj_link: Ints, adj_to: Ints, link_conf: Words, link_len: Ints, link_track: Ints,
    stop_sink: Bytes, stop_group: Ints, n_groups: int, token_stops: Ints, token_rank: Ints,
    value: Ints, cost: Ints, major: Ints, max_total: Ints, max_major: Ints, max_len: Ints, best_n: Ints,
    track_mask: Ints, same_as_prev: Ints,
    bonus_amount: Ints, bonus_stop_mask: Ints, bonus_full: Ints,
    prefix_top: Ints, standalone: Ints, suffix_best: Ints, best_init: int, relevant: Words, memo_bits: int,
    control: Ints, cancel: CancelFlag,
    out_stops: Ints, out_links: Ints, out_count: Ints, out_arm2: Ints, out_value: Ints,
) -> int:
    """Exact best total revenue of all trains at once. Returns the best total found (> best_init means the
    outputs hold its runs), or -1 when cancelled. No node cap: the answer never depends on time.

    `relevant[t]` masks the links trains t.. could ever use (relevant[t, 0] == 0 with all words 0 switches the
    memo off for level t). The memo merges states whose later trains face the same track: after the subtree of
    train level t is done, every completion of it is worth at most `best`, so the later trains can earn at most
    best - closed[t] on that track; a later state with the same used relevant track and no more closed revenue
    is pruned at once."""
    n_stops = stop_sink.shape[0]
    n_trains = value.shape[0]
    words = link_conf.shape[1]
    n_tokens = token_stops.shape[0]

    # Per-train route state.
    r_start = np.full(n_trains, -1, np.int64)
    r_first1 = np.full(n_trains, -1, np.int64)
    r_arm2 = np.full(n_trains, -1, np.int64)
    r_n = np.zeros(n_trains, np.int64)
    r_stops = np.zeros((n_trains, n_stops + 1), np.int64)
    r_links = np.full((n_trains, n_stops + 1), -1, np.int64)
    r_total = np.zeros(n_trains, np.int64)
    r_major = np.zeros(n_trains, np.int64)
    r_len = np.zeros(n_trains, np.int64)
    r_sum = np.zeros(n_trains, np.int64)
    r_ran = np.zeros(n_trains, np.int64)
    r_final = np.zeros(n_trains, np.int64)
    closed = np.zeros(n_trains + 1, np.int64)
    visited = np.zeros((n_trains, n_stops), np.uint8)
    group_used = np.zeros((n_trains, max(n_groups, 1)), np.int64)
    used = np.zeros(words, np.uint64)
    bonus_max = np.zeros(n_trains, np.int64)
    for t in range(n_trains):
        for b in range(bonus_full.shape[0]):
            bonus_max[t] += bonus_amount[t, b]

    # Scratch for bounds and values.
    dist = np.zeros(n_stops, np.int64)
    queue = np.zeros(n_stops + 1, np.int64)
    in_queue = np.zeros(n_stops, np.uint8)
    collected = np.zeros(2 * n_stops + 2, np.int64)
    ends = np.zeros(n_stops + 1, np.int64)
    disc = np.zeros(n_stops, np.int64)
    low = np.zeros(n_stops, np.int64)
    best_f = np.zeros(n_stops, np.int64)
    leaf = np.zeros(n_stops, np.int64)
    dfs_vertex = np.zeros(n_stops + 1, np.int64)
    dfs_iter = np.zeros(n_stops + 1, np.int64)
    dfs_edge = np.zeros(n_stops + 1, np.int64)
    vstack = np.zeros(n_stops + 1, np.int64)
    buffer = np.zeros(n_stops + 1, np.int64)
    sources = np.zeros(2, np.int64)

    # The explicit stack of frames.
    depth_max = n_trains * (n_stops + 3) + n_trains + 4
    f_kind = np.zeros(depth_max, np.int64)
    f_t = np.zeros(depth_max, np.int64)
    f_stop = np.zeros(depth_max, np.int64)
    f_arm = np.zeros(depth_max, np.int64)
    f_root = np.zeros(depth_max, np.int64)
    f_stage = np.zeros(depth_max, np.int64)
    f_iter = np.zeros(depth_max, np.int64)
    f_link = np.zeros(depth_max, np.int64)

    memo_size = 1 << memo_bits
    memo_level = np.full(memo_size, -1, np.int64)
    memo_key = np.zeros((memo_size, words), np.uint64)
    memo_ub = np.zeros(memo_size, np.int64)
    f_memo = np.full(depth_max, -1, np.int64)
    memo_on = np.zeros(n_trains + 1, np.uint8)
    for t in range(1, n_trains):
        if same_as_prev[t] == 0:
            for w in range(words):
                if relevant[t, w] != 0:
                    memo_on[t] = 1

    # Trains without a stop limit, and levels with one of them still to run.
    open_ended = np.zeros(n_trains, np.uint8)
    has_open_ended = np.zeros(n_trains + 1, np.uint8)
    for t in range(n_trains - 1, -1, -1):
        if best_n[t] == 0 and max_total[t] >= n_stops and max_len[t] >= INF:
            open_ended[t] = 1
        has_open_ended[t] = has_open_ended[t + 1] | open_ended[t]

    best = best_init
    nodes = 0
    next_poll = POLL_NODES
    depth = 0
    f_kind[0] = FRAME_TRAIN
    f_t[0] = 0
    f_stage[0] = 0
    f_iter[0] = 0

    while depth >= 0:
        d = depth
        t = f_t[d]
        if f_kind[d] == FRAME_TRAIN:
            if t == n_trains:
                if closed[n_trains] > best:
                    best = int(closed[n_trains])
                    for u in range(n_trains):
                        out_value[u] = r_final[u]
                        if r_ran[u] == 0:
                            out_count[u] = 0
                            out_arm2[u] = -1
                            continue
                        out_count[u] = r_n[u]
                        out_arm2[u] = r_arm2[u] if r_arm2[u] >= 0 else r_n[u]
                        for i in range(r_n[u]):
                            out_stops[u, i] = r_stops[u, i]
                            out_links[u, i] = r_links[u, i]
                depth -= 1
                continue
            if f_stage[d] == 0:
                f_stage[d] = 1
                f_iter[d] = 0
                f_memo[d] = -1
                if memo_on[t] == 1:
                    h = np.uint64(t + 1) * np.uint64(0x9E3779B97F4A7C15)
                    for w in range(words):
                        h ^= used[w] & relevant[t, w]
                        h *= np.uint64(0xBF58476D1CE4E5B9)
                        h ^= h >> np.uint64(31)
                    slot = np.int64(h & np.uint64(memo_size - 1))
                    f_memo[d] = slot
                    if memo_level[slot] == t:
                        same = True
                        for w in range(words):
                            if memo_key[slot, w] != (used[w] & relevant[t, w]):
                                same = False
                                break
                        if same and closed[t] + memo_ub[slot] <= best:
                            f_stage[d] = 3
                            f_memo[d] = -1
                if closed[t] + suffix_best[t] <= best:
                    f_stage[d] = 3
                elif f_stage[d] != 3 and has_open_ended[t] == 1 and t > 0:
                    # What the trains from t on can still earn on the track left: an unlimited train at most
                    # its best two-armed block-cut bound from one token, any other train its best alone.
                    rest = 0
                    for j in range(t, n_trains):
                        if open_ended[j] == 0:
                            rest += standalone[j]
                            continue
                        best_j = 0
                        for k in range(n_tokens):
                            root = token_stops[k]
                            b = value[j, root] + _block_bound(
                                j, root, True, adj_start, adj_link, adj_to, link_conf, link_track, stop_sink,
                                track_mask, value, visited, used, disc, low, best_f, leaf, dfs_vertex, dfs_iter,
                                dfs_edge, vstack)
                            if b > best_j:
                                best_j = b
                        rest += min(best_j + bonus_max[j], standalone[j])
                    if closed[t] + rest <= best:
                        f_stage[d] = 3
                if f_stage[d] != 3 and same_as_prev[t] == 1:
                    # Interchangeable with the previous train: its route key (start rank, first link) must be
                    # larger, and it cannot run if the previous one did not.
                    if r_ran[t - 1] == 0:
                        f_stage[d] = 2
                    else:
                        f_iter[d] = token_rank[r_start[t - 1]]
                        for j in range(f_iter[d]):
                            visited[t, token_stops[j]] = 2
            if f_stage[d] == 1:
                k = f_iter[d]
                if k >= n_tokens:
                    f_stage[d] = 2
                else:
                    f_iter[d] = k + 1
                    start = token_stops[k]
                    if k > 0:
                        visited[t, token_stops[k - 1]] = 2  # the start is the route's lowest-ranked token
                    # Enter the start and push its frame.
                    r_start[t] = start
                    r_first1[t] = -1
                    r_arm2[t] = -1
                    r_n[t] = 1
                    r_stops[t, 0] = start
                    r_links[t, 0] = -1
                    r_total[t] = cost[t, start]
                    r_major[t] = major[t, start]
                    r_len[t] = 0
                    r_sum[t] = value[t, start]
                    visited[t, start] = 1
                    if stop_group[start] >= 0:
                        group_used[t, stop_group[start]] += 1
                    nodes += 1
                    depth += 1
                    f_kind[depth] = FRAME_STOP
                    f_t[depth] = t
                    f_stop[depth] = start
                    f_arm[depth] = 1
                    f_root[depth] = ROOT_START
                    f_stage[depth] = 0
                    f_link[depth] = -1
                    continue
            if f_stage[d] == 2:
                # The train does not run.
                f_stage[d] = 3
                if closed[t] + suffix_best[t + 1] > best:
                    r_ran[t] = 0
                    r_final[t] = 0
                    closed[t + 1] = closed[t]
                    nodes += 1
                    depth += 1
                    f_kind[depth] = FRAME_TRAIN
                    f_t[depth] = t + 1
                    f_stage[depth] = 0
                    continue
            # stage 3: done with this train level.
            for j in range(n_tokens):
                visited[t, token_stops[j]] = 0
            slot = f_memo[d]
            if slot >= 0:
                same = memo_level[slot] == t
                for w in range(words):
                    if memo_key[slot, w] != (used[w] & relevant[t, w]):
                        same = False
                ub = best - closed[t]
                if not same or ub < memo_ub[slot]:
                    memo_level[slot] = t
                    for w in range(words):
                        memo_key[slot, w] = used[w] & relevant[t, w]
                    memo_ub[slot] = ub
            depth -= 1
            continue

        # ------------------------------------------------------------------------- a stop frame of train t
        s = f_stop[d]
        if f_stage[d] == 0:
            if nodes >= next_poll:
                next_poll = nodes + POLL_NODES
                control[1] = nodes
                control[2] = best
                if cancel[0] != 0:
                    return -1
            f_stage[d] = 1
            f_iter[d] = adj_start[s]
            # Upper bound on train t's final value, cheap first.
            remaining = max_total[t] - r_total[t]
            current = r_sum[t]
            if best_n[t] > 0:
                bound = prefix_top[t, min(best_n[t], n_stops)]
            else:
                bound = current + prefix_top[t, min(remaining, n_stops)]
            bound = min(bound + bonus_max[t], standalone[t])
            if closed[t] + bound + suffix_best[t + 1] > best:
                # Reachability bound: what the live ends can still reach.
                n_sources = 0
                if f_root[d] == ROOT_ARM2 or stop_sink[s] == 0:
                    sources[n_sources] = s
                    n_sources += 1
                if f_arm[d] == 1 and f_root[d] != ROOT_START:
                    sources[n_sources] = r_start[t]
                    n_sources += 1
                by_length = max_len[t] < INF
                budget = max_len[t] - r_len[t] if by_length else (remaining if best_n[t] == 0 else INF)
                n_live = 2 if f_root[d] == ROOT_START else n_sources
                open_train = best_n[t] == 0 and max_total[t] >= n_stops and not by_length
                count = 0 if open_train else _reach_bound(
                    t, sources, n_sources, n_live, budget, by_length, adj_start, adj_link, adj_to, link_conf, link_len,
                    link_track, stop_sink, track_mask, cost, value, visited, used, dist, queue, in_queue, collected,
                    ends,
                )
                if best_n[t] > 0:
                    for i in range(r_n[t]):
                        collected[count] = value[t, r_stops[t, i]]
                        count += 1
                    reach = _sum_top(collected, count, best_n[t])
                else:
                    reach = current + _sum_top(collected, count, remaining)
                if not open_train:
                    bound = min(bound, reach + bonus_max[t])
                if best_n[t] == 0 and max_total[t] >= n_stops and not by_length:
                    # Unlimited stops: the block-cut tree bound of each live end.
                    extra = 0
                    if f_root[d] == ROOT_START:
                        extra = _block_bound(t, s, True, adj_start, adj_link, adj_to, link_conf, link_track, stop_sink,
                                             track_mask, value, visited, used, disc, low, best_f, leaf, dfs_vertex,
                                             dfs_iter, dfs_edge, vstack)
                    else:
                        for i in range(n_sources):
                            extra += _block_bound(t, sources[i], False, adj_start, adj_link, adj_to, link_conf,
                                                  link_track, stop_sink, track_mask, value, visited, used, disc, low,
                                                  best_f, leaf, dfs_vertex, dfs_iter, dfs_edge, vstack)
                    bound = min(bound, current + extra + bonus_max[t])
            if closed[t] + bound + suffix_best[t + 1] <= best:
                f_stage[d] = 4
            elif stop_sink[s] == 1 and f_root[d] == ROOT_NONE:
                f_stage[d] = 2  # off-boards and blocked cities end the arm
        if f_stage[d] == 1:
            a = f_iter[d]
            if a >= adj_start[s + 1]:
                f_stage[d] = 2
            else:
                f_iter[d] = a + 1
                link = adj_link[a]
                v = adj_to[a]
                if f_root[d] == ROOT_ARM2 and link <= r_first1[t]:
                    continue  # the second arm leaves by a higher link than the first: each route once
                if (
                    f_root[d] == ROOT_START
                    and same_as_prev[t] == 1
                    and r_start[t - 1] == s
                    and link <= r_first1[t - 1]
                ):
                    continue  # same start as the identical train before: a higher first link
                if visited[t, v] != 0 or (link_track[link] & track_mask[t]) == 0:
                    continue
                g = stop_group[v]
                if g >= 0 and group_used[t, g] != 0:
                    continue
                if r_total[t] + cost[t, v] > max_total[t] or r_major[t] + major[t, v] > max_major[t]:
                    continue
                if r_len[t] + link_len[link] > max_len[t]:
                    continue
                if not _is_free(link_conf, link, used, words):
                    continue
                # Extend train t by this link.
                _occupy(link_conf, link, used, words)
                n = r_n[t]
                r_stops[t, n] = v
                r_links[t, n] = link
                r_n[t] = n + 1
                if n == 1 or f_root[d] == ROOT_START:
                    r_first1[t] = link
                r_total[t] += cost[t, v]
                r_major[t] += major[t, v]
                r_len[t] += link_len[link]
                r_sum[t] += value[t, v]
                visited[t, v] = 1
                if g >= 0:
                    group_used[t, g] += 1
                nodes += 1
                depth += 1
                f_kind[depth] = FRAME_STOP
                f_t[depth] = t
                f_stop[depth] = v
                f_arm[depth] = f_arm[d]
                f_root[depth] = ROOT_NONE
                f_stage[depth] = 0
                f_link[depth] = link
                continue
        if f_stage[d] == 2:
            f_stage[d] = 3
            if f_arm[d] == 1 and f_root[d] == ROOT_NONE:
                # Grow the second arm from the start.
                r_arm2[t] = r_n[t]
                nodes += 1
                depth += 1
                f_kind[depth] = FRAME_STOP
                f_t[depth] = t
                f_stop[depth] = r_start[t]
                f_arm[depth] = 2
                f_root[depth] = ROOT_ARM2
                f_stage[depth] = 0
                f_link[depth] = -1
                continue
        if f_stage[d] == 3:
            f_stage[d] = 4
            if f_root[d] == ROOT_NONE:
                counted = 0
                for i in range(r_n[t]):
                    counted += cost[t, r_stops[t, i]]
                if counted >= 2:
                    final = _route_value(t, r_n[t], r_stops[t], value, best_n, bonus_amount, bonus_stop_mask,
                                         bonus_full, buffer)
                    if closed[t] + final + suffix_best[t + 1] > best:
                        r_ran[t] = 1
                        r_final[t] = final
                        closed[t + 1] = closed[t] + final
                        nodes += 1
                        depth += 1
                        f_kind[depth] = FRAME_TRAIN
                        f_t[depth] = t + 1
                        f_stage[depth] = 0
                        continue
        # stage 4: leave this stop, undoing what entering it did.
        if f_root[d] == ROOT_ARM2:
            r_arm2[t] = -1
        else:
            link = f_link[d]
            if link >= 0:
                for w in range(words):
                    used[w] ^= link_conf[link, w]
                r_len[t] -= link_len[link]
            r_n[t] -= 1
            r_total[t] -= cost[t, s]
            r_major[t] -= major[t, s]
            r_sum[t] -= value[t, s]
            visited[t, s] = 0
            if stop_group[s] >= 0:
                group_used[t, stop_group[s]] -= 1
            if f_root[d] == ROOT_START or r_n[t] == 1 and f_arm[d] == 1:
                r_first1[t] = -1
        depth -= 1

    control[1] = nodes
    control[2] = best
    control[3] = 1
    return best


@njit(cache=True, nogil=True)
def list_routes(
    adj_start: Ints, adj_link: Ints, adj_to: Ints, link_conf: Words, link_len: Ints, link_track: Ints,
    stop_sink: Bytes, stop_group: Ints, n_groups: int, token_stops: Ints, token_rank: Ints,
    value: Ints, cost: Ints, major: Ints, max_total: Ints, max_major: Ints, max_len: Ints, best_n: Ints,
    track_mask: Ints, bonus_amount: Ints, bonus_stop_mask: Ints, bonus_full: Ints, t: int,
    out_value: Ints, out_conf: Words, out_offset: Ints, out_flat: Ints,
) -> int:
    """Every legal route of train t (each once), with its revenue, conflict set and stops (route r's stops are
    out_flat[out_offset[r]:out_offset[r + 1]] in search order): the first step of the route-list-then-combinations
    method. Returns the number of routes, -1 if out_value is too short, -2 if out_flat is."""
    n_stops = stop_sink.shape[0]
    words = link_conf.shape[1]
    visited = np.zeros((1, n_stops), np.uint8)
    group_used = np.zeros(max(n_groups, 1), np.int64)
    used = np.zeros(words, np.uint64)
    stops = np.zeros(n_stops + 1, np.int64)
    buffer = np.zeros(n_stops + 1, np.int64)
    # Stack per position: adjacency pointer, arm (1/2), the stop frame's root kind.
    f_stop = np.zeros(n_stops + 3, np.int64)
    f_iter = np.zeros(n_stops + 3, np.int64)
    f_root = np.zeros(n_stops + 3, np.int64)
    f_arm = np.zeros(n_stops + 3, np.int64)
    f_stage = np.zeros(n_stops + 3, np.int64)
    f_link = np.zeros(n_stops + 3, np.int64)
    count = 0
    for k in range(token_stops.shape[0]):
        start = token_stops[k]
        for j in range(k):
            visited[0, token_stops[j]] = 2
        visited[0, start] = 1
        if stop_group[start] >= 0:
            group_used[stop_group[start]] += 1
        n = 1
        stops[0] = start
        total = cost[t, start]
        n_major = major[t, start]
        length = 0
        first1 = -1
        arm2pos = -1
        depth = 0
        f_stop[0] = start
        f_root[0] = ROOT_START
        f_arm[0] = 1
        f_stage[0] = 1
        f_iter[0] = adj_start[start]
        f_link[0] = -1
        while depth >= 0:
            d = depth
            s = f_stop[d]
            if f_stage[d] == 0:
                f_stage[d] = 1
                f_iter[d] = adj_start[s]
                if stop_sink[s] == 1 and f_root[d] == ROOT_NONE:
                    f_stage[d] = 2
            if f_stage[d] == 1:
                a = f_iter[d]
                if a >= adj_start[s + 1]:
                    f_stage[d] = 2
                else:
                    f_iter[d] = a + 1
                    link = adj_link[a]
                    v = adj_to[a]
                    if f_root[d] == ROOT_ARM2 and link <= first1:
                        continue
                    if visited[0, v] != 0 or (link_track[link] & track_mask[t]) == 0:
                        continue
                    g = stop_group[v]
                    if g >= 0 and group_used[g] != 0:
                        continue
                    if total + cost[t, v] > max_total[t] or n_major + major[t, v] > max_major[t]:
                        continue
                    if length + link_len[link] > max_len[t]:
                        continue
                    if not _is_free(link_conf, link, used, words):
                        continue
                    _occupy(link_conf, link, used, words)
                    stops[n] = v
                    n += 1
                    if f_root[d] == ROOT_START:
                        first1 = link
                    total += cost[t, v]
                    n_major += major[t, v]
                    length += link_len[link]
                    visited[0, v] = 1
                    if g >= 0:
                        group_used[g] += 1
                    depth += 1
                    f_stop[depth] = v
                    f_root[depth] = ROOT_NONE
                    f_arm[depth] = f_arm[d]
                    f_stage[depth] = 0
                    f_link[depth] = link
                    continue
            if f_stage[d] == 2:
                f_stage[d] = 3
                if f_arm[d] == 1 and f_root[d] == ROOT_NONE:
                    arm2pos = n
                    depth += 1
                    f_stop[depth] = start
                    f_root[depth] = ROOT_ARM2
                    f_arm[depth] = 2
                    f_stage[depth] = 0
                    f_link[depth] = -1
                    continue
            if f_stage[d] == 3:
                f_stage[d] = 4
                if f_root[d] == ROOT_NONE:
                    counted = 0
                    for i in range(n):
                        counted += cost[t, stops[i]]
                    if counted >= 2:
                        if count >= out_value.shape[0]:
                            return -1
                        if out_offset[count] + n > out_flat.shape[0]:
                            return -2
                        out_value[count] = _route_value(t, n, stops, value, best_n, bonus_amount,
                                                        bonus_stop_mask, bonus_full, buffer)
                        for w in range(words):
                            out_conf[count, w] = used[w]
                        split = arm2pos if arm2pos >= 0 else n
                        at = out_offset[count]
                        for i in range(n - 1, split - 1, -1):
                            out_flat[at] = stops[i]
                            at += 1
                        for i in range(split):
                            out_flat[at] = stops[i]
                            at += 1
                        out_offset[count + 1] = out_offset[count] + n
                        count += 1
            # leave
            if f_root[d] == ROOT_ARM2:
                arm2pos = -1
            else:
                link = f_link[d]
                if link >= 0:
                    for w in range(words):
                        used[w] ^= link_conf[link, w]
                    length -= link_len[link]
                n -= 1
                total -= cost[t, s]
                n_major -= major[t, s]
                visited[0, s] = 0
                if stop_group[s] >= 0:
                    group_used[stop_group[s]] -= 1
                if f_root[d] == ROOT_START:
                    first1 = -1
            depth -= 1
        for j in range(k):
            visited[0, token_stops[j]] = 0
    return count


@njit(cache=True, nogil=True)
def best_combination(route_value: Ints, route_conf: Words, route_start: Ints, route_count: Ints, remaining_best: Ints,
                     control: Ints, cancel: CancelFlag) -> tuple[int, Ints]:
    """Branch and bound over one route (or none) per train, trains nested, routes sorted by value: the second
    step of the route-list-then-combinations method. route_start[t] indexes train t's routes in the flat arrays;
    remaining_best[t] = sum of the best route of each train from t on. Returns (best total, chosen indices);
    best total -1 when cancelled through `cancel`."""
    n_trains = route_count.shape[0]
    words = route_conf.shape[1]
    used = np.zeros((n_trains + 1, words), np.uint64)
    pick = np.full(n_trains, -1, np.int64)  # the last choice tried per train; route_count[t] = "no route"
    best_pick = np.full(n_trains, -1, np.int64)
    partial = np.zeros(n_trains + 1, np.int64)
    best = 0
    t = 0
    steps = 0
    next_poll = POLL_NODES
    while t >= 0:
        steps += 1
        if steps >= next_poll:
            next_poll = steps + POLL_NODES
            control[1] = steps
            control[2] = best
            if cancel[0] != 0:
                return -1, best_pick
        if t == n_trains:
            if partial[n_trains] > best:
                best = int(partial[n_trains])
                best_pick[:] = pick
            t -= 1
            continue
        i = pick[t] + 1
        advanced = False
        while i <= route_count[t]:
            if i == route_count[t]:
                pick[t] = i
                if partial[t] + remaining_best[t + 1] > best:
                    partial[t + 1] = partial[t]
                    used[t + 1] = used[t]
                    advanced = True
                break
            r = route_start[t] + i
            if partial[t] + route_value[r] + remaining_best[t + 1] <= best:
                i = route_count[t]  # sorted by value: no later route of this train can beat the best
                continue
            free = True
            for w in range(words):
                if route_conf[r, w] & used[t, w]:
                    free = False
                    break
            if free:
                pick[t] = i
                partial[t + 1] = partial[t] + route_value[r]
                for w in range(words):
                    used[t + 1, w] = used[t, w] | route_conf[r, w]
                advanced = True
                break
            i += 1
            steps += 1
        if advanced:
            t += 1
            if t < n_trains:
                pick[t] = -1
        else:
            t -= 1
    control[1] = steps
    control[3] = 1
    return best, best_pick


def warmup() -> None:
    """Compile the kernels the route planner uses (the exact search, `solve`) with their run-time argument types on
    a two-stop network. The route-list baseline of `routes compare` and `solve --method` compiles on first use."""
    from tablegames.routes.network import Network, Segment, Stop
    from tablegames.routes.search import solve
    from tablegames.routes.trains import parse_train

    network = Network([Stop("A", "city", 10, tokens=("X",)), Stop("B", "town", 20)], [Segment("A", "B")])
    solve(network, [parse_train("2")], "X")
