"""The map's names as the planner paints them, on the shipped map and the shared 1830 and 1889 maps (fresh and
grown): no name over track, stops, tokens, values, other text (the coordinates included) or another name, none off
the map, each one's middle inside its own hex, every named hex either labelled or marked and named on hover; names
at least 12 px high at every text size; the coordinates along the map's edges."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest

from shared_folder import SHARED_18XX as SHARED
from shared_folder import needs_shared_18xx as needs_shared
from tablegames.routes.boards import load_map
from tablegames.routes.hexmap import BoardState, lay_random_tiles
from tablegames.ui.routes import developed_board
from tablegames.ui.routes.controller import starting_board
from tablegames.ui.routes.drawing import (
    COORD_MARGIN,
    NAME_REACH,
    NAME_SIZE,
    MapLayout,
    coordinate_labels,
    paint_board,
)
from tablegames.ui.routes.labels import LabelPlan, boxes_overlap, overlaps
from tablegames.ui.routes.scene import MAP_RECT
from tablegames.ui.theme import TEXT_SCALES, font


def name_px() -> int:
    return font(NAME_SIZE).get_height()


def test_names_are_at_least_12_px_high() -> None:
    assert name_px() >= 12


def check_board(board: BoardState, name_size: int = NAME_SIZE) -> LabelPlan:
    layout = MapLayout.fit(board, MAP_RECT, COORD_MARGIN)
    ink: list = []
    plan = paint_board(pygame.Surface((1280, 800)), board, layout, {}, name_size, ink)
    assert overlaps(plan, ink, layout.bounds) == []  # ink includes the coordinates around the map
    named = {coord for coord, hx in board.game_map.hexes.items() if hx.name}
    assert set(plan.placed) | set(plan.hover) == named and not set(plan.placed) & set(plan.hover)
    for coord, placement in plan.placed.items():  # each name's middle inside its own hex
        cx, cy = layout.centres[coord]
        x, y = (placement.box[0] + placement.box[2]) / 2, (placement.box[1] + placement.box[3]) / 2
        assert math.hypot(x - cx, y - cy) <= layout.size * NAME_REACH + 1e-6
    for coord, marker in plan.hover.items():  # a marker sits on the map, clear of every name
        assert MAP_RECT.contains(pygame.Rect(marker[0], marker[1], marker[2] - marker[0], marker[3] - marker[1]))
        assert not any(boxes_overlap(marker, p.box) for p in plan.placed.values()), coord
    return plan


def grown(board: BoardState, seed: int, lays: int) -> BoardState:
    for offset, phase in enumerate(board.game_map.phases[:4]):
        board = lay_random_tiles(replace(board, phase=phase.name), seed + offset, lays)
    return board


def test_harrowmere_names_never_overlap() -> None:
    plan = check_board(starting_board())
    assert len(plan.placed) >= 0.8 * (len(plan.placed) + len(plan.hover))  # an open board: nearly all fit
    check_board(developed_board())
    check_board(grown(starting_board(), 11, 25))


@pytest.mark.parametrize("text_size", sorted(TEXT_SCALES))
def test_harrowmere_names_at_every_text_size(text_size: str) -> None:
    check_board(developed_board(), round(NAME_SIZE * TEXT_SCALES[text_size]))


@needs_shared
@pytest.mark.parametrize("name", ["1830", "1889"])
def test_shared_maps_names_never_overlap(name: str) -> None:
    game_map = load_map(SHARED / f"{name}.json")
    fresh = starting_board(game_map, str(SHARED / f"{name}.json"))
    plan = check_board(fresh)
    assert plan.placed
    check_board(grown(fresh, 5, 20))


def test_coordinates_run_along_the_edges() -> None:
    board = starting_board()
    layout = MapLayout.fit(board, MAP_RECT, COORD_MARGIN)
    labels = coordinate_labels(board.game_map, layout)
    texts = {text for text, _at in labels}
    assert {"A", "G", "1", "17"} <= texts  # Harrowmere: rows A-G, columns 1-17 (pointy: letters down the sides)
    left, top, right, bottom = layout.bbox
    for text, (x, y) in labels:
        outside = x < left or x > right or y < top or y > bottom
        assert outside and MAP_RECT.collidepoint(x, y), text
    rows = [(text, y) for text, (x, y) in labels if x < left]
    assert [t for t, _ in sorted(rows, key=lambda r: r[1])] == list("ABCDEFG")
