"""Analyse a photo of six dice: the reading (piddle.scan), the player's fixes, the situation, and the advice.

`PhotoController` is graphics-free apart from loading the picture with pygame: a dropped file (or a camera
frame) is read by `tablegames.piddle.scan.read_dice`; uncertain dice are marked and the first one is selected;
a number key sets the selected die (and moves on to the next uncertain one); R, B and P set the rerolls left,
the hand to beat and the players after; the advisor then answers for the dice as read and fixed, worked out on
the thinker (the first answer for an objective may build the solver's tables).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pygame

from tablegames.core.worker import CancelToken, KeyedAnswer, Thinker
from tablegames.piddle.hands import ALL_HANDS, DICE, Hand
from tablegames.piddle.scan import DiceReading, read_dice
from tablegames.piddle.solver import MAX_PLAYERS, Advice, Objective, Position, advise_position

NO_CAMERA = "No camera found on this computer: drop a photo of your dice onto the window instead."
BEAT_CHOICES: tuple[Hand, ...] = ((0, 0),) + ALL_HANDS


def surface_to_array(surface: pygame.Surface) -> np.ndarray:
    """A pygame picture as an H x W x 3 uint8 array (the layout piddle.scan reads)."""
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))


def array_to_surface(image: np.ndarray) -> pygame.Surface:
    return pygame.surfarray.make_surface(np.ascontiguousarray(np.asarray(image)[..., :3].transpose(1, 0, 2)))


def camera_frame() -> tuple[pygame.Surface | None, str]:
    """One frame from the first camera (pygame.camera), or None and a message saying why there is none."""
    try:
        import pygame.camera

        pygame.camera.init()
        names = pygame.camera.list_cameras()
    except Exception as error:  # noqa: BLE001  (a missing backend is reported, not raised into the window)
        return None, f"{NO_CAMERA} ({error})"
    if not names:
        return None, NO_CAMERA
    try:
        camera = pygame.camera.Camera(names[0], (1280, 720))
        camera.start()
        try:
            frame = camera.get_image()
        finally:
            camera.stop()
    except Exception as error:  # noqa: BLE001
        return None, f"The camera {names[0]} gave no picture ({error}): drop a photo instead."
    return frame, f"Read from the camera {names[0]}"


@dataclass(frozen=True)
class Situation:
    """The rest of what the advisor needs besides the dice."""

    rerolls: int = 2
    beat: Hand = (0, 0)
    after: int = 1
    cap: int = 3


class PhotoController:
    def __init__(self, objective: Objective | None = None, thinker: Thinker | None = None) -> None:
        self.objective = objective or Objective()
        self.advisor = KeyedAnswer(thinker if thinker is not None else Thinker(inline=True))
        self.picture: pygame.Surface | None = None
        self.reading: DiceReading | None = None
        self.values: list[int] = []
        self.fixed: set[int] = set()  # dice the player set by hand
        self.selected = 0
        self.situation = Situation()
        self.message = "Drop a photo of six dice onto the window, or press C for the camera."

    # --- reading -------------------------------------------------------------------------------------------------

    def load_file(self, path: str) -> bool:
        """Read the dice in a dropped file; a file that is not a picture gets a message, nothing else changes."""
        try:
            surface = pygame.image.load(str(path))
        except (pygame.error, OSError) as error:
            self.message = f"Cannot read {path} as a picture: {error}"
            return False
        return self.load_surface(surface, f"Read {str(path).rsplit('/', 1)[-1]}")

    def load_surface(self, surface: pygame.Surface, source: str) -> bool:
        image = surface_to_array(surface)
        try:
            reading = read_dice(image)
        except ValueError as error:
            self.message = f"{source}: {error}"
            return False
        self.picture = surface
        self.reading = reading
        self.values = list(reading.values)
        self.fixed = set()
        found = len(self.values)
        if found < DICE:  # missing dice are entered by hand: shown as uncertain 1s to fix
            self.values += [1] * (DICE - found)
        self.values = self.values[:DICE]
        uncertain = self.uncertain()
        self.selected = uncertain[0] if uncertain else 0
        if found != DICE:
            self.message = f"{source}: found {found} dice, not 6: check every die (1-6 keys)"
        elif uncertain:
            self.message = f"{source}: {len(uncertain)} uncertain (marked): press its number 1-6 to fix it"
        else:
            self.message = f"{source}: all six dice read with confidence"
        return True

    def use_camera(self) -> bool:
        frame, message = camera_frame()
        if frame is None:
            self.message = message
            return False
        return self.load_surface(frame, message)

    def has_dice(self) -> bool:
        return self.reading is not None

    def confidence(self, index: int) -> float:
        if index in self.fixed:
            return 1.0
        dice = self.reading.dice if self.reading is not None else ()
        return dice[index].confidence if index < len(dice) else 0.0

    def is_uncertain(self, index: int) -> bool:
        if index in self.fixed:
            return False
        dice = self.reading.dice if self.reading is not None else ()
        return index >= len(dice) or dice[index].is_uncertain or len(dice) != DICE

    def uncertain(self) -> list[int]:
        return [i for i in range(len(self.values)) if self.is_uncertain(i)]

    # --- the player's fixes ------------------------------------------------------------------------------------

    def select(self, index: int) -> None:
        if 0 <= index < len(self.values):
            self.selected = index

    def fix(self, value: int) -> bool:
        """Set the selected die to `value` (1-6), then select the next uncertain die."""
        if not self.has_dice() or not 1 <= value <= 6:
            return False
        self.values[self.selected] = value
        self.fixed.add(self.selected)
        left = self.uncertain()
        if left:
            self.selected = left[0]
        return True

    def step_rerolls(self) -> None:
        s = self.situation
        self.situation = Situation((s.rerolls + 1) % 3, s.beat, s.after, s.cap)

    def step_beat(self, step: int = 1) -> None:
        s = self.situation
        index = (BEAT_CHOICES.index(s.beat) + step) % len(BEAT_CHOICES)
        self.situation = Situation(s.rerolls, BEAT_CHOICES[index], s.after, s.cap)

    def step_after(self) -> None:
        s = self.situation
        self.situation = Situation(s.rerolls, s.beat, (s.after + 1) % MAX_PLAYERS, s.cap)

    def step_cap(self) -> None:
        s = self.situation
        self.situation = Situation(s.rerolls, s.beat, s.after, s.cap % 3 + 1)

    # --- advice ---------------------------------------------------------------------------------------------------

    def advice_key(self) -> tuple[tuple[int, ...], Situation, Objective]:
        return tuple(self.values), self.situation, self.objective

    def advice(self) -> Advice | None:
        """The advice on the dice as read and fixed (None before a photo, and while the thinker works it out).
        Only reads: `poll` asks the thinker."""
        return self.advisor.peek(self.advice_key()) if self.has_dice() else None

    def poll(self) -> None:
        """Each frame: ask for advice on the dice as they are now (once per change), pick up a finished answer."""
        if not self.has_dice():
            self.advisor.poll()
            return
        values, s, objective = self.advice_key()

        def make_task() -> Callable[[CancelToken], Advice]:
            cap = None if s.beat == (0, 0) else s.cap
            position = Position(values, s.rerolls, s.beat, False, s.after, cap)
            return lambda token: advise_position(position, objective, token)

        self.advisor.get((values, s, objective), make_task)
