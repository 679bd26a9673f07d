"""The searches of the checkers table, without graphics: the computer's move and the player's hint, each a job on
the thinker, polled each frame, cancelled when the table moves on, and answered only for the position it was
asked about."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from tablegames.checkers.position import Move, Position
from tablegames.core.worker import Job, Thinker
from tablegames.ui.checkers.computer import computer_move

log = logging.getLogger(__name__)

COMPUTER_PAUSE = 0.35  # the least time the face thinks, so a quick move still reads as a reply
HINT_LEVEL = 9  # the hint is the best move as Deep Thinker sees it


class Searches:
    """At most one search for the computer's move and one for a hint at a time."""

    def __init__(self, thinker: Thinker) -> None:
        self.thinker = thinker
        self.move_job: Job | None = None
        self.move_position: Position | None = None  # the position the computer's move is for
        self.move_age = 0.0
        self.hint_job: Job | None = None
        self.hint_position: Position | None = None  # the position the hint in progress is for

    @property
    def is_finding_move(self) -> bool:
        return self.move_job is not None

    @property
    def is_finding_hint(self) -> bool:
        return self.hint_job is not None

    def find_move(self, position: Position, level: int, seed: int, history: Sequence[Position]) -> None:
        """Start the search for the move of the computer at `level` in `position`."""
        history = tuple(history)
        self.move_position = position
        self.move_job = self.thinker.submit(lambda token: computer_move(position, level, seed, token, history))
        self.move_age = 0.0

    def found_move(self, dt: float, current: Position, fallback_seed: int) -> Move | None:
        """The computer's move once its search is done and it has thought at least COMPUTER_PAUSE, if the table
        is still in the position it was asked about (else the answer is dropped: None). A failing search is
        logged and answered with a random legal move (Dozy Dave's, from `fallback_seed`), so the game goes on."""
        job, position = self.move_job, self.move_position
        if job is None or position is None:
            return None
        self.move_age += dt
        if not job.done() or self.move_age < COMPUTER_PAUSE:
            return None
        self.move_job = None
        try:
            move: Move = job.result()
        except Exception as error:  # noqa: BLE001 - a failing search must not stop the game: play any move
            log.warning("checkers: the computer's search failed (%s); playing a random move", error)
            move = computer_move(position, 1, fallback_seed)
        return move if current == position else None

    def find_hint(self, position: Position, seed: int, history: Sequence[Position]) -> None:
        """Start the search for the best move in `position` as the hint level sees it."""
        history = tuple(history)
        self.hint_position = position
        self.hint_job = self.thinker.submit(lambda token: computer_move(position, HINT_LEVEL, seed, token, history))

    def found_hint(self, current: Position) -> Move | None:
        """The hint once its search is done, if the table is still in the position it was asked about (a hint
        for a position left since, by a move or an undo, is dropped: None, as is a failed search, logged)."""
        job = self.hint_job
        if job is None or not job.done():
            return None
        self.hint_job = None
        if self.hint_position != current:
            return None
        try:
            hint: Move = job.result()
        except Exception as error:  # noqa: BLE001
            log.warning("checkers: hint failed (%s)", error)
            return None
        return hint

    def cancel(self) -> None:
        """Cancel both searches; whatever they would answer is dropped."""
        for job in (self.move_job, self.hint_job):
            if job is not None:
                job.cancel()
        self.move_job = self.hint_job = None
