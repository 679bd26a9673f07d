"""The numba kernel modules warmed up behind the splash, in order; each has `warmup()`.

Compiling every kernel with its exact argument types at start-up means no compile ever happens mid-game.
A module listed here that is not part of this build is skipped. After the checkers kernels, the worker process
of checkers levels 4-6 (core.worker's `process_worker()`) is started and loads them there, from numba's cache,
while the window warms the other tables.
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
# Warm-ups of a worker process, each after the kernel module it loads: (after module, module, function).
PROCESS_WARMUPS: tuple[tuple[str, str, str], ...] = (
    ("tablegames.checkers.search_kernels", "tablegames.checkers.levels", "warm_worker_process"),
)


def warmup_steps() -> list[tuple[str, Callable[[], None]]]:
    """(label, warmup function) for every kernel module present in this build, and the worker process's."""
    steps = []
    for name in KERNEL_MODULES:
        if not module_exists(name):
            continue
        label = name.rsplit(".", 2)[-2]
        steps.append((label, importlib.import_module(name).warmup))
        for after, module, function in PROCESS_WARMUPS:
            if after == name and module_exists(module):
                steps.append((label, getattr(importlib.import_module(module), function)))
    return steps
