"""Every scene looks as its golden screenshot does (tests/ui/golden/, half size, with a tolerance).

A change that moves the picture on purpose: `make golden`, then look at the pictures in the commit's diff."""

import pygame
import pytest

from tablegames.tables import load_all_scenes
from tablegames.ui.golden import compare, golden_path, render_small
from tablegames.ui.scene import SCENES

load_all_scenes()
NAMES = sorted(SCENES)


@pytest.mark.parametrize("scene", NAMES)
def test_the_scene_looks_as_its_golden_screenshot(scene):
    path = golden_path(scene)
    assert path.exists(), f"no golden screenshot for {scene}: run make golden"
    difference = compare(render_small(scene), pygame.image.load(str(path)))
    assert difference.within_tolerance, f"{scene}: {difference} (make golden redraws it after a wanted change)"


def test_the_comparison_sees_a_broken_layout():
    """The tolerance lets a few pixels move, not a panel: the lobby shifted by 12 px fails."""
    picture = render_small("lobby")
    shifted = pygame.Surface(picture.get_size())
    shifted.blit(picture, (12, 0))
    assert compare(picture, picture).within_tolerance
    assert not compare(shifted, picture).within_tolerance
