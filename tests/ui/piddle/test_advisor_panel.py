"""The advisor panel draws what the solver answered: the outcome bar's lengths, "playing for the push" exactly
when no win is left, the results of a settled round."""

import pygame

from tablegames.piddle.solver import Objective, advise
from tablegames.ui.piddle import positions
from tablegames.ui.piddle.advisor import (
    LOSE_COLOUR,
    PUSH_COLOUR,
    WIN_COLOUR,
    AdvisorView,
    draw_advisor,
    draw_outcome_bar,
)
from tablegames.ui.piddle.controller import PiddleController, make_table
from tablegames.ui.piddle.drawing import ADVISOR_RECT, draw_results

PANEL = pygame.Rect(0, 0, 320, 640)


def colour_count(surface: pygame.Surface, colour, rect: pygame.Rect | None = None) -> int:
    rect = rect or surface.get_rect()
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom, 2)
               if tuple(surface.get_at((x, y)))[:3] == colour)


def test_the_bar_is_split_in_the_advice_proportions():
    surface = pygame.Surface((400, 80))
    bar = pygame.Rect(0, 10, 300, 20)
    draw_outcome_bar(surface, bar, 0.5, 0.2, 0.3)
    row = pygame.Rect(3, 20, 294, 1)
    counts = [colour_count(surface, c, row) for c in (WIN_COLOUR, PUSH_COLOUR, LOSE_COLOUR)]
    assert abs(counts[0] - 150) <= 4 and abs(counts[1] - 60) <= 2 and abs(counts[2] - 90) <= 4


def test_playing_for_the_push_is_shown_only_when_no_win_is_left():
    view = AdvisorView("Your move", ("To beat: six 6s",), Objective())
    hopeless = advise((6, 6, 6, 6, 6, 2), 1, beat=(6, 6), after=0)  # six 6s cannot be beaten, only tied
    assert hopeless.is_playing_for_push and hopeless.keep == (6, 6, 6, 6, 6)
    hopeful = advise((6, 6, 6, 6, 6, 2), 1, beat=(5, 6), after=0)
    assert not hopeful.is_playing_for_push
    tag_area = pygame.Rect(PANEL.x + 20, 300, PANEL.width - 40, 120)
    shown = []
    for advice in (hopeless, hopeful):
        surface = pygame.Surface(PANEL.size)
        draw_advisor(surface, PANEL, view, advice)
        shown.append(colour_count(surface, PUSH_COLOUR, tag_area))
    assert shown[0] > 200 and shown[1] < shown[0] / 4


def test_a_settled_round_shows_every_hand():
    controller = PiddleController(make_table(4, 3, False, Objective()))
    positions.play_until(controller, lambda c: c.is_settled and not c.is_busy())
    surface = pygame.Surface((1280, 800))
    draw_results(surface, ADVISOR_RECT, controller)
    winner_colour = PUSH_COLOUR if controller.table.results[-1].is_push else WIN_COLOUR
    assert colour_count(surface, winner_colour, ADVISOR_RECT) > 50
