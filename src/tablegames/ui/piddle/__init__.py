"""The Piddle table: registers the table scene, the photo reader and the screenshot scenes.

- `piddle`: you against 1-5 computers (settings), saved after every move and resumed; option `watch=True`:
  computers in every seat (not saved).
- `piddle:watch`: every seat a computer (the demo).
- `piddle:table|advisor|push`: seeded moments reached by playing (positions.py), for the screenshots.
- `piddle:scan`: the photo reader on a generated photo (piddle.scan_synth).
"""

from __future__ import annotations

from collections.abc import Callable

from tablegames.ui.piddle import positions, savegame
from tablegames.ui.piddle.controller import PiddleController
from tablegames.ui.piddle.photo import PhotoController
from tablegames.ui.piddle.scene import PhotoScene, PiddleScene
from tablegames.ui.scene import Context, register_scene

SCAN_PHOTO = 0  # the generated photo the scan screenshot reads (index in scan_synth's set for the seed)
GLARE_DIE = 1  # the die under a lamp's glare in it: read uncertain, for the player to fix


def table(context: Context) -> PiddleScene:
    return PiddleScene(context, save_path=context.saved_game(savegame.default_path()))


def watch_table(context: Context) -> PiddleScene:
    return PiddleScene(context, watch=True)


def moment(context: Context, is_reached: Callable[[PiddleController], bool]) -> PiddleScene:
    scene = PiddleScene(context, watch=False)
    positions.play_until(scene.controller, is_reached)
    return scene


def table_scene(context: Context) -> PiddleScene:
    return moment(context, positions.is_computer_holding)


def advisor_scene(context: Context) -> PiddleScene:
    return moment(context, positions.is_advisor_moment)


def push_scene(context: Context) -> PiddleScene:
    return moment(context, positions.is_push)


def scan_scene(context: Context) -> PhotoScene:
    image, _ = positions.photo_with_glare(context.seed, int(context.options.get("photo", SCAN_PHOTO)), GLARE_DIE)
    controller = PhotoController(thinker=context.thinker)
    controller.load_image(image, "Read a generated photo", "a generated photo")
    return PhotoScene(context, controller)


register_scene("piddle", table)
register_scene("piddle:watch", watch_table)
register_scene("piddle:table", table_scene)
register_scene("piddle:advisor", advisor_scene)
register_scene("piddle:push", push_scene)
register_scene("piddle:scan", scan_scene)
