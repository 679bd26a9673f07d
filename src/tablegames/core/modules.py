"""Optional parts of the build: a table whose package is not there yet is shown as 'coming', not an error."""

from __future__ import annotations

import importlib.util


def module_exists(dotted_name: str) -> bool:
    """True when `dotted_name` can be imported (its parents found too), without importing it."""
    try:
        return importlib.util.find_spec(dotted_name) is not None
    except ModuleNotFoundError:
        return False
