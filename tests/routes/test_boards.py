"""Map files and board-state files: the shared boards load, round trips, malformed files rejected with the reason,
and the shipped original board."""

from __future__ import annotations

import copy
import json
import re
from collections import deque
from dataclasses import replace

import pytest

from shared_folder import SHARED_18XX as SHARED
from shared_folder import needs_shared_18xx as needs_shared
from tablegames.routes.boards import (
    DEFAULT_MAP,
    SHIPPED_MAPS_DIR,
    board_from_dict,
    board_to_dict,
    load_board,
    load_map,
    load_shipped_map,
    map_from_dict,
    save_board,
    shipped_map_names,
)
from tablegames.routes.hexmap import (
    BoardState,
    build_track_graph,
    lay_random_tiles,
    legal_placements,
    opposite_edge,
    place_home_tokens,
)


@pytest.fixture(scope="module")
def harrowmere():
    return load_shipped_map()


def developed_board(game_map, seed=7):
    """Home tokens down, then random legal lays through phases 2, 3 and 5 (seeded)."""
    board = place_home_tokens(BoardState(game_map, map_ref=f"builtin:{DEFAULT_MAP}"))
    board = lay_random_tiles(board, seed, 15)
    board = lay_random_tiles(replace(board, phase="3"), seed + 1, 15)
    return lay_random_tiles(replace(board, phase="5"), seed + 2, 10)


# ------------------------------------------------------------------------------------------- round trips
def test_board_round_trip_through_a_file(tmp_path, harrowmere):
    board = developed_board(harrowmere)
    board.trains = {"HVR": ["5", "3"], "KMR": ["D"]}
    path = tmp_path / "game.json"
    save_board(board, path)
    loaded = load_board(path)
    assert board_to_dict(loaded) == board_to_dict(board)
    assert loaded.tiles == board.tiles and loaded.tokens == board.tokens and loaded.phase == "5"
    assert build_track_graph(loaded) == build_track_graph(board)
    save_board(loaded, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_text() == path.read_text()


@needs_shared
def test_board_on_a_shared_map_by_relative_path(tmp_path):
    game_map = load_map(SHARED / "1889.json")
    board = place_home_tokens(BoardState(game_map, map_ref=str(SHARED / "1889.json")))
    board = lay_random_tiles(board, 3, 12)
    save_board(board, tmp_path / "b.json")
    assert board_to_dict(load_board(tmp_path / "b.json")) == board_to_dict(board)
    # A relative map path is read from the board file's folder.
    (tmp_path / "maps").mkdir()
    for name in ("1889.json", "tiles.json"):
        (tmp_path / "maps" / name).write_text((SHARED / name).read_text())
    data = board_to_dict(board)
    data["map"] = "maps/1889.json"
    (tmp_path / "rel.json").write_text(json.dumps(data))
    assert load_board(tmp_path / "rel.json").tiles == board.tiles


def test_a_rejected_save_leaves_the_old_file(tmp_path, harrowmere):
    path = tmp_path / "game.json"
    good = place_home_tokens(BoardState(harrowmere, map_ref="builtin:harrowmere"))
    save_board(good, path)
    before = path.read_text()
    bad = replace(good, phase="9")
    with pytest.raises(ValueError, match="phase '9'"):
        save_board(bad, path)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# -------------------------------------------------------------------------------------- malformed boards
def base_board_dict():
    return {
        "format": "tablegames-18xx-board",
        "version": 1,
        "map": "builtin:harrowmere",
        "phase": "3",
        "tiles": {"E3": {"tile": "57", "rotation": 1}},
        "tokens": [{"hex": "E3", "city": 0, "company": "SCL"}],
        "trains": {"SCL": ["3", "2"]},
    }


def with_change(path: str, value):
    data = base_board_dict()
    keys = path.split("/")
    target = data
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if value is KeyError:
        del target[last]
    elif isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        ("format", "something-else", r"format: 'something-else', expected 'tablegames-18xx-board'"),
        ("version", 2, r"version: 2, expected 1"),
        ("map", KeyError, r"missing 'map'"),
        ("map", "builtin:atlantis", r"map: map 'atlantis': not a shipped map"),
        ("map", "no/such/map.json", r"map: .*cannot read"),
        ("phase", "9", r"phase '9': expected one of 2, 3, 4, 5, 6, D"),
        ("tiles/Z99", {"tile": "9", "rotation": 0}, r"tiles\.Z99: 'Z99' is not a hex"),
        ("tiles/E3/rotation", 6, r"tiles\.E3\.rotation: 6, expected 0-5"),
        ("tiles/E3/rotation", "2", r"tiles\.E3\.rotation: '2', expected a rotation 0-5"),
        ("tiles/E3/tile", "999", r"tile on E3: tile '999' is not in the map's tile library"),
        ("tiles/E1", {"tile": "9", "rotation": 0}, r"tile on E1: E1 is a red hex, its track is fixed"),
        ("tiles/A13", {"tile": "57", "rotation": 0}, r"A13 is a gray hex"),
        ("tokens/0/city", 1, r"token SCL on E3: city 1, the tile there has 1 city"),
        ("tokens/0/company", "ZZZ", r"company 'ZZZ': expected one of HVR"),
        ("tokens/0/hex", "B6", r"token SCL on B6: city 0, the tile there has 0 city"),
        ("trains/SCL", ["3", "7"], r"trains of SCL: train '7', expected one of"),
        ("trains/SCL", "3", r"trains\.SCL: '3', expected a list of train names"),
        ("tokens", {"hex": "E3"}, r"tokens: .*expected a list of tokens"),
    ],
)
def test_malformed_boards_say_what_where_and_what_was_expected(tmp_path, path, value, reason):
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(with_change(path, value)))
    with pytest.raises(ValueError, match=reason) as info:
        load_board(file)
    assert str(file) in str(info.value)


def test_two_tokens_in_a_one_slot_city_and_too_many_tiles(tmp_path, harrowmere):
    data = base_board_dict()
    data["tokens"].append({"hex": "E3", "city": 0, "company": "HVR"})
    with pytest.raises(ValueError, match="city 0 has 1 slot"):
        board_from_dict(data, "b", game_map=harrowmere)
    data = base_board_dict()
    data["tokens"].append({"hex": "E3", "city": 0, "company": "SCL"})
    with pytest.raises(ValueError, match="one token per hex"):
        board_from_dict(data, "b", game_map=harrowmere)
    data = base_board_dict()
    data["tiles"] = {c: {"tile": "57", "rotation": 0} for c in ("E3", "B4", "C5", "B10", "D14")}
    with pytest.raises(ValueError, match="tile 57: 5 laid, the manifest has 4"):
        board_from_dict(data, "b", game_map=harrowmere)


# ------------------------------------------------------------------------------ tiles that could not lie there
@needs_shared
@pytest.mark.parametrize(
    ("phase", "hex_name", "tile", "rotation", "reason"),
    [
        # Takamatsu K4 is printed yellow, one city, track to edges 0, 1 and 2, label T.
        ("2", "K4", "466", 0, "brown tile 466 in phase 2, which lays yellow tiles only"),
        ("3", "K4", "440", 1, "green tile 440 at rotation 1 drops the track to edge 0"),
        ("2", "K4", "57", 0, "yellow tile 57 on a yellow hex: a tile replaces one of an earlier colour"),
        ("2", "I2", "9", 0, "yellow tile 9 drops a city: 0, the hex has 1"),  # Marugame: a white city
        ("2", "J3", "57", 0, "yellow tile 57 adds a city: 1, the hex has 0"),  # a blank hex
        ("3", "K6", "440", 0, "green tile 440 is labelled T, the hex nothing"),
        ("2", "I2", "57", 2, "yellow tile 57 at rotation 2: its track runs off the map at edge 2"),
        ("2", "K6", "9", 1, "yellow tile 9 at rotation 1: its track at edge 1 meets the gray hex J7, which has no "
                            "track there"),
        ("5", "J5", "611", 0, "brown tile 611 drops a town: 0, the hex has 1"),  # Ritsurin Kouen: a town
    ],
)
def test_a_board_file_with_a_tile_that_could_not_lie_there_is_refused(tmp_path, phase, hex_name, tile, rotation,
                                                                     reason):
    data = {"format": "tablegames-18xx-board", "version": 1, "map": str(SHARED / "1889.json"), "phase": phase,
            "tiles": {hex_name: {"tile": tile, "rotation": rotation}}}
    file = tmp_path / "game.json"
    file.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=re.escape(f"{file}: tile on {hex_name}: {reason}")):
        load_board(file)


def test_a_tile_no_manifest_tiles_lead_to_is_refused():
    """A green city over a white city needs a yellow city tile in between: the small map's manifest has none."""
    data = small_map_dict()
    data["hexes"]["A5"] = {"color": "white", "code": None}
    data["tiles"]["14"] = {"color": "green",
                           "code": "city=revenue:30,slots:2;path=a:0,b:_0;path=a:3,b:_0"}
    data["manifest"] = {"14": 1}
    data["phases"] = [{"name": "3", "tiles": ["yellow", "green"]}]
    game_map = map_from_dict(data, "small.json")
    board = {"format": "tablegames-18xx-board", "version": 1, "map": "x", "phase": "3",
             "tiles": {"A3": {"tile": "14", "rotation": 0}}}
    with pytest.raises(ValueError, match="tile on A3: green tile 14 at rotation 0: no manifest tiles lead there"):
        board_from_dict(board, "b", game_map=game_map)
    data["tiles"]["57"] = {"color": "yellow", "code": "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"}
    data["manifest"]["57"] = 1  # now yellow 57 leads from the white city to 14
    assert board_from_dict(board, "b", game_map=map_from_dict(data, "small.json")).tiles["A3"].tile == "14"


def test_broken_json_is_reported_with_its_line(tmp_path):
    file = tmp_path / "broken.json"
    file.write_text('{\n  "format": "tablegames-18xx-board",\n  "version": 1,,\n}')
    with pytest.raises(ValueError, match=r"not JSON \(.* at line 3"):
        load_board(file)
    file.write_text('{"format": "tablegames-18xx-board", "format": "x"}')
    with pytest.raises(ValueError, match="key 'format' appears twice"):
        load_board(file)
    file.write_text("[1, 2]")
    with pytest.raises(ValueError, match="expected a JSON object"):
        load_board(file)


# ---------------------------------------------------------------------------------------- malformed maps
def small_map_dict():
    return {
        "title": "small",
        "layout": "flat",
        "hexes": {
            "A1": {"color": "red", "code": "offboard=revenue:yellow_20;path=a:0,b:_0", "name": "Out"},
            "A3": {"color": "white", "code": "city=revenue:0", "name": "Town"},
        },
        "tiles": {"57": {"color": "yellow", "code": "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"}},
        "manifest": {"57": 2},
        "phases": [{"name": "2", "tiles": ["yellow"]}],
        "trains": [{"name": "2", "distance": 2, "count": 3}],
        "companies": [{"sym": "AA", "name": "A Line", "home": "A3"}],
    }


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.pop("layout"), r"missing 'layout'"),
        (lambda d: d.update(layout="round"), r"layout: 'round', expected one of flat, pointy"),
        (lambda d: d["hexes"]["A3"].update(color="purple"), r"hexes\.A3\.color: 'purple'"),
        (lambda d: d["hexes"]["A3"].update(code="city=revenue:ten"), r"hexes\.A3.*revenue 'ten'"),
        (lambda d: d["hexes"]["A3"].update(code="city=revenue:6000000000000000000"),
         r"^small\.json: hexes\.A3, part 1 .*: revenue 6000000000000000000, expected 0 to 1,000,000$"),
        (lambda d: d["tiles"]["57"].update(code="city=revenue:99999999999999999999;path=a:0,b:_0"),
         r"tiles: tile 57, part 1 .*: revenue 99999999999999999999, expected 0 to 1,000,000"),
        (lambda d: d["hexes"]["A1"].update(code="offboard=revenue:yellow_20|brown_" + "9" * 5000 + ";path=a:0,b:_0"),
         r"hexes\.A1, part 1 .*: revenue 9{40}, expected 0 to 1,000,000"),
        (lambda d: d["hexes"].update(a5={"color": "white"}), r"hex name 'a5'"),
        (lambda d: d["hexes"].update(B1={"color": "white"}), r"one parity"),
        (lambda d: d["hexes"]["A3"].update(x=4), r"hexes\.A3\.x: 4, the name A3 gives 0"),
        (lambda d: d["hexes"]["A1"].update(code="path=a:0,b:3"), r"a red hex is an off-board"),
        (lambda d: d["manifest"].update({"8": 1}), r"manifest\.8: no tile '8'"),
        (lambda d: d["manifest"].update({"57": -1}), r"manifest\.57: -1, expected a count"),
        (lambda d: d["companies"][0].update(home="A1"), r"companies\[0\]\.home: A1 has 0 city"),
        (lambda d: d["phases"][0].update(tiles=["blue"]), r"phases\[0\]\.tiles: 'blue'"),
        (lambda d: d.update(phases=[]), r"phases: empty"),
        (lambda d: d["trains"][0].pop("distance"), r"trains\[0\]: missing 'distance'"),
        (lambda d: d.update(axes={"x": "number", "y": "letter"}), r"axes: .*only the flat default"),
        (lambda d: d.pop("tiles"), r"no 'tiles' section"),
        (lambda d: d["tiles"]["57"].update(color="teal"), r"tile 57: colour 'teal'"),
    ],
)
def test_malformed_maps_say_why(change, reason):
    data = small_map_dict()
    change(data)
    with pytest.raises(ValueError, match=reason):
        map_from_dict(data, "small.json")


def test_small_map_loads():
    game_map = map_from_dict(small_map_dict(), "small.json")
    assert game_map.hexes["A1"].neighbours == {0: "A3"} and game_map.hexes["A3"].neighbours == {3: "A1"}
    assert game_map.manifest == {"57": 2} and game_map.trains[0].count == 3
    # 57 runs straight through its city: with A3 touching the map on one side only, it fits nowhere.
    assert legal_placements(BoardState(game_map), "A3") == []
    data = small_map_dict()
    data["hexes"]["A5"] = {"color": "white", "code": None}
    game_map = map_from_dict(data, "small.json")
    assert legal_placements(BoardState(game_map), "A3") == [("57", 0)]


# ----------------------------------------------------------------------------------- the original board
def test_the_shipped_board_is_the_default_and_original(harrowmere):
    assert DEFAULT_MAP in shipped_map_names()
    assert harrowmere.title == "Harrowmere"
    names = {h.name for h in harrowmere.hexes.values() if h.name}
    assert not names & {"Takamatsu", "Chicago", "New York & Newark", "Kouchi", "Boston"}


def test_the_shipped_board_has_what_the_issue_asks(harrowmere):
    hexes = harrowmere.hexes.values()
    assert 40 <= len(harrowmere.hexes) <= 70
    offboards = [h for h in hexes if h.color == "red"]
    assert 2 <= len(offboards) <= 4
    for hx in offboards:  # off-boards pay more as the phases go on
        revenue = hx.spec.offboards[0].revenue
        assert isinstance(revenue, dict) and revenue["brown"] > revenue["yellow"]
    assert sum(1 for h in hexes if len(h.spec.cities) == 2 and h.spec.label == "OO") >= 1
    assert sum(1 for h in hexes if h.spec.towns) >= 3
    assert {t for h in hexes for t in h.terrain} == {"water", "mountain"}
    assert 4 <= len(harrowmere.companies) <= 6
    for company in harrowmere.companies:
        assert harrowmere.hexes[company.home].spec.cities
    assert [t.name for t in harrowmere.trains] == ["2", "3", "4", "5", "6", "D"]
    assert [p.name for p in harrowmere.phases] == ["2", "3", "4", "5", "6", "D"]
    # Every upgradeable hex can take a first tile in phase 2.
    board = BoardState(harrowmere)
    for coord, hx in harrowmere.hexes.items():
        if hx.color == "white":
            assert legal_placements(board, coord), coord


@needs_shared
def test_the_shipped_tiles_are_the_common_library_tiles(harrowmere):
    library = json.loads((SHARED / "tiles.json").read_text())["tiles"]
    raw = json.loads((SHIPPED_MAPS_DIR / f"{DEFAULT_MAP}.json").read_text())
    assert set(raw["tiles"]) == set(raw["manifest"])
    for tile_id, entry in raw["tiles"].items():
        assert entry == {"color": library[tile_id]["color"], "code": library[tile_id]["code"]}


def test_the_shipped_board_is_connected(harrowmere):
    # Every hex is reachable from every other across sides track may cross.
    start = next(iter(harrowmere.hexes))
    seen, queue = {start}, deque([start])
    while queue:
        hx = harrowmere.hexes[queue.popleft()]
        for edge, other in hx.neighbours.items():
            if hx.is_connected_on(edge) and other not in seen:
                seen.add(other)
                queue.append(other)
    assert seen == set(harrowmere.hexes)
    # Off-board track always leads onto the map.
    for hx in harrowmere.hexes.values():
        if hx.color in ("red", "gray"):
            for edge in hx.spec.exits:
                other = harrowmere.hexes[hx.neighbours[edge]]
                assert hx.is_connected_on(edge) and other.color not in ("red",), (hx.coord, edge)
                assert opposite_edge(edge) in other.neighbours


def test_a_developed_shipped_board_joins_its_homes(harrowmere):
    board = developed_board(harrowmere)
    graph = build_track_graph(board)
    assert len(board.tiles) >= 20
    adjacency: dict[str, set[str]] = {}
    for seg in graph.segments:
        adjacency.setdefault(seg.a, set()).add(seg.b)
        adjacency.setdefault(seg.b, set()).add(seg.a)
    # Some company reaches at least four other stops over the random track (the lays grow from existing track).
    reach = []
    for stop in graph.stops:
        if not stop.tokens:
            continue
        seen, queue = {stop.name}, deque([stop.name])
        while queue:
            for nxt in adjacency.get(queue.popleft(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        reach.append(sum(1 for s in graph.stops if s.name in seen) - 1)
    assert max(reach) >= 4


def test_the_map_file_can_be_rewritten_unchanged(tmp_path, harrowmere):
    data = copy.deepcopy(harrowmere.source)
    (tmp_path / "m.json").write_text(json.dumps(data))
    again = load_map(tmp_path / "m.json")
    assert again.hexes == harrowmere.hexes and again.manifest == harrowmere.manifest
