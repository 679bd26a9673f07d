"""Each sitting deals a new game in the player's window; screenshots and tests keep their fixed seed. Menus open
on the row that goes back to the game, so a stray Enter never starts a new one."""

import pytest

from tablegames.ui.scene import Context
from tablegames.ui.settings import Settings


def player_context(install_seed: int = 12345, games_started: int = 0) -> Context:
    settings = Settings(install_seed=install_seed, games_started=games_started)
    return Context(settings=settings, fresh_seeds=True)


def test_piddle_deals_new_dice_each_time_the_player_sits_down():
    from tablegames.ui.piddle.scene import PiddleScene

    context = player_context()
    first, second = PiddleScene(context), PiddleScene(context)
    assert first.controller.table.seed != second.controller.table.seed
    assert context.settings.games_started == 2  # saved with the settings: the next start goes on from here
    again = player_context()
    assert PiddleScene(again).controller.table.seed == first.controller.table.seed  # seeded: the same install
    other_install = player_context(install_seed=999)
    assert PiddleScene(other_install).controller.table.seed != first.controller.table.seed


def test_fasttrack_and_checkers_deal_fresh_games_too():
    from tablegames.ui.checkers.table import CheckersTable
    from tablegames.ui.fasttrack.scene import FastTrackScene

    context = player_context()
    assert FastTrackScene(context).controller.game.seed != FastTrackScene(context).controller.game.seed
    assert CheckersTable(context).model.game_seed != CheckersTable(context).model.game_seed


def test_screenshots_and_tests_keep_their_seed():
    from tablegames.ui.piddle.scene import PiddleScene

    context = Context(seed=7)
    assert PiddleScene(context).controller.table.seed == 7 == PiddleScene(context).controller.table.seed
    assert context.settings.games_started == 0


def test_seeds_are_32_bit():
    context = player_context(install_seed=2**32 - 1, games_started=2**40)
    seeds = {context.new_game_seed(table) for table in ("checkers", "fasttrack", "piddle") for _ in range(5)}
    assert len(seeds) == 15 and all(0 <= seed < 2**32 for seed in seeds)


@pytest.mark.parametrize("table", ["fasttrack", "piddle", "routes"])
def test_table_menus_open_on_going_back(table):
    import importlib

    module = importlib.import_module(f"tablegames.ui.{table}.menu")
    controller_class = next(value for name, value in vars(module).items()
                            if isinstance(value, type) and name.endswith(("Controller", "Model"))
                            and hasattr(value, "items") and value.__module__ == module.__name__)
    model = controller_class() if table == "routes" else controller_class(Settings())
    assert model.items[model.selected].key in ("back", "resume")
