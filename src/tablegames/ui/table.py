"""The frame every table scene shares: keys to actions, the clock, sound cues and mood, the menu, saving, leaving.

A table's scene subclasses `TableScene` and provides what only it knows (its controller's clock, its click
handling, its menu, how to save); the frame does the rest the same way at every table:

- the frame's own keys, the same at every table (`frame_key`): Esc opens `menu()`, M turns all sound on or off
  (saved; the footer says when it is off), Q goes back to the lobby;
- a key from `bindings` becomes `act(action)`; E saves the song (`save_music`) where the table does not
  bind it; a click becomes `click(pos)`; the footer lists the bindings;
- `update(dt)`: the clock, `advance(dt)`, the queued sound effects and moods played (`cues()`), the toasts;
- after every event and every update, `relayout()` recomputes hit boxes and cached pictures (never in `draw`),
  and the game is saved when `save_marker()` changed (after every completed move, so a crash loses at most the
  move in progress);
- leaving the table cancels the computer's search and saves;
- `confirm(...)` asks before something that cannot be taken back; `ask_before_new_game` and `ask_before_leaving`
  ask the same questions at every table, only when `game_in_progress()` says a game would be lost or left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import pygame

from tablegames.music.mood import Mood
from tablegames.ui.audio import mute_hint, play_cues, toggle_mute
from tablegames.ui.scene import Context, Intent, Pop, Push, Scene
from tablegames.ui.widgets import ConfirmScene, Toasts


@dataclass(frozen=True)
class KeyBinding:
    keys: tuple[int, ...]
    action: str
    label: str = ""  # how the footer names it ("Space skip"); empty: not listed


MENU_LABEL = "Esc menu"
MUTE_KEYS = (pygame.K_m,)  # all sound on or off, in the lobby too
LEAVE_KEYS = (pygame.K_q,)  # back to the lobby
LEAVE_SAVED = "The game is saved: you can go on with it when you sit down again."
LEAVE_LOST = "The game in progress will be lost."
SAVE_MUSIC = KeyBinding((pygame.K_e,), "save_music")  # every table: Save song, unless the table binds E itself


class TableScene(Scene):
    """The shared frame of a table (see the module's docstring). Subclasses set `name` and `bindings`."""

    bindings: ClassVar[tuple[KeyBinding, ...]] = ()

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.clock = 0.0
        self.toasts = Toasts()
        self.pointer: tuple[float, float] | None = None
        self.saved_marker: object = None
        self.save_problem: str | None = None  # the last save's failure, said once

    # --- what a table provides -------------------------------------------------------------------------------------

    def act(self, action: str) -> list[Intent]:
        """A bound key (or a button) asked for `action`."""
        return []

    def click(self, pos: tuple[float, float]) -> list[Intent]:
        return []

    def point(self, pos: tuple[float, float]) -> None:
        """The pointer moved to `pos` (hover)."""

    def advance(self, dt: float) -> None:
        """The table's own clock: its controller's update."""

    def cues(self) -> tuple[list[str], list[Mood]]:
        """The sound effects and moods queued since the last call."""
        return [], []

    def mood(self) -> Mood:
        return Mood.CALM

    def menu(self) -> Scene | None:
        """The table's menu overlay (None: Esc goes back to the lobby)."""
        return None

    def relayout(self) -> None:
        """Recompute hit boxes, layout and cached pictures from the state (drawing only reads them)."""

    def save_marker(self) -> object:
        """A value that changes whenever there is something new worth saving (None: nothing to save)."""
        return None

    def save(self) -> str | None:
        """Write the game in progress (atomically), never raising into the window; what the player must be told
        when it could not be written (the frame shows it once, until a save works again), else None."""
        return None

    def cancel_computer(self) -> None:
        """Stop the computer's search: the table is being left."""

    def game_in_progress(self) -> bool:
        """A game the player has a stake in: begun and not over (the frame asks before losing or leaving it)."""
        return False

    def keeps_game(self) -> bool:
        """The game in progress is saved when the table is left (it goes on at the next visit)."""
        return self.save_marker() is not None

    def tell(self, text: str) -> None:
        """A short message over the table (a table that shows its own toasts says it there)."""
        self.toasts.show(text)

    # --- the frame --------------------------------------------------------------------------------------------------

    def binding_for(self, key: int) -> KeyBinding | None:
        return next((binding for binding in self.bindings if key in binding.keys), None)

    def footer(self) -> str:
        labels = [binding.label for binding in self.bindings if binding.label]
        return "   ".join(labels + [mute_hint(self.context.settings), MENU_LABEL])

    def frame_key(self, event: pygame.event.Event) -> list[Intent] | None:
        """The keys every table answers the same way (Esc menu, M sound, Q lobby); None for any other event."""
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            menu = self.menu()
            return [Push(menu)] if menu is not None else [Pop()]
        if event.key in MUTE_KEYS:
            self.tell(toggle_mute(self.context))
            return []
        if event.key in LEAVE_KEYS:
            return self.ask_before_leaving()
        return None

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        intents: list[Intent] = []
        frame_intents = self.frame_key(event)
        if frame_intents is not None:
            intents = frame_intents
        elif event.type == pygame.KEYDOWN:
            binding = self.binding_for(event.key)
            if binding is not None:
                intents = self.act(binding.action)
            elif event.key in SAVE_MUSIC.keys:
                self.save_music()
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            intents = self.click(event.pos)
        self.after_change()
        return intents

    def update(self, dt: float) -> list[Intent]:
        self.clock += dt
        self.toasts.update(dt)
        self.advance(dt)
        play_cues(self.context.audio, *self.cues())
        self.after_change()
        return []

    def after_change(self) -> None:
        self.relayout()
        self.autosave()

    def autosave(self) -> None:
        marker = self.save_marker()
        if marker is not None and marker != self.saved_marker:
            self.saved_marker = marker
            problem = self.save()
            if problem is not None and problem != self.save_problem:
                self.toasts.show(problem, important=True)
            self.save_problem = problem

    def on_enter(self) -> None:
        if self.context.audio is not None:
            self.context.audio.set_mood(self.mood())

    def on_exit(self) -> None:
        self.cancel_computer()
        self.save()

    def save_music(self) -> str | None:
        """Save song: the music so far as a MIDI file and a stereo WAV beside it; what the player is told (a
        toast), or None without sound."""
        audio = self.context.audio
        if audio is None:
            return None
        try:
            path = audio.save_song()
        except (OSError, ValueError) as error:
            said = f"No music saved: {error}"
            self.toasts.show(said, important=True)
        else:
            said = f"Saved the music to {path} (and {path.with_suffix('.wav').name})"
            self.toasts.show(said)
        return said

    def confirm(self, question: str, detail: str, confirm_label: str,
                then: Callable[[], list[Intent]]) -> list[Intent]:
        """Ask first (Enter confirms, Esc cancels); `then` runs only when confirmed."""
        return [Push(ConfirmScene(self.context, question, detail, confirm_label, then))]

    def ask_first(self, question: str, detail: str, confirm_label: str,
                  then: Callable[[], list[Intent]]) -> list[Intent]:
        """`then()` at once when no game is in progress, else only once the player confirms."""
        if not self.game_in_progress():
            return then()
        return self.confirm(question, detail, confirm_label, then)

    def ask_before_new_game(self, start: Callable[[], None]) -> list[Intent]:
        """N, a New game button or menu row: `start()` the new game, asking first in the middle of one."""

        def start_new() -> list[Intent]:
            start()
            self.after_change()
            return []

        return self.ask_first("Start a new game?", LEAVE_LOST, "New game", start_new)

    def ask_before_leaving(self, then: Callable[[], list[Intent]] | None = None) -> list[Intent]:
        """Q, or the menu's Back to the lobby: leave (`then()`, by default closing the table), asking first in the
        middle of a game."""
        detail = LEAVE_SAVED if self.keeps_game() else LEAVE_LOST
        return self.ask_first("Leave the table?", detail, "Leave", then or (lambda: [Pop()]))
