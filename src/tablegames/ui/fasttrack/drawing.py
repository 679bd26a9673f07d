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

from tablegames.fasttrack.view import RGB, Button, HandCard, Slot
from tablegames.ui import widgets
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
from tablegames.ui.widgets import fit_text, wrap_text

BOARD_RECT = pygame.Rect(16, 16, 768, 768)
PANEL_RECT = pygame.Rect(800, 16, 464, 768)
PLATE = (196, 160, 112)  # the board's wood
PLATE_EDGE = (112, 80, 50)
TABLE_TOP = (26, 74, 52)
TABLE_GLOW = (40, 104, 74)
CHOSEN = (255, 255, 255)
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
        self.unit = board_scale(slots, rect)
        self.layout = tuple((s.square, s.centre, s.size, s.shape) for s in slots)
        self.points = [self.to_pixels(s.centre) for s in slots]
        self.plate = self.paint_plate(slots)
        self.surface = self.plate.copy()
        self.drawn: list[tuple[RGB, RGB | None, str] | None] = [None] * len(slots)  # (fill, piece, mark)
        self.redrawn = 0  # slots redrawn by the latest `refresh` (for tests and the frame budget)

    def fits(self, slots: tuple[Slot, ...]) -> bool:
        return self.layout == tuple((s.square, s.centre, s.size, s.shape) for s in slots)

    def to_pixels(self, centre: tuple[float, float]) -> tuple[float, float]:
        return (self.rect.width / 2 + centre[0] * self.unit, self.rect.height / 2 + centre[1] * self.unit)

    def on_screen(self, centre: tuple[float, float]) -> tuple[float, float]:
        x, y = self.to_pixels(centre)
        return (self.rect.x + x, self.rect.y + y)

    def paint_plate(self, slots: tuple[Slot, ...]) -> pygame.Surface:
        """The table and the board's wooden plate: discs merged round every slot, a rim, the fast-track ring."""
        surface = pygame.Surface(self.rect.size)
        w, h = self.rect.size
        surface.blit(vertical_gradient(LOGICAL_SIZE, BACKGROUND_GLOW, BACKGROUND), (0, 0), self.rect)
        felt = pygame.Surface(self.rect.size)
        felt.fill(TABLE_TOP)
        for radius in range(int(w * 0.75), 0, -6):  # the felt, lighter in the middle
            t = radius / (w * 0.75)
            colour = tuple(round(a + (b - a) * t) for a, b in zip(TABLE_GLOW, TABLE_TOP, strict=True))
            pygame.draw.circle(felt, colour, (w / 2, h / 2), radius)
        mask = pygame.Surface(self.rect.size)
        mask.set_colorkey((255, 0, 255))
        mask.fill((0, 0, 0))
        pygame.draw.rect(mask, (255, 0, 255), mask.get_rect(), border_radius=22)
        felt.set_colorkey((0, 0, 0))
        felt.blit(mask, (0, 0))  # the felt's corners become the colour key, so the background shows there
        surface.blit(felt, (0, 0))
        pygame.draw.rect(surface, shade(TABLE_TOP, 0.6), surface.get_rect(), 3, border_radius=22)
        unit = self.unit
        for layer, (grow, colour) in enumerate(((0.95, shade(PLATE_EDGE, 0.6)), (0.86, PLATE_EDGE), (0.78, PLATE))):
            for point in self.points:
                offset = 4 if layer == 0 else 0
                pygame.draw.circle(surface, colour, (point[0] + offset, point[1] + offset), unit * grow)
        for index, point in enumerate(self.points):  # a soft grain: darker towards the lower right of each disc
            if index % 3 == 0:
                pygame.draw.circle(surface, shade(PLATE, 1.06), (point[0] - unit * 0.2, point[1] - unit * 0.2),
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
        pygame.draw.circle(surface, shade(PLATE, 0.9), middle, radius * 0.82)
        pygame.draw.circle(surface, shade(PLATE, 0.8), middle, radius * 0.82, 3)
        fill = centre[0].fill
        for k, factor in enumerate((0.6, 0.42)):
            pygame.draw.circle(surface, shade(fill, 0.75 + 0.15 * k), middle, self.unit * factor * 1.7)
        for index, slot in enumerate(ring):
            a = self.to_pixels(slot.centre)
            b = self.to_pixels(ring[(index + 1) % len(ring)].centre)
            length = math.dist(a, b)
            dashes = max(1, int(length / (self.unit * 0.35)))
            for d in range(0, dashes, 2):
                p = (a[0] + (b[0] - a[0]) * d / dashes, a[1] + (b[1] - a[1]) * d / dashes)
                q = (a[0] + (b[0] - a[0]) * (d + 1) / dashes, a[1] + (b[1] - a[1]) * (d + 1) / dashes)
                pygame.draw.line(surface, shade(PLATE_EDGE, 0.9), p, q, 4)

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
            pygame.draw.rect(surface, shade(slot.fill, 0.55), hole.move(-1, -1).inflate(2, 2), border_radius=7)
            pygame.draw.rect(surface, slot.fill, hole.move(1, 1).inflate(-2, -2), border_radius=6)
        else:
            pygame.draw.circle(surface, shade(slot.fill, 0.55), (x, y), size / 2 + 1)
            pygame.draw.circle(surface, slot.fill, (x + 1, y + 1), size / 2 - 1)
        if slot.mark == "moved":
            pygame.draw.circle(surface, MOVED, (x, y), self.unit * 0.47, 2)
        if slot.piece is not None:
            draw_marble(surface, (x, y), self.unit * 0.4, slot.piece)
        if slot.mark == "start":
            pygame.draw.circle(surface, ACCENT, (x, y), self.unit * 0.47, 3)
        elif slot.mark == "end":
            pygame.draw.circle(surface, ACCENT, (x, y), self.unit * 0.47, 3)
            if slot.piece is None:  # a piece that would be captured keeps its face: the ring says enough
                pygame.draw.circle(surface, ACCENT, (x, y), self.unit * 0.12)
        elif slot.mark == "chosen":
            pygame.draw.circle(surface, CHOSEN, (x, y), self.unit * 0.47, 4)
        surface.set_clip(clip)

    def draw(self, target: pygame.Surface, slots: tuple[Slot, ...], clock: float, walkers: Sequence[Walker],
             burst: Burst | None, hover: int | None = None) -> None:
        """Draw the board as last refreshed (`refresh` runs in the scene's update: drawing only reads)."""
        target.blit(self.surface, self.rect)
        pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
        for slot in slots:
            if slot.click is not None:
                x, y = self.on_screen(slot.centre)
                if slot.click == hover:
                    pygame.draw.circle(target, CHOSEN, (x, y), self.unit * 0.56, 3)
                else:
                    pygame.draw.circle(target, shade(ACCENT, 1.0 + 0.4 * pulse), (x, y),
                                       self.unit * (0.52 + 0.05 * pulse), 2)
        if burst is not None:
            self.draw_burst(target, burst)
        for walker in walkers:
            x, y = self.on_screen(walker.centre)
            radius = self.unit * 0.4 * (1.0 + 0.15 * walker.lift)
            shadow = soft_shadow(round(self.unit * 0.4))
            offset = self.unit * (0.08 + 0.18 * walker.lift)
            target.blit(shadow, shadow.get_rect(center=(x + offset, y + offset)))
            draw_sphere(target, (x, y - self.unit * 0.22 * walker.lift), radius, walker.colour)

    def draw_burst(self, target: pygame.Surface, burst: Burst) -> None:
        """The captured marble flies apart: a ring of shards thrown out and fading, a flash at first."""
        x, y = self.on_screen(burst.centre)
        t = burst.progress
        if t < 0.4:
            pygame.draw.circle(target, shade(burst.colour, 1.7), (x, y), self.unit * (0.45 + t * 1.6), 4)
        for shard in range(16):
            angle = shard * math.pi / 8 + 0.2 * (shard % 3)
            distance = self.unit * (0.35 + (1.2 + 0.3 * (shard % 2)) * t)
            size = max(1.5, self.unit * (0.2 - 0.06 * (shard % 2)) * (1.0 - t))
            colour = shade(burst.colour, 0.8 + 0.7 * (shard % 2))
            pygame.draw.circle(target, colour, (x + math.cos(angle) * distance, y + math.sin(angle) * distance), size)

    def slot_at(self, pos: tuple[float, float], slots: tuple[Slot, ...]) -> Slot | None:
        for slot in slots:
            x, y = self.on_screen(slot.centre)
            if math.hypot(pos[0] - x, pos[1] - y) <= self.unit * 0.5:
                return slot
        return None


@lru_cache(maxsize=4)
def soft_shadow(radius: int) -> pygame.Surface:
    """A marble's shadow on the board: a translucent dark disc, softer at its edge."""
    surface = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
    centre = (radius + 2, radius + 2)
    pygame.draw.circle(surface, (30, 20, 10, 50), centre, radius + 1)
    pygame.draw.circle(surface, (30, 20, 10, 60), centre, radius * 0.8)
    return surface


def draw_marble(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: RGB) -> None:
    x, y = centre
    pygame.draw.circle(surface, (50, 36, 24), (x + radius * 0.15, y + radius * 0.2), radius)  # its shadow
    draw_sphere(surface, (x, y), radius, colour)


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
    log: list[tuple[str, RGB, str]]  # (who, colour, what)
    hints: str


def draw_panel(surface: pygame.Surface, content: PanelContent, hover: int | None) -> None:
    panel = PANEL_RECT
    pygame.draw.rect(surface, PANEL, panel, border_radius=18)
    pygame.draw.rect(surface, PANEL_EDGE, panel, 2, border_radius=18)
    draw_text(surface, "Fast Track", (panel.x + 24, panel.y + 18), 46, ACCENT, bold=True)
    layout = panel_layout(len(content.players))
    draw_text(surface, content.title, (panel.right - 22, panel.y + 30), 22, TEXT_DIM, "topright")
    draw_text(surface, "home", (panel.x + 14 + HOME_X + 33, layout.players_top - 6), 22, TEXT_DIM, "midbottom")
    draw_text(surface, "discards", (panel.right - 14 - PIPS_RIGHT + 27, layout.players_top - 6), 22, TEXT_DIM,
              "midbottom")
    for row, player in enumerate(content.players):
        draw_player(surface, player, layout.players_top + row * layout.row_height, layout.row_height - 4)
    y = layout.instructions_top
    pygame.draw.line(surface, PANEL_EDGE, (panel.x + 20, y - 6), (panel.right - 20, y - 6), 1)
    for number, line in enumerate(wrap_text(content.instructions, 30, panel.width - 48)[:2]):
        draw_text(surface, line, (panel.x + 24, y + 6 + number * 26), 30, shade(content.seat_colour, 1.45))
    draw_text(surface, content.hand_title, (panel.x + 24, layout.hand_top - 22), 24, TEXT_DIM)
    hand = content.hand
    suits = suits_for([card.label for card in hand])
    playable = any(c.click is not None for c in hand)
    for card, rect, suit in zip(hand, hand_rects(hand, layout.hand_top), suits, strict=True):
        if card.click is not None:
            glow = rect.inflate(8, 8)
            pygame.draw.rect(surface, ACCENT if hover == card.click else shade(ACCENT, 0.7), glow, border_radius=12)
        else:
            pygame.draw.rect(surface, (12, 14, 20), rect.move(3, 4), border_radius=9)
        surface.blit(card_picture(card.label, suit, *CARD_SIZE), rect)
        if card.click is None and playable:
            surface.blit(dimmer(CARD_SIZE), rect)
    laid = panel_buttons(content.buttons, layout.buttons_top)
    for button, shown in zip(content.buttons, laid, strict=True):
        widgets.draw_button(surface, shown, hover == button.click, size=28)
    rects = [button.rect for button in laid]
    y = max([layout.log_top] + [rect.bottom + 18 for rect in rects])
    if content.log:
        pygame.draw.line(surface, PANEL_EDGE, (panel.x + 20, y - 8), (panel.right - 20, y - 8), 1)
    for who, colour, what in content.log[-((panel.bottom - 60 - y) // 24):]:
        draw_sphere(surface, (panel.x + 32, y + 10), 7, colour)
        draw_text(surface, who, (panel.x + 46, y), 24, TEXT)
        draw_text(surface, fit_text(what, 24, panel.right - 20 - (panel.x + 120)), (panel.x + 120, y), 24, TEXT_DIM)
        y += 24
    widgets.draw_footer(surface, content.hints, (panel.centerx, panel.bottom - 30), 21, panel.width - 24,
                        max_lines=2)


@lru_cache(maxsize=4)
def dimmer(size: tuple[int, int]) -> pygame.Surface:
    dim = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(dim, (20, 24, 36, 120), dim.get_rect(), border_radius=9)
    return dim


HOME_X = 200
PIPS_RIGHT = 62


def draw_player(surface: pygame.Surface, player: PlayerLine, y: int, height: int) -> None:
    panel = PANEL_RECT
    row = pygame.Rect(panel.x + 14, y, panel.width - 28, height)
    if player.to_play:
        pygame.draw.rect(surface, shade(player.colour, 0.45), row, border_radius=10)
        pygame.draw.rect(surface, shade(player.colour, 1.3), row, 2, border_radius=10)
        tip = (row.x + 10, row.centery)
        pygame.draw.polygon(surface, ACCENT, [(tip[0] - 8, tip[1] - 7), (tip[0] + 2, tip[1]), (tip[0] - 8, tip[1] + 7)])
    draw_sphere(surface, (row.x + 32, row.centery), 12, player.colour)
    name = draw_text(surface, player.name, (row.x + 54, row.centery), 30, TEXT, "midleft", bold=player.to_play)
    if player.partner is not None:  # a small twin marble: the partner
        draw_text(surface, "&", (name.right + 8, row.centery), 24, TEXT_DIM, "midleft")
        draw_sphere(surface, (name.right + 30, row.centery), 7, player.partner)
    home_x = row.x + HOME_X
    for index in range(4):
        centre = (home_x + index * 22, row.centery)
        if index < player.home:
            draw_sphere(surface, centre, 8, player.colour)
        else:
            pygame.draw.circle(surface, shade(PANEL_EDGE, 0.8), centre, 8, 2)
    pips_x = row.right - PIPS_RIGHT
    for index in range(4):
        rect = pygame.Rect(pips_x + index * 14, row.centery - 8, 10, 16)
        if index < player.credits:
            pygame.draw.rect(surface, ACCENT, rect, border_radius=2)
        else:
            pygame.draw.rect(surface, shade(PANEL_EDGE, 0.8), rect, 1, border_radius=2)


def draw_banner(surface: pygame.Surface, text: str, colour: RGB, clock: float) -> None:
    """The winner's ribbon over the board, with marbles of their colour circling it."""
    rect = pygame.Rect(0, 0, 460, 96)
    rect.center = BOARD_RECT.center
    pygame.draw.rect(surface, (12, 14, 20), rect.move(5, 7), border_radius=24)
    pygame.draw.rect(surface, shade(colour, 0.8), rect, border_radius=24)
    pygame.draw.rect(surface, shade(colour, 1.5), rect, 4, border_radius=24)
    draw_text(surface, text, rect.center, 64, TEXT, "center", bold=True)
    for index in range(10):
        angle = clock * 1.2 + index * math.tau / 10
        x = rect.centerx + math.cos(angle) * (rect.width / 2 + 26)
        y = rect.centery + math.sin(angle) * (rect.height / 2 + 22)
        draw_sphere(surface, (x, y), 9 + 3 * (index % 2), shade(colour, 1.0 + 0.3 * (index % 3)))
