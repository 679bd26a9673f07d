"""Fast Track speed: the rules core and the computer players.

Prints positions/s for `legal_moves`, walks/s for the routes-table lookup against walking the successors square by
square (the baseline, measured in the same run), and random four-player games/s through the uniform interface.
Then the computer players: 200 four-computer champion games in the compiled kernels (wall time, games/s, against
the plain-Python reference search over the rules objects measured in the same run), and the worst single decision
over those games (each decision timed from Python).
"""

from __future__ import annotations

import argparse
import time

from tablegames.core.rng import make_rng
from tablegames.fasttrack.board import walk_square_by_square
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


def timed(function, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="random games to time (default 20)")
    parser.add_argument("--computer-games", type=int, default=200, help="champion games to time (default 200; 0 skips)")
    parser.add_argument("--reference-games", type=int, default=3, help="games of the Python reference (default 3)")
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
    baseline = timed(lambda: [walk_square_by_square(b, lay, s, n) for b, s, n in walks], 3) / 3
    print(f"routes table: {len(walks) / table:10,.0f} walks/s; walking successors (baseline): "
          f"{len(walks) / baseline:10,.0f} walks/s; ratio {baseline / table:.1f}x")
    if args.computer_games:
        bench_computer_players(args.computer_games, args.reference_games)
    return 0


def bench_computer_players(count: int, reference_count: int) -> None:
    from tablegames.fasttrack.experiments import play_seeds, play_timed
    from tablegames.fasttrack.kernels import warmup
    from tablegames.fasttrack.search import search_line
    from tablegames.fasttrack.strategy import CHAMPION

    start = time.perf_counter()
    warmup()
    print(f"kernel warm-up (compile or load from cache): {time.perf_counter() - start:.1f} s")
    champions = (CHAMPION,) * 4
    seeds = list(range(count))
    start = time.perf_counter()
    games = play_seeds(seeds, [0] * count, champions)
    kernel_seconds = time.perf_counter() - start
    print(f"{count} four-computer champion games (compiled): {kernel_seconds:.2f} s, {count / kernel_seconds:.1f} games/s, "
          f"{games.turns.mean():.1f} turns a game, digest {games.digest()}")
    start = time.perf_counter()
    for seed in range(reference_count):
        game = FastTrackGame(seed)
        while not game.is_terminal():
            if game.phase == Phase.DONE:
                game.click(300)
                continue
            for code in search_line(game).best.clicks:
                game.click(code)
    reference_seconds = (time.perf_counter() - start) / reference_count
    print(f"  plain-Python reference search (baseline): {1 / reference_seconds:.2f} games/s over {reference_count} games; "
          f"compiled is {reference_seconds * count / kernel_seconds:.0f}x faster")
    play_timed(0, 0, champions)  # the kernels called one by one from Python load on their first call
    start = time.perf_counter()
    timings = [play_timed(seed, 0, champions) for seed in seeds]
    worst = max(t[1] for t in timings)
    decisions = sum(t[2] for t in timings)
    print(f"decisions timed one by one over the same games: {decisions} decisions, worst {1000 * worst:.1f} ms, "
          f"mean {1000 * (time.perf_counter() - start) / decisions:.2f} ms (with Python's loop around them)")


if __name__ == "__main__":
    raise SystemExit(main())
