"""PDN for English draughts: FEN tags, move notation and whole games.

FEN: `B:W21,22,...,32:B1,...,12` (side to move, then each colour's squares; `K` marks a king; ranges such as
`1-12` are read too). Moves: `11-15`, captures with every landing square (`22x15`, `11x18x25`); reading also
accepts a capture written by origin and destination only (`11x25`) when that names one move.
Games: tag pairs, numbered movetext, `{comments}`, `(variations)`, `$n` and `!?` annotations skipped, a result;
PDN 3.0 setups `/FEN/` (a position set up during play: fun mode's events) are read and written. The reader is one
pass over the text (a megabyte of broken input is refused in well under a second), a game ends at its result or at
the next game's tags outside comments, its moves are replayed by CheckersGame (one rule for the end of a game),
and an error message quotes at most QUOTED_LENGTH characters of the input.

Writing produces the canonical form; reading canonical text and writing it back gives the same text.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.position import Move, Piece, Position

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
INITIAL_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
_MOVE_PATTERN = re.compile(r"[0-9]+([-x][0-9]+)+")
_TAG_PATTERN = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_LINE_WIDTH = 80
QUOTED_LENGTH = 60  # an error message quotes this much of the input at most (a file can be megabytes)


def quoted(text: str) -> str:
    """`text` in quotes for an error message: on one line, cut to QUOTED_LENGTH characters with an ellipsis."""
    shown = text if len(text) <= QUOTED_LENGTH else text[:QUOTED_LENGTH] + "…"
    return "'" + shown.replace("\r", "\\r").replace("\n", "\\n") + "'"


def _parse_square(token: str, text: str) -> int:
    if not (token.isascii() and token.isdigit() and len(token) <= 2):
        raise ValueError(f"{quoted(token)} is not a square number in {quoted(text)}")
    square = int(token)
    if not 1 <= square <= 32:
        raise ValueError(f"square {square} is not 1-32 in {quoted(text)}")
    return square


def parse_fen(text: str) -> Position:
    """A Position from a PDN FEN string; ValueError saying what is wrong and where. One side may have no pieces
    (it has lost: see CheckersGame.outcome); a board with no pieces at all is refused."""
    stripped = text.strip()
    wrapped = re.fullmatch(r'\[\s*FEN\s+"([^"]*)"\s*\]', stripped)
    if wrapped:  # a whole [FEN "..."] tag
        stripped = wrapped.group(1).strip()
    stripped = stripped.rstrip(".")
    fields = stripped.split(":")
    if len(fields) != 3:
        raise ValueError(f"FEN {quoted(text)} needs three fields separated by ':' (side to move, White, Black)")
    side_field = fields[0].strip().upper()
    if side_field not in ("B", "W"):
        raise ValueError(f"side to move {quoted(fields[0])} is not B or W in {quoted(text)}")
    pieces: dict[str, tuple[list[int], list[int]]] = {}
    seen: set[int] = set()
    for colour_field in fields[1:]:
        colour_field = colour_field.strip()
        colour = colour_field[:1].upper()
        if colour not in ("B", "W"):
            raise ValueError(f"colour field {quoted(colour_field)} does not start with B or W in {quoted(text)}")
        if colour in pieces:
            raise ValueError(f"colour {colour} is given twice in {quoted(text)}")
        men: list[int] = []
        kings: list[int] = []
        body = colour_field[1:].strip()
        for item in filter(None, (part.strip() for part in body.split(","))) if body else ():
            is_king = item[:1].upper() == "K"
            spec = item[1:] if is_king else item
            if "-" in spec:
                low_text, _, high_text = spec.partition("-")
                low, high = _parse_square(low_text, text), _parse_square(high_text, text)
                if low > high:
                    raise ValueError(f"range {quoted(item)} runs backwards in {quoted(text)}")
                squares = list(range(low, high + 1))
            else:
                squares = [_parse_square(spec, text)]
            for square in squares:
                if square in seen:
                    raise ValueError(f"square {square} is listed twice in {quoted(text)}")
                seen.add(square)
                (kings if is_king else men).append(square)
        pieces[colour] = (men, kings)
    black_men, black_kings = pieces["B"]
    white_men, white_kings = pieces["W"]
    if not seen:
        raise ValueError(f"FEN {quoted(text)} has no pieces at all: expected at least one side's pieces")
    for square in black_men:
        if square >= 29:
            raise ValueError(f"a black man on {square} (Black's king row) must be a king in {quoted(text)}")
    for square in white_men:
        if square <= 4:
            raise ValueError(f"a white man on {square} (White's king row) must be a king in {quoted(text)}")
    return Position.from_squares(
        BLACK if side_field == "B" else WHITE, black_men, black_kings, white_men, white_kings
    )


def format_fen(position: Position) -> str:
    """The canonical FEN: side, White then Black, men ascending then kings ascending."""

    def colour_field(letter: str, man: Piece, king: Piece) -> str:
        items = [str(s) for s in position.squares(man)] + [f"K{s}" for s in position.squares(king)]
        return letter + ",".join(items)

    side = "B" if position.turn == BLACK else "W"
    white = colour_field("W", Piece.WHITE_MAN, Piece.WHITE_KING)
    black = colour_field("B", Piece.BLACK_MAN, Piece.BLACK_KING)
    return f"{side}:{white}:{black}"


def parse_move(position: Position, text: str) -> Move:
    """The legal move of `position` written as `text`; ValueError naming the legal moves otherwise."""
    token = text.strip()
    if not _MOVE_PATTERN.fullmatch(token):
        raise ValueError(f"move {quoted(text)} is not PDN like 11-15 or 22x15x8")
    squares = tuple(_parse_square(part, text) for part in re.split(r"[-x]", token))
    is_capture = "x" in token
    if is_capture and "-" in token:
        raise ValueError(f"move {quoted(text)} mixes '-' and 'x'")
    candidates = position.legal_moves(unique=False)
    if len(squares) > 2 or not is_capture:
        matches = [m for m in candidates if m.path == squares and m.is_capture == is_capture]
    else:
        matches = [m for m in candidates if m.is_capture and (m.from_square, m.to_square) == squares]
        if len({(m.captured_mask, m.from_square) for m in matches}) > 1:
            routes = ", ".join(m.notation for m in matches)
            raise ValueError(f"capture {quoted(text)} is ambiguous; write every landing square: {routes}")
    if not matches:
        legal = ", ".join(m.notation for m in position.legal_moves())
        if not legal:
            raise ValueError(f"move {quoted(text)} is not legal: {_side_name(position)} has no legal move")
        raise ValueError(f"move {quoted(text)} is not legal here; legal moves: {legal}")
    return matches[0]


def format_move(move: Move) -> str:
    return move.notation


def _side_name(position: Position) -> str:
    return "Black" if position.turn == BLACK else "White"


@dataclass
class PdnGame:
    """A game as PDN holds it: ordered tags, the moves from the start position, the positions set up during play
    (PDN 3.0 `/FEN/`, keyed by the number of moves before each; fun mode's events), and the result token."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    result: str = "*"
    setups: dict[int, Position] = field(default_factory=dict)

    @property
    def start(self) -> Position:
        fen = self.tags.get("FEN")
        return parse_fen(fen) if fen else Position.initial()

    def positions(self) -> list[Position]:
        """Every position of the game, the start first, a set-up position where it comes."""
        positions = [self.start]
        for index in range(len(self.moves) + 1):
            if index in self.setups:
                positions.append(self.setups[index])
            if index < len(self.moves):
                positions.append(positions[-1].apply_unchecked(self.moves[index]))
        return positions


# --- reading --------------------------------------------------------------------------------------------------
WORD, COMMENT, SETUP, END = "word", "comment", "setup", "end"  # the kinds of movetext tokens
_SPACE = re.compile(r"\s*")
_WORD = re.compile(r"[^\s{}()\[\];]+")  # a move, a move number, a result or an annotation glyph
_VARIATION_MARK = re.compile(r"[(){;]")
_ANNOTATION = re.compile(r"\$\d+|[!?]+")
_MOVE_NUMBER = re.compile(r"[0-9]+\.(?:\.\.)?")


def _skip_space(text: str, at: int) -> int:
    space = _SPACE.match(text, at)
    return space.end() if space else at


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def read_tags(text: str, start: int = 0) -> tuple[dict[str, str], int]:
    """The tag pairs at `start` (after any white space) and the offset just after them; ValueError for a malformed
    or repeated tag."""
    tags: dict[str, str] = {}
    at = start
    while True:
        at = _skip_space(text, at)
        if not text.startswith("[", at):
            return tags, at
        match = _TAG_PATTERN.match(text, at)
        if not match:
            line_end = text.find("\n", at)
            raise ValueError(f"malformed tag at line {_line_of(text, at)}: "
                             f"{quoted(text[at:line_end if line_end >= 0 else len(text)])}")
        name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
        if name in tags:
            raise ValueError(f"tag [{name}] is given twice (line {_line_of(text, at)})")
        tags[name] = value
        at = match.end()


def movetext_tokens(text: str, start: int) -> Iterator[tuple[str, str, int]]:
    """The movetext from `start` as (kind, text, offset) in one pass: WORD (a move, a move number, a result or an
    annotation glyph), COMMENT (the text between the braces), SETUP (the FEN between slashes), and last END (at
    the next game's `[` or the end of the text). Variations and `;` line comments are skipped. ValueError for a
    comment, variation or setup that is never closed."""
    at = start
    while True:
        at = _skip_space(text, at)
        if at == len(text) or text[at] == "[":
            yield END, "", at
            return
        char = text[at]
        if char in "{/":
            close = "}" if char == "{" else "/"
            end = text.find(close, at + 1)
            if end < 0:
                what = "comment" if char == "{" else "setup"
                raise ValueError(f"{what} {quoted(text[at:])} at line {_line_of(text, at)} has no closing '{close}'")
            yield (COMMENT if char == "{" else SETUP), text[at + 1 : end], at
            at = end + 1
        elif char == ";":
            end = text.find("\n", at)
            at = len(text) if end < 0 else end + 1
        elif char == "(":
            at = _after_variation(text, at)
        elif char in ")}]":
            raise ValueError(f"'{char}' at line {_line_of(text, at)} closes nothing: {quoted(text[at:])}")
        else:
            word = _WORD.match(text, at)
            assert word is not None  # every other character starts a word
            yield WORD, word.group(), at
            at = word.end()


def _after_variation(text: str, start: int) -> int:
    """The offset after the variation opening at `start` (nested variations and comments inside it skipped)."""
    depth, at = 0, start
    while True:
        mark = _VARIATION_MARK.search(text, at)
        if mark is None:
            raise ValueError(f"variation {quoted(text[start:])} at line {_line_of(text, start)} has no closing ')'")
        at = mark.end()
        if mark.group() == "(":
            depth += 1
        elif mark.group() == ")":
            depth -= 1
            if depth == 0:
                return at
        else:
            end = text.find("}" if mark.group() == "{" else "\n", at)
            if end < 0 and mark.group() == "{":
                raise ValueError(f"comment {quoted(text[mark.start():])} at line {_line_of(text, mark.start())} "
                                 "has no closing '}'")
            at = len(text) if end < 0 else end + 1


def parse_games(text: str) -> list[PdnGame]:
    """Every game of a PDN text, in order; ValueError naming the game, the line and what is wrong."""
    games: list[PdnGame] = []
    at = _skip_space(text, 0)
    while at < len(text):
        try:
            game, at = _read_game(text, at)
        except ValueError as error:
            raise ValueError(f"game {len(games) + 1}: {error}") from None
        games.append(game)
        at = _skip_space(text, at)
    return games


MAX_PDN_BYTES = 20_000_000  # a PDN file larger than this is refused before it is read (a big collection is ~5 MB)


def read_pdn_file(path: str | os.PathLike[str]) -> list[PdnGame]:
    """Every game of a PDN file; ValueError naming the file and what is wrong (cannot be read, too large, no
    game, a bad game: its number, line and what was expected). UTF-8, or Latin-1 as older collections are."""
    where = str(path)
    try:
        size = os.stat(path).st_size
        if size > MAX_PDN_BYTES:
            raise ValueError(f"{where}: {size:,} bytes, more than the {MAX_PDN_BYTES:,} a PDN file may have")
        data = Path(path).read_bytes()
    except OSError as error:
        raise ValueError(f"{where}: cannot read ({error.strerror or error})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    try:
        games = parse_games(text)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    if not games:
        raise ValueError(f"{where}: no game in it (expected PDN: tags, then moves such as 1. 11-15 23-19)")
    return games


def parse_game(text: str) -> PdnGame:
    """The single game of a PDN text; ValueError with the move number and the legal moves on a bad move, and for
    a text with no game in it."""
    game, end = _read_game(text, 0)
    rest = text[end:].strip()
    if rest:
        raise ValueError(f"text after the game's result at line {_line_of(text, end)}: {quoted(rest)}")
    return game


def _read_game(text: str, start: int) -> tuple[PdnGame, int]:
    """The game at `start` and the offset where it ends (after its result and the comments that follow it, or at
    the next game's tags). Its moves are replayed through CheckersGame, so a move after the end of the game (a
    third repetition, the 40-move rule, a side with no pieces) is refused by the same rule that ends play."""
    from tablegames.checkers.game import CheckersGame  # (game.py reads moves with this module)

    tags, at = read_tags(text, start)
    game = PdnGame(tags=tags)
    try:
        replay = CheckersGame(game.start)
    except ValueError as error:
        raise ValueError(f"tag [FEN]: {error}") from None
    plies_before = 1 if replay.position.turn == WHITE else 0  # for the move numbers of the messages
    result = None
    for kind, token, offset in movetext_tokens(text, at):
        if kind == END or (result is not None and kind != COMMENT):
            if result is None and not tags and not game.moves and not game.setups:
                raise ValueError(f"no game at line {_line_of(text, start)}: expected tags or moves")
            game.result = result or _result_tag(tags)
            return game, offset
        if kind == COMMENT:
            continue
        ply = len(game.moves) + plies_before
        if kind == SETUP:
            try:
                replay = CheckersGame(parse_fen(token))
            except ValueError as error:
                raise ValueError(f"setup after {len(game.moves)} moves at line {_line_of(text, offset)}: "
                                 f"{error}") from None
            game.setups[len(game.moves)] = replay.position
            if (len(game.moves) + plies_before) % 2 != replay.position.turn:
                plies_before += 1  # the setup changed the side to move: the move numbers follow it
            continue
        if token in RESULTS:
            result = token
            continue
        move_text = word_move(token)
        if not move_text:
            continue
        try:
            game.moves.append(replay.play(move_text))
        except ValueError as error:
            raise ValueError(f"move {ply // 2 + 1} ({_side_name(replay.position)}) {quoted(move_text)} at line "
                             f"{_line_of(text, offset)}: {error}") from None
    raise AssertionError("movetext_tokens always ends with END")


def word_move(word: str) -> str:
    """The move a movetext word holds, without its move number and annotation glyphs ("" when it holds none)."""
    bare = _ANNOTATION.sub("", word)
    number = _MOVE_NUMBER.match(bare)
    return bare[number.end() :] if number else bare


def _result_tag(tags: dict[str, str]) -> str:
    result = tags.get("Result", "*")
    if result not in RESULTS:
        raise ValueError(f"game has no result token and its Result tag {quoted(result)} is not one of "
                         f"{', '.join(RESULTS)}")
    return result


# --- writing --------------------------------------------------------------------------------------------------
def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def format_tags(tags: dict[str, str]) -> list[str]:
    """One `[Name "value"]` line per tag, in order."""
    return [f'[{name} "{_escape(value)}"]' for name, value in tags.items()]


def format_game(game: PdnGame, comments: dict[int, list[str]] | None = None) -> str:
    """Canonical PDN: one tag a line, a blank line, numbered movetext wrapped at 80 columns, the result.
    `comments`: `{text}` comments written before the move at each index (before that index's setup, if any)."""
    notes = comments or {}
    tokens: list[str] = []
    board = game.start
    move_number, numbered = 1, False  # numbered: the current move's number is written already
    for index in range(len(game.moves) + 1):
        tokens.extend("{" + note + "}" for note in notes.get(index, []))
        if index in game.setups:
            board = game.setups[index]
            tokens.append(f"/{format_fen(board)}/")
            numbered = False
        if index == len(game.moves):
            break
        if board.turn == BLACK:
            tokens.append(f"{move_number}.")
        elif not numbered:
            tokens.append(f"{move_number}...")
        tokens.append(game.moves[index].notation)
        numbered = board.turn == BLACK
        if board.turn == WHITE:
            move_number += 1
        board = board.apply_unchecked(game.moves[index])
    tokens.append(game.result)
    lines = format_tags(game.tags)
    if lines:
        lines.append("")
    return "\n".join(lines + wrap_tokens(tokens)) + "\n"


def wrap_tokens(tokens: list[str]) -> list[str]:
    """Movetext lines of at most 80 columns (a longer token gets a line of its own)."""
    lines: list[str] = []
    current = ""
    for token in tokens:
        candidate = f"{current} {token}" if current else token
        if len(candidate) > _LINE_WIDTH and current:
            lines.append(current)
            current = token
        else:
            current = candidate
    lines.append(current)
    return lines
