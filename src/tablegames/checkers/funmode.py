"""Fun mode: gifts and natural disasters that help a player who is behind early in a game against the computer.

The rule (off by default; never used by the tournament or the trainer):
- it acts only against the computer, at levels 1-3 (reading "easy") or at every level (reading "all");
- it is considered right after a computer move that captured, when the human has fewer pieces on the board
  than the computer, while the human has played fewer than 12 moves, and at most twice a game;
- then a seeded roll (one chance in three) brings either a gift (a man for the human on a free square of the
  human's home rows) or a disaster (lightning, an earthquake or a gust of wind removes one computer piece);
- an event never removes a human piece, never removes the computer's last piece and always leaves the human
  (who is to move) a legal move; it is announced by the window before it is applied;
- it is deterministic for the game's seed: the roll for the n-th entry of a game is drawn from
  make_rng(seed, "checkers-fun", n), so a replay of the same moves gets the same events;
- an event is an entry of the game's history, written with a * in the move list, and Undo takes it back.

`FunGame` is a CheckersGame history that can hold events; it is written as PDN with each event as a comment
`{*lightning 22}` followed by the position it made as a PDN 3.0 setup `/FEN/` (so other programs, and
pdn.parse_game, replay the moves after it), and read back with `FunGame.from_pdn`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.game import CheckersGame, Outcome
from tablegames.checkers.pdn import (
    COMMENT,
    END,
    RESULTS,
    SETUP,
    PdnGame,
    format_fen,
    format_game,
    movetext_tokens,
    parse_fen,
    quoted,
    read_tags,
    word_move,
)
from tablegames.checkers.position import Move, Piece, Position
from tablegames.core.rng import make_rng

GIFT = "gift"
DISASTERS = ("lightning", "earthquake", "wind")
EVENT_KINDS = (GIFT, *DISASTERS)
MAX_EVENTS = 2
OPENING_MOVES = 12  # events happen only before the human's 13th move
ODDS = 3  # one chance in three
EASY_LEVELS = 3
READINGS = ("easy", "all")
HOME_SQUARES = {BLACK: tuple(range(1, 13)), WHITE: tuple(range(21, 33))}
_EVENT_COMMENT = re.compile(r"\*(\w+) ([0-9]{1,2})")


@dataclass(frozen=True)
class FunEvent:
    """A gift (a human man appears on `square`) or a disaster (the computer piece on `square` is removed)."""

    kind: str
    square: int

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise ValueError(f"fun event {self.kind!r}: expected one of {', '.join(EVENT_KINDS)}")
        if not 1 <= self.square <= 32:
            raise ValueError(f"fun event square {self.square}: expected 1-32")

    @property
    def is_gift(self) -> bool:
        return self.kind == GIFT

    @property
    def notation(self) -> str:
        return f"*{self.kind} {self.square}"


Entry = Move | FunEvent


@dataclass(frozen=True)
class FunRules:
    """Who the human is, the computer's level, the reading of "early" and the game's seed."""

    human_side: int
    level: int
    reading: str = "easy"
    seed: int = 0

    def __post_init__(self) -> None:
        if self.reading not in READINGS:
            raise ValueError(f"fun mode reading {self.reading!r}: expected one of {', '.join(READINGS)}")
        if self.human_side not in (BLACK, WHITE):
            raise ValueError(f"human side {self.human_side!r}: expected 0 (black) or 1 (white)")

    def acts_at_level(self) -> bool:
        return self.reading == "all" or self.level <= EASY_LEVELS


def side_bits(position: Position, side: int) -> int:
    return position.black if side == BLACK else position.white


def piece_count(position: Position, side: int) -> int:
    return side_bits(position, side).bit_count()


def apply_event(position: Position, event: FunEvent, human_side: int) -> Position:
    """The position after `event` (same side to move); ValueError when the event does not fit the board."""
    squares = {piece: position.squares(piece) for piece in Piece if piece is not Piece.EMPTY}
    black_men, black_kings = squares[Piece.BLACK_MAN], squares[Piece.BLACK_KING]
    white_men, white_kings = squares[Piece.WHITE_MAN], squares[Piece.WHITE_KING]
    human_men = black_men if human_side == BLACK else white_men
    computer = (white_men + white_kings) if human_side == BLACK else (black_men + black_kings)
    if event.is_gift:
        if position.piece_at(event.square) is not Piece.EMPTY or event.square not in HOME_SQUARES[human_side]:
            raise ValueError(f"gift on square {event.square}: expected a free square of the human's home rows")
        human_men.append(event.square)
    else:
        if event.square not in computer:
            raise ValueError(f"{event.kind} on square {event.square}: expected a square holding a computer piece")
        for group in (black_men, black_kings, white_men, white_kings):
            if event.square in group:
                group.remove(event.square)
    return Position.from_squares(position.turn, black_men, black_kings, white_men, white_kings)


class FunGame:
    """A game's history of moves and fun events. Each event starts a new CheckersGame segment from the
    position it made, so the draw rules (repetition, 40 moves) count within a segment: an event changes the
    material, so no earlier position can repeat anyway."""

    def __init__(self, start: Position | None = None) -> None:
        self._segments: list[CheckersGame] = [CheckersGame(start)]
        self._entries: list[Entry] = []

    @property
    def position(self) -> Position:
        return self._segments[-1].position

    @property
    def start(self) -> Position:
        return self._segments[0].start

    @property
    def entries(self) -> list[Entry]:
        return list(self._entries)

    @property
    def moves(self) -> list[Move]:
        return [entry for entry in self._entries if isinstance(entry, Move)]

    @property
    def events(self) -> list[FunEvent]:
        return [entry for entry in self._entries if isinstance(entry, FunEvent)]

    def positions(self) -> list[Position]:
        """The position before the first entry and after each entry."""
        result = [self.start]  # an event's segment starts with the event's position: it follows the event
        for index, segment in enumerate(self._segments):
            result.extend(segment.positions[1:] if index == 0 else segment.positions)
        return result

    def legal_moves(self) -> list[Move]:
        return self._segments[-1].legal_moves()

    def outcome(self) -> Outcome | None:
        return self._segments[-1].outcome()

    def moves_by(self, side: int) -> int:
        """How many moves `side` has played."""
        count, position = 0, self.start
        for entry, after in zip(self._entries, self.positions()[1:], strict=True):
            if isinstance(entry, Move) and position.turn == side:
                count += 1
            position = after
        return count

    def play(self, move: Move | str) -> Move:
        played = self._segments[-1].play(move)
        self._entries.append(played)
        return played

    def add_event(self, event: FunEvent, human_side: int) -> None:
        """Apply `event` (ValueError, changing nothing, when it does not fit the board or the game is over)."""
        if self.outcome() is not None:
            raise ValueError(f"the game is over: {self.outcome()}")
        after = apply_event(self.position, event, human_side)
        self._segments.append(CheckersGame(after))
        self._entries.append(event)

    def can_undo(self) -> bool:
        return bool(self._entries)

    def undo(self) -> Entry:
        """Take back the last entry (a move or an event) and return it; ValueError when there is none."""
        if not self._entries:
            raise ValueError("there is no move to undo")
        entry = self._entries.pop()
        if isinstance(entry, FunEvent):
            self._segments.pop()
        else:
            self._segments[-1].take_back()
        return entry

    # --- PDN ------------------------------------------------------------------------------------------------
    def to_pdn(self, tags: dict[str, str] | None = None) -> str:
        """PDN text: each event is a `{*kind square}` comment followed by the position it made as a PDN 3.0 setup
        (`/FEN/`), so any PDN reader (pdn.parse_game too) replays the moves after it."""
        all_tags = dict(tags or {})
        if self.start != Position.initial():
            all_tags.setdefault("SetUp", "1")
            all_tags["FEN"] = format_fen(self.start)
        over = self.outcome()
        result = over.result if over else "*"
        all_tags["Result"] = result
        moves: list[Move] = []
        setups: dict[int, Position] = {}
        comments: dict[int, list[str]] = {}
        for entry, after in zip(self._entries, self.positions()[1:], strict=True):
            if isinstance(entry, FunEvent):
                comments.setdefault(len(moves), []).append(entry.notation)
                setups[len(moves)] = after  # two events in a row: one setup, the position after both
            else:
                moves.append(entry)
        return format_game(PdnGame(tags=all_tags, moves=moves, result=result, setups=setups), comments)

    @classmethod
    def from_pdn(cls, text: str, human_side: int) -> tuple[FunGame, dict[str, str]]:
        """The game and its tags from `to_pdn` text; ValueError saying what is wrong where."""
        game, tags, problem = cls.replay_pdn(text, human_side)
        if problem:
            raise ValueError(problem)
        return game, tags

    @classmethod
    def replay_pdn(cls, text: str, human_side: int) -> tuple[FunGame, dict[str, str], str]:
        """`from_pdn` as far as it goes: the game up to its first entry that cannot be replayed, its tags, and what
        stopped it ("" when the whole game was read). ValueError when not even the tags or the start can be read."""
        tags, at = read_tags(text)
        game = cls(parse_fen(tags["FEN"]) if "FEN" in tags else None)
        try:
            for kind, token, offset in movetext_tokens(text, at):
                if kind == END:
                    if offset < len(text):
                        return game, tags, f"saved game: a second game's tags follow at {quoted(text[offset:])}"
                    break
                try:
                    game.replay_token(kind, token, human_side)
                except ValueError as error:
                    return game, tags, f"saved game, entry {len(game.entries) + 1} {quoted(token)}: {error}"
        except ValueError as error:  # the text itself: a comment, variation or setup never closed
            return game, tags, f"saved game, after entry {len(game.entries)}: {error}"
        return game, tags, ""

    def replay_token(self, kind: str, token: str, human_side: int) -> None:
        """Replay one movetext token of a saved game: an event comment, a setup (which must be the position the
        game reached), or a move; other comments, move numbers and results change nothing."""
        if kind == COMMENT:
            event = _EVENT_COMMENT.fullmatch(token)
            if event:
                self.add_event(FunEvent(event.group(1), int(event.group(2))), human_side)
        elif kind == SETUP:
            if parse_fen(token) != self.position:
                raise ValueError("the set-up position is not the one the game reached")
        elif token not in RESULTS and word_move(token):
            self.play(word_move(token))


def human_is_behind(position: Position, human_side: int) -> bool:
    return piece_count(position, human_side) < piece_count(position, 1 - human_side)


def may_roll(game: FunGame, rules: FunRules) -> bool:
    """Every condition of the rule except the dice: the right level, a computer capture just played, the
    human behind, inside the opening window, under the cap, the game going on."""
    entries = game.entries
    if not rules.acts_at_level() or not entries or game.outcome() is not None:
        return False
    last = entries[-1]
    if not isinstance(last, Move) or not last.is_capture or game.position.turn != rules.human_side:
        return False
    return (len(game.events) < MAX_EVENTS and game.moves_by(rules.human_side) < OPENING_MOVES
            and human_is_behind(game.position, rules.human_side))


def roll_event(game: FunGame, rules: FunRules) -> FunEvent | None:
    """The event fun mode brings now, or None: the conditions, then the seeded roll. Does not apply it."""
    if not may_roll(game, rules):
        return None
    rng = make_rng(rules.seed, "checkers-fun", len(game.entries))
    if int(rng.integers(ODDS)) != 0:
        return None
    position, human = game.position, rules.human_side
    gifts = [FunEvent(GIFT, s) for s in HOME_SQUARES[human] if position.piece_at(s) is Piece.EMPTY]
    computer_squares = [s for s in range(1, 33) if position.piece_at(s).side == 1 - human]
    kind = EVENT_KINDS[int(rng.integers(len(EVENT_KINDS)))]
    if kind == GIFT and not gifts:
        kind = DISASTERS[int(rng.integers(len(DISASTERS)))]
    if kind != GIFT and len(computer_squares) < 2:  # never the computer's last piece
        kind = GIFT
    candidates = gifts if kind == GIFT else [FunEvent(kind, s) for s in computer_squares]
    for index in rng.permutation(len(candidates)):
        event = candidates[int(index)]
        if apply_event(position, event, human).has_legal_move():
            return event
    return None
