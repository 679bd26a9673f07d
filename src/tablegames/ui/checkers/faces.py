"""Faces: eyes, brows, mouths and noses for every mood, drawn from the creature's recipe.

Eye states: open, closed (a blink), happy (^ ^), spiral (dizzy), wide (shaken), wink (one eye shut).
`look` is a unit vector (or zero) the pupils lean towards.
"""

from __future__ import annotations

import math

from tablegames.ui.checkers.pen import Pen, Point, arc_points
from tablegames.ui.checkers.recipes import WHITE, Creature
from tablegames.ui.theme import shade

MOODS = ("normal", "worried", "cheering", "dizzy", "winking", "shaken")
EYE_STATES = ("open", "closed", "happy", "spiral", "wide", "wink")
MOOD_EYES = {"normal": "open", "worried": "open", "cheering": "happy", "dizzy": "spiral", "winking": "wink",
             "shaken": "wide"}
TONGUE = (236, 96, 110)
MOUTH_INSIDE = (90, 20, 32)
SWEAT = (130, 200, 255)


def draw_face(pen: Pen, c: Creature, mood: str, eye_state: str, look: Point, mouth_open: bool) -> None:
    if c.cheeks is not None:
        for side in (-1, 1):
            pen.ellipse(c.cheeks, side * (c.eye_x + 0.14), c.eye_y + c.eye_r + 0.14, 0.1, 0.06)
    if c.eyes == "visor":
        draw_visor(pen, c)
    for side in (-1, 1):
        state = eye_state
        if eye_state == "wink":
            state = "open" if side < 0 else "happy"
        draw_eye(pen, c, c.eye_x * side if c.eyes != "cyclops" else 0.0, state, look, mood)
        if c.eyes == "cyclops":
            break
    if mood in ("worried", "shaken"):
        draw_brows(pen, c, mood)
    draw_nose(pen, c)
    draw_mouth(pen, c, mood, mouth_open)
    if c.whiskers:
        draw_whiskers(pen, c)
    if mood == "worried":
        x, y = c.eye_x + c.eye_r + 0.16, c.eye_y - c.eye_r - 0.05
        pen.polygon(SWEAT, [(x, y - 0.16), (x - 0.07, y), (x + 0.07, y)])
        pen.circle(SWEAT, x, y + 0.01, 0.075)
        pen.circle(WHITE, x - 0.025, y, 0.02)


# ---- eyes --------------------------------------------------------------------------------------------------

def draw_eye(pen: Pen, c: Creature, x: float, state: str, look: Point, mood: str) -> None:
    y, r = c.eye_y, c.eye_r
    line = c.pupil if c.eyes == "visor" else c.ink
    stroke = max(0.045, r * 0.3)
    if state == "closed":
        pen.polyline(line, arc_points(x, y, r, r * 0.5, math.pi, 2 * math.pi, 8), stroke)
    elif state == "happy":
        pen.polyline(line, arc_points(x, y + r * 0.3, r, r * 0.8, 0, math.pi, 8), stroke)
    elif state == "spiral":
        if c.eyes in ("visor", "pixel", "square"):
            pen.line(line, (x - r * 0.7, y - r * 0.7), (x + r * 0.7, y + r * 0.7), stroke)
            pen.line(line, (x - r * 0.7, y + r * 0.7), (x + r * 0.7, y - r * 0.7), stroke)
        else:
            pen.circle(c.sclera, x, y, r * 1.05)
            points = [(x + r * (0.08 + 0.9 * a / 14) * math.cos(a), y - r * (0.08 + 0.9 * a / 14) * math.sin(a))
                      for a in [i * 0.35 for i in range(41)]]
            pen.polyline(line, points, stroke * 0.6)
    else:
        wide = state == "wide"
        pupil = 0.3 if wide else 0.42 if mood == "worried" else 0.55
        sleepy = c.lids if mood in ("normal", "winking") else 0.0
        draw_open_eye(pen, c, x, y, r * (1.2 if wide else 1.0), pupil, look, sleepy)


def draw_open_eye(pen: Pen, c: Creature, x: float, y: float, r: float, pupil: float, look: Point,
                  lids: float) -> None:
    travel = r * (1 - pupil) * 0.7
    px, py = x + look[0] * travel, y + look[1] * travel
    if c.eyes == "visor":
        pen.rect(shade(c.pupil, 0.45), px, py, r * 0.55, r * 0.55 * 1.2, r * 0.2)
        pen.rect(c.pupil, px, py, r * 0.42, r * 0.5 * (1.25 if pupil > 0.4 else 0.9), r * 0.2)
        pen.rect(WHITE, px - r * 0.12, py - r * 0.22, r * 0.1, r * 0.12)
        return
    if c.eyes in ("square", "pixel"):
        corner = r * 0.3 if c.eyes == "square" else 0
        pen.rect(c.ink, x, y, r + 0.035, r + 0.035, corner)
        pen.rect(c.sclera, x, y, r, r, corner)
        pen.rect(c.pupil, px, py, r * pupil, r * pupil, corner * 0.5)
        pen.rect(WHITE, px - r * pupil * 0.4, py - r * pupil * 0.4, r * pupil * 0.3, r * pupil * 0.3)
    else:
        pen.circle(c.ink, x, y, r + 0.035)
        pen.circle(c.sclera, x, y, r)
        pen.circle(c.pupil, px, py, r * pupil)
        if c.eyes == "cyclops":
            pen.circle((16, 10, 20), px, py, r * pupil * 0.5)
        pen.circle(WHITE, px - r * pupil * 0.35, py - r * pupil * 0.4, r * pupil * 0.3)
    if lids > 0:
        lid = y - r + 2 * r * lids
        sweep = math.asin(max(-1.0, min(1.0, (y - lid) / (r + 0.04))))
        shape = arc_points(x, y, r + 0.04, r + 0.04, sweep, math.pi - sweep, 12)
        pen.polygon(c.colour, shape)
        pen.line(c.ink, (x - math.cos(sweep) * r, lid), (x + math.cos(sweep) * r, lid), 0.045)


def draw_visor(pen: Pen, c: Creature) -> None:
    w, h = c.half_w * 0.82, c.eye_r * 1.45
    pen.rect(c.outline, 0, c.eye_y, w + 0.05, h + 0.05, h * 0.7)
    pen.rect(c.sclera, 0, c.eye_y, w, h, h * 0.6)
    pen.rect(shade(c.sclera, 1.18), -w * 0.45, c.eye_y - h * 0.62, w * 0.4, h * 0.1, 0.02)


def draw_brows(pen: Pen, c: Creature, mood: str) -> None:
    lift = 0.1 if mood == "worried" else -0.02
    y = c.eye_y - c.eye_r * (1.25 if mood == "shaken" else 1.0) - 0.12
    colour = c.pupil if c.eyes == "visor" else c.ink
    spots = (0.0,) if c.eyes == "cyclops" else (-c.eye_x, c.eye_x)
    for x in spots:
        inner = -1 if x > 0 else 1
        if x == 0:
            pen.polyline(colour, [(-c.eye_r, y), (0, y - 0.08), (c.eye_r, y)], 0.06)
            continue
        pen.line(colour, (x + inner * c.eye_r * 0.9, y - lift), (x - inner * c.eye_r * 0.9, y + lift * 0.3), 0.055)


# ---- nose and mouth ----------------------------------------------------------------------------------------

def draw_nose(pen: Pen, c: Creature) -> None:
    y = c.mouth_y
    if c.nose == "cat":
        pen.polygon(c.nose_colour, [(-0.08, y - 0.14), (0.08, y - 0.14), (0.0, y - 0.05)])
    elif c.nose == "snout":
        pen.ellipse(shade(c.snout_colour, 0.8), 0, y - 0.14, 0.3, 0.22)
        pen.ellipse(c.snout_colour, 0, y - 0.16, 0.28, 0.19)
        pen.ellipse(c.nose_colour, 0, y - 0.25, 0.11, 0.075)
        pen.ellipse(WHITE, -0.035, y - 0.275, 0.03, 0.015)


def draw_mouth(pen: Pen, c: Creature, mood: str, mouth_open: bool) -> None:
    if c.mouth == "beak":
        draw_beak(pen, c, mouth_open or mood in ("cheering", "shaken"), mood)
        return
    x, y, w = 0.0, c.mouth_y, c.mouth_w
    stroke = 0.05
    if mood == "cheering" or (mood == "normal" and mouth_open):
        shape = arc_points(x, y - 0.02, w * 1.15, w * 1.0, math.pi, 2 * math.pi, 14)
        pen.polygon(MOUTH_INSIDE, shape)
        pen.ellipse(TONGUE, x, y + w * 0.62, w * 0.55, w * 0.3)
        pen.polygon(c.ink, shape, stroke=0.035)
    elif mood in ("worried", "dizzy"):
        wave = [(x - w * (1.3 if mood == "dizzy" else 1.0) + i * w * (2.6 if mood == "dizzy" else 2.0) / 12,
                 y + 0.035 * math.sin(i * math.pi / 3)) for i in range(13)]
        pen.polyline(c.ink, wave, stroke)
    elif mood == "shaken":
        pen.rect(c.ink, x, y, w + 0.035, w * 0.5 + 0.035, 0.06)
        pen.rect(WHITE, x, y, w, w * 0.5, 0.05)
        pen.line(c.ink, (x - w, y), (x + w, y), 0.025)
        for i in range(1, 4):
            tx = x - w + i * w / 2
            pen.line(c.ink, (tx, y - w * 0.5), (tx, y + w * 0.5), 0.022)
    elif c.mouth == "grille" and mood == "normal":
        pen.rect(c.ink, x, y, w + 0.03, 0.1 + 0.03, 0.05)
        pen.rect(shade(c.colour, 0.8), x, y, w, 0.1, 0.04)
        for i in range(1, 5):
            tx = x - w + i * w * 2 / 5
            pen.line(c.ink, (tx, y - 0.08), (tx, y + 0.08), 0.025)
    else:
        pen.polyline(c.ink, arc_points(x, y - w * 0.4, w, w * 0.7, math.pi * 1.1, math.pi * 1.9, 10), stroke)
        if mood == "winking":
            pen.ellipse(TONGUE, x + w * 0.25, y + w * 0.38, w * 0.3, w * 0.26)
    if c.mouth == "fangs" and mood != "shaken":
        for side in (-1, 1):
            fx = x + side * w * 0.45
            top = y + (0.0 if mood == "cheering" else 0.04)
            pen.polygon(WHITE, [(fx - 0.05, top - 0.01), (fx + 0.05, top - 0.01), (fx, top + 0.1)])


def draw_beak(pen: Pen, c: Creature, is_open: bool, mood: str) -> None:
    y, w = c.mouth_y, c.mouth_w
    lower = shade(c.nose_colour, 0.85)
    drop = 0.16 if is_open else 0.0
    if is_open:
        pen.ellipse(MOUTH_INSIDE, 0, y + 0.08, w * 0.8, 0.12)
        pen.ellipse(TONGUE, 0, y + 0.12, w * 0.45, 0.06)
    pen.ellipse(shade(lower, 0.7), 0, y + 0.08 + drop, w * 0.86, 0.1)
    pen.ellipse(lower, 0, y + 0.07 + drop, w * 0.8, 0.08)
    pen.ellipse(shade(c.nose_colour, 0.7), 0, y, w + 0.02, 0.13)
    pen.ellipse(c.nose_colour, 0, y - 0.01, w, 0.11)
    pen.ellipse(shade(c.nose_colour, 1.3), -w * 0.3, y - 0.05, w * 0.3, 0.03)
    for side in (-1, 1):
        pen.circle(shade(c.nose_colour, 0.6), side * w * 0.25, y - 0.03, 0.018)


def draw_whiskers(pen: Pen, c: Creature) -> None:
    y = c.mouth_y - 0.08
    for side in (-1, 1):
        for i in range(c.whiskers):
            slope = (i - (c.whiskers - 1) / 2) * 0.09
            pen.line(shade(c.outline, 0.9), (side * 0.24, y + slope * 0.5), (side * 0.72, y + slope * 1.6), 0.018)
