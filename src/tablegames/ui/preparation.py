"""Preparing the tables' kernels in the background, the table the player points at first (no pygame here).

The lobby opens at once. Each table's kernel modules (tables.py: `kernel_modules`, each with `warmup()`) are then
made ready in the order of the player's interest: the table selected in the lobby first, then the tables after it
(`prefer`, called whenever the selection moves). A module goes through

    waiting -> loading (from numba's cache only, on the loader thread: a fraction of a second)
            -> ready                                    when the cache had everything (every start but the first)
            -> queued -> compiling -> compiled -> loading -> ready
                                        on a first start: compiled in a compile process, which writes numba's
                                        cache, then loaded from it by the window's process

and a table is ready when all its modules are; its process warm-ups (the checkers levels' worker process) start
then. `compile_workers` processes compile side by side, a table's modules one after another (the later call the
earlier's kernels; two processes writing one module's cache at once would lose entries). With
`compile_in="thread"` the modules compile on the loader thread instead: no second process, but the compiler shares
the window's GIL and its frames suffer (scripts/bench_coldstart.py measures both). A module that fails to prepare
leaves its table playable (its kernels then compile when first used), with the error kept to be shown; a compile
process that fails is replaced by a compile on the loader thread.

The window's thread calls `poll()` each frame (the app does) and reads `state(table)`; nothing here blocks it.
Tests give `KernelPreparation` executors of their own and a clock.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from enum import Enum
from typing import Literal, Protocol

from tablegames.core.kernelcache import (
    CompileReport,
    compile_module,
    compile_processes,
    load_cached,
    warm_module,
)
from tablegames.core.worker import ProcessWorker
from tablegames.tables import TABLES, TableSpec, load_attribute, load_module

ALMOST = 0.95  # the bar of a table still compiling stops short of full, however long it takes
log = logging.getLogger(__name__)


class Stage(Enum):
    WAITING = "waiting"  # nothing done yet; not known whether it is in the cache
    LOADING = "loading"  # on the loader thread (from the cache; in thread mode, perhaps compiling)
    QUEUED = "queued"  # not in the cache: waits for the compiler
    COMPILING = "compiling"
    COMPILED = "compiled"  # in the cache now: waits for the loader
    READY = "ready"


@dataclass
class Unit:
    """One kernel module (or one process warm-up) and where it stands."""

    module: str  # "package.module" with warmup(), or "package.module:function" for a process warm-up
    tables: list[str]
    is_process_warmup: bool = False
    stage: Stage = Stage.WAITING
    first_start: bool = False  # the cache did not have it: compiled this time
    compile_here: bool = False  # on the loader thread (thread mode, or the compile process could not)
    started: float = 0.0  # clock when its compile began
    compile_seconds: float = 0.0  # wall seconds its compile took (so far, while compiling)
    report: CompileReport | None = None  # the compile's (in the compile process, or on the loader thread)
    load_cpu_seconds: float = 0.0  # loading it in the window's process (the loader thread's CPU)
    ready_at: float | None = None  # clock when ready, from the preparation's start
    error: str = ""


@dataclass(frozen=True)
class TableState:
    """What the lobby's card and the preparing scene show of one table."""

    stage: Literal["ready", "loading", "queued", "compiling"]
    fraction: float = 1.0  # of its typical first-start compile time
    first_start: bool = False  # known to be compiling (now or soon): "first start only"
    error: str = ""

    @property
    def ready(self) -> bool:
        return self.stage == "ready"


READY = TableState("ready")


class Preparation(Protocol):
    """What the window asks of a preparation (the real one, or a still one for pictures)."""

    def poll(self) -> None: ...

    def prefer(self, table: str) -> None: ...

    def state(self, table: str) -> TableState: ...


@dataclass
class _Work:
    unit: Unit
    kind: Literal["load", "compile", "warm", "run"]
    future: Future[object]


@dataclass
class _Loaded:
    complete: bool
    cpu_seconds: float


def _load(module: str) -> _Loaded:
    warm = load_module(module).warmup
    cpu = time.thread_time()
    complete = load_cached(warm)
    return _Loaded(complete, time.thread_time() - cpu)


def _run_process_warmup(path: str) -> None:
    load_attribute(path)()


class KernelPreparation:
    """The background preparation of every table's kernels (see the module's doc)."""

    def __init__(self, tables: Sequence[TableSpec] = TABLES, compile_in: Literal["process", "thread"] = "process",
                 compile_workers: int = 1, compile_niceness: int = 0, loader: Executor | None = None,
                 compiler: Callable[[str], Future[CompileReport]] | None = None,
                 clock: Callable[[], float] = time.monotonic, preferred: str | None = None) -> None:
        self.tables = list(tables)
        self.specs = {spec.name: spec for spec in self.tables}
        self.clock = clock
        self.began = clock()
        self.units: dict[str, Unit] = {}
        self.table_units: dict[str, list[Unit]] = {}
        for spec in self.tables:
            units = []
            for module in spec.kernel_modules:
                unit = self.units.setdefault(module, Unit(module, []))
                unit.tables.append(spec.name)
                units.append(unit)
            for path in spec.process_warmups:
                unit = self.units.setdefault(path, Unit(path, [], is_process_warmup=True))
                unit.tables.append(spec.name)
                units.append(unit)
            self.table_units[spec.name] = units
        self._own_loader = loader is None
        self.loader = loader or ThreadPoolExecutor(max_workers=1, thread_name_prefix="kernels")
        self._processes: ProcessWorker | None = None
        if compiler is None and compile_in == "process":
            processes = self._processes = compile_processes(compile_workers, compile_niceness)
            compiler = lambda module: processes.submit(compile_module, module)  # noqa: E731
        self.compiler = compiler
        self.compile_workers = max(1, compile_workers)
        self.loading: _Work | None = None  # the loader thread's one job
        self.compiling: list[_Work] = []  # the compile processes' jobs, at most compile_workers
        self.order: list[str] = [spec.name for spec in self.tables]
        self.prefer(preferred if preferred is not None else self.order[0])
        self.closed = False

    # --- what the window asks ---------------------------------------------------------------------------------

    def prefer(self, table: str) -> None:
        """Prepare `table` next (then the tables after it in the lobby's order): the player points at it."""
        names = [spec.name for spec in self.tables]
        if table not in names or self.order[0] == table:
            return
        start = names.index(table)
        self.order = names[start:] + names[:start]

    def is_ready(self, table: str) -> bool:
        return all(unit.stage is Stage.READY for unit in self.table_units[table])

    def all_ready(self) -> bool:
        return all(unit.stage is Stage.READY for unit in self.units.values())

    def state(self, table: str) -> TableState:
        units = self.table_units[table]
        errors = "; ".join(unit.error for unit in units if unit.error)
        if all(unit.stage is Stage.READY for unit in units):
            return TableState("ready", error=errors)
        now = self.clock()
        seconds = sum(now - unit.started if unit.stage is Stage.COMPILING else unit.compile_seconds for unit in units)
        fraction = min(ALMOST, seconds / max(self.specs[table].compile_seconds * self.pace(), 0.1))
        first_start = any(unit.first_start for unit in units)
        if any(unit.stage is Stage.COMPILING for unit in units):
            return TableState("compiling", fraction, True, errors)
        if any(unit.stage is Stage.QUEUED for unit in units):
            return TableState("queued", fraction, True, errors)
        return TableState("loading", fraction, first_start, errors)

    def pace(self) -> float:
        """How long this machine takes to compile against the tables' typical times (tables.py `compile_seconds`):
        the wall seconds of the tables compiled so far over their typical seconds, 1 until one has been. Machines,
        and this shared one from day to day, differ by 3x: a table's bar is drawn against its typical time at this
        pace, so that it neither sits full for a minute nor jumps from a third to ready."""
        taken = typical = 0.0
        for spec in self.tables:
            units = [unit for unit in self.table_units[spec.name] if not unit.is_process_warmup]
            if units and all(unit.first_start and unit.compile_seconds > 0.0
                             and unit.stage in (Stage.COMPILED, Stage.LOADING, Stage.READY) for unit in units):
                taken += sum(unit.compile_seconds for unit in units)
                typical += spec.compile_seconds
        return taken / typical if typical > 0.0 else 1.0

    # --- each frame -------------------------------------------------------------------------------------------

    def poll(self) -> None:
        """Take in finished work and start the next (the window's thread, each frame; returns at once)."""
        if self.closed:
            return
        if self.loading is not None and self.loading.future.done():
            work, self.loading = self.loading, None
            self._finish(work)
        for work in [work for work in self.compiling if work.future.done()]:
            self.compiling.remove(work)
            self._finish(work)
        if self.loading is None:
            self._start_loading()
        while self.compiler is not None and len(self.compiling) < self.compile_workers and self._start_compiling():
            pass
        if self._processes is not None and not self.compiling and not any(
                unit.stage in (Stage.WAITING, Stage.QUEUED) for unit in self.units.values()):
            self._processes.shutdown()  # nothing left to compile: their memory goes back
            self._processes = None

    def _ordered_units(self) -> list[Unit]:
        seen: set[str] = set()
        ordered = []
        for table in self.order:
            for unit in self.table_units[table]:
                if unit.module not in seen:
                    seen.add(unit.module)
                    ordered.append(unit)
        return ordered

    def _kernels_ready(self, unit: Unit) -> bool:
        """A process warm-up loads its table's kernels from the cache: it starts once they are there."""
        return all(other.stage is Stage.READY for table in unit.tables for other in self.table_units[table]
                   if not other.is_process_warmup)

    def _table_compiling(self, unit: Unit) -> bool:
        """Another module of one of its tables is compiling: a table's modules compile one after another (the later
        ones call the earlier ones' kernels, and two processes must not write one module's cache at once)."""
        return any(other.stage is Stage.COMPILING for table in unit.tables for other in self.table_units[table])

    def _start_loading(self) -> None:
        for unit in self._ordered_units():
            if unit.is_process_warmup:
                if unit.stage is Stage.WAITING and self._kernels_ready(unit):
                    self.loading = _Work(unit, "run", self.loader.submit(_run_process_warmup, unit.module))
                    unit.stage = Stage.LOADING
                    return
            elif unit.stage in (Stage.WAITING, Stage.COMPILED):
                self.loading = _Work(unit, "load", self.loader.submit(_load, unit.module))
                unit.stage = Stage.LOADING
                return
            elif unit.stage is Stage.QUEUED and unit.compile_here and not self._table_compiling(unit):
                self._begin_compile(unit)
                self.loading = _Work(unit, "warm", self.loader.submit(warm_module, unit.module))
                return

    def _start_compiling(self) -> bool:
        assert self.compiler is not None
        for unit in self._ordered_units():
            if unit.stage is Stage.QUEUED and not unit.compile_here and not self._table_compiling(unit):
                self._begin_compile(unit)
                future: Future[object] = self.compiler(unit.module)  # type: ignore[assignment]
                self.compiling.append(_Work(unit, "compile", future))
                return True
        return False

    def _begin_compile(self, unit: Unit) -> None:
        unit.stage = Stage.COMPILING
        unit.started = self.clock()

    def _finish(self, work: _Work) -> None:
        unit = work.unit
        error = work.future.exception()
        if work.kind == "load":
            if error is not None:
                self._ready(unit, error)
                return
            loaded = work.future.result()
            assert isinstance(loaded, _Loaded)
            unit.load_cpu_seconds += loaded.cpu_seconds
            if loaded.complete:
                self._ready(unit)
            elif unit.report is None and self.compiler is not None:
                unit.first_start = True
                unit.stage = Stage.QUEUED
            else:  # thread mode; or compiled elsewhere yet not in the cache (one that cannot be written)
                self._compile_here(unit)
        elif work.kind == "compile":
            unit.compile_seconds = self.clock() - unit.started
            if error is not None:  # the compile process failed (or died): once more, in this process
                self._compile_here(unit)
            else:
                report = work.future.result()
                assert isinstance(report, CompileReport)
                unit.report = report
                unit.stage = Stage.COMPILED
        elif work.kind == "warm":
            unit.compile_seconds = self.clock() - unit.started
            if error is None:
                report = work.future.result()
                assert isinstance(report, CompileReport)
                unit.report = report
            self._ready(unit, error)
        else:
            self._ready(unit, error)

    def _compile_here(self, unit: Unit) -> None:
        """Queue it for a compile on the loader thread."""
        unit.stage = Stage.QUEUED
        unit.first_start = unit.compile_here = True

    def _ready(self, unit: Unit, error: BaseException | None = None) -> None:
        unit.stage = Stage.READY
        unit.ready_at = self.clock() - self.began
        if error is not None:
            unit.error = f"{type(error).__name__}: {error}"[:200]
            log.warning("could not prepare %s (its kernels compile when first used): %s", unit.module, unit.error)

    def shutdown(self) -> None:
        """Stop: queued work dropped, the compile processes ended at once (a load in progress finishes)."""
        self.closed = True
        if self._processes is not None:
            self._processes.shutdown()
            self._processes = None
        if self._own_loader:
            self.loader.shutdown(wait=False, cancel_futures=True)


class StillPreparation:
    """A preparation standing still at given states (pictures and tests); tables not named are ready."""

    def __init__(self, states: dict[str, TableState] | None = None) -> None:
        self.states = dict(states or {})
        self.preferred: list[str] = []

    def poll(self) -> None:
        pass

    def prefer(self, table: str) -> None:
        if not self.preferred or self.preferred[-1] != table:
            self.preferred.append(table)

    def state(self, table: str) -> TableState:
        return self.states.get(table, READY)


def first_start_picture() -> StillPreparation:
    """A first start seen a few seconds in: two tables compiling (one compile process each), the others waiting
    their turn."""
    names = [spec.name for spec in TABLES]
    states = {name: TableState("queued", 0.0, True) for name in names[2:]}
    states[names[0]] = TableState("compiling", 0.6, True)
    states[names[1]] = TableState("compiling", 0.25, True)
    return StillPreparation(states)
