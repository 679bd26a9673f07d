"""The analysis board without graphics: a line of moves to step through, the engine's view of the position shown,
a review of the whole line, positions set up by clicking or pasted as FEN, games loaded from PDN, the annotated
game exported. The scene (analysis_scene.py) turns clicks and keys into these calls; tests drive them directly.

The engine's view of the shown position is asked on the thinker whenever the position changes (`KeyedAnswer`:
a view for a position left meanwhile is dropped); the review runs there too, its progress read each frame.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from tablegames.checkers.analysis import Budget, MoveReview, View, analyse, annotated_pdn, review_game
from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.pdn import PdnGame, format_fen, parse_fen, read_pdn_file
from tablegames.checkers.position import Move, Piece, Position
from tablegames.core.files import write_atomic
from tablegames.core.worker import CancelToken, Job, KeyedAnswer, SearchCancelled, Thinker

VIEW_NODES = 600_000  # the shown position's search: well under a second here
REVIEW_NODES = 150_000  # each position of a review: a 60-move game in about 15 s here
PIECE_CYCLE = (Piece.EMPTY, Piece.BLACK_MAN, Piece.BLACK_KING, Piece.WHITE_MAN, Piece.WHITE_KING)


class AnalysisBoard:
    """A line of moves from `start` (the game analysed), the position shown (`cursor`: moves played so far)."""

    def __init__(self, thinker: Thinker, start: Position | None = None, moves: Sequence[Move] = (),
                 tags: dict[str, str] | None = None) -> None:
        self.thinker = thinker
        self.view_answer = KeyedAnswer(thinker)
        self.review_job: Job | None = None
        self.review_progress = [0, 0]  # positions reviewed, of: written by the review's thread, read here
        self.reviews: list[MoveReview] = []
        self.message = ""
        self.selected: int | None = None  # the square of the piece picked up to move
        self.setup: dict[int, Piece] | None = None  # the pieces while setting up a position
        self.setup_turn = BLACK
        self.load(start or Position.initial(), moves, tags or {})

    # --- the line ---------------------------------------------------------------------------------------------

    def load(self, start: Position, moves: Sequence[Move], tags: dict[str, str]) -> None:
        self.cancel_review()
        self.start = start
        self.moves = list(moves)
        self.tags = {name: value for name, value in tags.items() if name not in ("SetUp", "FEN", "Result")}
        self.positions = [start]
        for move in self.moves:
            self.positions.append(self.positions[-1].apply_unchecked(move))
        self.cursor = len(self.moves)
        self.reviews = []
        self.selected = None

    @property
    def position(self) -> Position:
        return self.positions[self.cursor]

    @property
    def history(self) -> tuple[Position, ...]:
        return tuple(self.positions[: self.cursor])

    def go_to(self, index: int) -> None:
        self.cursor = min(max(index, 0), len(self.moves))
        self.selected = None

    def step(self, delta: int) -> None:
        self.go_to(self.cursor + delta)

    def legal_moves(self) -> list[Move]:
        return [] if self.setup is not None else self.position.legal_moves()

    def play(self, move: Move) -> None:
        """Play `move` in the shown position: the line after it is replaced (a variation becomes the line)."""
        if self.cursor < len(self.moves) and self.moves[self.cursor] == move:
            self.step(1)  # the line's own next move
            return
        self.cancel_review()
        del self.moves[self.cursor:]
        del self.positions[self.cursor + 1:]
        self.reviews = [review for review in self.reviews if review.index < self.cursor]
        self.moves.append(move)
        self.positions.append(self.position.apply_unchecked(move))
        self.cursor += 1
        self.selected = None

    def click_square(self, square: int | None) -> None:
        """A click on a dark square: in setup, the next piece there; else pick up a piece of the side to move or
        put the picked-up one down (the move that ends there; a click elsewhere puts it back)."""
        if square is None:
            self.selected = None
            return
        if self.setup is not None:
            index = PIECE_CYCLE.index(self.setup.get(square, Piece.EMPTY))
            piece = PIECE_CYCLE[(index + 1) % len(PIECE_CYCLE)]
            if piece == Piece.EMPTY:
                self.setup.pop(square, None)
            else:
                self.setup[square] = piece
            return
        moves = self.legal_moves()
        if self.selected is not None:
            landing = [m for m in moves if m.from_square == self.selected and m.to_square == square]
            if landing:
                self.play(landing[0])
                return
        self.selected = square if any(m.from_square == square for m in moves) else None

    # --- setting up a position ------------------------------------------------------------------------------

    def begin_setup(self) -> None:
        position = self.position
        self.setup = {square: position.piece_at(square) for square in range(1, 33)
                      if position.piece_at(square) != Piece.EMPTY}
        self.setup_turn = position.turn
        self.selected = None
        self.message = "Set up: click a square for the next piece, T side to move, C clear, S done"

    def setup_fen(self) -> str:
        assert self.setup is not None
        sides = []
        for colour, man, king in (("W", Piece.WHITE_MAN, Piece.WHITE_KING), ("B", Piece.BLACK_MAN, Piece.BLACK_KING)):
            squares = [f"K{s}" if p == king else str(s) for s, p in sorted(self.setup.items()) if p in (man, king)]
            sides.append(colour + ",".join(squares))
        return f"{'B' if self.setup_turn == BLACK else 'W'}:{sides[0]}:{sides[1]}"

    def finish_setup(self) -> bool:
        """Use the set-up position (a new line from it); False and a message saying why when it cannot be."""
        try:
            position = parse_fen(self.setup_fen())
        except ValueError as error:
            self.message = f"Not a position: {error}"
            return False
        self.setup = None
        self.load(position, [], self.tags)
        self.message = "" if position.legal_moves() else "The side to move has no move: the game is over here"
        return True

    def setup_start(self) -> None:
        """The set-up board as a game starts: twelve men each, Black to move."""
        start = Position.initial()
        self.setup = {square: start.piece_at(square) for square in range(1, 33)
                      if start.piece_at(square) != Piece.EMPTY}
        self.setup_turn = BLACK

    def toggle_setup_turn(self) -> None:
        self.setup_turn = WHITE if self.setup_turn == BLACK else BLACK

    def clear_setup(self) -> None:
        if self.setup is not None:
            self.setup.clear()

    def paste_fen(self, text: str) -> None:
        try:
            position = parse_fen(text)
        except ValueError as error:
            self.message = f"Pasted text is not a FEN: {error}"
            return
        self.setup = None
        self.load(position, [], {})
        self.message = f"Position {format_fen(position)}"

    def load_file(self, path: str | Path) -> None:
        """The first game of a PDN file (a message says how many it holds), or a message saying why not."""
        try:
            games = read_pdn_file(path)
        except ValueError as error:
            self.message = str(error)
            return
        game = games[0]
        if game.setups:
            first = min(game.setups)
            self.message = (f"{Path(path).name}: a fun-mode game; its moves up to the first event ({first}) are "
                            "loaded")
            moves = game.moves[:first]
        else:
            count = len(games)
            self.message = f"{Path(path).name}: game 1 of {count}" if count > 1 else f"{Path(path).name} loaded"
            moves = game.moves
        self.setup = None
        self.load(game.start, moves, game.tags)
        self.go_to(0)

    # --- the engine -----------------------------------------------------------------------------------------

    def engine_view(self) -> View | None:
        """The engine's view of the shown position (asked of the thinker when it changed; None meanwhile or when
        the game is over there). Call it from update, not draw (`peek_view` there)."""
        position, history = self.position, self.history
        if self.setup is not None or not position.legal_moves():
            return None
        return self.view_answer.get((position, history), lambda: lambda token: analyse(
            position, Budget(nodes=VIEW_NODES), token.flag, history))

    def peek_view(self) -> View | None:
        return self.view_answer.peek((self.position, self.history))

    def is_thinking(self) -> bool:
        return self.view_answer.is_thinking()

    def start_review(self) -> None:
        if not self.moves:
            self.message = "No moves to review: play some, or drop a PDN game here"
            return
        self.cancel_review()
        game = self.pdn_game()
        progress = self.review_progress
        progress[0], progress[1] = 0, len(game.moves)

        def task(token: CancelToken) -> list[MoveReview]:
            def advance(done: int, total: int) -> None:
                progress[0], progress[1] = done, total

            reviews = review_game(game, Budget(nodes=REVIEW_NODES), token.flag, advance)
            if token.is_cancelled():
                raise SearchCancelled("review")
            return reviews

        self.review_job = self.thinker.submit(task)
        self.message = ""

    def poll(self) -> None:
        """Take in a finished review (a frame's work)."""
        self.view_answer.poll()
        job = self.review_job
        if job is None or not job.done():
            return
        self.review_job = None
        try:
            self.reviews = job.result()
        except SearchCancelled:
            return
        mistakes = sum(1 for review in self.reviews if review.glyph)
        self.message = (f"Reviewed {len(self.reviews)} moves: {mistakes} mistake{'s' if mistakes != 1 else ''}"
                        if mistakes else f"Reviewed {len(self.reviews)} moves: no mistake found")

    @property
    def is_reviewing(self) -> bool:
        return self.review_job is not None

    def cancel_review(self) -> None:
        if self.review_job is not None:
            self.review_job.cancel()
        self.review_job = None

    def cancel(self) -> None:
        """Leaving the board: stop what the thinker does for it."""
        self.cancel_review()
        self.view_answer.cancel()

    def review_of(self, index: int) -> MoveReview | None:
        return self.reviews[index] if index < len(self.reviews) else None

    # --- the game as PDN ------------------------------------------------------------------------------------

    def pdn_game(self) -> PdnGame:
        tags = dict(self.tags)
        if self.start != Position.initial():
            tags["SetUp"], tags["FEN"] = "1", format_fen(self.start)
        return PdnGame(tags, list(self.moves), "*")

    def export(self, folder: Path) -> Path | None:
        """The line, with the review's comments when it has one, as a new PDN file in `folder`; None and a message
        when it cannot be written."""
        path = folder / time.strftime("analysis-%Y%m%d-%H%M%S.pdn")
        try:
            write_atomic(path, annotated_pdn(self.pdn_game(), self.reviews))
        except OSError as error:
            self.message = f"Cannot export to {folder}: {error.strerror or error}"
            return None
        self.message = f"Saved {path}"
        return path
