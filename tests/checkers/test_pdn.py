"""PDN: FEN tags, move notation and whole games; exact round trips and clear errors."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzing import fuzz_settings, mutated
from tablegames.checkers.engine import WHITE
from tablegames.checkers.game import NO_PIECES, THREEFOLD_REPETITION, CheckersGame, Outcome
from tablegames.checkers.pdn import (
    INITIAL_FEN,
    QUOTED_LENGTH,
    PdnGame,
    format_fen,
    format_game,
    parse_fen,
    parse_game,
    parse_games,
    parse_move,
    quoted,
    read_pdn_file,
)
from tablegames.checkers.position import Piece, Position

SPEC_FEN = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"

GAME_TEXT = """[Event "Club match"]
[Black "Ann"]
[White "Bob \\"the wall\\""]
[Result "1/2-1/2"]

1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 4. 4-8 25-22 1/2-1/2
"""


def test_initial_fen_round_trip():
    assert parse_fen(INITIAL_FEN) == Position.initial()
    assert format_fen(Position.initial()) == INITIAL_FEN


def test_spec_fen_reads_kings_and_round_trips():
    position = parse_fen(SPEC_FEN)
    assert position.squares(Piece.WHITE_KING) == [10, 15]
    assert position.squares(Piece.BLACK_KING) == [22, 25, 29]
    assert position.squares(Piece.BLACK_MAN) == [12, 16, 20]
    assert format_fen(position) == SPEC_FEN


def test_fen_accepts_ranges_either_colour_order_and_a_final_dot():
    assert parse_fen("B:B1-12:W21-32.") == Position.initial()
    assert parse_fen(f'[FEN "{SPEC_FEN}"]') == parse_fen(SPEC_FEN)


@st.composite
def positions(draw):
    squares = draw(st.permutations(range(1, 33)))
    black_count = draw(st.integers(0, 12))
    white_count = draw(st.integers(0 if black_count else 1, 12))  # a board with no pieces at all is refused
    black, white = squares[:black_count], squares[12 : 12 + white_count]
    black_kings = [s for s in black if s >= 29 or draw(st.booleans())]
    white_kings = [s for s in white if s <= 4 or draw(st.booleans())]
    return Position.from_squares(
        draw(st.sampled_from([0, 1])),
        [s for s in black if s not in black_kings],
        black_kings,
        [s for s in white if s not in white_kings],
        white_kings,
    )


@settings(max_examples=300, deadline=None)
@given(positions())
def test_fen_round_trips_exactly(position):
    text = format_fen(position)
    assert parse_fen(text) == position
    assert format_fen(parse_fen(text)) == text


@pytest.mark.parametrize(
    "text, message",
    [
        ("W:W33:B1", "square 33 is not 1-32 in 'W:W33:B1'"),
        ("W:W0:B1", "square 0 is not 1-32"),
        ("X:W21:B1", "side to move 'X' is not B or W"),
        ("B:W21", "needs three fields"),
        ("B:W21:W22", "colour W is given twice"),
        ("B:W21,a:B1", "'a' is not a square number"),
        ("B:W21:B21", "square 21 is listed twice"),
        ("B:W21:B30", "a black man on 30"),
        ("B:W3:B10", "a white man on 3"),
        ("B:W21:B5-2", "range '5-2' runs backwards"),
        ("B:Q21:B1", "colour field 'Q21' does not start with B or W"),
    ],
)
def test_bad_fen_says_what_and_where(text, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        parse_fen(text)


def test_moves_parse_and_format():
    start = Position.initial()
    move = parse_move(start, "11-15")
    assert (move.from_square, move.to_square, move.notation) == (11, 15, "11-15")
    triple = parse_move(parse_fen("B:W18,26:B14"), "14x23x30")
    assert triple.captured == (18, 26) and triple.path == (14, 23, 30)
    assert parse_move(parse_fen("B:W18,26:B14"), "14x30") == triple


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "11-17",
            "move '11-17' is not legal here; legal moves: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16",
        ),
        ("11x15", "move '11x15' is not legal here"),
        ("11-15-19", "is not legal here"),
        ("eleven", "move 'eleven' is not PDN like 11-15"),
        ("11-40", "square 40 is not 1-32 in '11-40'"),
        ("11-15x19", "mixes '-' and 'x'"),
    ],
)
def test_bad_moves_name_the_legal_ones(text, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        parse_move(Position.initial(), text)


def test_short_capture_is_read_when_it_names_one_move():
    ring = parse_fen("B:W14,15,22,23:BK10")
    # Both routes take the same men from 10 back to 10, so the short form names one move.
    assert parse_move(ring, "10x10").captured_mask == parse_move(ring, "10x17x26x19x10").captured_mask


def test_ambiguous_short_capture_lists_the_routes():
    # From 15 to 6 the king can take one man or five.
    forked = parse_fen("B:W10,12,18,19,26,27:BK15")
    with pytest.raises(
        ValueError, match="capture '15x6' is ambiguous; write every landing square: 15x6, 15x22x31x24x15x6"
    ):
        parse_move(forked, "15x6")
    assert parse_move(forked, "15x22x31x24x15x6").captured == (18, 26, 27, 19, 10)


def test_game_round_trips_exactly():
    game = parse_game(GAME_TEXT)
    assert game.tags["White"] == 'Bob "the wall"'
    assert [move.notation for move in game.moves] == [
        "11-15",
        "22-18",
        "15x22",
        "25x18",
        "8-11",
        "29-25",
        "4-8",
        "25-22",
    ]
    assert game.result == "1/2-1/2"
    assert format_game(game) == GAME_TEXT
    assert parse_game(format_game(game)) == game


def test_game_skips_comments_variations_and_annotations():
    noisy = """[Event "Club match"]
[Black "Ann"]
[White "Bob \\"the wall\\""]
[Result "1/2-1/2"]
{Opening: Single Corner?} 1. 11-15! 22-18 {a quiet reply} 2. 15x22 (2. 9-14 18x9) 25x18 $1
3. 8-11 29-25 4. 4-8 25-22 ; a line comment
1/2-1/2"""
    assert parse_game(noisy) == parse_game(GAME_TEXT)
    assert format_game(parse_game(noisy)) == GAME_TEXT


def test_game_from_a_fen_with_white_to_move_numbers_its_first_move():
    game = PdnGame(tags={"SetUp": "1", "FEN": "W:W18,26:B14,3"}, result="0-1")
    game.moves.append(parse_move(game.start, "18x9"))
    text = format_game(game)
    assert "1... 18x9 0-1" in text
    assert parse_game(text) == game


def test_long_movetext_wraps_and_round_trips():
    position = Position.initial()
    game = PdnGame(tags={"Event": "wrap"}, result="*")
    for _ in range(40):
        moves = position.legal_moves()
        if not moves:
            break
        game.moves.append(moves[-1])
        position = position.apply(moves[-1])
    text = format_game(game)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert parse_game(text) == game and format_game(parse_game(text)) == text


def test_several_games_in_one_text():
    second = GAME_TEXT.replace("Club match", "Second")
    games = parse_games(GAME_TEXT + "\n" + second)
    assert [g.tags["Event"] for g in games] == ["Club match", "Second"]


def test_bad_game_move_names_the_move_number_and_the_legal_moves():
    with pytest.raises(
        ValueError, match=r"move 2 \(Black\) '8-12' at line 1: move '8-12' is not legal here; legal moves: "
    ):
        parse_game("1. 11-15 23-19 2. 8-12 *")


def test_malformed_tag_is_reported():
    with pytest.raises(ValueError, match="malformed tag"):
        parse_game('[Event "unclosed]\n1. 11-15 *')


MEGABYTE = 1_000_000


@pytest.mark.parametrize("hostile, message", [
    ("1. 11-15 {" + "x " * (MEGABYTE // 2), "comment '{x x x"),
    ("1. 11-15 " + "{" * MEGABYTE, "has no closing '}'"),
    ("1. 11-15 " + "(" * MEGABYTE, "variation '(((("),
    ("1. 11-15 /" + "B:W21:B1," * (MEGABYTE // 9), "setup '/B:W21"),
    ('[Event "' + "x" * MEGABYTE, "malformed tag at line 1"),
    ("1. " + "11-15-" * (MEGABYTE // 6), "move '11-15-11-15"),
    ("\n" * MEGABYTE + "1. 11-15 }", "'}' at line 1000001 closes nothing"),
])
def test_a_megabyte_of_broken_movetext_is_refused_in_one_pass_and_quoted_briefly(hostile, message):
    # One pass over the text: the old reader took minutes on an unclosed comment of this size.
    with pytest.raises(ValueError, match=re.escape(message)) as refused:
        parse_game(hostile)
    assert len(str(refused.value)) < 200  # the input is quoted briefly, never whole


def test_quoted_cuts_long_input_with_an_ellipsis_on_one_line():
    assert quoted("11-15") == "'11-15'"
    assert quoted("a\nb") == "'a\\nb'"
    assert quoted("x" * 1000) == "'" + "x" * QUOTED_LENGTH + "…'"


def test_a_comment_over_several_lines_may_hold_a_line_starting_with_a_bracket():
    text = """[Event "Notes"]
[Result "*"]

1. 11-15 {the Old Fourteenth?
[see the 1892 match]
} 22-18 2. 15x22 25x18 *
"""
    game = parse_game(text)
    assert [move.notation for move in game.moves] == ["11-15", "22-18", "15x22", "25x18"]
    assert parse_games(text + "\n" + text) == [game, game]


def test_a_game_ends_at_its_result_and_the_next_one_may_have_no_tags():
    games = parse_games("1. 11-15 22-18 * {an afterword}\n1. 9-13 1-0")
    assert [[move.notation for move in game.moves] for game in games] == [["11-15", "22-18"], ["9-13"]]
    assert [game.result for game in games] == ["*", "1-0"]
    with pytest.raises(ValueError, match="text after the game's result at line 2: '1. 9-13 1-0'"):
        parse_game("1. 11-15 22-18 *\n1. 9-13 1-0")


@pytest.mark.parametrize("text", ["", "   \n\n", "{only a comment}", "; only a line comment\n"])
def test_a_text_without_a_game_is_refused(text):
    with pytest.raises(ValueError, match="no game at line 1: expected tags or moves"):
        parse_game(text)
    assert parse_games(text.strip() and "") == []


SHUFFLE = '[FEN "B:WK32:BK1"]\n1. 1-6 32-28 2. 6-1 28-32 3. 1-6 32-28 4. 6-1 28-32'


def test_the_reader_and_the_game_agree_on_the_end_by_repetition():
    drawn = parse_game(SHUFFLE + " 1/2-1/2")
    assert CheckersGame.from_pdn(drawn).outcome() == Outcome(None, THREEFOLD_REPETITION)
    with pytest.raises(ValueError, match=r"move 5 \(Black\) '1-6' at line 2: the game is over: draw by threefold"):
        parse_game(SHUFFLE + " 5. 1-6 *")


def test_a_side_with_no_pieces_has_lost_whoever_is_to_move():
    position = parse_fen("W:W21:B")
    assert position.black == 0 and position.turn == WHITE
    game = parse_game('[SetUp "1"]\n[FEN "W:W21:B"]\n\n*\n')
    replayed = CheckersGame.from_pdn(game)
    assert replayed.outcome() == Outcome(WHITE, NO_PIECES) and replayed.legal_moves() == []
    assert replayed.to_pdn().result == "1-0"
    with pytest.raises(ValueError, match="the game is over: white wins \\(black has no pieces\\)"):
        parse_game('[FEN "W:W21:B"]\n1... 21-17 *')
    with pytest.raises(ValueError, match="'B:W:B' has no pieces at all"):
        parse_fen("B:W:B")


def test_a_position_set_up_during_play_is_read_and_written():
    text = """[Event "Setup"]
[Result "*"]

1. 11-15 22-18 {lightning on 32} /B:W18,21,23-31:B1-10,12,15/ 2. 15x22 *
"""
    game = parse_game(text)
    assert list(game.setups) == [2] and 32 not in game.setups[2].squares(Piece.WHITE_MAN)
    assert game.positions()[3] == game.setups[2] and len(game.positions()) == 5
    again = format_game(game)
    assert "22-18 /B:W18,21,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,12,15/ 2. 15x22 *" in " ".join(again.split())
    assert parse_game(again) == game
    with pytest.raises(ValueError, match="sets up a new position after 2 moves"):
        CheckersGame.from_pdn(game)
    with pytest.raises(ValueError, match="setup after 2 moves at line 4: FEN 'nonsense' needs three fields"):
        parse_game(text.replace("/B:W18", "/nonsense/ /B:W18"))


# Fuzzing: seeds are the spec's own notation (its FEN, tags and movetext, ../shared/specs/checkers.md) and the
# ballot's first moves, not text this reader wrote.
SPEC_GAME = b"""[Event "..."]
[Result "*"]
[GameType "21"]

1. 11-15 23-19 2. 8-11 22-17 {comments} (2... 9-13 17-14) 3. 9-13 $1 17-14 4. 10x17 21x14! ; a line comment
*
"""
SPEC_SETUP_GAME = (b'[SetUp "1"]\n[FEN "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"]\n[Result "1-0"]\n\n'
                   b"1. 16-19 10-14 2. 22-17 14x21x30 {a gift} /B:W18,24,27,28,K15,K30:B12,19,20,K1,K29/ 3. 1-6 1-0\n")


def _decoded(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


@pytest.mark.parametrize("seed", [SPEC_GAME, SPEC_SETUP_GAME, SPEC_GAME + b"\n" + SPEC_SETUP_GAME])
def test_the_fuzzing_seeds_are_valid_games(seed):
    assert parse_games(_decoded(seed))


@fuzz_settings()
@given(data=mutated(SPEC_GAME) | mutated(SPEC_SETUP_GAME))
def test_fuzzed_games_parse_or_raise_the_readers_error(data):
    """A mutated game is read (and written back the same) or refused with ValueError; nothing else escapes."""
    try:
        game = parse_game(_decoded(data))
    except ValueError:
        return
    assert parse_game(format_game(game)) == game


@fuzz_settings()
@given(data=mutated(SPEC_GAME + b"\n" + SPEC_SETUP_GAME))
def test_fuzzed_game_files_parse_or_raise_the_readers_error(data):
    try:
        games = parse_games(_decoded(data))
    except ValueError:
        return
    assert all(isinstance(game, PdnGame) for game in games)


@fuzz_settings()
@given(data=mutated(SPEC_FEN.encode()) | mutated(INITIAL_FEN.encode()) | mutated(b'[FEN "' + SPEC_FEN.encode() + b'"]'))
def test_fuzzed_fens_parse_or_raise_the_readers_error(data):
    try:
        position = parse_fen(_decoded(data))
    except ValueError:
        return
    assert parse_fen(format_fen(position)) == position


@fuzz_settings()
@given(data=mutated(SPEC_GAME + b"\n" + SPEC_SETUP_GAME) | mutated("[Event \"Åbo\"]\n1. 11-15 *".encode("latin-1")))
def test_fuzzed_pdn_files_are_read_or_refused_naming_the_file(data):
    """The file reader (review, the analysis board): games, or ValueError naming the file; nothing else."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.pdn"
        path.write_bytes(data)
        try:
            games = read_pdn_file(path)
        except ValueError as error:
            assert str(error).startswith(str(path))
            return
        assert games and all(isinstance(game, PdnGame) for game in games)
