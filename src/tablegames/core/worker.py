"""The thinker: runs searches on a background thread and hands back a Job the window polls each frame.

The one computer-player contract of every table: a player (or an advisor) is a task `task(token) -> answer` run
by `Thinker.submit`; the window polls the Job each frame, uses the answer only for the state it asked about, and
cancels the job when that state goes away. numba kernels compiled with nogil=True release the GIL, so the window
keeps drawing while the computer thinks.

Cancellation is cooperative: a task receives a CancelToken whose `flag` (a one-element int32 array) a kernel can
poll, and whose `is_cancelled()` Python code can check between iterations. A search that stops because of its
token raises `SearchCancelled`, the one cancellation exception of every table. Tests use `Thinker(inline=True)`,
which runs each task at once on the calling thread.

`run_until_interrupted` is the command line's way to run a task on a thinker while its main thread shows progress
and turns Ctrl-C into a cancel.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for_futures
from typing import Any, Protocol, TypeVar

import numpy as np

T = TypeVar("T")


class SearchCancelled(Exception):
    """A search stopped because its CancelToken was cancelled: there is no answer (never a half-made one)."""


class HasCancelFlag(Protocol):
    """Anything a search can be cancelled through: a CancelToken, or any object with its one-element int32 flag."""

    @property
    def flag(self) -> np.ndarray: ...


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


def cancel_flag_of(cancel: HasCancelFlag | None) -> np.ndarray:
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
    """One submitted task: poll `done()` each frame, then read `result()`."""

    def __init__(self, future: Future, token: CancelToken) -> None:
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
    """One background thread for searches; tasks run one after another in submission order."""

    def __init__(self, inline: bool = False) -> None:
        self.inline = inline
        self._executor = None if inline else ThreadPoolExecutor(max_workers=1, thread_name_prefix="thinker")
        self._live: set[Job] = set()  # submitted, not yet done: shutdown cancels them
        self._live_lock = threading.Lock()

    def submit(self, task: Callable[[CancelToken], Any]) -> Job:
        """Run `task(token)` on the thinker thread (or now, when inline) and return its Job."""
        token = CancelToken()
        if self._executor is None:
            future: Future = Future()
            try:
                future.set_result(task(token))
            except BaseException as error:  # handed to the poller, as the thread would
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
        long search)."""
        if self._executor is None:
            return
        if cancel_running:
            with self._live_lock:
                live = list(self._live)
            for job in live:
                job.cancel()
        self._executor.shutdown(wait=wait, cancel_futures=cancel_running)


def run_until_interrupted(task: Callable[[CancelToken], T], tick: Callable[[], None] | None = None,
                          interval: float = 0.1, grace: float = 5.0) -> T:
    """For a command on the main thread: run `task(token)` on a thinker thread, calling `tick()` every `interval`
    seconds while it runs (to show progress). Ctrl-C cancels the token, waits (up to `grace` seconds, further
    Ctrl-Cs ignored) for the task to stop, and raises KeyboardInterrupt; the task's own exception is raised as is."""
    thinker = Thinker()
    job = thinker.submit(task)
    try:
        while not wait_for_futures([job.future], timeout=interval).done:
            if tick is not None:
                tick()
    except KeyboardInterrupt:
        job.cancel()
        deadline = time.monotonic() + grace
        while not job.done() and time.monotonic() < deadline:
            try:
                wait_for_futures([job.future], timeout=max(0.0, deadline - time.monotonic()))
            except KeyboardInterrupt:
                continue
        raise
    finally:
        thinker.shutdown()
    return job.result()
