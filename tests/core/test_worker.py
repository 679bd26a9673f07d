import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor, wait

import numpy as np
import pytest

from tablegames.core.worker import (
    CancelToken,
    KeyedAnswer,
    ProcessWorker,
    SearchCancelled,
    Thinker,
    cancel_flag_of,
    raise_if_cancelled,
    run_until_interrupted,
)


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


# --- the one cancellation exception, a flag for kernels, the command line's loop, the window's question ----------


def test_a_cancel_flag_is_the_tokens_own_array_or_a_fresh_one():
    token = CancelToken()
    assert cancel_flag_of(token) is token.flag
    fresh = cancel_flag_of(None)
    assert fresh.dtype == np.int32 and fresh.shape == (1,) and fresh[0] == 0
    raise_if_cancelled(token, "nothing")
    token.cancel()
    with pytest.raises(SearchCancelled, match="the search cancelled"):
        raise_if_cancelled(token, "the search")


def test_ctrl_c_in_a_commands_loop_cancels_the_task_and_waits_for_it():
    seen = []
    ticks = []

    def task(token):
        while not token.is_cancelled():
            time.sleep(0.001)
        seen.append("stopped")
        raise SearchCancelled("stopped")

    def tick():
        ticks.append(1)
        if len(ticks) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_until_interrupted(task, tick, interval=0.01)
    assert seen == ["stopped"] and len(ticks) == 3  # the task had stopped before the interrupt went on


def test_a_commands_task_answers_through_the_loop():
    assert run_until_interrupted(lambda token: 6 * 7, interval=0.01) == 42
    with pytest.raises(ValueError, match="bad map"):
        run_until_interrupted(lambda token: (_ for _ in ()).throw(ValueError("bad map")), interval=0.01)


def test_a_commands_timeout_cancels_the_task_waits_for_it_and_raises_timeout_error():
    seen = []

    def task(token):
        while not token.is_cancelled():
            time.sleep(0.001)
        seen.append("stopped")
        raise SearchCancelled("stopped")

    with pytest.raises(TimeoutError, match="timed out after 0.05 s"):
        run_until_interrupted(task, interval=0.01, timeout=0.05)
    assert seen == ["stopped"]


def test_a_task_that_answers_as_the_timeout_strikes_keeps_its_answer():
    def task(token):
        while not token.is_cancelled():
            time.sleep(0.001)
        return "answered anyway"  # told to stop, it had its answer already

    assert run_until_interrupted(task, interval=0.01, timeout=0.05) == "answered anyway"
    assert run_until_interrupted(lambda token: 6 * 7, interval=0.01, timeout=60) == 42


def test_a_keyed_answer_is_kept_only_for_the_state_it_was_asked_about():
    thinker = Thinker()
    gate = threading.Event()
    try:
        answer = KeyedAnswer(thinker)

        def slow(value):
            def task(token):
                gate.wait(5)
                return value
            return task

        assert answer.get("a", lambda: slow("for a")) is None and answer.is_thinking()
        first = answer.job
        assert answer.get("b", lambda: slow("for b")) is None  # the state changed: a's job is cancelled
        assert first.is_cancelled()
        gate.set()
        deadline = time.monotonic() + 5
        while answer.get("b", lambda: slow("asked twice")) is None:
            assert time.monotonic() < deadline
            time.sleep(0.001)
        assert answer.value == "for b" and answer.version == 1
        answer.cancel()
        assert answer.job is None and not answer.has_value
    finally:
        thinker.shutdown()


# --- the worker process ---------------------------------------------------------------------------------------------


def test_the_worker_process_is_warmed_once_and_a_thinker_that_owns_it_stops_it():
    worker = ProcessWorker()
    try:
        pid = worker.submit(os.getpid).result(timeout=120)  # a spawned process of its own
        assert pid != os.getpid() and worker.is_started
        warmed = worker.warm(os.getpid)
        assert worker.warm(os.getpid) is warmed and warmed.result(timeout=60) == pid
        long_search = worker.submit(time.sleep, 60)
        queued = worker.submit(os.getpid)
        Thinker(processes=worker).shutdown()  # the window closes
        assert not worker.is_started
        wait([long_search], timeout=30)  # stopped (or never started), not left to run its minute
        assert long_search.done() and (long_search.cancelled() or long_search.exception() is not None)
        assert queued.cancelled() or queued.exception(timeout=10) is not None
        assert worker.submit(os.getpid).result(timeout=120) != pid  # a later use starts a new process
    finally:
        worker.shutdown()


def test_the_worker_process_starts_warming_at_start_up_right_after_the_checkers_kernels(monkeypatch):
    from tablegames.checkers import levels
    from tablegames.tables import warmup_steps

    worker = ProcessWorker(lambda: ThreadPoolExecutor(max_workers=1))  # a stand-in pool: no process to spawn
    monkeypatch.setattr(levels, "process_worker", lambda: worker)
    calls = []
    monkeypatch.setattr(levels, "_warm_worker", lambda: calls.append("warmed"))
    steps = warmup_steps()
    functions = [function for _, function in steps]
    from tablegames.checkers import search_kernels

    step = functions.index(levels.warm_worker_process)
    assert functions[step - 1] == search_kernels.warmup and steps[step][0] == "checkers"
    levels.warm_worker_process()  # returns at once; the warm-up runs in the worker
    levels.prepare_worker_process().result(timeout=5)
    assert calls == ["warmed"]  # once per process
    worker.shutdown()


def test_the_worker_process_ends_when_the_window_is_killed(tmp_path):
    """kill -9 of the window's process leaves no orphaned worker holding its kernels."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "window.py"
    script.write_text(
        "import os, time\n"
        "from tablegames.core.worker import ProcessWorker\n"
        "if __name__ == '__main__':\n"
        "    worker = ProcessWorker()\n"
        "    print(worker.submit(os.getpid).result(timeout=120), flush=True)\n"
        "    time.sleep(600)\n")
    window = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        child = int(window.stdout.readline())
        os.kill(child, 0)  # alive
        window.send_signal(signal.SIGKILL)
        window.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(child, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            os.kill(child, signal.SIGKILL)
            raise AssertionError("the worker process outlived the window by 10 s")
    finally:
        window.kill()
