"""Fast Track: the marble race played with cards (rules core, no pygame)."""

from tablegames.core.gamestate import register_game

from .game import FastTrackGame, Partnership, Phase

register_game("fasttrack", lambda seed: FastTrackGame(seed=seed))

__all__ = ["FastTrackGame", "Partnership", "Phase"]
