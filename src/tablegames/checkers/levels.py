"""The ten computer levels of checkers, from Dozy Dave to Grandmaster Gizmo, and the one call the window makes.

    move = choose_move(position, level, seed, cancel_flag=token.flag)

Levels 1-3 and 7-10 run in numba kernels that release the GIL, so the window calls them on its thinker thread.
Levels 4-6 are the generic Python minimax (core/minimax.py), which holds the GIL: run them in the suite's worker
process (`choose_move_in_process`; the process is core.worker's `process_worker()`, warmed at start-up by
`warm_worker_process` and stopped with the window's thinker) so the window keeps its frame rate. The hint is
level 9 (`hint_move`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablegames.checkers import search_kernels
from tablegames.checkers.boardstate import BoardState
from tablegames.checkers.book import shipped_book
from tablegames.checkers.endgame.index import LOSS, WIN
from tablegames.checkers.endgame.probe import EndgameDatabase, shared_database
from tablegames.checkers.endgame.storage import EndgameFileError
from tablegames.checkers.evaluate import HAND_TUNED, learned_weights
from tablegames.checkers.position import Move, Position
from tablegames.checkers.search import root_moves, search
from tablegames.core import minimax
from tablegames.core.rng import make_rng
from tablegames.core.worker import process_worker

log = logging.getLogger(__name__)
RANDOM, GREEDY, MINIMAX, ALPHA_BETA, DEEPENING = "random", "greedy", "minimax", "alpha-beta", "deepening"


@dataclass(frozen=True)
class Level:
    """One computer player: who it is (`name`, `character`) and how it searches."""

    number: int
    name: str
    character: str  # how it plays, in a sentence for the menu
    kind: str  # RANDOM, GREEDY (a shallow kernel search), MINIMAX (core/minimax.py), ALPHA_BETA, DEEPENING
    depth: int = 0  # plies (the deepest iteration for DEEPENING)
    random_share: float = 0.0  # how often a GREEDY level plays a random move instead
    node_budget: int = 0  # nodes per move for the kernel searches; 0: no limit beyond the depth
    time_limit: float | None = None  # seconds, checked between iterations (DEEPENING only)
    learned: bool = False  # the learned weights (weights/checkers.json) instead of the hand-tuned ones
    endgame: bool = False  # use the endgame database when it is built (tablegames checkers endgame build)
    book: bool = False  # play from the opening book (book.py) in the positions it holds

    @property
    def holds_the_gil(self) -> bool:
        """A pure-Python search: run it in another process (choose_move_in_process) to keep the window smooth."""
        return self.kind == MINIMAX


LEVELS: tuple[Level, ...] = (
    Level(1, "Dozy Dave", "any legal move (but always takes a compulsory jump)", RANDOM),
    Level(2, "Clumsy Clara", "the best move one ply ahead; 40% of the time a random one", GREEDY, 1, 0.40),
    Level(3, "Wobbly Walt", "2 plies ahead; 22% random moves", GREEDY, 2, 0.22),
    Level(4, "Careful Kit", "the generic minimax, 3 plies", MINIMAX, 3, node_budget=30_000),
    Level(5, "Sly Sam", "minimax, 4 plies", MINIMAX, 4, node_budget=60_000),
    Level(6, "Professor Pawn", "minimax, 6 plies", MINIMAX, 6, node_budget=150_000),
    Level(7, "Captain Crown", "our alpha-beta (move ordering, jump extension), 6 plies", ALPHA_BETA, 6,
          node_budget=5_000_000),
    Level(8, "Madame Minimax", "alpha-beta, 8 plies", ALPHA_BETA, 8, node_budget=5_000_000),
    Level(9, "Deep Thinker", "iterative deepening with the learned evaluation, up to 18 plies / 3 million positions",
          DEEPENING, 18, node_budget=3_000_000, time_limit=1.5, learned=True, endgame=True, book=True),
    Level(10, "Grandmaster Gizmo", "the same, up to 40 plies / 20 million positions (a few seconds a move)",
          DEEPENING, 40, node_budget=20_000_000, time_limit=5.0, learned=True, endgame=True, book=True),
)
HINT_LEVEL = 9


def level_info(number: int) -> Level:
    """The level numbered 1-10; ValueError otherwise."""
    if isinstance(number, bool) or not isinstance(number, int | np.integer) or not 1 <= number <= len(LEVELS):
        raise ValueError(f"checkers level {number!r} is not 1-{len(LEVELS)}")
    return LEVELS[int(number) - 1]


def choose_move(
    position: Position,
    level: int,
    seed: int,
    cancel_flag: npt.NDArray[np.int32] | None = None,
    history: Sequence[Position] = (),
) -> Move:
    """The move level `level` (1-10) plays in `position`: one of position.legal_moves().

    `seed` makes the random levels reproducible (the same seed and position give the same move; the position is
    mixed in so a game's moves differ). `cancel_flag` (CancelToken.flag, a one-element int32 array) stops a
    search within a millisecond or so; the move returned is then the best found so far (still legal).
    `history`: the game's earlier positions, oldest first, so the deep levels treat a repetition as a draw.
    ValueError when the level is not 1-10 or the position has no legal move."""
    return play_move(position, level_info(level), seed, cancel_flag, history)


def hint_move(position: Position, seed: int = 0, cancel_flag: npt.NDArray[np.int32] | None = None,
              history: Sequence[Position] = ()) -> Move:
    """The best move for the player to move, as level 9 sees it."""
    return choose_move(position, HINT_LEVEL, seed, cancel_flag, history)


def play_move(
    position: Position,
    level: Level,
    seed: int,
    cancel_flag: npt.NDArray[np.int32] | None = None,
    history: Sequence[Position] = (),
    node_scale: float = 1.0,
    use_clock: bool = True,
) -> Move:
    """choose_move for any Level value; `node_scale` scales the node budgets of the deepening levels (9, 10) and
    `use_clock=False` drops their time limits (the tournament's reproducible, cheaper setting)."""
    moves = position.legal_moves()
    if not moves:
        raise ValueError(f"no legal move in {position.fen}: the game is over")
    rng = make_rng(seed, "checkers", "level", level.number, position.zobrist_key() & 0xFFFFFFFF, len(history))
    if len(moves) == 1:
        return moves[0]
    if level.kind == RANDOM or (level.random_share > 0 and rng.random() < level.random_share):
        return moves[int(rng.integers(len(moves)))]
    scale = node_scale if level.kind == DEEPENING else 1.0
    budget = max(1, int(level.node_budget * scale)) if level.node_budget else 1 << 62
    if level.kind == GREEDY:
        return search(position, HAND_TUNED, level.depth, 1 << 62, cancel_flag=cancel_flag, tt_bits=10,
                      iterative=False).move
    if level.kind == MINIMAX:
        return _generic_minimax_move(position, level.depth, budget, rng, cancel_flag)
    weights = learned_weights() if level.learned else HAND_TUNED
    time_limit = level.time_limit if use_clock else None
    opening_book = shipped_book() if level.book else None
    if opening_book is not None:
        equal = opening_book.moves_of_equal_value(position)
        if equal:
            return equal[int(rng.integers(len(equal)))]
    quiet = quiet_plies(position, history)
    database = shared_database() if level.endgame else None
    if database is not None:
        converting = converting_moves(database, position, quiet)
        if converting:
            return converting[int(rng.integers(len(converting)))]
    return search(position, weights, level.depth, budget, time_limit=time_limit, cancel_flag=cancel_flag,
                  history=history, quiet_plies=quiet, endgame=database).move


def quiet_plies(position: Position, history: Sequence[Position] = ()) -> int:
    """The 40-move counter of `position` after `history` (oldest first): plies since the last capture or man move,
    read from the positions (a capture changes the piece count, a man's move or crowning the men)."""
    count = 0
    later = position
    for earlier in reversed(history):
        same_men = (earlier.black & ~earlier.kings) == (later.black & ~later.kings) and \
            (earlier.white & ~earlier.kings) == (later.white & ~later.kings)
        if not same_men or (earlier.black | earlier.white).bit_count() != (later.black | later.white).bit_count():
            break
        count += 1
        later = earlier
    return count


def converting_moves(database: EndgameDatabase, position: Position, quiet: int) -> list[Move]:
    """In a won position of the database with room on the 40-move counter: the winning moves that bring the
    conversion (a capture or crowning, which leaves the slice) nearest, all of equal worth; else []."""
    try:
        value = database.value(position.black, position.white, position.kings, position.turn)
        if value != WIN or quiet + database.depth(position.black, position.white, position.kings, position.turn) \
                > search_kernels.QUIET_PLY_LIMIT:
            return []
        best: list[Move] = []
        best_depth = 1 << 30
        for move in root_moves(position):
            child = position.apply(move)
            if database.value(child.black, child.white, child.kings, child.turn) != LOSS:
                continue
            leaves_slice = move.is_capture or move.is_crowning
            depth = 0 if leaves_slice else 1 + database.depth(child.black, child.white, child.kings, child.turn)
            if depth < best_depth:
                best, best_depth = [move], depth
            elif depth == best_depth:
                best.append(move)
        return best
    except EndgameFileError as error:  # a damaged depths file: the search plays on without the root's choice
        log.warning("checkers endgame database: %s", error)
        return []


def _generic_minimax_move(position: Position, depth: int, max_nodes: int, rng: np.random.Generator,
                          cancel_flag: npt.NDArray[np.int32] | None) -> Move:
    state = BoardState(position)

    def evaluate(state: BoardState, player: int) -> float:
        own, other, kings, side = state.bitboards()
        score = search_kernels.evaluate(own, other, kings, side, HAND_TUNED)
        return float(score if side == player else -score)

    should_stop = None if cancel_flag is None else (lambda: bool(cancel_flag[0]))
    result = minimax.best_action(state, depth, evaluate, rng=rng, max_nodes=max_nodes, should_stop=should_stop)
    return root_moves(position)[result.action]


# --- the worker process for the levels that hold the GIL (owned by core.worker) ----------------------------------


def _warm_worker() -> None:
    search_kernels.warmup()


def prepare_worker_process() -> Future[None]:
    """Start the worker process and load the kernels there now (a few seconds, once per process), so the first
    pure-Python level's move does not wait for it."""
    return process_worker().warm(_warm_worker)


def warm_worker_process() -> None:
    """The start-up step (tablegames.tables: the checkers table's process_warmups): start the worker process warming up and return at once
    (it loads its kernels while the window warms the others; a move asked for sooner queues behind it)."""
    prepare_worker_process()


def choose_move_in_process(position: Position, level: int, seed: int,
                           history: Sequence[Position] = ()) -> Future[Move]:
    """choose_move in the worker process; poll `future.done()` each frame, then `future.result()` (a Move).

    The worker cannot see a CancelToken: to abandon a search, drop the future (its answer is then ignored; the
    pure-Python levels answer within a few seconds anyway)."""
    level_info(level)
    return process_worker().submit(choose_move, position, level, seed, None, tuple(history))
