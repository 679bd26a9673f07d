"""The exact Piddle solver: backward induction over (dice, rerolls left, hand to beat, players after, cap).

How it is split:
- The round tables (kernels.build_round_tables) say, for every best-hand-so-far and every number of players
  still to act under every cap, how the round ends from the point of view of a player who has finished, the
  later players each playing optimally for themselves. They are built once per objective (~0.1 s) and cached
  on disk under the user cache dir, keyed by TABLES_SOURCE_KEY: a hash of the code that builds them.
- A question (advise) turns those tables into the stop values of one player and runs that player's backward
  induction over its 462 dice multisets and 0-2 rerolls (well under a millisecond).
Rung 1 is the case with nobody after you, Rung 2 the case with players after you under a known cap, Rung 3
the breaker (nothing to beat yet), whose stop also fixes the cap for the others.

`advise_position(position, objective, token)` is the player of the contract every table follows (core/worker.py):
the window runs it on its thinker, because a first question for an objective may load or build the tables; it
reads the token before and after getting the tables and raises SearchCancelled once it is set.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import lzma
import math
import os
import tokenize
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import product
from pathlib import Path

import numpy as np
import numpy.typing as npt

from tablegames.core.files import write_atomic
from tablegames.core.places import cache_folder
from tablegames.core.worker import HasCancelFlag, raise_if_cancelled
from tablegames.piddle import kernels
from tablegames.piddle.hands import (
    DICE,
    Hand,
    all_multisets,
    as_hand,
    describe_hand,
    format_dice,
    hand_of,
    hand_rank,
    sorted_dice,
    validate_dice,
)

# The code the round tables are built from: a cached table made by other code is rebuilt (no version to bump by hand)
TABLES_SOURCES = ("kernels.py", "hands.py", "solver.py")
CACHE_ENV = "TABLEGAMES_CACHE_DIR"  # tests point the cache here
MAX_PLAYERS = 6
MAX_ROLLS = 3

Floats = npt.NDArray[np.float64]
KernelArgs = tuple[kernels.Ints, kernels.Ints, kernels.Ints, kernels.Ints, kernels.Ints]


@dataclass(frozen=True)
class Objective:
    """What a player maximises: `lexicographic` (P(win), then P(push)) or `dollar` (P(win) + push_value*P(push))."""

    kind: str = "lexicographic"
    push_value: float = 0.5

    def __post_init__(self) -> None:
        if self.kind not in ("lexicographic", "dollar"):
            raise ValueError(f"objective {self.kind!r} is unknown: expected 'lexicographic' or 'dollar'")
        if not (isinstance(self.push_value, int | float) and 0.0 <= float(self.push_value) <= 1.0):
            raise ValueError(f"push value {self.push_value!r} is out of range: expected a number 0-1 "
                             "(the share of a win a push is worth)")

    @property
    def code(self) -> int:
        return kernels.LEXICOGRAPHIC if self.kind == "lexicographic" else kernels.DOLLAR

    @property
    def key(self) -> str:
        """A file-name-safe identity; the lexicographic objective ignores the push value."""
        return "lex" if self.kind == "lexicographic" else f"dollar-{float(self.push_value).hex()}"

    def prefers(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """True when (win, push) a is strictly better than b: the one comparison the kernels use too."""
        return bool(kernels.is_better(a[0], a[1], b[0], b[1], self.code, float(self.push_value)))


class DiceIndex:
    """Every multiset of 0-6 dice with an id: six-dice ones first (0..461), then by size, larger dice first."""

    def __init__(self) -> None:
        self.dice: list[tuple[int, ...]] = []
        for size in range(DICE, -1, -1):
            self.dice.extend(sorted(all_multisets(size), reverse=True))
        self.id_of = {dice: i for i, dice in enumerate(self.dice)}
        count = len(self.dice)
        assert count == kernels.MULTISETS and self.id_of[()] == kernels.EMPTY
        self.ms_size = np.array([len(d) for d in self.dice], dtype=np.int64)
        self.ms_add = np.full((count, 6), -1, dtype=np.int64)
        for i, dice in enumerate(self.dice):
            if len(dice) < DICE:
                for face in range(1, 7):
                    self.ms_add[i, face - 1] = self.id_of[sorted_dice(dice + (face,))]
        self.full_hand = np.array([hand_rank(hand_of(self.dice[d])) for d in range(kernels.FULL)], dtype=np.int64)
        starts, subs = [0], []
        for d in range(kernels.FULL):
            counts = [self.dice[d].count(face) for face in range(1, 7)]
            ids = sorted(
                self.id_of[sorted_dice(face for face, n in zip(range(1, 7), take, strict=True) for _ in range(n))]
                for take in product(*(range(c + 1) for c in counts))
            )
            subs.extend(ids)
            starts.append(len(subs))
        self.sub_start = np.array(starts, dtype=np.int64)
        self.sub_ids = np.array(subs, dtype=np.int64)

    def kernel_args(self) -> KernelArgs:
        """(ms_add, ms_size, full_hand, sub_start, sub_ids): the index arrays every kernel takes, in order."""
        return self.ms_add, self.ms_size, self.full_hand, self.sub_start, self.sub_ids

    def full_id(self, dice: tuple[int, ...]) -> int:
        return self.id_of[sorted_dice(dice)]

    def keeps_of(self, dice: tuple[int, ...]) -> list[int]:
        """The keep ids of a roll in tie-break order (more dice first, then larger dice)."""
        d = self.full_id(dice)
        return [int(k) for k in self.sub_ids[self.sub_start[d]:self.sub_start[d + 1]]]


INDEX = DiceIndex()


@dataclass(frozen=True)
class RoundTables:
    """round_values[n, cap, best, holder, (win, push, lose)] and follower_hands[m, cap, beat, tied, hand]."""

    objective: Objective
    round_values: Floats
    follower_hands: Floats


def build_tables(objective: Objective) -> RoundTables:
    """Build the round tables from scratch (no cache)."""
    round_values, follower_hands = kernels.build_round_tables(objective.code, float(objective.push_value),
                                                              *INDEX.kernel_args())
    return RoundTables(objective, round_values, follower_hands)


def tables_source_key() -> str:
    """A hash of the source of the modules that build the round tables (16 hex digits)."""
    digest = hashlib.blake2b(digest_size=8)
    package = resources.files("tablegames.piddle")
    for name in TABLES_SOURCES:
        digest.update(name.encode())
        digest.update(package.joinpath(name).read_bytes())
    return digest.hexdigest()


TABLES_SOURCE_KEY = tables_source_key()


def cache_dir() -> Path:
    """Where tables are cached: $TABLEGAMES_CACHE_DIR/piddle, else the user cache dir's piddle folder."""
    root = os.environ.get(CACHE_ENV)
    return (Path(root) if root else cache_folder()) / "piddle"


def cache_path(objective: Objective, directory: Path | None = None) -> Path:
    return (directory or cache_dir()) / f"tables-{TABLES_SOURCE_KEY}-{objective.key}.npz"


ROUND_VALUES_SHAPE = (kernels.PLAYERS_AFTER, kernels.MAX_REROLLS + 1, kernels.HANDS, 3, 3)
FOLLOWER_HANDS_SHAPE = (kernels.PLAYERS_AFTER - 1, kernels.MAX_REROLLS + 1, kernels.HANDS, 2, kernels.HANDS)
CACHE_TABLES = {"round_values": ROUND_VALUES_SHAPE, "follower_hands": FOLLOWER_HANDS_SHAPE}  # float64 arrays
CACHE_LABELS = ("source", "objective")  # short strings
LONGEST_LABEL = 64
# what reading a damaged zip of arrays can raise (a member's unknown compression method is NotImplementedError,
# an encrypted one RuntimeError, a broken compressed stream zlib's or lzma's own error, an array header numpy's
# fallback parser for Python 2 headers cannot tokenize tokenize's TokenError or a SyntaxError: found by the fuzz test)
DAMAGED_CACHE_ERRORS = (OSError, EOFError, ValueError, KeyError, zipfile.BadZipFile, NotImplementedError,
                        RuntimeError, zlib.error, lzma.LZMAError, tokenize.TokenError, SyntaxError)


def load_tables(path: Path, objective: Objective) -> RoundTables | None:
    """The cached tables, or None when the file is missing, of another version, or damaged in any way (a cache:
    whatever is wrong with it means building the tables again)."""
    try:
        arrays = read_cache(path)
    except DAMAGED_CACHE_ERRORS:
        return None
    if arrays is None or str(arrays["source"]) != TABLES_SOURCE_KEY or str(arrays["objective"]) != objective.key:
        return None
    round_values = np.asarray(arrays["round_values"], dtype=np.float64)  # (float64 already: checked on reading)
    follower_hands = np.asarray(arrays["follower_hands"], dtype=np.float64)
    if not np.all(np.isfinite(round_values)):
        return None
    return RoundTables(objective, round_values, follower_hands)


def read_cache(path: Path) -> dict[str, npt.NDArray[np.generic]] | None:
    """The arrays of a tables file, or None when it does not hold exactly the arrays it should. Each array's
    header (its shape and type) is checked before the array is read: a damaged header cannot make numpy
    allocate terabytes."""
    with zipfile.ZipFile(path) as archive:
        members = {name.removesuffix(".npy"): name for name in archive.namelist()}
        if sorted(members) != sorted((*CACHE_TABLES, *CACHE_LABELS)):
            return None
        arrays = {}
        for key, name in members.items():
            with archive.open(name) as member:
                version = np.lib.format.read_magic(member)
                if version == (1, 0):
                    shape, _, dtype = np.lib.format.read_array_header_1_0(member)
                elif version == (2, 0):
                    shape, _, dtype = np.lib.format.read_array_header_2_0(member)
                else:
                    return None
                if key in CACHE_TABLES:
                    fits = shape == CACHE_TABLES[key] and dtype == np.dtype(np.float64)
                else:
                    fits = shape == () and dtype.kind == "U" and dtype.itemsize <= 4 * LONGEST_LABEL
                if not fits:
                    return None
            with archive.open(name) as member:
                arrays[key] = np.lib.format.read_array(member, allow_pickle=False)
    return arrays


def save_tables(path: Path, tables: RoundTables) -> None:
    buffer = io.BytesIO()
    np.savez(buffer, source=np.str_(TABLES_SOURCE_KEY), objective=np.str_(tables.objective.key),
             round_values=tables.round_values, follower_hands=tables.follower_hands)
    write_atomic(path, buffer.getvalue())


_MEMORY: dict[tuple[str, str], RoundTables] = {}


def tables_for(objective: Objective, directory: Path | None = None) -> RoundTables:
    """The round tables for an objective: from memory, else from the disk cache, else built and cached."""
    path = cache_path(objective, directory)
    key = (str(path), objective.key)
    if key in _MEMORY:
        return _MEMORY[key]
    tables = load_tables(path, objective)
    if tables is None:
        tables = build_tables(objective)
        with contextlib.suppress(OSError):  # a read-only cache dir costs a rebuild next time, nothing more
            save_tables(path, tables)
    _MEMORY[key] = tables
    return tables


@dataclass(frozen=True)
class Move:
    """A decision: keep these dice and reroll the rest, or stop (keep is None); with its outcome."""

    keep: tuple[int, ...] | None
    win: float
    push: float
    lose: float

    @property
    def is_stop(self) -> bool:
        return self.keep is None

    def describe(self) -> str:
        if self.keep is None:
            return "stop"
        if not self.keep:
            return "reroll all six dice"
        rerolled = DICE - len(self.keep)
        return f"keep {' '.join(map(str, self.keep))}, reroll {rerolled} {'die' if rerolled == 1 else 'dice'}"


@dataclass(frozen=True)
class Advice:
    """The best move for a position, its win/push/lose, and every move ranked best first."""

    dice: tuple[int, ...]
    rerolls: int
    hand: Hand
    best: Move
    moves: tuple[Move, ...]

    @property
    def stop(self) -> bool:
        return self.best.is_stop

    @property
    def keep(self) -> tuple[int, ...]:
        """The dice to keep (all six when the move is to stop)."""
        return sorted_dice(self.dice) if self.best.keep is None else self.best.keep

    @property
    def win(self) -> float:
        return self.best.win

    @property
    def push(self) -> float:
        return self.best.push

    @property
    def lose(self) -> float:
        return self.best.lose

    @property
    def is_playing_for_push(self) -> bool:
        """No way left to win, but a push (a replay) is still possible: the best there is."""
        return self.best.win <= kernels.EPS and self.best.push > kernels.EPS


@dataclass(frozen=True)
class Position:
    """Everything the solver needs to know, checked."""

    dice: tuple[int, ...]
    rerolls: int
    beat: Hand = (0, 0)
    tied: bool = False
    after: int = 0
    cap: int | None = None  # the round's roll limit (1-3) for the players after; None when you break

    def __post_init__(self) -> None:
        validate_dice(self.dice)
        if not (isinstance(self.rerolls, int) and 0 <= self.rerolls <= kernels.MAX_REROLLS):
            raise ValueError(f"rerolls {self.rerolls!r} out of range: expected 0-2 rerolls left")
        hand_rank(self.beat)  # raises on a malformed hand
        if not (isinstance(self.after, int) and 0 <= self.after <= MAX_PLAYERS - 1):
            raise ValueError(f"players after {self.after!r} out of range: expected 0-{MAX_PLAYERS - 1}")
        if self.beat == (0, 0):
            if self.tied:
                raise ValueError("a tie needs a hand to beat: with nothing to beat yet you are the breaker")
            if self.cap is not None:
                raise ValueError("the cap does not apply when there is nothing to beat: you break, and the "
                                 "number of rolls you take sets the cap for the others")
        elif self.cap is not None and not (isinstance(self.cap, int) and 1 <= self.cap <= MAX_ROLLS):
            raise ValueError(f"cap {self.cap!r} out of range: expected the round's roll limit 1-3")

    @property
    def is_breaker(self) -> bool:
        return self.beat == (0, 0)


def stop_values(position: Position, tables: RoundTables) -> Floats:
    """term[r, hand] = (win, push, lose) of stopping with `hand` and r rerolls left."""
    term = np.zeros((kernels.MAX_REROLLS + 1, kernels.HANDS, 3))
    if position.is_breaker:
        kernels.fill_breaker_terms(tables.round_values, position.after, term)
    else:
        cap = MAX_ROLLS if position.cap is None else position.cap
        kernels.fill_follower_terms(tables.round_values, position.after, cap - 1, hand_rank(position.beat),
                                    position.tied, term)
    return term


def solve_position(dice: tuple[int, ...], rerolls: int, tables: RoundTables, beat: Hand = (0, 0),
                   tied: bool = False, after: int = 0, cap: int | None = None
                   ) -> tuple[Floats, Floats, kernels.Ints, Floats]:
    """Run one player's backward induction for a position; returns (term, values, actions, keep_values)."""
    position = Position(tuple(dice), rerolls, as_hand(beat), tied, after, cap)
    term = stop_values(position, tables)
    values = np.zeros((kernels.MAX_REROLLS + 1, kernels.FULL, 3))
    actions = np.zeros((kernels.MAX_REROLLS + 1, kernels.FULL), dtype=np.int64)
    keep_values = np.zeros((kernels.MAX_REROLLS + 1, kernels.MULTISETS, 3))
    objective = tables.objective
    kernels.solve_player(term, rerolls, objective.code, float(objective.push_value), *INDEX.kernel_args(),
                         values, actions, keep_values)
    return term, values, actions, keep_values


def advise(dice: Sequence[int], rerolls: int, beat: Hand | None = None, after: int = 0, cap: int | None = None,
           tied: bool = False, objective: Objective | None = None, tables: RoundTables | None = None) -> Advice:
    """The best move with `dice` showing and `rerolls` rerolls left.

    beat: the best hand so far (None or (0, 0) when you break); tied: that hand is already shared by two
    players (a push unless someone beats it); after: players still to act after you; cap: the round's roll
    limit 1-3 for them (default 3; must be None when you break, since your own stop sets it)."""
    if tables is not None and objective is not None and tables.objective != objective:
        raise ValueError(f"tables built for {tables.objective} cannot answer for {objective}")
    objective = tables.objective if tables is not None else (objective or Objective())
    tables = tables or tables_for(objective)
    dice = validate_dice(tuple(dice))
    beat = (0, 0) if beat is None else as_hand(beat)
    term, values, actions, keep_values = solve_position(dice, rerolls, tables, beat, tied, after, cap)
    d = INDEX.full_id(dice)
    hand = hand_of(dice)
    h = hand_rank(hand)
    candidates = [Move(None, *map(float, term[rerolls, h]))]
    if rerolls > 0:
        for k in INDEX.keeps_of(dice):
            candidates.append(Move(INDEX.dice[k], *map(float, keep_values[rerolls - 1, k])))

    def compare(a: Move, b: Move) -> int:
        if objective.prefers((a.win, a.push), (b.win, b.push)):
            return -1
        if objective.prefers((b.win, b.push), (a.win, a.push)):
            return 1
        return 0

    ranked = tuple(sorted(candidates, key=functools.cmp_to_key(compare)))  # stable: ties keep tie-break order
    action = int(actions[rerolls, d])
    best = candidates[0] if action == kernels.STOP else next(m for m in candidates[1:] if m.keep == INDEX.dice[action])
    assert math.isclose(best.win, values[rerolls, d, 0], abs_tol=1e-12)
    return Advice(dice, rerolls, hand, best, ranked)


def advise_position(position: Position, objective: Objective, token: HasCancelFlag | None = None) -> Advice:
    """`advise` for a checked Position under `objective`; SearchCancelled when `token` is cancelled (read before
    and after the tables are loaded or built, the one step that can take a while)."""
    raise_if_cancelled(token, "piddle advice")
    tables_for(objective)  # loaded or built now, kept in memory for `advise`
    raise_if_cancelled(token, "piddle advice")
    return advise(position.dice, position.rerolls, beat=position.beat, after=position.after, cap=position.cap,
                  tied=position.tied, objective=objective)


@dataclass(frozen=True)
class BreakerOutlook:
    """Rung 3 for a table of `players`: the breaker's chances from its first roll, and how often it stops
    after 1, 2 and 3 rolls (so how often the cap is 1, 2, 3)."""

    players: int
    win: float
    push: float
    lose: float
    stop_after: tuple[float, float, float]


def breaker_outlook(players: int, objective: Objective | None = None,
                    tables: RoundTables | None = None, token: HasCancelFlag | None = None) -> BreakerOutlook:
    """The breaker's outlook; SearchCancelled when `token` is cancelled (read before and after the tables)."""
    if not (isinstance(players, int) and 2 <= players <= MAX_PLAYERS):
        raise ValueError(f"players {players!r} out of range: a Piddle table has 2-{MAX_PLAYERS} players")
    if tables is not None and objective is not None and tables.objective != objective:
        raise ValueError(f"tables built for {tables.objective} cannot answer for {objective}")
    raise_if_cancelled(token, "piddle breaker outlook")
    tables = tables or tables_for(objective or Objective())
    raise_if_cancelled(token, "piddle breaker outlook")
    _, _, actions, keep_values = solve_position((6, 6, 6, 6, 6, 6), kernels.MAX_REROLLS, tables,
                                                after=players - 1)
    hand_dist = np.zeros(kernels.HANDS)
    stop_mass = np.zeros(kernels.MAX_REROLLS + 1)
    kernels.play_forward(actions, kernels.MAX_REROLLS, INDEX.ms_add, INDEX.ms_size, INDEX.full_hand, hand_dist,
                         stop_mass)
    win, push, lose = (float(x) for x in keep_values[kernels.MAX_REROLLS, kernels.EMPTY])
    one, two, three = (float(stop_mass[kernels.MAX_REROLLS - rolls + 1]) for rolls in (1, 2, 3))
    return BreakerOutlook(players, win, push, lose, (one, two, three))


def describe_advice(advice: Advice) -> str:
    return (f"{format_dice(advice.dice)} ({describe_hand(advice.hand)}), {advice.rerolls} "
            f"reroll{'s' if advice.rerolls != 1 else ''} left: {advice.best.describe()}")
