"""Kernel-level facts: the padded board layout, make/unmake by XOR, Zobrist keys."""

import numpy as np

from tablegames.checkers import engine
from tablegames.checkers.position import Position
from tablegames.core.rng import make_rng


def test_layout_puts_32_squares_on_35_bits_with_three_ghosts():
    bits = sorted(int(engine.SQUARE_TO_BIT[s]) for s in range(1, 33))
    assert bits == [b for b in range(35) if b not in (8, 17, 26)]
    assert engine.squares_mask(range(1, 33)) == engine.VALID
    # neighbours are shifts by 4 and 5: square 9 steps to 13 and 14, square 12 only to 16
    assert engine.SQUARE_TO_BIT[13] - engine.SQUARE_TO_BIT[9] == 4
    assert engine.SQUARE_TO_BIT[14] - engine.SQUARE_TO_BIT[9] == 5
    assert (1 << int(engine.SQUARE_TO_BIT[12] + 5)) & engine.VALID == 0


def _random_positions(count: int):
    rng = make_rng(11, "checkers", "engine-test")
    position = Position.initial()
    for _ in range(count):
        moves = position.legal_moves(unique=False)
        if not moves or rng.random() < 0.01:
            position = Position.initial()
            continue
        yield position, moves
        position = position.apply_unchecked(moves[int(rng.integers(len(moves)))])


def test_make_and_unmake_are_the_same_three_xors():
    for position, moves in _random_positions(300):
        for move in moves:
            after = position.apply_unchecked(move)
            own, other = after.other ^ move.mover_mask, after.own ^ move.captured_mask
            assert (own, other, after.kings ^ move.kings_mask) == (
                position.own,
                position.other,
                position.kings,
            )


def test_incremental_zobrist_matches_the_full_key():
    seen = {}
    for position, moves in _random_positions(2000):
        key = position.zobrist_key()
        seen[key] = position
        for move in moves:
            after = position.apply_unchecked(move)
            incremental = engine.zobrist_after_move(
                key,
                position.own,
                position.other,
                position.kings,
                position.turn,
                move.mover_mask,
                move.captured_mask,
                move.kings_mask,
            )
            assert incremental == after.zobrist_key(), (position.fen, move.notation)
    assert len(seen) == len(set(seen.values()))  # distinct positions, distinct keys


def test_side_to_move_changes_the_key():
    start = Position.initial()
    assert start.zobrist_key() != Position(start.black, start.white, start.kings, engine.WHITE).zobrist_key()


def test_generate_moves_writes_from_the_start_index():
    moves = np.zeros((2 * engine.MAX_MOVES, engine.MOVE_FIELDS), dtype=np.int64)
    start = Position.initial()
    end = engine.generate_moves(start.own, start.other, start.kings, start.turn, True, moves, 5)
    assert end == 12 and not moves[:5].any()


def test_kernels_run_from_the_numba_cache_in_a_fresh_process():
    # numba issue 6061: some functions crash when loaded from the cache; run twice so the second loads it.
    import subprocess
    import sys

    script = (
        "import numpy as np\n"
        "from tablegames.checkers import engine\n"
        "engine.warmup_perft()\n"
        "print(engine.perft(engine.BLACK_START, engine.WHITE_START, 0, 0, 6, True, np.zeros(1, np.int32)))\n"
    )
    for _ in range(2):
        result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "36768"


def test_a_full_move_array_raises_instead_of_writing_past_it():
    import pytest

    position = Position.from_fen("B:W14,15,22,23:BK10")  # two capture routes
    moves = np.zeros((1, engine.MOVE_FIELDS), dtype=np.int64)
    with pytest.raises(ValueError, match="move array full"):
        engine.generate_moves(position.own, position.other, position.kings, position.turn, False, moves, 0)


def test_squares_outside_the_board_are_rejected():
    import pytest

    with pytest.raises(ValueError, match="square 33 is not 1-32"):
        Position.from_squares(engine.BLACK, black_men=[33])


def test_divide_kernel_splits_perft_by_root_move():
    start = Position.initial()
    counts = np.zeros(engine.MAX_MOVES, dtype=np.int64)
    n = engine.divide(start.own, start.other, start.kings, start.turn, 5, True, counts, np.zeros(1, np.int32))
    assert n == 7
    assert sorted(counts[:n].tolist()) == sorted([1345, 858, 874, 918, 860, 1299, 1207])
    assert counts[:n].sum() == start.perft(5)
