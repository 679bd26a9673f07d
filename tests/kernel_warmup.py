"""Compiling the tables' kernels once, before a test run in several processes starts its workers.

Run cold (a fresh clone), every worker that reaches a kernel first compiles it, often two at once, and the demo's
compile processes compile them all again: on 2 cores numba's compiling was about 5 of the 13 minutes. Compiled
here first, a table to a process (its modules one after another: the later call the earlier's kernels), the
workers load the warm-ups' kernels from numba's cache."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

# Kernels the tests call beyond the window's warm-ups, compiled here too: checkers' perft and divide (54 s of CPU
# alone; test_perft.py and the perft command's test in test_cli.py compiled them at once in two workers)
MORE_WARMUPS = {"checkers": ("tablegames.checkers.engine:warmup_perft",)}


def compile_table(modules: tuple[str, ...], more: tuple[str, ...] = ()) -> None:
    """Compile (or load from numba's cache) each module's warm-up kernels in turn, then the `more` warm-ups."""
    from tablegames.core.kernelcache import warm_module
    from tablegames.tables import load_attribute

    for module in modules:
        warm_module(module)
    for path in more:
        load_attribute(path)()


def compile_every_table(workers: int) -> None:
    """Each table's kernel modules in a spawned process of `workers`, the tables slowest to compile first."""
    from tablegames.tables import TABLES

    slowest_first = ("fasttrack", "checkers", "routes", "piddle")  # checkers: perft and divide alone 54 s of CPU
    tables = sorted((table for table in TABLES if table.kernel_modules),
                    key=lambda table: slowest_first.index(table.name) if table.name in slowest_first else 0)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        list(pool.map(compile_table, [table.kernel_modules for table in tables],
                      [MORE_WARMUPS.get(table.name, ()) for table in tables]))
