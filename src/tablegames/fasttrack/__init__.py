"""Fast Track: the marble race played with cards (rules core, no pygame)."""

from tablegames.core.gamestate import register_game

from .game import FastTrackGame, Partnership, Phase

register_game("fasttrack", lambda seed: FastTrackGame(seed=seed))  # cards off each seat's seeded deck
register_game("fasttrack-chance", lambda seed: FastTrackGame(seed=seed, draws_as_chance=True))  # draws: chance nodes

__all__ = ["FastTrackGame", "Partnership", "Phase"]
