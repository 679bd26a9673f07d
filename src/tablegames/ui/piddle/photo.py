"""Analyse a photo of six dice: the reading (piddle.scan), the player's fixes, the situation, and the advice.

`PhotoController` is graphics-free but for taking the camera's frame: a dropped file is decoded and read on the
thinker (`read_photo_file`: its size checked from the header first, then decoded to 8-bit RGB by
tablegames.photofile, then `tablegames.piddle.scan.read_dice`), and so is a camera frame; meanwhile the message
says what is being read, and `poll()` (each frame) picks up the answer. A photo that cannot be read leaves
everything as it was and says why (in `message`, and in `notices` for the window's toasts). Uncertain dice are
marked and the first one is selected; a number key sets the selected die (and moves on to the next uncertain one);
R, B and P set the rerolls left, the hand to beat and the players after; the advisor then answers for the dice as
read and fixed, worked out on the thinker (the first answer for an objective may build the solver's tables).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pygame

from tablegames.core.worker import CancelToken, Job, KeyedAnswer, SearchCancelled, Thinker, raise_if_cancelled
from tablegames.photofile import PhotoError, load_photo, surface_to_rgb
from tablegames.piddle.hands import ALL_HANDS, DICE, Hand
from tablegames.piddle.scan import DiceReading, read_dice
from tablegames.piddle.scan_faces import block_mean
from tablegames.piddle.solver import MAX_PLAYERS, Advice, Objective, Position, advise_position

log = logging.getLogger(__name__)

NO_CAMERA = "No camera found on this computer: drop a photo of your dice onto the window instead."
BEAT_CHOICES: tuple[Hand, ...] = ((0, 0),) + ALL_HANDS


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


THUMBNAIL_BOX = (560, 420)  # the photo reader's frame: the photo is shown no larger than this


@dataclass(frozen=True)
class PhotoRead:
    """The thinker's answer for one photo: the dice read, a small copy to show, and the photo's own size (the
    reading's centres and sizes are in its pixels)."""

    source: str  # how the messages name it ("Read dice.png")
    reading: DiceReading
    thumbnail: npt.NDArray[np.uint8]  # H x W x 3, at least the frame's size where the photo is larger
    size: tuple[int, int]  # (width, height)


def thumbnail_of(image: npt.NDArray[np.uint8], box: tuple[int, int] = THUMBNAIL_BOX) -> npt.NDArray[np.uint8]:
    """Block means of the photo, never smaller than `box` (the window scales that little copy to fit)."""
    height, width = image.shape[:2]
    step = max(1, min(width // box[0], height // box[1]))
    if step == 1:
        return np.array(image, dtype=np.uint8)
    return np.rint(block_mean(image, step)).astype(np.uint8)


def read_photo(image: npt.NDArray[np.uint8], source: str, token: CancelToken) -> PhotoRead:
    """The dice in a photo (on the thinker)."""
    reading = read_dice(image)
    raise_if_cancelled(token, "reading the photo")
    return PhotoRead(source, reading, thumbnail_of(image), (image.shape[1], image.shape[0]))


def read_photo_file(path: str, token: CancelToken) -> PhotoRead:
    """The dice in a photo file (on the thinker): refused before decoding when its header says it is too large."""
    image = load_photo(path)
    raise_if_cancelled(token, "reading the photo")
    return read_photo(image, f"Read {Path(path).name}", token)


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
        self.thinker = thinker if thinker is not None else Thinker(inline=True)
        self.advisor = KeyedAnswer(self.thinker)
        self.photo: PhotoRead | None = None
        self.reading: DiceReading | None = None
        self.job: Job | None = None  # the photo being read on the thinker
        self.reading_what = ""  # its name while it is read ("" when nothing is)
        self.notices: list[str] = []  # what the window should show in a toast (a photo refused), oldest first
        self.values: list[int] = []
        self.fixed: set[int] = set()  # dice the player set by hand
        self.selected = 0
        self.situation = Situation()
        self.message = "Drop a photo of six dice onto the window, or press C for the camera."
        self.problem: tuple[str, str] | None = None  # what the reader could not do with the photo shown, what to try

    # --- reading -------------------------------------------------------------------------------------------------

    def load_file(self, path: str) -> None:
        """Read the dice in a dropped file, on the thinker (the answer comes through `poll`)."""
        self.start_reading(Path(path).name, lambda token: read_photo_file(path, token))

    def load_image(self, image: npt.NDArray[np.uint8], source: str, what: str = "the camera's picture") -> None:
        """Read the dice in a picture already in memory (a camera frame), on the thinker; `source` names it in
        the reading's messages, `what` while it is read."""
        self.start_reading(what, lambda token: read_photo(image, source, token))

    def start_reading(self, what: str, task: Callable[[CancelToken], PhotoRead]) -> None:
        if self.job is not None:  # a photo dropped while another is read: only the last one counts
            self.job.cancel()
        self.reading_what = what
        self.message = f"Reading {what}..."
        self.job = self.thinker.submit(task)
        self.poll_photo()  # an inline thinker has answered already

    def is_reading(self) -> bool:
        return self.job is not None

    def poll_photo(self) -> None:
        """Pick up the photo's reading once the thinker has it; a photo that could not be read is said, and
        everything else stays as it was."""
        job = self.job
        if job is None or not job.done():
            return
        self.job, what, self.reading_what = None, self.reading_what, ""
        if job.is_cancelled():
            return
        try:
            photo = job.result()
        except SearchCancelled:
            return
        except PhotoError as error:  # says the file's name itself
            self.refuse(str(error))
            return
        except ValueError as error:
            self.refuse(f"{what}: {error}")
            return
        except Exception as error:  # a fault in the reader is logged and said, never raised into the window
            log.error("piddle: reading %s failed", what, exc_info=error)
            self.refuse(f"{what} could not be read ({type(error).__name__}: {error})")
            return
        self.show(photo)

    def refuse(self, problem: str) -> None:
        self.message = problem
        self.notices.append(problem)

    def drain_notices(self) -> list[str]:
        notices, self.notices = self.notices, []
        return notices

    def show(self, photo: PhotoRead) -> None:
        reading, source = photo.reading, photo.source
        self.photo = photo
        self.fixed = set()
        self.problem = None if reading.problem is None else (reading.message, reading.hint)
        if not reading.dice:  # nothing read (too small, too dark, no dice): the photo is shown with what to try
            self.reading, self.values, self.selected = None, [], 0
            self.message = f"{source}: {reading.message}"
            return
        self.reading = reading
        self.values = list(reading.values)
        found = len(self.values)
        if found < DICE:  # missing dice are entered by hand: shown as uncertain 1s to fix
            self.values += [1] * (DICE - found)
        self.values = self.values[:DICE]
        uncertain = self.uncertain()
        self.selected = uncertain[0] if uncertain else 0
        if found != DICE:
            self.message = f"{source}: {reading.message}: check every die (1-6 keys)"
        elif uncertain:
            self.message = f"{source}: {len(uncertain)} uncertain (marked): press its number 1-6 to fix it"
        else:
            self.message = f"{source}: all six dice read with confidence"

    def use_camera(self) -> bool:
        """Take a frame from the camera (on the window's thread: pygame.camera) and read it on the thinker."""
        frame, message = camera_frame()
        if frame is None:
            self.message = message
            return False
        self.load_image(surface_to_rgb(frame), message)
        return True

    def cancel(self) -> None:
        """Leaving the reader: stop reading the photo and forget the advisor's question."""
        if self.job is not None:
            self.job.cancel()
        self.job, self.reading_what = None, ""
        self.advisor.cancel()

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
        """Each frame: pick up a photo's reading; ask for advice on the dice as they are now (once per change),
        pick up a finished answer."""
        self.poll_photo()
        if not self.has_dice():
            self.advisor.poll()
            return
        values, s, objective = self.advice_key()

        def make_task() -> Callable[[CancelToken], Advice]:
            cap = None if s.beat == (0, 0) else s.cap
            position = Position(values, s.rerolls, s.beat, False, s.after, cap)
            return lambda token: advise_position(position, objective, token)

        self.advisor.get((values, s, objective), make_task)
