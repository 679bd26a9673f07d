"""Table subcommands: `tablegames checkers perft 9`, `tablegames piddle advise ...`.

Each table's command module (named in tablegames/tables.py, with the tools that are not tables) provides
`add_commands(subparsers)`; every parser it adds sets `run=function(args) -> int`.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from tablegames.core.fanout import FanoutError
from tablegames.tables import command_modules, load_module


def has_commands(name: str) -> bool:
    return name in command_modules()


class OneLineParser(argparse.ArgumentParser):
    """argparse with the suite's error: one line naming the command and what is wrong, exit 2 (no usage dump)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {shorten_quotes(message)} (see '{self.prog} --help')\n")


def shorten_quotes(message: str, keep: int = 40) -> str:
    """argparse quotes the whole bad value ("invalid choice: '999...'"): a 5,000-character value stays a line."""
    return re.sub("'([^'\n]{" + str(keep) + "})[^'\n]+'", r"'\1...'", message)


def table_parser(name: str) -> OneLineParser:
    """The parser of `tablegames NAME COMMAND ...` with every command of that table or tool."""
    module = load_module(command_modules()[name])
    parser = OneLineParser(prog=f"tablegames {name}", description=module.__doc__)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    module.add_commands(subparsers)
    return parser


def run_table_command(name: str, argv: list[str]) -> int:
    """Parse and run `tablegames NAME COMMAND ...`; a bad argument exits 2 with one line, and so does a --scheduler
    nobody answers at; work that could not be run on the workers asked for exits 1 with one line."""
    parser = table_parser(name)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except FanoutError as error:
        print(f"{parser.prog} {args.command}: {error}", file=sys.stderr)
        return error.exit_code
