"""The Piddle table is saved after every move and resumed when it opens: the same scores, round, turn, dice and
holds, and the same dice from then on. A damaged save is kept as .bad and replayed as far as it goes, a newer one
is left alone, and the player is told in a toast. Driven through the graphics-free controller and the frame's
update (which autosaves)."""

import json

import pytest
from hypothesis import given

from fuzzing import fuzz_settings, mutated
from tablegames.piddle.solver import Objective
from tablegames.ui.piddle import savegame
from tablegames.ui.piddle.controller import HUMAN_SEAT, make_table
from tablegames.ui.piddle.scene import PiddleScene
from tablegames.ui.scene import Context
from tablegames.ui.settings import Settings

SEED = 11


def open_table(path, seed: int = SEED, **options) -> PiddleScene:
    return PiddleScene(Context(settings=Settings(piddle_players=3), seed=seed, options=options), save_path=path)


def table_state(table):
    """What a player sees and what the next dice depend on."""
    return (table.winnings, table.pot, table.round_index, table.phase, table.turn, table.order, table.dice,
            table.held, table.rolls_taken, table.cap, table.hands, table.events,
            table.rng.bit_generator.state, table.actions)


def wait_for_person(scene: PiddleScene) -> None:
    """Frames until it is the person's move (the computers play meanwhile)."""
    controller = scene.controller
    for _ in range(4000):
        if not controller.is_busy() and (controller.is_persons_turn() or controller.is_settled):
            return
        scene.update(0.05)
    raise AssertionError("the table never came back to the person")


def play(scene: PiddleScene, moves: int) -> None:
    """`moves` of the person's moves (the computers play in between): roll, hold a die, stop, next round."""
    controller = scene.controller
    for _ in range(moves):
        wait_for_person(scene)
        table = controller.table
        if controller.is_settled:
            controller.next_round()
        elif table.dice is None:
            controller.roll()
        elif table.can_roll() and not table.held:
            controller.toggle(table.dice.index(max(table.dice)))
        elif table.can_roll():
            controller.roll()
        else:
            controller.stop()
        scene.update(0.05)  # the frame saves what the move changed


def test_every_move_is_saved_and_the_table_resumes_where_it_was(tmp_path):
    path = tmp_path / "piddle-game.json"
    scene = open_table(path)
    assert not path.exists()  # an untouched table leaves no file
    play(scene, 1)
    assert json.loads(path.read_text())["actions"] == scene.controller.table.actions
    play(scene, 7)
    table = scene.controller.table
    assert json.loads(path.read_text())["actions"] == table.actions  # saved without leaving the table
    resumed = open_table(path, seed=SEED + 1)  # the saved table, not a new one from the new seed
    assert table_state(resumed.controller.table) == table_state(table)
    assert resumed.toasts.current is None
    play(scene, 6)
    play(resumed, 6)
    assert table_state(resumed.controller.table) == table_state(table)  # the same dice from there on


def test_a_table_resumed_mid_round_goes_straight_on_without_replaying_the_past_sounds(tmp_path):
    path = tmp_path / "piddle-game.json"
    scene = open_table(path)
    controller = scene.controller
    for _ in range(40):  # to a turn of the person's with dice showing, in a later round
        play(scene, 1)
        wait_for_person(scene)
        if controller.table.round_index > 0 and controller.is_persons_turn() and controller.table.dice is not None:
            break
    else:
        raise AssertionError("no turn of the person's with dice showing in 40 moves")
    resumed = open_table(path).controller
    assert table_state(resumed.table) == table_state(controller.table)
    assert not resumed.showing_break and resumed.is_persons_turn()  # no break roll shown again: play on
    effects, _ = resumed.drain()
    assert effects == []  # the past rounds' wins and losses are not played again
    assert resumed.log == controller.log


def test_leaving_the_table_saves_it(tmp_path):
    path = tmp_path / "piddle-game.json"
    scene = open_table(path)
    play(scene, 2)
    scene.controller.table.toggle_hold(0)  # a move the frame has not saved yet
    scene.on_exit()
    assert json.loads(path.read_text())["actions"] == scene.controller.table.actions


def test_a_save_is_replayed_up_to_its_last_valid_move_and_kept(tmp_path):
    path = tmp_path / "piddle-game.json"
    scene = open_table(path)
    play(scene, 6)
    good = list(scene.controller.table.actions)
    text = json.dumps({"version": 1, "seed": SEED, "players": 3, "actions": [*good, "hold 9", "roll"]})
    path.write_text(text)
    resumed = open_table(path)
    assert resumed.controller.table.actions == good
    toast = resumed.toasts.current
    assert toast is not None and toast.important
    assert toast.text == f"Your saved game was damaged: replayed {len(good)} of {len(good) + 2} moves (kept as " \
                         "piddle-game.json.bad)"
    assert (tmp_path / "piddle-game.json.bad").read_text() == text
    play(resumed, 1)
    assert json.loads(path.read_text())["actions"] == resumed.controller.table.actions  # saved over: it was read


@pytest.mark.parametrize("data", [
    b"{not json",
    json.dumps({"version": 1, "seed": -1, "players": 3, "actions": []}).encode(),
    json.dumps({"version": 1, "seed": 0, "players": 9, "actions": []}).encode(),
    json.dumps({"version": 1, "seed": 0, "players": 3, "actions": "roll"}).encode(),
    json.dumps({"version": 1, "seed": "0", "players": 3, "actions": []}).encode(),
    b"\xff\xfe{}",  # not UTF-8
])
def test_a_save_that_cannot_be_read_is_kept_and_a_new_table_starts(tmp_path, data):
    path = tmp_path / "piddle-game.json"
    path.write_bytes(data)
    scene = open_table(path)
    table = scene.controller.table
    assert table.actions == [] and table.seed == SEED
    assert scene.toasts.current.text == "Your saved game could not be read (kept as piddle-game.json.bad)"
    assert (tmp_path / "piddle-game.json.bad").read_bytes() == path.read_bytes()


def test_a_save_from_a_newer_version_is_left_alone_and_never_overwritten(tmp_path):
    path = tmp_path / "piddle-game.json"
    text = json.dumps({"version": 2, "seed": 1, "players": 3, "actions": ["a move of the future"]})
    path.write_text(text)
    scene = open_table(path)
    assert "newer tablegames" in scene.toasts.current.text and scene.save_path is None
    play(scene, 3)
    scene.on_exit()
    assert path.read_text() == text and not (tmp_path / "piddle-game.json.bad").exists()


def test_watching_computers_saves_nothing(tmp_path):
    path = tmp_path / "piddle-game.json"
    scene = open_table(path, watch=True)
    for _ in range(400):
        scene.update(0.05)
    scene.on_exit()
    assert scene.controller.table.actions and not path.exists()


def test_a_save_that_cannot_be_written_is_said_in_a_toast_and_play_goes_on(tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("in the way of the folder")
    scene = open_table(blocker / "piddle-game.json")
    told = []
    show = scene.toasts.show
    scene.toasts.show = lambda text, important=False: (told.append(text), show(text, important))  # type: ignore
    play(scene, 2)
    assert told and told[0].startswith("Cannot save your game in ")
    play(scene, 2)  # and the game goes on, the player told once (not after every move)
    assert len(told) == 1


def test_the_saved_seat_names_and_computers_are_the_tables_own():
    table = make_table(4, 3, False, Objective())
    table.play_computers()  # up to the person's turn
    assert table.current_seat == HUMAN_SEAT
    table.roll()
    replayed = savegame.replay(savegame.table_to_json(table), "save", Objective())
    assert replayed.problem == "" and replayed.game.names == table.names
    assert replayed.game.computer_seats == table.computer_seats


def played_save() -> bytes:
    """A save of two rounds and a bit, played by the computers."""
    table = make_table(3, 21, True, Objective())
    for _ in range(2):
        table.play_computers()
        table.start_round()
    table.computer_step()
    return savegame.table_to_json(table).encode()


VALID_SAVE = played_save()


@fuzz_settings()
@given(data=mutated(VALID_SAVE))
def test_fuzzed_saves_resume_or_are_kept_and_said(tmp_path_factory, data):
    """Mutations of a real save (cut, bytes flipped, hostile numbers, nesting): a table as far as it replays, or
    a new one with the file kept as .bad and a message; never an exception, and the file is left as it was."""
    folder = tmp_path_factory.mktemp("save")
    path = folder / "piddle-game.json"
    path.write_bytes(data)
    loaded = savegame.load_saved(path, Objective())
    assert path.read_bytes() == data
    if not loaded.may_overwrite:
        assert "newer tablegames" in loaded.message and loaded.game is None
    elif loaded.message:
        assert (folder / "piddle-game.json.bad").read_bytes() == data
    else:
        assert loaded.game is not None  # read whole
    if loaded.game is not None:  # what was resumed saves and reads back the same
        again = folder / "again.json"
        assert savegame.save_table(loaded.game, again) is None
        if loaded.game.actions:
            assert savegame.load_saved(again, Objective()).game.actions == loaded.game.actions
