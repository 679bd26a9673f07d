"""A pen in piece units: (0, 0) is the piece's centre and 1 its radius, so one recipe draws at any size."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

Colour = tuple[int, ...]
Point = tuple[float, float]


class Pen:
    """Draws on `surface` with unit coordinates scaled by `radius` around `centre` (y grows downwards)."""

    def __init__(self, surface: pygame.Surface, centre: Point, radius: float) -> None:
        self.surface = surface
        self.cx, self.cy = centre
        self.radius = radius

    def at(self, x: float, y: float) -> Point:
        return self.cx + x * self.radius, self.cy + y * self.radius

    def size(self, length: float) -> float:
        return length * self.radius

    def width(self, length: float) -> int:
        """A stroke width in pixels, never thinner than one."""
        return max(1, round(length * self.radius))

    def circle(self, colour: Colour, x: float, y: float, r: float, stroke: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.at(x, y), max(0.5, self.size(r)),
                           self.width(stroke) if stroke else 0)

    def ellipse(self, colour: Colour, x: float, y: float, rx: float, ry: float, stroke: float = 0) -> None:
        left, top = self.at(x - rx, y - ry)
        box = pygame.Rect(round(left), round(top), max(1, round(self.size(2 * rx))), max(1, round(self.size(2 * ry))))
        pygame.draw.ellipse(self.surface, colour, box, self.width(stroke) if stroke else 0)

    def box(self, x: float, y: float, half_w: float, half_h: float) -> pygame.Rect:
        left, top = self.at(x - half_w, y - half_h)
        return pygame.Rect(round(left), round(top), max(1, round(self.size(2 * half_w))),
                           max(1, round(self.size(2 * half_h))))

    def rect(self, colour: Colour, x: float, y: float, half_w: float, half_h: float, corner: float = 0,
             stroke: float = 0) -> None:
        """A rectangle centred on (x, y); `corner` is the corner radius in units."""
        pygame.draw.rect(self.surface, colour, self.box(x, y, half_w, half_h), self.width(stroke) if stroke else 0,
                         border_radius=round(self.size(corner)) if corner else -1)

    def polygon(self, colour: Colour, points: Sequence[Point], stroke: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.at(x, y) for x, y in points],
                            self.width(stroke) if stroke else 0)

    def line(self, colour: Colour, a: Point, b: Point, stroke: float) -> None:
        pygame.draw.line(self.surface, colour, self.at(*a), self.at(*b), self.width(stroke))
        self.circle(colour, *a, stroke / 2)
        self.circle(colour, *b, stroke / 2)

    def polyline(self, colour: Colour, points: Sequence[Point], stroke: float) -> None:
        """A thick line through `points` with round joints."""
        for a, b in zip(points, points[1:], strict=False):
            pygame.draw.line(self.surface, colour, self.at(*a), self.at(*b), self.width(stroke))
        if stroke * self.radius >= 2.5:
            for point in points:
                self.circle(colour, *point, stroke / 2)

    def arc(self, colour: Colour, x: float, y: float, r: float, start: float, stop: float, stroke: float,
            steps: int = 14) -> None:
        """An arc of angles `start`..`stop` (radians, counter-clockwise on screen, 0 pointing right)."""
        self.polyline(colour, arc_points(x, y, r, r, start, stop, steps), stroke)


def arc_points(x: float, y: float, rx: float, ry: float, start: float, stop: float, steps: int) -> list[Point]:
    return [(x + rx * math.cos(start + (stop - start) * i / steps), y - ry * math.sin(start + (stop - start) * i / steps))
            for i in range(steps + 1)]


def render_sprite(radius: float, extent: float, draw: Callable[[Pen], None], supersample: int = 3,
                  base: Colour = (0, 0, 0)) -> pygame.Surface:
    """A transparent square sprite of half-size `extent` radii, drawn `supersample` times larger and scaled
    down smoothly, which anti-aliases every shape (drawn once, blitted every frame). `base` is the colour of
    the clear pixels: translucent glows blend towards it, so it should be the glow's own colour."""
    side = sprite_side(radius, extent)
    big = pygame.Surface((side * supersample, side * supersample), pygame.SRCALPHA)
    big.fill((*base[:3], 0))
    draw(Pen(big, (side * supersample / 2, side * supersample / 2), radius * supersample))
    return fast_alpha(pygame.transform.smoothscale(big, (side, side)))


def sprite_side(radius: float, extent: float) -> int:
    return 2 * math.ceil(radius * extent) + 2


def fast_alpha(surface: pygame.Surface) -> pygame.Surface:
    """The display's pixel format when there is a display (blits faster), the surface itself otherwise."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def blend(pen: Pen, draw: Callable[[Pen], None], alpha: int) -> None:
    """Draw with `draw` on a layer and lay it over the pen's surface at opacity `alpha` (translucent glow)."""
    layer = pygame.Surface(pen.surface.get_size(), pygame.SRCALPHA)
    draw(Pen(layer, (pen.cx, pen.cy), pen.radius))
    layer.set_alpha(alpha)
    # Per-surface alpha on an SRCALPHA surface multiplies with per-pixel alpha in pygame-ce.
    pen.surface.blit(layer, (0, 0))
