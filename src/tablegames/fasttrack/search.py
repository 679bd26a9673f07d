"""The computer player's line search (spec 11.1): every line through the rest of the turn, scored by a Strategy.

A line is the clicks of one or more plays (a card with its piece and square, both halves of a split 7, a discard
or a cover), applied to a real game. The search expands lines a play at a time (a *level*): every playable card
(only the Q when the hand holds a Q and a K: they move alike), every piece, every split of a seven, and on while
the card played lets the player go again. A line ends when the turn is done, when the game is won, or when the
hand is refilled: the search never looks at an undrawn card, and the player searches again after drawing.

Positions reached two ways are one line. A position's key is its pieces (4 * square + colour, in square order),
its hand as a sorted multiset (padded with 15), the discard credits and the stage of the turn; lines are kept in
key order, so the choice never depends on the order the rules list their moves in. Of two ways to one position the
one through the earlier parent (in key order) and then the smaller clicks is kept. The best line has the highest
score, ties going to the smaller key, then the earlier level. A level keeps its first `LINE_CAP` positions in key
order and reports the cut.

`search_line` is the plain-Python reference over `FastTrackGame`; `compiled_search` runs the same search in the
compiled kernels (kernels.py) over a compact state, and `plan_turn` uses it on the four-player board.

Each takes an optional CancelToken (`token`, anything with its `flag`): the search reads it before each level
(the kernel polls the flag itself) and, once it is set, raises `SearchCancelled` instead of answering.

A strategy with a `temperature` (the weaker computer levels) chooses its line by the Gumbel-max trick: each line end
scores its value plus temperature x a Gumbel draw, and the best of those is played. That picks an end with the
probability softmax(value / temperature) over the distinct ends, so near-equal lines are confused often and much
worse ones rarely. The draw is no random state: it is a hash of the game's seed, the move (how many actions the game
has had) and the end's key (`line_noise`), so a game replayed from its seed and actions makes the same choices, and
the order the search meets the ends in does not matter. Temperature 0 is the plain search.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from tablegames.core.worker import HasCancelFlag, SearchCancelled, cancel_flag_of, raise_if_cancelled

from .board import EMPTY, layout
from .cards import HAND_SIZE, KING, NUM_RANKS, QUEEN
from .game import CARD_ACTION, END_TURN, FastTrackGame, Partnership, Phase
from .strategy import CHAMPION, MAX_HOME_COUNTED, Strategy, pieces_home

LINE_CAP = 20_000
STAGE_DREW = 7  # the stage of a line that refilled the hand (phases are 0..6)
HAND_PAD = 15  # pads the sorted hand in a key: after every card rank
LEVEL_PHASES = (Phase.NEED_CARD, Phase.NEED_DISCARD, Phase.NEED_COVER)  # where a play starts
MASK32 = 0xFFFFFFFF


@dataclass(frozen=True)
class Line:
    clicks: tuple[int, ...]  # the plays' click codes, without the final END_TURN
    score: int
    key: tuple[int, ...]
    stage: int  # Phase.DONE, Phase.OVER or STAGE_DREW


@dataclass(frozen=True)
class SearchResult:
    best: Line
    lines: int  # lines that ended (a position reached two ways counted twice)
    cut: bool  # a level had more than `cap` positions and kept the first `cap`
    alternatives: tuple[Line, ...] = ()  # with `keep`: the best lines to distinct ends, best first


def position_key(board: Sequence[int], hand: Sequence[int], credits: int, stage: int) -> tuple[int, ...]:
    pieces = tuple(4 * square + int(colour) for square, colour in enumerate(board) if colour != EMPTY)
    cards = sorted(int(c) for c in hand)
    return pieces + tuple(cards) + (HAND_PAD,) * (HAND_SIZE - len(cards)) + (int(credits), int(stage))


def key_credits(game: FastTrackGame, seat: int, stage: int) -> int:
    """Credits as a key holds them: after a refill they are not looked at (what follows depends on unseen cards)."""
    return 0 if stage == STAGE_DREW else int(game.credits[seat])


def team_of(game: FastTrackGame, seat: int) -> tuple[int, ...]:
    return (seat,) if game.partnership == Partnership.SOLO else (seat, game.partner(seat))


class Scorer:
    """The strategy's score of a line's end, for the seat to move (hoard by own pieces home when it searches)."""

    def __init__(self, game: FastTrackGame, strategy: Strategy) -> None:
        self.seat = game.seat
        self.team = team_of(game, game.seat)
        self.values: list[list[int]] = strategy.value_table(game.layout).tolist()
        home = pieces_home(game.board.tolist(), game.layout, game.seat)
        self.hoard: list[int] = strategy.hoard_table()[min(home, 3)].tolist()
        self.win_bonus = strategy.win_bonus

    def score(self, board: Sequence[int], hand: Sequence[int], stage: int, winners: tuple[int, ...]) -> int:
        total = sum(self.values[c][s] for s, c in enumerate(board) if c in self.team)
        if stage != STAGE_DREW:
            total += sum(self.hoard[c] for c in hand)
        if self.seat in winners:
            total += self.win_bonus
        return total


def choices(game: FastTrackGame) -> list[int]:
    """The legal actions the search tries: a K is not tried when a Q is (they move alike)."""
    actions = game.legal_actions()
    if game.phase in LEVEL_PHASES and CARD_ACTION + QUEEN in actions:
        actions = [a for a in actions if a != CARD_ACTION + KING]
    return actions


def drew_cards(before: FastTrackGame, after: FastTrackGame) -> bool:
    seat = before.seat
    return bool(
        before.deck_top[seat] != after.deck_top[seat] or before.random_states[seat] != after.random_states[seat]
    )


def plays(game: FastTrackGame) -> list[tuple[tuple[int, ...], FastTrackGame, bool]]:
    """Every play from a level phase: (its clicks, the game after it, whether the hand was refilled)."""
    found: list[tuple[tuple[int, ...], FastTrackGame, bool]] = []

    def walk(current: FastTrackGame, clicks: tuple[int, ...]) -> None:
        for action in choices(current):
            child = current.clone()
            child.apply_action(action)
            drew = drew_cards(current, child)
            if drew or child.phase not in (Phase.NEED_START, Phase.NEED_END):
                found.append((clicks + (action,), child, drew))
            else:
                walk(child, clicks + (action,))

    walk(game, ())
    return found


def mix32(x: int) -> int:
    """A 32-bit bijection that spreads every bit over the word (Chris Wellons' lowbias32); kernels.mix32 is the same."""
    x ^= x >> 16
    x = (x * 0x7FEB352D) & MASK32
    x ^= x >> 15
    x = (x * 0x846CA68B) & MASK32
    return x ^ (x >> 16)


def noise_state(seed: int, move: int, rotation: int = 0) -> int:
    """The noise of one decision: a hash of the game's seed, its rotation (experiments turn the decks) and the move
    (the number of actions the game has had)."""
    state = mix32(int(seed) & MASK32)
    state = mix32(state ^ ((int(seed) >> 32) & MASK32))
    state = mix32(state ^ (int(rotation) & MASK32))
    return mix32(state ^ (int(move) & MASK32))


def line_noise(state: int, key: Sequence[int]) -> float:
    """A standard Gumbel draw for the line end `key` at the decision `state`: -log(-log(u)), u hashed into (0, 1)."""
    for value in key:
        state = mix32(state ^ int(value))
    return -math.log(-math.log((state + 0.5) / 2.0**32))


def noise_of(game: FastTrackGame) -> int:
    """The noise state of the decision the seat to move makes now."""
    return noise_state(int(game.seed), len(game.actions))


# A line's end as search_line ranks it (smaller first): (-score, or with a temperature -(score + temperature x noise),
# key, level, parent rank, last play, clicks, score).
_Candidate = tuple[float, tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], int]


def search_line(game: FastTrackGame, strategy: Strategy = CHAMPION, cap: int = LINE_CAP, keep: int = 0,
                token: HasCancelFlag | None = None) -> SearchResult:
    """The best line for the seat to move, from a phase where a card is played, discarded or covered; with `keep`,
    also the `keep` best lines ending in distinct positions (for playouts). From the middle of a card (a piece or
    a square to choose) the first level finishes that card. SearchCancelled when `token` is cancelled (checked
    before each level)."""
    if game.pending_draws or game.phase not in (*LEVEL_PHASES, Phase.NEED_START, Phase.NEED_END):
        raise ValueError(f"search: expected a game waiting for the seat to play, got {game.phase.name}"
                         f"{' with cards to draw' if game.pending_draws else ''}")
    noise = noise_of(game)
    root = game.clone()
    root.history, root.actions = [], []  # the search never undoes; cloning stays cheap
    raise_if_cancelled(token, "fasttrack search")
    if strategy.first_legal:
        return first_line(root)
    scorer = Scorer(root, strategy)
    frontier: list[tuple[FastTrackGame, tuple[int, ...]]] = [(root, ())]
    best: _Candidate | None = None
    ends = 0
    finished: dict[tuple[int, ...], _Candidate] = {}
    cut = False
    level = 0
    while frontier:
        raise_if_cancelled(token, f"fasttrack search (level {level})")
        children: dict[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], FastTrackGame, tuple[int, ...]]] = {}
        for rank, (parent, clicks) in enumerate(frontier):
            for play, child, drew in plays(parent):
                stage = STAGE_DREW if drew else int(child.phase)
                if drew or child.phase in (Phase.DONE, Phase.OVER):
                    hand = () if drew else child.hand(root.seat)
                    board = child.board.tolist()
                    key = position_key(board, hand, key_credits(child, root.seat, stage), stage)
                    score = scorer.score(board, hand, stage, child.winners)
                    ends += 1
                    ranked_by = score + strategy.temperature * line_noise(noise, key) if strategy.temperature else score
                    candidate: _Candidate = (-ranked_by, key, level, rank, play, clicks + play, score)
                    if best is None or candidate[:5] < best[:5]:
                        best = candidate
                    if keep and (key not in finished or candidate[:5] < finished[key][:5]):
                        finished[key] = candidate
                    continue
                key = position_key(child.board.tolist(), child.hand(root.seat), int(child.credits[root.seat]), stage)
                order = (rank, play)
                if key not in children or order < children[key][0]:
                    children[key] = (order, child, clicks + play)
        keys = sorted(children)
        if len(keys) > cap:
            cut = True
            keys = keys[:cap]
        frontier = [(children[k][1], children[k][2]) for k in keys]
        level += 1
    assert best is not None, "a level phase always has a play"
    ranked = sorted(finished.values(), key=lambda c: c[:5])[:keep]
    alternatives = tuple(Line(c[5], c[6], c[1], c[1][-1]) for c in ranked)
    return SearchResult(Line(best[5], best[6], best[1], best[1][-1]), ends, cut, alternatives)


def first_line(game: FastTrackGame) -> SearchResult:
    """The naive baseline: always the first (smallest) legal action, to the end of the line."""
    current = game.clone()
    clicks: list[int] = []
    while True:
        before = current.clone()
        action = current.legal_actions()[0]
        current.apply_action(action)
        clicks.append(action)
        drew = drew_cards(before, current)
        if drew or current.phase in (Phase.DONE, Phase.OVER):
            stage = STAGE_DREW if drew else int(current.phase)
            hand = () if drew else current.hand(game.seat)
            key = position_key(current.board.tolist(), hand, key_credits(current, game.seat, stage), stage)
            return SearchResult(Line(tuple(clicks), 0, key, stage), 1, False)


@cache
def strategy_arrays(strategy: Strategy) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The strategy's value table (int64[4, 89]) and hoard table (int64[4, 14]) for the kernels."""
    return strategy.value_table(layout(4)), strategy.hoard_table()


def key_tuple(words: npt.NDArray[np.int64]) -> tuple[int, ...]:
    """A kernel key (four int64 words) as `position_key` writes it."""
    pieces = [(int(words[i // 6]) >> (9 * ((6 if i < 12 else 4) - 1 - i % 6) + (20 if i >= 12 else 0))) & 511
              for i in range(16)]
    cards = [(int(words[2]) >> (4 * (HAND_SIZE - 1 - slot))) & 15 for slot in range(HAND_SIZE)]
    return tuple(pieces) + tuple(cards) + (int(words[3]) >> 4, int(words[3]) & 15)


def compiled_search(game: FastTrackGame, strategy: Strategy = CHAMPION, cap: int = LINE_CAP,
                    token: HasCancelFlag | None = None) -> SearchResult:
    """`search_line` in the compiled kernels (four players): the same line, much faster. The kernel polls
    `token`'s flag before each level; SearchCancelled when it was set."""
    from . import kernels

    if game.pending_draws or game.phase not in LEVEL_PHASES:
        raise ValueError(f"search: expected a game waiting for a card to play, discard or cover, got {game.phase.name}")
    if game.players != kernels.ZONES:
        raise ValueError(f"compiled search: expected {kernels.ZONES} players, got {game.players}")
    flag = cancel_flag_of(token)
    raise_if_cancelled(token, "fasttrack search")
    seat = game.seat
    hand = np.bincount(game.hand(seat), minlength=NUM_RANKS).astype(np.int8)
    line = np.full((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), -1, dtype=np.int64)
    credits, phase, partnership = int(game.credits[seat]), int(game.phase), int(game.partnership)
    if strategy.first_legal:
        plays, stage = kernels.first_legal_line(game.board, hand, credits, phase, seat, partnership, kernels.TABLES, line)
        score, ends, cut = 0, 1, False
        key: tuple[int, ...] = ()
    else:
        values, hoards = strategy_arrays(strategy)
        hoard = hoards[min(pieces_home(game.board.tolist(), game.layout, seat), MAX_HOME_COUNTED)]
        words = np.empty(4, dtype=np.int64)
        plays, stage, score, ends, cut = kernels.search(
            game.board, hand, credits, phase, seat, partnership, kernels.TABLES, values, hoard, strategy.win_bonus,
            cap, line, words, flag, float(strategy.temperature), noise_of(game),
        )
        if plays == kernels.CANCELLED:
            raise SearchCancelled("fasttrack search cancelled between levels")
        key = key_tuple(words)
    clicks = tuple(int(c) for c in line[:plays].ravel() if c >= 0)
    return SearchResult(Line(clicks, int(score), key, int(stage)), int(ends), bool(cut))


def plan_turn(game: FastTrackGame, strategy: Strategy = CHAMPION, token: HasCancelFlag | None = None,
              seconds: float | None = None) -> list[int]:
    """The click codes that play the chosen line for the seat to move, up to the next refill (or the end of the
    turn, then with END_TURN last). Replay them one by one with `game.click`; after a refill, plan again.
    [] when the game is over. In the middle of a card (a piece already chosen) the line finishes that card.
    The computer player's `plan(state, token)`: SearchCancelled once `token` is cancelled. The expert (a strategy
    with playouts) and information-set MCTS (with iterations) answer within about `seconds` when given
    (expert.expert_choice)."""
    if game.phase == Phase.OVER:
        return []
    if game.phase == Phase.DONE and not game.pending_draws:
        return [END_TURN]
    compiled = game.players == 4 and game.phase in LEVEL_PHASES  # the kernels start a line at a whole card
    if compiled and (strategy.playouts or strategy.iterations):
        from .expert import expert_choice

        choice = expert_choice(game, strategy, token, seconds=seconds)
        return list(choice.clicks) + ([END_TURN] if choice.stage == Phase.DONE else [])
    search = compiled_search if compiled else search_line
    line = search(game, strategy, token=token).best
    return list(line.clicks) + ([END_TURN] if line.stage == Phase.DONE else [])
