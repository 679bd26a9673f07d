import dataclasses
import json
import logging

import pytest
from hypothesis import given

from fuzzing import fuzz_settings, mutated
from tablegames.ui.settings import Settings, load_settings, save_settings


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "settings.json") == Settings()


def test_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    chosen = Settings(music_volume=0.25, music_style="techno", checkers_level=9, fullscreen=True)
    assert save_settings(chosen, path)
    assert load_settings(path) == chosen


@pytest.mark.parametrize("content", ["{\"music_volume\": 0.5, \"sound\"", "not json at all", "[1, 2, 3]", ""])
def test_corrupt_or_truncated_file_is_kept_and_defaults_used(tmp_path, caplog, content):
    path = tmp_path / "settings.json"
    path.write_text(content)
    with caplog.at_level(logging.WARNING):
        assert load_settings(path) == Settings()
    assert len(caplog.records) == 1 and "settings.json.bad" in caplog.records[0].getMessage()
    assert (tmp_path / "settings.json.bad").read_text() == content
    assert path.read_text() == content  # the user's file is untouched until a save


def test_wrongly_typed_values_fall_back_one_by_one(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"music_volume": "loud", "sound": 1, "checkers_level": 5, "music_style": "polka"}))
    with caplog.at_level(logging.WARNING):
        loaded = load_settings(path)
    assert loaded.music_volume == Settings().music_volume and loaded.sound is True and loaded.music_style == "hiphop"
    assert loaded.checkers_level == 5
    assert len(caplog.records) == 1
    message = caplog.records[0].getMessage()
    assert "music_volume" in message and "sound" in message and "music_style" in message
    assert (tmp_path / "settings.json.bad").exists()


def test_values_are_clamped_and_unknown_keys_ignored(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"music_volume": 7, "checkers_level": 0, "piece_colour_of_the_moon": "blue"}))
    loaded = load_settings(path)
    assert loaded.music_volume == 1.0 and loaded.checkers_level == 1
    assert not (tmp_path / "settings.json.bad").exists()


def test_an_older_file_with_one_volume_loads_into_both_volumes(tmp_path):
    """Before the Sound and display scene there was one volume, and no music, text size or effects volume keys."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sound": False, "volume": 0.3, "music_style": "reggae", "deep_bass": True,
                                "animations": True, "reduced_motion": True, "screen_shake": False,
                                "checkers_level": 6}))
    loaded = load_settings(path)
    assert (loaded.music_volume, loaded.effects_volume) == (0.3, 0.3)
    assert not loaded.sound and loaded.music and loaded.music_style == "reggae" and loaded.deep_bass
    assert loaded.reduced_motion and not loaded.screen_shake and loaded.text_size == "normal"
    assert loaded.checkers_level == 6 and not (tmp_path / "settings.json.bad").exists()
    path.write_text(json.dumps({"volume": 0.3, "effects_volume": 0.9}))  # a newer key wins over the old one
    assert (load_settings(path).music_volume, load_settings(path).effects_volume) == (0.3, 0.9)


def test_text_size_is_one_of_three(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"text_size": "larger"}))
    assert load_settings(path).text_size == "larger"
    path.write_text(json.dumps({"text_size": "enormous"}))
    assert load_settings(path).text_size == "normal"


def test_a_whole_number_setting_rejects_fractions(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"checkers_level": 4.5}))
    assert load_settings(path).checkers_level == Settings().checkers_level


def test_unwritable_path_is_reported_not_raised(tmp_path, caplog):
    blocker = tmp_path / "a-file"
    blocker.write_text("I am a file, not a folder")
    with caplog.at_level(logging.WARNING):
        assert save_settings(Settings(), blocker / "settings.json") is False
    assert "cannot save" in caplog.text
    assert blocker.read_text() == "I am a file, not a folder"


def test_unreadable_file_gives_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()  # a folder where the file should be: reading fails
    assert load_settings(path) == Settings()


def test_a_file_that_is_not_utf8_is_kept_as_bad(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"music_volume": 0.3, "music_style": "techno\xff"}')
    assert load_settings(path) == Settings()
    assert (tmp_path / "settings.json.bad").read_bytes() == path.read_bytes()


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_number_that_is_not_finite_spoils_only_its_own_setting(tmp_path, number):
    path = tmp_path / "settings.json"
    path.write_text(f'{{"music_volume": {number}, "checkers_level": 7}}')
    settings = load_settings(path)
    assert settings.music_volume == Settings().music_volume and settings.checkers_level == 7
    assert save_settings(settings, path) and "NaN" not in path.read_text() and "Infinity" not in path.read_text()
    assert (tmp_path / "settings.json.bad").exists()


def test_deep_nesting_is_an_error_not_a_crash(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert load_settings(path) == Settings()


def test_bad_copies_are_numbered_never_overwritten(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("first broken")
    load_settings(path)
    path.write_text("second broken")
    load_settings(path)
    assert (tmp_path / "settings.json.bad").read_text() == "first broken"
    assert (tmp_path / "settings.json.bad.2").read_text() == "second broken"


_GOOD_SETTINGS = json.dumps(dataclasses.asdict(Settings(music_volume=0.3, checkers_level=8))).encode()


@fuzz_settings()
@given(text=mutated(_GOOD_SETTINGS))
def test_fuzzed_settings_files_load_and_stay_intact(tmp_path_factory, text):
    """Mutations of a valid file (cut, bytes flipped, values swapped for hostile ones, nested) always load."""
    folder = tmp_path_factory.mktemp("settings")
    path = folder / "settings.json"
    path.write_bytes(text)
    loaded = load_settings(path)
    assert isinstance(loaded, Settings)
    assert path.read_bytes() == text  # reading never changes the player's file
