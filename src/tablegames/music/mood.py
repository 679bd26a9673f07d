"""The mood signal: the only thing a table tells the music. Any table maps its state to a Mood.

calm -> drums alone (keys alone for a style without drums); threat -> bass and keys join; tension -> the lead,
the arpeggio and drum fills join; big moment (a crowning, a long chain, a jackpot) -> one breakdown bar, then the
key goes up a tone and the previous mood carries on; win or loss -> a two-bar outro, then silence.
"""

from __future__ import annotations

from enum import Enum


class Mood(Enum):
    CALM = "calm"
    THREAT = "threat"
    TENSION = "tension"
    BIG_MOMENT = "big moment"
    WIN = "win"
    LOSS = "loss"

    @property
    def is_outro(self) -> bool:
        return self in (Mood.WIN, Mood.LOSS)


def layers_for(mood: Mood, style_tracks: tuple[str, ...], calm_tracks: tuple[str, ...]) -> tuple[str, ...]:
    """The tracks that play in a regular bar of `mood`, in the style's track order."""
    wanted = set(calm_tracks)
    if mood in (Mood.THREAT, Mood.TENSION, Mood.WIN, Mood.LOSS):
        wanted |= {"drums", "bass", "chords"}
    if mood in (Mood.TENSION, Mood.WIN, Mood.LOSS):
        wanted |= {"arp", "lead"}
    return tuple(track for track in style_tracks if track in wanted)


def parse_mood(text: str) -> Mood:
    wanted = text.strip().lower().replace("_", " ").replace("-", " ")
    for mood in Mood:
        if mood.value == wanted:
            return mood
    raise ValueError(f"unknown mood {text!r}: expected one of {', '.join(m.value for m in Mood)}")
