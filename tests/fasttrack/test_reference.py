"""Differential check: `legal_moves` against a slow reference written straight from the spec's words.

The reference walks the successor table square by square (no routes table), finds movable pieces by scanning,
and builds the card rules anew. Positions come from random games in solo and partnership play.
"""

import pytest

from tablegames.core.rng import make_rng
from tablegames.fasttrack.board import EMPTY, FT, HP1, L0, predecessor, square_at, successors
from tablegames.fasttrack.cards import ACE, FOUR, JACK, JOKER, KING, QUEEN, SEVEN, SIX
from tablegames.fasttrack.game import FastTrackGame, Partnership, Phase
from tablegames.fasttrack.rules import BACK, REVERSE, SPLIT_START, STEP, TRADE, legal_moves


def count_of(card):
    return {ACE: 1, JACK: 1, QUEEN: 1, KING: 1, JOKER: 1}.get(card, card + 2)


def ends_forward(board, zones, start, count, colour, leave_pen, leave_be):
    fast = start % 22 == FT and start != zones * 22
    frontier = {start}
    for _ in range(count):
        frontier = {
            n for s in frontier for n in successors(zones, s, colour, fast, leave_pen, leave_be) if board[n] != colour
        }
    return frontier


def end_backward(board, start, count, zones):
    square = start
    for _ in range(count):
        square = predecessor(zones, square)
        if square is None or board[square] == board[start]:
            return None
    return square


def pieces_of(board, zones, colours):
    found = []
    for colour in colours:
        pen = [square_at(colour, HP1 + i) for i in range(4) if board[square_at(colour, HP1 + i)] == colour]
        found += pen[-1:]
        found += [s for s, c in enumerate(board) if c == colour and s not in [square_at(colour, i) for i in range(4)]]
    if any(board[square_at(z, FT)] in colours for z in range(zones)):
        found = [s for s in found if s % 22 == FT and s != zones * 22]
    return found


def reference_moves(board, zones, hand, colours):
    bullseye = zones * 22
    in_pen = {s for s in range(bullseye) if s % 22 < 4}
    track = {s for s in range(bullseye) if s % 22 >= 8} | {bullseye}
    moves = set()
    for card in set(hand):
        for s in pieces_of(board, zones, colours):
            colour = board[s]
            if card == FOUR:
                end = end_backward(board, s, 4, zones) if s in track and s != bullseye else None
                moves |= {(card, BACK, s, end)} if end is not None else set()
                continue
            if s in in_pen:
                if card in (ACE, SIX, JOKER) and board[square_at(colour, L0)] != colour:
                    moves.add((card, STEP, s, square_at(colour, L0)))
                continue
            if s == bullseye and card not in (JACK, QUEEN, KING):
                continue
            steps = 7 if card == SEVEN else count_of(card)
            for end in ends_forward(board, zones, s, steps, colour, False, s == bullseye):
                moves.add((card, STEP, s, end))
            if card == JACK and s in track:
                moves |= {(card, TRADE, s, t) for t in track if board[t] not in (EMPTY, colour)}
            if card == SEVEN:
                for k in range(1, 7):
                    for end in ends_forward(board, zones, s, k, colour, False, False) - {bullseye}:
                        after = list(board)
                        victim = after[end]
                        if victim != EMPTY:
                            after[next(p for p in range(victim * 22, victim * 22 + 4) if after[p] == EMPTY)] = victim
                        after[s], after[end] = EMPTY, colour
                        finishers = [p for p in pieces_of(after, zones, colours) if p != end and p not in in_pen]
                        if any(
                            ends_forward(after, zones, p, 7 - k, after[p], False, False)
                            for p in finishers
                            if p != bullseye
                        ):
                            moves.add((card, SPLIT_START, s, end))
    if moves:
        return moves
    for card in set(hand):
        for s in pieces_of(board, zones, colours):
            if s in track and s != bullseye:
                end = end_backward(board, s, count_of(card), zones)
                if end is not None:
                    moves.add((card, REVERSE, s, end))
    return moves


@pytest.mark.parametrize("partnership", [Partnership.SOLO, Partnership.ANYTIME])
def test_legal_moves_agree_with_the_reference(partnership):
    checked = 0
    for seed in range(4):
        game = FastTrackGame(seed, partnership=partnership)
        rng = make_rng(seed, "reference")
        while not game.is_terminal():
            if game.phase in (Phase.NEED_CARD, Phase.NEED_DISCARD, Phase.NEED_COVER):
                board = game.board.tolist()
                got = {(m.card, m.kind, m.start, m.end) for m in legal_moves(board, game.layout, game.hand(), game.movers())}
                assert got == reference_moves(board, game.players, game.hand(), game.movers())
                checked += 1
            actions = game.legal_actions()
            game.apply_action(actions[int(rng.integers(len(actions)))])
    assert checked > 200
