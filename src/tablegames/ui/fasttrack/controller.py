"""The Fast Track table without graphics: whose seat is whose, the computer's clock, the marble walks, the mood.

The controller holds the game and its latest `table_view`. Its `seating` says which seats people play (any number:
with two or more it is a hot seat, and each person's turn opens with "Blue's turn: pass the mouse"; with none it is
watched) and the computers' level. A person's click is a click code of that view; a
computer's seat plays its plan (made on the thinker) one click a tick, after a pause. Every click that moves a piece
starts a walk: the marble goes square by square along the view's motion, a captured piece is held on its square
until the mover lands, bursts, and only then shows back in its pen. Nothing else happens until the walk is over.

`shown_slots()` is what the board should show at this moment (the view, with the squares of a walk in progress
as they were before it), so a painter needs nothing but it, `walker()` (and `swapper()` for a jack's trade) and
`burst()`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from tablegames.core.worker import CancelToken, Job, SearchCancelled, Thinker
from tablegames.fasttrack.game import (
    END_TURN,
    OOPS_CLICK,
    TRADE_ACTION,
    FastTrackGame,
    Partnership,
    Phase,
)
from tablegames.fasttrack.rules import SPLIT_FINISH
from tablegames.fasttrack.strategy import EXPERT
from tablegames.fasttrack.view import RGB, Slot, TableView, table_view
from tablegames.fasttrack.words import action_codes, describe_action
from tablegames.music.mood import Mood
from tablegames.ui.fasttrack.computer import Planner, fallback_plan, level_planner
from tablegames.ui.fasttrack.seating import RED_PERSON, WATCHING, Seating

log = logging.getLogger(__name__)

HUMAN_SEAT = 0  # the seat a person plays unless the seating says otherwise (red)
PARTNERSHIPS = {"none": Partnership.SOLO, "any_time": Partnership.ANYTIME, "when_home": Partnership.ONCE_HOME}

# speed 1..4: the pause before a computer's click, a marble's time a square, a capture's burst (seconds)
PAUSES = (1.0, 0.55, 0.3, 0.12)
STEP_TIMES = (0.2, 0.12, 0.07, 0.035)
BURST_TIMES = (0.6, 0.45, 0.3, 0.18)
SWAP_TIME = 3.0  # a trade's hop takes three squares' time, so the eye can follow both pieces
REDUCED_STEP_SHARE = 0.5  # reduced motion: a marble slides in half the time, without hops, and nothing bursts
LOG_LINES = 8
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
class LogLine:
    """One line of the play log: what a seat did, in words, and the same in square codes (the tooltip)."""

    seat: int
    text: str
    codes: str
    at: int  # how many actions the game had before the line's first (undo drops the lines at or after it)


@dataclass(frozen=True)
class Hint:
    """The computer's line for the person's turn: its clicks from `key`'s moment, in words, and what to light up."""

    key: tuple[int, int]
    codes: tuple[int, ...]
    words: str
    card: int | None  # the click code of the card to play (or discard)
    start: int | None  # the marble to move
    end: int | None  # where it goes (a trade's partner)


def hint_of(game: FastTrackGame, codes: tuple[int, ...], key: tuple[int, int], you: int) -> Hint:
    """A plan's clicks as a hint: its first card, marble and hole lit up, its first two moves said as advice
    ("Play a 5: move a marble 5 spaces.")."""
    trial = game.clone()
    card = start = end = None
    said: list[str] = []
    for code in codes:
        if trial.is_terminal() or trial.seat != game.seat or code not in trial.legal_actions():
            break
        phase = trial.phase
        if code == END_TURN:
            said += [] if said else ["Press Done."]
            break
        if phase in (Phase.NEED_END, Phase.NEED_DISCARD, Phase.NEED_COVER):
            if len(said) == 2:
                break
            words = describe_action(trial, code, you).removeprefix("You ")
            said.append(words[0].upper() + words[1:])
        if card is None and phase in (Phase.NEED_CARD, Phase.NEED_DISCARD, Phase.NEED_COVER):
            card = code
        elif start is None and phase == Phase.NEED_START:
            start = code
        elif end is None and phase == Phase.NEED_END:
            start = trial.chosen_start if start is None else start
            end = code - TRADE_ACTION if code >= TRADE_ACTION else code
        trial.apply_action(code)
    text = " Then: ".join(said) if said else "nothing to choose."
    return Hint(key, codes, f"Hint: {text}", card, start, end)


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
    """The table's state and clock. `effects` collects sound effect names for the scene to play.

    `seating`: the person seats and the computers' level (red a person against champions by default; `watch`:
    every seat a computer). `planner`: one player for the computers and the hint alike (tests); by default the
    computers play `level_planner(seating.level)` and the hint is the champion's."""

    def __init__(self, game: FastTrackGame, thinker: Thinker, speed: int = 2, watch: bool = False,
                 planner: Planner | None = None, seating: Seating | None = None) -> None:
        self.thinker = thinker
        self.speed = speed
        seating = RED_PERSON if seating is None else seating
        self.seating = replace(WATCHING, level=seating.level) if watch else seating
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
        if getattr(self, "hint_job", None) is not None:
            self.drop_hint()
        self.game = game
        self.view: TableView = table_view(game, self.bottom)
        self.walk: Walk | None = None
        self.plan: list[int] = []
        self.job: Job | None = None
        self.job_key: tuple[int, ...] = ()
        self.waited = 0.0
        self.skipping = False
        self.clicks = 0
        self.log: list[LogLine] = []  # what each seat did, the latest last
        self.hint: Hint | None = None
        self.hint_job: Job | None = None
        self.hint_key: tuple[int, int] = (0, 0)
        self.replay_log(game)
        self.home = pieces_home(game)
        self.set_mood(self.race_mood())

    @property
    def persons(self) -> frozenset[int]:
        """The seats people play on this board."""
        return self.seating.at(self.game.players)

    @property
    def watch(self) -> bool:
        """No seat is a person's: every seat a computer."""
        return not self.persons

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the mouse."""
        return len(self.persons) > 1

    def is_computer(self, seat: int) -> bool:
        return seat not in self.persons

    @property
    def you(self) -> int | None:
        """The seat the log and the prompts call "you": the one person's (none when watching, or when several
        people play: then every seat is named by its colour)."""
        persons = self.persons
        return next(iter(persons)) if len(persons) == 1 else None

    @property
    def bottom(self) -> int:
        """The seat whose zone is drawn at the bottom: the first person's (red when watching)."""
        return min(self.persons, default=HUMAN_SEAT)

    def set_seating(self, seating: Seating) -> None:
        """Seats and level from now on: a seat changed between person and computer takes over the turn where it is
        (the computer's plan and the hint are dropped); a new level plays from the computers' next plan (a line
        already chosen is played to its end)."""
        before = self.persons
        self.seating = seating
        if self.persons == before:
            return
        self.cancel_plan()
        self.drop_hint()
        self.skipping = False
        self.finish_walk()
        self.view = table_view(self.game, self.bottom)

    def computer_planner(self) -> Planner:
        return self.planner if self.planner is not None else level_planner(self.seating.level)

    def hint_planner(self) -> Planner:
        """The hint is the strongest player's line: the expert's (on other boards than four zones, the champion's)."""
        return self.planner if self.planner is not None else level_planner(EXPERT.name)

    def handover_seat(self) -> int | None:
        """In a hot seat, the person whose turn has just begun (nothing played yet): the table asks for the mouse to
        be passed to them. None otherwise."""
        game = self.game
        if not self.hot_seat or not self.is_persons_turn() or self.walk is not None:
            return None
        return game.seat if not game.actions or game.actions[-1] == END_TURN else None

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal()

    def is_thinking(self) -> bool:
        """A computer's plan (or the person's hint) is being made on the thinker."""
        return any(job is not None and not job.done() for job in (self.job, self.hint_job))

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
        self.follow_hint(code)
        self.game.click(code)
        self.clicks += 1
        self.view = table_view(self.game, self.bottom)
        view = self.view
        if code == OOPS_CLICK:
            self.log = [line for line in self.log if line.at < len(self.game.actions)]
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
        """Keep the play log (before the click is played): a line a card played, discarded or covered, said in words
        once its marble has moved; the square codes of its clicks kept beside it for the tooltip."""
        game = self.game
        if code in (OOPS_CLICK, END_TURN) or game.pending_draws or code not in game.legal_actions():
            return
        seat, phase = game.seat, game.phase
        text, codes = describe_action(game, code, self.you), action_codes(game, code)
        last = self.log[-1] if self.log and self.log[-1].seat == seat else None
        splitting = phase == Phase.NEED_START and game.offer and game.offer[0].kind == SPLIT_FINISH
        if last is not None and phase == Phase.NEED_START and not splitting:
            self.log[-1] = replace(last, codes=f"{last.codes} · {codes}")
        elif last is not None and phase == Phase.NEED_END:
            self.log[-1] = replace(last, text=text, codes=f"{last.codes} · {codes}")
        else:
            self.log.append(LogLine(seat, text, codes, len(game.actions)))
            del self.log[:-LOG_LINES]

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

    # --- the hint -----------------------------------------------------------------------------------------------------

    def ask_hint(self) -> bool:
        """Ask the computer's line for the person's turn (on the thinker); False when it is not their turn."""
        if not self.is_persons_turn():
            return False
        key = self.plan_key()
        if (self.hint is not None and self.hint.key == key) or (self.hint_job is not None and self.hint_key == key):
            return True
        self.drop_hint()
        trial = self.game.clone()
        planner = self.hint_planner()

        def task(token: CancelToken) -> list[int]:
            return planner(trial, token)

        self.hint_key = key
        self.hint_job = self.thinker.submit(task)
        self.poll_hint()
        return True

    def poll_hint(self) -> None:
        """Take the hint's answer when it is in; a hint asked for another moment is cancelled and forgotten."""
        if self.hint is not None and self.hint.key != self.plan_key():
            self.hint = None
        job = self.hint_job
        if job is None:
            return
        if self.hint_key != self.plan_key():
            job.cancel()
            self.hint_job = None
        elif job.done():
            self.hint_job = None
            try:
                codes = tuple(int(code) for code in job.result())
            except SearchCancelled:
                return
            except Exception:  # a failing search: no hint, the table goes on
                log.exception("fasttrack: the hint's search failed")
                return
            self.hint = hint_of(self.game, codes, self.hint_key, self.game.seat)

    def follow_hint(self, code: int) -> None:
        """A click that follows the hint keeps what is left of it lit; any other click (or an undo) drops it."""
        hint = self.hint
        if hint is None:
            return
        seat = self.game.seat
        if hint.codes[:1] == (code,) and len(hint.codes) > 1 and not self.is_computer(seat):
            key = (id(self.game), len(self.game.actions) + 1)
            after = self.game.clone()
            after.apply_action(code)
            self.hint = hint_of(after, hint.codes[1:], key, seat) if after.seat == seat else None
        else:
            self.drop_hint()

    def drop_hint(self) -> None:
        if self.hint_job is not None:
            self.hint_job.cancel()
        self.hint_job = None
        self.hint = None

    def after_click(self) -> None:
        """What follows a click once its walk is over: a piece home sounds, the mood follows the race."""
        home = pieces_home(self.game)
        if any(now > then for now, then in zip(home, self.home, strict=False)):
            self.effects.append("crown")
        self.home = home
        self.set_mood(self.race_mood())

    # --- the clock ------------------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.poll_hint()
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
            planner = self.computer_planner()  # the level as it is now: a change plays from the next plan

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
        hint_job = getattr(self, "hint_job", None)
        if hint_job is not None:
            hint_job.cancel()
            self.hint_job = None

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
            won = any(seat in game.winners for seat in self.persons)
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
