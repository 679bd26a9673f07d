"""Seeded positions for the screenshots, each reached by playing: the computers' plans in every seat.

Nothing here is drawn by hand: a position is a seed and the clicks the computers chose from it. A finder that
needs a particular moment (a capture, a split seven in red's hand) tries the seeds from the one given, in order.
"""

from __future__ import annotations

from collections.abc import Callable

from tablegames.fasttrack.cards import SEVEN
from tablegames.fasttrack.game import CARD_ACTION, FastTrackGame, Phase
from tablegames.fasttrack.rules import SPLIT_START
from tablegames.ui.fasttrack.computer import computer_plan
from tablegames.ui.fasttrack.controller import HUMAN_SEAT, make_game

MAX_CLICKS = 6000  # a game of first-legal players takes about a thousand
SEEDS_TO_TRY = 60


def play_until(game: FastTrackGame, stop: Callable[[FastTrackGame], bool],
               planner: Callable[[FastTrackGame], list[int]] = computer_plan) -> bool:
    """Let the computers play every seat, one click at a time, until `stop(game)` (checked before every click)."""
    for _ in range(MAX_CLICKS):
        if stop(game):
            return True
        if game.is_terminal():
            return False
        for code in planner(game):
            if stop(game):
                return True
            game.click(code)
    return stop(game)


def is_persons_card_choice(game: FastTrackGame) -> bool:
    return game.seat == HUMAN_SEAT and game.phase == Phase.NEED_CARD and not game.is_terminal()


def midgame(seed: int) -> FastTrackGame:
    """Red to choose a card after 100 clicks of play (a champions' game lasts about 250)."""
    game = make_game(seed)
    play_until(game, lambda g: len(g.actions) >= 100 and is_persons_card_choice(g))
    return game


def finished(seed: int) -> FastTrackGame:
    game = make_game(seed)
    play_until(game, FastTrackGame.is_terminal)
    return game


def before_capture(seed: int) -> tuple[FastTrackGame, int]:
    """A game one click before a computer's capture, and that click."""
    moments: list[tuple[FastTrackGame, int]] = []

    def captures_next(g: FastTrackGame) -> bool:
        if len(g.actions) < 120 or g.seat == HUMAN_SEAT:
            return False
        for code in computer_plan(g)[:1]:
            trial = g.clone()
            trial.click(code)
            if trial.last_capture is not None:
                moments.append((g.clone(), code))
                return True
        return False

    for trial_seed in range(seed, seed + SEEDS_TO_TRY):
        if play_until(make_game(trial_seed), captures_next):
            return moments[-1]
    raise ValueError(f"no capture found in seeds {seed}..{seed + SEEDS_TO_TRY - 1}")


def first_half_of_split(seed: int) -> FastTrackGame:
    """Red has played the first half of a split seven and must finish it with another piece."""
    for trial_seed in range(seed, seed + SEEDS_TO_TRY):
        game = make_game(trial_seed)

        def can_split(g: FastTrackGame) -> bool:
            return is_persons_card_choice(g) and any(m.kind == SPLIT_START for m in g.offer)

        if play_until(game, can_split):
            move = next(m for m in game.offer if m.kind == SPLIT_START)
            for code in (CARD_ACTION + SEVEN, move.start, move.end):
                game.click(code)
            return game
    raise ValueError(f"no split seven for red in seeds {seed}..{seed + SEEDS_TO_TRY - 1}")
