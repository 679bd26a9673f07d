"""Fun mode: fires only under its conditions, respects the cap and the opening window, never builds an illegal
board or hurts the human, is one chance in three, deterministic for a seed, and Undo takes an event back."""

from __future__ import annotations

import pytest

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import (
    DISASTERS,
    HOME_SQUARES,
    MAX_EVENTS,
    FunEvent,
    FunGame,
    FunRules,
    apply_event,
    may_roll,
    piece_count,
    roll_event,
)
from tablegames.checkers.pdn import parse_game
from tablegames.checkers.position import Position

# White (the computer) is to move and must capture 18x9; afterwards Black (the human) has 2 pieces to 6.
BEHIND = "W:W18,21,22,23,24,25:B14,1,2"
# The same capture, but the human keeps more pieces than the computer.
AHEAD = "W:W18,21:B14,1,2,3,5,6"


def after_computer_capture(fen: str = BEHIND) -> FunGame:
    game = FunGame(Position.from_fen(fen))
    game.play("18x9")
    return game


def rules(level: int = 2, reading: str = "easy", seed: int = 0) -> FunRules:
    return FunRules(human_side=BLACK, level=level, reading=reading, seed=seed)


def first_seed_with_event(game: FunGame, **kwargs) -> tuple[int, FunEvent]:
    for seed in range(200):
        event = roll_event(game, rules(seed=seed, **kwargs))
        if event is not None:
            return seed, event
    raise AssertionError("no event in 200 seeds")


def test_conditions_met_after_a_computer_capture_when_behind():
    assert may_roll(after_computer_capture(), rules())


def test_levels_reading():
    game = after_computer_capture()
    assert may_roll(game, rules(level=3))
    assert not may_roll(game, rules(level=4))
    assert may_roll(game, rules(level=10, reading="all"))


def test_not_when_the_human_is_not_behind():
    assert not may_roll(after_computer_capture(AHEAD), rules())
    assert all(roll_event(after_computer_capture(AHEAD), rules(seed=s)) is None for s in range(50))


def test_not_after_a_quiet_move_or_a_human_capture():
    quiet = FunGame(Position.from_fen("W:W21,22,23,24,25,26:B1,2"))
    quiet.play(quiet.legal_moves()[0])
    assert not quiet.entries[-1].is_capture
    assert not may_roll(quiet, rules())
    human_capture = FunGame(Position.from_fen("B:W18,21,22,23,24,25:B14,1"))
    human_capture.play(human_capture.legal_moves()[0])
    assert not may_roll(human_capture, rules())  # the computer is to move: the roll waits for its capture


def test_at_most_two_events():
    one = FunGame(Position.from_fen(BEHIND))
    one.add_event(FunEvent("gift", 3), BLACK)
    one.play("18x9")
    assert may_roll(one, rules())
    capped = FunGame(Position.from_fen(BEHIND))
    capped.add_event(FunEvent("gift", 3), BLACK)
    capped.add_event(FunEvent("gift", 4), BLACK)
    capped.play("18x9")
    assert len(capped.events) == MAX_EVENTS
    assert not may_roll(capped, rules())
    assert all(roll_event(capped, rules(seed=s)) is None for s in range(50))


SHUFFLE = "B:WK29,K32,22,23,24:BK1,14,3"  # kings shuffle; 14-17 lets White capture 22x13


def test_only_in_the_first_twelve_human_moves():
    early = FunGame(Position.from_fen(SHUFFLE))
    early.play("14-17")
    early.play("22x13")
    assert may_roll(early, rules())
    late = FunGame(Position.from_fen(SHUFFLE))
    # eleven king moves each that never repeat a position three times
    for move in ["1-5", "29-25", "5-1", "25-21", "1-5", "32-27", "5-1", "21-25", "1-5", "25-29", "5-1", "27-31", "1-5", "29-25", "5-1", "25-21", "1-5", "31-26", "5-1", "21-25", "1-5", "25-29"]:
        late.play(move)
    late.play("14-17")
    late.play("22x13")
    assert late.moves_by(BLACK) == 12
    assert not may_roll(late, rules())


def test_one_chance_in_three():
    game = after_computer_capture()
    hits = sum(roll_event(game, rules(seed=seed)) is not None for seed in range(900))
    assert 0.28 < hits / 900 < 0.39


def test_deterministic_for_a_seed():
    game = after_computer_capture()
    for seed in range(40):
        assert roll_event(game, rules(seed=seed)) == roll_event(after_computer_capture(), rules(seed=seed))


def test_events_never_hurt_the_human_and_keep_the_board_legal():
    game = after_computer_capture()
    kinds = set()
    for seed in range(300):
        event = roll_event(game, rules(seed=seed))
        if event is None:
            continue
        kinds.add(event.kind)
        before = game.position
        after = apply_event(before, event, BLACK)
        assert piece_count(after, BLACK) >= piece_count(before, BLACK)
        assert piece_count(after, WHITE) >= 1
        assert after.turn == BLACK and after.has_legal_move()
        if event.is_gift:
            assert event.square in HOME_SQUARES[BLACK] and before.piece_at(event.square) == 0
            assert piece_count(after, BLACK) == piece_count(before, BLACK) + 1
        else:
            assert event.kind in DISASTERS
            assert piece_count(after, WHITE) == piece_count(before, WHITE) - 1
    assert kinds == {"gift", *DISASTERS}


def test_undo_takes_an_event_back():
    game = after_computer_capture()
    seed, event = first_seed_with_event(game)
    before = game.position
    game.add_event(event, BLACK)
    assert game.position != before and game.entries[-1] == event
    assert game.undo() == event
    assert game.position == before and not game.events
    game.undo()
    assert game.position == Position.from_fen(BEHIND)


def test_bad_events_are_rejected_and_change_nothing():
    game = after_computer_capture()
    before = game.entries
    with pytest.raises(ValueError, match="free square"):
        game.add_event(FunEvent("gift", 1), BLACK)  # occupied
    with pytest.raises(ValueError, match="computer piece"):
        game.add_event(FunEvent("wind", 2), BLACK)  # a human piece
    with pytest.raises(ValueError, match="fun event"):
        FunEvent("tornado", 3)
    assert game.entries == before


def test_pdn_round_trip_with_events():
    game = after_computer_capture()
    game.add_event(FunEvent("lightning", 21), BLACK)
    game.play(game.legal_moves()[0])
    text = game.to_pdn({"Event": "fun"})
    assert "{*lightning 21}" in text
    again, tags = FunGame.from_pdn(text, BLACK)
    assert again.entries == game.entries and again.position == game.position
    assert tags["Event"] == "fun"


def test_a_whole_game_from_the_start_round_trips():
    game = FunGame()
    for _ in range(20):
        game.play(game.legal_moves()[len(game.entries) % len(game.legal_moves())])
    again, _ = FunGame.from_pdn(game.to_pdn(), BLACK)
    assert again.moves == game.moves


def test_a_corrupt_saved_game_is_reported():
    with pytest.raises(ValueError, match="saved game"):
        FunGame.from_pdn('[Event "x"]\n\n1. 11-15 22-18 2. 99-1 *\n', BLACK)


def test_an_export_with_events_is_valid_pdn_that_replays_to_the_same_position():
    # White's 25-21 is legal only because the lightning emptied 21: a reader skipping the event would refuse it.
    game = after_computer_capture()
    game.add_event(FunEvent("lightning", 21), BLACK)
    game.play("2-7")
    game.play("25-21")
    text = game.to_pdn({"Event": "fun"})
    assert "{*lightning 21} /B:W9,22,23,24,25:B1,2/ 2. 2-7 25-21 *" in " ".join(text.split())
    parsed = parse_game(text)
    assert parsed.moves == game.moves and parsed.positions()[-1] == game.position
    assert list(parsed.setups) == [1] and parsed.tags["Event"] == "fun"
    again, _ = FunGame.from_pdn(text, BLACK)
    assert again.entries == game.entries and again.position == game.position


def test_two_events_in_a_row_are_one_setup_after_both():
    game = FunGame(Position.from_fen(BEHIND))
    game.add_event(FunEvent("gift", 3), BLACK)
    game.add_event(FunEvent("gift", 4), BLACK)
    text = game.to_pdn()
    assert parse_game(text).setups == {0: game.position}
    assert FunGame.from_pdn(text, BLACK)[0].entries == game.entries


def test_a_save_written_before_setups_were_added_still_reads():
    old = '[SetUp "1"]\n[FEN "W:W18,21,22,23,24,25:B1,2,14"]\n[Result "*"]\n\n1... 18x9 {*gift 3} 2. 1-5 *\n'
    game, _ = FunGame.from_pdn(old, BLACK)
    assert [entry.notation for entry in game.entries] == ["18x9", "*gift 3", "1-5"]


def test_a_setup_that_is_not_the_position_reached_stops_the_replay_there():
    text = after_computer_capture().to_pdn().replace(" *", " /B:W21:B1/ 2. 1-5 *")
    game, _, problem = FunGame.replay_pdn(text, BLACK)
    assert len(game.entries) == 1 and "not the one the game reached" in problem


def test_a_save_cut_inside_a_comment_replays_the_moves_before_it():
    game, _, problem = FunGame.replay_pdn('[Result "*"]\n\n1. 11-15 22-18 {*lightn', BLACK)
    assert [entry.notation for entry in game.entries] == ["11-15", "22-18"]
    assert problem == "saved game, after entry 2: comment '{*lightn' at line 3 has no closing '}'"
