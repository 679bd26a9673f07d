"""A real session: the window with the user's settings and sound, the lobby at once (or a table) while the tables'
kernels are prepared in the background; and the self-playing demo, which reports frame times and the audio
engine."""

from __future__ import annotations

import argparse
import math
import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import numpy as np
import pygame

from tablegames.core.places import start_log_file
from tablegames.core.worker import Thinker, process_worker
from tablegames.tables import TABLES
from tablegames.ui.app import WINDOW_TITLE, App
from tablegames.ui.audio import describe, start_audio
from tablegames.ui.icon import draw_icon
from tablegames.ui.lobby import LobbyScene
from tablegames.ui.preparation import KernelPreparation
from tablegames.ui.preparing import open_table
from tablegames.ui.scene import SCENES, Context
from tablegames.ui.screenshot import save_png
from tablegames.ui.settings import load_settings, save_settings
from tablegames.ui.theme import set_text_size

DEMO_PICTURE_SECONDS = 0.75
DEMO_TABLE_SECONDS = 1.5
DEMO_LONGEST_VISIT = 30.0  # a soak's ten minutes visit every table many times: a fresh table each visit
# Processes compiling the kernels on a first start: two use both cores of a 2-core machine while the window, which
# keeps the GIL to itself, draws at nearly its full rate; a little below the window's priority, so that its frames
# come first when the cores are busy (scripts/bench_coldstart.py --workers N --niceness N compares)
COMPILE_WORKERS = min(2, os.cpu_count() or 1)
COMPILE_NICENESS = 5


def make_context(silent: bool, first_table: str | None = None, compile_in: Literal["process", "thread"] = "process",
                 compile_workers: int = COMPILE_WORKERS, compile_niceness: int = COMPILE_NICENESS) -> Context:
    """The window's context: the player's settings, the thinker, the audio, and the preparation of the tables'
    kernels, begun at once (`first_table` first, else the table the player last sat at)."""
    settings = load_settings()
    if settings.install_seed == 0:  # the one choice not drawn from a seed: the install's own seed
        settings.install_seed = secrets.randbelow(2**32 - 1) + 1
    # The thinker owns the worker process of checkers levels 4-6: closing the window shuts both down.
    context = Context(settings=settings, thinker=Thinker(processes=process_worker()), fresh_seeds=True,
                      player_files=True)

    def save() -> None:
        save_settings(settings)  # a save that fails is logged; the game goes on

    context.save_settings = save
    context.audio = start_audio(settings, enabled=not silent)
    set_text_size(settings.text_size)
    context.preparation = KernelPreparation(compile_in=compile_in, compile_workers=compile_workers,
                                            compile_niceness=compile_niceness,
                                            preferred=first_table or TABLES[settings.last_table % len(TABLES)].name)
    return context


def close_context(context: Context) -> None:
    if isinstance(context.preparation, KernelPreparation):
        context.preparation.shutdown()
    context.thinker.shutdown()
    context.audio.close()


def open_app(context: Context) -> App:
    settings = context.settings
    app = App(context, (settings.window_width, settings.window_height), settings.fullscreen)
    pygame.display.set_caption(WINDOW_TITLE)
    pygame.display.set_icon(draw_icon(64))
    return app


def run_window(args: argparse.Namespace, on_frame: Callable[[App, float], None] | None = None,
               compile_in: Literal["process", "thread"] = "process", compile_workers: int = COMPILE_WORKERS,
               compile_niceness: int = COMPILE_NICENESS) -> int:
    """The player's window (`on_frame` and the compile settings: scripts/bench_coldstart.py's instruments)."""
    if args.demo is not None:
        return run_demo(Path(args.demo) if args.demo else None, args.seconds, args.silent)
    start_log_file()
    context = make_context(silent=True, first_table=args.table, compile_in=compile_in,
                           compile_workers=compile_workers, compile_niceness=compile_niceness)
    app = open_app(context)  # the window first: without one there is nothing to play music for
    context.audio.close()
    context.audio = start_audio(context.settings)
    app.stack.push(LobbyScene(context))
    try:
        app.run(open_table(context, args.table) if args.table else None, on_frame=on_frame)
    finally:
        settings = context.settings
        settings.fullscreen = app.fullscreen
        if not app.fullscreen:
            settings.window_width, settings.window_height = app.window.get_size()
        save_settings(settings)
        close_context(context)
        pygame.quit()
    return 0


class DemoDirector:
    """Drives the demo once every table's kernels are ready: a tour of the lobby, then each table with a watch
    scene (computers in every seat) for an equal share of the time; frame figures per part; a picture every
    0.75 s."""

    def __init__(self, lobby: LobbyScene, picture_folder: Path | None, seconds: float) -> None:
        self.lobby = lobby
        self.picture_folder = picture_folder
        self.pictures = 0
        watched = [f"{table.name}:watch" for table in TABLES if f"{table.name}:watch" in SCENES]
        lobby_seconds = seconds if not watched else min(DEMO_TABLE_SECONDS * len(TABLES), seconds * 0.2)
        share = (seconds - lobby_seconds) / len(watched) if watched else 0.0
        rounds = max(1, math.ceil(share / DEMO_LONGEST_VISIT))  # a long demo goes round the tables again
        visits = [(name, share / rounds) for _ in range(rounds) for name in watched]
        self.schedule = [("lobby", lobby_seconds)] + visits
        self.part = -1
        self.lobby_at: float | None = None  # when the lobby was first shown
        self.started: float | None = None  # when every table was ready
        self.part_ends = 0.0
        self.part_first_frame = 0
        self.next_picture = 0.0
        self.next_card = 0.0
        self.reports: list[str] = []

    def __call__(self, app: App, elapsed: float) -> None:
        if self.lobby_at is None and app.stack.top is self.lobby:
            self.lobby_at = elapsed
        if self.started is None:
            preparation = app.context.preparation
            if app.stack.top is not self.lobby or (isinstance(preparation, KernelPreparation)
                                                   and not preparation.all_ready()):
                return  # the kernels are still being prepared
            self.started = elapsed
            app.timer.samples_ms.clear()  # the warm-up's frames are not play
            self.next_picture = self.next_card = elapsed
            self.begin_part(app, elapsed)
        if elapsed >= self.part_ends:
            self.end_part(app)
            if self.part + 1 >= len(self.schedule):
                app.stack.quitting = True
                return
            self.begin_part(app, elapsed)
        if app.stack.top is self.lobby and elapsed >= self.next_card:
            self.lobby.controller.move(1)
            self.next_card += DEMO_TABLE_SECONDS
        if self.picture_folder is not None and elapsed >= self.next_picture:
            self.pictures += 1
            save_png(app.window, self.picture_folder / f"demo-{self.pictures:04d}.png")
            self.next_picture += DEMO_PICTURE_SECONDS

    def begin_part(self, app: App, elapsed: float) -> None:
        self.part += 1
        name, seconds = self.schedule[self.part]
        self.part_ends = elapsed + seconds
        self.part_first_frame = len(app.timer.samples_ms)
        if name != "lobby":
            app.stack.push(SCENES[name](app.context))

    def end_part(self, app: App) -> None:
        if self.part < 0:
            return
        name = self.schedule[self.part][0]
        samples = app.timer.samples_ms[self.part_first_frame:]
        if samples:
            self.reports.append(f"{name:>16}: {len(samples)} frames  median {float(np.median(samples)):.2f} ms  "
                                f"p95 {float(np.percentile(samples, 95)):.2f} ms  worst {max(samples):.2f} ms")
        top = app.stack.top
        if top is not None and hasattr(top, "effects_report"):  # a table that times its effects says what they cost
            self.reports.append(f"{name:>16}: {top.effects_report()}")
        if app.stack.top is not self.lobby:
            app.stack.pop()


def describe_visits(schedule: list[tuple[str, float]]) -> list[str]:
    """'lobby 6.0 s', 'checkers:watch 36.0 s' or, for a long demo, 'checkers:watch 5 x 28.5 s'."""
    visits: dict[str, list[float]] = {}
    for name, seconds in schedule:
        visits.setdefault(name, []).append(seconds)
    return [f"{name} {seconds[0]:.1f} s" if len(seconds) == 1 else f"{name} {len(seconds)} x {seconds[0]:.1f} s"
            for name, seconds in visits.items()]


def run_demo(picture_folder: Path | None, seconds: float, silent: bool) -> int:
    began = time.perf_counter()
    context = make_context(silent)
    context.save_settings = lambda: None  # the demo never changes the player's settings
    app = open_app(context)
    lobby = LobbyScene(context)
    director = DemoDirector(lobby, picture_folder, seconds)
    engine = describe(context.audio)
    opened = time.perf_counter() - began
    try:
        app.run(lobby, on_frame=director)
    finally:
        close_context(context)
        pygame.quit()
    ready = "" if director.started is None else f", every table ready {opened + director.started:.2f} s"
    print(f"demo: from the session's start, the lobby {opened + (director.lobby_at or 0.0):.2f} s{ready}; "
          f"then {seconds:g} s: " + ", ".join(describe_visits(director.schedule)))
    for line in director.reports:
        print(f"demo: {line}")
    print(f"demo: all {app.timer.report()}")
    if picture_folder is not None:
        print(f"demo: {director.pictures} pictures in {picture_folder}")
    print(f"demo: audio engine: {engine}")
    return 0
