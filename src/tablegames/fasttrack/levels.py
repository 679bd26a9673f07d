"""The computer levels measured: each level plays red against three champions on the experiments' deals.

A level is the champion's search with a temperature (strategy.LEVEL_TEMPERATURES): it plays the line end chosen by
softmax(score / temperature), its draws hashed from the game's seed and move (search.py), so its games replay. This
module runs the paired experiment of `experiments.compare` for every level and prints the table of
docs/fasttrack-tuning.md: red's wins, the win share with a 95% (Wilson) interval, and the paired difference from the
champion playing red on the same deals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .experiments import Comparison, compare
from .strategy import LEVELS, level_strategy

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win share (0..1): it stays inside 0..1 and is sound for shares near 0."""
    if games <= 0:
        return 0.0, 1.0
    share = wins / games
    middle = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, middle - half), min(1.0, middle + half)


def measure_levels(seeds: Sequence[int], workers: int = 1,
                   progress: Callable[[int, int], None] | None = None) -> list[Comparison]:
    """Every level (weakest first) in red's seat against three champions, each paired with the champion in red's
    seat on the same deals (every seed dealt four times, the decks turned a seat)."""
    return [compare(level_strategy(level), seeds, workers=workers, progress=progress) for level in LEVELS]


def levels_table(results: Sequence[Comparison]) -> str:
    """The results as a markdown table: wins, share with its 95% interval, paired difference from the champion."""
    lines = ["| level | red's wins | win share (95% interval) | against the champion on the same deals |",
             "|---|---|---|---|"]
    for result in results:
        low, high = wilson_interval(result.red_wins, result.games)
        share = f"{100 * result.red_wins / result.games:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"
        if result.strategy == "champion":
            paired = "(the champion itself)"
        else:
            paired = (f"{100 * result.difference:+.1f} points, standard error {100 * result.standard_error:.1f} "
                      f"(95%: {100 * (result.difference - Z95 * result.standard_error):+.1f} to "
                      f"{100 * (result.difference + Z95 * result.standard_error):+.1f})")
        lines.append(f"| {result.strategy} | {result.red_wins} of {result.games} | {share} | {paired} |")
    return "\n".join(lines)
