"""Frame time of the lobby at 1280x800 (update + draw, no display flip), median and p95, against 16.7 ms."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.ui.app import App
from tablegames.ui.lobby import LobbyScene
from tablegames.ui.scene import Context

BUDGET_MS = 1000 / 60
FRAMES = 600


def main() -> None:
    pygame.init()
    context = Context()
    app = App(context)
    app.stack.push(LobbyScene(context))
    for _ in range(30):  # caches (fonts, gradient) filled, as after the first second of play
        app.step([], 1 / 60)
    app.timer.samples_ms.clear()
    started = time.perf_counter()
    for _ in range(FRAMES):
        app.step([], 1 / 60)
    wall = time.perf_counter() - started
    figures = app.timer.summary()
    print(f"lobby 1280x800: {FRAMES} frames in {wall:.2f} s")
    print(f"  median {figures['median_ms']:.2f} ms  p95 {figures['p95_ms']:.2f} ms  worst {figures['worst_ms']:.2f} ms")
    print(f"  median uses {figures['median_ms'] / BUDGET_MS:.1%} of the {BUDGET_MS:.1f} ms budget, "
          f"p95 {figures['p95_ms'] / BUDGET_MS:.1%}")
    pygame.quit()


if __name__ == "__main__":
    main()
