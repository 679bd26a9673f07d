"""The photo reader keeps the window going: a dropped photo is decoded and read on the thinker (the page says what
it is reading meanwhile), leaving the reader cancels it, and a photo that cannot be read (too large, not a
picture, a fault in the reader) is said in a toast with everything else left as it was."""

import logging
import threading
from concurrent.futures import wait

import pygame
import pytest

import png_files
from tablegames.core.worker import Thinker
from tablegames.piddle.scan_synth import synthetic_photo
from tablegames.ui.piddle import photo as photo_module
from tablegames.ui.piddle.photo import PhotoController
from tablegames.ui.piddle.scene import PhotoScene, PiddleScene
from tablegames.ui.scene import Context, SceneStack
from tablegames.ui.settings import Settings
from tablegames.ui.theme import LOGICAL_SIZE


@pytest.fixture()
def dice_png(tmp_path):
    photo = synthetic_photo(105, 0, touching=False)
    path = tmp_path / "dice.png"
    path.write_bytes(png_files.rgb8(photo.image))
    return path, photo.values


def drop(path) -> pygame.event.Event:
    return pygame.event.Event(pygame.DROPFILE, file=str(path))


class Gate:
    """Holds the thinker's decoding until the test opens it, and notes the thread that decodes."""

    def __init__(self, monkeypatch) -> None:
        self.open = threading.Event()
        self.threads: list[str] = []
        real = photo_module.load_photo

        def held(path):
            self.threads.append(threading.current_thread().name)
            self.open.wait(timeout=120)
            return real(path)

        monkeypatch.setattr(photo_module, "load_photo", held)


def test_a_dropped_photo_is_read_on_the_thinker_while_the_window_goes_on(dice_png, monkeypatch):
    path, values = dice_png
    gate = Gate(monkeypatch)
    thinker = Thinker()
    try:
        stack = SceneStack()
        stack.push(PiddleScene(Context(settings=Settings(), thinker=thinker)))
        stack.apply(stack.top.handle(drop(path)))
        scene = stack.top
        assert isinstance(scene, PhotoScene)
        reader = scene.controller
        assert reader.is_reading() and reader.message == "Reading dice.png..."
        canvas = pygame.Surface(LOGICAL_SIZE)
        for _ in range(3):  # frames go on while the thinker decodes
            stack.apply(scene.update(1 / 60))
            scene.draw(canvas)
        assert not reader.has_dice() and reader.is_reading()
        job = reader.job
        gate.open.set()
        job.future.result(timeout=120)
        stack.apply(scene.update(1 / 60))
        assert reader.has_dice() and sorted(reader.values) == sorted(values)
        assert reader.message.startswith("Read dice.png: ") and not reader.is_reading()
        assert gate.threads == ["thinker_0"]  # decoded on the thinker, not on the window's thread
    finally:
        gate.open.set()
        thinker.shutdown()


def test_leaving_the_reader_cancels_the_photo_and_its_answer_is_dropped(dice_png, monkeypatch):
    path, _ = dice_png
    gate = Gate(monkeypatch)
    thinker = Thinker()
    try:
        stack = SceneStack()
        stack.push(PiddleScene(Context(settings=Settings(), thinker=thinker)))
        stack.apply(stack.top.handle(drop(path)))
        reader = stack.top.controller
        job = reader.job
        stack.apply(stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)))
        assert isinstance(stack.top, PiddleScene)
        assert job.is_cancelled() and not reader.is_reading()
        gate.open.set()
        wait([job.future], timeout=120)  # the decoding under way finishes; the reading is not made
        reader.poll()
        assert not reader.has_dice()
    finally:
        gate.open.set()
        thinker.shutdown()


def test_a_photo_too_large_is_refused_in_a_toast_and_the_photo_shown_stays(dice_png, tmp_path):
    path, values = dice_png
    huge = tmp_path / "huge.png"
    huge.write_bytes(png_files.claimed_size(20000, 20000))
    scene = PhotoScene(Context(settings=Settings()))
    scene.handle(drop(path))
    reader = scene.controller
    shown, read = reader.photo, list(reader.values)
    assert shown is not None and sorted(read) == sorted(values)
    scene.handle(drop(huge))
    problem = "huge.png is 20000 x 20000 pixels (400 MP); the reader takes photos up to 40 MP"
    assert scene.toasts.current is not None and scene.toasts.current.text == problem and scene.toasts.current.important
    assert reader.message == problem
    assert reader.photo is shown and reader.values == read  # nothing else changed
    scene.draw(pygame.Surface(LOGICAL_SIZE))


def test_a_fault_in_the_reader_is_logged_and_said_not_raised_into_the_window(dice_png, monkeypatch, caplog):
    path, _ = dice_png

    def broken(image):
        raise IndexError("index 7 is out of bounds")

    monkeypatch.setattr(photo_module, "read_dice", broken)
    reader = PhotoController()
    with caplog.at_level(logging.ERROR):
        reader.load_file(str(path))
    assert reader.message == "dice.png could not be read (IndexError: index 7 is out of bounds)"
    assert "reading dice.png failed" in caplog.text and not reader.has_dice()


def test_a_camera_frame_is_read_on_the_thinker_too(monkeypatch):
    photo = synthetic_photo(105, 1, touching=False)
    frame = pygame.surfarray.make_surface(photo.image.transpose(1, 0, 2))
    monkeypatch.setattr(photo_module, "camera_frame", lambda: (frame, "Read from the camera test"))
    reader = PhotoController()
    assert reader.use_camera()
    assert sorted(reader.values) == sorted(photo.values) and reader.message.startswith("Read from the camera test")


def test_a_photo_that_cannot_be_read_says_on_it_what_to_try(tmp_path):
    dark = tmp_path / "dark.png"
    dark.write_bytes(png_files.rgb8((synthetic_photo(105, 0).image * 0.05).astype("uint8")))
    scene = PhotoScene(Context(settings=Settings()))
    scene.handle(drop(dark))
    reader = scene.controller
    assert not reader.has_dice() and reader.photo is not None  # the photo is shown, with no dice on it
    message, hint = reader.problem
    assert "too dark" in message and "light" in hint and reader.message == f"Read dark.png: {message}"
    scene.draw(pygame.Surface(LOGICAL_SIZE))


def test_five_dice_are_read_as_five_and_said(monkeypatch):
    from tablegames.piddle.scan import DiceReading, DieReading, with_count

    five = with_count(tuple(DieReading(v, 0.95, (10.0 * v, 20.0), 30.0, v) for v in (6, 5, 4, 3, 2)), 6)
    assert isinstance(five, DiceReading) and five.problem == "too few dice"
    monkeypatch.setattr(photo_module, "read_dice", lambda image: five)
    reader = PhotoController()
    reader.load_image(synthetic_photo(105, 1).image, "Read test")
    assert reader.values == [6, 5, 4, 3, 2, 1] and reader.uncertain() == [0, 1, 2, 3, 4, 5]
    assert reader.message == "Read test: found 5 dice, expected 6: check every die (1-6 keys)"
    assert reader.problem == ("found 5 dice, expected 6", five.hint)
