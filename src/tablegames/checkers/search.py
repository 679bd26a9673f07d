"""The checkers alpha-beta search, driven from Python: iterative deepening, time control, cancellation.

The kernel (search_kernels.search_depth) counts nodes and stops itself when its node budget is spent or the
cancel flag is set; between iterations this driver checks the clock, decides whether another, deeper iteration
fits in the time left, and gives it a node budget that the measured speed turns into that time. Each call starts from fresh tables, so the same position and limits always give the
same move (time limits aside: a time limit can stop at a different depth on a busy machine; node budgets can't).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablegames.checkers import engine, search_kernels
from tablegames.checkers.endgame.probe import EndgameDatabase
from tablegames.checkers.position import Move, Position, decode_move

DEFAULT_TT_BITS = 20  # 1 M slots, 16 MB
# an iteration typically costs this many times the one before it; a new one starts only if it should fit
BRANCHING_GUESS = 2.5


@dataclass(frozen=True)
class SearchResult:
    """The chosen move, its score (side to move's view, a man ~ 100), the deepest completed iteration and the
    total nodes searched over all iterations."""

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float
    stopped: bool  # the budget, the clock or a cancel cut the last iteration short

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def root_moves(position: Position) -> list[Move]:
    """The root moves in the kernel's generation order (duplicate routes once), as legal_moves() entries."""
    rows = np.empty((engine.MAX_MOVES, engine.MOVE_FIELDS), dtype=np.int64)
    count = engine.generate_moves(position.own, position.other, position.kings, position.turn, True, rows, 0)
    by_effect = {(m.mover_mask, m.captured_mask): m for m in reversed(position.legal_moves(unique=False))}
    by_effect.update({(m.mover_mask, m.captured_mask): m for m in reversed(position.legal_moves())})
    result = []
    for i in range(count):
        decoded = decode_move(rows[i], position.kings)
        result.append(by_effect.get((decoded.mover_mask, decoded.captured_mask), decoded))
    return result


def search(
    position: Position,
    weights: npt.NDArray[np.float64],
    max_depth: int,
    node_budget: int,
    time_limit: float | None = None,
    cancel_flag: npt.NDArray[np.int32] | None = None,
    history: Sequence[Position] = (),
    extend: bool = True,
    tt_bits: int = DEFAULT_TT_BITS,
    iterative: bool = True,
    quiet_plies: int = 0,
    endgame: EndgameDatabase | None = None,
) -> SearchResult:
    """The best move by alpha-beta, deepening 1, 2, ... max_depth plies (or only max_depth when not
    `iterative`) until the depth, the node budget, the time limit (checked between iterations) or the cancel
    flag (cancel_flag[0] != 0, polled by the kernel) stops it. `history`: the game's earlier positions, so a
    repetition counts as a draw. `quiet_plies`: the game's 40-move counter (plies since a capture or a man move).
    `endgame`: a loaded endgame database, looked up below the root (None: none, as the weaker levels play).
    Raises ValueError when the position has no legal move."""
    moves = root_moves(position)
    if not moves:
        raise ValueError(f"search: no legal move in {position.fen}")
    if max_depth < 1:
        raise ValueError(f"search: max_depth {max_depth} is not >= 1")
    started = time.perf_counter()
    cancel = cancel_flag if cancel_flag is not None else np.zeros(1, dtype=np.int32)
    tables = search_kernels.make_tables(tt_bits, len(history))
    path_keys = tables["path_keys"]
    for i, earlier in enumerate(history):
        path_keys[i] = earlier.zobrist_key()
    stats = tables["stats"]
    stats[search_kernels.BUDGET] = max(1, node_budget)
    weights = np.ascontiguousarray(weights, dtype=np.float64)
    key = position.zobrist_key()
    if endgame is not None:
        endgame_values, endgame_depths, endgame_table, endgame_pieces = endgame.search_tables()
    else:
        endgame_values, endgame_depths, endgame_table = search_kernels.no_endgame()
        endgame_pieces = 0
    best_index, best_score, completed, stopped = 0, 0, 0, False
    depth = 1 if iterative else max_depth
    last_iteration_seconds = 0.0
    while depth <= max_depth:
        if cancel[0] != 0:
            stopped = True
            break
        if len(moves) == 1 and completed >= 1:
            break  # a forced move: nothing to choose
        iteration_started = time.perf_counter()
        score = search_kernels.search_depth(
            position.own, position.other, position.kings, position.turn, key, depth, extend,
            weights, tables["moves"], tables["order"], tables["perm"], tables["frames"], tables["tt"], tables["killers"],
            tables["history"], path_keys, len(history), stats, cancel, quiet_plies, endgame_values, endgame_depths,
            endgame_table, endgame_pieces,
        )  # fmt: skip
        if stats[search_kernels.STOPPED]:
            stopped = True
            # a partial iteration still searched the previous best move first: any better move it found is safe
            if stats[search_kernels.BEST_INDEX] >= 0 and (completed == 0 or
                                                          stats[search_kernels.BEST_SCORE] > best_score):
                best_index = int(stats[search_kernels.BEST_INDEX])
                best_score = int(stats[search_kernels.BEST_SCORE])
            break
        best_index, best_score, completed = int(stats[search_kernels.BEST_INDEX]), int(score), depth
        if abs(best_score) > search_kernels.WIN_BOUND:
            break  # a forced win or loss is found: deeper search cannot change it
        last_iteration_seconds = time.perf_counter() - iteration_started
        if time_limit is not None:
            elapsed = time.perf_counter() - started
            if elapsed + last_iteration_seconds * BRANCHING_GUESS > time_limit:
                break
            # the kernel cannot read the clock: give the next iteration only the nodes the time left allows
            rate = stats[search_kernels.NODES] / max(elapsed, 1e-3)
            stats[search_kernels.BUDGET] = min(node_budget, int(stats[search_kernels.NODES]
                                                                + rate * (time_limit - elapsed)))
        depth += 1
    return SearchResult(
        move=moves[best_index],
        score=best_score,
        depth=completed,
        nodes=int(stats[search_kernels.NODES]),
        seconds=time.perf_counter() - started,
        stopped=stopped,
    )
