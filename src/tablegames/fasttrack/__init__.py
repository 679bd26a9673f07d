"""Fast Track: the marble race played with cards (rules core, no pygame)."""

from .game import FastTrackGame, Partnership, Phase

__all__ = ["FastTrackGame", "Partnership", "Phase"]
