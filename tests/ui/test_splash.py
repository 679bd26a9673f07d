"""The splash never stands still: the step in progress moves while a kernel compiles, and names its table."""

import pygame

from tablegames.ui.scene import Context
from tablegames.ui.splash import SLOW_STEP_SECONDS, SplashScene, table_title


def picture(scene: SplashScene) -> bytes:
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_the_bar_moves_while_one_step_takes_long():
    scene = SplashScene(Context(), steps=[("checkers", lambda: None), ("fasttrack", lambda: None)])
    scene.done_steps = 1
    scene.step_clock = SLOW_STEP_SECONDS + 30  # a long compile: the fraction done does not change
    frames = set()
    for tick in range(6):
        scene.clock = 0.2 * tick
        frames.add(picture(scene))
    assert len(frames) == 6


def test_the_step_names_its_table():
    assert table_title("fasttrack") == "Fast Track" and table_title("routes") == "18xx Routes"
