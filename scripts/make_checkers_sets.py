"""Render the contact sheet of the ten checkers piece sets: assets_generated/checkers-sets.png.

Each set shows, on a slice of its own board, both sides' man and king and then a row of moods
(worried, cheering, dizzy, winking, shaken, and the capture picture); the bottom row shows three whole
boards set up for a game.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.ui.checkers.boards import draw_board, is_dark
from tablegames.ui.checkers.pieces import PIECE_SETS, draw_captured, draw_piece
from tablegames.ui.screenshot import save_png
from tablegames.ui.theme import ACCENT, TEXT, TEXT_DIM, draw_background, draw_text

TARGET = Path(__file__).resolve().parent.parent / "assets_generated" / "checkers-sets.png"
CELL = 66
PANEL_W, PANEL_H = 8 * CELL + 40, 2 * CELL + 62
COLUMNS = 2
BOARD_SIDE = 366
MOOD_ROW = (("worried", 0), ("cheering", 1), ("dizzy", 0), ("winking", 1), ("shaken", 0), ("captured", 1))


def board_slice(index: int) -> pygame.Surface:
    """Two rows of the set's board (rows 5 and 6 of a board drawn at CELL squares), with its textures."""
    side = CELL * 8 * 2
    whole = pygame.Surface((side, side))
    layout = draw_board(whole, index, whole.get_rect(), 0.0, animations=False)
    scale = layout.cell
    part = whole.subsurface(pygame.Rect(layout.inner.x, layout.inner.y + 5 * scale, 8 * scale, 2 * scale)).copy()
    return pygame.transform.smoothscale(part, (8 * CELL, 2 * CELL))


def draw_panel(sheet: pygame.Surface, index: int, left: int, top: int, t: float) -> None:
    piece_set = PIECE_SETS[index]
    label = f"{index}  {piece_set.name}"
    draw_text(sheet, label, (left + 20, top + 8), 34, ACCENT, bold=True)
    draw_text(sheet, f"{piece_set.side_names[0]} (moves first) vs {piece_set.side_names[1]}",
              (left + PANEL_W - 20, top + 14), 26, TEXT_DIM, "topright")
    strip = pygame.Rect(left + 20, top + 44, 8 * CELL, 2 * CELL)
    sheet.blit(board_slice(index), strip)
    radius = CELL * 0.42
    # row 5 of the board: dark squares at odd columns; row 6: at even columns
    spots = [(0, col) for col in range(8) if is_dark(5, col)] + [(1, col) for col in range(8) if is_dark(6, col)]
    pieces = [(0, False, "normal"), (0, True, "normal"), (1, False, "normal"), (1, True, "normal")]
    for (row, col), (side, king, mood) in zip(spots[:4], pieces, strict=True):
        centre = (strip.x + (col + 0.5) * CELL, strip.y + (row + 0.5) * CELL)
        draw_piece(sheet, index, side, king, centre, radius, t, mood)
    extra = [(1, col) for col in range(8)]
    for (row, col), (mood, side) in zip(extra[2:], MOOD_ROW, strict=False):
        centre = (strip.x + (col + 0.5) * CELL, strip.y + (row + 0.5) * CELL)
        if mood == "captured":
            draw_captured(sheet, index, side, centre, radius, 0.2)
        else:
            draw_piece(sheet, index, side, False, centre, radius, t, mood)
    tag = pygame.Rect(strip.x + 4, strip.y + CELL + CELL // 2 - 14, CELL * 2 - 8, 28)
    pygame.draw.rect(sheet, (22, 26, 38), tag, border_radius=8)
    draw_text(sheet, "moods:", tag.center, 24, TEXT, "center")


def draw_start_board(sheet: pygame.Surface, index: int, rect: pygame.Rect, t: float) -> None:
    layout = draw_board(sheet, index, rect, t, animations=False)
    for row in range(8):
        for col in range(8):
            if is_dark(row, col) and row not in (3, 4):
                side = 1 if row < 3 else 0
                draw_piece(sheet, index, side, False, layout.square_centre(row, col), layout.piece_radius, t,
                           look_at=(rect.centerx, rect.bottom + 200))
    draw_text(sheet, PIECE_SETS[index].name, (rect.centerx, rect.bottom + 6), 28, TEXT, "midtop")


def main(argv: list[str]) -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    rows = (len(PIECE_SETS) + COLUMNS - 1) // COLUMNS
    width = COLUMNS * PANEL_W + 40
    height = rows * PANEL_H + BOARD_SIDE + 120
    sheet = pygame.Surface((width, height))
    draw_background(sheet)
    t = 1.0
    for index in range(len(PIECE_SETS)):
        draw_panel(sheet, index, 20 + (index % COLUMNS) * PANEL_W, 20 + (index // COLUMNS) * PANEL_H, t)
    top = 30 + rows * PANEL_H
    for slot, index in enumerate((8, 4, 9)):
        rect = pygame.Rect(20 + slot * (BOARD_SIDE + 20), top, BOARD_SIDE, BOARD_SIDE)
        draw_start_board(sheet, index, rect, t)
    target = Path(argv[0]) if argv else TARGET
    save_png(sheet, target)
    print(f"wrote {target}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
