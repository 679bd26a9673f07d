"""Atomic file writes: a reader sees the old file or the new one, never half of either.

`write_atomic` is the suite's one way to write a file the player keeps (settings, saves, boards, weights):
- the data goes to a temporary file in the same folder, is flushed to disk, then renamed over the target, and
  the folder is synced so the rename itself survives a power cut;
- a symbolic link is followed: the file it points to is replaced and the link stays a link;
- the file keeps its permissions; a new file gets 0666 less the umask (0644 usually), not mkstemp's 0600;
- temporary files left by a write that was killed half-way (older than STALE_SECONDS) are cleaned up by the next
  write to the same file.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 3600.0  # a temporary file this old belongs to no write still running


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder, then rename it into place."""
    if not isinstance(data, str | bytes):
        raise TypeError(f"write_atomic: expected str or bytes, got {type(data).__name__}")
    with atomic_file(path) as handle:
        handle.write(data.encode("utf-8") if isinstance(data, str) else data)


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file to write `path` through, bit by bit (a long WAV): the target is replaced when the block ends
    without an exception, and left as it was when one is raised (the temporary file is removed)."""
    target = Path(os.path.realpath(path))  # through symbolic links: the link stays, its target is replaced
    target.parent.mkdir(parents=True, exist_ok=True)
    prefix = f".{target.name}."
    remove_stale_temporaries(target.parent, prefix)
    mode = permissions_for(target)
    fd, temp_name = tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp_name)
        raise
    sync_folder(target.parent)


def permissions_for(target: Path) -> int:
    """The existing file's permission bits, or what a new file gets under the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def sync_folder(folder: Path) -> None:
    """fsync a folder so a rename in it is on disk (where the system allows opening folders)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder: the rename is still atomic
    finally:
        os.close(fd)


def remove_stale_temporaries(folder: Path, prefix: str) -> None:
    """Delete this file's temporaries older than STALE_SECONDS (left by a write that was killed)."""
    cutoff = time.time() - STALE_SECONDS
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(prefix) and entry.name.endswith(TEMP_SUFFIX):
            with contextlib.suppress(OSError):
                if entry.stat(follow_symlinks=False).st_mtime < cutoff:
                    os.unlink(entry.path)


def keep_bad_copy(path: str | os.PathLike[str]) -> Path | None:
    """Copy a file that could not be read to NAME.bad beside it (NAME.bad.2, .3, ... when that exists: an earlier
    copy is never overwritten); the copy's path, or None when it could not be made."""
    source = Path(path)
    for number in range(1, 1000):
        copy = source.with_name(source.name + (".bad" if number == 1 else f".bad.{number}"))
        try:
            with open(source, "rb") as original, open(copy, "xb") as kept:  # "x": never over an earlier copy
                kept.write(original.read())
            return copy
        except FileExistsError:
            continue
        except OSError:
            return None
    return None


MAX_JSON_DEPTH = 64  # no file of ours nests deeper than a few levels


def load_json(text: str, where: str, allow_non_finite: bool = False, unique_keys: bool = False) -> object:
    """Parse JSON text; ValueError saying what is wrong and where (never RecursionError or OverflowError).
    Infinity, NaN and numbers too large for a float (1e999) are refused unless `allow_non_finite`; an integer of
    more digits than Python converts is refused; with `unique_keys`, so is a key twice in one object."""

    def finite(number: str) -> float:
        value = float(number)
        if not allow_non_finite and value in (float("inf"), float("-inf")):
            raise ValueError(f"{where}: the number {number[:40]} is too large")
        return value

    def whole(number: str) -> int:
        try:
            return int(number)
        except ValueError:  # more digits than sys.get_int_max_str_digits()
            raise ValueError(f"{where}: the number {number[:40]}... has {len(number)} digits, too many") from None

    def refuse(name: str) -> float:
        if allow_non_finite:
            return float(name)
        raise ValueError(f"{where}: {name} is not a number JSON allows")

    def one_of_each(pairs: list[tuple[str, object]]) -> dict[str, object]:
        result: dict[str, object] = {}
        for key, value in pairs:
            if key in result:
                raise ValueError(f"{where}: key {key[:40]!r} appears twice in one object")
            result[key] = value
        return result

    if json_depth(text) > MAX_JSON_DEPTH:
        raise ValueError(f"{where}: nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        return json.loads(text, parse_float=finite, parse_int=whole, parse_constant=refuse,
                          object_pairs_hook=one_of_each if unique_keys else None)
    except json.JSONDecodeError as error:
        raise ValueError(f"{where}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise ValueError(f"{where}: nested too deeply") from None


def json_depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings (a cheap scan, so a hostile file cannot exhaust the stack)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest
