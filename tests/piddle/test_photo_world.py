"""The independent photo generator (photo_world) draws what it says it draws: the same photo from the same seed,
4-8 dice of 40-250 pixels inside the frame, faces that add up like a real die's, and a JPEG round trip that
loses what a JPEG file loses."""

import os

import numpy as np
import pytest

from photo_world import ROTATIONS, Die, face_table, jpeg_round_trip, kept_world_photo, world_photo


def test_the_same_seed_draws_the_same_photo():
    first, again = world_photo(5, 3), world_photo(5, 3)
    assert np.array_equal(first.image, again.image) and first.dice == again.dice
    assert not np.array_equal(first.image[:50, :50], world_photo(5, 4).image[:50, :50])


@pytest.mark.parametrize("index", range(6))
def test_dice_are_inside_the_frame_and_of_the_sizes_promised(index):
    photo = world_photo(11, index)
    height, width = photo.image.shape[:2]
    assert 4 <= len(photo.dice) <= 8 and photo.image.dtype == np.uint8
    for die in photo.dice:
        assert 40 <= die.size <= 250 and 1 <= die.value <= 6
        assert die.size / 2 < die.center[0] < height - die.size / 2 and die.size / 2 < die.center[1] < width - die.size / 2


def test_every_way_a_die_lies_has_opposite_faces_adding_to_seven():
    assert len(ROTATIONS) == 24
    tops = set()
    for rotation in ROTATIONS:
        values, _ = face_table(rotation)
        assert sorted(values) == [1, 2, 3, 4, 5, 6]
        assert all(values[2 * k] + values[2 * k + 1] == 7 for k in range(3))
        tops.add(Die(np.zeros(2), 0.0, rotation).value)
    assert tops == {1, 2, 3, 4, 5, 6}


def test_the_count_of_dice_can_be_fixed():
    assert len(world_photo(12, 0, count=5).dice) == 5


def test_a_jpeg_round_trip_loses_more_at_low_quality():
    rng = np.random.default_rng(0)
    image = (rng.random((64, 80, 3)) * 255).astype(np.uint8)
    image[20:40, 20:40] = (200, 30, 30)
    errors = [np.abs(jpeg_round_trip(image, q).astype(int) - image).mean() for q in (40, 70, 95)]
    assert errors[0] > errors[1] > errors[2] > 0
    flat = np.full((32, 32, 3), 120, np.uint8)
    assert np.abs(jpeg_round_trip(flat, 40).astype(int) - 120).max() <= 1


def test_a_kept_photo_is_the_photo_and_a_damaged_one_is_drawn_again(tmp_path, monkeypatch):
    """kept_world_photo keeps a drawn photo and gives it back to the bit (picture, truth, notes) without drawing it;
    a kept file cut short, of random bytes, or of another version of the generator is drawn again and replaced."""
    import photo_world

    drawn = world_photo(5, 3)
    first = kept_world_photo(5, 3, tmp_path)
    path = tmp_path / "world-5-3.npz"
    kept = path.read_bytes()
    draws = []
    monkeypatch.setattr(photo_world, "world_photo", lambda seed, index: draws.append(index) or drawn)
    again = kept_world_photo(5, 3, tmp_path)
    assert not draws  # read back, not drawn
    for photo in (first, again):
        assert np.array_equal(photo.image, drawn.image) and photo.dice == drawn.dice and photo.notes == drawn.notes
    with np.load(path) as contents:
        np.savez(tmp_path / "other.npz", image=contents["image"][::2], truth=contents["truth"], version="another")
    other_version = (tmp_path / "other.npz").read_bytes()
    (tmp_path / "other.npz").unlink()
    rng = np.random.default_rng(19)
    for damaged in (kept[: len(kept) // 2], rng.bytes(len(kept)), b"", other_version, kept[:-10] + rng.bytes(10)):
        path.write_bytes(damaged)
        photo = kept_world_photo(5, 3, tmp_path)
        assert np.array_equal(photo.image, drawn.image) and photo.dice == drawn.dice
        assert path.read_bytes() == kept  # replaced by the photo drawn again
    assert len(draws) == 5
    assert sorted(os.listdir(tmp_path)) == ["world-5-3.npz"]  # no temporary file left


def test_kept_photos_are_fuzzed_every_damage_drawn_again(tmp_path, monkeypatch):
    """A hundred kept files with random bytes changed or cut short: each is drawn again (the zip's checksums
    catch a changed byte), none raises and none gives back a photo other than the one drawn."""
    import photo_world

    drawn = world_photo(5, 3)
    kept_world_photo(5, 3, tmp_path)
    path = tmp_path / "world-5-3.npz"
    kept = path.read_bytes()
    draws = []
    monkeypatch.setattr(photo_world, "world_photo", lambda seed, index: draws.append(index) or drawn)
    rng = np.random.default_rng(2026)
    for trial in range(100):
        damaged = bytearray(kept)
        for place in rng.integers(0, len(damaged), size=int(rng.integers(1, 20))):
            damaged[place] = (damaged[place] + int(rng.integers(1, 256))) % 256
        if trial % 3 == 0:
            damaged = damaged[: int(rng.integers(0, len(damaged)))]
        path.write_bytes(bytes(damaged))
        photo = kept_world_photo(5, 3, tmp_path)
        assert np.array_equal(photo.image, drawn.image) and photo.dice == drawn.dice
    assert len(draws) == 100


def test_each_true_die_is_matched_to_the_nearest_read_die_within_reach():
    """match_dice: true dice in order of place, each taking the nearest read die left within 0.6 of its side; a
    read die taken is not taken again (two true dice near one read die: the first in place has it, the other is
    missed), one too far is missed, the read dice left are extra."""
    from types import SimpleNamespace

    from photo_world import match_dice

    read = [SimpleNamespace(center=(100.0, 104.0)), SimpleNamespace(center=(300.0, 300.0)),
            SimpleNamespace(center=(500.0, 500.0))]
    centres = [(300.0, 330.0), (100.0, 100.0), (100.0, 110.0), (300.0, 400.0)]
    matched, extra = match_dice(centres, [60.0, 50.0, 50.0, 60.0], read)
    assert matched == [read[1], read[0], None, None] and extra == [read[2]]


def test_a_faces_lightness_is_its_darkest_channel_in_its_middle(monkeypatch):
    """scripts/measure_piddle_reader.py groups the dice by how light glare left their face: the median of the
    darkest channel over the middle of the face (a red face washed pink by glare is light in every channel, a
    red face is not), in bands."""
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "scripts"))
    from measure_piddle_reader import face_light, glare_band

    image = np.zeros((100, 100, 3), np.uint8)
    image[20:80, 20:80] = (200, 30, 30)  # a red face
    assert face_light(image, (50.0, 50.0), 60.0) == pytest.approx(30 / 255)
    image[20:80, 20:80] = (255, 220, 224)  # washed pink
    image[48:52, 48:52] = 255  # a white pip in its middle: the median is the face's
    assert face_light(image, (50.0, 50.0), 60.0) == pytest.approx(220 / 255)
    assert glare_band(0.2) == "coloured dice, face 0.0-0.5 of white"
    assert glare_band(0.7) == "coloured dice, face 0.7-0.8 of white"
    assert glare_band(0.95) == "coloured dice, face 0.9-1.0 of white"
