"""Light hinting for pygame's fonts: the cause of the gaps before "t" and "f" ("compu ter", "Wal t", "itsel f").

SDL_ttf renders with FreeType's full hinting by default. Full hinting snaps each glyph of pygame's bundled font
(freesansbold) to the pixel grid on its own, and at 16-32 px the narrow "t" and "f" are moved a pixel or two
away from the letter before them. Light hinting snaps only vertically, so the letters keep the spacing the font
designed (tests/ui/test_theme_text.py compares with the same word drawn four times larger and scaled down).

pygame-ce 2.5 does not expose SDL_ttf's TTF_SetFontHinting, so it is called through ctypes on the library pygame
itself loaded, with the font's TTF_Font pointer read from the pygame Font object (the first field after the Python
object header). The pointer is trusted only when SDL_ttf reports the same height and ascent for it as the Font
does; anything unexpected leaves the font as it is (full hinting: gaps, but correct text).
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os
import sys
from functools import cache

import pygame

log = logging.getLogger(__name__)

TTF_HINTING_LIGHT = 1


@cache
def _sdl_ttf() -> ctypes.CDLL | None:
    """The SDL_ttf library pygame's font module uses (already loaded: opening it again gives the same one)."""
    for path in _candidate_paths():
        try:
            library = ctypes.CDLL(path)
            for name, result in (("TTF_SetFontHinting", None), ("TTF_GetFontHinting", ctypes.c_int),
                                 ("TTF_FontHeight", ctypes.c_int), ("TTF_FontAscent", ctypes.c_int)):
                function = getattr(library, name)
                function.argtypes = [ctypes.c_void_p] + ([ctypes.c_int] if name == "TTF_SetFontHinting" else [])
                function.restype = result
            return library
        except (OSError, AttributeError):
            continue
    return None


def _candidate_paths() -> list[str]:
    paths = []
    try:  # Linux: the exact file mapped into this process by pygame.font
        with open("/proc/self/maps", encoding="utf-8") as maps:
            paths += sorted({line.split()[-1] for line in maps if "SDL2_ttf" in line and "/" in line})
    except OSError:
        pass
    package = os.path.dirname(pygame.__file__)
    for pattern in ("../pygame_ce.libs/*SDL2_ttf*", ".dylibs/*SDL2_ttf*", "SDL2_ttf*.dll"):
        paths += sorted(glob.glob(os.path.join(package, pattern)))
    return paths


def use_light_hinting(font: pygame.font.Font) -> bool:
    """Switch `font` to light hinting; True when done (False leaves it untouched)."""
    if sys.implementation.name != "cpython" or pygame.version.vernum[0] != 2 or \
            not isinstance(font, pygame.font.Font):
        return False  # the Font object's layout is known for CPython and pygame-ce 2
    library = _sdl_ttf()
    if library is None:
        return False
    pointer = ctypes.c_void_p.from_address(id(font) + object.__basicsize__).value
    if not pointer:
        return False
    try:
        if library.TTF_FontHeight(pointer) != font.get_height() or \
                library.TTF_FontAscent(pointer) != font.get_ascent():
            return False  # not the TTF_Font this Font draws with: leave it
        library.TTF_SetFontHinting(pointer, TTF_HINTING_LIGHT)
        return bool(library.TTF_GetFontHinting(pointer) == TTF_HINTING_LIGHT)
    except (OSError, ValueError) as error:  # ctypes reports a failed foreign call as OSError
        log.info("fonts: full hinting kept (%s)", error)
        return False
