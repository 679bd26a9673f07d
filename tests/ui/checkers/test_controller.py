"""The table's controller: clicks and keys to intents, forced captures, multi-jumps step by step, flip, keyboard."""

from __future__ import annotations

import pygame
import pytest

from tablegames.checkers.position import Position
from tablegames.ui.checkers.controller import CheckersController, cell_to_square, square_to_cell

DOUBLE_JUMP = "B:W14,22,19,24,27,28,30,31,32:B9,1,2,3,5,6,7,11"  # Black must play 9x18x25


def controller(fen: str | None = None, flipped: bool = False, accepting: bool = True) -> CheckersController:
    made = CheckersController(flipped)
    made.set_position(Position.from_fen(fen) if fen else Position.initial(), accepting)
    return made


@pytest.mark.parametrize("flipped", [False, True])
def test_squares_and_cells_round_trip(flipped):
    cells = {square_to_cell(square, flipped) for square in range(1, 33)}
    assert len(cells) == 32 and all((row + col) % 2 == 1 for row, col in cells)
    for square in range(1, 33):
        assert cell_to_square(square_to_cell(square, flipped), flipped) == square
    assert cell_to_square((0, 0), flipped) is None and cell_to_square((8, 1), flipped) is None


def test_square_one_is_top_right_and_flip_turns_the_board():
    assert square_to_cell(1) == (0, 1) and square_to_cell(4) == (0, 7) and square_to_cell(32) == (7, 6)
    assert square_to_cell(1, flipped=True) == (7, 6)


def test_click_a_piece_then_its_destination():
    c = controller()
    assert c.click_square(11) == ("select", 11)
    assert c.targets() == [15, 16]
    action = c.click_square(15)
    assert action[0] == "move" and action[1].notation == "11-15"
    assert c.selected is None


def test_clicking_an_empty_or_enemy_square_does_nothing_and_reselect_works():
    c = controller()
    assert c.click_square(18) is None
    assert c.click_square(24) is None  # White's piece
    assert c.click_square(10) == ("select", 10)
    assert c.click_square(11) == ("select", 11)  # another movable piece: choose it instead
    assert c.click_square(11) == ("deselect",)


def test_only_jumpers_are_highlighted_when_a_jump_is_due():
    c = controller(DOUBLE_JUMP)
    assert c.jump_is_due()
    assert c.highlighted() == [9]
    assert c.click_square(11) == ("refuse", 11)  # 11 could step, but the jump is compulsory
    assert c.selected is None


def test_multi_jump_step_by_step():
    c = controller(DOUBLE_JUMP)
    assert c.click_square(9) == ("select", 9)
    assert c.targets() == [18]
    assert c.click_square(18) == ("step", 18)
    assert c.targets() == [25]
    assert c.click_square(5) == ("refuse", 5)  # a jump in progress goes on
    action = c.click_square(25)
    assert action[0] == "move" and action[1].notation == "9x18x25"


def test_multi_jump_by_its_last_square():
    c = controller(DOUBLE_JUMP)
    c.click_square(9)
    action = c.click_square(25)
    assert action[0] == "move" and action[1].captured == (14, 22)


def test_not_accepting_when_the_computer_is_to_move():
    c = controller(accepting=False)
    assert c.click_square(11) is None and c.highlighted() == []


def test_clicks_by_cell_follow_the_flip():
    plain, flipped = controller(), controller(flipped=True)
    assert plain.click_cell(square_to_cell(11)) == ("select", 11)
    assert flipped.click_cell(square_to_cell(11, True)) == ("select", 11)
    assert flipped.click_cell(square_to_cell(11)) == ("deselect",)  # that cell is square 22 (White's) when flipped
    assert flipped.selected is None


def test_keyboard_cursor_and_enter():
    c = controller()
    c.cursor = square_to_cell(11)
    assert c.key(pygame.K_RETURN) == ("select", 11)
    c.key(pygame.K_DOWN)
    assert c.key(pygame.K_LEFT) == ("cursor", c.cursor)
    assert c.cursor == square_to_cell(15)
    action = c.key(pygame.K_SPACE)
    assert action[0] == "move" and action[1].notation == "11-15"


def test_cursor_stays_on_the_board():
    c = controller()
    for _ in range(10):
        c.key(pygame.K_DOWN)
        c.key(pygame.K_LEFT)
    assert c.cursor == (7, 0)


@pytest.mark.parametrize("key, action", [
    (pygame.K_h, "hint"), (pygame.K_u, "undo"), (pygame.K_n, "new"), (pygame.K_f, "flip"),
    (pygame.K_e, "save_music"), (pygame.K_b, "party"), (pygame.K_x, "export")])
def test_keys_name_actions(key, action):
    assert controller().key(key) == (action,)


@pytest.mark.parametrize("key", [pygame.K_ESCAPE, pygame.K_m, pygame.K_q, pygame.K_s])
def test_the_frames_keys_are_not_the_tables(key):
    """Esc, M and Q are the shared frame's (ui/table.py), the same at every table; S is no longer sound."""
    assert controller().key(key) is None


def test_f_flips_the_board():
    c = controller()
    c.key(pygame.K_f)
    assert c.flipped
    assert c.click_cell(square_to_cell(11, True)) == ("select", 11)
