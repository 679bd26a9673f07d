"""The splash: compiles every numba kernel on the thinker thread behind a progress bar, then opens the suite.

Compiling at start-up with the exact argument types means no compile ever happens in the middle of a game.
Kernels cached by numba load in a fraction of a second; a first run compiles them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from tablegames.core.worker import Job
from tablegames.tables import find_table, warmup_steps
from tablegames.ui.scene import Context, Intent, Pop, Replace, Scene, SceneFactory, register_scene
from tablegames.ui.theme import (
    ACCENT,
    LOGICAL_SIZE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    draw_background,
    draw_text,
    shade,
)

SLOW_STEP_SECONDS = 1.5
SWEEP_SECONDS = 1.2


class SplashScene(Scene):
    name = "splash"

    def __init__(self, context: Context, then: SceneFactory | None = None,
                 steps: list[tuple[str, Callable[[], None]]] | None = None) -> None:
        super().__init__(context)
        self.then = then
        self.steps = warmup_steps() if steps is None else steps
        self.done_steps = 0
        self.job: Job | None = None
        self.clock = 0.0
        self.error = ""
        self.started = time.perf_counter()
        self.step_clock = 0.0  # seconds on the step in progress
        self.seconds_taken = 0.0

    @property
    def progress(self) -> float:
        return self.done_steps / len(self.steps) if self.steps else 1.0

    def update(self, dt: float) -> list[Intent]:
        self.clock += dt
        self.step_clock += dt
        if self.job is not None and self.job.done():
            try:
                self.job.result()
            except Exception as error:  # noqa: BLE001 - a kernel that fails to compile must not stop the suite
                self.error = f"{self.steps[self.done_steps][0]}: {error}"
            self.job = None
            self.done_steps += 1
        if self.job is None and self.done_steps < len(self.steps):
            warm = self.steps[self.done_steps][1]
            self.job = self.context.thinker.submit(lambda token: warm())
            self.step_clock = 0.0
            return []
        if self.done_steps >= len(self.steps) and not self.context.options.get("hold_splash"):
            self.seconds_taken = time.perf_counter() - self.started
            return [Pop()] if self.then is None else [Replace(self.then(self.context))]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        centre_x = LOGICAL_SIZE[0] / 2
        draw_text(surface, "tablegames", (centre_x, 300), 96, ACCENT, "center", bold=True)
        bar = pygame.Rect(0, 0, 560, 26)
        bar.center = (centre_x, 430)
        pygame.draw.rect(surface, PANEL, bar, border_radius=13)
        filled = bar.copy()
        filled.width = max(26, round(bar.width * self.progress))
        pygame.draw.rect(surface, ACCENT, filled, border_radius=13)
        if self.done_steps < len(self.steps):
            self.draw_step_in_progress(surface, bar)
        pygame.draw.rect(surface, PANEL_EDGE, bar, 2, border_radius=13)
        if self.done_steps < len(self.steps):
            title = table_title(self.steps[self.done_steps][0])
            label = f"Preparing {title}" + "." * (1 + int(self.clock * 2) % 3)
            if self.step_clock >= SLOW_STEP_SECONDS:  # loading from numba's cache takes a second at most
                detail = f"compiling its computer player: first start only ({self.step_clock:.0f} s)"
                draw_text(surface, detail, (centre_x, 520), 24, TEXT_DIM, "center")
        else:
            label = "Ready"
        draw_text(surface, label, (centre_x - 12, 480), 30, TEXT, "center")
        if self.error:
            draw_text(surface, self.error[:100], (centre_x, 560), 24, TEXT_DIM, "center")

    def draw_step_in_progress(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        """The current step's share of the bar, with a light sweeping across it: never a bar standing still."""
        share = bar.width / len(self.steps)
        segment = pygame.Rect(bar.x + round(share * self.done_steps), bar.y, max(1, round(share)), bar.height)
        segment = segment.clip(bar)
        pygame.draw.rect(surface, shade(ACCENT, 0.45), segment, border_radius=13)
        sweep_width = max(8, segment.width // 3)
        travel = (self.clock / SWEEP_SECONDS) % 1.0
        sweep = pygame.Rect(segment.x - sweep_width + round((segment.width + sweep_width) * travel), segment.y,
                            sweep_width, segment.height).clip(segment)
        if sweep.width > 0:
            pygame.draw.rect(surface, ACCENT, sweep, border_radius=13)


def table_title(name: str) -> str:
    """A table as the lobby names it ("fasttrack" -> "Fast Track")."""
    return find_table(name).title


register_scene("splash", SplashScene)
