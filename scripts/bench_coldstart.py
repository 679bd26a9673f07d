"""Cold and warm start of the window: time to the lobby, to each table ready, and what compiling the kernels costs.

Each run starts the real window (`tablegames`, dummy video driver, fresh user folders) in a process of its own and
times it from the moment that process is started. A cold run has an empty NUMBA_CACHE_DIR (a first start); a warm
run reuses the cache the cold run wrote (every start after). Per kernel module: where it was compiled, the numba
compilations it took, the CPU and wall time of compiling it, and the window's CPU to load it from the cache; the
total compile CPU; and the window's frames while the kernels were prepared (work per frame, frames per second).

    python scripts/bench_coldstart.py                       # one cold and one warm run, compiled in a process
    python scripts/bench_coldstart.py --runs 2 --compile-in thread
    python scripts/bench_coldstart.py --point-at routes     # the player points at the routes card at once

Goals on a 2-core machine (issue #17): the lobby within 5 s cold and 2 s warm; every table ready within 45 s cold.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOBBY_GOAL_COLD = 5.0
LOBBY_GOAL_WARM = 2.0
TABLES_GOAL_COLD = 45.0


def child(began: float, compile_in: str, workers: int, niceness: int, point_at: str | None, timeout: float) -> int:
    """The window, as `tablegames` opens it, reporting as JSON lines on stdout (seconds since `began`)."""
    import numpy as np
    import pygame

    from tablegames.cli import build_parser
    from tablegames.tables import TABLE_NAMES, load_all_scenes
    from tablegames.ui.app import App, set_window_class
    from tablegames.ui.lobby import LobbyScene
    from tablegames.ui.preparation import KernelPreparation

    def say(event: str, **fields: object) -> None:
        print(json.dumps({"event": event, "t": time.time() - began, **fields}), flush=True)

    set_window_class()
    pygame.display.init()
    pygame.font.init()
    load_all_scenes()
    say("imported")
    seen: set[str] = set()
    lobby_frame: list[int] = []

    def on_frame(app: App, elapsed: float) -> None:
        preparation = app.context.preparation
        assert isinstance(preparation, KernelPreparation)
        if not lobby_frame and isinstance(app.stack.top, LobbyScene):
            lobby_frame.append(len(app.timer.samples_ms))
            say("lobby")
            if point_at is not None:
                app.stack.top.controller.selected = TABLE_NAMES.index(point_at)
        for name in TABLE_NAMES:
            if name not in seen and preparation.is_ready(name):
                seen.add(name)
                say("ready", table=name)
        if preparation.all_ready() or elapsed > timeout:
            samples = app.timer.samples_ms[lobby_frame[0] if lobby_frame else 0:]
            units = [{"module": unit.module, "first_start": unit.first_start, "error": unit.error,
                      "load_cpu": unit.load_cpu_seconds, "ready_at": unit.ready_at,
                      "where": "" if unit.report is None else ("thread" if unit.compile_here else "process"),
                      **({} if unit.report is None else {
                          "cpu": unit.report.cpu_seconds, "wall": unit.report.wall_seconds,
                          "functions": unit.report.functions_compiled, "repeated": unit.report.repeated,
                          "process_cpu": unit.report.process_cpu_seconds, "pid": unit.report.pid})}
                     for unit in preparation.units.values()]
            say("done", units=units, frames=len(samples), seconds=elapsed,
                median_ms=float(np.median(samples)) if samples else 0.0,
                p95_ms=float(np.percentile(samples, 95)) if samples else 0.0,
                worst_ms=max(samples) if samples else 0.0, window_cpu=time.process_time(),
                timed_out=not preparation.all_ready())
            app.stack.quitting = True

    from tablegames.ui.session import run_window

    run_window(build_parser().parse_args(["--silent"]), on_frame=on_frame, compile_in=compile_in,  # type: ignore[arg-type]
               compile_workers=workers, compile_niceness=niceness)
    return 0


def run_once(cache: Path, compile_in: str, workers: int, niceness: int, point_at: str | None,
             timeout: float) -> dict[str, object]:
    """One start of the window with `cache` as numba's cache; its JSON lines gathered."""
    with tempfile.TemporaryDirectory(prefix="tablegames-bench-home-") as home:
        env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/data",
                   XDG_STATE_HOME=f"{home}/state", XDG_CACHE_HOME=f"{home}/cache")
        command = [sys.executable, __file__, "--child", "--compile-in", compile_in, "--workers", str(workers),
                   "--niceness", str(niceness), "--timeout", str(timeout)]
        if point_at is not None:
            command += ["--point-at", point_at]
        began = time.time()
        process = subprocess.Popen(command + ["--began", repr(began)], env=env, stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None
        result: dict[str, object] = {"ready": {}}
        for line in process.stdout:
            if not line.startswith("{"):
                continue
            record = json.loads(line)
            if record["event"] == "ready":
                result["ready"][record["table"]] = record["t"]  # type: ignore[index]
            else:
                result[record["event"]] = record["t"] if record["event"] != "done" else record
        process.wait(timeout=120)
        result["wall"] = time.time() - began
        return result


def report(name: str, result: dict[str, object]) -> tuple[float, float]:
    """Print one run; (seconds to the lobby, seconds to every table ready)."""
    done = result.get("done")
    if not isinstance(done, dict):
        print(f"{name}: the window did not report (exit before the lobby?)")
        return float("inf"), float("inf")
    ready: dict[str, float] = result["ready"]  # type: ignore[assignment]
    lobby = float(result.get("lobby", float("inf")))  # type: ignore[arg-type]
    last = max(ready.values(), default=float("inf"))
    print(f"{name}: imports {float(result.get('imported', 0.0)):.2f} s, lobby {lobby:.2f} s, "  # type: ignore[arg-type]
          + ", ".join(f"{table} {seconds:.1f} s" for table, seconds in ready.items())
          + f"; every table ready {last:.1f} s" + (" (TIMED OUT)" if done["timed_out"] else ""))
    units = done["units"]
    compile_cpu = sum(unit.get("cpu", 0.0) for unit in units)
    load_cpu = sum(unit["load_cpu"] for unit in units)
    process_cpu_by_pid: dict[int, float] = {}  # each compile process's CPU so far, its start-up included
    for unit in units:
        if unit.get("where") == "process":
            process_cpu_by_pid[unit["pid"]] = max(process_cpu_by_pid.get(unit["pid"], 0.0), unit["process_cpu"])
    process_cpu = sum(process_cpu_by_pid.values())
    for unit in units:
        if "cpu" in unit:
            print(f"  {unit['module']:<42} compiled in the {unit['where']:<7}  {unit['functions']:>4} compilations  "
                  f"CPU {unit['cpu']:5.1f} s  wall {unit['wall']:5.1f} s  load {unit['load_cpu']:4.2f} s")
            if unit["repeated"]:
                print(f"    compiled more than once (one per type specialisation): {', '.join(unit['repeated'])}")
        else:
            print(f"  {unit['module']:<42} {'loaded from the cache' if not unit['error'] else unit['error'][:60]:<52}"
                  f"load {unit['load_cpu']:4.2f} s")
    if compile_cpu:
        extra = f" (the compile processes {process_cpu:.1f} s with their start-up)" if process_cpu else ""
        print(f"  total compile CPU {compile_cpu:.1f} s{extra}; loading in the window {load_cpu:.2f} s")
    else:
        print(f"  nothing compiled; loading in the window {load_cpu:.2f} s CPU")
    print(f"  the window's process: {done['window_cpu']:.1f} s CPU; {done['frames']} frames in {done['seconds']:.1f} s "
          f"({done['frames'] / max(done['seconds'], 1e-9):.0f} fps) while preparing, work per frame median "
          f"{done['median_ms']:.1f} ms, p95 {done['p95_ms']:.1f} ms, worst {done['worst_ms']:.0f} ms")
    return lobby, last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="cold runs, each followed by a warm run (default 1)")
    parser.add_argument("--compile-in", choices=("process", "thread"), default="process",
                        help="where the kernels compile (default process)")
    parser.add_argument("--workers", type=int, default=None,
                        help="compile processes (default the window's, ui.session.COMPILE_WORKERS)")
    parser.add_argument("--niceness", type=int, default=None,
                        help="the compile processes' priority below the window's (default ui.session.COMPILE_NICENESS)")
    parser.add_argument("--point-at", default=None, help="the table the player points at in the lobby at once")
    parser.add_argument("--timeout", type=float, default=600.0, help="give up on a run after this many seconds")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--began", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.workers is None or args.niceness is None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from tablegames.ui.session import COMPILE_NICENESS, COMPILE_WORKERS

        args.workers = COMPILE_WORKERS if args.workers is None else args.workers
        args.niceness = COMPILE_NICENESS if args.niceness is None else args.niceness
    if args.child:
        return child(args.began, args.compile_in, args.workers, args.niceness, args.point_at, args.timeout)
    where = (f"{args.workers} compile process{'es' if args.workers > 1 else ''} (niceness {args.niceness})"
             if args.compile_in == "process" else "a thread of the window's process")
    print(f"cold and warm starts, kernels compiled in {where}; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} before")
    failures = 0
    settings = (args.compile_in, args.workers, args.niceness, args.point_at, args.timeout)
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory(prefix="tablegames-bench-numba-") as cache:
            print(f"load average {os.getloadavg()[0]:.1f}")
            lobby, last = report(f"cold {run}", run_once(Path(cache), *settings))
            failures += lobby > LOBBY_GOAL_COLD or last > TABLES_GOAL_COLD
            lobby, _ = report(f"warm {run}", run_once(Path(cache), *settings))
            failures += lobby > LOBBY_GOAL_WARM
    print(f"goals: lobby under {LOBBY_GOAL_COLD:g} s cold and {LOBBY_GOAL_WARM:g} s warm, every table ready under "
          f"{TABLES_GOAL_COLD:g} s cold: {'met' if not failures else f'missed {failures} time(s)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
