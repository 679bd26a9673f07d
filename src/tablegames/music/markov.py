"""Markov chains that learn melodic and harmonic habits from a small corpus written for the project.

Melodies and progressions are written in scale degrees (0 = tonic, 7 = the tonic an octave up, -1 the leading
note below), so whatever the chain invents stays in the scale of any style. The chain counts "after this degree,
which came next?" and walks that table with a seeded generator; a degree it never saw leads back to the tonic.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

# Ten short melodies: mostly steps and thirds, phrases that come home to the tonic.
SEED_MELODIES: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 0, 2, 3, 4, 2, 1, 0),
    (4, 4, 5, 4, 2, 0, 1, 2, 1, 0),
    (0, 2, 4, 2, 3, 1, -1, 0),
    (7, 6, 5, 4, 5, 4, 2, 0),
    (2, 1, 0, 1, 2, 2, 2, 1, 1, 2, 4, 4),
    (0, 4, 3, 2, 1, 2, 0, -1, 0),
    (4, 2, 4, 5, 4, 2, 1, 0),
    (0, 0, 2, 4, 7, 6, 4, 2, 0),
    (2, 3, 4, 4, 3, 2, 1, 0, 1, 2, 0),
    (-3, -1, 0, 2, 1, 0, -1, 0),
)

# Nine chord progressions, chord roots as scale degrees (0 = I, 3 = IV, 4 = V, 5 = vi, 6 = VII).
SEED_PROGRESSIONS: tuple[tuple[int, ...], ...] = (
    (0, 5, 3, 4),
    (0, 3, 4, 0),
    (0, 4, 5, 3),
    (0, 5, 1, 4),
    (5, 3, 0, 4),
    (0, 3, 0, 4),
    (0, 6, 5, 6),
    (0, 3, 6, 2),
    (1, 4, 0, 0),
)

TONIC = 0
MOTIF_LENGTH = 4
PROGRESSION_LENGTH = 4
MOTIF_RANGE = (-3, 9)  # degrees the motif may use: a sixth below the tonic to a tenth above


class MarkovChain:
    """A first-order chain over integer states, trained by counting transitions."""

    def __init__(self) -> None:
        self.transitions: dict[int, Counter[int]] = {}
        self.starts: Counter[int] = Counter()

    def train(self, sequences: tuple[tuple[int, ...], ...]) -> MarkovChain:
        for sequence in sequences:
            if not sequence:
                continue
            self.starts[sequence[0]] += 1
            for before, after in zip(sequence, sequence[1:], strict=False):
                self.transitions.setdefault(before, Counter())[after] += 1
        return self

    def _draw(self, counts: Counter[int], rng: np.random.Generator, allowed: range | None) -> int:
        # Sorted states and integer weights: the same generator state picks the same state on every run.
        states = sorted(s for s in counts if allowed is None or s in allowed)
        if not states:
            return TONIC
        weights = np.array([counts[s] for s in states], dtype=float)
        return states[int(rng.choice(len(states), p=weights / weights.sum()))]

    def first_state(self, rng: np.random.Generator, allowed: range | None = None) -> int:
        return self._draw(self.starts, rng, allowed)

    def next_state(self, state: int, rng: np.random.Generator, allowed: range | None = None) -> int:
        """A state that followed `state` in training, drawn by how often; the tonic if `state` was never seen."""
        return self._draw(self.transitions.get(state, Counter()), rng, allowed)

    def walk(self, length: int, rng: np.random.Generator, allowed: range | None = None) -> list[int]:
        states = [self.first_state(rng, allowed)]
        while len(states) < length:
            states.append(self.next_state(states[-1], rng, allowed))
        return states


def train_melody_chain() -> MarkovChain:
    return MarkovChain().train(SEED_MELODIES)


def train_harmony_chain() -> MarkovChain:
    return MarkovChain().train(SEED_PROGRESSIONS)


MOTIF_DEGREES = range(MOTIF_RANGE[0], MOTIF_RANGE[1] + 1)


def invent_motif(chain: MarkovChain, rng: np.random.Generator) -> list[int]:
    """Four scale degrees with the habits of the seed melodies."""
    return chain.walk(MOTIF_LENGTH, rng, MOTIF_DEGREES)


def invent_progression(chain: MarkovChain, rng: np.random.Generator) -> list[int]:
    """Four chord roots (scale degrees 0-6) starting on the tonic, in the manner of the seed progressions."""
    progression = [TONIC]
    while len(progression) < PROGRESSION_LENGTH:
        progression.append(chain.next_state(progression[-1], rng, range(7)))
    return progression


def vary_motif(motif: list[int], chain: MarkovChain, rng: np.random.Generator) -> list[int]:
    """The motif with one note rewritten: the chain's choice after the note before it (a fresh note if it can)."""
    position = int(rng.integers(len(motif)))
    before = motif[position - 1]  # the first note follows the last one, as the motif repeats bar after bar
    replacement = motif[position]
    for _ in range(4):
        replacement = chain.next_state(before, rng, MOTIF_DEGREES)
        if replacement != motif[position]:
            break
    varied = list(motif)
    varied[position] = replacement
    return varied
