"""Per-frame update+draw time, summarised as median, 95th percentile and worst (what --demo reports)."""

from __future__ import annotations

import time
from collections import deque

import numpy as np


class FrameTimer:
    def __init__(self) -> None:
        self.samples_ms: list[float] = []
        self._started = 0.0

    def start(self) -> None:
        self._started = time.perf_counter()

    def stop(self) -> None:
        self.samples_ms.append((time.perf_counter() - self._started) * 1000.0)

    def summary(self) -> dict[str, float]:
        if not self.samples_ms:
            return {"frames": 0, "median_ms": 0.0, "p95_ms": 0.0, "worst_ms": 0.0}
        samples = np.asarray(self.samples_ms)
        return {
            "frames": len(samples),
            "median_ms": float(np.median(samples)),
            "p95_ms": float(np.percentile(samples, 95)),
            "worst_ms": float(samples.max()),
        }

    def report(self) -> str:
        s = self.summary()
        return (f"frames {s['frames']}  median {s['median_ms']:.2f} ms  p95 {s['p95_ms']:.2f} ms  "
                f"worst {s['worst_ms']:.2f} ms  (budget 16.7 ms)")


class CostMeter:
    """What one part of a frame costs (the checkers table's playful layer), summed over update and draw.

    An instrument, not scene state: `draw` may add to it (the test that drawing only reads leaves instruments out).
    """

    def __init__(self, keep: int = 36_000) -> None:
        self.frame_ms = 0.0  # the frame in progress
        self.samples_ms: deque[float] = deque(maxlen=keep)

    def add(self, started: float) -> None:
        """Add the time since `started` (a perf_counter reading) to the frame in progress."""
        self.frame_ms += (time.perf_counter() - started) * 1000.0

    def end_frame(self) -> None:
        self.samples_ms.append(self.frame_ms)
        self.frame_ms = 0.0

    def report(self) -> str:
        samples = sorted(self.samples_ms) or [0.0]
        median = samples[len(samples) // 2]
        p95 = samples[min(len(samples) - 1, int(len(samples) * 0.95))]
        return f"median {median:.2f} ms  p95 {p95:.2f} ms  worst {samples[-1]:.2f} ms per frame"
