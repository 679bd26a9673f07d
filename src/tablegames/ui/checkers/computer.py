"""The computer player as the window sees it: one call, run on the thinker thread.

It uses `tablegames.checkers.levels` (the ten levels) when that module is in the build; until then an interim
player makes Dozy Dave's choice at every level: a seeded random legal move (legal moves already contain only
jumps when a jump is compulsory, so it always takes a compulsory jump).
"""

from __future__ import annotations

import importlib

from tablegames.checkers.position import Move, Position
from tablegames.core.modules import module_exists
from tablegames.core.rng import make_rng
from tablegames.core.worker import CancelToken

LEVEL_NAMES = ("Dozy Dave", "Clumsy Clara", "Wobbly Walt", "Careful Kit", "Sly Sam", "Professor Pawn",
               "Captain Crown", "Madame Minimax", "Deep Thinker", "Grandmaster Gizmo")


def levels_module():
    """`tablegames.checkers.levels` when it is in this build, else None."""
    name = "tablegames.checkers.levels"
    return importlib.import_module(name) if module_exists(name) else None


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


def computer_move(position: Position, level: int, seed: int, token: CancelToken | None = None) -> Move:
    """The move the computer at `level` (1-10) plays in `position`; deterministic for `seed`."""
    level_name(level)
    levels = levels_module()
    if levels is not None and hasattr(levels, "choose_move"):
        return levels.choose_move(position, level, seed, None if token is None else token.flag)
    return random_move(position, seed)
