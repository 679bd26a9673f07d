"""The four plain disc finishes and the crown every king wears."""

from __future__ import annotations

from tablegames.ui.checkers.pen import Pen, blend
from tablegames.ui.checkers.recipes import Disc
from tablegames.ui.theme import shade

SHADOW = (0, 0, 0)


def draw_disc(pen: Pen, disc: Disc, is_king: bool) -> None:
    """A disc seen from above at a slight tilt; a king is two discs stacked with a crown on top."""
    blend(pen, lambda p: p.ellipse(SHADOW, 0.06, 0.16, 0.94, 0.9), 90)
    if is_king:
        draw_disc_face(pen, disc, 0.12)
        draw_disc_face(pen, disc, -0.1)
        draw_crown(pen, 0.0, 0.2, 0.52, disc.crown, disc.crown_edge)
    else:
        draw_disc_face(pen, disc, 0.0)


def draw_disc_face(pen: Pen, disc: Disc, dy: float) -> None:
    """One disc with its edge (the thickness seen below the face) and its finish."""
    pen.circle(shade(disc.rim, 0.7), 0, dy + 0.08, 0.92)
    FINISHES[disc.style](pen, disc, dy)


def draw_classic(pen: Pen, disc: Disc, dy: float) -> None:
    pen.circle(disc.rim, 0, dy, 0.92)
    pen.circle(disc.colour, 0, dy, 0.8)
    pen.circle(shade(disc.colour, 0.82), 0, dy, 0.6, stroke=0.05)
    pen.circle(shade(disc.colour, 0.9), 0, dy, 0.36, stroke=0.04)


def draw_glossy(pen: Pen, disc: Disc, dy: float) -> None:
    pen.circle(disc.rim, 0, dy, 0.92)
    steps = 14
    for step in range(steps):
        # Rings shrinking towards the upper left, each a little lighter: a lit dome.
        f = step / (steps - 1)
        pen.circle(shade(disc.colour, 0.7 + 0.6 * f) if f < 0.5 else shade(disc.colour, 1.0 + 0.5 * (f - 0.5)),
                   -0.22 * f, dy - 0.22 * f, 0.86 * (1 - 0.72 * f))
    blend(pen, lambda p: p.ellipse((255, 255, 255), -0.3, dy - 0.46, 0.34, 0.16), 170)
    blend(pen, lambda p: p.circle((255, 255, 255), 0.42, dy + 0.42, 0.08), 110)


def draw_engraved(pen: Pen, disc: Disc, dy: float) -> None:
    pen.circle(disc.rim, 0, dy, 0.92)
    pen.circle(disc.colour, 0, dy, 0.86)
    groove, lip = shade(disc.colour, 0.55), shade(disc.colour, 1.3)
    for ring in (0.72, 0.54, 0.36):
        # A groove: a dark cut with a lit lip just below it, as if light came from the top.
        pen.circle(lip, 0, dy + 0.025, ring, stroke=0.05)
        pen.circle(groove, 0, dy, ring, stroke=0.05)
    pen.circle(groove, 0, dy, 0.1)


def draw_modern(pen: Pen, disc: Disc, dy: float) -> None:
    pen.circle(disc.colour, 0, dy, 0.92)
    pen.circle(shade(disc.colour, 0.88), 0, dy, 0.66, stroke=0.045)


FINISHES = {"classic": draw_classic, "glossy": draw_glossy, "engraved": draw_engraved, "modern": draw_modern}


def draw_crown(pen: Pen, x: float, y: float, half_w: float, colour: tuple[int, int, int],
               edge: tuple[int, int, int]) -> None:
    """A three-pointed crown whose band's bottom centre is (x, y)."""
    h = half_w * 1.15
    points = [(x - half_w, y), (x - half_w * 1.08, y - h), (x - half_w * 0.5, y - h * 0.5), (x, y - h * 1.18),
              (x + half_w * 0.5, y - h * 0.5), (x + half_w * 1.08, y - h), (x + half_w, y)]
    pen.polygon(colour, points)
    pen.polygon(edge, points, stroke=max(0.03, half_w * 0.09))
    pen.rect(shade(colour, 0.85), x, y - h * 0.12, half_w, h * 0.13)
    pen.rect(edge, x, y - h * 0.12, half_w, h * 0.13, stroke=max(0.025, half_w * 0.06))
    for px, py in ((x - half_w * 1.08, y - h), (x, y - h * 1.18), (x + half_w * 1.08, y - h)):
        pen.circle(edge, px, py, half_w * 0.16)
        pen.circle(shade(colour, 1.3), px, py, half_w * 0.1)
    pen.circle((220, 40, 60), x, y - h * 0.12, half_w * 0.12)
