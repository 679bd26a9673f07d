"""The shared widgets: text that fits, button rows that wrap without overlapping, toasts, the confirm dialog."""

import itertools

import pygame
import pytest

from tablegames.ui.scene import Context, Pop, SceneStack
from tablegames.ui.theme import body_size, set_text_size, text_scale
from tablegames.ui.widgets import (
    Button,
    ConfirmScene,
    Toasts,
    button_at,
    button_row,
    draw_button,
    draw_footer,
    draw_toast,
    fit_text,
    footer_lines,
    text_width,
    wrap_text,
)

SENTENCE = "Red brings a marble out of the pen and Blue sends Green's marble home with a jack of hearts"


@pytest.mark.parametrize("width", [60, 140, 300, 900])
def test_wrapped_lines_fit_and_keep_every_word(width):
    lines = wrap_text(SENTENCE, 28, width)
    assert all(text_width(line, 28) <= width for line in lines)
    if width >= 140:  # no word is wider than that: nothing is cut
        assert " ".join(lines).split() == SENTENCE.split()


def test_fit_cuts_with_an_ellipsis_only_when_needed():
    assert fit_text("Piddle", 28, 500) == "Piddle"
    cut = fit_text(SENTENCE, 28, 200)
    assert cut.endswith("...") and text_width(cut, 28) <= 200 and SENTENCE.startswith(cut[:-3].rstrip())


def test_a_button_row_wraps_inside_its_area_without_overlaps():
    area = pygame.Rect(100, 500, 420, 200)
    labels = [(f"a{i}", label) for i, label in enumerate(["Roll all  (Space)", "Stop  (Enter)", "Hint  (H)",
                                                           "A very long label that needs cutting down to size"])]
    buttons = button_row(labels, area, main="a0")
    assert [b.action for b in buttons] == ["a0", "a1", "a2", "a3"] and buttons[0].main and not buttons[1].main
    assert all(area.contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for a, b in itertools.combinations(buttons, 2))
    assert len({b.rect.y for b in buttons}) >= 2  # wrapped onto a second line
    assert all(text_width(b.label, 26, True) <= b.rect.width for b in buttons)
    assert button_at(buttons, buttons[2].rect.center).action == "a2" and button_at(buttons, (0, 0)) is None
    centred = button_row(labels[:2], area, align="center")
    assert abs((centred[0].rect.left - area.left) - (area.right - centred[-1].rect.right)) <= 1


def test_a_disabled_button_is_not_hit():
    button = Button("go", "Go", pygame.Rect(0, 0, 100, 40), enabled=False)
    assert not button.hit((10, 10))
    draw_button(pygame.Surface((200, 100)), button, hovered=True)


def test_toasts_show_one_at_a_time_and_expire():
    toasts = Toasts()
    toasts.show("Saved")
    toasts.show("Saved")  # the same message again only restarts its time
    toasts.show("Could not read the photo", important=True)
    assert [t.text for t in toasts.queue] == ["Saved", "Could not read the photo"]
    toasts.update(Toasts.SECONDS + 0.01)
    assert toasts.current.text == "Could not read the photo" and toasts.current.important
    draw_toast(pygame.Surface((1280, 800)), toasts.current, pygame.Rect(0, 0, 1280, 800))
    toasts.update(Toasts.IMPORTANT_SECONDS + 0.01)
    assert toasts.current is None


def key(code):
    return pygame.event.Event(pygame.KEYDOWN, key=code)


def test_the_confirm_dialog_runs_its_action_only_when_confirmed():
    ran = []
    stack = SceneStack()
    dialog = ConfirmScene(Context(), "Start a new game?", "The game in progress will be lost.", "New game",
                          lambda: ran.append("new") or [Pop()])
    assert dialog.handle(key(pygame.K_ESCAPE)) == [Pop()] and ran == [] and dialog.answered is False
    assert dialog.handle(key(pygame.K_RETURN)) == [Pop(), Pop()] and ran == ["new"]
    confirm, cancel = dialog.buttons
    assert dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=cancel.rect.center)) == [Pop()]
    assert dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))) == [Pop()]  # outside
    assert ran == ["new"]
    stack.push(dialog)
    dialog.draw(pygame.Surface((1280, 800)))


FOOTER = "Space skip   U undo   Enter done   N new game   M sound on/off   Esc menu"


def test_the_text_size_scales_body_text_only_where_asked():
    assert body_size(28) == 28 and text_scale() == 1.0
    set_text_size("large")
    assert body_size(28) == round(28 * 1.2)
    set_text_size("larger")
    assert body_size(28) == round(28 * 1.4)
    set_text_size("no such size")
    assert body_size(28) == 28


@pytest.mark.parametrize("text_size", ["normal", "large", "larger"])
@pytest.mark.parametrize("width, max_lines", [(1240, 1), (440, 2), (300, 3)])
def test_a_footer_grows_with_the_text_but_stays_in_its_width_and_lines(text_size, width, max_lines):
    set_text_size(text_size)
    lines, size = footer_lines(FOOTER, 21, width, max_lines)
    assert 21 <= size <= body_size(21) and len(lines) <= max_lines
    assert all(text_width(line, size) <= width for line in lines)
    assert "   ".join(lines) == FOOTER  # broken between hints, nothing lost
    draw_footer(pygame.Surface((1280, 800)), FOOTER, (640, 700), 21, width, max_lines=max_lines)


def test_a_footer_that_cannot_fit_is_cut_short_at_its_smallest_size():
    lines, size = footer_lines(FOOTER, 21, 200, 1, min_size=16)
    assert size == 16 and len(lines) == 1 and lines[0].endswith("...") and text_width(lines[0], 16) <= 200


@pytest.mark.parametrize("text_size", ["large", "larger"])
def test_larger_text_makes_the_confirm_dialog_larger_with_its_buttons_inside(text_size):
    normal = ConfirmScene(Context(), "Leave the table?", "The game is saved: you can go on with it when you sit "
                          "down again.", "Leave", lambda: [Pop()])
    set_text_size(text_size)
    larger = ConfirmScene(Context(), normal.question, normal.detail, "Leave", lambda: [Pop()])
    assert normal.rect.size == ConfirmScene.SIZE
    assert larger.rect.width > normal.rect.width and larger.rect.height >= normal.rect.height
    assert larger.detail_size > normal.detail_size
    screen = pygame.Rect(0, 0, 1280, 800)
    assert screen.contains(larger.rect) and all(larger.rect.contains(b.rect) for b in larger.buttons)
    assert not larger.buttons[0].rect.colliderect(larger.buttons[1].rect)
    assert all(text_width(b.label, larger.button_size, True) <= b.rect.width for b in larger.buttons)
    larger.draw(pygame.Surface((1280, 800)))
