"""The computer's plan for a turn, behind one function: `computer_plan(game, token)`, the search's `plan_turn`.

It is the player of the one contract every table follows: `plan(state, token) -> actions`, run on the thinker
(core/worker.py) on a copy of the game; a cancelled token makes it raise `SearchCancelled`. `fallback_plan` is
what the table plays when a search fails (a bug, not a cancel): the first legal click, after which it plans again.
"""

from __future__ import annotations

from tablegames.core.worker import HasCancelFlag
from tablegames.fasttrack.game import FastTrackGame
from tablegames.fasttrack.search import plan_turn
from tablegames.fasttrack.strategy import CHAMPION


def computer_plan(game: FastTrackGame, token: HasCancelFlag | None = None) -> list[int]:
    """The click codes the computer in the seat to play chooses (the champion's search), up to its next draw."""
    return plan_turn(game.clone(), CHAMPION, token)


def fallback_plan(game: FastTrackGame) -> list[int]:
    """After a failed search: the first legal click of the rules (none when the game is over), so the table
    keeps going; the controller asks the search again after it."""
    return game.legal_actions()[:1]
