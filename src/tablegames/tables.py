"""The table registry: one `TableSpec` per table, the one list of tables the suite has.

The command line, the lobby, `--list-scenes`, the kernels' background preparation, `tablegames TABLE --help`,
the demo, the stress test and the conformance tests all read `TABLES`. A spec names its parts by module path, so
reading the registry imports nothing heavy (no pygame, no numba); each part is imported when it is used, and a
module that was renamed fails loudly with the table and the missing name.

Adding a fifth table: a rules package (`tablegames/NAME/` with `commands.py` and, for compiled code, `kernels.py`
with `warmup()`), a scene package (`tablegames/ui/NAME/` registering a scene called NAME), and one entry below.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablegames.core.gamestate import GameState


@dataclass(frozen=True)
class TableSpec:
    name: str  # the command-line name, the table scene's name and the prefix of its other scenes ("NAME:watch")
    title: str  # as players read it
    blurb: str  # one line in the lobby
    command_module: str  # `add_commands(subparsers)`: `tablegames NAME COMMAND ...`
    scene_module: str  # importing it registers the table's scenes
    # "module:function" drawing the lobby card's picture: function(surface, rect, clock, part), part "still" (what
    # never moves, painted once), "moving" (the rest, each frame) or "all" (ui/miniatures.py)
    miniature: str
    kernel_modules: tuple[str, ...] = ()  # numba modules with `warmup()`, prepared in the background (lobby open)
    # "module:function" warm-ups run after the kernels: the checkers worker process loads them there from numba's
    # cache while the window warms the other tables
    process_warmups: tuple[str, ...] = ()
    games: tuple[tuple[str, str], ...] = ()  # (game name, "module:factory") for the uniform interface
    # "module:function" giving the path of the game in progress the table keeps between visits (a file there is an
    # unfinished game: the table removes it when a game ends); "" when the table keeps none
    saved_game: str = ""
    # wall seconds a first start takes to compile the kernel modules on a 2-core machine (scripts/bench_coldstart.py,
    # two compile processes beside the window, 2026-12-03): what the lobby's preparation bar is drawn against
    compile_seconds: float = 10.0

    def commands(self) -> ModuleType:
        return load_module(self.command_module, self)

    def load_scenes(self) -> ModuleType:
        return load_module(self.scene_module, self)

    def warmups(self) -> list[tuple[str, Callable[[], None]]]:
        """(this table's name, warmup function) for each of its kernel modules, in order, then its processes'."""
        steps = [(self.name, load_module(module, self).warmup) for module in self.kernel_modules]
        return steps + [(self.name, load_attribute(path, self)) for path in self.process_warmups]

    def game_factories(self) -> dict[str, Callable[[int], GameState]]:
        """Each uniform-interface game of the table: name -> factory(seed) returning a fresh initial state."""
        return {name: load_attribute(path, self) for name, path in self.games}

    def has_saved_game(self) -> bool:
        """The table keeps an unfinished game for the next visit (the lobby asks before quitting)."""
        if not self.saved_game:
            return False
        where: Callable[[], Path] = load_attribute(self.saved_game, self)
        return where().exists()

    def draw_miniature(self) -> Callable[..., None]:
        draw: Callable[..., None] = load_attribute(self.miniature, self)  # function(surface, rect, clock, part)
        return draw


TABLES: tuple[TableSpec, ...] = (
    TableSpec(
        name="checkers",
        title="Checkers",
        blurb="Ten computer levels, from dozy to grandmaster",
        command_module="tablegames.checkers.commands",
        scene_module="tablegames.ui.checkers.scenes",
        miniature="tablegames.ui.miniatures:draw_checkers",
        kernel_modules=("tablegames.checkers.engine", "tablegames.checkers.search_kernels"),
        process_warmups=("tablegames.checkers.levels:warm_worker_process",),
        games=(("checkers", "tablegames.checkers.game:new_game"),),
        saved_game="tablegames.ui.checkers.savegame:default_save_path",
        compile_seconds=20.0,
    ),
    TableSpec(
        name="fasttrack",
        title="Fast Track",
        blurb="The marble race with cards, against three computers",
        command_module="tablegames.fasttrack.commands",
        scene_module="tablegames.ui.fasttrack",
        miniature="tablegames.ui.miniatures:draw_fasttrack",
        kernel_modules=("tablegames.fasttrack.kernels",),
        games=(("fasttrack", "tablegames.fasttrack.game:new_game"),
               ("fasttrack-chance", "tablegames.fasttrack.game:new_chance_game")),
        saved_game="tablegames.ui.fasttrack.savegame:default_path",
        compile_seconds=95.0,
    ),
    TableSpec(
        name="piddle",
        title="Piddle",
        blurb="Dice with an exact, provably optimal advisor",
        command_module="tablegames.piddle.commands",
        scene_module="tablegames.ui.piddle",
        miniature="tablegames.ui.miniatures:draw_piddle",
        kernel_modules=("tablegames.piddle.kernels", "tablegames.piddle.scan_kernels"),
        games=(("piddle", "tablegames.piddle.game:new_game"),),
        compile_seconds=35.0,  # the solver about 8 s, the photo reader 27
    ),
    TableSpec(
        name="routes",
        title="18xx Routes",
        blurb="The best run for your railway's trains, found exactly",
        command_module="tablegames.routes.commands",
        scene_module="tablegames.ui.routes",
        miniature="tablegames.ui.miniatures:draw_routes",
        kernel_modules=("tablegames.routes.kernels",),
        compile_seconds=45.0,
    ),
)

# Uniform-interface games of no table: the generic searches' test game
GENERIC_GAMES: tuple[tuple[str, str], ...] = (("tictactoe", "tablegames.core.tictactoe:new_game"),)
# Command groups that are not tables: `tablegames music render ...`
TOOLS: dict[str, str] = {"music": "tablegames.music.commands"}
# Scenes that belong to no table
SUITE_SCENE_MODULES: tuple[str, ...] = ("tablegames.ui.lobby", "tablegames.ui.preparing", "tablegames.ui.sound_display")

TABLE_NAMES: tuple[str, ...] = tuple(spec.name for spec in TABLES)


class RegistryError(ImportError):
    """A module or attribute a table's spec names does not exist: the registry and the code disagree."""


def find_table(name: str) -> TableSpec:
    """The table called `name`; ValueError naming the tables when there is none."""
    for spec in TABLES:
        if spec.name == name:
            return spec
    raise ValueError(f"no table {name!r}; choose one of: {', '.join(TABLE_NAMES)}")


def command_modules() -> dict[str, str]:
    """Every command group: the tables' and the tools'."""
    return {spec.name: spec.command_module for spec in TABLES} | TOOLS


def load_module(path: str, spec: TableSpec | None = None) -> ModuleType:
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as error:
        if error.name is not None and path.startswith(error.name):  # the named module itself is missing
            owner = f"the {spec.name} table's " if spec is not None else ""
            raise RegistryError(f"{owner}module {path!r} does not exist (tablegames/tables.py names it)") from error
        raise


def load_attribute(path: str, spec: TableSpec | None = None) -> Any:
    module_path, _, attribute = path.partition(":")
    module = load_module(module_path, spec)
    try:
        return getattr(module, attribute)
    except AttributeError:
        owner = f"the {spec.name} table's " if spec is not None else ""
        raise RegistryError(f"{owner}{module_path} has no {attribute!r} (tablegames/tables.py names it)") from None


def load_all_scenes() -> None:
    """Register every scene: the suite's own, then each table's."""
    for module in SUITE_SCENE_MODULES:
        load_module(module)
    for spec in TABLES:
        spec.load_scenes()


def warmup_steps() -> list[tuple[str, Callable[[], None]]]:
    """(table name, warmup function) for every kernel module of every table, in registry order."""
    return [step for spec in TABLES for step in spec.warmups()]


def load_games() -> list[str]:
    """Register every uniform-interface game (the tables' and the generic ones) in core's GAME_REGISTRY, where
    the generic searches, the conformance tests and the golden playthroughs find them; the names, sorted."""
    from tablegames.core.gamestate import GAME_REGISTRY, register_game

    for spec in TABLES:
        for name, factory in spec.game_factories().items():
            register_game(name, factory)
    for name, path in GENERIC_GAMES:
        register_game(name, load_attribute(path))
    return sorted(GAME_REGISTRY)
