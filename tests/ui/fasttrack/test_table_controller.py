"""The table without graphics: the computer, the clock, the walks, undo, single choices, mood, saving."""

import json
import logging
import threading
import time

import pytest
from hypothesis import given

from fuzzing import fuzz_settings, mutated
from tablegames.core.worker import CancelToken, SearchCancelled, Thinker
from tablegames.fasttrack.game import CARD_ACTION, END_TURN, OOPS_CLICK, FastTrackGame, Phase
from tablegames.fasttrack.search import plan_turn
from tablegames.fasttrack.view import table_view
from tablegames.music.mood import Mood
from tablegames.ui.fasttrack import computer, positions, savegame
from tablegames.ui.fasttrack.controller import (
    HUMAN_SEAT,
    PAUSES,
    TableController,
    make_game,
    pieces_home,
)


def settle(controller: TableController, dt: float = 0.05, limit: int = 10_000) -> None:
    """Run the clock until it is the person's turn with nothing moving (or the game is over)."""
    for _ in range(limit):
        if controller.is_over and controller.walk is None:
            return
        if controller.is_persons_turn() and controller.walk is None:
            before = controller.clicks
            controller.update(dt)  # a single choice may still be taken for the person
            if controller.clicks == before and controller.walk is None:
                return
            continue
        controller.update(dt)
    raise AssertionError("the clock never came back to the person")


# --- the computer -------------------------------------------------------------------------------------------------


def test_the_computer_plays_the_searchs_plan_on_a_copy_of_the_game():
    game = positions.midgame(3)
    actions = list(game.actions)
    assert computer.computer_plan(game) == plan_turn(game.clone())
    assert game.actions == actions  # planning never touches the game shown


def test_the_computers_plan_is_cancelled_through_its_token():
    token = CancelToken()
    token.cancel()
    with pytest.raises(SearchCancelled):
        computer.computer_plan(positions.midgame(3), token)


def test_the_fallback_is_the_first_legal_click():
    game = make_game(5)
    assert computer.fallback_plan(game) == game.legal_actions()[:1]


def test_the_search_module_is_imported_not_looked_for():
    """The search is part of every build: a renamed module fails at import, never falls back quietly."""
    import inspect

    source = inspect.getsource(computer)
    assert "module_exists" not in source and "from tablegames.fasttrack.search import plan_turn" in source


def test_the_table_hands_its_planner_the_jobs_token_and_cancelling_the_plan_stops_it():
    thinker = Thinker()
    started = threading.Event()

    def planner(game, token):
        started.set()
        while not token.is_cancelled():
            time.sleep(0.001)
        raise SearchCancelled("stopped")

    try:
        controller = TableController(make_game(6), thinker, speed=4, watch=True, planner=planner)
        controller.update(0.1)
        assert started.wait(5) and controller.is_thinking()
        job = controller.job
        controller.start(make_game(7))  # a new game: the old plan is cancelled and forgotten
        with pytest.raises(SearchCancelled):
            job.future.result(timeout=2)
        assert controller.job is None or controller.job is not job
    finally:
        thinker.shutdown()


def test_four_computers_play_a_whole_game_through_the_clock():
    """The same calls the scene makes each frame: update(dt), then what to show; the game ends with a winner."""
    controller = TableController(make_game(11), Thinker(inline=True), speed=4, watch=True)
    walks = 0
    for _ in range(200_000):
        if controller.is_over and controller.walk is None:
            break
        controller.update(0.05)
        controller.shown_slots()
        if controller.walker() is not None:
            walks += 1
        controller.drain()
    assert controller.is_over and controller.game.winners
    assert walks > 100
    assert controller.mood is Mood.WIN  # watching, any finish is the outro in a major key
    home = pieces_home(controller.game)
    assert all(home[seat] == 4 for seat in controller.game.winners)


def test_a_computer_waits_its_pause_before_each_click():
    game = make_game(2)
    controller = TableController(game, Thinker(inline=True), speed=1, watch=True)
    controller.update(PAUSES[0] * 0.5)
    assert controller.clicks == 0
    controller.update(PAUSES[0] * 0.6)
    assert controller.clicks == 1


def test_skip_plays_the_computers_to_the_persons_turn():
    game = make_game(4)
    _play_persons_turn(game)
    controller = TableController(game, Thinker(inline=True), speed=1)
    assert not controller.is_persons_turn()
    controller.skip()
    for _ in range(200):
        controller.update(1 / 60)
        if controller.is_persons_turn():
            break
    assert controller.is_persons_turn() and controller.walk is None


def _play_persons_turn(game: FastTrackGame) -> None:
    while game.seat == HUMAN_SEAT:
        game.click(game.legal_actions()[0])


# --- the person's clicks ------------------------------------------------------------------------------------------


def test_a_person_can_click_only_what_the_view_offers_and_only_on_their_turn():
    game = make_game(0)
    controller = TableController(game, Thinker(inline=True))
    view = controller.view
    playable = [c.click for c in view.hand if c.click is not None]
    assert playable
    assert not controller.person_click(END_TURN)  # not offered while a card must be played
    assert controller.person_click(playable[0])
    assert controller.game.phase in (Phase.NEED_START, Phase.NEED_END, Phase.DONE, Phase.NEED_CARD)
    other = make_game(0)
    _play_persons_turn(other)
    computers_turn = TableController(other, Thinker(inline=True))
    card = CARD_ACTION + computers_turn.game.hand()[0]
    assert not computers_turn.person_click(card)


def test_undo_goes_back_to_before_the_card_within_the_turn():
    game = make_game(0)
    controller = TableController(game, Thinker(inline=True))
    before = controller.view
    card = next(c.click for c in before.hand if c.click is not None)
    controller.person_click(card)
    settle(controller)
    assert OOPS_CLICK in controller.clickable()
    controller.person_click(OOPS_CLICK)
    assert controller.view == before
    assert controller.walk is None


def test_a_single_piece_and_square_are_chosen_for_the_person():
    """Red's first turn: a card that brings the one pen piece out has one piece and one square to choose."""
    game = FastTrackGame.from_position({}, hands={"red": "A 2 3 5 8"})
    controller = TableController(game, Thinker(inline=True))
    controller.person_click(CARD_ACTION + 12)  # the A
    settle(controller)
    assert controller.game.board[controller.game.layout.parse_square("red.L0")] == HUMAN_SEAT


# --- the walk -----------------------------------------------------------------------------------------------------


def test_a_captured_piece_is_held_until_the_mover_lands_then_bursts_then_shows_in_its_pen():
    game, code = positions.before_capture(0)
    controller = TableController(game, Thinker(inline=True), speed=2, watch=True)
    before = controller.view.slots
    controller.play(code)
    walk = controller.walk
    assert walk is not None and walk.capture is not None
    square, pen = walk.capture
    start, end = walk.path[0], walk.path[-1]
    assert end == square
    shown = controller.shown_slots()
    assert shown[start].piece is None  # the mover has left
    assert shown[square].piece == before[square].piece  # the victim still stands there
    assert shown[pen].piece is None
    assert controller.walker() is not None and controller.burst() is None
    controller.advance_walk(walk.walk_time + walk.burst_time / 2)  # landed, bursting
    shown = controller.shown_slots()
    assert shown[square].piece == controller.view.slots[square].piece  # the mover stands there now
    assert shown[pen].piece is None  # not yet back in the pen
    assert controller.burst() is not None and controller.walker() is None
    effects, moods = controller.drain()
    assert "capture" in effects and Mood.BIG_MOMENT in moods
    controller.advance_walk(walk.burst_time)
    assert controller.walk is None
    assert controller.shown_slots() == controller.view.slots
    assert controller.view.slots[pen].piece == before[square].piece


def test_the_marble_walks_square_by_square():
    game, code = positions.before_capture(0)
    controller = TableController(game, Thinker(inline=True), speed=1, watch=True)
    controller.play(code)
    walk = controller.walk
    centres = [controller.view.slots[s].centre for s in walk.path]
    for index in range(len(walk.path)):
        walk.elapsed = index * walk.step_time
        if index < len(walk.path) - 1:
            assert controller.walker().centre == pytest.approx(centres[index])


# --- the race as a mood -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pieces, mood", [
    ({}, Mood.CALM),
    ({"blue.B4": "blue", "blue.B3": "blue"}, Mood.THREAT),
    ({"green.B4": "green", "green.B3": "green", "green.B2": "green"}, Mood.TENSION),
])
def test_the_music_follows_the_race(pieces, mood):
    game = FastTrackGame.from_position(pieces)
    assert TableController(game, Thinker(inline=True)).race_mood() is mood


def test_the_end_is_a_win_for_the_person_only_when_red_wins():
    game = positions.finished(0)
    controller = TableController(game, Thinker(inline=True))
    assert controller.race_mood() is (Mood.WIN if HUMAN_SEAT in game.winners else Mood.LOSS)


# --- saving -------------------------------------------------------------------------------------------------------


def test_a_saved_game_replays_to_the_same_table(tmp_path):
    game = positions.midgame(1)
    path = tmp_path / "fasttrack-game.json"
    savegame.save_game(game, path)
    loaded = savegame.load_game(path)
    assert loaded is not None
    assert loaded.actions == game.actions
    assert table_view(loaded, 0) == table_view(game, 0)


def test_a_finished_or_untouched_game_leaves_no_file(tmp_path):
    path = tmp_path / "fasttrack-game.json"
    savegame.save_game(positions.midgame(1), path)
    savegame.save_game(make_game(1), path)
    assert not path.exists()


@pytest.mark.parametrize("text", [
    "{not json",
    json.dumps({"version": 1, "seed": 0, "players": 4, "partnership": 0, "actions": [999]}),
    json.dumps({"version": 0}),
    json.dumps({"version": 1, "seed": "x", "players": 4, "partnership": 0, "actions": []}),
])
def test_a_broken_save_is_kept_as_bad_and_reported(tmp_path, caplog, text):
    path = tmp_path / "fasttrack-game.json"
    path.write_text(text)
    with caplog.at_level(logging.WARNING):
        loaded = savegame.load_saved(path)
    assert loaded.game is None or loaded.game.actions == []  # action 1 of 1 was bad: the start only
    assert "ignoring the saved game" in caplog.text and str(path) in caplog.text
    assert (tmp_path / "fasttrack-game.json.bad").read_text() == text and "kept as" in loaded.message


def test_a_save_is_replayed_up_to_its_last_valid_action(tmp_path):
    game = positions.midgame(1)
    actions = [int(a) for a in game.actions]
    path = tmp_path / "fasttrack-game.json"
    path.write_text(json.dumps({"version": 1, "seed": int(game.seed), "players": 4, "partnership": 0,
                                "actions": [*actions, 999, *actions[:3]]}))
    loaded = savegame.load_saved(path)
    assert loaded.game is not None and loaded.game.actions == game.actions  # 100 good ones kept, not thrown away
    assert f"replayed {len(actions)} of {len(actions) + 4} moves" in loaded.message
    assert (tmp_path / "fasttrack-game.json.bad").exists()


def test_a_save_from_a_newer_version_is_left_alone_and_never_overwritten(tmp_path):
    from tablegames.ui.fasttrack.scene import FastTrackScene
    from tablegames.ui.scene import Context

    path = tmp_path / "fasttrack-game.json"
    text = json.dumps({"version": 99, "something": "new"})
    path.write_text(text)
    loaded = savegame.load_saved(path)
    assert loaded.game is None and not loaded.may_overwrite and "newer tablegames" in loaded.message
    scene = FastTrackScene(Context(seed=2), save_path=path)
    assert scene.toasts.current is not None and scene.toasts.current.important
    scene.controller.game.apply_action(scene.controller.game.legal_actions()[0])
    scene.update(1 / 60)
    scene.on_exit()
    assert path.read_text() == text and not (tmp_path / "fasttrack-game.json.bad").exists()


def test_a_failing_search_is_logged_and_legal_clicks_play_instead(caplog):
    def broken(game, token):
        raise RuntimeError("search exploded")

    controller = TableController(make_game(6), Thinker(inline=True), speed=4, watch=True, planner=broken)
    with caplog.at_level(logging.ERROR):
        for _ in range(20):
            controller.update(0.2)
    assert controller.clicks > 0
    assert "search failed" in caplog.text


def test_a_jacks_trade_is_shown_as_the_two_pieces_changing_places():
    from tablegames.fasttrack.game import TRADE_ACTION

    game = FastTrackGame.from_position({"red.L2": "red", "blue.L2": "blue"}, hands={"red": "J 2 3 5 8"})
    lay = game.layout
    mine, theirs = lay.parse_square("red.L2"), lay.parse_square("blue.L2")
    controller = TableController(game, Thinker(inline=True))
    red, blue = controller.view.slots[mine].piece, controller.view.slots[theirs].piece
    controller.person_click(CARD_ACTION + 9)  # the J
    controller.person_click(mine)
    controller.person_click(TRADE_ACTION + theirs)
    walk = controller.walk
    assert walk is not None and walk.path == (mine, theirs) and walk.swap_colour == blue
    walk.elapsed = walk.walk_time / 2
    shown = controller.shown_slots()
    assert shown[mine].piece is None and shown[theirs].piece is None  # both in flight
    a, b = controller.walker(), controller.swapper()
    assert a.colour == red and b.colour == blue
    (x0, y0), (x1, y1) = controller.view.slots[mine].centre, controller.view.slots[theirs].centre
    middle = ((x0 + x1) / 2, (y0 + y1) / 2)
    assert a.centre == pytest.approx(middle) and b.centre == pytest.approx(middle)
    controller.finish_walk()
    assert controller.shown_slots()[mine].piece == blue and controller.shown_slots()[theirs].piece == red


_SAVED_MIDGAME = json.dumps({"version": 1, "seed": int(positions.midgame(1).seed), "players": 4, "partnership": 0,
                             "actions": [int(a) for a in positions.midgame(1).actions]}).encode()


@fuzz_settings()
@given(content=mutated(_SAVED_MIDGAME))
def test_fuzzed_saves_load_or_are_kept_and_the_file_stays_intact(tmp_path_factory, content):
    """Any damage to a save: a game (maybe shorter) or none, the player told why, never an exception; the file is
    left byte for byte and a copy kept beside whenever something was not read."""
    folder = tmp_path_factory.mktemp("fasttrack-save")
    path = folder / "fasttrack-game.json"
    path.write_bytes(content)
    loaded = savegame.load_saved(path)
    assert path.read_bytes() == content
    kept = list(folder.glob("fasttrack-game.json.bad*"))
    if loaded.message and loaded.may_overwrite:
        assert [copy.read_bytes() for copy in kept] == [content]
    else:
        assert not kept
    if loaded.game is not None and not loaded.message:
        assert json.loads(content)["actions"] == [int(a) for a in loaded.game.actions]
