"""What a position is worth to a player: the Roc port's square values (spec 11.2), the start of the computer player.

A piece is worth the value of its square seen from its own zone (relative zones: own, next, two on, the zone
before the own), plus a bonus a step into its own base. The table is the generated SquareValues of the Roc port
(100 points a place in a ranking of squares, B4 6100, the pen 0), copied from the spec; it is defined for the
four-zone board only.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import B1, ZONE_SIZE, Layout

BULLSEYE_VALUE = 4100
BASE_BONUS = 2500  # a step into the base (the README's champion; the stored code had 1000)

# Rows: relative zone 0 (own), 1 (next), 2 (two on), 3 (the zone before the own); columns: local square order
# HP1-HP4, B1-B4, HH, DS, BR, L0-L4, FT, R0-R4.
SQUARE_VALUES = (
    (0, 0, 0, 0, 5800, 5900, 6000, 6100, 1900, 5600, 5700, 2800, 2900, 2000, 2300, 3900, 4600, 5500, 4400, 4700, 4900, 4800),
    (0, 0, 0, 0, 0, 0, 0, 0, 1000, 1300, 1600, 600, 700, 2700, 3100, 4300, 5400, 1800, 2200, 1200, 300, 100),
    (0, 0, 0, 0, 0, 0, 0, 0, 1100, 1400, 1500, 500, 800, 2600, 3100, 4200, 5200, 1700, 2400, 2100, 400, 200),
    (0, 0, 0, 0, 0, 0, 0, 0, 3700, 3600, 3500, 3800, 4000, 4600, 5400, 5200, 5000, 3400, 3300, 3200, 2500, 900),
)  # fmt: skip


def square_value(layout: Layout, colour: int, square: int) -> int:
    """Value of `square` for a piece of `colour` (four zones only)."""
    if layout.zones != len(SQUARE_VALUES):
        raise ValueError(f"square values: defined for a 4-zone board, got {layout.zones} zones")
    if square == layout.bullseye:
        return BULLSEYE_VALUE
    relative = int(layout.relative[colour, square])
    return SQUARE_VALUES[relative // ZONE_SIZE][relative % ZONE_SIZE]


def board_value(board: Sequence[int], layout: Layout, colours: Sequence[int], base_bonus: int = BASE_BONUS) -> int:
    """Sum over the pieces of `colours`: the square's value, plus base_bonus x depth (B1 = 1 .. B4 = 4) at home."""
    total = 0
    for square, colour in enumerate(board):
        if colour in colours:
            total += square_value(layout, colour, square)
            if layout.is_base[square] and layout.zone(square) == colour:
                total += base_bonus * (layout.local(square) - B1 + 1)
    return total
