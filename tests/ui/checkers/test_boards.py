"""Boards: standard orientation, drawn inside their rectangle, the neon wave slow and still when asked."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from tablegames.ui.checkers.boards import WAVE_SECONDS, board_layout, draw_board, is_dark
from tablegames.ui.checkers.pieces import PIECE_SETS

SIZE = (420, 380)
RECT = pygame.Rect(30, 20, 360, 340)
BACKDROP = (1, 2, 3)


def board_picture(index: int, t: float = 0.0, **options) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    surface.fill(BACKDROP)
    draw_board(surface, index, RECT, t, **options)
    return surface


def mean_luminance(surface: pygame.Surface, rect: pygame.Rect) -> float:
    pixels = pygame.surfarray.array3d(surface)[rect.left:rect.right, rect.top:rect.bottom].reshape(-1, 3)
    return float((pixels @ np.array([0.2126, 0.7152, 0.0722])).mean())


def test_layout_is_square_centred_and_inside_the_rect() -> None:
    layout = board_layout(RECT)
    assert RECT.contains(layout.outer)
    assert layout.inner.width == layout.inner.height == 8 * layout.cell
    assert abs(layout.outer.centerx - RECT.centerx) <= 1 and abs(layout.outer.centery - RECT.centery) <= 1
    assert layout.square_at(layout.square_centre(7, 0)) == (7, 0)
    assert layout.square_at((layout.inner.x - 1, layout.inner.y)) is None


def test_playing_squares_sit_at_each_players_bottom_left() -> None:
    assert is_dark(7, 0) and is_dark(0, 7)  # bottom-left for the player below and for the one above
    assert [col for col in range(8) if is_dark(0, col)] == [1, 3, 5, 7]  # squares 1-4 in the top row
    assert sum(is_dark(r, c) for r in range(8) for c in range(8)) == 32


@pytest.mark.parametrize("index", range(len(PIECE_SETS)))
def test_dark_squares_are_darker_and_everything_stays_in_the_rect(index: int) -> None:
    surface = board_picture(index, 1.3, animations=False)  # the light wave would brighten a row
    layout = board_layout(RECT)
    dark = [mean_luminance(surface, layout.square_rect(r, c)) for r in range(8) for c in range(8) if is_dark(r, c)]
    light = [mean_luminance(surface, layout.square_rect(r, c)) for r in range(8) for c in range(8)
             if not is_dark(r, c)]
    assert max(dark) < min(light)
    changed = np.any(pygame.surfarray.array3d(board_picture(index, 1.3)) != np.array(BACKDROP), axis=2)
    xs, ys = np.nonzero(changed)
    assert xs.min() >= RECT.left and xs.max() < RECT.right and ys.min() >= RECT.top and ys.max() < RECT.bottom


@pytest.mark.parametrize("index", [i for i, s in enumerate(PIECE_SETS) if s.board.is_neon])
def test_neon_wave_is_slow_and_still_when_motion_is_off(index: int) -> None:
    def frame(t: float, **options) -> bytes:
        return pygame.image.tobytes(board_picture(index, t, **options), "RGB")

    assert WAVE_SECONDS >= 1.0  # at most one sweep a second
    moving = {frame(t) for t in (0.0, 1.0, 2.0, 3.0)}
    assert len(moving) == 4
    assert frame(0.7) == frame(0.7 + WAVE_SECONDS)
    assert len({frame(t, animations=False) for t in (0.0, 1.0, 2.5)}) == 1
    assert len({frame(t, reduced_motion=True) for t in (0.0, 1.0, 2.5)}) == 1


def test_board_draw_respects_the_clip_and_leaves_it_alone() -> None:
    surface = pygame.Surface(SIZE)
    surface.fill(BACKDROP)
    clip = pygame.Rect(100, 100, 50, 50)
    surface.set_clip(clip)
    draw_board(surface, 8, RECT, 0.5)
    assert surface.get_clip() == clip
    changed = np.any(pygame.surfarray.array3d(surface) != np.array(BACKDROP), axis=2)
    xs, ys = np.nonzero(changed)
    assert xs.min() >= clip.left and xs.max() < clip.right and ys.min() >= clip.top and ys.max() < clip.bottom


def test_plain_boards_do_not_move() -> None:
    assert len({pygame.image.tobytes(board_picture(0, t), "RGB") for t in (0.0, 1.7)}) == 1


def test_bad_set_index_is_rejected() -> None:
    with pytest.raises(ValueError):
        draw_board(pygame.Surface(SIZE), 10, RECT, 0.0)
