"""Tasks for the fan-out tests: top-level functions in a module the worker processes can import (tests/ is on
their path)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tablegames.core.rng import make_rng


def seeded_draw(item: int) -> tuple[int, float]:
    """A result seeded from the item alone, as every task of the suite is; a short sleep that varies by item makes
    the tasks finish out of order."""
    rng = make_rng(item, "fanout-test")
    time.sleep(0.01 * (item % 3))
    return item, float(rng.random())


def fails_on_three(item: int) -> int:
    if item == 3:
        raise ValueError("item 3 is bad")
    return item


def dies_once(args: tuple[int, str]) -> int:
    """Kills its worker the first time it runs item 0 (a marker file remembers), then answers."""
    item, folder = args
    marker = Path(folder) / "died"
    if item == 0 and not marker.exists():
        marker.write_text("once")
        os._exit(9)
    return item * 10


def always_dies(item: int) -> int:
    os._exit(9)


def note_warm_up() -> None:
    """A warm-up that leaves a file named after its process: how many times each worker warmed."""
    folder = Path(os.environ["FANOUT_TEST_FOLDER"])
    with open(folder / f"warm-{os.getpid()}", "a") as file:
        file.write("warm\n")


def process_id(item: int) -> int:
    time.sleep(0.05)
    return os.getpid()
