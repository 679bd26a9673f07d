"""Level against level: does a higher level really play better?

Each pair (N, M) plays every chosen opening of the three-move ballot twice, N as Red (the first player, PDN
"Black") and then as White, with every draw rule of CheckersGame and a 300-ply cap (a draw). The levels play
without clocks and with their node budgets scaled (`node_scale`, levels 9 and 10 only), so a table is exactly
reproducible and cheap enough to run. Each game is seeded from its own settings (GameSpec.seed), so where the
games run (this process, worker processes, a Dask cluster: core/fanout.py) changes the speed, never the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.game import CheckersGame
from tablegames.checkers.levels import level_info, play_move
from tablegames.checkers.openings import Opening, choose_openings
from tablegames.checkers.position import Move
from tablegames.core.fanout import Fanout
from tablegames.core.progress import Progress

MAX_PLIES = 300
DEFAULT_PAIRS = tuple((n, n - 1) for n in range(2, 11)) + ((10, 8),)
Player = Callable[[CheckersGame], Move]


def play_game(red: Player, white: Player, game: CheckersGame, max_plies: int = MAX_PLIES) -> int | None:
    """Play `game` to its end (or max_plies in all, a draw); returns the winning side (BLACK is Red) or None."""
    while game.outcome() is None and len(game.moves) < max_plies:
        player = red if game.position.turn == BLACK else white
        game.play(player(game))
    over = game.outcome()
    return None if over is None else over.winner


@dataclass(frozen=True)
class GameSpec:
    red_level: int
    white_level: int
    opening: Opening
    seed: int
    node_scale: float


def level_player(level: int, seed: int, node_scale: float) -> Player:
    info = level_info(level)

    def choose(game: CheckersGame) -> Move:
        return play_move(game.position, info, seed, history=game.positions[:-1], node_scale=node_scale,
                         use_clock=False)

    return choose


def warm_kernels() -> None:
    """In a worker, before its first game: compile or load the move generator and the search kernels."""
    import numpy as np

    from tablegames.checkers import engine
    from tablegames.checkers.evaluate import HAND_TUNED
    from tablegames.checkers.search import search

    engine.warmup()
    search(CheckersGame().position, np.asarray(HAND_TUNED, dtype=np.float64), 2, 1 << 62, tt_bits=10)


def play_level_game(spec: GameSpec) -> int | None:
    """One tournament game (a top-level function, so worker processes can run it)."""
    game = spec.opening.game()
    return play_game(level_player(spec.red_level, spec.seed, spec.node_scale),
                     level_player(spec.white_level, spec.seed + 1, spec.node_scale), game)


@dataclass
class PairResult:
    """Level `level` against level `opponent`, from `level`'s side."""

    level: int
    opponent: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    as_red: float = 0.0
    red_games: int = 0
    as_white: float = 0.0
    white_games: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Wins count 1, draws half, as a share of the games."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def add(self, level_is_red: bool, winner: int | None) -> None:
        level_side = BLACK if level_is_red else WHITE
        points = 0.5 if winner is None else (1.0 if winner == level_side else 0.0)
        if winner is None:
            self.draws += 1
        elif winner == level_side:
            self.wins += 1
        else:
            self.losses += 1
        if level_is_red:
            self.as_red += points
            self.red_games += 1
        else:
            self.as_white += points
            self.white_games += 1


def tournament_specs(pairs: Sequence[tuple[int, int]], openings: Sequence[Opening], seed: int,
                     node_scale: float) -> list[GameSpec]:
    specs = []
    for level, opponent in pairs:
        for index, opening in enumerate(openings):
            game_seed = seed * 1_000_003 + 1000 * level + 10 * opponent + 2 * index
            specs.append(GameSpec(level, opponent, opening, game_seed, node_scale))
            specs.append(GameSpec(opponent, level, opening, game_seed, node_scale))
    return specs


def run_tournament(
    pairs: Sequence[tuple[int, int]] = DEFAULT_PAIRS,
    opening_count: int = 10,
    seed: int = 1,
    fanout: Fanout | None = None,
    node_scale: float = 0.05,
    show_progress: bool = True,
) -> list[PairResult]:
    """Every pair plays `opening_count` ballot openings (seeded choice) twice with colours swapped; the games run
    where `fanout` runs tasks (default: this process)."""
    for level, opponent in pairs:
        level_info(level), level_info(opponent)
    if not node_scale > 0:
        raise ValueError(f"node scale {node_scale} is not > 0")
    openings = choose_openings(opening_count, seed)
    specs = tournament_specs(pairs, openings, seed, node_scale)
    results = {pair: PairResult(*pair) for pair in pairs}
    with Progress(len(specs), "tournament", shown=show_progress) as progress:
        outcomes = (fanout or Fanout()).imap(play_level_game, specs, progress)
        for spec, winner in zip(specs, outcomes, strict=True):
            level_is_red = (spec.red_level, spec.white_level) in results
            pair = (spec.red_level, spec.white_level) if level_is_red else (spec.white_level, spec.red_level)
            results[pair].add(level_is_red, winner)
    return [results[pair] for pair in pairs]


def format_table(results: Sequence[PairResult]) -> str:
    """The seed's table as Markdown: pair, N wins, draws, N losses, N score, as Red, as White."""
    lines = ["| pair | N wins | draws | N losses | N score | as Red | as White |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| L{r.level} vs L{r.opponent} | {r.wins} | {r.draws} | {r.losses} | {100 * r.score:.1f}% "
                     f"| {r.as_red:.1f}/{r.red_games} | {r.as_white:.1f}/{r.white_games} |")
    return "\n".join(lines)


def format_report(results: Sequence[PairResult], command: str, opening_count: int, seed: int,
                  node_scale: float) -> str:
    """docs/checkers-tournament.md: how it was made, the settings, the table."""
    from tablegames.checkers.levels import LEVELS

    openings = choose_openings(opening_count, seed)
    lines = [
        "# Checkers: does a higher level really play better?",
        "",
        "Produced by one command (add `--workers 2` for two processes, or `--scheduler` for a Dask cluster "
        "(docs/cluster.md); the table does not change):",
        "",
        "```",
        f"{command} --markdown docs/checkers-tournament.md",
        "```",
        "",
        f"Each pair plays {opening_count} openings of the three-move ballot (ACF numbers "
        f"{', '.join(str(o.number) for o in openings)}: a seeded choice among the 156 accepted ones), each "
        "twice with the colours swapped. Red moves first (PDN \"Black\"). Games follow every rule of the "
        f"game (threefold repetition and the 40-move rule draw) and stop as a draw after {MAX_PLIES} plies.",
        "",
        "To keep the table reproducible and the run short, the levels play without clocks, and the node "
        f"budgets of levels 9 and 10 are scaled by {node_scale:g}:",
        "",
        "| level | name | plays | in this table |",
        "|---:|---|---|---|",
    ]
    for level in LEVELS:
        if level.kind == "deepening":
            setting = f"up to {level.depth} plies / {int(level.node_budget * node_scale):,} nodes, no clock"
        elif level.node_budget and level.kind == "minimax":
            setting = f"{level.depth} plies (at most {level.node_budget:,} nodes)"
        else:
            setting = "as in play"
        lines.append(f"| {level.number} | {level.name} | {level.character} | {setting} |")
    lines += [
        "",
        "\"N score\" counts a win as 1 and a draw as half; \"as Red\" and \"as White\" are N's points with "
        "each colour.",
        "",
        format_table(results),
        "",
    ]
    return "\n".join(lines)
