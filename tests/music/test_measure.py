"""The measuring stick, itself measured: known tones and signals give the figures the formulas say (the share
below 120 Hz, peak, clipping, RMS, stereo width, BS.1770 loudness), and the WAV writers round-trip."""

import numpy as np
import pytest

from tablegames.music.measure import (
    bass_share,
    k_weighting,
    loudness,
    low_pass_twice,
    measure,
    one_pole_response,
    stereo_width,
    write_wav,
    write_wav_stream,
)
from tablegames.music.synth import SAMPLE_RATE

RATE = 22050


def tone(frequency, seconds=1.0, rate=SAMPLE_RATE):
    return 0.5 * np.sin(2 * np.pi * frequency * np.arange(int(seconds * rate)) / rate)


def test_measuring_stick_keeps_a_60_hz_tone_and_drops_a_2000_hz_tone():
    # Two one-pole filters at 120 Hz: |H(60)|^2 = 1/(1 + 0.25) = 0.8; |H(2000)|^2 = 1/(1 + 16.7^2) = 0.0036.
    assert bass_share(tone(60), SAMPLE_RATE) == pytest.approx(0.8, abs=0.02)
    assert bass_share(tone(2000), SAMPLE_RATE) == pytest.approx(0.0036, abs=0.0015)
    # The same in stereo, whichever channel the tone is in, and for a mix of the two tones (power adds).
    for stereo in (np.stack([tone(60), tone(60)], axis=1), np.stack([tone(60), 0 * tone(60)], axis=1)):
        assert bass_share(stereo, SAMPLE_RATE) == pytest.approx(0.8, abs=0.02)
    both = measure(np.stack([tone(60), tone(2000)], axis=1), SAMPLE_RATE)
    assert both.bass_share == pytest.approx(np.sqrt((0.8**2 + 0.0036**2) / 2), abs=0.02)


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
    stereo = measure(np.stack([samples, 0.5 * samples], axis=1), 8)  # every sample of both channels counts
    assert stereo.seconds == 1.0 and stereo.clipped == pytest.approx(0.125)


def test_stereo_width_of_known_signals():
    left = tone(440, 0.1)
    assert stereo_width(left) == 0.0  # mono
    assert stereo_width(np.stack([left, left], axis=1)) == 0.0
    assert stereo_width(np.stack([left, 0 * left], axis=1)) == pytest.approx(1.0)  # one channel alone
    assert stereo_width(np.stack([left, -left], axis=1)) == float("inf")
    panned = measure(np.stack([0.6 * left, 1.2 * left], axis=1), SAMPLE_RATE)
    assert panned.width == pytest.approx(0.6 / 1.8)


def test_loudness_is_bs1770():
    # The K-weighting biquads at 48 kHz are the standard's published coefficients.
    (shelf_b, shelf_a), (pass_b, pass_a) = k_weighting(48000)
    assert np.allclose(shelf_b, [1.53512485958697, -2.69169618940638, 1.19839281085285], atol=1e-9)
    assert np.allclose(shelf_a, [1.0, -1.69065929318241, 0.73248077421585], atol=1e-9)
    assert np.allclose(pass_b, [1.0, -2.0, 1.0]) and np.allclose(pass_a, [1.0, -1.99004745483398, 0.99007225036621])
    # A full-scale 997 Hz sine reads -3.01 LKFS in one channel and 0 in both; low rumble counts far less.
    for rate in (SAMPLE_RATE, 48000):
        sine = np.sin(2 * np.pi * 997 * np.arange(2 * rate) / rate)
        assert loudness(sine, rate) == pytest.approx(-3.01, abs=0.05)
        assert loudness(np.stack([sine, sine], axis=1), rate) == pytest.approx(0.0, abs=0.05)
        rumble = np.sin(2 * np.pi * 20 * np.arange(2 * rate) / rate)
        assert loudness(rumble, rate) < -3.01 - 10


def test_wav_is_16_bit_and_round_trips_in_stereo_and_mono(tmp_path):
    import wave

    left, right = tone(440, 0.1, RATE), tone(660, 0.1, RATE)
    for samples, channels in ((np.stack([left, right], axis=1), 2), (left, 1)):
        write_wav(tmp_path / "t.wav", samples, RATE)
        with wave.open(str(tmp_path / "t.wav")) as wav:
            assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (channels, 2, RATE)
            back = np.frombuffer(wav.readframes(wav.getnframes()), "<i2").reshape(-1, channels) / 32767.0
        assert np.max(np.abs(back - samples.reshape(-1, channels))) < 1e-4


def test_streamed_wav_equals_the_one_written_whole(tmp_path):
    samples = np.stack([tone(440, 0.3, RATE), tone(550, 0.3, RATE)], axis=1)
    write_wav(tmp_path / "whole.wav", samples, RATE)
    write_wav_stream(tmp_path / "streamed.wav", np.array_split(samples, 7), RATE)
    assert (tmp_path / "whole.wav").read_bytes() == (tmp_path / "streamed.wav").read_bytes()
    with pytest.raises(ValueError, match="2-channel"):
        write_wav_stream(tmp_path / "bad.wav", [samples[:, 0]], RATE)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["streamed.wav", "whole.wav"]  # nothing left over
