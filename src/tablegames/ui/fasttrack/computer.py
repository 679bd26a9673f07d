"""The computer's plan for a turn, behind one function: `computer_plan(game)`.

The champion's line search (`tablegames.fasttrack.search.plan_turn`) makes the plan. `first_legal_line` is the
fallback a table plays when a search fails: at every choice the first legal action, up to the next card drawn.
"""

from __future__ import annotations

from tablegames.fasttrack.game import END_TURN, FastTrackGame
from tablegames.fasttrack.search import plan_turn

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


def computer_plan(game: FastTrackGame) -> list[int]:
    """The click codes the computer in the seat to play chooses, up to its next draw."""
    plan = list(plan_turn(game.clone()))
    return plan if plan else first_legal_line(game)
