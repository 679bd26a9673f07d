"""Opening a table whose kernels are not ready yet: its own progress ("Preparing Fast Track... first start only"),
then the table itself, the moment its kernels are (tables.py's `kernel_modules`, prepared by ui/preparation.py).

The window never waits: the scene draws its bar every frame while the kernels compile elsewhere, and Esc goes back
to the lobby (the table keeps its place at the front of the queue until the player points at another).
"""

from __future__ import annotations

import pygame

from tablegames.tables import TABLES, find_table
from tablegames.ui import draw
from tablegames.ui.audio import toggle_mute
from tablegames.ui.preparation import READY, Preparation, StillPreparation, TableState
from tablegames.ui.scene import SCENES, Context, Intent, Pop, Replace, Scene, SceneFactory, register_scene
from tablegames.ui.table import MUTE_KEYS
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
from tablegames.ui.widgets import draw_footer

SWEEP_SECONDS = 1.2
QUIET_SECONDS = 0.4  # loading from the cache takes less: no words flash past on an ordinary start
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_q, pygame.K_BACKSPACE)


def open_table(context: Context, table: str, preparation: Preparation | None = None) -> Scene:
    """The table's scene when its kernels are ready (or nothing prepares them: tests, pictures), else the scene
    that waits for them and then opens it."""
    preparation = preparation or context.preparation
    if preparation is None or preparation.state(table).ready:
        return SCENES[table](context)
    return PreparingScene(context, table, preparation)


def draw_progress_bar(surface: pygame.Surface, bar: pygame.Rect, fraction: float, clock: float,
                      moving: bool = True) -> None:
    """A bar filled to `fraction`; `moving`, a light sweeps across the part still to come: never a bar standing
    still while a long compile gives no news."""
    radius = bar.height // 2
    draw.rect(surface, PANEL, bar, border_radius=radius)
    filled = bar.copy()
    filled.width = round(bar.width * min(max(fraction, 0.0), 1.0))
    if moving:
        rest = pygame.Rect(filled.right, bar.y, bar.right - filled.right, bar.height)
        draw.rect(surface, shade(ACCENT, 0.4), rest, border_radius=radius)
        sweep_width = max(8, rest.width // 4)
        travel = (clock / SWEEP_SECONDS) % 1.0
        sweep = pygame.Rect(rest.x - sweep_width + round((rest.width + sweep_width) * travel), bar.y, sweep_width,
                            bar.height).clip(rest)
        if sweep.width > 0:
            draw.rect(surface, shade(ACCENT, 0.7), sweep, border_radius=radius)
    if filled.width > 0:
        filled.width = max(filled.width, bar.height)
        draw.rect(surface, ACCENT, filled, border_radius=radius)
    draw.rect(surface, PANEL_EDGE, bar, 2, border_radius=radius)


def preparing_words(title: str, state: TableState) -> tuple[str, str]:
    """(what is happening, why it takes a while) for a table not ready yet."""
    if state.stage == "queued":
        return f"{title} waits its turn", "It is compiled after the table compiling now: first start only"
    if state.first_start:
        return f"Preparing {title}", "Compiling its computer player: first start only"
    return f"Preparing {title}", ""


class PreparingScene(Scene):
    """Waits for one table's kernels, showing their progress, then becomes the table."""

    name = "preparing"
    draws_at_any_scale = True

    def __init__(self, context: Context, table: str, preparation: Preparation | None = None) -> None:
        super().__init__(context)
        self.table = find_table(table)
        self.preparation = preparation or context.preparation
        self.clock = 0.0
        self.status = READY if self.preparation is None else self.preparation.state(table)
        self.notice = ""

    def on_enter(self) -> None:
        if self.preparation is not None:
            self.preparation.prefer(self.table.name)

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            return [Pop()]
        if event.type == pygame.KEYDOWN and event.key in MUTE_KEYS:
            self.notice = toggle_mute(self.context)
        return []

    def update(self, dt: float) -> list[Intent]:
        self.clock += dt
        if self.preparation is not None:
            self.preparation.prefer(self.table.name)
            self.status = self.preparation.state(self.table.name)
        if self.status.ready:
            return [Replace(SCENES[self.table.name](self.context))]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        centre_x = LOGICAL_SIZE[0] / 2
        draw_text(surface, self.table.title, (centre_x, 250), 84, ACCENT, "center", bold=True)
        draw_text(surface, self.table.blurb, (centre_x, 330), 30, TEXT_DIM, "center")
        if self.clock < QUIET_SECONDS and not self.status.first_start:
            return
        heading, detail = preparing_words(self.table.title, self.status)
        dots = "." * (1 + int(self.clock * 2) % 3)
        draw_text(surface, heading + dots, (centre_x - 12, 430), 34, TEXT, "center")
        bar = pygame.Rect(0, 0, 560, 26)
        bar.center = (round(centre_x), 490)
        draw_progress_bar(surface, bar, self.status.fraction, self.clock)
        if detail:
            draw_text(surface, detail, (centre_x, 545), 26, TEXT_DIM, "center", body=True)
        if self.status.error:
            draw_text(surface, self.status.error[:100], (centre_x, 600), 22, TEXT_DIM, "center")
        if self.notice:
            draw_text(surface, self.notice, (centre_x, 650), 28, ACCENT, "center", body=True)
        draw_footer(surface, "The table opens by itself when it is ready   Esc back to the lobby",
                    (centre_x, 740), 26, LOGICAL_SIZE[0] - 40)


def _picture(table: str) -> SceneFactory:
    def make(context: Context) -> Scene:
        return PreparingScene(context, table, StillPreparation({table: TableState("compiling", 0.4, True)}))

    return make


for _spec in TABLES:  # `--screenshot --scene fasttrack:preparing`: a first start's wait, standing still
    register_scene(f"{_spec.name}:preparing", _picture(_spec.name))
