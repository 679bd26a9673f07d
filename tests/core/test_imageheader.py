"""A picture's size from its header, before anything decodes it: PNG, JPEG, GIF and BMP, the sizes a decoder will
use (a JPEG's thumbnail or a GIF's frame cannot hide a bigger picture), and damaged or unknown headers refused."""

import io
import struct

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import fuzz_settings, mutated
from png_files import claimed_size
from tablegames.core.imageheader import ImageHeaderError, ImageSize, image_size, image_size_of_bytes


@pytest.mark.parametrize("suffix", ["png", "jpg", "bmp"])
def test_the_size_of_pictures_pygame_writes(tmp_path, suffix):
    path = tmp_path / f"picture.{suffix}"
    pygame.image.save(pygame.Surface((123, 45)), str(path))
    size = image_size(path)
    assert (size.width, size.height) == (123, 45) and size.pixels == 123 * 45
    assert size.kind == {"png": "PNG", "jpg": "JPEG", "bmp": "BMP"}[suffix]


def test_a_huge_png_is_known_from_its_first_bytes():
    assert image_size_of_bytes(claimed_size(20000, 20000)) == ImageSize("PNG", 20000, 20000)


def jpeg(*segments: bytes) -> bytes:
    return b"\xff\xd8" + b"".join(segments) + b"\xff\xd9"


def segment(marker: int, body: bytes) -> bytes:
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def frame(width: int, height: int, marker: int = 0xC0) -> bytes:
    return segment(marker, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00")


def test_a_jpeg_is_read_at_its_frame_not_at_a_thumbnail_inside_its_exif():
    exif = segment(0xE1, b"Exif\x00\x00" + frame(160, 120))  # a thumbnail's frame inside APP1: skipped whole
    assert image_size_of_bytes(jpeg(exif, segment(0xDB, bytes(65)), frame(9000, 6000, 0xC2))) == \
        ImageSize("JPEG", 9000, 6000)


def gif(screen: tuple[int, int], first_frame: tuple[int, int]) -> bytes:
    palette = bytes(6)  # two colours
    comment = b"!\xfe\x03abc\x00"
    descriptor = b"," + struct.pack("<HHHHB", 0, 0, *first_frame, 0)
    return b"GIF89a" + struct.pack("<HHBBB", *screen, 0x80, 0, 0) + palette + comment + descriptor + b"\x02\x02\x4c\x01\x00;"


def test_a_gif_counts_its_first_frame_when_that_is_bigger_than_its_screen():
    assert image_size_of_bytes(gif((10, 10), (8, 8))) == ImageSize("GIF", 10, 10)
    assert image_size_of_bytes(gif((10, 10), (60000, 60000))) == ImageSize("GIF", 60000, 60000)


def test_a_bmp_stored_top_down_has_its_height_as_a_number_of_rows():
    header = b"BM" + bytes(12) + struct.pack("<Iii", 40, 300, -200)
    assert image_size_of_bytes(header) == ImageSize("BMP", 300, 200)
    core = b"BM" + bytes(12) + struct.pack("<IHH", 12, 64, 48)
    assert image_size_of_bytes(core) == ImageSize("BMP", 64, 48)


@pytest.mark.parametrize("data, problem", [
    (b"", "not a picture this reader knows (it takes PNG, JPEG, GIF or BMP)"),
    (b"six dice, honestly", "not a picture this reader knows"),
    (claimed_size(20, 20)[:20], "its PNG header is damaged (the file ends inside it)"),
    (claimed_size(0, 20), "its PNG header is damaged (it says 0 x 20 pixels)"),
    (b"\x89PNG\r\n\x1a\n" + struct.pack(">I4s", 13, b"IDAT") + bytes(13), "does not start with its IHDR chunk"),
    (jpeg(segment(0xDA, b"scan")), "its JPEG header is damaged (no frame size before the picture data)"),
    (b"\xff\xd8junk" + frame(10, 10), "its JPEG header is damaged (bytes between its segments)"),
    (b"\xff\xd8\xff\xe0\x00\x01", "its JPEG header is damaged (a segment of length 1)"),
    (jpeg(frame(0, 10)), "its JPEG header is damaged (it says 0 x 10 pixels)"),
    (b"GIF89a" + struct.pack("<HHBBB", 10, 10, 0, 0, 0) + b";", "its GIF header is damaged (no frame before the end)"),
    (b"BM" + bytes(12) + struct.pack("<I", 20), "its BMP header is damaged (an information header of 20 bytes)"),
])
def test_an_unknown_or_damaged_header_is_refused_saying_why(data, problem):
    with pytest.raises(ImageHeaderError) as refused:
        image_size_of_bytes(data)
    assert problem in str(refused.value)


def test_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        image_size(tmp_path / "nowhere.png")


def picture_files() -> list[bytes]:
    surface = pygame.Surface((40, 30))
    surface.fill((200, 40, 90))
    files = []
    for suffix in ("png", "jpg", "bmp"):
        buffer = io.BytesIO()
        pygame.image.save(surface, buffer, f"picture.{suffix}")
        files.append(buffer.getvalue())
    return [*files, gif((40, 30), (40, 30))]


@fuzz_settings()
@given(data=st.sampled_from(picture_files()).flatmap(mutated))
def test_fuzzed_headers_give_a_size_or_the_readers_own_error(data):
    try:
        size = image_size_of_bytes(data)
    except ImageHeaderError:
        return
    assert size.width > 0 and size.height > 0
