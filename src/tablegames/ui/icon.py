"""The suite's icon, drawn from code at any size: a felt table with a checker, a die and a marble."""

from __future__ import annotations

import pygame

from tablegames.ui import draw
from tablegames.ui.miniatures import draw_die
from tablegames.ui.theme import ACCENT, FELT, FELT_DARK, draw_sphere, shade

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def draw_icon(size: int) -> pygame.Surface:
    """The icon at `size` x `size` pixels with a transparent background (drawn large, then scaled smoothly)."""
    big = 256
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    draw.rect(surface, FELT_DARK, (8, 8, big - 16, big - 16), border_radius=48)
    draw.rect(surface, FELT, (20, 20, big - 40, big - 40), border_radius=38)
    draw.rect(surface, ACCENT, (8, 8, big - 16, big - 16), 8, border_radius=48)
    red = (214, 58, 52)
    draw.circle(surface, shade(red, 0.55), (98, 104), 62)
    draw.circle(surface, red, (94, 98), 58)
    draw.circle(surface, shade(red, 0.75), (94, 98), 40, 6)
    draw_die(surface, (170, 172), 78, 5, 0.3)
    draw_sphere(surface, (82, 190), 26, (60, 110, 220))
    if size == big:
        return surface
    return pygame.transform.smoothscale(surface, (size, size))
