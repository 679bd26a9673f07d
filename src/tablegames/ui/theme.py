"""Colours, fonts and small drawing helpers shared by every scene."""

from __future__ import annotations

from functools import lru_cache

import pygame

from tablegames.ui import draw
from tablegames.ui.canvas import LOGICAL_SIZE, Canvas, drawing_scale, scale_of
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


@lru_cache(maxsize=2048)  # a frame's words, at one or two scales: rendering them each frame cost most of a frame
def rendered_text(text: str, pixels: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
    """`text` rendered at `pixels`, antialiased (shared: never change the picture returned)."""
    return font(pixels, bold).render(text, True, colour)


def draw_text(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 28,
              colour: tuple[int, int, int] = TEXT, anchor: str = "topleft", bold: bool = False,
              body: bool = False, alpha: int | None = None) -> pygame.Rect:
    """Blit `text` with its `anchor` (a pygame.Rect attribute name) at `pos`; returns the rectangle drawn.
    `body`: body text, drawn at the player's text size (`body_size`); `alpha`: translucent (0..255). On a
    canvas of another scale the text is rendered at its real pixel size (crisp) and placed by its logical
    extent."""
    pixels = body_size(size) if body else size
    scale = scale_of(surface)
    image = rendered_text(text, max(1, round(pixels * scale)), bold, tuple(colour))
    if alpha is not None:
        image = image.copy()
        image.set_alpha(alpha)
    width, height = image.get_size()
    rect = pygame.Rect(0, 0, round(width / scale), round(height / scale))
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    surface.blit(image, rect.topleft)
    return rect


def frame_font(size: int, bold: bool = False) -> tuple[pygame.font.Font, float]:
    """The font text of logical `size` is rendered with at the frame's scale, and that scale (to turn its pixel
    measures back into logical units)."""
    scale = drawing_scale()
    return font(max(1, round(size * scale)), bold), scale


def line_height(size: int, bold: bool = False) -> int:
    """The logical height of a line of text at `size` (the font's height), as drawn at the frame's scale."""
    face, scale = frame_font(size, bold)
    return round(face.get_height() / scale)


def line_spacing(size: int, bold: bool = False) -> int:
    """The logical distance from one line of text at `size` to the next (the font's line size), at the frame's
    scale."""
    face, scale = frame_font(size, bold)
    return round(face.get_linesize() / scale)


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The logical width and height of `text` at `size`, as drawn at the frame's scale."""
    face, scale = frame_font(size, bold)
    width, height = face.size(text)
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
    """The suite's background over the whole surface (a window's canvas: the design's area; `draw_margins` the
    rest)."""
    pixels = pygame.Surface.get_size(surface)
    gradient = vertical_gradient(pixels, BACKGROUND_GLOW, BACKGROUND)
    if isinstance(surface, Canvas):
        area = surface.pixel_rect(surface.get_rect())
        pygame.Surface.blit(surface, gradient, area, area)
    else:
        pygame.Surface.blit(surface, gradient, (0, 0))


def draw_margins(canvas: Canvas) -> None:
    """The background around the design on a window's canvas of another shape (the design's own area is the
    scenes' to draw)."""
    pixels = pygame.Surface.get_size(canvas)
    design = canvas.pixel_rect(canvas.get_rect())
    if design.size == pixels:
        return
    gradient = vertical_gradient(pixels, BACKGROUND_GLOW, BACKGROUND)
    window = pygame.Rect((0, 0), pixels)
    for margin in (pygame.Rect(0, 0, design.left, pixels[1]), pygame.Rect(design.right, 0, window.right - design.right,
                   pixels[1]), pygame.Rect(0, 0, pixels[0], design.top),
                   pygame.Rect(0, design.bottom, pixels[0], window.bottom - design.bottom)):
        if margin.width > 0 and margin.height > 0:
            pygame.Surface.blit(canvas, gradient, margin, margin)


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
