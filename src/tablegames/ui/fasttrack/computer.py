"""The computer's plan for a turn, behind one function: `computer_plan(game)`.

When the search of the computer-player issue is on this build (`tablegames.fasttrack.search.plan_turn`), its plans
are used. Until then the interim player here plays the first legal line: at every choice it takes the first legal
action, up to the next card drawn (the baseline the search is measured against, a real if weak strategy).
"""

from __future__ import annotations

from tablegames.core.modules import module_exists
from tablegames.fasttrack.game import END_TURN, FastTrackGame

SEARCH_MODULE = "tablegames.fasttrack.search"
MAX_LINE = 200  # a turn of play-again cards is long, but never this long


def first_legal_line(game: FastTrackGame) -> list[int]:
    """Click codes of the line that always takes the first legal action, up to a draw or the end of the turn."""
    trial = game.clone()
    seat = trial.seat
    line: list[int] = []
    while not trial.is_terminal() and trial.seat == seat and len(line) < MAX_LINE:
        legal = trial.legal_actions()
        if not legal:
            break
        action = legal[0]
        held = len(trial.hand(seat))
        trial.apply_action(action)
        line.append(action)
        if action == END_TURN:
            break
        if len(trial.hand(seat)) > held:  # the hand was refilled: what comes next depends on cards not yet seen
            break
    return line


def has_search() -> bool:
    return module_exists(SEARCH_MODULE)


def computer_plan(game: FastTrackGame) -> list[int]:
    """The click codes the computer in the seat to play chooses, up to its next draw (the search's, when built)."""
    if has_search():
        from tablegames.fasttrack.search import plan_turn  # type: ignore[import-not-found]

        plan = list(plan_turn(game.clone()))
        if plan:
            return plan
    return first_legal_line(game)
