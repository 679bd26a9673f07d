"""A game of checkers: positions played so far, undo/redo, and the end of the game with its reason.

Results: the side to move with no legal move loses, and a side with no pieces has lost whoever is to move (a
set-up start such as `W:W21:B`); a position occurring a third time with the same side to move is a draw; 80
plies (40 moves each) without a capture and without a man moving is a draw (a crowning is a man move). The
game is also a `GameState` for generic searches: seat 0 is Black (moves first), seat 1 White, and an action is
the index of a move in `legal_moves()` (sorted by path, so the order is stable).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.pdn import PdnGame, parse_move
from tablegames.checkers.position import SIDE_NAMES, Move, Position
from tablegames.core.gamestate import TERMINAL, GameState

QUIET_PLY_LIMIT = 80
REPETITION_LIMIT = 3

NO_LEGAL_MOVE = "no legal move"
NO_PIECES = "no pieces"
THREEFOLD_REPETITION = "threefold repetition"
FORTY_MOVE_RULE = "40-move rule"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning side (BLACK, WHITE) or None for a draw, and why."""

    winner: int | None
    reason: str

    @property
    def result(self) -> str:
        """The PDN result token."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == WHITE else "0-1"

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw by {self.reason}"
        loser = SIDE_NAMES[1 - self.winner]
        return f"{SIDE_NAMES[self.winner]} wins ({loser} has {self.reason})"


def _is_reversible(position: Position, move: Move) -> bool:
    """A king's step: the only kind of move that counts toward the 40-move rule."""
    return not move.is_capture and bool(position.kings & position.own & move.mover_mask)


class CheckersGame(GameState):
    """History of one game from a start position, with undo and redo; mutable, not thread-safe."""

    def __init__(self, start: Position | None = None) -> None:
        self._positions: list[Position] = [start or Position.initial()]
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        self._redo_before: list[list[Move]] = []  # for each move played: the redo list just before it
        self._quiet_plies: list[int] = [0]
        self._keys: list[int] = [self._positions[0].zobrist_key()]
        self._key_counts: Counter[int] = Counter(self._keys)
        self._legal_cache: tuple[Position, list[Move]] | None = None

    # --- the game -------------------------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def start(self) -> Position:
        return self._positions[0]

    @property
    def moves(self) -> list[Move]:
        """The moves played, oldest first (a copy)."""
        return list(self._moves)

    @property
    def positions(self) -> list[Position]:
        return list(self._positions)

    @property
    def quiet_plies(self) -> int:
        """Plies since the last capture or man move (the 40-move rule counter)."""
        return self._quiet_plies[-1]

    def repetition_count(self) -> int:
        """How many times the current position (with the side to move) has occurred."""
        return self._key_counts[self._keys[-1]]

    def occurrences(self, position: Position) -> int:
        """How many times `position` (with its side to move) has occurred in this game so far."""
        return self._key_counts[position.zobrist_key()]

    def legal_moves(self) -> list[Move]:
        """The legal moves (duplicate capture routes once), sorted by path; empty when the game is over."""
        if self.outcome() is not None:
            return []
        return self._position_moves()

    def _position_moves(self) -> list[Move]:
        if self._legal_cache is None or self._legal_cache[0] is not self.position:
            self._legal_cache = (self.position, self.position.legal_moves())
        return self._legal_cache[1]

    def outcome(self) -> Outcome | None:
        """None while the game goes on; otherwise the winner (or None for a draw) and the reason."""
        if not self._position_moves():
            return Outcome(1 - self.position.turn, NO_LEGAL_MOVE)
        if not self.position.other:  # only a set-up start can leave the side that just moved without pieces
            return Outcome(self.position.turn, NO_PIECES)
        if self.repetition_count() >= REPETITION_LIMIT:
            return Outcome(None, THREEFOLD_REPETITION)
        if self.quiet_plies >= QUIET_PLY_LIMIT:
            return Outcome(None, FORTY_MOVE_RULE)
        return None

    def play(self, move: Move | str) -> Move:
        """Play a Move or PDN move text; ValueError (naming the legal moves) changes nothing. Clears redo."""
        played = self._push(move)
        self._redo.clear()
        return played

    def _push(self, move: Move | str) -> Move:
        over = self.outcome()
        if over is not None:
            raise ValueError(f"the game is over: {over}")
        position = self.position
        if isinstance(move, str):
            move = parse_move(position, move)
        elif move not in position.legal_moves(unique=False):
            legal = ", ".join(m.notation for m in self._position_moves())
            raise ValueError(f"move {move.notation} is not legal here; legal moves: {legal}")
        after = position.apply_unchecked(move)
        key = after.zobrist_key()
        self._positions.append(after)
        self._moves.append(move)
        self._redo_before.append(list(self._redo))
        self._quiet_plies.append(self.quiet_plies + 1 if _is_reversible(position, move) else 0)
        self._keys.append(key)
        self._key_counts[key] += 1
        return move

    def undo(self) -> None:
        """The uniform interface's undo: back to exactly the state before the last move, redo list included (the
        move is not offered for redo; `take_back` is the player's undo). ValueError when no move has been played."""
        if not self._moves:
            raise ValueError("there is no move to undo")
        redo = self._redo_before[-1]
        self.take_back()
        self._redo = list(redo)

    def take_back(self) -> Move:
        """The player's undo: take back the last move and return it; it goes onto the redo list."""
        if not self._moves:
            raise ValueError("there is no move to undo")
        move = self._moves.pop()
        self._redo_before.pop()
        self._positions.pop()
        self._quiet_plies.pop()
        key = self._keys.pop()
        self._key_counts[key] -= 1
        self._redo.append(move)
        return move

    def can_undo(self) -> bool:
        return bool(self._moves)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> Move:
        """Replay the last move taken back; ValueError when there is none."""
        if not self._redo:
            raise ValueError("there is no move to redo")
        move = self._push(self._redo[-1])
        self._redo.pop()
        return move

    # --- PDN --------------------------------------------------------------------------------------------------
    @classmethod
    def from_pdn(cls, pdn_game: PdnGame) -> CheckersGame:
        """Replay a parsed PDN game (parse_game replayed its moves through this class, so they are legal and none
        comes after the end of the game); ValueError for a game that sets up a position during play (PDN
        `/FEN/`, as fun mode's events do), which one line of play cannot hold."""
        if pdn_game.setups:
            after = min(pdn_game.setups)
            raise ValueError(f"the game sets up a new position after {after} moves (a PDN /FEN/ setup): "
                             "a CheckersGame holds one line of play from its start")
        game = cls(pdn_game.start)
        for move in pdn_game.moves:
            game.play(move)
        return game

    def to_pdn(self, tags: dict[str, str] | None = None) -> PdnGame:
        """The game as PDN, with a FEN tag when it did not start from the initial position."""
        all_tags = dict(tags or {})
        if self.start != Position.initial():
            all_tags.setdefault("SetUp", "1")
            all_tags["FEN"] = self.start.fen
        over = self.outcome()
        result = over.result if over else "*"
        all_tags.setdefault("Result", result)
        return PdnGame(tags=all_tags, moves=list(self._moves), result=result)

    # --- GameState --------------------------------------------------------------------------------------------
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return TERMINAL if self.outcome() is not None else self.position.turn

    def legal_actions(self) -> list[int]:
        return list(range(len(self.legal_moves())))

    def apply_action(self, action: int) -> None:
        moves = self.legal_moves()
        if not 0 <= action < len(moves):
            legal = ", ".join(f"{i}={m.notation}" for i, m in enumerate(moves)) or "none (the game is over)"
            raise ValueError(f"action {action} is not legal; legal actions: {legal}")
        self.play(moves[action])

    def is_terminal(self) -> bool:
        return self.outcome() is not None

    def returns(self) -> list[float]:
        over = self.outcome()
        if over is None or over.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if over.winner == BLACK else [-1.0, 1.0]

    def clone(self) -> CheckersGame:
        copy = CheckersGame.__new__(CheckersGame)
        copy._positions = list(self._positions)
        copy._moves = list(self._moves)
        copy._redo = list(self._redo)
        copy._redo_before = list(self._redo_before)  # its lists are never changed in place, only replaced
        copy._quiet_plies = list(self._quiet_plies)
        copy._keys = list(self._keys)
        copy._key_counts = Counter(self._key_counts)
        copy._legal_cache = self._legal_cache
        return copy

    def action_to_string(self, action: int) -> str:
        return self.legal_moves()[action].notation


def new_game(seed: int = 0) -> CheckersGame:
    """A game from the starting position (checkers has no chance: the seed is not used)."""
    return CheckersGame()

