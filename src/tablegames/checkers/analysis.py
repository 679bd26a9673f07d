"""The engine's view of a position and of a whole game, without graphics: the analysis board and
`tablegames checkers review` read it.

A position's view is the deep search's score (a man is about 100, from the side to move), its best move and the
line it expects (the best move, then the best reply found by searching again after it, and so on). A game's review
searches every position of the game once: a move's loss is how much worse its position is for the side that
played it than the best move's, both as the search sees them (a move the search would have played loses nothing),
and a loss of half a man or more is a mistake, one and a half a blunder. Everything is budgeted in nodes, so the
same game gives the same review on every machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablegames.checkers import search_kernels
from tablegames.checkers.endgame.index import DRAW, LOSS, WIN
from tablegames.checkers.endgame.probe import EndgameDatabase, shared_database
from tablegames.checkers.engine import BLACK
from tablegames.checkers.evaluate import learned_weights
from tablegames.checkers.levels import quiet_plies
from tablegames.checkers.pdn import PdnGame, format_game
from tablegames.checkers.position import Move, Position
from tablegames.checkers.search import search

MISTAKE = 50  # half a man: a move that loses this much is a mistake ("?")
BLUNDER = 150  # a man and a half: a blunder ("??")
LINE_PLIES = 8  # the best line shown, at most
DEFAULT_NODES = 400_000  # a position's search: about 0.2-0.5 s here
MAX_DEPTH = 30
WIN_SCORE = search_kernels.WIN_BOUND  # scores beyond it are forced wins (or losses)


@dataclass(frozen=True)
class Budget:
    """How hard a position is searched: a node budget (the same answer everywhere) and the deepest iteration."""

    nodes: int = DEFAULT_NODES
    depth: int = MAX_DEPTH

    def __post_init__(self) -> None:
        if not 1_000 <= self.nodes <= 1_000_000_000:
            raise ValueError(f"nodes {self.nodes}: expected 1000..1000000000")
        if not 1 <= self.depth <= MAX_DEPTH:
            raise ValueError(f"depth {self.depth}: expected 1..{MAX_DEPTH}")


@dataclass(frozen=True)
class View:
    """The engine's view of a position: `score` from the side to move (a man ~ 100; beyond WIN_SCORE a forced
    win, below -WIN_SCORE a forced loss), the best move and the line from it, the depth reached."""

    position: Position
    score: int
    line: tuple[Move, ...]
    depth: int
    nodes: int
    database: str = ""  # the endgame database's verdict for the side to move, where it knows the position


    @property
    def best(self) -> Move:
        return self.line[0]

    @property
    def black_score(self) -> int:
        """The score from Black's side (Black moves first): what the evaluation bar shows."""
        return self.score if self.position.turn == BLACK else -self.score

    def line_text(self) -> str:
        """The line in PDN, numbered from this position ("9. 11-15 23-19 10. 8-11")."""
        return numbered_line(self.position, self.line)


def move_number(start: Position, index: int) -> int:
    """The number PDN gives the move at `index` of a game from `start` (Black's and White's moves share one)."""
    return index // 2 + 1 if start.turn == BLACK else (index + 1) // 2 + 1


def move_label(start: Position, index: int) -> str:
    """The move at `index` of a game from `start` as PDN numbers it: "12." for Black's, "12..." for White's."""
    blacks = (index % 2 == 0) == (start.turn == BLACK)
    return f"{move_number(start, index)}." if blacks else f"{move_number(start, index)}..."


def numbered_line(position: Position, moves: Sequence[Move], first_number: int = 1) -> str:
    words: list[str] = []
    number = first_number
    board = position
    for index, move in enumerate(moves):
        if board.turn == BLACK:
            words.append(f"{number}.")
        elif index == 0:
            words.append(f"{number}...")
        words.append(move.notation)
        if board.turn != BLACK:
            number += 1
        board = board.apply_unchecked(move)
    return " ".join(words)


def score_words(score: int) -> str:
    """A score in words a player reads: "+1.3" men, or "wins in 7" / "loses in 7" (moves of the side to move's
    own, rounded up from plies)."""
    if score > WIN_SCORE:
        return f"wins in {(search_kernels.WIN - score + 1) // 2}"
    if score < -WIN_SCORE:
        return f"loses in {(search_kernels.WIN + score + 1) // 2}"
    return f"{round(score / 100, 1) + 0.0:+.1f}"  # (+ 0.0: no "-0.0")


def analyse(position: Position, budget: Budget = Budget(), cancel_flag: npt.NDArray[np.int32] | None = None,
            history: Sequence[Position] = (), weights: npt.NDArray[np.float64] | None = None) -> View:
    """The engine's view of `position` (which must have a legal move). The line goes on, searching again after
    each move with what is left of the budget shared out, until LINE_PLIES, the end of the game or a cancel."""
    weights = learned_weights() if weights is None else weights
    database = shared_database()
    quiet = quiet_plies(position, history)
    first = search(position, weights, budget.depth, budget.nodes, cancel_flag=cancel_flag, history=history,
                   quiet_plies=quiet, endgame=database)
    line = [first.move]
    board, earlier = position.apply_unchecked(first.move), [*history, position]
    for ply in range(1, min(LINE_PLIES, first.depth)):
        if not board.legal_moves() or (cancel_flag is not None and cancel_flag[0] != 0):
            break
        depth = max(1, first.depth - ply)
        reply = search(board, weights, depth, max(1_000, budget.nodes // 8), cancel_flag=cancel_flag,
                       history=earlier, quiet_plies=quiet_plies(board, earlier), endgame=database)
        line.append(reply.move)
        earlier.append(board)
        board = board.apply_unchecked(reply.move)
    return View(position, first.score, tuple(line), first.depth, first.nodes, database_verdict(database, position))


def database_verdict(database: EndgameDatabase | None, position: Position) -> str:
    """What the endgame database says of `position` for the side to move ("" beyond it, or without it): a win
    or loss with the plies to its conversion (the capture or crowning that leaves the material it has), or a draw.
    The 40-move rule is not counted here: the search's score does."""
    if database is None:
        return ""
    value = database.value(position.black, position.white, position.kings, position.turn)
    if value == DRAW:
        return "database draw"
    if value in (WIN, LOSS):
        plies = database.depth(position.black, position.white, position.kings, position.turn)
        return f"database {'win' if value == WIN else 'loss'}, converting in {plies} plies"
    return ""


@dataclass(frozen=True)
class MoveReview:
    """One move of a game as the engine sees it: its `loss` for the side that played it (0 when it is the move
    the search prefers) and the move it would have played, with the scores (the mover's side) of both."""

    index: int
    move: Move
    position: Position  # before the move
    best: Move
    best_score: int
    played_score: int

    @property
    def loss(self) -> int:
        if same_effect(self.move, self.best):
            return 0
        return max(0, clamp_win(self.best_score) - clamp_win(self.played_score))

    @property
    def glyph(self) -> str:
        """PDN's annotation: "??" a blunder, "?" a mistake, "" otherwise."""
        return "??" if self.loss >= BLUNDER else "?" if self.loss >= MISTAKE else ""

    def comment(self) -> str:
        if not self.glyph:
            return ""
        return (f"{self.glyph} loses {self.loss / 100:.1f} men: {self.best.notation} was better "
                f"({score_words(self.best_score)} against {score_words(self.played_score)})")


def same_effect(a: Move, b: Move) -> bool:
    """The same move, whichever route a multi-jump is written by (the engine knows one route per effect)."""
    return (a.mover_mask, a.captured_mask) == (b.mover_mask, b.captured_mask)


def clamp_win(score: int) -> int:
    """A forced win or loss counted as ten men: enough to mark a move that throws one away, without letting the
    distance to it make a loss look bigger than it is."""
    return max(-1000, min(1000, score))


def review_game(game: PdnGame, budget: Budget = Budget(), cancel_flag: npt.NDArray[np.int32] | None = None,
                progress: Callable[[int, int], None] | None = None) -> list[MoveReview]:
    """Every move of `game` reviewed: each position searched once (the view after a move is the next move's view
    before it). `progress(done, total)` after each position. Stops early (returning what is done) when the cancel
    flag is set. Raises ValueError for a game with a set-up position mid-game (fun mode's events): its moves are
    not one line of play."""
    if game.setups:
        raise ValueError("the game has positions set up during play (fun mode's events): it cannot be reviewed "
                         "as one line of moves")
    weights = learned_weights()
    positions = game.positions()
    total = len(game.moves)
    reviews: list[MoveReview] = []
    views: dict[int, View | None] = {}

    def view_of(index: int) -> View | None:
        """The view of the position before move `index` (None: the game is over there)."""
        if index not in views:
            board = positions[index]
            views[index] = analyse(board, budget, cancel_flag, positions[:index], weights) \
                if board.legal_moves() else None
        return views[index]

    for index, move in enumerate(game.moves):
        if cancel_flag is not None and cancel_flag[0] != 0:
            break
        before = view_of(index)
        assert before is not None  # a move was played from it
        after = view_of(index + 1)
        played = (search_kernels.WIN - 1) if after is None else -after.score  # no reply: the move wins
        reviews.append(MoveReview(index, move, positions[index], before.best, before.score, played))
        views.pop(index, None)
        if progress is not None:
            progress(index + 1, total)
    return reviews


def annotated_pdn(game: PdnGame, reviews: Sequence[MoveReview]) -> str:
    """The game in PDN with a comment after every mistake and blunder (what it loses, what was better), and the
    review's settings in an Annotator tag."""
    comments: dict[int, list[str]] = {}
    for review in reviews:
        if review.comment():
            comments.setdefault(review.index + 1, []).append(review.comment())
    tags = dict(game.tags)
    tags["Annotator"] = "tablegames review (mistake: half a man, blunder: a man and a half)"
    annotated = PdnGame(tags, list(game.moves), game.result, dict(game.setups))
    return format_game(annotated, comments)
