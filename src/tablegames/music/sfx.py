"""Sound effects synthesized with numpy: captures, crowning, wins, losses, fun-mode events, dice, marbles, cards.

Each effect is a function of the sample rate in the EFFECTS table (a new effect is one more entry); noise is
seeded by the effect's name, so an effect sounds the same every time and every run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from tablegames.core.rng import make_rng
from tablegames.music.synth import midi_frequency, shaped_noise

PEAK = 0.8  # effects play over the music: leave it some room


def _time(seconds: float, rate: int) -> np.ndarray:
    return np.arange(int(seconds * rate)) / rate


def _tone(note: float, seconds: float, rate: int, decay: float, wave: str = "sine") -> np.ndarray:
    t = _time(seconds, rate)
    angle = 2 * np.pi * midi_frequency(note) * t
    tone = np.sin(angle) if wave == "sine" else np.sin(angle) + 0.35 * np.sin(2 * angle) + 0.2 * np.sin(3 * angle)
    attack = np.clip(t / 0.004, 0.0, 1.0)
    return tone * attack * np.exp(-t / decay)


def _sequence(notes: Sequence[tuple[float, float, float]], rate: int, decay: float, wave: str = "sine") -> np.ndarray:
    """(start seconds, MIDI note, length seconds) tones mixed together."""
    end = max(start + length for start, _, length in notes)
    out = np.zeros(int(end * rate) + 1)
    for start, note, length in notes:
        tone = _tone(note, length, rate, decay, wave)
        begin = int(start * rate)
        out[begin:begin + len(tone)] += tone
    return out


def _noise(name: str, seconds: float, rate: int, low: float, high: float) -> np.ndarray:
    return shaped_noise(int(seconds * rate), rate, low, high, make_rng(0, "sfx", name))


def capture(rate: int) -> np.ndarray:
    """A poof: a burst of noise and a tone that drops an octave."""
    t = _time(0.35, rate)
    drop = np.sin(2 * np.pi * np.cumsum(midi_frequency(72 - 12 * np.clip(t / 0.25, 0, 1))) / rate)
    return 0.6 * drop * np.exp(-t / 0.09) + 0.5 * _noise("capture", 0.35, rate, 400, 4000) * np.exp(-t / 0.05)


def crown(rate: int) -> np.ndarray:
    """A rising major arpeggio that rings like a bell."""
    return _sequence([(i * 0.07, note, 0.6) for i, note in enumerate((72, 76, 79, 84, 88))], rate, 0.25, "bell")


def win(rate: int) -> np.ndarray:
    """A little fanfare ending on a held major chord."""
    notes = [(0.0, 67, 0.18), (0.15, 72, 0.18), (0.3, 76, 0.18)]
    notes += [(0.45, n, 0.9) for n in (72, 76, 79, 84)]
    return _sequence(notes, rate, 0.45, "bell")


def loss(rate: int) -> np.ndarray:
    """A sinking line of three notes and a low sigh."""
    return _sequence([(0.0, 67, 0.35), (0.3, 66, 0.35), (0.6, 65, 0.35), (0.9, 64, 0.9)], rate, 0.35, "bell")


def gift(rate: int) -> np.ndarray:
    """Sparkles: fast high notes from the major scale."""
    return _sequence([(i * 0.05, 84 + step, 0.3) for i, step in enumerate((0, 4, 7, 12, 7, 12, 16))], rate, 0.12)


def lightning(rate: int) -> np.ndarray:
    """A crack of bright noise, then a rumble."""
    t = _time(1.2, rate)
    crack = _noise("lightning-crack", 1.2, rate, 2000, 12000) * np.exp(-t / 0.03)
    rumble = _noise("lightning-rumble", 1.2, rate, 30, 200) * np.exp(-t / 0.35) * np.clip(t / 0.05, 0, 1)
    return 0.7 * crack + 0.9 * rumble


def earthquake(rate: int) -> np.ndarray:
    """A low rumble that swells and shakes."""
    t = _time(1.5, rate)
    shake = 0.6 + 0.4 * np.sin(2 * np.pi * 9 * t)
    swell = np.sin(np.pi * np.clip(t / 1.5, 0, 1))
    return _noise("earthquake", 1.5, rate, 25, 160) * shake * swell


def wind(rate: int) -> np.ndarray:
    """A gust: band-limited noise that rises and falls."""
    t = _time(1.4, rate)
    gust: npt.NDArray[np.float64] = 0.7 * _noise("wind", 1.4, rate, 300, 1500) * np.sin(np.pi * t / 1.4) ** 2
    return gust


def dice(rate: int) -> np.ndarray:
    """Dice tumbling: clicks slowing down."""
    out = np.zeros(int(0.6 * rate))
    click = _noise("dice", 0.03, rate, 1500, 7000) * np.exp(-_time(0.03, rate) / 0.006)
    start = 0.0
    for gap in (0.06, 0.07, 0.08, 0.1, 0.12, 0.14):
        begin = int(start * rate)
        out[begin:begin + len(click)] += click
        start += gap
    return out


def marble(rate: int) -> np.ndarray:
    """Glass marbles clinking: two inharmonic pings."""
    t = _time(0.25, rate)
    ping = np.sin(2 * np.pi * 2900 * t) + 0.6 * np.sin(2 * np.pi * 4350 * t)
    second = np.zeros_like(t)
    offset = int(0.06 * rate)
    second[offset:] = 0.6 * ping[: len(t) - offset] * np.exp(-t[: len(t) - offset] / 0.03)
    pings: npt.NDArray[np.float64] = 0.5 * (ping * np.exp(-t / 0.03) + second)
    return pings


def card(rate: int) -> np.ndarray:
    """A card flipped onto the table: a short swish."""
    t = _time(0.12, rate)
    swish: npt.NDArray[np.float64] = _noise("card", 0.12, rate, 1500, 9000) * np.sin(np.pi * t / 0.12) ** 3
    return swish


def chain(rate: int) -> np.ndarray:
    """A multi-jump counted up: a quick rising blip."""
    return _sequence([(0.0, 79, 0.12), (0.06, 86, 0.2)], rate, 0.07, "bell")


EFFECTS: dict[str, Callable[[int], np.ndarray]] = {
    "capture": capture,
    "crown": crown,
    "win": win,
    "loss": loss,
    "gift": gift,
    "lightning": lightning,
    "earthquake": earthquake,
    "wind": wind,
    "dice": dice,
    "marble": marble,
    "card": card,
    "chain": chain,
}


def make_effect(name: str, sample_rate: int = 44100) -> np.ndarray:
    """The effect `name` as mono float32 samples peaking at PEAK, fading to silence at the end."""
    if name not in EFFECTS:
        raise ValueError(f"unknown sound effect {name!r}: expected one of {', '.join(EFFECTS)}")
    samples = np.asarray(EFFECTS[name](sample_rate), dtype=np.float64)
    fade_in = min(len(samples), int(0.002 * sample_rate))
    samples[:fade_in] *= np.linspace(0.0, 1.0, fade_in, endpoint=False)
    fade = min(len(samples), int(0.01 * sample_rate))
    samples[len(samples) - fade:] *= np.linspace(1.0, 0.0, fade)
    peak = np.max(np.abs(samples))
    if peak > 0:
        samples *= PEAK / peak
    return samples.astype(np.float32)
