"""The window stress test by hand, before a release: every table (or the ones named) under a seeded random stream
of keys, clicks, drags and resizes, each in its own process with fresh user folders (tablegames.ui.stress).

    python scripts/stress_window.py                       # 60 s a table, dummy video driver
    python scripts/stress_window.py --seconds 180 --boundscheck fasttrack
    python scripts/stress_window.py --x11 --runs 20 fasttrack   # a real X server (Xvfb) and xdotool input

`--x11` starts Xvfb on a free display and sends the actions through xdotool, as a person's keyboard and mouse
would; it needs the Debian packages xvfb and xdotool (`apt-get install xvfb xdotool`; imagemagick's `import -window
root` takes a screenshot of the display). A failing run prints its seed and its last 50 actions; the script exits 1.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tablegames.ui.stress import TABLE_NAMES, TAIL_EVENTS


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """Xvfb on the first free display from :90; (process, DISPLAY)."""
    if shutil.which("Xvfb") is None or shutil.which("xdotool") is None:
        sys.exit("stress_window: --x11 needs Xvfb and xdotool: apt-get install xvfb xdotool")
    for number in range(90, 130):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1920x1200x24"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                return server, f":{number}"
            time.sleep(0.1)
        server.terminate()
    sys.exit("stress_window: no free X display between :90 and :129")


def run_one(table: str, seconds: float, seed: int, display: str | None, boundscheck: Path | None) -> bool:
    with tempfile.TemporaryDirectory(prefix="tablegames-stress-") as folder:
        home = Path(folder)
        events = home / "events.txt"
        env = dict(os.environ, SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"), PYTHONFAULTHANDLER="1",
                   XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
                   XDG_STATE_HOME=str(home / "state"))
        command = [sys.executable, "-m", "tablegames.ui.stress", "--table", table, "--seconds", str(seconds),
                   "--seed", str(seed), "--events-log", str(events)]
        if display is not None:
            env["DISPLAY"] = display
            command.append("--x11")
        if boundscheck is not None:
            env.update(NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(boundscheck))
        result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        summary = [line for line in result.stdout.splitlines() if line.startswith("stress ")]
        if result.returncode == 0:
            print(summary[-1] if summary else f"stress {table}: seed {seed}: passed")
            return True
        how = (f"killed by {signal.Signals(-result.returncode).name}" if result.returncode < 0
               else f"exit {result.returncode}")
        print(f"stress {table}: seed {seed}: FAILED ({how}); the last actions:")
        tail = events.read_text(encoding="utf-8").splitlines()[-TAIL_EVENTS:] if events.exists() else []
        print("\n".join(f"  {line}" for line in tail))
        print(result.stderr[-3000:])
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tables", nargs="*", default=[], help=f"tables to stress (default all: {', '.join(TABLE_NAMES)})")
    parser.add_argument("--seconds", type=float, default=60.0, help="per run (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="the first run's seed; run k uses seed + k")
    parser.add_argument("--runs", type=int, default=1, help="runs per table (default 1)")
    parser.add_argument("--x11", action="store_true", help="a real X server (Xvfb) and xdotool input")
    parser.add_argument("--boundscheck", action="store_true",
                        help="NUMBA_BOUNDSCHECK=1, kernels compiled into a cache of their own")
    args = parser.parse_args()
    if not 0 < args.seconds <= 24 * 3600 or not 1 <= args.runs <= 1000 or not 0 <= args.seed < 2**62:
        parser.error("--seconds 0-86400, --runs 1-1000, --seed 0..2^62-1")
    unknown = [table for table in args.tables if table not in TABLE_NAMES]
    if unknown:
        parser.error(f"no table {unknown[0]!r}; choose from {', '.join(TABLE_NAMES)}")
    tables = args.tables or list(TABLE_NAMES)
    server, display = start_xvfb() if args.x11 else (None, None)
    cache = Path(tempfile.mkdtemp(prefix="tablegames-boundscheck-")) if args.boundscheck else None
    failures = 0
    try:
        for table in tables:
            for run in range(args.runs):
                failures += not run_one(table, args.seconds, args.seed + run, display, cache)
    except KeyboardInterrupt:
        print("stress_window: interrupted")
        return 130
    finally:
        if server is not None:
            server.terminate()
        if cache is not None:
            shutil.rmtree(cache, ignore_errors=True)
    print(f"stress_window: {len(tables) * args.runs - failures} of {len(tables) * args.runs} runs passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
