"""The expert: the champion's best lines, each played out over sampled deals of the cards it cannot see.

At a decision the champion's search keeps its best few lines to distinct ends (`kernels.search_top`); the lines
within a margin of the best are each played out to the end of the game over the same sampled deals (common random
numbers: every line meets the same cards), champions in every seat, and the line that wins most often is played.
A deal is sampled from what the seat sees (`kernels.sample_unseen`): the board, its hand, the played piles, the
hand sizes; every other seat's hand and undrawn cards are dealt afresh from their pool, its own undrawn cards are
shuffled, and every random state is drawn anew. The samples come from a hash of the game's seed and move, so a
game replays; the kernel polls the cancel token before every sampled deal. Everything runs in `kernels.py`.

The same entry points serve the second candidate, information-set MCTS (a strategy with `iterations`,
`kernels.ismcts_decide`): the same candidate lines at the root, weighed by a tree search over sampled deals that also
chooses the other seats' lines instead of assuming the champion's.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from tablegames.core.worker import HasCancelFlag, SearchCancelled, cancel_flag_of, raise_if_cancelled

from . import kernels
from .experiments import kernel_strategies, state_of
from .game import FastTrackGame
from .search import LEVEL_PHASES, LINE_CAP, noise_of
from .strategy import EXPERT, Strategy


@dataclass(frozen=True)
class ExpertChoice:
    clicks: tuple[int, ...]  # the plays' click codes, without the final END_TURN
    stage: int  # Phase.DONE, Phase.OVER or STAGE_DREW, as Line.stage
    candidates: int  # lines played out (1: the champion's line was played at once)
    playouts: int  # playouts made over all candidates (information-set MCTS: iterations, one playout each)
    chosen: int  # the index of the line played among the candidates (0: the champion's)


def expert_choice(game: FastTrackGame, strategy: Strategy = EXPERT, token: HasCancelFlag | None = None,
                  cap: int = LINE_CAP, seconds: float | None = None) -> ExpertChoice:
    """The expert's line for the seat to move, from a phase where a card is played, discarded or covered (four
    players). SearchCancelled once `token` is cancelled. With `seconds`, a clock stops the sampling then and the
    line winning most of the deals played out so far is played (at least one deal): the window's answer time on a
    busy machine, at the cost of a choice that may differ from the seeded one. Without, the choice is the seed's.
    A strategy with `iterations` is information-set MCTS (`kernels.ismcts_decide`), with the same flags."""
    if game.players != kernels.ZONES or game.pending_draws or game.phase not in LEVEL_PHASES:
        raise ValueError("expert: expected a four-player game waiting for a card to play, discard or cover")
    if (strategy.playouts < 1 and strategy.iterations < 1) or strategy.expert_lines < 1:
        raise ValueError(f"expert: strategy {strategy.name!r} has no playouts or iterations")
    decide = kernels.ismcts_decide if strategy.iterations > 0 else kernels.expert_decide
    budget = strategy.iterations if strategy.iterations > 0 else strategy.playouts
    flag = cancel_flag_of(token)
    raise_if_cancelled(token, "fasttrack expert")
    values, hoards, win_bonus, first_legal = kernel_strategies((strategy,))
    line = np.full((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), -1, dtype=np.int64)
    found = np.zeros(3, dtype=np.int64)
    stop = np.full(1, int(seconds is not None and seconds <= 0), dtype=np.int32)
    clock = threading.Timer(seconds, stop.fill, (1,)) if seconds is not None and seconds > 0 else None
    if clock is not None:
        clock.daemon = True
        clock.start()
    try:
        plays, stage = decide(
            state_of(game), int(game.partnership), 0, values, hoards, win_bonus, first_legal, cap, kernels.TABLES,
            line, strategy.expert_lines, strategy.expert_margin, budget, noise_of(game), flag, stop, found,
        )
    finally:
        if clock is not None:
            clock.cancel()
    if plays == kernels.CANCELLED:
        raise SearchCancelled(f"fasttrack {strategy.name} cancelled between playouts")
    clicks = tuple(int(c) for c in line[:plays].ravel() if c >= 0)
    return ExpertChoice(clicks, int(stage), int(found[0]), int(found[1]), int(found[2]))


@dataclass(frozen=True)
class DecisionTimes:
    seconds: list[float]  # every expert decision, as `plan_turn` makes it from the game (state copy included)
    sampled: list[bool]  # whether the decision played lines out (two or more candidates)
    playouts: list[int]  # (information-set MCTS: iterations)


def decision_times(seeds: list[int], strategy: Strategy = EXPERT) -> DecisionTimes:
    """Games with the expert (or information-set MCTS) in red against three champions, red's decisions timed one by one from Python (the
    window's way: `expert_choice` on the game); the other seats play in the kernels' champion search."""
    import time

    from .search import plan_turn
    from .strategy import CHAMPION

    seconds: list[float] = []
    sampled: list[bool] = []
    playouts: list[int] = []
    for seed in seeds:
        game = FastTrackGame(seed)
        while not game.is_terminal():
            if game.seat == 0 and game.phase in LEVEL_PHASES and not game.pending_draws:
                start = time.perf_counter()
                choice = expert_choice(game, strategy)
                seconds.append(time.perf_counter() - start)
                sampled.append(choice.candidates > 1)
                playouts.append(choice.playouts)
                for code in choice.clicks:
                    game.click(code)
                continue
            for code in plan_turn(game, CHAMPION):
                game.click(code)
    return DecisionTimes(seconds, sampled, playouts)
