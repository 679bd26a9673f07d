"""The Piddle table without graphics: the table model, the dice's tumble, the computers' pace, the advice, the mood.

Animations off: the dice land at once; reduced motion: they land quickly without flying. The pauses between the
computers' steps stay either way: they are there so a person can follow the play, not for show.

The rules live in `tablegames.piddle.table.PiddleTable`; this controller only paces it for the eye. A roll starts
a tumble (the dice fly and land); a computer's turn is played a step at a time with a pause between steps, its
held dice shown before it rolls; a finished turn lingers a moment before the next player's. A person acts
(hold, roll, stop, hint, next round) only when nothing is moving. `drain()` hands the scene the sound effects and
moods the round produced.

The solver's answers (the advice a computer plays and the advisor shows, the breaker's outlook) are worked out on
the thinker, the contract every table follows: the window asks with an immutable copy of the position, polls each
frame, and uses an answer only for the position it was asked about. A first answer for an objective may load or
build the solver's tables, which is why it is off the window's thread; until it comes, the computer waits and
the advisor says it is thinking. With an inline thinker (the tests' default) every answer is there at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tablegames.core.rng import make_rng
from tablegames.core.worker import CancelToken, KeyedAnswer, Thinker
from tablegames.music.mood import Mood
from tablegames.piddle.hands import DICE, describe_hand
from tablegames.piddle.solver import Advice, BreakerOutlook, Objective, advise_position, breaker_outlook
from tablegames.piddle.table import SETTLED, TURN, PiddleTable, positions_to_hold

if TYPE_CHECKING:
    from tablegames.ui.settings import Settings

HUMAN_SEAT = 0
COMPUTER_NAMES = ("Ada", "Boris", "Cleo", "Dmitri", "Esme")
TUMBLE_SECONDS = 0.8
QUICK_TUMBLE_SECONDS = 0.25  # reduced motion: the dice land quickly, with no flight
COMPUTER_PAUSE = 0.9  # between a computer's steps: time to see what it holds before it rolls
LINGER_SECONDS = 1.3  # a finished turn stays on the table this long before the next player's
BREAK_SECONDS = 1.6  # the break roll is shown this long before the breaker's turn
WATCH_NEXT_ROUND = 2.6  # in watch mode the next round starts by itself after this long
STRONG_HAND = (4, 2)  # beating four of a kind or more puts the music on edge
LOG_LINES = 5


@dataclass(frozen=True)
class DiePose:
    """How one die looks at this moment: its face, its offset from its resting place (in die sizes), its turn
    (radians), its height in the air (0 on the cloth, up to 1)."""

    value: int
    dx: float
    dy: float
    angle: float
    lift: float


@dataclass
class Tumble:
    """Dice in flight: `rolling` positions fly from `start` offsets and land on their final faces."""

    rolling: frozenset[int]
    duration: float
    seed: int
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def is_over(self) -> bool:
        return self.elapsed >= self.duration


@dataclass(frozen=True)
class Stage:
    """What the cloth shows: whose dice, the dice (None before the first roll), which are held, rolls taken."""

    seat: int
    dice: tuple[int, ...] | None
    held: frozenset[int]
    rolls_taken: int
    roll_limit: int


def make_table(players: int, seed: int, watch: bool, objective: Objective) -> PiddleTable:
    names = ["You"] + list(COMPUTER_NAMES[:players - 1])
    computers = frozenset(range(players)) if watch else frozenset(range(1, players))
    if watch:
        names[0] = "Zoe"
    return PiddleTable(names, computers, seed=seed, objective=objective)


def objective_of(settings: Settings) -> Objective:
    return Objective(settings.piddle_objective, float(settings.piddle_push_value))


def second_person(text: str) -> str:
    """The table's words about the seat named "You", in the second person."""
    for verb in ("wins", "breaks", "stops", "rolls"):
        text = text.replace(f"You {verb}", f"You {verb[:-1]}")
    return text


class PiddleController:
    """The table and its clock; `effects` and `moods` collect what the scene should play."""

    def __init__(self, table: PiddleTable, watch: bool = False, animations: bool = True,
                 reduced_motion: bool = False, thinker: Thinker | None = None) -> None:
        self.thinker = thinker if thinker is not None else Thinker(inline=True)
        self.advisor = KeyedAnswer(self.thinker)  # the advice on the dice showing
        self.outlook = KeyedAnswer(self.thinker)  # the breaker's outlook before the first roll
        self.watch = watch
        self.animations = animations
        self.reduced_motion = reduced_motion
        self.effects: list[str] = []
        self.moods: list[Mood] = []
        self.mood: Mood | None = None  # none yet: the first round's calm is announced
        self.message = ""
        self.start(table)

    # --- the table ---------------------------------------------------------------------------------------------

    def start(self, table: PiddleTable) -> None:
        """Sit at `table`: a new one, or one resumed in the middle of a round (its past goes into the log without
        its sounds, and play goes straight on from where it was)."""
        self.cancel_thinking()
        self.table = table
        self.tumble: Tumble | None = None
        self.linger: Stage | None = None
        self.linger_left = 0.0
        self.wait = 0.0
        self.pending_roll = False  # a computer has chosen its held dice and rolls after the pause
        self.rolls = 0  # every roll so far: seeds each tumble's flight
        self.hint_wanted = False  # H pressed while the advisor was thinking: the hint is given when it answers
        self.log: list[str] = [second_person(event.text) for event in table.events if event.kind != "roll"]
        del self.log[:-LOG_LINES]
        self.seen_events = len(table.events)
        self.begin_round_display()

    def begin_round_display(self) -> None:
        """At a round's start the break roll is shown for a while; a table resumed later in a round goes on."""
        table = self.table
        starting = table.phase == TURN and table.turn == 0 and table.dice is None
        self.wait = BREAK_SECONDS if starting else 0.0
        self.showing_break = starting
        self.round_over_shown = False
        self.collect_events()
        self.set_mood(Mood.CALM)
        if not starting:
            self.follow_round()

    def set_objective(self, objective: Objective) -> None:
        if objective != self.table.objective:
            self.table.objective = objective  # the advice's key holds the objective: it is asked again

    def cancel_thinking(self) -> None:
        """Cancel what the thinker is working out for this table (leaving it, or a new table)."""
        self.advisor.cancel()
        self.outlook.cancel()

    @property
    def is_settled(self) -> bool:
        return self.table.phase == SETTLED

    def is_busy(self) -> bool:
        """Something is moving or being shown: a person's keys wait."""
        return self.tumble is not None or self.linger is not None or self.showing_break

    def is_persons_turn(self) -> bool:
        table = self.table
        return (not self.watch and table.phase == TURN and table.current_seat == HUMAN_SEAT
                and not self.is_busy())

    def can_person_hold(self) -> bool:
        return self.is_persons_turn() and self.table.dice is not None and self.table.can_roll()

    # --- what the cloth shows ------------------------------------------------------------------------------------

    def stage(self) -> Stage:
        if self.linger is not None:
            return self.linger
        table = self.table
        seat = table.current_seat
        if seat is not None:  # a turn is being played
            return Stage(seat, table.dice, frozenset(table.held), table.rolls_taken, table.roll_limit)
        result = table.results[-1]  # settled: the winner's dice, or the first of the tied best hands
        best = max(result.hands.values())
        seat = result.winner if result.winner is not None else next(s for s in table.order if result.hands[s] == best)
        return Stage(seat, table.final_dice[seat], frozenset(), 0, 0)

    def die_pose(self, position: int) -> DiePose:
        """The face and flight of die `position` now: mid-tumble a rolling die shows changing faces in the air."""
        stage = self.stage()
        value = stage.dice[position] if stage.dice is not None else 1 + position
        tumble = self.tumble
        if tumble is None or position not in tumble.rolling:
            return DiePose(value, 0.0, 0.0, 0.0, 0.0)
        t = tumble.progress
        rng = make_rng(tumble.seed, "piddle-tumble", position)
        spin, flips = rng.uniform(2.0, 4.0), int(rng.integers(5, 9))
        side = (2.5 - position) / 2.5 * rng.uniform(0.1, 0.6)  # from nearer the middle: they stay on the cloth
        if self.reduced_motion or not self.animations:
            return DiePose(value if t >= 0.5 else 1 + (value + position) % 6, 0.0, 0.0, 0.0, 0.0)
        rest = 1.0 - t
        ease = rest * rest
        bounce = abs(math.sin(t * math.pi * 2.5)) * rest  # it lands, hops twice, settles
        face = value if t >= 0.7 else 1 + (value + position + int(t * flips * 1.4)) % 6
        return DiePose(face, side * ease, -1.6 * ease - 0.25 * bounce, spin * ease * math.pi,
                       min(1.0, 0.6 * ease + 0.5 * bounce))

    def advice(self) -> Advice | None:
        """The exact best move of the player to act on the dice showing (None before its first roll, mid-tumble,
        between turns, or while the thinker works it out). Asked once per position, on the thinker."""
        key = self.advice_key()
        if key is None:
            return None
        table = self.table

        def make_task() -> Callable[[CancelToken], Advice]:
            position, objective = table.position(), table.objective  # copies, made on the window's thread
            return lambda token: advise_position(position, objective, token)

        return self.advisor.get(key, make_task)

    def advice_key(self) -> tuple[int, int, tuple[int, ...], int, Objective] | None:
        """What the advice is about, or None when there is nothing to advise on."""
        table = self.table
        if table.phase != TURN or table.dice is None or self.tumble is not None or self.linger is not None:
            return None
        return (table.round_index, table.turn, table.dice, table.rerolls_left, table.objective)

    def shown_advice(self) -> Advice | None:
        """`advice()` as far as the thinker has answered, asking nothing: what drawing may call."""
        key = self.advice_key()
        return None if key is None else self.advisor.peek(key)

    def is_thinking(self) -> bool:
        """The thinker is working out an answer the table waits for."""
        return self.advisor.is_thinking() or self.outlook.is_thinking()

    def breaker_outlook(self) -> BreakerOutlook | None:
        """The breaker's chances before its first roll (Rung 3), from the thinker (None until it answers)."""
        players, objective = self.table.players, self.table.objective

        def make_task() -> Callable[[CancelToken], BreakerOutlook]:
            return lambda token: breaker_outlook(players, objective, token=token)

        return self.outlook.get((players, objective), make_task)

    def shown_outlook(self) -> BreakerOutlook | None:
        """`breaker_outlook()` as far as the thinker has answered, asking nothing: what drawing may call."""
        return self.outlook.peek((self.table.players, self.table.objective))

    def wants_breaker_outlook(self) -> bool:
        """The advisor shows the breaker's chances: the first turn of a round, before its first roll."""
        table = self.table
        return table.phase == "turn" and table.turn == 0 and table.dice is None and not self.is_busy()

    def advised_positions(self) -> list[int]:
        """The dice positions the advice keeps (all six when it says stop)."""
        advice, dice = self.advice(), self.table.dice
        if advice is None or dice is None:  # (there is advice only on dice showing)
            return []
        return positions_to_hold(dice, advice.keep)

    # --- a person's actions (each returns whether it did something) -----------------------------------------------

    def toggle(self, position: int) -> bool:
        if not self.can_person_hold() or not 0 <= position < DICE:
            return False
        self.hint_wanted = False  # the person chose for themselves
        self.table.toggle_hold(position)
        return True

    def roll(self) -> bool:
        table = self.table
        if not self.is_persons_turn() or not table.can_roll():
            return False
        if table.dice is not None and len(table.held) == DICE:
            self.message = "All six dice are held: Enter to stop, or let some go"
            return False
        self.do_roll()
        return True

    def stop(self) -> bool:
        if not self.is_persons_turn() or not self.table.can_stop():
            return False
        self.do_stop()
        return True

    def hint(self) -> bool:
        """Hold the dice the advisor keeps (all six when it says stop); while it is still thinking, as soon as it
        answers."""
        if not self.is_persons_turn() or self.table.dice is None:
            return False
        advice = self.advice()
        if advice is None:
            self.hint_wanted = True
            self.message = "The advisor is thinking..."
            return True
        self.hint_wanted = False
        if self.table.can_roll():
            self.table.set_held(self.advised_positions())
        self.message = f"Advisor: {advice.best.describe()}"
        return True

    def next_round(self) -> bool:
        if not self.is_settled or self.is_busy():
            return False
        self.table.start_round()
        self.begin_round_display()
        return True

    # --- carrying out a roll or a stop, for a person or a computer -----------------------------------------------

    def do_roll(self) -> None:
        table = self.table
        seat, first = table.require_turn("roll"), table.dice is None
        held = frozenset() if first else frozenset(table.held)
        limit, taken = table.roll_limit, table.rolls_taken
        table.roll()
        self.message = ""
        self.hint_wanted = False
        self.rolls += 1
        rolling = frozenset(range(DICE)) - held
        duration = 0.0 if not self.animations else (QUICK_TUMBLE_SECONDS if self.reduced_motion else TUMBLE_SECONDS)
        self.tumble = Tumble(rolling, duration, seed=int(table.seed) * 7919 + self.rolls)
        if table.phase != TURN or table.current_seat != seat:  # the last roll allowed ended the turn
            self.start_linger(Stage(seat, table.final_dice[seat], frozenset(), taken + 1, limit))
        self.effects.append("dice")
        self.collect_events()

    def do_stop(self) -> None:
        table = self.table
        seat = table.require_turn("stop")
        stage = Stage(seat, table.dice, frozenset(), table.rolls_taken, table.roll_limit)
        self.hint_wanted = False
        table.stop()
        self.start_linger(stage)
        self.collect_events()

    def start_linger(self, stage: Stage) -> None:
        self.linger = stage
        self.linger_left = LINGER_SECONDS

    def computer_step(self) -> bool:
        """One visible step of the computer to act: roll first; then hold the advised dice (shown for a pause),
        then roll them; or stop. False (nothing done) while the thinker is still working out the advice."""
        table = self.table
        if table.dice is None or self.pending_roll:
            self.pending_roll = False
            self.do_roll()
            return True
        advice = self.advice()
        if advice is None:
            return False
        keep = advice.best.keep
        if keep is None:  # the advice is to stop
            self.do_stop()
            return True
        table.set_held(positions_to_hold(table.dice, keep))
        self.pending_roll = True
        return True

    # --- the clock ---------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.advisor.poll()  # an answer the thinker finished since the last frame
        self.outlook.poll()
        if self.hint_wanted:
            if not self.is_persons_turn():
                self.hint_wanted = False
            elif self.advice() is not None:
                self.hint()
        if self.tumble is not None:
            self.tumble.elapsed += dt
            if not self.tumble.is_over:
                return
            self.tumble = None
            dt = 0.0
        if self.linger is not None:
            self.linger_left -= dt
            if self.linger_left > 0:
                return
            self.linger = None
            self.wait = COMPUTER_PAUSE
            self.follow_round()
            return
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return
        if self.showing_break:
            self.showing_break = False
            self.follow_round()
        table = self.table
        seat = table.current_seat  # None unless a turn is being played
        if seat is not None and table.is_computer(seat):
            if self.computer_step():
                self.wait = COMPUTER_PAUSE  # else the advice is on its way: try again next frame
        elif table.phase == SETTLED and self.watch:
            if not self.round_over_shown:  # the result stays up a while before the next round
                self.round_over_shown = True
                self.wait = WATCH_NEXT_ROUND
            else:
                self.next_round()

    def skip(self) -> None:
        """Finish what is moving at once (the tumble, a lingering turn, the pause)."""
        if self.tumble is not None:
            self.tumble.elapsed = self.tumble.duration
        self.linger_left = 0.0
        self.wait = 0.0

    # --- events, sounds, mood ---------------------------------------------------------------------------------

    def collect_events(self) -> None:
        for event in self.table.events[self.seen_events:]:
            if event.kind != "roll":
                self.log.append(second_person(event.text))
            if event.kind == "push":
                self.effects.append("gift")
                self.set_mood(Mood.BIG_MOMENT)
            elif event.kind == "win":
                mine = event.seat == HUMAN_SEAT and not self.watch
                if self.watch:
                    self.effects.append("win")
                    self.set_mood(Mood.WIN)
                else:
                    self.effects.append("win" if mine else "loss")
                    self.set_mood(Mood.WIN if mine else Mood.LOSS)
            elif event.kind == "cap":
                self.effects.append("chain")
        self.seen_events = len(self.table.events)
        del self.log[:-LOG_LINES]

    def follow_round(self) -> None:
        """The music of the turn now starting: tension when you must beat a strong hand, threat while the others
        chase yours, calm otherwise."""
        table = self.table
        if table.phase != TURN:
            return
        beat, _ = table.best_so_far()
        if self.watch or table.current_seat == HUMAN_SEAT:
            self.set_mood(Mood.TENSION if beat >= STRONG_HAND else Mood.CALM)
        elif HUMAN_SEAT in table.hands and table.hands[HUMAN_SEAT] == beat:
            self.set_mood(Mood.THREAT)
        else:
            self.set_mood(Mood.CALM)

    def set_mood(self, mood: Mood) -> None:
        if mood != self.mood:
            self.mood = mood
            self.moods.append(mood)

    def drain(self) -> tuple[list[str], list[Mood]]:
        effects, moods = self.effects, self.moods
        self.effects, self.moods = [], []
        return effects, moods

    # --- words for the screen -----------------------------------------------------------------------------------

    def instructions(self) -> str:
        table = self.table
        if self.showing_break:
            return f"{table.names[table.breaker]} breaks" if table.breaker != HUMAN_SEAT or self.watch \
                else "You break: your rolls set the cap"
        if self.message:
            return self.message
        if self.is_settled:
            result = table.results[-1]
            if result.is_push:
                return "Push! Everyone adds $1 and the round replays" + ("" if self.watch else ": Space")
            return "Round over" + ("" if self.watch else ": Space for the next round")
        stage = self.stage()
        name = table.names[stage.seat]
        if self.linger is not None:
            return f"{name}: {describe_hand(table.hands[stage.seat])}" if stage.seat in table.hands \
                else f"{name} rolls"
        if table.current_seat is not None and table.is_computer(table.current_seat):
            return f"{name} is thinking" if table.dice is not None else f"{name} rolls"
        if table.dice is None:
            return "Your turn: Space to roll all six dice"
        if not table.can_roll():
            return "No rolls left: Enter to stop"
        return "Click dice or press 1-6 to hold; Space rolls the rest; Enter stops"
