"""The opponents' heads: a face with its own hat, looking at the pointer, sweating while it thinks
(loading-spinner eyes in the neon sets), its mouth and eyes following its mood. The opponents themselves are
data in `opponents.py`.
"""

from __future__ import annotations

import math

import pygame

from tablegames.ui import draw
from tablegames.ui.checkers.opponents import OPPONENTS, Opponent
from tablegames.ui.theme import shade


def draw_opponent(surface: pygame.Surface, opponent_index: int, centre: tuple[float, float], radius: float,
                  t: float, mood: str = "hello", look_at: tuple[float, float] | None = None,
                  thinking: bool = False, neon: bool = False, animations: bool = True,
                  reduced_motion: bool = False) -> pygame.Rect:
    """Draw opponent `opponent_index`'s head at `centre`; returns the rectangle it covers (`head_rect`)."""
    who = OPPONENTS[opponent_index]
    x, y = centre
    moving = animations and not reduced_motion
    if moving and mood in ("party", "win"):
        y -= abs(math.sin(t * 2 * math.pi)) * radius * 0.12
    elif moving and thinking:
        x += math.sin(t * 1.5 * math.pi) * radius * 0.03
    r = radius
    draw.circle(surface, shade(who.skin, 0.55), (x, y + r * 0.06), r * 1.02)
    draw.circle(surface, who.skin, (x, y), r)
    draw.circle(surface, shade(who.skin, 1.15), (x - r * 0.3, y - r * 0.35), r * 0.35)
    for side in (-1, 1):  # ears
        draw.circle(surface, shade(who.skin, 0.85), (x + side * r * 0.98, y + r * 0.05), r * 0.18)
    draw.ellipse(surface, who.hair, pygame.Rect(x - r * 0.85, y - r * 0.95, r * 1.7, r * 0.7))
    draw_eyes(surface, (x, y), r, t, mood, look_at if animations else None, thinking, neon, animations)
    draw_mouth(surface, (x, y), r, mood, thinking)
    if mood in ("ouch", "losing", "loss", "disaster"):
        draw.circle(surface, (250, 140, 140), (x - r * 0.55, y + r * 0.25), r * 0.12)
        draw.circle(surface, (250, 140, 140), (x + r * 0.55, y + r * 0.25), r * 0.12)
    if thinking:
        drop = (t * 0.8) % 1.0 if animations else 0.3
        sx, sy = x + r * 0.78, y - r * 0.35 + drop * r * 0.5
        draw.circle(surface, (130, 200, 255), (sx, sy), r * 0.09)
        draw.polygon(surface, (130, 200, 255), [(sx - r * 0.09, sy), (sx + r * 0.09, sy), (sx, sy - r * 0.2)])
    draw_hat(surface, who, (x, y), r, t if animations else 0.0)
    return head_rect(centre, radius)


def head_rect(centre: tuple[float, float], radius: float) -> pygame.Rect:
    """What a head drawn at `centre` covers, hat included: where a click pokes it (it does not move with the
    head's bob, so a scene can work it out once)."""
    return pygame.Rect(round(centre[0] - radius * 1.2), round(centre[1] - radius * 1.9), round(radius * 2.4),
                       round(radius * 3.0))


def draw_eyes(surface: pygame.Surface, centre: tuple[float, float], r: float, t: float, mood: str,
              look_at: tuple[float, float] | None, thinking: bool, neon: bool, animations: bool) -> None:
    x, y = centre
    for side in (-1, 1):
        ex, ey = x + side * r * 0.36, y - r * 0.08
        if mood in ("win", "party", "captured", "king"):
            draw.arc(surface, (40, 30, 30), pygame.Rect(ex - r * 0.16, ey - r * 0.1, r * 0.32, r * 0.3),
                            0.2, math.pi - 0.2, max(2, round(r * 0.07)))
            continue
        draw.circle(surface, (255, 255, 255), (ex, ey), r * 0.2)
        draw.circle(surface, (40, 30, 30), (ex, ey), r * 0.2, max(1, round(r * 0.03)))
        if thinking and neon:
            start = (t * 2.0 * math.pi) if animations else 0.0  # a loading spinner: one turn a second
            draw.arc(surface, (0, 200, 255), pygame.Rect(ex - r * 0.14, ey - r * 0.14, r * 0.28, r * 0.28),
                            start, start + 4.2, max(2, round(r * 0.06)))
            continue
        dx = dy = 0.0
        if thinking:
            dx, dy = -0.5, -0.6  # looking up, pondering
        elif look_at is not None:
            vx, vy = look_at[0] - ex, look_at[1] - ey
            length = math.hypot(vx, vy) or 1.0
            dx, dy = vx / length, vy / length
        size = 0.12 if mood not in ("ouch", "disaster", "gift") else 0.07
        draw.circle(surface, (30, 24, 30), (ex + dx * r * 0.08, ey + dy * r * 0.08), r * size)
        if mood in ("losing", "loss", "thinking"):
            draw.line(surface, (40, 30, 30), (ex - r * 0.2, ey - r * 0.28 - side * r * 0.04),
                             (ex + r * 0.2, ey - r * 0.28 + side * r * 0.04), max(2, round(r * 0.06)))


def draw_mouth(surface: pygame.Surface, centre: tuple[float, float], r: float, mood: str, thinking: bool) -> None:
    x, y = centre
    width = max(2, round(r * 0.07))
    ink = (70, 30, 30)
    box = pygame.Rect(x - r * 0.32, y + r * 0.1, r * 0.64, r * 0.5)
    if mood in ("win", "party", "captured", "king", "winning", "hello", "poke"):
        draw.arc(surface, ink, box, math.pi + 0.3, 2 * math.pi - 0.3, width)
        if mood in ("win", "party", "captured"):
            draw.ellipse(surface, (120, 30, 40), pygame.Rect(x - r * 0.2, y + r * 0.42, r * 0.4, r * 0.16))
    elif mood in ("ouch", "disaster", "gift"):
        draw.ellipse(surface, (90, 20, 30), pygame.Rect(x - r * 0.12, y + r * 0.3, r * 0.24, r * 0.28))
    elif mood in ("losing", "loss"):
        draw.arc(surface, ink, box.move(0, r * 0.3), 0.4, math.pi - 0.4, width)
    elif thinking:
        draw.line(surface, ink, (x - r * 0.18, y + r * 0.45), (x + r * 0.14, y + r * 0.4), width)
    else:
        draw.line(surface, ink, (x - r * 0.2, y + r * 0.42), (x + r * 0.2, y + r * 0.42), width)


def draw_hat(surface: pygame.Surface, who: Opponent, centre: tuple[float, float], r: float, t: float) -> None:
    x, y = centre
    c, dark = who.hat_colour, shade(who.hat_colour, 0.6)
    top = y - r * 0.72
    if who.hat == "nightcap":
        draw.polygon(surface, c, [(x - r * 0.85, top + r * 0.1), (x + r * 0.85, top + r * 0.1),
                                         (x + r * 1.2, top - r * 0.2), (x + r * 0.2, top - r * 0.9)])
        draw.rect(surface, (245, 245, 250), pygame.Rect(x - r * 0.9, top, r * 1.8, r * 0.22), border_radius=6)
        draw.circle(surface, (245, 245, 250), (x + r * 1.22, top - r * 0.16), r * 0.16)
    elif who.hat == "bow":
        for side in (-1, 1):
            draw.polygon(surface, c, [(x + r * 0.4, top - r * 0.05),
                                             (x + r * 0.4 + side * r * 0.38, top - r * 0.3),
                                             (x + r * 0.4 + side * r * 0.38, top + r * 0.2)])
        draw.circle(surface, dark, (x + r * 0.4, top - r * 0.05), r * 0.11)
    elif who.hat == "propeller":
        draw.ellipse(surface, c, pygame.Rect(x - r * 0.75, top - r * 0.4, r * 1.5, r * 0.8))
        draw.rect(surface, dark, pygame.Rect(x - r * 0.04, top - r * 0.62, r * 0.08, r * 0.24))
        spin = math.cos(t * 1.8 * math.pi)  # a slow propeller: under one turn a second
        draw.ellipse(surface, (230, 60, 60), pygame.Rect(x - r * 0.5 * abs(spin) - 2, top - r * 0.7,
                                                                r * abs(spin) + 4, r * 0.14))
    elif who.hat == "cap":
        draw.ellipse(surface, c, pygame.Rect(x - r * 0.8, top - r * 0.38, r * 1.6, r * 0.8))
        draw.ellipse(surface, dark, pygame.Rect(x - r * 0.2, top + r * 0.08, r * 1.3, r * 0.24))
    elif who.hat == "fedora":
        draw.ellipse(surface, dark, pygame.Rect(x - r * 1.1, top + r * 0.02, r * 2.2, r * 0.3))
        draw.rect(surface, c, pygame.Rect(x - r * 0.6, top - r * 0.6, r * 1.2, r * 0.72), border_radius=10)
        draw.rect(surface, (160, 40, 40), pygame.Rect(x - r * 0.6, top - r * 0.05, r * 1.2, r * 0.14))
    elif who.hat == "mortarboard":
        draw.rect(surface, c, pygame.Rect(x - r * 0.6, top - r * 0.3, r * 1.2, r * 0.42))
        draw.polygon(surface, shade(c, 1.4), [(x - r * 1.1, top - r * 0.35), (x, top - r * 0.6),
                                                     (x + r * 1.1, top - r * 0.35), (x, top - r * 0.1)])
        draw.line(surface, (250, 196, 48), (x, top - r * 0.35), (x + r * 0.9, top + r * 0.1), 3)
    elif who.hat == "captain":
        draw.rect(surface, (245, 245, 250), pygame.Rect(x - r * 0.75, top - r * 0.5, r * 1.5, r * 0.5),
                         border_radius=12)
        draw.rect(surface, c, pygame.Rect(x - r * 0.8, top - r * 0.05, r * 1.6, r * 0.22), border_radius=6)
        draw.circle(surface, (250, 196, 48), (x, top - r * 0.25), r * 0.12)
    elif who.hat == "witch":
        draw.ellipse(surface, dark, pygame.Rect(x - r * 1.15, top - r * 0.05, r * 2.3, r * 0.32))
        draw.polygon(surface, c, [(x - r * 0.6, top + r * 0.05), (x + r * 0.6, top + r * 0.05),
                                         (x + r * 0.35, top - r * 1.1)])
    elif who.hat == "wizard":
        draw.polygon(surface, c, [(x - r * 0.85, top + r * 0.15), (x + r * 0.85, top + r * 0.15),
                                         (x - r * 0.1, top - r * 1.3)])
        for sx, sy in ((0.1, -0.3), (-0.35, -0.05), (0.4, 0.0), (-0.1, -0.75)):
            draw.circle(surface, (250, 230, 120), (x + sx * r, top + sy * r), r * 0.07)
        draw.polygon(surface, who.hair, [(x - r * 0.5, y + r * 0.55), (x + r * 0.5, y + r * 0.55),
                                                (x, y + r * 1.35)])
    else:  # crown
        points = [(x - r * 0.75, top + r * 0.1)]
        for index in range(5):
            px = x - r * 0.75 + index * r * 0.375
            points.append((px, top - r * (0.55 if index % 2 == 0 else 0.25)))
        points.append((x + r * 0.75, top + r * 0.1))
        draw.polygon(surface, c, points)
        draw.polygon(surface, shade(c, 0.6), points, 3)
        for index in (0, 2, 4):
            draw.circle(surface, (220, 40, 80), (x - r * 0.75 + index * r * 0.375, top - r * 0.55), r * 0.08)
