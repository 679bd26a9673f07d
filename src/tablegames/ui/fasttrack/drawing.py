"""Painting the Fast Track table from the rules' view: the board, the marbles, the hand, the players, the buttons.

The board's shape never changes, so `BoardPainter` draws the plate once to a cached surface and afterwards redraws
only the slots whose (fill, piece, mark) differ from what it last drew. Everything is placed from the view's slot
centres (square units from the board centre), scaled to the board's rectangle; colours are the view's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from tablegames.fasttrack.view import RGB, SYMBOL_OF, Button, HandCard, Slot
from tablegames.ui import draw, widgets
from tablegames.ui.canvas import drawing_scale, layer
from tablegames.ui.fasttrack.cards import card_picture, suits_for
from tablegames.ui.fasttrack.controller import Burst, Walker
from tablegames.ui.theme import (
    ACCENT,
    BACKGROUND,
    BACKGROUND_GLOW,
    LOGICAL_SIZE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    draw_sphere,
    draw_text,
    shade,
    vertical_gradient,
)
from tablegames.ui.widgets import fit_text, text_width, wrap_text

BOARD_RECT = pygame.Rect(16, 16, 768, 768)
PANEL_RECT = pygame.Rect(800, 16, 464, 768)
PLATE = (196, 160, 112)  # the board's wood
PLATE_EDGE = (112, 80, 50)
TABLE_TOP = (26, 74, 52)
TABLE_GLOW = (40, 104, 74)
CHOSEN = (255, 255, 255)
HINT = (120, 230, 255)  # the hint's card, marble and hole
INK_DARK = (24, 26, 34)  # a symbol on a light marble
INK_LIGHT = (250, 250, 246)  # a symbol on a dark marble
MOVED = (245, 240, 225)
CARD_SIZE = (80, 116)
CARD_STEP = 88
CARD_LIFT = 18
BUTTON_HEIGHT = 40


def board_scale(slots: tuple[Slot, ...], rect: pygame.Rect) -> float:
    """Pixels a square unit: the slots' furthest extent, plus a margin, fits the rectangle."""
    extent = max(max(abs(s.centre[0]), abs(s.centre[1])) for s in slots) + 1.25
    return min(rect.width, rect.height) / (2 * extent)


class BoardPainter:
    """The board of one slot layout in `rect`: a cached plate, a surface of slots kept up to date, the overlays."""

    def __init__(self, slots: tuple[Slot, ...], rect: pygame.Rect = BOARD_RECT) -> None:
        self.rect = rect
        self.scale = drawing_scale()  # the window's pixels a logical unit the pictures are made for
        self.unit = board_scale(slots, rect)
        self.layout = tuple((s.square, s.centre, s.size, s.shape) for s in slots)
        self.points = [self.to_pixels(s.centre) for s in slots]
        self.plate = self.paint_plate(slots)
        self.surface = self.plate.copy()
        self.drawn: list[tuple[RGB, RGB | None, str] | None] = [None] * len(slots)  # (fill, piece, mark)
        self.redrawn = 0  # slots redrawn by the latest `refresh` (for tests and the frame budget)

    def fits(self, slots: tuple[Slot, ...]) -> bool:
        return self.layout == tuple((s.square, s.centre, s.size, s.shape) for s in slots) and \
            self.scale == drawing_scale()

    def to_pixels(self, centre: tuple[float, float]) -> tuple[float, float]:
        return (self.rect.width / 2 + centre[0] * self.unit, self.rect.height / 2 + centre[1] * self.unit)

    def on_screen(self, centre: tuple[float, float]) -> tuple[float, float]:
        x, y = self.to_pixels(centre)
        return (self.rect.x + x, self.rect.y + y)

    def paint_plate(self, slots: tuple[Slot, ...]) -> pygame.Surface:
        """The table and the board's wooden plate: discs merged round every slot, a rim, the fast-track ring."""
        surface = layer(self.rect.size, alpha=False, scale=self.scale)
        w, h = self.rect.size
        window = (round(LOGICAL_SIZE[0] * self.scale), round(LOGICAL_SIZE[1] * self.scale))
        pixels = pygame.Rect(*(round(v * self.scale) for v in self.rect))  # the background behind the board
        pygame.Surface.blit(surface, vertical_gradient(window, BACKGROUND_GLOW, BACKGROUND), (0, 0), pixels)
        felt = layer(self.rect.size, alpha=False, scale=self.scale)
        felt.fill(TABLE_TOP)
        for radius in range(int(w * 0.75), 0, -6):  # the felt, lighter in the middle
            t = radius / (w * 0.75)
            colour = tuple(round(a + (b - a) * t) for a, b in zip(TABLE_GLOW, TABLE_TOP, strict=True))
            draw.circle(felt, colour, (w / 2, h / 2), radius)
        mask = layer(self.rect.size, alpha=False, scale=self.scale)
        mask.set_colorkey((255, 0, 255))
        mask.fill((0, 0, 0))
        draw.rect(mask, (255, 0, 255), mask.get_rect(), border_radius=22)
        felt.set_colorkey((0, 0, 0))
        felt.blit(mask, (0, 0))  # the felt's corners become the colour key, so the background shows there
        surface.blit(felt, (0, 0))
        draw.rect(surface, shade(TABLE_TOP, 0.6), surface.get_rect(), 3, border_radius=22)
        unit = self.unit
        for ring, (grow, colour) in enumerate(((0.95, shade(PLATE_EDGE, 0.6)), (0.86, PLATE_EDGE), (0.78, PLATE))):
            for point in self.points:
                offset = 4 if ring == 0 else 0
                draw.circle(surface, colour, (point[0] + offset, point[1] + offset), unit * grow)
        for index, point in enumerate(self.points):  # a soft grain: darker towards the lower right of each disc
            if index % 3 == 0:
                draw.circle(surface, shade(PLATE, 1.06), (point[0] - unit * 0.2, point[1] - unit * 0.2),
                                   unit * 0.35)
        self.paint_fast_track(surface, slots)
        return surface

    def paint_fast_track(self, surface: pygame.Surface, slots: tuple[Slot, ...]) -> None:
        """Rings round the slot at the centre (the bullseye) and a dashed ring joining the slots nearest to it."""
        centre = [s for s in slots if abs(s.centre[0]) < 1e-6 and abs(s.centre[1]) < 1e-6]
        if not centre:
            return
        middle = self.to_pixels((0.0, 0.0))
        distances = sorted({round(math.hypot(*s.centre), 3) for s in slots if s not in centre})
        ring = [s for s in slots if s not in centre and round(math.hypot(*s.centre), 3) == distances[0]]
        ring.sort(key=lambda s: math.atan2(s.centre[1], s.centre[0]))
        radius = distances[0] * self.unit
        draw.circle(surface, shade(PLATE, 0.9), middle, radius * 0.82)
        draw.circle(surface, shade(PLATE, 0.8), middle, radius * 0.82, 3)
        fill = centre[0].fill
        for k, factor in enumerate((0.6, 0.42)):
            draw.circle(surface, shade(fill, 0.75 + 0.15 * k), middle, self.unit * factor * 1.7)
        for index, slot in enumerate(ring):
            a = self.to_pixels(slot.centre)
            b = self.to_pixels(ring[(index + 1) % len(ring)].centre)
            length = math.dist(a, b)
            dashes = max(1, int(length / (self.unit * 0.35)))
            for d in range(0, dashes, 2):
                p = (a[0] + (b[0] - a[0]) * d / dashes, a[1] + (b[1] - a[1]) * d / dashes)
                q = (a[0] + (b[0] - a[0]) * (d + 1) / dashes, a[1] + (b[1] - a[1]) * (d + 1) / dashes)
                draw.line(surface, shade(PLATE_EDGE, 0.9), p, q, 4)

    def refresh(self, slots: tuple[Slot, ...]) -> int:
        """Redraw the slots that changed since the last refresh; the number redrawn."""
        count = 0
        for index, slot in enumerate(slots):
            key = (slot.fill, slot.piece, slot.mark)
            if self.drawn[index] != key:
                self.paint_slot(index, slot)
                self.drawn[index] = key
                count += 1
        self.redrawn = count
        return count

    def slot_patch(self, index: int) -> pygame.Rect:
        x, y = self.points[index]
        half = self.unit * 0.5
        return pygame.Rect(math.floor(x - half), math.floor(y - half), math.ceil(2 * half), math.ceil(2 * half))

    def paint_slot(self, index: int, slot: Slot) -> None:
        surface = self.surface
        patch = self.slot_patch(index)
        surface.blit(self.plate, patch, patch)
        clip = surface.get_clip()
        surface.set_clip(patch)
        x, y = self.points[index]
        size = slot.size * self.unit
        if slot.shape == "rounded":
            hole = pygame.Rect(0, 0, size, size)
            hole.center = (round(x), round(y))
            draw.rect(surface, shade(slot.fill, 0.55), hole.move(-1, -1).inflate(2, 2), border_radius=7)
            draw.rect(surface, slot.fill, hole.move(1, 1).inflate(-2, -2), border_radius=6)
        else:
            draw.circle(surface, shade(slot.fill, 0.55), (x, y), size / 2 + 1)
            draw.circle(surface, slot.fill, (x + 1, y + 1), size / 2 - 1)
        if slot.mark == "moved":
            draw.circle(surface, MOVED, (x, y), self.unit * 0.47, 2)
        if slot.piece is not None:
            draw_marble(surface, (x, y), self.unit * 0.4, slot.piece)
        if slot.mark == "start":
            draw.circle(surface, ACCENT, (x, y), self.unit * 0.47, 3)
        elif slot.mark == "end":
            draw.circle(surface, ACCENT, (x, y), self.unit * 0.47, 3)
            if slot.piece is None:  # a piece that would be captured keeps its face: the ring says enough
                draw.circle(surface, ACCENT, (x, y), self.unit * 0.12)
        elif slot.mark == "chosen":
            draw.circle(surface, CHOSEN, (x, y), self.unit * 0.47, 4)
        surface.set_clip(clip)

    def draw(self, target: pygame.Surface, slots: tuple[Slot, ...], clock: float, walkers: Sequence[Walker],
             burst: Burst | None, hover: int | None = None, hinted: Sequence[int] = ()) -> None:
        """Draw the board as last refreshed (`refresh` runs in the scene's update: drawing only reads); `hinted`:
        the squares of the hint (its marble, then where it goes), ringed in the hint's colour."""
        target.blit(self.surface, self.rect)
        pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
        for number, square in enumerate(hinted):
            x, y = self.on_screen(slots[square].centre)
            radius = self.unit * (0.62 + 0.04 * pulse)
            draw.circle(target, HINT, (x, y), radius, 3)
            if number == 0 and len(hinted) > 1:  # an arrow's line from the marble towards where it goes
                tx, ty = self.on_screen(slots[hinted[-1]].centre)
                length = math.hypot(tx - x, ty - y)
                if length > 2 * radius:
                    ux, uy = (tx - x) / length, (ty - y) / length
                    draw.line(target, HINT, (x + ux * radius, y + uy * radius),
                                     (tx - ux * radius, ty - uy * radius), 2)
        for slot in slots:
            if slot.click is not None:
                x, y = self.on_screen(slot.centre)
                if slot.click == hover:
                    draw.circle(target, CHOSEN, (x, y), self.unit * 0.56, 3)
                else:
                    draw.circle(target, shade(ACCENT, 1.0 + 0.4 * pulse), (x, y),
                                       self.unit * (0.52 + 0.05 * pulse), 2)
        if burst is not None:
            self.draw_burst(target, burst)
        for walker in walkers:
            x, y = self.on_screen(walker.centre)
            radius = self.unit * 0.4 * (1.0 + 0.15 * walker.lift)
            shadow = soft_shadow(round(self.unit * 0.4), self.scale)
            offset = self.unit * (0.08 + 0.18 * walker.lift)
            target.blit(shadow, shadow.get_rect(center=(x + offset, y + offset)))
            draw_marble_ball(target, (x, y - self.unit * 0.22 * walker.lift), radius, walker.colour)

    def draw_burst(self, target: pygame.Surface, burst: Burst) -> None:
        """The captured marble flies apart: a ring of shards thrown out and fading, a flash at first."""
        x, y = self.on_screen(burst.centre)
        t = burst.progress
        if t < 0.4:
            draw.circle(target, shade(burst.colour, 1.7), (x, y), self.unit * (0.45 + t * 1.6), 4)
        for shard in range(16):
            angle = shard * math.pi / 8 + 0.2 * (shard % 3)
            distance = self.unit * (0.35 + (1.2 + 0.3 * (shard % 2)) * t)
            size = max(1.5, self.unit * (0.2 - 0.06 * (shard % 2)) * (1.0 - t))
            colour = shade(burst.colour, 0.8 + 0.7 * (shard % 2))
            draw.circle(target, colour, (x + math.cos(angle) * distance, y + math.sin(angle) * distance), size)

    def slot_at(self, pos: tuple[float, float], slots: tuple[Slot, ...]) -> Slot | None:
        for slot in slots:
            x, y = self.on_screen(slot.centre)
            if math.hypot(pos[0] - x, pos[1] - y) <= self.unit * 0.5:
                return slot
        return None


@lru_cache(maxsize=4)
def soft_shadow(radius: int, scale: float) -> pygame.Surface:
    """A marble's shadow on the board: a translucent dark disc, softer at its edge (made at `scale`)."""
    surface = layer((radius * 2 + 4, radius * 2 + 4), scale=scale)
    centre = (radius + 2, radius + 2)
    draw.circle(surface, (30, 20, 10, 50), centre, radius + 1)
    draw.circle(surface, (30, 20, 10, 60), centre, radius * 0.8)
    return surface


def draw_marble(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: RGB) -> None:
    x, y = centre
    draw.circle(surface, (50, 36, 24), (x + radius * 0.15, y + radius * 0.2), radius)  # its shadow
    draw_marble_ball(surface, (x, y), radius, colour)


def draw_marble_ball(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: RGB) -> None:
    """A marble: the shaded ball of its colour with its colour's symbol on it, so no one needs the colour alone."""
    draw_sphere(surface, centre, radius, colour)
    symbol = SYMBOL_OF.get(colour)
    if symbol is not None:
        ink = symbol_ink(colour)
        draw_symbol(surface, centre, radius * SYMBOL_SIZE, symbol, ink, shade(colour, 0.45) if ink == INK_LIGHT else None)


SYMBOL_SIZE = 0.5  # a symbol's half-width, in the marble's radius


def luminance(colour: RGB) -> float:
    """WCAG's relative luminance of an sRGB colour (0 black .. 1 white)."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def symbol_ink(colour: RGB) -> RGB:
    """Dark ink on a light marble, light ink on a dark one: whichever has the higher contrast."""
    light = (luminance(INK_LIGHT) + 0.05) / (luminance(colour) + 0.05)
    dark = (luminance(colour) + 0.05) / (luminance(INK_DARK) + 0.05)
    return INK_LIGHT if light >= dark else INK_DARK


def symbol_points(centre: tuple[float, float], size: float, symbol: str) -> list[tuple[float, float]]:
    """The outline of a symbol `size` pixels from its centre to its furthest point (circle: none, see draw)."""
    x, y = centre
    if symbol == "triangle":
        return [(x, y - size), (x + size * 0.95, y + size * 0.7), (x - size * 0.95, y + size * 0.7)]
    if symbol == "square":
        h = size * 0.78
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    if symbol == "diamond":
        return [(x, y - size * 1.15), (x + size * 0.6, y), (x, y + size * 1.15), (x - size * 0.6, y)]
    if symbol == "star":
        return [(x + math.sin(k * math.pi / 5) * (size if k % 2 == 0 else size * 0.45),
                 y - math.cos(k * math.pi / 5) * (size if k % 2 == 0 else size * 0.45)) for k in range(10)]
    if symbol == "cross":
        a, b = size, size * 0.34
        return [(x - b, y - a), (x + b, y - a), (x + b, y - b), (x + a, y - b), (x + a, y + b), (x + b, y + b),
                (x + b, y + a), (x - b, y + a), (x - b, y + b), (x - a, y + b), (x - a, y - b), (x - b, y - b)]
    return []


def draw_symbol(surface: pygame.Surface, centre: tuple[float, float], size: float, symbol: str, ink: RGB,
                edge: RGB | None = None) -> None:
    """A colour's symbol (circle, triangle, square, diamond, star, cross), filled in `ink`, with a thin `edge`."""
    if symbol == "circle":
        if edge is not None:
            draw.circle(surface, edge, centre, size * 0.8 + 1)
        draw.circle(surface, ink, centre, size * 0.8)
        return
    points = symbol_points(centre, size, symbol)
    if points:
        if edge is not None:
            draw.polygon(surface, edge, points, 3)
        draw.polygon(surface, ink, points)


# --- the side panel -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerLine:
    name: str
    colour: RGB
    partner: RGB | None  # the partner's colour in a partnership
    home: int
    credits: int
    to_play: bool


def hand_rects(hand: tuple[HandCard, ...], top: int) -> list[pygame.Rect]:
    """Where each card of the hand lies (playable ones lifted)."""
    total = CARD_STEP * (len(hand) - 1) + CARD_SIZE[0]
    left = PANEL_RECT.centerx - total // 2
    rects = []
    for index, card in enumerate(hand):
        lift = CARD_LIFT if card.click is not None else 0
        rects.append(pygame.Rect(left + index * CARD_STEP, top + CARD_LIFT - lift, *CARD_SIZE))
    return rects


def panel_buttons(buttons: tuple[Button, ...], top: int) -> list[widgets.Button]:
    """The view's buttons as the shared widgets, in rows under the hand (every one is the turn's action)."""
    area = pygame.Rect(PANEL_RECT.x + 24, top, PANEL_RECT.width - 48, 3 * BUTTON_HEIGHT)
    laid = widgets.button_row([(str(b.click), b.label) for b in buttons], area, height=BUTTON_HEIGHT, size=28)
    return [replace(button, main=True) for button in laid]


def button_rects(buttons: tuple[Button, ...], top: int) -> list[pygame.Rect]:
    return [button.rect for button in panel_buttons(buttons, top)]


@dataclass(frozen=True)
class PanelLayout:
    players_top: int
    row_height: int
    instructions_top: int
    hand_top: int
    buttons_top: int
    log_top: int


def panel_layout(player_count: int) -> PanelLayout:
    row_height = 40 if player_count <= 4 else 32
    players_top = PANEL_RECT.y + 96
    instructions_top = players_top + player_count * row_height + 16
    hand_top = instructions_top + 86
    buttons_top = hand_top + CARD_SIZE[1] + CARD_LIFT + 14
    return PanelLayout(players_top, row_height, instructions_top, hand_top, buttons_top, buttons_top + 62)


@dataclass(frozen=True)
class PanelContent:
    title: str
    players: list[PlayerLine]
    seat_colour: RGB
    instructions: str
    hand_title: str
    hand: tuple[HandCard, ...]
    buttons: tuple[Button, ...]
    log: list[tuple[RGB, str]]  # (the seat's colour, what it did in words), the latest last
    hints: str
    hinted_card: int | None = None  # the click code of the card the hint plays
    subtitle: str = ""  # under the title: the computers' level


LOG_TEXT = 22
LOG_STEP = 23
LOG_LEFT = 48  # the text's left edge from the panel's, after the seat's marble
PROMPT_SIZES = ((30, 2), (26, 2), (22, 3), (20, 3))  # (text size, most lines) tried in turn
PROMPT_HEIGHT = 60  # the prompt's room between the players and the hand's title


def prompt_lines(text: str) -> tuple[int, list[str]]:
    """The prompt wrapped at the largest size that fits its room: (size, lines)."""
    width = PANEL_RECT.width - 48
    for size, most in PROMPT_SIZES:
        lines = wrap_text(text, size, width)
        if len(lines) <= most and len(lines) * (size - 3) <= PROMPT_HEIGHT:
            return size, lines
    size = PROMPT_SIZES[-1][0]
    return size, wrap_text(text, size, width)[: PROMPT_SIZES[-1][1]]


def log_top(content: PanelContent) -> int:
    """Where the log begins: under the hand's buttons."""
    layout = panel_layout(len(content.players))
    rects = button_rects(content.buttons, layout.buttons_top)
    return max([layout.log_top] + [rect.bottom + 18 for rect in rects])


FOOTER_SIZE = 21


def footer_height(content: PanelContent) -> int:
    """The keys' lines at the panel's foot (the shared footer: wrapped between keys onto two lines at most)."""
    lines, shown = widgets.footer_lines(content.hints, FOOTER_SIZE, PANEL_RECT.width - 24, max_lines=2)
    return len(lines) * (shown + 2)


def log_rows(content: PanelContent) -> list[tuple[int, pygame.Rect, list[str]]]:
    """The log's lines that fit above the footer, the latest at the bottom: (index in the log, its rectangle, its
    wrapped text); the scene points at them for the square codes' tooltip."""
    top = log_top(content)
    bottom = PANEL_RECT.bottom - 22 - footer_height(content)
    width = PANEL_RECT.width - LOG_LEFT - 20
    rows: list[tuple[int, pygame.Rect, list[str]]] = []
    y = bottom
    for index in range(len(content.log) - 1, -1, -1):
        lines = wrap_text(content.log[index][1], LOG_TEXT, width)[:2]
        height = len(lines) * LOG_STEP
        if y - height < top:
            break
        y -= height
        rows.append((index, pygame.Rect(PANEL_RECT.x + 16, y, PANEL_RECT.width - 32, height), lines))
    rows.reverse()
    if rows:  # the latest lines, from the top of the log's room
        shift = rows[0][1].y - top
        rows = [(index, rect.move(0, -shift), lines) for index, rect, lines in rows]
    return rows


def draw_panel(surface: pygame.Surface, content: PanelContent, hover: int | None) -> None:
    panel = PANEL_RECT
    draw.rect(surface, PANEL, panel, border_radius=18)
    draw.rect(surface, PANEL_EDGE, panel, 2, border_radius=18)
    draw_text(surface, "Fast Track", (panel.x + 24, panel.y + 18), 46, ACCENT, bold=True)
    layout = panel_layout(len(content.players))
    draw_text(surface, content.title, (panel.right - 22, panel.y + 22), 22, TEXT_DIM, "topright")
    if content.subtitle:
        draw_text(surface, content.subtitle, (panel.right - 22, panel.y + 46), 22, TEXT_DIM, "topright")
    draw_text(surface, "home", (panel.x + 14 + HOME_X + 33, layout.players_top - 6), 22, TEXT_DIM, "midbottom")
    draw_text(surface, "discards", (panel.right - 14 - PIPS_RIGHT + 27, layout.players_top - 6), 22, TEXT_DIM,
              "midbottom")
    for row, player in enumerate(content.players):
        draw_player(surface, player, layout.players_top + row * layout.row_height, layout.row_height - 4)
    y = layout.instructions_top
    draw.line(surface, PANEL_EDGE, (panel.x + 20, y - 6), (panel.right - 20, y - 6), 1)
    size, lines = prompt_lines(content.instructions)
    hinting = content.instructions.startswith("Hint:")
    colour = HINT if hinting else shade(content.seat_colour, 1.45)
    for number, line in enumerate(lines):
        draw_text(surface, line, (panel.x + 24, y + 4 + number * (size - 3)), size, colour)
    draw_text(surface, content.hand_title, (panel.x + 24, layout.hand_top - 22), 24, TEXT_DIM)
    hand = content.hand
    suits = suits_for([card.label for card in hand])
    playable = any(c.click is not None for c in hand)
    for card, rect, suit in zip(hand, hand_rects(hand, layout.hand_top), suits, strict=True):
        if card.click is not None and card.click == content.hinted_card:
            draw.rect(surface, HINT, rect.inflate(14, 14), border_radius=14)
        if card.click is not None:
            glow = rect.inflate(8, 8)
            draw.rect(surface, ACCENT if hover == card.click else shade(ACCENT, 0.7), glow, border_radius=12)
        else:
            draw.rect(surface, (12, 14, 20), rect.move(3, 4), border_radius=9)
        surface.blit(card_picture(card.label, suit, *CARD_SIZE, drawing_scale()), rect)
        if card.click is None and playable:
            surface.blit(dimmer(CARD_SIZE, drawing_scale()), rect)
    laid = panel_buttons(content.buttons, layout.buttons_top)
    for button, shown in zip(content.buttons, laid, strict=True):
        widgets.draw_button(surface, shown, hover == button.click, size=28)
    if content.log:
        y = log_top(content)
        draw.line(surface, PANEL_EDGE, (panel.x + 20, y - 8), (panel.right - 20, y - 8), 1)
    rows = log_rows(content)
    for number, (index, rect, lines) in enumerate(rows):
        colour, _ = content.log[index]
        draw_marble_ball(surface, (panel.x + 30, rect.y + LOG_STEP // 2), 9, colour)
        latest = number == len(rows) - 1
        for line_number, line in enumerate(lines):
            draw_text(surface, line, (panel.x + LOG_LEFT, rect.y + line_number * LOG_STEP), LOG_TEXT,
                      TEXT if latest else TEXT_DIM)
    widgets.draw_footer(surface, content.hints, (panel.centerx, panel.bottom - 14 - footer_height(content) / 2),
                        FOOTER_SIZE, panel.width - 24, max_lines=2)


@lru_cache(maxsize=4)
def dimmer(size: tuple[int, int], scale: float) -> pygame.Surface:
    dim = layer(size, scale=scale)
    draw.rect(dim, (20, 24, 36, 120), dim.get_rect(), border_radius=9)
    return dim


HOME_X = 200
PIPS_RIGHT = 62


def draw_player(surface: pygame.Surface, player: PlayerLine, y: int, height: int) -> None:
    panel = PANEL_RECT
    row = pygame.Rect(panel.x + 14, y, panel.width - 28, height)
    if player.to_play:
        draw.rect(surface, shade(player.colour, 0.45), row, border_radius=10)
        draw.rect(surface, shade(player.colour, 1.3), row, 2, border_radius=10)
        tip = (row.x + 10, row.centery)
        draw.polygon(surface, ACCENT, [(tip[0] - 8, tip[1] - 7), (tip[0] + 2, tip[1]), (tip[0] - 8, tip[1] + 7)])
    draw_marble_ball(surface, (row.x + 32, row.centery), 12, player.colour)
    name = draw_text(surface, player.name, (row.x + 54, row.centery), 30, TEXT, "midleft", bold=player.to_play)
    if player.partner is not None:  # a small twin marble: the partner
        draw_text(surface, "&", (name.right + 8, row.centery), 24, TEXT_DIM, "midleft")
        draw_marble_ball(surface, (name.right + 32, row.centery), 9, player.partner)
    home_x = row.x + HOME_X
    for index in range(4):
        centre = (home_x + index * 22, row.centery)
        if index < player.home:
            draw_marble_ball(surface, centre, 9, player.colour)
        else:
            draw.circle(surface, shade(PANEL_EDGE, 0.8), centre, 8, 2)
    pips_x = row.right - PIPS_RIGHT
    for index in range(4):
        rect = pygame.Rect(pips_x + index * 14, row.centery - 8, 10, 16)
        if index < player.credits:
            draw.rect(surface, ACCENT, rect, border_radius=2)
        else:
            draw.rect(surface, shade(PANEL_EDGE, 0.8), rect, 1, border_radius=2)


def draw_banner(surface: pygame.Surface, text: str, colour: RGB, clock: float) -> None:
    """The winner's ribbon over the board, with marbles of their colour circling it."""
    rect = pygame.Rect(0, 0, 460, 96)
    rect.center = BOARD_RECT.center
    draw.rect(surface, (12, 14, 20), rect.move(5, 7), border_radius=24)
    draw.rect(surface, shade(colour, 0.8), rect, border_radius=24)
    draw.rect(surface, shade(colour, 1.5), rect, 4, border_radius=24)
    size = 64
    while size > 32 and text_width(text, size, True) > rect.width - 40:  # "You and Green win!" fits too
        size -= 4
    draw_text(surface, text, rect.center, size, TEXT, "center", bold=True)
    for index in range(10):
        angle = clock * 1.2 + index * math.tau / 10
        x = rect.centerx + math.cos(angle) * (rect.width / 2 + 26)
        y = rect.centery + math.sin(angle) * (rect.height / 2 + 22)
        draw_sphere(surface, (x, y), 9 + 3 * (index % 2), shade(colour, 1.0 + 0.3 * (index % 3)))


def new_game_button() -> widgets.Button:
    """The win screen's button under the banner: a new game (N does the same)."""
    rect = pygame.Rect(0, 0, 250, 50)
    rect.midtop = (BOARD_RECT.centerx, BOARD_RECT.centery + 96)
    return widgets.Button("new", "New game (N)", rect, main=True)


def draw_tooltip(surface: pygame.Surface, text: str, pointer: tuple[float, float]) -> None:
    """A small label by the pointer (the square codes of a hole or a log line), kept inside the window."""
    size = 20
    width = min(text_width(text, size) + 20, LOGICAL_SIZE[0] - 8)
    box = pygame.Rect(0, 0, width, size + 12)
    box.bottomleft = (round(pointer[0]) + 14, round(pointer[1]) - 6)
    box.clamp_ip(pygame.Rect(4, 4, LOGICAL_SIZE[0] - 8, LOGICAL_SIZE[1] - 8))
    draw.rect(surface, (12, 14, 20), box.move(2, 3), border_radius=8)
    draw.rect(surface, shade(PANEL, 0.85), box, border_radius=8)
    draw.rect(surface, PANEL_EDGE, box, 1, border_radius=8)
    draw_text(surface, fit_text(text, size, width - 16), (box.x + 10, box.centery), size, TEXT, "midleft")
