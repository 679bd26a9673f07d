"""A picture's width and height from its file header, read before anything decodes it.

A 1 MB PNG can decode to 20000 x 20000 pixels (1.6 GB): the size has to be known, and refused, before the
decoder allocates it. `image_size` reads only the header (and, for JPEG and GIF, walks the blocks before the
first frame) of the types the suite's picture loader takes: PNG (IHDR), JPEG (the first SOF marker), GIF (the
logical screen and the first frame, whichever is larger) and BMP. Pure Python, no decoding.

It reads the size the decoder will use: a JPEG's segments are skipped by their lengths as libjpeg skips them,
and anything a decoder would have to guess about (bytes between segments, a frame before any size) is refused
as damaged rather than guessed at.
"""

from __future__ import annotations

import io
import os
import struct
from dataclasses import dataclass
from typing import BinaryIO

KINDS = "PNG, JPEG, GIF or BMP"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers (every coding process; not DHT C4, JPG C8 or DAC CC)
JPEG_FRAMES = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})
JPEG_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})  # TEM and RST0-7 carry no length
JPEG_SCAN, JPEG_END = 0xDA, 0xD9
MAX_JPEG_SEGMENTS = 10_000  # each one is at least 4 bytes and read by a seek: a bound, not a real limit
MAX_GIF_BLOCKS = 100_000


class ImageHeaderError(ValueError):
    """The file is not a picture of a known type, or its header is damaged."""


@dataclass(frozen=True)
class ImageSize:
    kind: str  # PNG, JPEG, GIF, BMP
    width: int
    height: int

    @property
    def pixels(self) -> int:
        return self.width * self.height


def image_size(path: str | os.PathLike[str]) -> ImageSize:
    """The width and height a decoder will make of the picture at `path` (ImageHeaderError, or OSError when the
    file cannot be read)."""
    with open(path, "rb") as stream:
        return read_image_size(stream)


def image_size_of_bytes(data: bytes) -> ImageSize:
    return read_image_size(io.BytesIO(data))


def read_image_size(stream: BinaryIO) -> ImageSize:
    """The picture's size from its header, read from the start of `stream`."""
    start = stream.read(8)
    if start.startswith(PNG_SIGNATURE):
        size = png_size(stream)
    elif start.startswith(b"\xff\xd8"):
        stream.seek(2)
        size = jpeg_size(stream)
    elif start.startswith((b"GIF87a", b"GIF89a")):
        stream.seek(6)
        size = gif_size(stream)
    elif start.startswith(b"BM"):
        stream.seek(14)
        size = bmp_size(stream)
    else:
        raise ImageHeaderError(f"not a picture this reader knows (it takes {KINDS})")
    if size.width <= 0 or size.height <= 0:
        raise damaged(size.kind, f"it says {size.width} x {size.height} pixels")
    return size


def damaged(kind: str, why: str) -> ImageHeaderError:
    return ImageHeaderError(f"its {kind} header is damaged ({why})")


def read_exactly(stream: BinaryIO, count: int, kind: str) -> bytes:
    data = stream.read(count)
    if len(data) != count:
        raise damaged(kind, "the file ends inside it")
    return data


def png_size(stream: BinaryIO) -> ImageSize:
    """IHDR, which the format requires to be the first chunk (13 bytes: width, height, then depth and type)."""
    length, kind, width, height = struct.unpack(">I4sII", read_exactly(stream, 16, "PNG"))
    if kind != b"IHDR" or length != 13:
        raise damaged("PNG", "it does not start with its IHDR chunk")
    return ImageSize("PNG", width, height)


def jpeg_size(stream: BinaryIO) -> ImageSize:
    """The first start-of-frame marker's size, walking the segments before it by their lengths."""
    for _ in range(MAX_JPEG_SEGMENTS):
        prefix = read_exactly(stream, 1, "JPEG")
        if prefix != b"\xff":
            raise damaged("JPEG", "bytes between its segments")
        marker = read_exactly(stream, 1, "JPEG")[0]
        while marker == 0xFF:  # fill bytes before a marker
            marker = read_exactly(stream, 1, "JPEG")[0]
        if marker in JPEG_STANDALONE:
            continue
        if marker in (JPEG_SCAN, JPEG_END, 0xD8, 0x00):
            raise damaged("JPEG", "no frame size before the picture data")
        (length,) = struct.unpack(">H", read_exactly(stream, 2, "JPEG"))
        if length < 2:
            raise damaged("JPEG", f"a segment of length {length}")
        if marker in JPEG_FRAMES:
            if length < 8:
                raise damaged("JPEG", "its frame segment is too short")
            _, height, width = struct.unpack(">BHH", read_exactly(stream, 5, "JPEG"))
            return ImageSize("JPEG", width, height)
        skipped = stream.read(length - 2)
        if len(skipped) != length - 2:
            raise damaged("JPEG", "the file ends inside it")
    raise damaged("JPEG", "no frame size found")


def gif_size(stream: BinaryIO) -> ImageSize:
    """The larger of the logical screen and the first frame (a decoder allocates the frame's own size)."""
    screen_width, screen_height, flags = struct.unpack("<HHB", read_exactly(stream, 5, "GIF"))
    read_exactly(stream, 2, "GIF")  # background colour, aspect
    if flags & 0x80:
        read_exactly(stream, 3 << ((flags & 0x07) + 1), "GIF")  # the global colour table
    for _ in range(MAX_GIF_BLOCKS):
        introducer = read_exactly(stream, 1, "GIF")
        if introducer == b",":  # the first frame
            _, _, width, height = struct.unpack("<HHHH", read_exactly(stream, 8, "GIF"))
            return ImageSize("GIF", max(width, screen_width), max(height, screen_height))
        if introducer != b"!":
            raise damaged("GIF", "no frame before the end")
        read_exactly(stream, 1, "GIF")  # the extension's label
        while size := read_exactly(stream, 1, "GIF")[0]:  # its sub-blocks, to an empty one
            read_exactly(stream, size, "GIF")
    raise damaged("GIF", "no frame found")


def bmp_size(stream: BinaryIO) -> ImageSize:
    """The DIB header: 16-bit sizes in the old 12-byte header, signed 32-bit ones in every later one (a negative
    height is a picture stored top down)."""
    (header,) = struct.unpack("<I", read_exactly(stream, 4, "BMP"))
    if header == 12:
        width, height = struct.unpack("<HH", read_exactly(stream, 4, "BMP"))
    elif header >= 40:
        width, height = struct.unpack("<ii", read_exactly(stream, 8, "BMP"))
        height = abs(height)
    else:
        raise damaged("BMP", f"an information header of {header} bytes")
    return ImageSize("BMP", width, height)
