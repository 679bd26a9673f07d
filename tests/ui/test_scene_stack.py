import pygame
import pytest

from tablegames.ui.scene import Context, Pop, Push, Quit, Replace, Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name, log, opaque=True):
        super().__init__(Context())
        self.name, self.log, self.opaque = name, log, opaque

    def on_enter(self):
        self.log.append(f"enter {self.name}")

    def on_exit(self):
        self.log.append(f"exit {self.name}")


def test_push_pop_replace_and_enter_exit_order():
    log, stack = [], SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.apply([Push(a), Push(b)])
    assert stack.top is b
    stack.apply([Replace(c)])
    assert stack.scenes == [a, c]
    stack.apply([Pop()])
    assert stack.top is a and not stack.quitting
    assert log == ["enter a", "enter b", "exit b", "enter c", "exit c", "enter a"]


def test_popping_the_last_scene_quits():
    stack = SceneStack()
    stack.push(Recorder("a", []))
    stack.apply([Pop()])
    assert stack.top is None and stack.quitting


def test_quit_intent():
    stack = SceneStack()
    stack.apply([Quit()])
    assert stack.quitting


def test_overlays_draw_over_the_scene_below_up_to_an_opaque_one():
    log, stack = [], SceneStack()
    bottom, table, menu = Recorder("bottom", log), Recorder("table", log), Recorder("menu", log, opaque=False)
    for scene in (bottom, table, menu):
        stack.push(scene)
    assert stack.visible() == [table, menu]


def test_not_an_intent_is_refused():
    with pytest.raises(TypeError):
        SceneStack().apply(["push"])


def test_app_translates_mouse_positions_to_logical_coordinates():
    from tablegames.ui.app import letterbox, to_logical

    view = letterbox((640, 800))  # half width: scaled by 0.5, centred vertically
    assert view.size == (640, 400) and view.y == 200
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(320, 400), button=1)
    assert to_logical(event, view).pos == (640.0, 400.0)


def test_a_window_of_another_shape_has_no_black_bars():
    """The margins around the scaled picture are the suite's background, in the window and in screenshots."""
    import pygame

    from tablegames.tables import load_all_scenes
    from tablegames.ui.screenshot import render_scene

    load_all_scenes()
    for size in ((1920, 1080), (800, 600)):
        picture = render_scene("lobby", size)
        corners = [picture.get_at(point)[:3] for point in ((0, 0), (size[0] - 1, 0), (0, size[1] - 1),
                                                             (size[0] - 1, size[1] - 1))]
        assert all(max(colour) > 15 for colour in corners), (size, corners)  # not (0, 0, 0)
        assert isinstance(picture, pygame.Surface)
