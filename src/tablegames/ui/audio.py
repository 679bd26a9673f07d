"""Sound start-up and the sound settings: the music player on whatever engine opens (synth, MIDI file, silent),
made and kept in step with the settings (mute, music on/off, style, the two volumes, deep bass)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from tablegames.music.mood import Mood
from tablegames.music.player import ENGINES, MusicPlayer
from tablegames.ui.scene import Context
from tablegames.ui.settings import Settings

log = logging.getLogger(__name__)


def music_style_of(settings: Settings) -> str:
    """The style the player should play: the chosen one, or Off when the music is switched off."""
    return settings.music_style if settings.music else "off"


def start_audio(settings: Settings, enabled: bool = True) -> MusicPlayer:
    """The player for these settings, feeding itself on a daemon thread. It opens even when muted, so that
    unmuting (M) is heard at once; only `enabled=False` (the demo's --silent) makes it silent."""
    player = MusicPlayer(style=music_style_of(settings), deep_bass=settings.deep_bass, volume=settings.music_volume,
                         effects_volume=settings.effects_volume, muted=not settings.sound,
                         engines=ENGINES if enabled else ("silent",))
    if player.engine_name != "silent":
        player.start_renderer()  # renders on its own thread; the window hands the chunks to the mixer (update)
    return player


def apply_sound(audio: Any, settings: Settings) -> None:
    """Bring the player (None: no sound at this table) in step with the sound settings, at once: mute, the
    volumes, deep bass from the next bar, and a new song when the style (or music on/off) changed."""
    if audio is None:
        return
    audio.set_muted(not settings.sound)
    audio.set_music_volume(settings.music_volume)
    audio.set_effects_volume(settings.effects_volume)
    audio.set_deep_bass(settings.deep_bass)
    wanted = music_style_of(settings)
    if getattr(audio.style, "slug", wanted) != wanted:
        try:
            audio.set_style(wanted)
        except ValueError as error:
            log.warning("sound: %s", error)


MUTE_HINT = "M sound on/off"


def mute_hint(settings: Settings) -> str:
    """The footers' word on sound: the key, and whether all sound is off now."""
    return MUTE_HINT if settings.sound else f"{MUTE_HINT} [muted]"


def toggle_mute(context: Context) -> str:
    """M, in the lobby and at every table: all sound off (or back on), saved, heard at once; what to tell."""
    settings = context.settings
    settings.sound = not settings.sound
    context.save_settings()
    apply_sound(context.audio, settings)
    return "Sound on" if settings.sound else "Sound off: M turns it back on"


INAUDIBLE_DRIVERS = ("dummy", "disk")  # SDL drivers that open a mixer nobody hears


def describe(player: MusicPlayer) -> str:
    """What can be heard: the engine, or "silent" (with why) when nothing reaches a loudspeaker."""
    driver = audio_driver()
    if player.engine_name != "silent" and driver in INAUDIBLE_DRIVERS:
        return f"silent (the {driver!r} audio driver plays nothing; the {player.engine_name} engine ran anyway)"
    if player.engine_name == "synth":
        return "synth (numpy synthesizer streamed to the mixer)"
    if player.engine_name == "midi":
        return "midi (MIDI file through pygame's music player)"
    return "silent"


def audio_driver() -> str | None:
    """The SDL audio driver the mixer opened with, or None when the mixer is not open."""
    import pygame

    if not pygame.mixer.get_init():
        return None
    try:
        return str(pygame.mixer.get_driver())
    except pygame.error:
        return None


def play_cues(audio: MusicPlayer | None, effects: Iterable[str], moods: Iterable[Mood]) -> None:
    """Play a table's queued sound effects and mood changes (a table without sound passes None)."""
    if audio is None:
        return
    for effect in effects:
        audio.play_effect(effect)
    for mood in moods:
        audio.set_mood(mood)
