"""The eight facts against a square-by-square count, and the weights file: format, errors, fallback."""

import json
import warnings

import numpy as np
import pytest
from hypothesis import given

from fuzzing import fuzz_settings, mutated
from tablegames.checkers import evaluate
from tablegames.checkers.evaluate import (
    BUILTIN_LEARNED,
    HAND_TUNED,
    WEIGHTS_PATH,
    evaluate_position,
    facts,
    format_weights,
    learned_weights,
    parse_weights,
    read_weights,
)
from tablegames.checkers.position import Piece, Position
from tablegames.checkers.search_kernels import FACT_NAMES
from tablegames.checkers.search_kernels import evaluate as evaluate_kernel

CENTRE = {10, 11, 14, 15, 18, 19, 22, 23}
EDGE = {4, 5, 12, 13, 20, 21, 28, 29}


def slow_facts(position):
    """The facts counted square by square from the rules' point of view, side to move minus opponent."""
    totals = dict.fromkeys(FACT_NAMES, 0)
    for side, sign in ((position.turn, 1), (1 - position.turn, -1)):
        man = Piece.BLACK_MAN if side == 0 else Piece.WHITE_MAN
        king = Piece.BLACK_KING if side == 0 else Piece.WHITE_KING
        for square in range(1, 33):
            piece = position.piece_at(square)
            row = (square - 1) // 4
            if piece == man:
                totals["men"] += sign
                totals["advancement"] += sign * (row if side == 0 else 7 - row)
                totals["back_row"] += sign * (row == (0 if side == 0 else 7))
                totals["edge"] += sign * (square in EDGE)
            if piece == king:
                totals["kings"] += sign
                totals["king_centre"] += sign * (square in CENTRE)
            if piece in (man, king):
                totals["centre"] += sign * (square in CENTRE)
        mover = Position(position.black, position.white, position.kings, side)
        totals["mobility"] += sign * sum(1 for move in mover.legal_moves(unique=False) if not move.is_capture)
    return np.array([totals[name] for name in FACT_NAMES], dtype=float)


def random_positions(count, seed):
    rng = np.random.default_rng(seed)
    result = []
    while len(result) < count:
        position = Position.initial()
        for _ in range(int(rng.integers(0, 80))):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.apply(moves[int(rng.integers(len(moves)))])
        result.append(position)
    return result


def test_facts_match_a_square_by_square_count():
    for position in random_positions(60, 1):
        if any(move.is_capture for move in position.legal_moves()):
            continue  # mobility counts simple moves, defined when no capture is forced
        opponent = Position(position.black, position.white, position.kings, 1 - position.turn)
        if any(move.is_capture for move in opponent.legal_moves()):
            continue
        assert np.array_equal(facts(position), slow_facts(position)), position.fen


def test_start_position_is_level_and_evaluation_is_antisymmetric():
    assert not facts(Position.initial()).any()
    for position in random_positions(20, 2):
        flipped = Position(position.black, position.white, position.kings, 1 - position.turn)
        assert np.array_equal(facts(position), -facts(flipped))


def test_kernel_evaluation_is_the_rounded_weighted_sum():
    for position in random_positions(20, 3):
        value = evaluate_kernel(position.own, position.other, position.kings, position.turn, HAND_TUNED)
        assert value == np.floor(evaluate_position(position, HAND_TUNED) + 0.5)


def test_shipped_file_is_valid_and_the_builtin_copy_matches_it():
    assert np.array_equal(read_weights(WEIGHTS_PATH), BUILTIN_LEARNED)


def test_format_then_parse_round_trips():
    weights = np.array([100, 137.5, -4.7, -1.6, 0.9, 8.2, 2.3, 17.2])
    assert np.array_equal(parse_weights(format_weights(weights, {"seed": 7})), weights)


def valid_document():
    return json.loads(format_weights(HAND_TUNED))


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: "{not json", "not JSON"),
        (lambda d: [1, 2], "expected a JSON object"),
        (lambda d: {**d, "format": "chess"}, "'format' is 'chess'"),
        (lambda d: {**d, "version": 2}, "'version' is '2', expected 1"),
        (lambda d: {**d, "weights": [1, 2]}, "'weights' must be an object"),
        (lambda d: {**d, "weights": {k: v for k, v in d["weights"].items() if k != "edge"}},
         "is missing edge; expected men"),
        (lambda d: {**d, "weights": {**d["weights"], "tempo": 3}}, "has unknown keys 'tempo'"),
        (lambda d: {**d, "weights": {**d["weights"], "kings": "lots"}}, "'kings' is 'lots', expected a number"),
        (lambda d: {**d, "weights": {**d["weights"], "kings": True}}, "'kings' is 'True'"),
        (lambda d: {**d, "weights": {**d["weights"], "edge": 1e9}}, "'edge' is '1000000000.0', expected at most"),
        (lambda d: {**d, "weights": {**d["weights"], "edge": 10**400}}, "'edge' is '1000000000000"),
        (lambda d: "[" * 100_000, "nested more than 64 levels"),
        (lambda d: {**d, "weights": {**d["weights"], "men": -5}}, "'men' is -5, expected a positive"),
        (lambda d: {**d, "format": "x" * 1_000_000}, "'format' is 'xxxx"),
    ],
)
def test_a_broken_weights_file_is_refused_with_a_clear_message(change, message):
    document = change(valid_document())
    text = document if isinstance(document, str) else json.dumps(document)
    with pytest.raises(ValueError, match=message) as refused:
        parse_weights(text, "w.json")
    assert len(str(refused.value)) < 200  # a huge value is quoted briefly


def test_nan_weight_is_refused():
    text = format_weights(HAND_TUNED).replace('"mobility": 2.0', '"mobility": NaN')
    with pytest.raises(ValueError, match="NaN is not a number JSON allows"):
        parse_weights(text)


def test_a_broken_file_falls_back_to_the_builtin_weights_with_one_warning(tmp_path, monkeypatch):
    monkeypatch.setattr(evaluate, "_loaded", {})
    broken = tmp_path / "checkers.json"
    broken.write_text('{"format": "tablegames-checkers-weights", "version": 1, "weights": {"men": 1}}')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert np.array_equal(learned_weights(broken), BUILTIN_LEARNED)
        assert np.array_equal(learned_weights(broken), BUILTIN_LEARNED)
    assert len(caught) == 1 and "missing" in str(caught[0].message)


def test_a_missing_file_means_the_builtin_weights_silently(tmp_path, monkeypatch, recwarn):
    monkeypatch.setattr(evaluate, "_loaded", {})
    assert np.array_equal(learned_weights(tmp_path / "absent.json"), BUILTIN_LEARNED)
    assert len(recwarn) == 0


def test_a_good_file_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(evaluate, "_loaded", {})
    path = tmp_path / "w.json"
    weights = np.array([100, 120, 1, 2, 3, 4, 5, 6], dtype=float)
    path.write_text(format_weights(weights))
    assert np.array_equal(learned_weights(path), weights)


@fuzz_settings()
@given(data=mutated(WEIGHTS_PATH.read_bytes()))  # the shipped file is the seed
def test_fuzzed_weights_files_read_or_raise_the_readers_error_and_stay_intact(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("weights") / "checkers.json"
    path.write_bytes(data)
    try:
        weights = read_weights(path)
    except ValueError:
        pass
    else:
        assert weights.shape == (len(FACT_NAMES),) and np.isfinite(weights).all()
    assert path.read_bytes() == data
