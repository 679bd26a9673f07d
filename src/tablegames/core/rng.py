"""Seeded random generators: every random choice in the suite comes from one of these.

A generator is derived from a game seed plus a few stream labels (a seat, a purpose), so two parts of a
game that draw independently never disturb each other's sequences and the same seed replays the same game.
"""

from __future__ import annotations

import hashlib

import numpy as np


def stream_key(*labels: int | str) -> int:
    """A stable 64-bit integer for a tuple of labels (strings hashed with BLAKE2, not Python's salted hash).
    numpy integers count as the Python integers they equal: numpy 2 prints them as `np.int64(1)`, numpy 1 as `1`."""
    digest = hashlib.blake2b(repr(tuple(_plain(label) for label in labels)).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def _plain(label: int | str) -> int | str:
    if isinstance(label, str | bool):
        return label
    if isinstance(label, int | np.integer):
        return int(label)
    raise TypeError(f"stream label: expected an integer or a string, got {type(label).__name__} {label!r}")


def make_rng(seed: int, *labels: int | str) -> np.random.Generator:
    """A numpy Generator for `seed` and the stream named by `labels`; the same arguments give the same draws."""
    if labels:
        return np.random.default_rng([int(seed) & 0xFFFFFFFFFFFFFFFF, stream_key(*labels)])
    return np.random.default_rng(int(seed) & 0xFFFFFFFFFFFFFFFF)
