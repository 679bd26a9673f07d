r"""Learn the checkers evaluation weights: the same as `tablegames checkers train` (same options).

    .venv/bin/python scripts/checkers_train.py --workers 2 --report docs/checkers-learning.md \
        --output src/tablegames/checkers/weights/checkers.json
"""

from __future__ import annotations

import sys

from tablegames.commands import run_table_command

if __name__ == "__main__":
    sys.exit(run_table_command("checkers", ["train", *sys.argv[1:]]))
