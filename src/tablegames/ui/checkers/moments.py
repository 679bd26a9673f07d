"""What happens at the checkers table between one move and the next, as data without pygame: a move's timeline
hop by hop, the captured pieces' last moments, the pieces' short moods, the opponent's speech bubble, the music's
mood of a position, and the moments the window shows (a capture landing, a crowning, a win, a fun-mode event, a
party), which the table's model queues for the scene to turn into particles and words.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablegames.checkers.funmode import FunEvent
from tablegames.checkers.game import Outcome
from tablegames.checkers.position import Move, Position
from tablegames.music.mood import Mood

HOP_SECONDS = 0.24
STEP_SECONDS = 0.2
SLOW_HOP_SECONDS = 0.65  # the last jump of a chain, in slow motion
CROWN_POP_SECONDS = 0.5
ANTIC_SECONDS = 1.6
CAPTURE_SECONDS = 0.9  # how long a captured piece's last picture lasts (pieces.draw_captured fades it away)
IDLE_ANTICS = ("waves", "yawns", "sneezes", "peeks")
ANTIC_MOODS = {"waves": "cheering", "yawns": "normal", "sneezes": "shaken", "peeks": "worried"}
EVENT_ANNOUNCEMENTS = {
    "gift": "Fun mode: the computer gives you a piece back!",
    "lightning": "Fun mode: lightning is about to strike!",
    "earthquake": "Fun mode: the ground begins to shake!",
    "wind": "Fun mode: a gust of wind is coming!",
}


def hop_timeline(move: Move, reduced_motion: bool = False) -> list[float]:
    """Each hop's seconds: a jump takes longer than a step, and a chain's last jump is in slow motion (not with
    reduced motion)."""
    hops = [HOP_SECONDS if move.is_capture else STEP_SECONDS] * (len(move.path) - 1)
    if len(move.captured) >= 2 and not reduced_motion:
        hops[-1] = SLOW_HOP_SECONDS
    return hops


@dataclass
class MoveAnimation:
    """A move replayed hop by hop from the position before it."""

    move: Move
    before: Position
    side: int
    is_king: bool
    hop_seconds: list[float]
    age: float = 0.0
    hops_landed: int = 0

    @property
    def total(self) -> float:
        return sum(self.hop_seconds)

    @property
    def done(self) -> bool:
        return self.age >= self.total

    def hop_at(self) -> tuple[int, float]:
        """The hop in flight and how far along it is (0..1)."""
        elapsed = self.age
        for index, seconds in enumerate(self.hop_seconds):
            if elapsed < seconds:
                return index, elapsed / seconds
            elapsed -= seconds
        return len(self.hop_seconds) - 1, 1.0

    def advance(self, dt: float) -> list[int]:
        """Move the clock on; the hops that landed in this step, in order."""
        self.age += dt
        landed = []
        while self.hops_landed < len(self.hop_seconds) and self.age >= sum(self.hop_seconds[: self.hops_landed + 1]):
            landed.append(self.hops_landed)
            self.hops_landed += 1
        return landed


@dataclass
class Fading:
    """A captured piece's last picture (dizzy, blue screen or a fading disc)."""

    square: int
    side: int
    is_king: bool
    age: float = 0.0


@dataclass
class Speech:
    text: str = ""
    mood: str = "hello"
    left: float = 0.0


@dataclass
class PieceMoods:
    """Short-lived moods of pieces: cheering side, shaken side, a winking square, an idle antic."""

    cheer_side: int | None = None
    cheer_left: float = 0.0
    shaken_side: int | None = None
    shaken_left: float = 0.0
    wink_square: int | None = None
    wink_left: float = 0.0
    antic_square: int | None = None
    antic: str = ""
    antic_left: float = 0.0
    crown_square: int | None = None
    crown_left: float = 0.0
    pickup_age: float = 9.0

    def update(self, dt: float) -> None:
        self.cheer_left = max(0.0, self.cheer_left - dt)
        self.shaken_left = max(0.0, self.shaken_left - dt)
        self.wink_left = max(0.0, self.wink_left - dt)
        self.antic_left = max(0.0, self.antic_left - dt)
        self.crown_left = max(0.0, self.crown_left - dt)
        self.pickup_age += dt

    def face(self, square: int, side: int, threatened: set[int]) -> str:
        """The face of the piece of `side` on `square` (a piece that can be captured now looks worried)."""
        if self.wink_left > 0 and square == self.wink_square:
            return "winking"
        if self.shaken_left > 0 and side == self.shaken_side:
            return "shaken"
        if self.cheer_left > 0 and (self.cheer_side is None or side == self.cheer_side):
            return "cheering"
        if self.antic_left > 0 and square == self.antic_square:
            return ANTIC_MOODS[self.antic]
        if square in threatened:
            return "worried"
        return "normal"


def music_mood(position: Position, outcome: Outcome | None, human_side: int | None) -> Mood:
    """Calm; threat when a jump is on; tension when a multi-jump is on or few pieces are left; the outro."""
    if outcome is not None:
        lost = human_side is not None and outcome.winner is not None and outcome.winner != human_side
        return Mood.LOSS if lost else Mood.WIN
    moves = position.legal_moves()
    pieces = position.black.bit_count() + position.white.bit_count()
    if any(len(move.captured) >= 2 for move in moves) or pieces <= 10:
        return Mood.TENSION
    other_side = Position(position.black, position.white, position.kings, 1 - position.turn)
    if (moves and moves[0].is_capture) or any(m.is_capture for m in other_side.legal_moves()[:1]):
        return Mood.THREAT
    return Mood.CALM


def threatened_squares(position: Position) -> set[int]:
    """Pieces the side to move can capture now (they look worried)."""
    return {square for move in position.legal_moves() for square in move.captured}


# ---- the moments the window shows, in the order they happened -------------------------------------------------

@dataclass(frozen=True)
class CaptureLanded:
    """A jump landed on `landing` and took the piece on `square`; `chain` counts the move's captures so far."""

    square: int
    landing: int
    chain: int
    is_single: bool  # the move takes one piece only (a chain's words are its count instead)


@dataclass(frozen=True)
class Crowned:
    square: int
    after_chain: bool  # crowned at the end of a multi-jump


@dataclass(frozen=True)
class Won:
    """The game is over and the person at the table won it (or watched it end)."""


@dataclass(frozen=True)
class FunStruck:
    event: FunEvent


@dataclass(frozen=True)
class Party:
    """The B key: confetti for no reason."""


@dataclass(frozen=True)
class Cleared:
    """A new game: whatever was flying is gone."""


Moment = CaptureLanded | Crowned | Won | FunStruck | Party | Cleared
