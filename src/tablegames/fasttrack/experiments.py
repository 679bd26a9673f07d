"""Four-computer games and experiments over the compiled kernels: determinism digests, paired comparisons, playouts.

An experiment plays red with the strategy under test and the other seats with the champion; a game stops when
someone wins. Comparisons are paired: every strategy plays the same deals, each seed dealt four times with the
decks turned a seat (rotation 0..3), so red plays every seat's deck. Win rates come with the paired difference
deal by deal and its standard error.

Both fan out over chunks of seeds (core/fanout.py: this process, worker processes or a Dask cluster); every game
is dealt from its own seed and rotation, so the chunks' results, put back in order, are the same wherever they
ran.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tablegames.core.fanout import Fanout
from tablegames.core.progress import Progress

from . import kernels
from .board import layout
from .cards import MOVE_AGAIN, NUM_RANKS, RANK_NAMES
from .game import CARD_ACTION, END_TURN, FastTrackGame, Partnership
from .search import LINE_CAP, Line
from .strategy import CHAMPION, Strategy

LOG_WIDTH = 4096  # clicks kept a game (a game is a few hundred)


def kernel_strategies(
    strategies: Sequence[Strategy],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Strategies as kernel arrays: values[S, 4, 89], hoards[S, 4, 14], win_bonus[S], first_legal[S]."""
    lay = layout(kernels.ZONES)
    values = np.stack([s.value_table(lay) for s in strategies]).astype(np.int64)
    hoards = np.stack([s.hoard_table() for s in strategies]).astype(np.int64)
    win_bonus = np.array([s.win_bonus for s in strategies], dtype=np.int64)
    first_legal = np.array([int(s.first_legal) for s in strategies], dtype=np.int64)
    return values, hoards, win_bonus, first_legal


def expert_arrays(
    strategies: Sequence[Strategy],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The strategies' expert settings as kernel arrays: playouts[S], lines kept[S], margin[S] (playouts 0: none)."""
    return (np.array([s.playouts for s in strategies], dtype=np.int64),
            np.array([max(s.expert_lines, 1) for s in strategies], dtype=np.int64),
            np.array([s.expert_margin for s in strategies], dtype=np.int64))


def samples_player(strategy: Strategy) -> bool:
    """Whether the strategy decides by sampled deals (the expert or information-set MCTS), not by its search alone."""
    return strategy.playouts > 0 or strategy.iterations > 0


@dataclass(frozen=True)
class Games:
    seeds: npt.NDArray[np.int64]
    rotations: npt.NDArray[np.int64]
    winners: npt.NDArray[np.int64]  # seat of the winner (the lower seat of a partnership), -1 if none
    turns: npt.NDArray[np.int64]
    logs: list[npt.NDArray[np.int32]]  # every game's clicks, as FastTrackGame.actions would hold them

    def digest(self) -> str:
        """One digest of every move of every game."""
        h = hashlib.blake2b(digest_size=16)
        for log in self.logs:
            h.update(len(log).to_bytes(4, "little"))
            h.update(log.astype("<i4").tobytes())
        return h.hexdigest()


def play_seeds(
    seeds: Sequence[int],
    rotations: Sequence[int],
    seat_strategies: Sequence[Strategy],
    partnership: int = 0,
    cap: int = LINE_CAP,
    max_turns: int = kernels.MAX_TURNS,
) -> Games:
    """Play one game per (seed, rotation) with the seats' strategies, in the compiled kernels."""
    if len(seat_strategies) != kernels.ZONES:
        raise ValueError(f"seat strategies: expected {kernels.ZONES}, got {len(seat_strategies)}")
    distinct = list(dict.fromkeys(seat_strategies))
    seat_strategy = np.array([distinct.index(s) for s in seat_strategies], dtype=np.int64)
    values, hoards, win_bonus, first_legal = kernel_strategies(distinct)
    seeds_array = np.array(seeds, dtype=np.int64)
    rotations_array = np.array(rotations, dtype=np.int64)
    count = len(seeds_array)
    logs = np.zeros((count, LOG_WIDTH), dtype=np.int32)
    log_sizes = np.zeros(count, dtype=np.int64)
    winners = np.zeros(count, dtype=np.int64)
    turns = np.zeros(count, dtype=np.int64)
    temperatures = np.array([s.temperature for s in distinct], dtype=np.float64)  # the weaker levels' noise
    if any(samples_player(s) for s in distinct):  # an expert or ISMCTS at the table: the game loop that can call it
        kernels.play_expert_games(
            seeds_array, rotations_array, partnership, seat_strategy, values, hoards, win_bonus, first_legal, cap,
            kernels.TABLES, logs, log_sizes, winners, turns, max_turns, temperatures, *expert_arrays(distinct),
            np.zeros(3, dtype=np.int64), np.array([s.iterations for s in distinct], dtype=np.int64),
        )
    else:
        kernels.play_games(
            seeds_array, rotations_array, partnership, seat_strategy, values, hoards, win_bonus, first_legal, cap,
            kernels.TABLES, logs, log_sizes, winners, turns, max_turns, temperatures,
        )
    if np.any(log_sizes > LOG_WIDTH):
        raise RuntimeError(f"a game logged more than {LOG_WIDTH} clicks")
    return Games(seeds_array, rotations_array, winners, turns, [logs[i, : log_sizes[i]] for i in range(count)])


GAMES_CHUNK = 20  # seeds a task plays (a few seconds): small enough for a smooth bar, big enough for a cluster


def warm_kernels() -> None:
    """In a worker, before its first task: compile or load the whole-game kernel (one short game)."""
    play_seeds([0], [0], (CHAMPION,) * kernels.ZONES, max_turns=1)


def play_chunk(args: tuple[list[int], list[int], tuple[Strategy, ...], int]) -> Games:
    """Worker: play_seeds on one chunk of seeds (a top-level function, sent to the workers by name)."""
    seeds, rotations, seat_strategies, partnership = args
    return play_seeds(seeds, rotations, seat_strategies, partnership)


def play_many(seeds: Sequence[int], rotations: Sequence[int], seat_strategies: Sequence[Strategy],
              partnership: int = 0, fanout: Fanout | None = None, progress: Progress | None = None,
              chunk: int = GAMES_CHUNK) -> Games:
    """play_seeds in chunks of `chunk` games, run where `fanout` runs tasks (default: this process): the same
    Games (and digest) as one play_seeds call."""
    chunks = [(list(seeds[i : i + chunk]), list(rotations[i : i + chunk]), tuple(seat_strategies), partnership)
              for i in range(0, len(seeds), chunk)]
    parts = (fanout or Fanout()).map(play_chunk, chunks, progress, steps=lambda args: len(args[0]))
    return Games(
        np.concatenate([p.seeds for p in parts]), np.concatenate([p.rotations for p in parts]),
        np.concatenate([p.winners for p in parts]), np.concatenate([p.turns for p in parts]),
        [log for p in parts for log in p.logs],
    )


def state_of(game: FastTrackGame) -> kernels.State:
    """A FastTrackGame's compact kernel state (four players; the game must not be waiting for a draw)."""
    if game.players != kernels.ZONES or game.pending_draws:
        raise ValueError("kernel state: expected a four-player game that is not waiting for a draw")
    hands = np.zeros((kernels.ZONES, NUM_RANKS), dtype=np.int8)
    piles = np.zeros((kernels.ZONES, NUM_RANKS), dtype=np.int8)
    for seat in range(kernels.ZONES):
        hands[seat] = np.bincount(game.hand(seat), minlength=NUM_RANKS)
        piles[seat] = np.bincount(game.pile(seat), minlength=NUM_RANKS)
    info = np.zeros(kernels.INFO_SIZE, dtype=np.int64)
    info[kernels.SEAT], info[kernels.PHASE] = game.seat, int(game.phase)
    info[kernels.WINNER] = min(game.winners) if game.winners else kernels.NO_WINNER
    return (
        game.board.copy(), hands, game.decks.copy(), game.deck_top.astype(np.int64), game.deck_end.astype(np.int64),
        piles, game.random_states.astype(np.int64), game.credits.astype(np.int64), info,
    )


def play_timed(seed: int, rotation: int, seat_strategies: Sequence[Strategy], cap: int = LINE_CAP) -> tuple[int, float, int]:
    """One game driven from Python a decision at a time: (winner, worst decision in seconds, decisions)."""
    import time

    distinct = list(dict.fromkeys(seat_strategies))
    values, hoards, win_bonus, first_legal = kernel_strategies(distinct)
    state = kernels.new_game(seed, rotation)
    tables = kernels.TABLES
    kernels.refill_then(state, 0, True, kernels.NEED_DISCARD, tables)
    log = np.zeros(LOG_WIDTH, dtype=np.int32)
    line = np.empty((kernels.MAX_LEVELS, kernels.PLAY_WIDTH), dtype=np.int64)
    info = state[8]
    worst, decisions = 0.0, 0
    while info[kernels.PHASE] != kernels.OVER and info[kernels.TURNS] < kernels.MAX_TURNS:
        if info[kernels.PHASE] == kernels.DONE:
            kernels.end_turn(state, 0, tables, log)
            continue
        strategy = distinct.index(seat_strategies[int(info[kernels.SEAT])])
        start = time.perf_counter()
        plays = kernels.decide(state, 0, strategy, values, hoards, win_bonus, first_legal, cap, tables, line)[0]
        worst = max(worst, time.perf_counter() - start)
        decisions += 1
        for i in range(plays):
            kernels.apply_play(state, 0, line[i], tables, log)
    return int(info[kernels.WINNER]), worst, decisions


def card_statistics(games: Games) -> str:
    """Who used which cards (played, discarded or covered), read from the games' clicks: the winner's share of each
    rank, the move-again share of winners' and losers' cards, and cards a game for winners and losers."""
    winner_cards = np.zeros(NUM_RANKS, dtype=np.int64)
    all_cards = np.zeros(NUM_RANKS, dtype=np.int64)
    loser_cards = np.zeros(NUM_RANKS, dtype=np.int64)
    decided = 0
    for log, winner in zip(games.logs, games.winners, strict=True):
        if winner < 0:
            continue
        decided += 1
        seat = 0
        for code in log.tolist():
            if code == END_TURN:
                seat = (seat + 1) % kernels.ZONES
            elif CARD_ACTION <= code < CARD_ACTION + NUM_RANKS:
                all_cards[code - CARD_ACTION] += 1
                (winner_cards if seat == winner else loser_cards)[code - CARD_ACTION] += 1
    again = sorted(MOVE_AGAIN)
    share = winner_cards / np.maximum(all_cards, 1)
    order = np.argsort(-share, kind="stable")
    lines = [
        f"cards used by the winner, share of all uses of the rank ({decided} games, {kernels.ZONES} seats; "
        f"even would be {1 / kernels.ZONES:.3f}):",
        "  " + ", ".join(f"{RANK_NAMES[r]} {share[r]:.3f}" for r in order),
        f"move-again cards: {winner_cards[again].sum() / winner_cards.sum():.1%} of the winners' cards, "
        f"{loser_cards[again].sum() / loser_cards.sum():.1%} of the losers'",
        f"cards a game: winner {winner_cards.sum() / decided:.1f}, "
        f"each loser {loser_cards.sum() / decided / (kernels.ZONES - 1):.1f}",
    ]
    return "\n".join(lines)


# --- paired experiments -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    strategy: str
    games: int
    red_wins: int  # red playing the strategy under test against three champions
    champion_red_wins: int  # red playing the baseline (the champion unless given) on the same deals
    difference: float  # mean paired difference of red's win (test - baseline), in win-rate points (0..1)
    standard_error: float
    partnership: int = 0  # not SOLO: red and green are a team playing the strategy, blue and purple champions
    baseline: str = CHAMPION.name  # what red plays on the same deals to be compared with (the others: champions)

    def report(self) -> str:
        rate, base = self.red_wins / self.games, self.champion_red_wins / self.games
        if self.partnership:
            mode = Partnership(self.partnership).name.lower().replace("_", "-")
            lines = [
                f"red and green play {self.strategy} against two champions ({mode} partnerships): "
                f"{self.red_wins} wins of {self.games} ({100 * rate:.1f}%)",
                f"red and green play {self.baseline} on the same deals: {self.champion_red_wins} wins of {self.games} "
                f"({100 * base:.1f}%)",
            ]
        else:
            lines = [
                f"red plays {self.strategy} against three champions: {self.red_wins} wins of {self.games} ({100 * rate:.1f}%)",
                f"{f'red plays {self.baseline} on the same deals:':<50} {self.champion_red_wins} wins of {self.games} ({100 * base:.1f}%)",
            ]
        if self.strategy != self.baseline:
            se = self.standard_error
            ratio = f"{self.difference / se:+.2f}" if se > 0 else "n/a"
            unpaired = math.sqrt((rate * (1 - rate) + base * (1 - base)) / self.games)
            lines.append(f"paired difference: {100 * self.difference:+.2f} points, standard error {100 * se:.2f} ({ratio} SE); "
                         f"unpaired the standard error would be {100 * unpaired:.2f}")
        return "\n".join(lines)


def red_wins_chunk(
    args: tuple[list[int], Strategy, int, Strategy],
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Worker: red's wins for (seeds x 4 rotations) with the strategy and with the baseline (the champion unless
    another is given) in red's seat (in partnerships: red's team's, red and green both playing it)."""
    seeds, strategy, partnership, baseline_strategy = args
    deals = [(seed, rotation) for seed in seeds for rotation in range(kernels.ZONES)]
    seeds_list, rotations = [d[0] for d in deals], [d[1] for d in deals]
    seats = (strategy, CHAMPION, strategy if partnership else CHAMPION, CHAMPION)
    tested = play_seeds(seeds_list, rotations, seats, partnership=partnership)
    if strategy == baseline_strategy:
        return tested.winners == 0, tested.winners == 0
    baseline_seats = (baseline_strategy, CHAMPION, baseline_strategy if partnership else CHAMPION, CHAMPION)
    baseline = play_seeds(seeds_list, rotations, baseline_seats, partnership=partnership)
    return tested.winners == 0, baseline.winners == 0


def compare(
    strategy: Strategy,
    seeds: Sequence[int],
    fanout: Fanout | None = None,
    progress: Progress | None = None,
    chunk: int = 10,
    partnership: int = 0,
    baseline: Strategy = CHAMPION,
) -> Comparison:
    """Red plays `strategy`, then `baseline` (the champion unless given), on the same deals (every seed dealt four
    times, decks turned), the other seats champions; in partnerships (`partnership` a Partnership other than SOLO)
    red and green play it as a team. The chunks of `chunk` seeds run where `fanout` runs tasks (default: this
    process), `progress` counts deals."""
    chunks = [(list(seeds[i : i + chunk]), strategy, partnership, baseline) for i in range(0, len(seeds), chunk)]
    results = (fanout or Fanout()).map(red_wins_chunk, chunks, progress,
                                       steps=lambda args: len(args[0]) * kernels.ZONES)
    tested = np.concatenate([r[0] for r in results]).astype(np.float64)
    baseline_wins = np.concatenate([r[1] for r in results]).astype(np.float64)
    difference = tested - baseline_wins
    n = len(difference)
    se = float(difference.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
    return Comparison(strategy.name, n, int(tested.sum()), int(baseline_wins.sum()), float(difference.mean()), se,
                      partnership, baseline.name)


# --- playouts of one decision --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Playout:
    clicks: tuple[int, ...]
    score: int
    wins: int
    games: int


def playouts(game: FastTrackGame, candidates: Sequence[Line], count: int, seed: int = 0) -> list[Playout]:
    """Each candidate line (a search Line) played out `count` times with every seat's undrawn cards shuffled
    afresh, the same shuffles for every line, then champions in every seat; the wins of the seat to move."""
    from tablegames.core.rng import make_rng

    seat = game.seat
    values, hoards, win_bonus, first_legal = kernel_strategies((CHAMPION,))
    seat_strategy = np.zeros(kernels.ZONES, dtype=np.int64)
    results = []
    for line in candidates:
        wins = 0
        for j in range(count):
            trial = game.clone()
            rng = make_rng(seed, "fasttrack", "playout", j)
            for s in range(kernels.ZONES):
                top, end = int(trial.deck_top[s]), int(trial.deck_end[s])
                trial.decks[s, top:end] = rng.permutation(trial.decks[s, top:end])
            for code in line.clicks:
                trial.click(code)
            state = state_of(trial)
            log = np.zeros(LOG_WIDTH, dtype=np.int32)
            winner = kernels.play_on(
                state, int(game.partnership), seat_strategy, values, hoards, win_bonus, first_legal, LINE_CAP,
                kernels.TABLES, log, kernels.MAX_TURNS,
            )
            wins += int(winner == seat)
        results.append(Playout(line.clicks, line.score, wins, count))
    return results
