"""The deck, elm/random's arithmetic and the seeded deals (spec 3, 12.2)."""

import pytest

from tablegames.fasttrack.cards import (
    CANONICAL_DECK,
    RANK_NAMES,
    SIX,
    elm_initial_seed,
    elm_int,
    parse_card,
    shuffled_deck,
    steps,
)
from tablegames.fasttrack.game import FastTrackGame

VECTORS = [
    (0, 1196435762, [7, 8, 14, 39, 19, 8, 41, 10, 0, 34, 0, 7], 3801544430),
    (42, 1266345812, [17, 28, 12, 8, 0, 37, 16, 13, 5, 9, 42, 37], 3922542192),
    (1700000000000, 1701212466, [3, 19, 19, 38, 8, 10, 16, 27, 38, 8, 31, 3], 3406216942),
    (1758570000123, 432279025, [45, 52, 42, 3, 36, 43, 16, 5, 6, 29, 7, 27], 3381593597),
]


@pytest.mark.parametrize("millis, seed, draws, final", VECTORS)
def test_elm_random_vectors(millis, seed, draws, final):
    state = elm_initial_seed(millis)
    assert state == seed
    got = []
    for size in range(54, 42, -1):
        value, state = elm_int(0, size - 1, state)
        got.append(value)
    assert got == draws and state == final


def test_power_of_two_range_takes_the_masked_branch():
    # int(0, 3): range 4 is a power of two, so one peel and no rejection loop
    value, state = elm_int(0, 3, elm_initial_seed(0))
    assert 0 <= value <= 3 and state != elm_initial_seed(0)
    assert elm_int(3, 0, elm_initial_seed(0)) == (value, state)  # bounds in either order


def test_config_facts():
    assert len(CANONICAL_DECK) == 54
    assert [RANK_NAMES[c] for c in CANONICAL_DECK[:14]] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    assert steps(SIX) == 6  # and 1 from the pen, decided by the rules (test_game)


def test_seed_zero_decks():
    expected = {
        0: "9 J 5 5 J Q 10 2 2 4",
        1: "2 joker 5 10 A 3 K 2 Q J",
        2: "2 7 8 10 2 K 9 A J Q",
        3: "K 8 8 6 3 10 4 J 3 K",
    }
    for seat, text in expected.items():
        deck, _ = shuffled_deck(0, seat)
        assert [RANK_NAMES[c] for c in deck[:10]] == text.split()
        assert sorted(deck) == sorted(CANONICAL_DECK)


def test_red_seed_zero_hand_and_deck():
    game = FastTrackGame(seed=0)
    assert [RANK_NAMES[c] for c in game.hand(0)] == ["9", "J", "5", "5", "J"]
    assert len(game.deck(0)) == 49


def test_parse_card_names_the_choices():
    assert parse_card("joker") == 13 and parse_card("j") == 9
    with pytest.raises(ValueError, match="expected one of 2, 3"):
        parse_card("11")
