"""The table as plain data for a window: slots, hand, instructions, buttons, each clickable thing with its click code.

The window draws what this says and sends back the click code of what was clicked (`FastTrackGame.click`); it knows
no rule and no colour. The slots come in square order, so the board never changes shape: a window can lay them out
once and afterwards change only what differs.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import EMPTY, FT
from .cards import RANK_NAMES
from .game import CARD_ACTION, END_TURN, OOPS_CLICK, FastTrackGame, Phase, action_code
from .rules import TRADE
from .words import at_place, colour_name, prompt

RGB = tuple[int, int, int]
# The colours stay apart for red-green colour blindness too (tests/fasttrack/test_colour_vision.py simulates it), and
# every colour has a symbol drawn on its marbles, so no one needs the colour alone.
COLOUR_RGB: tuple[RGB, ...] = (
    (235, 40, 25),  # red
    (40, 75, 225),  # blue
    (35, 190, 105),  # green
    (130, 90, 175),  # purple
    (40, 195, 185),  # aqua
    (110, 80, 60),  # brown
)
COLOUR_SYMBOLS: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "star", "cross")
SYMBOL_OF: dict[RGB, str] = dict(zip(COLOUR_RGB, COLOUR_SYMBOLS, strict=True))  # a marble's colour -> its symbol
TRACK_FILL: RGB = (225, 225, 215)
FAST_TRACK_FILL: RGB = (190, 190, 175)
BULLSEYE_FILL: RGB = (235, 200, 90)
MARKER_SIZE = 22 / 26  # a marker is 22 px wide on 26 px squares


@dataclass(frozen=True)
class Slot:
    square: int
    name: str
    centre: tuple[float, float]  # square units from the board centre, y pointing down
    size: float  # marker width in square units
    shape: str  # "circle" or "rounded" (pen and base squares)
    fill: RGB
    piece: RGB | None
    mark: str  # "" / "start" (may move) / "end" (may go) / "chosen" (moving) / "moved" (the last move's end)
    click: int | None


@dataclass(frozen=True)
class HandCard:
    card: int
    label: str
    click: int | None  # None when the card cannot be used now


@dataclass(frozen=True)
class Button:
    label: str
    click: int


@dataclass(frozen=True)
class TableView:
    slots: tuple[Slot, ...]
    seat: int
    seat_colour: RGB
    hand: tuple[HandCard, ...]
    deck_count: int
    credits: int
    instructions: str
    buttons: tuple[Button, ...]
    motion: tuple[int, ...]  # the squares the latest action's piece walked, from its start; () if none moved
    capture: tuple[int, int] | None  # (square, pen square) of the piece it sent home


def tint(rgb: RGB, amount: float = 0.55) -> RGB:
    r, g, b = rgb
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount), round(b + (255 - b) * amount))


def slot_clicks(game: FastTrackGame) -> tuple[dict[int, int], list[Button]]:
    """Square -> click code for the squares that can be clicked now, plus buttons for a jack's second choice."""
    if game.pending_draws:
        return {}, []
    if game.phase == Phase.NEED_START:
        return {m.start: m.start for m in game.offer}, []
    if game.phase != Phase.NEED_END:
        return {}, []
    clicks: dict[int, int] = {}
    buttons: list[Button] = []
    for move in game.offer:
        if move.start != game.chosen_start:
            continue
        code = action_code(move)
        if move.end not in clicks:
            clicks[move.end] = code
        elif move.kind == TRADE:  # the square already means "step there and capture": trading needs a button
            other = colour_name(int(game.board[move.end]))
            buttons.append(Button(f"Trade places with {other}'s marble {at_place(game.layout, move.end)}", code))
    return clicks, buttons


def instructions(game: FastTrackGame) -> str:
    """What the seat to play is asked to do, in plain words (every seat named by its colour)."""
    return prompt(game)


def table_view(game: FastTrackGame, bottom_seat: int | None = None) -> TableView:
    """The whole table as data, with `bottom_seat`'s zone at the bottom (the seat to play by default)."""
    lay = game.layout
    bottom = game.seat if bottom_seat is None else bottom_seat
    clicks, buttons = slot_clicks(game)
    board = game.board.tolist()
    moved = game.last_move.end if game.last_move is not None else EMPTY
    slots = []
    for square in range(lay.size):
        if square == lay.bullseye:
            fill = BULLSEYE_FILL
        elif lay.is_pen[square] or lay.is_base[square]:
            fill = tint(COLOUR_RGB[lay.zone(square)])
        else:
            fill = FAST_TRACK_FILL if lay.local(square) == FT else TRACK_FILL
        if square == game.chosen_start and game.phase == Phase.NEED_END:
            mark = "chosen"
        elif square in clicks:
            mark = "start" if game.phase == Phase.NEED_START else "end"
        else:
            mark = "moved" if square == moved else ""
        slots.append(
            Slot(
                square=square,
                name=lay.square_name(square),
                centre=lay.centre(square, bottom),
                size=MARKER_SIZE,
                shape="rounded" if lay.is_pen[square] or lay.is_base[square] else "circle",
                fill=fill,
                piece=COLOUR_RGB[board[square]] if board[square] != EMPTY else None,
                mark=mark,
                click=clicks.get(square),
            )
        )
    legal = set(game.legal_actions()) if not game.pending_draws else set()
    hand = tuple(
        HandCard(card, RANK_NAMES[card], CARD_ACTION + card if CARD_ACTION + card in legal else None)
        for card in game.hand()
    )
    if game.phase == Phase.DONE and not game.pending_draws:
        buttons.append(Button("Done", END_TURN))
    if game.can_oops():
        buttons.append(Button("Undo", OOPS_CLICK))
    return TableView(
        slots=tuple(slots),
        seat=game.seat,
        seat_colour=COLOUR_RGB[game.seat],
        hand=hand,
        deck_count=len(game.deck(game.seat)),
        credits=int(game.credits[game.seat]),
        instructions=instructions(game),
        buttons=tuple(buttons),
        motion=(game.last_move.start, *game.last_move.path) if game.last_move is not None else (),
        capture=game.last_capture,
    )
