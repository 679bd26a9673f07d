"""The Fast Track table without graphics: whose seat is whose, the computer's clock, the marble walks, the mood.

The controller holds the game and its latest `table_view`. A person's click is a click code of that view; a
computer's seat plays its plan (made on the thinker) one click a tick, after a pause. Every click that moves a piece
starts a walk: the marble goes square by square along the view's motion, a captured piece is held on its square
until the mover lands, bursts, and only then shows back in its pen. Nothing else happens until the walk is over.

`shown_slots()` is what the board should show at this moment (the view, with the squares of a walk in progress
as they were before it), so a painter needs nothing but it, `walker()` (and `swapper()` for a jack's trade) and
`burst()`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from tablegames.core.worker import CancelToken, HasCancelFlag, Job, SearchCancelled, Thinker
from tablegames.fasttrack.game import OOPS_CLICK, FastTrackGame, Partnership
from tablegames.fasttrack.view import RGB, Slot, TableView, table_view
from tablegames.music.mood import Mood
from tablegames.ui.fasttrack.computer import computer_plan, fallback_plan

log = logging.getLogger(__name__)

HUMAN_SEAT = 0
Planner = Callable[[FastTrackGame, HasCancelFlag | None], list[int]]  # plan(state, token) -> clicks
PARTNERSHIPS = {"none": Partnership.SOLO, "any_time": Partnership.ANYTIME, "when_home": Partnership.ONCE_HOME}

# speed 1..4: the pause before a computer's click, a marble's time a square, a capture's burst (seconds)
PAUSES = (1.0, 0.55, 0.3, 0.12)
STEP_TIMES = (0.2, 0.12, 0.07, 0.035)
BURST_TIMES = (0.6, 0.45, 0.3, 0.18)
SWAP_TIME = 3.0  # a trade's hop takes three squares' time, so the eye can follow both pieces
REDUCED_STEP_SHARE = 0.5  # reduced motion: a marble slides in half the time, without hops, and nothing bursts
LOG_LINES = 6
SKIP_BUDGET = 0.006  # seconds of clicks a frame may play while skipping, so the frame keeps its pace


@dataclass
class Walk:
    """One click's motion on screen: the marble on `path` (squares, from the start), then a capture's burst."""

    path: tuple[int, ...]
    colour: RGB | None
    capture: tuple[int, int] | None  # (square, pen square)
    captured_colour: RGB | None
    before: tuple[Slot, ...]  # the slots before the click
    step_time: float
    burst_time: float
    swap_colour: RGB | None = None  # a jack's trade: the other piece, going the other way
    elapsed: float = 0.0

    @property
    def walk_time(self) -> float:
        return (len(self.path) - 1) * self.step_time

    @property
    def total_time(self) -> float:
        return self.walk_time + (self.burst_time if self.capture is not None else 0.0)

    @property
    def has_landed(self) -> bool:
        return self.elapsed >= self.walk_time

    @property
    def is_over(self) -> bool:
        return self.elapsed >= self.total_time


@dataclass(frozen=True)
class Walker:
    centre: tuple[float, float]  # square units, like the slots' centres
    colour: RGB
    lift: float  # 0 on a square, up to 1 half-way between two


@dataclass(frozen=True)
class Burst:
    centre: tuple[float, float]
    colour: RGB
    progress: float  # 0..1


def make_game(seed: int, players: int = 4, partners: str = "none") -> FastTrackGame:
    partnership = PARTNERSHIPS.get(partners, Partnership.SOLO)
    if players not in (4, 6):
        partnership = Partnership.SOLO  # partners sit opposite: 4 or 6 players only
    return FastTrackGame(seed=seed, players=players, partnership=partnership)


def pieces_home(game: FastTrackGame) -> list[int]:
    """How many of each colour's pieces stand in its base."""
    board = game.board.tolist()
    return [sum(board[s] == colour for s in game.layout.base(colour)) for colour in range(game.players)]


class TableController:
    """The table's state and clock. `effects` collects sound effect names for the scene to play."""

    def __init__(self, game: FastTrackGame, thinker: Thinker, speed: int = 2, watch: bool = False,
                 planner: Planner = computer_plan) -> None:
        self.thinker = thinker
        self.speed = speed
        self.watch = watch
        self.planner = planner
        self.effects: list[str] = []
        self.moods: list[Mood] = []
        self.mood = Mood.CALM
        self.captures = 0
        self.animations = True  # off: a click's result is shown at once (no walk)
        self.reduced_motion = False  # short slides, no hops, no bursts
        self.start(game)

    def set_motion(self, animations: bool, reduced_motion: bool) -> None:
        """Follow the settings: animations off shows each move at once; reduced motion slides briefly and flat."""
        self.animations, self.reduced_motion = bool(animations), bool(reduced_motion)

    # --- the game ----------------------------------------------------------------------------------------------

    def start(self, game: FastTrackGame) -> None:
        self.cancel_plan()
        self.game = game
        self.view: TableView = table_view(game, HUMAN_SEAT)
        self.walk: Walk | None = None
        self.plan: list[int] = []
        self.job: Job | None = None
        self.job_key: tuple[int, ...] = ()
        self.waited = 0.0
        self.skipping = False
        self.clicks = 0
        self.log: list[tuple[int, str]] = []  # (seat, what it did), the latest last
        self.replay_log(game)
        self.home = pieces_home(game)
        self.set_mood(self.race_mood())

    def is_computer(self, seat: int) -> bool:
        return self.watch or seat != HUMAN_SEAT

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal()

    def is_thinking(self) -> bool:
        """A computer's plan is being made on the thinker."""
        return self.job is not None and not self.job.done()

    def is_persons_turn(self) -> bool:
        return not self.is_over and not self.is_computer(self.game.seat)

    def clickable(self) -> set[int]:
        """Every click code the view offers now."""
        view = self.view
        codes = {s.click for s in view.slots if s.click is not None}
        codes |= {c.click for c in view.hand if c.click is not None}
        codes |= {b.click for b in view.buttons}
        return codes

    # --- clicks ------------------------------------------------------------------------------------------------

    def person_click(self, code: int) -> bool:
        """A person clicked something with this code: played when it is their turn and the view offers it."""
        if not self.is_persons_turn():
            return False
        self.finish_walk()
        if code not in self.clickable():
            return False
        self.play(code)
        return True

    def play(self, code: int) -> None:
        """Send one click to the rules and start its walk."""
        before = self.view.slots
        held_cards = len(self.view.hand)
        self.note(code)
        self.game.click(code)
        self.clicks += 1
        self.view = table_view(self.game, HUMAN_SEAT)
        view = self.view
        if code == OOPS_CLICK:
            self.walk = None
            return
        if len(view.hand) < held_cards and not view.motion:
            self.effects.append("card")
        index = self.speed_index()
        step_time, burst_time = STEP_TIMES[index], BURST_TIMES[index]
        if self.reduced_motion:
            step_time, burst_time = step_time * REDUCED_STEP_SHARE, 0.0
        if len(view.motion) > 1:
            mover = view.slots[view.motion[-1]].piece
            captured = before[view.capture[0]].piece if view.capture is not None else None
            self.walk = Walk(view.motion, mover, view.capture, captured, before, step_time, burst_time)
        elif view.motion and (partner := self.swapped_with(before, view.motion[0])) is not None:
            start = view.motion[0]
            self.walk = Walk((start, partner), before[start].piece, None, None, before, SWAP_TIME * step_time,
                             burst_time, swap_colour=before[partner].piece)
        if self.walk is None:
            self.after_click()
        elif self.skipping or not self.animations:
            self.finish_walk()

    def swapped_with(self, before: tuple[Slot, ...], start: int) -> int | None:
        """A move without a walk (a jack's trade): the square whose piece changed places with the one on `start`,
        the view's latest move's end (marked "moved"), or None."""
        after = self.view.slots
        for slot in after:
            if slot.mark == "moved" and slot.square != start:
                other = slot.square
                if after[other].piece == before[start].piece and after[start].piece == before[other].piece:
                    return other
        return None

    def note(self, code: int) -> None:
        """Keep the play log: a line a card (played, discarded or covered), with where its piece went."""
        if code == OOPS_CLICK:
            if self.log:
                self.log.pop()
            return
        seat = self.game.seat
        text = self.game.action_to_string(code).replace(".", " ")
        verb, _, rest = text.partition(" ")
        if verb in ("play", "discard", "cover"):
            self.log.append((seat, rest if verb == "play" else f"{verb}s {rest}"))
            del self.log[:-LOG_LINES]
        elif self.log and self.log[-1][0] == seat and verb in ("from", "to", "trade"):
            previous = self.log[-1][1]
            joiner = "" if verb != "from" else ", " if ":" in previous else ":"  # a split's second half: ", "
            words = rest if verb == "from" else text
            self.log[-1] = (seat, f"{previous}{joiner} {words}".replace(",  ", ", "))

    def replay_log(self, game: FastTrackGame) -> None:
        """The play log of a game begun elsewhere (resumed, or set up by playing): its last actions replayed."""
        if not game.actions:
            return
        replay = FastTrackGame(seed=int(game.seed), players=game.players, partnership=game.partnership)
        first = max(0, len(game.actions) - 60)
        for code in game.actions[:first]:
            replay.apply_action(code)
        self.game = replay  # `note` reads the game before each click
        try:
            for code in game.actions[first:]:
                self.note(code)
                replay.apply_action(code)
        finally:
            self.game = game

    def take_single_choice(self) -> None:
        """A piece or a square that is the only thing to click is clicked for the person."""
        codes = self.clickable() - {OOPS_CLICK}
        squares = [s.click for s in self.view.slots if s.click is not None]
        if len(codes) == 1 and len(squares) == 1:
            self.play(squares[0])

    def after_click(self) -> None:
        """What follows a click once its walk is over: a piece home sounds, the mood follows the race."""
        home = pieces_home(self.game)
        if any(now > then for now, then in zip(home, self.home, strict=False)):
            self.effects.append("crown")
        self.home = home
        self.set_mood(self.race_mood())

    # --- the clock ------------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.walk is not None:
            self.advance_walk(dt)
            if self.walk is not None:
                return
        if self.is_over or not self.is_computer(self.game.seat):
            self.skipping = False
            self.waited = 0.0
            if not self.is_over:
                self.take_single_choice()
            return
        self.waited += dt
        self.poll_plan()
        if self.skipping:
            self.play_skipping()
            return
        if self.plan and self.waited >= PAUSES[self.speed_index()]:
            self.play_planned()

    def play_planned(self) -> None:
        code = self.plan.pop(0)
        self.waited = 0.0
        if code in self.clickable():
            self.play(code)
        else:  # the plan no longer fits (it should not happen): plan again from here
            self.plan = []

    def play_skipping(self) -> None:
        import time

        deadline = time.perf_counter() + SKIP_BUDGET
        seat = self.game.seat
        while time.perf_counter() < deadline and not self.is_over and self.is_computer(self.game.seat):
            if self.watch and self.game.seat != seat:
                self.skipping = False
                return
            self.poll_plan()
            if not self.plan:
                return
            self.play_planned()

    def poll_plan(self) -> None:
        key = self.plan_key()
        if self.job is not None and self.job.done():
            job, self.job = self.job, None
            if self.job_key == key:
                try:
                    self.plan = [int(code) for code in job.result()]
                except SearchCancelled:  # only a job this table cancelled, and those are forgotten: ask again
                    self.plan = []
                except Exception:  # a failing search must not stop the table: a legal click, then plan again
                    log.exception("fasttrack: the computer's search failed; playing the first legal click")
                    self.plan = fallback_plan(self.game)
        if not self.plan and self.job is None:
            trial = self.game.clone()
            planner = self.planner

            def task(token: CancelToken) -> list[int]:
                return planner(trial, token)

            self.job_key = key
            self.job = self.thinker.submit(task)
            if self.job.done():
                self.poll_plan()

    def plan_key(self) -> tuple[int, int]:
        return (id(self.game), len(self.game.actions))

    def cancel_plan(self) -> None:
        job = getattr(self, "job", None)
        if job is not None:
            job.cancel()
        self.job = None
        self.plan = []

    def skip(self) -> None:
        """Play the computers' clicks at once: to the person's turn, or (watching) to the end of this turn."""
        if not self.is_over and self.is_computer(self.game.seat):
            self.skipping = True
        self.finish_walk()

    def set_speed(self, speed: int) -> None:
        self.speed = min(max(int(speed), 1), 4)

    def speed_index(self) -> int:
        return min(max(self.speed, 1), 4) - 1

    # --- the walk -------------------------------------------------------------------------------------------------

    def advance_walk(self, dt: float) -> None:
        walk = self.walk
        assert walk is not None
        had_landed = walk.has_landed
        walk.elapsed += dt
        if walk.has_landed and not had_landed:
            self.land(walk)
        if walk.is_over:
            self.walk = None
            self.after_click()

    def land(self, walk: Walk) -> None:
        self.effects.append("marble")
        if walk.capture is not None:
            self.captures += 1
            self.effects.append("capture")
            self.set_mood(Mood.BIG_MOMENT)

    def finish_walk(self) -> None:
        if self.walk is not None:
            self.advance_walk(self.walk.total_time + 1.0)

    def shown_slots(self) -> tuple[Slot, ...]:
        """The slots as the board shows them now: the view, with a walk's squares as they were until it lands."""
        walk = self.walk
        slots = self.view.slots
        if walk is None:
            return slots
        shown = list(slots)
        if not walk.has_landed:
            for square in walk.path:
                shown[square] = walk.before[square]
            shown[walk.path[0]] = replace(walk.before[walk.path[0]], piece=None)
            if walk.swap_colour is not None:
                shown[walk.path[-1]] = replace(walk.before[walk.path[-1]], piece=None)
        if walk.capture is not None:
            pen = walk.capture[1]
            shown[pen] = walk.before[pen]
        return tuple(shown)

    def walker(self) -> Walker | None:
        walk = self.walk
        if walk is None or walk.has_landed or walk.colour is None:
            return None
        position = walk.elapsed / walk.step_time
        index = min(int(position), len(walk.path) - 2)
        fraction = min(position - index, 1.0)
        x0, y0 = self.view.slots[walk.path[index]].centre
        x1, y1 = self.view.slots[walk.path[index + 1]].centre
        lift = 0.0 if self.reduced_motion else 1.0 - abs(2.0 * fraction - 1.0)
        return Walker((x0 + (x1 - x0) * fraction, y0 + (y1 - y0) * fraction), walk.colour, lift)

    def swapper(self) -> Walker | None:
        """In a jack's trade, the other piece on its way to the mover's square."""
        walk = self.walk
        mover = self.walker()
        if mover is None or walk is None or walk.swap_colour is None:
            return None
        (x0, y0), (x1, y1) = (self.view.slots[s].centre for s in walk.path)
        x, y = mover.centre
        return Walker((x0 + x1 - x, y0 + y1 - y), walk.swap_colour, mover.lift)

    def burst(self) -> Burst | None:
        walk = self.walk
        if (walk is None or walk.capture is None or not walk.has_landed or walk.captured_colour is None
                or walk.burst_time <= 0):
            return None
        progress = (walk.elapsed - walk.walk_time) / walk.burst_time
        return Burst(self.view.slots[walk.capture[0]].centre, walk.captured_colour, min(progress, 1.0))

    # --- the race, for the music ------------------------------------------------------------------------------------

    def race_mood(self) -> Mood:
        """Calm early, a threat once someone has two pieces home, tension at three; the outro at the end."""
        game = self.game
        if game.is_terminal():
            won = HUMAN_SEAT in game.winners
            return Mood.WIN if won or self.watch else Mood.LOSS
        most = max(pieces_home(game))
        return Mood.TENSION if most >= 3 else Mood.THREAT if most >= 2 else Mood.CALM

    def set_mood(self, mood: Mood) -> None:
        if mood is Mood.BIG_MOMENT or mood is not self.mood:
            self.moods.append(mood)
            if mood is not Mood.BIG_MOMENT:
                if mood in (Mood.WIN, Mood.LOSS):
                    self.effects.append("win" if mood is Mood.WIN else "loss")
                self.mood = mood

    def drain(self) -> tuple[list[str], list[Mood]]:
        """The effects and moods since the last call, for the scene's audio."""
        effects, moods = self.effects, self.moods
        self.effects, self.moods = [], []
        return effects, moods
