"""The window keeps drawing while a nogil numba kernel runs on the thinker thread."""

import time

import numpy as np
import pygame
from numba import njit

from tablegames.core.worker import Thinker
from tablegames.ui.app import App
from tablegames.ui.lobby import LobbyScene
from tablegames.ui.scene import Context


@njit(nogil=True)
def busy_sum(iterations, cancel_flag):
    total = 0
    for i in range(iterations):
        total += (i * 2654435761) % 1000003
        if i % 1048576 == 0 and cancel_flag[0]:
            break
    return total


def test_frames_stay_under_50_ms_while_a_kernel_thinks():
    flag = np.zeros(1, dtype=np.int32)
    busy_sum(10, flag)  # compile first: a compile is not a search
    thinker = Thinker()
    context = Context(thinker=thinker)
    app = App(context)
    app.stack.push(LobbyScene(context))
    for _ in range(10):  # the first frames fill the font and gradient caches: not what is measured
        app.step([], 1 / 60)
    app.timer.samples_ms.clear()
    job = thinker.submit(lambda token: busy_sum(10**12, token.flag))
    deadline = time.perf_counter() + 1.0
    while time.perf_counter() < deadline:
        app.step([], 1 / 60)
        time.sleep(0.002)
    assert not job.done(), "the kernel should still be thinking while we drew"
    job.cancel()
    job.future.result(timeout=10)
    thinker.shutdown()
    summary = app.timer.summary()
    assert summary["frames"] > 30
    assert summary["worst_ms"] < 50, app.timer.report()
    pygame.display.set_mode((1, 1))
