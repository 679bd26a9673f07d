"""The player: safe with a dummy or no audio device, falls back quietly, streams in the mixer's format."""

import os
import subprocess
import sys
import time

import numpy as np
import pytest

from tablegames.music.mood import Mood
from tablegames.music.player import ENGINES, MusicPlayer, to_mixer_samples
from tablegames.music.sfx import EFFECTS, PEAK, make_effect


def test_mixer_formats():
    mono = np.array([-1.0, 0.0, 0.5, 1.0])
    assert to_mixer_samples(mono, -16, 2).tolist() == [[-32767] * 2, [0] * 2, [16384] * 2, [32767] * 2]
    assert to_mixer_samples(mono, 16, 1)[:, 0].tolist() == [1, 32768, 49152, 65535]
    assert to_mixer_samples(mono, 8, 1)[:, 0].tolist() == [1, 128, 192, 255]
    assert to_mixer_samples(mono, -8, 1)[:, 0].tolist() == [-127, 0, 64, 127]
    floats = to_mixer_samples(mono, -32, 2)
    assert floats.dtype == np.float32 and floats.shape == (4, 2)
    with pytest.raises(ValueError, match="unsupported mixer sample size 24"):
        to_mixer_samples(mono, 24, 2)


def test_player_with_the_dummy_driver_streams_and_takes_every_call(tmp_path):
    player = MusicPlayer("techno", seed=1)
    try:
        assert player.engine_name in ENGINES
        for mood in (Mood.THREAT, Mood.TENSION, Mood.BIG_MOMENT, Mood.WIN):
            player.set_mood(mood)
            player.update()
        player.play_effect("capture")
        player.set_volume(0.3)
        player.set_deep_bass(True)
        player.set_style("classical")
        player.update()
        player.set_style("off")
        player.update()
        player.play_effect("crown")  # effects still play with the music off
        player.set_style("hiphop")
        path = player.save_song(tmp_path)
        assert path.parent == tmp_path and path.suffix == ".mid"
    finally:
        player.close()
    assert player.engine_name == "silent"


def test_synth_engine_feeds_the_channel_in_real_time():
    player = MusicPlayer("modern", seed=2, engines=("synth",) + ("silent",))
    try:
        if player.engine_name != "synth":
            pytest.skip("no mixer in this environment")
        player.start_feeder()
        time.sleep(0.5)
        assert player._channel.get_busy()
        played = player._stream.position
        assert played >= 2 * 0.2 * player._sample_rate  # the channel asked for more than the first two chunks
    finally:
        player.close()


def test_synthesizer_failure_falls_back_quietly(monkeypatch, capsys):
    def broken(self):
        raise RuntimeError("no synth today")

    monkeypatch.setattr(MusicPlayer, "_start_synth", broken)
    player = MusicPlayer("reggae")
    try:
        assert player.engine_name in ("midi", "silent")
        player.set_mood(Mood.TENSION)
        player.update()
        player.play_effect("dice")
    finally:
        player.close()
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_silent_player_still_saves_a_song(tmp_path):
    player = MusicPlayer("reggae", engines=("silent",))
    assert player.engine_name == "silent"
    player.play_effect("marble")
    path = player.save_song(tmp_path)
    import mido

    assert mido.MidiFile(path).type == 1
    player.set_style("off")
    with pytest.raises(ValueError, match="Off"):
        player.save_song(tmp_path)


def test_bad_names_are_rejected():
    with pytest.raises(ValueError, match="unknown sound effect 'boing'"):
        MusicPlayer(engines=("silent",)).play_effect("boing")
    with pytest.raises(ValueError, match="unknown audio engine"):
        MusicPlayer(engines=("speaker",))
    with pytest.raises(ValueError, match="unknown music style"):
        MusicPlayer("polka", engines=("silent",))


def test_no_audio_device_means_silent_and_no_message():
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = "from tablegames.music.player import MusicPlayer; p = MusicPlayer(); p.update(); print(p.engine_name)"
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == "silent"
    assert result.stderr == ""


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_effects_are_seeded_bounded_and_end_in_silence(name):
    sound = make_effect(name, 22050)
    assert np.array_equal(sound, make_effect(name, 22050))
    assert sound.dtype == np.float32 and 0.05 < len(sound) / 22050 < 3.0
    assert np.max(np.abs(sound)) == pytest.approx(PEAK, rel=1e-5)
    assert sound[0] == 0.0 and sound[-1] == 0.0


def test_effects_have_their_character():
    from tablegames.music.measure import bass_share

    assert bass_share(make_effect("earthquake", 22050), 22050) > 0.4  # a rumble
    assert bass_share(make_effect("card", 22050), 22050) < 0.02  # a swish
    assert len(make_effect("win")) > len(make_effect("capture"))


def test_saved_song_starts_at_the_first_bar_kept(tmp_path):
    import mido

    from tablegames.music.score import TICKS_PER_BAR

    player = MusicPlayer("techno", engines=("silent",))
    player.set_mood(Mood.CALM)
    events = player._stream.score.bars(12)
    player._stream.events_played = [e for e in events if e.time >= 10 * TICKS_PER_BAR]  # as if trimmed
    song = mido.MidiFile(player.save_song(tmp_path))
    drums = next(track for track in song.tracks if any(m.type == "track_name" and m.name == "drums" for m in track))
    first_note = 0
    for message in drums:
        first_note += message.time
        if message.type == "note_on":
            break
    assert first_note == 0  # the kick on the first beat of bar 10, now bar 0
    assert song.length < 2.5 * 4 * 60 / player._stream.score.tempo
