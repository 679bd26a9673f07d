"""Render one frame of a named scene to a PNG, headless: what a window of that size would show."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import pygame

from tablegames.core.worker import Thinker
from tablegames.ui.app import draw_scenes
from tablegames.ui.canvas import drawing_at, window_scale
from tablegames.ui.scene import SCENES, Context, SceneStack
from tablegames.ui.settings import Settings
from tablegames.ui.table import TableScene
from tablegames.ui.theme import LOGICAL_SIZE, set_text_size

FRAME_SECONDS = 1 / 60


def render_scene(name: str, size: tuple[int, int] = LOGICAL_SIZE, seed: int = 0, frames: int = 0,
                 options: Mapping[str, object] | None = None, text_size: str = "normal") -> pygame.Surface:
    """The picture of scene `name` after `frames` updates, at `size` (default settings but the text size, inline
    thinker)."""
    context = Context(settings=Settings(text_size=text_size), thinker=Thinker(inline=True), seed=seed,
                      options=dict(options or {}))
    set_text_size(text_size)
    try:
        return render(name, context, size, frames)
    finally:
        set_text_size("normal")


def render(name: str, context: Context, size: tuple[int, int], frames: int) -> pygame.Surface:
    with drawing_at(window_scale(size)):  # as in a window of that size, from the scene's start
        return render_at_scale(name, context, size, frames)


def render_at_scale(name: str, context: Context, size: tuple[int, int], frames: int) -> pygame.Surface:
    stack = SceneStack()
    stack.push(SCENES[name](context))
    for _ in range(frames):
        if stack.top is None:
            break
        stack.apply(stack.top.update(FRAME_SECONDS))
    scenes = stack.visible()
    for scene in scenes:
        if isinstance(scene, TableScene):
            scene.relayout()  # a scene set up by calls after it was made (a seeded position): as a frame would
    picture = pygame.Surface(size)
    draw_scenes(scenes, picture)
    stack.close_all()
    return picture


def save_png(surface: pygame.Surface, path: str | os.PathLike[str]) -> None:
    """Save atomically: a PNG is complete or absent."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.stem}.tmp.png")
    pygame.image.save(surface, str(temporary))
    os.replace(temporary, target)
