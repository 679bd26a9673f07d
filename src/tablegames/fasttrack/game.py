"""A game of Fast Track: the compact state, the turn state machine (spec 7), winning, partnerships and undo.

The state is a handful of small numpy arrays (the occupancy board, hands, decks, played piles, random states,
credits) plus a few integers, so a compiled search can copy it cheaply. Every choice is an integer action:

- `0 .. size-1`: a square (the piece to move, then where it goes);
- `CARD_ACTION + rank`: the card to play, discard or cover (the phase says which);
- `TRADE_ACTION + square`: a jack trading places with the piece on that square;
- `END_TURN`: pass the turn once it is done;
- `DRAW_ACTION + rank`: a chance outcome, the next card drawn (only with `draws_as_chance=True`; otherwise cards
  come off each seat's seeded deck).

The same numbers are the click codes of the view (view.py), with `OOPS_CLICK` added for the undo button.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from tablegames.core.gamestate import CHANCE, TERMINAL, GameState

from .board import COLOURS, EMPTY, L0, MAX_ZONES, ZONE_SIZE, Layout, layout, square_at
from .cards import (
    CANONICAL_DECK,
    DECK_SIZE,
    HAND_SIZE,
    NUM_RANKS,
    RANK_NAMES,
    is_move_again,
    parse_cards,
    shuffle,
    shuffled_deck,
)
from .rules import (
    SPLIT_START,
    STEP,
    TRADE,
    Move,
    apply_to_board,
    legal_moves,
    lowest_free_pen_square,
    split_finish_moves,
)

MAX_SQUARES = MAX_ZONES * ZONE_SIZE + 1
CARD_ACTION = 140
TRADE_ACTION = 160
END_TURN = 300
DRAW_ACTION = 310
NUM_ACTIONS = DRAW_ACTION + NUM_RANKS
OOPS_CLICK = 330  # a click code only: the window's undo button

CREDITS_TO_LEAVE_PEN = 4  # discards that bring a piece out (Roc; the Elm original used 5)


class Phase(IntEnum):
    NEED_CARD = 0
    NEED_START = 1
    NEED_END = 2
    NEED_DISCARD = 3
    NEED_COVER = 4
    DONE = 5
    OVER = 6


class Partnership(IntEnum):
    SOLO = 0
    ANYTIME = 1  # the partner's pieces are movable at any time (what the Roc port calls pagat.com's rule)
    ONCE_HOME = 2  # the partner's pieces become movable once all four own pieces are home


SETUP_NAMES = ("normal", "forced to reverse", "discard", "cover", "bullseye", "seven split")
# Spec 12.4: every colour's pieces (own zone) and the starting hands (None: dealt from the deck).
SETUP_PIECES = (
    ("HP1", "HP2", "HP3", "HP4"),
    ("HP1", "B1", "B3", "R0"),
    ("HP1", "HP2", "HP3", "HP4"),
    ("HP1", "HP2", "HP3", "B2"),
    ("HP1", "HP2", "HP3", "HP4"),
    ("L0", "L2", "R2", "B2"),
)


def setup_hand(setup: int, seat: int) -> list[int] | None:
    hands = (None, "7 8 10 9 9", "K Q Q 2 3", "K Q Q Q 2", "A 6 Q 8 9", "7 7 2 Q K")
    if setup == 2 and seat == 1:
        return parse_cards("K Q Q Q Q")
    text = hands[setup]
    return parse_cards(text) if text else None


def action_code(move: Move) -> int:
    """The end-square action that makes `move` once its start is chosen."""
    return TRADE_ACTION + move.end if move.kind == TRADE else move.end


class Snapshot(NamedTuple):
    """Everything an action changes, the arrays copied: what undo and oops restore (the history keeps one per action)."""

    board: npt.NDArray[np.int8]
    hands: npt.NDArray[np.int8]
    decks: npt.NDArray[np.int8]
    deck_top: npt.NDArray[np.int16]
    deck_end: npt.NDArray[np.int16]
    piles: npt.NDArray[np.int8]
    pile_size: npt.NDArray[np.int16]
    random_states: npt.NDArray[np.int64]
    credits: npt.NDArray[np.int8]
    seat: int
    phase: Phase
    offer: tuple[Move, ...]
    chosen_start: int
    pending_draws: int
    after_draw: Phase
    winners: tuple[int, ...]
    last_move: Move | None
    last_capture: tuple[int, int] | None
    turn_marks: tuple[int, ...]


class FastTrackGame(GameState):
    """Fast Track for 2-6 players (4 is the game; partnerships need 4 or 6) through the uniform interface."""

    def __init__(
        self,
        seed: int = 0,
        players: int = 4,
        partnership: Partnership | int = Partnership.SOLO,
        draws_as_chance: bool = False,
        setup: int = 0,
    ) -> None:
        if not isinstance(players, int) or not 2 <= players <= MAX_ZONES:
            raise ValueError(f"players: expected an integer from 2 to {MAX_ZONES}, got {players!r}")
        if not isinstance(seed, int | np.integer):
            raise ValueError(f"seed: expected an integer, got {seed!r}")
        self.layout: Layout = layout(players)
        self.players = players
        self.partnership = Partnership(partnership)
        if self.partnership != Partnership.SOLO and players not in (4, 6):
            raise ValueError(f"partnerships: expected 4 or 6 players (partners sit opposite), got {players}")
        if not 0 <= setup < len(SETUP_NAMES):
            raise ValueError(f"setup: expected 0..{len(SETUP_NAMES) - 1} ({', '.join(SETUP_NAMES)}), got {setup}")
        self.seed = seed
        self.draws_as_chance = draws_as_chance
        size = self.layout.size
        self.board: npt.NDArray[np.int8] = np.full(size, EMPTY, dtype=np.int8)
        # packed left, in drawing order
        self.hands: npt.NDArray[np.int8] = np.full((players, HAND_SIZE), EMPTY, dtype=np.int8)
        # deck cards are decks[p, top:end]
        self.decks: npt.NDArray[np.int8] = np.full((players, DECK_SIZE), EMPTY, dtype=np.int8)
        self.deck_top: npt.NDArray[np.int16] = np.zeros(players, dtype=np.int16)
        self.deck_end: npt.NDArray[np.int16] = np.full(players, DECK_SIZE, dtype=np.int16)
        # played since the last shuffle
        self.piles: npt.NDArray[np.int8] = np.full((players, DECK_SIZE), EMPTY, dtype=np.int8)
        self.pile_size: npt.NDArray[np.int16] = np.zeros(players, dtype=np.int16)
        self.random_states: npt.NDArray[np.int64] = np.zeros(players, dtype=np.int64)  # elm/random seed states
        self.credits: npt.NDArray[np.int8] = np.zeros(players, dtype=np.int8)
        for seat in range(players):
            deck, state = shuffled_deck(seed, seat)
            self.decks[seat] = deck
            self.random_states[seat] = state
            for local in SETUP_PIECES[setup]:
                self.board[self.layout.parse_square(f"{COLOURS[seat]}.{local}")] = seat
        self.seat = 0
        self.phase = Phase.DONE
        # the moves on offer: the hand's (NEED_CARD), the chosen card's or a split's second halves (NEED_START/END)
        self.offer: tuple[Move, ...] = ()
        self.chosen_start = EMPTY
        self.pending_draws = 0
        self.after_draw = Phase.DONE  # after the draws: DONE, or evaluate with this phase when nothing moves
        self.winners: tuple[int, ...] = ()
        self.last_move: Move | None = None  # the move the latest action made (for the window's animation)
        self.last_capture: tuple[int, int] | None = None  # (square, pen square) of the piece it sent home
        self.turn_marks: tuple[int, ...] = ()  # history indices before each card of this turn (for oops)
        self.history: list[Snapshot] = []
        self.actions: list[int] = []
        for seat in range(players):
            hand = setup_hand(setup, seat)
            if hand is not None:
                self._give_hand(seat, hand)
        self._start_turn()

    # --- construction from a position (tests, scenarios) --------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        pieces: Mapping[str, str],
        hands: Mapping[str, str] | None = None,
        seat: str = "red",
        players: int = 4,
        partnership: Partnership | int = Partnership.SOLO,
        seed: int = 0,
        credits: Mapping[str, int] | None = None,
    ) -> FastTrackGame:
        """A game at `seat`'s turn start with pieces {square name: colour name}; every colour's other pieces wait
        in its pen. Hands are {colour: 'K Q 2'}, taken out of that seat's deck; unnamed seats are dealt."""
        game = cls(seed=seed, players=players, partnership=partnership)
        lay = game.layout
        colours = COLOURS[:players]
        board = np.full(lay.size, EMPTY, dtype=np.int8)
        for name, colour_name in pieces.items():
            square = lay.parse_square(name)
            colour = _parse_colour(colour_name, colours)
            if board[square] != EMPTY:
                raise ValueError(f"square {name!r} is named twice: expected one piece a square")
            if (lay.is_pen[square] or lay.is_base[square]) and lay.zone(square) != colour:
                raise ValueError(f"square {name!r}: pens and bases hold only their own colour's pieces, got {colour_name}")
            board[square] = colour
        for colour in range(players):
            count = int(np.count_nonzero(board == colour))
            if count > 4:
                raise ValueError(f"{colours[colour]} has {count} pieces: expected at most 4")
            for _ in range(4 - count):
                board[lowest_free_pen_square(board, lay, colour)] = colour
        game.board = board
        game.hands[:] = EMPTY
        game.decks[:] = [shuffled_deck(seed, s)[0] for s in range(players)]
        game.deck_top[:] = 0
        game.deck_end[:] = DECK_SIZE
        for colour_name, text in (hands or {}).items():
            game._give_hand(_parse_colour(colour_name, colours), parse_cards(text))
        for colour_name, value in (credits or {}).items():
            game.credits[_parse_colour(colour_name, colours)] = value
        game.seat = _parse_colour(seat, colours)
        game.history.clear()
        game.actions.clear()
        game.winners = game.find_winners()
        if game.winners:
            game.phase = Phase.OVER
        else:
            game._start_turn()
        return game

    def _give_hand(self, seat: int, cards: Sequence[int]) -> None:
        """Put `cards` in the seat's hand, taking one copy of each out of its deck so cards are conserved."""
        if len(cards) > HAND_SIZE:
            raise ValueError(f"hand of {len(cards)} cards: expected at most {HAND_SIZE}")
        deck = [int(c) for c in self.decks[seat, self.deck_top[seat] : self.deck_end[seat]]]
        for card in cards:
            if card not in deck:
                names = " ".join(RANK_NAMES[c] for c in cards)
                raise ValueError(f"hand {names!r} for {COLOURS[seat]}: more {RANK_NAMES[card]} than a deck holds")
            deck.remove(card)
        self.decks[seat] = EMPTY
        self.decks[seat, : len(deck)] = deck
        self.deck_top[seat], self.deck_end[seat] = 0, len(deck)
        self.hands[seat] = EMPTY
        self.hands[seat, : len(cards)] = cards

    # --- reading the state ----------------------------------------------------------------------------------------

    def partner(self, seat: int) -> int:
        return (seat + self.players // 2) % self.players

    def movers(self, seat: int | None = None) -> tuple[int, ...]:
        """The colours `seat` may move (spec 9)."""
        seat = self.seat if seat is None else seat
        if self.partnership == Partnership.SOLO:
            return (seat,)
        if self.partnership == Partnership.ONCE_HOME and not self.is_home(seat):
            return (seat,)
        return (seat, self.partner(seat))

    def is_home(self, colour: int, board: Sequence[int] | None = None) -> bool:
        board = self.board.tolist() if board is None else board
        return all(board[s] == colour for s in self.layout.base(colour))

    def hand(self, seat: int | None = None) -> list[int]:
        seat = self.seat if seat is None else seat
        return [int(c) for c in self.hands[seat] if c != EMPTY]

    def deck(self, seat: int) -> list[int]:
        return [int(c) for c in self.decks[seat, self.deck_top[seat] : self.deck_end[seat]]]

    def pile(self, seat: int) -> list[int]:
        return [int(c) for c in self.piles[seat, : self.pile_size[seat]]]

    def pieces(self) -> dict[str, str]:
        """{square name: colour name} of every piece (for display and tests)."""
        return {self.layout.square_name(s): COLOURS[c] for s, c in enumerate(self.board.tolist()) if c != EMPTY}

    def find_winners(self) -> tuple[int, ...]:
        """Spec 8: the first seat in seat order whose colours (with the partner's in a partnership) are all home."""
        board = self.board.tolist()
        for seat in range(self.players):
            team = (seat,) if self.partnership == Partnership.SOLO else (seat, self.partner(seat))
            if all(self.is_home(colour, board) for colour in team):
                return tuple(sorted(team))
        return ()

    # --- the uniform interface ----------------------------------------------------------------------------------

    def num_players(self) -> int:
        return self.players

    def current_player(self) -> int:
        if self.phase == Phase.OVER:
            return TERMINAL
        if self.pending_draws:
            return CHANCE
        return self.seat

    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def returns(self) -> list[float]:
        if not self.winners:
            return [0.0] * self.players
        return [1.0 if seat in self.winners else -1.0 for seat in range(self.players)]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == Phase.OVER:
            return []
        if self.pending_draws:
            return sorted({DRAW_ACTION + c for c in self.deck(self.seat)})
        if phase == Phase.NEED_CARD:
            return sorted({CARD_ACTION + m.card for m in self.offer})
        if phase == Phase.NEED_START:
            return sorted({m.start for m in self.offer})
        if phase == Phase.NEED_END:
            return sorted({action_code(m) for m in self.offer if m.start == self.chosen_start})
        if phase in (Phase.NEED_DISCARD, Phase.NEED_COVER):
            return sorted({CARD_ACTION + c for c in self.hand()})
        return [END_TURN]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.pending_draws:
            return []
        deck = self.deck(self.seat)
        counts = np.bincount(deck, minlength=NUM_RANKS)
        return [(DRAW_ACTION + c, int(counts[c]) / len(deck)) for c in range(NUM_RANKS) if counts[c]]

    def action_to_string(self, action: int) -> str:
        name = self.layout.square_name
        if 0 <= action < self.layout.size:
            return f"{'from' if self.phase == Phase.NEED_START else 'to'} {name(action)}"
        if CARD_ACTION <= action < CARD_ACTION + NUM_RANKS:
            verb = {Phase.NEED_DISCARD: "discard", Phase.NEED_COVER: "cover"}.get(self.phase, "play")
            return f"{verb} {RANK_NAMES[action - CARD_ACTION]}"
        if TRADE_ACTION <= action < TRADE_ACTION + self.layout.size:
            return f"trade with {name(action - TRADE_ACTION)}"
        if action == END_TURN:
            return "end turn"
        if DRAW_ACTION <= action < DRAW_ACTION + NUM_RANKS:
            return f"draw {RANK_NAMES[action - DRAW_ACTION]}"
        return f"unknown action {action}"

    def apply_action(self, action: int) -> None:
        legal = self.legal_actions()
        if action not in legal:
            expected = ", ".join(f"{a} ({self.action_to_string(a)})" for a in legal) or "none (the game is over)"
            raise ValueError(
                f"action {action} ({self.action_to_string(action)}) is not legal for {COLOURS[self.seat]} in "
                f"{self.phase.name}; expected one of: {expected}"
            )
        self.history.append(self._snapshot())
        self.actions.append(action)
        self.last_move = self.last_capture = None  # the motion shown is the latest action's only
        if self.pending_draws:
            self._draw(self.seat, action - DRAW_ACTION)
            self._after_one_draw()
        elif self.phase == Phase.NEED_CARD:
            self.turn_marks += (len(self.history) - 1,)
            self._choose_card(action - CARD_ACTION)
        elif self.phase == Phase.NEED_START:
            self.chosen_start = action
            self.phase = Phase.NEED_END
        elif self.phase == Phase.NEED_END:
            move = next(m for m in self.offer if m.start == self.chosen_start and action_code(m) == action)
            self._make_move(move)
        elif self.phase in (Phase.NEED_DISCARD, Phase.NEED_COVER):
            self.turn_marks += (len(self.history) - 1,)
            self._discard(action - CARD_ACTION)
        else:
            self._end_turn()

    def undo(self) -> None:
        if not self.history:
            raise ValueError("undo: nothing to undo (no action has been applied)")
        self._restore(self.history.pop())
        self.actions.pop()

    def can_oops(self) -> bool:
        return bool(self.turn_marks) and self.phase != Phase.OVER

    def oops(self) -> None:
        """The window's undo: back to before the last card played, discarded or covered this turn."""
        if not self.can_oops():
            raise ValueError("oops: no card has been played, discarded or covered this turn")
        mark = self.turn_marks[-1]
        self._restore(self.history[mark])
        del self.history[mark:]
        del self.actions[mark:]

    def click(self, code: int) -> None:
        """Answer a click code of the view: the undo button, or the action it names."""
        if code == OOPS_CLICK:
            self.oops()
        else:
            self.apply_action(code)

    def clone(self) -> FastTrackGame:
        other = object.__new__(FastTrackGame)
        other.__dict__ = self.__dict__.copy()
        for name in ("board", "hands", "decks", "deck_top", "deck_end", "piles", "pile_size", "random_states", "credits"):
            setattr(other, name, getattr(self, name).copy())
        other.history = list(self.history)
        other.actions = list(self.actions)
        return other

    # --- snapshots ------------------------------------------------------------------------------------------------

    _ARRAYS = Snapshot._fields[:9]  # the state's arrays: "board", "hands", ... "credits"

    def _snapshot(self) -> Snapshot:
        return Snapshot(
            self.board.copy(), self.hands.copy(), self.decks.copy(), self.deck_top.copy(), self.deck_end.copy(),
            self.piles.copy(), self.pile_size.copy(), self.random_states.copy(), self.credits.copy(),
            self.seat, self.phase, self.offer, self.chosen_start, self.pending_draws, self.after_draw, self.winners,
            self.last_move, self.last_capture, self.turn_marks,
        )

    def _restore(self, snapshot: Snapshot) -> None:
        # the arrays copied: clones share the history's snapshots
        self.board, self.hands, self.decks = snapshot.board.copy(), snapshot.hands.copy(), snapshot.decks.copy()
        self.deck_top, self.deck_end = snapshot.deck_top.copy(), snapshot.deck_end.copy()
        self.piles, self.pile_size = snapshot.piles.copy(), snapshot.pile_size.copy()
        self.random_states, self.credits = snapshot.random_states.copy(), snapshot.credits.copy()
        (self.seat, self.phase, self.offer, self.chosen_start, self.pending_draws, self.after_draw, self.winners,
         self.last_move, self.last_capture, self.turn_marks) = snapshot[9:]  # after the nine arrays  # fmt: skip

    # --- the turn state machine (spec 7) ----------------------------------------------------------------------

    def _start_turn(self) -> None:
        self.turn_marks = ()
        self._refill_then(fill_up=True, then=Phase.NEED_DISCARD)

    def _end_turn(self) -> None:
        self.seat = (self.seat + 1) % self.players
        self._start_turn()

    def _refill_then(self, fill_up: bool, then: Phase) -> None:
        """Refill the hand (to 5 at a turn's start, otherwise only when empty), then go on: `then` is DONE, or the
        phase to enter if an evaluation finds no move."""
        count = len(self.hand())
        self.pending_draws = HAND_SIZE - count if fill_up or count == 0 else 0
        self.after_draw = then
        if self.draws_as_chance:
            if self.pending_draws:
                self._prepare_deck(self.seat)
            else:
                self._continue()
            return
        while self.pending_draws:
            self._draw(self.seat, None)
            self.pending_draws -= 1
        self._continue()

    def _after_one_draw(self) -> None:
        self.pending_draws -= 1
        if self.pending_draws:
            self._prepare_deck(self.seat)
        else:
            self._continue()

    def _continue(self) -> None:
        if self.after_draw == Phase.DONE:
            self.phase = Phase.DONE
            self.offer = ()
        else:
            self._evaluate(self.after_draw)

    def _evaluate(self, no_move_phase: Phase) -> None:
        moves = legal_moves(self.board.tolist(), self.layout, self.hand(), self.movers())
        self.offer = tuple(moves)
        self.chosen_start = EMPTY
        if moves:
            self.phase = Phase.NEED_CARD
            self.credits[self.seat] = 0
        else:
            self.phase = no_move_phase

    def _choose_card(self, card: int) -> None:
        self._take_from_hand(card)
        self.offer = tuple(m for m in self.offer if m.card == card)
        self.phase = Phase.NEED_START

    def _make_move(self, move: Move) -> None:
        self.last_move = move
        self.last_capture = apply_to_board(self.board, self.layout, move)
        self.chosen_start = EMPTY
        self.winners = self.find_winners()
        if self.winners:
            self.phase = Phase.OVER
            self.offer = ()
            return
        if move.kind == SPLIT_START:
            rest = 7 - len(move.path)
            self.offer = tuple(split_finish_moves(self.board.tolist(), self.layout, rest, move.end, self.movers()))
            self.phase = Phase.NEED_START
            return
        self._refill_then(fill_up=False, then=Phase.NEED_COVER if is_move_again(move.card) else Phase.DONE)

    def _discard(self, card: int) -> None:
        """NEED_DISCARD earns a credit (four bring a piece out); NEED_COVER earns nothing."""
        self._take_from_hand(card)
        then = Phase.NEED_COVER
        if self.phase == Phase.NEED_DISCARD:
            self.credits[self.seat] += 1
            if not (self.credits[self.seat] >= CREDITS_TO_LEAVE_PEN and self._leave_pen_on_credit(card)):
                then = Phase.NEED_DISCARD
        # Our rule: after a move-again discard or cover the player who can now move must play (the original went
        # on discarding without looking, even after a refill or a piece coming out).
        self._refill_then(fill_up=False, then=then if is_move_again(card) else Phase.DONE)

    def _leave_pen_on_credit(self, card: int) -> bool:
        """Bring the highest pen piece to L0 (capturing there). With no pen piece, or the own L0 occupied by an
        own piece, nothing moves and the credits wait."""
        colour = self.seat
        pen = [s for s in self.layout.pen(colour) if self.board[s] == colour]
        exit_square = square_at(colour, L0)
        if not pen or self.board[exit_square] == colour:
            return False
        move = Move(card, STEP, pen[-1], exit_square, (exit_square,))  # made by the discards, not by the card
        self.last_move = move
        self.last_capture = apply_to_board(self.board, self.layout, move)
        self.credits[colour] = 0
        return True

    # --- cards ------------------------------------------------------------------------------------------------

    def _take_from_hand(self, card: int) -> None:
        """Move one `card` from the hand to the played pile, keeping the hand packed in order."""
        seat = self.seat
        hand = self.hand(seat)
        hand.remove(card)
        self.hands[seat] = EMPTY
        self.hands[seat, : len(hand)] = hand
        self.piles[seat, self.pile_size[seat]] = card
        self.pile_size[seat] += 1

    def _prepare_deck(self, seat: int) -> None:
        """An empty deck is rebuilt from the seat's played cards (sorted, so the order played does not matter)."""
        if self.deck_top[seat] == self.deck_end[seat]:
            deck, state = shuffle(sorted(self.pile(seat)), int(self.random_states[seat]))
            self.decks[seat] = EMPTY
            self.decks[seat, : len(deck)] = deck
            self.deck_top[seat], self.deck_end[seat] = 0, len(deck)
            self.random_states[seat] = state
            self.piles[seat] = EMPTY
            self.pile_size[seat] = 0

    def _draw(self, seat: int, card: int | None) -> None:
        """Top card of the deck to the hand; with `card` (a chance outcome) that card is brought to the top first."""
        self._prepare_deck(seat)
        top = int(self.deck_top[seat])
        if card is not None:
            index = top + self.deck(seat).index(card)
            self.decks[seat, top], self.decks[seat, index] = self.decks[seat, index], self.decks[seat, top]
        count = len(self.hand(seat))
        self.hands[seat, count] = self.decks[seat, top]
        self.decks[seat, top] = EMPTY
        self.deck_top[seat] += 1


def _parse_colour(name: str, colours: Sequence[str]) -> int:
    if name.lower() not in colours:
        raise ValueError(f"colour {name!r}: expected one of {', '.join(colours)}")
    return colours.index(name.lower())


def conserves_cards(game: FastTrackGame) -> bool:
    """Every seat's hand, deck and played pile together make exactly one 54-card deck."""
    canonical = sorted(CANONICAL_DECK)
    return all(
        sorted(game.hand(seat) + game.deck(seat) + game.pile(seat)) == canonical for seat in range(game.players)
    )


def new_game(seed: int = 0) -> FastTrackGame:
    """The four-player game dealt from `seed`."""
    return FastTrackGame(seed=seed)


def new_chance_game(seed: int = 0) -> FastTrackGame:
    """The four-player game with every card draw a chance node (for searches that sample the unseen cards)."""
    return FastTrackGame(seed=seed, draws_as_chance=True)
