"""Rewrite the golden playthroughs (tests/core/playthroughs/NAME.txt, one for every registered game).

Run it after a deliberate change of a game's rules or action names, then read the diff before committing it:
tests/core/test_playthroughs.py fails until the kept files match a fresh run.
Usage: .venv/bin/python scripts/make_playthroughs.py
"""

from __future__ import annotations

from pathlib import Path

from tablegames.core.playthrough import write_playthroughs
from tablegames.tables import load_games

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "core" / "playthroughs"


def main() -> None:
    load_games()
    for path in write_playthroughs(FOLDER):
        print(f"wrote {path.relative_to(FOLDER.parents[2])}")


if __name__ == "__main__":
    main()
