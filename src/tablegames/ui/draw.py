"""pygame.draw in logical units: on a `Canvas` the shapes are drawn at its scale and offset (crisp at the window's
real size); on a plain Surface these are pygame.draw's own calls, argument for argument (so the pictures of old are
unchanged pixel for pixel). Widths of lines and borders scale too, never below one pixel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from tablegames.ui.canvas import Canvas

Colour = Any
Point = Sequence[float]


def _width(width: int, scale: float) -> int:
    return 0 if width <= 0 else max(1, round(width * scale))


def _points(surface: Canvas, points: Sequence[Point]) -> list[tuple[float, float]]:
    return [surface.to_pixels(point) for point in points]


def rect(surface: pygame.Surface, color: Colour, rect: Any, width: int = 0, border_radius: int = 0,
         border_top_left_radius: int = -1, border_top_right_radius: int = -1, border_bottom_left_radius: int = -1,
         border_bottom_right_radius: int = -1) -> pygame.Rect:
    if not isinstance(surface, Canvas):
        return pygame.draw.rect(surface, color, rect, width, border_radius, border_top_left_radius,
                                border_top_right_radius, border_bottom_left_radius, border_bottom_right_radius)
    scale = surface.scale

    def radius(value: int) -> int:
        return value if value <= 0 else max(1, round(value * scale))

    drawn = pygame.draw.rect(surface, color, surface.pixel_rect(rect), _width(width, scale), radius(border_radius),
                             radius(border_top_left_radius), radius(border_top_right_radius),
                             radius(border_bottom_left_radius), radius(border_bottom_right_radius))
    return surface.logical_rect(drawn)


def circle(surface: pygame.Surface, color: Colour, center: Point, radius: float, width: int = 0,
           draw_top_right: bool | None = None, draw_top_left: bool | None = None,
           draw_bottom_left: bool | None = None, draw_bottom_right: bool | None = None) -> pygame.Rect:
    quadrants = [q for q in (draw_top_right, draw_top_left, draw_bottom_left, draw_bottom_right)]
    if not isinstance(surface, Canvas):
        if all(q is None for q in quadrants):
            return pygame.draw.circle(surface, color, center, radius, width)
        return pygame.draw.circle(surface, color, center, radius, width, *[bool(q) for q in quadrants])
    scale = surface.scale
    args = (surface, color, surface.to_pixels(center), radius * scale, _width(width, scale))
    if all(q is None for q in quadrants):
        drawn = pygame.draw.circle(*args)
    else:
        drawn = pygame.draw.circle(*args, *[bool(q) for q in quadrants])
    return surface.logical_rect(drawn)


def ellipse(surface: pygame.Surface, color: Colour, rect: Any, width: int = 0) -> pygame.Rect:
    if not isinstance(surface, Canvas):
        return pygame.draw.ellipse(surface, color, rect, width)
    return surface.logical_rect(pygame.draw.ellipse(surface, color, surface.pixel_rect(rect),
                                                     _width(width, surface.scale)))


def arc(surface: pygame.Surface, color: Colour, rect: Any, start_angle: float, stop_angle: float,
        width: int = 1) -> pygame.Rect:
    if not isinstance(surface, Canvas):
        return pygame.draw.arc(surface, color, rect, start_angle, stop_angle, width)
    return surface.logical_rect(pygame.draw.arc(surface, color, surface.pixel_rect(rect), start_angle, stop_angle,
                                                _width(width, surface.scale)))


def line(surface: pygame.Surface, color: Colour, start_pos: Point, end_pos: Point, width: int = 1) -> pygame.Rect:
    if not isinstance(surface, Canvas):
        return pygame.draw.line(surface, color, start_pos, end_pos, width)
    return surface.logical_rect(pygame.draw.line(surface, color, surface.to_pixels(start_pos),
                                                 surface.to_pixels(end_pos), _width(width, surface.scale)))


def lines(surface: pygame.Surface, color: Colour, closed: bool, points: Sequence[Point],
          width: int = 1) -> pygame.Rect:
    if not isinstance(surface, Canvas):
        return pygame.draw.lines(surface, color, closed, points, width)
    return surface.logical_rect(pygame.draw.lines(surface, color, closed, _points(surface, points),
                                                  _width(width, surface.scale)))


def polygon(surface: pygame.Surface, color: Colour, points: Sequence[Point], width: int = 0) -> pygame.Rect:
    if not isinstance(surface, Canvas):
        return pygame.draw.polygon(surface, color, points, width)
    return surface.logical_rect(pygame.draw.polygon(surface, color, _points(surface, points),
                                                    _width(width, surface.scale)))
