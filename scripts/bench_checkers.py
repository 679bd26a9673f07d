"""Checkers move-generator speed: perft leaves per second of our numba engine, against the C program of the
shared bench (compiled here with cc -O3 -march=native) and py-draughts (installed on demand into
.bench-venv-draughts/), each ratio measured in the same run. Then perft(12) and perft(13) from the start
against the published counts of both duplicate-capture conventions.

Both engines are timed in CPU seconds (ours: this thread's; C: the child process's user and system time), which
on a shared machine vary far less than wall time: another job on the same cores slows the wall clock, not the
work done. The wall-clock rates are printed beside them.

    .venv/bin/python scripts/bench_checkers.py [--repeats 3] [--skip-deep] [--skip-draughts]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pydraughts import draughts_python
from tablegames.checkers import engine
from tablegames.checkers.position import Position

ROOT = Path(__file__).resolve().parents[1]
C_SOURCE_NAME = Path("shared") / "bench" / "perft.c"
BENCH_DEPTH = 11
PUBLISHED = {
    6: 36768,
    7: 179740,
    8: 845931,
    11: 85242128,
    # depth: (duplicates counted once (DCTL), counted twice (Bik, Cake, OEIS A133046))
    12: (388617999, 388623673),
    13: (1766564893, 1766623630),
}
DRAUGHTS_DEPTH = 8

# Run inside py-draughts' venv: its American board makes captures optional, so moves are generated with
# captures forced through the board's own core; the last ply is counted in bulk like ours and C's.
DRAUGHTS_PERFT = """
import json, sys, time
from draughts.boards.american import Board, _CORE

def legal(board):
    return board._legal_moves_from_core(_CORE, max_capture=False, captures_optional=False)

def perft(board, depth):
    moves = legal(board)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total

checks = {depth: perft(Board(), depth) for depth in range(1, 7)}
depth = int(sys.argv[1])
started = time.process_time()  # CPU seconds, as ours and C's
leaves = perft(Board(), depth)
print(json.dumps({"checks": checks, "leaves": leaves, "seconds": time.process_time() - started}))
"""


def find_c_source() -> Path | None:
    """shared/bench/perft.c beside the repository (or beside the main checkout of a git worktree)."""
    candidates = [ROOT.parent / C_SOURCE_NAME]
    try:
        common = subprocess.run(
            ["git", "rev-parse", "--git-common-dir"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        candidates.append((ROOT / common).resolve().parent.parent / C_SOURCE_NAME)
    except (OSError, subprocess.CalledProcessError):
        pass
    if os.environ.get("TABLEGAMES_SHARED"):
        candidates.insert(0, Path(os.environ["TABLEGAMES_SHARED"]) / "bench" / "perft.c")
    return next((path for path in candidates if path.is_file()), None)


def time_ours(depth: int, count_duplicates: bool) -> tuple[int, float, float]:
    """(leaves, CPU seconds of this thread, wall seconds)."""
    start = Position.initial()
    started, started_cpu = time.perf_counter(), time.thread_time()
    leaves = start.perft(depth, count_duplicates)
    return leaves, time.thread_time() - started_cpu, time.perf_counter() - started


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_c(binary: Path, depth: int) -> tuple[int, float, float]:
    """(leaves, CPU seconds of the C process, the wall seconds it printed)."""
    before = children_cpu_seconds()
    output = subprocess.run(
        [str(binary), str(depth), str(depth)], capture_output=True, text=True, check=True
    ).stdout
    cpu = children_cpu_seconds() - before
    match = re.search(r"depth\s+\d+\s+(\d+)\s+(\S+)\s+([\d.]+)s", output)
    if not match:
        raise RuntimeError(f"unexpected output from the C perft: {output!r}")
    return int(match.group(1)), cpu, float(match.group(3))


def compile_c(source: Path, folder: Path) -> Path | None:
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        print("C baseline: no C compiler (cc) found; skipped")
        return None
    binary = folder / "perft"
    result = subprocess.run(
        [compiler, "-O3", "-march=native", "-o", str(binary), str(source)], capture_output=True, text=True
    )
    if result.returncode != 0:
        print(f"C baseline: compiling {source} failed: {result.stderr.strip()[:200]}")
        return None
    return binary


def rate(leaves: int, seconds: float) -> float:
    return leaves / seconds if seconds > 0 else float("inf")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="timed runs of each engine (the best counts)")
    parser.add_argument("--skip-deep", action="store_true", help="skip perft(12) and perft(13)")
    parser.add_argument("--skip-draughts", action="store_true", help="skip py-draughts")
    args = parser.parse_args()

    started = time.perf_counter()
    engine.warmup_perft()
    print(f"numba kernels ready in {time.perf_counter() - started:.2f} s (compiled or loaded from cache)")

    with tempfile.TemporaryDirectory(prefix="bench-checkers-") as folder:
        source = find_c_source()
        binary = compile_c(source, Path(folder)) if source else None
        if source is None:
            print(f"C baseline: {C_SOURCE_NAME} not found beside the repository; skipped")
        ours_best = c_best = ours_wall_best = c_wall_best = 0.0
        for _ in range(args.repeats):  # interleaved, so both see the same machine load
            leaves, seconds, wall = time_ours(BENCH_DEPTH, count_duplicates=True)
            if leaves != PUBLISHED[BENCH_DEPTH]:
                print(f"ERROR: our perft({BENCH_DEPTH}) = {leaves}, published {PUBLISHED[BENCH_DEPTH]}")
                return 1
            ours_best = max(ours_best, rate(leaves, seconds))
            ours_wall_best = max(ours_wall_best, rate(leaves, wall))
            if binary:
                c_leaves, c_seconds, c_wall = time_c(binary, BENCH_DEPTH)
                if c_leaves != PUBLISHED[BENCH_DEPTH]:
                    print(f"ERROR: the C perft({BENCH_DEPTH}) = {c_leaves}")
                    return 1
                c_best = max(c_best, rate(c_leaves, c_seconds))
                c_wall_best = max(c_wall_best, rate(c_leaves, c_wall))
        print(
            f"ours     perft({BENCH_DEPTH}) = {PUBLISHED[BENCH_DEPTH]}  best of {args.repeats}: "
            f"{ours_best / 1e6:8.1f} M leaves a CPU second ({PUBLISHED[BENCH_DEPTH] / ours_best:.3f} s); "
            f"wall clock {ours_wall_best / 1e6:.1f} M/s"
        )
        if binary:
            print(
                f"C -O3    perft({BENCH_DEPTH}) = {PUBLISHED[BENCH_DEPTH]}  best of {args.repeats}: "
                f"{c_best / 1e6:8.1f} M leaves a CPU second; wall clock {c_wall_best / 1e6:.1f} M/s"
            )
            print(
                f"ours / C = {ours_best / c_best:.2f} in CPU time, {ours_wall_best / c_wall_best:.2f} in wall time "
                f"(goal: 0.8)"
            )

    if not args.skip_draughts:
        python = draughts_python()
        if python:
            output = subprocess.run(
                [str(python), "-c", DRAUGHTS_PERFT, str(DRAUGHTS_DEPTH)], capture_output=True, text=True
            )
            if output.returncode != 0:
                print(f"py-draughts: perft failed: {output.stderr.strip()[-300:]}")
            else:
                report = json.loads(output.stdout)
                checks = {int(depth): count for depth, count in report["checks"].items()}
                expected = {depth: Position.initial().perft(depth) for depth in checks}
                verdict = "agrees" if checks == expected else f"DISAGREES ({checks} vs {expected})"
                draughts_rate = rate(report["leaves"], report["seconds"])
                correct = report["leaves"] == PUBLISHED[DRAUGHTS_DEPTH]
                print(
                    f"py-draughts (captures forced) perft 1-6 {verdict}; perft({DRAUGHTS_DEPTH}) = {report['leaves']}"
                    f" {'OK' if correct else 'WRONG'} in {report['seconds']:.2f} s: {draughts_rate / 1e6:.3f} M leaves/s"
                )
                print(f"ours / py-draughts = {ours_best / draughts_rate:.0f}x  (goal: at least 300x)")

    if not args.skip_deep:
        for depth in (12, 13):
            once, twice = PUBLISHED[depth]
            for count_duplicates, published in ((False, once), (True, twice)):
                leaves, seconds, _ = time_ours(depth, count_duplicates)
                convention = "duplicates counted" if count_duplicates else "duplicates once   "
                verdict = "OK" if leaves == published else f"MISMATCH (published {published})"
                print(
                    f"perft({depth}) {convention} = {leaves:>13}  {verdict}  "
                    f"{seconds:6.2f} s, {rate(leaves, seconds) / 1e6:.1f} M leaves/s"
                )
                if leaves != published:
                    return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
