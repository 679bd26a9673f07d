"""The route planner keeps its board: saved after every change (through the shared frame's save_marker / save),
restored when the planner opens; a damaged file is kept as .bad and the player told; a newer version's file is
left untouched and never written over. The controller is driven without graphics; one test goes through the scene
to check the frame's wiring and the toast."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import fuzz_settings, mutated, replaced
from tablegames.core.worker import Thinker
from tablegames.routes.boards import SHIPPED_MAPS_DIR, board_to_dict
from tablegames.ui.routes import developed_board, savegame
from tablegames.ui.routes.controller import PlannerController, starting_board
from tablegames.ui.routes.scene import RoutePlannerScene
from tablegames.ui.scene import SCENES, Context


def opened(path: Path, company: str | None = None) -> PlannerController:
    return PlannerController(starting_board(), Thinker(inline=True), company, autosave_path=path)


def kept_after_each_change(controller: PlannerController, change) -> None:
    """What the shared frame does after an event: save when the marker changed."""
    before = controller.save_marker()
    change()
    assert controller.save_marker() != before
    assert controller.autosave() is None


def edited(controller: PlannerController) -> None:
    """A tile, a train, the phase and the company changed, each kept as it happens."""
    for coord in sorted(controller.board.game_map.hexes):
        controller.select_hex(coord)
        if controller.offers:
            break
    kept_after_each_change(controller, lambda: controller.lay(next(iter(controller.offers))))
    kept_after_each_change(controller, lambda: controller.add_train("4"))
    kept_after_each_change(controller, lambda: controller.cycle_phase(1))
    kept_after_each_change(controller, lambda: controller.cycle_company(1))
    assert controller.board.tiles


def test_every_change_is_kept_and_the_board_comes_back_when_the_planner_opens(tmp_path) -> None:
    path = tmp_path / "routes-planner.json"
    controller = opened(path, "HVR")
    assert controller.notice == "" and not path.exists()  # nothing kept yet, nothing to tell
    edited(controller)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == savegame.SAVE_VERSION and saved["company"] == controller.company
    assert saved["board"] == board_to_dict(controller.board)
    again = opened(path, "HVR")
    assert again.notice == "" and again.company == controller.company
    assert board_to_dict(again.board) == board_to_dict(controller.board)
    assert again.save_marker() is not None


def test_an_undo_is_kept_too(tmp_path) -> None:
    path = tmp_path / "routes-planner.json"
    controller = opened(path, "HVR")
    kept_after_each_change(controller, lambda: controller.add_train("4"))
    kept_after_each_change(controller, controller.undo)
    assert opened(path, "HVR").trains == controller.trains


def test_a_damaged_file_is_kept_as_bad_the_player_told_and_the_planner_starts_afresh(tmp_path) -> None:
    path = tmp_path / "routes-planner.json"
    path.write_bytes(b'{"version": 1, "company": "HVR", "board": {"format": "tablegames-18xx-bo')
    controller = opened(path, "HVR")
    assert board_to_dict(controller.board) == board_to_dict(starting_board())
    assert controller.notice == ("Your planner board could not be read (kept as routes-planner.json.bad); the planner "
                                 "starts afresh")
    assert (tmp_path / "routes-planner.json.bad").read_bytes() == path.read_bytes()
    kept_after_each_change(controller, lambda: controller.add_train("4"))  # the planner's board is kept again
    assert opened(path, "HVR").trains == controller.trains
    assert opened(path).notice == ""


def test_a_board_whose_map_file_is_gone_is_kept_as_bad(tmp_path) -> None:
    game_map = tmp_path / "maps" / "harrowmere.json"
    game_map.parent.mkdir()
    shutil.copyfile(SHIPPED_MAPS_DIR / "harrowmere.json", game_map)
    path = tmp_path / "routes-planner.json"
    controller = opened(path)
    assert controller.load(game_map)
    assert controller.autosave() is None
    game_map.unlink()
    again = opened(path)
    assert "could not be read (kept as routes-planner.json.bad)" in again.notice
    assert again.board.game_map.title == "Harrowmere" and again.board.map_ref == "builtin:harrowmere"


def test_a_newer_versions_file_is_left_untouched_and_never_written_over(tmp_path) -> None:
    path = tmp_path / "routes-planner.json"
    newer = json.dumps({"version": savegame.SAVE_VERSION + 1, "company": "HVR", "board": {"hexes": "new"}})
    path.write_text(newer, encoding="utf-8")
    controller = opened(path, "HVR")
    assert "comes from a newer tablegames: left untouched" in controller.notice
    assert controller.save_marker() is None  # the frame keeps nothing
    controller.add_train("4")
    assert controller.autosave() is None
    assert path.read_text(encoding="utf-8") == newer and list(tmp_path.iterdir()) == [path]


def test_a_folder_that_cannot_be_written_is_reported_each_time_not_raised(tmp_path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    controller = opened(blocker / "routes-planner.json", "HVR")
    controller.add_train("4")
    assert controller.autosave().startswith("Cannot save your board in")
    controller.add_train("3")
    assert controller.autosave().startswith("Cannot save your board in")  # the frame says it once
    assert blocker.read_text() == "not a folder"


VALID = savegame.planner_to_json(developed_board(), "HVR").encode()


@fuzz_settings(quick=60, thorough=1500)
@given(text=st.one_of(mutated(VALID), replaced(json.loads(VALID))))
def test_fuzzed_planner_files_open_the_planner_and_stay_intact(tmp_path_factory, text) -> None:
    path = tmp_path_factory.mktemp("fuzzed") / "routes-planner.json"
    path.write_bytes(text)
    controller = opened(path, "HVR")  # never raises: a file that cannot be restored is told about
    assert path.read_bytes() == text
    bad = path.parent / "routes-planner.json.bad"
    if controller.notice == "":  # restored
        assert board_to_dict(controller.board)["map"] == "builtin:harrowmere" and not bad.exists()
    elif controller.save_marker() is None:  # a newer version's: left alone, no copy needed
        assert "newer" in controller.notice and not bad.exists()
    else:
        assert bad.read_bytes() == text


def test_the_planner_scene_keeps_its_board_through_the_frame_and_toasts_a_damaged_file() -> None:
    path = savegame.default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not JSON", encoding="utf-8")
    scene = SCENES["routes"](Context(thinker=Thinker(inline=True), player_files=True))  # the player's window
    assert isinstance(scene, RoutePlannerScene)
    assert scene.toasts.current is not None and "could not be read" in scene.toasts.current.text
    scene.draw(pygame.Surface((1280, 800)))  # the toast is drawn over the map
    assert path.read_text(encoding="utf-8") == "not JSON"  # opening writes nothing
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p))  # the phase steps: the frame keeps it
    assert json.loads(path.read_text(encoding="utf-8"))["board"]["phase"] == scene.controller.board.phase
    assert opened(path).board.phase == scene.controller.board.phase
