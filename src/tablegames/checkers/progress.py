"""A text progress bar for the long commands (train, tournament): one line redrawn in place on a terminal,
a line every tenth of the way otherwise (logs stay short)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    def __init__(self, total: int, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = max(1, total)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.done = 0
        self.started = time.perf_counter()
        self._is_terminal = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last_tenth = -1

    def advance(self, steps: int = 1, note: str = "") -> None:
        self.done = min(self.total, self.done + steps)
        filled = self.width * self.done // self.total
        elapsed = time.perf_counter() - self.started
        line = (f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} "
                f"{elapsed:.0f}s {note}").rstrip()
        if self._is_terminal:
            self.stream.write("\r" + line + ("\n" if self.done == self.total else ""))
        else:
            tenth = 10 * self.done // self.total
            if tenth == self._last_tenth:
                return
            self._last_tenth = tenth
            self.stream.write(line + "\n")
        self.stream.flush()
