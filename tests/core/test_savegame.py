"""The saved-game frame every table shares (core.savegame): the format's version, a damaged file kept and replayed
as far as it goes, a newer one left alone, a save that cannot be written said and never raised."""

import json

import pytest

from tablegames.core.savegame import NewerSaveError, Replayed, load_saved, read_saved_object, write_save


def replay_counting(text: str, where: str) -> Replayed[list[int]]:
    """A toy game: its actions are numbers, and a negative one cannot be played."""
    data = read_saved_object(text, where, 1)
    actions = data["actions"]
    assert isinstance(actions, list)
    game: list[int] = []
    for number, action in enumerate(actions):
        if action < 0:
            return Replayed(game, number, len(actions), f"{where}: action {number + 1} is negative")
        game.append(action)
    return Replayed(game, len(actions), len(actions))


@pytest.mark.parametrize("text, problem", [
    ("[]", "expected a JSON object, got list"),
    ('{"version": 0}', 'expected "version": 1, got 0'),
    ('{"version": true}', 'expected "version": 1, got True'),
    ('{"version": 1.0e0}', 'expected "version": 1, got 1.0'),
])
def test_a_save_of_another_format_is_refused_saying_why(text, problem):
    with pytest.raises(ValueError, match=problem) as refused:
        read_saved_object(text, "save.json", 1)
    assert not isinstance(refused.value, NewerSaveError)


def test_a_newer_format_is_its_own_error():
    with pytest.raises(NewerSaveError, match="format 2; this one reads 1"):
        read_saved_object('{"version": 2}', "save.json", 1)


def test_a_save_is_replayed_as_far_as_it_goes_and_kept(tmp_path):
    path = tmp_path / "game.json"
    text = json.dumps({"version": 1, "actions": [3, 1, -4, 1]})
    path.write_text(text)
    loaded = load_saved(path, replay_counting, "toy")
    assert loaded.game == [3, 1] and loaded.may_overwrite
    assert loaded.message == "Your saved game was damaged: replayed 2 of 4 moves (kept as game.json.bad)"
    assert (tmp_path / "game.json.bad").read_text() == text and path.read_text() == text


def test_no_file_is_no_game_and_nothing_to_say(tmp_path):
    assert load_saved(tmp_path / "game.json", replay_counting, "toy") == load_saved(tmp_path / "x", replay_counting,
                                                                                    "toy")
    assert load_saved(tmp_path / "game.json", replay_counting, "toy").game is None


def test_a_save_that_cannot_be_written_is_said_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("in the way")
    problem = write_save(blocker / "game.json", "{}", "toy")
    assert problem.startswith("Cannot save your game in ")
    assert write_save(tmp_path / "game.json", "{}", "toy") is None
    assert write_save(tmp_path / "game.json", None, "toy") is None and not (tmp_path / "game.json").exists()
