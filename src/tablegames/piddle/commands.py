"""Piddle tools: the exact advisor (`advise`), the breaker's outlook (`first`) and the dice photo reader (`scan`).

Dice are six digits (666231; 1s are wild), hands COUNTxVALUE (5x5 = five 5s) or none.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from tablegames.core.arguments import number_between, whole_number
from tablegames.piddle.hands import describe_hand, format_dice, parse_dice, parse_hand

if TYPE_CHECKING:
    from tablegames.piddle.solver import Objective


def fail(command: str, message: str) -> int:
    print(f"tablegames piddle {command}: error: {message}", file=sys.stderr)
    return 2


def objective_from(args: argparse.Namespace) -> Objective:
    from tablegames.piddle.solver import Objective

    return Objective(args.objective, args.push_value)


def add_objective_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--objective", choices=("lexicographic", "dollar"), default="lexicographic",
                        help="lexicographic: most wins, then most pushes (default); dollar: wins + push value x pushes")
    parser.add_argument("--push-value", type=number_between(0.0, 1.0), default=0.5, metavar="LAMBDA",
                        help="with --objective dollar, what a push is worth as a share of a win, 0-1 (default 0.5)")


def format_chances(win: float, push: float, lose: float) -> str:
    return f"win {win:.4f}  push {push:.4f}  lose {lose:.4f}"


def run_advise(args: argparse.Namespace) -> int:
    from tablegames.piddle.solver import advise

    try:
        dice = parse_dice(args.dice)
        beat = parse_hand(args.beat)
        objective = objective_from(args)
        advice = advise(dice, args.rerolls, beat=beat, after=args.after, cap=args.cap, tied=args.tied,
                        objective=objective)
    except ValueError as error:
        return fail("advise", str(error))
    rerolls = f"{args.rerolls} reroll{'' if args.rerolls == 1 else 's'} left"
    if beat == (0, 0):
        target = "nothing to beat (you break: your stop sets the cap)"
    else:
        shared = ", already tied" if args.tied else ""
        target = f"to beat {describe_hand(beat)}{shared}"
    cap = args.cap or 3
    capped = f" (cap {cap} roll{'' if cap == 1 else 's'})" if beat != (0, 0) else ""
    after = "nobody after you" if args.after == 0 else f"{args.after} after you{capped}"
    print(f"dice {format_dice(dice)} ({describe_hand(advice.hand)}), {rerolls}, {target}, {after}")
    print(f"move: {advice.best.describe()}{'  (playing for the push)' if advice.is_playing_for_push else ''}")
    print(format_chances(advice.win, advice.push, advice.lose))
    return 0


def run_first(args: argparse.Namespace) -> int:
    from tablegames.piddle.solver import breaker_outlook

    try:
        outlook = breaker_outlook(args.players, objective_from(args))
    except ValueError as error:
        return fail("first", str(error))
    print(f"the breaker at a table of {args.players} players ({args.objective})")
    print(format_chances(outlook.win, outlook.push, outlook.lose))
    one, two, three = outlook.stop_after
    print(f"stops after 1 roll {one:.4f}, 2 rolls {two:.4f}, 3 rolls {three:.4f}")
    return 0


def run_scan(args: argparse.Namespace) -> int:
    from tablegames.photofile import load_photo
    from tablegames.piddle.scan import read_dice

    try:
        image = load_photo(args.photo)
        reading = read_dice(image)
    except ValueError as error:
        return fail("scan", str(error))
    for die in reading.dice:
        flag = "  UNCERTAIN" if die.is_uncertain else ""
        print(f"die at ({die.center[1]:.0f}, {die.center[0]:.0f}): {die.value}  confidence {die.confidence:.2f}{flag}")
    if reading.dice:
        print(f"read {format_dice(reading.values)}"
              + (f" ({len(reading.uncertain)} uncertain: fix with a number key)" if reading.uncertain else ""))
    if reading.problem is not None:  # one line: what it could not do, and what to try
        print(f"tablegames piddle scan: {reading.message} ({reading.hint})", file=sys.stderr)
        return 1
    return 0


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    advise = subparsers.add_parser("advise", help="the best move and its win/push/lose chances",
                                   description="The exact best move: keep which dice, or stop.")
    advise.add_argument("dice", help="the six dice showing, e.g. 666231 (1s are wild)")
    advise.add_argument("--rerolls", type=whole_number(0, 2), required=True,
                        help="rerolls left after the dice shown")
    advise.add_argument("--beat", default="none", help="the best hand so far: COUNTxVALUE (5x5 = five 5s) "
                                                       "or none when you break (default)")
    advise.add_argument("--tied", action="store_true", help="that hand is already shared by two players")
    advise.add_argument("--after", type=whole_number(0, 5), default=0, help="players still to act after you, 0-5 (default 0)")
    advise.add_argument("--cap", type=whole_number(1, 3), default=None, metavar="ROLLS",
                        help="the round's roll limit for the players after you, 1-3 (default 3)")
    add_objective_options(advise)
    advise.set_defaults(run=run_advise)

    first = subparsers.add_parser("first", help="the breaker's chances and how often it stops after 1, 2, 3 rolls")
    first.add_argument("--players", type=whole_number(2, 6), required=True, help="players at the table, 2-6")
    add_objective_options(first)
    first.set_defaults(run=run_first)

    scan = subparsers.add_parser("scan", help="read six dice from a photo (PNG or JPEG)")
    scan.add_argument("photo", help="the picture file")
    scan.set_defaults(run=run_scan)
