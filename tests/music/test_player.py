"""The player: safe with a dummy or no audio device, falls back quietly, streams stereo in the mixer's format,
crossfades between styles, owns the volumes and mute, never makes the window wait, saves the song."""

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
    CROSSFADE_SECONDS,
    ENGINES,
    MUSIC_CHANNEL,
    READY_CHUNKS,
    MusicPlayer,
    to_mixer_samples,
)
from tablegames.music.sfx import EFFECTS, PEAK, make_effect
from tablegames.music.synth import CEILING


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
        player.set_music_volume(0.4)
        player.set_effects_volume(0.2)
        player.set_muted(True)
        player.play_effect("capture")
        player.set_muted(False)
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


def test_volumes_and_mute_belong_to_the_player():
    player = synth_player()
    try:
        player.set_music_volume(0.4)
        assert player._channel.get_volume() == pytest.approx(0.4, abs=0.01)
        player.set_effects_volume(0.25)
        player.play_effect("capture")
        assert all(volume == pytest.approx(0.25, abs=0.01) for volume in player.effect_channel_volumes())
        assert player._channel.get_volume() == pytest.approx(0.4, abs=0.01)  # the music's bus is its own
        player.set_muted(True)
        assert player._channel.get_volume() == 0.0
        for channel in player._effect_channels:
            channel.stop()
        player.play_effect("crown")
        assert not any(channel.get_busy() for channel in player._effect_channels)  # muted: no effect either
        player.update()
        assert player._channel.get_sound() is not None  # muted music goes on, unheard, and keeps its place
        player.set_muted(False)
        assert player._channel.get_volume() == pytest.approx(0.4, abs=0.01)
        player.set_volume(0.9)  # one volume for both
        assert (player.music_volume, player.effects_volume) == (0.9, 0.9)
        player.set_music_volume(7)
        assert player.music_volume == 1.0
    finally:
        player.close()


def chunks(player, seconds):
    """The player's next chunks for `seconds`, as the window would take them (no renderer thread)."""
    taken = [player._take_chunk() for _ in range(round(seconds / CHUNK_SECONDS))]
    return [chunk for chunk in taken if chunk is not None], len(taken)


def test_a_change_of_style_is_a_crossfade_not_a_cut():
    reference = MusicPlayer("techno", seed=4, engines=("silent",))
    player = MusicPlayer("techno", seed=4, engines=("silent",))
    fresh = MusicPlayer("reggae", seed=4, engines=("silent",))
    for each in (reference, player, fresh):
        each.set_mood(Mood.TENSION)
    before, _ = chunks(player, 1.0)
    player.render_ahead()  # chunks ready when the style changes: they are the start of the fade, nothing skipped
    player.set_style("reggae")
    after, _ = chunks(player, 2.0)
    old = np.concatenate(chunks(reference, 3.0)[0])
    new = np.concatenate(chunks(fresh, 2.0)[0])
    played = np.concatenate(before + after)
    change = sum(len(chunk) for chunk in before)
    fade = round(CROSSFADE_SECONDS * player._sample_rate)
    assert np.array_equal(played[:change + 1], old[:change + 1])  # the old song goes on to the first sample...
    weight = np.arange(fade) / fade
    expected = old[change:change + fade] * (1 - weight)[:, None] + new[:fade] * weight[:, None]
    assert np.allclose(played[change:change + fade], expected, atol=1e-6)  # ...fades out as the new one rises...
    assert np.allclose(played[change + fade:], new[fade:len(played) - change], atol=1e-6)  # ...which plays on
    assert np.max(np.abs(played)) <= CEILING + 1e-6  # the gains sum to one: a crossfade cannot clip


def test_a_change_of_style_during_a_crossfade_keeps_the_gains_summing_to_one():
    player = MusicPlayer("techno", seed=4, engines=("silent",))
    player.set_mood(Mood.TENSION)
    chunks(player, 0.4)
    player.set_style("modern")
    chunks(player, 0.2)  # a third of the way through the fade
    player.set_style("hiphop")
    assert [gain for _, _, gain in player._fading] == pytest.approx([2 / 3, 1 / 3], abs=0.01)
    during, _ = chunks(player, 1.0)
    assert player._fading == [] and np.max(np.abs(np.concatenate(during))) <= CEILING + 1e-6


def test_style_off_fades_the_music_out_then_stops_feeding():
    player = MusicPlayer("hiphop", seed=1, engines=("silent",))
    player.set_mood(Mood.TENSION)
    chunks(player, 0.6)
    player.set_style("off")
    fading, asked = chunks(player, 2.0)
    assert len(fading) == round(CROSSFADE_SECONDS / CHUNK_SECONDS) < asked  # then nothing more to play
    level = [np.sqrt(np.mean(chunk**2)) for chunk in fading]
    assert level[0] > level[-1] and np.max(np.abs(fading[-1][-100:])) < 0.01
    player.set_style("reggae")  # from silence the new song simply starts
    assert chunks(player, 0.4)[0]


def test_the_window_never_waits_for_the_renderer():
    """Everything the window calls returns at once while the renderer holds the song (a slow bar line)."""
    player = synth_player()
    held, release = threading.Event(), threading.Event()

    def slow_render():
        with player._lock:
            held.set()
            release.wait(5.0)

    try:
        player.start_renderer()
        deadline = time.monotonic() + 5.0
        while len(player._effect_samples) < len(EFFECTS) and time.monotonic() < deadline:
            time.sleep(0.01)  # the renderer makes the effects first
        blocker = threading.Thread(target=slow_render)
        blocker.start()
        assert held.wait(5.0)
        began = time.perf_counter()
        for _ in range(10):
            player.update()
            player.set_mood(Mood.TENSION)
            player.play_effect("card")
        player.set_deep_bass(True)
        player.set_style("classical")
        player.set_music_volume(0.5)
        player.set_muted(True)
        player.set_muted(False)
        took = time.perf_counter() - began
        release.set()
        blocker.join()
        assert took < 0.5, f"the window waited {took:.3f} s"  # waiting would take the 5 s the lock is held
        deadline = time.monotonic() + 5.0
        while player._stream.score.style.slug != "classical" and time.monotonic() < deadline:
            time.sleep(0.02)  # the renderer picks the requests up once it has the song again
        assert player._stream.score.style.slug == "classical" and player._stream.score.deep_bass
    finally:
        release.set()
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
    assert player.wait_for_saves(60) and path.with_suffix(".wav").exists()
    player.set_style("off")
    with pytest.raises(ValueError, match="Off"):
        player.save_song(tmp_path)


def test_save_song_writes_the_midi_and_a_stereo_wav_of_the_same_bars(tmp_path):
    import wave

    import mido

    from tablegames.music.measure import measure
    from tablegames.music.synth import TAIL_SECONDS

    player = MusicPlayer("techno", seed=5, engines=("silent",))
    player.set_mood(Mood.TENSION)
    chunks(player, 4.0)  # something played
    path = player.save_song(tmp_path)
    assert player.wait_for_saves(60)
    song = mido.MidiFile(path)
    with wave.open(str(path.with_suffix(".wav"))) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (2, 2, player._sample_rate)
        seconds = wav.getnframes() / wav.getframerate()
        samples = np.frombuffer(wav.readframes(wav.getnframes()), "<i2").reshape(-1, 2) / 32767.0
    bar_seconds = 4 * 60 / player._stream.score.tempo
    played_bars = player._stream.score.bar_index  # every bar written so far (tension: none is empty)
    assert played_bars >= 2 and seconds == pytest.approx(played_bars * bar_seconds + TAIL_SECONDS, abs=0.01)
    assert song.length == pytest.approx(played_bars * bar_seconds, abs=0.3)
    result = measure(samples, player._sample_rate)
    assert result.clipped == 0.0 and result.width > 0.0 and result.rms > 0.05


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


def test_music_and_effects_have_their_own_volumes_and_mute_silences_both():
    player = MusicPlayer("modern", seed=2, volume=0.6, effects_volume=0.3, engines=("synth", "silent"))
    try:
        assert player.engine_name == "synth", "the dummy audio driver opens a mixer"
        channel = player._channel
        assert abs(channel.get_volume() - 0.6) < 0.01
        assert all(abs(volume - 0.3) < 0.01 for volume in player.effect_channel_volumes())
        player.play_effect("capture")
        player.set_effects_volume(0.9)
        assert all(abs(volume - 0.9) < 0.01 for volume in player.effect_channel_volumes())
        assert abs(channel.get_volume() - 0.6) < 0.01  # the music keeps its own
        player.set_music_volume(0.2)
        assert abs(channel.get_volume() - 0.2) < 0.01
        player.set_muted(True)
        assert channel.get_volume() == 0.0 and player.effect_channel_volumes() == [0.0] * len(
            player.effect_channel_volumes())
        player.play_effect("crown")  # an effect played while muted is not heard either
        assert all(volume == 0.0 for volume in player.effect_channel_volumes())
        player.set_music_volume(0.5)  # a volume changed while muted waits for the sound to come back
        assert channel.get_volume() == 0.0
        player.set_muted(False)
        assert abs(channel.get_volume() - 0.5) < 0.01
        assert all(abs(volume - 0.9) < 0.01 for volume in player.effect_channel_volumes())
    finally:
        player.close()


def test_a_player_made_muted_starts_silent_and_the_effects_volume_defaults_to_the_musics():
    player = MusicPlayer("techno", volume=0.4, muted=True, engines=("synth", "silent"))
    try:
        assert player.effects_volume == 0.4 and player.music_level == 0.0 and player.effects_level == 0.0
        assert player._channel.get_volume() == 0.0
    finally:
        player.close()
    silent = MusicPlayer(engines=("silent",))
    silent.set_effects_volume(0.5)
    silent.set_muted(True)
    assert silent.effect_channel_volumes() == []
