"""The computer player as the window sees it: one call, run on the thinker thread.

It uses `tablegames.checkers.levels` (the ten levels).

The levels whose search is pure Python (they hold the GIL) run in the levels module's worker process; the
thinker thread waits for that answer in short sleeps, which release the GIL, so the window keeps drawing.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from tablegames.checkers import levels
from tablegames.checkers.position import Move, Position
from tablegames.core.rng import make_rng
from tablegames.core.worker import CancelToken

LEVEL_NAMES = tuple(level.name for level in levels.LEVELS)  # the levels module names them


def level_name(level: int) -> str:
    if not 1 <= level <= len(LEVEL_NAMES):
        raise ValueError(f"level {level!r}: expected 1-{len(LEVEL_NAMES)}")
    return LEVEL_NAMES[level - 1]


def random_move(position: Position, seed: int) -> Move:
    """Dozy Dave: any legal move, chosen by the seeded generator."""
    moves = position.legal_moves()
    if not moves:
        raise ValueError(f"no legal move in {position.fen}")
    return moves[int(make_rng(seed, "checkers-dozy", position.zobrist_key()).integers(len(moves)))]


POLL_SECONDS = 0.01


def computer_move(position: Position, level: int, seed: int, token: CancelToken | None = None,
                  history: Sequence[Position] = ()) -> Move:
    """The move the computer at `level` (1-10) plays in `position`; deterministic for `seed`. `history`: the
    game's earlier positions (the deep levels score a repetition as a draw). A cancelled search returns a
    legal move the caller ignores."""
    level_name(level)
    if levels.level_info(level).holds_the_gil:
        future = levels.choose_move_in_process(position, level, seed, tuple(history))
        while not future.done():
            if token is not None and token.is_cancelled():
                future.cancel()
                return random_move(position, seed)
            time.sleep(POLL_SECONDS)
        return future.result()
    return levels.choose_move(position, level, seed, None if token is None else token.flag, tuple(history))
