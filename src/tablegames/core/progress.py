"""The progress of a long command (a tournament, training, an experiment, a benchmark) on stderr, drawn by tqdm.

On a terminal: tqdm's bar redrawn in place, with the rate and the time left. Anywhere else (a log file, a pipe):
one line a tenth of the way, the same text tqdm would draw, so a log of a long run stays a dozen lines. A run
stopped by an error or Ctrl-C clears the bar on a terminal, so the line that says why is the last one shown.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any, TextIO

from tqdm import tqdm

LOG_WIDTH = 100  # the width of a line written to a log (a terminal's bar takes the terminal's width)


class Progress:
    """`total` steps of `unit` (games, rounds, maps); `advance` as they finish, `note` to show a short status.
    With `shown` False it shows nothing (tests, quiet runs)."""

    def __init__(self, total: int, label: str, unit: str = "games", stream: TextIO | None = None,
                 shown: bool = True) -> None:
        self.shown = shown
        self.total = max(1, total)
        self.label = label
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.status = ""
        self.started = time.perf_counter()
        self._last_tenth = 0
        self._bar: tqdm[Any] | None = None
        if shown and hasattr(self.stream, "isatty") and self.stream.isatty():
            self._bar = tqdm(total=self.total, desc=label, unit=" " + unit, file=self.stream, dynamic_ncols=True,
                             mininterval=0.2, leave=True)

    def advance(self, steps: int = 1) -> None:
        self.done = min(self.total, self.done + steps)
        if self._bar is not None:
            self._bar.update(steps)
            return
        tenth = 10 * self.done // self.total
        if self.shown and tenth > self._last_tenth:
            self._last_tenth = tenth
            self.stream.write(self.line() + "\n")
            self.stream.flush()

    def note(self, text: str) -> None:
        """A short status shown after the bar (on a terminal at once; in a log with the next tenth's line)."""
        self.status = text
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=False)

    def print(self, text: str) -> None:
        """Print a line of results on stdout without breaking the bar (tqdm clears it, prints, redraws it)."""
        if self._bar is not None:
            self._bar.write(text, file=sys.stdout)
        else:
            print(text, flush=True)

    def line(self) -> str:
        """The text of a log line: tqdm's, drawn in ASCII."""
        return tqdm.format_meter(self.done, self.total, time.perf_counter() - self.started, ncols=LOG_WIDTH,
                                 prefix=self.label, ascii=True, unit=" " + self.unit,
                                 postfix=self.status or None)

    def close(self, clear: bool = False) -> None:
        """End the bar: kept on the terminal when the run finished, cleared (`clear`) when it was stopped."""
        if self._bar is None:
            return
        bar, self._bar = self._bar, None
        if clear:
            bar.leave = False
        bar.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close(clear=kind is not None)

