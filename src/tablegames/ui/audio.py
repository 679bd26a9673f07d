"""Sound start-up: the music player on whatever engine opens (synth, MIDI file, silent), from the settings, and the
settings applied to it: one mixer for the whole suite, whichever table is open."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from tablegames.music.mood import Mood
from tablegames.music.player import ENGINES, MusicPlayer
from tablegames.ui.settings import Settings

log = logging.getLogger(__name__)


def start_audio(settings: Settings, enabled: bool = True) -> MusicPlayer:
    """The player for these settings, feeding itself on a daemon thread; silent when sound is off."""
    player = MusicPlayer(style=settings.music_style, deep_bass=settings.deep_bass, volume=settings.volume,
                         engines=ENGINES if enabled and settings.sound else ("silent",))
    apply_sound_settings(player, settings)
    if player.engine_name != "silent":
        player.start_renderer()  # renders on its own thread; the window hands the chunks to the mixer (update)
    return player


def apply_sound_settings(player: MusicPlayer, settings: Settings) -> None:
    """The sound settings on the player, the suite's one mixer: the music and effects volumes (one `volume` until
    the settings have a volume for each), mute (sound off), the style (a crossfade) and deep bass."""
    player.set_music_volume(getattr(settings, "music_volume", settings.volume))
    player.set_effects_volume(getattr(settings, "effects_volume", settings.volume))
    player.set_muted(not settings.sound)
    player.set_deep_bass(settings.deep_bass)
    if getattr(player.style, "slug", settings.music_style) != settings.music_style:
        try:
            player.set_style(settings.music_style)
        except ValueError as error:
            log.warning("sound: %s", error)


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
