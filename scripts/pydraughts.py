"""py-draughts, an independent checkers program, as the benchmarks and the strength ladder use it.

py-draughts lives in its own venv (`.bench-venv-draughts/`, made on first use: it is not a dependency of the suite).
Its American board numbers the squares from the other side (its first mover, "White", starts on 21-32) and makes
captures optional; `DraughtsEngine` talks to it through a small server in that venv, turns positions and moves
between the two numberings (square s is its 33 - s; its White is our Black), and keeps only the captures when one
exists, for the legal moves it reports and for the moves its SimpleEngine searches (alpha-beta, material and
square bonuses).
"""

from __future__ import annotations

import json
import subprocess
import venv
from pathlib import Path

from tablegames.checkers.engine import BLACK
from tablegames.checkers.position import Move, Piece, Position

ROOT = Path(__file__).resolve().parents[1]
DRAUGHTS_VENV = ROOT / ".bench-venv-draughts"

SERVER = r"""
import json, sys
from draughts.boards.american import Board, _CORE
from draughts.engines import SimpleEngine

def forced(board):
    return board._legal_moves_from_core(_CORE, max_capture=False, captures_optional=False)

Board.legal_moves = property(forced)  # English draughts: a capture when one exists (the engine searches these)
for line in sys.stdin:
    ask = json.loads(line)
    board = Board.from_fen(ask["fen"])
    answer = {"legal": sorted([square + 1 for square in move.square_list] for move in forced(board))}
    if ask.get("seconds"):
        engine = SimpleEngine(depth_limit=ask.get("depth", 30), time_limit=ask["seconds"])
        move = engine.get_best_move(board)
        answer["move"] = [square + 1 for square in move.square_list]
    print(json.dumps(answer), flush=True)
"""


def draughts_python() -> Path | None:
    """The python of a venv holding py-draughts, created and filled on first use; None if that fails."""
    python = DRAUGHTS_VENV / "bin" / "python"
    check = [str(python), "-c", "import draughts.boards.american, draughts.engines"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python
    print(f"py-draughts: installing into {DRAUGHTS_VENV.relative_to(ROOT)}/ ...", flush=True)
    try:
        venv.create(DRAUGHTS_VENV, with_pip=True, clear=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "py-draughts"], check=True,
                       capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.SubprocessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        print(f"py-draughts: could not be installed ({detail.strip()[-200:]}); skipped")
        return None
    return python


def their_fen(position: Position) -> str:
    """The position in py-draughts' numbering: its White is our Black, square s its 33 - s."""
    def squares(side: int) -> str:
        items = []
        for square in range(1, 33):
            piece = position.piece_at(square)
            if piece != Piece.EMPTY and piece.side == side:
                items.append(f"{'K' if piece.is_king else ''}{33 - square}")
        return ",".join(items)

    from tablegames.checkers.engine import WHITE

    to_move = "W" if position.turn == BLACK else "B"
    return f"{to_move}:W{squares(BLACK)}:B{squares(WHITE)}"


def our_path(path: list[int]) -> tuple[int, ...]:
    return tuple(33 - square for square in path)


class DraughtsEngine:
    """py-draughts in a server process: its legal moves and its engine's move, in our numbering."""

    def __init__(self, python: Path) -> None:
        self.process = subprocess.Popen([str(python), "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def ask(self, position: Position, seconds: float | None = None) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        question: dict[str, object] = {"fen": their_fen(position)}
        if seconds:
            question["seconds"] = seconds
        self.process.stdin.write(json.dumps(question) + "\n")
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"py-draughts ended without answering for {position.fen}")
        answer: dict[str, object] = json.loads(line)
        return answer

    def legal_paths(self, position: Position) -> set[tuple[int, ...]]:
        answer = self.ask(position)
        return {our_path(path) for path in answer["legal"]}  # type: ignore[attr-defined]

    def best_move(self, position: Position, seconds: float) -> tuple[tuple[int, ...], set[tuple[int, ...]]]:
        """Its engine's move (a path in our numbering) and the legal paths it saw."""
        answer = self.ask(position, seconds)
        legal = {our_path(path) for path in answer["legal"]}  # type: ignore[attr-defined]
        return our_path(answer["move"]), legal  # type: ignore[arg-type]

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def our_paths(position: Position) -> set[tuple[int, ...]]:
    """Our legal moves as paths, every route of a capture (py-draughts lists each route)."""
    return {move.path for move in position.legal_moves(unique=False)}


def move_of(position: Position, path: tuple[int, ...]) -> Move:
    for move in position.legal_moves(unique=False):
        if move.path == path:
            return move
    raise ValueError(f"{'-'.join(map(str, path))} is not legal in {position.fen}")
