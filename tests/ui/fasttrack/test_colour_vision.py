"""Every seat's marbles stay apart for red-green colour-blind players: by colour under a simulation (Machado 2009,
see tests/colour_vision.py) and by a symbol of their own, drawn on every marble."""

import pygame
import pytest

from colour_vision import DISTINCT, delta_e, too_close
from tablegames.fasttrack.board import COLOURS
from tablegames.fasttrack.view import COLOUR_RGB, COLOUR_SYMBOLS, SYMBOL_OF
from tablegames.ui.fasttrack.drawing import draw_marble_ball, luminance, symbol_ink


def test_the_simulation_loses_what_red_green_blindness_loses():
    """The check of the check: a red and a green that differ plainly fall together without red (protanopia) or green
    (deuteranopia) cones; blue and yellow stay apart."""
    red = (200, 60, 40)
    assert delta_e(red, (70, 100, 40), "normal") > 70 and delta_e(red, (70, 100, 40), "protanopia") < 5
    assert delta_e(red, (90, 130, 40), "normal") > 70 and delta_e(red, (90, 130, 40), "deuteranopia") < 10
    assert delta_e((40, 60, 220), (230, 200, 40), "deuteranopia") > 60


@pytest.mark.parametrize("players", [4, 6])
def test_every_pair_of_seats_differs_in_colour_for_protanopia_and_deuteranopia(players):
    assert too_close(COLOUR_RGB[:players], COLOURS[:players]) == [], f"closer than Delta E {DISTINCT}"


def test_every_seat_has_its_own_symbol():
    assert len(COLOUR_SYMBOLS) == len(COLOUR_RGB) == len(set(COLOUR_SYMBOLS))
    assert set(SYMBOL_OF) == set(COLOUR_RGB)


def marble_picture(colour) -> set[tuple[int, int]]:
    """Where the symbol's ink lies on a marble of `colour` drawn 40 px wide."""
    surface = pygame.Surface((48, 48))
    surface.fill((0, 0, 0))
    draw_marble_ball(surface, (24, 24), 20, colour)
    ink = symbol_ink(colour)
    return {(x, y) for x in range(48) for y in range(48) if tuple(surface.get_at((x, y)))[:3] == ink}


def test_the_symbols_drawn_differ_in_shape_and_stand_out_from_their_marble():
    shapes = [marble_picture(colour) for colour in COLOUR_RGB]
    for shape, colour in zip(shapes, COLOUR_RGB, strict=True):
        assert len(shape) > 60, f"{SYMBOL_OF[colour]}: too little drawn"
        ink = symbol_ink(colour)
        lighter, darker = sorted((luminance(ink), luminance(colour)), reverse=True)
        assert (lighter + 0.05) / (darker + 0.05) >= 3.0, f"{SYMBOL_OF[colour]}: below WCAG's 3:1 for graphics"
    for i, a in enumerate(shapes):
        for b in shapes[i + 1:]:
            overlap = len(a & b) / len(a | b)
            assert overlap < 0.75, "two symbols look alike"
