import pygame

from tablegames.tables import load_all_scenes
from tablegames.ui.lobby import TABLES, LobbyController, LobbyScene, card_rect
from tablegames.ui.preparation import READY, TableState
from tablegames.ui.scene import SCENES, Context, Push, Quit, Scene

load_all_scenes()  # before any test stands a scene in for a table (Q reads the tables' saved games: their modules)


def test_keys_move_round_the_tables():
    lobby = LobbyController()
    lobby.key(pygame.K_LEFT)
    assert lobby.selected == len(TABLES) - 1
    lobby.key(pygame.K_RIGHT)
    lobby.key(pygame.K_RIGHT)
    assert lobby.selected == 1


def test_number_keys_and_clicks_choose_a_table():
    lobby = LobbyController()
    assert lobby.key(pygame.K_3) == ("open", "piddle")
    assert lobby.click(card_rect(3).center) == ("open", "routes")
    assert lobby.selected == 3
    assert lobby.click((5, 5)) is None
    assert lobby.key(pygame.K_q) == ("quit",)


def test_a_digit_sits_down_at_once_and_remembers_the_table(monkeypatch):
    monkeypatch.setitem(SCENES, "checkers", Scene)
    monkeypatch.setitem(SCENES, "fasttrack", Scene)
    saved = []
    context = Context()
    context.save_settings = lambda: saved.append(context.settings.last_table)
    scene = LobbyScene(context)
    intents = scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1))
    assert len(intents) == 1 and isinstance(intents[0], Push) and saved == [0]
    assert isinstance(scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2))[0], Push) and saved == [0, 1]
    assert isinstance(scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q))[0], Quit)


def test_pointing_selects_and_drawing_changes_nothing():
    scene = LobbyScene(Context())
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=card_rect(2).center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.controller.selected == 2
    before = (scene.controller.selected, scene.clock, scene.notice)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    assert (scene.controller.selected, scene.clock, scene.notice) == before


class Pointed:
    """A preparation whose states the test sets, remembering which tables the lobby put first."""

    def __init__(self, states):
        self.states = dict(states)
        self.preferred = []

    def poll(self):
        pass

    def prefer(self, table):
        self.preferred.append(table)

    def state(self, table):
        return self.states.get(table, READY)


def card_picture(scene: LobbyScene, index: int) -> bytes:
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    return pygame.image.tobytes(surface.subsurface(card_rect(index).inflate(20, 30)), "RGB")


def test_the_card_pointed_at_is_prepared_first():
    preparation = Pointed({})
    scene = LobbyScene(Context(), preparation)
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=card_rect(2).center, rel=(0, 0), buttons=(0, 0, 0)))
    scene.update(1 / 60)
    assert preparation.preferred[-1] == TABLES[2].name
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    scene.update(1 / 60)
    assert preparation.preferred[-1] == TABLES[3].name


def test_each_card_shows_its_own_preparation():
    names = [table.name for table in TABLES]
    preparation = Pointed({names[1]: TableState("compiling", 0.5, True), names[2]: TableState("queued", 0.0, True),
                           names[3]: TableState("loading", 0.0, False)})
    scene = LobbyScene(Context(), preparation)
    scene.update(1 / 60)
    assert [state.stage for state in scene.states] == ["ready", "compiling", "queued", "loading"]
    ready, compiling, queued, loading = (card_picture(scene, index) for index in range(4))
    plain = LobbyScene(Context())
    plain.update(1 / 60)
    assert compiling != card_picture(plain, 1) and queued != card_picture(plain, 2)
    assert loading == card_picture(plain, 3)  # loading from the cache takes a moment: nothing to show for it
    assert ready == card_picture(plain, 0)
    preparation.states[names[1]] = TableState("compiling", 0.8, True)
    scene.update(1 / 60)
    assert card_picture(scene, 1) != compiling  # the bar moves on


def test_choosing_a_table_not_ready_opens_its_preparing_scene(monkeypatch):
    from tablegames.ui.preparing import PreparingScene

    monkeypatch.setitem(SCENES, "checkers", Scene)
    names = [table.name for table in TABLES]
    preparation = Pointed({names[1]: TableState("compiling", 0.5, True)})
    scene = LobbyScene(Context(), preparation)
    waiting = scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2))
    assert isinstance(waiting[0], Push) and isinstance(waiting[0].scene, PreparingScene)
    assert waiting[0].scene.table.name == names[1]
    ready = scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1))
    assert isinstance(ready[0], Push) and type(ready[0].scene) is Scene


def miniature_picture(table_index: int, parts: list[tuple[str, float]], scale: float) -> bytes:
    from tablegames.ui.canvas import layer

    picture = layer((300, 300), alpha=False, scale=scale)
    picture.fill((10, 90, 40))
    for part, t in parts:
        TABLES[table_index].draw_miniature()(picture, pygame.Rect(20, 20, 230, 230), t, part)
    return pygame.image.tobytes(picture, "RGB")


def test_each_miniature_is_its_still_part_painted_once_and_its_moving_part_each_frame():
    """The lobby paints a miniature's still part into its backdrop once and draws the moving part each frame: the
    still part must not change with time, and the two must make the whole picture at every moment."""
    for index, table in enumerate(TABLES):
        for scale in (1.0, 1.5, 0.75):
            still = miniature_picture(index, [("still", 0.0)], scale)
            assert miniature_picture(index, [("still", 2.9)], scale) == still, table.name
            pictures = set()
            for t in (0.0, 0.45, 1.3, 2.2, 3.1):
                whole = miniature_picture(index, [("all", t)], scale)
                assert miniature_picture(index, [("still", 0.0), ("moving", t)], scale) == whole, (table.name, t)
                pictures.add(whole)
            assert len(pictures) > 1, f"{table.name}'s miniature does not move"


def test_the_checkers_miniatures_man_leaves_its_square_when_it_hops():
    """Nothing that moves is painted into the still part: mid-hop (t = 1 s) the man's own square is bare board."""
    picture = pygame.Surface((300, 300))
    draw_checkers = TABLES[0].draw_miniature()
    for part in ("still", "moving"):
        draw_checkers(picture, pygame.Rect(20, 20, 230, 230), 1.0, part)
    cell = 230 // 8
    left = top = 20 + (230 - 8 * cell) // 2
    square_centre = (left + 2 * cell + cell // 2, top + 5 * cell + cell // 2)  # row 5, column 2: the man that hops
    assert tuple(picture.get_at(square_centre))[:3] == (120, 72, 40)  # a dark square's brown, no man on it
    draw_checkers(picture, pygame.Rect(20, 20, 230, 230), 0.0, "moving")
    assert tuple(picture.get_at(square_centre))[:3] != (120, 72, 40)  # at rest he stands there
