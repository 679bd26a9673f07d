from tablegames.core.rng import make_rng, stream_key


def test_same_seed_and_labels_give_the_same_draws():
    assert list(make_rng(7, "red").integers(0, 1000, 10)) == list(make_rng(7, "red").integers(0, 1000, 10))


def test_streams_are_independent():
    assert list(make_rng(7, "red").integers(0, 10**9, 4)) != list(make_rng(7, "blue").integers(0, 10**9, 4))


def test_stream_key_is_stable_across_runs():
    # BLAKE2 of repr(('red', 1)): a fixed value, unlike Python's salted hash()
    assert stream_key("red", 1) == 15625705321595708867
    assert stream_key("red", 1) != stream_key("red", 2)


def test_numpy_integers_name_the_same_stream_as_python_integers():
    """numpy 2 prints np.int64(1) where numpy 1 printed 1: a label's stream must not depend on that."""
    import numpy as np

    assert stream_key("red", np.int64(1)) == stream_key("red", 1) == 15625705321595708867
    assert stream_key(np.uint8(3), "x") == stream_key(3, "x")


def test_other_labels_are_refused():
    import pytest

    with pytest.raises(TypeError, match="expected an integer or a string, got float"):
        stream_key("red", 1.5)
