"""Drawing at the window's real pixel size: the canvas speaks logical units, shapes and text land where the design
puts them at any scale, text is rendered at its real size (crisp, not a picture scaled up), no bars."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from tablegames.tables import load_all_scenes
from tablegames.ui import draw
from tablegames.ui.app import letterbox, to_logical
from tablegames.ui.canvas import Canvas, drawing_at, layer, window_canvas
from tablegames.ui.screenshot import render_scene
from tablegames.ui.theme import BACKGROUND, BACKGROUND_GLOW, LOGICAL_SIZE, draw_text


def rgb(surface: pygame.Surface) -> np.ndarray:
    """The pixels as an (x, y, rgb) array (surfarray asks a canvas for its logical size)."""
    width, height = pygame.Surface.get_size(surface)
    return np.frombuffer(pygame.image.tobytes(surface, "RGB"), np.uint8).reshape(height, width, 3).transpose(1, 0, 2)


def pixels_drawn(surface: pygame.Surface) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the pixels not black."""
    lit = np.argwhere(rgb(surface).sum(axis=2) > 0)
    return (int(lit[:, 0].min()), int(lit[:, 1].min()), int(lit[:, 0].max()) + 1, int(lit[:, 1].max()) + 1)


@pytest.mark.parametrize("scale", [0.625, 1.5, 2.0])
def test_shapes_land_where_the_design_puts_them_at_any_scale(scale):
    canvas = Canvas((round(400 * scale), round(300 * scale)), scale, logical_size=(400, 300))
    assert canvas.get_size() == (400, 300) and canvas.get_rect().size == (400, 300)
    draw.rect(canvas, (255, 0, 0), (40, 20, 100, 60))
    assert pixels_drawn(canvas) == (round(40 * scale), round(20 * scale), round(140 * scale), round(80 * scale))
    canvas.fill((0, 0, 0))
    draw.circle(canvas, (255, 255, 255), (200, 150), 50)
    left, top, right, bottom = pixels_drawn(canvas)
    assert abs((right - left) - 100 * scale) <= 2 and abs((left + right) / 2 - 200 * scale) <= 1.5


def test_on_a_plain_surface_the_shapes_are_pygames_own():
    ours, theirs = pygame.Surface((120, 90)), pygame.Surface((120, 90))
    for surface, module in ((ours, draw), (theirs, pygame.draw)):
        module.rect(surface, (200, 10, 10), (5.5, 7.2, 40.7, 30.1), 3, border_radius=6)
        module.circle(surface, (10, 200, 10), (60.4, 45.6), 20.3, 2)
        module.polygon(surface, (10, 10, 200), [(70, 10), (110, 30), (90, 80)])
        module.line(surface, (250, 250, 0), (0, 89), (119, 0), 3)
        module.ellipse(surface, (0, 250, 250), (10, 50, 50, 30), 1)
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(theirs, "RGB")


def test_a_canvas_offset_centres_the_design_and_blits_and_clips_in_logical_units():
    canvas = window_canvas((1920, 1080))  # 16:9 around the 16:10 design: margins left and right
    assert canvas.scale == pytest.approx(1.35) and canvas.get_size() == LOGICAL_SIZE
    assert canvas.offset[0] > 0 and canvas.offset[1] == pytest.approx(0)
    assert canvas.to_pixels((0, 0))[0] == pytest.approx((1920 - 1280 * 1.35) / 2)
    canvas.set_clip(pygame.Rect(100, 100, 200, 100))
    assert canvas.get_clip() == pygame.Rect(100, 100, 200, 100)
    canvas.set_clip(None)
    sprite = layer((50, 40), scale=canvas.scale)
    assert sprite.get_size() == (50, 40) and pygame.Surface.get_size(sprite) == (68, 54)
    sprite.fill((255, 255, 255))
    assert canvas.blit(sprite, (10, 10)).topleft == (10, 10)


def test_mouse_positions_map_back_to_the_units_the_canvas_drew_in():
    size = (1920, 1080)
    canvas, view = window_canvas(size), letterbox(size)
    for point in [(0, 0), (640, 400), (1279, 799), (300.5, 77.25)]:
        x, y = canvas.to_pixels(point)
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
        assert to_logical(event, view).pos == pytest.approx(point, abs=0.6)


def test_text_is_rendered_at_its_real_size_not_scaled():
    """The text's glyphs at scale 1.5 are as tall as the font 1.5 times the size draws them, placed by logical
    units."""
    small, large = pygame.Surface((300, 100)), Canvas((450, 150), 1.5)
    with drawing_at(1.0):
        rect_small = draw_text(small, "Hello", (10, 10), 40)
    with drawing_at(1.5):
        rect_large = draw_text(large, "Hello", (10, 10), 40)
    assert rect_large.topleft == (10, 10) and abs(rect_large.width - rect_small.width) <= 2
    top_small, bottom_small = pixels_drawn(small)[1], pixels_drawn(small)[3]
    top_large, bottom_large = pixels_drawn(large)[1], pixels_drawn(large)[3]
    assert abs((bottom_large - top_large) - 1.5 * (bottom_small - top_small)) <= 2


def edge_energy(surface: pygame.Surface, area: pygame.Rect) -> float:
    """Mean squared difference between neighbouring pixels: what a soft (scaled-up) picture lacks (a blur keeps the
    sum of the absolute steps across an edge but spreads it over more pixels, lowering the sum of their squares)."""
    grey = rgb(surface)[area.left:area.right, area.top:area.bottom].astype(float).mean(axis=2)
    return float((np.diff(grey, axis=0) ** 2).mean() + (np.diff(grey, axis=1) ** 2).mean())


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440)])
def test_the_lobby_at_a_large_window_is_drawn_sharp_and_without_bars(size):
    load_all_scenes()
    drawn = render_scene("lobby", size=size)
    scaled = pygame.transform.smoothscale(render_scene("lobby"), (round(1280 * size[1] / 800), size[1]))
    picture = pygame.Surface(size)
    picture.blit(scaled, ((size[0] - scaled.get_width()) // 2, 0))  # the old way: 1280x800 scaled up
    title = pygame.Rect(0, 0, size[0] // 3, size[1] // 9)
    title.center = (size[0] // 2, round(70 * size[1] / 800))
    assert edge_energy(drawn, title) > 1.3 * edge_energy(picture, title)
    pixels = rgb(drawn)
    edges = np.concatenate([pixels[0], pixels[-1], pixels[:, 0], pixels[:, -1]])
    darkest = np.minimum(BACKGROUND, BACKGROUND_GLOW)
    assert (edges >= darkest - 2).all(), "a black bar at the window's edge"
