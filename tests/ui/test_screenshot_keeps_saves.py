"""A screenshot never reads or writes the player's saved games (it used to overwrite the planner's board)."""

import pytest

from tablegames.tables import load_all_scenes
from tablegames.ui.scene import SCENES
from tablegames.ui.screenshot import render_scene


@pytest.mark.parametrize("scene", ["checkers", "fasttrack", "piddle", "routes"])
def test_a_screenshot_leaves_the_players_folder_alone(scene, tmp_path):
    load_all_scenes()
    assert scene in SCENES
    data = tmp_path / "user-data" / "tablegames"  # the conftest's XDG_DATA_HOME
    data.mkdir(parents=True)
    kept = data / "routes-planner.json"
    kept.write_text("the player's board")
    render_scene(scene, (640, 400), frames=3)
    assert [path.name for path in data.iterdir()] == ["routes-planner.json"]
    assert kept.read_text() == "the player's board"
