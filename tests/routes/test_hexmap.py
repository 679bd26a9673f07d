"""Hex coordinates, the tile language, upgrades and tile legality, checked against the shared 18xx data."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared_folder import SHARED_18XX as SHARED
from shared_folder import needs_shared_18xx as needs_shared
from tablegames.routes.boards import load_map, load_tile_library
from tablegames.routes.hexmap import (
    EDGE_OFFSETS,
    BoardState,
    PlacedTile,
    Token,
    coord_name,
    edge_midpoint,
    hex_center,
    hex_corners,
    is_upgrade_allowed,
    lay_tile,
    legal_placements,
    neighbour_xy,
    parse_coord,
    parse_revenue,
    parse_tile_code,
    revenue_in_phase,
)


@pytest.fixture(scope="module")
def map1889():
    return load_map(SHARED / "1889.json")


@pytest.fixture(scope="module")
def map1830():
    return load_map(SHARED / "1830.json")


# --------------------------------------------------------------------------------------------- coordinates
def test_readme_examples_of_names():
    assert parse_coord("K4", "flat") == (10, 3)
    assert parse_coord("K4", "pointy") == (3, 10)
    assert parse_coord("AA12", "flat") == (26, 11)
    assert coord_name(26, 11, "flat") == "AA12"
    assert coord_name(27, 0, "flat") == "AB1"


@pytest.mark.parametrize("bad", ["k4", "K0", "4K", "K", "", "K4a", None])
def test_bad_hex_names_are_rejected(bad):
    with pytest.raises(ValueError, match="hex name"):
        parse_coord(bad, "flat")


@given(st.integers(0, 80), st.integers(0, 80), st.sampled_from(["flat", "pointy"]))
def test_names_round_trip(x, y, layout):
    assert parse_coord(coord_name(x, y, layout), layout) == (x, y)


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_neighbours_are_at_one_hex_distance_and_opposite_edges_come_back(layout):
    size = 10.0
    for edge in range(6):
        nx, ny = neighbour_xy(4, 6, edge, layout)
        assert neighbour_xy(nx, ny, (edge + 3) % 6, layout) == (4, 6)
        cx, cy = hex_center(4, 6, layout, size)
        px, py = hex_center(nx, ny, layout, size)
        assert math.dist((cx, cy), (px, py)) == pytest.approx(math.sqrt(3) * size)
        # Side `edge` runs between corners edge+1 and edge+2; its middle is the edge midpoint.
        corners = hex_corners(4, 6, layout, size)
        a, b = corners[(edge + 1) % 6], corners[(edge + 2) % 6]
        mx, my = edge_midpoint(4, 6, edge, layout, size)
        assert (mx, my) == pytest.approx(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))


def test_edges_run_clockwise_on_screen():
    # With y down, clockwise means the screen angle of the neighbour grows by 60 degrees per edge.
    for layout in ("flat", "pointy"):
        angles = []
        for dx, dy in EDGE_OFFSETS[layout]:
            px, py = hex_center(dx, dy, layout, 1.0)
            angles.append(math.degrees(math.atan2(py, px)) % 360)
        steps = [(angles[(i + 1) % 6] - angles[i]) % 360 for i in range(6)]
        assert steps == pytest.approx([60.0] * 6)


# ------------------------------------------------------------------------------------------- tile language
def test_tile_57_decodes():
    spec = parse_tile_code("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3")
    assert [(n.id, n.kind, n.revenue, n.slots) for n in spec.nodes] == [("c0", "city", 20, 1)]
    assert [(p.a, p.b) for p in spec.paths] == [("e0", "c0"), ("c0", "e3")]
    assert spec.exits == (0, 3)
    assert spec.rotated(2).exits == (2, 5)
    assert spec.rotated(4).exits == (1, 4)


def test_off_board_revenue_and_groups():
    spec = parse_tile_code(
        "offboard=revenue:yellow_30|brown_50,hide:1,groups:Canada;path=a:5,b:_0;border=edge:4"
    )
    node = spec.offboards[0]
    assert node.revenue == {"yellow": 30, "brown": 50}
    assert node.groups == ("Canada",) and node.hidden
    assert spec.borders == ((4, None),) and spec.impassable_edges == frozenset()
    assert parse_revenue("yellow_30|brown_60|diesel_100", "x") == {"yellow": 30, "brown": 60, "diesel": 100}


def test_revenue_by_phase_follows_the_readme_rule():
    revenue = {"yellow": 30, "brown": 60, "diesel": 100}
    assert revenue_in_phase(revenue, ["yellow"]) == 30
    assert revenue_in_phase(revenue, ["yellow", "green"]) == 30  # no green value: the older colour
    assert revenue_in_phase(revenue, ["yellow", "green", "brown"]) == 60
    assert revenue_in_phase(revenue, ["yellow"], diesel=True) == 100
    assert revenue_in_phase({"yellow": 20, "brown": 30}, ["yellow"], diesel=True) == 20
    assert revenue_in_phase(40, ["yellow"]) == 40


def test_nodes_are_numbered_per_kind_and_paths_find_them_by_declaration_order():
    spec = parse_tile_code(
        "town=revenue:10;city=revenue:20;town=revenue:10;path=a:0,b:_2;path=a:_1,b:3;junction"
    )
    assert [n.id for n in spec.nodes] == ["t0", "c0", "t1", "j0"]
    assert [(p.a, p.b) for p in spec.paths] == [("e0", "t1"), ("c0", "e3")]


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("city=revenue:x", "revenue"),
        ("path=a:0", "both ends"),
        ("path=a:7,b:0", "edge 0-5"),
        ("path=a:0,b:_1;city=revenue:10", "names node 1"),
        ("tunnel=depth:3", "unknown part 'tunnel'"),
        ("city=revenue:10,colour:red", "unknown key"),
        ("border=edge:9", "border edge"),
        ("path=a:0,b:0", "itself"),
        ("city=revenue:20,slots:two", "whole number"),
    ],
)
def test_malformed_tile_codes_say_why(code, reason):
    with pytest.raises(ValueError, match=reason):
        parse_tile_code(code, "tile X")


@needs_shared
def test_every_library_tile_decodes_like_the_shared_data():
    data = json.loads((SHARED / "tiles.json").read_text())["tiles"]
    library = load_tile_library(SHARED / "tiles.json")
    assert len(library) == 70
    for tile_id, entry in data.items():
        spec = library[tile_id].spec
        assert [list(p) for p in ((p.a, p.b) for p in spec.paths)] == entry["paths"], tile_id
        assert list(spec.exits) == entry["exits"], tile_id
        assert spec.label == entry["label"], tile_id
        assert [n.id for n in spec.nodes] == entry["nodes"], tile_id
        assert [(c.revenue, c.slots) for c in spec.cities] == [
            (c["revenue"], c["slots"]) for c in entry["cities"]
        ]
        assert [t.revenue for t in spec.towns] == [t["revenue"] for t in entry["towns"]], tile_id


# ------------------------------------------------------------------------------------------------ the maps
@needs_shared
def test_1889_start_board(map1889):
    assert map1889.layout == "flat" and len(map1889.hexes) == 52
    k4 = map1889.hexes["K4"]
    assert k4.name == "Takamatsu" and (k4.x, k4.y) == (10, 3)
    assert len(k4.spec.cities) == 1 and k4.spec.label == "T" and k4.spec.exits == (0, 1, 2)
    assert dict(k4.neighbours) == {0: "K6", 1: "J5", 2: "J3"}
    assert dict(map1889.hexes["J1"].neighbours) == {0: "J3", 1: "I2"}
    assert sum(1 for h in map1889.hexes.values() if h.color == "red") == 3
    assert [c.home for c in map1889.companies] == ["K8", "E2", "I2", "K4", "F9", "C10", "B7"]


@needs_shared
def test_1830_start_board(map1830):
    assert map1830.layout == "pointy" and len(map1830.hexes) == 93
    assert sum(1 for h in map1830.hexes.values() if h.color == "red") == 7
    assert map1830.hexes["H12"].name == "Altoona"
    # The impassable borders of the README, filled in on both sides.
    assert 5 in map1830.hexes["E7"].impassable and 2 in map1830.hexes["F8"].impassable
    assert map1830.hexes["D12"].impassable == frozenset({2, 3})
    assert map1830.hexes["C11"].impassable == frozenset({5})  # faces D12's edge 2
    assert map1830.hexes["C13"].impassable == frozenset({0})  # faces D12's edge 3
    assert len(map1830.hexes["G19"].spec.cities) == 2


@needs_shared
@pytest.mark.parametrize("game", ["1889", "1830"])
def test_maps_decode_like_the_shared_data(game):
    """Neighbours, impassable sides and decoded paths computed here equal the fields stored in the data."""
    game_map = load_map(SHARED / f"{game}.json")
    data = json.loads((SHARED / f"{game}.json").read_text())["hexes"]
    for coord, entry in data.items():
        hx = game_map.hexes[coord]
        assert dict(hx.neighbours) == {int(k): v for k, v in entry["neighbors"].items()}, coord
        assert hx.impassable == frozenset(entry.get("impassable_edges", [])), coord
        assert [[p.a, p.b] for p in hx.spec.paths] == entry["parsed"]["paths"], coord
        assert list(hx.spec.exits) == entry["parsed"]["exits"], coord


@needs_shared
@pytest.mark.parametrize("game", ["1889", "1830"])
def test_phase_revenue_rule_matches_the_published_phase_colours(game):
    data = json.loads((SHARED / f"{game}.json").read_text())
    for phase in data["phases"]:
        expected = data["offboard_phase_color"][phase["name"]]
        for offboard in data["offboards"].values():
            revenue = offboard["revenue"]
            assert revenue_in_phase(revenue, phase["tiles"]) == revenue[expected["default"]]
            assert revenue_in_phase(revenue, phase["tiles"], diesel=True) == revenue[expected["D_train"]]


# ------------------------------------------------------------------------------------------- tile legality
@needs_shared
def test_first_tiles_on_1889_hexes(map1889):
    board = BoardState(map1889)
    # A10 Sukumo touches the map only on edges 3, 4, 5: a 1-city tile must fit inside them.
    assert legal_placements(board, "A10") == [("5", 3), ("5", 4), ("6", 3)]
    # Kotohira carries label H: only tile 438 (H) may go there, at any rotation.
    assert {t for t, _ in legal_placements(board, "I4")} == {"438"}
    # Red and gray hexes never change; a yellow hex waits for green tiles (phase 3).
    assert legal_placements(board, "F1") == [] and legal_placements(board, "B7") == []
    assert legal_placements(board, "K4") == []
    assert {t for t, _ in legal_placements(BoardState(map1889, phase="3"), "K4")} == {"440"}
    # Kouchi F9 (green, label K, track on 2-5) takes brown 465 (K) in phase 5, at the one rotation keeping 2-5.
    assert legal_placements(BoardState(map1889, phase="5"), "F9") == [("465", 2)]
    # Port tile 437 blocks normal lays; plain towns take 3 or 58.
    assert {t for t, _ in legal_placements(board, "J9")} == {"3", "58"}


@needs_shared
def test_colour_order_is_one_step(map1889):
    tiles = map1889.tiles
    white = map1889.hexes["H7"].spec  # Ikeda: a white city
    assert is_upgrade_allowed(white, "white", tiles["57"])
    assert not is_upgrade_allowed(white, "white", tiles["14"])  # green over white skips yellow
    assert is_upgrade_allowed(tiles["57"].spec, "yellow", tiles["14"])
    assert not is_upgrade_allowed(tiles["57"].spec, "yellow", tiles["448"])  # brown over yellow
    assert is_upgrade_allowed(tiles["14"].spec, "green", tiles["448"])
    assert not is_upgrade_allowed(tiles["14"].spec, "green", tiles["57"])  # never down
    assert not is_upgrade_allowed(tiles["57"].spec, "yellow", tiles["9"])  # the city must stay


@needs_shared
def test_upgrades_keep_the_old_track(map1889):
    board = BoardState(map1889, tiles={"H7": PlacedTile("57", 0)}, phase="3")  # city on edges 0 and 3
    placements = legal_placements(board, "H7")
    assert placements  # 12, 13, 14, 15, 205, 206 where their track covers 0 and 3
    for tile_id, rotation in placements:
        exits = set(map1889.tiles[tile_id].spec.rotated(rotation).exits)
        assert {0, 3} <= exits, (tile_id, rotation)
    assert ("14", 0) in placements  # 14: 0,1,3,4
    assert not any(
        t == "12" for t, _ in placements
    )  # 12's three exits are adjacent: no straight line through
    # A plain curve 0-1 can only become a green tile containing that curve.
    curve = BoardState(map1889, tiles={"E4": PlacedTile("7", 0)}, phase="3")
    for tile_id, rotation in legal_placements(curve, "E4"):
        paths = {p.ends for p in map1889.tiles[tile_id].spec.rotated(rotation).paths}
        assert frozenset({"e0", "e1"}) in paths


@needs_shared
def test_labels_must_match(map1830):
    board = BoardState(map1830, phase="3")
    # Boston E23 (label B): only the B tile 53 may go on; New York G19 takes only 54 (NY).
    assert {t for t, _ in legal_placements(board, "E23")} == {"53"}
    assert {t for t, _ in legal_placements(board, "G19")} == {"54"}
    # OO hexes take the OO tile 59, and plain city tiles never carry a label.
    assert {t for t, _ in legal_placements(board, "E11")} == {"59"}
    h16 = BoardState(map1830, tiles={"H16": PlacedTile("57", 0)}, phase="3")
    assert not {"53", "54", "59"} & {t for t, _ in legal_placements(h16, "H16")}


@needs_shared
def test_manifest_counts_run_out(map1889):
    # 1889 has two 5s: with both laid elsewhere none is offered, and lifting one brings it back.
    board = BoardState(map1889, tiles={"E2": PlacedTile("5", 0), "I2": PlacedTile("5", 0)})
    assert board.tiles_remaining("5") == 0
    assert "5" not in {t for t, _ in legal_placements(board, "H7")}
    board = BoardState(map1889, tiles={"E2": PlacedTile("5", 0)})
    assert board.tiles_remaining("5") == 1
    assert "5" in {t for t, _ in legal_placements(board, "H7")}
    with pytest.raises(ValueError, match="the manifest has 2"):
        BoardState(map1889, tiles={c: PlacedTile("5", 0) for c in ("E2", "I2", "H7")}).check()


@needs_shared
def test_exits_never_run_off_the_map_or_across_impassable_sides(map1830):
    board = BoardState(map1830)
    for coord in map1830.hexes:
        hx = map1830.hexes[coord]
        for tile_id, rotation in legal_placements(board, coord):
            for edge in map1830.tiles[tile_id].spec.rotated(rotation).exits:
                assert edge in hx.neighbours and edge not in hx.impassable, (coord, tile_id, rotation)
    # D12 has impassable sides 2 and 3, so of the straight 9's three layouts only 1-4 (rotation 1) is legal.
    d12 = {(t, r) for t, r in legal_placements(board, "D12") if t == "9"}
    assert d12 == {("9", 1)}


@needs_shared
def test_track_may_not_face_a_blank_side_of_a_gray_or_red_hex(map1830):
    board = BoardState(map1830)
    # E11 (Buffalo OO) faces gray E9 on its edge 1; E9 has track only on 2 and 3.
    # Green 59 is OO with exits 0 and 2 at rotation 0.
    for tile_id, rotation in legal_placements(BoardState(map1830, phase="3"), "E11"):
        assert 1 not in map1830.tiles[tile_id].spec.rotated(rotation).exits
    # Toledo F4 faces gray Cleveland F6 on its edge 4, where Cleveland has no track: 57 runs 0-3 or 2-5 only.
    assert legal_placements(board, "F4") == [("57", 0), ("57", 2)]
    # Chicago F2 has track on 3, 4, 5, so E3 may aim at it on its edge 0.
    assert any(0 in map1830.tiles[t].spec.rotated(r).exits for t, r in legal_placements(board, "E3"))


@needs_shared
def test_laying_a_tile_moves_tokens_to_the_city_that_inherits_them(map1830):
    board = BoardState(map1830, tokens=[Token("G19", 1, "NYNH")], phase="3")
    # Old G19: city 0 on edge 3, city 1 on edge 0. Tile 54 at rotation 0: city 0 on 0-1, city 1 on 2-3.
    upgraded = lay_tile(board, "G19", "54", 0)
    assert upgraded.tokens == [Token("G19", 0, "NYNH")]
    assert board.tokens == [Token("G19", 1, "NYNH")]  # the old board is unchanged
    with pytest.raises(ValueError, match="may not be laid"):
        lay_tile(board, "G19", "53", 0)


@needs_shared
def test_random_tokens_go_on_free_slots_the_company_reaches(map1830):
    """Late-game token placement (scripts/make_routes_boards.py, the bench): within each company's token count,
    one per hex, never in a full city, only where the company's track leads, and the same for the same seed."""
    from dataclasses import replace

    from tablegames.routes.hexmap import (
        build_track_graph,
        lay_random_tiles,
        place_home_tokens,
        place_random_tokens,
    )

    board = place_home_tokens(BoardState(map1830))
    for phase, count in (("2", 30), ("3", 30)):
        board = lay_random_tiles(replace(board, phase=phase), 7, count)
    placed = place_random_tokens(board, 7)
    assert placed.tokens == place_random_tokens(board, 7).tokens
    new = placed.tokens[len(board.tokens):]
    assert new and placed.tokens[: len(board.tokens)] == board.tokens
    placed.check()  # slots, one token per company per hex
    for company in map1830.companies:
        assert sum(1 for t in placed.tokens if t.company == company.sym) <= company.tokens
    # Each new token's city has track, and the first token put down joins its company's home network: the home
    # hex and the new hex are in one connected piece of track.
    graph = build_track_graph(board)
    neighbours: dict[str, set[str]] = {}
    for segment in graph.segments:
        neighbours.setdefault(segment.a, set()).add(segment.b)
        neighbours.setdefault(segment.b, set()).add(segment.a)
    for token in new:
        city = f"{token.hex}.{board.tile_on(token.hex)[0].cities[token.city].id}"
        assert neighbours.get(city), token
    first = new[0]
    home = next(t for t in board.tokens if t.company == first.company)
    piece, frontier = {f"{home.hex}.c{home.city}"}, [f"{home.hex}.c{home.city}"]
    while frontier:
        for other in neighbours.get(frontier.pop(), ()):
            if other not in piece:
                piece.add(other)
                frontier.append(other)
    assert f"{first.hex}.c{first.city}" in piece
