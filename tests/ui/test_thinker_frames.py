"""The window keeps drawing while a nogil numba kernel runs on the thinker thread."""

import time

import numpy as np
import pytest
from numba import njit

from tablegames.core.worker import Thinker
from tablegames.ui.app import App
from tablegames.ui.lobby import LobbyScene
from tablegames.ui.scene import Context

WINDOWS = 3  # a kernel holding the GIL stalls every window; other programs on the machine stall one at most


@njit(nogil=True)
def busy_sum(iterations, cancel_flag):
    total = 0
    for i in range(iterations):
        total += (i * 2654435761) % 1000003
        if i % 1048576 == 0 and cancel_flag[0]:
            break
    return total


def frames_while_thinking(seconds: float) -> tuple[dict, str, bool]:
    thinker = Thinker()
    context = Context(thinker=thinker)
    app = App(context)
    app.stack.push(LobbyScene(context))
    for _ in range(10):  # the first frames fill the font and gradient caches: not what is measured
        app.step([], 1 / 60)
    app.timer.samples_ms.clear()
    job = thinker.submit(lambda token: busy_sum(10**12, token.flag))
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        app.step([], 1 / 60)
        time.sleep(0.002)
    still_thinking = not job.done()
    job.cancel()
    job.future.result(timeout=10)
    thinker.shutdown()
    return app.timer.summary(), app.timer.report(), still_thinking


@pytest.mark.slow  # timed: a busy machine could fail it; scripts/bench_frame.py measures frames
def test_frames_stay_under_50_ms_while_a_kernel_thinks():
    busy_sum(10, np.zeros(1, dtype=np.int32))  # compile first: a compile is not a search
    reports = []
    for _ in range(WINDOWS):
        summary, report, still_thinking = frames_while_thinking(0.7)
        assert still_thinking, "the kernel should still be thinking while we drew"
        assert summary["frames"] > 20
        reports.append(report)
        if summary["worst_ms"] < 50:
            return
    raise AssertionError("every window had a frame over 50 ms: " + " | ".join(reports))
