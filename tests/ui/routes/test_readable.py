"""The planner as a player reads it: runs listed by their stops' names, the search's size on a details line (not in
the message), the panel's Run and Tiles tabs following what was done, the tray by colour with its legend, the
hovered hex's tag, and the help page (F1, ?, the menu) naming every key."""

from __future__ import annotations

from dataclasses import replace

import pygame

from tablegames.core.worker import Thinker
from tablegames.routes.hexmap import COLOR_ORDER
from tablegames.ui.routes import developed_board
from tablegames.ui.routes.controller import DrawnRoute, run_text, starting_board, stop_name
from tablegames.ui.routes.help import HELP, PlannerHelpScene
from tablegames.ui.routes.scene import (
    PANEL_RECT,
    STATUS_Y,
    RoutePlannerScene,
    colour_chip_rects,
    run_lines,
    tab_rects,
)
from tablegames.ui.scene import Context, Push


def scene_on(board=None, company: str = "HVR") -> RoutePlannerScene:
    return RoutePlannerScene(Context(thinker=Thinker(inline=True)), board or starting_board(), company)


def key(scene: RoutePlannerScene, code: int, text: str = "") -> list:
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text))


def click(scene: RoutePlannerScene, pos: tuple[float, float], button: int = 1) -> list:
    return scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))


def test_runs_are_listed_by_the_names_of_their_stops() -> None:
    scene = scene_on(developed_board())
    controller = scene.controller
    assert controller.run()
    scene.update(1 / 60)
    result = controller.run_state.result
    assert result is not None and scene.tab == "run"
    board = controller.board
    for route in controller.run_state.routes:
        text = run_text(board, route)
        assert text.startswith(f"{route.train}-train: ") and text.endswith(f" = {route.revenue}")
        names = [stop_name(board, stop) for stop in route.stops]
        assert " – ".join(names) in text
        for stop, name in zip(route.stops, names, strict=True):
            hx = board.game_map.hexes[stop.partition(".")[0]]
            assert name.startswith(hx.name)  # every Harrowmere stop has a named hex
            assert "." not in name  # no node ids
    # the search's size is on the details line of the Run tab, not in the message
    assert controller.message == f"best run {result.total}" and "nodes" not in controller.message


def test_stop_names_say_which_stop_of_a_hex_and_where_an_unnamed_one_is() -> None:
    board = starting_board()
    assert stop_name(board, "C11.c0") == "Harrow"
    assert stop_name(board, "D8.c1") == "Kestrel & Marrowby (city 2)"  # an OO hex: two cities, one name
    assert stop_name(board, "D10.t0") == "Quarrendon & Vale (town 1)"
    hexes = dict(board.game_map.hexes)
    hexes["C9"] = replace(hexes["C9"], name=None)  # Brackwell's town, unnamed
    unnamed = replace(board, game_map=replace(board.game_map, hexes=hexes))
    assert stop_name(unnamed, "C9.t0") == "town at C9"
    route = DrawnRoute("4", (), ("C11.c0", "C9.t0"), 40)
    assert run_text(unnamed, route) == "4-train: Harrow – town at C9 = 40"
    assert run_text(board, DrawnRoute("D", (), (), 0)) == "D-train: does not run"


def test_long_runs_wrap_between_stops() -> None:
    text = "D-train: Harrow – Quarrendon & Vale (town 2) – Greyhaven – Penmarrow – Port Wenna = 190"
    lines = run_lines(text, 300, 18)
    assert len(lines) > 1 and " ".join(lines) == text
    assert all(not line.startswith("–") for line in lines)


def test_the_tabs_follow_what_was_done_and_t_or_a_click_switches_them() -> None:
    scene = scene_on(developed_board())
    assert scene.tab == "tiles"
    key(scene, pygame.K_RETURN)  # run: the Run tab
    assert scene.tab == "run"
    click(scene, scene.layout.centres["C9"])  # a hex chosen: its tiles
    assert scene.tab == "tiles" and scene.controller.selected == "C9"
    key(scene, pygame.K_t)
    assert scene.tab == "run"
    click(scene, tab_rects()["tiles"].center)
    assert scene.tab == "tiles"


def test_the_tray_shows_one_colour_at_a_time_with_bigger_tiles() -> None:
    scene = scene_on()
    board = scene.controller.board
    colours = scene.tray_colours()
    assert colours == [c for c in COLOR_ORDER if c in colours] and {"yellow", "green", "brown"} <= set(colours)
    assert scene.shown_colour() == "yellow"  # phase 2 lays yellow
    assert {board.game_map.tiles[t].color for t, _left in scene.tray_tiles()} == {"yellow"}
    assert scene.first_phase_of("green") == "3" and scene.first_phase_of("brown") == "5"
    for colour, rect in zip(colours, colour_chip_rects(len(colours)), strict=True):
        click(scene, rect.center)
        assert scene.shown_colour() == colour
        tiles = scene.tray_tiles()
        assert tiles and {board.game_map.tiles[t].color for t, _left in tiles} == {colour}
        cells = scene.tray_cells(len(tiles))
        assert len(cells) == len(tiles)  # every tile of a colour fits
        assert min(cell.width for cell in cells) >= 40  # the old tray's cells were 34 wide
        for number, cell in enumerate(cells):
            assert PANEL_RECT.contains(cell) and cell.bottom <= STATUS_Y
            assert not any(cell.colliderect(other) for other in cells[number + 1:])
    scene.draw(pygame.Surface((1280, 800)))


def test_pointing_at_a_hex_tags_its_coordinate_name_and_ground() -> None:
    scene = scene_on()
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout.centres["E9"], rel=(0, 0), buttons=()))
    assert scene.hover == "E9"
    assert scene.hex_tag("E9") == ["E9 · water, $40 to build", "Lindow Cross"]
    assert scene.hex_tag("A7") == ["A7 · mountains, $60 to build"]
    assert scene.hex_tag("C11") == ["C11", "Harrow"]
    scene.draw(pygame.Surface((1280, 800)))


def test_f1_question_mark_and_the_menu_open_the_help_page() -> None:
    scene = scene_on()
    for code, text in ((pygame.K_F1, ""), (pygame.K_SLASH, "?"), (pygame.K_QUESTION, "?")):
        intents = key(scene, code, text)
        assert len(intents) == 1 and isinstance(intents[0], Push)
        assert isinstance(intents[0].scene, PlannerHelpScene)
    from tablegames.ui.routes.menu import ITEMS, row_rect

    menu = scene.menu()
    index = [item.key for item in ITEMS].index("help")
    intents = menu.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row_rect(index).center, button=1))
    assert isinstance(intents[0], Push) and isinstance(intents[0].scene, PlannerHelpScene)
    page = intents[0].scene
    assert page.page_height > 700  # a page to scroll
    page.draw(pygame.Surface((1280, 800)))


def test_the_help_explains_runs_trains_and_every_key() -> None:
    for heading in ("## What a run is", "## What the trains mean", "## Keys and mouse", "## The tile tray"):
        assert heading in HELP
    for binding in RoutePlannerScene.bindings:
        if binding.label:
            first = binding.label.split()[0]
            assert first in ("Click", "right-click") or f"| {first}" in HELP or f", {first}" in HELP, binding.label
    assert "| Esc |" in HELP and "| M |" in HELP and "| Q |" in HELP  # the frame's own keys
