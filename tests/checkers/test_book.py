"""The opening book: the shipped one scores every move of every ballot position; levels 9-10 play from it and vary
by seed among moves of equal value, the weaker levels never look; building resumes; broken files are refused."""

from __future__ import annotations

import contextlib

import numpy as np
import pytest
from hypothesis import given

from fuzzing import fuzz_settings, mutated
from tablegames.checkers import book, levels
from tablegames.checkers.book import (
    BOOK_PATH,
    Book,
    BookEntry,
    BookError,
    book_positions,
    format_book,
    parse_book,
)
from tablegames.checkers.commands import BOOK_NODES
from tablegames.checkers.levels import LEVELS, play_move
from tablegames.checkers.openings import ACCEPTED


def test_the_book_positions_are_the_ballot_and_the_way_to_it():
    positions = book_positions()
    fens = {p.fen for p in positions}
    assert len(positions) == len(fens) == 210
    assert {opening.position().fen for opening in ACCEPTED} <= fens and positions[0].fen == \
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def test_the_shipped_book_scores_every_move_of_every_ballot_position():
    shipped = book.read_book(BOOK_PATH)
    assert shipped.settings == {"nodes": BOOK_NODES, "max_depth": book.MAX_DEPTH, "weights": "learned"}
    for position in book_positions():
        entry = shipped.positions[position.fen]
        assert set(entry.scores) == {move.notation for move in position.legal_moves()}
        assert entry.depth >= 10


def test_levels_9_and_10_play_from_the_book_and_vary_by_seed():
    shipped = book.read_book(BOOK_PATH)
    varied = 0
    for opening in ACCEPTED[:40]:
        position = opening.position()
        equal = shipped.moves_of_equal_value(position)
        assert equal
        for level in (9, 10):
            played = {play_move(position, LEVELS[level - 1], seed).notation for seed in range(12)}
            assert played <= {move.notation for move in equal}
            if len(equal) > 1 and len(played) > 1:
                varied += 1
    assert varied > 0


def test_the_weaker_levels_do_not_use_the_book(monkeypatch):
    assert [level.number for level in LEVELS if level.book] == [9, 10]

    def refuse() -> None:
        raise AssertionError("a weak level looked at the opening book")

    monkeypatch.setattr(levels, "shipped_book", refuse)
    position = ACCEPTED[0].position()
    for level in LEVELS[:8]:
        assert play_move(position, level, 1) in position.legal_moves()


def test_a_missing_or_broken_book_leaves_levels_9_and_10_searching(tmp_path, monkeypatch):
    broken = tmp_path / "checkers-book.json"
    broken.write_text('{"format": 1, "settings": {}, "positions": {"B:W1:B2": 3}}')
    monkeypatch.setattr(book, "BOOK_PATH", broken)
    monkeypatch.setattr(book, "_shipped", [])
    assert book.shipped_book() is None
    position = ACCEPTED[0].position()
    assert play_move(position, LEVELS[8], 1, node_scale=0.01, use_clock=False) in position.legal_moves()


def test_a_build_goes_on_where_it_stopped(tmp_path):
    output = tmp_path / "book.json"
    positions = book_positions()[:3]
    never, stopped = np.zeros(1, dtype=np.int32), np.ones(1, dtype=np.int32)
    assert book.build_book(positions, 2_000, stopped, output, "test").positions == {}
    assert not output.exists()
    seen: list[object] = []
    first = book.build_book(positions[:2], 2_000, never, output, "test", lambda p, e: seen.append(e))
    assert len(first.positions) == 2 and None not in seen
    seen.clear()
    second = book.build_book(positions, 2_000, never, output, "test", lambda p, e: seen.append(e))
    assert seen[:2] == [None, None] and seen[2] is not None
    assert book.read_book(output).positions == second.positions
    other = book.build_book(positions[:1], 3_000, never, output, "test")  # other settings: afresh
    assert list(other.positions) == [positions[0].fen]


def small_book_text() -> str:
    positions = book_positions()[:2]
    entries = {p.fen: BookEntry(12, {m.notation: 3 * i - 4 for i, m in enumerate(p.legal_moves())})
               for p in positions}
    return format_book(Book({"nodes": 1000, "max_depth": 40, "weights": "learned"}, entries), "test")


def test_a_book_with_wrong_moves_or_positions_is_refused():
    text = small_book_text()
    parse_book(text)
    with pytest.raises(BookError, match="legal moves"):
        parse_book(text.replace('"9-13"', '"9-18"'))
    with pytest.raises(BookError, match="canonically|FEN|square"):
        parse_book(text.replace("B:W21,22", "B:W22,21", 1))
    with pytest.raises(BookError, match="format"):
        parse_book(text.replace('"format": 1', '"format": 2'))


@fuzz_settings()
@given(data=mutated(small_book_text().encode()))
def test_fuzzed_books_read_or_raise_the_readers_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("book") / "checkers-book.json"
    path.write_bytes(data)
    with contextlib.suppress(BookError):
        read = book.read_book(path)
        for fen, entry in read.positions.items():
            assert entry.scores and all(isinstance(score, int) for score in entry.scores.values()), fen
    assert path.read_bytes() == data
