"""Fast Track rules speed: legal-move generation over positions from random games, and whole random games.

Prints positions/s for `legal_moves`, walks/s for the routes-table lookup against walking the successors square by
square (the baseline, measured in the same run), and random four-player games/s through the uniform interface.
"""

from __future__ import annotations

import argparse
import time

from tablegames.core.rng import make_rng
from tablegames.fasttrack.board import successors
from tablegames.fasttrack.cards import LEAVES_PEN, steps
from tablegames.fasttrack.game import FastTrackGame, Phase
from tablegames.fasttrack.rules import candidate_pieces, forward_ends, legal_moves


def random_game(seed: int, draws_as_chance: bool = False, positions: list | None = None) -> int:
    """Play one random four-player game; collect (board, hand, movers) at every card choice. Returns actions."""
    game = FastTrackGame(seed, draws_as_chance=draws_as_chance)
    rng = make_rng(seed, "bench")
    count = 0
    while not game.is_terminal():
        if positions is not None and game.phase == Phase.NEED_CARD and not game.pending_draws:
            positions.append((game.board.tolist(), game.hand(), game.movers()))
        actions = game.legal_actions()
        game.apply_action(actions[int(rng.integers(len(actions)))])
        count += 1
    return count


def walk_successors(board: list[int], lay, start: int, count: int) -> list[int]:
    colour = board[start]
    fast, leave_pen, leave_be = lay.is_fast[start], lay.is_pen[start], start == lay.bullseye
    frontier = [start]
    for _ in range(count):
        frontier = [
            nxt
            for square in frontier
            for nxt in successors(lay.zones, square, colour, fast, leave_pen, leave_be)
            if board[nxt] != colour
        ]
    return frontier


def timed(function, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="random games to time (default 20)")
    args = parser.parse_args()
    lay = FastTrackGame(0).layout

    positions: list = []
    start = time.perf_counter()
    actions = sum(random_game(seed, positions=positions) for seed in range(args.games))
    elapsed = time.perf_counter() - start
    print(f"random 4-player games: {args.games / elapsed:8.1f} games/s  ({actions / elapsed:,.0f} actions/s, "
          f"{actions / args.games:.0f} actions a game)")
    start = time.perf_counter()
    chance_games = max(1, args.games // 2)
    for seed in range(chance_games):
        random_game(seed, draws_as_chance=True)
    print(f"  same with draws as chance nodes: {chance_games / (time.perf_counter() - start):8.1f} games/s")

    moves_total = sum(len(legal_moves(b, lay, h, m)) for b, h, m in positions)
    seconds = timed(lambda: [legal_moves(b, lay, h, m) for b, h, m in positions], 3) / 3
    print(f"legal_moves: {len(positions) / seconds:10,.0f} positions/s over {len(positions)} positions "
          f"from random games ({moves_total / len(positions):.1f} moves each)")

    walks = [
        (board, start, 1 if lay.is_pen[start] else steps(card))
        for board, hand, movers in positions
        for start in candidate_pieces(board, lay, movers)
        for card in set(hand)
        if not lay.is_pen[start] or card in LEAVES_PEN
    ]
    table = timed(lambda: [forward_ends(b, lay, s, n) for b, s, n in walks], 3) / 3
    baseline = timed(lambda: [walk_successors(b, lay, s, n) for b, s, n in walks], 3) / 3
    print(f"routes table: {len(walks) / table:10,.0f} walks/s; walking successors (baseline): "
          f"{len(walks) / baseline:10,.0f} walks/s; ratio {baseline / table:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
