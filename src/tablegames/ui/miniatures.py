"""The lobby's live miniatures: a small moving picture of each table, drawn from code.

Each is `draw_NAME(surface, rect, t, part)`: part "still" paints what never moves (the lobby paints it once into
its backdrop), "moving" draws the rest over it each frame, "all" both. Painting the whole of them every frame took
the window half a core while the kernels compile on a first start (`scripts/bench_frame.py --scenes lobby`)."""

from __future__ import annotations

import math
from typing import Literal

import pygame

from tablegames.ui import draw
from tablegames.ui.theme import draw_sphere, shade

RED = (214, 58, 52)
CREAM = (238, 226, 200)
MARBLE_COLOURS = ((214, 58, 52), (60, 110, 220), (60, 170, 90), (150, 80, 190))
Part = Literal["all", "still", "moving"]


HOPPER = (5, 2)  # the checkers miniature's man that hops: its way crosses no other man, so it is drawn last


def draw_checkers(surface: pygame.Surface, rect: pygame.Rect, t: float, part: Part = "all") -> None:
    """A board with a red man hopping forward and back every two seconds."""
    side = min(rect.width, rect.height)
    cell = side // 8
    board = pygame.Rect(0, 0, cell * 8, cell * 8)
    board.center = rect.center

    def man(row: int, col: int, hop: float) -> None:
        colour = CREAM if row < 3 else RED
        x = board.x + col * cell + cell / 2 + hop * cell
        y = board.y + row * cell + cell / 2 - (hop * cell + math.sin(hop * math.pi) * cell * 0.6)
        draw.circle(surface, shade(colour, 0.6), (x, y + cell * 0.06), cell * 0.4)
        draw.circle(surface, colour, (x, y), cell * 0.38)
        draw.circle(surface, shade(colour, 0.8), (x, y), cell * 0.26, 2)

    if part != "moving":
        for row in range(8):
            for col in range(8):
                colour = (120, 72, 40) if (row + col) % 2 else (236, 214, 170)
                draw.rect(surface, colour, (board.x + col * cell, board.y + row * cell, cell, cell))
        for row in range(8):
            for col in range(8):
                if (row + col) % 2 == 1 and row not in (3, 4) and (row, col) != HOPPER:
                    man(row, col, 0.0)
    if part != "still":
        phase = (t % 4.0) / 2.0  # 0..2: out and back
        man(*HOPPER, phase if phase <= 1 else 2 - phase)


def _cross_track(rect: pygame.Rect) -> list[tuple[float, float]]:
    """Points around a plus-shaped track, as on the Fast Track board."""
    cx, cy = rect.center
    arm, half = min(rect.width, rect.height) * 0.45, min(rect.width, rect.height) * 0.14
    corners = [(-half, -arm), (half, -arm), (half, -half), (arm, -half), (arm, half), (half, half),
               (half, arm), (-half, arm), (-half, half), (-arm, half), (-arm, -half), (-half, -half)]
    points = []
    for index, (ax, ay) in enumerate(corners):
        bx, by = corners[(index + 1) % len(corners)]
        steps = max(1, round(math.hypot(ax - bx, ay - by) / (half * 0.55)))  # holes about evenly spaced
        for step in range(steps):
            f = step / steps
            points.append((cx + ax + (bx - ax) * f, cy + ay + (by - ay) * f))
    return points


def draw_fasttrack(surface: pygame.Surface, rect: pygame.Rect, t: float, part: Part = "all") -> None:
    """The wooden cross-shaped track with its holes, the bullseye, and four marbles racing round it."""
    points = _cross_track(rect)
    hole = max(3, rect.width // 34)
    if part != "moving":
        wood, wood_dark = (196, 160, 112), (150, 116, 76)
        for x, y in points:  # the board's outline: a ring of wood round every hole
            draw.circle(surface, wood_dark, (x, y + 2), hole * 2.1)
        for x, y in points:
            draw.circle(surface, wood, (x, y), hole * 1.9)
        draw.circle(surface, wood_dark, rect.center, hole * 3.4)
        draw.circle(surface, wood, rect.center, hole * 3.1)
        for x, y in points:
            draw.circle(surface, (232, 228, 216), (x, y), hole * 1.15)
        draw.circle(surface, (230, 190, 70), rect.center, hole * 1.9)
        draw.circle(surface, (250, 220, 110), rect.center, hole * 1.1)
    if part == "still":
        return
    for seat, colour in enumerate(MARBLE_COLOURS):
        position = (t * 2.2 + seat * len(points) / 4) % len(points)
        index = int(position)
        x0, y0 = points[index]
        x1, y1 = points[(index + 1) % len(points)]
        f = position - index
        draw_sphere(surface, (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f), hole * 1.35, colour)


PIP_LAYOUT = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
              4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
              6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def draw_die(surface: pygame.Surface, centre: tuple[float, float], size: float, value: int, angle: float,
             colour: tuple[int, int, int] = (245, 242, 235), pip: tuple[int, int, int] = (30, 30, 40),
             shadow: tuple[float, float] = (2, 3)) -> None:
    """A die face showing `value`, turned by `angle` radians, its shadow offset by `shadow` pixels."""
    cos, sin = math.cos(angle), math.sin(angle)
    half = size / 2

    def place(u: float, v: float) -> tuple[float, float]:
        return centre[0] + u * cos - v * sin, centre[1] + u * sin + v * cos

    corners = [place(-half, -half), place(half, -half), place(half, half), place(-half, half)]
    draw.polygon(surface, shade(colour, 0.7), [(x + shadow[0], y + shadow[1]) for x, y in corners])
    draw.polygon(surface, colour, corners)
    for u, v in PIP_LAYOUT[value]:
        draw.circle(surface, pip, place(u * size * 0.27, v * size * 0.27), size * 0.09)


def draw_piddle(surface: pygame.Surface, rect: pygame.Rect, t: float, part: Part = "all") -> None:
    """Six dice that tumble for a second, then rest showing a new roll (nothing still but the felt)."""
    if part == "still":
        return
    roll, since = divmod(t, 2.5)
    size = rect.width / 5.5
    for index in range(6):
        col, row = index % 3, index // 3
        centre = (rect.x + rect.width * (0.22 + col * 0.28), rect.y + rect.height * (0.36 + row * 0.3))
        seed = int(roll) * 7 + index * 13
        if since < 1.0:
            value = 1 + int(t * 12 + index) % 6
            angle = since * 9 + index
            centre = (centre[0] + math.sin(since * 11 + index) * size * 0.2, centre[1] - (1 - since) * size * 0.5)
        else:
            value, angle = 1 + (seed * 2654435761 >> 7) % 6, (index - 2.5) * 0.12
        draw_die(surface, centre, size, value, angle)


def hex_corners(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """A pointy-topped hexagon's corners."""
    return [(centre[0] + radius * math.cos(math.radians(60 * k - 30)),
             centre[1] + radius * math.sin(math.radians(60 * k - 30))) for k in range(6)]


def draw_routes(surface: pygame.Surface, rect: pygame.Rect, t: float, part: Part = "all") -> None:
    """A patch of hexes with track and a train's run that lights up stop by stop."""
    radius = rect.width / 9
    width = math.sqrt(3) * radius
    centres = []
    for row in range(5):
        for col in range(4):
            x = rect.x + width * (col + 0.75 + 0.5 * (row % 2))
            y = rect.y + radius * (1.3 + row * 1.5)
            centres.append((x, y))
            if part != "moving":
                draw.polygon(surface, (196, 214, 160), hex_corners((x, y), radius - 1))
                draw.polygon(surface, (150, 170, 120), hex_corners((x, y), radius - 1), 1)
    route = [centres[i] for i in (4, 5, 9, 10, 14, 15, 19)]
    if part != "moving":
        draw.lines(surface, (60, 60, 60), False, route, 5)
    if part == "still":
        return
    lit = int(t * 2) % (len(route) + 2)
    if lit >= 2:
        draw.lines(surface, (220, 60, 50), False, route[:min(lit, len(route))], 5)
    for index, stop in enumerate(route[::2]):
        draw.circle(surface, (255, 255, 255), stop, radius * 0.35)
        draw.circle(surface, (40, 40, 40), stop, radius * 0.35, 2)
        if index == 0:
            draw.circle(surface, (220, 60, 50), stop, radius * 0.22)
