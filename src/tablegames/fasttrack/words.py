"""Fast Track in plain words: what an action does, where a hole is and what the player is asked to do.

Everything a player reads on the table comes from here, said the way people talk at the table ("Red brings a
marble out of the pen", "Blue plays a 5: moves a marble 5 spaces and sends Green's marble back to its pen").
Square codes such as `blue.HP4` stay for tooltips and tests (`action_codes`, `Layout.square_name`).

Pure functions of a game *before* the action; no pygame. `you` names the seat addressed as "you" (the person at
the table), None to name every seat by its colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import BASE_LOCALS, COLOURS, DS, EMPTY, FT, L0, PEN_LOCALS, Layout
from .cards import ACE, JACK, JOKER, KING, QUEEN, RANK_NAMES
from .game import (
    CARD_ACTION,
    CREDITS_TO_LEAVE_PEN,
    DRAW_ACTION,
    END_TURN,
    FastTrackGame,
    Phase,
    action_code,
)
from .rules import BACK, REVERSE, SPLIT_FINISH, SPLIT_START, TRADE, Move, has_fast_track_piece

CARD_WORDS = {JACK: "jack", QUEEN: "queen", KING: "king", ACE: "ace", JOKER: "joker"}
FOUR_DISCARDS = ("no", "one", "two", "three", "four", "five")[CREDITS_TO_LEAVE_PEN]


def colour_name(colour: int) -> str:
    return COLOURS[colour].capitalize()


def card_word(card: int) -> str:
    """'7', '10', 'jack', 'ace', 'joker'."""
    return CARD_WORDS.get(card, RANK_NAMES[card])


def a_card(card: int) -> str:
    """The card with its article: 'a 7', 'an 8', 'an ace', 'a joker'."""
    word = card_word(card)
    return f"{'an' if word[0] in '8a' else 'a'} {word}"


def spaces(count: int) -> str:
    return f"{count} space{'s' if count != 1 else ''}"


def place(layout: Layout, square: int) -> str:
    """Where a hole is, in a player's words: 'Blue's pen', 'Green's home', 'the bullseye', 'Red's start' ..."""
    if square == layout.bullseye:
        return "the bullseye"
    owner = f"{colour_name(layout.zone(square))}'s"
    local = layout.local(square)
    if local in PEN_LOCALS:
        return f"{owner} pen"
    if local in BASE_LOCALS:
        return f"{owner} home"
    if local == FT:
        return f"{owner} fast-track corner"
    if local == L0:
        return f"{owner} start"
    if local == DS:
        return f"the door to {owner} home"
    return f"{owner} side"


def at_place(layout: Layout, square: int) -> str:
    """The place with its preposition: 'in Blue's pen', 'on Blue's start', 'at the door to Blue's home'."""
    words = place(layout, square)
    if layout.is_pen[square] or layout.is_base[square] or square == layout.bullseye:
        return f"in {words}"
    return f"at {words}" if words.startswith("the door") else f"on {words}"


def hole_tooltip(layout: Layout, square: int) -> str:
    """A hole's words with its code: "Blue's fast-track corner (blue.FT)"."""
    words = place(layout, square)
    return f"{words[0].upper()}{words[1:]} ({layout.square_name(square)})"


# --- sentences ------------------------------------------------------------------------------------------------------


def subject(seat: int, you: int | None) -> str:
    return "You" if seat == you else colour_name(seat)


def verb(base: str, person: bool) -> str:
    """The verb agreeing with its subject: 'move' after You, 'moves' after Red."""
    if person or base == "cannot":
        return base
    if base == "have":
        return "has"
    return base + ("es" if base.endswith(("s", "sh", "ch", "x")) else "s")


def marble_of(colour: int, seat: int, you: int | None, other: bool = False) -> str:
    """'a marble' (the mover's own), 'another marble', 'Green's marble' (a partner's), 'your marble'."""
    if colour == seat:
        return "another marble" if other else "a marble"
    return "your marble" if colour == you else f"{colour_name(colour)}'s marble"


def owner_of(colour: int, you: int | None) -> str:
    return "your" if colour == you else f"{colour_name(colour)}'s"


def sent_back(victim: int, you: int | None, person: bool) -> str:
    """' and sends Green's marble back to its pen' (or your marble to your pen)."""
    pen = "your pen" if victim == you else "its pen"
    return f" and {verb('send', person)} {owner_of(victim, you)} marble back to {pen}"


def hops_fast_track(layout: Layout, move: Move) -> bool:
    return bool(move.path) and layout.is_fast[move.start] and layout.is_fast[move.path[0]]


def move_words(game: FastTrackGame, move: Move, you: int | None = None) -> str:
    """What `move` does, as the predicate after "Red plays a 5: " ('moves a marble 5 spaces, into home')."""
    lay, board, seat = game.layout, game.board.tolist(), game.seat
    person = seat == you
    mover = int(board[move.start])
    marble = marble_of(mover, seat, you, other=move.kind == SPLIT_FINISH)
    victim = int(board[move.end])
    if move.kind == TRADE:
        if mover == seat:
            return f"{verb('trade', person)} places with {owner_of(victim, you)} marble {at_place(lay, move.end)}"
        return f"{verb('swap', person)} {marble} with {owner_of(victim, you)} marble {at_place(lay, move.end)}"
    count = len(move.path)
    if lay.is_pen[move.start]:
        words = f"{verb('bring', person)} {marble} out of the pen"
    elif move.start == lay.bullseye:
        words = f"{verb('take', person)} {marble} out of the bullseye, onto {place(lay, move.end)}"
    elif move.kind in (BACK, REVERSE):
        words = f"{verb('move', person)} {marble} {spaces(count)} back"
        if lay.is_fast[move.end]:
            words += ", onto the fast track"
    else:
        words = f"{verb('move', person)} {marble} {spaces(count)}"
        if lay.is_base[move.end]:
            words += ", further into home" if lay.is_base[move.start] else ", into home"
        elif move.end == lay.bullseye:
            words += ", into the bullseye"
        elif hops_fast_track(lay, move):
            words += f", along the fast track to {place(lay, move.end)}" if lay.is_fast[move.end] else (
                ", along the fast track")
        elif lay.is_fast[move.end]:
            words += ", onto the fast track"
    if victim != EMPTY:
        words += ("," if "," in words else "") + sent_back(victim, you, person)
    return words


def winners_words(winners: Sequence[int], you: int | None) -> str:
    names = [subject(s, you) for s in winners]
    together = " and ".join(names)
    return f"{together} {'win' if len(names) > 1 or you in winners else 'wins'}!"


def describe_move(game: FastTrackGame, move: Move, you: int | None = None) -> str:
    """The whole sentence of a move of the seat to play: 'Red plays a 5: moves a marble 5 spaces.'"""
    person = game.seat == you
    who = subject(game.seat, you)
    if move.kind == SPLIT_START:
        lead = f"{who} {verb('split', person)} a 7: "
        rest = f" ({7 - len(move.path)} left for another marble)"
    elif move.kind == SPLIT_FINISH:
        lead, rest = f"{who} {verb('finish', person)} the 7: ", ""
    elif move.kind == REVERSE:
        lead = f"{who} {verb('cannot', person)} move forward, so {verb('play', person)} {a_card(move.card)} backward: "
        rest = ""
    else:
        lead, rest = f"{who} {verb('play', person)} {a_card(move.card)}: ", ""
    return f"{lead}{move_words(game, move, you)}{rest}."


def describe_action(game: FastTrackGame, action: int, you: int | None = None) -> str:
    """What `action` does in `game` (the game before it), as one sentence a player would say.

    Every action of the rules has its words: a card played, a marble chosen, where it goes (out of the pen, forward
    or back, along the fast track, into the bullseye or home, a jack's trade, a split 7, a marble sent back to its
    pen, the win), a discard (and the marble four discards bring out), a card covered, the turn ended, a card drawn.
    """
    if action not in game.legal_actions():
        raise ValueError(f"action {action} ({game.action_to_string(action)}) is not legal now")
    lay, seat = game.layout, game.seat
    person = seat == you
    who = subject(seat, you)
    if game.pending_draws:
        return f"{who} {verb('draw', person)} {a_card(action - DRAW_ACTION)}."
    phase = game.phase
    if phase == Phase.NEED_CARD:
        return f"{who} {verb('play', person)} {a_card(action - CARD_ACTION)}."
    if phase == Phase.NEED_START:
        marble = marble_of(int(game.board[action]), seat, you)
        if game.offer[0].kind == SPLIT_FINISH:
            other = marble_of(int(game.board[action]), seat, you, other=True)
            return f"{who} {verb('choose', person)} {other} to finish the 7."
        return f"{who} {verb('choose', person)} {marble} {at_place(lay, action)} to move."
    if phase == Phase.NEED_END:
        move = next(m for m in game.offer if m.start == game.chosen_start and action_code(m) == action)
        after = game.clone()
        after.apply_action(action)
        sentence = describe_move(game, move, you)
        return sentence + (" " + winners_words(after.winners, you) if after.winners else "")
    if phase == Phase.NEED_DISCARD:
        card = action - CARD_ACTION
        after = game.clone()
        after.apply_action(action)
        sentence = f"{who} {verb('discard', person)} {a_card(card)}"
        came_out = after.last_move
        if came_out is not None:
            sentence += f": {FOUR_DISCARDS} discards bring a marble out of the pen"
            victim = int(game.board[came_out.end])
            if victim != EMPTY:
                sentence += sent_back(victim, you, person=True)  # "discards bring ... and send"
            return sentence + "."
        credits = int(after.credits[seat])
        if credits >= CREDITS_TO_LEAVE_PEN:
            return sentence + f" ({credits} discards: no marble can come out yet)."
        return sentence + f" ({credits} of the {FOUR_DISCARDS} that bring a marble out)."
    if phase == Phase.NEED_COVER:
        return f"{who} {verb('have', person)} no move left: {verb('cover', person)} {a_card(action - CARD_ACTION)}."
    if action == END_TURN:
        return f"{who} {verb('end', person)} {'your' if person else 'the'} turn."
    raise ValueError(f"action {action}: no words for it in {phase.name}")  # pragma: no cover - legal_actions covers


def action_codes(game: FastTrackGame, action: int) -> str:
    """The action in square codes, for a tooltip: 'play 7', 'from red.L0', 'to blue.R4', 'trade with blue.L2'."""
    return game.action_to_string(action)


# --- the prompt -----------------------------------------------------------------------------------------------------


def prompt(game: FastTrackGame, you: int | None = None) -> str:
    """What the seat to play is asked to do now (or what it is doing), and why when it has no choice."""
    seat = game.seat
    person = seat == you
    who = subject(seat, you)
    if game.phase == Phase.OVER:
        return winners_words(game.winners, you)
    if game.pending_draws:
        count = game.pending_draws
        return f"{who} {verb('draw', person)} {count} card{'s' if count > 1 else ''}."
    ask = "" if person else f"{who}: "

    def asked(text: str) -> str:  # "Choose a marble" to the person, "Blue: choose a marble" of another seat
        return text if person else ask + text[0].lower() + text[1:]

    if game.phase == Phase.NEED_CARD:
        if has_fast_track_piece(game.board.tolist(), game.layout, game.movers()):
            return asked("Play a card. A marble on the fast track must move first.")
        return asked(f"Play a card{': a lifted card can move a marble' if person else ''}.")
    if game.phase == Phase.NEED_START:
        first = game.offer[0]
        if first.kind == SPLIT_FINISH:
            return asked(f"Finish the 7: move another marble {spaces(len(first.path))}.")
        return asked(f"Choose a marble to move with the {card_word(first.card)}.")
    if game.phase == Phase.NEED_END:
        trades = any(m.kind == TRADE for m in game.offer if m.start == game.chosen_start)
        return asked(f"Choose where the marble goes{', or a marble to trade places with' if trades else ''}.")
    if game.phase == Phase.NEED_DISCARD:  # (the log line of each discard counts them towards bringing one out)
        if person:
            return "No card you hold can move a marble: choose one to discard."
        return f"No card {who} holds can move a marble: {who} discards one."
    if game.phase == Phase.NEED_COVER:
        if person:
            return "No card left can move a marble: choose one to cover (it counts for nothing)."
        return f"{who} has no move left: covers a card."
    return "Your turn is over: press Done." if person else f"{who}'s turn is over."
