"""Fuzzing every routes reader with mutations of real files (tests/fuzzing.py): the shipped scenarios, the shipped
map, the shared 1830 and 1889 maps and their tile library, and board files on them; the mutations change the
bytes or swap any JSON value for another (tests/fuzzing.py). Each mutation either reads (and then goes as far as
the command would take it: the network, the search's arrays) or raises the reader's own ValueError; never another
exception, and the file read is left byte for byte as it was."""

from __future__ import annotations

import contextlib
import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import fuzz_settings, mutated, replaced
from shared_folder import SHARED_18XX
from shared_folder import needs_shared_18xx as needs_shared
from tablegames.routes.boards import (
    SHIPPED_MAPS_DIR,
    board_to_dict,
    load_board,
    load_map,
    load_shipped_map,
    load_tile_library,
)
from tablegames.routes.hexmap import BoardState, build_track_graph, lay_random_tiles, place_home_tokens
from tablegames.routes.hexmap_network import board_network, to_network
from tablegames.routes.scenario import load_scenario, shipped_scenarios
from tablegames.routes.search import prepare

# Every optional field of a scenario, so that the fuzzing reaches each field's check (the shipped files use few).
EVERY_FIELD = {
    "format": "tablegames-routes/1", "name": "every field", "notes": "n", "company": "X",
    "phases": ["2", "3", "5"], "phase": "3",
    "stops": [{"name": "T", "kind": "city", "value": 20, "slots": 2, "tokens": ["X", "Y"]},
              {"name": "O", "kind": "offboard", "value": {"2": 40, "5": 70, "diesel": 90}, "group": "O"},
              {"name": "V", "kind": "town", "value": 10}],
    "junctions": [{"name": "J", "conflicts": ["side J"], "crossing": True, "length": 1}],
    "segments": [["T", "V"], ["V", "J", "V-J"],
                 {"a": "J", "b": "O", "conflicts": ["J-O"], "length": 1, "track": "dual", "hex": "H1"}],
    "trains": ["4", "2+2", "3Ex2",
               {"name": "D", "stops": "unlimited", "towns": 1, "express": False, "hexes": 0, "skip_towns": True,
                "multiplier": 2, "value_class": "diesel", "track": "broad", "stop_bonus": {"offboard": 40}}],
    "bonuses": [{"name": "east-west", "parts": [["T"], ["O"]], "amount": 50, "trains": ["D"]}],
    "expected": 0,
}
SCENARIOS = {name: path.read_bytes() for name, path in sorted(shipped_scenarios().items())}
SCENARIOS["every-field"] = json.dumps(EVERY_FIELD).encode()
SHIPPED_MAP = (SHIPPED_MAPS_DIR / "harrowmere.json").read_bytes()


def mutations(valid: bytes) -> st.SearchStrategy[bytes]:
    """The file's bytes mutated, or its JSON values replaced (the second reaches every field's check)."""
    return st.one_of(mutated(valid), replaced(json.loads(valid)))


def read_intact(path: Path, text: bytes, read) -> None:
    """`read(path)` on a file holding `text`: a parse or a ValueError, and the file unchanged."""
    path.write_bytes(text)
    with contextlib.suppress(ValueError):
        read(path)
    assert path.read_bytes() == text


def solve_ready(path: Path) -> None:
    """What `routes solve` does with a scenario before the kernels: read it, then build the search's arrays."""
    scenario = load_scenario(path)
    prepare(scenario.network, scenario.trains, scenario.company, scenario.phase, scenario.bonuses)


@fuzz_settings()
@given(data=st.data())
def test_fuzzed_scenario_files_read_or_say_why(tmp_path_factory, data) -> None:
    name = data.draw(st.sampled_from(sorted(SCENARIOS)), label="scenario")
    text = data.draw(mutations(SCENARIOS[name]), label="file")
    read_intact(tmp_path_factory.mktemp("scenario") / f"{name}.json", text, solve_ready)


def map_ready(path: Path) -> None:
    """A map file as the planner opens it: read, home tokens down, the track graph and the network."""
    game_map = load_map(path)
    to_network(build_track_graph(place_home_tokens(BoardState(game_map, map_ref=str(path)))))


@fuzz_settings()
@given(text=mutations(SHIPPED_MAP))
def test_fuzzed_shipped_map_files_read_or_say_why(tmp_path_factory, text) -> None:
    read_intact(tmp_path_factory.mktemp("map") / "harrowmere.json", text, map_ready)


def shared_file(name: str) -> bytes:
    return (SHARED_18XX / name).read_bytes() if SHARED_18XX.is_dir() else b"{}"


@needs_shared
@fuzz_settings()
@given(data=st.data())
def test_fuzzed_shared_map_files_read_or_say_why(tmp_path_factory, data) -> None:
    """1830 and 1889 take their tiles from tiles.json beside them: the map or the library is mutated."""
    name = data.draw(st.sampled_from(["1830.json", "1889.json", "tiles.json"]), label="file")
    folder = tmp_path_factory.mktemp("shared")
    for other in ("1830.json", "1889.json", "tiles.json"):
        shutil.copyfile(SHARED_18XX / other, folder / other)
    text = data.draw(mutations(shared_file(name)), label="text")
    if name == "tiles.json":
        read_intact(folder / name, text, load_tile_library)
        read_intact(folder / name, text, lambda _: map_ready(folder / "1889.json"))
    else:
        read_intact(folder / name, text, map_ready)


def developed_board_file() -> bytes:
    """A board on the shipped map with tiles, tokens and trains, as the planner saves it."""
    board = lay_random_tiles(place_home_tokens(BoardState(load_shipped_map(), map_ref="builtin:harrowmere")), 5, 25)
    board = replace(board, trains={"HVR": ["4", "3"], "KMR": ["D"]})
    return json.dumps(board_to_dict(board), indent=2).encode()


BOARD = developed_board_file()


@fuzz_settings()
@given(text=mutations(BOARD))
def test_fuzzed_board_files_read_or_say_why(tmp_path_factory, text) -> None:
    read_intact(tmp_path_factory.mktemp("board") / "board.json", text, lambda path: board_network(load_board(path)))


def test_the_unmutated_files_read(tmp_path) -> None:
    """The fuzzing starts from files that read."""
    (tmp_path / "board.json").write_bytes(BOARD)
    assert load_board(tmp_path / "board.json").tiles
    for name, text in SCENARIOS.items():
        (tmp_path / f"{name}.json").write_bytes(text)
        solve_ready(tmp_path / f"{name}.json")
    map_ready(SHIPPED_MAPS_DIR / "harrowmere.json")


def test_an_unknown_tile_next_to_a_checked_one_is_named_not_a_key_error(tmp_path) -> None:
    """Found by the thorough fuzz run: E13's lay looked at E15's tile before E15's id was checked (KeyError)."""
    data = json.loads(BOARD)
    tiles = data["tiles"] if isinstance(data.get("tiles"), dict) else data["board"]["tiles"]
    tiles["E15"]["tile"] = "1e999"
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="tile on E15: tile '1e999' is not in the map's tile library"):
        load_board(path)
