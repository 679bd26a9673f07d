"""The checkers table without graphics: the game in progress and who plays whom, the levels, the computer's and
the hint's jobs on the thinker, fun mode, a move's timeline, the opponent's words, the toasts, and the game saved
as it goes. Tests drive it directly (with `Thinker(inline=True)`); the scene (`table.py`) turns clicks into calls
on it, advances it each frame and draws what it reads.

The game state changes at once when a move is chosen; the hop animation replays it from the position before
(`MoveAnimation`), so the window never waits on an effect. The computer thinks on the thinker thread; its move
is played when the job is done (and not before the previous hop has landed), and a job's answer (a move or a
hint) is used only in the position it was asked about.

What the window should play or show is queued in order on the model's `show` (`show.py`): `show.drain()` hands
over the sound effects and the music's moods (as the Fast Track controller's `drain()` does), `show.drain_moments()`
the moments for the playful layer. The computer's and the hint's searches are `searches` (`thinking.py`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import FunEvent, FunGame, FunRules, roll_event
from tablegames.checkers.game import Outcome
from tablegames.checkers.position import Move, Position
from tablegames.core.rng import make_rng
from tablegames.core.worker import Thinker
from tablegames.music.mood import Mood
from tablegames.ui.checkers import savegame
from tablegames.ui.checkers.computer import level_name
from tablegames.ui.checkers.moments import (
    EVENT_ANNOUNCEMENTS,
    IDLE_ANTICS,
    MoveAnimation,
    hop_timeline,
    music_mood,
    threatened_squares,
)
from tablegames.ui.checkers.opponents import pick_line
from tablegames.ui.checkers.recipes import PIECE_SETS
from tablegames.ui.checkers.show import TableShow
from tablegames.ui.checkers.thinking import Searches
from tablegames.ui.settings import Settings

WATCH_PAUSE = 0.5
IDLE_SECONDS = 6.0
ANNOUNCE_SECONDS = 1.6
HINT_SECONDS = 3.0


class TableModel:
    """The table's state and rules of play. `settings` are the player's (read again by `apply_settings`);
    `piece_set` and `level`, when given, stay fixed whatever the settings say (screenshots, tests);
    `new_game_seed()` deals each new game's seed; `save_path`: where the game is saved and resumed (None: never)."""

    def __init__(self, settings: Settings, thinker: Thinker, new_game_seed: Callable[[], int],
                 save_path: Path | None = None, piece_set: int | None = None, level: int | None = None,
                 resume: bool = True) -> None:
        self.settings = settings
        self.new_game_seed = new_game_seed
        self.save_path = save_path
        self.fixed_piece_set = piece_set
        self.fixed_level = level
        self.piece_set = settings.checkers_piece_set if piece_set is None else piece_set
        self.level = settings.checkers_level if level is None else level
        self.mode = settings.checkers_mode
        self.human_side = BLACK if settings.checkers_colour == "red" else WHITE
        self.clock = 0.0
        self.idle = 0.0
        self.games_started = 0
        self.game_seed = 0
        self.game = FunGame()
        self.accepting = False  # a person at the table may move now
        self.jump_due = False  # ... and must jump
        self.threatened: set[int] = set()
        self.show = TableShow()
        self.animation: MoveAnimation | None = None
        self.searches = Searches(thinker)
        self.hint: Move | None = None
        self.hint_left = 0.0
        self.pending_event: FunEvent | None = None
        self.announce_left = 0.0
        self.wait = 0.0
        self.cycle_levels = False  # the demo: each computer move is played by the next level, 1..10 in turn
        self.watch_levels: tuple[int, int] | None = None  # watch mode: each side's level, fixed for the game
        self.computer_moves = 0
        self.save_problem: str | None = None  # the last save's failure, said once
        self.apply_settings()
        if not (resume and self.resume()):
            self.new_game()

    # --- who plays ------------------------------------------------------------------------------------------
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
        """The opponent whose face the panel shows: the level playing (in watch mode, the side to move's)."""
        if self.mode == "watch" and self.watch_levels is not None:
            return self.watch_levels[self.game.position.turn] - 1
        return self.level - 1

    # --- names: the sides by the piece set, the players by what stays fixed for the game -------------------
    def side_name(self, side: int) -> str:
        """The side's plural name in the set ("Ducks")."""
        return PIECE_SETS[self.piece_set].side_names[side]

    def side_label(self, side: int) -> str:
        """The side's name and colour word ("Ducks (yellow)")."""
        return PIECE_SETS[self.piece_set].side_label(side)

    def side_level(self, side: int) -> int | None:
        """The level playing `side` (None for a person, and in the demo, whose levels take turns move by move)."""
        if self.is_human(side) or self.cycle_levels:
            return None
        if self.mode == "watch" and self.watch_levels is not None:
            return self.watch_levels[side]
        return self.level

    def player_name(self, side: int) -> str:
        """Who plays `side`, named by what is fixed for the game: You, the opponent's name, Player 1 or 2,
        Level 3 (watch mode), or Computer (the demo's levels take turns)."""
        if self.mode == "two_players":
            return f"Player {side + 1}"
        if self.is_human(side):
            return "You"
        level = self.side_level(side)
        if level is None:
            return "Computer"
        return f"Level {level}" if self.mode == "watch" else level_name(level)

    @property
    def viewer_side(self) -> int:
        """The side drawn at the bottom before the player's own flip."""
        return self.human_side if self.mode == "play" else BLACK

    @property
    def board_flipped(self) -> bool:
        """The board turned half a turn: the viewer's side at the bottom, then the player's flip."""
        return (self.viewer_side == BLACK) != self.settings.checkers_flip

    @property
    def is_thinking(self) -> bool:
        """The opponent's face is thinking (a search for its move is running)."""
        return self.searches.is_finding_move and self.mode == "play"

    def apply_settings(self) -> None:
        """Re-read the piece set and the level (after the menu), unless they were fixed."""
        if self.fixed_piece_set is None:
            self.piece_set = self.settings.checkers_piece_set
        if self.fixed_level is None:
            self.level = self.settings.checkers_level

    def restart_from_settings(self) -> None:
        """A new game with the mode and colour chosen in the menu."""
        self.mode = self.settings.checkers_mode
        self.human_side = BLACK if self.settings.checkers_colour == "red" else WHITE
        self.cycle_levels = False
        self.apply_settings()
        self.new_game()

    def watch(self, cycle_levels: bool) -> None:
        """Computer against computer from a new game; with `cycle_levels` each move by the next level."""
        self.mode = "watch"
        self.cycle_levels = cycle_levels
        self.new_game()

    def fix_watch_levels(self) -> None:
        """A watched game's levels are fixed when it starts (the menu's level plays the next game); the demo's
        levels take turns instead."""
        self.watch_levels = (self.level, self.level) if self.mode == "watch" and not self.cycle_levels else None

    def fun_rules(self) -> FunRules | None:
        if self.mode != "play" or not self.settings.checkers_fun_mode:
            return None
        return FunRules(self.human_side, self.level, self.settings.checkers_fun_levels, self.game_seed)

    # --- games ----------------------------------------------------------------------------------------------
    def new_game(self, start: Position | None = None) -> None:
        self.searches.cancel()
        self.games_started += 1
        self.game_seed = int(make_rng(self.new_game_seed(), "checkers-game", self.games_started).integers(2**31))
        self.game = FunGame(start)
        self.fix_watch_levels()
        self.animation = None
        self.show.clear()
        self.pending_event = None
        self.hint = None
        self.wait = 0.0
        is_boss = self.level == 10 and self.mode == "play"
        self.say("boss" if is_boss else "hello")
        if is_boss:
            self.toast_now("Boss level: Grandmaster Gizmo takes a seat")
        self.after_change()

    def resume(self) -> bool:
        """Load the saved game (True), or start afresh (False; a file that cannot be read is logged)."""
        saved = savegame.read_game(self.save_path)
        if isinstance(saved, str):  # a damaged file, kept beside: say so
            self.toast_now(saved)
            return False
        if saved is None:
            return False
        game, tags, human = saved.game, saved.tags, saved.human
        self.searches.cancel()
        self.human_side = human
        self.mode = savegame.saved_mode(tags, self.mode)
        self.game_seed = savegame.saved_seed(tags)
        self.game = game
        self.apply_settings()
        self.fix_watch_levels()
        self.say("hello")
        self.toast_now(saved.message or "Welcome back: your game goes on")
        self.after_change()
        return True

    def save_game(self) -> None:
        problem = savegame.write_game(self.save_path, self.game, self.pdn_tags())
        if problem is not None and problem != self.save_problem:  # said once, until a save works again
            self.toast_now(problem)
        self.save_problem = problem

    def pdn_tags(self) -> dict[str, str]:
        """The PDN tags: the players named with their sides ("You (Mugs)"), and what resuming reads back."""
        black, white = (f"{self.player_name(side)} ({self.side_name(side)})" for side in (BLACK, WHITE))
        return {"Event": "tablegames checkers", "Date": time.strftime("%Y.%m.%d"), "Black": black, "White": white,
                "Mode": self.mode, "Human": "red" if self.human_side == BLACK else "white",
                "Level": str(self.level), "Seed": str(self.game_seed)}

    def export(self) -> Path | None:
        """The game as a new PDN file in the export folder (its path), or None and a toast saying why not."""
        try:
            path = savegame.export_game(self.game, self.pdn_tags())
        except OSError as error:
            self.toast_now(f"Cannot export: {error}")
            return None
        self.toast_now(f"Saved {path}")
        return path

    def leave(self) -> None:
        """The player leaves the table: stop thinking, keep the game, calm music for the lobby."""
        self.searches.cancel()
        self.save_game()
        self.show.cue_music(Mood.CALM)

    def after_change(self) -> None:
        """The position changed: who may move now, who looks worried, and the music's mood."""
        position = self.game.position
        over = self.game.outcome()
        busy = self.animation is not None or self.pending_event is not None
        self.accepting = over is None and not busy and self.is_human(position.turn)
        moves = position.legal_moves() if self.accepting else []
        self.jump_due = bool(moves) and moves[0].is_capture
        self.threatened = threatened_squares(position) if over is None else set()
        self.show.follow_music(music_mood(position, over, self.human_side if self.mode == "play" else None))

    def say(self, mood: str) -> None:
        draw = float(make_rng(self.game_seed, "checkers-line", len(self.game.entries), mood,
                              int(self.clock * 10)).random())
        self.show.say(pick_line(self.opponent_index, mood, self.neon, draw), mood)

    def toast_now(self, text: str) -> None:
        self.show.toast_now(text)

    # --- what the person at the table does ------------------------------------------------------------------
    def wake(self) -> None:
        """A click or a key: the pieces' idle antics wait again."""
        self.idle = 0.0

    def poke(self) -> None:
        self.say("poke")

    def refuse(self) -> None:
        """A piece that may not move was clicked."""
        if self.jump_due:
            self.toast_now("A jump is compulsory: move one of the highlighted pieces")

    def flip(self) -> None:
        self.settings.checkers_flip = not self.settings.checkers_flip

    def party(self) -> None:
        self.show.party()
        self.say("party")

    # --- playing moves --------------------------------------------------------------------------------------
    def play_move(self, move: Move) -> None:
        before = self.game.position
        side = before.turn
        is_king = before.piece_at(move.from_square).is_king
        self.game.play(move)
        self.hint = None
        self.idle = 0.0
        self.show.chain_count = 0
        self.save_game()
        if not self.settings.animations:
            for hop in range(len(move.captured)):
                self.show.capture_landed(move, hop, before)
            self.finish_move(move, side)
            return
        self.animation = MoveAnimation(move, before, side, is_king, hop_timeline(move, self.settings.reduced_motion))
        self.after_change()

    def finish_move(self, move: Move, side: int) -> None:
        self.animation = None
        self.show.move_landed(move, side)
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
            self.show.game_won()
            if self.mode == "play":
                self.say("loss")
        elif over.winner is not None:
            self.show.game_lost()
            self.say("win")
        else:
            self.say("hello")

    def apply_event(self, event: FunEvent) -> None:
        """A fun-mode event strikes (after its announcement): a gift for the player or a disaster for the
        computer."""
        self.pending_event = None
        self.game.add_event(event, self.human_side)
        self.save_game()
        self.show.fun_struck(event, 1 - self.human_side)
        self.say("gift" if event.is_gift else "disaster")
        self.after_change()

    def undo(self) -> None:
        """Take back to the last position where a human was to move (events included)."""
        if self.mode == "watch" or not self.game.can_undo():
            return
        self.searches.cancel()
        self.animation = None
        self.pending_event = None
        self.show.fading.clear()
        while self.game.can_undo():
            entry = self.game.undo()
            if isinstance(entry, Move) and self.is_human(self.game.position.turn):
                break
        self.save_game()
        self.after_change()

    # --- the clock ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.idle += dt
        self.show.update(dt)
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

    def advance_animation(self, dt: float) -> None:
        anim = self.animation
        assert anim is not None
        for hop in anim.advance(dt):
            if anim.move.captured:
                self.show.capture_landed(anim.move, hop, anim.before)
        if anim.done:
            self.finish_move(anim.move, anim.side)

    def run_computer(self, dt: float) -> None:
        position = self.game.position
        if self.game.outcome() is not None or self.is_human(position.turn):
            return
        if self.searches.is_finding_move:
            move = self.searches.found_move(dt, position, self.game_seed)
            if move is not None:
                self.play_move(move)
        elif self.wait <= 0:
            if self.cycle_levels:
                self.level = 1 + self.computer_moves % 10
            self.computer_moves += 1
            level = self.side_level(position.turn) or self.level
            self.searches.find_move(position, level, self.game_seed + len(self.game.entries), self.history())
            if self.mode == "play":
                self.say("thinking")

    def poll_hint(self) -> None:
        hint = self.searches.found_hint(self.game.position)
        if hint is not None:
            self.hint, self.hint_left = hint, HINT_SECONDS

    def ask_hint(self) -> None:
        if self.searches.is_finding_hint or not self.accepting:
            return
        self.searches.find_hint(self.game.position, self.game_seed + 7919 * (len(self.game.entries) + 1),
                                self.history())
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
        square = squares[int(rng.integers(len(squares)))]
        self.show.antic(square, IDLE_ANTICS[int(rng.integers(len(IDLE_ANTICS)))])
        if self.show.speech.left <= 0 and self.mode == "play" and self.is_human(position.turn):
            self.say("idle")
