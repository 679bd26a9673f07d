"""A real session: the window with the user's settings, sound, the splash, then the lobby (or a table); and the
self-playing demo, which reports frame times and the audio engine."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame

from tablegames.core.worker import Thinker
from tablegames.ui.app import WINDOW_TITLE, App
from tablegames.ui.audio import describe, start_audio
from tablegames.ui.icon import draw_icon
from tablegames.ui.lobby import TABLES, LobbyScene
from tablegames.ui.scene import SCENES, Context
from tablegames.ui.screenshot import save_png
from tablegames.ui.settings import load_settings, save_settings
from tablegames.ui.splash import SplashScene

DEMO_PICTURE_SECONDS = 0.75
DEMO_TABLE_SECONDS = 1.5


def make_context(silent: bool) -> Context:
    settings = load_settings()
    context = Context(settings=settings, thinker=Thinker())
    context.save_settings = lambda: save_settings(settings)
    context.audio = start_audio(settings, enabled=not silent)
    return context


def open_app(context: Context) -> App:
    settings = context.settings
    app = App(context, (settings.window_width, settings.window_height), settings.fullscreen)
    pygame.display.set_caption(WINDOW_TITLE)
    pygame.display.set_icon(draw_icon(64))
    return app


def run_window(args: argparse.Namespace) -> int:
    if args.demo is not None:
        return run_demo(Path(args.demo) if args.demo else None, args.seconds, args.silent)
    context = make_context(silent=False)
    app = open_app(context)
    then = SCENES[args.table] if args.table else None
    app.stack.push(LobbyScene(context))
    try:
        app.run(SplashScene(context, then=then))
    finally:
        settings = context.settings
        settings.fullscreen = app.fullscreen
        if not app.fullscreen:
            settings.window_width, settings.window_height = app.window.get_size()
        save_settings(settings)
        context.thinker.shutdown()
        context.audio.close()
        pygame.quit()
    return 0


class DemoDirector:
    """Drives the demo: moves through the lobby's tables and saves a picture every 0.75 s when asked."""

    def __init__(self, lobby: LobbyScene, picture_folder: Path | None) -> None:
        self.lobby = lobby
        self.picture_folder = picture_folder
        self.next_picture = 0.0
        self.next_table = DEMO_TABLE_SECONDS
        self.pictures = 0

    def __call__(self, app: App, elapsed: float) -> None:
        if elapsed >= self.next_table and app.stack.top is self.lobby:
            self.lobby.controller.move(1)
            self.next_table += DEMO_TABLE_SECONDS
        if self.picture_folder is not None and elapsed >= self.next_picture:
            self.pictures += 1
            save_png(app.canvas, self.picture_folder / f"demo-{self.pictures:04d}.png")
            self.next_picture += DEMO_PICTURE_SECONDS


def run_demo(picture_folder: Path | None, seconds: float, silent: bool) -> int:
    context = make_context(silent)
    context.save_settings = lambda: None  # the demo never changes the player's settings
    app = open_app(context)
    lobby = LobbyScene(context)
    director = DemoDirector(lobby, picture_folder)
    app.stack.push(lobby)
    splash = SplashScene(context)
    engine = describe(context.audio)
    try:
        app.run(splash, seconds=seconds, on_frame=director)
    finally:
        context.thinker.shutdown()
        context.audio.close()
        pygame.quit()
    print(f"demo: {seconds:g} s over {len(TABLES)} tables, warm-up {splash.seconds_taken:.2f} s")
    print(f"demo: {app.timer.report()}")
    if picture_folder is not None:
        print(f"demo: {director.pictures} pictures in {picture_folder}")
    print(f"demo: audio engine: {engine}")
    return 0
