"""Compiling numba kernels, and loading them from numba's cache without compiling.

The window prepares each table's kernel modules (`warmup()`, calling every kernel once with its run-time argument
types) in the background: first from numba's cache only (`load_cached`: a fraction of a second; it stops at the
first kernel that would have to compile), and on a first start by compiling them in a spawned process
(`compile_module`, run there by `compile_processes()`), which writes numba's cache; the window's process then
loads them from it. A compile holds the GIL for most of its time: in another process it leaves the window alone.

Nothing here imports numba until it is used, and nothing imports pygame.
"""

from __future__ import annotations

import importlib
import os
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tablegames.core.worker import ProcessWorker, spawned_pool


class WouldCompile(Exception):
    """Raised inside numba, on a thread that only loads from the cache, when a kernel is not in the cache."""


@dataclass(frozen=True)
class CompileReport:
    """What preparing one kernel module cost, where it ran."""

    module: str
    cpu_seconds: float  # of the thread that prepared it
    wall_seconds: float
    functions_compiled: int  # numba compilations (kernels and their callees, each type specialisation once)
    process_cpu_seconds: float = 0.0  # of the whole process that prepared it, so far (its start-up included)
    repeated: tuple[str, ...] = ()  # our kernels compiled more than once ("add_move x14"): one per type specialisation
    pid: int = 0  # the process that prepared it


class _CompileWatch:
    """The one numba event listener of the process: counts compilations on each thread and stops them on a thread
    that asked for cache loads only. Registered on first use."""

    def __init__(self) -> None:
        self.local = threading.local()

    def on_start(self, event: Any) -> None:
        self.local.compiled = getattr(self.local, "compiled", 0) + 1
        function = getattr(event.data.get("dispatcher"), "py_func", None)
        name = f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', '?')}"
        if not hasattr(self.local, "names"):
            self.local.names = []
        self.local.names.append(name)
        if getattr(self.local, "cache_only", False):
            raise WouldCompile(name)


_watch: _CompileWatch | None = None
_watch_lock = threading.Lock()


def _compile_watch() -> _CompileWatch:
    global _watch
    with _watch_lock:
        if _watch is None:
            from numba.core import event

            watch = _CompileWatch()

            class CompileListener(event.Listener):  # numba's: untyped
                def on_start(self, started: Any) -> None:
                    watch.on_start(started)

                def on_end(self, ended: Any) -> None:
                    pass

            event.register("numba:compile", CompileListener())  # type: ignore[no-untyped-call]
            _watch = watch
        return _watch


def compilations_on_this_thread() -> int:
    """numba compilations started on the calling thread so far (cache loads are not compilations)."""
    return int(getattr(_compile_watch().local, "compiled", 0))


def load_cached(warm: Callable[[], None]) -> bool:
    """Run `warm()` loading kernels from numba's cache only: True when it ran to the end, False when a kernel would
    have had to compile (it stopped there, having compiled nothing; what it loaded stays loaded)."""
    watch = _compile_watch()
    watch.local.cache_only = True
    before = compilations_on_this_thread()
    try:
        warm()
    except Exception:  # numba hands the stop on wrapped in its own errors: the count says whether it was ours
        if compilations_on_this_thread() > before:
            return False
        raise
    finally:
        watch.local.cache_only = False
    return True


def warm_module(module: str) -> CompileReport:
    """Import `module` and run its `warmup()` here (compiling what numba's cache does not have)."""
    watch = _compile_watch()
    before = compilations_on_this_thread()
    first_name = len(getattr(watch.local, "names", []))
    wall, cpu = time.perf_counter(), time.thread_time()
    importlib.import_module(module).warmup()
    names = Counter(getattr(watch.local, "names", [])[first_name:])
    repeated = tuple(sorted(f"{name.rsplit('.', 1)[-1]} x{count}" for name, count in names.items()
                            if count > 1 and name.startswith("tablegames.")))
    return CompileReport(module, time.thread_time() - cpu, time.perf_counter() - wall,
                         compilations_on_this_thread() - before, time.process_time(), repeated, os.getpid())


def compile_module(module: str) -> CompileReport:
    """In the compile process: `warm_module`, which writes numba's cache for the window's process to load."""
    return warm_module(module)


def compile_processes(workers: int = 1, niceness: int = 0) -> ProcessWorker:
    """Spawned processes of their own for compiling (the checkers levels' worker process is another): started on
    first use, ended by `shutdown()` or when the window's process is gone; `niceness` below the window's priority."""
    return ProcessWorker(lambda: spawned_pool(workers, niceness))
