"""The real-time player: the synthesizer streamed in stereo to a pygame mixer channel, with quiet fallbacks.

Engines, tried in order: "synth" (chunks rendered by SynthStream, converted to the format the mixer reports and
queued on a reserved channel), "midi" (an eight-bar MIDI file looped by pygame.mixer.music) and "silent".
Whatever fails is skipped without a message: `engine_name` says which one plays. pygame is imported only here,
and only when a player is built.

One mixer for the suite: the player owns the music volume, the effects volume and mute (`set_music_volume`,
`set_effects_volume`, `set_muted`); a table only sends moods and effect names. The music is one bus (its own
mixer channel, master-limited by the synthesizer), the effects another (their own channels and volume).

Threads: pygame is not thread-safe, so every pygame call is made on the thread that built the player (the
window's main thread; `_check_owner` refuses any other). The window calls `update()` once a frame: it hands the
mixer the next rendered chunk when the music channel wants one (one chunk is CHUNK_SECONDS long).
`start_renderer()` adds a daemon thread that only runs numpy: the synthesizer, keeping READY_CHUNKS chunks
rendered ahead, and the sound effects, made once. The window never waits on it: a mood, a style or the deep-bass
setting is a request the renderer picks up (`_requests`), the ready chunks are taken under a lock held only to
move a chunk, and when no chunk is ready yet `update()` simply tries again next frame. Without the renderer
thread, `update()` renders the chunk itself (about a millisecond, see scripts/bench_synth.py).

A change of style is a crossfade of CROSSFADE_SECONDS: the old song (the chunks it had ready first, so nothing
is skipped) fades out while the new one fades in, linearly, so the sum of the two limited streams cannot clip.
A mood needs none: it changes the arrangement at the next bar line, where the layers that leave end with the
release of their last notes and the layers that join start on the downbeat.

The music channel is fed only with `Channel.queue`, which starts the channel itself when it is idle: a `play()`
chosen after `get_busy()` said False can land while SDL_mixer's end-of-chunk callback is handing the queued chunk
over, and drop a chunk that is about to play. Effects play on their own channels, picked here: pygame's
`find_channel(True)` can return the reserved music channel (SDL_mixer's Mix_GroupOldest ignores reservations),
and an effect started there from the window while the music thread queued on it crashed the suite
(docs/reliability.md).
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
import threading
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from tablegames.music.measure import write_wav_stream
from tablegames.music.midi import save_song, write_midi
from tablegames.music.mood import Mood
from tablegames.music.score import TICKS_PER_BAR, NoteEvent, Score
from tablegames.music.sfx import EFFECTS, make_effect
from tablegames.music.styles import Style, find_style
from tablegames.music.synth import SAMPLE_RATE, SynthStream, render_events

if TYPE_CHECKING:  # pygame itself is imported only when a player opens the mixer
    from pygame.mixer import Channel, Sound

log = logging.getLogger(__name__)

ENGINES = ("synth", "midi", "silent")
CHUNK_SECONDS = 0.2
RENDER_INTERVAL = 0.02  # how often the renderer thread tops up the chunks ready
READY_CHUNKS = 2  # rendered ahead: a mood change is heard at most this many chunks later than without
CROSSFADE_SECONDS = 0.6  # a change of style fades the old song out and the new one in over this long
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


def _clamp(volume: float) -> float:
    return min(max(float(volume), 0.0), 1.0)


class MusicPlayer:
    """Plays the music of a style following a Mood, and the sound effects; never raises over a sound problem."""

    def __init__(self, style: str | Style = "hiphop", seed: int = 0, deep_bass: bool = False, volume: float = 0.7,
                 engines: tuple[str, ...] = ENGINES, effects_volume: float | None = None,
                 muted: bool = False) -> None:
        for engine in engines:
            if engine not in ENGINES:
                raise ValueError(f"unknown audio engine {engine!r}: expected some of {', '.join(ENGINES)}")
        self.style = style if isinstance(style, Style) else find_style(style)
        self.seed = seed
        self.deep_bass = deep_bass
        self.music_volume = _clamp(volume)
        self.effects_volume = self.music_volume if effects_volume is None else _clamp(effects_volume)
        self.muted = bool(muted)
        self.mood = Mood.CALM
        self.engine_name = "silent"
        self._lock = threading.RLock()  # the song: held while rendering and while the song is replaced
        self._handoff = threading.Lock()  # the ready chunks: held only to move one
        self._sample_rate = SAMPLE_RATE
        self._mixer_format = (-16, 2)
        self._channel: Channel | None = None
        self._effect_channels: list[Channel] = []
        self._next_effect_channel = 0  # when every effect channel is busy, the one started longest ago is taken
        self._effects: dict[str, Sound] = {}
        self._effect_samples: dict[str, np.ndarray] = {}  # made by the renderer thread ahead of their first use
        self._owner = threading.get_ident()  # the only thread that may call pygame
        self._ready: deque[np.ndarray] = deque()  # rendered chunks (float32, stereo), oldest first
        self._requests: deque[tuple[str, object]] = deque()  # from the window, applied where the song is rendered
        self._renderer: threading.Thread | None = None
        self._savers: list[threading.Thread] = []
        self._stop = threading.Event()
        self._midi_path: Path | None = None
        self._stream_style = self.style  # the style the stream plays (self.style is the one asked for)
        # The songs fading out under a crossfade: (stream, its samples already rendered, to be played first, its
        # gain when the crossfade began).
        self._fading: list[tuple[SynthStream, np.ndarray, float]] = []
        self._fade_done = 0  # samples of the crossfade played
        self._new_song()
        for engine in engines:
            if engine == "silent" or self._try_start(engine):
                self.engine_name = engine
                break

    @property
    def volume(self) -> float:
        """The music's volume (kept for callers that set one volume for both)."""
        return self.music_volume

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
        self._apply_volumes()
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
        self._apply_volumes()
        if self.style.has_music:
            music.play(loops=-1)

    # --- the song (rendered under the lock, by the renderer thread or by update()) ----------------------------
    def _make_score(self, style: Style | None = None) -> Score:
        return Score(style or self.style, self.seed, self.deep_bass)

    def _new_song(self) -> None:
        """A new stream at once, without a crossfade (starting an engine); chunks rendered before are dropped."""
        with self._lock:
            self._stream_style = self.style
            self._stream = SynthStream(self._make_score(self.style), self._sample_rate)
            self._stream.set_mood(self.mood)
            self._fading = []
            with self._handoff:
                self._ready.clear()

    def _request(self, kind: str, value: object) -> None:
        """Hand a change to whoever renders: the renderer thread picks it up; without one it applies at once."""
        self._requests.append((kind, value))
        if self._renderer is None:
            with self._lock:
                self._apply_requests()

    def _apply_requests(self) -> None:
        """What the window asked for since the last render, in order (the lock held)."""
        while self._requests:
            kind, value = self._requests.popleft()
            if kind == "mood" and isinstance(value, Mood):
                self._stream.set_mood(value)
            elif kind == "deep" and isinstance(value, bool):
                self._stream.score.deep_bass = value
            elif kind == "style" and isinstance(value, Style) and value is not self._stream_style:
                self._crossfade_to(value)

    def _crossfade_to(self, style: Style) -> None:
        """Start the new song and fade out what plays now over it (the lock held). Every song fading out keeps
        the gain it has now times (1 - t) while the new one rises as t, so the gains always sum to 1."""
        progress = min(self._fade_done / self._fade_length(), 1.0) if self._fading else 1.0
        fading = [(stream, head, gain * (1.0 - progress)) for stream, head, gain in self._fading]
        if self._stream_style.has_music:
            head = np.zeros((0, 2), dtype=np.float32)
            if not self._fading:  # the chunks it has ready are its next samples: they fade out first, nothing lost
                with self._handoff:
                    head = np.concatenate([head, *self._ready])
                    self._ready.clear()
            fading.append((self._stream, head, progress))
        self._fading = [(stream, head, gain) for stream, head, gain in fading if gain > 1e-3]
        self._fade_done = 0
        self._stream_style = style
        self._stream = SynthStream(self._make_score(style), self._sample_rate)
        self._stream.set_mood(self.mood)

    def _fade_length(self) -> int:
        return max(1, round(CROSSFADE_SECONDS * self._sample_rate))

    def _render_chunk(self) -> np.ndarray | None:
        """The next chunk of the music (stereo float32), a crossfade included; None when nothing plays. No pygame
        here: the renderer thread calls it (the lock held)."""
        self._apply_requests()
        if not (self._stream_style.has_music or self._fading):
            return None
        count = round(CHUNK_SECONDS * self._sample_rate)
        if self._stream_style.has_music:
            music = self._stream.read(count)
        else:
            music = np.zeros((count, 2), dtype=np.float32)
        if not self._fading:
            return music
        rising = np.clip((self._fade_done + np.arange(count, dtype=np.float32)) / np.float32(self._fade_length()),
                         0.0, 1.0)[:, None]
        mixed = music * rising
        for index, (stream, head, gain) in enumerate(self._fading):
            old = head[:count]
            if len(old) < count:
                old = np.concatenate((old, stream.read(count - len(old))))
            self._fading[index] = (stream, head[count:], gain)
            mixed += old * (np.float32(gain) * (1.0 - rising))
        self._fade_done += count
        if self._fade_done >= self._fade_length():
            self._fading = []
        return mixed

    def render_ahead(self) -> None:
        """Take the window's requests and top up the chunks ready to READY_CHUNKS (any thread)."""
        with self._lock:
            self._apply_requests()
            while len(self._ready) < READY_CHUNKS:
                chunk = self._render_chunk()
                if chunk is None:
                    return
                with self._handoff:
                    self._ready.append(chunk)

    def _take_chunk(self) -> np.ndarray | None:
        """The next ready chunk; rendered here only when no renderer thread runs (then None means silence)."""
        with self._handoff:
            if self._ready:
                return self._ready.popleft()
        if self._renderer is not None:
            return None  # the renderer is on it: the window does not wait, it tries again next frame
        with self._lock:
            return self._render_chunk()

    def _feed(self) -> None:
        """Queue the next chunk when the channel has none waiting (or has stopped). Owner thread only."""
        channel = self._channel
        if channel is None:
            return
        if channel.get_queue() is None or channel.get_sound() is None:
            chunk = self._take_chunk()
            if chunk is None:
                return
            import pygame

            size, channels = self._mixer_format
            channel.queue(pygame.mixer.Sound(buffer=to_mixer_samples(chunk, size, channels).tobytes()))

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
        while True:
            self.render_ahead()
            self._make_an_effect()
            if self._stop.wait(RENDER_INTERVAL):
                return

    def _make_an_effect(self) -> None:
        """Synthesize the next effect not made yet, in the mixer's format, before it is first played (numpy
        only; one per round, after the music is topped up)."""
        name = next((name for name in EFFECTS if name not in self._effect_samples), None)
        if name is not None:
            size, channels = self._mixer_format
            self._effect_samples[name] = to_mixer_samples(make_effect(name, self._sample_rate), size, channels)

    def set_mood(self, mood: Mood) -> None:
        """Heard from the next bar line."""
        if mood is not Mood.BIG_MOMENT:
            self.mood = mood
        self._request("mood", mood)

    def set_style(self, style: str | Style) -> None:
        """Crossfade to a new song in another style (Off: the music fades out, the effects go on)."""
        chosen = style if isinstance(style, Style) else find_style(style)
        self._check_owner()
        self.style = chosen
        self._request("style", chosen)
        if self.engine_name == "midi":
            self._restart_midi()

    def set_deep_bass(self, deep_bass: bool) -> None:
        """Heard from the next bar: the score reads the setting as it writes each bar."""
        self.deep_bass = bool(deep_bass)
        self._request("deep", self.deep_bass)

    def set_music_volume(self, volume: float) -> None:
        """The music bus's volume, 0-1 (a setting of the suite, applied at once)."""
        self._check_owner()
        self.music_volume = _clamp(volume)
        self._apply_volumes()

    def set_effects_volume(self, volume: float) -> None:
        """The effects bus's volume, 0-1 (effects already playing follow at once)."""
        self._check_owner()
        self.effects_volume = _clamp(volume)
        self._apply_volumes()

    def set_muted(self, muted: bool) -> None:
        """Mute everything, or unmute (the song keeps its place: muted music goes on, unheard)."""
        self._check_owner()
        self.muted = bool(muted)
        self._apply_volumes()

    def set_volume(self, volume: float) -> None:
        """Music and effects at the same volume."""
        self._check_owner()
        self.music_volume = self.effects_volume = _clamp(volume)
        self._apply_volumes()

    @property
    def music_level(self) -> float:
        """The music's volume as heard: 0 when muted."""
        return 0.0 if self.muted else self.music_volume

    @property
    def effects_level(self) -> float:
        """The effects' volume as heard: 0 when muted."""
        return 0.0 if self.muted else self.effects_volume

    def effect_channel_volumes(self) -> list[float]:
        """The mixer's volume on each effect channel (empty when the player is silent): what an effect is heard at."""
        if self.engine_name == "silent":
            return []
        return [channel.get_volume() for channel in self._effect_channels]

    def _apply_volumes(self) -> None:
        """The volumes to the mixer: the music's channel (or pygame's music player) and every effect channel, so
        effects already playing follow a change (and a mute) at once."""
        channel = self._channel
        try:
            if self.engine_name in ("synth", "silent") and channel is not None:  # "silent" while starting
                channel.set_volume(self.music_level)
            elif self.engine_name == "midi" or self._midi_path is not None:
                import pygame

                pygame.mixer.music.set_volume(self.music_level)
            for effect_channel in self._effect_channels:  # none until the mixer opened
                effect_channel.set_volume(self.effects_level)
        except Exception:  # noqa: BLE001
            self._go_silent()

    def play_effect(self, name: str) -> None:
        """Play a sound effect (sfx.EFFECTS) over the music; nothing happens when the player is silent or muted."""
        if name not in EFFECTS:
            raise ValueError(f"unknown sound effect {name!r}: expected one of {', '.join(EFFECTS)}")
        if self.engine_name == "silent" or self.muted:
            return
        self._check_owner()
        try:
            sound = self._effects.get(name)
            if sound is None:
                samples = self._effect_samples.get(name)
                if samples is None:  # not made ahead yet (no renderer thread)
                    size, channels = self._mixer_format
                    samples = to_mixer_samples(make_effect(name, self._sample_rate), size, channels)
                import pygame

                sound = self._effects[name] = pygame.mixer.Sound(buffer=samples.tobytes())
            channel = self._effect_channel()
            channel.set_volume(self.effects_level)
            channel.play(sound)
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

    def song_so_far(self) -> tuple[list[NoteEvent], int, Style]:
        """The music played so far (eight bars of it when nothing has played yet) as (events from tick 0, tempo,
        style); a long game keeps its last bars and the song starts at the first bar kept. Takes no lock."""
        if not self.style.has_music:
            raise ValueError("the music style is Off: there is no song to save")
        stream = self._stream
        events = list(stream.events_played)  # one C-level copy: safe while the renderer appends
        if events:
            first_bar = events[0].time - events[0].time % TICKS_PER_BAR
            shifted = [event._replace(time=event.time - first_bar) for event in events]
            return shifted, stream.score.tempo, stream.score.style
        score = self._make_score()
        score.set_mood(Mood.TENSION)
        return score.bars(FALLBACK_BARS), score.tempo, score.style

    def save_song(self, folder: str | os.PathLike[str] | None = None, wav: bool = True) -> Path:
        """"Save song": the music so far as a Standard MIDI File, written now, and the same bars rendered as a
        16-bit stereo WAV beside it (same name, .wav), written by a background thread (numpy and a file only; a
        failure there is logged). Returns the .mid path; `wait_for_saves()` waits for the WAV."""
        events, tempo, style = self.song_so_far()
        path = save_song(events, tempo, style, folder)
        if wav:
            saver = threading.Thread(target=self._write_wav, args=(path.with_suffix(".wav"), events, tempo, style),
                                     name="music-save", daemon=True)
            self._savers = [thread for thread in self._savers if thread.is_alive()] + [saver]
            saver.start()
        return path

    def _write_wav(self, path: Path, events: list[NoteEvent], tempo: int, style: Style) -> None:
        try:
            write_wav_stream(path, render_events(events, tempo, style, SAMPLE_RATE), SAMPLE_RATE)
        except Exception:  # a thread has nobody to raise to: the log says what went wrong
            log.exception("music: the song's WAV could not be written to %s", path)

    def wait_for_saves(self, timeout: float | None = None) -> bool:
        """Wait for the WAVs being written; True when they are all done."""
        for thread in self._savers:
            thread.join(timeout)
        return not any(thread.is_alive() for thread in self._savers)

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
    def _restart_midi(self) -> None:
        try:
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
