"""Drawing the ten piece sets: one call per piece, cached sprites for everything that does not move.

A piece is composed of layers blitted at its (bobbing) centre: the body with its appendages at one of a
few sway angles, the face for its mood, eye state and gaze, and the few live extras (steam, the reboot
arrow, the king's antenna lamp, the glitch echo, dizzy stars). Every layer is drawn once per size
(supersampled, so smooth) and reused, which keeps a full board well inside the frame budget.

Coordinates: `centre` and `radius` are in the surface's pixels (on a window's canvas, in its logical units: the
piece is then drawn in the window's own pixels at its real size); every layer stays within
`PIECE_EXTENT * radius` of the centre (times `squash` while hopping).

A scene uses it like this:
    layout = draw_board(surface, set_index, board_rect, t)           # boards.py, returns a BoardLayout
    draw_piece(surface, set_index, side, is_king, layout.square_centre(row, col), layout.piece_radius, t, ...)
and calls warm_cache(set_index, layout.piece_radius) behind the splash and after a set change.
"""

from __future__ import annotations

import math
from functools import lru_cache, partial

import pygame

from tablegames.ui.canvas import Canvas, drawing_scale
from tablegames.ui.checkers.creatures import antenna_points, body_outline, draw_body
from tablegames.ui.checkers.discs import draw_disc
from tablegames.ui.checkers.faces import MOOD_EYES, MOODS, draw_face
from tablegames.ui.checkers.moments import CAPTURE_SECONDS  # how long draw_captured's picture lasts
from tablegames.ui.checkers.pen import Pen, Point, blend, render_sprite, sprite_side
from tablegames.ui.checkers.recipes import DEFAULT_PIECE_SET, PIECE_SETS, WHITE, Creature, Disc, PieceSet
from tablegames.ui.theme import font, shade

__all__ = ["PIECE_SETS", "DEFAULT_PIECE_SET", "MOODS", "PIECE_EXTENT", "CAPTURE_SECONDS", "PieceSet",
           "draw_piece", "draw_captured", "warm_cache", "lamp_is_lit", "is_blinking"]

PIECE_EXTENT = 1.5
SWAY_STEPS = 5
SWAY_HZ = 0.45
BOB_HZ = 0.7
BLINK_PERIOD = 4.0  # one blink every four seconds per piece, each 0.14 s long
BLINK_LENGTH = 0.14
LAMP_HZ = 2.0  # a king's antenna lamp: on-off twice a second, the fastest anything blinks
QUACK_PERIOD, QUACK_LENGTH = 5.0, 0.3
GLITCH_PERIOD, GLITCH_LENGTH = 2.3, 0.2
ARROW_FRAMES, ARROW_TURN_SECONDS = 12, 2.0
STEAM_FRAMES, STEAM_SECONDS = 12, 2.4
DIRECTIONS = 8  # gaze: centre or one of eight directions
STEAM = (220, 250, 255)


def check_args(piece_set_index: int, side: int, mood: str = "normal") -> None:
    if not 0 <= piece_set_index < len(PIECE_SETS):
        raise ValueError(f"piece set index {piece_set_index!r}: expected 0..{len(PIECE_SETS) - 1}")
    if side not in (0, 1):
        raise ValueError(f"side {side!r}: expected 0 (moves first, dark) or 1 (light)")
    if mood not in MOODS:
        raise ValueError(f"mood {mood!r}: expected one of {', '.join(MOODS)}")


# ---- timing (pure functions of t, so tests can check the rates) --------------------------------------------

def piece_phase(centre: Point, radius: float) -> float:
    """A per-piece offset in 0..1 from the square it stands on (a grid of about one square), so neighbours
    do not bob and blink in step and a resting piece keeps its rhythm."""
    grid = radius * 2.4
    cell_x, cell_y = math.floor(centre[0] / grid), math.floor(centre[1] / grid)
    return (math.sin(cell_x * 12.9898 + cell_y * 78.233) * 43758.5453) % 1.0


def is_blinking(t: float, phase: float) -> bool:
    return (t + phase * BLINK_PERIOD) % BLINK_PERIOD < BLINK_LENGTH


def lamp_is_lit(t: float) -> bool:
    return (t * LAMP_HZ) % 1.0 < 0.5


def gaze_cell(centre: Point, look_at: Point | None, radius: float) -> int:
    """0 for straight ahead, 1..8 for the eight directions towards `look_at`."""
    if look_at is None:
        return 0
    dx, dy = look_at[0] - centre[0], look_at[1] - centre[1]
    if math.hypot(dx, dy) < radius * 0.8:
        return 0
    return 1 + round(math.atan2(dy, dx) / (2 * math.pi / DIRECTIONS)) % DIRECTIONS


def gaze_vector(cell: int) -> Point:
    if cell == 0:
        return (0.0, 0.0)
    angle = (cell - 1) * 2 * math.pi / DIRECTIONS
    return (math.cos(angle), math.sin(angle))


# ---- cached layers -----------------------------------------------------------------------------------------

def disc_of(piece_set_index: int, side: int) -> Disc:
    look = PIECE_SETS[piece_set_index].looks[side]
    assert isinstance(look, Disc)
    return look


def creature_of(piece_set_index: int, side: int) -> Creature:
    look = PIECE_SETS[piece_set_index].looks[side]
    assert isinstance(look, Creature)
    return look


@lru_cache(maxsize=512)
def disc_sprite(piece_set_index: int, side: int, is_king: bool, radius: int) -> pygame.Surface:
    disc = disc_of(piece_set_index, side)
    return render_sprite(radius, PIECE_EXTENT, lambda pen: draw_disc(pen, disc, is_king))


@lru_cache(maxsize=512)
def body_sprite(piece_set_index: int, side: int, is_king: bool, radius: int, sway_step: int) -> pygame.Surface:
    c = creature_of(piece_set_index, side)
    sway = sway_step / (SWAY_STEPS - 1) * 2 - 1
    return render_sprite(radius, PIECE_EXTENT, lambda pen: draw_body(pen, c, sway, is_king), base=c.neon or c.outline)


@lru_cache(maxsize=1024)  # about 35 MB at the window's size, if every mood and gaze were seen
def face_sprite(piece_set_index: int, side: int, radius: int, mood: str, eye_state: str, gaze: int,
                mouth_open: bool) -> pygame.Surface:
    c = creature_of(piece_set_index, side)
    return render_sprite(radius, PIECE_EXTENT,
                         lambda pen: draw_face(pen, c, mood, eye_state, gaze_vector(gaze), mouth_open), base=c.ink)


@lru_cache(maxsize=256)
def echo_sprites(piece_set_index: int, side: int, radius: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The glitch's red and cyan ghost images of the body."""
    c = creature_of(piece_set_index, side)
    made = []
    for colour in ((255, 40, 80), (0, 230, 255)):
        sprite = render_sprite(radius, PIECE_EXTENT, partial(body_outline, c=c, colour=colour), base=colour)
        sprite.set_alpha(150)
        made.append(sprite)
    return made[0], made[1]


@lru_cache(maxsize=256)
def arrow_sprite(radius: int, colour: tuple[int, int, int], frame: int) -> pygame.Surface:
    """The reboot arrow (a circular arrow) turned by `frame` twelfths of a turn."""
    def draw(pen: Pen) -> None:
        start = -frame * 2 * math.pi / ARROW_FRAMES
        r = 0.13
        y = -0.5
        points = [(r * math.cos(start + a), y - r * math.sin(start + a)) for a in [i * 0.28 for i in range(18)]]
        pen.polyline(colour, points, 0.05)
        end = start + 17 * 0.28
        tip = (r * math.cos(end), y - r * math.sin(end))
        ahead = (-math.sin(end), -math.cos(end))  # direction of travel (counter-clockwise on screen)
        side = (math.cos(end), -math.sin(end))
        pen.polygon(colour, [(tip[0] + ahead[0] * 0.09, tip[1] + ahead[1] * 0.09),
                             (tip[0] + side[0] * 0.07, tip[1] + side[1] * 0.07),
                             (tip[0] - side[0] * 0.07, tip[1] - side[1] * 0.07)])
    return render_sprite(radius, PIECE_EXTENT, draw, base=colour)


@lru_cache(maxsize=256)
def steam_sprite(radius: int, top: float, frame: int) -> pygame.Surface:
    """Three wisps of steam rising over a mug whose rim is at `top` (units), at animation `frame`."""
    def wisp_line(p: Pen, points: list[Point]) -> None:
        p.polyline(STEAM, points, 0.055)

    def draw(pen: Pen) -> None:
        lift = frame / STEAM_FRAMES
        for wisp, x0 in enumerate((-0.26, 0.0, 0.26)):
            f = (lift + wisp / 3) % 1.0
            points = [(x0 + 0.06 * math.sin((s / 6 + f) * 2 * math.pi), top - 0.08 - 0.42 * s / 6 - 0.12 * f)
                      for s in range(7)]
            blend(pen, partial(wisp_line, points=points), round(200 * math.sin(f * math.pi)))
    return render_sprite(radius, PIECE_EXTENT, draw, base=STEAM)


@lru_cache(maxsize=512)
def lamp_sprite_for(piece_set_index: int, side: int, radius: int, lit: bool) -> pygame.Surface:
    c = creature_of(piece_set_index, side)
    _, tip = antenna_points(c)
    colour = c.neon or WHITE

    def glow(p: Pen, g: float) -> None:
        p.circle(colour, tip[0], tip[1], g)

    def draw(pen: Pen) -> None:
        if lit:
            for grow, alpha in ((0.22, 60), (0.15, 110)):
                blend(pen, partial(glow, g=grow), alpha)
            pen.circle(shade(colour, 1.6), tip[0], tip[1], 0.08)
        else:
            pen.circle(shade(colour, 0.35), tip[0], tip[1], 0.08)
    return render_sprite(radius, PIECE_EXTENT, draw, base=colour)


@lru_cache(maxsize=64)
def star_sprite(radius: int) -> pygame.Surface:
    def draw(pen: Pen) -> None:
        points = [((0.16 if i % 2 == 0 else 0.07) * math.cos(i * math.pi / 5 - math.pi / 2),
                   (0.16 if i % 2 == 0 else 0.07) * math.sin(i * math.pi / 5 - math.pi / 2)) for i in range(10)]
        pen.polygon((120, 80, 0), points, stroke=0.05)
        pen.polygon((255, 230, 60), points)
    return render_sprite(radius, 0.25, draw, base=(255, 230, 60))


@lru_cache(maxsize=128)
def bsod_sprite(piece_set_index: int, side: int, radius: int) -> pygame.Surface:
    """The blue screen of death a captured gadget shows: a sad smiley and lines of error text."""
    c = creature_of(piece_set_index, side)

    def draw(pen: Pen) -> None:
        pen.rect(c.neon or WHITE, 0, 0, 0.92, 0.8, 0.14)
        pen.rect((18, 60, 200), 0, 0, 0.86, 0.74, 0.1)
        pen.circle((240, 244, 255), -0.56, -0.46, 0.06)
        pen.circle((240, 244, 255), -0.56, -0.2, 0.06)
        points = [(-0.2 - 0.2 * math.sin(a), -0.33 + 0.24 * math.cos(a)) for a in [i * 0.2 for i in range(16)]]
        pen.polyline((240, 244, 255), points, 0.07)
        for row, length in enumerate((1.3, 1.0, 1.18, 0.7)):
            y = 0.04 + row * 0.15
            pen.line((200, 214, 255), (-0.62, y), (-0.62 + length, y), 0.045)
    sprite = render_sprite(radius, PIECE_EXTENT, draw, base=(18, 60, 200))
    if radius >= 48:  # the error's words where they can be read (12 px at least) and fit on the screen
        label = font(max(12, radius // 4), True).render("ERR 0x0DEAD", True, (240, 244, 255))
        spot = label.get_rect(center=(sprite.get_width() / 2, sprite.get_height() / 2 + radius * 0.62))
        sprite.blit(label, spot)
    return sprite


# ---- the public calls --------------------------------------------------------------------------------------

def draw_piece(surface: pygame.Surface, piece_set_index: int, side: int, is_king: bool, centre: Point,
               radius: float, t: float, mood: str = "normal", animations: bool = True,
               reduced_motion: bool = False, look_at: Point | None = None,
               squash: tuple[float, float] = (1.0, 1.0), phase: float | None = None) -> None:
    """Draw one piece of set `piece_set_index` for `side` (0 moves first and is dark, 1 is light).

    `t` (seconds) drives blinking, bobbing and swaying; with `animations` off the picture does not depend on
    `t` or `look_at`. `reduced_motion` keeps gentle bobbing but drops squash, shaking and flashing.
    `phase` (0..1) sets the piece's own rhythm; by default it comes from the square under `centre`, so a
    scene that knows its pieces can pass a fixed value to keep the rhythm through a move.
    """
    check_args(piece_set_index, side, mood)
    if isinstance(surface, Canvas):  # pieces are drawn in the window's pixels, at their real size (crisp)
        centre, radius = surface.to_pixels(centre), radius * surface.scale
        look_at = None if look_at is None else surface.to_pixels(look_at)
    size = max(4, round(radius))
    if squash != (1.0, 1.0) and animations and not reduced_motion:
        side_px = sprite_side(size, PIECE_EXTENT)
        layer = pygame.Surface((side_px, side_px), pygame.SRCALPHA)
        compose(layer, piece_set_index, side, is_king, (side_px / 2, side_px / 2), size, t, mood, animations,
                reduced_motion, look_at, centre, phase)
        scaled = pygame.transform.smoothscale(layer, (max(1, round(side_px * squash[0])),
                                                      max(1, round(side_px * squash[1]))))
        pygame.Surface.blit(surface, scaled, scaled.get_rect(center=(round(centre[0]), round(centre[1]))))
        return
    compose(surface, piece_set_index, side, is_king, centre, size, t, mood, animations, reduced_motion, look_at,
            centre, phase)


def compose(surface: pygame.Surface, piece_set_index: int, side: int, is_king: bool, centre: Point, size: int,
            t: float, mood: str, animations: bool, reduced_motion: bool, look_at: Point | None,
            where: Point, phase: float | None = None) -> None:
    """Blit the layers of one piece centred on `centre`; `where` is its place on the board (for its gaze
    and, unless `phase` is given, its rhythm)."""
    piece_set = PIECE_SETS[piece_set_index]
    x, y = centre
    if animations and not reduced_motion:
        x, y = x + mood_offset(mood, t)[0] * size, y + mood_offset(mood, t)[1] * size
    if piece_set.kind == "disc":
        blit_centred(surface, disc_sprite(piece_set_index, side, is_king, size), (x, y))
        return
    c = creature_of(piece_set_index, side)
    phase = piece_phase(where, size) if phase is None else phase % 1.0
    moving = animations
    sway_step = SWAY_STEPS // 2
    eye_state = MOOD_EYES[mood]
    gaze = 0
    mouth_open = False
    if moving:
        y -= math.sin((t * BOB_HZ + phase) * 2 * math.pi) * size * 0.035
        sway = math.sin((t * SWAY_HZ + phase * 0.7) * 2 * math.pi)
        sway_step = round((sway + 1) / 2 * (SWAY_STEPS - 1))
        if eye_state == "open" and is_blinking(t, phase):
            eye_state = "closed"
        gaze = gaze_cell(where, look_at, size)
        mouth_open = c.mouth == "beak" and (t + phase * QUACK_PERIOD) % QUACK_PERIOD < QUACK_LENGTH
    at = (x, y)
    if c.extra == "echo":
        glitch = moving and not reduced_motion and (t + phase * GLITCH_PERIOD) % GLITCH_PERIOD < GLITCH_LENGTH
        shift = size * (0.2 if glitch else 0.1)
        red, cyan = echo_sprites(piece_set_index, side, size)
        blit_centred(surface, red, (x - shift, y + (size * 0.04 if glitch else 0)))
        blit_centred(surface, cyan, (x + shift, y))
    blit_centred(surface, body_sprite(piece_set_index, side, is_king, size, sway_step), at)
    blit_centred(surface, face_sprite(piece_set_index, side, size, mood, eye_state, gaze, mouth_open), at)
    draw_extras(surface, piece_set_index, side, c, is_king, at, size, t, mood, moving, reduced_motion)


def mood_offset(mood: str, t: float) -> Point:
    """How far (in radii) a mood moves the whole piece: a cheering hop, a shaken jitter, else nothing."""
    if mood == "cheering":
        return (0.0, -abs(math.sin(t * 2.4 * math.pi)) * 0.12)
    if mood == "shaken":
        return (math.sin(t * 47.0) * 0.05, math.cos(t * 53.0) * 0.03)
    return (0.0, 0.0)


def draw_extras(surface: pygame.Surface, piece_set_index: int, side: int, c: Creature, is_king: bool,
                at: Point, size: int, t: float, mood: str, moving: bool, reduced_motion: bool) -> None:
    if c.extra == "steam":
        frame = int(t / STEAM_SECONDS * STEAM_FRAMES) % STEAM_FRAMES if moving else 0
        blit_centred(surface, steam_sprite(size, -c.half_h, frame), at)
    elif c.extra == "reload":
        frame = int(t / ARROW_TURN_SECONDS * ARROW_FRAMES) % ARROW_FRAMES if moving else 0
        blit_centred(surface, arrow_sprite(size, c.neon or c.ink, frame), at)
    if is_king and c.neon:
        lit = lamp_is_lit(t) if moving and not reduced_motion else True
        blit_centred(surface, lamp_sprite_for(piece_set_index, side, size, lit), at)
    if mood == "dizzy":
        draw_stars(surface, at, size, t if moving else 0.0, c.half_h)


def draw_stars(surface: pygame.Surface, at: Point, size: int, t: float, half_h: float) -> None:
    star = star_sprite(size)
    for index in range(3):
        angle = t * 3.0 + index * 2 * math.pi / 3
        sx = at[0] + math.cos(angle) * size * 0.62
        sy = at[1] - size * (half_h + 0.12) + math.sin(angle) * size * 0.14
        blit_centred(surface, star, (sx, sy))


def blit_centred(surface: pygame.Surface, sprite: pygame.Surface, centre: Point) -> None:
    """`sprite` centred on `centre`, in the surface's own pixels (a canvas's too: see draw_piece)."""
    width, height = pygame.Surface.get_size(sprite)
    pygame.Surface.blit(surface, sprite, (round(centre[0] - width / 2), round(centre[1] - height / 2)))


def draw_captured(surface: pygame.Surface, piece_set_index: int, side: int, centre: Point, radius: float,
                  t: float, is_king: bool = False) -> None:
    """The picture of a piece being captured, `t` seconds after the capture began: a dizzy creature, a blue
    screen of death or a plain disc, fading out over the last part of CAPTURE_SECONDS (gone after it)."""
    check_args(piece_set_index, side)
    if t >= CAPTURE_SECONDS:
        return
    if isinstance(surface, Canvas):  # in the window's pixels, as draw_piece
        centre, radius = surface.to_pixels(centre), radius * surface.scale
    fade = 1.0 if t < CAPTURE_SECONDS * 0.55 else 1 - (t - CAPTURE_SECONDS * 0.55) / (CAPTURE_SECONDS * 0.45)
    size = max(4, round(radius))
    side_px = sprite_side(size, PIECE_EXTENT)
    layer = pygame.Surface((side_px, side_px), pygame.SRCALPHA)
    middle = (side_px / 2, side_px / 2)
    kind = PIECE_SETS[piece_set_index].kind
    if kind == "gadget":
        blit_centred(layer, bsod_sprite(piece_set_index, side, size), middle)
    elif kind == "creature":
        compose(layer, piece_set_index, side, is_king, middle, size, t, "dizzy", True, True, None, centre)
    else:
        blit_centred(layer, disc_sprite(piece_set_index, side, is_king, size), middle)
        fade *= 1 - t / CAPTURE_SECONDS * 0.5
    layer.set_alpha(round(255 * max(0.0, fade)))
    blit_centred(surface, layer, centre)


def warm_cache(piece_set_index: int, radius: float) -> None:
    """Draw the sprites a quiet game at this size needs (every sway step, and the resting face blinking and
    looking every way) so the first seconds of play do not stutter; call it behind a splash or on a set
    change. The rarer moods are drawn on first use. `radius` is in logical units: the sprites are made at the
    window's scale."""
    check_args(piece_set_index, 0)
    size = max(4, round(radius * drawing_scale()))
    kind = PIECE_SETS[piece_set_index].kind
    for side in (0, 1):
        for is_king in (False, True):
            if kind == "disc":
                disc_sprite(piece_set_index, side, is_king, size)
                continue
            for step in range(SWAY_STEPS):
                body_sprite(piece_set_index, side, is_king, size, step)
        if kind == "disc":
            continue
        c = creature_of(piece_set_index, side)
        for eye_state in ("open", "closed"):
            for gaze in range(DIRECTIONS + 1):
                for mouth_open in ((False, True) if c.mouth == "beak" else (False,)):
                    face_sprite(piece_set_index, side, size, "normal", eye_state, gaze, mouth_open)
