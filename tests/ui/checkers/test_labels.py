"""The checkers table's labels and views: the sides named by the piece set (panel, status line, menu, PDN tags),
watch mode naming who plays whom for the whole game, without Hint or Undo; the square numbers on the board; the rules page; toasts, announcements and confetti that
never cover the squares or run off the canvas."""

from __future__ import annotations

from typing import Any

import numpy as np
import pygame
import pytest

from tablegames.checkers.funmode import FunEvent, FunGame
from tablegames.checkers.position import Position
from tablegames.core.worker import Thinker
from tablegames.ui.checkers.computer import level_name
from tablegames.ui.checkers.controller import cell_to_square, square_to_cell
from tablegames.ui.checkers.drawing import (
    BELOW_SQUARES,
    CANVAS,
    MOVE_LIST_RECT,
    PANEL_RECT,
    PLAYING_AREA,
    TOAST_PADDING,
    banner_rect,
    button_at,
    buttons_for,
    key_lines,
    square_number_rects,
    toast_layout,
)
from tablegames.ui.checkers.menu import ITEMS, CheckersMenu, MenuModel, read_rules
from tablegames.ui.checkers.panel_text import matchup_lines, move_list_rows, panel_header, status_text
from tablegames.ui.checkers.playful import Effects, confetti_lanes, flake_rect
from tablegames.ui.checkers.recipes import PIECE_SETS
from tablegames.ui.checkers.table import CheckersTable
from tablegames.ui.checkers.table_model import TableModel
from tablegames.ui.overlay import RulesScene, markdown_blocks
from tablegames.ui.scene import Context, Pop, Push
from tablegames.ui.settings import Settings
from tablegames.ui.theme import body_size, font, set_text_size
from tablegames.ui.widgets import footer_size, text_width

NEO_DUCK = 8  # Mugs (blue) move first, Ducks (yellow)


def make_model(**settings: Any) -> TableModel:
    settings.setdefault("checkers_level", 1)  # Dozy Dave: no search to compile
    settings.setdefault("checkers_piece_set", NEO_DUCK)
    return TableModel(Settings(**settings), Thinker(inline=True), lambda: 5, None)


@pytest.mark.parametrize("piece_set", PIECE_SETS, ids=[s.name for s in PIECE_SETS])
def test_every_set_names_its_two_sides_with_a_plural_and_a_colour_word(piece_set):
    names, colours = piece_set.side_names, piece_set.side_colours
    assert len(set(names)) == 2 and all(name.endswith("s") for name in names)
    assert all(colour and colour == colour.lower() for colour in colours)
    for side in (0, 1):
        label = piece_set.side_label(side)
        assert label.startswith(names[side]) and colours[side] in label.lower()


def test_a_name_that_says_its_colour_is_not_said_twice():
    classic = PIECE_SETS[0]
    assert (classic.side_label(0), classic.side_label(1)) == ("Reds", "Whites")
    assert PIECE_SETS[NEO_DUCK].side_label(1) == "Ducks (yellow)"


def test_the_panel_says_which_side_you_play_by_the_set():
    model = make_model(checkers_colour="white")
    header = panel_header(model)
    assert header.lines == ("You play the Ducks (yellow)", "against the Mugs (blue)")
    assert header.title == level_name(1) and "Red" not in " ".join(header.lines)


def test_the_status_line_names_the_side_to_move_by_the_set():
    model = make_model(checkers_mode="two_players")
    assert status_text(model) == "The Mugs (blue) to move"
    model.game.play("11-15")
    model.after_change()
    assert status_text(model) == "The Ducks (yellow) to move"
    model.game = FunGame(Position.from_fen("B:W14:B9,K22,K27,3"))
    model.game.play("9x18")
    assert status_text(model) == "The Mugs win (Ducks: no legal move)"


def test_the_pdn_tags_name_the_players_with_their_sides():
    model = make_model(checkers_colour="red")
    tags = model.pdn_tags()
    assert (tags["Black"], tags["White"]) == ("You (Mugs)", f"{level_name(1)} (Ducks)")
    assert tags["Human"] == "red"  # what resuming reads back stays the rules' word
    two = make_model(checkers_mode="two_players").pdn_tags()
    assert (two["Black"], two["White"]) == ("Player 1 (Mugs)", "Player 2 (Ducks)")


def test_the_menu_names_your_side_by_the_chosen_set():
    settings = Settings(checkers_piece_set=NEO_DUCK, checkers_colour="red")
    menu = MenuModel(settings)
    assert menu.value("checkers_colour") == "the Mugs (blue), moves first"
    menu.change("checkers_colour", 1)
    assert menu.value("checkers_colour") == "the Ducks (yellow)"
    menu.change("checkers_piece_set", -8)  # Classic
    assert menu.value("checkers_colour") == "the Whites"


# --- watch mode ---------------------------------------------------------------------------------------------

def test_watch_mode_names_the_levels_with_their_sides_fixed_for_the_game():
    model = make_model(checkers_mode="watch", checkers_level=3)
    assert matchup_lines(model) == ("Level 3 (Mugs)", "vs Level 3 (Ducks)")
    model.settings.checkers_level = 7  # the menu's level plays the next game
    model.apply_settings()
    assert matchup_lines(model) == ("Level 3 (Mugs)", "vs Level 3 (Ducks)")
    model.new_game()
    assert matchup_lines(model) == ("Level 7 (Mugs)", "vs Level 7 (Ducks)")
    model.watch_levels = (3, 7)
    assert " ".join(matchup_lines(model)) == "Level 3 (Mugs) vs Level 7 (Ducks)"
    assert model.pdn_tags()["White"] == "Level 7 (Ducks)"


def test_a_watched_game_plays_each_side_at_its_level():
    asked: list[int] = []
    model = make_model(checkers_mode="watch")
    model.watch_levels = (2, 5)
    model.searches.find_move = lambda position, level, seed, history: asked.append(level)  # type: ignore
    model.run_computer(0.0)
    model.game.play("11-15")
    model.run_computer(0.0)
    assert asked == [2, 5]


def test_the_demos_levels_take_turns_without_renaming_the_sides():
    model = make_model()
    model.watch(cycle_levels=True)
    model.settings.animations = False
    headers, statuses = set(), []
    for _ in range(6):
        model.wait = 0.0
        model.run_computer(0.0)  # the next level is asked
        model.searches.cancel()
        model.play_move(model.game.legal_moves()[0])
        headers.add(panel_header(model))
        statuses.append(status_text(model))
    assert model.computer_moves == 6 and model.level == 6  # the levels did move on
    assert headers == {panel_header(model)} and "take turns" in panel_header(model).subtitle
    assert panel_header(model).lines == ("Computer (Mugs)", "vs Computer (Ducks)")
    assert statuses == ["The Ducks (yellow) to move", "The Mugs (blue) to move"] * 3
    assert model.pdn_tags()["Black"] == "Computer (Mugs)"


def make_table(tmp_path, **settings: Any) -> CheckersTable:
    settings.setdefault("checkers_level", 1)
    settings.setdefault("checkers_piece_set", NEO_DUCK)
    context = Context(settings=Settings(**settings), thinker=Thinker(inline=True),
                      options={"save_path": tmp_path / "game.pdn"})
    context.save_settings = lambda: None
    table = CheckersTable(context)
    table.draw(pygame.Surface((1280, 800)))
    return table


def press(table: CheckersTable, key_code: int) -> list:
    return table.handle(pygame.event.Event(pygame.KEYDOWN, key=key_code))


def test_watch_mode_has_no_hint_or_undo_buttons_or_keys(tmp_path):
    assert [b.action for b in buttons_for("watch")] == ["new", "menu"]
    assert [b.action for b in buttons_for("play")] == ["hint", "undo", "new", "menu"]
    where = {b.action: b.rect for b in buttons_for("play")}
    assert all(b.rect == where[b.action] for b in buttons_for("watch"))  # New game and Menu stay put
    table = make_table(tmp_path, checkers_mode="watch")
    model = table.model
    model.settings.animations = False
    for _ in range(120):
        table.update(1 / 60)
    played = len(model.game.entries)
    assert played >= 2
    hint_button = next(b for b in buttons_for("play") if b.action == "hint").rect.center
    undo_button = next(b for b in buttons_for("play") if b.action == "undo").rect.center
    assert button_at(hint_button, "watch") != "hint" and button_at(undo_button, "watch") != "undo"
    for where in (hint_button, undo_button):
        table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=where))
    press(table, pygame.K_h)
    press(table, pygame.K_u)
    assert len(model.game.entries) >= played and not model.searches.is_finding_hint
    assert "hint" not in model.show.toast
    lines = " ".join(key_lines(model))
    assert "H hint" not in lines and "U undo" not in lines and "N new" in lines


@pytest.mark.parametrize("text_size", ["normal", "large", "larger"])
def test_the_watch_key_lines_fit_at_every_text_size(tmp_path, text_size):
    set_text_size(text_size)
    try:
        table = make_table(tmp_path, checkers_mode="watch", sound=False)
        lines = key_lines(table.model)
        size = min(min(footer_size(line, 22, PANEL_RECT.width - 40) for line in lines), max(22, body_size(22)))
        assert all(text_width(line, size) <= PANEL_RECT.width - 40 for line in lines)
    finally:
        set_text_size("normal")


# --- square numbers -----------------------------------------------------------------------------------------

def click_at(table: CheckersTable, pos: tuple[int, int]) -> list:
    return table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


@pytest.mark.parametrize("flip", [False, True])
def test_the_number_drawn_on_a_square_is_the_square_the_move_list_names(tmp_path, flip):
    table = make_table(tmp_path, checkers_mode="two_players", checkers_flip=flip, checkers_square_numbers=True)
    table.model.settings.animations = False
    assert table.controller.flipped == (not flip)  # Red at the bottom unless the player flips the board
    for first, second in (("11", "15"), ("22", "18"), ("15", "22")):  # the last one is the jump 15x22
        numbers = square_number_rects(table.layout, table.controller.flipped)
        click_at(table, numbers[int(first)].center)  # a click where the number is drawn
        click_at(table, numbers[int(second)].center)
    assert move_list_rows(table.model.game) == ["1. 11-15   22-18", "2. 15x22"]


@pytest.mark.parametrize("flip", [False, True])
def test_each_number_is_drawn_small_in_its_own_dark_square(tmp_path, flip):
    table = make_table(tmp_path, checkers_flip=flip)
    layout, flipped = table.layout, table.controller.flipped
    numbers = square_number_rects(layout, flipped)
    assert sorted(numbers) == list(range(1, 33))
    for square, rect in numbers.items():
        cell = square_to_cell(square, flipped)
        assert layout.square_rect(*cell).contains(rect) and rect.height < layout.cell // 3
        assert cell_to_square(layout.square_at(rect.center), flipped) == square
    plain, numbered = pygame.Surface((1280, 800)), pygame.Surface((1280, 800))
    table.draw(plain)
    table.model.settings.checkers_square_numbers = True
    table.draw(numbered)
    changed = pygame.surfarray.array3d(plain) != pygame.surfarray.array3d(numbered)
    where = np.zeros(changed.shape[:2], bool)
    for rect in numbers.values():
        drawn = rect.inflate(2, 2).move(1, 1)  # with its shadow
        where[drawn.left:drawn.right, drawn.top:drawn.bottom] = True
        assert changed[rect.left:rect.right, rect.top:rect.bottom].any()  # every number is drawn
    assert not (changed.any(axis=2) & ~where).any()  # ... and nothing else


def test_square_numbers_are_off_until_the_menu_turns_them_on():
    settings = Settings()
    assert not settings.checkers_square_numbers
    MenuModel(settings).change("checkers_square_numbers", 1)
    assert settings.checkers_square_numbers


# --- the rules page -----------------------------------------------------------------------------------------

def test_the_menu_opens_the_rules_page_which_scrolls_and_closes(tmp_path):
    table = make_table(tmp_path)
    menu = CheckersMenu(table.context, table)
    menu.controller.selected = [item.key for item in ITEMS].index("rules")
    intents = menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert len(intents) == 1 and isinstance(intents[0], Push) and isinstance(intents[0].scene, RulesScene)
    rules = intents[0].scene
    assert rules.max_scroll > 0  # longer than a page
    rules.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END))
    assert rules.scroll == rules.max_scroll
    rules.draw(pygame.Surface((1280, 800)))
    assert isinstance(rules.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))[0], Pop)


def test_the_rules_say_what_the_rules_core_plays():
    text = " ".join(read_rules().split())
    for fact in ("squares 1 to 12", "on 21 to 32", "squares 29 to 32", "on 1 to 4", "Jumping is a must",
                 "the move ends with the crowning", "You do not have to take the most pieces",
                 "a third time with the same side to move", "40 moves by each side",
                 "A crowning counts as a man moving", "one square at a time"):
        assert fact in text, fact
    headings = [content for kind, content in markdown_blocks(read_rules()) if kind.startswith("heading")]
    assert headings[0] == "Checkers: how to play" and len(headings) >= 6


# --- toasts, announcements and confetti keep off the squares ------------------------------------------------

TOASTS = ("Thinking of a hint...", "A jump is compulsory: move one of the highlighted pieces",
          "Saved /home/player/.local/share/tablegames/exports/checkers-20240101-120000.pdn",
          "Saved the music to /home/player/.local/share/tablegames/music/tablegames-hiphop-20240101-120000.mid "
          "(and tablegames-hiphop-20240101-120000.wav)",
          "Cannot save your game in /a/folder/whose/name/goes/on/" + "and-on-" * 12 + " (Permission denied)")


@pytest.mark.parametrize("text_size", ["normal", "large", "larger"])
def test_a_toast_is_never_over_the_squares_nor_off_the_canvas(text_size):
    set_text_size(text_size)
    try:
        size = body_size(24)
        for text in TOASTS:
            box, lines = toast_layout(text, size)
            assert CANVAS.contains(box) and not box.colliderect(PLAYING_AREA), text
            assert all(text_width(line, size) <= box.width - 2 * TOAST_PADDING[0] for line in lines), text
            assert len(lines) * font(size).get_linesize() <= box.height
            assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # all of it is shown
        short, _ = toast_layout(TOASTS[0], size)
        long, _ = toast_layout(TOASTS[3], size)
        assert BELOW_SQUARES.contains(short) and MOVE_LIST_RECT.contains(long)
    finally:
        set_text_size("normal")


def test_the_fun_mode_announcement_is_above_the_squares():
    banner = banner_rect()
    assert CANVAS.contains(banner) and not banner.colliderect(PLAYING_AREA) and banner.height >= 40


def changed_pixels(table: CheckersTable, change) -> np.ndarray:
    before, after = pygame.Surface((1280, 800)), pygame.Surface((1280, 800))
    table.draw(before)
    change()
    table.draw(after)
    return (pygame.surfarray.array3d(before) != pygame.surfarray.array3d(after)).any(axis=2)


def test_the_drawn_toast_and_announcement_leave_the_squares_alone(tmp_path):
    table = make_table(tmp_path)
    squares = PLAYING_AREA
    for text in (TOASTS[0], TOASTS[3]):
        table.model.show.toast_left = 0.0
        changed = changed_pixels(table, lambda text=text: table.model.toast_now(text))
        assert changed.any() and not changed[squares.left:squares.right, squares.top:squares.bottom].any()

    def announce() -> None:
        table.model.pending_event = FunEvent("wind", 22)

    changed = changed_pixels(table, announce)
    assert changed.any() and not changed[squares.left:squares.right, squares.top:squares.bottom].any()


def test_confetti_falls_in_the_columns_beside_the_squares():
    lanes = confetti_lanes(CANVAS, PLAYING_AREA)
    assert all(CANVAS.contains(lane) and not lane.colliderect(PLAYING_AREA) for lane in lanes)
    assert sum(lane.width for lane in lanes) == CANVAS.width - PLAYING_AREA.width
    assert confetti_lanes(CANVAS, None) == [CANVAS]


def assert_confetti_in_place(effects: Effects) -> int:
    flakes = [p for p in effects.particles if p.kind == "confetti"]
    for p in flakes:
        rect = flake_rect(p)
        assert CANVAS.contains(rect) and not rect.colliderect(PLAYING_AREA), (p.x, p.y, p.size)
    return len(flakes)


def test_confetti_never_lands_on_the_squares_nor_leaves_the_canvas():
    effects = Effects(seed=3)
    effects.canvas, effects.keep_out = CANVAS, PLAYING_AREA
    effects.confetti(CANVAS, 400)
    for index, p in enumerate(effects.particles):  # blown hard sideways, at the board and off the canvas
        p.vx = 900.0 if index % 2 else -900.0
    assert assert_confetti_in_place(effects) == 400
    counts = []
    for _ in range(200):
        effects.update(1 / 60)
        counts.append(assert_confetti_in_place(effects))
    assert counts[30] > 300 and counts[-1] == 0  # it falls for a while, then fades


@pytest.mark.parametrize("moment", ["party", "won"])
def test_the_tables_confetti_keeps_off_the_squares_frame_by_frame(tmp_path, moment):
    table = make_table(tmp_path)
    if moment == "party":
        press(table, pygame.K_b)
    else:
        table.model.show.game_won()
        table.refresh()
    assert assert_confetti_in_place(table.effects) >= 100
    for frame in range(180):
        table.update(1 / 60)
        assert_confetti_in_place(table.effects)
        if frame % 15:
            continue
        surface = pygame.Surface((1280, 800))
        table.effects.draw_confetti(surface)
        drawn = pygame.surfarray.array3d(surface).any(axis=2)
        squares = PLAYING_AREA
        assert not drawn[squares.left:squares.right, squares.top:squares.bottom].any()
