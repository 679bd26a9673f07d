"""The route planner driven as a player drives it: tiles laid only where legal, rotations, tokens, undo, save and
load, the run on an inline thinker drawn exactly as the search found it, and every routes scene renders."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pygame
import pytest

from shared_folder import SHARED_18XX as SHARED
from shared_folder import needs_shared_18xx as needs_shared
from tablegames.core.worker import Thinker
from tablegames.routes.boards import board_to_dict, load_board
from tablegames.routes.hexmap import Token, legal_placements, legal_rotations
from tablegames.routes.hexmap_network import board_network
from tablegames.routes.search import solve
from tablegames.routes.trains import parse_train
from tablegames.ui.routes import developed_board
from tablegames.ui.routes.controller import PlannerController, boards_folder, starting_board
from tablegames.ui.routes.drawing import MapLayout, city_at, node_positions, path_points
from tablegames.ui.routes.scene import MAP_RECT, RoutePlannerScene
from tablegames.ui.scene import SCENES, Context
from tablegames.ui.screenshot import render_scene

ROUTES_SCENES = ("routes", "routes:board", "routes:run", "routes:watch")


def planner(board=None, company: str = "HVR") -> PlannerController:
    return PlannerController(board or starting_board(), Thinker(inline=True), company)


def first_hex_with_turns(controller: PlannerController) -> tuple[str, str, list[int]]:
    """A hex and a tile that fits it in more than one way."""
    for coord in sorted(controller.board.game_map.hexes):
        for tile in dict.fromkeys(t for t, _r in legal_placements(controller.board, coord)):
            rotations = legal_rotations(controller.board, coord, tile)
            if len(rotations) > 1:
                return coord, tile, rotations
    raise AssertionError("no hex takes a tile in two ways")


def test_offers_are_exactly_the_legal_placements_and_illegal_lays_are_refused() -> None:
    controller = planner()
    controller.select_hex("C9")
    expected: dict[str, list[int]] = {}
    for tile, rotation in legal_placements(controller.board, "C9"):
        expected.setdefault(tile, []).append(rotation)
    assert controller.offers == expected and expected
    before = controller.board
    green = next(t for t, tile in before.game_map.tiles.items() if tile.color == "green" and t in before.game_map.manifest)
    assert not controller.lay(green)  # phase 2: no green, nothing changes
    assert controller.board is before and controller.history == []
    controller.select_hex("A9")  # an off-board takes no tile
    assert controller.offers == {} and not controller.lay("57")


def test_lay_then_rotate_through_the_legal_rotations_then_undo() -> None:
    controller = planner()
    coord, tile, rotations = first_hex_with_turns(controller)
    start = controller.board
    controller.select_hex(coord)
    assert controller.lay(tile)
    assert controller.board.tiles[coord].tile == tile and controller.board.tiles[coord].rotation == rotations[0]
    seen = [controller.board.tiles[coord].rotation]
    for _ in range(len(rotations) - 1):
        assert controller.rotate()
        seen.append(controller.board.tiles[coord].rotation)
    assert seen == rotations
    assert controller.rotate() and controller.board.tiles[coord].rotation == rotations[0]  # wraps around
    assert len(controller.history) == 1  # rotating is part of the one lay
    assert controller.undo()
    assert controller.board is start and not controller.undo()


def test_tokens_placed_removed_and_refused_when_full() -> None:
    controller = planner()
    board = controller.board
    assert controller.toggle_token("B4", 0)  # Dunmere, white city with one slot
    assert Token("B4", 0, "HVR") in controller.board.tokens
    assert controller.toggle_token("B4", 0)  # again: taken off
    assert controller.board.tokens == board.tokens
    controller.cycle_company(1)
    other = controller.company
    assert other != "HVR" and controller.toggle_token("B4", 0)
    controller.company = "HVR"
    assert not controller.toggle_token("B4", 0)  # the only slot is taken
    assert not controller.toggle_token("B4", 3)  # no such city
    assert controller.undo() and Token("B4", 0, other) not in controller.board.tokens
    assert controller.undo() and Token("B4", 0, "HVR") in controller.board.tokens  # back before the removal
    assert controller.undo() and controller.board.tokens == board.tokens


def test_save_and_load_round_trip(tmp_path) -> None:
    controller = PlannerController(developed_board(), Thinker(inline=True), "HVR", folder=tmp_path)
    controller.add_train("6")
    path = controller.save("mine")
    assert path == tmp_path / "mine.json"
    again = load_board(path)
    assert again.tiles == controller.board.tiles and again.tokens == controller.board.tokens
    assert again.trains == controller.board.trains and again.phase == controller.board.phase
    fresh = PlannerController(starting_board(), Thinker(inline=True), "HVR", folder=tmp_path)
    assert fresh.saved_boards() == [path]
    assert fresh.load(path) and fresh.board.tiles == controller.board.tiles
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "tablegames-18xx-board", "version": 1, "map": "builtin:nowhere"}))
    before = fresh.board
    assert not fresh.load(broken) and fresh.board is before and "nowhere" in fresh.message
    broken.write_text(json.dumps({**board_to_dict(fresh.board), "format": "tablegames-18xx-board/9"}))
    assert not fresh.load(broken) and fresh.board is before  # not opened as a map file and blamed for "layout"
    assert fresh.message == (f"unknown format 'tablegames-18xx-board/9' in {broken}; expected "
                             "'tablegames-18xx-board' (a board state) or no format (a map file)")


def test_the_default_folder_is_the_user_data_folder(tmp_path) -> None:
    assert boards_folder() == tmp_path / "user-data" / "tablegames" / "routes"


def test_trains_and_phase_are_edited_on_the_board() -> None:
    controller = planner()
    assert controller.set_trains(["4", "D"]) and controller.trains == ["4", "D"]
    assert controller.remove_train(0) and controller.trains == ["D"]
    with pytest.raises(ValueError):
        controller.add_train("Q")
    assert controller.trains == ["D"]
    controller.cycle_phase(1)
    assert controller.board.phase == controller.board.game_map.phases[1].name


def test_the_phase_steps_over_phases_that_would_not_allow_the_tiles() -> None:
    """Harrowmere's phases: 2 (yellow), 3 and 4 (+ green), 5, 6 and D (+ brown). With a brown tile down, P from D
    comes round to 5, and back from 5 to D: the board never stands in a phase its tiles could not lie in."""
    board = replace(developed_board(), phase="5")
    controller = planner(board)
    coord, tile = next((c, t) for c in sorted(board.game_map.hexes) for t, _r in legal_placements(board, c)
                       if board.game_map.tiles[t].color == "brown")
    controller.select_hex(coord)
    assert controller.lay(tile)
    assert [p.name for p in board.game_map.phases] == ["2", "3", "4", "5", "6", "D"]
    controller.cycle_phase(1)
    assert controller.board.phase == "6"
    controller.cycle_phase(1)
    controller.cycle_phase(1)
    assert controller.board.phase == "5" and "phases between" in controller.message
    controller.cycle_phase(-1)
    assert controller.board.phase == "D"


def test_the_run_drawn_is_the_search_result() -> None:
    board = developed_board()
    controller = planner(board)
    assert controller.run()
    state = controller.run_state
    expected = solve(board_network(board), [parse_train(t) for t in board.trains["HVR"]], "HVR", board.phase)
    assert state.result is not None and state.result.total == expected.total > 0
    assert [r.revenue for r in state.result.runs] == [r.revenue for r in expected.runs]
    # The drawn paths are the tile paths the runs' links use, each train's stops its run's, no path twice.
    used = [p for route in state.routes for p in route.paths]
    assert len(used) == len(set(used))
    for run, route in zip(state.result.runs, state.routes, strict=True):
        assert route.stops == run.stops and route.revenue == run.revenue
        assert bool(route.paths) == bool(run.stops)
        assert {stop.partition(".")[0] for stop in run.stops} <= {coord for coord, _path in route.paths}
        for coord, number in route.paths:
            spec = board.tile_on(coord)[0]
            assert 0 <= number < len(spec.paths)
            path = spec.paths[number]
            for end in (path.a, path.b):
                if not end.startswith("e"):
                    assert f"{coord}.{end}" in run.stops or board.tile_on(coord)[0].node(end).kind == "junction"
    controller.apply_board(board)  # any change drops the result (it described the old board)
    assert controller.run_state.result is None


def test_on_a_real_thinker_the_window_reads_the_kernels_progress_each_frame_and_a_change_cancels() -> None:
    board = developed_board()
    thinker = Thinker()
    try:
        controller = PlannerController(board, thinker, "HVR")
        assert controller.run()
        live = controller.run_state.live
        for _ in range(2000):  # frames
            controller.poll()
            if not controller.is_running:
                break
            time.sleep(0.005)
        state = controller.run_state
        assert state.result is not None and state.result.total > 0
        assert state.progress is not None and state.progress == live.read() and state.progress.stage != "preparing"
        assert controller.run()
        job = controller.run_state.job
        controller.apply_board(board)  # a change cancels the run: its token is set, its answer never used
        assert job is None or job.is_cancelled()  # (None: it had already answered, at once)
        assert controller.run_state.job is None and controller.run_state.result is None
    finally:
        thinker.shutdown()


def test_scene_clicks_lay_and_tokens_follow_the_drawing() -> None:
    import tablegames.ui.routes  # noqa: F401

    scene = RoutePlannerScene(Context(thinker=Thinker(inline=True)), starting_board(), "HVR")
    controller = scene.controller
    coord, tile, _rotations = first_hex_with_turns(controller)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.layout.centres[coord], button=1))
    assert controller.selected == coord
    cells = scene.tray_cells(len(scene.tray_tiles()))
    index = [t for t, _left in scene.tray_tiles()].index(tile)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cells[index].center, button=1))
    assert controller.board.tiles[coord].tile == tile
    turned = controller.board.tiles[coord].rotation
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r))
    assert controller.board.tiles[coord].rotation != turned
    layout = scene.layout  # the map as drawn (its coordinates around it)
    centre = layout.centres["B4"]
    places = node_positions(controller.board.tile_on("B4")[0], layout.board_layout)
    city = (centre[0] + places["c0"][0] * layout.size, centre[1] + places["c0"][1] * layout.size)
    assert city_at(controller.board, layout, city) == ("B4", 0)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=city, button=3))
    assert Token("B4", 0, "HVR") in controller.board.tokens
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u))
    assert Token("B4", 0, "HVR") not in controller.board.tokens


def test_path_points_run_from_side_to_side() -> None:
    board = replace(developed_board(), phase="5")
    layout = MapLayout.fit(board, MAP_RECT)
    coord = next(c for c, placed in sorted(board.tiles.items()))
    spec = board.tile_on(coord)[0]
    points = path_points(spec, 0, layout.board_layout, node_positions(spec, layout.board_layout),
                         layout.centres[coord], layout.size)
    assert len(points) >= 2
    for x, y in points:  # inside the hex's circle
        cx, cy = layout.centres[coord]
        assert (x - cx) ** 2 + (y - cy) ** 2 <= (layout.size * 1.01) ** 2


@pytest.mark.parametrize("name", ROUTES_SCENES)
def test_every_routes_scene_renders(name) -> None:
    import tablegames.ui.routes  # noqa: F401

    assert name in SCENES
    picture = render_scene(name, frames=30 if name == "routes:watch" else 1)
    colours = {picture.get_at((x, y))[:3] for x in range(0, 900, 37) for y in range(0, 760, 29)}
    assert len(colours) > 8  # a drawn map, not a blank frame


def test_the_run_scene_shows_a_run() -> None:
    import tablegames.ui.routes  # noqa: F401

    scene = SCENES["routes:run"](Context(thinker=Thinker(inline=True)))
    result = scene.controller.run_state.result
    assert result is not None and result.total > 0
    assert sum(1 for route in scene.controller.run_state.routes if route.paths) >= 2


def test_the_watch_lays_tiles_and_runs() -> None:
    import tablegames.ui.routes  # noqa: F401

    scene = SCENES["routes:watch"](Context(thinker=Thinker(inline=True)))
    tiles = len(scene.controller.board.tiles)
    runs = 0
    for _ in range(400):
        scene.update(1 / 30)
        runs += scene.controller.run_state.result is not None and scene.controller.run_state.job is None
    assert len(scene.controller.board.tiles) > tiles and runs > 0




@needs_shared
def test_dropping_a_map_file_opens_a_fresh_board_of_it() -> None:
    scene = RoutePlannerScene(Context(thinker=Thinker(inline=True)), starting_board(), "HVR")
    scene.handle(pygame.event.Event(pygame.DROPFILE, file=str(SHARED / "1830.json")))
    board = scene.controller.board
    assert board.game_map.title == "1830" and not board.tiles
    assert scene.controller.company in [c.sym for c in board.game_map.companies]
    assert {t.company for t in board.tokens} == {c.sym for c in board.game_map.companies}  # homes down
    scene.draw(pygame.Surface((1280, 800)))
    coord = next(c for c in sorted(board.game_map.hexes) if legal_placements(board, c))
    scene.controller.select_hex(coord)
    assert scene.controller.lay(next(iter(scene.controller.offers)))
    assert scene.controller.undo() and scene.controller.undo()  # the lay, then the opening
    assert scene.controller.board.game_map.title == "Harrowmere"
    scene.update(1 / 60)  # the next frame lays the map out again for the map it came back to (draw only reads)
    scene.draw(pygame.Surface((1280, 800)))
    assert set(scene.layout.centres) == set(scene.controller.board.game_map.hexes)


def test_escape_menu_saves_opens_a_typed_path_and_leads_back_to_the_lobby(tmp_path) -> None:
    from tablegames.ui.routes.menu import ITEMS, PlannerMenuScene, row_rect
    from tablegames.ui.scene import Pop, Push

    context = Context(thinker=Thinker(inline=True))
    scene = RoutePlannerScene(context, developed_board(), "HVR")
    intents = scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert len(intents) == 1 and isinstance(intents[0], Push) and isinstance(intents[0].scene, PlannerMenuScene)
    menu = intents[0].scene
    keys = [item.key for item in ITEMS]

    def click(key: str) -> list:
        return menu.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row_rect(keys.index(key)).center,
                                              button=1))

    assert isinstance(click("save")[0], Pop)
    saved = boards_folder() / "board.json"
    assert load_board(saved).tiles == scene.controller.board.tiles
    assert click("open") == [] and menu.menu.typing
    menu.handle(pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "absent.json")))
    assert menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)) == []  # refused, menu stays
    assert "absent.json" in scene.controller.message
    menu.menu.path = str(saved)
    scene.controller.apply_board(starting_board())
    assert isinstance(menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))[0], Pop)
    assert scene.controller.board.tiles == load_board(saved).tiles
    menu.draw(pygame.Surface((1280, 800)))
    assert [type(i) for i in click("lobby")] == [Pop, Pop]


def test_saving_into_a_folder_that_cannot_be_written_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    controller = PlannerController(starting_board(), Thinker(inline=True), folder=blocker / "boards")
    assert controller.save() is None
    assert controller.message.startswith("cannot save the board in")
