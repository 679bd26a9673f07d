"""The Piddle scenes: the dice table with its advisor, and the photo reader.

Table keys: Space rolls (or starts the next round), Enter stops, 1-6 or a click holds a die, H holds what the
advisor keeps, A shows or hides the advisor (saved), S skips what is moving, Esc opens the menu. Dropping a
picture file onto the window opens the photo reader with it. The table in progress is saved after every move (the
shared frame's autosave) and resumed when the table opens again (savegame.py).

Photo reader keys: 1-6 set the selected die (uncertain ones are marked and selected first), a click or left
and right select a die, R rerolls left, B / Shift+B the hand to beat, P the players after you, K the cap,
C the camera, Esc back.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from tablegames.music.mood import Mood
from tablegames.piddle.hands import DICE, describe_hand
from tablegames.piddle.table import TURN, PiddleTable, positions_to_hold
from tablegames.ui import draw
from tablegames.ui.canvas import drawing_scale, image_size, layer
from tablegames.ui.miniatures import draw_die
from tablegames.ui.piddle import savegame
from tablegames.ui.piddle.advisor import ADVISED, LOSE_COLOUR, PUSH_COLOUR, AdvisorView, draw_advisor
from tablegames.ui.piddle.controller import (
    HUMAN_SEAT,
    PiddleController,
    make_table,
    objective_of,
)
from tablegames.ui.piddle.drawing import (
    ADVISOR_RECT,
    DIE_BODY,
    DIE_PIPS,
    FELT_RECT,
    WILD_PIPS,
    buttons_for,
    die_at,
    draw_banner,
    draw_break_roll,
    draw_cloth,
    draw_dice,
    draw_log,
    draw_players,
    draw_results,
    draw_stage_text,
    draw_top_bar,
)
from tablegames.ui.piddle.menu import PiddleMenuScene
from tablegames.ui.piddle.photo import PhotoController, PhotoRead, array_to_surface
from tablegames.ui.scene import Context, Intent, Pop, Push, Scene
from tablegames.ui.table import KeyBinding, TableScene
from tablegames.ui.theme import (
    ACCENT,
    LOGICAL_SIZE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    draw_background,
    draw_text,
    text_scale,
)
from tablegames.ui.widgets import Toasts, button_at, draw_button, draw_footer, draw_toast, fit_text, wrap_text

NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 7)} | {getattr(pygame, f"K_KP{n}"): n
                                                                     for n in range(1, 7)}
WATCH_HINTS = "Computers only · S skip the pause · A advisor · Esc menu"


def situation_lines(table: PiddleTable) -> tuple[str, ...]:
    """The advisor's view of the position: the hand to beat, the players after, the cap, the rerolls left."""
    beat, tied = table.best_so_far()
    after = table.players - 1 - table.turn
    lines = []
    if beat == (0, 0):
        lines.append("Nothing to beat: this turn breaks")
    else:
        lines.append(f"To beat: {describe_hand(beat)}" + ("  (shared: a push)" if tied else ""))
    cap = "" if table.cap is None else f", cap {table.cap} roll{'s' if table.cap > 1 else ''}"
    lines.append(f"Players after: {after}{cap}")
    if table.dice is not None:
        left = table.rerolls_left
        lines.append(f"Rerolls left: {left}")
    return tuple(lines)


class PiddleScene(TableScene):
    """The table: you and 1-5 computers (settings), or `watch`: computers in every seat. `save_path`: where the
    table in progress is resumed from and saved to after every move (None, and always when watching: no saving)."""

    name = "piddle"
    bindings = (
        KeyBinding((pygame.K_SPACE,), "roll", "Space roll"),
        KeyBinding((pygame.K_RETURN, pygame.K_KP_ENTER), "stop", "Enter stop"),
        KeyBinding((), "", "1-6 hold"),
        *(KeyBinding((getattr(pygame, f"K_{n}"), getattr(pygame, f"K_KP{n}")), f"hold {n}") for n in range(1, 7)),
        KeyBinding((pygame.K_h,), "hint", "H hint"),
        KeyBinding((pygame.K_a,), "advisor", "A advisor"),
        KeyBinding((pygame.K_s,), "skip"),
    )

    def __init__(self, context: Context, table: PiddleTable | None = None, watch: bool | None = None,
                 save_path: Path | None = None) -> None:
        super().__init__(context)
        settings = context.settings
        self.watch = bool(context.options.get("watch", False) if watch is None else watch)
        self.save_path = None if self.watch else save_path
        notice = ""
        if table is None and self.save_path is not None:
            loaded = savegame.load_saved(self.save_path, objective_of(settings))
            table, notice = loaded.game, loaded.message
            if not loaded.may_overwrite:
                self.save_path = None  # a newer version's save is left alone
        if table is None:
            table = make_table(settings.piddle_players, context.new_game_seed("piddle"), self.watch,
                               objective_of(settings))
        self.controller = PiddleController(table, self.watch, settings.animations, settings.reduced_motion,
                                           context.thinker)
        self.hover_die: int | None = None
        self.hover_button: str | None = None
        self.backdrop = full_layer()
        self.backdrop_key: tuple[object, ...] = ()  # `static_key` and the scale when the backdrop was last drawn
        self.saved_marker = self.save_marker()  # a resumed table is saved already
        if notice:
            self.toasts.show(notice, important=True)
        self.relayout()

    @property
    def show_advisor(self) -> bool:
        return self.context.settings.piddle_advisor

    # --- the frame's questions ------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.DROPFILE:
            return self.open_photo(event.file)
        return super().handle(event)

    def act(self, action: str) -> list[Intent]:
        controller = self.controller
        if action.startswith("hold "):
            controller.toggle(int(action.split()[1]) - 1)
        elif action in ("roll", "stop"):
            if controller.is_settled:
                controller.next_round()
            elif action == "roll":
                controller.roll()
            else:
                controller.stop()
        elif action == "hint":
            controller.hint()
        elif action == "advisor":
            self.context.settings.piddle_advisor = not self.context.settings.piddle_advisor
            self.context.save_settings()
        elif action == "skip":
            controller.skip()
        return []

    def click(self, pos: tuple[float, float]) -> list[Intent]:
        button = self.button_at(pos)
        if button is not None:
            self.press(button)
        else:
            die = die_at(pos)
            if die is not None:
                self.controller.toggle(die)
        return []

    def point(self, pos: tuple[float, float]) -> None:
        self.hover_die = die_at(pos)
        self.hover_button = self.button_at(pos)

    def advance(self, dt: float) -> None:
        self.controller.update(dt)

    def cues(self) -> tuple[list[str], list[Mood]]:
        return self.controller.drain()

    def mood(self) -> Mood:
        return self.controller.mood if self.controller.mood is not None else Mood.CALM

    def menu(self) -> Scene:
        return PiddleMenuScene(self.context, self)

    def cancel_computer(self) -> None:
        self.controller.cancel_thinking()

    def save_marker(self) -> object:
        if self.save_path is None:
            return None
        table = self.controller.table
        return id(table), len(table.actions)

    def save(self) -> str | None:
        return None if self.save_path is None else savegame.save_table(self.controller.table, self.save_path)

    def game_in_progress(self) -> bool:
        """A round you have rolled in that is not settled yet (leaving or a new table loses it)."""
        table = self.controller.table
        if self.watch or table.phase != TURN:
            return False
        return HUMAN_SEAT in table.final_dice or (table.current_seat == HUMAN_SEAT and table.dice is not None)

    def relayout(self) -> None:
        """Ask the advisor what the panel will show (on the thinker), and redraw the backdrop when what it shows
        changed (with a move or an answer, not with the frame)."""
        if self.show_advisor and self.controller.wants_breaker_outlook():
            self.controller.breaker_outlook()
        key = (self.static_key(), drawing_scale())
        if key != self.backdrop_key:
            self.backdrop = full_layer()  # at the window's scale, which may have changed
            self.draw_static(self.backdrop)
            self.backdrop_key = key

    def press(self, button: str) -> None:
        controller = self.controller
        {"roll": controller.roll, "stop": controller.stop, "hint": controller.hint,
         "next": controller.next_round}[button]()

    def button_at(self, pos: tuple[float, float]) -> str | None:
        button = button_at(buttons_for(self.controller), pos)
        return None if button is None else button.action

    def open_photo(self, path: str) -> list[Intent]:
        photo = PhotoScene(self.context)
        photo.controller.load_file(path)  # on the thinker: the reader shows what it is reading meanwhile
        photo.after_change()
        return [Push(photo)]

    # --- settings -------------------------------------------------------------------------------------------------

    def apply_settings(self) -> None:
        """After a menu: the objective and the motion at once; a new number of players starts a new table."""
        settings = self.context.settings
        controller = self.controller
        controller.set_objective(objective_of(settings))
        controller.animations, controller.reduced_motion = settings.animations, settings.reduced_motion
        if settings.piddle_players != controller.table.players and not self.watch:
            seed = int(controller.table.seed) + 1
            controller.start(make_table(settings.piddle_players, seed, self.watch, objective_of(settings)))
        self.after_change()

    # --- drawing --------------------------------------------------------------------------------------------------

    def advisor_view(self) -> AdvisorView:
        table = self.controller.table
        seat = self.controller.stage().seat
        if table.phase != "turn":
            title = "The round is over"
        elif seat == HUMAN_SEAT and not self.watch:
            title = "Your move"
        else:
            title = f"{table.names[seat]}'s move (it plays this)"
        controller = self.controller
        if controller.tumble is not None:
            empty = "The dice are rolling..."
        elif controller.linger is not None:
            empty = "Next player..."
        elif table.phase == "turn" and table.dice is not None:
            empty = "The advisor is thinking..."
        elif table.phase == "turn":
            empty = "Roll to get advice"
        else:
            empty = "Advice comes with the next roll"
        lines = situation_lines(table) if table.phase == "turn" else ()
        if controller.wants_breaker_outlook():
            outlook = controller.shown_outlook()  # Rung 3: the breaker's whole turn, asked in relayout
            if outlook is None:
                lines += ("", "Breaking: the advisor is thinking...")
            else:
                stops = " / ".join(f"{100 * share:.0f}%" for share in outlook.stop_after)
                lines += ("", "Breaking, played exactly:",
                          f"  win {100 * outlook.win:.1f}%, push {100 * outlook.push:.1f}%",
                          "  stops after 1 / 2 / 3 rolls:", f"  {stops}")
        return AdvisorView(title, lines, table.objective, empty)

    def static_key(self) -> tuple[object, ...]:
        controller = self.controller
        table = controller.table
        return (id(table), table.round_index, len(table.events), table.dice, frozenset(table.held) if table.phase == "turn" else None,
                controller.linger is None, controller.showing_break, controller.tumble is None, controller.message,
                self.show_advisor, self.hover_button, controller.is_busy(), table.objective,
                controller.advisor.version, controller.outlook.version,  # an answer from the thinker redraws
                self.watch, self.footer(), text_scale())

    def draw_static(self, surface: pygame.Surface) -> None:
        """What changes with a move, not with the frame: drawn once into the backdrop."""
        controller = self.controller
        draw_background(surface)
        draw_top_bar(surface, controller)
        draw_players(surface, controller)
        draw_cloth(surface)
        draw_stage_text(surface, controller)
        draw_log(surface, controller)
        for button in buttons_for(controller):
            draw_button(surface, button, button.action == self.hover_button, size=27)
        if controller.is_settled and not controller.is_busy():
            draw_results(surface, ADVISOR_RECT, controller)
        elif self.show_advisor:
            advice = controller.shown_advice() if not controller.is_busy() else None
            draw_advisor(surface, ADVISOR_RECT, self.advisor_view(), advice)
        else:
            draw.rect(surface, PANEL, ADVISOR_RECT, border_radius=16)
            draw.rect(surface, PANEL_EDGE, ADVISOR_RECT, 2, border_radius=16)
            draw_text(surface, "Advisor hidden", (ADVISOR_RECT.centerx, ADVISOR_RECT.y + 60), 32, TEXT_DIM, "center")
            draw_text(surface, "press A to show it", (ADVISOR_RECT.centerx, ADVISOR_RECT.y + 96), 26, TEXT_DIM,
                      "center")
        footer = WATCH_HINTS if self.watch else f"{self.footer()}   drop a photo to analyse it"
        draw_footer(surface, footer, (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 38), 24, LOGICAL_SIZE[0] - 40,
                    max_lines=2)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.backdrop, (0, 0))  # brought up to date by relayout
        controller = self.controller
        draw_break_roll(surface, controller)
        draw_dice(surface, controller, self.show_advisor and not controller.is_busy(), self.hover_die)
        draw_banner(surface, controller, self.clock)
        draw_toast(surface, self.toasts.current, FELT_RECT)


# --- the photo reader ----------------------------------------------------------------------------------------------

PHOTO_RECT = pygame.Rect(30, 90, 560, 420)
READ_Y = 620
READ_SIZE = 70
READ_GAP = 18
PHOTO_HINTS = "1-6 fix the selected die · Left/Right or click select · R rerolls · B/Shift+B hand to beat · P players " \
              "after · K cap · C camera · Esc back"


def read_die_centre(index: int) -> tuple[float, float]:
    total = DICE * READ_SIZE + (DICE - 1) * READ_GAP
    left = PHOTO_RECT.centerx - total / 2 + READ_SIZE / 2
    return left + index * (READ_SIZE + READ_GAP), READ_Y


def scaled_into(picture: pygame.Surface, frame: tuple[int, int], pixels_a_unit: float = 1.0) -> pygame.Surface:
    """`picture` scaled to fit a frame of logical size `frame`, keeping its shape, at the window's pixels a unit
    (its logical size: `canvas.image_size`)."""
    width, height = picture.get_size()
    scale = min(frame[0] / width, frame[1] / height) * pixels_a_unit
    return pygame.transform.smoothscale(picture, (max(1, round(width * scale)), max(1, round(height * scale))))


def read_die_at(pos: tuple[float, float]) -> int | None:
    for index in range(DICE):
        x, y = read_die_centre(index)
        if abs(pos[0] - x) <= READ_SIZE / 2 + 6 and abs(pos[1] - y) <= READ_SIZE / 2 + 6:
            return index
    return None


def full_layer() -> pygame.Surface:
    """A picture of the whole design at the window's scale (the static parts drawn once, blitted each frame)."""
    return layer(LOGICAL_SIZE, alpha=False)


class PhotoScene(Scene):
    """Analyse a photo: the picture with the dice found, the dice as read (uncertain ones marked), the advice.
    The photo is read on the thinker: the page says what is being read until the answer comes."""

    name = "piddle:photo"

    def __init__(self, context: Context, controller: PhotoController | None = None) -> None:
        super().__init__(context)
        self.controller = controller or PhotoController(objective_of(context.settings), context.thinker)
        self.toasts = Toasts()
        self.thumbnail: pygame.Surface | None = None  # the photo scaled into its frame
        self.thumbnail_of: tuple[PhotoRead | None, float] | None = None  # the photo and the scale it was made for
        self.page = full_layer()  # the whole picture, redrawn when the reading or a fix changes
        self.page_key: tuple[object, ...] = ()  # what the page showed when last drawn
        self.after_change()

    def update(self, dt: float) -> list[Intent]:
        self.toasts.update(dt)
        self.after_change()
        return []

    def on_exit(self) -> None:
        self.controller.cancel()

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        intents = self.handle_event(event)
        self.after_change()
        return intents

    def after_change(self) -> None:
        """The photo's reading or the dice or the situation may have changed: pick up the reading, ask the advisor,
        show a refused photo in a toast, and bring the page up to date (drawing only reads it)."""
        photo = self.controller
        photo.poll()
        for notice in photo.drain_notices():
            self.toasts.show(notice, important=True)
        self.relayout()

    def handle_event(self, event: pygame.event.Event) -> list[Intent]:
        photo = self.controller
        if event.type == pygame.DROPFILE:
            photo.load_file(event.file)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = read_die_at(event.pos)
            if index is not None:
                photo.select(index)
        elif event.type == pygame.KEYDOWN:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                return [Pop()]
            if event.key in NUMBER_KEYS:
                photo.fix(NUMBER_KEYS[event.key])
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                photo.select((photo.selected + (1 if event.key == pygame.K_RIGHT else -1)) % DICE)
            elif event.key == pygame.K_r:
                photo.step_rerolls()
            elif event.key == pygame.K_b:
                photo.step_beat(-1 if shift else 1)
            elif event.key == pygame.K_p:
                photo.step_after()
            elif event.key == pygame.K_k:
                photo.step_cap()
            elif event.key == pygame.K_c:
                photo.use_camera()
        return []

    def relayout(self) -> None:
        """The photo's thumbnail when a new photo was read, and the page when what it shows changed."""
        shown = self.controller.photo
        scale = drawing_scale()
        if (shown, scale) != self.thumbnail_of:
            self.thumbnail = None if shown is None else scaled_into(array_to_surface(shown.thumbnail),
                                                                    PHOTO_RECT.size, scale)
            self.thumbnail_of = (shown, scale)
        photo = self.controller
        key = (id(photo.photo), tuple(photo.values), frozenset(photo.fixed), photo.selected, photo.situation,
               photo.message, photo.problem, photo.reading_what, photo.objective, photo.advisor.version, scale)
        if key != self.page_key:
            self.page = full_layer()  # at the window's scale, which may have changed
            self.draw_page(self.page)
            self.page_key = key

    def picture(self) -> tuple[pygame.Surface, float, pygame.Rect] | None:
        """The photo's thumbnail, the scale from the photo's pixels to it, and where it sits."""
        photo = self.controller.photo
        if photo is None or self.thumbnail is None:
            return None
        width, height = image_size(self.thumbnail)
        rect = pygame.Rect(0, 0, round(width), round(height))
        rect.center = PHOTO_RECT.center
        return self.thumbnail, width / photo.size[0], rect

    def situation_lines(self) -> tuple[str, ...]:
        s = self.controller.situation
        beat = "nothing: you break" if s.beat == (0, 0) else describe_hand(s.beat)
        lines = [f"To beat (B): {beat}", f"Players after (P): {s.after}"]
        if s.beat != (0, 0):
            lines[-1] += f", cap (K) {s.cap} roll{'s' if s.cap > 1 else ''}"
        lines.append(f"Rerolls left (R): {s.rerolls}")
        return tuple(lines)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.page, (0, 0))  # brought up to date by relayout
        draw_toast(surface, self.toasts.current, PHOTO_RECT, size=24)

    def draw_page(self, surface: pygame.Surface) -> None:
        photo = self.controller
        draw_background(surface)
        draw_text(surface, "Piddle: analyse a photo", (30, 22), 48, ACCENT, bold=True)
        draw.rect(surface, PANEL, PHOTO_RECT.inflate(16, 16), border_radius=12)
        shown = self.picture()
        if shown is None:
            waiting = f"Reading {photo.reading_what}..." if photo.is_reading() else "Drop a photo of six dice here"
            draw_text(surface, waiting, PHOTO_RECT.center, 34, TEXT_DIM, "center")
        else:
            image, scale, rect = shown
            surface.blit(image, rect.topleft)
            for index, die in enumerate(photo.reading.dice if photo.reading is not None else ()):
                centre = (rect.x + die.center[1] * scale, rect.y + die.center[0] * scale)
                side = die.size * scale * 1.25
                box = pygame.Rect(0, 0, side, side)
                box.center = (round(centre[0]), round(centre[1]))
                uncertain = photo.is_uncertain(index)
                colour = LOSE_COLOUR if uncertain else ADVISED
                draw.rect(surface, colour, box, 3, border_radius=6)
                tag = pygame.Rect(box.x, box.y - 24, 26, 22)
                draw.rect(surface, colour, tag, border_radius=5)
                draw_text(surface, str(index + 1), tag.center, 22, (20, 20, 26), "center", bold=True)
            if photo.problem is not None:
                self.draw_problem(surface, rect, *photo.problem)
        lines = wrap_text(photo.message, 22, PHOTO_RECT.width + 40)  # a refusal names the file and says why
        if len(lines) > 2:
            lines = [lines[0], fit_text(" ".join(lines[1:]), 22, PHOTO_RECT.width + 40)]
        for number, line in enumerate(lines):
            y = PHOTO_RECT.bottom + (30 if len(lines) == 1 else 20 + 26 * number)
            draw_text(surface, line, (PHOTO_RECT.centerx, y), 22 if len(lines) > 1 else 24, TEXT, "center")
        if photo.has_dice():
            self.draw_read_dice(surface)
        advice = photo.advice()
        empty = "The advisor is thinking..." if photo.has_dice() else "Drop a photo to get advice"
        view = AdvisorView("On the dice as read" if photo.has_dice() else "No dice yet", self.situation_lines(),
                           photo.objective, empty, legend=False)
        draw_advisor(surface, pygame.Rect(640, 90, 610, 560), view, advice)
        draw_text(surface, PHOTO_HINTS, (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 38), 22, TEXT_DIM, "center")

    def draw_problem(self, surface: pygame.Surface, rect: pygame.Rect, message: str, hint: str) -> None:
        """What the reader could not do, on the photo itself, and what to try."""
        width = min(rect.width, PHOTO_RECT.width) - 24
        said = wrap_text(message[:1].upper() + message[1:], 24, width, bold=True)[:2]
        tried = wrap_text(f"Try: {hint}", 22, width)[:2]
        height = 16 + 28 * len(said) + 26 * len(tried)
        banner = layer((width + 24, height))  # at the window's scale
        banner.fill((20, 20, 26, 215))
        top = rect.bottom - height - 8
        surface.blit(banner, (rect.centerx - (width + 24) // 2, top))
        for number, line in enumerate(said):
            draw_text(surface, line, (rect.centerx, top + 22 + 28 * number), 24, LOSE_COLOUR, "center", bold=True)
        for number, line in enumerate(tried):
            draw_text(surface, line, (rect.centerx, top + 22 + 28 * len(said) + 26 * number), 22, TEXT, "center")

    def draw_read_dice(self, surface: pygame.Surface) -> None:
        photo = self.controller
        advised = set()
        advice = photo.advice()
        if advice is not None:
            advised = set(positions_to_hold(tuple(photo.values), advice.keep))
        for index, value in enumerate(photo.values):
            x, y = read_die_centre(index)
            if index in advised:
                ring = pygame.Rect(0, 0, READ_SIZE + 14, READ_SIZE + 14)
                ring.center = (round(x), round(y))
                draw.rect(surface, ADVISED, ring, 4, border_radius=12)
            if index == photo.selected:
                frame = pygame.Rect(0, 0, READ_SIZE + 6, READ_SIZE + 6)
                frame.center = (round(x), round(y))
                draw.rect(surface, ACCENT, frame, border_radius=10)
            draw_die(surface, (x, y), READ_SIZE, value, 0.0, DIE_BODY, WILD_PIPS if value == 1 else DIE_PIPS, (2, 4))
            uncertain = photo.is_uncertain(index)
            if uncertain:
                draw_text(surface, "?", (x + READ_SIZE / 2 - 2, y - READ_SIZE / 2 - 4), 40, PUSH_COLOUR, "center",
                          bold=True)
            label = "fixed" if index in photo.fixed else f"{100 * photo.confidence(index):.0f}%"
            draw_text(surface, f"{index + 1}: {label}", (x, y + READ_SIZE / 2 + 20), 22,
                      LOSE_COLOUR if uncertain else TEXT_DIM, "center")
        sure = "every die read with confidence" if not photo.uncertain() else \
            f"{len(photo.uncertain())} to check: select it, press its value"
        draw_text(surface, sure, (PHOTO_RECT.centerx, READ_Y + 80), 22, TEXT_DIM, "center")
