"""One way to fan out: a seeded task mapped over items in this process, on local worker processes, or on a Dask
cluster, with the same results bit for bit in all three.

Every long command of the suite (a tournament, training, an experiment, a benchmark) is a map of a top-level
function over independent items (games, chunks of seeds, maps), each item carrying its own seed: a task never
reads the order it runs in, the worker it runs on or a clock, so where it ran cannot change what it returns.
`Fanout.imap` hands the results back in the items' order whatever order they finished in.

- `Fanout()`: this process. The tasks run one after another on a helper thread while the main thread waits, so
  Ctrl-C ends the command at once even while a compiled kernel runs (the thread is a daemon: it is dropped).
- `Fanout(workers=N)`: N spawned worker processes (a ProcessPoolExecutor). Each worker ignores Ctrl-C (the
  command stops them), ends with the command's process and runs `warm` once when it starts (load the numba
  kernels before its first task). A worker that dies (killed, out of memory) breaks the pool: a new pool runs
  the unfinished tasks again, up to `retries` times.
- `Fanout(cluster=Cluster(...))`: a Dask distributed cluster (core/cluster.py, the optional extra `cluster`):
  `local:N` starts a LocalCluster of N worker processes for the run, `tcp://HOST:PORT` connects to a running
  scheduler. The dashboard's link is printed; each worker runs `warm` once (a worker plugin); the scheduler runs
  again the tasks of a worker that is lost (up to `retries` times).

On Ctrl-C (or any error, or a consumer that stops early) the outstanding tasks are cancelled and the local
workers terminated before the exception goes on: the command's one line and exit 130 follow (cli.main).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import multiprocessing
import os
import queue
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_for_futures
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from tablegames.core.arguments import scheduler, worker_count

if TYPE_CHECKING:
    from tablegames.core.cluster import DaskRunner
    from tablegames.core.progress import Progress

Item = TypeVar("Item")
Result = TypeVar("Result")

DEFAULT_RETRIES = 3  # as Dask's scheduler allows by default ("allowed-failures")
POLL_SECONDS = 0.05  # how often the main thread looks up from waiting (Ctrl-C is taken at once regardless)
INSTALL_HINT = "pip install 'tablegames[cluster]'"


class FanoutError(RuntimeError):
    """The work could not be run where it was asked to (no Dask, no scheduler there, workers lost too often):
    a command prints the message as its one line and exits with `exit_code`."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass(frozen=True)
class Cluster:
    """A Dask cluster: `address` tcp://HOST:PORT of a running scheduler, or None for a LocalCluster of `workers`
    worker processes started for the run (`processes=False`: threads of this process, one per worker, which the
    tests use)."""

    address: str | None = None
    workers: int = 0
    processes: bool = True

    def __str__(self) -> str:
        return self.address if self.address is not None else f"local:{self.workers}"


_TCP = re.compile(r"tcp://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(?P<port>[0-9]+)")
MAX_HOST = 253  # the longest DNS name


def parse_cluster(text: str, max_local: int) -> Cluster:
    """`local:N` (N from 1 to `max_local`) or `tcp://HOST:PORT` (PORT 1 to 65535); ValueError saying what is
    wrong in one line."""
    expected = f"expected local:N (N 1 to {max_local}) or tcp://HOST:PORT"
    if text.startswith("local:"):
        count = text[len("local:"):]
        if not count.isdigit() or len(count) > 6:
            raise ValueError(f"{text[:40]!r}: {expected}")
        if not 1 <= int(count) <= max_local:
            raise ValueError(f"local:{int(count)}: expected local:1 to local:{max_local} (worker processes, up to "
                             "the CPUs)")
        return Cluster(workers=int(count))
    match = _TCP.fullmatch(text)
    if match is None or len(match["host"]) > MAX_HOST:
        raise ValueError(f"{text[:40]!r}: {expected}")
    port = match["port"]
    if len(port) > 5 or not 1 <= int(port) <= 65535:
        raise ValueError(f"{text[:60]}: the port is 1 to 65535")
    return Cluster(address=text)


def has_dask() -> bool:
    return importlib.util.find_spec("distributed") is not None


# --- the worker processes' side ---------------------------------------------------------------------------------


def _start_worker(parent: int, warm: Callable[[], object] | None) -> None:
    """In a local worker process, before its first task: Ctrl-C is the command's to handle (a worker would print
    a traceback), the worker ends with the command's process, the kernels are loaded."""
    from tablegames.core.worker import _end_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_parent(parent)
    if warm is not None:
        warm()


@contextlib.contextmanager
def workers_deaf_to_ctrl_c() -> Iterator[None]:
    """Start worker processes inside this: they are born ignoring Ctrl-C (an ignored signal stays ignored across
    exec, and Python then installs no KeyboardInterrupt handler), so a Ctrl-C while they start is never theirs
    (it would print their tracebacks); the command stops them. Here a Ctrl-C meanwhile is held back (blocked:
    on Linux a blocked signal stays pending even while ignored) and taken as soon as the block ends. Outside the
    main thread (where signal handlers cannot change) the workers start as they would."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def terminate_pool(pool: ProcessPoolExecutor) -> None:
    """Drop the queued tasks and end the worker processes now (a task in progress is not waited for)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # no public handle before 3.14
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=1.0)
    # The pool's manager thread (not a daemon) ends once its processes are gone; waiting for it lets the pool release
    # its queues' semaphores, so the command can end normally (ending at once would leave them to the resource
    # tracker, which warns about every one)
    if manager is not None:
        manager.join(timeout=1.0)


# --- the fan-out ------------------------------------------------------------------------------------------------


class Fanout:
    """Where a command's tasks run: this process (`workers` 1), `workers` local processes, or a Dask `cluster`.
    `warm` (a top-level function, no arguments) runs once in each worker before its first task. Use it as a
    context manager (or call `close`): the workers live until then, so a command that maps many times (a
    round of training after another) starts them once."""

    def __init__(self, workers: int = 1, cluster: Cluster | None = None, warm: Callable[[], object] | None = None,
                 retries: int = DEFAULT_RETRIES, stream: TextIO | None = None) -> None:
        if workers < 1:
            raise ValueError(f"workers {workers} is not >= 1")
        if retries < 0:
            raise ValueError(f"retries {retries} is not >= 0")
        if cluster is not None and not has_dask():
            raise FanoutError(f"--scheduler {cluster} needs Dask: {INSTALL_HINT}", exit_code=2)
        self.workers = workers
        self.cluster = cluster
        self.warm = warm
        self.retries = retries
        self.stream = stream if stream is not None else sys.stderr
        self._pool: ProcessPoolExecutor | None = None
        self._dask: DaskRunner | None = None

    def __str__(self) -> str:
        if self.cluster is not None:
            return f"the Dask cluster {self.cluster}"
        return "this process" if self.workers == 1 else f"{self.workers} worker processes"

    def map(self, task: Callable[[Item], Result], items: Iterable[Item], progress: Progress | None = None,
            steps: Callable[[Item], int] | None = None) -> list[Result]:
        """`[task(item) for item in items]`, run where this Fanout runs tasks."""
        return list(self.imap(task, items, progress, steps))

    def imap(self, task: Callable[[Item], Result], items: Iterable[Item], progress: Progress | None = None,
             steps: Callable[[Item], int] | None = None) -> Iterator[Result]:
        """The results of `task` (a top-level function: it is sent to the workers by name) over `items`, in the
        items' order. `progress` advances as each task finishes, by `steps(item)` (default 1)."""
        work = list(items)
        sizes = [1] * len(work) if steps is None else [steps(item) for item in work]
        if self.cluster is not None:
            finished = self._dask_runner().run(task, work)
        elif self.workers > 1:
            finished = self._in_processes(task, work)
        else:
            finished = self._in_this_process(task, work)
        ready: dict[int, Result] = {}
        following = 0
        try:
            for index, result in finished:
                if progress is not None:
                    progress.advance(sizes[index])
                ready[index] = result
                while following in ready:
                    yield ready.pop(following)
                    following += 1
        except BaseException:  # Ctrl-C, a failed task, a consumer that stopped: nothing may keep running
            self.cancel()
            raise
        finally:
            close = getattr(finished, "close", None)
            if close is not None:
                close()

    # -- (a) this process

    def _in_this_process(self, task: Callable[[Item], Result], work: Sequence[Item]) -> Iterator[tuple[int, Result]]:
        answers: queue.SimpleQueue[tuple[int, bool, Any]] = queue.SimpleQueue()
        stop = threading.Event()

        def run() -> None:
            for index, item in enumerate(work):
                if stop.is_set():
                    return
                try:
                    answers.put((index, True, task(item)))
                except BaseException as error:  # noqa: BLE001 - handed to the main thread, which raises it
                    answers.put((index, False, error))
                    return

        thread = threading.Thread(target=run, name="fanout", daemon=True)
        thread.start()
        try:
            for _ in work:
                while True:
                    try:
                        index, ok, value = answers.get(timeout=POLL_SECONDS)
                        break
                    except queue.Empty:
                        continue
                if not ok:
                    raise value
                yield index, value
        finally:
            stop.set()

    # -- (b) local worker processes

    def _process_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker, initargs=(os.getpid(), self.warm))
        return self._pool

    def _in_processes(self, task: Callable[[Item], Result], work: Sequence[Item]) -> Iterator[tuple[int, Result]]:
        unfinished = dict(enumerate(work))
        losses = 0
        while unfinished:
            pool = self._process_pool()
            with workers_deaf_to_ctrl_c():  # the pool starts its processes as the tasks are submitted
                futures: dict[Future[Result], int] = {pool.submit(task, item): index
                                                      for index, item in unfinished.items()}
            waiting: set[Future[Result]] = set(futures)
            lost = False
            while waiting and not lost:
                done, waiting = wait_for_futures(waiting, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=futures.__getitem__):
                    if isinstance(future.exception(), BrokenProcessPool):
                        lost = True
                        continue
                    index = futures[future]
                    del unfinished[index]
                    yield index, future.result()
            if lost:
                self._stop_pool()
                losses += 1
                if losses > self.retries:
                    raise FanoutError(f"worker processes were lost {losses} times; gave up with {len(unfinished)} "
                                      "tasks unfinished")
                self.stream.write(f"a worker process was lost; running its {len(unfinished)} unfinished tasks "
                                  f"again on new workers ({losses} of {self.retries} retries)\n")
                self.stream.flush()

    def _stop_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            terminate_pool(pool)

    # -- (c) a Dask cluster

    def _dask_runner(self) -> DaskRunner:
        if self._dask is None:
            from tablegames.core.cluster import DaskRunner

            assert self.cluster is not None
            self._dask = DaskRunner(self.cluster, self.warm, self.retries, self.stream)
        return self._dask

    # -- the end

    def cancel(self) -> None:
        """Cancel every outstanding task and stop the workers now (a later map starts new ones)."""
        self._stop_pool()
        dask, self._dask = self._dask, None
        if dask is not None:
            dask.close(cancel=True)

    def close(self) -> None:
        """Stop the workers (and a LocalCluster); the work is done."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)
        dask, self._dask = self._dask, None
        if dask is not None:
            dask.close()

    def __enter__(self) -> Fanout:
        if self.cluster is not None:  # connect now: the dashboard's line comes before any progress bar
            self._dask_runner()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None:
            self.close()
        else:
            self.cancel()


# --- the commands' options ----------------------------------------------------------------------------------------


def add_fanout_options(parser: argparse.ArgumentParser, what: str = "games") -> None:
    """--workers N (local processes) or --scheduler local:N|tcp://HOST:PORT (Dask), not both."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=worker_count, default=1,
                       help=f"worker processes playing the {what}, up to the CPUs (default 1: this process)")
    where.add_argument("--scheduler", type=scheduler, default=None, metavar="local:N|tcp://HOST:PORT",
                       help=f"play the {what} on a Dask cluster: local:N starts N worker processes here, "
                       f"tcp://HOST:PORT joins a running scheduler (needs the extra: {INSTALL_HINT}; "
                       "see docs/cluster.md)")


def fanout_from(args: argparse.Namespace, warm: Callable[[], object] | None = None) -> Fanout:
    """The Fanout a command's --workers / --scheduler ask for."""
    return Fanout(workers=args.workers, cluster=args.scheduler, warm=warm)
