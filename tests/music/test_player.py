"""The player: safe with a dummy or no audio device, falls back quietly, streams in the mixer's format."""

import os
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from tablegames.music.mood import Mood
from tablegames.music.player import (
    CHUNK_SECONDS,
    ENGINES,
    MUSIC_CHANNEL,
    READY_CHUNKS,
    MusicPlayer,
    to_mixer_samples,
)
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
    stereo = np.array([[1.0, -1.0], [0.5, 0.0], [-0.25, 0.25]])
    assert to_mixer_samples(stereo, -16, 2).tolist() == [[32767, -32767], [16384, 0], [-8192, 8192]]
    assert to_mixer_samples(stereo, -16, 1)[:, 0].tolist() == [0, 8192, 0]  # the mid on a mono mixer
    assert to_mixer_samples(stereo, -32, 4).tolist() == [[1, -1, 0, 0], [0.5, 0, 0.25, 0.25], [-0.25, 0.25, 0, 0]]


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


def synth_player(style: str = "modern") -> MusicPlayer:
    player = MusicPlayer(style, seed=2, engines=("synth", "silent"))
    assert player.engine_name == "synth", "the dummy audio driver opens a mixer"
    return player


def test_synth_engine_feeds_the_channel_in_real_time():
    player = synth_player()
    try:
        player.start_renderer()
        deadline = time.monotonic() + 0.6
        while time.monotonic() < deadline:  # the window's frames
            player.update()
            time.sleep(0.016)
        assert player._channel.get_busy()
        rendered = player._stream.position
        assert rendered >= 3 * CHUNK_SECONDS * player._sample_rate  # more than the first chunks were asked for
        assert 1 <= len(player._ready) <= READY_CHUNKS  # the renderer keeps chunks ready for the frame
    finally:
        player.close()


def test_effects_never_take_the_music_channel():
    """Many effects at once (Fast Track skipping) fill every effect channel; the music's channel keeps its chunk.
    pygame's find_channel(True) hands out the reserved music channel then, which crashed the suite."""
    player = synth_player()
    try:
        for _ in range(40):
            player.play_effect("marble")
            player.play_effect("capture")
            player.update()
        effects = {id(sound) for sound in player._effects.values()}
        music = player._channel.get_sound()
        assert music is not None and id(music) not in effects
        assert all(channel.id != MUSIC_CHANNEL for channel in player._effect_channels)
        busy = [channel.get_busy() for channel in player._effect_channels]
        assert all(busy)  # the effects really did fill their channels
    finally:
        player.close()


def test_pygame_calls_from_another_thread_are_refused():
    player = synth_player()
    errors: list[BaseException] = []

    def from_a_thread():
        for call in (player.update, lambda: player.play_effect("card"), lambda: player.set_volume(0.2)):
            try:
                call()
            except RuntimeError as error:
                errors.append(error)

    try:
        thread = threading.Thread(target=from_a_thread)
        thread.start()
        thread.join()
        assert len(errors) == 3 and all("only from the thread that made the player" in str(e) for e in errors)
        player.render_ahead()  # rendering (numpy only) is what another thread may do
    finally:
        player.close()


def test_style_off_stops_the_queued_chunk_too():
    player = synth_player()
    try:
        player.update()
        assert player._channel.get_queue() is not None
        player.set_style("off")
        assert not player._channel.get_busy() and player._channel.get_sound() is None
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
