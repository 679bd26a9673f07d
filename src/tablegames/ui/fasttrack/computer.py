"""The computer's plan for a turn, behind one function: `computer_plan(game, token)`, the search's `plan_turn`.

It is the player of the one contract every table follows: `plan(state, token) -> actions`, run on the thinker
(core/worker.py) on a copy of the game; a cancelled token makes it raise `SearchCancelled`. `level_planner(level)`
is that player at one of the levels (strategy.LEVELS: the champion, or its search choosing with a temperature, every
draw hashed from the game's seed and move so a replayed game plays alike; or the expert, which plays the champion's
best lines out over sampled deals and answers within ANSWER_SECONDS, the hint's player too). `fallback_plan` is what the table plays
when a search fails (a bug, not a cancel): the first legal click, after which it plans again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from tablegames.core.worker import HasCancelFlag
from tablegames.fasttrack.game import FastTrackGame
from tablegames.fasttrack.search import plan_turn
from tablegames.fasttrack.strategy import CHAMPION, level_strategy

ANSWER_SECONDS: float | None = 0.8  # the expert's clock: a busy machine cuts its playouts short rather than keep the table waiting
Planner = Callable[[FastTrackGame, HasCancelFlag | None], list[int]]  # plan(state, token) -> clicks


def computer_plan(game: FastTrackGame, token: HasCancelFlag | None = None, level: str = CHAMPION.name) -> list[int]:
    """The click codes the computer in the seat to play chooses (the search at `level`, the champion's by
    default), up to its next draw."""
    return plan_turn(game.clone(), level_strategy(level), token, seconds=ANSWER_SECONDS)


def level_planner(level: str) -> Planner:
    """The computer player of `level` (ValueError for an unknown level)."""
    level_strategy(level)
    return computer_plan if level == CHAMPION.name else partial(computer_plan, level=level)


def fallback_plan(game: FastTrackGame) -> list[int]:
    """After a failed search: the first legal click of the rules (none when the game is over), so the table
    keeps going; the controller asks the search again after it."""
    return game.legal_actions()[:1]
