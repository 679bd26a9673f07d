"""The checkers table: playing by clicks, the computer's reply, watch mode, undo, animations off and reduced
motion, fun mode at the table, the music's mood, the saved game resuming, and every scene in every set."""

from __future__ import annotations

import pygame
import pytest

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import FunGame, FunRules, roll_event
from tablegames.checkers.game import Outcome
from tablegames.checkers.position import Position
from tablegames.core.worker import Thinker
from tablegames.music.mood import Mood
from tablegames.tables import load_all_scenes
from tablegames.ui.checkers.menu import CheckersMenu
from tablegames.ui.checkers.moments import music_mood
from tablegames.ui.checkers.panel_text import move_list_rows
from tablegames.ui.checkers.showcase import SCRIPTS
from tablegames.ui.checkers.table import CheckersTable
from tablegames.ui.checkers.table_model import ANNOUNCE_SECONDS, IDLE_SECONDS
from tablegames.ui.scene import Context, Pop, Push
from tablegames.ui.screenshot import render_scene
from tablegames.ui.settings import Settings
from tablegames.ui.widgets import ConfirmScene

STEP = 1 / 60


class FakeAudio:
    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.style = type("Style", (), {"slug": "hiphop"})()

    def __getattr__(self, name):
        return lambda *args: self.calls.append((name, *args))


def make_table(tmp_path, **settings) -> CheckersTable:
    settings.setdefault("checkers_level", 1)  # Dozy Dave: no search to compile, so the tests stay quick
    saved = []
    context = Context(settings=Settings(**settings), thinker=Thinker(inline=True),
                      options={"save_path": tmp_path / "game.pdn"})
    context.save_settings = lambda: saved.append(True)
    context.audio = FakeAudio()
    table = CheckersTable(context)
    table.saved_settings = saved
    table.draw(pygame.Surface((1280, 800)))
    return table


def run(table: CheckersTable, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        table.update(STEP)


def click(table: CheckersTable, square: int) -> list:
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=table.square_centre(square))
    return table.handle(event)


def key(table: CheckersTable, key_code: int) -> list:
    return table.handle(pygame.event.Event(pygame.KEYDOWN, key=key_code))


def test_a_move_by_clicks_and_the_computers_reply(tmp_path):
    table = make_table(tmp_path)
    assert table.model.human_side == BLACK and table.controller.flipped  # Red plays up the board
    click(table, 11)
    click(table, 15)
    assert [m.notation for m in table.model.game.moves] == ["11-15"]
    run(table, 2.0)
    assert len(table.model.game.moves) == 2 and table.model.game.position.turn == BLACK
    assert table.controller.accepting


def test_watch_mode_plays_itself(tmp_path):
    table = make_table(tmp_path, checkers_mode="watch")
    run(table, 6.0)
    assert len(table.model.game.moves) >= 4
    assert not table.controller.accepting


def test_two_players_both_click(tmp_path):
    table = make_table(tmp_path, checkers_mode="two_players")
    click(table, 11)
    click(table, 15)
    run(table, 0.5)
    click(table, 22)
    click(table, 18)
    assert [m.notation for m in table.model.game.moves] == ["11-15", "22-18"]


def test_animations_off_shows_the_move_at_once_without_effects(tmp_path):
    table = make_table(tmp_path, animations=False)
    table.model.game = FunGame(Position.from_fen("B:W14,22,19,24,27,28,30,31,32:B9,1,2,3,5,6,7,11"))
    table.model.after_change()
    click(table, 9)
    click(table, 25)
    assert table.model.animation is None and table.model.game.moves[-1].notation == "9x18x25"
    assert not table.effects.particles and not table.effects.words and table.effects.shake_left == 0


def test_reduced_motion_keeps_the_hop_but_drops_particles_and_shake(tmp_path):
    table = make_table(tmp_path, reduced_motion=True)
    table.model.game = FunGame(Position.from_fen("B:W14,22,19,24,27,28,30,31,32:B9,1,2,3,5,6,7,11"))
    table.model.after_change()
    click(table, 9)
    click(table, 25)
    assert table.model.animation is not None
    run(table, 1.0)
    assert any(w.text == "Double!" for w in table.effects.words)
    assert not table.effects.particles and table.effects.shake_left == 0


def test_a_chain_counts_up_with_shake_and_sparkles(tmp_path):
    table = make_table(tmp_path)
    table.model.game = FunGame(Position.from_fen("B:W14,22,19,24,27,28,30,31,32:B9,1,2,3,5,6,7,11"))
    table.model.after_change()
    click(table, 9)
    click(table, 25)
    run(table, 1.0)  # a hop, then the last jump in slow motion
    assert table.model.show.chain_count == 2
    assert any(w.text == "Double!" for w in table.effects.words)
    assert table.effects.shake_left > 0 and table.effects.particles
    calls = table.context.audio.calls
    assert calls.count(("play_effect", "capture")) == 2 and ("play_effect", "chain") in calls


def test_a_chain_that_crowns_throws_confetti_and_makes_a_big_moment(tmp_path):
    table = make_table(tmp_path)
    table.model.game = FunGame(Position.from_fen("B:W18,27,21,24,28,30,31,20:B14,1,2,3,5,6,9,10"))
    table.model.after_change()
    click(table, 14)
    click(table, 32)
    run(table, 1.0)
    assert table.model.game.moves[-1].is_crowning
    assert ("set_mood", Mood.BIG_MOMENT) in table.context.audio.calls
    assert ("play_effect", "crown") in table.context.audio.calls
    assert any(p.kind == "confetti" for p in table.effects.particles)
    assert any(w.text == "Double!" for w in table.effects.words)


def test_undo_goes_back_to_the_players_turn(tmp_path):
    table = make_table(tmp_path)
    click(table, 11)
    click(table, 15)
    run(table, 2.0)
    assert len(table.model.game.moves) == 2
    key(table, pygame.K_u)
    assert table.model.game.moves == [] and table.controller.accepting


def test_keys_new_quit_menu_sound_flip(tmp_path):
    table = make_table(tmp_path)
    click(table, 11)
    click(table, 15)
    asked = key(table, pygame.K_n)  # a game in progress: asked first
    assert isinstance(asked[0].scene, ConfirmScene)
    asked[0].scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert table.model.game.entries == []
    assert key(table, pygame.K_q) == [Pop()]  # nothing played: no question
    intents = key(table, pygame.K_ESCAPE)
    assert isinstance(intents[0], Push) and isinstance(intents[0].scene, CheckersMenu)
    key(table, pygame.K_s)
    assert table.context.settings.sound is False and table.saved_settings
    assert ("set_muted", True) in table.context.audio.calls
    key(table, pygame.K_f)
    table.apply_settings()
    assert table.context.settings.checkers_flip and not table.controller.flipped


def test_the_face_answers_a_click_and_level_ten_introduces_itself(tmp_path):
    table = make_table(tmp_path, checkers_level=10)
    assert table.model.show.speech.mood == "boss"
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=table.face_rect.center))
    assert table.model.show.speech.mood == "poke" and table.model.show.speech.text


def test_an_idle_antic_after_six_quiet_seconds(tmp_path):
    table = make_table(tmp_path)
    run(table, IDLE_SECONDS - 0.5)
    assert table.model.show.moods.antic_left == 0
    run(table, 0.6)
    assert table.model.show.moods.antic_left > 0 and table.model.show.moods.antic


def test_fun_mode_at_the_table_announces_then_applies_and_undo_takes_it_back(tmp_path):
    table = make_table(tmp_path, checkers_fun_mode=True, checkers_level=1)
    start = Position.from_fen("W:W18,21,22,23,24,25:B14,1,2")
    probe = FunGame(start)
    probe.play("18x9")
    seed = next(s for s in range(300) if roll_event(probe, FunRules(BLACK, 1, "easy", s)) is not None)
    table.model.game_seed = seed
    table.model.game = FunGame(start)
    table.model.after_change()
    run(table, 2.0)  # the computer (White) captures
    assert table.model.pending_event is not None and "Fun mode" in table.model.show.toast
    assert not table.model.game.events  # announced first
    run(table, ANNOUNCE_SECONDS + 0.1)
    assert len(table.model.game.events) == 1
    assert any("*" in row for row in move_list_rows(table.model.game))
    key(table, pygame.K_u)
    assert not table.model.game.events and table.model.game.position == start


def test_music_follows_the_game():
    assert music_mood(Position.initial(), None, BLACK) is Mood.CALM
    jump = Position.from_fen("B:W14,22,19,24,27,28,30,31,32:B9,1,2,3,5,6,7,11")
    assert music_mood(jump, None, BLACK) is Mood.TENSION  # a double jump is on
    single = Position.from_fen("B:W18,21,22,24,25,26,27,28,29,30,31,32:B14,1,2,3,4,5,6,7,8,9,10")
    assert music_mood(single, None, BLACK) is Mood.THREAT
    assert music_mood(single, Outcome(BLACK, "no legal move"), BLACK) is Mood.WIN
    assert music_mood(single, Outcome(WHITE, "no legal move"), BLACK) is Mood.LOSS


def test_the_game_is_saved_and_resumed(tmp_path):
    table = make_table(tmp_path, checkers_fun_mode=True)
    click(table, 11)
    click(table, 15)
    run(table, 2.0)
    entries = table.model.game.entries
    table.on_exit()
    assert (tmp_path / "game.pdn").exists()
    again = make_table(tmp_path)
    assert again.model.game.entries == entries and again.model.game.position == table.model.game.position
    assert again.model.game_seed == table.model.game_seed


def test_a_finished_game_leaves_nothing_to_resume(tmp_path):
    table = make_table(tmp_path)
    table.model.game = FunGame(Position.from_fen("B:W14:B9,K22,K27,3"))
    table.model.after_change()
    click(table, 9)
    click(table, 18)
    run(table, 2.0)
    assert table.model.game.outcome() is not None and table.effects.trophy_age is not None
    table.on_exit()
    assert not (tmp_path / "game.pdn").exists()


def test_a_corrupt_saved_game_goes_on_from_its_last_good_move_and_is_kept(tmp_path):
    (tmp_path / "game.pdn").write_text('[Event "x"]\n\n1. 11-15 99-1 *\n')
    table = make_table(tmp_path)
    assert [entry.notation for entry in table.model.game.entries] == ["11-15"]
    assert (tmp_path / "game.pdn.bad").exists()
    (tmp_path / "game.pdn").write_text("\x00 not a game at all [")
    table = make_table(tmp_path)
    assert table.model.game.entries == [] and (tmp_path / "game.pdn.bad.2").exists()


def test_export_writes_pdn(tmp_path, monkeypatch):
    monkeypatch.setattr("tablegames.ui.checkers.savegame.export_folder", lambda: tmp_path / "exports")
    table = make_table(tmp_path)
    click(table, 11)
    click(table, 15)
    path = table.export()
    assert path is not None and "1. 11-15" in path.read_text()


SCENE_NAMES = ["checkers", *[f"checkers:{name}" for name in SCRIPTS]]


@pytest.mark.parametrize("piece_set", range(10))
def test_every_scene_renders_in_every_set(piece_set):
    load_all_scenes()
    for name in SCENE_NAMES:
        picture = render_scene(name, (640, 400), frames=2, options={"piece_set": piece_set, "level": piece_set + 1})
        colours = {picture.get_at((x, y))[:3] for x in range(20, 380, 5) for y in range(20, 380, 5)}
        assert len(colours) > 12, name  # a board with pieces, not a blank frame


def test_the_demos_watch_table_plays_every_level_in_turn_and_saves_nothing(tmp_path, monkeypatch):
    from tablegames.ui.checkers.table import watch_table

    monkeypatch.setattr("tablegames.ui.checkers.table.default_save_path", lambda: tmp_path / "never.pdn")
    context = Context(settings=Settings(checkers_level=1), thinker=Thinker(inline=True))
    levels_seen = []
    monkeypatch.setattr("tablegames.ui.checkers.thinking.computer_move",
                        lambda position, level, seed, token, history: levels_seen.append(level)
                        or position.legal_moves()[0])
    table = watch_table(context)
    run(table, 12.0)
    table.on_exit()
    assert levels_seen[:10] == list(range(1, 11))
    assert context.settings.checkers_mode == "play" and not (tmp_path / "never.pdn").exists()
    assert "effects median" in table.effects_report()


def test_the_panel_buttons_work_like_their_keys(tmp_path):
    from tablegames.ui.checkers.drawing import PANEL_BUTTONS

    def button_rect(action):
        return next(button.rect for button in PANEL_BUTTONS if button.action == action)

    table = make_table(tmp_path, checkers_mode="two_players")
    click(table, 11)
    click(table, 15)
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button_rect("undo").center))
    assert table.model.game.entries == []
    intents = table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button_rect("menu").center))
    assert isinstance(intents[0].scene, CheckersMenu)


def test_n_and_q_ask_first_while_a_game_is_in_progress(tmp_path):
    from tablegames.ui.scene import Context, Pop, SceneStack
    from tablegames.ui.widgets import ConfirmScene

    table = CheckersTable(Context(), save_path=tmp_path / "game.pdn")
    stack = SceneStack()
    stack.push(table)
    assert table.carry_out(("new",)) == []  # nothing played yet: no question
    table.model.game.play("11-15")
    stack.apply(table.carry_out(("new",)))
    assert isinstance(stack.top, ConfirmScene) and table.model.game.entries
    stack.apply(stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)))
    assert stack.top is table and table.model.game.entries  # kept playing
    stack.apply(table.carry_out(("new",)))
    stack.apply(stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)))
    assert stack.top is table and not table.model.game.entries  # a new game
    table.model.game.play("11-15")
    intents = table.carry_out(("quit",))
    assert isinstance(intents[0].scene, ConfirmScene)
    assert intents[0].scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)) == [Pop(), Pop()]
