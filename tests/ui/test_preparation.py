"""The background preparation of the tables' kernels (ui/preparation.py), without graphics: the order follows the
player's selection, a table is ready when all its modules are, a first start compiles in the compile process and
then loads from the cache, and failures leave the table playable."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from concurrent.futures import Future

import pytest

from tablegames.core.kernelcache import (
    CompileReport,
    compile_module,
    compile_processes,
    load_cached,
    warm_module,
)
from tablegames.tables import TableSpec
from tablegames.ui import preparation
from tablegames.ui.preparation import ALMOST, KernelPreparation, Stage


def spec(name: str, *modules: str, process_warmups: tuple[str, ...] = (), compile_seconds: float = 10.0) -> TableSpec:
    return TableSpec(name, name.title(), "", f"{name}.commands", f"{name}.scenes", f"{name}:draw", tuple(modules),
                     process_warmups=process_warmups, compile_seconds=compile_seconds)


TABLES = [spec("alpha", "alpha.engine", "alpha.search"), spec("beta", "beta.kernels"),
          spec("gamma", "gamma.kernels"), spec("delta", "delta.kernels")]


class Manual:
    """An executor (and a compiler) whose work the test finishes by hand, oldest first."""

    def __init__(self) -> None:
        self.pending: list[tuple[Callable[..., object], tuple[object, ...], Future[object]]] = []
        self.started: list[tuple[str, object]] = []

    def submit(self, fn: Callable[..., object], *args: object) -> Future[object]:
        future: Future[object] = Future()
        self.pending.append((fn, args, future))
        self.started.append((getattr(fn, "__name__", "?"), args[0] if args else None))
        return future

    def compile(self, module: str) -> Future[object]:
        return self.submit(compile_module, module)

    def finish(self, result: object = None, error: BaseException | None = None) -> str:
        fn, args, future = self.pending.pop(0)
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
        return str(args[0])

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def loaded(complete: bool = True) -> preparation._Loaded:
    return preparation._Loaded(complete, 0.01)


def report(module: str) -> CompileReport:
    return CompileReport(module, 5.0, 6.0, 40, 7.0)


def make(preferred: str | None = None, compile_in: str = "process") -> tuple[KernelPreparation, Manual, Manual, Clock]:
    loader, compiler, clock = Manual(), Manual(), Clock()
    prepared = KernelPreparation(TABLES, compile_in=compile_in, loader=loader,  # type: ignore[arg-type]
                                 compiler=compiler.compile if compile_in == "process" else None,  # type: ignore[arg-type]
                                 clock=clock, preferred=preferred)
    return prepared, loader, compiler, clock


def test_a_warm_start_loads_every_module_from_the_cache_the_selected_table_first():
    prepared, loader, compiler, _ = make(preferred="gamma")
    order = []
    prepared.poll()
    while loader.pending:
        order.append(loader.finish(loaded()))
        prepared.poll()
    assert order == ["gamma.kernels", "delta.kernels", "alpha.engine", "alpha.search", "beta.kernels"]
    assert prepared.all_ready() and compiler.started == []
    assert all(not unit.first_start for unit in prepared.units.values())


def test_the_order_follows_the_selection_as_it_changes():
    prepared, loader, _, _ = make()
    prepared.poll()
    assert loader.started[-1] == ("_load", "alpha.engine")
    prepared.prefer("delta")  # the player points at another card: the module in hand finishes, delta is next
    loader.finish(loaded())
    prepared.poll()
    assert loader.started[-1] == ("_load", "delta.kernels")
    prepared.prefer("beta")
    loader.finish(loaded())
    prepared.poll()
    assert loader.started[-1] == ("_load", "beta.kernels")


def test_a_table_is_ready_when_all_its_modules_are():
    prepared, loader, _, _ = make()
    prepared.poll()
    loader.finish(loaded())  # alpha.engine
    prepared.poll()
    assert prepared.units["alpha.engine"].stage is Stage.READY
    assert not prepared.is_ready("alpha") and not prepared.state("alpha").ready
    loader.finish(loaded())  # alpha.search
    prepared.poll()
    assert prepared.is_ready("alpha") and prepared.state("alpha").ready and not prepared.is_ready("beta")


def test_a_module_two_tables_share_is_prepared_once():
    shared = [spec("one", "common.kernels", "one.kernels"), spec("two", "common.kernels")]
    loader = Manual()
    prepared = KernelPreparation(shared, loader=loader, compiler=Manual().compile, clock=Clock())  # type: ignore[arg-type]
    prepared.poll()
    loader.finish(loaded())
    prepared.poll()
    assert prepared.is_ready("two") and not prepared.is_ready("one")
    assert [module for _, module in loader.started] == ["common.kernels", "one.kernels"]


def test_a_first_start_compiles_in_the_compile_process_then_loads_from_the_cache():
    prepared, loader, compiler, clock = make(preferred="beta")
    prepared.poll()
    assert prepared.state("beta").stage == "loading" and not prepared.state("beta").first_start
    loader.finish(loaded(complete=False))  # not in the cache
    prepared.poll()
    assert compiler.started == [("compile_module", "beta.kernels")]
    assert loader.started[-1] == ("_load", "gamma.kernels")  # meanwhile the next one tries the cache
    state = prepared.state("beta")
    assert state.stage == "compiling" and state.first_start and state.fraction == 0.0
    clock.now += 4.0
    assert prepared.state("beta").fraction == pytest.approx(0.4)  # 4 s of a typical 10
    clock.now += 60.0
    assert prepared.state("beta").fraction == ALMOST  # never full before it is done
    loader.finish(loaded(complete=False))  # gamma is not in the cache either: it waits its turn
    prepared.poll()
    assert prepared.state("gamma").stage == "queued" and prepared.state("gamma").first_start
    assert len(compiler.started) == 1  # one compile at a time
    compiler.finish(report("beta.kernels"))
    prepared.poll()
    assert compiler.started[-1] == ("compile_module", "gamma.kernels")
    assert prepared.units["beta.kernels"].stage in (Stage.COMPILED, Stage.LOADING)
    while ("_load", "beta.kernels") not in loader.started[2:]:
        loader.finish(loaded(complete=False))
        prepared.poll()
    while prepared.units["beta.kernels"].stage is not Stage.READY:
        loader.finish(loaded(complete=True))
        prepared.poll()
    unit = prepared.units["beta.kernels"]
    assert prepared.is_ready("beta") and unit.first_start and unit.report == report("beta.kernels")
    assert unit.compile_seconds == pytest.approx(64.0)


def test_a_failed_compile_process_compiles_on_the_loader_thread():
    prepared, loader, compiler, _ = make(preferred="beta")
    prepared.poll()
    loader.finish(loaded(complete=False))
    prepared.poll()
    compiler.finish(error=RuntimeError("the process died"))
    while not any(name == "warm_module" for name, _ in loader.started):
        loader.finish(loaded())
        prepared.poll()
    assert ("warm_module", "beta.kernels") in loader.started
    while loader.pending:
        fn, _, _ = loader.pending[0]
        loader.finish(report("beta.kernels") if fn is warm_module else loaded())
        prepared.poll()
    assert prepared.is_ready("beta") and prepared.units["beta.kernels"].error == ""


def test_a_module_that_fails_leaves_its_table_playable_with_the_error_kept():
    prepared, loader, _, _ = make(preferred="delta")
    prepared.poll()
    loader.finish(error=ImportError("no module named delta.kernels"))
    prepared.poll()
    state = prepared.state("delta")
    assert state.ready and "no module named delta.kernels" in state.error


def test_thread_mode_compiles_on_the_loader_thread():
    prepared, loader, compiler, _ = make(preferred="beta", compile_in="thread")
    prepared.poll()
    loader.finish(loaded(complete=False))
    prepared.poll()
    assert loader.started[-1] == ("warm_module", "beta.kernels") and compiler.started == []
    assert prepared.state("beta").stage == "compiling"
    loader.finish(report("beta.kernels"))
    prepared.poll()
    assert prepared.is_ready("beta") and prepared.units["beta.kernels"].report == report("beta.kernels")


def test_a_process_warm_up_starts_once_its_tables_kernels_are_ready():
    tables = [spec("alpha", "alpha.engine", process_warmups=("alpha.levels:warm",))]
    loader = Manual()
    prepared = KernelPreparation(tables, loader=loader, compiler=Manual().compile, clock=Clock())  # type: ignore[arg-type]
    prepared.poll()
    assert loader.started == [("_load", "alpha.engine")]
    loader.finish(loaded())
    prepared.poll()
    assert loader.started[-1] == ("_run_process_warmup", "alpha.levels:warm") and not prepared.is_ready("alpha")
    loader.finish(None)
    prepared.poll()
    assert prepared.is_ready("alpha")


TINY = textwrap.dedent("""
    from numba import njit

    @njit(cache=True, nogil=True)
    def add_one(x):
        return x + 1

    def warmup():
        add_one(1)
""")


@pytest.fixture
def tiny_module(tmp_path, monkeypatch):
    """A kernel module of one function, cached next to its file (a fresh name each test: nothing is cached)."""
    name = f"tiny_kernels_{time.monotonic_ns()}"
    (tmp_path / f"{name}.py").write_text(TINY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


def test_cache_only_loading_stops_before_compiling_and_loads_what_was_compiled(tiny_module, tmp_path):
    import importlib

    module = importlib.import_module(tiny_module)
    assert load_cached(module.warmup) is False
    assert module.add_one.signatures == []  # stopped before compiling anything
    compiled = warm_module(tiny_module)
    assert compiled.functions_compiled >= 1 and compiled.cpu_seconds > 0
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r}); import {tiny_module} as m; "
            "from tablegames.core.kernelcache import load_cached; print(load_cached(m.warmup))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.split() == ["True"]  # another process loads it from the cache


def test_the_real_preparation_compiles_in_a_process_and_loads_in_this_one(tiny_module):
    prepared = KernelPreparation([spec("tiny", tiny_module)], compile_in="process")
    deadline = time.monotonic() + 120
    try:
        while not prepared.all_ready() and time.monotonic() < deadline:
            prepared.poll()
            time.sleep(0.02)
    finally:
        prepared.shutdown()
    unit = prepared.units[tiny_module]
    assert prepared.is_ready("tiny") and unit.first_start and not unit.compile_here and unit.error == ""
    assert unit.report is not None and unit.report.functions_compiled >= 1


def test_the_compile_processes_are_processes_of_their_own_below_the_windows_priority():
    import os

    process = compile_processes(1, niceness=5)
    try:
        assert process.submit(os.getpid).result(timeout=120) != os.getpid()
        assert process.submit(os.nice, 0).result(timeout=60) == min(19, os.nice(0) + 5)
    finally:
        process.shutdown()


def test_the_bars_go_at_the_pace_the_tables_compiled_so_far_set():
    """gamma took 30 s where 10 are typical: beta's bar is drawn against 3 x its typical 10 s, not full after 10 s;
    a table that took a third of its typical time would speed the bars up as much."""
    prepared, loader, compiler, clock = make(preferred="gamma")
    prepared.poll()
    assert prepared.pace() == 1.0  # nothing compiled yet
    loader.finish(loaded(complete=False))  # gamma not in the cache
    prepared.poll()
    loader.finish(loaded(complete=False))  # nor delta, the next
    prepared.poll()
    clock.now += 30.0
    assert prepared.state("gamma").fraction == ALMOST  # 30 s of a typical 10, before any pace is known
    compiler.finish(report("gamma.kernels"))
    prepared.poll()
    assert prepared.pace() == pytest.approx(3.0)
    assert compiler.started[-1] == ("compile_module", "delta.kernels")
    clock.now += 15.0
    assert prepared.state("delta").stage == "compiling"
    assert prepared.state("delta").fraction == pytest.approx(0.5)  # 15 s of 3 x 10
    assert prepared.state("beta").fraction == 0.0  # not begun
