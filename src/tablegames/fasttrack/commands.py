"""Fast Track tools: show a seed's deals, play seeded random games."""

from __future__ import annotations

import argparse
import sys

from tablegames.core.rng import make_rng

from .board import COLOURS, MAX_ZONES, MIN_ZONES
from .cards import RANK_NAMES, shuffled_deck
from .game import FastTrackGame, Partnership


def add_commands(subparsers) -> None:
    deal = subparsers.add_parser("deal", help="show each seat's shuffled deck for a game seed")
    deal.add_argument("--seed", type=int, default=0, help="game seed (default 0)")
    deal.add_argument("--players", type=int, default=4, help=f"{MIN_ZONES}-{MAX_ZONES} players (default 4)")
    deal.add_argument("--cards", type=int, default=10, help="cards to show from the top (default 10)")
    deal.set_defaults(run=run_deal)

    play = subparsers.add_parser("random", help="play seeded random games and report the winners")
    play.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    play.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    play.add_argument(
        "--partnership", choices=[p.name.lower() for p in Partnership], default="solo", help="default solo"
    )
    play.set_defaults(run=run_random)


def run_deal(args: argparse.Namespace) -> int:
    if not MIN_ZONES <= args.players <= MAX_ZONES:
        print(f"error: --players: expected {MIN_ZONES}-{MAX_ZONES}, got {args.players}", file=sys.stderr)
        return 2
    for seat in range(args.players):
        deck, _ = shuffled_deck(args.seed, seat)
        print(f"{COLOURS[seat]:>7}: {' '.join(RANK_NAMES[c] for c in deck[: args.cards])}")
    return 0


def run_random(args: argparse.Namespace) -> int:
    if args.games < 1:
        print(f"error: --games: expected at least 1, got {args.games}", file=sys.stderr)
        return 2
    partnership = Partnership[args.partnership.upper()]
    for seed in range(args.seed, args.seed + args.games):
        game = FastTrackGame(seed, partnership=partnership)
        rng = make_rng(seed, "fasttrack", "random-play")
        while not game.is_terminal():
            actions = game.legal_actions()
            game.apply_action(actions[int(rng.integers(len(actions)))])
        winners = " and ".join(COLOURS[s] for s in game.winners)
        print(f"seed {seed}: {winners} after {len(game.actions)} actions")
    return 0
