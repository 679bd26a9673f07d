"""Frame cost of the checkers board and 24 pieces at 1280x800, for each piece set, against the 8 ms budget.

Each frame draws the board and 24 pieces (a few kings, moods and a hop), with eyes following a moving
pointer and every animation on; median and worst of FRAMES frames after the sprite caches are warm, plus
the cold first frame (caches empty) and the same frame as plain pygame.draw discs, as a baseline.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.ui.checkers.boards import board_layout, draw_board, is_dark
from tablegames.ui.checkers.pieces import PIECE_SETS, draw_piece, warm_cache

SIZE = (1280, 800)
BOARD = pygame.Rect(40, 40, 720, 720)
FRAMES = 240
BUDGET_MS = 8.0
MOODS = ("normal", "worried", "cheering", "normal", "winking", "normal")


def start_position() -> list[tuple[int, int, int]]:
    """(row, col, side) for the 24 men of a new game: side 1 on top, side 0 below."""
    return [(row, col, 1 if row < 3 else 0) for row in range(8) for col in range(8)
            if is_dark(row, col) and row not in (3, 4)]


def draw_frame(screen: pygame.Surface, index: int, t: float, pieces: list[tuple[int, int, int]]) -> None:
    screen.fill((22, 26, 38))
    layout = draw_board(screen, index, BOARD, t)
    pointer = (400 + 300 * (t % 2 - 1), 400)
    for number, (row, col, side) in enumerate(pieces):
        squash = (1.15, 0.88) if number == 5 else (1.0, 1.0)
        draw_piece(screen, index, side, number % 7 == 0, layout.square_centre(row, col), layout.piece_radius, t,
                   MOODS[number % len(MOODS)], look_at=pointer, squash=squash)


def draw_baseline(screen: pygame.Surface, index: int, t: float, pieces: list[tuple[int, int, int]]) -> None:
    """The cheapest possible frame: flat squares and two circles per piece."""
    screen.fill((22, 26, 38))
    layout = board_layout(BOARD)
    for row in range(8):
        for col in range(8):
            pygame.draw.rect(screen, (120, 72, 40) if is_dark(row, col) else (236, 214, 170),
                             layout.square_rect(row, col))
    for row, col, side in pieces:
        centre = layout.square_centre(row, col)
        pygame.draw.circle(screen, (60, 20, 20), centre, layout.piece_radius)
        pygame.draw.circle(screen, (200, 40, 40) if side == 0 else (240, 230, 210), centre, layout.piece_radius * 0.85)


def time_frames(draw, screen: pygame.Surface, index: int, pieces) -> list[float]:
    samples = []
    for frame in range(FRAMES):
        started = time.perf_counter()
        draw(screen, index, frame / 60, pieces)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def main() -> int:
    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    pieces = start_position()
    radius = board_layout(BOARD).piece_radius
    base = time_frames(draw_baseline, screen, 0, pieces)
    base_median = statistics.median(base)
    base_p99 = sorted(base)[int(len(base) * 0.99)]
    print(f"baseline (flat squares, two circles a piece): median {base_median:.2f} ms, p99 {base_p99:.2f} ms, "
          f"worst {max(base):.2f} ms (the worst frames measure the machine's other load as much as the drawing)")
    print(f"{'set':<11} {'cold ms':>8} {'warm_cache ms':>13} {'median ms':>9} {'p99 ms':>7} {'worst ms':>8} "
          f"{'x baseline':>10}")
    worst_median = 0.0
    for index, piece_set in enumerate(PIECE_SETS):
        started = time.perf_counter()
        draw_frame(screen, index, 0.0, pieces)
        cold = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        warm_cache(index, radius)
        warm = (time.perf_counter() - started) * 1000
        for frame in range(1, 360):  # the first six seconds: every sway step, blink, gaze and extra frame
            draw_frame(screen, index, frame / 60, pieces)
        samples = time_frames(draw_frame, screen, index, pieces)
        median = statistics.median(samples)
        worst_median = max(worst_median, median)
        p99 = sorted(samples)[int(len(samples) * 0.99)]
        print(f"{piece_set.name:<11} {cold:8.1f} {warm:13.0f} {median:9.2f} {p99:7.2f} {max(samples):8.2f} "
              f"{median / base_median:10.1f}")
    verdict = "within" if worst_median < BUDGET_MS else "OVER"
    print(f"slowest set's median {worst_median:.2f} ms: {verdict} the {BUDGET_MS:.0f} ms budget")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
