"""PDN for English draughts: FEN tags, move notation and whole games.

FEN: `B:W21,22,...,32:B1,...,12` (side to move, then each colour's squares; `K` marks a king; ranges such as
`1-12` are read too). Moves: `11-15`, captures with every landing square (`22x15`, `11x18x25`); reading also
accepts a capture written by origin and destination only (`11x25`) when that names one move.
Games: tag pairs, numbered movetext, `{comments}`, `(variations)`, `$n` and `!?` annotations skipped, a result.

Writing produces the canonical form; reading canonical text and writing it back gives the same text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.position import Move, Piece, Position

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
INITIAL_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
_MOVE_PATTERN = re.compile(r"\d+([-x]\d+)+")
_TAG_PATTERN = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_LINE_WIDTH = 80


def _parse_square(token: str, text: str) -> int:
    if not token.isdigit():
        raise ValueError(f"'{token}' is not a square number in '{text}'")
    square = int(token)
    if not 1 <= square <= 32:
        raise ValueError(f"square {square} is not 1-32 in '{text}'")
    return square


def parse_fen(text: str) -> Position:
    """A Position from a PDN FEN string; ValueError saying what is wrong and where."""
    stripped = text.strip()
    wrapped = re.fullmatch(r'\[\s*FEN\s+"([^"]*)"\s*\]', stripped)
    if wrapped:  # a whole [FEN "..."] tag
        stripped = wrapped.group(1).strip()
    stripped = stripped.rstrip(".")
    fields = stripped.split(":")
    if len(fields) != 3:
        raise ValueError(f"FEN '{text}' needs three fields separated by ':' (side to move, White, Black)")
    side_field = fields[0].strip().upper()
    if side_field not in ("B", "W"):
        raise ValueError(f"side to move '{fields[0]}' is not B or W in '{text}'")
    pieces: dict[str, tuple[list[int], list[int]]] = {}
    seen: set[int] = set()
    for colour_field in fields[1:]:
        colour_field = colour_field.strip()
        colour = colour_field[:1].upper()
        if colour not in ("B", "W"):
            raise ValueError(f"colour field '{colour_field}' does not start with B or W in '{text}'")
        if colour in pieces:
            raise ValueError(f"colour {colour} is given twice in '{text}'")
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
                    raise ValueError(f"range '{item}' runs backwards in '{text}'")
                squares = list(range(low, high + 1))
            else:
                squares = [_parse_square(spec, text)]
            for square in squares:
                if square in seen:
                    raise ValueError(f"square {square} is listed twice in '{text}'")
                seen.add(square)
                (kings if is_king else men).append(square)
        pieces[colour] = (men, kings)
    black_men, black_kings = pieces["B"]
    white_men, white_kings = pieces["W"]
    for square in black_men:
        if square >= 29:
            raise ValueError(f"a black man on {square} (Black's king row) must be a king in '{text}'")
    for square in white_men:
        if square <= 4:
            raise ValueError(f"a white man on {square} (White's king row) must be a king in '{text}'")
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
        raise ValueError(f"move '{text}' is not PDN like 11-15 or 22x15x8")
    squares = tuple(_parse_square(part, text) for part in re.split(r"[-x]", token))
    is_capture = "x" in token
    if is_capture and "-" in token:
        raise ValueError(f"move '{text}' mixes '-' and 'x'")
    candidates = position.legal_moves(unique=False)
    if len(squares) > 2 or not is_capture:
        matches = [m for m in candidates if m.path == squares and m.is_capture == is_capture]
    else:
        matches = [m for m in candidates if m.is_capture and (m.from_square, m.to_square) == squares]
        if len({(m.captured_mask, m.from_square) for m in matches}) > 1:
            routes = ", ".join(m.notation for m in matches)
            raise ValueError(f"capture '{text}' is ambiguous; write every landing square: {routes}")
    if not matches:
        legal = ", ".join(m.notation for m in position.legal_moves())
        if not legal:
            raise ValueError(f"move '{text}' is not legal: {_side_name(position)} has no legal move")
        raise ValueError(f"move '{text}' is not legal here; legal moves: {legal}")
    return matches[0]


def format_move(move: Move) -> str:
    return move.notation


def _side_name(position: Position) -> str:
    return "Black" if position.turn == BLACK else "White"


@dataclass
class PdnGame:
    """A game as PDN holds it: ordered tags, the moves from the start position, and the result token."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    result: str = "*"

    @property
    def start(self) -> Position:
        fen = self.tags.get("FEN")
        return parse_fen(fen) if fen else Position.initial()

    def positions(self) -> list[Position]:
        """Every position of the game, the start first."""
        positions = [self.start]
        for move in self.moves:
            positions.append(positions[-1].apply_unchecked(move))
        return positions


def _strip_skipped(movetext: str) -> str:
    """Movetext without comments, variations, NAGs and move annotations."""
    text = re.sub(r"\{[^}]*\}", " ", movetext)
    text = re.sub(r";[^\n]*", " ", text)
    while True:
        reduced = re.sub(r"\([^()]*\)", " ", text)
        if reduced == text:
            break
        text = reduced
    text = re.sub(r"\$\d+", " ", text)
    return re.sub(r"[!?]+", "", text)


def parse_games(text: str) -> list[PdnGame]:
    """Every game of a PDN text, in order."""
    games = []
    remaining = text
    while remaining.strip():
        game, remaining = _parse_one_game(remaining)
        games.append(game)
    return games


def parse_game(text: str) -> PdnGame:
    """The single game of a PDN text; ValueError with the move number and the legal moves on a bad move."""
    game, rest = _parse_one_game(text)
    if rest.strip():
        raise ValueError(f"text after the game's result: '{rest.strip()[:40]}'")
    return game


def _parse_one_game(text: str) -> tuple[PdnGame, str]:
    """The first game of `text` and the text after it (the next game's tags start a new game)."""
    tags: dict[str, str] = {}
    position = 0
    while True:
        position += len(text[position:]) - len(text[position:].lstrip())
        if not text.startswith("[", position):
            break
        match = _TAG_PATTERN.match(text, position)
        if not match:
            raise ValueError(f"malformed tag: '{text[position:].splitlines()[0][:60]}'")
        name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
        if name in tags:
            raise ValueError(f"tag [{name}] is given twice")
        tags[name] = value
        position = match.end()
    next_game = re.compile(r"^\s*\[", re.MULTILINE).search(text, position)
    end = next_game.start() if next_game else len(text)
    game = PdnGame(tags=tags)
    board = game.start
    result = None
    tokens = _strip_skipped(text[position:end]).split()
    for index, raw_token in enumerate(tokens):
        if raw_token in RESULTS:
            result = raw_token
            if index + 1 < len(tokens):
                raise ValueError(f"'{tokens[index + 1]}' after the result {result}")
            break
        number = re.fullmatch(r"(\d+)\.(\.\.)?(.*)", raw_token)
        token = number.group(3) if number else raw_token
        if not token:
            continue
        ply = len(game.moves)
        try:
            move = parse_move(board, token)
        except ValueError as error:
            raise ValueError(f"move {ply // 2 + 1} ({_side_name(board)}) '{token}': {error}") from None
        game.moves.append(move)
        board = board.apply_unchecked(move)
    if result is None:
        result = tags.get("Result", "*")
        if result not in RESULTS:
            raise ValueError(
                f"game has no result token and its Result tag '{result}' is not one of {RESULTS}"
            )
    game.result = result
    return game, text[end:]


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def format_game(game: PdnGame) -> str:
    """Canonical PDN: one tag a line, a blank line, numbered movetext wrapped at 80 columns, the result."""
    lines = [f'[{name} "{_escape(value)}"]' for name, value in game.tags.items()]
    tokens: list[str] = []
    board = game.start
    move_number = 1
    for index, move in enumerate(game.moves):
        if board.turn == BLACK:
            tokens.append(f"{move_number}.")
        elif index == 0:
            tokens.append(f"{move_number}...")
        tokens.append(move.notation)
        if board.turn == WHITE:
            move_number += 1
        board = board.apply_unchecked(move)
    tokens.append(game.result)
    movetext_lines: list[str] = []
    current = ""
    for token in tokens:
        candidate = f"{current} {token}" if current else token
        if len(candidate) > _LINE_WIDTH and current:
            movetext_lines.append(current)
            current = token
        else:
            current = candidate
    movetext_lines.append(current)
    if lines:
        lines.append("")
    return "\n".join(lines + movetext_lines) + "\n"
