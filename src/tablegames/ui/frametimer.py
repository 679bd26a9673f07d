"""Per-frame update+draw time, summarised as median, 95th percentile and worst (what --demo reports)."""

from __future__ import annotations

import time

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
