"""The Fast Track table scene: draws the controller's view, sends click codes back, plays the sounds and the mood.

Keys: Space skips the computers' turns, U (or Backspace) undoes within your turn, Enter presses the first button,
N starts a new game with the next seed, Esc opens the table's menu.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from tablegames.fasttrack.board import COLOURS
from tablegames.fasttrack.game import OOPS_CLICK, FastTrackGame, Partnership
from tablegames.fasttrack.view import COLOUR_RGB
from tablegames.music.mood import Mood
from tablegames.ui.audio import play_cues
from tablegames.ui.fasttrack import savegame
from tablegames.ui.fasttrack.controller import (
    HUMAN_SEAT,
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
    hand_rects,
    panel_layout,
)
from tablegames.ui.fasttrack.menu import PARTNER_NAMES, TableMenuScene
from tablegames.ui.scene import Context, Intent, Push, Scene
from tablegames.ui.theme import LOGICAL_SIZE, TEXT_DIM, draw_background, draw_text

SETTING_OF_PARTNERSHIP = {partnership: setting for setting, partnership in PARTNERSHIPS.items()}
HINTS = "Space skip · U undo · Enter done · N new game · Esc menu"
WATCH_HINTS = "Computers only · Space skip a turn · N new game · Esc menu"


class FastTrackScene(Scene):
    """The table. `watch` (or the context option): every seat a computer; `save_path`: where the game in progress
    is resumed from and saved to (None: no saving); `game`: a game to show instead of a new one."""

    name = "fasttrack"

    def __init__(self, context: Context, game: FastTrackGame | None = None, watch: bool | None = None,
                 save_path: Path | None = None) -> None:
        super().__init__(context)
        options = context.options
        self.watch = bool(options.get("watch", False) if watch is None else watch)
        self.save_path = save_path
        settings = context.settings
        if game is None and save_path is not None:
            game = savegame.load_game(save_path)
        if game is None:
            game = make_game(context.new_game_seed("fasttrack"), settings.fasttrack_zones, settings.fasttrack_partners)
        self.controller = TableController(game, context.thinker, settings.fasttrack_speed, self.watch)
        self.painter = BoardPainter(self.controller.view.slots)
        self.clock = 0.0
        self.hover: int | None = None
        self.backdrop = pygame.Surface(LOGICAL_SIZE)  # the background and the side panel, redrawn on change
        self.backdrop_key: tuple = ()
        self.refresh_pictures()

    # --- events ---------------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        controller = self.controller
        intents: list[Intent] = []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            code = self.code_at(event.pos)
            if code is not None:
                controller.person_click(code)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.code_at(event.pos)
        elif event.type == pygame.KEYDOWN:
            intents = self.key(event.key)
        self.refresh_pictures()
        return intents

    def key(self, key: int) -> list[Intent]:
        controller = self.controller
        if key == pygame.K_ESCAPE:
            return [Push(TableMenuScene(self.context, self))]
        if key == pygame.K_SPACE:
            controller.skip()
        elif key in (pygame.K_u, pygame.K_BACKSPACE):
            controller.person_click(OOPS_CLICK)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            buttons = [b.click for b in controller.view.buttons if b.click != OOPS_CLICK]
            if buttons:
                controller.person_click(buttons[0])
        elif key == pygame.K_n:
            self.new_game(int(controller.game.seed) + 1)
        return []

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
        self.refresh_pictures()

    def apply_settings(self) -> None:
        """After the menu: the speed at once; a new board or partnership starts a new game."""
        settings = self.context.settings
        self.controller.set_speed(settings.fasttrack_speed)
        game = self.controller.game
        wanted = make_game(int(game.seed), settings.fasttrack_zones, settings.fasttrack_partners)
        if (wanted.players, wanted.partnership) != (game.players, game.partnership):
            self.start(wanted)

    def on_enter(self) -> None:
        self.set_mood(self.controller.mood)

    def on_exit(self) -> None:
        self.controller.cancel_plan()
        if self.save_path is not None:
            savegame.save_game(self.controller.game, self.save_path)

    # --- the clock ----------------------------------------------------------------------------------------------

    def update(self, dt: float) -> list[Intent]:
        self.clock += dt
        self.controller.update(dt)
        play_cues(self.context.audio, *self.controller.drain())
        self.refresh_pictures()
        return []

    def refresh_pictures(self) -> None:
        """Bring the cached pictures up to date: the board's changed slots, and the panel when its content or the
        hovered card changed (a click changes it, a frame does not). Here, not in draw: drawing only reads."""
        self.painter.refresh(self.controller.shown_slots())
        content = self.panel_content()
        panel_codes = {c.click for c in content.hand} | {b.click for b in content.buttons}
        hover = self.hover if self.hover in panel_codes else None
        if (content, hover) != self.backdrop_key:
            draw_background(self.backdrop)
            draw_panel(self.backdrop, content, hover)
            self.backdrop_key = (content, hover)

    def set_mood(self, mood: Mood) -> None:
        if self.context.audio is not None:
            self.context.audio.set_mood(mood)

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
        seat_name = "Your" if persons_turn else f"{COLOURS[view.seat].capitalize()}'s"
        partners = PARTNER_NAMES[SETTING_OF_PARTNERSHIP[game.partnership]]
        title = f"game {game.seed}" + ("" if partners == "none" else f", partners {partners}")
        hand = view.hand if persons_turn else tuple(replace(card, click=None) for card in view.hand)
        log = [(self.seat_name(seat), COLOUR_RGB[seat], what) for seat, what in controller.log]
        return PanelContent(
            title=title,
            players=self.players(),
            seat_colour=view.seat_colour,
            instructions=view.instructions,
            hand_title=f"{seat_name} cards   ({view.deck_count} in the deck)",
            hand=hand,
            buttons=view.buttons if persons_turn else (),
            log=log,
            hints=WATCH_HINTS if self.watch else HINTS,
        )

    def seat_name(self, seat: int) -> str:
        return "You" if seat == HUMAN_SEAT and not self.watch else COLOURS[seat].capitalize()

    def draw(self, surface: pygame.Surface) -> None:
        controller = self.controller
        surface.blit(self.backdrop, (0, 0))
        walkers = [w for w in (controller.walker(), controller.swapper()) if w is not None]
        self.painter.draw(surface, controller.shown_slots(), self.clock, walkers, controller.burst(),
                          self.hover if controller.is_persons_turn() else None)
        if controller.is_thinking():
            dots = "." * (1 + int(self.clock * 3) % 3)
            layout = panel_layout(controller.game.players)
            draw_text(surface, f"thinking{dots}", (PANEL_RECT.right - 92, layout.hand_top - 22), 24, TEXT_DIM)
        game = controller.game
        if game.is_terminal() and controller.walk is None:
            winners = game.winners
            text = "You win!" if HUMAN_SEAT in winners and not self.watch else controller.view.instructions
            draw_banner(surface, text, COLOUR_RGB[winners[0]], self.clock)
