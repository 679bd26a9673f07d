"""The endgame database: counts against the published table, every value of up to 3 pieces (4 in the slow run)
against a separate exhaustive search, the classic endings, resuming a build, and damaged files."""

from __future__ import annotations

import contextlib
import itertools
import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given

from endgame_oracle import disagreements, list_positions, solve
from fuzzing import fuzz_settings, mutated
from tablegames.checkers import reference
from tablegames.checkers.endgame import build, index, storage
from tablegames.checkers.endgame.index import DRAW, LOSS, WIN
from tablegames.checkers.endgame.probe import EndgameDatabase
from tablegames.checkers.engine import BLACK, SQUARE_TO_BIT
from tablegames.checkers.pdn import parse_fen
from tablegames.checkers.position import Position

# Schaeffer et al., "Checkers is solved", Science 317 (2007), table 1: positions by number of pieces
PUBLISHED = {1: 120, 2: 6_972, 3: 261_224, 4: 7_092_774, 5: 148_688_232, 6: 2_503_611_964}


@pytest.fixture(scope="module")
def database(endgame_folder) -> EndgameDatabase:
    loaded = EndgameDatabase.load(endgame_folder)
    assert loaded is not None and loaded.max_pieces == 4
    return loaded


def test_the_published_counts_are_arrangements_of_men_and_kings_without_the_side_to_move():
    # by hand: one piece is a king of either colour on any of 32 squares, or a man on one of the 28 squares off
    # its own crowning row: 2 * 32 + 2 * 28 = 120
    assert PUBLISHED[1] == 2 * 32 + 2 * 28
    kinds = [("b", range(28)), ("B", range(32)), ("w", range(4, 32)), ("W", range(32))]
    two = sum(1 for (_, first), (_, second) in itertools.combinations_with_replacement(kinds, 2)
              for a in first for b in second if a != b) - sum(
        len(squares) * (len(squares) - 1) // 2 for _, squares in kinds)  # a pair of one kind counted twice
    assert two == PUBLISHED[2]
    for pieces, count in PUBLISHED.items():
        assert index.published_count(pieces) == count


def test_each_slice_numbers_every_arrangement_once(database):
    for material in index.slices(4):
        start = database.table[index.slice_code(*material)]
        size = index.slice_size(*material)
        values = build.unpack_values(database.packed[start // 4: (start + 2 * size + 3) // 4], 2 * size)
        for side in range(2):
            valid = np.count_nonzero(values[side * size: (side + 1) * size])
            assert valid == index.arrangements(*material), (material, side)
    board = np.zeros(3, dtype=np.int64)
    for material in [m for m in index.slices(3)]:
        for number in range(index.slice_size(*material)):
            if index.index_position(number, *material, board):
                assert index.position_index(board[0], board[1], board[2], material[0], material[2], material[1],
                                            material[3]) == number


def check_against_exhaustive_search(database: EndgameDatabase, pieces: int) -> None:
    keys = list_positions(pieces)
    values, _ = solve(keys)
    wrong = disagreements(keys, values, index.probe_value, database.packed, database.table)
    assert len(wrong) == 0, [(int(keys[i]), int(values[i])) for i in wrong[:5]]
    assert set(np.unique(values)) == {WIN, LOSS, DRAW}


def test_every_value_of_up_to_three_pieces_agrees_with_an_exhaustive_search(database):
    check_against_exhaustive_search(database, 3)


@pytest.mark.slow
def test_every_value_of_up_to_four_pieces_agrees_with_an_exhaustive_search(database):
    check_against_exhaustive_search(database, 4)  # 12.8 M positions: about 8 minutes


def value_of(database: EndgameDatabase, fen: str) -> int:
    position = parse_fen(fen)
    return database.value(position.black, position.white, position.kings, position.turn)


def test_two_kings_beat_one_king(database):
    # the side with two kings to move wins, except in 34 positions of 14,880 where its kings are hemmed in at the
    # edge and must give one up (one king against one is a draw); every one of those is drawn by each of its moves
    size = index.slice_size(0, 2, 0, 1)
    start = database.table[index.slice_code(0, 2, 0, 1)]
    values = build.unpack_values(database.packed[start // 4: (start + 2 * size + 3) // 4], 2 * size)
    strong_to_move = values[:size]
    assert np.count_nonzero(strong_to_move == WIN) == 14_846 and np.count_nonzero(strong_to_move == LOSS) == 0
    board = np.zeros(3, dtype=np.int64)
    for number in np.flatnonzero(strong_to_move == DRAW):
        assert index.index_position(int(number), 0, 2, 0, 1, board)
        position = Position(int(board[0]), int(board[1]), int(board[2]), BLACK)
        children = [position.apply(move) for move in position.legal_moves()]
        assert all(database.value(c.black, c.white, c.kings, c.turn) in (WIN, DRAW) for c in children)
    # the classic drive out of the double corner (Lasker, Chess and Checkers, diagram 89 family)
    assert value_of(database, "B:WK1:BK14,K10") == WIN
    assert value_of(database, "W:WK1:BK14,K10") == LOSS


def test_first_position_is_a_win_for_the_side_that_has_it(database):
    # First Position (ACF standard positions): White K15 and a man on 20 against Black's king on 28 and man on 12
    assert value_of(database, "W:W20,K15:B12,K28") == WIN
    # "First position without" (Bob Newell's column): Black wins even without the move's opposition
    assert value_of(database, "B:W22,K5:BK15,K6") == WIN
    # one king against one king is a draw wherever neither can capture at once
    assert value_of(database, "B:WK32:BK1") == DRAW


def test_a_resumed_build_skips_finished_slices_and_rebuilds_a_damaged_one(tmp_path):
    never = np.zeros(1, dtype=np.int32)
    first = build.build_database(tmp_path, 3, never)
    assert not any(report.resumed for report in first)
    damaged = (0, 2, 0, 1)
    path = storage.values_path(tmp_path, damaged)
    path.write_bytes(path.read_bytes()[:-1])
    second = build.build_database(tmp_path, 3, never)
    assert [r.material for r in second if not r.resumed] == [damaged]
    assert build.positions_to_build(tmp_path, 3) == 0
    cancelled = np.ones(1, dtype=np.int32)
    with pytest.raises(build.BuildCancelled):
        build.build_database(tmp_path, 4, cancelled)


def test_a_damaged_file_is_refused_with_a_clear_error(tmp_path):
    build.build_database(tmp_path, 2, np.zeros(1, dtype=np.int32))
    material = (0, 1, 0, 1)
    path = storage.values_path(tmp_path, material)
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(storage.EndgameFileError, match="damaged"):
        EndgameDatabase.load(tmp_path)
    path.write_bytes(b"TGCK")
    with pytest.raises(storage.EndgameFileError, match="shorter"):
        storage.read_values(tmp_path, material)
    path.unlink()
    assert EndgameDatabase.load(tmp_path) is None


FUZZ_MATERIAL = (1, 0, 0, 1)
FUZZ_POSITIONS = 2 * index.slice_size(*FUZZ_MATERIAL)
VALID_VALUES = storage.encode_values(FUZZ_MATERIAL, np.arange((FUZZ_POSITIONS + 3) // 4, dtype=np.uint8), 12)
VALID_DEPTHS = storage.encode_depths(FUZZ_MATERIAL, (np.arange(FUZZ_POSITIONS) % 13).astype(np.uint8))


@fuzz_settings()
@given(data=mutated(VALID_VALUES))
def test_fuzzed_values_files_read_or_raise_the_readers_error(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("fuzz")
    path = storage.values_path(folder, FUZZ_MATERIAL)
    path.write_bytes(data)
    try:
        stored = storage.read_values(folder, FUZZ_MATERIAL)
    except storage.EndgameFileError:
        pass
    else:
        assert len(stored.packed) == (FUZZ_POSITIONS + 3) // 4 and 0 <= stored.longest <= 255
    assert path.read_bytes() == data


@fuzz_settings()
@given(data=mutated(VALID_DEPTHS))
def test_fuzzed_depths_files_read_or_raise_the_readers_error(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("fuzz")
    path = storage.depths_path(folder, FUZZ_MATERIAL)
    path.write_bytes(data)
    with contextlib.suppress(storage.EndgameFileError):
        assert len(storage.read_depths(folder, FUZZ_MATERIAL)) == FUZZ_POSITIONS
    assert path.read_bytes() == data


def material_of(position: Position) -> tuple[int, ...]:
    return tuple(bin(bits).count("1") for bits in (position.black & ~position.kings, position.black & position.kings,
                                                    position.white & ~position.kings, position.white & position.kings))


def reference_children(position: Position) -> list[tuple[Position, bool]]:
    """The positions after each legal move by the reference rules (reference.py, not the engine), and whether the
    move changed the material (a capture or a crowning: it leaves the slice)."""
    pieces = {}
    for square in range(1, 33):
        bit = 1 << int(SQUARE_TO_BIT[square])
        if (position.black | position.white) & bit:
            letter = "b" if position.black & bit else "w"
            pieces[square] = letter.upper() if position.kings & bit else letter
    children = []
    for path in reference.legal_paths(reference.board_from_squares(pieces), position.turn == BLACK):
        board = reference.board_from_squares(pieces)
        reference.play_path(board, path)
        black = white = kings = 0
        for square in range(1, 33):
            row, column = reference.square_to_cell(square)
            piece = board[row][column]
            bit = 1 << int(SQUARE_TO_BIT[square])
            if piece in "bB":
                black |= bit
            elif piece in "wW":
                white |= bit
            if piece in "BW":
                kings |= bit
        child = Position(black, white, kings, 1 - position.turn)
        children.append((child, material_of(child) != material_of(position)))
    return children


@pytest.mark.slow
def test_sampled_five_piece_values_and_depths_agree_with_their_moves_by_the_reference_rules(tmp_path_factory):
    """Every value and depth sampled must follow from its children's by the reference rules' moves: a WIN at depth
    d has a move to a LOSS converting in d - 1 (0: the move itself leaves the slice) and none sooner; a LOSS at d
    only moves to WINs, the slowest converting in d - 1; a DRAW has no move to a LOSS and one to a DRAW. With every
    value of up to 4 pieces checked exhaustively, this checks the 5-piece build position by position.
    TABLEGAMES_ENDGAME_FOLDER: a built 5-piece database to check (else one is built, about 7 minutes)."""
    folder = os.environ.get("TABLEGAMES_ENDGAME_FOLDER")
    if folder is None:
        folder = tmp_path_factory.mktemp("endgame5")
        build.build_database(folder, 5, np.zeros(1, dtype=np.int32))
    database = EndgameDatabase.load(Path(folder))
    assert database is not None and database.max_pieces == 5
    rng = np.random.default_rng(2026)
    board = np.zeros(3, dtype=np.int64)
    checked = {WIN: 0, LOSS: 0, DRAW: 0}
    for material in index.slices_of(5):
        size = index.slice_size(*material)
        sampled = 0
        while sampled < 100:
            number, side = int(rng.integers(size)), int(rng.integers(2))
            if not index.index_position(number, *material, board):
                continue
            sampled += 1
            position = Position(int(board[0]), int(board[1]), int(board[2]), side)
            value = database.value(position.black, position.white, position.kings, side)
            depth = database.depth(position.black, position.white, position.kings, side)
            outcomes = []
            for child, leaves in reference_children(position):
                child_value = database.value(child.black, child.white, child.kings, child.turn)
                child_depth = 0 if leaves or child_value == DRAW else database.depth(
                    child.black, child.white, child.kings, child.turn)
                outcomes.append((child_value, child_depth))
            if value == WIN:
                assert min(d for v, d in outcomes if v == LOSS) == depth - 1, position.fen
            elif value == LOSS:
                assert all(v == WIN for v, _ in outcomes), position.fen
                assert max((d for _, d in outcomes), default=-1) == depth - 1, position.fen
            else:
                assert value == DRAW and depth == 0, position.fen
                assert LOSS not in [v for v, _ in outcomes] and DRAW in [v for v, _ in outcomes], position.fen
            checked[value] += 1
    assert min(checked.values()) > 0
