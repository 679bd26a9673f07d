"""A built database in memory, and what the search asks of it.

`EndgameDatabase.load(folder)` reads every slice's values file up to the largest piece count fully present (5, or
fewer while a build is unfinished): 76 MB for 5 pieces; and the depths of the slices whose longest conversion is
above HELD_DEPTHS_FROM plies (49 MB for 5 pieces), so the search can tell, position by position, whether the
40-move counter leaves a win time to convert. Other slices' depths are read one slice at a time when the root's
move is chosen from the database (`depth`).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from tablegames.checkers.endgame import storage
from tablegames.checkers.endgame.build import Layout
from tablegames.checkers.endgame.index import (
    MAX_PIECES,
    SLICE_DEPTHS_ROW,
    Material,
    position_index,
    probe_value,
    slice_code,
    slice_size,
    slices_of,
)

log = logging.getLogger(__name__)
# slices converting in more plies than this keep their depths in memory: the 40-move counter matters there
HELD_DEPTHS_FROM = 40


@dataclass
class EndgameDatabase:
    folder: Path
    max_pieces: int
    packed: npt.NDArray[np.uint8]
    held_depths: npt.NDArray[np.uint8]
    table: npt.NDArray[np.int64]
    _depths: dict[Material, npt.NDArray[np.uint8]] = field(default_factory=dict)

    @classmethod
    def load(cls, folder: Path, max_pieces: int = MAX_PIECES) -> EndgameDatabase | None:
        """The database of the most pieces (2 to `max_pieces`) whose slices are all present and intact; None when
        not even the 2-piece slices are. A damaged file raises EndgameFileError (it is not used)."""
        pieces = 1
        while pieces < max_pieces and all(storage.values_path(folder, m).exists() and
                                          storage.depths_path(folder, m).exists() for m in slices_of(pieces + 1)):
            pieces += 1
        if pieces < 2:
            return None
        layout = Layout.of(pieces)
        packed, table = layout.empty_tables()
        held: list[npt.NDArray[np.uint8]] = []
        held_length = 0
        for material in layout.materials:
            stored = storage.read_values(folder, material)
            layout.place(material, stored.packed, stored.longest, packed, table)
            if stored.longest > HELD_DEPTHS_FROM:
                held.append(storage.read_depths(folder, material))
                table[SLICE_DEPTHS_ROW + slice_code(*material)] = held_length
                held_length += len(held[-1])
        held_depths = np.concatenate(held) if held else np.zeros(1, dtype=np.uint8)
        return cls(folder, pieces, packed, held_depths, table)

    def search_tables(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int64], int]:
        """The search kernel's endgame arguments: values, held depths, slice table, pieces."""
        return self.packed, self.held_depths, self.table, self.max_pieces

    def value(self, black: int, white: int, kings: int, side: int) -> int:
        """WIN, LOSS, DRAW for the side to move, UNKNOWN beyond the database."""
        return int(probe_value(black, white, kings, side, self.packed, self.table))

    def depth(self, black: int, white: int, kings: int, side: int) -> int:
        """Plies to conversion of a won or lost position in the database (0 for a draw)."""
        material = _material(black, white, kings)
        depths = self._depths.get(material)
        if depths is None:
            depths = storage.read_depths(self.folder, material)
            self._depths[material] = depths
        number = position_index(black, white, kings, material[0], material[2], material[1], material[3])
        return int(depths[side * slice_size(*material) + number])


def _material(black: int, white: int, kings: int) -> Material:
    def count(bits: int) -> int:
        return bin(bits).count("1")

    return count(black & ~kings), count(black & kings), count(white & ~kings), count(white & kings)


_loaded: dict[Path, EndgameDatabase | None] = {}
_lock = threading.Lock()


def shared_database(folder: Path | None = None) -> EndgameDatabase | None:
    """The database of the user data folder, loaded once per process; None (logged once) when it is absent,
    unfinished below 2 pieces, or damaged: the levels then play without it."""
    where = folder if folder is not None else storage.default_folder()
    with _lock:
        if where not in _loaded:
            try:
                _loaded[where] = EndgameDatabase.load(where)
            except storage.EndgameFileError as error:
                log.warning("checkers endgame database not used: %s", error)
                _loaded[where] = None
        return _loaded[where]
