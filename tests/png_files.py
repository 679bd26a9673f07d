"""PNG files written byte by byte with zlib and struct, as the format's specification lays them out: test pictures
made independently of the suite's code and of pygame (16-bit, palette, grey and alpha, any claimed size)."""

from __future__ import annotations

import struct
import zlib

import numpy as np

SIGNATURE = b"\x89PNG\r\n\x1a\n"
GREY, RGB, PALETTE, GREY_ALPHA, RGBA = 0, 2, 3, 4, 6


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(width: int, height: int, depth: int, colour: int, rows: list[bytes], extra: bytes = b"") -> bytes:
    """A PNG of the given IHDR with each row filtered as "none"; `extra`: chunks between IHDR and IDAT (PLTE)."""
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    data = zlib.compress(b"".join(b"\x00" + row for row in rows))
    return SIGNATURE + chunk(b"IHDR", header) + extra + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def rows_of(array: np.ndarray) -> list[bytes]:
    """The rows of an H x W (x C) array of big-endian samples, as PNG stores them."""
    return [array[row].tobytes() for row in range(array.shape[0])]


def rgb8(image: np.ndarray) -> bytes:
    height, width, _ = image.shape
    return png_bytes(width, height, 8, RGB, rows_of(image.astype(np.uint8)))


def grey16(grey: np.ndarray) -> bytes:
    """16-bit grey: each 8-bit value v stored as v * 257 (the same shade at full 16-bit range)."""
    height, width = grey.shape
    return png_bytes(width, height, 16, GREY, rows_of((grey.astype(np.uint32) * 257).astype(">u2")))


def grey_alpha8(grey: np.ndarray) -> bytes:
    height, width = grey.shape
    samples = np.stack([grey, np.full_like(grey, 255)], axis=2).astype(np.uint8)
    return png_bytes(width, height, 8, GREY_ALPHA, rows_of(samples))


def rgba8(image: np.ndarray) -> bytes:
    height, width, _ = image.shape
    samples = np.concatenate([image, np.full((height, width, 1), 255, np.uint8)], axis=2).astype(np.uint8)
    return png_bytes(width, height, 8, RGBA, rows_of(samples))


def palette8(image: np.ndarray) -> bytes:
    """8-bit palette: the picture's own colours (at most 256 of them) in a PLTE chunk, each pixel an index."""
    height, width, _ = image.shape
    colours, indices = np.unique(image.reshape(-1, 3), axis=0, return_inverse=True)
    if len(colours) > 256:
        raise ValueError(f"{len(colours)} colours do not fit a palette")
    plte = chunk(b"PLTE", colours.astype(np.uint8).tobytes())
    return png_bytes(width, height, 8, PALETTE, rows_of(indices.reshape(height, width).astype(np.uint8)), plte)


def claimed_size(width: int, height: int) -> bytes:
    """A small file whose header claims `width` x `height` pixels (its data is one row: it never decodes whole)."""
    return png_bytes(width, height, 8, RGB, [bytes(3 * min(width, 64))])
