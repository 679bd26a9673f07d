"""A scene's `draw` only reads: drawing a scene again changes nothing in it, its controller or the settings.

Every registered scene is opened (as a screenshot would), run a few frames, drawn once (so picture caches are
filled), then its whole object graph is recorded, drawn again and compared. Clocks, animations, random draws,
hit boxes and layout must all be advanced or computed in `update`/`handle`, never in `draw`.
"""

from __future__ import annotations

import enum
import threading
from collections import deque
from concurrent.futures import Future
from types import FunctionType, MethodType, ModuleType

import numpy as np
import pygame
import pytest

from tablegames.core.worker import CancelToken, Thinker
from tablegames.tables import load_all_scenes
from tablegames.ui.frametimer import CostMeter, FrameTimer
from tablegames.ui.scene import SCENES, Context, SceneStack
from tablegames.ui.settings import Settings
from tablegames.ui.theme import LOGICAL_SIZE

load_all_scenes()
# threads and their tools, and instruments that time drawing itself: not the scene's state
OPAQUE = (Thinker, CancelToken, Future, threading.Thread, type(threading.Lock()), threading.Event, ModuleType,
          FrameTimer, CostMeter)
MAX_DEPTH = 14


def record(value: object, seen: set[int] | None = None, depth: int = 0) -> object:
    """A comparable picture of `value`'s state (surfaces by size only: their pixels are what draw makes)."""
    seen = set() if seen is None else seen
    if value is None or isinstance(value, bool | int | float | str | bytes | complex):
        return value
    if isinstance(value, enum.Enum):
        return ("enum", type(value).__name__, value.name)
    if isinstance(value, np.ndarray):
        return ("array", str(value.dtype), value.shape, value.tobytes())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, pygame.Surface):
        return ("surface", value.get_size())
    if isinstance(value, pygame.Rect | pygame.FRect):
        return ("rect", tuple(value))
    if isinstance(value, pygame.Color):
        return ("colour", tuple(value))
    if isinstance(value, FunctionType | MethodType | type) or callable(value) and not hasattr(value, "__dict__"):
        return ("callable", getattr(value, "__qualname__", type(value).__name__))
    if isinstance(value, (OPAQUE, pygame.font.Font | pygame.mixer.Sound)):
        return ("opaque", type(value).__name__)
    if id(value) in seen or depth > MAX_DEPTH:
        return ("seen", type(value).__name__)
    seen.add(id(value))
    if isinstance(value, dict):
        return ("dict", sorted((repr(k), record(v, seen, depth + 1)) for k, v in value.items()))
    if isinstance(value, list | tuple | deque):
        return (type(value).__name__, [record(item, seen, depth + 1) for item in value])
    if isinstance(value, set | frozenset):
        return ("set", sorted(repr(record(item, seen, depth + 1)) for item in value))
    fields: dict[str, object] = {}
    if hasattr(value, "__dict__"):
        fields.update(vars(value))
    for name in getattr(type(value), "__slots__", ()):
        if hasattr(value, name):
            fields[name] = getattr(value, name)
    return ("object", type(value).__name__, sorted((k, record(v, seen, depth + 1)) for k, v in fields.items()))


def differences(before: object, after: object, path: str) -> list[str]:
    """Where two records differ, as attribute paths."""
    if before == after:
        return []
    if (isinstance(before, tuple) and isinstance(after, tuple) and len(before) == len(after) == 3
            and before[0] == after[0] == "object" and before[1] == after[1]):
        found = []
        for (name, old), (_, new) in zip(before[2], after[2], strict=False):
            found += differences(old, new, f"{path}.{name}")
        return found or [path]
    if (isinstance(before, tuple) and isinstance(after, tuple) and len(before) == len(after) == 2
            and before[0] == after[0] and isinstance(before[1], list) and len(before[1]) == len(after[1])):
        found = []
        for index, (old, new) in enumerate(zip(before[1], after[1], strict=True)):
            found += differences(old, new, f"{path}[{index}]")
        return found or [path]
    return [path]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_drawing_again_changes_nothing(name):
    context = Context(settings=Settings(), thinker=Thinker(inline=True), seed=3)
    stack = SceneStack()
    stack.push(SCENES[name](context))
    for _ in range(20):
        if stack.top is None:
            break
        stack.apply(stack.top.update(1 / 60))
    canvas = pygame.Surface(LOGICAL_SIZE)
    scenes = stack.visible()
    for scene in scenes:
        scene.draw(canvas)
    before = record([scenes, context.settings])
    for scene in scenes:
        scene.draw(canvas)
    after = record([scenes, context.settings])
    stack.close_all()
    assert differences(before, after, "") == [], f"{name}: draw changed state"
