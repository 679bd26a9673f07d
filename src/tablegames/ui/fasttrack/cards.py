"""Playing cards drawn from code: number cards with their pips, the faces, the joker, the back.

Suits do not matter in Fast Track; a card's suit here is only its look. Pictures are cached by what they show.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from tablegames.ui import draw
from tablegames.ui.canvas import layer, scale_of
from tablegames.ui.theme import draw_text, font, shade

CARD_FACE = (250, 247, 238)
CARD_EDGE = (120, 112, 100)
SUIT_RED = (200, 40, 48)
SUIT_BLACK = (30, 30, 38)
SUITS = ("hearts", "spades", "diamonds", "clubs")
GOLD = (222, 176, 60)

# Pip positions on the card's inner face, (x, y) in 0..1, for the number cards.
PIPS = {
    "2": [(0.5, 0.12), (0.5, 0.88)],
    "3": [(0.5, 0.12), (0.5, 0.5), (0.5, 0.88)],
    "4": [(0.25, 0.12), (0.75, 0.12), (0.25, 0.88), (0.75, 0.88)],
    "5": [(0.25, 0.12), (0.75, 0.12), (0.5, 0.5), (0.25, 0.88), (0.75, 0.88)],
    "6": [(0.25, 0.12), (0.75, 0.12), (0.25, 0.5), (0.75, 0.5), (0.25, 0.88), (0.75, 0.88)],
    "7": [(0.25, 0.12), (0.75, 0.12), (0.5, 0.31), (0.25, 0.5), (0.75, 0.5), (0.25, 0.88), (0.75, 0.88)],
    "8": [(0.25, 0.12), (0.75, 0.12), (0.5, 0.31), (0.25, 0.5), (0.75, 0.5), (0.5, 0.69), (0.25, 0.88),
          (0.75, 0.88)],
    "9": [(0.25, 0.12), (0.75, 0.12), (0.25, 0.37), (0.75, 0.37), (0.5, 0.5), (0.25, 0.63), (0.75, 0.63),
          (0.25, 0.88), (0.75, 0.88)],
    "10": [(0.25, 0.12), (0.75, 0.12), (0.5, 0.25), (0.25, 0.37), (0.75, 0.37), (0.25, 0.63), (0.75, 0.63),
           (0.5, 0.75), (0.25, 0.88), (0.75, 0.88)],
}


def suit_colour(suit: str) -> tuple[int, int, int]:
    return SUIT_RED if suit in ("hearts", "diamonds") else SUIT_BLACK


def draw_suit(surface: pygame.Surface, suit: str, centre: tuple[float, float], size: float,
              upside_down: bool = False) -> None:
    """A suit sign `size` pixels tall, from circles and polygons (the bundled font has no suit glyphs)."""
    x, y = centre
    s = size / 2
    flip = -1 if upside_down else 1
    colour = suit_colour(suit)
    if suit == "diamonds":
        draw.polygon(surface, colour, [(x, y - s), (x + s * 0.72, y), (x, y + s), (x - s * 0.72, y)])
    elif suit == "hearts":
        r = s * 0.52
        draw.circle(surface, colour, (x - r * 0.92, y - flip * s * 0.35), r)
        draw.circle(surface, colour, (x + r * 0.92, y - flip * s * 0.35), r)
        draw.polygon(surface, colour, [(x - s * 0.98, y - flip * s * 0.2), (x + s * 0.98, y - flip * s * 0.2),
                                              (x, y + flip * s)])
    elif suit == "spades":
        r = s * 0.5
        draw.circle(surface, colour, (x - r * 0.9, y + flip * s * 0.2), r)
        draw.circle(surface, colour, (x + r * 0.9, y + flip * s * 0.2), r)
        draw.polygon(surface, colour, [(x - s * 0.95, y + flip * s * 0.08), (x + s * 0.95, y + flip * s * 0.08),
                                              (x, y - flip * s)])
        draw.polygon(surface, colour, [(x, y + flip * s * 0.2), (x - s * 0.35, y + flip * s),
                                              (x + s * 0.35, y + flip * s)])
    else:  # clubs
        r = s * 0.42
        draw.circle(surface, colour, (x, y - flip * s * 0.45), r)
        draw.circle(surface, colour, (x - r * 1.05, y + flip * s * 0.12), r)
        draw.circle(surface, colour, (x + r * 1.05, y + flip * s * 0.12), r)
        draw.polygon(surface, colour, [(x, y), (x - s * 0.35, y + flip * s), (x + s * 0.35, y + flip * s)])


def draw_crown(surface: pygame.Surface, centre: tuple[float, float], width: float,
               colour: tuple[int, int, int]) -> None:
    x, y = centre
    w, h = width / 2, width * 0.42
    points = [(x - w, y + h / 2), (x - w, y - h / 2), (x - w / 2, y), (x, y - h * 0.75), (x + w / 2, y),
              (x + w, y - h / 2), (x + w, y + h / 2)]
    draw.polygon(surface, colour, points)
    draw.polygon(surface, shade(colour, 0.6), points, 2)
    for px, py in points[1:6:2]:
        draw.circle(surface, shade(colour, 1.4), (px, py), max(2, width * 0.07))


def draw_face_picture(surface: pygame.Surface, label: str, suit: str, rect: pygame.Rect) -> None:
    """A court card's picture: a figure's head and shoulders under a crown (K), a tiara (Q) or a cap (J)."""
    colour = suit_colour(suit)
    cx = rect.centerx
    draw.rect(surface, shade(colour, 1.75), rect, border_radius=6)
    draw.rect(surface, colour, rect, 2, border_radius=6)
    head_y = rect.y + rect.height * 0.42
    head_r = rect.width * 0.18
    body = pygame.Rect(0, 0, rect.width * 0.74, rect.height * 0.4)
    body.midbottom = (cx, rect.bottom - 3)
    draw.ellipse(surface, colour, body)
    draw.rect(surface, GOLD, (cx - 3, body.y + 4, 6, body.height * 0.6))
    draw.circle(surface, (245, 214, 180), (cx, head_y), head_r)
    draw.circle(surface, SUIT_BLACK, (cx - head_r * 0.38, head_y - head_r * 0.1), max(1.5, head_r * 0.12))
    draw.circle(surface, SUIT_BLACK, (cx + head_r * 0.38, head_y - head_r * 0.1), max(1.5, head_r * 0.12))
    draw.arc(surface, SUIT_BLACK, (cx - head_r * 0.45, head_y - head_r * 0.2, head_r * 0.9, head_r * 0.8),
                    math.pi * 1.15, math.pi * 1.85, 2)
    top = head_y - head_r
    if label == "K":
        draw_crown(surface, (cx, top - rect.width * 0.08), rect.width * 0.5, GOLD)
    elif label == "Q":
        draw.polygon(surface, GOLD, [(cx - head_r, top + 4), (cx, top - head_r * 0.9), (cx + head_r, top + 4)])
        draw.circle(surface, shade(colour, 1.2), (cx, top - head_r * 0.35), max(2, head_r * 0.2))
    else:
        cap = pygame.Rect(0, 0, head_r * 2.3, head_r * 0.9)
        cap.midbottom = (cx, top + head_r * 0.5)
        draw.ellipse(surface, colour, cap)
        draw.circle(surface, GOLD, (cx + head_r * 1.1, cap.centery), max(2, head_r * 0.22))


def draw_joker(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The joker: a jester's star in three colours and the word down the side."""
    cx, cy = rect.center
    colours = ((200, 40, 48), (40, 90, 200), (230, 170, 30))
    for index in range(3):
        angle = -math.pi / 2 + (index - 1) * 0.75
        tip = (cx + math.cos(angle) * rect.width * 0.42, cy - rect.height * 0.05 + math.sin(angle) * rect.height * 0.42)
        base = (cx, cy + rect.height * 0.08)
        side = rect.width * 0.14
        draw.polygon(surface, colours[index], [(base[0] - side, base[1]), tip, (base[0] + side, base[1])])
        draw.circle(surface, GOLD, tip, max(3, rect.width * 0.07))
    draw.circle(surface, (245, 214, 180), (cx, cy + rect.height * 0.16), rect.width * 0.17)
    draw.circle(surface, SUIT_BLACK, (cx, cy + rect.height * 0.16), rect.width * 0.17, 2)
    draw.arc(surface, SUIT_RED, (cx - rect.width * 0.09, cy + rect.height * 0.15, rect.width * 0.18,
                                        rect.height * 0.08), math.pi, 2 * math.pi, 2)


def corner_label(surface: pygame.Surface, text: str, colour: tuple[int, int, int], pos: tuple[float, float], size: int,
                 rotate: bool = False) -> None:
    if not rotate:
        draw_text(surface, text, pos, size, colour, "topleft", bold=True)
        return
    scale = scale_of(surface)
    image = pygame.transform.rotate(font(max(1, round(size * scale)), bold=True).render(text, True, colour), 180)
    width, height = image.get_size()
    rect = pygame.Rect(0, 0, round(width / scale), round(height / scale))
    rect.bottomright = (round(pos[0]), round(pos[1]))
    surface.blit(image, rect.topleft)


@lru_cache(maxsize=128)
def card_picture(label: str, suit: str, width: int, height: int, scale: float = 1.0) -> pygame.Surface:
    """The face of the card `label` ("2".."10", "J", "Q", "K", "A", "joker") of `suit`, `width` x `height`,
    made at `scale` pixels a unit."""
    surface = layer((width, height), scale=scale)
    rect = surface.get_rect()
    radius = max(4, width // 9)
    draw.rect(surface, CARD_FACE, rect, border_radius=radius)
    draw.rect(surface, CARD_EDGE, rect, 2, border_radius=radius)
    is_joker = label == "joker"
    colour = (120, 40, 150) if is_joker else suit_colour(suit)
    corner = "JK" if is_joker else label
    label_size = max(12, int(width * 0.3))
    corner_label(surface, corner, colour, (width * 0.07, height * 0.04), label_size)
    corner_label(surface, corner, colour, (width * 0.93, height * 0.96), label_size, rotate=True)
    small = max(6, width * 0.13)
    if not is_joker:
        draw_suit(surface, suit, (width * 0.15, height * 0.04 + label_size * 0.95), small)
        draw_suit(surface, suit, (width * 0.85, height * 0.96 - label_size * 0.95), small, upside_down=True)
    inner = pygame.Rect(width * 0.24, height * 0.17, width * 0.52, height * 0.66)
    if is_joker:
        draw_joker(surface, inner.inflate(width * 0.1, 0))
        corner_label(surface, "JOKER", colour, (inner.x + 2, inner.bottom - label_size * 0.2), max(10, label_size * 2 // 3))
    elif label in PIPS:
        pip = max(8, width * 0.2)
        for px, py in PIPS[label]:
            draw_suit(surface, suit, (inner.x + px * inner.width, inner.y + py * inner.height), pip,
                      upside_down=py > 0.55)
    elif label == "A":
        draw_suit(surface, suit, inner.center, width * 0.5)
    else:
        draw_face_picture(surface, label, suit, inner)
    return surface


@lru_cache(maxsize=8)
def card_back(width: int, height: int, scale: float = 1.0) -> pygame.Surface:
    surface = layer((width, height), scale=scale)
    rect = surface.get_rect()
    radius = max(4, width // 9)
    draw.rect(surface, (150, 36, 46), rect, border_radius=radius)
    draw.rect(surface, CARD_FACE, rect, 3, border_radius=radius)
    inner = rect.inflate(-12, -12)
    step = max(6, width // 8)
    for offset in range(-height, width + height, step):
        draw.line(surface, (178, 60, 66), (inner.x + offset, inner.y), (inner.x + offset + inner.height,
                                                                              inner.bottom))
    draw.rect(surface, CARD_FACE, inner, 1, border_radius=radius // 2)
    return surface


def suits_for(labels: list[str]) -> list[str]:
    """A suit for each card of a hand, for looks only: a rank's first copy one suit, its second another."""
    seen: dict[str, int] = {}
    suits = []
    for label in labels:
        count = seen.get(label, 0)
        seen[label] = count + 1
        suits.append(SUITS[(sum(map(ord, label)) + count) % len(SUITS)])
    return suits
