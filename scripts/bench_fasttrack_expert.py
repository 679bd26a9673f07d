"""Fast Track expert: how long a decision takes, as the window asks it (`expert_choice` on the game).

Plays games with the expert (or, with `--strategy ismcts`, information-set MCTS) in red against three champions and times every one of red's decisions from Python
(one untimed decision first loads the kernels). Prints the median, 90th percentile and worst decision, over all of
red's decisions and over those that played lines out (two or more candidate lines), and the playouts they made.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

import numpy as np

from tablegames.core.arguments import seed_number, whole_number
from tablegames.fasttrack.expert import decision_times, expert_choice
from tablegames.fasttrack.game import FastTrackGame
from tablegames.fasttrack.strategy import EXPERT, ISMCTS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=whole_number(1, 10_000), default=20, help="games (default 20)")
    parser.add_argument("--seed", type=seed_number, default=1000, help="first game seed (default 1000)")
    parser.add_argument("--strategy", choices=(EXPERT.name, ISMCTS.name), default=EXPERT.name,
                        help="red's player (default expert)")
    parser.add_argument("--playouts", type=whole_number(1, 4096), default=None,
                        help=f"the expert's sampled deals a candidate line (default {EXPERT.playouts}), or "
                             f"ismcts's iterations a decision (default {ISMCTS.iterations})")
    args = parser.parse_args()
    if args.strategy == ISMCTS.name:
        strategy = replace(ISMCTS, iterations=args.playouts or ISMCTS.iterations)
        budget = f"{strategy.iterations} iterations a decision"
    else:
        strategy = replace(EXPERT, playouts=args.playouts or EXPERT.playouts)
        budget = f"{strategy.playouts} playouts a line"
    expert_choice(FastTrackGame(0), strategy)  # loads (or compiles) the kernels: not part of any decision's time
    found = decision_times(list(range(args.seed, args.seed + args.games)), strategy)
    seconds = np.array(found.seconds)
    sampled = np.array(found.sampled)
    playouts = np.array(found.playouts)
    print(f"{args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), {strategy.name} red with {budget} "
          f"against three champions")
    for label, mask in (("all of red's decisions", np.ones(len(seconds), dtype=bool)),
                        ("decisions that played lines out", sampled)):
        chosen = seconds[mask]
        if len(chosen):
            print(f"{label}: {len(chosen)}, median {np.median(chosen):.3f} s, 90th percentile "
                  f"{np.percentile(chosen, 90):.3f} s, worst {chosen.max():.3f} s; "
                  f"playouts a decision: median {np.median(playouts[mask]):.0f}, most {playouts[mask].max()}")


if __name__ == "__main__":
    main()
