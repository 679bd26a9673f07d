"""Level against level: the same as `tablegames checkers tournament` (same options).

    .venv/bin/python scripts/checkers_tournament.py --workers 2 --markdown docs/checkers-tournament.md
"""

from __future__ import annotations

import sys

from tablegames.commands import run_table_command

if __name__ == "__main__":
    sys.exit(run_table_command("checkers", ["tournament", *sys.argv[1:]]))
