"""Measuring rendered music with no window and no sound card: loudness, clipping and the share of bass.

The bass share is the RMS left after two one-pole low-pass filters at 120 Hz in series (a 12 dB per octave
slope) divided by the RMS of everything. The one-pole filter y[n] = y[n-1] + a (x[n] - y[n-1]) has the impulse
response a (1-a)^n; it is applied as a convolution (FFT) with that response, cut where it falls below 1e-12,
which equals the recursion to that precision and keeps the module pure numpy.
"""

from __future__ import annotations

import io
import os
import wave
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablegames.core.files import write_atomic

BASS_CUTOFF_HZ = 120.0
CLIP_LEVEL = 1.0


@dataclass(frozen=True)
class Measurement:
    seconds: float
    peak: float
    clipped: float  # share of samples at the limit, 0-1
    rms: float
    bass_share: float  # RMS below 120 Hz / RMS, 0-1


def one_pole_response(cutoff_hz: float, sample_rate: int) -> np.ndarray:
    """Impulse response of the one-pole low-pass at `cutoff_hz`, long enough to decay below 1e-12."""
    coefficient = 1.0 - np.exp(-2.0 * np.pi * cutoff_hz / sample_rate)
    if coefficient >= 1.0 - 1e-12:  # a cutoff far above the sample rate passes everything
        return np.ones(1)
    length = int(np.ceil(np.log(1e-12) / np.log(1.0 - coefficient))) + 1
    response: npt.NDArray[np.float64] = coefficient * (1.0 - coefficient) ** np.arange(length)
    return response


def low_pass_twice(samples: np.ndarray, cutoff_hz: float, sample_rate: int) -> np.ndarray:
    """Two one-pole low-passes in series (12 dB per octave), the same length as the input."""
    response = one_pole_response(cutoff_hz, sample_rate)
    response = np.convolve(response, response)
    size = len(samples) + len(response) - 1
    fft_size = 1 << (size - 1).bit_length()
    product = np.fft.rfft(samples, fft_size) * np.fft.rfft(response, fft_size)
    return np.fft.irfft(product, fft_size)[: len(samples)]


def rms(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(samples, dtype=np.float64)))) if len(samples) else 0.0


def bass_share(samples: np.ndarray, sample_rate: int, cutoff_hz: float = BASS_CUTOFF_HZ) -> float:
    total = rms(samples)
    if total == 0.0:
        return 0.0
    return rms(low_pass_twice(np.asarray(samples, dtype=np.float64), cutoff_hz, sample_rate)) / total


def measure(samples: np.ndarray, sample_rate: int) -> Measurement:
    magnitude = np.abs(samples)
    return Measurement(
        seconds=len(samples) / sample_rate,
        peak=float(magnitude.max()) if len(samples) else 0.0,
        clipped=float(np.mean(magnitude >= CLIP_LEVEL)) if len(samples) else 0.0,
        rms=rms(samples),
        bass_share=bass_share(samples, sample_rate),
    )


def wav_bytes(samples: np.ndarray, sample_rate: int) -> bytes:
    """16-bit mono PCM WAV of samples in [-1, 1]."""
    pcm = np.round(np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2")
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


def write_wav(path: str | os.PathLike[str], samples: np.ndarray, sample_rate: int) -> None:
    write_atomic(path, wav_bytes(samples, sample_rate))
