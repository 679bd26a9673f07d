"""Sound start-up: open the mixer, or carry on silently when no device opens, and say which engine plays.

The music package's player (when present) takes over the mixer; this module only decides whether there is one.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


class SilentAudio:
    """Stands in for the player when there is no sound: every call does nothing."""

    def __init__(self, reason: str) -> None:
        self.engine_name = f"silent ({reason})"

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


def start_audio(enabled: bool = True):
    """The audio engine in use: the music player on an open mixer, or SilentAudio with the reason."""
    if not enabled:
        return SilentAudio("sound off")
    try:
        pygame.mixer.init()
    except pygame.error as error:
        log.info("audio: no device opens (%s); playing silently", error)
        return SilentAudio(f"no audio device: {error}")
    frequency, size, channels = pygame.mixer.get_init()
    try:
        from tablegames.music.player import MusicPlayer  # the music issue's synthesizer
    except ImportError:
        return SilentAudio(f"mixer {pygame.mixer.get_driver()} {frequency} Hz, no music in this build")
    return MusicPlayer()


def describe(audio) -> str:
    return getattr(audio, "engine_name", type(audio).__name__)
