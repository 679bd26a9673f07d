"""The Fast Track table scene: draws the controller's view, sends click codes back, plays the sounds and the mood.

Keys (`FastTrackScene.bindings`): Space skips the computers' turns, U (or Backspace) undoes within your turn, Enter
presses the first button, N starts a new game with the next seed (asking first when a game is in progress), H shows
the computer's line for your turn, Esc opens the table's menu. The shared frame (ui/table.py) saves the game after
every move. Pointing at a hole or a line of the log shows its square codes.

The seats people play and the computers' level come from the settings (the menu), or from the saved game when one
is resumed; with two or more people each person's turn opens with "Blue's turn: pass the mouse".
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from tablegames.fasttrack.board import COLOURS
from tablegames.fasttrack.game import OOPS_CLICK, FastTrackGame, Partnership
from tablegames.fasttrack.view import COLOUR_RGB
from tablegames.fasttrack.words import hole_tooltip, prompt
from tablegames.music.mood import Mood
from tablegames.ui.canvas import drawing_scale, layer
from tablegames.ui.fasttrack import savegame
from tablegames.ui.fasttrack.controller import (
    PARTNERSHIPS,
    TableController,
    make_game,
    pieces_home,
)
from tablegames.ui.fasttrack.drawing import (
    PANEL_RECT,
    BoardPainter,
    PanelContent,
    PlayerLine,
    button_rects,
    draw_banner,
    draw_panel,
    draw_tooltip,
    hand_rects,
    log_rows,
    new_game_button,
    panel_layout,
)
from tablegames.ui.fasttrack.menu import PARTNER_NAMES, TableMenuScene
from tablegames.ui.fasttrack.seating import LEVEL_NAMES, WATCHING, Seating
from tablegames.ui.scene import Context, Intent, Scene
from tablegames.ui.settings import Settings
from tablegames.ui.table import KeyBinding, TableScene
from tablegames.ui.theme import LOGICAL_SIZE, TEXT_DIM, draw_background, draw_text, text_scale
from tablegames.ui.widgets import draw_button, draw_toast

SETTING_OF_PARTNERSHIP = {partnership: setting for setting, partnership in PARTNERSHIPS.items()}
WATCH_HINTS = "Computers only · Space skip a turn · N new game · Esc menu"
NOT_YOUR_TURN = "A hint is for your turn: wait for the computers."


def settings_seating(settings: Settings) -> Seating:
    """The seats and level the settings ask for."""
    return Seating.from_mask(settings.fasttrack_persons, settings.fasttrack_level)


def adopt_seating(settings: Settings, seating: Seating, players: int) -> None:
    """The settings follow a resumed game's seats (on its board) and level, so the menu shows what is played."""
    board_seats = (1 << players) - 1
    settings.fasttrack_persons = (settings.fasttrack_persons & ~board_seats) | (seating.mask & board_seats)
    settings.fasttrack_level = seating.level


def handover_words(seat: int) -> str:
    return f"{COLOURS[seat].capitalize()}'s turn: pass the mouse."


class FastTrackScene(TableScene):
    """The table. `watch` (or the context option): every seat a computer whatever the settings say (the demo);
    `save_path`: where the game in progress is resumed from (with its seats) and saved to after every move (None:
    no saving); `game`: a game to show instead of a new one. Otherwise the seats and level are the settings'."""

    name = "fasttrack"
    draws_at_any_scale = True
    bindings = (
        KeyBinding((pygame.K_SPACE,), "skip", "Space skip"),
        KeyBinding((pygame.K_u, pygame.K_BACKSPACE), "undo", "U undo"),
        KeyBinding((pygame.K_RETURN, pygame.K_KP_ENTER), "done", "Enter done"),
        KeyBinding((pygame.K_n,), "new", "N new game"),
        KeyBinding((pygame.K_h,), "hint", "H hint"),
    )

    def __init__(self, context: Context, game: FastTrackGame | None = None, watch: bool | None = None,
                 save_path: Path | None = None) -> None:
        super().__init__(context)
        options = context.options
        self.watching_only = bool(options.get("watch", False) if watch is None else watch)
        self.save_path = save_path
        settings = context.settings
        notice = ""
        seating = self.seating_wanted()
        if game is None and save_path is not None:
            loaded = savegame.load_saved_table(save_path)
            notice = loaded.message
            if loaded.game is not None:
                game = loaded.game.game
                if not self.watching_only:
                    seating = loaded.game.seating
                    adopt_seating(settings, seating, game.players)
            if not loaded.may_overwrite:
                self.save_path = None  # a newer version's save is left alone
        if game is None:
            game = make_game(context.new_game_seed("fasttrack"), settings.fasttrack_zones, settings.fasttrack_partners)
        self.controller = TableController(game, context.thinker, settings.fasttrack_speed, seating=seating)
        self.handed_to: int | None = None  # the hot seat's person last asked for the mouse
        self.controller.set_motion(settings.animations, settings.reduced_motion)
        self.painter = BoardPainter(self.controller.view.slots)
        self.hover: int | None = None
        self.tooltip: str | None = None  # the square codes of the hole or log line pointed at
        self.over_new_game = False  # the pointer is on the win screen's New game button
        self.backdrop = layer(LOGICAL_SIZE, alpha=False)  # the background and the side panel, redrawn on change
        self.backdrop_key: tuple[object, ...] = ()  # (panel content, hovered code, text size, scale) when drawn
        self.saved_marker = self.save_marker()  # a resumed game is already saved
        if notice:
            self.toasts.show(notice, important=True)
        self.relayout()

    # --- the frame's questions ------------------------------------------------------------------------------------

    def act(self, action: str) -> list[Intent]:
        controller = self.controller
        if action == "skip":
            controller.skip()
        elif action == "undo":
            controller.person_click(OOPS_CLICK)
        elif action == "done":
            buttons = [b.click for b in controller.view.buttons if b.click != OOPS_CLICK]
            if buttons:
                controller.person_click(buttons[0])
        elif action == "hint":
            if not controller.watch and not controller.ask_hint():
                self.toasts.show(NOT_YOUR_TURN)
        elif action == "new":
            seed = int(controller.game.seed) + 1
            return self.ask_before_new_game(lambda: self.new_game(seed))
        return []

    def click(self, pos: tuple[float, float]) -> list[Intent]:
        if self.shows_win() and new_game_button().hit(pos):
            return self.act("new")
        code = self.code_at(pos)
        if code is not None:
            self.controller.person_click(code)
        return []

    def point(self, pos: tuple[float, float]) -> None:
        self.hover = self.code_at(pos)
        self.over_new_game = self.shows_win() and new_game_button().hit(pos)
        self.tooltip = None if self.over_new_game else self.tooltip_at(pos)

    def tooltip_at(self, pos: tuple[float, float]) -> str | None:
        """The square codes under `pos`: a hole's name and code, or a log line's clicks."""
        controller = self.controller
        for index, rect, _ in log_rows(self.panel_content()):
            if rect.collidepoint(pos):
                return controller.log[index].codes
        slot = self.painter.slot_at(pos, controller.view.slots)
        return hole_tooltip(controller.game.layout, slot.square) if slot is not None else None

    def shows_win(self) -> bool:
        """The game is over and its last marble has landed: the banner and its New game button are up."""
        return self.controller.is_over and self.controller.walk is None

    @property
    def watch(self) -> bool:
        """Every seat is a computer's."""
        return self.controller.watch

    def seating_wanted(self) -> Seating:
        """The settings' seats and level (every seat a computer's when the table was opened to watch)."""
        seating = settings_seating(self.context.settings)
        return Seating(WATCHING.persons, seating.level) if self.watching_only else seating

    def advance(self, dt: float) -> None:
        self.controller.update(dt)
        seat = self.controller.handover_seat()
        if seat is not None and seat != self.handed_to:
            handovers = {handover_words(other) for other in range(len(COLOURS))}
            self.toasts.queue = [toast for toast in self.toasts.queue if toast.text not in handovers]  # stale ones
            self.toasts.show(handover_words(seat))
        self.handed_to = seat

    def cues(self) -> tuple[list[str], list[Mood]]:
        return self.controller.drain()

    def mood(self) -> Mood:
        return self.controller.mood

    def menu(self) -> Scene:
        return TableMenuScene(self.context, self)

    def save_marker(self) -> object:
        if self.save_path is None:
            return None
        game = self.controller.game
        return (id(game), len(game.actions), game.is_terminal(), self.controller.seating)

    def save(self) -> str | None:
        if self.save_path is None:
            return None
        return savegame.save_game(self.controller.game, self.save_path, self.controller.seating)

    def cancel_computer(self) -> None:
        self.controller.cancel_plan()

    def game_in_progress(self) -> bool:
        """A game the person has a stake in: begun and not over (watching, nothing is lost)."""
        game = self.controller.game
        return not self.controller.watch and bool(game.actions) and not game.is_terminal()

    def code_at(self, pos: tuple[float, float]) -> int | None:
        """The click code of what is under `pos` (a slot, a card or a button), or None."""
        view = self.controller.view
        layout = panel_layout(len(self.players()))
        for card, rect in zip(view.hand, hand_rects(view.hand, layout.hand_top), strict=True):
            if card.click is not None and rect.collidepoint(pos):
                return card.click
        for button, rect in zip(view.buttons, button_rects(view.buttons, layout.buttons_top), strict=True):
            if rect.collidepoint(pos):
                return button.click
        slot = self.painter.slot_at(pos, view.slots)
        return slot.click if slot is not None else None

    # --- the game ---------------------------------------------------------------------------------------------------

    def new_game(self, seed: int) -> None:
        settings = self.context.settings
        self.start(make_game(seed, settings.fasttrack_zones, settings.fasttrack_partners))

    def start(self, game: FastTrackGame) -> None:
        self.controller.start(game)
        if not self.painter.fits(self.controller.view.slots):
            self.painter = BoardPainter(self.controller.view.slots)
        self.after_change()

    def apply_settings(self) -> None:
        """After a menu: the speed and the motion at once; the seats at once (a person or a computer takes the seat
        over where the game is); the level from the computers' next plan; a new board or partnership starts a new
        game."""
        settings = self.context.settings
        controller = self.controller
        controller.set_speed(settings.fasttrack_speed)
        controller.set_motion(settings.animations, settings.reduced_motion)
        controller.set_seating(self.seating_wanted())
        game = controller.game
        wanted = make_game(int(game.seed), settings.fasttrack_zones, settings.fasttrack_partners)
        if (wanted.players, wanted.partnership) != (game.players, game.partnership):
            self.start(wanted)
        elif not self.painter.fits(controller.view.slots):  # the first person's zone comes to the bottom
            self.painter = BoardPainter(controller.view.slots)
            self.after_change()

    def relayout(self) -> None:
        """Bring the cached pictures up to date: the board's changed slots, and the panel when its content or the
        hovered card changed (a click changes it, a frame does not)."""
        if not self.painter.fits(self.controller.view.slots):  # the window's scale changed: a new board picture
            self.painter = BoardPainter(self.controller.view.slots)
        self.painter.refresh(self.controller.shown_slots())
        content = self.panel_content()
        panel_codes = {c.click for c in content.hand} | {b.click for b in content.buttons}
        hover = self.hover if self.hover in panel_codes else None
        key = (content, hover, text_scale(), drawing_scale())
        if key != self.backdrop_key:
            self.backdrop = layer(LOGICAL_SIZE, alpha=False)  # at the window's scale, which may have changed
            draw_background(self.backdrop)
            draw_panel(self.backdrop, content, hover)
            self.backdrop_key = key

    # --- drawing ------------------------------------------------------------------------------------------------

    def players(self) -> list[PlayerLine]:
        game = self.controller.game
        home = pieces_home(game)
        lines = []
        for seat in range(game.players):
            partner = COLOUR_RGB[game.partner(seat)] if game.partnership != Partnership.SOLO else None
            lines.append(PlayerLine(self.seat_name(seat), COLOUR_RGB[seat], partner, home[seat], int(game.credits[seat]),
                                    seat == game.seat and not game.is_terminal()))
        return lines

    def panel_content(self) -> PanelContent:
        controller = self.controller
        view, game = controller.view, controller.game
        persons_turn = controller.is_persons_turn()
        seat_name = "Your" if persons_turn and view.seat == controller.you else f"{COLOURS[view.seat].capitalize()}'s"
        partners = PARTNER_NAMES[SETTING_OF_PARTNERSHIP[game.partnership]]
        title = f"game {game.seed}" + ("" if partners == "none" else f", partners {partners}")
        computers = len(controller.persons) < game.players
        subtitle = f"computers: {LEVEL_NAMES[controller.seating.level]}" if computers else "no computers"
        hand = view.hand if persons_turn else tuple(replace(card, click=None) for card in view.hand)
        log = [(COLOUR_RGB[line.seat], line.text) for line in controller.log]
        hint = controller.hint if persons_turn else None
        if hint is not None:
            instructions = hint.words
        elif persons_turn:  # the person to play is "you" (several people: each in turn)
            instructions = prompt(game, view.seat)
            if controller.handover_seat() is not None:
                instructions = f"{handover_words(view.seat)} {instructions}"
        else:
            instructions = prompt(game, controller.you)
        return PanelContent(
            title=title,
            subtitle=subtitle,
            players=self.players(),
            seat_colour=view.seat_colour,
            instructions=instructions,
            hand_title=f"{seat_name} cards   ({view.deck_count} in the deck)",
            hand=hand,
            buttons=view.buttons if persons_turn else (),
            log=log,
            hints=WATCH_HINTS if controller.watch else self.footer(),
            hinted_card=hint.card if hint is not None else None,
        )

    def seat_name(self, seat: int) -> str:
        return "You" if seat == self.controller.you else COLOURS[seat].capitalize()

    def draw(self, surface: pygame.Surface) -> None:
        controller = self.controller
        surface.blit(self.backdrop, (0, 0))
        walkers = [w for w in (controller.walker(), controller.swapper()) if w is not None]
        hint = controller.hint if controller.is_persons_turn() and controller.walk is None else None
        hinted = [square for square in (hint.start, hint.end) if square is not None] if hint is not None else []
        self.painter.draw(surface, controller.shown_slots(), self.clock, walkers, controller.burst(),
                          self.hover if controller.is_persons_turn() else None, hinted)
        if controller.is_thinking():
            dots = "." * (1 + int(self.clock * 3) % 3)
            layout = panel_layout(controller.game.players)
            draw_text(surface, f"thinking{dots}", (PANEL_RECT.right - 92, layout.hand_top - 22), 24, TEXT_DIM)
        game = controller.game
        if self.shows_win():
            winners = game.winners
            draw_banner(surface, prompt(game, controller.you), COLOUR_RGB[winners[0]], self.clock)
            draw_button(surface, new_game_button(), self.over_new_game, size=28)
        draw_toast(surface, self.toasts.current, self.painter.rect)
        if self.tooltip is not None and self.pointer is not None:
            draw_tooltip(surface, self.tooltip, self.pointer)
