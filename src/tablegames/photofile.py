"""A photo from a file, as the dice reader takes it: the size checked from the header first, then decoded by
pygame and made 8-bit RGB whatever the file holds (16-bit or palette, grey, with or without alpha).

The window runs this on the thinker, never on its own thread: a 51-megapixel JPEG takes seconds to decode.
pygame's image loader is the one pygame call a thinker task makes: it touches no display and pygame-ce runs
SDL_image without the GIL, as a loader meant for other threads. Everything after it is numpy.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tablegames.core.imageheader import ImageHeaderError, ImageSize, image_size

if TYPE_CHECKING:
    import pygame  # imported when a photo is decoded: the command line's other tools never load it

MAX_PHOTO_PIXELS = 40_000_000  # 160 MB decoded: more than any photo of six dice needs


class PhotoError(ValueError):
    """The file cannot be read as a photo: what is wrong, in words for the player, starting with the file's name."""


def megapixels(pixels: int) -> str:
    """400, 51.2, 0.05: three figures at most, and no exponent however absurd the header."""
    count = pixels / 1e6
    return f"{count:,.0f}" if count >= 100 else f"{count:.3g}"


def check_photo_size(name: str, size: ImageSize, limit: int = MAX_PHOTO_PIXELS) -> None:
    if size.pixels > limit:
        raise PhotoError(f"{name} is {size.width} x {size.height} pixels ({megapixels(size.pixels)} MP); the reader "
                         f"takes photos up to {megapixels(limit)} MP")


def load_photo(path: str | os.PathLike[str], limit: int = MAX_PHOTO_PIXELS) -> npt.NDArray[np.uint8]:
    """The photo at `path` as an H x W x 3 uint8 array; PhotoError saying why not (no such file, not a picture of
    a known type, a damaged header, too many pixels, a picture that does not decode)."""
    name = Path(path).name
    try:
        size = image_size(path)
    except ImageHeaderError as error:
        raise PhotoError(f"{name}: {error}") from None
    except OSError as error:
        raise PhotoError(f"{name}: cannot be read ({error.strerror or error})") from None
    check_photo_size(name, size, limit)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        surface = pygame.image.load(os.fspath(path))
    except (pygame.error, OSError) as error:
        raise PhotoError(f"{name}: the picture does not decode ({error})") from None
    width, height = surface.get_size()
    check_photo_size(name, ImageSize(size.kind, width, height), limit)  # were the decoder to disagree
    return surface_to_rgb(surface)


def surface_to_rgb(surface: pygame.Surface) -> npt.NDArray[np.uint8]:
    """A pygame picture as an H x W x 3 uint8 array (the layout piddle.scan reads), whatever the surface's format:
    tobytes converts palette, grey, 16-bit and alpha surfaces alike to plain 8-bit RGB."""
    import pygame

    width, height = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGB"), dtype=np.uint8).reshape(height, width, 3)
