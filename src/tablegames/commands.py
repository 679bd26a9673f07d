"""Table subcommands: `tablegames checkers perft 9`, `tablegames piddle advise ...`.

Each package that has command-line tools provides a module with `add_commands(subparsers)`; every parser it
adds sets `run=function(args) -> int`. Adding a package's tools is one line in TABLE_COMMANDS.
"""

from __future__ import annotations

import argparse
import importlib

from tablegames.core.modules import module_exists

TABLE_COMMANDS: dict[str, str] = {
    "checkers": "tablegames.checkers.commands",
    "fasttrack": "tablegames.fasttrack.commands",
    "piddle": "tablegames.piddle.commands",
    "routes": "tablegames.routes.commands",
    "music": "tablegames.music.commands",
}


def has_commands(name: str) -> bool:
    return name in TABLE_COMMANDS and module_exists(TABLE_COMMANDS[name])


def run_table_command(name: str, argv: list[str]) -> int:
    """Parse and run `tablegames NAME COMMAND ...`; argparse exits 2 with a message on bad arguments."""
    module = importlib.import_module(TABLE_COMMANDS[name])
    parser = argparse.ArgumentParser(prog=f"tablegames {name}", description=module.__doc__)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    module.add_commands(subparsers)
    args = parser.parse_args(argv)
    return int(args.run(args) or 0)
