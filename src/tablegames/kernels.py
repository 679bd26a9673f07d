"""The numba kernel modules warmed up behind the splash, in order; each has `warmup()`.

Compiling every kernel with its exact argument types at start-up means no compile ever happens mid-game.
A module listed here that is not part of this build is skipped.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from tablegames.core.modules import module_exists

KERNEL_MODULES: tuple[str, ...] = (
    "tablegames.checkers.engine",
    "tablegames.checkers.search_kernels",
    "tablegames.piddle.kernels",
    "tablegames.routes.kernels",
    "tablegames.fasttrack.kernels",
)


def warmup_steps() -> list[tuple[str, Callable[[], None]]]:
    """(label, warmup function) for every kernel module present in this build."""
    steps = []
    for name in KERNEL_MODULES:
        if not module_exists(name):
            continue
        steps.append((name.rsplit(".", 2)[-2], importlib.import_module(name).warmup))
    return steps
