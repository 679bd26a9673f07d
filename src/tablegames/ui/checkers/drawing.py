"""Drawing the checkers table: functions of the surface, the table's model, the scene's selection and pointer
and the board's layout, which only read (the scene's `draw` calls them; nothing here changes any state).

Where things are on the table is fixed: the board (`BOARD_RECT`, its 8x8 squares `PLAYING_AREA`), the panel
(`PANEL_RECT`), the opponent's head and the panel's buttons, so a scene can work out its hit boxes once. Nothing
that comes and goes covers the squares: an announcement is drawn above them (`banner_rect`), a toast below them or
in the panel (`toast_layout`), and confetti falls beside them (`playful.Effects.keep_out`).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from tablegames.checkers.position import Move
from tablegames.ui import draw
from tablegames.ui.audio import mute_hint
from tablegames.ui.checkers.boards import BoardLayout, board_layout, draw_board_at
from tablegames.ui.checkers.controller import WATCH_HIDES, CheckersController, square_to_cell
from tablegames.ui.checkers.heads import draw_opponent
from tablegames.ui.checkers.moments import (
    ANTIC_SECONDS,
    CROWN_POP_SECONDS,
    EVENT_ANNOUNCEMENTS,
    MoveAnimation,
)
from tablegames.ui.checkers.panel_text import move_list_rows, panel_header, status_text
from tablegames.ui.checkers.pieces import PIECE_SETS, draw_captured, draw_piece
from tablegames.ui.checkers.table_model import TableModel
from tablegames.ui.theme import (
    ACCENT,
    LOGICAL_SIZE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    body_size,
    draw_text,
    font,
    shade,
)
from tablegames.ui.widgets import Button, draw_button, fit_text, footer_size, text_width
from tablegames.ui.widgets import button_at as find_button

Point = tuple[float, float]

CANVAS = pygame.Rect((0, 0), LOGICAL_SIZE)
BOARD_RECT = pygame.Rect(24, 24, 752, 752)
PLAYING_AREA = board_layout(BOARD_RECT).inner  # the 8x8 squares: no toast, banner or confetti covers them
PANEL_RECT = pygame.Rect(800, 24, 456, 752)
MOVE_LIST_RECT = pygame.Rect(PANEL_RECT.x + 20, PANEL_RECT.y + 310, PANEL_RECT.width - 40, 300)
ABOVE_SQUARES = pygame.Rect(0, 0, PANEL_RECT.x, PLAYING_AREA.top)  # the board's top edge and the margin above
BELOW_SQUARES = pygame.Rect(0, PLAYING_AREA.bottom, PANEL_RECT.x, CANVAS.bottom - PLAYING_AREA.bottom)
TOAST_PADDING = (15, 8)
FACE_CENTRE = (PANEL_RECT.x + 92, PANEL_RECT.y + 118)
FACE_RADIUS = 58
TROPHY_AT = (PANEL_RECT.right - 110, PANEL_RECT.y + 600)
TROPHY_SIZE = 130
BUTTONS = (("hint", "Hint"), ("undo", "Undo"), ("new", "New game"), ("menu", "Menu"))
KEY_LINES = ("Click a piece, then where it goes (arrows + Enter)", "H hint  U undo  N new  F flip  B party  E save music",
             "X export  Esc menu  Q lobby")
WATCH_KEY_LINES = ("Watching: the computer plays both sides", "N new game  F flip  B party  E save music",
                   "X export  Esc menu  Q lobby")
KEY_LINES_LARGEST = 25  # the key lines' largest size: three lines fit between the buttons and the panel's foot
FUN_BLUE = (120, 220, 255)


def panel_buttons() -> list[Button]:
    """The panel's four buttons, evenly spaced in a row (the shared widget)."""
    width = (PANEL_RECT.width - 40 - 3 * 10) // len(BUTTONS)
    return [Button(action, label, pygame.Rect(PANEL_RECT.x + 20 + index * (width + 10), PANEL_RECT.y + 622, width, 36))
            for index, (action, label) in enumerate(BUTTONS)]


PANEL_BUTTONS = panel_buttons()
# watching: New game and Menu where they always are (a click meant for Undo must not start a new game)
WATCH_BUTTONS = [button for button in PANEL_BUTTONS if button.action not in WATCH_HIDES]


def buttons_for(mode: str) -> list[Button]:
    """The panel's buttons in `mode`: watch mode has no Hint or Undo."""
    return WATCH_BUTTONS if mode == "watch" else PANEL_BUTTONS


def button_at(pos: Point, mode: str = "play") -> str | None:
    button = find_button(buttons_for(mode), pos)
    return None if button is None else button.action


@lru_cache(maxsize=8)
def hop_shadow(radius: int) -> pygame.Surface:
    """The soft shadow under a hopping piece."""
    shadow = pygame.Surface((round(radius * 1.6), max(2, round(radius * 0.5))), pygame.SRCALPHA)
    draw.ellipse(shadow, (0, 0, 0, 90), shadow.get_rect())
    return shadow


# ---- the board -----------------------------------------------------------------------------------------------

def draw_table_board(surface: pygame.Surface, model: TableModel, selection: CheckersController, layout: BoardLayout,
                     pointer: Point | None, keyboard_used: bool) -> None:
    """The board where `layout` puts it (shaken or not), its marks, the pieces and the piece in flight."""
    s = model.settings
    draw_board_at(surface, model.piece_set, layout, model.clock, s.animations, s.reduced_motion)
    draw_marks(surface, model, selection, layout, keyboard_used)
    draw_pieces(surface, model, selection, layout, pointer)
    if s.checkers_square_numbers:  # over the pieces, where no ear or handle hides them
        surface.blit(square_numbers(model.piece_set, layout.cell, selection.flipped), layout.inner.topleft)


def number_size(cell: int) -> int:
    return max(10, round(cell * 0.19))


def square_number_rects(layout: BoardLayout, flipped: bool) -> dict[int, pygame.Rect]:
    """Where each dark square's number (1-32, the move list's) is drawn: small, in the square's bottom left corner
    (clear of the pieces' ears and handles), following the board's flip."""
    size = number_size(layout.cell)
    inset = max(2, round(layout.cell * 0.07))
    rects = {}
    for square in range(1, 33):
        rect = pygame.Rect((0, 0), font(size, True).size(str(square)))
        rect.bottomleft = layout.square_rect(*square_to_cell(square, flipped)).move(inset, -inset).bottomleft
        rects[square] = rect
    return rects


@lru_cache(maxsize=8)
def square_numbers(piece_set_index: int, cell: int, flipped: bool) -> pygame.Surface:
    """The 8x8 playing area's square numbers on a clear layer (light on the dark squares, with a shadow)."""
    layout = BoardLayout(pygame.Rect(0, 0, cell * 8, cell * 8), pygame.Rect(0, 0, cell * 8, cell * 8), cell)
    layer = pygame.Surface(layout.inner.size, pygame.SRCALPHA)
    dark = PIECE_SETS[piece_set_index].board.dark
    light = sum(dark) / 3 > 150  # a light playing square takes dark numbers
    ink, shadow = ((40, 30, 30), (255, 255, 255)) if light else ((240, 240, 232), (0, 0, 0))
    size = number_size(cell)
    for square, rect in square_number_rects(layout, flipped).items():
        for offset, colour in ((1, shadow), (0, ink)):
            image = font(size, True).render(str(square), True, colour)
            image.set_alpha(150 if offset else 215)
            layer.blit(image, rect.move(offset, offset))
    return layer


def draw_marks(surface: pygame.Surface, model: TableModel, selection: CheckersController, layout: BoardLayout,
               keyboard_used: bool) -> None:
    """The last move, the pieces that may move, the chosen path and its targets, the hint and the cursor."""
    flipped = selection.flipped
    entries = model.game.entries
    if entries and isinstance(entries[-1], Move) and model.animation is None:
        for square in (entries[-1].from_square, entries[-1].to_square):
            rect = layout.square_rect(*square_to_cell(square, flipped))
            draw.rect(surface, (255, 220, 120), rect, 3)
    for square in selection.highlighted():
        rect = layout.square_rect(*square_to_cell(square, flipped))
        colour = (255, 120, 60) if selection.jump_is_due() else (120, 230, 140)
        draw.rect(surface, colour, rect.inflate(-4, -4), 3, border_radius=6)
    if selection.selected is not None:
        for square in selection.path:
            rect = layout.square_rect(*square_to_cell(square, flipped))
            draw.rect(surface, ACCENT, rect.inflate(-2, -2), 5, border_radius=6)
        for square in selection.targets():
            centre = layout.square_centre(*square_to_cell(square, flipped))
            draw.circle(surface, ACCENT, centre, layout.cell * 0.3, max(2, layout.cell // 24))
            draw.circle(surface, shade(ACCENT, 0.5), centre, layout.cell * 0.13)
            draw.circle(surface, ACCENT, centre, layout.cell * 0.1)
    if model.hint is not None and model.hint_left > 0:
        for square in model.hint.path:
            rect = layout.square_rect(*square_to_cell(square, flipped))
            draw.rect(surface, (90, 200, 255), rect.inflate(-8, -8), 4, border_radius=10)
    if keyboard_used:
        draw.rect(surface, (255, 255, 255), layout.square_rect(*selection.cursor), 3)


def draw_pieces(surface: pygame.Surface, model: TableModel, selection: CheckersController, layout: BoardLayout,
                pointer: Point | None) -> None:
    """The pieces at rest (from the position before the move in flight), the captured ones fading, the hopper."""
    s = model.settings
    moods = model.show.moods
    flipped = selection.flipped
    anim = model.animation
    position = anim.before if anim is not None else model.game.position
    hidden: set[int] = {f.square for f in model.show.fading}
    if anim is not None:
        hidden |= {anim.move.from_square, *anim.move.captured[: anim.hops_landed]}
    radius = layout.piece_radius
    path = selection.path
    look = pointer if s.animations else None
    for square in range(1, 33):
        piece = position.piece_at(square)
        if piece.side is None or square in hidden:
            continue
        centre = layout.square_centre(*square_to_cell(square, flipped))
        squash = (1.0, 1.0)
        if path and square == path[0]:
            centre = layout.square_centre(*square_to_cell(path[-1], flipped))
            squash = pickup_wobble(moods.pickup_age)
        elif moods.crown_left > 0 and square == moods.crown_square:
            pop = 1.0 + 0.3 * math.sin(math.pi * (1.0 - moods.crown_left / CROWN_POP_SECONDS))
            squash = (pop, pop)
            centre = (centre[0], centre[1] - (pop - 1.0) * radius)
        elif moods.antic_left > 0 and square == moods.antic_square:
            squash = antic_squash(moods.antic, moods.antic_left)
        elif moods.antic == "sneezes" and moods.antic_left > 0 and s.animations and not s.reduced_motion:
            centre = sneeze_nudge(square, centre, moods.antic_square, moods.antic_left, flipped, radius)
        draw_piece(surface, model.piece_set, piece.side, piece.is_king, centre, radius, model.clock,
                   moods.face(square, piece.side, model.threatened), s.animations, s.reduced_motion, look, squash)
    for fading in model.show.fading:
        centre = layout.square_centre(*square_to_cell(fading.square, flipped))
        draw_captured(surface, model.piece_set, fading.side, centre, radius, fading.age, fading.is_king)
    if anim is not None:
        draw_hopper(surface, model, anim, layout, flipped)


def pickup_wobble(age: float) -> tuple[float, float]:
    if age > 0.6:
        return (1.06, 1.06)  # a chosen piece stays a little lifted
    wobble = math.sin(age * 22.0) * math.exp(-age * 5.0) * 0.12
    return (1.06 + wobble, 1.06 - wobble)


def antic_squash(antic: str, left: float) -> tuple[float, float]:
    f = 1.0 - left / ANTIC_SECONDS
    if antic == "yawns":
        stretch = math.sin(f * math.pi) * 0.14
        return (1.0 - stretch * 0.5, 1.0 + stretch)
    if antic == "sneezes" and f > 0.6:
        jolt = math.sin((f - 0.6) / 0.4 * math.pi) * 0.18
        return (1.0 + jolt, 1.0 - jolt)
    return (1.0, 1.0)


def sneeze_nudge(square: int, centre: Point, sneezer: int | None, left: float, flipped: bool,
                 radius: float) -> Point:
    """A sneeze nudges the sneezer's diagonal neighbours a little away, then they settle back."""
    f = 1.0 - left / ANTIC_SECONDS
    if sneezer is None or f < 0.6:
        return centre
    row, col = square_to_cell(square, flipped)
    sneezer_row, sneezer_col = square_to_cell(sneezer, flipped)
    if abs(row - sneezer_row) != 1 or abs(col - sneezer_col) != 1:
        return centre
    push = math.sin((f - 0.6) / 0.4 * math.pi) * radius * 0.18
    return (centre[0] + (col - sneezer_col) * push, centre[1] + (row - sneezer_row) * push)


def draw_hopper(surface: pygame.Surface, model: TableModel, anim: MoveAnimation, layout: BoardLayout,
                flipped: bool) -> None:
    """The moving piece on its arc, with its shadow: crouched at take-off and landing, stretched in the air."""
    s = model.settings
    radius = layout.piece_radius
    hop, f = anim.hop_at()
    start = layout.square_centre(*square_to_cell(anim.move.path[hop], flipped))
    end = layout.square_centre(*square_to_cell(anim.move.path[hop + 1], flipped))
    eased = f * f * (3 - 2 * f)
    height = layout.cell * (0.45 if anim.move.is_capture else 0.18) * math.sin(math.pi * f)
    centre = (start[0] + (end[0] - start[0]) * eased, start[1] + (end[1] - start[1]) * eased - height)
    squash = (1.0, 1.0)
    if not s.reduced_motion:
        if f < 0.15 or f > 0.85:
            squash = (1.18, 0.82)  # crouch before take-off, squashed on landing
        else:
            squash = (0.9, 1.14)  # stretched in the air
    crowned = anim.is_king or (anim.move.is_crowning and hop == len(anim.hop_seconds) - 1 and f > 0.9)
    shadow = hop_shadow(round(radius))
    ground = (start[0] + (end[0] - start[0]) * eased, start[1] + (end[1] - start[1]) * eased + radius * 0.7)
    surface.blit(shadow, shadow.get_rect(center=(round(ground[0]), round(ground[1]))))
    draw_piece(surface, model.piece_set, anim.side, crowned, centre, radius, model.clock,
               "cheering" if anim.move.is_capture else "normal", s.animations, s.reduced_motion, None, squash,
               phase=0.3)


# ---- the panel -----------------------------------------------------------------------------------------------

def draw_panel(surface: pygame.Surface, model: TableModel, pointer: Point | None) -> None:
    """The opponent's head and words, who plays whom, the status line, the moves, the buttons and the keys."""
    neon = model.neon
    pieces = PIECE_SETS[model.piece_set]
    draw.rect(surface, PANEL, PANEL_RECT, border_radius=18)
    draw.rect(surface, pieces.board.glow if neon else PANEL_EDGE, PANEL_RECT, 2, border_radius=18)
    speech = model.show.speech
    thinking = model.is_thinking
    mood = speech.mood if speech.left > 0 else ("thinking" if thinking else "hello")
    settings = model.settings
    draw_opponent(surface, model.opponent_index, FACE_CENTRE, FACE_RADIUS, model.clock, mood, pointer, thinking,
                  neon, settings.animations, settings.reduced_motion)
    draw_header(surface, model)
    if speech.left > 0:
        draw_bubble(surface, speech.text, pygame.Rect(PANEL_RECT.x + 20, PANEL_RECT.y + 196, PANEL_RECT.width - 40,
                                                      58))
    draw_fitted(surface, status_text(model), (PANEL_RECT.x + 24, PANEL_RECT.y + 270), 30, PANEL_RECT.width - 48,
                TEXT, bold=True)
    draw_move_list(surface, move_list_rows(model.game), MOVE_LIST_RECT)
    draw_buttons(surface, buttons_for(model.mode), pieces.board.glow if neon else ACCENT, pointer)
    draw_key_lines(surface, key_lines(model))


def draw_header(surface: pygame.Surface, model: TableModel) -> None:
    """Beside the face: the title, the subtitle and who plays whom (the sides named by the set)."""
    header = panel_header(model)
    x = FACE_CENTRE[0] + FACE_RADIUS + 36
    width = PANEL_RECT.right - 16 - x
    draw_fitted(surface, header.title, (x, PANEL_RECT.y + 40), 36, width, ACCENT, bold=True)
    draw_fitted(surface, header.subtitle, (x, PANEL_RECT.y + 76), 26, width, TEXT_DIM)
    lines = [(line, TEXT_DIM) for line in header.lines] + ([("Fun mode", FUN_BLUE)] if header.fun_mode else [])
    for index, (line, colour) in enumerate(lines):
        draw_fitted(surface, line, (x, PANEL_RECT.y + 104 + 24 * index), 22, width, colour)


def fitted_size(text: str, size: int, width: int, bold: bool = False, smallest: int = 16) -> int:
    """The largest size up to `size` (not below `smallest`) at which `text` is no wider than `width`."""
    while size > smallest and text_width(text, size, bold) > width:
        size -= 1
    return size


def draw_fitted(surface: pygame.Surface, text: str, at: Point, size: int, width: int,
                colour: tuple[int, int, int], bold: bool = False) -> None:
    """One line at `size`, or smaller where it would be wider than `width` (cut short below 16 px)."""
    size = fitted_size(text, size, width, bold)
    draw_text(surface, fit_text(text, size, width, bold), at, size, colour, bold=bold)


def key_lines(model: TableModel) -> tuple[str, ...]:
    """The panel's foot: how to play and the keys (M with the sound's state); watching, no hint or undo."""
    lines = WATCH_KEY_LINES if model.mode == "watch" else KEY_LINES
    return lines[0], lines[1], f"{mute_hint(model.settings)}  {lines[2]}"


def draw_key_lines(surface: pygame.Surface, lines: tuple[str, ...]) -> None:
    """The key lines at the player's text size, as large as fits under the buttons."""
    width = PANEL_RECT.width - 40
    size = min(min(footer_size(line, 22, width) for line in lines), max(22, min(body_size(22), KEY_LINES_LARGEST)))
    step = max(24, size + 1)
    for index, line in enumerate(lines):
        draw_text(surface, fit_text(line, size, width), (PANEL_RECT.x + 24, PANEL_RECT.bottom - 80 + index * step),
                  size, TEXT_DIM)


def draw_buttons(surface: pygame.Surface, buttons: list[Button], glow: tuple[int, int, int],
                 pointer: Point | None) -> None:
    """The panel's buttons; the edge of the one pointed at glows (neon in the neon sets)."""
    for button in buttons:
        draw_button(surface, button, pointer is not None and button.hit(pointer), glow, size=23)


def draw_bubble(surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
    draw.rect(surface, (250, 248, 240), rect, border_radius=14)
    tail = [(FACE_CENTRE[0] - 6, rect.y + 2), (FACE_CENTRE[0] + 18, rect.y + 2), (FACE_CENTRE[0] + 4, rect.y - 16)]
    draw.polygon(surface, (250, 248, 240), tail)
    size = 26 if len(text) < 38 else 22
    draw_text(surface, text, rect.center, size, (40, 34, 50), "center")


def draw_move_list(surface: pygame.Surface, rows: list[str], rect: pygame.Rect) -> None:
    """The latest rows that fit, in two columns; fun events in blue."""
    draw.rect(surface, shade(PANEL, 0.75), rect, border_radius=12)
    draw_text(surface, "Moves", (rect.x + 14, rect.y + 10), 24, TEXT_DIM, bold=True)
    per_column = (rect.height - 44) // 24
    shown = rows[-per_column * 2:]
    for index, row in enumerate(shown):
        column, line = divmod(index, per_column)
        colour = FUN_BLUE if "*" in row else TEXT
        draw_text(surface, row, (rect.x + 14 + column * (rect.width // 2), rect.y + 40 + line * 24), 23, colour)


def banner_rect() -> pygame.Rect:
    """Where a fun event's announcement goes: on the board's top edge, above the squares."""
    banner = pygame.Rect(0, 0, 660, min(52, ABOVE_SQUARES.height - 6))
    banner.center = (BOARD_RECT.centerx, ABOVE_SQUARES.centery)
    return banner


def toast_layout(text: str, size: int) -> tuple[pygame.Rect, list[str]]:
    """Where a toast of `text` at `size` goes and its lines: one line under the squares (on the board's foot)
    when it fits there, else wrapped at the foot of the move list in the panel. Never over the squares."""
    pad_x, pad_y = TOAST_PADDING
    width, height = font(size).size(text)
    if width + 2 * pad_x <= BELOW_SQUARES.width - 8 and height + 2 * pad_y <= BELOW_SQUARES.height - 4:
        box = pygame.Rect(0, 0, width + 2 * pad_x, height + 2 * pad_y)
        box.center = (BOARD_RECT.centerx, BELOW_SQUARES.centery)
        return box.clamp(BELOW_SQUARES), [text]
    room = MOVE_LIST_RECT.inflate(-8, -8)
    step = font(size).get_linesize()
    lines = break_lines(text, size, room.width - 2 * pad_x)[: max(1, (room.height - 2 * pad_y) // step)]
    box = pygame.Rect(room.x, 0, room.width, len(lines) * step + 2 * pad_y)
    box.bottom = room.bottom
    return box, lines


def break_lines(text: str, size: int, width: int) -> list[str]:
    """`text` in lines no wider than `width`, broken between words; a word too long for a line (a file's path) is
    broken after a '/' where it can, else where it must, so all of it is shown."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_width(trial, size) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while text_width(word, size) > width:
            cut = max((n for n in range(2, len(word)) if text_width(word[:n], size) <= width), default=1)
            slash = word.rfind("/", 0, cut)
            cut = slash + 1 if slash > 0 else cut
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def draw_banners(surface: pygame.Surface, model: TableModel) -> None:
    """A fun event's announcement above the squares, or else the toast (under them, or in the panel)."""
    event = model.pending_event
    if event is not None:
        banner = banner_rect()
        draw.rect(surface, (14, 40, 70), banner, border_radius=16)
        draw.rect(surface, FUN_BLUE, banner, 3, border_radius=16)
        draw_text(surface, EVENT_ANNOUNCEMENTS[event.kind], banner.center, 30, TEXT, "center", bold=True)
    show = model.show
    if show.toast_left > 0 and event is None:
        size = body_size(24)
        box, lines = toast_layout(show.toast, size)
        draw.rect(surface, (20, 24, 36), box, border_radius=10)
        draw.rect(surface, PANEL_EDGE, box, 1, border_radius=10)
        step = font(size).get_linesize()
        top = box.centery - len(lines) * step / 2
        for index, line in enumerate(lines):
            draw_text(surface, line, (box.centerx, top + index * step), size, TEXT, "midtop")
