"""The widgets every table uses: buttons and button rows, text that fits and wraps, toasts, a confirm dialog.

Layout is computed from data (`button_row` returns `Button`s with their rectangles) when the scene's state
changes, never in `draw`; drawing functions only read. The menu overlay and the rules page are in overlay.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import pygame

from tablegames.ui import draw
from tablegames.ui.canvas import layer
from tablegames.ui.scene import Context, Intent, Pop, Scene
from tablegames.ui.theme import (
    ACCENT,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    body_size,
    draw_text,
    shade,
    text_size,
)

log = logging.getLogger(__name__)

RGB = tuple[int, int, int]
BUTTON_TEXT = 26
BUTTON_HEIGHT = 46
BUTTON_PADDING = 36  # the label's width plus this is the button's
BUTTON_GAP = 12


# --- text ---------------------------------------------------------------------------------------------------------


def text_width(text: str, size: int, bold: bool = False) -> int:
    """The logical width of `text` at `size`, as drawn at the frame's scale."""
    return text_size(text, size, bold)[0]


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, cut short with '...' when it is wider than `width` pixels."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "...", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`text` broken into lines no wider than `width` pixels (a single word wider than that is cut to fit)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_width(trial, size, bold) > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return [fit_text(line, size, width, bold) for line in lines]


def draw_wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour: RGB = TEXT_DIM,
                 align: str = "center", line_height: int | None = None) -> int:
    """Draw `text` wrapped to `rect`'s width from its top, centred or left-aligned; returns the height used."""
    step = line_height or round(size * 1.05)
    lines = wrap_text(text, size, rect.width)
    for number, line in enumerate(lines):
        y = rect.y + number * step
        if align == "center":
            draw_text(surface, line, (rect.centerx, y), size, colour, "midtop")
        else:
            draw_text(surface, line, (rect.x, y), size, colour, "topleft")
    return len(lines) * step


FOOTER_GAP = "   "  # between a footer's hints ("N new game   Esc menu"); a long footer wraps only there


def footer_size(text: str, size: int, width: int) -> int:
    """The size a one-line footer is drawn at: `size` at the player's text size, smaller again where the line would
    not fit in `width` (never below `size`, where the line is cut short instead)."""
    scaled = body_size(size)
    while scaled > size and text_width(text, scaled) > width:
        scaled -= 1
    return scaled


def footer_lines(text: str, size: int, width: int, max_lines: int = 1,
                 min_size: int | None = None) -> tuple[list[str], int]:
    """A footer's lines and size: the largest size from `size` at the player's text size down to `min_size` (default
    `size`) at which its hints fit in `width` on at most `max_lines` lines, broken between hints; at the smallest
    size, the last line is cut short when even that does not fit."""
    smallest = size if min_size is None else min(size, min_size)
    hints = text.split(FOOTER_GAP)
    lines: list[str] = []
    for shown in range(max(body_size(size), smallest), smallest - 1, -1):
        lines = [""]
        for hint in hints:
            trial = f"{lines[-1]}{FOOTER_GAP}{hint}" if lines[-1] else hint
            if lines[-1] and text_width(trial, shown) > width:
                lines.append(hint)
            else:
                lines[-1] = trial
        if len(lines) <= max_lines and all(text_width(line, shown) <= width for line in lines):
            return lines, shown
    kept = lines[:max_lines]
    kept[-1] = fit_text(FOOTER_GAP.join(lines[max_lines - 1:]), smallest, width)
    return [fit_text(line, smallest, width) for line in kept], smallest


def draw_footer(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, width: int,
                colour: RGB = TEXT_DIM, max_lines: int = 1, min_size: int | None = None) -> None:
    """A footer of key hints at the player's text size, centred on `pos`, kept within `width` pixels: it wraps
    between hints onto at most `max_lines` lines and shrinks (down to `min_size`) rather than spill over what is
    beside it."""
    lines, shown = footer_lines(text, size, width, max_lines, min_size)
    step = shown + 2
    top = pos[1] - (len(lines) * step - 2) / 2
    for number, line in enumerate(lines):
        draw_text(surface, line, (pos[0], top + number * step + shown / 2), shown, colour, "center")


def draw_dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken what is below an overlay (a menu, a dialog)."""
    veil = pygame.Surface(pygame.Surface.get_size(surface), pygame.SRCALPHA)  # every pixel, margins too
    veil.fill((8, 10, 16, alpha))
    pygame.Surface.blit(surface, veil, (0, 0))


# --- buttons ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Button:
    """A button: `action` is what pressing it asks for (the scene maps it to a call), `rect` where it lies."""

    action: str
    label: str
    rect: pygame.Rect
    main: bool = False  # the turn's main action: drawn in the accent colour
    enabled: bool = True

    def hit(self, pos: tuple[float, float]) -> bool:
        return self.enabled and bool(self.rect.collidepoint(pos))


def button_row(labels: Sequence[tuple[str, str]], area: pygame.Rect, align: str = "left",
               height: int = BUTTON_HEIGHT, size: int = BUTTON_TEXT, min_width: int = 110,
               main: str | None = None) -> list[Button]:
    """Buttons for (action, label) pairs laid out left to right inside `area`, wrapping to a new line when a row
    is full; each as wide as its label needs. `align`: left or center (each line centred)."""
    lines: list[list[tuple[str, str, int]]] = [[]]
    used = 0
    for action, label in labels:
        width = min(area.width, max(min_width, text_width(label, size, True) + BUTTON_PADDING))
        if lines[-1] and used + BUTTON_GAP + width > area.width:
            lines.append([])
            used = 0
        used += width + (BUTTON_GAP if lines[-1] else 0)
        lines[-1].append((action, label, width))
    buttons = []
    for number, line in enumerate(lines):
        total = sum(width for _, _, width in line) + BUTTON_GAP * max(0, len(line) - 1)
        x = area.x if align == "left" else area.centerx - total // 2
        y = area.y + number * (height + BUTTON_GAP)
        for action, label, width in line:
            buttons.append(Button(action, fit_text(label, size, width - 16, True), pygame.Rect(x, y, width, height),
                                  main=action == main))
            x += width + BUTTON_GAP
    return buttons


def button_at(buttons: Sequence[Button], pos: tuple[float, float]) -> Button | None:
    return next((button for button in buttons if button.hit(pos)), None)


def draw_button(surface: pygame.Surface, button: Button, hovered: bool, glow: RGB = ACCENT,
                size: int = BUTTON_TEXT) -> None:
    """A rounded button; its edge lights up when pointed at. A disabled one is dimmed."""
    rect = button.rect
    base = shade(glow, 0.55) if button.main else shade(PANEL, 0.75)
    draw.rect(surface, shade(base, 1.2) if hovered and button.enabled else base, rect, border_radius=12)
    if hovered and button.enabled:
        draw.rect(surface, shade(glow, 0.45), rect.inflate(6, 6), 3, border_radius=15)
    edge = glow if hovered and button.enabled else shade(PANEL_EDGE, 1.1)
    draw.rect(surface, edge, rect, 2, border_radius=12)
    colour = TEXT if button.enabled and (hovered or button.main) else TEXT_DIM
    draw_text(surface, button.label, rect.center, size, colour if button.enabled else shade(TEXT_DIM, 0.7),
              "center", bold=True)


# --- toasts -------------------------------------------------------------------------------------------------------


@dataclass
class Toast:
    text: str
    seconds_left: float
    important: bool = False  # an error the player must read: shown longer, in the accent colour


class Toasts:
    """Short messages over the table, one at a time, oldest first; `update` ages them, `draw_toast` shows one."""

    SECONDS = 2.5
    IMPORTANT_SECONDS = 6.0

    def __init__(self) -> None:
        self.queue: list[Toast] = []

    def show(self, text: str, important: bool = False) -> None:
        if self.queue and self.queue[-1].text == text:
            self.queue[-1].seconds_left = self.IMPORTANT_SECONDS if important else self.SECONDS
            return
        if important:  # what the player must know is also in the log file (tablegames --about says where)
            log.warning("told the player: %s", text)
        self.queue.append(Toast(text, self.IMPORTANT_SECONDS if important else self.SECONDS, important))

    def update(self, dt: float) -> None:
        if self.queue:
            self.queue[0].seconds_left -= dt
            if self.queue[0].seconds_left <= 0:
                self.queue.pop(0)

    @property
    def current(self) -> Toast | None:
        return self.queue[0] if self.queue else None


def draw_toast(surface: pygame.Surface, toast: Toast | None, area: pygame.Rect, size: int = 28) -> None:
    """The toast centred at the top of `area` (a table's playing area is left free below it), wrapped to fit, at
    the player's text size."""
    if toast is None:
        return
    size = body_size(size)
    width = min(area.width - 40, max(240, text_width(toast.text, size) + 48))
    lines = wrap_text(toast.text, size, width - 48)
    box = pygame.Rect(0, 0, width, 24 + len(lines) * (size + 4))
    box.midtop = (area.centerx, area.y + 12)
    fade = min(1.0, toast.seconds_left / 0.4)
    box_layer = layer(box.size)
    draw.rect(box_layer, (*shade(PANEL, 0.8), round(235 * fade)), box_layer.get_rect(), border_radius=14)
    edge = ACCENT if toast.important else PANEL_EDGE
    draw.rect(box_layer, (*edge, round(255 * fade)), box_layer.get_rect(), 2, border_radius=14)
    surface.blit(box_layer, box)
    for number, line in enumerate(lines):
        draw_text(surface, line, (box.centerx, box.y + 12 + number * (size + 4)), size,
                  ACCENT if toast.important else TEXT, "midtop")


# --- the confirm dialog ---------------------------------------------------------------------------------------------


class ConfirmScene(Scene):
    """Asks before something that cannot be taken back (a new game, leaving a game in the middle): Enter or the
    first button confirms, Esc or the second cancels. `on_confirm` returns the intents to carry out after the
    dialog closes (e.g. leaving the table too)."""

    name = "confirm"
    draws_at_any_scale = True
    opaque = False
    SIZE = (620, 250)  # at the normal text size; larger text makes it larger

    def __init__(self, context: Context, question: str, detail: str, confirm_label: str,
                 on_confirm: Callable[[], list[Intent]], cancel_label: str = "Keep playing") -> None:
        super().__init__(context)
        self.question = question
        self.detail = detail
        self.on_confirm = on_confirm
        self.question_size, self.detail_size, self.button_size = body_size(38), body_size(28), body_size(BUTTON_TEXT)
        width = min(1240, max(self.SIZE[0], body_size(self.SIZE[0])))
        self.detail_lines = wrap_text(detail, self.detail_size, width - 60)
        self.line_height = round(self.detail_size * 1.05)
        top = body_size(84)
        detail_height = max(80, len(self.detail_lines) * self.line_height)
        button_height = max(BUTTON_HEIGHT, self.button_size + 20)
        labels = (("confirm", f"{confirm_label}  (Enter)"), ("cancel", f"{cancel_label}  (Esc)"))
        area = pygame.Rect(30, 0, width - 60, button_height)
        self.buttons = button_row(labels, area, align="center", height=button_height, size=self.button_size,
                                  main="confirm")
        buttons_height = max(button.rect.bottom for button in self.buttons)
        self.rect = pygame.Rect(0, 0, width, top + detail_height + 10 + buttons_height + 30)
        self.rect.center = (640, 400)
        self.buttons = [replace(b, rect=b.rect.move(self.rect.x, self.rect.y + top + detail_height + 10))
                        for b in self.buttons]
        self.hovered: str | None = None
        self.answered: bool | None = None  # True confirmed, False cancelled

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                return self.answer(True)
            if event.key in (pygame.K_ESCAPE, pygame.K_n, pygame.K_BACKSPACE):
                return self.answer(False)
        elif event.type == pygame.MOUSEMOTION:
            pointed = button_at(self.buttons, event.pos)
            self.hovered = pointed.action if pointed is not None else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pointed = button_at(self.buttons, event.pos)
            if pointed is not None:
                return self.answer(pointed.action == "confirm")
            if not self.rect.collidepoint(event.pos):
                return self.answer(False)
        return []

    def answer(self, confirmed: bool) -> list[Intent]:
        self.answered = confirmed
        return [Pop(), *self.on_confirm()] if confirmed else [Pop()]

    def draw(self, surface: pygame.Surface) -> None:
        draw_dim(surface)
        draw.rect(surface, PANEL, self.rect, border_radius=20)
        draw.rect(surface, ACCENT, self.rect, 3, border_radius=20)
        draw_text(surface, fit_text(self.question, self.question_size, self.rect.width - 48, True),
                  (self.rect.centerx, self.rect.y + 30), self.question_size, ACCENT, "midtop", bold=True)
        for number, line in enumerate(self.detail_lines):
            draw_text(surface, line, (self.rect.centerx, self.rect.y + body_size(84) + number * self.line_height),
                      self.detail_size, TEXT, "midtop")
        for button in self.buttons:
            draw_button(surface, button, button.action == self.hovered, size=self.button_size)
