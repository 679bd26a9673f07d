"""The synthesizer and the measuring stick: identical renders, continuous chunks, levels, bass, clipping."""

import numpy as np
import pytest

from tablegames.music.measure import (
    bass_share,
    low_pass_twice,
    measure,
    one_pole_response,
    wav_bytes,
    write_wav,
)
from tablegames.music.mood import Mood
from tablegames.music.score import TICKS_PER_BAR, Score
from tablegames.music.styles import CLAP, CLOSED_HAT, CRASH, KICK, OPEN_HAT, RIM, SNARE, STYLES, find_style
from tablegames.music.synth import (
    SAMPLE_RATE,
    VOICES,
    SynthStream,
    envelope,
    make_drum,
    render_note,
    render_song,
    song_for,
)

RATE = 22050  # half rate keeps the renders quick; the measurements are made the same way at any rate
MUSIC_SLUGS = [style.slug for style in STYLES if style.has_music]
BARS = 3


def render(slug, deep=False, seed=0, bars=BARS, chunk=None):
    return render_song(song_for(slug, seed, deep), bars, RATE, chunk)


# --- the measuring stick ---------------------------------------------------------------------------------------
def tone(frequency, seconds=1.0, rate=SAMPLE_RATE):
    return 0.5 * np.sin(2 * np.pi * frequency * np.arange(int(seconds * rate)) / rate)


def test_measuring_stick_keeps_a_60_hz_tone_and_drops_a_2000_hz_tone():
    # Two one-pole filters at 120 Hz: |H(60)|^2 = 1/(1 + 0.25) = 0.8; |H(2000)|^2 = 1/(1 + 16.7^2) = 0.0036.
    assert bass_share(tone(60), SAMPLE_RATE) == pytest.approx(0.8, abs=0.02)
    assert bass_share(tone(2000), SAMPLE_RATE) == pytest.approx(0.0036, abs=0.0015)


def test_fft_filter_equals_the_one_pole_recursion():
    rng = np.random.default_rng(0)
    signal = rng.standard_normal(3000)
    coefficient = one_pole_response(120, SAMPLE_RATE)[0]
    expected = signal.copy()
    for _ in range(2):
        out, state = np.empty_like(expected), 0.0
        for i, x in enumerate(expected):
            state += coefficient * (x - state)
            out[i] = state
        expected = out
    assert np.allclose(low_pass_twice(signal, 120, SAMPLE_RATE), expected, atol=1e-9)


def test_measure_reports_peak_clipping_and_rms():
    samples = np.array([0.0, 0.5, -1.0, 1.0, 0.25, -0.25, 0.0, 0.0])
    result = measure(samples, 8)
    assert result.seconds == 1.0 and result.peak == 1.0
    assert result.clipped == pytest.approx(0.25)
    assert result.rms == pytest.approx(np.sqrt((0.25 + 1 + 1 + 0.0625 * 2) / 8))


def test_wav_is_16_bit_mono_and_round_trips(tmp_path):
    import wave

    samples = tone(440, 0.1, RATE)
    write_wav(tmp_path / "t.wav", samples, RATE)
    with wave.open(str(tmp_path / "t.wav")) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, RATE)
        back = np.frombuffer(wav.readframes(wav.getnframes()), "<i2") / 32767.0
    assert np.max(np.abs(back - samples)) < 1e-4


# --- renders -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", MUSIC_SLUGS)
def test_identical_wav_renders_for_the_same_seed(slug):
    assert wav_bytes(render(slug, bars=2), RATE) == wav_bytes(render(slug, bars=2), RATE)
    assert wav_bytes(render(slug, bars=2), RATE) != wav_bytes(render(slug, seed=1, bars=2), RATE)


@pytest.mark.parametrize("slug", MUSIC_SLUGS)
def test_levels_deep_bass_and_clipping(slug):
    plain, deep = measure(render(slug), RATE), measure(render(slug, deep=True), RATE)
    assert plain.seconds == pytest.approx(BARS * 4 * 60 / song_for(slug).tempo, abs=1e-3)
    for result in (plain, deep):
        assert result.clipped <= 0.005
        assert 0.05 < result.rms < 0.5
    # Deep bass adds low-frequency energy: more RMS below 120 Hz and a larger share of the whole.
    assert deep.rms * deep.bass_share > 1.05 * plain.rms * plain.bass_share
    assert deep.bass_share > plain.bass_share


def test_techno_has_more_bass_than_classical():
    techno, classical = measure(render("techno"), RATE), measure(render("classical"), RATE)
    assert techno.bass_share > classical.bass_share + 0.1


def test_off_renders_silence():
    assert not np.any(render("off", bars=1))


@pytest.mark.parametrize("chunk", [1, 777, 4096])
def test_chunks_join_into_exactly_the_one_long_render(chunk):
    bars = 1 if chunk == 1 else 2
    whole = render("modern", bars=bars)
    chunked = render("modern", bars=bars, chunk=chunk)
    assert np.array_equal(whole, chunked)


def test_chunk_joins_do_not_jump():
    chunk = 1024
    samples = render("hiphop", bars=2, chunk=chunk)
    steps = np.abs(np.diff(samples))
    at_joins = steps[chunk - 1::chunk]
    assert at_joins.max() <= steps.max()
    assert at_joins.mean() < 4 * steps.mean()


def test_mood_sent_while_streaming_is_heard_from_the_next_bar():
    score = Score(find_style("techno"), 0)
    stream = SynthStream(score, RATE)
    bar = round(4 * 60 / score.tempo * RATE)
    calm = stream.read(bar // 2)
    stream.set_mood(Mood.TENSION)
    rest_of_bar = stream.read(bar - bar // 2)
    next_bar = stream.read(bar)
    first_bar_tracks = {e.track for e in stream.events_played if e.time < TICKS_PER_BAR}
    second_bar_tracks = {e.track for e in stream.events_played if e.time >= TICKS_PER_BAR}
    assert first_bar_tracks == {"drums"}
    assert second_bar_tracks == set(score.style.tracks)
    assert measure(np.concatenate((calm, rest_of_bar)), RATE).rms < measure(next_bar, RATE).rms


# --- instruments -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(VOICES))
def test_every_voice_starts_and_ends_at_silence(name):
    note = render_note(VOICES[name], 48, 127, RATE // 4, RATE)
    assert abs(note[0]) < 1e-3 and abs(note[-1]) < 1e-6
    assert np.max(np.abs(note)) > 0.01
    assert len(note) > RATE // 4  # the release rings past the held part


def test_envelope_has_attack_sustain_and_release():
    voice = VOICES["pad"]
    env = envelope(voice, 5 * RATE, RATE)
    assert env[0] == 0.0 and env[-1] == 0.0
    assert env[int(voice.attack * RATE)] == pytest.approx(1.0, abs=0.01)  # the top of the attack
    assert env[5 * RATE - 1] == pytest.approx(voice.sustain, abs=0.01)
    assert len(env) == 5 * RATE + int(voice.release * RATE)
    assert np.all(np.diff(env[5 * RATE - 1:]) < 0)  # the release only falls


def test_808_glide_starts_at_the_previous_pitch():
    voice = VOICES["sub808"]
    glide = render_note(voice, 36, 127, RATE // 2, RATE, glide_from=48)
    plain = render_note(voice, 36, 127, RATE // 2, RATE)
    # Count zero crossings in the first 40 ms: the glide starts an octave higher, so it crosses more often.
    head = slice(0, int(0.04 * RATE))
    crossings = lambda x: np.count_nonzero(np.diff(np.signbit(x[head])))  # noqa: E731
    assert crossings(glide) > crossings(plain)


def test_sub_boost_adds_energy_at_the_fundamental():
    voice = VOICES["synthbass"]
    boosted = render_note(voice, 33, 127, RATE // 2, RATE, sub_boost=True)
    plain = render_note(voice, 33, 127, RATE // 2, RATE)
    assert bass_share(boosted, RATE) > bass_share(plain, RATE)
    assert np.sqrt(np.mean(boosted**2)) > np.sqrt(np.mean(plain**2))


@pytest.mark.parametrize("drum", [KICK, RIM, SNARE, CLAP, CLOSED_HAT, OPEN_HAT, CRASH])
def test_drums_are_seeded_and_shaped(drum):
    hit = make_drum(drum, RATE)
    assert np.array_equal(hit, make_drum(drum, RATE))
    assert np.max(np.abs(hit)) <= 1.0 and hit[-1] == 0.0
    share = bass_share(hit, RATE)
    if drum == KICK:
        assert share > 0.5
    if drum in (CLOSED_HAT, OPEN_HAT, CRASH):
        assert share < 0.05


def test_the_trap_808_glides_between_tied_notes():
    from dataclasses import replace

    style = find_style("modern")
    streams = [SynthStream(Score(row, 0), RATE) for row in (style, replace(style, bass_glide=False))]
    for stream in streams:
        stream.set_mood(Mood.THREAT)
    gliding, straight = (stream.read(2 * RATE) for stream in streams)
    assert streams[0].events_played == streams[1].events_played  # the same notes at the same times...
    assert not np.array_equal(gliding, straight)  # ...but the 808 slides into some of them
    assert np.sqrt(np.mean((gliding - straight) ** 2)) < 0.5 * np.sqrt(np.mean(gliding**2))


def test_a_long_game_keeps_only_its_recent_bars_for_save_song():
    from tablegames.music.synth import KEPT_BARS

    stream = SynthStream(Score(find_style("techno"), 0), 8000)
    stream.set_mood(Mood.CALM)
    bar = 4 * 60 / stream.score.tempo * 8000
    stream.read(round((KEPT_BARS + 70) * bar))
    times = [event.time for event in stream.events_played]
    assert min(times) >= (stream.score.bar_index - KEPT_BARS - 64) * TICKS_PER_BAR
    assert min(times) > 0 and max(times) >= (stream.score.bar_index - 1) * TICKS_PER_BAR
