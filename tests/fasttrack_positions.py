"""Fast Track test positions shared by the level, expert and information-set MCTS tests: positions of champion
games, and the same position with every card a seat cannot see dealt afresh (the hidden-card tests)."""

import numpy as np

from tablegames.fasttrack import kernels
from tablegames.fasttrack.game import FastTrackGame, Partnership
from tablegames.fasttrack.search import LEVEL_PHASES, plan_turn


def positions(seed, limit, partnership=Partnership.SOLO):
    """A champion game's first `limit` positions where a card is played, discarded or covered."""
    game = FastTrackGame(seed, partnership=partnership)
    found = []
    while not game.is_terminal() and len(found) < limit:
        if game.phase in LEVEL_PHASES:
            found.append(game.clone())
        for code in plan_turn(game):
            game.click(code)
    return found


def hide_again(state, seat, rng):
    """The same position with every card `seat` cannot see dealt afresh: each other seat's hand and undrawn cards
    pooled and redealt (hand sizes kept), the seat's own undrawn cards shuffled, new random states."""
    board, hands, decks, deck_top, deck_end, piles, rstates, credits, info = (a.copy() for a in state)
    for p in range(kernels.ZONES):
        top, end = int(deck_top[p]), int(deck_end[p])
        undrawn = decks[p, top:end].tolist()
        held = [] if p == seat else [c for c in range(hands.shape[1]) for _ in range(hands[p, c])]
        pool = rng.permutation(np.array(held + undrawn, dtype=np.int8))
        if p != seat:
            hands[p] = np.bincount(pool[: len(held)], minlength=hands.shape[1])
        decks[p, top:end] = pool[len(held):]
        rstates[p] = int(rng.integers(1, 2**32))
    return board, hands, decks, deck_top, deck_end, piles, rstates, credits, info
