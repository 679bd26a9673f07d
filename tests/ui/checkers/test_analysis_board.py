"""The analysis board: moves played by clicks, a variation replacing the line, positions set up by clicking or
pasted, PDN files loaded (and refused in words), the engine's view and the review on the thinker, the annotated
export; the scene's keys, and the menu row that opens it with the game in play."""

from __future__ import annotations

import pygame

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.pdn import parse_fen, parse_game, parse_move, read_pdn_file
from tablegames.checkers.position import Piece, Position
from tablegames.core.worker import Thinker
from tablegames.ui.checkers.analysis_board import AnalysisBoard
from tablegames.ui.checkers.analysis_scene import AnalysisScene, advantage_words, bar_share
from tablegames.ui.checkers.controller import square_to_cell
from tablegames.ui.checkers.menu import CheckersMenu
from tablegames.ui.checkers.table import CheckersTable
from tablegames.ui.scene import Context, Pop, Push
from tablegames.ui.settings import Settings

TRAP = "B:W22,30:B1,11,14"


def board(start: Position | None = None, moves: str = "") -> AnalysisBoard:
    position = start or Position.initial()
    played = []
    for text in moves.split():
        move = parse_move(position, text)
        played.append(move)
        position = position.apply_unchecked(move)
    return AnalysisBoard(Thinker(inline=True), start, played)


def test_a_piece_and_a_square_make_a_move_and_other_clicks_put_it_back():
    analysis = board()
    analysis.click_square(22)  # White's man: not the side to move
    assert analysis.selected is None
    analysis.click_square(11)
    assert analysis.selected == 11
    analysis.click_square(20)  # not where 11 goes: put back
    assert analysis.selected is None and analysis.cursor == 0
    analysis.click_square(11)
    analysis.click_square(15)
    assert [m.notation for m in analysis.moves] == ["11-15"] and analysis.position.turn == WHITE


def test_playing_from_an_earlier_move_replaces_the_rest_of_the_line():
    analysis = board(moves="11-15 23-19 8-11 22-17")
    analysis.go_to(2)
    analysis.play(parse_move(analysis.position, "8-11"))  # the line's own move: just a step
    assert len(analysis.moves) == 4 and analysis.cursor == 3
    analysis.go_to(2)
    analysis.play(parse_move(analysis.position, "9-13"))
    assert [m.notation for m in analysis.moves] == ["11-15", "23-19", "9-13"] and analysis.cursor == 3
    analysis.step(-10)
    assert analysis.cursor == 0
    analysis.step(10)
    assert analysis.cursor == 3


def test_setting_up_a_position_by_clicks():
    analysis = board()
    analysis.begin_setup()
    analysis.clear_setup()
    for square, clicks in ((14, 1), (1, 2), (22, 3), (30, 4)):  # black man, black king, white man, white king
        for _ in range(clicks):
            analysis.click_square(square)
    analysis.toggle_setup_turn()
    assert analysis.setup_fen() == "W:W22,K30:BK1,14"
    assert analysis.finish_setup()
    assert analysis.position == parse_fen("W:W22,K30:BK1,14") and analysis.moves == [] and analysis.setup is None
    analysis.begin_setup()
    analysis.setup_start()
    assert parse_fen(analysis.setup_fen()) == Position.initial()


def test_a_set_up_position_that_is_not_one_is_refused_in_words():
    analysis = board()
    analysis.begin_setup()
    analysis.clear_setup()
    assert not analysis.finish_setup() and "no pieces at all" in analysis.message and analysis.setup is not None
    analysis.click_square(30)  # a black man on White's... Black's own king row, 29-32: must be a king
    assert not analysis.finish_setup() and "must be a king" in analysis.message


def test_a_pasted_fen_is_the_new_start_and_a_bad_one_is_said():
    analysis = board(moves="11-15")
    analysis.paste_fen("not a position")
    assert "not a FEN" in analysis.message and len(analysis.moves) == 1
    analysis.paste_fen(f'[FEN "{TRAP}"]')
    assert analysis.start == parse_fen(TRAP) and analysis.moves == []


def test_a_pdn_file_is_loaded_from_its_start_and_a_bad_one_is_said(tmp_path):
    good = tmp_path / "two.pdn"
    good.write_text("1. 11-15 23-19 2. 8-11 *\n\n1. 9-13 *\n", encoding="utf-8")
    analysis = board()
    analysis.load_file(good)
    assert len(analysis.moves) == 3 and analysis.cursor == 0 and "game 1 of 2" in analysis.message
    bad = tmp_path / "bad.pdn"
    bad.write_text("1. 11-15 23-19 2. 8-8 *", encoding="utf-8")
    analysis.load_file(bad)
    assert str(bad) in analysis.message and "move 2" in analysis.message and len(analysis.moves) == 3


def test_the_engine_view_and_the_review_come_from_the_thinker(tmp_path):
    analysis = board(parse_fen(TRAP), "14-18 22x15x8")
    analysis.go_to(0)
    view = analysis.engine_view()
    assert view is not None and view.position == parse_fen(TRAP)
    assert view.best.notation not in ("14-18", "14-17") and analysis.peek_view() is view
    analysis.start_review()
    analysis.poll()
    assert not analysis.is_reviewing and analysis.review_of(0) is not None
    assert analysis.review_of(0).glyph == "??" and "1 mistake" in analysis.message
    path = analysis.export(tmp_path)
    assert path is not None and path.exists()
    exported = read_pdn_file(path)[0]
    assert exported.start == parse_fen(TRAP) and [m.notation for m in exported.moves] == ["14-18", "22x15x8"]
    assert "{?? loses" in path.read_text(encoding="utf-8")


def test_an_export_that_cannot_be_written_is_said(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    analysis = board(moves="11-15")
    assert analysis.export(blocker) is None and "Cannot export" in analysis.message


def test_the_bar_and_words_follow_the_score():
    view = board().engine_view()
    assert view is not None
    assert bar_share(None) == 0.5 and 0 < bar_share(view) < 1
    assert advantage_words(view) in ("About even",) or "better" in advantage_words(view)


def event(kind: int, **fields: object) -> pygame.event.Event:
    return pygame.event.Event(kind, fields)


def test_the_scene_steps_sets_up_and_leaves_with_keys(tmp_path):
    context = Context(settings=Settings(), thinker=Thinker(inline=True))
    scene = AnalysisScene(context, board(moves="11-15 23-19 8-11"))
    scene.handle(event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0))
    assert scene.board.cursor == 0
    scene.handle(event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert scene.board.cursor == 1
    centre = scene.layout.square_centre(*square_to_cell(22, scene.flipped))
    scene.handle(event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    assert scene.board.selected == 22
    scene.handle(event(pygame.KEYDOWN, key=pygame.K_s, mod=0))
    assert scene.board.setup is not None and scene.board.setup[22] == Piece.WHITE_MAN
    scene.handle(event(pygame.KEYDOWN, key=pygame.K_t, mod=0))
    assert scene.board.setup_turn == BLACK  # White was to move after 11-15
    scene.handle(event(pygame.KEYDOWN, key=pygame.K_s, mod=0))
    assert scene.board.setup is None and scene.board.start.turn == BLACK
    dropped = tmp_path / "game.pdn"
    dropped.write_text("1. 9-13 22-18 *", encoding="utf-8")
    scene.handle(event(pygame.DROPFILE, file=str(dropped)))
    assert [m.notation for m in scene.board.moves] == ["9-13", "22-18"]
    assert scene.handle(event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)) == [Pop()]


def test_the_menu_opens_the_board_with_the_game_in_play(tmp_path):
    context = Context(settings=Settings(), thinker=Thinker(inline=True), options={"save_path": tmp_path / "g.pdn"})
    table = CheckersTable(context)
    for text in ("11-15", "23-19"):
        table.model.game.play(text)
    intents = CheckersMenu(context, table).carry_out("analysis")
    assert isinstance(intents[0], Pop) and isinstance(intents[1], Push)
    scene = intents[1].scene
    assert isinstance(scene, AnalysisScene)
    assert [m.notation for m in scene.board.moves] == ["11-15", "23-19"] and scene.board.cursor == 2


def test_the_sample_game_reads():
    from tablegames.ui.checkers.analysis_scene import SAMPLE

    assert len(parse_game(SAMPLE).moves) == 26
