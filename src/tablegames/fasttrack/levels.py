"""The computer levels measured: each level plays red against three champions on the experiments' deals.

A level is the champion's search with a temperature (strategy.LEVEL_TEMPERATURES): it plays the line end chosen by
softmax(score / temperature), its draws hashed from the game's seed and move (search.py), so its games replay. This
module runs the paired experiment of `experiments.compare` for every level and prints the table of
docs/fasttrack-tuning.md: red's wins, the win share with a 95% (Wilson) interval, and the paired difference from the
champion playing red on the same deals. `mistakes` says what kind of player a level is: how often its line differs
from the champion's and how many points (the champion's own measure) it gives away when it does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tablegames.core.fanout import Fanout
from tablegames.core.progress import Progress

from .experiments import Comparison, compare
from .game import FastTrackGame
from .search import LEVEL_PHASES, compiled_search, plan_turn
from .strategy import CHAMPION, LEVEL_TEMPERATURES, level_strategy

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win share (0..1): it stays inside 0..1 and is sound for shares near 0."""
    if games <= 0:
        return 0.0, 1.0
    share = wins / games
    middle = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, middle - half), min(1.0, middle + half)


def measure_levels(seeds: Sequence[int], fanout: Fanout | None = None,
                   progress: Progress | None = None) -> list[Comparison]:
    """Every level (weakest first) in red's seat against three champions, each paired with the champion in red's
    seat on the same deals (every seed dealt four times, the decks turned a seat); run where `fanout` runs tasks."""
    return [compare(level_strategy(level), seeds, fanout=fanout, progress=progress) for level in LEVEL_TEMPERATURES]


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


@dataclass(frozen=True)
class Mistakes:
    level: str
    decisions: int  # red's searches (a line up to a refill or the turn's end)
    differ: int  # how many chose another line than the champion's (some as good: another order, an equal end)
    given_away: tuple[int, ...]  # for each decision that scored less: the champion's score less the level's, sorted

    def share(self, points: int) -> float:
        """The share of the decisions that gave away more than `points`."""
        return sum(1 for lost in self.given_away if lost > points) / max(1, self.decisions)

    def median(self) -> int:
        return self.given_away[len(self.given_away) // 2] if self.given_away else 0


def mistakes(level: str, seeds: Sequence[int]) -> Mistakes:
    """Red plays `level` against three champions (one game a seed, rotation 0); at each of red's decisions the
    level's line is set beside the champion's line from the same position."""
    strategy = level_strategy(level)
    decisions, differ, given_away = 0, 0, []
    for seed in seeds:
        game = FastTrackGame(seed)
        while not game.is_terminal():
            if game.seat == 0 and game.phase in LEVEL_PHASES:
                chosen, best = compiled_search(game, strategy).best, compiled_search(game, CHAMPION).best
                decisions += 1
                differ += chosen.clicks != best.clicks
                if chosen.score < best.score:
                    given_away.append(best.score - chosen.score)
            for code in plan_turn(game, strategy if game.seat == 0 else CHAMPION):
                game.click(code)
    return Mistakes(level, decisions, differ, tuple(sorted(given_away)))


def mistakes_table(found: Sequence[Mistakes]) -> str:
    """How each level errs, as a markdown table (points: 100 a place in the ranking of squares, 2,500 a step into
    the base; a kept A, joker or J up to 1,500)."""
    lines = ["| level | red's decisions | another line than the champion's | a worse one | points given away "
             "(median of those) | giving away over 1,000 / over 3,000 |",
             "|---|---|---|---|---|---|"]
    for m in found:
        lines.append(f"| {m.level} | {m.decisions} | {100 * m.differ / max(1, m.decisions):.0f}% "
                     f"| {100 * len(m.given_away) / max(1, m.decisions):.0f}% | {m.median():,} "
                     f"| {100 * m.share(1000):.0f}% / {100 * m.share(3000):.0f}% |")
    return "\n".join(lines)
