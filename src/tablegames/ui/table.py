"""The frame every table scene shares: keys to actions, the clock, sound cues and mood, the menu, saving, leaving.

A table's scene subclasses `TableScene` and provides what only it knows (its controller's clock, its click
handling, its menu, how to save); the frame does the rest the same way at every table:

- a key from `bindings` becomes `act(action)`; Esc opens `menu()`; E saves the song (`save_music`) where the table
  does not bind it; a click becomes `click(pos)`; the footer lists the bindings;
- `update(dt)`: the clock, `advance(dt)`, the queued sound effects and moods played (`cues()`), the toasts;
- after every event and every update, `relayout()` recomputes hit boxes and cached pictures (never in `draw`),
  and the game is saved when `save_marker()` changed (after every completed move, so a crash loses at most the
  move in progress);
- leaving the table cancels the computer's search and saves;
- `confirm(...)` asks before something that cannot be taken back (a new game, leaving a game in the middle).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import pygame

from tablegames.music.mood import Mood
from tablegames.ui.audio import play_cues
from tablegames.ui.scene import Context, Intent, Pop, Push, Scene
from tablegames.ui.widgets import ConfirmScene, Toasts


@dataclass(frozen=True)
class KeyBinding:
    keys: tuple[int, ...]
    action: str
    label: str = ""  # how the footer names it ("Space skip"); empty: not listed


MENU_LABEL = "Esc menu"
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

    # --- the frame --------------------------------------------------------------------------------------------------

    def binding_for(self, key: int) -> KeyBinding | None:
        return next((binding for binding in self.bindings if key in binding.keys), None)

    def footer(self) -> str:
        return "   ".join([binding.label for binding in self.bindings if binding.label] + [MENU_LABEL])

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        intents: list[Intent] = []
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                menu = self.menu()
                intents = [Push(menu)] if menu is not None else [Pop()]
            else:
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
