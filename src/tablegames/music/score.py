"""The score generator: note events bar by bar, following the mood a table sends.

Times are MIDI ticks (480 a quarter note) from the start of the song, so the same events drive the MIDI writer
and the synthesizer. Every random choice (tempo, motif, progression, variations, hat rolls, velocities) comes from
one generator seeded by the song seed and the style, so the same seed and the same moods give the same events.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from tablegames.core.rng import make_rng
from tablegames.music.markov import (
    invent_motif,
    invent_progression,
    train_harmony_chain,
    train_melody_chain,
    vary_motif,
)
from tablegames.music.mood import Mood, layers_for
from tablegames.music.styles import CLOSED_HAT, CRASH, DRUM_VELOCITY, KICK, SNARE, STEPS_PER_BAR, Style

PPQ = 480
TICKS_PER_STEP = PPQ // 4
TICKS_PER_BAR = STEPS_PER_BAR * TICKS_PER_STEP
OUTRO_BARS = 2
KEY_CHANGE = 2  # a big moment moves the key up a whole tone

# The lowest note of each register; the tonic of the current key is the first note at or above it of its pitch class.
REGISTER_BASE = {"bass": 36, "chords": 48, "arp": 60, "lead": 60}
DEEP_BASS_SHIFT = -12
LOWEST_BASS = 22  # C1, 32.7 Hz: a bass note that would fall lower is played an octave up
FULL_VELOCITY = 127


class NoteEvent(NamedTuple):
    track: str  # "drums", "bass", "chords", "arp" or "lead"
    note: int  # MIDI note number (General MIDI percussion number on the drum track)
    velocity: int  # 1-127
    time: int  # ticks from the start of the song
    duration: int  # ticks


def note_lengths(pattern: str) -> list[tuple[int, int]]:
    """(step, length in steps) of every note in a pattern: a note lasts through the '-' that follow it."""
    notes = []
    for step, char in enumerate(pattern):
        if char in ".-":
            continue
        length = 1
        while step + length < len(pattern) and pattern[step + length] == "-":
            length += 1
        notes.append((step, length))
    return notes


class BarSource(Protocol):
    """What the synthesizer reads a song from, bar by bar: a Score, or a Recording of one."""

    style: Style
    tempo: int
    bar_index: int  # bars written so far
    deep_bass: bool

    def next_bar(self) -> list[NoteEvent]: ...

    def set_mood(self, mood: Mood) -> None: ...


class Recording:
    """A song already written (note events from tick 0), played back bar by bar: "Save song" renders it."""

    def __init__(self, events: list[NoteEvent], tempo: int, style: Style) -> None:
        self.style = style
        self.tempo = tempo
        self.bar_index = 0
        self.deep_bass = False  # the notes are written: the setting no longer matters
        self._bars: dict[int, list[NoteEvent]] = {}
        for event in sorted(events, key=lambda e: (e.time, e.track, e.note)):
            self._bars.setdefault(event.time // TICKS_PER_BAR, []).append(event)
        self.length_bars = max(self._bars, default=-1) + 1

    def next_bar(self) -> list[NoteEvent]:
        events = self._bars.get(self.bar_index, [])
        self.bar_index += 1
        return list(events)

    def set_mood(self, mood: Mood) -> None:
        """A recording does not follow the game."""


class Score:
    """Invents a song for a style and a seed, then writes it one bar at a time in the current mood."""

    def __init__(self, style: Style, seed: int = 0, deep_bass: bool = False) -> None:
        self.style = style
        self.deep_bass = deep_bass
        self.rng = make_rng(seed, "music", style.slug)
        low, high = style.tempo_range
        self.tempo = int(self.rng.integers(low, high + 1))
        self.melody_chain = train_melody_chain()
        self.harmony_chain = train_harmony_chain()
        self.motif = invent_motif(self.melody_chain, self.rng)
        self.progression = invent_progression(self.harmony_chain, self.rng)
        self.mood = Mood.CALM
        self.key_offset = 0
        self.bar_index = 0
        self._breakdown_pending = False
        self._outro_bar = 0  # bars of the outro already written

    # --- the mood -------------------------------------------------------------------------------------------
    def set_mood(self, mood: Mood) -> None:
        """Takes effect at the next bar. A big moment is an event: one breakdown bar, then the mood before it."""
        if mood is Mood.BIG_MOMENT:
            self._breakdown_pending = True
            return
        if mood.is_outro and self.mood is not mood:
            self._outro_bar = 0
        self.mood = mood

    @property
    def is_finished(self) -> bool:
        """The outro has been played: the song is over until the next mood that is not a win or a loss."""
        return self.mood.is_outro and self._outro_bar >= OUTRO_BARS

    def pitch_classes(self) -> set[int]:
        """The pitch classes of the current key (the style's scale moved by the key changes so far)."""
        home = self.style.tonic + self.key_offset
        return {(home + step) % 12 for step in self.style.scale}

    @property
    def seconds_per_bar(self) -> float:
        return 4 * 60.0 / self.tempo

    # --- writing bars ---------------------------------------------------------------------------------------
    def bars(self, count: int) -> list[NoteEvent]:
        events: list[NoteEvent] = []
        for _ in range(count):
            events.extend(self.next_bar())
        return events

    def next_bar(self) -> list[NoteEvent]:
        """The events of the next bar (possibly none), in time order."""
        start = self.bar_index * TICKS_PER_BAR
        chord_root = self.progression[self.bar_index % len(self.progression)]
        if not self.style.has_music:
            events: list[NoteEvent] = []
        elif self._breakdown_pending:
            events = self._breakdown(start, chord_root)
            self._breakdown_pending = False
            self.key_offset += KEY_CHANGE
            if self.key_offset > 6:  # keep every register in its range: the key wraps an octave down
                self.key_offset -= 12
        elif self.mood.is_outro:
            events = self._outro(start) if self._outro_bar < OUTRO_BARS else []
            self._outro_bar += 1
        else:
            events = self._regular_bar(start, chord_root, layers_for(self.mood, self.style.tracks,
                                                                     self.style.calm_tracks))
        self.motif = vary_motif(self.motif, self.melody_chain, self.rng)
        self.bar_index += 1
        events.sort(key=lambda e: (e.time, e.track, e.note))
        return events

    def _regular_bar(self, start: int, root: int, layers: tuple[str, ...]) -> list[NoteEvent]:
        events: list[NoteEvent] = []
        if "drums" in layers:
            events += self._drums(start, fill=self.mood is Mood.TENSION and self.bar_index % 4 == 3)
        if "bass" in layers:
            events += self._bass(start, root)
        if "chords" in layers:
            events += self._pattern_chords(start, root, self.style.chords)
        if "arp" in layers:
            events += self._arpeggio(start, root)
        if "lead" in layers:
            events += self._lead(start, self.motif, self.style.lead)
        return events

    # --- helpers --------------------------------------------------------------------------------------------
    def _pitch(self, track: str, degree: int) -> int:
        """MIDI note of a scale degree in a track's register and the current key."""
        scale = self.style.scale
        octave, index = divmod(degree, len(scale))
        base = REGISTER_BASE[track]
        tonic = base + (self.style.tonic + self.key_offset - base) % 12
        note = tonic + 12 * octave + scale[index]
        if track == "bass" and self.deep_bass:
            note += DEEP_BASS_SHIFT
        return note

    def _bass_pitch(self, root: int, steps: int = 0) -> int:
        """A bass note: the chord root (a scale degree) in the octave from the bass register's lowest note up
        (an octave lower with deep bass), then `steps` scale degrees above it (below when negative)."""
        low = REGISTER_BASE["bass"] + (DEEP_BASS_SHIFT if self.deep_bass else 0)
        root_note = self._pitch("bass", root)
        note = low + (root_note - low) % 12 + self._pitch("bass", root + steps) - root_note
        return note + 12 if note < LOWEST_BASS else note

    def _time(self, start: int, step: int) -> int:
        """Tick of a sixteenth step, the off sixteenths pushed late by the style's swing."""
        swing = round(self.style.swing * TICKS_PER_STEP) if step % 2 else 0
        return start + step * TICKS_PER_STEP + swing

    def _velocity(self, base: int) -> int:
        return min(127, max(1, base + int(self.rng.integers(-6, 7))))

    def _note(self, track: str, note: int, velocity: int, time: int, steps: float) -> NoteEvent:
        if track == "bass" and self.deep_bass:
            velocity = FULL_VELOCITY
        duration = max(1, round(steps * TICKS_PER_STEP * 0.92))  # a little air between notes
        return NoteEvent(track, note, velocity, time, duration)

    # --- the parts ------------------------------------------------------------------------------------------
    def _drums(self, start: int, fill: bool) -> list[NoteEvent]:
        events = []
        roll_beat = -1
        if self.style.hat_rolls and self.rng.random() < (0.9 if self.mood is Mood.TENSION else 0.4):
            roll_beat = int(self.rng.integers(4))
        for drum, pattern in self.style.drums:
            for step, char in enumerate(pattern):
                if char == "." or (fill and step >= 12 and drum != KICK):
                    continue
                if drum == CLOSED_HAT and step // 4 == roll_beat:
                    continue
                events.append(NoteEvent("drums", drum, self._velocity(DRUM_VELOCITY[char]),
                                        self._time(start, step), TICKS_PER_STEP))
        if roll_beat >= 0:  # a burst of sixteenth-note triplets on the closed hat
            for hit in range(6):
                time = start + roll_beat * PPQ + hit * (PPQ // 6)
                events.append(NoteEvent("drums", CLOSED_HAT, self._velocity(60 + 8 * (hit % 3)), time, PPQ // 6))
        if fill:  # the last beat becomes a snare run that grows louder
            for step in range(12, 16):
                events.append(NoteEvent("drums", SNARE, self._velocity(60 + 15 * (step - 12)),
                                        self._time(start, step), TICKS_PER_STEP))
        return events

    def _bass(self, start: int, root: int) -> list[NoteEvent]:
        offsets = {"R": 0, "F": 4, "O": 7, "f": -3}
        return [
            self._note("bass", self._bass_pitch(root, offsets[self.style.bass[step]]), self._velocity(100),
                       self._time(start, step), length)
            for step, length in note_lengths(self.style.bass)
        ]

    def _chord_notes(self, root: int) -> list[int]:
        return [self._pitch("chords", root + 2 * i) for i in range(self.style.chord_size)]

    def _pattern_chords(self, start: int, root: int, pattern: str) -> list[NoteEvent]:
        events = []
        for step, length in note_lengths(pattern):
            velocity = self._velocity(80)
            events += [self._note("chords", note, velocity, self._time(start, step), length)
                       for note in self._chord_notes(root)]
        return events

    def _arpeggio(self, start: int, root: int) -> list[NoteEvent]:
        tones = [root, root + 2, root + 4, root + 7]
        return [
            self._note("arp", self._pitch("arp", tones[i % len(tones)]), self._velocity(70 if i % 4 else 85),
                       self._time(start, step), length)
            for i, (step, length) in enumerate(note_lengths(self.style.arp))
        ]

    def _lead(self, start: int, degrees: list[int], pattern: str) -> list[NoteEvent]:
        return [
            self._note("lead", self._pitch("lead", degree), self._velocity(92), self._time(start, step), length)
            for degree, (step, length) in zip(degrees, note_lengths(pattern), strict=False)
        ]

    def _breakdown(self, start: int, root: int) -> list[NoteEvent]:
        """One bar stripped down: a held chord and bass note under a snare riser (a lead run without drums)."""
        events = self._pattern_chords(start, root, "x---------------") if "chords" in self.style.tracks else []
        if self.style.bass:
            events.append(self._note("bass", self._bass_pitch(root), self._velocity(90), start, 16))
        if self.style.drums:
            for step in range(8, 16):
                events.append(NoteEvent("drums", SNARE, self._velocity(40 + 10 * (step - 8)),
                                        self._time(start, step), TICKS_PER_STEP))
        elif self.style.lead:
            events += self._lead(start, [0, 1, 2, 3], "............xxxx")
        return events

    def _outro(self, start: int) -> list[NoteEvent]:
        """Two bars that close the song: a win climbs home to the high tonic, a loss sinks to the low one."""
        is_win = self.mood is Mood.WIN
        tracks = self.style.tracks
        events: list[NoteEvent] = []
        if self._outro_bar == 0:
            first, second = (3, 4) if is_win else (3, 0)
            if "drums" in tracks:
                events += self._drums(start, fill=is_win)
            if "bass" in tracks:
                events.append(self._note("bass", self._bass_pitch(first), self._velocity(100), start, 8))
                events.append(self._note("bass", self._bass_pitch(second), self._velocity(100),
                                         self._time(start, 8), 8))
            if "chords" in tracks:
                events += self._pattern_chords(start, first, "x-------........")
                events += self._pattern_chords(start, second, "........x-------")
            if "lead" in tracks:
                line = [4, 5, 6, 7] if is_win else [4, 3, 2, 1]
                events += self._lead(start, line, "x---x---x---x---")
            return events
        final = 7 if is_win else 0
        if "drums" in tracks:
            events.append(NoteEvent("drums", KICK, self._velocity(110), start, TICKS_PER_STEP))
            if is_win:
                events.append(NoteEvent("drums", CRASH, self._velocity(100), start, TICKS_PER_BAR))
        if "bass" in tracks:
            events.append(self._note("bass", self._bass_pitch(0), self._velocity(100), start, 16))
        if "chords" in tracks:
            events += self._pattern_chords(start, 0, "x---------------")
        if "lead" in tracks:
            events += self._lead(start, [final], "x---------------")
        return events
