import threading
import time

import pytest

from tablegames.core.worker import Thinker


def test_inline_runs_at_once_and_hands_back_the_value():
    job = Thinker(inline=True).submit(lambda token: 6 * 7)
    assert job.done() and job.result() == 42


def test_inline_hands_back_the_error():
    def fail(token):
        raise ValueError("no legal move")

    job = Thinker(inline=True).submit(fail)
    with pytest.raises(ValueError, match="no legal move"):
        job.result()


def test_thread_runs_in_the_background_and_ends_when_cancelled():
    thinker = Thinker()
    started = threading.Event()

    def search(token):
        started.set()
        iterations = 0
        while not token.is_cancelled():
            iterations += 1
            time.sleep(0.001)
        return iterations

    job = thinker.submit(search)
    assert started.wait(5)
    assert not job.done()
    job.cancel()
    assert job.future.result(timeout=5) > 0  # the task saw the token and ended
    assert job.token.flag[0] == 1  # what a numba kernel polls
    thinker.shutdown()


def test_shutdown_tells_the_running_task_to_stop_and_drops_the_queued_ones():
    thinker = Thinker()
    started = threading.Event()
    ran = []

    def long_search(token):
        started.set()
        while not token.is_cancelled():
            time.sleep(0.001)
        return "stopped"

    running = thinker.submit(long_search)
    queued = thinker.submit(lambda token: ran.append("queued"))
    assert started.wait(5)
    thinker.shutdown(wait=True)  # returns only once the running task has ended
    assert running.done() and running.result() == "stopped" and running.is_cancelled()
    assert queued.future.cancelled() and ran == []
    assert not thinker._live
