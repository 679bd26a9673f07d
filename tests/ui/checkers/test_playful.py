"""The playful layer and the opponents: words and lines as data, accessibility switches, flash once, and
every opponent drawn in every mood."""

from __future__ import annotations

import pygame
import pytest

from tablegames.ui.checkers.heads import draw_opponent, head_rect
from tablegames.ui.checkers.opponents import COMMON_LINES, MOODS, OPPONENTS, TECH_LINES, lines_for
from tablegames.ui.checkers.playful import CHAIN_WORDS, FLASH_SECONDS, Effects


def test_ten_opponents_with_their_own_hats_and_a_line_for_every_mood():
    assert len(OPPONENTS) == 10
    assert len({o.hat for o in OPPONENTS}) == 10
    assert set(COMMON_LINES) == set(MOODS) == set(TECH_LINES)
    for index in range(10):
        for mood in MOODS:
            assert lines_for(index, mood, False) and lines_for(index, mood, True)


def test_neon_sets_take_about_half_their_lines_from_tech_support():
    for index in range(10):
        for mood in MOODS:
            lines = lines_for(index, mood, True)
            tech = sum(line in TECH_LINES[mood] for line in lines)
            assert 0.3 <= tech / len(lines) <= 0.7


@pytest.mark.parametrize("index", range(10))
def test_every_face_draws_in_every_mood(index):
    surface = pygame.Surface((300, 300))
    for mood in MOODS:
        for thinking in (False, True):
            rect = draw_opponent(surface, index, (150, 170), 50, 1.3, mood, (0, 0), thinking, neon=index % 2 == 0)
            assert rect.collidepoint((150, 170)) and rect == head_rect((150, 170), 50)


def test_animations_off_adds_no_effect():
    effects = Effects(animations=False)
    effects.poof((100, 100), 30)
    effects.chain(3, (100, 100))
    effects.confetti(pygame.Rect(0, 0, 100, 100))
    effects.flash()
    effects.trophy()
    assert not effects.is_busy and effects.trophy_age is None


def test_reduced_motion_keeps_words_drops_particles_shake_and_flash():
    effects = Effects(reduced_motion=True)
    effects.chain(3, (100, 100))
    effects.flash()
    effects.wind(pygame.Rect(0, 0, 100, 100))
    assert effects.words and not effects.particles and effects.shake_left == 0 and effects.flash_left == 0


def test_screen_shake_switches_off_alone():
    effects = Effects(screen_shake=False)
    effects.chain(2, (100, 100))
    assert effects.particles and effects.shake_left == 0 and effects.shake_offset(1.0) == (0, 0)


def test_the_lightning_flash_lasts_a_quarter_second_once():
    effects = Effects()
    effects.flash()
    lit = 0
    for _ in range(120):
        effects.update(1 / 60)
        lit += effects.flash_left > 0
    assert abs(lit - FLASH_SECONDS * 60) <= 1 and effects.flash_left == 0


def test_the_chain_grows():
    effects = Effects()
    effects.chain(2, (0, 0))
    small = (effects.shake_strength, len(effects.particles))
    effects.clear()
    effects.chain(4, (0, 0))
    assert effects.shake_strength > small[0] and len(effects.particles) > small[1]
    assert CHAIN_WORDS[2] == "Double!" and CHAIN_WORDS[3] == "Triple!" and CHAIN_WORDS[4] == "Ka-boom!"


def test_effects_are_drawn_and_fade():
    effects = Effects()
    effects.poof((50, 50), 20)
    effects.confetti(pygame.Rect(0, 0, 200, 100))
    effects.flash()
    surface = pygame.Surface((200, 200))
    effects.draw(surface)
    for _ in range(300):
        effects.update(1 / 60)
    assert not effects.is_busy
