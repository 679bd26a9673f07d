"""Command-line argument types that check their range before any work starts (argparse then says what is wrong
in one line and exits 2). Seeds are 0..2^32-1 everywhere: the decks and generators use 32-bit seeds."""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablegames.core.fanout import Cluster

MAX_SEED = 2**32 - 1


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value}: expected {low} to {high}")
        return value

    parse.__name__ = f"whole number {low}-{high}"
    return parse


def positive_number(high: float) -> Callable[[str], float]:
    """An argparse type: a number above 0 and at most `high`."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
        if not 0 < value <= high:
            raise argparse.ArgumentTypeError(f"{value:g}: expected more than 0 and at most {high:g}")
        return value

    return parse


def number_between(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number from `low` to `high`."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
        if not low <= value <= high:  # NaN fails this too
            raise argparse.ArgumentTypeError(f"{value:g}: expected {low:g} to {high:g}")
        return value

    return parse


seed_number = whole_number(0, MAX_SEED)


def worker_count(text: str) -> int:
    """Worker processes: 1 to the number of CPUs (more would only fight over them)."""
    return whole_number(1, os.cpu_count() or 1)(text)


def scheduler(text: str) -> Cluster:
    """A Dask scheduler: `local:N` (a LocalCluster of N worker processes, 1 to the CPUs) or `tcp://HOST:PORT` (a
    running scheduler, PORT 1-65535); refused when Dask is not installed, saying how to install it."""
    from tablegames.core.fanout import INSTALL_HINT, has_dask, parse_cluster

    try:
        cluster = parse_cluster(text, os.cpu_count() or 1)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if not has_dask():
        raise argparse.ArgumentTypeError(f"{cluster} needs Dask, which is not installed: {INSTALL_HINT}")
    return cluster


def writable_file(text: str) -> str:
    """A path a file can be written at (checked now, so a long run does not fail at its end)."""
    target = os.path.abspath(text)
    if os.path.isdir(target):
        raise argparse.ArgumentTypeError(f"{text}: that is a folder; give a file name")
    current = os.path.dirname(target)
    while not os.path.exists(current):
        current = os.path.dirname(current)
    if not os.path.isdir(current):
        raise argparse.ArgumentTypeError(f"{text}: {current} is a file, not a folder")
    try:
        with tempfile.TemporaryFile(dir=current):
            pass
    except OSError:
        raise argparse.ArgumentTypeError(f"{text}: cannot write in {current}") from None
    return text
