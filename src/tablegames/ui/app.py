"""The window: one loop at 60 fps over a stack of scenes, laid out in 1280x800 logical units and drawn at the
window's real pixel size (ui/canvas.py).

events -> top scene's handle (intents) -> update(dt) -> the music fed -> draw(surface). Mouse positions are translated from the
window to logical units before a scene sees them, so scenes only ever deal in logical coordinates.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pygame

from tablegames.ui.canvas import Canvas, drawing_at, set_drawing_scale, window_canvas, window_scale
from tablegames.ui.frametimer import FrameTimer
from tablegames.ui.scene import Context, Scene, SceneStack
from tablegames.ui.theme import LOGICAL_SIZE, draw_background

WINDOW_TITLE = "tablegames"
WINDOW_CLASS = "tablegames"  # the launcher's StartupWMClass
FPS = 60
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def set_window_class() -> None:
    """Before the display starts: the class the desktop matches to our launcher."""
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_APP_ID", WINDOW_CLASS)


def letterbox(window_size: tuple[int, int]) -> pygame.Rect:
    """Where the logical picture sits in a window of `window_size`, scaled to fit with its aspect kept."""
    width, height = window_size
    scale = min(width / LOGICAL_SIZE[0], height / LOGICAL_SIZE[1])
    rect = pygame.Rect(0, 0, max(1, round(LOGICAL_SIZE[0] * scale)), max(1, round(LOGICAL_SIZE[1] * scale)))
    rect.center = (width // 2, height // 2)
    return rect


def present(canvas: pygame.Surface, target: pygame.Surface, view: pygame.Rect | None = None) -> None:
    """The logical picture on `target` (the window, or a screenshot of its size): scaled to fit with its aspect
    kept, the margins painted with the suite's background rather than left as black bars."""
    view = view or letterbox(target.get_size())
    if view.size == target.get_size() == LOGICAL_SIZE:
        target.blit(canvas, view)
        return
    draw_background(target)
    target.blit(pygame.transform.smoothscale(canvas, view.size), view)


def draw_scenes(scenes: list[Scene], target: pygame.Surface, canvas: pygame.Surface | None = None) -> pygame.Surface:
    """`scenes` (bottom first) drawn on `target` (the window, or a screenshot of its size): on a canvas of the
    target's real pixel size when every one of them can be drawn so, else at 1280x800 scaled to fit. Returns the
    canvas drawn on; pass it back the next frame to reuse it."""
    if all(scene.draws_at_any_scale for scene in scenes):
        if not isinstance(canvas, Canvas) or pygame.Surface.get_size(canvas) != target.get_size():
            canvas = window_canvas(target.get_size())  # made again only when the window's size changes
        with drawing_at(canvas.scale):
            draw_background(canvas)  # the margins around the design too (a scene may draw only the design's area)
            for scene in scenes:
                scene.draw(canvas)
        target.blit(canvas, (0, 0))
        return canvas
    if canvas is None or isinstance(canvas, Canvas):
        canvas = pygame.Surface(LOGICAL_SIZE)
    for scene in scenes:
        scene.draw(canvas)
    present(canvas, target)
    return canvas


def to_logical(event: pygame.event.Event, view: pygame.Rect) -> pygame.event.Event:
    """The same event with its `pos` (and `rel`) in logical coordinates."""
    if event.type not in MOUSE_EVENTS:
        return event
    scale_x, scale_y = LOGICAL_SIZE[0] / view.width, LOGICAL_SIZE[1] / view.height
    attributes = dict(event.dict)
    attributes["pos"] = ((event.pos[0] - view.x) * scale_x, (event.pos[1] - view.y) * scale_y)
    if "rel" in attributes:
        attributes["rel"] = (event.rel[0] * scale_x, event.rel[1] * scale_y)
    return pygame.event.Event(event.type, attributes)


class App:
    def __init__(self, context: Context, window_size: tuple[int, int] | None = None,
                 fullscreen: bool = False) -> None:
        self.context = context
        self.stack = SceneStack()
        self.timer = FrameTimer()
        self.canvas: pygame.Surface | None = None  # what the scenes are drawn on (draw_scenes)
        self.fullscreen = fullscreen
        self.window_size = window_size or LOGICAL_SIZE
        self.window = self._open_window()
        self.clock = pygame.time.Clock()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            window = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        set_drawing_scale(window_scale(window.get_size()))  # what scenes prepare between frames is made for it
        return window

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.window = self._open_window()

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: the window's own keys, the top scene's events and update, then drawing (timed)."""
        self.timer.start()
        view = letterbox(self.window.get_size())
        for event in events:
            if event.type == pygame.QUIT:
                self.stack.quitting = True
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                view = letterbox(self.window.get_size())
            elif event.type == pygame.VIDEORESIZE and not self.fullscreen:
                self.window_size = (event.w, event.h)
                set_drawing_scale(window_scale(self.window.get_size()))
                view = letterbox(self.window.get_size())
            elif self.stack.top is not None:
                self.stack.apply(self.stack.top.handle(to_logical(event, view)))
        if self.context.preparation is not None:
            self.context.preparation.poll()  # the tables' kernels: finished work taken in, the next started
        if self.stack.top is not None:
            self.stack.apply(self.stack.top.update(dt))
        if self.context.audio is not None:
            self.context.audio.update()  # the mixer is fed from this thread only: pygame is not thread-safe
        self.draw()
        self.timer.stop()

    def draw(self) -> None:
        self.canvas = draw_scenes(self.stack.visible(), self.window, self.canvas)

    def run(self, first: Scene | None = None, seconds: float | None = None,
            on_frame: Callable[[App, float], None] | None = None) -> None:
        """The loop at 60 fps until a scene quits (or `seconds` have passed, for the demo), `first` pushed on the
        stack first."""
        if first is not None:
            self.stack.push(first)
        elapsed = 0.0
        while not self.stack.quitting:
            dt = self.clock.tick(FPS) / 1000.0
            elapsed += dt
            self.step(pygame.event.get(), dt)
            pygame.display.flip()
            if on_frame is not None:
                on_frame(self, elapsed)
            if seconds is not None and elapsed >= seconds:
                break
        self.stack.close_all()
