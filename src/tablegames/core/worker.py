"""The thinker: runs searches on a background thread and hands back a Job the window polls each frame.

numba kernels compiled with nogil=True release the GIL, so the window keeps drawing while the computer thinks.
Cancellation is cooperative: a task receives a CancelToken whose `flag` (a one-element int32 array) a kernel can
poll, and whose `is_cancelled()` Python code can check between iterations. Tests use `Thinker(inline=True)`, which
runs each task at once on the calling thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import numpy as np


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
