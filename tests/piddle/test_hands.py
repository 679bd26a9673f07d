import pytest

from tablegames.piddle.hands import (
    ALL_HANDS,
    all_multisets,
    describe_hand,
    format_hand,
    hand_from_rank,
    hand_of,
    hand_rank,
    parse_dice,
    parse_hand,
)


def test_wilds_join_the_best_group():
    assert hand_of((1, 1, 1, 1, 1, 2)) == (6, 2)  # five 1s and a 2 is six 2s
    assert hand_of((1, 1, 1, 1, 1, 1)) == (6, 6)  # six 1s is six 6s
    assert hand_of((6, 6, 6, 2, 3, 1)) == (4, 6)
    assert hand_of((2, 3, 4, 5, 6, 6)) == (2, 6)


def test_every_roll_is_at_least_a_pair_and_all_25_hands_occur():
    hands = {hand_of(dice) for dice in all_multisets(6)}
    assert len(all_multisets(6)) == 462
    assert hands == set(ALL_HANDS) and len(hands) == 25


def test_rank_orders_count_before_value():
    assert hand_rank((5, 3)) > hand_rank((4, 6)) > hand_rank((4, 5))
    assert [hand_rank(h) for h in ALL_HANDS] == list(range(1, 26))
    assert all(hand_from_rank(hand_rank(h)) == h for h in ALL_HANDS)
    assert hand_rank((0, 0)) == 0


def test_parse_and_format_round_trip():
    assert parse_dice("666231") == (6, 6, 6, 2, 3, 1)
    assert parse_dice("6,6 6,2,3,1") == (6, 6, 6, 2, 3, 1)
    assert parse_hand("5x5") == (5, 5) and parse_hand("NONE") == (0, 0)
    assert all(parse_hand(format_hand(h)) == h for h in ALL_HANDS + ((0, 0),))
    assert describe_hand((5, 5)) == "five 5s"


@pytest.mark.parametrize("text, words", [
    ("66623", "have 5 dice"), ("6662311", "have 7 dice"), ("666730", "contain '7'"), ("", "empty"),
])
def test_malformed_dice_say_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words):
        parse_dice(text)


@pytest.mark.parametrize("text, words", [
    ("7x5", "count 7"), ("1x5", "count 1"), ("5x1", "value 1"), ("5x7", "value 7"), ("55", "COUNTxVALUE"),
    ("fivex5", "COUNTxVALUE"),
])
def test_malformed_hands_say_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words):
        parse_hand(text)
