"""The ranking of squares behind the square values (spec 11.2), and the values file generated from it.

For a lone piece of one colour on an empty board (red; every colour sees the board alike), squares are ranked
best first by:

1. the fewest cards that take the piece into its base, the joker left out; a card may follow one free face card
   (a one-square step, as a player nearly always holds one and plays it first);
2. among equals, base squares above the rest, the deeper first;
3. then more routes: every shortest sequence of moves into the base, a move being a card (or a face card and a
   card) and where it lands;
4. then, while still tied, the same two (fewer cards, more routes) with the 6 gone from the deck; then the 7 too;
   then the 4; then the J, Q and K, and with them the free face card; and last the 9 and 10.

Ties share the better place. A square is worth 100 points a place above the worst place: the deepest base square
is worth the most, the pen nothing, and squares a piece never stands on (other colours' pens and bases) 0.

A card is played whole here: the 4 backwards only, the 7 as seven, a 6 from the pen one square; leaving the pen
takes an A, 6 or joker, leaving the bullseye a J, Q or K, and a fast-track hop a move that starts on an FT.

This is our reading of the Roc port's Rank/Reach (spec 11.2); it does not reproduce the port's generated table
square for square (docs/fasttrack-tuning.md compares the two as strategies).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TypedDict

from .board import B1, EMPTY, ZONE_SIZE, Layout, layout, square_at
from .cards import FOUR, JACK, JOKER, KING, NINE, NUM_RANKS, QUEEN, SEVEN, SIX, TEN
from .rules import TRADE, card_moves_from, forward_ends

VALUES_PATH = Path(__file__).resolve().parents[3] / "assets_generated" / "fasttrack-square-values.json"
POINTS_A_PLACE = 100
COLOUR = 0  # the ranking is red's; other colours turn it


def stage_decks() -> list[tuple[str, tuple[int, ...], bool]]:
    """(title, cards, free face card) for each stage of the ranking."""
    every = tuple(c for c in range(NUM_RANKS) if c != JOKER)
    no6 = tuple(c for c in every if c != SIX)
    no7 = tuple(c for c in no6 if c != SEVEN)
    no4 = tuple(c for c in no7 if c != FOUR)
    no_face = tuple(c for c in no4 if c not in (JACK, QUEEN, KING))
    no_high = tuple(c for c in no_face if c not in (NINE, TEN))
    return [
        ("no joker", every, True),
        ("no 6", no6, True),
        ("no 7", no7, True),
        ("no 4", no4, True),
        ("no J/Q/K", no_face, False),
        ("no 9/10", no_high, False),
    ]


def lands(lay: Layout, square: int, card: int) -> list[int]:
    """Where one card, played whole, takes a lone red piece from `square`."""
    board = [EMPTY] * lay.size
    board[square] = COLOUR
    if card == SEVEN:
        if lay.is_pen[square] or square == lay.bullseye:
            return []
        return sorted({p[-1] for p in forward_ends(board, lay, square, 7)})
    return sorted({m.end for m in card_moves_from(board, lay, card, square) if m.kind != TRADE})


def squares_of(lay: Layout) -> list[int]:
    """The squares a red piece can stand on."""
    return [s for s in range(lay.size) if not ((lay.is_pen[s] or lay.is_base[s]) and lay.zone(s) != COLOUR)]


def stage_routes(lay: Layout, cards: tuple[int, ...], free_face: bool) -> tuple[dict[int, int], dict[int, int]]:
    """(fewest cards into the base, number of shortest routes) for every square; unreachable squares are left out."""
    squares = squares_of(lay)
    edges: dict[int, list[int]] = {}
    for s in squares:
        ends = [e for c in cards for e in lands(lay, s, c)]
        if free_face and not lay.is_pen[s]:
            ends += [e for step in lands(lay, s, QUEEN) for c in cards for e in lands(lay, step, c)]
        edges[s] = ends
    base = set(lay.base(COLOUR))
    cards_needed = {s: 0 for s in base}
    routes = {s: 1 for s in base}
    depth = 0
    while True:
        depth += 1
        found = {}
        for s in squares:
            if s in cards_needed:
                continue
            count = sum(routes[e] for e in edges[s] if cards_needed.get(e) == depth - 1)
            if count:
                found[s] = count
        if not found:
            return cards_needed, routes
        for s, count in found.items():
            cards_needed[s] = depth
            routes[s] = count


# A square's comparison tuple, smaller first: (fewest cards, -base depth, (fewest cards, -routes) of each stage).
RankKey = tuple[int, int, tuple[tuple[int, int], ...]]


@cache
def ranking() -> list[tuple[int, RankKey]]:
    """(square, comparison tuple) for every square that reaches the base, best first, ties in square order."""
    lay = layout(4)
    stages = [stage_routes(lay, cards, free_face) for _, cards, free_face in stage_decks()]
    far = 10**6
    rows: list[tuple[int, RankKey]] = []
    for s in squares_of(lay):
        if s not in stages[0][0]:
            continue
        depth = lay.local(s) - B1 + 1 if lay.is_base[s] else 0
        per_stage = tuple((st[0].get(s, far), -st[1].get(s, 0)) for st in stages)
        rows.append((s, (stages[0][0][s], -depth, per_stage)))
    rows.sort(key=lambda row: (row[1], row[0]))
    return rows


def places() -> dict[int, int]:
    """Square -> place in the ranking (0 the best; a tie shares the better place)."""
    result: dict[int, int] = {}
    previous = None
    for i, (square, order) in enumerate(ranking()):
        result[square] = result[previous[0]] if previous is not None and previous[1] == order else i
        previous = (square, order)
    return result


class ValuesFile(TypedDict):
    """The JSON of the square values file."""

    about: str
    points_a_place: int
    zones: list[list[int]]  # relative zones (own, next, two on, the zone before the own) x 22 squares
    bullseye: int


def generated_values() -> ValuesFile:
    """The square values as the values file holds them: relative zones of 22 squares, then the bullseye."""
    lay = layout(4)
    place = places()
    worst = max(place.values())
    value = {s: POINTS_A_PLACE * (worst - p) for s, p in place.items()}
    zones = [[value.get(square_at(z, local), 0) for local in range(ZONE_SIZE)] for z in range(lay.zones)]
    return {
        "about": "Fast Track square values, generated from the ranking of squares by "
        "`tablegames fasttrack square-values`; do not edit. Rows: relative zones (own, next, two on, the zone "
        "before the own); columns: HP1-HP4, B1-B4, HH, DS, BR, L0-L4, FT, R0-R4.",
        "points_a_place": POINTS_A_PLACE,
        "zones": zones,
        "bullseye": value[lay.bullseye],
    }


def values_text() -> str:
    data = generated_values()
    rows = ",\n    ".join(json.dumps(row) for row in data["zones"])
    return (
        "{\n"
        f'  "about": {json.dumps(data["about"])},\n'
        f'  "points_a_place": {data["points_a_place"]},\n'
        f'  "zones": [\n    {rows}\n  ],\n'
        f'  "bullseye": {data["bullseye"]}\n'
        "}\n"
    )


def load_values(path: Path = VALUES_PATH) -> tuple[tuple[tuple[int, ...], ...], int]:
    """(zones table, bullseye value) from the values file; ValueError naming the file when it is malformed."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        zones = tuple(tuple(int(v) for v in row) for row in data["zones"])
        bullseye = int(data["bullseye"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ValueError(f"square values file {path}: expected the JSON written by 'square-values' ({error})") from error
    if len(zones) != 4 or any(len(row) != ZONE_SIZE for row in zones):
        raise ValueError(f"square values file {path}: expected 4 zones of {ZONE_SIZE} values")
    return zones, bullseye
