"""The Fast Track table: registers the table scene and its screenshot scenes.

- `fasttrack`: you (red) against three computers; the game in progress is saved on quit and resumed.
- `fasttrack:watch`: four computers (the demo); option `watch=True` does the same for `fasttrack`.
- `fasttrack:start|midgame|capture|split|win`: seeded positions reached by playing, for the screenshots.
"""

from __future__ import annotations

from tablegames.ui.fasttrack import positions, savegame
from tablegames.ui.fasttrack.controller import make_game
from tablegames.ui.fasttrack.scene import FastTrackScene
from tablegames.ui.scene import Context, register_scene


def table(context: Context) -> FastTrackScene:
    if context.options.get("watch"):
        return FastTrackScene(context, watch=True)
    return FastTrackScene(context, save_path=context.saved_game(savegame.default_path()))


def watch_table(context: Context) -> FastTrackScene:
    return FastTrackScene(context, watch=True)


def start_scene(context: Context) -> FastTrackScene:
    return FastTrackScene(context, game=make_game(context.seed))


def midgame_scene(context: Context) -> FastTrackScene:
    return FastTrackScene(context, game=positions.midgame(context.seed))


def capture_scene(context: Context) -> FastTrackScene:
    """A computer's marble has just landed on another: the captured one bursting."""
    game, code = positions.before_capture(context.seed)
    scene = FastTrackScene(context, game=game, watch=True)
    controller = scene.controller
    controller.play(code)
    walk = controller.walk
    if walk is not None:
        controller.advance_walk(walk.walk_time + walk.burst_time * 0.3)
    return scene


def split_scene(context: Context) -> FastTrackScene:
    return FastTrackScene(context, game=positions.first_half_of_split(context.seed))


def win_scene(context: Context) -> FastTrackScene:
    return FastTrackScene(context, game=positions.finished(context.seed), watch=True)


register_scene("fasttrack", table)
register_scene("fasttrack:watch", watch_table)
register_scene("fasttrack:start", start_scene)
register_scene("fasttrack:midgame", midgame_scene)
register_scene("fasttrack:capture", capture_scene)
register_scene("fasttrack:split", split_scene)
register_scene("fasttrack:win", win_scene)
