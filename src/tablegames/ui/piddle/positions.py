"""Seeded moments of the table for the screenshots and tests, each reached by playing: the computers play
themselves and the person's seat plays the advisor's move (the exact solver), pauses skipped.

Scripted play, never a window's frame: with a threaded thinker it waits for the thinker's answers."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import wait

import numpy as np
import numpy.typing as npt

from tablegames.piddle.scan_synth import synthetic_photo
from tablegames.piddle.solver import Advice
from tablegames.ui.piddle.controller import HUMAN_SEAT, PiddleController

STEP_LIMIT = 20_000


def wait_for_answers(controller: PiddleController) -> None:
    """Block until the thinker has answered what the controller asked it (at once on an inline thinker)."""
    for answer in (controller.advisor, controller.outlook):
        if answer.job is not None:
            wait([answer.job.future])
        answer.poll()


def advice_now(controller: PiddleController) -> Advice:
    """The controller's advice on the dice showing, waited for (RuntimeError when there is none to give)."""
    if controller.advice() is None:
        wait_for_answers(controller)
    advice = controller.advice()
    if advice is None:
        raise RuntimeError("no advice: nothing to advise on, or the thinker did not answer")
    return advice


def play_advised(controller: PiddleController) -> None:
    """The person's move as the advisor plays it: the first roll, or hold the advised dice and roll, or stop."""
    if controller.table.dice is None:
        controller.roll()
        return
    advice = advice_now(controller)
    if advice.stop:
        controller.stop()
    else:
        controller.hint()
        controller.roll()


def step(controller: PiddleController) -> None:
    """One step of the round with every pause skipped."""
    if controller.is_persons_turn():
        play_advised(controller)
    elif controller.is_settled and not controller.is_busy():
        controller.next_round()
    else:
        wait_for_answers(controller)
        controller.skip()
        controller.update(0.0)


def play_until(controller: PiddleController, is_reached: Callable[[PiddleController], bool],
               limit: int = STEP_LIMIT) -> None:
    for _ in range(limit):
        if is_reached(controller):
            return
        step(controller)
    raise RuntimeError("the table never reached the wanted moment")


def is_advisor_moment(controller: PiddleController) -> bool:
    """Your turn after your first roll, a hand to beat, players after you, and the advice keeps some dice."""
    table = controller.table
    if not controller.is_persons_turn() or table.dice is None or table.rolls_taken != 1:
        return False
    advice = advice_now(controller)
    return 0 < table.turn < table.players - 1 and not advice.stop and len(advice.keep) >= 2


def is_computer_holding(controller: PiddleController) -> bool:
    """A computer mid-turn with its held dice shown, after you have stopped and the cap is set."""
    table = controller.table
    return (controller.pending_roll and not controller.is_busy() and HUMAN_SEAT in table.hands
            and table.cap is not None and 0 < len(table.held) < 6)


def is_push(controller: PiddleController) -> bool:
    table = controller.table
    return controller.is_settled and not controller.is_busy() and bool(table.results) and table.results[-1].is_push


def photo_with_glare(seed: int, index: int, die: int) -> tuple[npt.NDArray[np.uint8], tuple[int, ...]]:
    """A generated photo (piddle.scan_synth) with a lamp's glare over part of die `die`: the reader marks that die
    uncertain, as on a real photo, and the player fixes it. Returns (image, the six true values)."""
    photo = synthetic_photo(seed, index)
    image = photo.image.astype(float)
    rows, cols = np.mgrid[:image.shape[0], :image.shape[1]]
    row, col = photo.centers[die]
    reach = photo.size * 0.22
    distance = ((rows - row + photo.size * 0.18) ** 2 + (cols - col - photo.size * 0.18) ** 2) / reach ** 2
    glare = np.clip(1.2 - distance, 0.0, 1.0)[..., None]
    image = image * (1 - glare) + 250 * glare
    return image.astype(np.uint8), photo.values
