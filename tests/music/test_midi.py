"""Events -> Standard MIDI File: parsed back with mido, header, tracks, channel 10, every note accounted for."""

import mido
import pytest

from tablegames.music.midi import CHANNELS, DRUM_CHANNEL, build_midi, save_song, write_midi
from tablegames.music.mood import Mood
from tablegames.music.score import PPQ, NoteEvent, Score
from tablegames.music.styles import find_style


def tension_song(slug, bars=4, seed=1):
    score = Score(find_style(slug), seed)
    score.set_mood(Mood.TENSION)
    return score, score.bars(bars)


def test_written_midi_parses_back_with_header_tracks_and_drums_on_channel_10(tmp_path):
    score, events = tension_song("techno")
    path = write_midi(tmp_path / "song.mid", events, score.tempo, score.style)
    data = path.read_bytes()
    assert data[:4] == b"MThd" and int.from_bytes(data[8:10], "big") == 1  # format 1
    assert int.from_bytes(data[10:12], "big") == 1 + len(score.style.tracks)
    assert int.from_bytes(data[12:14], "big") == PPQ
    song = mido.MidiFile(path)
    assert song.type == 1 and song.ticks_per_beat == PPQ
    tempos = [m.tempo for m in song.tracks[0] if m.type == "set_tempo"]
    assert len(tempos) == 1 and round(mido.tempo2bpm(tempos[0])) == score.tempo
    names = [next(m.name for m in track if m.type == "track_name") for track in song.tracks[1:]]
    assert names == list(score.style.tracks)
    drum_track = song.tracks[1 + names.index("drums")]
    drum_notes = [m for m in drum_track if m.type == "note_on"]
    assert drum_notes and {m.channel for m in drum_notes} == {DRUM_CHANNEL}
    assert {m.note for m in drum_notes} <= {36, 37, 38, 39, 42, 46, 49}
    assert not any(m.type == "program_change" for m in drum_track)


def test_every_note_comes_back_at_its_time_with_its_velocity_and_length(tmp_path):
    score, events = tension_song("modern", bars=3)
    song = mido.MidiFile(write_midi(tmp_path / "s.mid", events, score.tempo, score.style))
    parsed = []
    for track in song.tracks[1:]:
        name = next(m.name for m in track if m.type == "track_name")
        now, sounding = 0, {}
        for message in track:
            now += message.time
            if message.type == "note_on" and message.velocity > 0:
                assert message.channel == CHANNELS[name]
                sounding[message.note] = (now, message.velocity)
            elif message.type in ("note_off", "note_on"):
                start, velocity = sounding.pop(message.note)
                parsed.append(NoteEvent(name, message.note, velocity, start, now - start))
    key = lambda e: (e.track, e.time, e.note)  # noqa: E731
    assert sorted(parsed, key=key) == sorted(events, key=key)


def test_program_changes_follow_the_style_table(tmp_path):
    score, events = tension_song("classical")
    song = build_midi(events, score.tempo, score.style)
    programs = {}
    for track in song.tracks[1:]:
        name = next(m.name for m in track if m.type == "track_name")
        programs.update((name, m.program) for m in track if m.type == "program_change")
    assert programs == score.style.programs


def test_save_song_writes_a_new_file_each_time_and_says_where(tmp_path):
    score, events = tension_song("reggae", bars=2)
    first = save_song(events, score.tempo, score.style, tmp_path / "music")
    second = save_song(events, score.tempo, score.style, tmp_path / "music")
    assert first != second and first.parent == tmp_path / "music"
    assert first.name.startswith("tablegames-reggae-") and first.suffix == ".mid"
    assert mido.MidiFile(first).type == 1 and first.read_bytes() == second.read_bytes()
    assert not [p for p in first.parent.iterdir() if p.name.endswith(".tmp")]


def test_unknown_track_is_rejected_and_nothing_written(tmp_path):
    score = Score(find_style("techno"), 0)
    with pytest.raises(ValueError, match="unknown track 'horns'"):
        write_midi(tmp_path / "x.mid", [NoteEvent("horns", 60, 90, 0, 100)], score.tempo, score.style)
    assert not (tmp_path / "x.mid").exists()
