"""Frame time of the checkers table with every effect on: computer vs computer (Watch) at 1280x800, the level
stepping 1..10 so the computer thinks at every level on the thinker thread, confetti and a party every few
seconds, paced at 60 frames a second like the window.

    .venv/bin/python scripts/bench_checkers_table.py [--seconds 20] [--set 8]

Prints the median, 95th percentile and worst frame (update + draw) in wall-clock time and in the window
thread's CPU time (a busy shared machine inflates the first, not the second), and the playful layer's share.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame

from tablegames.core.worker import Thinker
from tablegames.tables import warmup_steps
from tablegames.ui.checkers.table import CheckersTable
from tablegames.ui.scene import Context
from tablegames.ui.settings import Settings

FRAME = 1 / 60


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--set", type=int, default=8, dest="piece_set", choices=range(10))
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1280, 800))
    for _, warm in warmup_steps():
        warm()
    settings = Settings(checkers_mode="watch", checkers_piece_set=args.piece_set, animations=True,
                        reduced_motion=False, screen_shake=True, checkers_level=1)
    thinker = Thinker()
    context = Context(settings=settings, thinker=thinker, options={"save_path": None})
    table = CheckersTable(context, resume=False, save_path=None)
    canvas = pygame.Surface((1280, 800))
    frames, cpu, effects, moves = [], [], [], 0
    frame_count = round(args.seconds / FRAME)
    level_every = frame_count // 10
    next_tick = time.perf_counter()
    for index in range(frame_count):
        if index % level_every == 0:
            settings.checkers_level = min(10, index // level_every + 1)
            table.apply_settings()
        model = table.model
        if index % 180 == 90:
            model.party()
            table.effects.chain(3, table.square_centre(14))
        if model.game.outcome() is not None and model.animation is None and index % 120 == 0:
            model.new_game()
        started, started_cpu = time.perf_counter(), time.thread_time()
        before = len(model.game.entries)
        table.update(FRAME)
        table.draw(canvas)
        frames.append((time.perf_counter() - started) * 1000.0)
        cpu.append((time.thread_time() - started_cpu) * 1000.0)
        effects.append(table.effects_cost.samples_ms[-1])
        moves += len(model.game.entries) > before
        next_tick += FRAME
        time.sleep(max(0.0, next_tick - time.perf_counter()))
    thinker.shutdown()
    samples = np.asarray(frames[30:])  # the first half second fills the sprite caches
    print(f"checkers table, set {args.piece_set}, {len(samples)} frames over {args.seconds:g} s, levels 1-10, "
          f"{moves} moves played")
    print(f"frame (update+draw): median {np.median(samples):.2f} ms  p95 {np.percentile(samples, 95):.2f} ms  "
          f"worst {samples.max():.2f} ms  (first 30 frames, cache filling: worst {max(frames[:30]):.1f} ms)")
    busy = np.asarray(cpu[30:])
    print(f"frame CPU time of the window thread (what the machine's other load does not inflate): median "
          f"{np.median(busy):.2f} ms  p95 {np.percentile(busy, 95):.2f} ms  worst {busy.max():.2f} ms")
    print(f"playful layer: median {np.median(effects[30:]):.2f} ms  p95 {np.percentile(effects[30:], 95):.2f} ms "
          "per frame")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
