"""The shared table frame: Save song (E) at every table, said in a toast, whatever the table binds."""

from pathlib import Path

import pygame
import pytest

from tablegames.core.worker import Thinker
from tablegames.ui.scene import Context
from tablegames.ui.settings import Settings


class SongAudio:
    """A player that saves songs (or cannot), and takes every other call."""

    def __init__(self, problem: Exception | None = None) -> None:
        self.saved = 0
        self.problem = problem
        self.style = type("Style", (), {"slug": "hiphop"})()

    def save_song(self):
        if self.problem is not None:
            raise self.problem
        self.saved += 1
        return Path("/music/tablegames-hiphop-20240101-120000.mid")

    def __getattr__(self, name):
        return lambda *args: None


def tables(audio):
    from tablegames.ui.checkers.table import CheckersTable
    from tablegames.ui.fasttrack.scene import FastTrackScene
    from tablegames.ui.piddle.scene import PiddleScene

    context = Context(settings=Settings(checkers_level=1), thinker=Thinker(inline=True), seed=3, audio=audio)
    return [FastTrackScene(context, watch=True), PiddleScene(context), CheckersTable(context, save_path=None)]


def press_e(scene):
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e"))


def test_e_saves_the_song_at_every_table():
    audio = SongAudio()
    for scene in tables(audio):
        before = audio.saved
        assert press_e(scene) == []
        assert audio.saved == before + 1, type(scene).__name__
        toast = scene.toasts.current
        assert toast is not None and "tablegames-hiphop-20240101-120000.mid" in toast.text
        assert "tablegames-hiphop-20240101-120000.wav" in toast.text


@pytest.mark.parametrize("problem", [ValueError("the music style is Off: there is no song to save"),
                                     PermissionError(13, "Permission denied")])
def test_a_song_that_cannot_be_saved_is_said(problem):
    for scene in tables(SongAudio(problem)):
        press_e(scene)
        assert scene.toasts.current.text.startswith("No music saved")
