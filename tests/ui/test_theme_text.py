"""Letters are evenly spaced at small sizes: no gap before "t" and "f" (the cause was full hinting).

The reference is the same word drawn four times larger, where hinting moves nothing that matters, and scaled
down: the widest blank between two letters may exceed the reference's by at most one pixel. Full hinting
failed this ("computer" at 24-26 px: a blank of 4 px where the reference has 2).
"""

import numpy as np
import pygame
import pytest

from tablegames.ui.theme import font

WORDS = ("computer", "Walt", "itself", "after", "Wobbly")


def widest_blank(picture: pygame.Surface) -> int:
    """The widest run of columns without ink between the first and last inked column."""
    alpha = pygame.surfarray.array_alpha(picture)
    inked = np.nonzero((alpha > 60).any(axis=1))[0]
    widest = run = 0
    for column in range(inked[0], inked[-1] + 1):
        run = 0 if column in set(inked) else run + 1
        widest = max(widest, run)
    return widest


@pytest.mark.parametrize("size", [16, 20, 24, 26, 28, 32])
def test_letters_keep_the_fonts_spacing_at_small_sizes(size):
    pygame.font.init()
    reference_font = pygame.font.Font(None, size * 4)  # pygame's own, untouched
    for word in WORDS:
        drawn = font(size).render(word, True, (255, 255, 255))
        big = reference_font.render(word, True, (255, 255, 255))
        reference = pygame.transform.smoothscale(big, (round(big.get_width() / 4), round(big.get_height() / 4)))
        assert widest_blank(drawn) <= widest_blank(reference) + 1, (word, size)
