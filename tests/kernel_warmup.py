"""Compiling the tables' kernels once, before a test run in several processes starts its workers.

Run cold (a fresh clone), every worker that reaches a kernel first compiles it, often two at once, and the demo's
compile processes compile them all again: on 2 cores numba's compiling was about 5 of the 13 minutes. Compiled
here first, a table to a process (its modules one after another: the later call the earlier's kernels), the
workers load the warm-ups' kernels from numba's cache."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor


def compile_table(modules: tuple[str, ...]) -> None:
    """Compile (or load from numba's cache) each module's warm-up kernels in turn."""
    from tablegames.core.kernelcache import warm_module

    for module in modules:
        warm_module(module)


def compile_every_table(workers: int) -> None:
    """Each table's kernel modules in a spawned process of `workers`, the tables slowest to compile first."""
    from tablegames.tables import TABLES

    slowest_first = ("fasttrack", "routes", "piddle", "checkers")
    tables = sorted((table for table in TABLES if table.kernel_modules),
                    key=lambda table: slowest_first.index(table.name) if table.name in slowest_first else 0)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        list(pool.map(compile_table, [table.kernel_modules for table in tables]))
