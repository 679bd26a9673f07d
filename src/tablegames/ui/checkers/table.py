"""The checkers table scene: a thin window over the table's model (`table_model.py`).

It turns clicks and keys into calls on the model (`CheckersController` maps them to intents), advances the model
and the playful layer each frame, plays the sounds and moods the model queues, turns the moments it queues into
particles and words, and draws by calling the functions of `drawing.py`, which only read. The board's layout
and the hit boxes (the squares, the opponent's head, the buttons) are fixed when the scene is made.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from tablegames.music.mood import Mood
from tablegames.ui.audio import play_cues
from tablegames.ui.checkers.boards import board_layout
from tablegames.ui.checkers.controller import PRESS_KEYS, WATCH_HIDES, CheckersController, square_to_cell
from tablegames.ui.checkers.drawing import (
    BOARD_RECT,
    CANVAS,
    FACE_CENTRE,
    FACE_RADIUS,
    TROPHY_AT,
    TROPHY_SIZE,
    button_at,
    draw_banners,
    draw_panel,
    draw_table_board,
)
from tablegames.ui.checkers.heads import head_rect
from tablegames.ui.checkers.menu import CheckersMenu
from tablegames.ui.checkers.pieces import warm_cache
from tablegames.ui.checkers.playful import Effects, show_moment
from tablegames.ui.checkers.savegame import default_save_path
from tablegames.ui.checkers.table_model import TableModel
from tablegames.ui.frametimer import CostMeter
from tablegames.ui.scene import Context, Intent, Push, Scene
from tablegames.ui.table import TableScene
from tablegames.ui.theme import draw_background

ARROW_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


def option_int(options: dict[str, Any], name: str) -> int | None:
    value = options.get(name)
    return None if value is None else int(value)


class CheckersTable(TableScene):
    """The table. `resume` reads the saved game. `save_path`: "default" is the user's file for the window
    (context.options empty), `options["save_path"]` when given (tests), and nothing for screenshots; None keeps
    nothing."""

    name = "checkers"

    def __init__(self, context: Context, resume: bool = True, save_path: Path | None | str = "default") -> None:
        super().__init__(context)
        options = context.options
        if save_path == "default":
            save_path = options.get("save_path", context.saved_game(default_save_path()))
        self.layout = board_layout(BOARD_RECT)
        self.face_rect = head_rect(FACE_CENTRE, FACE_RADIUS)
        self.pointer: tuple[float, float] | None = None
        self.keyboard_used = False
        self.controller = CheckersController()
        self.effects = Effects(context.seed)
        self.effects.bounds = BOARD_RECT
        self.effects.canvas = CANVAS  # confetti stays in the picture ...
        self.effects.keep_out = self.layout.inner  # ... and off the squares
        self.effects_cost = CostMeter()  # the playful layer's time per frame, update and draw (the demo reports it)
        self.model = TableModel(context.settings, context.thinker, lambda: context.new_game_seed("checkers"),
                                Path(save_path) if save_path else None, option_int(options, "piece_set"),
                                option_int(options, "level"), resume)
        self.apply_settings()
        self.refresh()

    # --- keeping up with the model --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the scene up to date with the model: the sounds and moods it queued, who may click which pieces,
        and the moments it queued for the playful layer. Call it after changing the model directly."""
        play_cues(self.context.audio, *self.cues())
        self.relayout()

    def relayout(self) -> None:
        model, controller = self.model, self.controller
        if model.game.position != controller.position or model.accepting != controller.accepting:
            controller.set_position(model.game.position, model.accepting)
        for moment in model.show.drain_moments():
            show_moment(self.effects, moment, self.square_centre, self.layout.piece_radius, BOARD_RECT)

    def cues(self) -> tuple[list[str], list[Mood]]:
        return self.model.show.drain()

    def menu(self) -> Scene:
        return CheckersMenu(self.context, self)

    def apply_settings(self) -> None:
        """Re-read the settings (after a menu): set, level, flip, and the playful layer's motion (the sound
        follows the settings by itself: ui/audio.apply_sound)."""
        s = self.context.settings
        self.model.apply_settings()
        self.controller.flipped = self.model.board_flipped
        self.effects.configure(s.animations, s.reduced_motion, s.screen_shake)

    def restart_from_settings(self) -> None:
        """A new game with the mode and colour chosen in the menu."""
        self.model.restart_from_settings()
        self.apply_settings()
        self.refresh()

    def export(self) -> Path | None:
        path = self.model.export()
        self.refresh()
        return path

    def on_enter(self) -> None:
        """Back on top (first entry, or the menu closed): follow the settings and draw the set's sprites now,
        so the first seconds of play do not stutter. (The music's mood comes from the model's queued cues.)"""
        self.apply_settings()
        warm_cache(self.model.piece_set, self.layout.piece_radius)

    def on_exit(self) -> None:
        """Leaving: the model cancels its searches and saves the game."""
        self.model.leave()
        self.refresh()

    def square_centre(self, square: int) -> tuple[float, float]:
        return self.layout.square_centre(*square_to_cell(square, self.controller.flipped))

    # --- the frame ------------------------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        """The frame's own part: what direct calls on the model queued since the last frame (the menu, scripts,
        tests) first, then the playful layer and the model (the shared frame then plays the new cues)."""
        self.refresh()
        started = time.perf_counter()
        self.effects.update(dt)
        self.effects_cost.add(started)
        self.model.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        model = self.model
        draw_background(surface)
        started = time.perf_counter()
        offset = self.effects.shake_offset(model.clock)
        self.effects_cost.add(started)
        draw_table_board(surface, model, self.controller, self.layout.moved(offset), self.pointer,
                         self.keyboard_used)
        started = time.perf_counter()
        self.effects.draw(surface)
        self.effects_cost.add(started)
        draw_panel(surface, model, self.pointer)
        started = time.perf_counter()
        self.effects.draw_confetti(surface)
        self.effects.draw_trophy(surface, TROPHY_AT, TROPHY_SIZE)
        self.effects_cost.add(started)
        self.effects_cost.end_frame()
        draw_banners(surface, model)

    # --- input ----------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> list[Intent]:
        self.refresh()
        intents = self.frame_key(event)  # Esc, M and Q: the shared frame's
        if intents is None:
            intents = self.respond(event)
        self.refresh()
        return intents

    def tell(self, text: str) -> None:
        self.model.toast_now(text)

    def keeps_game(self) -> bool:
        return self.model.save_path is not None

    def respond(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.keyboard_used = False
            return []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.model.wake()
            self.pointer = event.pos
            if self.face_rect.collidepoint(event.pos):
                self.model.poke()
                return []
            button = button_at(event.pos, self.model.mode)
            if button is not None:
                return self.carry_out((button,))
            return self.carry_out(self.controller.click_cell(self.layout.square_at(event.pos)))
        if event.type == pygame.KEYDOWN:
            self.model.wake()
            if event.key in ARROW_KEYS or event.key in PRESS_KEYS:
                self.keyboard_used = True
            return self.carry_out(self.controller.key(event.key))
        return []

    def carry_out(self, action: tuple[Any, ...] | None) -> list[Intent]:
        if action is None:
            return []
        model, kind = self.model, action[0]
        if kind in WATCH_HIDES and model.mode == "watch":
            return []  # no hint or take-back while the computer plays itself
        if kind == "move":
            model.play_move(action[1])
        elif kind == "select":
            model.show.pick_up()
        elif kind == "refuse":
            model.refuse()
        elif kind == "quit":
            return self.ask_before_leaving()
        elif kind == "menu":
            return [Push(self.menu())]
        elif kind == "undo":
            model.undo()
        elif kind == "new":
            return self.ask_before_new_game(model.new_game)
        elif kind == "flip":
            model.flip()
            self.context.save_settings()
        elif kind == "hint":
            model.ask_hint()
        elif kind == "save_music":
            self.save_music()
        elif kind == "party":
            model.party()
        elif kind == "export":
            model.export()
        return []

    def game_in_progress(self) -> bool:
        """A game the player has a stake in: begun, not over, and played against the computer or a friend."""
        model = self.model
        return model.mode != "watch" and bool(model.game.entries) and model.game.outcome() is None

    def save_music(self) -> str | None:
        """E: the shared frame's Save song, told in the model's toast (this table draws those)."""
        said = super().save_music()
        if said is not None:
            self.model.toast_now(said)
        return said

    def effects_report(self) -> str:
        """The playful layer's cost per frame, and the levels that moved (the demo prints it)."""
        return f"{effects_report(self)}; {self.model.computer_moves} computer moves"


def watch_table(context: Context, cycle_levels: bool = True) -> CheckersTable:
    """Computer against computer (the demo's `checkers:watch`): nothing resumed or saved, the player's settings
    untouched, and each move played by the next level, 1..10 in turn, so the computer thinks at every level."""
    table = CheckersTable(context, resume=False, save_path=None)
    table.model.watch(cycle_levels)
    table.refresh()
    return table


def effects_report(table: CheckersTable) -> str:
    """The playful layer's cost per frame (update + draw), for the demo's printout."""
    return f"effects {table.effects_cost.report()}"
