"""Generic drawing of a creature's or gadget's body from its recipe: shape, appendages, markings, king's dress.

The face is drawn separately (faces.py) so bodies and faces can be cached apart.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from tablegames.ui.checkers.discs import draw_crown
from tablegames.ui.checkers.pen import Pen, Point, arc_points, blend
from tablegames.ui.checkers.recipes import GOLD, WHITE, Creature
from tablegames.ui.theme import shade

SHADOW = (0, 0, 0)
CROWN_EDGE = (150, 96, 10)


def rotate(point: Point, pivot: Point, degrees: float) -> Point:
    angle = math.radians(degrees)
    dx, dy = point[0] - pivot[0], point[1] - pivot[1]
    return (pivot[0] + dx * math.cos(angle) - dy * math.sin(angle),
            pivot[1] + dx * math.sin(angle) + dy * math.cos(angle))


def draw_body(pen: Pen, c: Creature, sway: float, is_king: bool) -> None:
    """Everything but the face; `sway` in -1..1 swings the appendages by up to the recipe's degrees."""
    swing = sway * c.sway
    if c.neon:
        draw_bloom(pen, c, is_king)
    else:
        blend(pen, lambda p: p.ellipse(SHADOW, 0.04, c.half_h * 0.96, c.half_w * 0.9, 0.16), 90)
    if is_king and not c.neon:
        draw_cape(pen, c)
    APPENDAGES_BEHIND.get(c.ears, skip)(pen, c, swing)
    BODIES[c.body](pen, c)
    draw_markings(pen, c)
    APPENDAGES_FRONT.get(c.ears, skip)(pen, c, swing)
    if is_king:
        if c.neon:
            draw_halo(pen, c)
        else:
            crown_y = -c.half_h + 0.16 if c.ears != "nightcap" else -0.86
            draw_crown(pen, -0.02, crown_y, 0.3, GOLD, CROWN_EDGE)


def skip(pen: Pen, c: Creature, swing: float) -> None:
    """No appendage on this side of the body."""


# ---- bodies ------------------------------------------------------------------------------------------------

def draw_round(pen: Pen, c: Creature) -> None:
    pen.ellipse(c.outline, 0, 0, c.half_w + c.outline_w, c.half_h + c.outline_w)
    pen.ellipse(c.shadow, 0, 0, c.half_w, c.half_h)
    pen.ellipse(c.colour, 0, -c.half_h * 0.07, c.half_w * 0.97, c.half_h * 0.92)
    pen.ellipse(shade(c.colour, 1.25), -c.half_w * 0.42, -c.half_h * 0.52, c.half_w * 0.22, c.half_h * 0.12)


def draw_square(pen: Pen, c: Creature) -> None:
    ow = c.outline_w
    pen.rect(c.outline, 0, 0, c.half_w + ow, c.half_h + ow, c.corner + ow)
    pen.rect(c.shadow, 0, 0, c.half_w, c.half_h, c.corner)
    pen.rect(c.colour, 0, -c.half_h * 0.06, c.half_w * 0.96, c.half_h * 0.9, c.corner)
    pen.rect(shade(c.colour, 1.2), -c.half_w * 0.5, -c.half_h * 0.72, c.half_w * 0.25, c.half_h * 0.06, 0.05)


def draw_stack(pen: Pen, c: Creature) -> None:
    """Layers from the bottom up (a burger): bun, patty, cheese, lettuce, dome."""
    for y, hh, colour, shape in c.layers:
        LAYER_SHAPES[shape](pen, c, y, hh, colour)


def layer_bun(pen: Pen, c: Creature, y: float, hh: float, colour: tuple[int, int, int]) -> None:
    pen.rect(c.outline, 0, y, c.half_w * 0.92 + c.outline_w, hh + c.outline_w, hh + c.outline_w)
    pen.rect(colour, 0, y, c.half_w * 0.92, hh, hh)
    pen.rect(shade(colour, 1.15), 0, y - hh * 0.45, c.half_w * 0.75, hh * 0.2, hh * 0.2)


def layer_patty(pen: Pen, c: Creature, y: float, hh: float, colour: tuple[int, int, int]) -> None:
    pen.rect(c.outline, 0, y, c.half_w + c.outline_w, hh + c.outline_w, hh + c.outline_w)
    pen.rect(colour, 0, y, c.half_w, hh, hh)
    for x in (-0.5, -0.15, 0.2, 0.55):
        pen.circle(shade(colour, 0.7), x, y + hh * 0.1, hh * 0.25)


def layer_cheese(pen: Pen, c: Creature, y: float, hh: float, colour: tuple[int, int, int]) -> None:
    w = c.half_w * 0.98
    points = [(-w, y - hh), (w, y - hh), (w * 0.9, y + hh), (w * 0.55, y + hh * 3.2), (w * 0.4, y + hh),
              (-w * 0.35, y + hh), (-w * 0.48, y + hh * 2.6), (-w * 0.6, y + hh), (-w * 0.9, y + hh)]
    pen.polygon(colour, points)
    pen.polygon(shade(colour, 0.7), points, stroke=0.03)


def layer_lettuce(pen: Pen, c: Creature, y: float, hh: float, colour: tuple[int, int, int]) -> None:
    w = c.half_w * 1.04
    wave = [(-w + 2 * w * i / 16, y + hh * (0.6 if i % 2 else -0.2)) for i in range(17)]
    points = [(-w * 0.95, y - hh), (w * 0.95, y - hh)] + wave[::-1]
    pen.polygon(colour, points)
    pen.polyline(shade(colour, 0.7), wave, 0.035)


def layer_dome(pen: Pen, c: Creature, y: float, hh: float, colour: tuple[int, int, int]) -> None:
    """The top bun: half an ellipse standing on a flat base at y + hh."""
    base = y + hh
    w = c.half_w
    outline = arc_points(0, base, w + c.outline_w, 2 * hh + c.outline_w, 0, math.pi, 24)
    pen.polygon(c.outline, outline + [(-w - c.outline_w, base + c.outline_w), (w + c.outline_w, base + c.outline_w)])
    pen.polygon(shade(colour, 0.85), arc_points(0, base, w, 2 * hh, 0, math.pi, 24))
    pen.polygon(colour, arc_points(0, base - 0.04, w * 0.96, 2 * hh * 0.92, 0, math.pi, 24))
    pen.ellipse(shade(colour, 1.3), -w * 0.45, base - 2 * hh * 0.7, w * 0.2, hh * 0.14)


LAYER_SHAPES: dict[str, Callable[[Pen, Creature, float, float, tuple[int, int, int]], None]] = {
    "bun": layer_bun, "patty": layer_patty, "cheese": layer_cheese, "lettuce": layer_lettuce, "dome": layer_dome}


def draw_pizza(pen: Pen, c: Creature) -> None:
    pen.circle(c.outline, 0, 0, c.half_w + c.outline_w)
    pen.circle(c.shadow, 0, 0, c.half_w)
    pen.circle(shade(c.shadow, 1.2), 0, -0.03, c.half_w * 0.95)
    pen.circle(c.colour, 0, 0, c.half_w * 0.8)
    for angle in range(0, 360, 45):
        # faint cut lines between slices, stopping short of the face
        a = math.radians(angle + 22.5)
        pen.line(shade(c.colour, 0.88), (math.cos(a) * 0.5, math.sin(a) * 0.5),
                 (math.cos(a) * c.half_w * 0.78, math.sin(a) * c.half_w * 0.78), 0.025)


def draw_mug(pen: Pen, c: Creature) -> None:
    w, h = c.half_w, c.half_h
    pen.rect(c.outline, 0, 0, w + c.outline_w, h + c.outline_w, c.corner + c.outline_w)
    pen.rect(c.shadow, 0, 0, w, h, c.corner)
    pen.rect(c.colour, -w * 0.05, -h * 0.02, w * 0.9, h * 0.94, c.corner)
    pen.ellipse(c.outline, 0, -h, w + c.outline_w, 0.17)
    pen.ellipse((74, 42, 24), 0, -h, w * 0.86, 0.11)
    pen.ellipse((120, 74, 44), -0.12, -h - 0.02, w * 0.4, 0.04)
    pen.rect(shade(c.colour, 1.6), -w * 0.72, 0.0, 0.04, h * 0.55, 0.04)


def draw_ghost(pen: Pen, c: Creature) -> None:
    """A pixel body from the recipe's mask, outlined pixel by pixel."""
    rows, cols = len(c.pixels), len(c.pixels[0])
    cell = 2 * c.half_w / cols
    top = -c.half_h
    lit = [(col, row) for row, line in enumerate(c.pixels) for col, ch in enumerate(line) if ch == "#"]
    for col, row in lit:
        pen.rect(c.outline, -c.half_w + (col + 0.5) * cell, top + (row + 0.5) * cell,
                 cell / 2 + c.outline_w, cell / 2 + c.outline_w)
    for col, row in lit:
        colour = c.colour if row < rows * 0.7 else c.shadow
        pen.rect(colour, -c.half_w + (col + 0.5) * cell, top + (row + 0.5) * cell, cell / 2 + 0.004, cell / 2 + 0.004)
    for col, row in ((3, 3), (4, 3), (3, 4)):
        pen.rect(WHITE, -c.half_w + (col + 0.5) * cell, top + (row + 0.5) * cell, cell / 2, cell / 2)


BODIES: dict[str, Callable[[Pen, Creature], None]] = {
    "round": draw_round, "square": draw_square, "stack": draw_stack, "pizza": draw_pizza, "mug": draw_mug,
    "ghost": draw_ghost}


def body_outline(pen: Pen, c: Creature, colour: tuple[int, ...]) -> None:
    """The body's silhouette in one colour (the glitch echo)."""
    if c.body == "ghost":
        draw_ghost(pen, Creature(**{**c.__dict__, "colour": colour, "shadow": colour, "outline": colour}))
    elif c.body in ("square", "mug"):
        pen.rect(colour, 0, 0, c.half_w + c.outline_w, c.half_h + c.outline_w, c.corner + c.outline_w)
    else:
        pen.ellipse(colour, 0, 0, c.half_w + c.outline_w, c.half_h + c.outline_w)


# ---- markings ----------------------------------------------------------------------------------------------

def draw_markings(pen: Pen, c: Creature) -> None:
    for x, y, r in c.spots:
        if c.spot_rim is not None:
            pen.circle(c.spot_rim, x, y, r)
            pen.circle(c.spot_colour, x + r * 0.1, y + r * 0.12, r * 0.78)
        elif c.body == "stack":
            pen.ellipse(c.spot_colour, x, y, r * 1.4, r * 0.8)
        else:
            pen.circle(c.spot_colour, x, y, r)
    for stripe in range(c.stripes):
        x = (stripe - (c.stripes - 1) / 2) * 0.16
        pen.polygon(c.stripe_colour, [(x - 0.05, -c.half_h * 0.95), (x + 0.05, -c.half_h * 0.95),
                                      (x * 1.2, -c.half_h * 0.62)])


# ---- appendages --------------------------------------------------------------------------------------------

def pointy_ears(pen: Pen, c: Creature, swing: float) -> None:
    for side in (-1, 1):
        base = (side * c.ear_spread, -c.half_h * 0.62)
        a = (side * (c.ear_spread - 0.3), -c.half_h * 0.8)
        b = (side * (c.ear_spread + 0.28), -c.half_h * 0.42)
        tip = (side * (c.ear_spread + 0.12), -c.half_h - c.ear_size * 0.62)
        turn = side * swing
        outer = [rotate(p, base, turn) for p in (a, tip, b)]
        inner = [rotate(p, base, turn) for p in ((a[0] + side * 0.1, a[1] + 0.02), (tip[0], tip[1] + 0.14),
                                                  (b[0] - side * 0.08, b[1] - 0.06))]
        pen.polygon(c.outline, outer, stroke=c.outline_w * 2)
        pen.polygon(c.ear_colour, outer)
        pen.polygon(c.ear_inner, inner)


def floppy_ears(pen: Pen, c: Creature, swing: float) -> None:
    for side in (-1, 1):
        pivot = (side * c.ear_spread, -c.half_h * 0.62)
        points = [rotate((pivot[0] + side * 0.16 * math.sin(a) + side * 0.1, pivot[1] + c.ear_size * (1 - math.cos(a))),
                         pivot, -side * 8 + swing)
                  for a in [i * math.pi / 12 for i in range(-12, 13)]]
        pen.polygon(c.outline, points, stroke=c.outline_w * 2)
        pen.polygon(c.ear_colour, points)


def horns(pen: Pen, c: Creature, swing: float) -> None:
    for side in (-1, 1):
        base = (side * c.ear_spread, -c.half_h * 0.72)
        left, right = (base[0] - 0.13, base[1] + 0.1), (base[0] + 0.13, base[1] + 0.1)
        bend = (base[0] + side * 0.16, base[1] - c.ear_size * 0.6)
        tip = (base[0] + side * 0.3, base[1] - c.ear_size)
        points = [rotate(p, base, side * swing) for p in (left, bend, tip, right)]
        if side < 0:
            points = [points[0], rotate((bend[0] - 0.04, bend[1] + 0.05), base, side * swing), points[2], points[3]]
        pen.polygon(c.outline, points, stroke=c.outline_w * 2)
        pen.polygon(c.ear_colour, points)
        for f in (0.35, 0.6):
            a = rotate((base[0] - 0.1 + side * f * 0.2, base[1] - c.ear_size * f * 0.8), base, side * swing)
            b = rotate((base[0] + 0.1 + side * f * 0.24, base[1] - c.ear_size * f * 0.8 + 0.03), base, side * swing)
            pen.line(c.ear_inner, a, b, 0.03)


def antenna(pen: Pen, c: Creature, swing: float) -> None:
    base = (0.0, -c.half_h)
    tip = rotate((0.0, -c.half_h - c.ear_size), base, swing)
    pen.line(c.outline, base, tip, 0.07)
    pen.circle(c.outline, tip[0], tip[1], 0.13)
    pen.circle(c.ear_inner, tip[0], tip[1], 0.1)
    pen.circle(shade(c.ear_inner, 1.5), tip[0] - 0.03, tip[1] - 0.03, 0.035)
    pen.rect(c.outline, 0, -c.half_h - 0.02, 0.14, 0.05, 0.03)


def rays(pen: Pen, c: Creature, swing: float) -> None:
    count = int(c.ear_spread)
    for index in range(count):
        angle = math.radians(index * 360 / count + swing)
        length = c.ear_size * (1.0 if index % 2 == 0 else 0.7)
        r0 = c.half_w * 0.9
        half = math.pi / count * 0.55
        points = [(math.cos(angle - half) * r0, math.sin(angle - half) * r0),
                  (math.cos(angle) * (c.half_w + length), math.sin(angle) * (c.half_w + length)),
                  (math.cos(angle + half) * r0, math.sin(angle + half) * r0)]
        pen.polygon(c.ear_inner, points, stroke=0.05)
        pen.polygon(c.ear_colour, points)


def nightcap(pen: Pen, c: Creature, swing: float) -> None:
    tip = rotate((0.86, -0.5), (0.35, -0.95), swing * 2)
    cap = [(-0.74, -0.34), (-0.52, -0.86), (-0.1, -1.08), (0.35, -0.98), tip, (0.56, -0.62), (0.7, -0.44)]
    pen.polygon(c.outline, cap, stroke=c.outline_w * 2)
    pen.polygon(c.ear_colour, cap)
    pen.polygon(shade(c.ear_colour, 0.85), [(0.35, -0.98), tip, (0.56, -0.62), (0.3, -0.7)])
    for x, y in ((-0.3, -0.8), (0.05, -0.88), (-0.5, -0.55), (0.3, -0.72)):
        pen.circle(shade(c.ear_colour, 1.4), x, y, 0.035)
    brim = arc_points(0, 0.0, 0.78, 0.5, math.radians(158), math.radians(28), 10)
    brim = [(x, y - 0.12) for x, y in brim]
    pen.polyline(c.outline, brim, 0.2)
    pen.polyline(c.ear_inner, brim, 0.15)
    pen.circle(c.outline, tip[0], tip[1], 0.15)
    pen.circle(c.ear_inner, tip[0], tip[1], 0.12)


def ladybird(pen: Pen, c: Creature, swing: float) -> None:
    x, y, r = 0.1 + swing * 0.006, -c.half_h * 0.86, c.ear_size
    pen.circle(c.ear_inner, x - r * 0.95, y + r * 0.1, r * 0.45)
    pen.circle(WHITE, x - r * 1.12, y - r * 0.05, r * 0.1)
    pen.ellipse(c.ear_inner, x, y, r * 1.06, r * 0.86)
    pen.ellipse(c.ear_colour, x, y - r * 0.04, r, r * 0.78)
    pen.line(c.ear_inner, (x - r * 0.35, y - r * 0.8), (x - r * 0.35, y + r * 0.7), 0.025)
    for dx, dy in ((-0.05, -0.45), (0.35, -0.35), (0.1, 0.3), (0.55, 0.15), (-0.15, 0.05)):
        pen.circle(c.ear_inner, x + dx * r, y + dy * r, r * 0.15)
    pen.ellipse((255, 255, 255), x + r * 0.35, y - r * 0.5, r * 0.18, r * 0.08)


def handle(pen: Pen, c: Creature, swing: float) -> None:
    x = c.half_w + 0.14
    pen.circle(c.outline, x, 0.02, 0.36, stroke=0.2)
    pen.circle(c.colour, x, 0.02, 0.33, stroke=0.13)


APPENDAGES_BEHIND: dict[str, Callable[[Pen, Creature, float], None]] = {
    "pointy": pointy_ears, "horns": horns, "antenna": antenna, "rays": rays, "handle": handle}
APPENDAGES_FRONT: dict[str, Callable[[Pen, Creature, float], None]] = {
    "floppy": floppy_ears, "nightcap": nightcap, "ladybird": ladybird}


# ---- kings -------------------------------------------------------------------------------------------------

def draw_cape(pen: Pen, c: Creature) -> None:
    """A cape behind the body, flaring out below the shoulders with a gold lining at its hem."""
    w, h = c.half_w, c.half_h
    hem = [(-w * 1.22 + i * w * 2.44 / 8, h * 1.1 + (0.06 if i % 2 else 0)) for i in range(9)]
    cape = [(-w * 0.6, -h * 0.2), (w * 0.6, -h * 0.2)] + hem[::-1]
    pen.polygon(c.outline, cape, stroke=c.outline_w * 2)
    pen.polygon(c.cape_lining, cape)
    inner = [(-w * 0.58, -h * 0.2), (w * 0.58, -h * 0.2)] + [(x * 0.93, y - 0.07) for x, y in hem[::-1]]
    pen.polygon(c.cape, inner)


def draw_halo(pen: Pen, c: Creature) -> None:
    """A neon ring over the head, glowing, and the stalk of the antenna whose lamp blinks (drawn live)."""
    halo_y = -c.half_h - 0.2
    glow = c.neon or WHITE

    def ring(p: Pen, stroke: float) -> None:
        p.ellipse(glow, -0.08, halo_y, 0.44, 0.13, stroke=stroke)

    for width, alpha in ((0.2, 60), (0.13, 90)):
        blend(pen, partial(ring, stroke=width), alpha)
    pen.ellipse(shade(glow, 1.5), -0.08, halo_y, 0.44, 0.13, stroke=0.05)
    base, tip = antenna_points(c)
    pen.line(shade(glow, 0.6), base, tip, 0.05)


def antenna_points(c: Creature) -> tuple[Point, Point]:
    return (0.42, -c.half_h * 0.85), (0.62, -c.half_h - 0.36)


def draw_bloom(pen: Pen, c: Creature, is_king: bool) -> None:
    """A soft neon glow round the gadget: translucent layers growing outwards."""
    glow = c.neon or WHITE

    def boxy(p: Pen, g: float) -> None:
        p.rect(glow, 0, 0, c.half_w + g, c.half_h + g, c.corner + g)

    def rounded(p: Pen, g: float) -> None:
        p.ellipse(glow, 0, 0, c.half_w + g, c.half_h + g)

    for step in range(6, 0, -1):
        grow = 0.055 * step
        if c.body in ("square", "mug", "ghost"):
            blend(pen, partial(boxy, g=grow), 34)
        else:
            blend(pen, partial(rounded, g=grow), 34)
