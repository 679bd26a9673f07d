"""Who sits where, driven without graphics: the computers' level (reproducible from the seed), a person at any
seat, the hot seat's "pass the mouse", watching with no person, the menu's rows and the Seats page, and the save
keeping the seats (format 2, format 1 still read)."""

import json
import logging

import pytest

from tablegames.core.worker import Thinker
from tablegames.fasttrack.game import FastTrackGame
from tablegames.fasttrack.search import plan_turn
from tablegames.fasttrack.strategy import LEVELS, level_strategy
from tablegames.fasttrack.view import table_view
from tablegames.music.mood import Mood
from tablegames.ui.fasttrack import computer, positions, savegame
from tablegames.ui.fasttrack.controller import TableController, make_game
from tablegames.ui.fasttrack.menu import ITEMS, MenuController, SeatsMenu, SeatsMenuScene, TableMenuScene
from tablegames.ui.fasttrack.scene import WATCH_HINTS, FastTrackScene
from tablegames.ui.fasttrack.seating import RED_PERSON, WATCHING, Seating
from tablegames.ui.scene import Context, Push
from tablegames.ui.settings import FASTTRACK_LEVELS, Settings, load_settings


def controller_for(seed=0, persons=(0,), level="champion", game=None):
    game = make_game(seed) if game is None else game
    return TableController(game, Thinker(inline=True), speed=4, seating=Seating(frozenset(persons), level))


def run_until(controller, done, limit=20_000, dt=0.05):
    for _ in range(limit):
        if done():
            return
        controller.update(dt)
    raise AssertionError("the table never got there")


def persons_turn(controller, seat=None):
    return lambda: (controller.walk is None and controller.is_persons_turn()
                    and (seat is None or controller.game.seat == seat)) or controller.is_over


def play_the_persons_turn(controller):
    """The person to play plays their turn as the champion would."""
    seat = controller.game.seat
    while controller.is_persons_turn() and controller.game.seat == seat:
        for code in computer.computer_plan(controller.game):
            assert controller.person_click(code)
            controller.finish_walk()


def scene_with(settings, **options):
    import tablegames.ui.fasttrack  # noqa: F401  (registers the scenes)

    return FastTrackScene(Context(settings=settings, thinker=Thinker(inline=True), seed=3, options=options))


# --- levels -------------------------------------------------------------------------------------------------------


def test_the_settings_offer_the_engines_levels():
    assert FASTTRACK_LEVELS == LEVELS and Settings().fasttrack_level == "champion"


def test_a_levels_plan_is_the_searchs_at_that_level_and_reproducible_from_the_seed():
    game = positions.midgame(3)
    plan = computer.level_planner("beginner")(game, None)
    assert plan == plan_turn(game.clone(), level_strategy("beginner"))
    assert plan == computer.level_planner("beginner")(game.clone(), None)
    assert computer.level_planner("champion") is computer.computer_plan
    with pytest.raises(ValueError):
        computer.level_planner("grandmaster")


def test_a_watched_game_at_a_level_replays_click_for_click_and_differs_from_the_champions():
    def watched(level):
        controller = controller_for(seed=8, persons=(), level=level)
        run_until(controller, lambda: len(controller.game.actions) >= 150 or controller.is_over)
        return controller.game.actions[:150]

    beginner = watched("beginner")
    assert beginner == watched("beginner")  # the same seed: the same mistakes
    assert beginner != watched("champion")


def test_a_new_level_plays_from_the_computers_next_plan():
    controller = controller_for(seed=5, persons=(), level="champion")
    run_until(controller, lambda: controller.game.seat == 1 and bool(controller.plan))
    plan = list(controller.plan)
    controller.set_seating(Seating(frozenset(), "beginner"))
    assert controller.plan == plan  # a line already chosen is played out
    run_until(controller, lambda: controller.game.seat == 2 and bool(controller.plan))
    trial = controller.game.clone()  # (the plan was made on this very position)
    assert controller.plan == plan_turn(trial, level_strategy("beginner"))


# --- a person at any seat -----------------------------------------------------------------------------------------


def test_a_person_at_blue_gets_blues_hand_and_red_is_a_computer():
    controller = controller_for(seed=2, persons=(1,))
    assert controller.is_computer(0) and not controller.is_computer(1) and controller.you == 1
    run_until(controller, persons_turn(controller))
    game = controller.game
    assert game.seat == 1 and game.actions  # red (a computer) played first
    assert [card.card for card in controller.view.hand] == game.hand(1)
    assert any(card.click is not None for card in controller.view.hand)
    assert controller.view == table_view(game, 1)  # blue's zone at the bottom
    before = len(game.actions)
    code = next(card.click for card in controller.view.hand if card.click is not None)
    assert controller.person_click(code) and len(game.actions) == before + 1


def test_the_scene_names_the_one_person_you_wherever_they_sit():
    scene = scene_with(Settings(fasttrack_persons=0b0100, fasttrack_speed=4))
    controller = scene.controller
    run_until(controller, persons_turn(controller))
    content = scene.panel_content()
    assert controller.game.seat == 2 and content.hand_title.startswith("Your cards")
    assert [line.name for line in content.players] == ["Red", "Blue", "You", "Purple"]
    assert "pass the mouse" not in content.instructions  # one person: nothing to pass
    assert content.subtitle == "computers: Champion"


# --- the hot seat -------------------------------------------------------------------------------------------------


def test_the_hot_seat_asks_for_the_mouse_and_shows_each_persons_cards():
    scene = scene_with(Settings(fasttrack_persons=0b0101, fasttrack_level="casual", fasttrack_speed=4))
    controller = scene.controller
    assert controller.hot_seat and controller.you is None
    scene.update(0.01)
    assert controller.handover_seat() == 0
    assert scene.panel_content().instructions.startswith("Red's turn: pass the mouse.")
    assert scene.toasts.current is not None and scene.toasts.current.text == "Red's turn: pass the mouse."
    content = scene.panel_content()
    assert content.hand_title.startswith("Red's cards") and content.subtitle == "computers: Casual"
    code = computer.computer_plan(controller.game)[0]
    assert controller.person_click(code) and controller.handover_seat() is None  # red has the mouse now
    play_the_persons_turn(controller)
    run_until(controller, persons_turn(controller, 2), dt=0.2)
    scene.update(0.01)
    assert controller.game.seat == 2 and controller.handover_seat() == 2
    content = scene.panel_content()
    assert content.instructions.startswith("Green's turn: pass the mouse.")
    assert content.hand_title.startswith("Green's cards")
    assert [card.card for card in content.hand] == controller.game.hand(2)
    assert scene.toasts.current is not None and scene.toasts.current.text == "Green's turn: pass the mouse."
    assert all(not line.text.startswith("You ") for line in controller.log)  # the log names every seat
    assert controller.ask_hint() and controller.hint is not None  # the hint is for the person to play
    assert controller.hint.words.startswith("Hint:")


def test_a_hot_seat_game_is_won_by_a_person():
    game = positions.finished(4)
    winner = game.winners[0]
    controller = controller_for(game=game, persons=(winner, (winner + 1) % 4))
    assert controller.race_mood() is Mood.WIN


# --- watching: no person ------------------------------------------------------------------------------------------


def test_no_person_is_watching():
    scene = scene_with(Settings(fasttrack_persons=0, fasttrack_speed=4))
    assert scene.watch and scene.controller.you is None
    assert scene.panel_content().hints == WATCH_HINTS
    scene.controller.game.apply_action(scene.controller.game.legal_actions()[0])
    assert not scene.game_in_progress()  # nothing of the person's at stake
    assert Seating(frozenset({5}), "casual").at(4) == frozenset()  # a seat off the board plays no part


def test_the_watch_table_keeps_watching_through_the_menu():
    scene = scene_with(Settings(fasttrack_speed=4), watch=True)
    assert scene.watch
    menu = TableMenuScene(scene.context, scene)
    assert menu.controller.value("seats") == "none (watch)"
    menu.controller.selected = [item.key for item in ITEMS].index("seats")
    assert menu.carry_out(menu.controller.choose()) == []  # no Seats page while watching
    menu.controller.change("level", -1)
    menu.on_exit()
    assert scene.watch and scene.controller.seating.level == "strong"


# --- the menu -----------------------------------------------------------------------------------------------------


def test_the_menu_steps_the_level_and_opens_the_seats_page():
    settings = Settings()
    menu = MenuController(settings)
    assert menu.value("level") == "Champion" and menu.value("seats") == "red"
    assert menu.change("level", 1) and settings.fasttrack_level == "expert"
    assert menu.change("level", 1) and settings.fasttrack_level == "beginner"
    assert menu.change("level", -1) and menu.change("level", -1) and settings.fasttrack_level == "champion"
    assert not menu.steps("seats") and menu.steps("level")
    menu.selected = [item.key for item in ITEMS].index("seats")
    assert menu.choose() == "seats"
    page = TableMenuScene(Context(settings=settings), None).carry_out("seats")
    assert len(page) == 1 and isinstance(page[0], Push) and isinstance(page[0].scene, SeatsMenuScene)


def test_the_seats_page_makes_each_seat_a_person_or_a_computer():
    settings = Settings(fasttrack_zones=6)
    seats = SeatsMenu(settings)
    assert [item.label for item in seats.items] == ["Red", "Blue", "Green", "Purple", "Aqua", "Brown", "Back"]
    assert seats.value("seat0") == "person" and seats.value("seat4") == "computer"
    assert seats.choose(4) == "changed" and settings.fasttrack_persons == 0b10001
    assert seats.change("seat0", -1) and settings.fasttrack_persons == 0b10000
    assert MenuController(settings).value("seats") == "aqua"
    assert seats.choose(6) == "back"


def test_seats_changed_in_the_menu_take_over_the_game_in_progress():
    settings = Settings(fasttrack_speed=4)
    scene = scene_with(settings)
    controller = scene.controller
    play_the_persons_turn(controller)
    assert controller.game.seat == 1 and not controller.is_persons_turn()
    game, actions = controller.game, list(controller.game.actions)
    menu = TableMenuScene(scene.context, scene)
    menu.controller.change("level", -2)  # casual
    SeatsMenu(settings).change("seat1", 1)  # blue becomes a person, on the Seats page
    menu.on_exit()
    assert controller.game is game and controller.game.actions[: len(actions)] == actions  # the same game goes on
    assert controller.persons == frozenset({0, 1}) and controller.seating.level == "casual"
    assert controller.is_persons_turn() and controller.game.seat == 1


# --- saving the seats ---------------------------------------------------------------------------------------------


def test_the_save_round_trips_the_seats_and_the_level(tmp_path):
    game = positions.midgame(1)
    path = tmp_path / "fasttrack-game.json"
    seating = Seating(frozenset({1, 3}), "casual")
    savegame.save_game(game, path, seating)
    data = json.loads(path.read_text())
    assert data["version"] == 2 and data["seats"] == ["computer", "person", "computer", "person"]
    assert data["level"] == "casual"
    loaded = savegame.load_saved_table(path)
    assert loaded.game is not None and loaded.game.seating == seating
    assert loaded.game.game.actions == game.actions
    assert savegame.load_game(path).actions == game.actions  # the game alone, as before


def test_a_version_1_save_still_loads_with_red_against_champions(tmp_path):
    game = positions.midgame(1)
    path = tmp_path / "fasttrack-game.json"
    path.write_text(json.dumps({"version": 1, "seed": int(game.seed), "players": 4, "partnership": 0,
                                "actions": [int(a) for a in game.actions]}))
    loaded = savegame.load_saved_table(path)
    assert loaded.message == "" and loaded.game is not None
    assert loaded.game.seating == RED_PERSON and loaded.game.game.actions == game.actions


@pytest.mark.parametrize("change", [{"seats": ["person"]}, {"seats": ["pilot"] * 4}, {"level": "grandmaster"},
                                   {"seats": None}])
def test_a_save_with_bad_seats_is_kept_as_bad(tmp_path, caplog, change):
    game = positions.midgame(1)
    path = tmp_path / "fasttrack-game.json"
    data = json.loads(savegame.game_to_json(game, Seating(frozenset({0}), "strong")))
    path.write_text(json.dumps(data | change))
    with caplog.at_level(logging.WARNING):
        loaded = savegame.load_saved_table(path)
    assert loaded.game is None and "kept as" in loaded.message
    assert (tmp_path / "fasttrack-game.json.bad").exists()


def test_the_table_resumes_a_save_with_its_seats_and_the_menu_shows_them(tmp_path):
    path = tmp_path / "fasttrack-game.json"
    game = make_game(7)
    for code in plan_turn(game.clone()):
        game.click(code)
    savegame.save_game(game, path, Seating(frozenset({0, 2}), "strong"))
    settings = Settings(fasttrack_speed=4)
    scene = FastTrackScene(Context(settings=settings, thinker=Thinker(inline=True), seed=1), save_path=path)
    assert scene.controller.game.actions == game.actions
    assert scene.controller.seating == Seating(frozenset({0, 2}), "strong")
    assert (settings.fasttrack_persons, settings.fasttrack_level) == (0b101, "strong")
    scene.controller.set_seating(WATCHING)
    scene.on_exit()  # saved on quit with the seats as they are now
    assert json.loads(path.read_text())["seats"] == ["computer"] * 4


def test_old_settings_files_load_with_red_against_champions(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"fasttrack_speed": 3, "fasttrack_zones": 6}))
    settings = load_settings(path)
    assert (settings.fasttrack_level, settings.fasttrack_persons, settings.fasttrack_speed) == ("champion", 1, 3)
    path.write_text(json.dumps({"fasttrack_level": "grandmaster", "fasttrack_persons": 500}))
    settings = load_settings(path)
    assert (settings.fasttrack_level, settings.fasttrack_persons) == ("champion", 63)


def test_only_a_hot_seat_asks_for_the_mouse():
    game = FastTrackGame(3)
    assert controller_for(game=game.clone(), persons=(0,)).handover_seat() is None
    assert controller_for(game=game.clone(), persons=(0, 1)).handover_seat() == 0
    assert controller_for(game=game.clone(), persons=(1, 2)).handover_seat() is None  # red, a computer, plays first
