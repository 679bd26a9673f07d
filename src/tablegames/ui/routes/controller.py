"""The route planner without graphics: the board being built, what a click means, the run on the thinker.

Tile laying: `select_hex` offers the legal placements of a hex (tile ids, each with its legal rotations);
`lay(tile)` lays the tile at its first legal rotation and `rotate()` turns the tile just laid through its other
legal rotations (always checked against the board before the lay, so one undo takes the whole lay back). Tokens:
`toggle_token(hex, city)` places or removes the chosen company's token. `run()` submits the exact search to the
thinker, where the kernel polls the job's CancelToken itself and writes its counters into a `LiveProgress`;
`poll()` (each frame, on the window's thread) reads the progress from it and collects the result. Routes come
back as `DrawnRoute`s: per train the tile paths (hex, path number) it runs along, so the drawing follows the track.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from tablegames.core.places import data_folder
from tablegames.core.worker import CancelToken, Job, SearchCancelled, Thinker
from tablegames.routes.boards import (
    BOARD_FORMAT,
    board_from_dict,
    declared_format,
    load_map,
    load_shipped_map,
    read_json,
    resolve_map_ref,
    save_board,
)
from tablegames.routes.hexmap import (
    BoardState,
    GameMap,
    Token,
    build_track_graph,
    lay_problem,
    lay_tile,
    legal_placements,
    place_home_tokens,
)
from tablegames.routes.hexmap_network import to_network
from tablegames.routes.network import Network
from tablegames.routes.search import LiveProgress, RunResult, SearchProgress, solve
from tablegames.routes.trains import parse_train
from tablegames.ui.routes import savegame

MAX_TRAINS = 6
OPENED_FORMATS: dict[str | None, str] = {BOARD_FORMAT: "a board state", None: "a map file"}  # what `load` opens
DEFAULT_BOARD_NAME = "board"


def boards_folder() -> Path:
    """Where the planner saves board states."""
    return data_folder() / "routes"


def starting_board(game_map: GameMap | None = None, map_ref: str = "builtin:harrowmere") -> BoardState:
    """A map as a game starts: every home token down, each company given the first train of the roster."""
    game_map = game_map or load_shipped_map()
    board = place_home_tokens(BoardState(game_map, map_ref=map_ref))
    first = game_map.trains[0].name if game_map.trains else "2"
    return replace(board, trains={c.sym: [first] for c in game_map.companies})


@dataclass(frozen=True)
class DrawnRoute:
    """One train's run as drawn: its tile paths (hex, path number in the tile now there), stops and revenue."""

    train: str
    paths: tuple[tuple[str, int], ...]
    stops: tuple[str, ...]
    revenue: int


@dataclass
class Pending:
    """The tile just laid: rotate() cycles its legal rotations on the board before the lay."""

    coord: str
    tile: str
    rotations: list[int]
    index: int = 0


@dataclass
class RunState:
    job: Job | None = None
    live: LiveProgress | None = None  # written by the search's kernel, read by `poll()`
    progress: SearchProgress | None = None  # the latest reading, for the drawing
    started: float = 0.0
    board_version: int = -1
    result: RunResult | None = None
    routes: list[DrawnRoute] = field(default_factory=list)
    error: str = ""


class PlannerController:
    """`autosave_path`: where the board and company are kept after every change (the frame asks `save_marker` and
    calls `autosave`) and resumed from on opening; None keeps nothing (the demos)."""

    def __init__(self, board: BoardState, thinker: Thinker, company: str | None = None,
                 folder: Path | None = None, autosave_path: Path | None = None) -> None:
        self.thinker = thinker
        self.folder = folder or boards_folder()
        self.board = board
        self.history: list[BoardState] = []
        self.version = 0  # bumped on every board change (the drawing caches by it)
        self.company = company or self._first_company()
        self.selected: str | None = None
        self.offers: dict[str, list[int]] = {}
        self.pending: Pending | None = None
        self.run_state = RunState()
        self.message = ""
        self.autosave_path = autosave_path
        self.notice = ""  # what the player is told on opening: a kept board that could not be restored
        if autosave_path is not None:
            self.resume(autosave_path)

    # --- kept between visits --------------------------------------------------------------------------------------

    def resume(self, path: Path) -> None:
        """The board and company the planner had when it was last left, when its file can be read (else the board
        given stays, and `notice` says why)."""
        loaded = savegame.load_saved(path)
        if loaded.board is not None and loaded.company is not None:
            self.board, self.company = loaded.board, loaded.company
        if not loaded.may_overwrite:
            self.autosave_path = None  # a newer version's file is left as it is
        self.notice = loaded.message

    def save_marker(self) -> object:
        """Changes whenever what is kept does (the board, the company shown); None when nothing is kept."""
        return None if self.autosave_path is None else (self.version, self.company)

    def autosave(self) -> str | None:
        """Keep the board and company; what to tell the player when it could not be done, else None."""
        if self.autosave_path is None:
            return None
        return savegame.save_planner(self.board, self.company, self.autosave_path)

    # --- the board ------------------------------------------------------------------------------------------------

    def _first_company(self) -> str:
        tokened = [t.company for t in self.board.tokens]
        companies = [c.sym for c in self.board.game_map.companies]
        return tokened[0] if tokened else companies[0]

    def _keep_company(self) -> None:
        """After the map changed (opened, or an opening undone): a company of that map."""
        if self.company not in [c.sym for c in self.board.game_map.companies]:
            self.company = self._first_company()

    def _change(self, board: BoardState, keep_pending: bool = False) -> None:
        """Every edit goes through here: one undo step, drawing and result invalidated."""
        if not keep_pending:
            self.history.append(self.board)
            self.pending = None
        self.board = board
        self.version += 1
        self.cancel_run()
        self.run_state = RunState()

    def apply_board(self, board: BoardState) -> None:
        """Replace the board (one undo step), e.g. a board grown elsewhere."""
        self._change(board)

    def undo(self) -> bool:
        if not self.history:
            self.message = "nothing to undo"
            return False
        self.cancel_run()
        self.board = self.history.pop()
        self._keep_company()
        self.pending = None
        self.version += 1
        self.run_state = RunState()
        self.refresh_offers()
        self.message = "undone"
        return True

    def select_hex(self, coord: str | None) -> None:
        self.selected = coord
        self.pending = None
        self.refresh_offers()

    def refresh_offers(self) -> None:
        self.offers = {}
        if self.selected is None:
            return
        for tile, rotation in legal_placements(self.board, self.selected):
            self.offers.setdefault(tile, []).append(rotation)

    def lay(self, tile: str) -> bool:
        """Lay an offered tile on the selected hex at its first legal rotation; anything else is refused."""
        if self.selected is None or tile not in self.offers:
            self.message = f"tile {tile} may not be laid here now"
            return False
        coord, rotations = self.selected, self.offers[tile]
        self._change(lay_tile(self.board, coord, tile, rotations[0]))
        self.pending = Pending(coord, tile, rotations)
        self.offers = {}
        self.message = f"laid {tile} on {coord}" + (" (R rotates)" if len(rotations) > 1 else "")
        return True

    def rotate(self) -> bool:
        """Turn the tile just laid to its next legal rotation."""
        pending = self.pending
        if pending is None or len(pending.rotations) < 2:
            self.message = "lay a tile first (R turns it)" if pending is None else "it fits one way only"
            return False
        pending.index = (pending.index + 1) % len(pending.rotations)
        before = self.history[-1]
        self._change(lay_tile(before, pending.coord, pending.tile, pending.rotations[pending.index]),
                     keep_pending=True)
        self.pending = pending
        return True

    def rotation_of(self, coord: str) -> int:
        placed = self.board.tiles.get(coord)
        return placed.rotation if placed else 0

    def remaining(self) -> list[tuple[str, int | None]]:
        """The manifest's tiles still in the supply (None: unlimited), in manifest order."""
        out = []
        for tile in self.board.game_map.manifest:
            left = self.board.tiles_remaining(tile)
            if left is None or left > 0:
                out.append((tile, left))
        return out

    def toggle_token(self, coord: str, city: int) -> bool:
        """The chosen company's token on that city: removed if there, else placed if a slot is free."""
        spec = self.board.tile_on(coord)[0]
        if not 0 <= city < len(spec.cities):
            self.message = f"{coord} has no city {city}"
            return False
        mine = Token(coord, city, self.company)
        tokens = list(self.board.tokens)
        if mine in tokens:
            tokens.remove(mine)
            self._change(replace(self.board, tokens=tokens))
            self.message = f"{self.company} token taken off {coord}"
            return True
        if any(t.hex == coord and t.company == self.company for t in tokens):
            self.message = f"{self.company} already has a token on {coord}"
            return False
        held = sum(1 for t in tokens if t.hex == coord and t.city == city)
        if held >= spec.cities[city].slots:
            self.message = f"{coord}: every slot of that city is taken"
            return False
        limit = self.board.game_map.company(self.company).tokens
        if sum(1 for t in tokens if t.company == self.company) >= limit:
            self.message = f"{self.company} has only {limit} tokens"
            return False
        tokens.append(mine)
        self._change(replace(self.board, tokens=tokens))
        self.message = f"{self.company} token on {coord}"
        return True

    # --- company, phase, trains ---------------------------------------------------------------------------------

    def cycle_company(self, step: int) -> None:
        syms = [c.sym for c in self.board.game_map.companies]
        self.company = syms[(syms.index(self.company) + step) % len(syms)]
        self.run_state = RunState()

    def cycle_phase(self, step: int) -> None:
        """The next phase in `step`'s direction (round the end) in which every tile on the board may lie: a brown
        tile keeps the board out of the phases that lay yellow and green only."""
        names = [p.name for p in self.board.game_map.phases]
        at = names.index(self.board.phase)
        for offset in range(1, len(names)):
            board = replace(self.board, phase=names[(at + step * offset) % len(names)])
            if all(lay_problem(board, coord) is None for coord in board.tiles):
                break
        else:
            self.message = "no other phase allows the tiles on the board"
            return
        if offset > 1:
            self.message = f"phase {board.phase}: the phases between do not allow the tiles on the board"
        self._change(board)
        self.refresh_offers()

    @property
    def trains(self) -> list[str]:
        return list(self.board.trains.get(self.company, []))

    def train_kinds(self) -> list[str]:
        return [t.name for t in self.board.game_map.trains]

    def set_trains(self, names: list[str]) -> bool:
        if len(names) > MAX_TRAINS:
            self.message = f"at most {MAX_TRAINS} trains"
            return False
        for name in names:
            parse_train(name)  # a bad name raises before anything changes
        trains = dict(self.board.trains)
        trains[self.company] = list(names)
        self._change(replace(self.board, trains=trains))
        return True

    def add_train(self, name: str) -> bool:
        return self.set_trains([*self.trains, name])

    def remove_train(self, index: int) -> bool:
        names = self.trains
        if not 0 <= index < len(names):
            return False
        del names[index]
        return self.set_trains(names)

    # --- the run --------------------------------------------------------------------------------------------------

    @property
    def is_running(self) -> bool:
        return self.run_state.job is not None

    def run(self) -> bool:
        """Submit the exact search for the chosen company on the board as it stands."""
        self.cancel_run()
        trains = [parse_train(name) for name in self.trains]
        if not trains:
            self.message = f"{self.company} has no trains: add one first"
            return False
        graph = build_track_graph(self.board)
        network = to_network(graph)
        company, phase = self.company, self.board.phase
        live = LiveProgress()
        state = RunState(live=live, started=time.perf_counter(), board_version=self.version)

        def task(token: CancelToken) -> tuple[Network, RunResult]:
            return network, solve(network, trains, company, phase, progress=live, cancel=token)

        self.run_state = state
        self.message = f"searching: {company}, trains {', '.join(self.trains)}"
        state.job = self.thinker.submit(task)
        self.poll()
        return True

    def cancel_run(self) -> None:
        job = self.run_state.job
        if job is not None:
            job.cancel()
            self.run_state.job = None

    def poll(self) -> None:
        state = self.run_state
        job = state.job
        if job is None:
            return
        if state.live is not None:
            state.progress = state.live.read()  # the kernel's counters as they are at this frame
        if not job.done():
            return
        state.job = None
        try:
            network, result = job.result()
        except SearchCancelled:
            self.message = "search cancelled"
            return
        except ValueError as error:
            state.error = str(error)
            self.message = f"cannot run: {error}"
            return
        state.result = result
        state.routes = drawn_routes(network, result)
        self.message = f"best run {result.total}"

    # --- files ----------------------------------------------------------------------------------------------------

    def save(self, name: str = DEFAULT_BOARD_NAME) -> Path | None:
        """Write the board (atomically); a folder that cannot be written is reported in the message, never raised
        into the window. The path, or None when it could not be saved."""
        path = self.folder / f"{name}.json"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            save_board(self.board, path)
        except OSError as error:
            self.message = f"cannot save the board in {self.folder} ({error.strerror or error})"
            return None
        self.message = f"saved {path.name}"
        return path

    def saved_boards(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)

    def load(self, path: str | Path) -> bool:
        """Open a board state file, or a map file (a fresh board of that map); a bad file changes nothing."""
        path = Path(path)
        try:
            data = read_json(path)
            if declared_format(data, str(path), OPENED_FORMATS) == BOARD_FORMAT:
                board = board_from_dict(data, str(path), lambda ref: resolve_map_ref(ref, path.parent))
            else:
                board = starting_board(load_map(path), str(path.resolve()))
        except ValueError as error:
            self.message = str(error)
            return False
        self._change(board)
        self._keep_company()
        self.select_hex(None)
        self.message = f"opened {path.name}: {board.game_map.title}"
        return True


def train_label(name: str) -> str:
    """How a train is called: "4-train", "D-train"."""
    return f"{name}-train"


def stop_name(board: BoardState, stop: str) -> str:
    """A stop ("C11.c0") by its hex's name on the map ("Harrow"); a hex with several stops says which
    ("Kestrel & Marrowby (city 2)"); a hex without a name says where it is ("town at C9")."""
    coord, _, node = stop.partition(".")
    kind = {"c": "city", "t": "town", "o": "off-board"}.get(node[:1], "stop")
    hx = board.game_map.hexes.get(coord)
    if hx is None or not hx.name:
        return f"{kind} at {coord}"
    stops = [n.id for n in board.tile_on(coord)[0].nodes if n.kind in ("city", "town", "offboard")]
    if len(stops) < 2 or node not in stops:
        return hx.name
    same_kind = [n for n in stops if n[:1] == node[:1]]
    return f"{hx.name} ({kind} {same_kind.index(node) + 1})" if len(same_kind) > 1 else f"{hx.name} ({kind})"


def run_text(board: BoardState, route: DrawnRoute) -> str:
    """One train's run by its stops' names: "4-train: Harrow – Tolland – Orrin Valley = 200"."""
    if not route.stops:
        return f"{train_label(route.train)}: does not run"
    names = " – ".join(stop_name(board, stop) for stop in route.stops)
    return f"{train_label(route.train)}: {names} = {route.revenue}"


def drawn_routes(network: Network, result: RunResult) -> list[DrawnRoute]:
    """Each train's run as the tile paths it uses. The network's segments are the track graph's, in order, so a
    link's segments name tile paths ("<hex>.p<n>") and hex-side crossings (drawn by the paths either side)."""
    routes = []
    for run in result.runs:
        paths = []
        for link in run.links:
            for index in network.links[link].segments:
                segment = network.segments[index]
                for conflict in segment.conflicts:
                    coord, _, number = conflict.rpartition(".p")
                    if not conflict.startswith("side:") and number.isdigit():
                        paths.append((coord, int(number)))
        routes.append(DrawnRoute(run.train, tuple(paths), run.stops, run.revenue))
    return routes

