"""Measuring rendered music with no window and no sound card: loudness, clipping, the share of bass, stereo width.

Samples are mono (shape (n,)) or stereo (shape (n, 2), left and right). Every figure but the width treats the
channels alike: the peak and the clipping count every sample of every channel, the RMS is the root of the mean
square over all of them (a sound panned anywhere with a constant-power law keeps its RMS).

The bass share is the RMS left after two one-pole low-pass filters at 120 Hz in series (a 12 dB per octave
slope) divided by the RMS of everything. The one-pole filter y[n] = y[n-1] + a (x[n] - y[n-1]) has the impulse
response a (1-a)^n; it is applied as a convolution (FFT) with that response, cut where it falls below 1e-12,
which equals the recursion to that precision.

The stereo width is RMS(side) / RMS(mid), with mid = (L + R) / 2 and side = (L - R) / 2: 0 for mono, 1 for a
sound in one channel only.

The loudness is ITU-R BS.1770's, without its gating: K-weighting (a high shelf of +4 dB above about 1.7 kHz and a
high-pass at 38 Hz, as two biquads designed for the sample rate), the mean square of each channel summed, in
LKFS (-0.691 + 10 log10 of that sum): a full-scale 1 kHz sine in one channel reads -3.01.
"""

from __future__ import annotations

import io
import os
import wave
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablegames.core.files import atomic_file, write_atomic

BASS_CUTOFF_HZ = 120.0
CLIP_LEVEL = 1.0
SILENCE_LKFS = -120.0  # the loudness reported for digital silence


@dataclass(frozen=True)
class Measurement:
    seconds: float
    peak: float
    clipped: float  # share of samples at the limit, 0-1
    rms: float
    bass_share: float  # RMS below 120 Hz / RMS, 0-1
    width: float = 0.0  # RMS(side) / RMS(mid); 0 for mono
    loudness: float = SILENCE_LKFS  # LKFS, BS.1770 without gating


def as_channels(samples: np.ndarray) -> np.ndarray:
    """The samples as float64 of shape (n, channels): a mono array becomes one column."""
    array = np.asarray(samples, dtype=np.float64)
    if array.ndim == 1:
        return array[:, None]
    if array.ndim != 2 or array.shape[1] not in (1, 2):
        raise ValueError(f"expected mono (n,) or stereo (n, 2) samples, got shape {array.shape}")
    return array


def one_pole_response(cutoff_hz: float, sample_rate: int) -> np.ndarray:
    """Impulse response of the one-pole low-pass at `cutoff_hz`, long enough to decay below 1e-12."""
    coefficient = 1.0 - np.exp(-2.0 * np.pi * cutoff_hz / sample_rate)
    if coefficient >= 1.0 - 1e-12:  # a cutoff far above the sample rate passes everything
        return np.ones(1)
    length = int(np.ceil(np.log(1e-12) / np.log(1.0 - coefficient))) + 1
    response: npt.NDArray[np.float64] = coefficient * (1.0 - coefficient) ** np.arange(length)
    return response


def low_pass_twice(samples: np.ndarray, cutoff_hz: float, sample_rate: int) -> np.ndarray:
    """Two one-pole low-passes in series (12 dB per octave), the same shape as the input (each channel alone)."""
    response = one_pole_response(cutoff_hz, sample_rate)
    response = np.convolve(response, response)
    size = len(samples) + len(response) - 1
    fft_size = 1 << (size - 1).bit_length()
    spectrum = np.fft.rfft(response, fft_size)
    if np.ndim(samples) == 2:
        spectrum = spectrum[:, None]
    product = np.fft.rfft(samples, fft_size, axis=0) * spectrum
    return np.fft.irfft(product, fft_size, axis=0)[: len(samples)]


def rms(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(samples, dtype=np.float64)))) if np.size(samples) else 0.0


def bass_share(samples: np.ndarray, sample_rate: int, cutoff_hz: float = BASS_CUTOFF_HZ) -> float:
    total = rms(samples)
    if total == 0.0:
        return 0.0
    return rms(low_pass_twice(np.asarray(samples, dtype=np.float64), cutoff_hz, sample_rate)) / total


def stereo_width(samples: np.ndarray) -> float:
    """RMS(side) / RMS(mid): 0 for mono or identical channels, 1 for one channel alone, inf for opposite ones."""
    channels = as_channels(samples)
    if channels.shape[1] == 1:
        return 0.0
    mid = rms(0.5 * (channels[:, 0] + channels[:, 1]))
    side = rms(0.5 * (channels[:, 0] - channels[:, 1]))
    if mid == 0.0:
        return 0.0 if side == 0.0 else float("inf")
    return side / mid


def k_weighting(sample_rate: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """BS.1770's two K-weighting biquads (b, a) for `sample_rate`, the high shelf then the high-pass, designed by
    the bilinear transform as libebur128 does (corner, gain and Q fitted to the standard's 48 kHz filter, which
    they reproduce to 1e-12: the tests compare them)."""
    corner, gain_db, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = np.tan(np.pi * corner / sample_rate)
    high = 10.0 ** (gain_db / 20.0)
    band = high ** 0.4996667741545416
    norm = 1.0 + k / q + k * k
    shelf_b = np.array([high + band * k / q + k * k, 2.0 * (k * k - high), high - band * k / q + k * k]) / norm
    shelf_a = np.array([1.0, 2.0 * (k * k - 1.0) / norm, (1.0 - k / q + k * k) / norm])
    corner, q = 38.13547087602444, 0.5003270373238773
    k = np.tan(np.pi * corner / sample_rate)
    norm = 1.0 + k / q + k * k
    pass_a = np.array([1.0, 2.0 * (k * k - 1.0) / norm, (1.0 - k / q + k * k) / norm])
    return [(shelf_b, shelf_a), (np.array([1.0, -2.0, 1.0]), pass_a)]


def loudness(samples: np.ndarray, sample_rate: int) -> float:
    """BS.1770 loudness in LKFS without gating (see the module's docstring); SILENCE_LKFS for silence."""
    from scipy import signal

    weighted = as_channels(samples)
    for b, a in k_weighting(sample_rate):
        weighted = signal.lfilter(b, a, weighted, axis=0)
    power = float(np.sum(np.mean(np.square(weighted), axis=0))) if len(weighted) else 0.0
    return -0.691 + 10.0 * np.log10(power) if power > 0.0 else SILENCE_LKFS


def measure(samples: np.ndarray, sample_rate: int) -> Measurement:
    channels = as_channels(samples)
    magnitude = np.abs(channels)
    empty = len(channels) == 0
    return Measurement(
        seconds=len(channels) / sample_rate,
        peak=0.0 if empty else float(magnitude.max()),
        clipped=0.0 if empty else float(np.mean(magnitude >= CLIP_LEVEL)),
        rms=rms(channels),
        bass_share=bass_share(channels, sample_rate),
        width=stereo_width(channels),
        loudness=loudness(channels, sample_rate),
    )


def pcm16(samples: np.ndarray) -> bytes:
    """Samples in [-1, 1] (mono or stereo) as interleaved little-endian 16-bit PCM."""
    return np.round(np.clip(as_channels(samples), -1.0, 1.0) * 32767.0).astype("<i2").tobytes()


def wav_bytes(samples: np.ndarray, sample_rate: int) -> bytes:
    """16-bit PCM WAV of samples in [-1, 1]: mono for shape (n,), stereo (interleaved) for shape (n, 2)."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(as_channels(samples).shape[1])
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        out.writeframes(pcm16(samples))
    return buffer.getvalue()


def write_wav(path: str | os.PathLike[str], samples: np.ndarray, sample_rate: int) -> None:
    write_atomic(path, wav_bytes(samples, sample_rate))


def write_wav_stream(path: str | os.PathLike[str], chunks: Iterable[np.ndarray], sample_rate: int,
                     channels: int = 2) -> None:
    """A 16-bit WAV written chunk by chunk (a long song never sits in memory whole), atomically
    (core.files.atomic_file)."""
    with atomic_file(path) as handle, wave.open(handle, "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        for chunk in chunks:
            if as_channels(chunk).shape[1] != channels:
                raise ValueError(f"a chunk of shape {np.shape(chunk)} in a {channels}-channel WAV")
            out.writeframes(pcm16(chunk))
