"""Sound and display: the one settings scene, reached from the lobby and every table's menu, each row saved and
obeyed at once: the music player's volumes, style and deep bass, M muting everywhere (and staying muted when a
table is left), the tables' animations, reduced motion and screen shake, and the text size in the menus."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from tablegames.core.worker import Thinker
from tablegames.music.player import MusicPlayer
from tablegames.tables import TABLE_NAMES, load_all_scenes
from tablegames.ui.checkers.menu import CheckersMenu
from tablegames.ui.checkers.table import CheckersTable
from tablegames.ui.fasttrack import positions as fasttrack_positions
from tablegames.ui.fasttrack.controller import STEP_TIMES, TableController
from tablegames.ui.fasttrack.menu import TableMenuScene
from tablegames.ui.fasttrack.scene import FastTrackScene
from tablegames.ui.lobby import LobbyScene
from tablegames.ui.overlay import SOUND_AND_DISPLAY, OverlayMenuScene
from tablegames.ui.piddle.menu import PiddleMenuScene
from tablegames.ui.piddle.scene import PiddleScene
from tablegames.ui.routes.menu import PlannerMenuScene
from tablegames.ui.scene import SCENES, Context, Pop, Push, SceneStack
from tablegames.ui.screenshot import render_scene
from tablegames.ui.settings import Settings
from tablegames.ui.sound_display import ITEMS, OPTIONS, SoundDisplayMenu, SoundDisplayScene
from tablegames.ui.table import TableScene
from tablegames.ui.theme import LOGICAL_SIZE, text_scale

load_all_scenes()

WANTED = {"sound", "music", "music_style", "music_volume", "effects_volume", "deep_bass", "animations",
          "reduced_motion", "screen_shake", "text_size"}
MENUS = {"checkers": CheckersMenu, "fasttrack": TableMenuScene, "piddle": PiddleMenuScene, "routes": PlannerMenuScene}


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def make_context(tmp_path, audio=None, **settings) -> Context:
    settings.setdefault("checkers_level", 1)
    context = Context(settings=Settings(**settings), thinker=Thinker(inline=True),
                      options={"save_path": tmp_path / "checkers.pdn"})
    context.saves = []  # type: ignore[attr-defined]
    context.save_settings = lambda: context.saves.append(dataclasses.replace(context.settings))  # type: ignore
    context.audio = audio
    return context


def make_table(name: str, context: Context) -> TableScene:
    return SCENES[name](context)  # type: ignore[return-value]


def synth_player(**kwargs) -> MusicPlayer:
    player = MusicPlayer("modern", engines=("synth", "silent"), **kwargs)
    assert player.engine_name == "synth", "the dummy audio driver opens a mixer"
    return player


def row(scene: SoundDisplayScene, field: str) -> None:
    scene.controller.selected = [item.key for item in ITEMS].index(field)


def step(scene: OverlayMenuScene, field: str, code: int = pygame.K_RIGHT) -> None:
    row(scene, field)  # type: ignore[arg-type]
    scene.handle(key(code))


# --- the scene ------------------------------------------------------------------------------------------------------


def test_the_scene_has_every_setting_of_the_issue_each_cycling_and_reading_as_text():
    assert {option.field for option in OPTIONS} == WANTED
    settings = Settings()
    menu = SoundDisplayMenu(settings)
    assert menu.items[menu.selected].key == "back"  # a stray Enter changes nothing
    for option in OPTIONS:
        start = getattr(settings, option.field)
        seen = set()
        for _ in range(len(option.values)):
            assert menu.change(option.field, 1)
            seen.add(getattr(settings, option.field))
            assert menu.value(option.field)
        assert getattr(settings, option.field) == start and len(seen) == len(option.values), option.field
    styles = OPTIONS[[o.field for o in OPTIONS].index("music_style")]
    assert [styles.describe(v) for v in styles.values][-1] == "Off" and len(styles.values) == 6


def test_it_is_registered_as_settings_and_renders(tmp_path):
    assert "settings" in SCENES
    picture = render_scene("settings")
    assert picture.get_size() == LOGICAL_SIZE


def test_the_lobby_opens_it_with_s_and_every_tables_menu_with_its_row(tmp_path):
    context = make_context(tmp_path)
    [opened] = LobbyScene(context).handle(key(pygame.K_s))
    assert isinstance(opened, Push) and isinstance(opened.scene, SoundDisplayScene) and opened.scene.table is None
    for name in TABLE_NAMES:
        table = make_table(name, context)
        menu = table.menu()
        assert isinstance(menu, MENUS[name])
        keys = [item.key for item in menu.controller.items]
        assert keys.count(SOUND_AND_DISPLAY.key) == 1, name
        menu.controller.selected = keys.index(SOUND_AND_DISPLAY.key)
        [opened] = menu.handle(key(pygame.K_RETURN))
        assert isinstance(opened.scene, SoundDisplayScene) and opened.scene.table is table, name
        table.on_exit()


def test_each_change_is_saved_at_once_and_back_closes(tmp_path):
    context = make_context(tmp_path)
    scene = SoundDisplayScene(context)
    step(scene, "deep_bass")
    assert context.settings.deep_bass and context.saves[-1].deep_bass
    step(scene, "music_volume", pygame.K_LEFT)
    assert context.saves[-1].music_volume == 0.6
    row(scene, "back")
    assert scene.handle(key(pygame.K_RETURN)) == [Pop()]
    assert scene.handle(key(pygame.K_ESCAPE)) == [Pop()]


# --- the music player obeys ------------------------------------------------------------------------------------------


def test_the_volumes_style_music_and_deep_bass_reach_the_player_at_once(tmp_path):
    player = synth_player(volume=0.7, effects_volume=0.7)
    try:
        context = make_context(tmp_path, player, music_style="modern")
        scene = SoundDisplayScene(context)
        step(scene, "effects_volume", pygame.K_LEFT)
        step(scene, "effects_volume", pygame.K_LEFT)
        assert context.settings.effects_volume == 0.5
        assert all(abs(v - 0.5) < 0.01 for v in player.effect_channel_volumes())  # the effect channels' volume
        assert abs(player._channel.get_volume() - 0.7) < 0.01  # the music keeps its own
        step(scene, "music_volume", pygame.K_RIGHT)
        assert abs(player._channel.get_volume() - 0.8) < 0.01
        step(scene, "music_style")
        assert player.style.slug == context.settings.music_style == "reggae"
        step(scene, "deep_bass")
        assert player.deep_bass and player._stream.score.deep_bass
        step(scene, "music")  # music off: effects only, the style kept for later
        assert player.style.slug == "off" and context.settings.music_style == "reggae"
        step(scene, "music")
        assert player.style.slug == "reggae"
        step(scene, "sound")
        assert player.muted and player._channel.get_volume() == 0.0 and set(player.effect_channel_volumes()) == {0.0}
    finally:
        player.close()


# --- M everywhere ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_m_mutes_at_every_table_the_footer_says_so_and_it_stays_muted_after_leaving(tmp_path, name):
    player = synth_player()
    try:
        context = make_context(tmp_path, player)
        stack = SceneStack()
        lobby = LobbyScene(context)
        stack.push(lobby)
        stack.push(make_table(name, context))
        table = stack.top
        assert "M sound on/off" in table.footer() and "muted" not in table.footer()
        stack.apply(table.handle(key(pygame.K_m)))
        assert stack.top is table and not context.settings.sound and not context.saves[-1].sound
        assert player.muted and player._channel.get_volume() == 0.0
        assert set(player.effect_channel_volumes()) == {0.0}  # effects are silenced too
        assert "[muted]" in table.footer()
        table.update(1 / 60)
        table.draw(pygame.Surface(LOGICAL_SIZE))
        stack.apply(table.handle(key(pygame.K_ESCAPE)))  # leave through the menu
        stack.apply(stack.top.carry_out("lobby"))
        assert stack.top is lobby
        assert player.muted and not context.settings.sound  # leaving the table keeps the sound off
        stack.push(make_table(name, context))  # and the next visit too
        stack.top.update(1 / 60)
        assert player.muted
        stack.pop()
        stack.apply(lobby.handle(key(pygame.K_m)))  # the lobby's M gives it back
        assert context.settings.sound and not player.muted and player._channel.get_volume() > 0
        assert lobby.notice == "Sound on"
    finally:
        player.close()


def test_the_lobby_shows_the_muted_state_in_its_hint_line(tmp_path):
    context = make_context(tmp_path, sound=False)
    lobby = LobbyScene(context)
    lobby.draw(pygame.Surface(LOGICAL_SIZE))
    lobby.handle(key(pygame.K_m))
    assert context.settings.sound and lobby.notice == "Sound on"
    lobby.handle(key(pygame.K_m))
    assert not context.settings.sound and "M turns it back on" in lobby.notice


# --- the tables obey the motion settings --------------------------------------------------------------------------


def settings_over(table: TableScene) -> SoundDisplayScene:
    return SoundDisplayScene(table.context, table)


def test_reduced_motion_stops_the_checkers_screen_shake_and_confetti_at_once(tmp_path):
    table = CheckersTable(make_context(tmp_path))
    table.effects.shake(8.0)
    assert table.effects.shake_left > 0 and table.effects.shake_offset(0.1) != (0, 0)
    scene = settings_over(table)
    step(scene, "reduced_motion")
    assert table.context.settings.reduced_motion and table.effects.shake_left == 0
    table.effects.shake(8.0)
    table.effects.confetti(pygame.Rect(0, 0, 400, 400))
    assert table.effects.shake_offset(0.1) == (0, 0) and not table.effects.particles
    step(scene, "reduced_motion")
    step(scene, "screen_shake")  # screen shake off alone: confetti yes, shaking no
    table.effects.shake(8.0)
    table.effects.confetti(pygame.Rect(0, 0, 400, 400))
    assert table.effects.shake_offset(0.1) == (0, 0) and table.effects.particles
    table.on_exit()


def test_reduced_motion_plays_checkers_chains_without_the_slow_motion_hop(tmp_path):
    from tablegames.checkers.position import Position

    table = CheckersTable(make_context(tmp_path, reduced_motion=True))
    model = table.model
    model.game = type(model.game)(Position.from_fen("B:W18,27:B14"))
    model.after_change()
    [chain] = [m for m in model.game.position.legal_moves() if len(m.captured) == 2]
    model.play_move(chain)
    assert model.animation is not None and max(model.animation.hop_seconds) < 0.3
    table.on_exit()


def capture_controller(**motion) -> tuple[TableController, int]:
    game, code = fasttrack_positions.before_capture(0)
    controller = TableController(game, Thinker(inline=True), speed=2, watch=True)
    controller.set_motion(**motion)
    return controller, code


def test_fast_track_moves_obey_animations_and_reduced_motion():
    controller, code = capture_controller(animations=True, reduced_motion=False)
    controller.play(code)
    walk = controller.walk
    assert walk is not None and walk.step_time == STEP_TIMES[1] and walk.burst_time > 0
    controller.advance_walk(walk.walk_time / 2)
    assert controller.walker() is not None
    controller.advance_walk(walk.walk_time / 2 + 0.01)
    assert controller.burst() is not None  # the captured marble bursts

    controller, code = capture_controller(animations=True, reduced_motion=True)
    controller.play(code)
    walk = controller.walk
    assert walk is not None and walk.step_time == STEP_TIMES[1] / 2 and walk.burst_time == 0  # a short slide
    controller.advance_walk(walk.step_time * 0.5)
    assert controller.walker().lift == 0.0  # flat, no hop
    controller.advance_walk(walk.walk_time)
    assert controller.burst() is None and controller.walk is None  # no burst

    controller, code = capture_controller(animations=False, reduced_motion=False)
    captures = controller.captures
    controller.play(code)
    assert controller.walk is None and controller.captures == captures + 1  # shown at once, the capture counted


def test_fast_track_and_piddle_follow_the_scene_at_once(tmp_path):
    context = make_context(tmp_path)
    fast_track = FastTrackScene(context)
    piddle = PiddleScene(context)
    for table, motion in ((fast_track, fast_track.controller), (piddle, piddle.controller)):
        scene = settings_over(table)
        step(scene, "reduced_motion")
        assert motion.reduced_motion and motion.animations
        step(scene, "animations")
        assert not motion.animations
        step(scene, "animations")
        step(scene, "reduced_motion")
        assert motion.animations and not motion.reduced_motion
        table.on_exit()


def test_piddle_dice_land_at_once_without_animations_and_quickly_with_reduced_motion(tmp_path):
    durations = []
    for motion in ({}, {"reduced_motion": True}, {"animations": False}):
        piddle = PiddleScene(make_context(tmp_path, **motion))
        controller = piddle.controller
        for _ in range(2000):
            if controller.is_persons_turn() and controller.table.dice is None:
                break
            piddle.update(0.05)
        assert controller.roll() and controller.tumble is not None
        durations.append(controller.tumble.duration)
        piddle.on_exit()
    normal, reduced, none = durations
    assert normal > reduced > none == 0.0


# --- text size -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_larger_text_grows_every_menu_within_the_window(tmp_path, name):
    context = make_context(tmp_path)
    table = make_table(name, context)
    normal = table.menu()
    sizes = (normal.menu_rect.copy(), normal.label_size)
    scene = SoundDisplayScene(context, table)
    step(scene, "text_size")
    step(scene, "text_size")
    assert context.settings.text_size == "larger" and text_scale() == 1.4
    for menu in (table.menu(), scene):
        screen = pygame.Rect((0, 0), LOGICAL_SIZE)
        assert screen.contains(menu.menu_rect), name
        rows = [menu.row_rect(i) for i in range(len(menu.controller.items))]
        assert all(menu.menu_rect.contains(r) for r in rows), name
        assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:], strict=False)), name
        assert menu.label_size < menu.row_height, name
        menu.draw(pygame.Surface(LOGICAL_SIZE))
    larger = table.menu()
    assert larger.label_size > sizes[1] and larger.menu_rect.width > sizes[0].width
    normal.on_enter()  # the menu below the scene lays itself out again when it is back on top
    assert normal.label_size == larger.label_size
    table.on_exit()
