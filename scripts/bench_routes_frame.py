"""Frame time of the route planner at 1280x800 (update + draw through the app, no display flip): the planner with
a drawn run, with the mouse moving over the map (hover outline), and the demo laying tiles (board repainted on
every lay, searches on the thinker thread). Median, p95 and worst against the 16.7 ms budget.

Usage: .venv/bin/python scripts/bench_routes_frame.py
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.core.worker import Thinker
from tablegames.routes import kernels
from tablegames.ui.app import App
from tablegames.ui.routes import WatchScene, run_scene
from tablegames.ui.scene import Context

BUDGET_MS = 1000 / 60
FRAMES = 600


def measure(title: str, app: App, events_for) -> None:
    for frame in range(30):
        app.step(events_for(frame), 1 / 60)
    app.timer.samples_ms.clear()
    started = time.perf_counter()
    for frame in range(FRAMES):
        app.step(events_for(frame), 1 / 60)
    wall = time.perf_counter() - started
    figures = app.timer.summary()
    print(f"{title}: {FRAMES} frames in {wall:.2f} s; median {figures['median_ms']:.2f} ms  "
          f"p95 {figures['p95_ms']:.2f} ms  worst {figures['worst_ms']:.2f} ms "
          f"(median {figures['median_ms'] / BUDGET_MS:.0%} of {BUDGET_MS:.1f} ms)")


def main() -> None:
    pygame.init()
    kernels.warmup()
    context = Context(thinker=Thinker())
    app = App(context)
    app.stack.push(run_scene(context))
    for _ in range(200):  # let the thinker finish the run
        app.step([], 1 / 60)
        time.sleep(0.005)
    measure("planner, run drawn", app, lambda frame: [])
    moves = [pygame.event.Event(pygame.MOUSEMOTION, pos=(100 + (f * 7) % 800, 100 + (f * 3) % 600), rel=(1, 1),
                                buttons=(0, 0, 0)) for f in range(FRAMES + 30)]
    measure("planner, mouse over the map", app, lambda frame: [moves[frame]])
    app.stack.close_all()
    app.stack.push(WatchScene(context))
    measure("demo (routes:watch), tiles laid", app, lambda frame: [])
    context.thinker.shutdown()
    pygame.quit()


if __name__ == "__main__":
    main()
