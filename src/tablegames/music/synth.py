"""A numpy synthesizer: oscillators, envelopes, filtered-noise drums, an 808 with glide, chords, a sub-bass boost.

Every note is rendered whole (attack to the end of its release) the moment the stream reaches its start, and
added into a mix buffer; chunks are then cut from that buffer. A note that spans two chunks is therefore one
continuous waveform, and reading the stream in chunks of any size gives exactly the samples of one long read:
the joins cannot click. Envelopes start and end at zero for the same reason.
"""

from __future__ import annotations

import functools
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablegames.core.rng import make_rng
from tablegames.music.mood import Mood
from tablegames.music.score import PPQ, TICKS_PER_BAR, BarSource, NoteEvent, Recording, Score
from tablegames.music.styles import CLAP, CLOSED_HAT, CRASH, KICK, OPEN_HAT, RIM, SNARE, Style, find_style

SAMPLE_RATE = 44100
TWO_PI = np.float32(2 * np.pi)
MASTER_GAIN = 0.75
LOUDNESS_TARGET = -14.0  # LKFS (BS.1770) of every style in the tension mood, deep bass off: each style's trim_db
GLIDE_SECONDS = 0.07  # how long an 808 slide between two tied notes takes
LEGATO_GAP_SECONDS = 0.12  # a bass note starting this soon after the last one ended slides from it
KEPT_BARS = 256  # events_played keeps about this many recent bars (ten minutes or so) for "Save song"


@dataclass(frozen=True)
class Voice:
    """How a pitched instrument sounds: a waveform, an envelope and a few colours."""

    wave: str  # sine, saw, square, triangle, organ, fm
    gain: float
    attack: float  # seconds to full level
    decay: float  # seconds (time constant) from full level toward the sustain level
    sustain: float  # level while the key is held, 0-1
    release: float  # seconds to fade to silence after the key is let go
    detune_cents: float = 0.0  # a second oscillator this far sharp (chorus for pads and strings)
    vibrato: float = 0.0  # depth in semitones, at 5.5 Hz
    soften: int = 1  # taps of the moving average at 44100 Hz (as many milliseconds at any rate): more, darker
    soften_passes: int = 1  # two passes make a triangular window, a steeper slope (the basses)
    drive: float = 0.0  # tanh saturation (the 808's growl)
    pitch_drop: float = 0.0  # semitones above the note at the attack, falling fast (the 808's punch)
    sub_boost: float = 0.7  # extra sine at the fundamental of a full-velocity (deep) bass note


VOICES: dict[str, Voice] = {
    "sub808": Voice("sine", 0.36, 0.003, 0.45, 0.55, 0.10, drive=0.8, pitch_drop=7.0, sub_boost=2.0),
    "synthbass": Voice("saw", 0.30, 0.004, 0.20, 0.55, 0.06, soften=32, soften_passes=2, sub_boost=2.5),
    "epiano": Voice("fm", 0.22, 0.004, 0.35, 0.25, 0.20),
    "piano": Voice("fm", 0.24, 0.003, 0.60, 0.15, 0.30),
    "organ": Voice("organ", 0.18, 0.003, 0.05, 0.75, 0.03),
    "pad": Voice("saw", 0.10, 0.25, 1.2, 0.8, 0.45, detune_cents=9.0, soften=12),
    "pluck": Voice("saw", 0.20, 0.002, 0.10, 0.0, 0.08, soften=4),
    "lead": Voice("square", 0.17, 0.01, 0.30, 0.6, 0.12, vibrato=0.12, soften=6),
    "strings": Voice("saw", 0.30, 0.08, 0.5, 0.8, 0.25, detune_cents=6.0, vibrato=0.10, soften=8),
    "cello": Voice("saw", 0.40, 0.05, 0.4, 0.8, 0.20, soften=14, soften_passes=2, sub_boost=0.0),
}


def midi_frequency(note: float | np.ndarray) -> float | np.ndarray:
    return 440.0 * 2.0 ** ((np.asarray(note) - 69.0) / 12.0)


def soften(signal: np.ndarray, taps: int) -> np.ndarray:
    """A moving average over `taps` samples (a gentle low-pass), in O(n) through a running sum."""
    if taps <= 1:
        return signal
    running = np.cumsum(signal)
    smoothed = running.copy()
    smoothed[taps:] -= running[:-taps]
    smoothed /= taps
    return smoothed


def cycles(phase: np.ndarray) -> np.ndarray:
    """The fractional part of a float64 phase (in cycles), as float32: exact position, fast oscillators."""
    fraction: npt.NDArray[np.float32] = (phase - np.floor(phase)).astype(np.float32)
    return fraction


def oscillator(wave: str, cycle: np.ndarray, brightness: np.ndarray | float = 1.0) -> np.ndarray:
    """One period of `wave` per unit of `cycle` (float32 values in [0, 1))."""
    if wave == "sine":
        return np.sin(TWO_PI * cycle)
    if wave == "saw":  # falling, so its fundamental is in phase with a sine (the sub boost adds, never cancels)
        return 1.0 - 2.0 * cycle
    if wave == "square":
        return np.where(cycle < 0.5, np.float32(0.8), np.float32(-0.8))
    if wave == "triangle":
        return 4.0 * np.abs(cycle - 0.5) - 1.0
    if wave == "organ":
        angle = TWO_PI * cycle
        return (np.sin(angle) + 0.5 * np.sin(2 * angle) + 0.3 * np.sin(3 * angle)) / 1.5
    if wave == "fm":  # a struck, bell-like tone that mellows as the modulation decays
        angle = TWO_PI * cycle
        return np.sin(angle + brightness * np.sin(angle))
    raise ValueError(f"unknown waveform {wave!r}")


def envelope(voice: Voice, held: int, sample_rate: int) -> np.ndarray:
    """Attack, exponential decay to the sustain level while held, then a linear release to exactly zero."""
    release = max(1, int(voice.release * sample_rate))
    attack = max(2, int(voice.attack * sample_rate))
    t = np.arange(held, dtype=np.float32) / np.float32(sample_rate)
    level = voice.sustain + (1.0 - voice.sustain) * np.exp(-np.maximum(t - voice.attack, 0.0) / voice.decay)
    ramp = min(attack, held)
    level[:ramp] *= np.linspace(0.0, 1.0, attack, endpoint=False, dtype=np.float32)[:ramp]
    end_level = level[-1] if held else 0.0
    tail = end_level * np.linspace(1.0, 0.0, release + 1, dtype=np.float32)[1:]
    return np.concatenate((level, tail))


def render_note(voice: Voice, note: int, velocity: int, held: int, sample_rate: int,
                glide_from: int | None = None, sub_boost: bool = False) -> np.ndarray:
    """The samples of one note held for `held` samples, release included (float32).

    The phase is kept in float64 (a long note must not drift) and reduced to cycles; everything after that
    is float32, which numpy computes about three times faster.
    """
    env = envelope(voice, held, sample_rate)
    count = len(env)
    t = np.arange(count, dtype=np.float32) / np.float32(sample_rate)
    pitch_moves = voice.pitch_drop or voice.vibrato or glide_from is not None
    if pitch_moves:
        semitones = np.full(count, float(note), dtype=np.float32)
        if glide_from is not None:
            semitones += (glide_from - note) * (1.0 - np.clip(t / GLIDE_SECONDS, 0.0, 1.0))
        elif voice.pitch_drop:
            semitones += voice.pitch_drop * np.exp(-t / 0.025)
        if voice.vibrato:
            semitones += voice.vibrato * np.sin(TWO_PI * 5.5 * t) * np.clip(t / 0.3, 0.0, 1.0)
        frequency = np.float32(440.0) * np.exp2((semitones - np.float32(69.0)) / np.float32(12.0))
        phase: npt.NDArray[np.floating] = np.cumsum(frequency, dtype=np.float64) / sample_rate  # float64 both ways
    else:
        phase = np.arange(count) * (midi_frequency(note) / sample_rate)
    cycle = cycles(phase)
    brightness = 1.5 * np.exp(-t / 0.25) if voice.wave == "fm" else 1.0
    tone = oscillator(voice.wave, cycle, brightness)
    if voice.detune_cents:
        tone = 0.5 * (tone + oscillator(voice.wave, cycles(phase * 2.0 ** (voice.detune_cents / 1200.0))))
    taps = max(1, round(voice.soften * sample_rate / SAMPLE_RATE))
    for _ in range(voice.soften_passes):
        tone = soften(tone, taps)
    if voice.drive:
        tone = np.tanh(voice.drive * tone) / np.float32(np.tanh(voice.drive))
    if sub_boost:
        tone = tone + voice.sub_boost * np.sin(TWO_PI * cycle)
    samples: npt.NDArray[np.float32] = tone * env * np.float32(voice.gain * (velocity / 127.0))
    return samples


# --- drums: noise shaped in the frequency domain, tones with falling pitch --------------------------------------
def shaped_noise(count: int, sample_rate: int, low: float, high: float, rng: np.random.Generator) -> np.ndarray:
    """White noise through a second-order high-pass at `low` and low-pass at `high` (magnitudes applied by FFT)."""
    spectrum = np.fft.rfft(rng.standard_normal(count))
    freqs = np.fft.rfftfreq(count, 1.0 / sample_rate)
    ratio_low = (freqs / low) ** 2
    spectrum *= ratio_low / (1.0 + ratio_low) / (1.0 + (freqs / high) ** 2)
    noise = np.fft.irfft(spectrum, count)
    return noise / (np.max(np.abs(noise)) or 1.0)


def _fade_out(samples: np.ndarray, sample_rate: int) -> np.ndarray:
    fade = min(len(samples), int(0.005 * sample_rate))
    samples[-fade:] *= np.linspace(1.0, 0.0, fade)
    return samples


@functools.lru_cache(maxsize=32)
def make_drum(drum: int, sample_rate: int = SAMPLE_RATE) -> np.ndarray:
    """One hit of a General MIDI drum at full velocity, float32 and read-only (made once per rate, then shared;
    seeded noise: the same hit every time)."""
    rng = make_rng(0, "drum", drum)

    def span(seconds: float) -> np.ndarray:
        return np.arange(int(seconds * sample_rate)) / sample_rate

    if drum == KICK:
        t = span(0.5)
        phase = np.cumsum(46.0 + 104.0 * np.exp(-t / 0.022)) / sample_rate  # a fast drop to a deep body
        hit = 0.95 * np.sin(2 * np.pi * phase) * np.exp(-t / 0.22)
        hit += 0.15 * shaped_noise(len(t), sample_rate, 1000, 6000, rng) * np.exp(-t / 0.004)
    elif drum == SNARE:
        t = span(0.3)
        hit = 0.35 * np.sin(2 * np.pi * 185.0 * t) * np.exp(-t / 0.06)
        hit += 0.45 * shaped_noise(len(t), sample_rate, 1200, 9000, rng) * np.exp(-t / 0.075)
    elif drum == RIM:
        t = span(0.08)
        hit = 0.4 * (np.sin(2 * np.pi * 1700.0 * t) + 0.6 * np.sin(2 * np.pi * 820.0 * t)) * np.exp(-t / 0.012)
    elif drum == CLAP:
        t = span(0.35)
        bursts = sum(np.where(t >= start, np.exp(-(t - start) / 0.006), 0.0) for start in (0.0, 0.011, 0.022))
        tail = np.where(t >= 0.03, np.exp(-(t - 0.03) / 0.09), 0.0)
        hit = 0.5 * shaped_noise(len(t), sample_rate, 800, 3500, rng) * np.minimum(bursts + tail, 1.2)
    elif drum == CLOSED_HAT:
        t = span(0.09)
        hit = 0.22 * shaped_noise(len(t), sample_rate, 7000, 16000, rng) * np.exp(-t / 0.018)
    elif drum == OPEN_HAT:
        t = span(0.5)
        hit = 0.2 * shaped_noise(len(t), sample_rate, 6500, 16000, rng) * np.exp(-t / 0.14)
    elif drum == CRASH:
        t = span(1.8)
        hit = 0.25 * shaped_noise(len(t), sample_rate, 4000, 15000, rng) * np.exp(-t / 0.55)
    else:
        raise ValueError(f"no sound for General MIDI drum {drum}")
    hit = _fade_out(hit, sample_rate).astype(np.float32)
    hit.setflags(write=False)
    return hit


NoteKey = tuple[str, int, int, int | None, bool]  # (voice name, note, samples held, glide from, sub boost)


class NoteCache:
    """Rendered notes at unit velocity, least recently used dropped first: loops repeat the same notes."""

    def __init__(self, max_samples: int = 2_000_000) -> None:
        self.max_samples = max_samples
        self._notes: OrderedDict[NoteKey, np.ndarray] = OrderedDict()
        self._size = 0

    def get(self, key: NoteKey, make: Callable[[], np.ndarray]) -> np.ndarray:
        samples = self._notes.get(key)
        if samples is not None:
            self._notes.move_to_end(key)
            return samples
        samples = make()
        self._notes[key] = samples
        self._size += len(samples)
        while self._size > self.max_samples and len(self._notes) > 1:
            _, dropped = self._notes.popitem(last=False)
            self._size -= len(dropped)
        return samples


# --- the mix bus: a bus per drum and per track, panned to stereo, and a look-ahead limiter on the master ----------
BUSES: tuple[str, ...] = ("kick", "snare", "rim", "clap", "closed_hat", "open_hat", "crash",
                          "bass", "chords", "arp", "lead")
DRUM_BUSES: dict[int, str] = {KICK: "kick", SNARE: "snare", RIM: "rim", CLAP: "clap", CLOSED_HAT: "closed_hat",
                              OPEN_HAT: "open_hat", CRASH: "crash"}
# Where each bus sits, -1 hard left to +1 hard right: the kick, snare and bass in the middle, the rest of the kit
# spread, the keys (chords) to the left and the lead and arpeggio to the right.
PANS: dict[str, float] = {"kick": 0.0, "snare": 0.0, "rim": 0.3, "clap": -0.15, "closed_hat": 0.4,
                          "open_hat": -0.35, "crash": -0.45, "bass": 0.0, "chords": -0.45, "arp": 0.5, "lead": 0.3}
BLOCK = 4096  # the master is mixed and limited in blocks of this many samples, whatever size the reads are
CEILING = 0.95  # no sample leaves the limiter louder than this (-0.45 dBFS)
LOOKAHEAD_SECONDS = 0.004  # the limiter sees a peak coming this early and turns the gain down along a ramp
RELEASE_SECONDS = 0.08  # then lets go with this time constant (on the reduction in dB)
UNITY_DB = 1e-4  # a reduction smaller than this is no reduction


def pan_gains(pan: float) -> tuple[float, float]:
    """(left, right) gains of a constant-power pan, 1 in each channel in the middle (a mono render's level)."""
    angle = (min(max(pan, -1.0), 1.0) + 1.0) * np.pi / 4.0
    return float(np.sqrt(2.0) * np.cos(angle)), float(np.sqrt(2.0) * np.sin(angle))


def sliding_min(values: np.ndarray, window: int) -> np.ndarray:
    """out[i] = min(values[i:i + window]) for every full window, in O(n) (van Herk / Gil-Werman)."""
    count = len(values)
    padded = np.concatenate((values, np.full(-count % window, np.inf)))
    blocks = padded.reshape(-1, window)
    prefix = np.minimum.accumulate(blocks, axis=1).ravel()
    suffix = np.minimum.accumulate(blocks[:, ::-1], axis=1)[:, ::-1].ravel()
    out: npt.NDArray[np.float64] = np.minimum(suffix[:count - window + 1], prefix[window - 1:count])
    return out


class Limiter:
    """A look-ahead peak limiter: no sample leaves it above `ceiling`, and the gain never jumps.

    For every sample the gain it needs is ceiling / peak (1 when the peak is under the ceiling). That need is
    released slowly (the reduction in dB decays with RELEASE_SECONDS after the peak, never faster), then the
    lowest need within the next `lookahead` samples is taken (a hold that starts early), then averaged over the
    last `lookahead` samples (a ramp). A peak at p is inside every window averaged for p, so the gain at p is at
    most its need: the ceiling holds exactly, by construction rather than by tuning.

    It works on fixed blocks: `gains(peaks)` takes the peaks of BLOCK + lookahead samples (the block and what
    follows it) and returns the gains of the block, carrying its state to the next one. The same blocks give the
    same gains, however the stream is read.
    """

    def __init__(self, sample_rate: int, ceiling: float = CEILING) -> None:
        self.ceiling = ceiling
        self.lookahead = max(1, round(LOOKAHEAD_SECONDS * sample_rate))
        self.decay = float(np.exp(-1.0 / (RELEASE_SECONDS * sample_rate)))
        self._needs = np.ones(2 * self.lookahead)  # released needs of the lookahead samples before and after
        self._at_unity = True  # every value in _needs is 1
        self._reduction_db = 0.0  # the release's state at the last sample whose need is known
        self.reduction_db_sum = 0.0  # the reduction of every sample handed out, in dB, summed
        self.samples = 0

    @property
    def mean_reduction_db(self) -> float:
        """The average gain reduction so far, in dB (0 when the limiter never acted)."""
        return self.reduction_db_sum / self.samples if self.samples else 0.0

    def gains(self, peaks: np.ndarray) -> np.ndarray | None:
        """The gains of a block from the peaks of the block and the `lookahead` samples after it; None when they
        are all exactly 1 (nothing to do)."""
        lookahead = self.lookahead
        block = len(peaks) - lookahead
        self.samples += block
        fresh = peaks[lookahead:]  # the samples whose need becomes known now
        over = fresh > self.ceiling
        if self._at_unity and self._reduction_db == 0.0 and not over.any():
            return None
        needed_db = np.zeros(block + 1)
        needed_db[0] = self._reduction_db
        needed_db[1:][over] = 20.0 * np.log10(fresh[over] / self.ceiling)
        # reduction[n] = max(needed[n], decay * reduction[n - 1]) for the whole block at once:
        # reduction[n] = decay^n * max_{k <= n}(needed[k] * decay^-k).
        exponent = np.arange(block + 1, dtype=np.float64)
        reduction = np.maximum.accumulate(needed_db * self.decay ** -exponent) * self.decay ** exponent
        reduction[reduction < UNITY_DB] = 0.0
        self._reduction_db = float(reduction[-1])
        needs = np.concatenate((self._needs, 10.0 ** (-reduction[1:] / 20.0)))
        self._needs = needs[-2 * lookahead:]
        self._at_unity = bool(np.all(self._needs == 1.0))
        held = sliding_min(needs, lookahead + 1)  # for the block and the lookahead samples before it
        running = np.concatenate(([0.0], np.cumsum(held)))
        gains: npt.NDArray[np.float64] = (running[lookahead + 1:] - running[:block]) / (lookahead + 1)
        self.reduction_db_sum += float(-20.0 * np.sum(np.log10(gains)))
        return gains


class SynthStream:
    """Plays a Score through the synthesizer: read(n) returns the next n stereo samples (float32, shape (n, 2),
    left and right, in [-CEILING, CEILING]).

    Every note is added to its bus (BUSES); the buses are panned into stereo, scaled by the style's trim (so
    every style is equally loud) and limited, BLOCK samples at a time. Bars are written only when the stream
    reaches them (plus one block and the limiter's look-ahead), so a mood sent now is heard from the next bar line.
    """

    def __init__(self, score: BarSource, sample_rate: int = SAMPLE_RATE) -> None:
        self.score = score
        self.sample_rate = sample_rate
        self.samples_per_tick = sample_rate * 60.0 / (score.tempo * PPQ)
        self.events_played: list[NoteEvent] = []  # the recent bars, for "Save song"
        self.limiter = Limiter(sample_rate)
        level = MASTER_GAIN * 10.0 ** (score.style.trim_db / 20.0)
        gains = [np.multiply(pan_gains(PANS[bus]), score.style.mix.get(bus, 1.0) * level) for bus in BUSES]
        self._pan = np.array(gains, dtype=np.float32).T  # (2, buses): each bus's gain into left and right
        self._mix = np.zeros((len(BUSES), 2 * sample_rate), dtype=np.float32)
        self._head = 0  # index in _mix of the next sample to master
        self._mixed = 0  # absolute sample index of _mix[:, _head]: everything before it is mastered
        self._out = np.zeros((0, 2), dtype=np.float32)  # mastered samples not handed out yet
        self._position = 0  # absolute sample index of _out[0]
        self._pending: deque[tuple[int, NoteEvent]] = deque()
        self._next_bar_sample = 0
        self._notes = NoteCache()
        self._last_bass: tuple[int, int] | None = None  # (note, end sample) of the previous bass note

    def set_mood(self, mood: Mood) -> None:
        self.score.set_mood(mood)

    @property
    def position(self) -> int:
        """Samples handed out so far."""
        return self._position

    def read(self, count: int) -> np.ndarray:
        parts = [self._out]
        ready = len(self._out)
        while ready < count:
            block = self._master_block()
            parts.append(block)
            ready += len(block)
        joined = np.concatenate(parts) if len(parts) > 1 else self._out
        chunk, self._out = joined[:count], joined[count:]
        self._position += count
        return chunk

    def _master_block(self) -> np.ndarray:
        """The next BLOCK samples of the master: the buses panned, trimmed and limited."""
        lookahead = self.limiter.lookahead
        self._write_until(self._mixed + BLOCK + lookahead)
        self._reserve(BLOCK + lookahead)
        stereo = self._pan @ self._mix[:, self._head:self._head + BLOCK + lookahead]  # (2, samples)
        gains = self.limiter.gains(np.abs(stereo).max(axis=0))
        block = stereo[:, :BLOCK]
        if gains is not None:
            block = np.clip(block * gains.astype(np.float32), -CEILING, CEILING)  # the clip only rounds ulps
        self._head += BLOCK
        self._mixed += BLOCK
        return np.ascontiguousarray(block.T)

    def _write_until(self, horizon: int) -> None:
        """Render every note that starts before `horizon`; later bars cannot reach back before their start."""
        while True:
            if self._pending:
                start, event = self._pending[0]
                if start >= horizon:
                    return
                self._pending.popleft()
                self._render_event(start, event)
            elif self._next_bar_sample < horizon:
                events = self.score.next_bar()
                self._keep_events(events)
                self._pending.extend((round(event.time * self.samples_per_tick), event) for event in events)
                self._next_bar_sample = round(self.score.bar_index * TICKS_PER_BAR * self.samples_per_tick)
            else:
                return

    def _keep_events(self, events: list[NoteEvent]) -> None:
        self.events_played.extend(events)
        if self.score.bar_index % 64 == 0 and self.score.bar_index > KEPT_BARS:  # trim now and then, not every bar
            oldest = (self.score.bar_index - KEPT_BARS) * TICKS_PER_BAR
            self.events_played = [event for event in self.events_played if event.time >= oldest]

    def _reserve(self, length: int) -> None:
        """Room for `length` samples from the head: move the live part to the front, growing when needed."""
        if self._head + length <= self._mix.shape[1]:
            return
        live = self._mix[:, self._head:]
        fresh = np.zeros((len(BUSES), max(self._mix.shape[1], 2 * length)), dtype=np.float32)
        fresh[:, :live.shape[1]] = live
        self._mix = fresh
        self._head = 0

    def _add(self, bus: int, start: int, samples: np.ndarray) -> None:
        offset = start - self._mixed
        self._reserve(offset + len(samples))
        begin = self._head + offset
        self._mix[bus, begin:begin + len(samples)] += samples

    def _render_event(self, start: int, event: NoteEvent) -> None:
        loudness = np.float32(event.velocity / 127.0)
        if event.track == "drums":
            self._add(BUS_INDEX[DRUM_BUSES[event.note]], start, make_drum(event.note, self.sample_rate) * loudness)
            return
        voice_name = self.score.style.voices[event.track]
        held = max(1, round(event.duration * self.samples_per_tick))
        glide_from = None
        if event.track == "bass":
            if self.score.style.bass_glide and self._last_bass is not None:
                last_note, last_end = self._last_bass
                if last_note != event.note and start - last_end < LEGATO_GAP_SECONDS * self.sample_rate:
                    glide_from = last_note
            self._last_bass = (event.note, start + held)
        sub_boost = event.track == "bass" and event.velocity >= 127
        key = (voice_name, event.note, held, glide_from, sub_boost)
        note = self._notes.get(key, lambda: render_note(VOICES[voice_name], event.note, 127, held,
                                                        self.sample_rate, glide_from, sub_boost))
        self._add(BUS_INDEX[event.track], start, note * loudness)


BUS_INDEX: dict[str, int] = {bus: index for index, bus in enumerate(BUSES)}


def render_song(score: Score, bars: int, sample_rate: int = SAMPLE_RATE, chunk: int | None = None) -> np.ndarray:
    """`bars` bars of the score as one stereo float32 array (n, 2), read in chunks of `chunk` samples (one read if
    None)."""
    stream = SynthStream(score, sample_rate)
    total = round(bars * TICKS_PER_BAR * stream.samples_per_tick)
    if chunk is None:
        return stream.read(total)
    parts = [stream.read(min(chunk, total - done)) for done in range(0, total, chunk)]
    return np.concatenate(parts) if parts else np.zeros((0, 2), dtype=np.float32)


TAIL_SECONDS = 1.5  # a rendered recording goes on this long after its last bar: the releases ring out


def render_events(events: list[NoteEvent], tempo: int, style: Style, sample_rate: int = SAMPLE_RATE,
                  chunk_seconds: float = 5.0) -> Iterator[np.ndarray]:
    """A recorded song (events from tick 0) rendered in stereo chunks of `chunk_seconds`, to the end of its
    last bar and TAIL_SECONDS more: memory stays small however long the song."""
    recording = Recording(events, tempo, style)
    stream = SynthStream(recording, sample_rate)
    total = round(recording.length_bars * TICKS_PER_BAR * stream.samples_per_tick + TAIL_SECONDS * sample_rate)
    chunk = max(1, round(chunk_seconds * sample_rate))
    for done in range(0, total, chunk):
        yield stream.read(min(chunk, total - done))


def song_for(style: str | Style, seed: int = 0, deep_bass: bool = False, mood: Mood = Mood.TENSION) -> Score:
    """A fresh score of `style` (a Style or its name) already in `mood`; the tension mood plays every layer."""
    score = Score(style if isinstance(style, Style) else find_style(style), seed, deep_bass)
    score.set_mood(mood)
    return score

