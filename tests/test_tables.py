"""The table registry is the one list of tables: every part it names exists, and everything reads it."""

import subprocess
import sys
from pathlib import Path

import pytest

from tablegames import tables
from tablegames.tables import TABLE_NAMES, TABLES, RegistryError, TableSpec, find_table

SOURCE = Path(tables.__file__).resolve().parent


@pytest.mark.parametrize("spec", TABLES, ids=TABLE_NAMES)
def test_every_part_a_table_names_exists(spec):
    assert callable(spec.commands().add_commands)
    assert callable(spec.draw_miniature())
    for name, warm in spec.warmups():
        assert name == spec.name and callable(warm)
    for name, factory in spec.game_factories().items():
        state = factory(0)
        assert not state.is_terminal() and state.legal_actions() or state.is_chance_node(), name


def test_names_are_unique_and_lowercase():
    assert len(set(TABLE_NAMES)) == len(TABLE_NAMES)
    assert all(name.isidentifier() and name == name.lower() for name in TABLE_NAMES)
    assert find_table("piddle").title == "Piddle"
    with pytest.raises(ValueError, match="no table 'chess'; choose one of: checkers, fasttrack"):
        find_table("chess")


def test_a_renamed_module_fails_loudly():
    broken = TableSpec("ghost", "Ghost", "", "tablegames.ghost.commands", "tablegames.ui.ghost",
                       "tablegames.ui.miniatures:draw_ghost", ("tablegames.ghost.kernels",))
    with pytest.raises(RegistryError, match="the ghost table's module 'tablegames.ghost.commands' does not exist"):
        broken.commands()
    with pytest.raises(RegistryError, match="tablegames.ui.miniatures has no 'draw_ghost'"):
        broken.draw_miniature()
    with pytest.raises(RegistryError, match="tablegames.ghost.kernels"):
        broken.warmups()


def test_every_table_has_its_scene_and_a_watch_scene():
    import pygame  # noqa: F401 - scenes need pygame; the registry itself does not

    from tablegames.ui.scene import SCENES

    tables.load_all_scenes()
    for name in TABLE_NAMES:
        assert name in SCENES and f"{name}:watch" in SCENES


def test_no_hand_kept_list_of_tables_is_left():
    """Nothing but the registry spells out the four tables' names together (nor the 'is it built?' gate)."""
    listing = '"checkers", "fasttrack"'
    offenders = [str(path.relative_to(SOURCE)) for path in SOURCE.rglob("*.py")
                 if path.name != "tables.py" and (listing in path.read_text(encoding="utf-8")
                                                  or "module_exists" in path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_reading_the_registry_imports_no_pygame_and_no_numba():
    code = "import sys, tablegames.tables; print('pygame' in sys.modules, 'numba' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_table_help_lists_its_commands(name):
    result = subprocess.run([sys.executable, "-m", "tablegames", name, "--help"], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0 and f"usage: tablegames {name}" in result.stdout
