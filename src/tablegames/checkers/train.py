"""Learning the evaluation's weights by playing: hill climbing against the champion.

Training starts from "count the pieces" (men 100, kings 100, the rest 0). Each round makes a challenger by adding
seeded Gaussian noise to the champion's weights (men stay 100: they are the unit) and plays it against the
champion over a fixed set of three-move-ballot openings, both colours, at a fixed search depth. A challenger
that scores more than `threshold` becomes the champion. Searches are deterministic and the noise comes from
`make_rng(seed, round)`, so the same command writes the same weights file; where a round's games run (this
process, worker processes, a Dask cluster: core/fanout.py) changes the speed only. TD(lambda) learns after
every game from the game before, so it plays its games one after another.

`measure` plays weight sets against each other over openings the training never saw (the report in
docs/checkers-learning.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Required, TypedDict

import numpy as np
import numpy.typing as npt

from tablegames.checkers.engine import BLACK
from tablegames.checkers.evaluate import PIECE_COUNT, weights_to_mapping
from tablegames.checkers.game import CheckersGame
from tablegames.checkers.openings import Opening, choose_openings
from tablegames.checkers.position import Move
from tablegames.checkers.search import search
from tablegames.checkers.search_kernels import FACT_NAMES
from tablegames.checkers.tournament import play_game
from tablegames.core.fanout import Fanout
from tablegames.core.progress import Progress
from tablegames.core.rng import make_rng

# noise per round, by fact: men fixed (the unit), kings and kings-in-the-middle move most
NOISE = np.array([0.0, 12.0, 1.5, 2.0, 2.0, 2.0, 1.5, 4.0])
GAME_PLIES = 160  # a training game still undecided after this many plies counts as a draw
TRAIN_TT_BITS = 14


@dataclass(frozen=True)
class MatchGame:
    red: tuple[float, ...]
    white: tuple[float, ...]
    opening: Opening
    depth: int


def weights_player(weights: Sequence[float], depth: int) -> Callable[[CheckersGame], Move]:
    array = np.asarray(weights, dtype=np.float64)

    def choose(game: CheckersGame) -> Move:
        return search(game.position, array, depth, 1 << 62, history=game.positions[:-1],
                      tt_bits=TRAIN_TT_BITS).move

    return choose


def play_match_game(spec: MatchGame) -> float:
    """Red's points (1 win, 0.5 draw, 0 loss) in one game (top-level, for worker processes)."""
    winner = play_game(weights_player(spec.red, spec.depth), weights_player(spec.white, spec.depth),
                       spec.opening.game(), GAME_PLIES)
    return 0.5 if winner is None else (1.0 if winner == BLACK else 0.0)


def match_games(first: npt.NDArray[np.float64], second: npt.NDArray[np.float64], openings: Sequence[Opening],
                depth: int) -> list[MatchGame]:
    """A match's games: every opening with `first` as Red, then every opening with `second` as Red."""
    a, b = tuple(float(x) for x in first), tuple(float(x) for x in second)
    return [MatchGame(a, b, o, depth) for o in openings] + [MatchGame(b, a, o, depth) for o in openings]


def match_score(points: Sequence[float]) -> float:
    """`first`'s share of the points of a match_games match, from Red's points in each game."""
    half = len(points) // 2
    return (sum(points[:half]) + sum(1.0 - p for p in points[half:])) / len(points)


def score(first: npt.NDArray[np.float64], second: npt.NDArray[np.float64], openings: Sequence[Opening], depth: int,
          fanout: Fanout | None = None, progress: Progress | None = None) -> float:
    """`first`'s share of the points over every opening played twice, colours swapped."""
    points = (fanout or Fanout()).map(play_match_game, match_games(first, second, openings, depth), progress)
    return match_score(points)


# How a run trained, kept in the weights file's "training" notes: the keys every run has, the final weights
# (written once the run ends), then hill climbing's keys, then TD(lambda)'s.
TrainingSettings = TypedDict("TrainingSettings", {
    "method": Required[str], "seed": Required[int], "depth": Required[int], "openings": Required[list[int]],
    "result": dict[str, float],
    "rounds": int, "threshold": float, "accepted_rounds": list[int],
    "games": int, "alpha": float, "lambda": float, "explore": float,
}, total=False)  # fmt: skip


@dataclass
class TrainingRun:
    weights: npt.NDArray[np.float64]
    settings: TrainingSettings
    accepted_rounds: list[int] = field(default_factory=list)


def hill_climb(rounds: int, opening_count: int, depth: int, seed: int, threshold: float = 0.56,
               fanout: Fanout | None = None, start: npt.NDArray[np.float64] | None = None,
               show_progress: bool = True) -> TrainingRun:
    """Hill climbing from `start` (default: piece counting); returns the final champion. Each round's games run
    where `fanout` runs tasks (default: this process)."""
    if rounds < 1 or depth < 1:
        raise ValueError(f"rounds ({rounds}) and depth ({depth}) must be >= 1")
    openings = choose_openings(opening_count, seed)
    champion = (PIECE_COUNT if start is None else start).astype(np.float64).copy()
    run = TrainingRun(champion, settings={
        "method": "hill climbing against the champion", "seed": seed, "rounds": rounds,
        "openings": [o.number for o in openings], "depth": depth, "threshold": threshold,
    })
    with Progress(rounds * 2 * len(openings), "training", shown=show_progress) as progress:
        for round_number in range(rounds):
            noise = make_rng(seed, "checkers", "train", round_number).normal(0.0, 1.0, len(FACT_NAMES)) * NOISE
            challenger = np.round(champion + noise, 2)
            challenger_score = score(challenger, champion, openings, depth, fanout, progress)
            if challenger_score > threshold:
                champion = challenger
                run.accepted_rounds.append(round_number)
            progress.note(f"round {round_number + 1}: challenger {100 * challenger_score:.0f}%, "
                          f"{len(run.accepted_rounds)} accepted")
    run.weights = champion
    run.settings["accepted_rounds"] = run.accepted_rounds
    run.settings["result"] = weights_to_mapping(champion)
    return run


def measure(matches: Sequence[tuple[str, npt.NDArray[np.float64], str, npt.NDArray[np.float64]]],
            opening_count: int, depth: int, seed: int, exclude: frozenset[int] = frozenset(),
            fanout: Fanout | None = None) -> list[tuple[str, str, int, float]]:
    """(first name, second name, games, first's score) for each match over fresh openings (not in `exclude`); the
    games of every match go out at once."""
    openings = choose_openings(opening_count, seed, exclude)
    games = [match_games(a, b, openings, depth) for _, a, _, b in matches]
    points = (fanout or Fanout()).map(play_match_game, [game for match in games for game in match])
    size = 2 * len(openings)
    return [(a_name, b_name, size, match_score(points[i * size:(i + 1) * size]))
            for i, (a_name, _, b_name, _) in enumerate(matches)]


TD_SCALE = 200.0  # an evaluation of 200 (two men) predicts about tanh(1) = 0.76 of a win


def td_lambda(games: int, depth: int, seed: int, alpha: float = 10.0, lam: float = 0.7, explore: float = 0.1,
              start: npt.NDArray[np.float64] | None = None, show_progress: bool = True) -> TrainingRun:
    """TD(lambda) self-play (the idea behind TD-Gammon): the weights play themselves at `depth` (a seeded
    random move `explore` of the time), and after each game every position's prediction tanh(w.f / 200) is
    nudged toward the positions that followed it, the last toward the result. Men stay 100, the unit."""
    if games < 1 or depth < 1:
        raise ValueError(f"games ({games}) and depth ({depth}) must be >= 1")
    from tablegames.checkers.evaluate import facts

    weights = (PIECE_COUNT if start is None else start).astype(np.float64).copy()
    openings = choose_openings(40, seed)
    with Progress(games, "TD(lambda)", shown=show_progress) as progress:
        for game_number in range(games):
            rng = make_rng(seed, "checkers", "td", game_number)
            game = openings[game_number % len(openings)].game()
            red_facts = []  # every position's facts from Red's side
            while game.outcome() is None and len(game.moves) < GAME_PLIES:
                position = game.position
                sign = 1.0 if position.turn == BLACK else -1.0
                red_facts.append(sign * facts(position))
                moves = position.legal_moves()
                if rng.random() < explore:
                    move = moves[int(rng.integers(len(moves)))]
                else:
                    move = search(position, weights, depth, 1 << 62, history=game.positions[:-1],
                                  tt_bits=TRAIN_TT_BITS).move
                game.play(move)
            over = game.outcome()
            result = 0.0 if over is None or over.winner is None else (1.0 if over.winner == BLACK else -1.0)
            trace = np.zeros_like(weights)
            for t, features in enumerate(red_facts):
                value = np.tanh(features @ weights / TD_SCALE)
                following = result if t + 1 == len(red_facts) else np.tanh(red_facts[t + 1] @ weights / TD_SCALE)
                trace = lam * trace + (1.0 - value * value) * features / TD_SCALE
                weights += alpha * (following - value) * trace
                weights[0] = PIECE_COUNT[0]
            progress.advance()
    weights = np.round(weights, 2)
    return TrainingRun(weights, settings={
        "method": "TD(lambda) self-play", "seed": seed, "games": games, "depth": depth, "alpha": alpha,
        "lambda": lam, "explore": explore, "openings": [o.number for o in openings],
        "result": weights_to_mapping(weights),
    })
