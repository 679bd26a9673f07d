"""Pictures laid out in logical units and drawn at the window's real pixel size.

Every scene is laid out in the 1280x800 logical design (`theme.LOGICAL_SIZE`). A `Canvas` is a pygame Surface of
the window's own pixel size that speaks those logical units: `get_size`, `get_rect`, `blit` and `fill` take and give
logical coordinates, and the drawing functions of `ui.draw` (pygame.draw's, scaled) and the text of `theme.draw_text`
(rendered at the scaled font size) are drawn at `scale` pixels a unit. So a 1920x1080 window gets text rendered at
1.35 times the size, crisp, rather than a 1280x800 picture scaled up and softened; a window of another shape than
16:10 gets the design centred (`offset`) with the background drawn to its edges, no bars.

A plain Surface is a canvas of scale 1 at offset 0: the same drawing code draws on either, and at scale 1 it draws
exactly what it drew before the canvas existed (the golden screenshots hold that).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

Point = tuple[float, float]

LOGICAL_SIZE = (1280, 800)  # the design every scene is laid out in

# The scale the frame being drawn is drawn at, for pictures made before they are blitted (layers, cached sprites,
# measured text): set by whoever draws a frame (`drawing_at`).
_current_scale = 1.0


def drawing_scale() -> float:
    return _current_scale


def set_drawing_scale(scale: float) -> None:
    """The window's scale from now on (the frame sets it when the window's size changes), so pictures a scene
    prepares between frames (in update or relayout) are made for it."""
    global _current_scale
    _current_scale = scale


class drawing_at:
    """`with drawing_at(scale):` the layers and text made meanwhile are made for that scale."""

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self.before = 1.0

    def __enter__(self) -> None:
        global _current_scale
        self.before, _current_scale = _current_scale, self.scale

    def __exit__(self, *exc: object) -> None:
        global _current_scale
        _current_scale = self.before


class Canvas(pygame.Surface):
    """A surface of `pixel_size` drawn at `scale` pixels a logical unit, the logical origin `offset` units in;
    its logical size is `logical_size`."""

    scale: float
    offset: Point
    logical_size: tuple[int, int]

    def __init__(self, pixel_size: tuple[int, int], scale: float, offset: Point = (0.0, 0.0),
                 logical_size: tuple[int, int] | None = None, alpha: bool = False) -> None:
        super().__init__((max(1, pixel_size[0]), max(1, pixel_size[1])), pygame.SRCALPHA if alpha else 0)
        self.scale = scale
        self.offset = offset
        self.logical_size = logical_size or (round(pixel_size[0] / scale), round(pixel_size[1] / scale))

    # -- logical units out

    def get_size(self) -> tuple[int, int]:
        return self.logical_size

    def get_width(self) -> int:
        return self.logical_size[0]

    def get_height(self) -> int:
        return self.logical_size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.logical_size)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    def copy(self) -> Canvas:
        twin = pygame.Surface.copy(self)  # a Canvas made without __init__: its units set here
        assert isinstance(twin, Canvas)
        twin.scale, twin.offset, twin.logical_size = self.scale, self.offset, self.logical_size
        return twin

    # -- logical units in

    def to_pixels(self, point: Sequence[float]) -> Point:
        return ((point[0] + self.offset[0]) * self.scale, (point[1] + self.offset[1]) * self.scale)

    def pixel_rect(self, rect: Any) -> pygame.Rect:
        """The pixels a logical rectangle covers (edges rounded, so rectangles that touch still touch)."""
        rect = pygame.Rect(rect)
        left, top = self.to_pixels(rect.topleft)
        right, bottom = self.to_pixels(rect.bottomright)
        return pygame.Rect(round(left), round(top), round(right) - round(left), round(bottom) - round(top))

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        """`source` (pixels: a layer made at this scale, or rendered text) with its top left at logical `dest`."""
        if len(dest) == 4 or isinstance(dest, pygame.Rect):
            dest = pygame.Rect(dest).topleft
        x, y = self.to_pixels(dest)
        if area is not None and isinstance(source, Canvas):
            area = source.pixel_rect(area)
        drawn = pygame.Surface.blit(self, source, (round(x), round(y)), area, special_flags)
        return self.logical_rect(drawn)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        pixels = None if rect is None else self.pixel_rect(rect)
        return self.logical_rect(pygame.Surface.fill(self, color, pixels, special_flags))

    def logical_rect(self, pixels: pygame.Rect) -> pygame.Rect:
        """The logical rectangle of drawn pixels (to the nearest unit)."""
        left, top = round(pixels.left / self.scale - self.offset[0]), round(pixels.top / self.scale - self.offset[1])
        right = round(pixels.right / self.scale - self.offset[0])
        bottom = round(pixels.bottom / self.scale - self.offset[1])
        return pygame.Rect(left, top, right - left, bottom - top)

    def set_clip(self, rect: Any = None) -> None:
        pygame.Surface.set_clip(self, None if rect is None else self.pixel_rect(rect))

    def get_clip(self) -> pygame.Rect:
        return self.logical_rect(pygame.Surface.get_clip(self))

    def fill_all(self, color: Any) -> None:
        """Every pixel, the margins outside the design too."""
        pygame.Surface.fill(self, color)


def scale_of(surface: pygame.Surface) -> float:
    return surface.scale if isinstance(surface, Canvas) else 1.0


def window_scale(window_size: tuple[int, int], logical_size: tuple[int, int] = LOGICAL_SIZE) -> float:
    """Pixels a logical unit in a window of `window_size`: the design as large as fits."""
    return min(max(1, window_size[0]) / logical_size[0], max(1, window_size[1]) / logical_size[1])


def window_canvas(window_size: tuple[int, int], logical_size: tuple[int, int] = LOGICAL_SIZE) -> Canvas:
    """The canvas of a window: the design as large as fits, centred, the window's every pixel drawn on."""
    width, height = max(1, window_size[0]), max(1, window_size[1])
    scale = window_scale(window_size, logical_size)
    offset = ((width / scale - logical_size[0]) / 2, (height / scale - logical_size[1]) / 2)
    return Canvas((width, height), scale, offset, logical_size)


def layer(size: Sequence[float], alpha: bool = True, scale: float | None = None) -> pygame.Surface:
    """A picture of logical `size` to draw on and blit onto the canvas: at scale 1 a plain Surface (the drawing of
    old, exactly), otherwise a Canvas at the frame's scale."""
    scale = drawing_scale() if scale is None else scale
    width, height = max(1, math.ceil(size[0])), max(1, math.ceil(size[1]))
    if scale == 1.0:
        return pygame.Surface((width, height), pygame.SRCALPHA if alpha else 0)
    return Canvas((math.ceil(width * scale), math.ceil(height * scale)), scale, (0.0, 0.0), (width, height),
                  alpha=alpha)


def image_size(image: pygame.Surface) -> tuple[float, float]:
    """The logical size of a picture made at the frame's scale (rendered text, a transformed layer)."""
    if isinstance(image, Canvas):
        return image.get_size()
    scale = drawing_scale()
    width, height = pygame.Surface.get_size(image)
    return (width / scale, height / scale)
