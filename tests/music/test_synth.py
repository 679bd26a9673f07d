"""The synthesizer, the mix bus and the measuring stick: identical renders, continuous chunks, levels, bass, clipping,
stereo, the limiter and the loudness of every style."""

import numpy as np
import pytest

from tablegames.music.measure import (
    bass_share,
    measure,
    wav_bytes,
)
from tablegames.music.mood import Mood
from tablegames.music.score import TICKS_PER_BAR, Score
from tablegames.music.styles import CLAP, CLOSED_HAT, CRASH, KICK, OPEN_HAT, RIM, SNARE, STYLES, find_style
from tablegames.music.synth import (
    BLOCK,
    CEILING,
    LOUDNESS_TARGET,
    VOICES,
    Limiter,
    SynthStream,
    envelope,
    make_drum,
    pan_gains,
    render_note,
    render_song,
    sliding_min,
    song_for,
)

RATE = 22050  # half rate keeps the renders quick; the measurements are made the same way at any rate
MUSIC_SLUGS = [style.slug for style in STYLES if style.has_music]
DRUM_SLUGS = [style.slug for style in STYLES if style.drums]
BARS = 3


def render(slug, deep=False, seed=0, bars=BARS, chunk=None):
    return render_song(song_for(slug, seed, deep), bars, RATE, chunk)


def render_stream(slug, deep=False, seed=0, bars=BARS):
    """The samples and the stream, for the limiter's figures."""
    stream = SynthStream(song_for(slug, seed, deep), RATE)
    return stream.read(round(bars * TICKS_PER_BAR * stream.samples_per_tick)), stream


def test_pan_law_keeps_the_power_and_the_middle_at_unity():
    assert pan_gains(0.0) == pytest.approx((1.0, 1.0))
    assert pan_gains(-1.0) == pytest.approx((np.sqrt(2), 0.0), abs=1e-12)
    for pan in (-0.7, -0.2, 0.3, 0.9):
        left, right = pan_gains(pan)
        assert left**2 + right**2 == pytest.approx(2.0)
        assert (left < right) == (pan > 0)


# --- the limiter -------------------------------------------------------------------------------------------------
def test_sliding_min_equals_the_plain_definition():
    values = np.random.default_rng(3).random(500)
    for window in (1, 2, 7, 89, 500):
        expected = [values[i:i + window].min() for i in range(len(values) - window + 1)]
        assert np.array_equal(sliding_min(values, window), expected)


def limit(signal, sample_rate=RATE):
    """A mono signal through the Limiter in BLOCK steps, as the stream feeds it: (output, gains, limiter)."""
    limiter = Limiter(sample_rate)
    lookahead = limiter.lookahead
    padded = np.concatenate((signal, np.zeros(BLOCK + lookahead)))
    gains = []
    for start in range(0, len(signal), BLOCK):
        block_gains = limiter.gains(np.abs(padded[start:start + BLOCK + lookahead]))
        gains.append(np.ones(BLOCK) if block_gains is None else block_gains)
    gain = np.concatenate(gains)[:len(signal)]
    return signal * gain, gain, limiter


def test_limiter_holds_the_ceiling_without_jumps():
    t = np.arange(RATE) / RATE
    # A 200 Hz tone at half scale with bursts four times too loud, some shorter than the look-ahead.
    signal = 0.5 * np.sin(2 * np.pi * 200 * t)
    for start, length in ((2000, 40), (6000, 3000), (15000, 5)):
        signal[start:start + length] *= 4.0
    out, gain, limiter = limit(signal)
    assert np.max(np.abs(out)) <= CEILING + 1e-9  # to rounding (the stream clips those ulps)
    assert np.max(np.abs(out)) > 0.9 * CEILING  # it limits, it does not squash
    assert np.max(np.abs(np.diff(gain))) < 0.02  # a ramp, never a jump
    # The gain goes down before the first burst (look-ahead) and comes back up after the second.
    assert gain[1995] < 0.9 and gain[1900] == 1.0 and gain[14900] > 0.95 and gain[-1] > 0.98
    assert np.min(gain[6000:9000]) == pytest.approx(CEILING / 2.0, rel=0.01)  # just enough, no more
    assert 0.0 < limiter.mean_reduction_db < 6.0


def test_limiter_leaves_a_quiet_signal_alone():
    signal = 0.9 * CEILING * np.sin(2 * np.pi * 100 * np.arange(RATE) / RATE)
    out, gain, limiter = limit(signal)
    assert np.array_equal(out, signal) and limiter.mean_reduction_db == 0.0


# --- renders -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", MUSIC_SLUGS)
def test_identical_wav_renders_for_the_same_seed(slug):
    assert wav_bytes(render(slug, bars=2), RATE) == wav_bytes(render(slug, bars=2), RATE)
    assert wav_bytes(render(slug, bars=2), RATE) != wav_bytes(render(slug, seed=1, bars=2), RATE)


@pytest.mark.parametrize("slug", MUSIC_SLUGS)
def test_levels_deep_bass_clipping_and_stereo(slug):
    """The seed's measurements on three bars: nothing clips, deep bass adds 12 to 20 points of the share below
    120 Hz (more low-frequency energy, not just less of the rest), the render is stereo, and the limiter does
    not work harder than 3 dB on average."""
    (plain_samples, plain_stream), (deep_samples, deep_stream) = render_stream(slug), render_stream(slug, deep=True)
    plain, deep = measure(plain_samples, RATE), measure(deep_samples, RATE)
    assert plain_samples.shape[1] == 2
    assert plain.seconds == pytest.approx(BARS * 4 * 60 / song_for(slug).tempo, abs=1e-3)
    for result, stream in ((plain, plain_stream), (deep, deep_stream)):
        assert result.clipped == 0.0 and result.peak <= CEILING
        assert 0.05 < result.rms < 0.5
        assert 0.02 < result.width < 0.5  # stereo, and the bass and kick in the middle
        assert stream.limiter.mean_reduction_db <= 3.0
    assert deep.rms * deep.bass_share > 1.05 * plain.rms * plain.bass_share
    assert 0.12 <= deep.bass_share - plain.bass_share <= 0.20


@pytest.mark.parametrize("slug", DRUM_SLUGS)
def test_drum_styles_have_the_seeds_low_end(slug):
    assert 0.68 <= measure(render(slug), RATE).bass_share <= 0.74


def test_every_style_is_equally_loud():
    levels = {slug: measure(render(slug), RATE).loudness for slug in MUSIC_SLUGS}
    assert all(abs(level - LOUDNESS_TARGET) <= 1.0 for level in levels.values()), levels


def test_techno_has_more_bass_than_classical():
    techno, classical = measure(render("techno"), RATE), measure(render("classical"), RATE)
    assert techno.bass_share > classical.bass_share + 0.1


def test_panning_puts_the_keys_left_and_the_lead_right():
    samples = render("classical", bars=2)
    left, right = np.sqrt(np.mean(samples**2, axis=0))
    assert left != right
    score = song_for("classical")
    score.set_mood(Mood.CALM)  # the keys alone
    keys = render_song(score, 1, RATE)
    keys_left, keys_right = np.sqrt(np.mean(keys**2, axis=0))
    assert keys_left > 1.5 * keys_right


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
    steps = np.abs(np.diff(samples, axis=0)).max(axis=1)
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


@pytest.mark.parametrize("slug", MUSIC_SLUGS)
@pytest.mark.parametrize(("before", "after"), [(Mood.TENSION, Mood.CALM), (Mood.CALM, Mood.TENSION),
                                               (Mood.TENSION, Mood.WIN)])
def test_a_change_of_mood_is_not_a_cut(slug, before, after):
    """The layers that leave ring out and the ones that join start on the downbeat: at the bar line the largest
    step from one sample to the next is the one the bar line has anyway, or one the music makes elsewhere."""

    def around_the_bar_line(mood):
        stream = SynthStream(song_for(slug, 0, False, before), RATE)
        bar = round(TICKS_PER_BAR * stream.samples_per_tick)
        samples = np.concatenate((stream.read(bar // 2), (stream.set_mood(mood), stream.read(2 * bar))[1]))
        steps = np.abs(np.diff(samples, axis=0)).max(axis=1)
        near = round(0.005 * RATE)
        return steps[bar - near:bar + near].max(), np.percentile(steps, 99.9)

    changed, music = around_the_bar_line(after)
    unchanged, _ = around_the_bar_line(before)
    assert changed <= max(1.05 * unchanged, music)


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
