"""The checkers table: the board, the pieces and their hops, the opponent, the move list, fun mode, the music's
mood, and the game saved as it goes (resumed on the next visit).

The game state changes at once when a move is chosen; the hop animation replays it from the position before
(`MoveAnimation`), so the window never waits on an effect. The computer thinks on the thinker thread; its move
is played when the job is done (and not before the previous hop has landed).
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import platformdirs
import pygame

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import FunEvent, FunGame, FunRules, roll_event
from tablegames.checkers.game import Outcome
from tablegames.checkers.position import Move, Position
from tablegames.core.files import write_atomic
from tablegames.core.rng import make_rng
from tablegames.music.mood import Mood
from tablegames.ui.checkers.boards import BoardLayout, draw_board
from tablegames.ui.checkers.computer import computer_move, level_name
from tablegames.ui.checkers.controller import CheckersController, square_to_cell
from tablegames.ui.checkers.heads import draw_opponent
from tablegames.ui.checkers.opponents import pick_line
from tablegames.ui.checkers.pieces import CAPTURE_SECONDS, PIECE_SETS, draw_captured, draw_piece, warm_cache
from tablegames.ui.checkers.playful import EVENT_ANNOUNCEMENTS, EVENT_WORDS, IDLE_ANTICS, Effects
from tablegames.ui.frametimer import CostMeter
from tablegames.ui.scene import Context, Intent, Pop, Push, Scene
from tablegames.ui.theme import (
    ACCENT,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    draw_background,
    draw_text,
    font,
    shade,
)

log = logging.getLogger(__name__)

BOARD_RECT = pygame.Rect(24, 24, 752, 752)
PANEL_RECT = pygame.Rect(800, 24, 456, 752)
FACE_CENTRE = (PANEL_RECT.x + 92, PANEL_RECT.y + 118)
FACE_RADIUS = 58
HOP_SECONDS = 0.24
STEP_SECONDS = 0.2
SLOW_HOP_SECONDS = 0.65  # the last jump of a chain, in slow motion
COMPUTER_PAUSE = 0.35  # the least time the face thinks, so a quick move still reads as a reply
WATCH_PAUSE = 0.5
IDLE_SECONDS = 6.0
ANTIC_SECONDS = 1.6
LINE_SECONDS = 3.2
ANNOUNCE_SECONDS = 1.6
CROWN_POP_SECONDS = 0.5
SAVE_NAME = "checkers-game.pdn"
HINT_LEVEL = 9  # the hint is the best move as Deep Thinker sees it
SIDE_LABELS = {BLACK: "Red", WHITE: "White"}


def default_save_path() -> Path:
    return Path(platformdirs.user_data_dir("tablegames")) / SAVE_NAME


def export_folder() -> Path:
    return Path(platformdirs.user_data_dir("tablegames")) / "exports"


def music_mood(position: Position, outcome: Outcome | None, human_side: int | None) -> Mood:
    """Calm; threat when a jump is on; tension when a multi-jump is on or few pieces are left; the outro."""
    if outcome is not None:
        lost = human_side is not None and outcome.winner is not None and outcome.winner != human_side
        return Mood.LOSS if lost else Mood.WIN
    moves = position.legal_moves()
    pieces = position.black.bit_count() + position.white.bit_count()
    if any(len(move.captured) >= 2 for move in moves) or pieces <= 10:
        return Mood.TENSION
    other_side = Position(position.black, position.white, position.kings, 1 - position.turn)
    if (moves and moves[0].is_capture) or any(m.is_capture for m in other_side.legal_moves()[:1]):
        return Mood.THREAT
    return Mood.CALM


def threatened_squares(position: Position) -> set[int]:
    """Pieces the side to move can capture now (they look worried)."""
    return {square for move in position.legal_moves() for square in move.captured}


@dataclass
class MoveAnimation:
    """A move replayed hop by hop from the position before it."""

    move: Move
    before: Position
    side: int
    is_king: bool
    hop_seconds: list[float]
    age: float = 0.0
    hops_landed: int = 0

    @property
    def total(self) -> float:
        return sum(self.hop_seconds)

    @property
    def done(self) -> bool:
        return self.age >= self.total

    def hop_at(self) -> tuple[int, float]:
        """The hop in flight and how far along it is (0..1)."""
        elapsed = self.age
        for index, seconds in enumerate(self.hop_seconds):
            if elapsed < seconds:
                return index, elapsed / seconds
            elapsed -= seconds
        return len(self.hop_seconds) - 1, 1.0


@dataclass
class Fading:
    """A captured piece's last picture (dizzy, blue screen or a fading disc)."""

    square: int
    side: int
    is_king: bool
    age: float = 0.0


@dataclass
class Speech:
    text: str = ""
    mood: str = "hello"
    left: float = 0.0


@dataclass
class PieceMoods:
    """Short-lived moods of pieces: cheering side, shaken side, a winking square, an idle antic."""

    cheer_side: int | None = None
    cheer_left: float = 0.0
    shaken_side: int | None = None
    shaken_left: float = 0.0
    wink_square: int | None = None
    wink_left: float = 0.0
    antic_square: int | None = None
    antic: str = ""
    antic_left: float = 0.0
    crown_square: int | None = None
    crown_left: float = 0.0
    pickup_age: float = 9.0

    def update(self, dt: float) -> None:
        self.cheer_left = max(0.0, self.cheer_left - dt)
        self.shaken_left = max(0.0, self.shaken_left - dt)
        self.wink_left = max(0.0, self.wink_left - dt)
        self.antic_left = max(0.0, self.antic_left - dt)
        self.crown_left = max(0.0, self.crown_left - dt)
        self.pickup_age += dt


class CheckersTable(Scene):
    """The table. `resume` reads the saved game. `save_path`: "default" is the user's file for the window
    (context.options empty), `options["save_path"]` when given (tests), and nothing for screenshots; None keeps
    nothing."""

    name = "checkers"

    def __init__(self, context: Context, resume: bool = True, save_path: Path | None | str = "default") -> None:
        super().__init__(context)
        options = context.options
        settings = context.settings
        if save_path == "default":
            save_path = options.get("save_path", None if options else default_save_path())
        self.save_path: Path | None = Path(save_path) if save_path else None
        self.piece_set = int(options["piece_set"]) if options.get("piece_set") is not None \
            else settings.checkers_piece_set
        self.level = int(options["level"]) if options.get("level") is not None else settings.checkers_level
        self.mode = settings.checkers_mode
        self.human_side = BLACK if settings.checkers_colour == "red" else WHITE
        self.clock = 0.0
        self.idle = 0.0
        self.games_started = 0
        self.game_seed = 0
        self.pointer: tuple[float, float] | None = None
        self.keyboard_used = False
        self.controller = CheckersController()
        self.effects = Effects(context.seed)
        self.effects.bounds = BOARD_RECT
        self.moods = PieceMoods()
        self.speech = Speech()
        self.animation: MoveAnimation | None = None
        self.fading: list[Fading] = []
        self.job = None
        self.job_age = 0.0
        self.hint_job = None
        self.hint_position: Position | None = None  # the position the hint in progress is for
        self.hint: Move | None = None
        self.hint_left = 0.0
        self.pending_event: FunEvent | None = None
        self.announce_left = 0.0
        self.wait = 0.0
        self.toast = ""
        self.toast_left = 0.0
        self.mood_sent: Mood | None = None
        self.chain_count = 0
        self.effects_cost = CostMeter()  # the playful layer's time per frame, update and draw (the demo reports it)
        self.cycle_levels = False  # the demo: each computer move is played by the next level, 1..10 in turn
        self.computer_moves = 0
        self.layout: BoardLayout | None = None
        self.face_rect = pygame.Rect(0, 0, 0, 0)
        self._threatened: set[int] = set()
        self.game = FunGame()
        self.apply_settings()
        if not (resume and self.resume()):
            self.new_game()

    # --- who plays ------------------------------------------------------------------------------------------
    @property
    def settings(self):
        return self.context.settings

    def is_human(self, side: int) -> bool:
        if self.mode == "two_players":
            return True
        if self.mode == "watch":
            return False
        return side == self.human_side

    @property
    def neon(self) -> bool:
        return PIECE_SETS[self.piece_set].kind == "gadget"

    @property
    def opponent_index(self) -> int:
        return self.level - 1

    @property
    def viewer_side(self) -> int:
        """The side drawn at the bottom before the player's own flip."""
        return self.human_side if self.mode == "play" else BLACK

    def apply_settings(self) -> None:
        """Re-read the settings (after the menu): set, level, flip, effects and sound."""
        s = self.settings
        if self.context.options.get("piece_set") is None:
            self.piece_set = s.checkers_piece_set
        if self.context.options.get("level") is None:
            self.level = s.checkers_level
        self.controller.flipped = (self.viewer_side == BLACK) != s.checkers_flip
        self.effects.configure(s.animations, s.reduced_motion, s.screen_shake)
        audio = self.context.audio
        if audio is not None:
            audio.set_volume(s.volume if s.sound else 0.0)
            audio.set_deep_bass(s.deep_bass)
            if getattr(audio.style, "slug", s.music_style) != s.music_style:
                try:
                    audio.set_style(s.music_style)
                except ValueError as error:
                    log.warning("checkers: %s", error)

    def restart_from_settings(self) -> None:
        """A new game with the mode and colour chosen in the menu."""
        self.mode = self.settings.checkers_mode
        self.human_side = BLACK if self.settings.checkers_colour == "red" else WHITE
        self.apply_settings()
        self.new_game()

    def fun_rules(self) -> FunRules | None:
        if self.mode != "play" or not self.settings.checkers_fun_mode:
            return None
        return FunRules(self.human_side, self.level, self.settings.checkers_fun_levels, self.game_seed)

    # --- games ----------------------------------------------------------------------------------------------
    def new_game(self, start: Position | None = None) -> None:
        self.cancel_jobs()
        self.games_started += 1
        self.game_seed = int(make_rng(self.context.new_game_seed("checkers"), "checkers-game",
                                      self.games_started).integers(2**31))
        self.game = FunGame(start)
        self.animation = None
        self.fading.clear()
        self.effects.clear()
        self.pending_event = None
        self.hint = None
        self.wait = 0.0
        self.mood_sent = None
        is_boss = self.level == 10 and self.mode == "play"
        self.say("boss" if is_boss else "hello")
        if is_boss:
            self.toast_now("Boss level: Grandmaster Gizmo takes a seat")
        self.after_change()

    def resume(self) -> bool:
        """Load the saved game (True), or report why not and start afresh (False)."""
        if self.save_path is None or not self.save_path.exists():
            return False
        try:
            text = self.save_path.read_text(encoding="utf-8")
            human = BLACK if "[Human \"white\"]" not in text else WHITE
            game, tags = FunGame.from_pdn(text, human)
        except (OSError, ValueError) as error:
            log.warning("checkers: cannot resume %s (%s); starting a new game", self.save_path, error)
            return False
        if game.outcome() is not None:
            return False
        self.cancel_jobs()
        self.human_side = human
        self.mode = tags.get("Mode", self.mode)
        if self.mode not in ("play", "watch", "two_players"):
            self.mode = "play"
        self.game_seed = int(tags.get("Seed", "0")) if tags.get("Seed", "0").isdigit() else 0
        self.game = game
        self.apply_settings()
        self.say("hello")
        self.toast_now("Welcome back: your game goes on")
        self.after_change()
        return True

    def save_game(self) -> None:
        """Write the game in progress (atomically); a finished or empty game leaves nothing to resume."""
        if self.save_path is None:
            return
        try:
            if not self.game.entries or self.game.outcome() is not None:
                self.save_path.unlink(missing_ok=True)
                return
            write_atomic(self.save_path, self.game.to_pdn(self.pdn_tags()))
        except OSError as error:
            log.warning("checkers: cannot save the game to %s (%s)", self.save_path, error)

    def pdn_tags(self) -> dict[str, str]:
        red = "You" if self.is_human(BLACK) else level_name(self.level)
        white = "You" if self.is_human(WHITE) else level_name(self.level)
        return {"Event": "tablegames checkers", "Date": time.strftime("%Y.%m.%d"), "Black": red, "White": white,
                "Mode": self.mode, "Human": "red" if self.human_side == BLACK else "white",
                "Level": str(self.level), "Seed": str(self.game_seed)}

    def export(self) -> Path | None:
        path = export_folder() / time.strftime("checkers-%Y%m%d-%H%M%S.pdn")
        try:
            write_atomic(path, self.game.to_pdn(self.pdn_tags()))
        except OSError as error:
            self.toast_now(f"Cannot export: {error}")
            return None
        self.toast_now(f"Saved {path}")
        return path

    def on_exit(self) -> None:
        self.cancel_jobs()
        self.save_game()
        self.audio("set_mood", Mood.CALM)  # the lobby's music is calm again

    def on_enter(self) -> None:
        """Back on top (first entry, or the menu closed): follow the settings and draw the set's sprites now,
        so the first seconds of play do not stutter."""
        self.apply_settings()
        warm_cache(self.piece_set, (self.layout or _default_layout()).piece_radius)

    def cancel_jobs(self) -> None:
        for job in (self.job, self.hint_job):
            if job is not None:
                job.cancel()
        self.job = self.hint_job = None

    def after_change(self) -> None:
        """The position changed: tell the controller who may click, and the music its mood."""
        position = self.game.position
        over = self.game.outcome()
        busy = self.animation is not None or self.pending_event is not None
        self.controller.set_position(position, over is None and not busy and self.is_human(position.turn))
        self._threatened = threatened_squares(position) if over is None else set()
        mood = music_mood(position, over, self.human_side if self.mode == "play" else None)
        if mood is not self.mood_sent:
            self.mood_sent = mood
            self.audio("set_mood", mood)

    def audio(self, method: str, *args) -> None:
        player = self.context.audio
        if player is not None:
            getattr(player, method)(*args)

    def say(self, mood: str) -> None:
        draw = float(make_rng(self.game_seed, "checkers-line", len(self.game.entries), mood,
                              int(self.clock * 10)).random())
        self.speech = Speech(pick_line(self.opponent_index, mood, self.neon, draw), mood, LINE_SECONDS)

    def toast_now(self, text: str) -> None:
        self.toast, self.toast_left = text, 3.0

    # --- playing moves --------------------------------------------------------------------------------------
    def play_move(self, move: Move) -> None:
        before = self.game.position
        side = before.turn
        is_king = before.piece_at(move.from_square).is_king
        self.game.play(move)
        self.hint = None
        self.idle = 0.0
        self.chain_count = 0
        self.save_game()
        if not self.settings.animations:
            for hop in range(len(move.path) - 1):
                self.land_hop(move, hop, side, is_king, before)
            self.finish_move(move, side)
            return
        hops = [HOP_SECONDS if move.is_capture else STEP_SECONDS] * (len(move.path) - 1)
        if len(move.captured) >= 2:
            hops[-1] = SLOW_HOP_SECONDS
        self.animation = MoveAnimation(move, before, side, is_king, hops)
        self.after_change()

    def land_hop(self, move: Move, hop: int, side: int, is_king: bool, before: Position) -> None:
        if not move.captured:
            return
        square = move.captured[hop]
        victim = before.piece_at(square)
        self.fading.append(Fading(square, victim.side, victim.is_king))
        # a chain's words are its count (Double! Triple!), so only a single capture says Poof!
        self.effects.poof(self.square_centre(square), self.piece_radius(), with_word=len(move.captured) == 1)
        self.audio("play_effect", "capture")
        if hop >= 1:
            self.chain_count = hop + 1
            self.effects.chain(hop + 1, self.square_centre(move.path[hop + 1]))
            self.audio("play_effect", "chain")

    def finish_move(self, move: Move, side: int) -> None:
        self.animation = None
        at = self.square_centre(move.to_square)
        if move.is_capture:
            self.moods.cheer_side, self.moods.cheer_left = side, 1.5
        if move.is_crowning:
            if len(move.captured) < 2:  # after a chain its count is the word, and confetti flies
                self.effects.word("Crowned!", (at[0], at[1] + 56), (255, 215, 80), 44)
            self.moods.crown_square, self.moods.crown_left = move.to_square, CROWN_POP_SECONDS
            self.effects.sparkles(at, 24, (255, 220, 90), ring=self.piece_radius())
            self.audio("play_effect", "crown")
            self.audio("set_mood", Mood.BIG_MOMENT)
            if len(move.captured) >= 2:
                self.effects.confetti(BOARD_RECT)
        computer_moved = not self.is_human(side)
        lead = self.computer_lead()
        if computer_moved and move.is_crowning:
            self.say("king")
        elif computer_moved and move.is_capture:
            self.say("winning" if lead >= 2 else "captured")
        elif not computer_moved and move.is_capture and self.mode == "play":
            self.say("losing" if lead <= -2 else "ouch")
        over = self.game.outcome()
        if over is not None:
            self.game_over(over)
        elif (rules := self.fun_rules()) is not None and computer_moved:
            event = roll_event(self.game, rules)
            if event is not None:
                self.pending_event = event
                self.announce_left = ANNOUNCE_SECONDS
                self.toast_now(EVENT_ANNOUNCEMENTS[event.kind])
        self.wait = WATCH_PAUSE if self.mode == "watch" else 0.0
        self.after_change()

    def computer_lead(self) -> int:
        """The computer's pieces minus the player's (0 unless a human plays the computer)."""
        if self.mode != "play":
            return 0
        position = self.game.position
        human = position.black if self.human_side == BLACK else position.white
        computer = position.white if self.human_side == BLACK else position.black
        return computer.bit_count() - human.bit_count()

    def game_over(self, over: Outcome) -> None:
        self.save_game()
        human_won = self.mode != "play" or over.winner == self.human_side
        if over.winner is not None and human_won:
            self.effects.trophy()
            self.effects.confetti(BOARD_RECT, 140)
            self.audio("play_effect", "win")
            if self.mode == "play":
                self.say("loss")
        elif over.winner is not None:
            self.audio("play_effect", "loss")
            self.say("win")
        else:
            self.say("hello")

    def apply_event(self, event: FunEvent) -> None:
        self.pending_event = None
        self.game.add_event(event, self.human_side)
        self.save_game()
        at = self.square_centre(event.square)
        self.effects.word(EVENT_WORDS[event.kind], (at[0], at[1] - 50), (120, 220, 255), 52)
        self.audio("play_effect", event.kind)
        if event.is_gift:
            self.effects.sparkles(at, 30, (255, 240, 140), ring=self.piece_radius())
            self.moods.wink_square, self.moods.wink_left = event.square, 2.0
            self.say("gift")
        else:
            self.fading.append(Fading(event.square, 1 - self.human_side, False))
            self.moods.shaken_side, self.moods.shaken_left = 1 - self.human_side, 1.6
            if event.kind == "lightning":
                self.effects.flash(at)
                self.effects.sparkles(at, 36, (255, 255, 200), 220, ring=self.piece_radius() * 0.5)
            elif event.kind == "earthquake":
                self.effects.shake(12.0, 1.0)
                self.effects.poof(at, self.piece_radius(), with_word=False)
            else:
                self.effects.wind(BOARD_RECT)
                self.effects.poof(at, self.piece_radius(), with_word=False)
            self.say("disaster")
        self.after_change()

    def undo(self) -> None:
        """Take back to the last position where a human was to move (events included)."""
        if self.mode == "watch" or not self.game.can_undo():
            return
        self.cancel_jobs()
        self.animation = None
        self.pending_event = None
        self.fading.clear()
        while self.game.can_undo():
            entry = self.game.undo()
            if isinstance(entry, Move) and self.is_human(self.game.position.turn):
                break
        self.save_game()
        self.after_change()

    # --- the frame ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> list[Intent]:
        self.clock += dt
        self.idle += dt
        started = time.perf_counter()
        self.effects.update(dt)
        self.moods.update(dt)
        for fading in self.fading:
            fading.age += dt
        self.fading = [f for f in self.fading if f.age < CAPTURE_SECONDS]
        self.effects_cost.add(started)
        self.speech.left = max(0.0, self.speech.left - dt)
        self.toast_left = max(0.0, self.toast_left - dt)
        self.hint_left = max(0.0, self.hint_left - dt)
        self.wait = max(0.0, self.wait - dt)
        if self.animation is not None:
            self.advance_animation(dt)
        elif self.pending_event is not None:
            self.announce_left -= dt
            if self.announce_left <= 0:
                self.apply_event(self.pending_event)
        else:
            self.run_computer(dt)
        self.poll_hint()
        self.maybe_antic()
        return []

    def advance_animation(self, dt: float) -> None:
        anim = self.animation
        assert anim is not None
        anim.age += dt
        while anim.hops_landed < len(anim.hop_seconds) and anim.age >= sum(anim.hop_seconds[: anim.hops_landed + 1]):
            self.land_hop(anim.move, anim.hops_landed, anim.side, anim.is_king, anim.before)
            anim.hops_landed += 1
        if anim.done:
            self.finish_move(anim.move, anim.side)

    def run_computer(self, dt: float) -> None:
        position = self.game.position
        if self.game.outcome() is not None or self.is_human(position.turn):
            return
        if self.job is None:
            if self.wait > 0:
                return
            if self.cycle_levels:
                self.level = 1 + self.computer_moves % 10
            self.computer_moves += 1
            level, seed, history = self.level, self.game_seed + len(self.game.entries), self.history()
            self.job = self.context.thinker.submit(
                lambda token: computer_move(position, level, seed, token, history))
            self.job_age = 0.0
            if self.mode == "play":
                self.say("thinking")
            return
        self.job_age += dt
        if self.job.done() and self.job_age >= COMPUTER_PAUSE:
            job, self.job = self.job, None
            try:
                move = job.result()
            except Exception as error:  # a failing search must not stop the game: say so, play any move
                log.warning("checkers: the computer's search failed (%s); playing a random move", error)
                move = computer_move(position, 1, self.game_seed)
            if self.game.position == position:
                self.play_move(move)

    def poll_hint(self) -> None:
        if self.hint_job is not None and self.hint_job.done():
            job, self.hint_job = self.hint_job, None
            if self.hint_position != self.game.position:
                return  # a hint for a position already left (a move or an undo since): dropped
            try:
                self.hint = job.result()
                self.hint_left = 3.0
            except Exception as error:  # noqa: BLE001
                log.warning("checkers: hint failed (%s)", error)

    def ask_hint(self) -> None:
        position = self.game.position
        if self.hint_job is not None or not self.controller.accepting:
            return
        seed, history = self.game_seed + 7919 * (len(self.game.entries) + 1), self.history()
        self.hint_position = position
        self.hint_job = self.context.thinker.submit(
            lambda token: computer_move(position, HINT_LEVEL, seed, token, history))
        self.toast_now("Thinking of a hint...")

    def history(self) -> tuple[Position, ...]:
        """The positions before the current one (the deep levels treat a repetition as a draw)."""
        return tuple(self.game.positions()[:-1])

    def maybe_antic(self) -> None:
        if self.idle < IDLE_SECONDS or not self.settings.animations or self.animation is not None:
            return
        self.idle = 0.0
        position = self.game.position
        squares = [s for s in range(1, 33) if position.piece_at(s).side is not None]
        if not squares:
            return
        rng = make_rng(self.game_seed, "checkers-antic", int(self.clock))
        self.moods.antic_square = squares[int(rng.integers(len(squares)))]
        self.moods.antic = IDLE_ANTICS[int(rng.integers(len(IDLE_ANTICS)))]
        self.moods.antic_left = ANTIC_SECONDS
        if self.speech.left <= 0 and self.mode == "play" and self.is_human(position.turn):
            self.say("idle")

    # --- input ----------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.keyboard_used = False
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.idle = 0.0
            self.pointer = event.pos
            if self.face_rect.collidepoint(event.pos):
                self.say("poke")
                return []
            button = button_at(event.pos)
            if button is not None:
                return self.carry_out((button,))
            layout = self.layout
            cell = layout.square_at(event.pos) if layout is not None else None
            return self.carry_out(self.controller.click_cell(cell))
        if event.type == pygame.KEYDOWN:
            self.idle = 0.0
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
                             pygame.K_KP_ENTER, pygame.K_SPACE):
                self.keyboard_used = True
            return self.carry_out(self.controller.key(event.key))
        return []

    def carry_out(self, action: tuple | None) -> list[Intent]:
        if action is None:
            return []
        kind = action[0]
        if kind == "move":
            self.play_move(action[1])
        elif kind == "select":
            self.moods.pickup_age = 0.0
        elif kind == "refuse" and self.controller.jump_is_due():
            self.toast_now("A jump is compulsory: move one of the highlighted pieces")
        elif kind == "quit":
            return [Pop()]
        elif kind == "menu":
            from tablegames.ui.checkers.menu import CheckersMenu

            return [Push(CheckersMenu(self.context, self))]
        elif kind == "undo":
            self.undo()
        elif kind == "new":
            self.new_game()
        elif kind == "flip":
            self.settings.checkers_flip = not self.settings.checkers_flip
            self.context.save_settings()
        elif kind == "hint":
            self.ask_hint()
        elif kind == "sound":
            self.settings.sound = not self.settings.sound
            self.context.save_settings()
            self.apply_settings()
            self.toast_now("Sound on" if self.settings.sound else "Sound off")
        elif kind == "save_music":
            self.save_music()
        elif kind == "party":
            self.party()
        elif kind == "export":
            self.export()
        return []

    def effects_report(self) -> str:
        """The playful layer's cost per frame, and the levels that moved (the demo prints it)."""
        return f"{effects_report(self)}; {self.computer_moves} computer moves"

    def save_music(self) -> None:
        if self.context.audio is None:
            return
        try:
            self.toast_now(f"Saved the music to {self.context.audio.save_song()}")
        except (OSError, ValueError) as error:
            self.toast_now(f"No music saved: {error}")

    def party(self) -> None:
        self.effects.confetti(BOARD_RECT, 120)
        self.effects.word("Party!", BOARD_RECT.center, (255, 120, 200), 72)
        self.moods.cheer_side, self.moods.cheer_left = None, 3.0
        self.say("party")

    # --- drawing --------------------------------------------------------------------------------------------
    def square_centre(self, square: int) -> tuple[float, float]:
        layout = self.layout or _default_layout()
        return layout.square_centre(*square_to_cell(square, self.controller.flipped))

    def piece_radius(self) -> float:
        return (self.layout or _default_layout()).piece_radius

    def draw(self, surface: pygame.Surface) -> None:
        s = self.settings
        draw_background(surface)
        started = time.perf_counter()
        offset = self.effects.shake_offset(self.clock)
        self.effects_cost.add(started)
        self.layout = draw_board(surface, self.piece_set, BOARD_RECT.move(offset), self.clock, s.animations,
                                 s.reduced_motion)
        self.draw_marks(surface)
        self.draw_pieces(surface)
        started = time.perf_counter()
        self.effects.draw(surface)
        self.effects_cost.add(started)
        self.draw_panel(surface)
        started = time.perf_counter()
        self.effects.draw_trophy(surface, (PANEL_RECT.right - 110, PANEL_RECT.y + 600), 130)
        self.effects_cost.add(started)
        self.effects_cost.end_frame()
        self.draw_banners(surface)

    def draw_marks(self, surface: pygame.Surface) -> None:
        layout = self.layout
        assert layout is not None
        flipped = self.controller.flipped
        entries = self.game.entries
        if entries and isinstance(entries[-1], Move) and self.animation is None:
            for square in (entries[-1].from_square, entries[-1].to_square):
                rect = layout.square_rect(*square_to_cell(square, flipped))
                pygame.draw.rect(surface, (255, 220, 120), rect, 3)
        for square in self.controller.highlighted():
            rect = layout.square_rect(*square_to_cell(square, flipped))
            colour = (255, 120, 60) if self.controller.jump_is_due() else (120, 230, 140)
            pygame.draw.rect(surface, colour, rect.inflate(-4, -4), 3, border_radius=6)
        if self.controller.selected is not None:
            for square in self.controller.path:
                rect = layout.square_rect(*square_to_cell(square, flipped))
                pygame.draw.rect(surface, ACCENT, rect.inflate(-2, -2), 5, border_radius=6)
            for square in self.controller.targets():
                centre = layout.square_centre(*square_to_cell(square, flipped))
                pygame.draw.circle(surface, ACCENT, centre, layout.cell * 0.3, max(2, layout.cell // 24))
                pygame.draw.circle(surface, shade(ACCENT, 0.5), centre, layout.cell * 0.13)
                pygame.draw.circle(surface, ACCENT, centre, layout.cell * 0.1)
        if self.hint is not None and self.hint_left > 0:
            for square in self.hint.path:
                rect = layout.square_rect(*square_to_cell(square, flipped))
                pygame.draw.rect(surface, (90, 200, 255), rect.inflate(-8, -8), 4, border_radius=10)
        if self.keyboard_used:
            pygame.draw.rect(surface, (255, 255, 255), layout.square_rect(*self.controller.cursor), 3)

    def piece_mood(self, square: int, side: int) -> str:
        m = self.moods
        if m.wink_left > 0 and square == m.wink_square:
            return "winking"
        if m.shaken_left > 0 and side == m.shaken_side:
            return "shaken"
        if m.cheer_left > 0 and (m.cheer_side is None or side == m.cheer_side):
            return "cheering"
        if m.antic_left > 0 and square == m.antic_square:
            return {"waves": "cheering", "yawns": "normal", "sneezes": "shaken", "peeks": "worried"}[m.antic]
        if square in self._threatened:
            return "worried"
        return "normal"

    def draw_pieces(self, surface: pygame.Surface) -> None:
        layout = self.layout
        assert layout is not None
        s = self.settings
        anim = self.animation
        position = anim.before if anim is not None else self.game.position
        hidden: set[int] = set()
        if anim is not None:
            hidden = {anim.move.from_square, *anim.move.captured[: anim.hops_landed]}
        radius = layout.piece_radius
        path = self.controller.path
        look = self.pointer if s.animations else None
        for square in range(1, 33):
            piece = position.piece_at(square)
            if piece.side is None or square in hidden:
                continue
            if square in self.fading_squares():
                continue
            centre = layout.square_centre(*square_to_cell(square, self.controller.flipped))
            squash = (1.0, 1.0)
            if path and square == path[0]:
                centre = layout.square_centre(*square_to_cell(path[-1], self.controller.flipped))
                squash = self.pickup_wobble()
            elif self.moods.crown_left > 0 and square == self.moods.crown_square:
                pop = 1.0 + 0.3 * math.sin(math.pi * (1.0 - self.moods.crown_left / CROWN_POP_SECONDS))
                squash = (pop, pop)
                centre = (centre[0], centre[1] - (pop - 1.0) * radius)
            elif self.moods.antic_left > 0 and square == self.moods.antic_square:
                squash = self.antic_squash()
            elif self.moods.antic == "sneezes" and self.moods.antic_left > 0:
                centre = self.nudged(square, centre)
            draw_piece(surface, self.piece_set, piece.side, piece.is_king, centre, radius, self.clock,
                       self.piece_mood(square, piece.side), s.animations, s.reduced_motion, look, squash)
        for fading in self.fading:
            centre = layout.square_centre(*square_to_cell(fading.square, self.controller.flipped))
            draw_captured(surface, self.piece_set, fading.side, centre, radius, fading.age, fading.is_king)
        if anim is not None:
            self.draw_hopper(surface, anim, radius)

    def fading_squares(self) -> set[int]:
        return {f.square for f in self.fading}

    def pickup_wobble(self) -> tuple[float, float]:
        age = self.moods.pickup_age
        if age > 0.6:
            return (1.06, 1.06)  # a chosen piece stays a little lifted
        wobble = math.sin(age * 22.0) * math.exp(-age * 5.0) * 0.12
        return (1.06 + wobble, 1.06 - wobble)

    def antic_squash(self) -> tuple[float, float]:
        f = 1.0 - self.moods.antic_left / ANTIC_SECONDS
        if self.moods.antic == "yawns":
            stretch = math.sin(f * math.pi) * 0.14
            return (1.0 - stretch * 0.5, 1.0 + stretch)
        if self.moods.antic == "sneezes" and f > 0.6:
            jolt = math.sin((f - 0.6) / 0.4 * math.pi) * 0.18
            return (1.0 + jolt, 1.0 - jolt)
        return (1.0, 1.0)

    def nudged(self, square: int, centre: tuple[float, float]) -> tuple[float, float]:
        """A sneeze nudges the sneezer's diagonal neighbours a little away, then they settle back."""
        m = self.moods
        f = 1.0 - m.antic_left / ANTIC_SECONDS
        if m.antic_square is None or f < 0.6 or not self.settings.animations or self.settings.reduced_motion:
            return centre
        row, col = square_to_cell(square, self.controller.flipped)
        sneezer_row, sneezer_col = square_to_cell(m.antic_square, self.controller.flipped)
        if abs(row - sneezer_row) != 1 or abs(col - sneezer_col) != 1:
            return centre
        push = math.sin((f - 0.6) / 0.4 * math.pi) * self.piece_radius() * 0.18
        return (centre[0] + (col - sneezer_col) * push, centre[1] + (row - sneezer_row) * push)

    def draw_hopper(self, surface: pygame.Surface, anim: MoveAnimation, radius: float) -> None:
        s = self.settings
        layout = self.layout
        assert layout is not None
        hop, f = anim.hop_at()
        start = layout.square_centre(*square_to_cell(anim.move.path[hop], self.controller.flipped))
        end = layout.square_centre(*square_to_cell(anim.move.path[hop + 1], self.controller.flipped))
        eased = f * f * (3 - 2 * f)
        height = layout.cell * (0.45 if anim.move.is_capture else 0.18) * math.sin(math.pi * f)
        centre = (start[0] + (end[0] - start[0]) * eased, start[1] + (end[1] - start[1]) * eased - height)
        squash = (1.0, 1.0)
        if not s.reduced_motion:
            if f < 0.15 or f > 0.85:
                squash = (1.18, 0.82)  # crouch before take-off, squashed on landing
            else:
                squash = (0.9, 1.14)  # stretched in the air
        crowned = anim.is_king or (anim.move.is_crowning and hop == len(anim.hop_seconds) - 1 and f > 0.9)
        shadow = hop_shadow(round(radius))
        ground = (start[0] + (end[0] - start[0]) * eased, start[1] + (end[1] - start[1]) * eased + radius * 0.7)
        surface.blit(shadow, shadow.get_rect(center=(round(ground[0]), round(ground[1]))))
        draw_piece(surface, self.piece_set, anim.side, crowned, centre, radius, self.clock,
                   "cheering" if anim.move.is_capture else "normal", s.animations, s.reduced_motion, None, squash,
                   phase=0.3)

    def draw_panel(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, PANEL, PANEL_RECT, border_radius=18)
        edge = PIECE_SETS[self.piece_set].board.glow if self.neon else PANEL_EDGE
        pygame.draw.rect(surface, edge, PANEL_RECT, 2, border_radius=18)
        thinking = self.job is not None and self.mode == "play"
        mood = self.speech.mood if self.speech.left > 0 else ("thinking" if thinking else "hello")
        self.face_rect = draw_opponent(surface, self.opponent_index, FACE_CENTRE, FACE_RADIUS, self.clock, mood,
                                       self.pointer, thinking, self.neon, self.settings.animations,
                                       self.settings.reduced_motion)
        x = FACE_CENTRE[0] + FACE_RADIUS + 36
        if self.mode == "watch":
            title, subtitle = "Watch", f"{level_name(self.level)} plays itself"
        elif self.mode == "two_players":
            title, subtitle = "Two players", "Red and White at one table"
        else:
            title, subtitle = level_name(self.level), f"Level {self.level}"
        title_size = 36 if len(title) <= 15 else 31
        draw_text(surface, title, (x, PANEL_RECT.y + 40), title_size, ACCENT, bold=True)
        draw_text(surface, subtitle, (x, PANEL_RECT.y + 76), 26, TEXT_DIM)
        names = PIECE_SETS[self.piece_set].side_names
        draw_text(surface, f"{PIECE_SETS[self.piece_set].name}: {names[0]} vs {names[1]}", (x, PANEL_RECT.y + 104),
                  22, TEXT_DIM)
        if self.mode == "play":
            draw_text(surface, f"You play the {names[self.human_side]} ({SIDE_LABELS[self.human_side]})",
                      (x, PANEL_RECT.y + 128), 22, TEXT_DIM)
            if self.settings.checkers_fun_mode:
                draw_text(surface, "Fun mode", (x, PANEL_RECT.y + 152), 22, (120, 220, 255))
        if self.speech.left > 0:
            self.draw_bubble(surface, self.speech.text, pygame.Rect(PANEL_RECT.x + 20, PANEL_RECT.y + 196,
                                                                    PANEL_RECT.width - 40, 58))
        draw_text(surface, self.status_text(), (PANEL_RECT.x + 24, PANEL_RECT.y + 270), 30, TEXT, bold=True)
        self.draw_move_list(surface, pygame.Rect(PANEL_RECT.x + 20, PANEL_RECT.y + 310, PANEL_RECT.width - 40, 300))
        self.draw_buttons(surface)
        keys = ("Click a piece, then where it goes (arrows + Enter)", "H hint  U undo  N new  F flip  B party",
                "S sound  E save music  X export  Esc menu  Q lobby")
        for index, line in enumerate(keys):
            draw_text(surface, line, (PANEL_RECT.x + 24, PANEL_RECT.bottom - 80 + index * 24), 22, TEXT_DIM)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """Dark-glass buttons whose edge glows when pointed at (neon in the neon sets)."""
        glow = PIECE_SETS[self.piece_set].board.glow if self.neon else ACCENT
        for action, label in BUTTONS:
            rect = button_rect(action)
            pointed = self.pointer is not None and rect.collidepoint(self.pointer)
            pygame.draw.rect(surface, shade(PANEL, 0.7), rect, border_radius=10)
            if pointed:
                pygame.draw.rect(surface, shade(glow, 0.45), rect.inflate(6, 6), 3, border_radius=13)
            pygame.draw.rect(surface, glow if pointed else PANEL_EDGE, rect, 2, border_radius=10)
            draw_text(surface, label, rect.center, 23, TEXT if pointed else TEXT_DIM, "center")

    def status_text(self) -> str:
        over = self.game.outcome()
        names = PIECE_SETS[self.piece_set].side_names
        if over is not None:
            if over.winner is None:
                return f"Draw: {over.reason}"
            loser = names[1 - over.winner]
            if self.mode == "play":
                who = "You win!" if over.winner == self.human_side else f"{level_name(self.level)} wins"
            else:
                who = f"{names[over.winner]} win"
            return f"{who} ({loser}: {over.reason})"
        turn = self.game.position.turn
        if self.animation is not None and self.mode == "play":
            return "You move..." if self.is_human(self.animation.side) else f"{level_name(self.level)} moves..."
        if self.pending_event is not None:
            return "Fun mode!"
        if self.mode == "play":
            if self.is_human(turn):
                return "Your move: jump!" if self.controller.jump_is_due() else "Your move"
            return f"{level_name(self.level)} is thinking..."
        return f"{names[turn]} ({SIDE_LABELS[turn]}) to move"

    def draw_bubble(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, (250, 248, 240), rect, border_radius=14)
        tail = [(FACE_CENTRE[0] - 6, rect.y + 2), (FACE_CENTRE[0] + 18, rect.y + 2), (FACE_CENTRE[0] + 4, rect.y - 16)]
        pygame.draw.polygon(surface, (250, 248, 240), tail)
        size = 26 if len(text) < 38 else 22
        draw_text(surface, text, rect.center, size, (40, 34, 50), "center")

    def move_list_rows(self) -> list[str]:
        """The game in PDN notation, a numbered row per move pair; a fun event is its own row, marked *."""
        rows: list[str] = []
        position = self.game.start
        number = 1
        current = ""
        for entry, after in zip(self.game.entries, self.game.positions()[1:], strict=True):
            if isinstance(entry, FunEvent):
                if current:
                    rows.append(current)
                    current = ""
                rows.append(f"   * {entry.kind} {'+' if entry.is_gift else 'x'}{entry.square}")
            elif position.turn == BLACK:
                current = f"{number}. {entry.notation}"
            else:
                current = (current or f"{number}. ...") + f"   {entry.notation}"
                rows.append(current)
                current = ""
                number += 1
            position = after
        if current:
            rows.append(current)
        return rows

    def draw_move_list(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, shade(PANEL, 0.75), rect, border_radius=12)
        draw_text(surface, "Moves", (rect.x + 14, rect.y + 10), 24, TEXT_DIM, bold=True)
        rows = self.move_list_rows()
        per_column = (rect.height - 44) // 24
        shown = rows[-per_column * 2:]
        for index, row in enumerate(shown):
            column, line = divmod(index, per_column)
            colour = (120, 220, 255) if "*" in row else TEXT
            draw_text(surface, row, (rect.x + 14 + column * (rect.width // 2), rect.y + 40 + line * 24), 23, colour)

    def draw_banners(self, surface: pygame.Surface) -> None:
        if self.pending_event is not None:
            banner = pygame.Rect(0, 0, 660, 80)
            banner.center = (BOARD_RECT.centerx, BOARD_RECT.y + 90)
            pygame.draw.rect(surface, (14, 40, 70), banner, border_radius=20)
            pygame.draw.rect(surface, (120, 220, 255), banner, 3, border_radius=20)
            draw_text(surface, EVENT_ANNOUNCEMENTS[self.pending_event.kind], banner.center, 30, TEXT, "center",
                      bold=True)
        if self.toast_left > 0 and self.pending_event is None:
            box = pygame.Rect((0, 0), font(24).size(self.toast)).inflate(30, 16)
            box.center = (BOARD_RECT.centerx, BOARD_RECT.bottom - 30)
            pygame.draw.rect(surface, (20, 24, 36), box, border_radius=10)
            draw_text(surface, self.toast, box.center, 24, TEXT, "center")


BUTTONS = (("hint", "Hint"), ("undo", "Undo"), ("new", "New game"), ("menu", "Menu"))


def button_rect(action: str) -> pygame.Rect:
    index = [name for name, _ in BUTTONS].index(action)
    width = (PANEL_RECT.width - 40 - 3 * 10) // len(BUTTONS)
    return pygame.Rect(PANEL_RECT.x + 20 + index * (width + 10), PANEL_RECT.y + 622, width, 36)


def button_at(pos: tuple[float, float]) -> str | None:
    for action, _ in BUTTONS:
        if button_rect(action).collidepoint(pos):
            return action
    return None


@lru_cache(maxsize=8)
def hop_shadow(radius: int) -> pygame.Surface:
    """The soft shadow under a hopping piece."""
    shadow = pygame.Surface((round(radius * 1.6), max(2, round(radius * 0.5))), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 90), shadow.get_rect())
    return shadow


def _default_layout() -> BoardLayout:
    from tablegames.ui.checkers.boards import board_layout

    return board_layout(BOARD_RECT)


def watch_table(context: Context, cycle_levels: bool = True) -> CheckersTable:
    """Computer against computer (the demo's `checkers:watch`): nothing resumed or saved, the player's settings
    untouched, and each move played by the next level, 1..10 in turn, so the computer thinks at every level."""
    table = CheckersTable(context, resume=False, save_path=None)
    table.mode = "watch"
    table.cycle_levels = cycle_levels
    table.new_game()
    return table


def effects_report(table: CheckersTable) -> str:
    """The playful layer's cost per frame (update + draw), for the demo's printout."""
    return f"effects {table.effects_cost.report()}"
