"""The expert: the champion's best lines, each played out over sampled deals of the cards it cannot see.

At a decision the champion's search keeps its best few lines to distinct ends (`kernels.search_top`); the lines
within a margin of the best are each played out to the end of the game over the same sampled deals (common random
numbers: every line meets the same cards), champions in every seat, and the line that wins most often is played.
A deal is sampled from what the seat sees (`kernels.sample_unseen`): the board, its hand, the played piles, the
hand sizes; every other seat's hand and undrawn cards are dealt afresh from their pool, its own undrawn cards are
shuffled, and every random state is drawn anew. The samples come from a hash of the game's seed and move, so a
game replays; the kernel polls the cancel token before every sampled deal. Everything runs in `kernels.py`.
"""

from __future__ import annotations

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
    playouts: int  # playouts made over all candidates
    chosen: int  # the index of the line played among the candidates (0: the champion's)


def expert_choice(game: FastTrackGame, strategy: Strategy = EXPERT, token: HasCancelFlag | None = None,
                  cap: int = LINE_CAP) -> ExpertChoice:
    """The expert's line for the seat to move, from a phase where a card is played, discarded or covered (four
    players). SearchCancelled once `token` is cancelled."""
    if game.players != kernels.ZONES or game.pending_draws or game.phase not in LEVEL_PHASES:
        raise ValueError("expert: expected a four-player game waiting for a card to play, discard or cover")
    if strategy.playouts < 1 or strategy.expert_lines < 1:
        raise ValueError(f"expert: strategy {strategy.name!r} has no playouts")
    flag = cancel_flag_of(token)
    raise_if_cancelled(token, "fasttrack expert")
    values, hoards, win_bonus, first_legal = kernel_strategies((strategy,))
    line = np.full((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), -1, dtype=np.int64)
    found = np.zeros(3, dtype=np.int64)
    plays, stage = kernels.expert_decide(
        state_of(game), int(game.partnership), 0, values, hoards, win_bonus, first_legal, cap, kernels.TABLES, line,
        strategy.expert_lines, strategy.expert_margin, strategy.playouts, noise_of(game), flag, found,
    )
    if plays == kernels.CANCELLED:
        raise SearchCancelled("fasttrack expert cancelled between playouts")
    clicks = tuple(int(c) for c in line[:plays].ravel() if c >= 0)
    return ExpertChoice(clicks, int(stage), int(found[0]), int(found[1]), int(found[2]))
