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
import os
import stat
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 3600.0  # a temporary file this old belongs to no write still running


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder, then rename it into place."""
    if not isinstance(data, str | bytes):
        raise TypeError(f"write_atomic: expected str or bytes, got {type(data).__name__}")
    target = Path(os.path.realpath(path))  # through symbolic links: the link stays, its target is replaced
    target.parent.mkdir(parents=True, exist_ok=True)
    prefix = f".{target.name}."
    remove_stale_temporaries(target.parent, prefix)
    mode = permissions_for(target)
    fd, temp_name = tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
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
