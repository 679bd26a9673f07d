"""The 18xx route planner table: registers its scenes.

- `routes`: the planner on the shipped board (Harrowmere) as a game starts, home tokens down; the board is kept
  after every change and restored on the next visit (`savegame`).
- `routes:board`: a seeded developed Harrowmere board with a hex chosen and its legal tiles in the tray.
- `routes:run`: the same board with the Harrow Valley Railway's best run (5, 4 and D trains) computed and drawn.
- `routes:watch`: the demo: tiles laid one by one through the phases, the best run searched again as it grows.
"""

from __future__ import annotations

from dataclasses import replace

from tablegames.routes.hexmap import BoardState, lay_random_tiles, legal_placements
from tablegames.ui.routes import savegame
from tablegames.ui.routes.controller import starting_board
from tablegames.ui.routes.scene import RoutePlannerScene
from tablegames.ui.scene import Context, Intent, register_scene

DEMO_COMPANY = "HVR"
DEMO_TRAINS = ["5", "4", "D"]
# Seeded lays per phase: a board as it looks late in a game (seed 3 gives Harrow a rich network).
DEVELOPED_LAYS = (("2", 30), ("3", 30), ("5", 20))
DEVELOPED_SEED = 3
MIDGAME_LAYS = (("2", 18), ("3", 10))
WATCH_SEED = 4  # a mid-game board where Harrow already runs two trains


def developed_board(seed: int = DEVELOPED_SEED, lays: tuple[tuple[str, int], ...] = DEVELOPED_LAYS) -> BoardState:
    board = starting_board()
    for offset, (phase, count) in enumerate(lays):
        board = lay_random_tiles(replace(board, phase=phase), seed + offset, count)
    trains = dict(board.trains)
    trains[DEMO_COMPANY] = list(DEMO_TRAINS)
    return replace(board, trains=trains)


def planner(context: Context) -> RoutePlannerScene:
    return RoutePlannerScene(context, starting_board(), DEMO_COMPANY, autosave_path=context.saved_game(savegame.default_path()))


def board_scene(context: Context) -> RoutePlannerScene:
    scene = RoutePlannerScene(context, developed_board(lays=MIDGAME_LAYS), DEMO_COMPANY)
    controller = scene.controller
    scene.controller.select_hex(max(sorted(controller.board.game_map.hexes), key=lambda c: (
        bool(controller.board.game_map.hexes[c].name), len(legal_tiles(controller.board, c)))))
    return scene


def legal_tiles(board: BoardState, coord: str) -> set[str]:
    return {tile for tile, _rotation in legal_placements(board, coord)}


def run_scene(context: Context) -> RoutePlannerScene:
    scene = RoutePlannerScene(context, developed_board(), DEMO_COMPANY)
    scene.controller.run()
    return scene


class WatchScene(RoutePlannerScene):
    """The demo: from a mid-game board, a tile every `lay_seconds` (phase 3, then 5), a fresh search every few
    lays; starts over when the board is full."""

    name = "routes:watch"
    lay_seconds = 0.35
    lays_per_run = 4
    show_seconds = 2.5

    def __init__(self, context: Context) -> None:
        super().__init__(context, developed_board(WATCH_SEED, MIDGAME_LAYS), DEMO_COMPANY)
        self.lays = 0
        self.waiting = 0.0
        self.shown = False
        self.controller.run()

    def update(self, dt: float) -> list[Intent]:
        intents = super().update(dt)
        controller = self.controller
        if controller.is_running:
            return intents
        if controller.run_state.result is not None and not self.shown:
            self.shown = True
            self.waiting = -self.show_seconds  # let the drawn run be seen before the next lay
        self.waiting += dt
        if self.waiting < self.lay_seconds:
            return intents
        self.waiting = 0.0
        if self.lays >= WATCH_LAYS:
            self.restart()
            return intents
        board = replace(controller.board, phase="3" if self.lays < WATCH_LAYS // 2 else "5")
        grown = lay_random_tiles(board, self.context.seed * 1000 + self.lays, 1)
        self.lays += 1
        changed = [c for c in grown.tiles if grown.tiles[c] != controller.board.tiles.get(c)]
        if not changed:
            self.lays = WATCH_LAYS
            return intents
        controller.apply_board(grown)
        self.shown = False
        self.highlight = changed[0]
        if self.lays % self.lays_per_run == 0:
            controller.run()
        return intents

    def restart(self) -> None:
        self.lays = 0
        self.highlight = None
        self.controller.apply_board(developed_board(WATCH_SEED, MIDGAME_LAYS))
        self.controller.run()


WATCH_LAYS = 40


register_scene("routes", planner)
register_scene("routes:board", board_scene)
register_scene("routes:run", run_scene)
register_scene("routes:watch", WatchScene)
