"""The advisor panel: the exact best move, win/push/lose as a bar, "playing for the push", the next-best moves.

Used by the table and by the photo reader; it only draws what `tablegames.piddle.solver.advise` answered.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tablegames.piddle.hands import describe_hand
from tablegames.piddle.solver import Advice, Move, Objective
from tablegames.ui import draw
from tablegames.ui.theme import ACCENT, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, draw_text, shade
from tablegames.ui.widgets import text_width

WIN_COLOUR = (86, 196, 120)
PUSH_COLOUR = (236, 178, 60)
LOSE_COLOUR = (214, 84, 76)
ADVISED = (110, 230, 150)  # the ring round the dice the advisor keeps
OTHER_MOVES = 4


@dataclass(frozen=True)
class AdvisorView:
    """What the panel shows besides the advice: whose move, the situation lines, the objective."""

    title: str
    situation: tuple[str, ...]
    objective: Objective
    empty_text: str = "Roll to get advice"
    legend: bool = True


def objective_text(objective: Objective) -> str:
    if objective.kind == "lexicographic":
        return "Objective: most wins, then most pushes"
    return f"Objective: dollars, a push worth {objective.push_value:.2f} of a win"


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def move_text(move: Move) -> str:
    return "Stop" if move.is_stop else move.describe().capitalize()


def short_move_text(move: Move) -> str:
    if move.is_stop:
        return "Stop"
    return "Keep " + (" ".join(map(str, move.keep)) if move.keep else "nothing")


def draw_fitted(surface: pygame.Surface, text: str, pos: tuple[float, float], width: int, size: int,
                colour: tuple[int, int, int]) -> None:
    """Text in bold at `size`, smaller until it fits in `width` pixels."""
    while size > 16 and text_width(text, size, True) > width:
        size -= 2
    draw_text(surface, text, pos, size, colour, bold=True)


def draw_outcome_bar(surface: pygame.Surface, rect: pygame.Rect, win: float, push: float, lose: float) -> None:
    """Win, push and lose as three coloured lengths of one bar, with their shares written below."""
    draw.rect(surface, shade(PANEL, 0.7), rect, border_radius=6)
    x = rect.x
    for share, colour in ((win, WIN_COLOUR), (push, PUSH_COLOUR), (lose, LOSE_COLOUR)):
        width = round(rect.width * share)
        if width > 0:
            draw.rect(surface, colour, (x, rect.y, min(width, rect.right - x), rect.height))
        x += width
    draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=6)
    labels = (("win", win, WIN_COLOUR), ("push", push, PUSH_COLOUR), ("lose", lose, LOSE_COLOUR))
    for index, (name, share, colour) in enumerate(labels):
        middle = rect.x + rect.width * (2 * index + 1) / 6
        draw_text(surface, percent(share), (middle, rect.bottom + 6), 28, colour, "midtop", bold=True)
        draw_text(surface, name, (middle, rect.bottom + 30), 21, colour, "midtop")


def draw_advisor(surface: pygame.Surface, rect: pygame.Rect, view: AdvisorView, advice: Advice | None) -> None:
    draw.rect(surface, PANEL, rect, border_radius=16)
    draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=16)
    left, y = rect.x + 20, rect.y + 16
    draw_text(surface, "Advisor", (left, y), 36, ACCENT, bold=True)
    draw_text(surface, "exact", (rect.right - 20, y + 8), 22, TEXT_DIM, "topright")
    y += 40
    draw_text(surface, view.title, (left, y), 26, TEXT)
    y += 30
    for line in view.situation:
        draw_text(surface, line, (left, y), 23, TEXT_DIM)
        y += 24
    y += 10
    if advice is None:
        draw_text(surface, view.empty_text, (rect.centerx, y + 40), 28, TEXT_DIM, "center")
    else:
        y = draw_best(surface, rect, y, advice)
    if view.legend and advice is not None:
        legend_y = rect.bottom - 62
        draw.rect(surface, ADVISED, (left, legend_y - 8, 16, 16), 3, border_radius=4)
        draw_text(surface, "the advisor keeps", (left + 24, legend_y), 21, TEXT_DIM, "midleft")
        draw.rect(surface, ACCENT, (left + 170, legend_y - 8, 16, 16), border_radius=4)
        draw_text(surface, "held", (left + 194, legend_y), 21, TEXT_DIM, "midleft")
    draw_text(surface, objective_text(view.objective), (rect.centerx, rect.bottom - 22), 20, TEXT_DIM, "center")


def draw_best(surface: pygame.Surface, rect: pygame.Rect, y: int, advice: Advice) -> int:
    left = rect.x + 20
    draw_text(surface, f"Hand now: {describe_hand(advice.hand)}", (left, y), 24, TEXT_DIM)
    y += 30
    best = advice.best
    box = pygame.Rect(left - 6, y - 4, rect.width - 28, 64)
    draw.rect(surface, shade(ADVISED, 0.35), box, border_radius=10)
    draw.rect(surface, ADVISED, box, 2, border_radius=10)
    draw_text(surface, "best move", (box.x + 12, box.y + 6), 20, ADVISED)
    draw_fitted(surface, move_text(best), (box.x + 12, box.y + 26), box.width - 24, 30, TEXT)
    y += 76
    draw_outcome_bar(surface, pygame.Rect(left, y, rect.width - 40, 22), best.win, best.push, best.lose)
    y += 84
    if advice.is_playing_for_push:
        tag = pygame.Rect(left - 6, y - 4, rect.width - 28, 34)
        draw.rect(surface, shade(PUSH_COLOUR, 0.4), tag, border_radius=10)
        draw_text(surface, "Playing for the push: no win left", (tag.centerx, tag.centery), 25, PUSH_COLOUR,
                  "center", bold=True)
        y += 42
    others = [move for move in advice.moves if move is not best][:OTHER_MOVES]
    if others:
        draw_text(surface, "Next best", (left, y), 23, TEXT_DIM)
        draw_text(surface, "win / push", (rect.right - 20, y), 20, TEXT_DIM, "topright")
        y += 26
        for move in others:
            draw_text(surface, short_move_text(move), (left, y), 22, TEXT_DIM)
            draw_text(surface, f"{percent(move.win)} / {percent(move.push)}", (rect.right - 20, y), 22, TEXT_DIM,
                      "topright")
            y += 23
    return y
