"""The lobby: four tables as cards with live miniatures, chosen by mouse or keys.

`LobbyController` is graphics-free (tests drive it); `LobbyScene` turns pygame events into its calls and draws.
S opens Sound and display (the suite's settings), M turns all sound on or off (as at every table), and Q asks
before quitting when a table keeps an unfinished game.

The lobby opens before the tables' kernels are ready (ui/preparation.py prepares them in the background): the card
the player points at is prepared first, a card still compiling shows its own bar and "first start only", and
choosing a table that is not ready yet opens its preparing scene (ui/preparing.py), which becomes the table.
"""

from __future__ import annotations

import pygame

from tablegames.core.places import about_lines
from tablegames.tables import TABLES, TableSpec
from tablegames.ui import draw
from tablegames.ui.audio import mute_hint, toggle_mute
from tablegames.ui.canvas import drawing_scale, layer
from tablegames.ui.overlay import RulesScene
from tablegames.ui.preparation import READY, Preparation, TableState, first_start_picture
from tablegames.ui.preparing import draw_progress_bar, open_table
from tablegames.ui.scene import Context, Intent, Push, Quit, Scene, register_scene
from tablegames.ui.sound_display import SoundDisplayScene
from tablegames.ui.table import MUTE_KEYS
from tablegames.ui.theme import (
    ACCENT,
    FELT,
    FELT_DARK,
    LOGICAL_SIZE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    draw_background,
    draw_text,
    shade,
    text_scale,
)
from tablegames.ui.widgets import ConfirmScene, draw_footer, draw_wrapped

NOTICE_SECONDS = 2.5
CARD_SIZE = (270, 440)
CARD_GAP = 40
CARD_TOP = 220
HOTKEYS = {pygame.K_1 + index: index for index in range(min(len(TABLES), 9))}  # 1-4 sit down at once


def card_rect(index: int) -> pygame.Rect:
    total = len(TABLES) * CARD_SIZE[0] + (len(TABLES) - 1) * CARD_GAP
    left = (LOGICAL_SIZE[0] - total) // 2
    return pygame.Rect(left + index * (CARD_SIZE[0] + CARD_GAP), CARD_TOP, *CARD_SIZE)


class LobbyController:
    """Which card is chosen, and what choosing it means. Returns ('open', name) or ('quit',)."""

    def __init__(self, selected: int = 0) -> None:
        self.selected = selected % len(TABLES)

    def move(self, step: int) -> None:
        self.selected = (self.selected + step) % len(TABLES)

    def choose(self, index: int | None = None) -> tuple[str, ...]:
        if index is not None:
            self.selected = index
        return ("open", TABLES[self.selected].name)

    def card_at(self, pos: tuple[float, float]) -> int | None:
        for index in range(len(TABLES)):
            if card_rect(index).collidepoint(pos):
                return index
        return None

    def key(self, key: int) -> tuple[str, ...] | None:
        if key in (pygame.K_LEFT, pygame.K_UP, pygame.K_a):
            self.move(-1)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_d, pygame.K_TAB):
            self.move(1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.choose()
        elif key in HOTKEYS:
            return self.choose(HOTKEYS[key])
        elif key == pygame.K_q:
            return ("quit",)
        elif key == pygame.K_i:
            return ("about",)
        elif key == pygame.K_s:
            return ("settings",)
        elif key in MUTE_KEYS:
            return ("mute",)
        return None

    def click(self, pos: tuple[float, float]) -> tuple[str, ...] | None:
        index = self.card_at(pos)
        return None if index is None else self.choose(index)

    def point(self, pos: tuple[float, float]) -> None:
        index = self.card_at(pos)
        if index is not None:
            self.selected = index


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, context: Context, preparation: Preparation | None = None) -> None:
        super().__init__(context)
        self.controller = LobbyController(context.settings.last_table)
        self.preparation = preparation or context.preparation
        self.clock = 0.0
        self.notice = ""
        self.notice_left = 0.0
        self.states = self.read_states()
        self.backdrop = layer(LOGICAL_SIZE, alpha=False)
        self.painted: tuple[object, ...] = ()  # `backdrop_key` when the backdrop was painted
        self.refresh_backdrop()

    def read_states(self) -> tuple[TableState, ...]:
        """Each card's table's preparation (ready when nothing prepares them), the selected one put first."""
        if self.preparation is None:
            return tuple(READY for _ in TABLES)
        self.preparation.prefer(TABLES[self.controller.selected].name)
        return tuple(self.preparation.state(table.name) for table in TABLES)

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        action = None
        if event.type == pygame.KEYDOWN:
            action = self.controller.key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.controller.point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            action = self.controller.click(event.pos)
        intents = self.carry_out(action)
        self.refresh_backdrop()
        return intents

    def carry_out(self, action: tuple[str, ...] | None) -> list[Intent]:
        if action is None:
            return []
        if action[0] == "quit":
            return self.ask_before_quitting()
        if action[0] == "about":
            return [Push(about_scene(self.context))]
        if action[0] == "settings":
            return [Push(SoundDisplayScene(self.context))]
        if action[0] == "mute":
            self.notice, self.notice_left = toggle_mute(self.context), NOTICE_SECONDS
            return []
        self.context.settings.last_table = self.controller.selected
        self.context.save_settings()
        return [Push(open_table(self.context, action[1], self.preparation))]

    def ask_before_quitting(self) -> list[Intent]:
        """Quit, asking first when a table keeps an unfinished game (it is saved: the question says so)."""
        kept = [table.title for table in TABLES if table.has_saved_game()]
        if not kept:
            return [Quit()]
        games = " and ".join(kept)
        detail = (f"Your {games} game is saved: it goes on when you sit down again." if len(kept) == 1 else
                  f"Your {games} games are saved: they go on when you sit down again.")
        return [Push(ConfirmScene(self.context, "Quit tablegames?", detail, "Quit", lambda: [Quit()],
                                  cancel_label="Stay"))]

    def update(self, dt: float) -> list[Intent]:
        self.clock += dt
        self.notice_left = max(0.0, self.notice_left - dt)
        self.states = self.read_states()
        self.refresh_backdrop()
        return []

    def backdrop_key(self) -> tuple[object, ...]:
        """What the still picture shows: the chosen card, each card's stage, the footer, the scales."""
        stages = tuple(state.stage if state.first_start and not state.ready else "" for state in self.states)
        return (self.controller.selected, stages, mute_hint(self.context.settings), text_scale(), drawing_scale())

    def refresh_backdrop(self) -> None:
        """The still picture (background, title, the cards and their miniatures' still parts, the footer), painted
        again when what it shows changed: painting it every frame took most of a frame in a large window."""
        key = self.backdrop_key()
        if key != self.painted:
            self.backdrop = layer(LOGICAL_SIZE, alpha=False)
            self.paint_backdrop(self.backdrop)
            self.painted = key

    def paint_backdrop(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        draw_text(surface, "tablegames", (LOGICAL_SIZE[0] / 2, 70), 84, ACCENT, "center", bold=True)
        draw_text(surface, "Choose a table", (LOGICAL_SIZE[0] / 2, 140), 34, TEXT_DIM, "center")
        for index, table in enumerate(TABLES):
            self.paint_card(surface, index, table)
        hint = (f"1-{len(TABLES)} sit at a table   Left/Right and Enter, or click   S sound and display   "
                f"{mute_hint(self.context.settings)}   I about   F11 full screen   Q quit")
        draw_footer(surface, hint, (LOGICAL_SIZE[0] / 2, 740), 26, LOGICAL_SIZE[0] - 40, max_lines=2)

    def card_places(self, index: int) -> tuple[pygame.Rect, pygame.Rect]:
        """A card's rectangle (the chosen one raised) and its felt's."""
        rect = card_rect(index)
        if index == self.controller.selected:
            rect = rect.move(0, -10)
        return rect, pygame.Rect(rect.x + 15, rect.y + 15, rect.width - 30, rect.width - 30)

    def paint_card(self, surface: pygame.Surface, index: int, table: TableSpec) -> None:
        rect, felt = self.card_places(index)
        chosen = index == self.controller.selected
        if chosen:
            draw.rect(surface, shade(ACCENT, 0.5), rect.inflate(14, 14), border_radius=22)
        draw.rect(surface, PANEL, rect, border_radius=18)
        draw.rect(surface, ACCENT if chosen else PANEL_EDGE, rect, 3, border_radius=18)
        draw.rect(surface, FELT_DARK, felt, border_radius=12)
        draw.rect(surface, FELT, felt.inflate(-8, -8), border_radius=10)
        clip = surface.get_clip()
        surface.set_clip(felt.inflate(-8, -8))
        table.draw_miniature()(surface, felt.inflate(-24, -24), 0.0, "still")  # its moving part: `draw`, each frame
        surface.set_clip(clip)
        draw_text(surface, table.title, (rect.centerx, felt.bottom + 28), 40, TEXT, "center", bold=True)
        draw_wrapped(surface, table.blurb, pygame.Rect(rect.x + 14, felt.bottom + 50, rect.width - 28, 80), 25,
                     line_height=26)
        state = self.states[index]
        if state.first_start and not state.ready:
            words = "Waits its turn: first start only" if state.stage == "queued" else "Preparing: first start only"
            draw_text(surface, words, (rect.centerx, rect.bottom - 22), 22, TEXT_DIM, "center")
        else:
            draw_text(surface, f"{index + 1}  Enter to play", (rect.centerx, rect.bottom - 26), 28, ACCENT, "center")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.backdrop, (0, 0))  # brought up to date in handle and update
        for index, table in enumerate(TABLES):
            rect, felt = self.card_places(index)
            clip = surface.get_clip()
            surface.set_clip(felt.inflate(-8, -8))
            table.draw_miniature()(surface, felt.inflate(-24, -24), self.clock + index * 0.7, "moving")
            surface.set_clip(clip)
            state = self.states[index]
            if state.first_start and not state.ready:  # a first start: the card's own bar
                bar = pygame.Rect(rect.x + 30, rect.bottom - 52, rect.width - 60, 12)
                draw_progress_bar(surface, bar, state.fraction, self.clock, moving=state.stage != "queued")
        if self.notice_left > 0:
            draw_text(surface, self.notice, (LOGICAL_SIZE[0] / 2, 190), 30, ACCENT, "center", body=True)


def about_scene(context: Context) -> RulesScene:
    """Where the player's files and the log are (the same lines as `tablegames --about`)."""
    version, *places, note = about_lines()
    text = f"# About {version}\n\n" + "\n".join(f"- {line}" for line in places) + f"\n\n{note}\n"
    return RulesScene(context, text)


register_scene("lobby", LobbyScene)
register_scene("lobby:first-start", lambda context: LobbyScene(context, first_start_picture()))
register_scene("about", about_scene)
