"""Colours, fonts and small drawing helpers shared by every scene."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tablegames.ui import draw
from tablegames.ui.canvas import LOGICAL_SIZE, drawing_scale, scale_of
from tablegames.ui.fonthinting import use_light_hinting

__all__ = ["LOGICAL_SIZE"]  # re-exported: the scenes' layouts read it here

BACKGROUND = (22, 26, 38)
BACKGROUND_GLOW = (38, 46, 70)
PANEL = (34, 40, 58)
PANEL_EDGE = (84, 98, 140)
TEXT = (232, 236, 245)
TEXT_DIM = (150, 160, 185)
ACCENT = (255, 196, 64)
FELT = (28, 96, 64)
FELT_DARK = (18, 66, 44)


# The player's text size (settings.text_size): body text (menus, rules pages, toasts, footers, dialogs) is drawn
# this much larger; headings, the boards' labels and the pictures keep their sizes, so layouts hold.
TEXT_SCALES = {"normal": 1.0, "large": 1.2, "larger": 1.4}
_text_scale = 1.0


def set_text_size(name: str) -> None:
    """Follow the settings' text size (an unknown name is the normal size). Call it where the settings change."""
    global _text_scale
    _text_scale = TEXT_SCALES.get(name, 1.0)


def text_scale() -> float:
    return _text_scale


def body_size(size: int) -> int:
    """A body text's size in pixels at the player's text size."""
    return round(size * _text_scale)


@lru_cache(maxsize=128)  # three text sizes of every size used
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's bundled font at `size` pixels (no font files to ship), lightly hinted (evenly spaced letters)."""
    made = pygame.font.Font(None, size)
    made.set_bold(bold)
    use_light_hinting(made)
    return made


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 28,
              colour: tuple[int, int, int] = TEXT, anchor: str = "topleft", bold: bool = False,
              body: bool = False) -> pygame.Rect:
    """Blit `text` with its `anchor` (a pygame.Rect attribute name) at `pos`; returns the rectangle drawn.
    `body`: body text, drawn at the player's text size (`body_size`)."""
    pixels = body_size(size) if body else size
    scale = scale_of(surface)
    if scale == 1.0:
        image = font(pixels, bold).render(text, True, colour)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect
    # At another scale the text is rendered at its real pixel size (crisp) and placed by its logical extent
    image = font(max(1, round(pixels * scale)), bold).render(text, True, colour)
    width, height = image.get_size()
    rect = pygame.Rect(0, 0, round(width / scale), round(height / scale))
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    surface.blit(image, rect.topleft)
    return rect


def line_height(size: int, bold: bool = False) -> int:
    """The logical height of a line of text at `size` (the font's height), as drawn at the frame's scale."""
    scale = drawing_scale()
    if scale == 1.0:
        return font(size, bold).get_height()
    return round(font(max(1, round(size * scale)), bold).get_height() / scale)


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The logical width and height of `text` at `size`, as drawn at the frame's scale."""
    scale = drawing_scale()
    if scale == 1.0:
        return font(size, bold).size(text)
    width, height = font(max(1, round(size * scale)), bold).size(text)
    return (round(width / scale), round(height / scale))


@lru_cache(maxsize=8)
def vertical_gradient(size: tuple[int, int], top: tuple[int, int, int],
                      bottom: tuple[int, int, int]) -> pygame.Surface:
    """A cached full-size gradient (drawn once per size, blitted every frame)."""
    width, height = size
    surface = pygame.Surface(size)
    for y in range(height):
        t = y / max(1, height - 1)
        colour = [round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)]
        pygame.draw.line(surface, colour, (0, y), (width, y))
    return surface


def draw_background(surface: pygame.Surface) -> None:
    """The suite's background over the whole surface: on a window's canvas, to the window's edges."""
    pixels = pygame.Surface.get_size(surface)
    pygame.Surface.blit(surface, vertical_gradient(pixels, BACKGROUND_GLOW, BACKGROUND), (0, 0))


def shade(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    """Lighter (factor > 1) or darker (factor < 1) version of `colour`."""
    if factor >= 1:
        return tuple(round(c + (255 - c) * (factor - 1)) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * factor) for c in colour)  # type: ignore[return-value]


def draw_sphere(surface: pygame.Surface, centre: tuple[float, float], radius: float,
                colour: tuple[int, int, int]) -> None:
    """A shaded ball: dark rim, body, and a highlight up and to the left."""
    x, y = centre
    draw.circle(surface, shade(colour, 0.55), (x, y), radius)
    draw.circle(surface, colour, (x - radius * 0.08, y - radius * 0.08), radius * 0.86)
    draw.circle(surface, shade(colour, 1.35), (x - radius * 0.3, y - radius * 0.3), radius * 0.38)
    draw.circle(surface, shade(colour, 1.8), (x - radius * 0.38, y - radius * 0.38), radius * 0.14)
