"""Scenes, intents and the scene stack.

A scene turns events into intents (`handle`), advances its animation (`update`) and paints (`draw`, which never
changes state). Intents are small values the app carries out: push a scene, pop, replace, quit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tablegames.core.rng import stream_key
from tablegames.core.worker import Thinker
from tablegames.ui.settings import Settings

if TYPE_CHECKING:
    from tablegames.ui.preparation import Preparation


@dataclass
class Push:
    scene: Scene


@dataclass
class Pop:
    pass


@dataclass
class Replace:
    scene: Scene


@dataclass
class Quit:
    pass


Intent = Push | Pop | Replace | Quit


@dataclass
class Context:
    """What every scene may use: settings, the thinker, the audio, the seed and screenshot options, and the
    background preparation of the tables' kernels (None: every table is ready, as in tests and pictures)."""

    settings: Settings = field(default_factory=Settings)
    thinker: Thinker = field(default_factory=lambda: Thinker(inline=True))
    audio: Any = None
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    save_settings: Callable[[], None] = lambda: None
    fresh_seeds: bool = False  # the player's window: every new game is dealt from a new seed
    player_files: bool = False  # the player's window: tables resume and save the player's games (never a screenshot)

    def saved_game(self, path: Path) -> Path | None:
        """Where a table keeps its game: the player's file in the player's window; nowhere elsewhere (screenshots,
        the demo's tables, tests), so drawing a picture never reads or overwrites the player's game."""
        return path if self.player_files else None
    preparation: Preparation | None = None

    def new_game_seed(self, table: str) -> int:
        """The seed of a new game at `table` (0..2^32-1). In the player's window, a new one each time, from the
        install's seed and the count of games started (kept in the settings); elsewhere (screenshots, tests,
        --seed) `seed` itself, so the same command shows the same game."""
        if not self.fresh_seeds:
            return self.seed
        settings = self.settings
        settings.games_started += 1
        return stream_key("new-game", settings.install_seed, table, settings.games_started) & 0xFFFFFFFF


class Scene:
    """Base scene: draws nothing, ignores events. `opaque=False` lets the scene below show (overlays)."""

    name = "scene"
    opaque = True
    # Drawn at the window's real pixel size (through ui.draw, theme.draw_text and canvas layers: see ui/canvas.py);
    # a scene not yet drawn that way is drawn at 1280x800 and scaled to the window, with what is shown with it.
    draws_at_any_scale = False

    def __init__(self, context: Context) -> None:
        self.context = context

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        return []

    def update(self, dt: float) -> list[Intent]:
        return []

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered by a pop)."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack (popped or replaced): save, cancel searches."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.quitting = False

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        if self.top is not None:
            self.top.on_enter()
        else:
            self.quitting = True

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def apply(self, intents: Iterable[Intent]) -> None:
        for intent in intents:
            if isinstance(intent, Push):
                self.push(intent.scene)
            elif isinstance(intent, Pop):
                self.pop()
            elif isinstance(intent, Replace):
                self.replace(intent.scene)
            elif isinstance(intent, Quit):
                self.quitting = True
            else:
                raise TypeError(f"not an intent: {intent!r}")

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and every one below it up to the first opaque one."""
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        return self.scenes[max(start, 0):]

    def close_all(self) -> None:
        while self.scenes:
            self.scenes.pop().on_exit()


SceneFactory = Callable[[Context], Scene]
SCENES: dict[str, SceneFactory] = {}


def register_scene(name: str, factory: SceneFactory) -> None:
    """Make a scene renderable by name (`--screenshot --scene NAME`, `--list-scenes`)."""
    SCENES[name] = factory
