"""The thinker: runs searches on a background thread and hands back a Job the window polls each frame.

The one computer-player contract of every table: a player (or an advisor) is a task `task(token) -> answer` run
by `Thinker.submit`; the window polls the Job each frame, uses the answer only for the state it asked about, and
cancels the job when that state goes away. numba kernels compiled with nogil=True release the GIL, so the window
keeps drawing while the computer thinks.

Cancellation is cooperative: a task receives a CancelToken whose `flag` (a one-element int32 array) a kernel can
poll, and whose `is_cancelled()` Python code can check between iterations. A search that stops because of its
token raises `SearchCancelled`, the one cancellation exception of every table. Tests use `Thinker(inline=True)`,
which runs each task at once on the calling thread.

`ProcessWorker` owns the suite's one worker process, for the searches that hold the GIL (pure Python), its
warm-up and its shutdown (a Thinker given it stops it with itself). `KeyedAnswer` is the window's side of a
question asked again whenever its state changes (an advisor's advice). `run_until_interrupted` is the command
line's way to run a task on a thinker while its main thread shows progress and turns Ctrl-C (or a timeout) into
a cancel.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import wait as wait_for_futures
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

T = TypeVar("T")


class SearchCancelled(Exception):
    """A search stopped because its CancelToken was cancelled: there is no answer (never a half-made one)."""


class HasCancelFlag(Protocol):
    """Anything a search can be cancelled through: a CancelToken, or any object with its one-element int32 flag."""

    @property
    def flag(self) -> npt.NDArray[np.int32]: ...


class CancelToken:
    """Set once by the window; read by the task (Python between iterations, a kernel through `flag`)."""

    def __init__(self) -> None:
        self.flag = np.zeros(1, dtype=np.int32)
        self._event = threading.Event()

    def cancel(self) -> None:
        self.flag[0] = 1
        self._event.set()

    def is_cancelled(self) -> bool:
        return self._event.is_set()


def cancel_flag_of(cancel: HasCancelFlag | None) -> npt.NDArray[np.int32]:
    """The flag a kernel polls: the token's own one-element int32 array, or a fresh one nobody sets."""
    if cancel is None:
        return np.zeros(1, dtype=np.int32)
    flag = cancel.flag
    if not isinstance(flag, np.ndarray) or flag.dtype != np.int32 or flag.shape != (1,):
        raise TypeError(f"a cancel flag is a one-element int32 array (CancelToken.flag), got {flag!r}")
    return flag


def is_cancelled(cancel: HasCancelFlag | None) -> bool:
    return cancel is not None and bool(cancel.flag[0])


def raise_if_cancelled(cancel: HasCancelFlag | None, what: str) -> None:
    """Raise SearchCancelled (saying `what` stopped) when the token has been cancelled."""
    if is_cancelled(cancel):
        raise SearchCancelled(f"{what} cancelled")


class Job:
    """One submitted task: poll `done()` each frame, then read `result()` (whatever the task returned)."""

    def __init__(self, future: Future[Any], token: CancelToken) -> None:
        self.future = future
        self.token = token

    def done(self) -> bool:
        return self.future.done()

    def result(self) -> Any:
        """The task's value (re-raises its exception); call only when done()."""
        return self.future.result()

    def cancel(self) -> None:
        self.token.cancel()
        self.future.cancel()

    def is_cancelled(self) -> bool:
        return self.token.is_cancelled()


class Thinker:
    """One background thread for searches; tasks run one after another in submission order. `processes`: the
    worker process of the window this thinker serves, shut down with the thinker."""

    def __init__(self, inline: bool = False, processes: ProcessWorker | None = None) -> None:
        self.inline = inline
        self.processes = processes
        self._executor = None if inline else ThreadPoolExecutor(max_workers=1, thread_name_prefix="thinker")
        self._live: set[Job] = set()  # submitted, not yet done: shutdown cancels them
        self._live_lock = threading.Lock()

    def submit(self, task: Callable[[CancelToken], Any]) -> Job:
        """Run `task(token)` on the thinker thread (or now, when inline) and return its Job."""
        token = CancelToken()
        if self._executor is None:
            future: Future[Any] = Future()
            try:
                future.set_result(task(token))
            except BaseException as error:  # noqa: BLE001 - handed to the poller, as the thread would
                future.set_exception(error)
            return Job(future, token)
        job = Job(self._executor.submit(task, token), token)
        with self._live_lock:
            self._live.add(job)
        job.future.add_done_callback(lambda _: self._forget(job))
        return job

    def _forget(self, job: Job) -> None:
        with self._live_lock:
            self._live.discard(job)

    def shutdown(self, cancel_running: bool = True, wait: bool = False) -> None:
        """Stop taking work; with `cancel_running`, cancel the queued tasks and tell the running one to stop (a
        task that polls its token ends within its polling interval, so leaving the suite never waits for a
        long search). The worker process, if the thinker has one, is stopped too."""
        if self.processes is not None:
            self.processes.shutdown()
        if self._executor is None:
            return
        if cancel_running:
            with self._live_lock:
                live = list(self._live)
            for job in live:
                job.cancel()
        self._executor.shutdown(wait=wait, cancel_futures=cancel_running)


class KeyedAnswer:
    """The window's side of one question put to the thinker, asked again whenever the state it is about changes.

    `get(key, make_task)` answers for `key` (any hashable description of the state asked about): the answer once
    the thinker has it, None while it thinks. `make_task()` is called on the window's thread only when a job must
    be submitted, so the task it returns owns copies of what it reads. Asking about another key cancels the job
    for the old one, whose answer is then dropped; `poll()` (each frame) picks up a finished answer; `cancel()` on
    leaving. A failed task's exception is raised on the window's thread, by the poll that finds it."""

    def __init__(self, thinker: Thinker) -> None:
        self.thinker = thinker
        self.key: Hashable = None
        self.value: Any = None
        self.has_value = False
        self.job: Job | None = None
        self.job_key: Hashable = None
        self.version = 0  # counts the answers received: a drawing cached on it redraws when one arrives

    def poll(self) -> None:
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        if self.job_key != self.key or job.is_cancelled():
            return  # asked about a state that is gone: dropped
        try:
            value = job.result()
        except SearchCancelled:
            return
        self.value, self.has_value = value, True
        self.version += 1

    def get(self, key: Hashable, make_task: Callable[[], Callable[[CancelToken], Any]]) -> Any:
        """The answer for `key` when the thinker has given it, else None (asking it, unless it is already)."""
        self.poll()
        if key != self.key:
            self.key, self.value, self.has_value = key, None, False
        if self.has_value:
            return self.value
        if self.job is None or self.job_key != key:
            if self.job is not None:
                self.job.cancel()
            self.job_key = key
            self.job = self.thinker.submit(make_task())
            self.poll()  # an inline thinker has answered already
        return self.value if self.has_value else None

    def peek(self, key: Hashable) -> Any:
        """The answer for `key` if the thinker has given it, else None; asks nothing (what `draw` may call)."""
        return self.value if self.has_value and key == self.key else None

    def is_thinking(self) -> bool:
        return self.job is not None and not self.job.done()

    def cancel(self) -> None:
        """Cancel the job in progress and forget the answer."""
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.key, self.value, self.has_value = None, None, False


PARENT_CHECK_SECONDS = 0.5


def _end_with_parent(parent: int, niceness: int = 0) -> None:
    """In the worker process: end it when the window's process is gone (a kill -9 leaves no one to stop it, and
    an orphan would keep its ~160 MB of kernels forever); `niceness` lowers its priority (os.nice, where there is
    one)."""
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def spawned_pool(workers: int = 1, niceness: int = 0) -> ProcessPoolExecutor:
    """A pool of `workers` spawned processes (they share nothing with this one) that end when this process does,
    at `niceness` below this process's priority."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_end_with_parent, initargs=(os.getpid(), niceness))


class ProcessWorker:
    """One worker process, spawned (it shares nothing with the window's process), for the searches that hold the
    GIL: started on first use, warmed once with `warm(fn)` (load the kernels there before the first search),
    stopped by `shutdown()` (the Thinker that owns it, or the interpreter's exit). After a shutdown the next use
    starts a new process."""

    def __init__(self, make_pool: Callable[[], ProcessPoolExecutor] = spawned_pool) -> None:
        self._make_pool = make_pool
        self._pool: ProcessPoolExecutor | None = None
        self._warmed: Future[None] | None = None
        self._lock = threading.Lock()
        self._exit_hook = False

    @property
    def is_started(self) -> bool:
        return self._pool is not None

    def pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = self._make_pool()
                if not self._exit_hook:
                    atexit.register(self.shutdown)
                    self._exit_hook = True
            return self._pool

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Run `fn(*args)` in the worker process (arguments and answer are pickled); poll the Future."""
        return self.pool().submit(fn, *args)

    def warm(self, fn: Callable[[], None]) -> Future[None]:
        """Start the process and run `fn` there once (until the next shutdown): loading its kernels takes a few
        seconds, which the first search then does not wait for."""
        pool = self.pool()
        with self._lock:
            if self._warmed is None or (self._warmed.done() and self._warmed.exception() is not None):
                self._warmed = pool.submit(fn)
            return self._warmed

    def shutdown(self) -> None:
        """Drop the queued work and stop the process now, without waiting for a search in progress (its Future
        is then left failed or cancelled: nobody is waiting for it)."""
        with self._lock:
            pool, self._pool, self._warmed = self._pool, None, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())  # no public handle before 3.14
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()


_PROCESS_WORKER = ProcessWorker()


def process_worker() -> ProcessWorker:
    """The suite's one worker process (levels 4-6 of checkers run there)."""
    return _PROCESS_WORKER


def run_until_interrupted(task: Callable[[CancelToken], T], tick: Callable[[], None] | None = None,
                          interval: float = 0.1, grace: float = 0.8, timeout: float | None = None) -> T:
    """For a command on the main thread: run `task(token)` on a thinker thread, calling `tick()` every `interval`
    seconds while it runs (to show progress). Ctrl-C cancels the token, waits (up to `grace` seconds, further
    Ctrl-Cs ignored) for the task to stop, and raises KeyboardInterrupt; after `timeout` seconds the task is stopped
    the same way and TimeoutError raised (unless it answered meanwhile). The task's own exception is raised as is."""
    thinker = Thinker()
    job = thinker.submit(task)
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        while not job.done():
            wait = interval if deadline is None else max(0.0, min(interval, deadline - time.monotonic()))
            if wait_for_futures([job.future], timeout=wait).done:
                break
            if tick is not None:
                tick()
            if deadline is not None and time.monotonic() >= deadline:
                _stop(job, grace)
                if (not job.done() or job.future.cancelled()
                        or isinstance(job.future.exception(), SearchCancelled)):
                    raise TimeoutError(f"timed out after {timeout:g} s")
                break  # it answered (or failed on its own) as it was told to stop
    except KeyboardInterrupt:
        _stop(job, grace)
        raise
    finally:
        thinker.shutdown()
    answer: T = job.result()  # what `task` returned (a Job holds any task's answer)
    return answer


def _stop(job: Job, grace: float) -> None:
    """Cancel the job and wait up to `grace` seconds for its task to end (Ctrl-Cs meanwhile are ignored)."""
    job.cancel()
    deadline = time.monotonic() + grace
    while not job.done() and time.monotonic() < deadline:
        try:
            wait_for_futures([job.future], timeout=max(0.0, deadline - time.monotonic()))
        except KeyboardInterrupt:
            continue
