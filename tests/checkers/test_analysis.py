"""The engine's review of a game and its view of a position (checkers/analysis.py), and `tablegames checkers review`.

The positions are made by hand and their facts checked by the independent rules (checkers/reference.py): a move
that lets the opponent jump two men is a blunder, one that hangs one man at least a mistake, and the move the
engine prefers loses nothing."""

from __future__ import annotations

import numpy as np
import pytest

from tablegames.checkers import reference
from tablegames.checkers.analysis import (
    BLUNDER,
    MISTAKE,
    Budget,
    analyse,
    annotated_pdn,
    move_label,
    numbered_line,
    review_game,
    same_effect,
    score_words,
)
from tablegames.checkers.pdn import PdnGame, parse_fen, parse_game, parse_move, read_pdn_file
from tablegames.checkers.position import Position
from tablegames.commands import run_table_command

# Black: men on 1, 11 and 14; White: men on 22 and 30; Black to move. 14-18 lets 22 jump 18 and 11 (22x15x8),
# 14-17 lets it jump 17 (22x13).
TRAP = "B:W22,30:B1,11,14"
FAST = Budget(nodes=60_000)


def reference_replies(fen_pieces: dict[int, str], path: tuple[int, ...]) -> set[tuple[int, ...]]:
    board = reference.board_from_squares(fen_pieces)
    reference.play_path(board, path)
    return reference.legal_paths(board, black_to_move=False)


def test_the_trap_is_what_the_rules_say():
    pieces = {1: "b", 11: "b", 14: "b", 22: "w", 30: "w"}
    assert reference_replies(pieces, (14, 18)) == {(22, 15, 8)}  # two men lost
    assert reference_replies(pieces, (14, 17)) == {(22, 13)}  # one man lost
    assert all(len(path) == 2 and abs(path[0] - path[1]) < 7 for path in reference_replies(pieces, (1, 6)))


def one_move_game(fen: str, move: str) -> PdnGame:
    position = parse_fen(fen)
    return PdnGame({"SetUp": "1", "FEN": fen}, [parse_move(position, move)], "*")


def test_a_move_that_gives_two_men_away_is_a_blunder_and_one_a_mistake():
    double = review_game(one_move_game(TRAP, "14-18"), FAST)[0]
    single = review_game(one_move_game(TRAP, "14-17"), FAST)[0]
    assert double.glyph == "??" and double.loss >= BLUNDER
    assert single.glyph in ("?", "??") and single.loss >= MISTAKE
    assert double.best.notation not in ("14-18", "14-17")
    assert "was better" in double.comment() and double.best.notation in double.comment()


def test_the_move_the_engine_prefers_loses_nothing():
    best = analyse(parse_fen(TRAP), FAST).best
    review = review_game(PdnGame({"SetUp": "1", "FEN": TRAP}, [best], "*"), FAST)[0]
    assert review.loss == 0 and review.glyph == "" and review.comment() == ""


def test_a_view_gives_a_legal_line_from_the_position():
    start = Position.initial()
    view = analyse(start, FAST)
    assert view.depth >= 6 and 1 <= len(view.line) <= 8
    board = start
    for move in view.line:
        assert any(same_effect(move, legal) for legal in board.legal_moves())
        board = board.apply_unchecked(move)
    assert view.line_text().startswith("1. ") and view.line[0].notation in view.line_text()
    assert view.black_score == view.score  # Black is to move


def test_the_review_is_the_same_on_every_run_and_cancel_stops_it():
    game = parse_game("1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *")
    first = review_game(game, FAST)
    assert [(r.best.notation, r.best_score, r.played_score) for r in first] == \
        [(r.best.notation, r.best_score, r.played_score) for r in review_game(game, FAST)]
    assert len(first) == 8
    cancel = np.ones(1, dtype=np.int32)
    assert review_game(game, FAST, cancel) == []


def test_the_annotated_game_reads_back_with_its_moves_and_comments():
    game = one_move_game(TRAP, "14-18")
    text = annotated_pdn(game, review_game(game, FAST))
    assert parse_game(text).moves == game.moves
    assert "{?? loses" in text and '[Annotator "tablegames review' in text


def test_numbers_and_words():
    white_first = parse_fen("W:W22,30:B1,11,14")
    assert move_label(Position.initial(), 0) == "1." and move_label(Position.initial(), 1) == "1..."
    assert move_label(Position.initial(), 4) == "3."
    assert move_label(white_first, 0) == "1..." and move_label(white_first, 1) == "2."
    line = [parse_move(white_first, "22-18")]
    assert numbered_line(white_first, line) == "1... 22-18"
    assert score_words(130) == "+1.3" and score_words(-4) == "+0.0" and score_words(-60) == "-0.6"
    assert score_words(30_000 - 5) == "wins in 3" and score_words(-(30_000 - 4)) == "loses in 2"


def test_budgets_are_range_checked():
    with pytest.raises(ValueError, match="nodes 10: expected 1000"):
        Budget(nodes=10)
    with pytest.raises(ValueError, match="depth 0"):
        Budget(depth=0)


def test_a_game_with_positions_set_up_mid_game_is_refused():
    game = PdnGame({}, [parse_move(Position.initial(), "11-15")], "*", {1: parse_fen(TRAP)})
    with pytest.raises(ValueError, match="set up during play"):
        review_game(game, FAST)


def test_review_command_prints_the_table_and_writes_the_annotated_game(tmp_path, capsys):
    source = tmp_path / "trap.pdn"
    source.write_text(f'[SetUp "1"]\n[FEN "{TRAP}"]\n\n1. 14-18 22x15x8 *\n', encoding="utf-8")
    out = tmp_path / "annotated.pdn"
    assert run_table_command("checkers", ["review", str(source), "--nodes", "60000", "--output", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "14-18??" in printed and "2 moves reviewed" in printed and "1 blunder" in printed
    assert parse_game(out.read_text(encoding="utf-8")).moves == read_pdn_file(source)[0].moves


@pytest.mark.parametrize(("content", "args", "message"), [
    (None, [], "cannot read"),
    ("", [], "no game in it"),
    ("1. 11-15 23-19 2. 9-9 *", [], "game 1: move 2"),
    ("1. 11-15 *", ["--game", "2"], "--game 2, but the file holds 1 game"),
    ('[Result "*"]\n\n*', [], "has no moves to review"),
])
def test_review_command_refuses_bad_files_in_one_line(tmp_path, capsys, content, args, message):
    source = tmp_path / "game.pdn"
    if content is not None:
        source.write_text(content, encoding="utf-8")
    assert run_table_command("checkers", ["review", str(source), *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0], err


def test_a_latin_1_file_is_read(tmp_path):
    source = tmp_path / "old.pdn"
    source.write_bytes('[Event "Åbo"]\n\n1. 11-15 *\n'.encode("latin-1"))
    assert read_pdn_file(source)[0].tags["Event"] == "Åbo"


def test_the_view_says_what_the_endgame_database_knows(endgame_folder, monkeypatch):
    from tablegames.checkers.endgame import probe, storage

    monkeypatch.setattr(storage, "default_folder", lambda: endgame_folder)
    monkeypatch.setattr(probe, "_loaded", {})
    two_kings = analyse(parse_fen("B:WK32:BK1,K2"), FAST)  # two kings against one: a win
    assert two_kings.database.startswith("database win, converting in ") and two_kings.score > 0
    alone = analyse(parse_fen("B:WK32:BK1"), FAST)  # a king each: a draw
    assert alone.database == "database draw"
    assert analyse(Position.initial(), FAST).database == ""  # 24 pieces: beyond it
