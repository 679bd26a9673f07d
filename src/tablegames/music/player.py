"""The real-time player: the synthesizer streamed to a pygame mixer channel, with quiet fallbacks.

Engines, tried in order: "synth" (chunks rendered by SynthStream, converted to the format the mixer reports and
queued on a reserved channel), "midi" (an eight-bar MIDI file looped by pygame.mixer.music) and "silent".
Whatever fails is skipped without a message: `engine_name` says which one plays. pygame is imported only here,
and only when a player is built.

Threads: pygame is not thread-safe, so every pygame call is made on the thread that built the player (the
window's main thread; `_check_owner` refuses any other). The window calls `update()` once a frame: it hands the
mixer the next rendered chunk when the music channel wants one (one chunk is CHUNK_SECONDS long). `start_renderer()`
adds a daemon thread that only runs the numpy synthesizer, keeping READY_CHUNKS chunks rendered ahead as bytes, so
a bar line never costs a frame; without it `update()` renders the chunk itself (about a millisecond, see
scripts/bench_synth.py). Rendering and anything that replaces the song hold a lock; set_mood does not.

The music channel is fed only with `Channel.queue`, which starts the channel itself when it is idle: a `play()`
chosen after `get_busy()` said False can land while SDL_mixer's end-of-chunk callback is handing the queued chunk
over, and drop a chunk that is about to play. Effects play on their own channels, picked here: pygame's
`find_channel(True)` can return the reserved music channel (SDL_mixer's Mix_GroupOldest ignores reservations),
and an effect started there from the window while the music thread queued on it crashed the suite
(docs/reliability.md).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from tablegames.music.midi import save_song, write_midi
from tablegames.music.mood import Mood
from tablegames.music.score import TICKS_PER_BAR, Score
from tablegames.music.sfx import EFFECTS, make_effect
from tablegames.music.styles import Style, find_style
from tablegames.music.synth import SAMPLE_RATE, SynthStream

if TYPE_CHECKING:  # pygame itself is imported only when a player opens the mixer
    from pygame.mixer import Channel, Sound

ENGINES = ("synth", "midi", "silent")
CHUNK_SECONDS = 0.2
RENDER_INTERVAL = 0.02  # how often the renderer thread tops up the chunks ready
READY_CHUNKS = 2  # rendered ahead: a mood change is heard at most this many chunks later than without
MUSIC_CHANNEL = 0  # reserved for the music; effects use the others
MIXER_CHANNELS = 8  # the music channel and seven for effects
FALLBACK_BARS = 8


def to_mixer_samples(samples: np.ndarray, size: int, channels: int) -> np.ndarray:
    """Float samples in [-1, 1], mono (n,) or stereo (n, 2), as an (n, channels) array in pygame's mixer format
    (size as get_init says). Stereo on a mono mixer is the mid, (L + R) / 2; a mixer with more than two channels
    gets left and right in the first two and the mid in the others."""
    array = np.asarray(samples, dtype=np.float64)
    frames = np.repeat(array[:, None], 2, axis=1) if array.ndim == 1 else array
    if channels == 1:
        frames = frames.mean(axis=1, keepdims=True)
    elif channels > 2:
        mid = frames.mean(axis=1, keepdims=True)
        frames = np.concatenate((frames, np.repeat(mid, channels - 2, axis=1)), axis=1)
    frames = np.clip(frames, -1.0, 1.0)
    if abs(size) == 32:
        return frames.astype(np.float32)
    if size == -16:
        return np.round(frames * 32767).astype(np.int16)
    if size == 16:
        return np.round(frames * 32767 + 32768).astype(np.uint16)
    if size == -8:
        return np.round(frames * 127).astype(np.int8)
    if size == 8:
        return np.round(frames * 127 + 128).astype(np.uint8)
    raise ValueError(f"unsupported mixer sample size {size}: expected 8, -8, 16, -16 or 32")


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence the C libraries (ALSA, SDL) while probing for a device: a missing sound card is not an error."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class MusicPlayer:
    """Plays the music of a style following a Mood, and the sound effects; never raises over a sound problem."""

    def __init__(self, style: str | Style = "hiphop", seed: int = 0, deep_bass: bool = False, volume: float = 0.7,
                 engines: tuple[str, ...] = ENGINES) -> None:
        for engine in engines:
            if engine not in ENGINES:
                raise ValueError(f"unknown audio engine {engine!r}: expected some of {', '.join(ENGINES)}")
        self.style = style if isinstance(style, Style) else find_style(style)
        self.seed = seed
        self.deep_bass = deep_bass
        self.volume = min(max(float(volume), 0.0), 1.0)
        self.mood = Mood.CALM
        self.engine_name = "silent"
        self._lock = threading.RLock()
        self._sample_rate = SAMPLE_RATE
        self._mixer_format = (-16, 2)
        self._channel: Channel | None = None
        self._effect_channels: list[Channel] = []
        self._next_effect_channel = 0  # when every effect channel is busy, the one started longest ago is taken
        self._effects: dict[str, Sound] = {}
        self._owner = threading.get_ident()  # the only thread that may call pygame
        self._ready: deque[bytes] = deque()  # rendered chunks in the mixer's format, oldest first
        self._renderer: threading.Thread | None = None
        self._stop = threading.Event()
        self._midi_path: Path | None = None
        self._new_song()
        for engine in engines:
            if engine == "silent" or self._try_start(engine):
                self.engine_name = engine
                break

    # --- starting an engine ---------------------------------------------------------------------------------
    def _try_start(self, engine: str) -> bool:
        try:
            with _quiet_stderr():
                self._open_mixer()
                if engine == "synth":
                    self._start_synth()
                else:
                    self._start_midi()
            return True
        except Exception:  # noqa: BLE001 - any failure means: try the next engine, quietly
            self._channel = None
            return False

    def _open_mixer(self) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=2, buffer=1024)
        settings = pygame.mixer.get_init()
        if settings is None:
            raise pygame.error("the mixer did not open")
        frequency, size, channels = settings
        self._sample_rate, self._mixer_format = frequency, (size, channels)
        if pygame.mixer.get_num_channels() < MIXER_CHANNELS:
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
        pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)
        self._effect_channels = [pygame.mixer.Channel(number) for number in range(MUSIC_CHANNEL + 1, MIXER_CHANNELS)]

    # The methods below import pygame where they call it: _open_mixer has imported it by then (every engine but
    # "silent" opens the mixer first), so the import is a lookup.
    def _start_synth(self) -> None:
        import pygame

        self._new_song()
        self._channel = pygame.mixer.Channel(MUSIC_CHANNEL)
        self._channel.set_volume(self.volume)
        self._feed()

    def _start_midi(self) -> None:
        import pygame

        score = self._make_score()
        score.set_mood(Mood.TENSION)
        folder = Path(tempfile.gettempdir()) / "tablegames-music"
        self._midi_path = write_midi(folder / f"loop-{os.getpid()}.mid", score.bars(FALLBACK_BARS), score.tempo,
                                     score.style)
        music = pygame.mixer.music
        music.load(str(self._midi_path))
        music.set_volume(self.volume)
        if self.style.has_music:
            music.play(loops=-1)

    # --- the song -------------------------------------------------------------------------------------------
    def _make_score(self) -> Score:
        return Score(self.style, self.seed, self.deep_bass)

    def _new_song(self) -> None:
        """A new stream (the lock held); chunks rendered from the old one are dropped."""
        self._stream = SynthStream(self._make_score(), self._sample_rate)
        self._stream.set_mood(self.mood)
        self._ready.clear()

    def _render_chunk(self) -> None:
        """Render the next chunk into `_ready` (the lock held). No pygame here: the renderer thread calls it."""
        samples = self._stream.read(round(CHUNK_SECONDS * self._sample_rate))
        size, channels = self._mixer_format
        self._ready.append(to_mixer_samples(samples, size, channels).tobytes())

    def render_ahead(self) -> None:
        """Top up the chunks ready to READY_CHUNKS (any thread)."""
        with self._lock:
            while self.style.has_music and len(self._ready) < READY_CHUNKS:
                self._render_chunk()

    def _next_sound(self) -> Sound:
        import pygame

        with self._lock:
            if not self._ready:
                self._render_chunk()
            chunk = self._ready.popleft()
        return pygame.mixer.Sound(buffer=chunk)

    def _feed(self) -> None:
        """Queue the next chunk when the channel has none waiting (or has stopped). Owner thread only."""
        channel = self._channel
        if channel is None or not self.style.has_music:
            return
        if channel.get_queue() is None or channel.get_sound() is None:
            channel.queue(self._next_sound())  # an idle channel starts playing it at once

    def _check_owner(self) -> None:
        if threading.get_ident() != self._owner:
            raise RuntimeError("MusicPlayer: pygame's mixer is called only from the thread that made the player "
                               f"(thread {self._owner}), not from thread {threading.current_thread().name!r}")

    # --- what the window calls ------------------------------------------------------------------------------
    def update(self) -> None:
        """Keep the music channel fed: call once a frame, from the thread that made the player."""
        self._check_owner()
        if self.engine_name != "synth":
            return
        try:
            self._feed()
        except Exception:  # noqa: BLE001 - a device lost mid-game: go on without sound
            self._go_silent()

    def start_renderer(self) -> None:
        """Render the music ahead on a daemon thread (numpy only), so `update()` never waits for a render."""
        with self._lock:
            if self._renderer is None and self.engine_name == "synth":
                self._stop.clear()
                self._renderer = threading.Thread(target=self._render_loop, name="music-renderer", daemon=True)
                self._renderer.start()

    def _render_loop(self) -> None:
        while not self._stop.wait(RENDER_INTERVAL):
            self.render_ahead()

    def set_mood(self, mood: Mood) -> None:
        """Heard from the next bar line. No lock: the score only records the mood (one assignment)."""
        if mood is not Mood.BIG_MOMENT:
            self.mood = mood
        self._stream.set_mood(mood)

    def set_style(self, style: str | Style) -> None:
        """Start a new song in another style (Off: effects only)."""
        chosen = style if isinstance(style, Style) else find_style(style)
        self._check_owner()
        with self._lock:
            self.style = chosen
            self._new_song()
            self._restart_music()

    def set_deep_bass(self, deep_bass: bool) -> None:
        """Heard from the next bar: the score reads the setting as it writes each bar."""
        with self._lock:
            self.deep_bass = bool(deep_bass)
            self._stream.score.deep_bass = self.deep_bass

    def set_volume(self, volume: float) -> None:
        self._check_owner()
        self.volume = min(max(float(volume), 0.0), 1.0)
        channel = self._channel
        try:
            if self.engine_name == "synth" and channel is not None:
                channel.set_volume(self.volume)
            elif self.engine_name == "midi":
                import pygame

                pygame.mixer.music.set_volume(self.volume)
        except Exception:  # noqa: BLE001
            self._go_silent()

    def play_effect(self, name: str) -> None:
        """Play a sound effect (sfx.EFFECTS) over the music; nothing happens when the player is silent."""
        if name not in EFFECTS:
            raise ValueError(f"unknown sound effect {name!r}: expected one of {', '.join(EFFECTS)}")
        if self.engine_name == "silent":
            return
        self._check_owner()
        try:
            sound = self._effects.get(name)
            if sound is None:
                size, channels = self._mixer_format
                samples = to_mixer_samples(make_effect(name, self._sample_rate), size, channels)
                import pygame

                sound = self._effects[name] = pygame.mixer.Sound(buffer=samples.tobytes())
            sound.set_volume(self.volume)
            self._effect_channel().play(sound)
        except Exception:  # noqa: BLE001
            self._go_silent()

    def _effect_channel(self) -> Channel:
        """A free effect channel, or else the one started longest ago; never the music's."""
        for channel in self._effect_channels:
            if not channel.get_busy():
                return channel
        channel = self._effect_channels[self._next_effect_channel]
        self._next_effect_channel = (self._next_effect_channel + 1) % len(self._effect_channels)
        return channel

    def save_song(self, folder: str | os.PathLike[str] | None = None) -> Path:
        """Write the music played so far (eight bars of it when nothing has played yet) as a .mid; the path."""
        with self._lock:
            if not self.style.has_music:
                raise ValueError("the music style is Off: there is no song to save")
            score = self._stream.score
            events = list(self._stream.events_played)
            if events:  # a long game keeps its last bars: the saved song starts at the first bar kept
                first_bar = events[0].time - events[0].time % TICKS_PER_BAR
                events = [event._replace(time=event.time - first_bar) for event in events]
            else:
                score = self._make_score()
                score.set_mood(Mood.TENSION)
                events = score.bars(FALLBACK_BARS)
            return save_song(events, score.tempo, score.style, folder)

    def close(self) -> None:
        self._stop.set()
        if self._renderer is not None:
            self._renderer.join(timeout=1.0)
            self._renderer = None
        with self._lock:
            try:
                if self.engine_name == "synth" and self._channel is not None:
                    self._silence(self._channel)
                elif self.engine_name == "midi":
                    import pygame

                    pygame.mixer.music.stop()
            except Exception:  # noqa: BLE001
                pass
            self.engine_name = "silent"
            self._channel = None
            if self._midi_path is not None:
                self._midi_path.unlink(missing_ok=True)
                self._midi_path = None

    # --- helpers --------------------------------------------------------------------------------------------
    def _restart_music(self) -> None:
        try:
            if self.engine_name == "synth" and self._channel is not None:
                self._silence(self._channel)
                self._feed()
            elif self.engine_name == "midi":
                import pygame

                pygame.mixer.music.stop()
                self._start_midi()
        except Exception:  # noqa: BLE001
            self._go_silent()

    @staticmethod
    def _silence(channel: Channel) -> None:
        """Stop the channel and what it has queued: pygame's stop() plays the queued sound, so stop twice."""
        channel.stop()
        channel.stop()

    def _go_silent(self) -> None:
        self.engine_name = "silent"
        self._channel = None
