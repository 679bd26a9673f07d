"""The opening book of levels 9 and 10: every position of the three-move ballot in use, each move scored by a deep
search offline (`tablegames checkers book build`), shipped as data in the package (openingbook/checkers-book.json).

The positions are the 156 accepted ballot openings (White to move after the three moves) and the positions on
the way to them (the start, after one and two moves), 210 in all (1,219 moves). Each legal move of a position is scored by
searching the position after it (forced replies played first; the learned weights, iterative deepening to a node budget, no clock, so a build
is reproducible), from the mover's point of view. A level plays one of the moves within EQUAL_MARGIN of the best,
chosen by its seed: the book's notion of equal value (a twentieth of a man, below what the search can tell apart).

The file is JSON:

    {"format": 1, "settings": {"nodes": N, "max_depth": D, "weights": "learned"}, "command": "...",
     "positions": {FEN: {"depth": d, "moves": {"11-15": score, ...}}, ...}}
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tablegames.checkers import search_kernels
from tablegames.checkers.evaluate import learned_weights
from tablegames.checkers.openings import ACCEPTED
from tablegames.checkers.pdn import parse_move
from tablegames.checkers.position import Move, Position
from tablegames.checkers.search import search
from tablegames.core.files import load_json, write_atomic

log = logging.getLogger(__name__)

BOOK_PATH = Path(__file__).resolve().parent / "openingbook" / "checkers-book.json"  # shipped in the package
FORMAT = 1
EQUAL_MARGIN = 5  # points (a man is about 100): moves this close to the best are of equal value
MAX_DEPTH = 40
MAX_BOOK_BYTES = 4 << 20


class BookError(ValueError):
    """A book file that cannot be used."""


@dataclass(frozen=True)
class BookEntry:
    depth: int  # the shallowest search depth completed among its moves
    scores: dict[str, int]  # move notation -> score for the side to move


@dataclass(frozen=True)
class Book:
    settings: dict[str, Any]
    positions: dict[str, BookEntry]

    def moves_of_equal_value(self, position: Position) -> list[Move]:
        """The legal moves scoring within EQUAL_MARGIN of the position's best, in notation order; [] when the
        position is not in the book."""
        entry = self.positions.get(position.fen)
        if entry is None:
            return []
        best = max(entry.scores.values())
        chosen = {notation for notation, score in entry.scores.items() if score >= best - EQUAL_MARGIN}
        return [move for move in position.legal_moves() if move.notation in chosen]


def book_positions() -> list[Position]:
    """The start, the positions after one and two moves of the accepted ballot openings, and the 156 openings'
    positions: each once, by ply, in ballot order."""
    seen: dict[str, Position] = {}
    for ply in range(4):
        for opening in ACCEPTED:
            position = Position.initial()
            for move in opening.moves[:ply]:
                position = position.apply(parse_move(position, move))
            seen.setdefault(position.fen, position)
    return list(seen.values())


def parse_book(text: str, where: str = "book") -> Book:
    try:
        data = load_json(text, where, unique_keys=True)
    except ValueError as error:
        raise BookError(str(error)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BookError(f"{where}: not a checkers opening book of format {FORMAT}")
    settings, positions = data.get("settings"), data.get("positions")
    if not isinstance(settings, dict) or not isinstance(positions, dict):
        raise BookError(f"{where}: needs 'settings' and 'positions' objects")
    entries = {}
    for fen, entry in positions.items():
        try:
            position = Position.from_fen(fen)
        except ValueError as error:
            raise BookError(f"{where}: position {fen[:60]!r}: {error}") from None
        if position.fen != fen:
            raise BookError(f"{where}: position {fen[:60]!r} is not written canonically ({position.fen})")
        if not isinstance(entry, dict) or not isinstance(entry.get("moves"), dict) or \
                not isinstance(entry.get("depth"), int) or isinstance(entry.get("depth"), bool):
            raise BookError(f"{where}: position {fen}: needs 'depth' (a whole number) and 'moves'")
        legal = {move.notation for move in position.legal_moves()}
        scores = entry["moves"]
        if set(scores) != legal:
            raise BookError(f"{where}: position {fen}: the moves are not its legal moves {sorted(legal)}")
        for notation, score in scores.items():
            if not isinstance(score, int) or isinstance(score, bool) or abs(score) > search_kernels.WIN:
                raise BookError(f"{where}: position {fen}, move {notation}: the score is not a whole number")
        entries[fen] = BookEntry(int(entry["depth"]), dict(scores))
    return Book(dict(settings), entries)


def read_book(path: str | os.PathLike[str]) -> Book:
    try:
        size = os.path.getsize(path)
        if size > MAX_BOOK_BYTES:
            raise BookError(f"{path}: {size} bytes, more than a book of the ballot needs")
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BookError(f"{path}: cannot read the book ({error})") from None
    return parse_book(text, str(path))


def format_book(book: Book, command: str) -> str:
    """The book as its file's text (positions in book order, moves as given)."""
    import json

    positions = {fen: {"depth": entry.depth, "moves": entry.scores} for fen, entry in book.positions.items()}
    return json.dumps({"format": FORMAT, "command": command, "settings": book.settings, "positions": positions},
                      indent=1) + "\n"


_shipped: list[Book | None] = []


def shipped_book() -> Book | None:
    """The package's book, read once; None (logged once) when it is missing or broken: levels 9-10 then search."""
    if not _shipped:
        try:
            _shipped.append(read_book(BOOK_PATH))
        except BookError as error:
            log.warning("checkers opening book not used: %s", error)
            _shipped.append(None)
    return _shipped[0]


def score_position(position: Position, nodes: int, cancel: npt.NDArray[np.int32],
                   weights: npt.NDArray[np.float64]) -> BookEntry | None:
    """Every legal move's score for the side to move, from a search of the position after it; None when cancel[0]
    was set meanwhile (a cut-short search is never stored)."""
    scores = {}
    depth = MAX_DEPTH
    for move in position.legal_moves():
        # forced replies are played first: a position with one move is searched one ply deep only
        line = [position, position.apply(move)]
        sign = -1  # the score of line[-1]'s side to move, seen by the side that chose `move`
        while len(line[-1].legal_moves()) == 1:
            line.append(line[-1].apply(line[-1].legal_moves()[0]))
            sign = -sign
        if not line[-1].legal_moves():
            scores[move.notation] = sign * -search_kernels.WIN  # whoever must move there has lost
            continue
        result = search(line[-1], weights, MAX_DEPTH, nodes, cancel_flag=cancel, history=line[:-1])
        if cancel[0] != 0:
            return None
        scores[move.notation] = sign * result.score
        depth = min(depth, result.depth)
    return BookEntry(depth, scores)


def build_book(positions: Sequence[Position], nodes: int, cancel: npt.NDArray[np.int32], output: str | Path,
               command: str, on_position: Callable[[Position, BookEntry | None], None] | None = None) -> Book:
    """Score `positions` into the book at `output`, written atomically after each one, so a run cut short (Ctrl-C:
    cancel[0]) goes on where it stopped: positions already in an existing book of the same settings are skipped
    (an unreadable file, or one of other settings, is started afresh). `on_position(position, entry)` after each
    (entry None when it was already there)."""
    settings = {"nodes": nodes, "max_depth": MAX_DEPTH, "weights": "learned"}
    entries: dict[str, BookEntry] = {}
    if Path(output).exists():
        try:
            existing = read_book(output)
            if existing.settings == settings:
                entries = dict(existing.positions)
        except BookError as error:
            log.warning("starting the book afresh: %s", error)
    weights = learned_weights()
    for position in positions:
        if position.fen in entries:
            if on_position is not None:
                on_position(position, None)
            continue
        entry = score_position(position, nodes, cancel, weights)
        if entry is None:
            break
        entries[position.fen] = entry
        ordered = {p.fen: entries[p.fen] for p in positions if p.fen in entries}
        ordered.update({fen: e for fen, e in entries.items() if fen not in ordered})
        write_atomic(output, format_book(Book(settings, ordered), command))
        if on_position is not None:
            on_position(position, entry)
    return Book(settings, entries)
