"""Shared file fuzzing: mutations of a valid file, and how many cases a run tries.

`make test` tries `QUICK_CASES` per reader; `make test-all` sets TABLEGAMES_FUZZ=thorough and tries
`THOROUGH_CASES` (a few thousand). A reader passes when every mutation either parses or raises the reader's own
error, and the file it read is left byte for byte as it was. `mutated` works on the bytes (cut, flipped, hostile
numbers, nesting); `replaced` on the decoded JSON (any value swapped for any JSON value, or removed).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

QUICK_CASES = 150
THOROUGH_CASES = 3000
THOROUGH = os.environ.get("TABLEGAMES_FUZZ", "") == "thorough"


def fuzz_settings(quick: int = QUICK_CASES, thorough: int = THOROUGH_CASES) -> settings:
    """Hypothesis settings for a reader's fuzz test: quick in `make test`, thorough in `make test-all`."""
    return settings(
        max_examples=thorough if THOROUGH else quick,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                               HealthCheck.data_too_large],
    )


# Values that break careless readers: huge, not finite, wrong type, deeply nested.
HOSTILE_TOKENS = [
    b"1e999", b"-1e999", b"NaN", b"Infinity", b"-Infinity", b"9" * 400, b"-9223372036854775809",
    b"18446744073709551616", b"null", b"true", b"\"\"", b"[]", b"{}", b"\"\\ud800\"", b"[" * 5000,
    b"{\"a\":" * 3000, b"\xff\xfe", b"\x00", b"\xc3\x28", b"0.0000000000000000000000001", b"-0",
]

_NUMBER = re.compile(rb"-?\d+(\.\d+)?([eE][-+]?\d+)?")


def _truncate(data: bytes, cut: int) -> bytes:
    return data[: cut % (len(data) + 1)]


def _flip(data: bytes, where: int, value: int) -> bytes:
    if not data:
        return bytes([value])
    where %= len(data)
    return data[:where] + bytes([value]) + data[where + 1 :]


def _insert(data: bytes, where: int, chunk: bytes) -> bytes:
    where %= len(data) + 1
    return data[:where] + chunk + data[where:]


def _delete(data: bytes, where: int, length: int) -> bytes:
    where %= len(data) + 1
    return data[:where] + data[where + length :]


def _duplicate(data: bytes, where: int, length: int) -> bytes:
    where %= len(data) + 1
    return data[: where + length] + data[where : where + length] + data[where + length :]


def _replace_number(data: bytes, which: int, token: bytes) -> bytes:
    numbers = list(_NUMBER.finditer(data))
    if not numbers:
        return data + token
    match = numbers[which % len(numbers)]
    return data[: match.start()] + token + data[match.end() :]


def mutated(valid: bytes, max_steps: int = 4) -> st.SearchStrategy[bytes]:
    """Mutations of `valid`: truncations, flipped, inserted, deleted and duplicated bytes, numbers swapped for
    hostile values, deep nesting; one to `max_steps` of them applied in turn."""
    position = st.integers(min_value=0, max_value=1 << 30)
    one_step: st.SearchStrategy[Callable[[bytes], bytes]] = st.one_of(
        position.map(lambda cut: lambda data: _truncate(data, cut)),
        st.tuples(position, st.integers(0, 255)).map(lambda a: lambda data: _flip(data, a[0], a[1])),
        st.tuples(position, st.binary(min_size=1, max_size=16)).map(
            lambda a: lambda data: _insert(data, a[0], a[1])),
        st.tuples(position, st.sampled_from(HOSTILE_TOKENS)).map(
            lambda a: lambda data: _insert(data, a[0], a[1])),
        st.tuples(position, st.integers(1, 64)).map(lambda a: lambda data: _delete(data, a[0], a[1])),
        st.tuples(position, st.integers(1, 64)).map(lambda a: lambda data: _duplicate(data, a[0], a[1])),
        st.tuples(position, st.sampled_from(HOSTILE_TOKENS)).map(
            lambda a: lambda data: _replace_number(data, a[0], a[1])),
    )

    def apply(steps: list[Callable[[bytes], bytes]]) -> bytes:
        data = valid
        for step in steps:
            data = step(data)
        return data

    return st.lists(one_step, min_size=1, max_size=max_steps).map(apply)


def json_values(max_leaves: int = 12) -> st.SearchStrategy[object]:
    """Any JSON value, hostile leaves included (huge integers, non-finite floats, odd strings)."""
    leaves = st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=20), st.integers(min_value=10**18, max_value=10**40),
    )
    return st.recursive(
        leaves,
        lambda children: st.one_of(st.lists(children, max_size=4),
                                   st.dictionaries(st.text(max_size=8), children, max_size=4)),
        max_leaves=max_leaves,
    )


_REMOVED = object()  # a replacement that deletes the value (its key, or its place in a list)


def _node_paths(data: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The path (keys and indices) to every value in decoded JSON, the whole document first."""
    paths = [prefix]
    children = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, child in children:
        paths += _node_paths(child, (*prefix, key))
    return paths


def _with_value(data: object, path: tuple[object, ...], value: object) -> object:
    """`data` with the value at `path` replaced (or removed), copying only along the path; a path a former step
    removed leaves it as it is."""
    if not path:
        return data if value is _REMOVED else value
    key, rest = path[0], path[1:]
    if isinstance(data, dict) and key in data:
        changed = dict(data)
        if rest or value is not _REMOVED:
            changed[key] = _with_value(data[key], rest, value)
        else:
            del changed[key]
        return changed
    if isinstance(data, list) and isinstance(key, int) and key < len(data):
        items = list(data)
        if rest or value is not _REMOVED:
            items[key] = _with_value(data[key], rest, value)
        else:
            del items[key]
        return items
    return data


def replaced(valid: object, max_steps: int = 3) -> st.SearchStrategy[bytes]:
    """A valid file's decoded JSON with one to `max_steps` values anywhere in it replaced by any JSON value
    (`json_values`: wrong types, huge or non-finite numbers) or removed, as the bytes of a file: mutations that
    stay JSON and so reach the reader's checks of each field (byte mutations mostly stop at the parser)."""
    paths = _node_paths(valid)
    one_step = st.tuples(st.sampled_from(paths), st.one_of(json_values(), st.just(_REMOVED)))

    def apply(steps: list[tuple[tuple[object, ...], object]]) -> bytes:
        data = valid
        for path, value in steps:
            data = _with_value(data, path, value)
        return json.dumps(data).encode()

    return st.lists(one_step, min_size=1, max_size=max_steps).map(apply)
