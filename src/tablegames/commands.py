"""Table subcommands: `tablegames checkers perft 9`, `tablegames piddle advise ...`.

Each table's command module (named in tablegames/tables.py, with the tools that are not tables) provides
`add_commands(subparsers)`; every parser it adds sets `run=function(args) -> int`.
"""

from __future__ import annotations

import argparse

from tablegames.tables import command_modules, load_module


def has_commands(name: str) -> bool:
    return name in command_modules()


def run_table_command(name: str, argv: list[str]) -> int:
    """Parse and run `tablegames NAME COMMAND ...`; argparse exits 2 with a message on bad arguments."""
    module = load_module(command_modules()[name])
    parser = argparse.ArgumentParser(prog=f"tablegames {name}", description=module.__doc__)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    module.add_commands(subparsers)
    args = parser.parse_args(argv)
    return int(args.run(args) or 0)
