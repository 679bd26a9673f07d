"""The window stress test: the real App loop, thinker thread and music player, fed a seeded stream of input.

A player presses keys, clicks, drags and resizes in any order while the computers think and the music plays.
This drives the suite the same way: from the lobby it sits at one table and sends a random action 20 times a
second (every key any scene answers, clicks and moves anywhere, wheel turns, window resizes, leaving the table and
coming back, quitting), with `faulthandler` on. Each action is appended to an events log (one line, flushed) before
it is sent, so even a segmentation fault leaves the last actions behind; on a failure the last 50 are printed with
the seed, which replays the same stream.

    python -m tablegames.ui.stress --table fasttrack --seconds 15 --seed 0 --events-log events.txt

Exit status: 0 when the run ended with no exception, no error logged and no sound engine lost; 1 otherwise (a
crash ends the process with its signal). Under an X server (`--x11`) the actions go through `xdotool` as real key
presses, clicks and window sizes; otherwise they are posted to pygame's event queue.
"""

from __future__ import annotations

import argparse
import faulthandler
import logging
import os
import random
import shutil
import subprocess
import sys
import time
from collections import deque
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tablegames.tables import TABLE_NAMES

if TYPE_CHECKING:
    from tablegames.ui.app import App  # imported when the run starts: pygame after the SDL settings

EVENTS_PER_SECOND = 20
TAIL_EVENTS = 50
WINDOW_SIZES = ((1280, 800), (800, 600), (1920, 1080), (1024, 768), (640, 480), (1600, 1000))
# Every key some scene answers (see the scenes' key handlers), by its xdotool/X keysym name.
KEY_NAMES = (
    "space", "Return", "KP_Enter", "Escape", "BackSpace", "Tab", "Left", "Right", "Up", "Down", "Home", "End",
    "Prior", "Next", "a", "b", "c", "d", "e", "f", "h", "k", "l", "m", "n", "p", "q", "r", "s", "u", "w", "x", "y",
    "1", "2", "3", "4", "5", "6", "F11",
)
# (weight, kind) of the actions drawn
ACTION_WEIGHTS = (("key", 50), ("click", 30), ("move", 10), ("drag", 4), ("wheel", 3), ("resize", 3))


@dataclass(frozen=True)
class Action:
    kind: str  # key, click, move, drag, wheel, resize
    key: str = ""
    x: int = 0
    y: int = 0
    x2: int = 0
    y2: int = 0

    def describe(self) -> str:
        if self.kind == "key":
            return f"key {self.key}"
        if self.kind == "drag":
            return f"drag {self.x},{self.y} -> {self.x2},{self.y2}"
        if self.kind == "resize":
            return f"resize {self.x}x{self.y}"
        if self.kind == "wheel":
            return f"wheel {self.y:+d} at {self.x2},{self.y2}"
        return f"{self.kind} {self.x},{self.y}"


def draw_action(rng: random.Random, window_size: tuple[int, int], table_key: str, in_lobby: bool) -> Action:
    """One random action; in the lobby, half the time the key that sits at the table under test."""
    if in_lobby and rng.random() < 0.5:
        return Action("key", key=table_key)
    kinds, weights = zip(*ACTION_WEIGHTS, strict=True)
    kind = rng.choices(kinds, weights)[0]
    width, height = window_size

    def point() -> tuple[int, int]:
        return rng.randrange(width), rng.randrange(height)

    if kind == "key":
        return Action("key", key=rng.choice(KEY_NAMES))
    if kind == "resize":
        w, h = rng.choice(WINDOW_SIZES)
        return Action("resize", x=w, y=h)
    if kind == "wheel":
        x, y = point()
        return Action("wheel", y=rng.choice((-1, 1)), x2=x, y2=y)
    x, y = point()
    if kind == "drag":
        x2, y2 = point()
        return Action("drag", x=x, y=y, x2=x2, y2=y2)
    return Action(kind, x=x, y=y)


class PygamePoster:
    """Sends actions into pygame's event queue, as the window's driver would deliver them."""

    def __init__(self) -> None:
        import pygame

        self.pygame = pygame

    def send(self, action: Action) -> None:
        pygame = self.pygame
        post = pygame.event.post
        if action.kind == "key":
            key = pygame.key.key_code(action.key if len(action.key) == 1 else KEY_CODE_NAMES[action.key])
            char = action.key if len(action.key) == 1 else {"space": " ", "Return": "\r", "Tab": "\t"}.get(action.key, "")
            post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
            post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0))
        elif action.kind == "click":
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(action.x, action.y)))
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(action.x, action.y)))
        elif action.kind == "move":
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=(action.x, action.y), rel=(0, 0), buttons=(0, 0, 0)))
        elif action.kind == "drag":
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(action.x, action.y)))
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=(action.x2, action.y2),
                                    rel=(action.x2 - action.x, action.y2 - action.y), buttons=(1, 0, 0)))
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(action.x2, action.y2)))
        elif action.kind == "wheel":
            post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=action.y, flipped=False, precise_x=0.0,
                                    precise_y=float(action.y)))
        elif action.kind == "resize":
            post(pygame.event.Event(pygame.VIDEORESIZE, size=(action.x, action.y), w=action.x, h=action.y))


# pygame's names for the keys whose X keysym name differs
KEY_CODE_NAMES = {
    "space": "space", "Return": "return", "KP_Enter": "enter", "Escape": "escape", "BackSpace": "backspace",
    "Tab": "tab", "Left": "left", "Right": "right", "Up": "up", "Down": "down", "Home": "home", "End": "end",
    "Prior": "page up", "Next": "page down", "F11": "f11",
}


class XdotoolSender:
    """Sends actions to the real window through the X server (xdotool), as a person's keyboard and mouse would."""

    def __init__(self) -> None:
        self.window = ""

    def find_window(self) -> None:
        found = subprocess.run(["xdotool", "search", "--pid", str(os.getpid())], capture_output=True, text=True,
                               check=False)
        ids = found.stdout.split()
        self.window = ids[-1] if ids else ""
        if self.window:  # keys go to the focused window, as a person's do (events sent to a window are ignored)
            subprocess.run(["xdotool", "windowfocus", self.window], capture_output=True, check=False)

    def send(self, action: Action) -> None:
        if not self.window:
            self.find_window()
        target = ["--window", self.window] if self.window else []
        if action.kind == "key":
            command = ["xdotool", "key", action.key]
        elif action.kind == "click":
            command = ["xdotool", "mousemove", *target, str(action.x), str(action.y), "click", "1"]
        elif action.kind == "move":
            command = ["xdotool", "mousemove", *target, str(action.x), str(action.y)]
        elif action.kind == "drag":
            command = ["xdotool", "mousemove", *target, str(action.x), str(action.y), "mousedown", "1",
                       "mousemove", *target, str(action.x2), str(action.y2), "mouseup", "1"]
        elif action.kind == "wheel":
            command = ["xdotool", "mousemove", *target, str(action.x2), str(action.y2), "click",
                       "4" if action.y > 0 else "5"]
        else:
            command = ["xdotool", "windowsize", self.window or "%1", str(action.x), str(action.y)]
        subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class ErrorCounter(logging.Handler):
    """Counts the errors the suite logs (a failed search, a failed save): the stress fails on any."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@dataclass
class StressReport:
    table: str
    seed: int
    seconds: float
    actions: int = 0
    frames: int = 0
    visits: int = 0  # times the table was entered
    quits: int = 0  # quit requests, each answered by opening the suite again
    audio: str = "silent"
    audio_lost: bool = False
    errors: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"stress {self.table}: seed {self.seed}, {self.seconds:g} s, {self.actions} actions, "
                f"{self.frames} frames, table entered {self.visits}x, {self.quits} quits, audio {self.audio}"
                f"{' (LOST)' if self.audio_lost else ''}, {len(self.errors)} errors")


class StressDirector:
    """Called after every frame: waits for the table's kernels (its preparing scene), then sends an action every
    1/EVENTS_PER_SECOND s."""

    def __init__(self, table: str, seed: int, seconds: float, sender: PygamePoster | XdotoolSender,
                 events_log: TextIO, report: StressReport) -> None:
        self.table = table
        self.table_key = str(TABLE_NAMES.index(table) + 1)
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.sender = sender
        self.events_log = events_log
        self.report = report
        self.tail: deque[str] = deque(maxlen=TAIL_EVENTS)
        self.started: float | None = None
        self.planned = round(seconds * EVENTS_PER_SECOND)  # actions in the whole run, one every 1/EVENTS_PER_SECOND s
        self.was_at_table = False

    def __call__(self, app: App, elapsed: float) -> None:
        stack = app.stack
        top = stack.top
        if self.started is None:
            if top is None or top.name == "preparing":
                return
            self.started = elapsed
        self.report.frames += 1
        if stack.quitting and elapsed - self.started < self.seconds:
            stack.quitting = False  # the player starts the suite again: the lobby is still below
            self.report.quits += 1
            if stack.top is None:
                from tablegames.ui.lobby import LobbyScene

                stack.push(LobbyScene(app.context))
        at_table = self.at_table(app)
        if at_table and not self.was_at_table:
            self.report.visits += 1
        self.was_at_table = at_table
        if elapsed - self.started >= self.seconds:
            # the actions due before the end are sent however late the last frame came (a frame gap over 50 ms
            # just before the end had left the 300th of 15 s unsent)
            self.send_due(app, self.started + self.seconds, elapsed)
            stack.quitting = True
            return
        self.send_due(app, elapsed, elapsed)

    def send_due(self, app: App, until: float, elapsed: float) -> None:
        """Send every planned action due by `until` (on the clock `elapsed` reads) not sent yet."""
        stack = app.stack
        assert self.started is not None
        while self.report.actions < self.planned \
                and self.started + self.report.actions / EVENTS_PER_SECOND <= until:
            in_lobby = stack.top is not None and stack.top.name == "lobby"
            action = draw_action(self.rng, app.window.get_size(), self.table_key, in_lobby)
            line = f"{elapsed - self.started:8.3f} s  frame {self.report.frames:6d}  " \
                   f"top {getattr(stack.top, 'name', '-'):>12}  {action.describe()}"
            self.tail.append(line)
            self.events_log.write(line + "\n")
            self.events_log.flush()  # before sending: a crash leaves this line behind
            self.sender.send(action)
            self.report.actions += 1

    def at_table(self, app: App) -> bool:
        return any(getattr(scene, "name", "").split(":")[0] == self.table for scene in app.stack.scenes)


def run_stress(table: str, seconds: float, seed: int, events_log: TextIO, x11: bool = False) -> StressReport:
    """Run the suite under the stream of actions; the report says what happened (raises on a crash in Python)."""
    import pygame

    from tablegames.tables import load_all_scenes
    from tablegames.ui.lobby import LobbyScene
    from tablegames.ui.preparing import open_table
    from tablegames.ui.session import close_context, make_context, open_app

    report = StressReport(table, seed, seconds)
    errors = ErrorCounter()
    logging.getLogger().addHandler(errors)
    pygame.init()
    load_all_scenes()
    context = make_context(silent=False, first_table=table)
    report.audio = context.audio.engine_name
    app = open_app(context)
    sender = XdotoolSender() if x11 else PygamePoster()
    director = StressDirector(table, seed, seconds, sender, events_log, report)
    app.stack.push(LobbyScene(context))
    try:
        app.run(open_table(context, table), on_frame=director)
    except BaseException:
        print_tail(report, director.tail)
        raise
    finally:
        report.audio_lost = report.audio != "silent" and context.audio.engine_name == "silent"
        close_context(context)
        pygame.quit()
        logging.getLogger().removeHandler(errors)
    report.errors = errors.messages
    if report.errors or report.audio_lost:
        print_tail(report, director.tail)
    return report


def print_tail(report: StressReport, tail: Collection[str]) -> None:
    print(f"stress {report.table} FAILED with seed {report.seed}; the last {len(tail)} actions:", file=sys.stderr)
    for line in tail:
        print(f"  {line}", file=sys.stderr)
    for message in report.errors:
        print(f"  error logged: {message}", file=sys.stderr)
    if report.audio_lost:
        print("  the sound engine fell back to silent (a mixer call failed)", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablegames.ui.stress", description=__doc__.split("\n")[0])
    parser.add_argument("--table", choices=TABLE_NAMES, required=True)
    parser.add_argument("--seconds", type=float, default=15.0, help="how long to send actions (default 15)")
    parser.add_argument("--seed", type=int, default=0, help="the action stream's seed (default 0)")
    parser.add_argument("--events-log", type=Path, default=None, help="where each action is written as it is sent")
    parser.add_argument("--x11", action="store_true", help="a real X server (DISPLAY) and xdotool input")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 24 * 3600:
        parser.error(f"--seconds {args.seconds:g}: expected more than 0 and at most a day")
    if not 0 <= args.seed < 2**63:
        parser.error(f"--seed {args.seed}: expected 0 to 2^63-1")
    if args.x11:
        if not os.environ.get("DISPLAY"):
            parser.error("--x11 needs an X server: set DISPLAY (scripts/stress_window.py --x11 starts Xvfb)")
        if shutil.which("xdotool") is None:
            parser.error("--x11 needs xdotool (apt-get install xdotool)")
        os.environ["SDL_VIDEODRIVER"] = "x11"
    else:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    logging.basicConfig(level=logging.INFO, format="tablegames: %(message)s")
    faulthandler.enable()
    try:
        events_log = open(args.events_log or os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as error:
        parser.error(f"--events-log {args.events_log}: cannot write there ({error.strerror})")
    started = time.perf_counter()
    try:
        with events_log:
            report = run_stress(args.table, args.seconds, args.seed, events_log, x11=args.x11)
    except KeyboardInterrupt:
        print("stress: interrupted", file=sys.stderr)
        return 130
    print(report.summary() + f" ({time.perf_counter() - started:.1f} s in all)")
    return 1 if report.errors or report.audio_lost else 0


if __name__ == "__main__":
    sys.exit(main())
