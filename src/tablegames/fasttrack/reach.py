"""How far each square is from home on an empty board: the measures behind the Roc port's computer players.

- `steps_home`: the earlier computer's distance (Agent.roc): steps to the own B4, plus 4 for waiting in the pen
  and 6 for waiting in the bullseye.
- `cards_home`: the fewest cards that take a lone piece to its B4 (Reach.roc), the joker left out, optionally
  after one free face card, which moves the piece one square forward or back.
"""

from __future__ import annotations

import heapq

from .board import B4, EMPTY, Layout, square_at, successors
from .cards import JOKER, NUM_RANKS, QUEEN
from .rules import legal_moves

PEN_WAIT = 4
BULLSEYE_WAIT = 6


def steps_home(lay: Layout, colour: int) -> list[int]:
    """Distance of every square to `colour`'s B4 (a large number where unreachable, e.g. other colours' pens)."""
    unreachable = 10**6
    target = square_at(colour, B4)
    # Walk backward from B4 over reversed forward edges; a piece can stop on any FT and hop from there.
    incoming: list[list[tuple[int, int]]] = [[] for _ in range(lay.size)]
    for square in range(lay.size):
        wait = PEN_WAIT if lay.is_pen[square] else BULLSEYE_WAIT if square == lay.bullseye else 0
        for nxt in successors(lay.zones, square, colour, lay.is_fast[square], True, True):
            incoming[nxt].append((square, 1 + wait))
    distance = [unreachable] * lay.size
    distance[target] = 0
    queue = [(0, target)]
    while queue:
        d, square = heapq.heappop(queue)
        if d > distance[square]:
            continue
        for before, cost in incoming[square]:
            if d + cost < distance[before]:
                distance[before] = d + cost
                heapq.heappush(queue, (d + cost, before))
    return distance


def cards_home(lay: Layout, colour: int, free_face_card: bool = False) -> list[int]:
    """Fewest cards (no joker) to bring a lone piece of `colour` from each square to its B4; -1 if never."""
    cards = [card for card in range(NUM_RANKS) if card != JOKER]
    target = square_at(colour, B4)
    # next squares of one card from each square, played alone on an empty board (so reversed when stuck)
    after_card: list[set[int]] = []
    for square in range(lay.size):
        board = [EMPTY] * lay.size
        board[square] = colour
        after: set[int] = set()
        for card in cards:
            after.update(m.end for m in legal_moves(board, lay, [card], (colour,)))
        after_card.append(after)
    best = [-1] * lay.size
    best[target] = 0
    changed = True
    while changed:  # Bellman-Ford on a small graph
        changed = False
        for square in range(lay.size):
            options = [best[e] + 1 for e in after_card[square] if best[e] >= 0]
            if options and (best[square] < 0 or min(options) < best[square]):
                best[square], changed = min(options), True
    if not free_face_card:
        return best
    result = list(best)
    for square in range(lay.size):
        board = [EMPTY] * lay.size
        board[square] = colour
        ends = [m.end for m in legal_moves(board, lay, [QUEEN], (colour,))]
        back = lay.colour_routes[colour].backward[square][1]
        ends += [back[-1]] if back else []
        for end in ends:
            if best[end] >= 0 and (result[square] < 0 or best[end] < result[square]):
                result[square] = best[end]
    return result
