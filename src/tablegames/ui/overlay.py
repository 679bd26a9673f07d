"""Overlays shared by the tables: a settings menu over the table, and a scrollable rules page.

A table's menu is an `OverlayMenuScene` with its rows (`MenuItem`s) and a `MenuModel` that says what each row
shows and how left/right change it (`OptionsMenu`: rows that each step one setting through its values); the scene
handles keys and clicks, draws, saves the settings, and asks the table to apply them when it closes. Every table's
menu has the "Sound and display..." row (`SOUND_AND_DISPLAY`), which opens the suite's one settings scene
(`ui/sound_display.py`), and its "Back to the lobby" asks first when a game is in progress. Menus and the rules
page are drawn at the player's text size. The rules page renders a small markdown subset (headings, items, tables).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import pygame

from tablegames.ui import draw
from tablegames.ui.canvas import drawing_scale, layer
from tablegames.ui.scene import Context, Intent, Pop, Push, Scene
from tablegames.ui.settings import Settings
from tablegames.ui.table import TableScene
from tablegames.ui.theme import (
    ACCENT,
    LOGICAL_SIZE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    body_size,
    draw_text,
    shade,
    text_scale,
)
from tablegames.ui.widgets import draw_dim, fit_text, text_width, wrap_text

ROW_HEIGHT = 52


@dataclass(frozen=True)
class MenuItem:
    key: str
    label: str


SOUND_AND_DISPLAY = MenuItem("sound_display", "Sound and display...")  # a row of every table's menu

T = TypeVar("T")


def cycle(values: tuple[T, ...], current: T, step: int) -> T:
    index = values.index(current) if current in values else 0
    return values[(index + step) % len(values)]


def centred_rect(width: int, height: int) -> pygame.Rect:
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
    return rect


def menu_row_rect(menu_rect: pygame.Rect, index: int, row_height: int = ROW_HEIGHT) -> pygame.Rect:
    """Where row `index` of a menu lies (the one geometry of every table's menu)."""
    return pygame.Rect(menu_rect.x + 30, menu_rect.y + 86 + index * row_height, menu_rect.width - 60, row_height - 8)


RESUME_KEYS = ("back", "resume")


class MenuModel:
    """A menu without graphics: the chosen row; subclasses say what a row shows (`value`) and how a step
    changes its setting (`change`, True when it changed), keeping the settings they edit."""

    items: tuple[MenuItem, ...] = ()

    def __init__(self) -> None:
        # opens on the row that goes back to the game: a stray Enter must not start a new game
        self.selected = next((i for i, item in enumerate(self.items) if item.key in RESUME_KEYS), 0)

    def value(self, key: str) -> str:
        return ""

    def change(self, key: str, step: int) -> bool:
        return False

    def steps(self, key: str) -> bool:
        """Left and right step the row's value (drawn between arrows); False: the value is only shown (a row that
        opens a page, say)."""
        return True

    def type_key(self, key: int, text: str) -> None:
        """A key the menu does not use itself, on the chosen row (e.g. digits typed into a number)."""

    def choose(self, index: int | None = None) -> str:
        """Enter on a row: steps a setting forward ('changed'), or names the row's action."""
        if index is not None:
            self.selected = index
        key = self.items[self.selected].key
        if self.change(key, 1):
            return "changed"
        return key

    def move(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.items)


@dataclass(frozen=True)
class Option(Generic[T]):
    """A row that edits one setting: the settings field, its label, its values and how each value reads."""

    field: str
    label: str
    values: tuple[T, ...]
    describe: Callable[[T], str]
    new_game: bool = False  # changing it means a new game (the table says when)


def on_off(value: object) -> str:
    return "on" if value else "off"


VOLUME_STEPS = tuple(round(step / 10, 1) for step in range(11))


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


class OptionsMenu(MenuModel):
    """A menu whose setting rows are `Option`s: each steps through its values (wrapping) and is kept in
    `settings` at once; the other rows are actions, named by `choose`."""

    options: tuple[Option[Any], ...] = ()

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.option_of = {option.field: option for option in self.options}

    def value(self, key: str) -> str:
        option = self.option_of.get(key)
        return "" if option is None else option.describe(getattr(self.settings, option.field))

    def change(self, key: str, step: int) -> bool:
        """Step the option `key` through its values (wrapping); True when a setting changed."""
        option = self.option_of.get(key)
        if option is None:
            return False
        current = getattr(self.settings, option.field)
        index = min(range(len(option.values)), key=lambda i: abs(option.values[i] - current)) \
            if isinstance(current, float) else option.values.index(current)
        setattr(self.settings, option.field, option.values[(index + step) % len(option.values)])
        return True


M = TypeVar("M", bound=MenuModel)


class OverlayMenuScene(Scene, Generic[M]):
    """The menu over a table. Subclasses set `title`, `notes`, `menu_rect` and `self.controller` (a menu model
    of type M), and extend `carry_out` for their own actions; 'back' closes, 'lobby' leaves the table too."""

    opaque = False
    draws_at_any_scale = True
    title = ""
    notes: tuple[str, ...] = ()
    menu_rect = centred_rect(560, 520)
    value_size = 32
    label_size = 34
    row_height = ROW_HEIGHT

    note_size = 22

    def __init__(self, context: Context, table: Scene | None, controller: M) -> None:
        super().__init__(context)
        self.table = table
        self.controller = controller
        self.fit_text_size()

    def fit_text_size(self) -> None:
        """Lay the menu out for the player's text size: the class's `menu_rect`, `row_height` and sizes are the
        normal size's; larger text makes the rows taller and the menu larger, within the window (the rows shrink
        back towards their normal height when it would not fit)."""
        base = type(self)
        scale = text_scale()
        rows = len(self.controller.items)
        below = max(0, base.menu_rect.height - 86 - rows * base.row_height)  # the notes' room under the rows
        below_scaled = round(below * scale)
        room = LOGICAL_SIZE[1] - 20
        row_height = max(base.row_height, round(base.row_height * scale))
        if 86 + rows * row_height + below_scaled > room:
            row_height = max(base.row_height, (room - 86 - below_scaled) // max(1, rows))
        width = min(LOGICAL_SIZE[0] - 40, max(base.menu_rect.width, round(base.menu_rect.width * scale)))
        height = max(base.menu_rect.height, 86 + rows * row_height + below_scaled)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = base.menu_rect.center
        self.menu_rect = rect.clamp(pygame.Rect((0, 0), LOGICAL_SIZE))
        self.row_height = row_height
        self.label_size = min(round(base.label_size * scale), max(base.label_size, row_height - 6))
        self.value_size = min(round(base.value_size * scale), max(base.value_size, row_height - 6))
        self.note_size = body_size(base.note_size)

    def on_enter(self) -> None:
        """Back on top (a scene over it closed): the text size may have changed."""
        self.fit_text_size()

    def row_rect(self, index: int) -> pygame.Rect:
        return menu_row_rect(self.menu_rect, index, self.row_height)

    def settings_changed(self) -> None:
        """A row changed a setting: saved at once (a table that follows at once also applies it)."""
        self.context.save_settings()

    def row_at(self, pos: tuple[float, float]) -> int | None:
        for index in range(len(self.controller.items)):
            if self.row_rect(index).collidepoint(pos):
                return index
        return None

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        menu = self.controller
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.carry_out("back")
            if event.key in (pygame.K_UP, pygame.K_w):
                menu.move(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                menu.move(1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_a, pygame.K_d):
                step = -1 if event.key in (pygame.K_LEFT, pygame.K_a) else 1
                if menu.change(menu.items[menu.selected].key, step):
                    self.settings_changed()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.carry_out(menu.choose())
            else:
                menu.type_key(event.key, getattr(event, "unicode", ""))
        elif event.type == pygame.MOUSEMOTION:
            index = self.row_at(event.pos)
            if index is not None:
                menu.selected = index
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                return self.carry_out(menu.choose(index))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:  # a right click steps a setting back
            index = self.row_at(event.pos)
            if index is not None:
                menu.selected = index
                if menu.change(menu.items[index].key, -1):
                    self.settings_changed()
        return []

    def carry_out(self, action: str) -> list[Intent]:
        if action == "changed":
            self.settings_changed()
            return []
        if action == "lobby":
            return self.leave_table()
        if action == "back":
            return [Pop()]
        if action == SOUND_AND_DISPLAY.key:
            from tablegames.ui.sound_display import (
                SoundDisplayScene,  # it is an overlay menu: built on this module
            )

            return [Push(SoundDisplayScene(self.context, self.table))]
        return []

    def leave_table(self) -> list[Intent]:
        """Close the menu and leave the table, asking first when a game is in progress (the table's question)."""
        if isinstance(self.table, TableScene):
            return self.table.ask_before_leaving(lambda: [Pop(), Pop()])
        return [Pop(), Pop()]

    def on_exit(self) -> None:
        apply = getattr(self.table, "apply_settings", None)
        if apply is not None:
            apply()

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.menu_rect
        draw_dim(surface)
        draw.rect(surface, PANEL, rect, border_radius=20)
        draw.rect(surface, ACCENT, rect, 3, border_radius=20)
        draw_text(surface, self.title, (rect.centerx, rect.y + 40), 48, ACCENT, "center", bold=True)
        for index, item in enumerate(self.controller.items):
            row = self.row_rect(index)
            chosen = index == self.controller.selected
            if chosen:
                draw.rect(surface, shade(PANEL_EDGE, 0.8), row, border_radius=10)
            value = self.controller.value(item.key)
            shown = (f"<  {value}  >" if self.controller.steps(item.key) else value) if value else ""
            value_width = text_width(shown, self.value_size) if shown else 0
            label = fit_text(item.label, self.label_size, row.width - 36 - value_width - (12 if shown else 0))
            draw_text(surface, label, (row.x + 18, row.centery), self.label_size, TEXT if chosen else TEXT_DIM,
                      "midleft")
            if shown:
                draw_text(surface, shown, (row.right - 18, row.centery), self.value_size, ACCENT, "midright")
        step = round(23 * self.note_size / 22)
        for number, note in enumerate(self.notes):
            draw_text(surface, fit_text(note, self.note_size, rect.width - 24),
                      (rect.centerx, rect.bottom - round(56 * self.note_size / 22) + number * step), self.note_size,
                      TEXT_DIM, "center")


def markdown_blocks(text: str) -> list[tuple[str, str]]:
    """The markdown as blocks: ("heading1"|"heading2"|"row"|"item"|"para"|"gap", text), wrapped lines joined."""
    blocks: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            blocks.append(("gap", ""))
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            blocks.append(("heading1" if level == 1 else "heading2", line.lstrip("#").strip()))
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                blocks.append(("row", "|".join(cells)))
        elif line.startswith(("- ", "* ")):
            blocks.append(("item", "•  " + line[2:]))
        elif line[0].isdigit() and line.split(" ", 1)[0].rstrip(".").isdigit():
            blocks.append(("item", line))
        elif blocks and blocks[-1][0] in ("item", "para"):
            kind, previous = blocks[-1]
            blocks[-1] = (kind, f"{previous} {line}")
        else:
            blocks.append(("para", line))
    return [(kind, content.replace("**", "").replace("*", "").replace("`", "")) for kind, content in blocks]


Piece = tuple[str, int, int, tuple[int, int, int], bool]  # text, x, size, colour, bold


def rules_lines(text: str, width: int) -> list[tuple[int, list[Piece]]]:
    """The markdown as lines to draw, each (height, pieces of text), wrapped to `width` pixels at the player's
    text size; table rows are laid out in columns."""
    lines: list[tuple[int, list[Piece]]] = []
    body, gap = body_size(28), body_size(10)
    for kind, content in markdown_blocks(text):
        if kind == "gap":
            lines.append((gap, []))
        elif kind.startswith("heading"):
            size = body_size(44 if kind == "heading1" else 34)
            lines.append((size + 4, [(content, 0, size, ACCENT, True)]))
        elif kind == "row":
            lines.extend(table_row(content.split("|"), width))
        else:
            indent = 24 if kind == "item" else 0
            hanging = indent + (text_width("•  ", body) if content.startswith("•") else 0)
            for number, line in enumerate(wrap_text(content, body, width - hanging)):
                lines.append((body + 4, [(line, indent if number == 0 else hanging, body, TEXT, False)]))
    return lines


def table_row(cells: list[str], width: int) -> list[tuple[int, list[Piece]]]:
    """A table row in columns: a narrow first column, the middle ones sharing the width, a narrow last one."""
    scale = text_scale()
    first, last = round(150 * scale), round(130 * scale) if len(cells) > 2 else 0
    middle = (width - first - last) // max(1, len(cells) - 2) if len(cells) > 2 else width - first
    columns = [(0, first)] + [(first + i * middle, middle) for i in range(len(cells) - 2)]
    columns += [(width - last, last)] if len(cells) > 2 else [(first, middle)]
    size = body_size(26)
    wrapped = [wrap_text(cell, size, column_width - 16) for cell, (_, column_width) in zip(cells, columns, strict=True)]
    rows = []
    for number in range(max(len(w) for w in wrapped)):
        pieces = [(w[number], x, size, TEXT_DIM, False) for w, (x, _) in zip(wrapped, columns, strict=True)
                  if number < len(w)]
        rows.append((size + 3, pieces))
    return rows


class RulesScene(Scene):
    """A rules page (markdown) over the table: wheel, arrows or Page Up/Down scroll; Esc or a click outside
    closes."""

    name = "rules"
    draws_at_any_scale = True
    opaque = False
    RECT = pygame.Rect(140, 40, 1000, 720)

    def __init__(self, context: Context, text: str) -> None:
        super().__init__(context)
        self.lines = rules_lines(text, self.RECT.width - 80)
        self.page_height = sum(line_height for line_height, _ in self.lines) + 40
        self.pages: dict[float, pygame.Surface] = {}  # the page drawn once at each scale it is shown at
        self.scroll = 0

    def page(self) -> pygame.Surface:
        scale = drawing_scale()
        if scale not in self.pages:
            page = layer((self.RECT.width - 80, self.page_height))
            y = 0
            for line_height, pieces in self.lines:
                for content, x, size, colour, bold in pieces:
                    draw_text(page, content, (x, y), size, colour, bold=bold)
                y += line_height
            self.pages[scale] = page
        return self.pages[scale]

    @property
    def max_scroll(self) -> int:
        return max(0, self.page_height - (self.RECT.height - 90))

    def scroll_by(self, pixels: int) -> None:
        self.scroll = min(max(self.scroll + pixels, 0), self.max_scroll)

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: 600, pygame.K_PAGEUP: -600,
                     pygame.K_SPACE: 600, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_q):
                return [Pop()]
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.RECT.collidepoint(event.pos):
            return [Pop()]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        draw_dim(surface, 180)
        rect = self.RECT
        draw.rect(surface, PANEL, rect, border_radius=20)
        draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=20)
        view = pygame.Rect(rect.x + 40, rect.y + 30, rect.width - 80, rect.height - 90)
        surface.blit(self.page(), view.topleft, pygame.Rect(0, self.scroll, view.width, view.height))
        if self.max_scroll:
            bar_height = view.height * view.height / self.page_height
            top = view.y + (view.height - bar_height) * self.scroll / self.max_scroll
            draw.rect(surface, shade(PANEL_EDGE, 1.2), (rect.right - 22, top, 8, bar_height), border_radius=4)
        hint = "Wheel or arrows to scroll   Esc to close"
        draw_text(surface, hint, (rect.centerx, rect.bottom - 30), 24, TEXT_DIM, "center", body=True)
