"""Note events -> a Standard MIDI File (format 1) with mido; "Save song" writes one to the user's music folder.

Track 0 holds the tempo and the time signature; then one track per instrument track, each on its own channel
with its General MIDI program, the drums on channel 10 (index 9) with General MIDI percussion numbers.
"""

from __future__ import annotations

import io
import os
import time as clock
from collections.abc import Iterable
from pathlib import Path

import mido

from tablegames.core.files import write_atomic
from tablegames.music.score import PPQ, NoteEvent
from tablegames.music.styles import TRACKS, Style

DRUM_CHANNEL = 9  # "channel 10" in General MIDI's 1-based numbering
CHANNELS = {"drums": DRUM_CHANNEL, "bass": 0, "chords": 1, "arp": 2, "lead": 3}
assert set(CHANNELS) == set(TRACKS)


def build_midi(events: Iterable[NoteEvent], tempo: int, style: Style) -> mido.MidiFile:
    """A format-1 MidiFile: a tempo track, then one track for every instrument track that has notes."""
    by_track: dict[str, list[NoteEvent]] = {}
    for event in events:
        if event.track not in CHANNELS:
            raise ValueError(f"note event on unknown track {event.track!r}: expected one of {', '.join(TRACKS)}")
        by_track.setdefault(event.track, []).append(event)
    song = mido.MidiFile(type=1, ticks_per_beat=PPQ)
    conductor = mido.MidiTrack()
    conductor.append(mido.MetaMessage("track_name", name=f"tablegames {style.name}", time=0))
    conductor.append(mido.MetaMessage("set_tempo", tempo=mido.bpm2tempo(tempo), time=0))
    conductor.append(mido.MetaMessage("time_signature", numerator=4, denominator=4, time=0))
    conductor.append(mido.MetaMessage("end_of_track", time=0))
    song.tracks.append(conductor)
    for track in TRACKS:
        if track in by_track:
            song.tracks.append(_instrument_track(track, by_track[track], style))
    return song


def _instrument_track(track: str, events: list[NoteEvent], style: Style) -> mido.MidiTrack:
    channel = CHANNELS[track]
    # (absolute tick, order, message): note-offs sort before note-ons at the same tick so repeated notes restart.
    timeline: list[tuple[int, int, mido.Message]] = []
    for event in events:
        timeline.append((event.time, 1, mido.Message("note_on", channel=channel, note=event.note,
                                                     velocity=event.velocity)))
        timeline.append((event.time + event.duration, 0, mido.Message("note_off", channel=channel,
                                                                      note=event.note, velocity=0)))
    timeline.sort(key=lambda item: (item[0], item[1], item[2].note))
    midi_track = mido.MidiTrack()
    midi_track.append(mido.MetaMessage("track_name", name=track, time=0))
    if channel != DRUM_CHANNEL:
        midi_track.append(mido.Message("program_change", channel=channel, program=style.programs.get(track, 0)))
    now = 0
    for tick, _, message in timeline:
        midi_track.append(message.copy(time=tick - now))
        now = tick
    midi_track.append(mido.MetaMessage("end_of_track", time=0))
    return midi_track


def midi_bytes(events: Iterable[NoteEvent], tempo: int, style: Style) -> bytes:
    buffer = io.BytesIO()
    build_midi(events, tempo, style).save(file=buffer)
    return buffer.getvalue()


def write_midi(path: str | os.PathLike[str], events: Iterable[NoteEvent], tempo: int, style: Style) -> Path:
    target = Path(path)
    write_atomic(target, midi_bytes(events, tempo, style))
    return target


def default_music_folder() -> Path:
    """The user's music folder (platformdirs), subfolder tablegames."""
    import platformdirs

    return Path(platformdirs.user_music_dir()) / "tablegames"


def save_song(events: Iterable[NoteEvent], tempo: int, style: Style,
              folder: str | os.PathLike[str] | None = None) -> Path:
    """Write the song as tablegames-<style>-<date>-<time>.mid in `folder` (default: the user's music folder)."""
    target_folder = Path(folder) if folder is not None else default_music_folder()
    stamp = clock.strftime("%Y%m%d-%H%M%S")
    path = target_folder / f"tablegames-{style.slug}-{stamp}.mid"
    number = 2
    while path.exists():
        path = target_folder / f"tablegames-{style.slug}-{stamp}-{number}.mid"
        number += 1
    return write_midi(path, events, tempo, style)
