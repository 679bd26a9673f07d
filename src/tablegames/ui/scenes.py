"""Loads every scene module so scenes register themselves; a table package not in this build is skipped."""

from __future__ import annotations

import importlib

from tablegames.core.modules import module_exists

SCENE_MODULES = (
    "tablegames.ui.lobby",
    "tablegames.ui.splash",
    "tablegames.ui.checkers",
    "tablegames.ui.fasttrack",
    "tablegames.ui.piddle",
    "tablegames.ui.routes",
)


def load_scenes() -> None:
    for name in SCENE_MODULES:
        if module_exists(name):
            importlib.import_module(name)
