"""The checkers board of each piece set: squares, frame and, for the neon sets, the circuit-board look.

Orientation: row 0 is the top row and column 0 the left; a square is dark (a playing square) when
row + col is odd, so the bottom-left corner is dark for the player at the bottom (and, seen from the top,
for the other player too) and the top row's dark squares are squares 1-4.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from tablegames.core.rng import make_rng
from tablegames.ui import draw
from tablegames.ui.checkers.pen import fast_alpha
from tablegames.ui.checkers.recipes import PIECE_SETS, BoardStyle
from tablegames.ui.theme import shade

WAVE_SECONDS = 4.0  # the neon light wave sweeps the board once every four seconds (well under 1 Hz)
FRAME_SHARE = 0.045  # the frame's width as a share of the board's side


@dataclass(frozen=True)
class BoardLayout:
    """Where the squares are: `inner` is the 8x8 playing area (square pixels), `cell` one square's side."""

    outer: pygame.Rect
    inner: pygame.Rect
    cell: int

    def square_rect(self, row: int, col: int) -> pygame.Rect:
        return pygame.Rect(self.inner.x + col * self.cell, self.inner.y + row * self.cell, self.cell, self.cell)

    def square_centre(self, row: int, col: int) -> tuple[float, float]:
        return (self.inner.x + (col + 0.5) * self.cell, self.inner.y + (row + 0.5) * self.cell)

    def square_at(self, pos: tuple[float, float]) -> tuple[int, int] | None:
        """(row, col) under a point, or None off the squares."""
        col = math.floor((pos[0] - self.inner.x) / self.cell)
        row = math.floor((pos[1] - self.inner.y) / self.cell)
        return (row, col) if 0 <= row < 8 and 0 <= col < 8 else None

    def moved(self, offset: tuple[int, int]) -> BoardLayout:
        """The same board moved by `offset` pixels (a screen shake)."""
        return BoardLayout(self.outer.move(offset), self.inner.move(offset), self.cell)

    @property
    def piece_radius(self) -> float:
        """The radius pieces are drawn at: they fill most of a square, leaving room for ears and bobbing."""
        return self.cell * 0.42


def is_dark(row: int, col: int) -> bool:
    return (row + col) % 2 == 1


def board_layout(rect: pygame.Rect) -> BoardLayout:
    """The largest square board with its frame centred in `rect`."""
    side = min(rect.width, rect.height)
    frame = max(4, round(side * FRAME_SHARE))
    cell = max(2, (side - 2 * frame) // 8)
    outer_side = cell * 8 + 2 * frame
    outer = pygame.Rect(0, 0, outer_side, outer_side)
    outer.center = rect.center
    inner = pygame.Rect(outer.x + frame, outer.y + frame, cell * 8, cell * 8)
    return BoardLayout(outer, inner, cell)


def draw_board(surface: pygame.Surface, piece_set_index: int, rect: pygame.Rect, t: float,
               animations: bool = True, reduced_motion: bool = False) -> BoardLayout:
    """Draw the framed board of set `piece_set_index` centred in `rect`; returns its layout."""
    layout = board_layout(rect)
    draw_board_at(surface, piece_set_index, layout, t, animations, reduced_motion)
    return layout


def draw_board_at(surface: pygame.Surface, piece_set_index: int, layout: BoardLayout, t: float,
                  animations: bool = True, reduced_motion: bool = False) -> None:
    """Draw the framed board of set `piece_set_index` where `layout` (from `board_layout`) puts it.

    Only the neon sets move (a light wave every WAVE_SECONDS); it is still with animations off or reduced
    motion on.
    """
    if not 0 <= piece_set_index < len(PIECE_SETS):
        raise ValueError(f"piece set index {piece_set_index!r}: expected 0..{len(PIECE_SETS) - 1}")
    style = PIECE_SETS[piece_set_index].board
    surface.blit(board_picture(piece_set_index, layout.cell, layout.outer.width - layout.inner.width),
                 layout.outer.topleft)
    if style.is_neon and animations and not reduced_motion:
        draw_wave(surface, style, layout, t)


@lru_cache(maxsize=32)
def board_picture(piece_set_index: int, cell: int, frame_total: int) -> pygame.Surface:
    style = PIECE_SETS[piece_set_index].board
    frame = frame_total // 2
    side = cell * 8 + frame_total
    picture = pygame.Surface((side, side), pygame.SRCALPHA)
    inner = pygame.Rect(frame, frame, cell * 8, cell * 8)
    layout = BoardLayout(picture.get_rect(), inner, cell)
    if style.is_neon:
        draw_neon_board(picture, style, layout, piece_set_index)
    else:
        draw_plain_board(picture, style, layout, piece_set_index)
    return fast_alpha(picture)


def draw_plain_board(picture: pygame.Surface, style: BoardStyle, layout: BoardLayout, seed: int) -> None:
    outer, inner = layout.outer, layout.inner
    frame = inner.x - outer.x
    draw.rect(picture, shade(style.frame, 0.7), outer, border_radius=max(2, frame // 2))
    draw.rect(picture, style.frame, outer.inflate(-4, -4), border_radius=max(2, frame // 2))
    draw.rect(picture, style.frame_edge, outer.inflate(-4, -4), 2, border_radius=max(2, frame // 2))
    rng = make_rng(seed, "checkers-board-grain")
    for row in range(8):
        for col in range(8):
            colour = style.dark if is_dark(row, col) else style.light
            square = layout.square_rect(row, col)
            draw.rect(picture, colour, square)
            for _ in range(style.grain):
                # wood grain: a faint stroke along the square
                y = square.y + rng.uniform(0.15, 0.85) * square.height
                wobble = rng.uniform(-0.08, 0.08) * square.height
                draw.line(picture, shade(colour, 0.93), (square.x + 2, y), (square.right - 3, y + wobble))
            for _ in range(style.stars):
                x = square.x + rng.uniform(0.1, 0.9) * square.width
                y = square.y + rng.uniform(0.1, 0.9) * square.height
                draw.circle(picture, shade(colour, 1.35 + rng.uniform(0, 0.3)), (x, y),
                                   max(1.0, square.width * rng.uniform(0.008, 0.02)))
    draw.rect(picture, shade(style.frame, 0.5), inner.inflate(4, 4), 2)
    draw.line(picture, shade(style.frame_edge, 1.3), (outer.x + frame // 2, outer.y + 3),
                     (outer.right - frame // 2, outer.y + 3))


def draw_neon_board(picture: pygame.Surface, style: BoardStyle, layout: BoardLayout, seed: int) -> None:
    outer, inner, cell = layout.outer, layout.inner, layout.cell
    frame = inner.x - outer.x
    corner = max(3, frame)
    draw.rect(picture, style.frame, outer, border_radius=corner)
    for row in range(8):
        for col in range(8):
            square = layout.square_rect(row, col)
            if is_dark(row, col):
                draw.rect(picture, style.dark, square)
            else:
                draw.rect(picture, style.light, square)
                # glass: a lighter sheen across the top of each light square
                draw.rect(picture, shade(style.light, 1.08), (square.x, square.y, square.width,
                                                                     max(1, square.height // 5)))
    draw_circuit(picture, style, layout, seed)
    grid = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    for index in range(9):
        x = inner.x + index * cell
        draw.line(grid, (*style.glow, 45), (x, inner.y), (x, inner.bottom - 1))
        draw.line(grid, (*style.glow, 45), (inner.x, inner.y + index * cell), (inner.right - 1, inner.y + index * cell))
    for y in range(inner.y, inner.bottom, 3):
        draw.line(grid, (0, 0, 0, 34), (inner.x, y), (inner.right - 1, y))
    picture.blit(grid, (0, 0))
    glow = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    ring = inner.inflate(frame, frame)
    for width, alpha in ((max(3, frame * 0.9), 28), (max(2, frame * 0.55), 50), (max(2, frame * 0.3), 90)):
        draw.rect(glow, (*style.glow, alpha), ring.inflate(width, width), round(width),
                         border_radius=corner)
    picture.blit(glow, (0, 0))
    draw.rect(picture, shade(style.glow, 1.35), ring, max(2, frame // 7), border_radius=corner // 2)


def draw_circuit(picture: pygame.Surface, style: BoardStyle, layout: BoardLayout, seed: int) -> None:
    """Traces and vias on the playing squares: a few right-angled lines ending in small rings."""
    rng = make_rng(seed, "checkers-board-circuit")
    cell = layout.cell
    width = max(1, cell // 40)
    for row in range(8):
        for col in range(8):
            if not is_dark(row, col):
                continue
            square = layout.square_rect(row, col)
            for _ in range(3):
                x0 = square.x + int(rng.integers(2, 8)) * cell // 10
                y0 = square.y + int(rng.integers(2, 8)) * cell // 10
                x1 = square.x + int(rng.integers(1, 9)) * cell // 10
                y1 = square.y + int(rng.integers(1, 9)) * cell // 10
                trace = shade(style.trace, 0.75)
                draw.lines(picture, trace, False, [(x0, y0), (x1, y0), (x1, y1)], width)
                via = max(2, cell // 22)
                draw.circle(picture, style.trace, (x1, y1), via, width)
                draw.circle(picture, shade(style.trace, 0.5), (x0, y0), max(1, via - 1))


@lru_cache(maxsize=8)
def wave_band(width: int, cell: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A horizontal band of light, brightest in its middle, one and a half squares tall."""
    height = max(2, round(cell * 1.5))
    band = pygame.Surface((width, height), pygame.SRCALPHA)
    for y in range(height):
        alpha = round(44 * math.sin(math.pi * y / (height - 1)) ** 2)
        draw.line(band, (*colour, alpha), (0, y), (width - 1, y))
    return band


def wave_offset(t: float, span: int) -> int:
    """Where the wave's top edge is at time t: it crosses `span` pixels once every WAVE_SECONDS."""
    return round((t % WAVE_SECONDS) / WAVE_SECONDS * span)


def draw_wave(surface: pygame.Surface, style: BoardStyle, layout: BoardLayout, t: float) -> None:
    band = wave_band(layout.inner.width, layout.cell, style.glow)
    top = layout.inner.y - band.get_height() + wave_offset(t, layout.inner.height + band.get_height())
    clip = surface.get_clip()
    surface.set_clip(layout.inner.clip(clip))
    surface.blit(band, (layout.inner.x, top))
    surface.set_clip(clip)
