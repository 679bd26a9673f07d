"""Fast Track: the marble race played with cards (rules core, no pygame)."""

from tablegames.core.gamestate import register_game

from .game import FastTrackGame, Partnership, Phase, new_game

register_game("fasttrack", new_game)

__all__ = ["FastTrackGame", "Partnership", "Phase"]
