"""The ten piece sets: every set, side, king and mood draws inside its bounds; the sides differ in lightness;
still faces with animations off; nothing blinks faster than twice a second; no global state touched."""

from __future__ import annotations

import random

import numpy as np
import pygame
import pytest

from tablegames.ui.checkers.pieces import (
    CAPTURE_SECONDS,
    DEFAULT_PIECE_SET,
    LAMP_HZ,
    MOODS,
    PIECE_EXTENT,
    PIECE_SETS,
    draw_captured,
    draw_piece,
    is_blinking,
    lamp_is_lit,
)

BACKDROP = (1, 2, 3)
SIZE = 160
CENTRE = (SIZE / 2, SIZE / 2)
RADIUS = 30
SET_INDICES = range(len(PIECE_SETS))
CREATURE_SETS = [i for i, s in enumerate(PIECE_SETS) if s.kind != "disc"]


def painted(draw) -> np.ndarray:
    """A boolean mask of the pixels `draw(surface)` changed on a plain backdrop."""
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill(BACKDROP)
    draw(surface)
    return np.any(pygame.surfarray.array3d(surface) != np.array(BACKDROP), axis=2)


def ink(draw) -> int:
    """How much `draw(surface)` changed a plain backdrop: the sum of every channel's difference."""
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill(BACKDROP)
    draw(surface)
    return int(np.abs(pygame.surfarray.array3d(surface).astype(int) - np.array(BACKDROP)).sum())


def snapshot(draw) -> bytes:
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill(BACKDROP)
    draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def lightness(surface: pygame.Surface) -> np.ndarray:
    """CIE L* (0 black .. 100 white) of the piece's opaque pixels on a transparent surface."""
    rgb = pygame.surfarray.array3d(surface).astype(float) / 255
    opaque = pygame.surfarray.array_alpha(surface) > 200  # the body, not its translucent shadow or bloom
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    y = linear @ np.array([0.2126, 0.7152, 0.0722])
    f = np.where(y > 0.008856, np.cbrt(y), 7.787 * y + 16 / 116)
    return (116 * f - 16)[opaque]


def test_ten_sets_in_order_with_neo_duck_first_run() -> None:
    names = [s.name for s in PIECE_SETS]
    assert names == ["Classic", "Glossy", "Engraved", "Modern", "Critters", "Monsters", "Snacks", "Space",
                     "Neo Duck", "Neo Glitch"]
    assert DEFAULT_PIECE_SET == 8
    assert all(len(s.side_names) == 2 and s.side_names[0] != s.side_names[1] for s in PIECE_SETS)
    assert [s.board.is_neon for s in PIECE_SETS] == [False] * 8 + [True] * 2
    assert len({(s.board.light, s.board.dark) for s in PIECE_SETS}) == 10  # each set its own board colours


@pytest.mark.parametrize("index", SET_INDICES)
def test_sides_differ_strongly_in_lightness(index: int) -> None:
    """Mean L* of the two men differs by at least 30. L* is perceptually even: one unit is about a
    just-noticeable difference, and 30 is the gap between a mid grey (L* 50) and a light grey (L* 80),
    about WCAG's 3:1 contrast for graphics at mid tones, so the sides stay apart in greyscale."""
    means = []
    for side in (0, 1):
        surface = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
        draw_piece(surface, index, side, False, CENTRE, RADIUS * 1.5, 0.0, animations=False)
        values = lightness(surface)
        assert values.size > 1000
        means.append(values.mean())
    assert means[1] - means[0] >= 30, f"{PIECE_SETS[index].name}: L* {means[0]:.1f} vs {means[1]:.1f}"


@pytest.mark.parametrize("index", SET_INDICES)
def test_every_side_king_and_mood_paints_inside_its_extent(index: int) -> None:
    yy, xx = np.mgrid[0:SIZE, 0:SIZE]
    reach = np.maximum(abs(xx - CENTRE[0]), abs(yy - CENTRE[1])).T  # surfarray is indexed [x, y]
    core = np.hypot(xx - CENTRE[0], yy - CENTRE[1]).T <= RADIUS * 0.5
    limit = RADIUS * PIECE_EXTENT + 2
    for side in (0, 1):
        for is_king in (False, True):
            for mood in MOODS:
                for t in (0.0, 1.37):
                    mask = painted(lambda s, side=side, k=is_king, m=mood, t=t:
                                   draw_piece(s, index, side, k, CENTRE, RADIUS, t, m, look_at=(0, 0)))
                    where = f"{PIECE_SETS[index].name} side {side} king {is_king} {mood} t={t}"
                    assert mask[core].mean() > 0.9, where
                    assert reach[mask].max() <= limit, where


@pytest.mark.parametrize("index", SET_INDICES)
def test_animations_off_gives_the_same_picture_at_any_time(index: int) -> None:
    for side in (0, 1):
        for is_king in (False, True):
            for mood in MOODS:
                frames = {snapshot(lambda s, t=t, look=look, side=side, k=is_king, m=mood:
                                   draw_piece(s, index, side, k, CENTRE, RADIUS, t, m, animations=False, look_at=look))
                          for t, look in ((0.0, None), (0.93, (0, 0)), (2.71, (SIZE, SIZE)), (7.05, None))}
                assert len(frames) == 1, f"{PIECE_SETS[index].name} side {side} king {is_king} {mood}"


@pytest.mark.parametrize("index", CREATURE_SETS)
def test_animations_on_move_creatures_and_gadgets(index: int) -> None:
    """The still-picture test above can fail: with animations on the same piece changes over time."""
    frames = {snapshot(lambda s, t=t: draw_piece(s, index, 0, True, CENTRE, RADIUS, t)) for t in (0.0, 0.4, 0.8, 1.2)}
    assert len(frames) > 1


def test_eyes_follow_the_pointer() -> None:
    index = 4  # critters
    left = snapshot(lambda s: draw_piece(s, index, 1, False, CENTRE, RADIUS, 0.5, look_at=(0, CENTRE[1])))
    right = snapshot(lambda s: draw_piece(s, index, 1, False, CENTRE, RADIUS, 0.5, look_at=(SIZE, CENTRE[1])))
    assert left != right


def test_squash_stretches_the_picture_unless_motion_is_reduced() -> None:
    def extent(mask: np.ndarray) -> tuple[int, int]:
        xs, ys = np.nonzero(mask)
        return xs.max() - xs.min(), ys.max() - ys.min()

    index = 0
    plain = painted(lambda s: draw_piece(s, index, 0, False, CENTRE, RADIUS, 0.0))
    squashed = painted(lambda s: draw_piece(s, index, 0, False, CENTRE, RADIUS, 0.0, squash=(1.3, 0.7)))
    (w0, h0), (w1, h1) = extent(plain), extent(squashed)
    assert w1 > w0 * 1.15 and h1 < h0 * 0.85
    calm = snapshot(lambda s: draw_piece(s, index, 0, False, CENTRE, RADIUS, 0.0, reduced_motion=True,
                                         squash=(1.3, 0.7)))
    assert calm == snapshot(lambda s: draw_piece(s, index, 0, False, CENTRE, RADIUS, 0.0, reduced_motion=True))


def test_lamps_and_blinks_never_flash_faster_than_twice_a_second() -> None:
    times = np.arange(0, 10, 0.001)
    lamp = np.array([lamp_is_lit(t) for t in times])
    assert np.count_nonzero(lamp[1:] & ~lamp[:-1]) <= 2 * 10  # lamp switching on at most twice a second
    assert LAMP_HZ <= 2
    for phase in (0.0, 0.37, 0.91):
        shut = np.array([is_blinking(t, phase) for t in times])
        assert np.count_nonzero(shut[1:] & ~shut[:-1]) <= 10 / 2  # a blink at most every two seconds


@pytest.mark.parametrize("index", SET_INDICES)
def test_captured_picture_shows_then_fades_away(index: int) -> None:
    for side in (0, 1):
        early = painted(lambda s, side=side: draw_captured(s, index, side, CENTRE, RADIUS, 0.1))
        strong = ink(lambda s, side=side: draw_captured(s, index, side, CENTRE, RADIUS, 0.1))
        faint = ink(lambda s, side=side: draw_captured(s, index, side, CENTRE, RADIUS, CAPTURE_SECONDS * 0.95))
        gone = painted(lambda s, side=side: draw_captured(s, index, side, CENTRE, RADIUS, CAPTURE_SECONDS))
        assert early.sum() > RADIUS * RADIUS
        assert not gone.any()
        assert faint < strong * 0.3


@pytest.mark.parametrize("index", [8, 9])
def test_captured_gadget_shows_a_blue_screen(index: int) -> None:
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill(BACKDROP)
    draw_captured(surface, index, 0, CENTRE, RADIUS, 0.1)
    pixels = pygame.surfarray.array3d(surface)[int(CENTRE[0]) - 10:int(CENTRE[0]) + 10,
                                               int(CENTRE[1]) - 10:int(CENTRE[1]) + 10].reshape(-1, 3)
    blue = (pixels[:, 2] > 150) & (pixels[:, 0] < 80)
    assert blue.mean() > 0.5


def test_drawing_touches_no_global_state() -> None:
    random.seed(5)
    np.random.seed(5)
    python_state, numpy_state = random.getstate(), np.random.get_state()
    surface = pygame.Surface((SIZE, SIZE))
    clip = pygame.Rect(10, 10, 120, 120)
    surface.set_clip(clip)
    for index in SET_INDICES:
        for mood in MOODS:
            draw_piece(surface, index, 1, True, CENTRE, RADIUS, 3.3, mood, squash=(1.2, 0.8))
        draw_captured(surface, index, 0, CENTRE, RADIUS, 0.3)
    assert surface.get_clip() == clip
    assert surface.get_alpha() is None and surface.get_colorkey() is None
    assert random.getstate() == python_state
    assert all(np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b
               for a, b in zip(np.random.get_state(), numpy_state, strict=True))
    # the cached sprites are not altered by drawing: the same call twice gives the same picture
    first = snapshot(lambda s: draw_piece(s, 9, 1, True, CENTRE, RADIUS, 0.0, "dizzy"))
    draw_captured(pygame.Surface((SIZE, SIZE)), 9, 1, CENTRE, RADIUS, 0.8)
    assert snapshot(lambda s: draw_piece(s, 9, 1, True, CENTRE, RADIUS, 0.0, "dizzy")) == first


@pytest.mark.parametrize(("index", "side", "mood"), [(10, 0, "normal"), (-1, 0, "normal"), (0, 2, "normal"),
                                                     (0, 0, "grumpy")])
def test_bad_arguments_are_rejected(index: int, side: int, mood: str) -> None:
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill(BACKDROP)
    before = pygame.image.tobytes(surface, "RGB")
    with pytest.raises(ValueError):
        draw_piece(surface, index, side, False, CENTRE, RADIUS, 0.0, mood)
    assert pygame.image.tobytes(surface, "RGB") == before


@pytest.mark.parametrize("index", CREATURE_SETS)
def test_a_given_phase_keeps_the_rhythm_wherever_the_piece_is(index: int) -> None:
    """Mid-move a piece keeps its own rhythm: the same phase draws the same picture, only moved."""
    def crop(x: float) -> bytes:
        surface = pygame.Surface((SIZE * 2, SIZE))
        surface.fill(BACKDROP)
        draw_piece(surface, index, 0, False, (x, CENTRE[1]), RADIUS, 2.2, phase=0.3)
        return pygame.image.tobytes(surface.subsurface((x - SIZE / 2, 0, SIZE, SIZE)), "RGB")

    assert crop(CENTRE[0]) == crop(CENTRE[0] + 77)


def test_reduced_motion_stops_shaking_and_hopping() -> None:
    """A plain disc only moves with its mood: shaken jitters and cheering hops, unless motion is reduced."""
    def frames(mood: str, **options) -> set[bytes]:
        return {snapshot(lambda s, t=t: draw_piece(s, 0, 0, False, CENTRE, RADIUS, t, mood, **options))
                for t in (0.1, 0.23, 0.37)}

    for mood in ("shaken", "cheering"):
        assert len(frames(mood)) > 1
        assert len(frames(mood, reduced_motion=True)) == 1
