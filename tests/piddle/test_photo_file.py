"""Photo files as the dice reader gets them (tablegames.photofile): refused from the header when too large, before
any decoding; 16-bit, palette, grey and alpha PNGs converted to the same 8-bit RGB picture, so they read as the
8-bit RGB photo does. The PNGs are written byte by byte (tests/png_files.py), independently of the suite and of
pygame."""

import numpy as np
import pygame
import pytest

import png_files
from tablegames.photofile import MAX_PHOTO_PIXELS, PhotoError, load_photo
from tablegames.piddle.scan import read_dice
from tablegames.piddle.scan_synth import synthetic_photo


@pytest.fixture(scope="module")
def dice_photo():
    """A generated photo of six dice, in grey (so that every depth below holds it exactly), and its 8-bit RGB
    reading: the reading every conversion must give."""
    photo = synthetic_photo(105, 0, touching=False)
    grey = np.rint(photo.image.mean(axis=2)).astype(np.uint8)
    rgb = np.repeat(grey[..., None], 3, axis=2)
    reading = read_dice(rgb)
    assert sorted(reading.values) == sorted(photo.values)  # the picture reads right to begin with
    return grey, rgb, reading.values


@pytest.mark.parametrize("kind", ["rgb8", "grey16", "palette8", "grey_alpha8", "rgba8"])
def test_every_depth_reads_as_the_8_bit_rgb_photo(tmp_path, dice_photo, kind):
    grey, rgb, values = dice_photo
    data = {"rgb8": lambda: png_files.rgb8(rgb), "grey16": lambda: png_files.grey16(grey),
            "palette8": lambda: png_files.palette8(rgb), "grey_alpha8": lambda: png_files.grey_alpha8(grey),
            "rgba8": lambda: png_files.rgba8(rgb)}[kind]()
    path = tmp_path / f"{kind}.png"
    path.write_bytes(data)
    image = load_photo(path)
    assert image.dtype == np.uint8 and image.shape == rgb.shape
    assert np.array_equal(image, rgb)
    assert read_dice(image).values == values


def test_arrays_of_any_depth_read_as_the_8_bit_rgb_photo(dice_photo):
    """Pictures handed over as arrays (another tool's decoder): 16-bit, grey, grey and alpha, RGBA."""
    grey, rgb, values = dice_photo
    wide = grey.astype(np.uint16) * 257
    for image in (wide, np.stack([wide, wide, wide], axis=2), grey, np.stack([grey, grey], axis=2),
                  np.concatenate([rgb, np.full_like(rgb[..., :1], 255)], axis=2)):
        assert read_dice(image).values == values, image.shape


def test_a_photo_over_40_megapixels_is_refused_from_its_header(tmp_path):
    path = tmp_path / "photo.png"
    path.write_bytes(png_files.claimed_size(20000, 20000))  # a few bytes: a decoder would want 1.6 GB
    with pytest.raises(PhotoError) as refused:
        load_photo(path)
    assert str(refused.value) == "photo.png is 20000 x 20000 pixels (400 MP); the reader takes photos up to 40 MP"
    assert MAX_PHOTO_PIXELS == 40_000_000


def test_the_limit_is_on_pixels_whatever_the_type(tmp_path):
    path = tmp_path / "wide.jpg"
    pygame.image.save(pygame.Surface((300, 200)), str(path))
    assert load_photo(path).shape == (200, 300, 3)
    with pytest.raises(PhotoError, match=r"wide.jpg is 300 x 200 pixels \(0.06 MP\); the reader takes photos up to "
                                         r"0.05 MP"):
        load_photo(path, limit=50_000)


@pytest.mark.parametrize("name, data, problem", [
    ("notes.txt", b"six dice", "notes.txt: not a picture this reader knows (it takes PNG, JPEG, GIF or BMP)"),
    ("cut.png", png_files.claimed_size(40, 40)[:20], "cut.png: its PNG header is damaged (the file ends inside it)"),
    ("broken.png", png_files.claimed_size(40, 40), "broken.png: the picture does not decode"),
])
def test_a_file_that_is_no_photo_says_why(tmp_path, name, data, problem):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(PhotoError, match="^" + problem.replace("(", r"\(").replace(")", r"\)")):
        load_photo(path)


def test_a_missing_file_or_a_folder_says_so(tmp_path):
    with pytest.raises(PhotoError, match=r"^gone.png: cannot be read \(No such file or directory\)"):
        load_photo(tmp_path / "gone.png")
    with pytest.raises(PhotoError, match=r"^folder.png: cannot be read \(Is a directory\)"):
        (tmp_path / "folder.png").mkdir()
        load_photo(tmp_path / "folder.png")


@pytest.mark.parametrize("shade", [0, 128, 255])
def test_a_blank_picture_reads_no_dice(shade):
    """Once a 'All-NaN slice encountered' error: a picture of one shade has no threshold to split it by."""
    assert read_dice(np.full((120, 160, 3), shade, np.uint8)).dice == ()
