"""The checkers table's show, without graphics: the pieces' short moods, the captured pieces' last pictures, the
opponent's speech bubble and the toasts with their timers, and, queued in order for the scene, the sound effects,
the music's moods and the moments the playful layer turns into particles and words.

The table's model (`table_model.py`) says what happened; this keeps what follows from it on screen and in the
speakers, so the scene only drains the queues and draws what it reads.
"""

from __future__ import annotations

from tablegames.checkers.funmode import FunEvent
from tablegames.checkers.position import Move, Position
from tablegames.music.mood import Mood
from tablegames.ui.checkers.moments import (
    ANTIC_SECONDS,
    CAPTURE_SECONDS,
    CROWN_POP_SECONDS,
    CaptureLanded,
    Cleared,
    Crowned,
    Fading,
    FunStruck,
    Moment,
    Party,
    PieceMoods,
    Speech,
    Won,
)

TOAST_SECONDS = 3.0
LINE_SECONDS = 3.2


class TableShow:
    """What is on show besides the board's pieces, and what the scene should play and show next."""

    def __init__(self) -> None:
        self.moods = PieceMoods()
        self.fading: list[Fading] = []
        self.speech = Speech()
        self.toast = ""
        self.toast_left = 0.0
        self.chain_count = 0  # the captures of the multi-jump in flight so far
        self.mood_sent: Mood | None = None
        self.sound_cues: list[str] = []
        self.mood_cues: list[Mood] = []
        self.moments: list[Moment] = []

    def update(self, dt: float) -> None:
        self.moods.update(dt)
        for fading in self.fading:
            fading.age += dt
        self.fading = [f for f in self.fading if f.age < CAPTURE_SECONDS]
        self.speech.left = max(0.0, self.speech.left - dt)
        self.toast_left = max(0.0, self.toast_left - dt)

    # --- words ----------------------------------------------------------------------------------------------
    def say(self, line: str, mood: str) -> None:
        """The opponent says `line` in `mood` (its face shows the mood while the bubble lasts)."""
        self.speech = Speech(line, mood, LINE_SECONDS)

    def toast_now(self, text: str) -> None:
        self.toast, self.toast_left = text, TOAST_SECONDS

    # --- music ----------------------------------------------------------------------------------------------
    def follow_music(self, mood: Mood) -> None:
        """The music's mood for the position, sent once when it changes."""
        if mood is not self.mood_sent:
            self.mood_sent = mood
            self.mood_cues.append(mood)

    def cue_music(self, mood: Mood) -> None:
        """A mood sent whatever was sent before (a big moment, the lobby's calm)."""
        self.mood_cues.append(mood)

    # --- what happened --------------------------------------------------------------------------------------
    def clear(self) -> None:
        """A new game: nothing fading or flying, and the music's mood is sent afresh."""
        self.fading.clear()
        self.moments.append(Cleared())
        self.mood_sent = None

    def capture_landed(self, move: Move, hop: int, before: Position) -> None:
        """Hop `hop` of `move` (played from `before`) landed: its captured piece fades, a chain counts up."""
        square = move.captured[hop]
        victim = before.piece_at(square)
        assert victim.side is not None, f"no piece captured on {square}"
        self.fading.append(Fading(square, victim.side, victim.is_king))
        self.moments.append(CaptureLanded(square, move.path[hop + 1], hop + 1, len(move.captured) == 1))
        self.sound_cues.append("capture")
        if hop >= 1:
            self.chain_count = hop + 1
            self.sound_cues.append("chain")

    def move_landed(self, move: Move, side: int) -> None:
        """The last hop landed: a capturing side cheers, a crowned piece pops up."""
        if move.is_capture:
            self.moods.cheer_side, self.moods.cheer_left = side, 1.5
        if move.is_crowning:
            self.moods.crown_square, self.moods.crown_left = move.to_square, CROWN_POP_SECONDS
            self.moments.append(Crowned(move.to_square, len(move.captured) >= 2))
            self.sound_cues.append("crown")
            self.cue_music(Mood.BIG_MOMENT)

    def game_won(self) -> None:
        self.moments.append(Won())
        self.sound_cues.append("win")

    def game_lost(self) -> None:
        self.sound_cues.append("loss")

    def fun_struck(self, event: FunEvent, computer_side: int) -> None:
        """A fun-mode event: a gift winks at the player, a disaster shakes the computer's side."""
        self.moments.append(FunStruck(event))
        self.sound_cues.append(event.kind)
        if event.is_gift:
            self.moods.wink_square, self.moods.wink_left = event.square, 2.0
        else:
            self.fading.append(Fading(event.square, computer_side, False))
            self.moods.shaken_side, self.moods.shaken_left = computer_side, 1.6

    def party(self) -> None:
        self.moments.append(Party())
        self.moods.cheer_side, self.moods.cheer_left = None, 3.0

    def pick_up(self) -> None:
        """A piece was chosen: it wobbles as it is lifted."""
        self.moods.pickup_age = 0.0

    def antic(self, square: int, kind: str) -> None:
        """An idle piece on `square` waves, yawns, sneezes or peeks."""
        self.moods.antic_square, self.moods.antic, self.moods.antic_left = square, kind, ANTIC_SECONDS

    # --- the scene's queues ---------------------------------------------------------------------------------
    def drain(self) -> tuple[list[str], list[Mood]]:
        """The sound effects and music moods since the last call, for the scene's audio."""
        sounds, moods = self.sound_cues, self.mood_cues
        self.sound_cues, self.mood_cues = [], []
        return sounds, moods

    def drain_moments(self) -> list[Moment]:
        """The moments since the last call, in order, for the playful layer."""
        moments, self.moments = self.moments, []
        return moments
