"""What a position is worth to a player: the Roc port's strategy as values (spec 11.2).

A line of play is scored by the squares the team's pieces stand on, a bonus a step into the own base, and the
cards kept in hand (the hoard), which are worth more while few pieces are home. Opponents count for nothing.
A `Strategy` is plain values, so experiments can vary them; `CHAMPION` is the strategy the computer plays.

A piece is worth the value of its square seen from its own zone (relative zones: own, next, two on, the zone
before the own). The table is the Roc port's generated SquareValues (100 points a place in a ranking of squares,
B4 6100, the pen 0), made for the four-zone board and stretched to the others (`square_value`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from .board import B1, ZONE_SIZE, Layout
from .cards import ACE, JACK, JOKER, NUM_RANKS

BULLSEYE_VALUE = 4100
BASE_BONUS = 2500  # a step into the base (the README's champion; the stored code had 1000)
WIN_BONUS = 1_000_000  # a line that wins beats every other (ours: the Roc score ranks it first almost always)

# Rows: relative zone 0 (own), 1 (next), 2 (two on), 3 (the zone before the own); columns: local square order
# HP1-HP4, B1-B4, HH, DS, BR, L0-L4, FT, R0-R4.
SQUARE_VALUES = (
    (0, 0, 0, 0, 5800, 5900, 6000, 6100, 1900, 5600, 5700, 2800, 2900, 2000, 2300, 3900, 4600, 5500, 4400, 4700, 4900, 4800),
    (0, 0, 0, 0, 0, 0, 0, 0, 1000, 1300, 1600, 600, 700, 2700, 3100, 4300, 5400, 1800, 2200, 1200, 300, 100),
    (0, 0, 0, 0, 0, 0, 0, 0, 1100, 1400, 1500, 500, 800, 2600, 3100, 4200, 5200, 1700, 2400, 2100, 400, 200),
    (0, 0, 0, 0, 0, 0, 0, 0, 3700, 3600, 3500, 3800, 4000, 4600, 5400, 5200, 5000, 3400, 3300, 3200, 2500, 900),
)  # fmt: skip

# A kept A, joker or J is worth this with 0 / 1 / 2 / 3 or more own pieces home when the search starts.
CHAMPION_HOARD = {ACE: (1500, 1000, 500, 0), JOKER: (1500, 1000, 500, 0), JACK: (1500, 1000, 500, 0)}
MAX_HOME_COUNTED = 3


@dataclass(frozen=True)
class Strategy:
    """A computer player as values. `first_legal` makes the naive baseline that always takes the first option;
    `temperature` (in points) makes the search choose among its line ends by softmax(score / temperature) instead of
    always the best (search.py: the weaker computer levels)."""

    name: str
    base_bonus: int = BASE_BONUS
    hoard: tuple[tuple[int, tuple[int, int, int, int]], ...] = tuple(sorted(CHAMPION_HOARD.items()))
    win_bonus: int = WIN_BONUS
    first_legal: bool = False
    square_values: tuple[tuple[int, ...], ...] = SQUARE_VALUES
    bullseye_value: int = BULLSEYE_VALUE
    temperature: float = 0.0
    # The expert (expert.py): with playouts > 0 the best `expert_lines` lines within `expert_margin` points of the
    # best are each played out over `playouts` sampled deals of the unseen cards, and the line winning most is played.
    playouts: int = 0
    expert_lines: int = 4
    expert_margin: int = 3000
    # Information-set MCTS (kernels.ismcts_decide): with iterations > 0, that many determinized tree walks and
    # playouts a decision over the same candidate lines (expert_lines, expert_margin), for every seat in the tree.
    iterations: int = 0

    def hoard_table(self) -> npt.NDArray[np.int64]:
        """int64[4, 14]: what one kept card of each rank is worth, by own pieces home (0, 1, 2, 3+)."""
        table = np.zeros((MAX_HOME_COUNTED + 1, NUM_RANKS), dtype=np.int64)
        for rank, values in self.hoard:
            table[:, rank] = values
        return table

    def value_table(self, layout: Layout) -> npt.NDArray[np.int64]:
        """int64[colour, square]: the square's value to a piece of that colour, with the base bonus added."""
        table = np.zeros((layout.zones, layout.size), dtype=np.int64)
        for colour in range(layout.zones):
            for square in range(layout.size):
                table[colour, square] = square_value(layout, colour, square, self)
                if layout.is_base[square] and layout.zone(square) == colour:
                    table[colour, square] += self.base_bonus * (layout.local(square) - B1 + 1)
        return table


CHAMPION = Strategy("champion")
FIRST_LEGAL = Strategy("first-legal", first_legal=True)
# Variants the experiments compare against the champion (spec 11.3).
STRATEGIES: dict[str, Strategy] = {
    s.name: s
    for s in (
        CHAMPION,
        FIRST_LEGAL,
        replace(CHAMPION, name="base-1000", base_bonus=1000),
        replace(CHAMPION, name="no-base-bonus", base_bonus=0),
        replace(CHAMPION, name="no-jack-hoard", hoard=((ACE, (1500, 1000, 500, 0)), (JOKER, (1500, 1000, 500, 0)))),
        replace(CHAMPION, name="no-hoard", hoard=()),
    )
}
EXPERT_PLAYOUTS = 32  # sampled deals a candidate line (docs/fasttrack-tuning.md: the budget sweep)
EXPERT = replace(CHAMPION, name="expert", playouts=EXPERT_PLAYOUTS)
STRATEGIES[EXPERT.name] = EXPERT
# The second candidate of issue #21. 128 iterations (each one playout) is about the expert's spend: its median
# decision that plays lines out makes 118 playouts (2 to 4 candidates x 32 deals, less the dropped lines).
ISMCTS_ITERATIONS = 128
ISMCTS = replace(CHAMPION, name="ismcts", iterations=ISMCTS_ITERATIONS)
STRATEGIES[ISMCTS.name] = ISMCTS


# The computer levels a table offers, weakest first: the champion's search choosing its line by softmax(score /
# temperature) over the line ends (search.py), so a weaker level mostly confuses lines of near-equal worth and only
# now and then throws a good one away. docs/fasttrack-tuning.md measures each against three champions.
# The expert (above) is the strongest level: the champion's lines weighed by playouts of sampled deals.
LEVEL_TEMPERATURES = {"beginner": 2000.0, "casual": 1200.0, "strong": 600.0, "champion": 0.0}
LEVELS = (*LEVEL_TEMPERATURES, EXPERT.name)
STRATEGIES.update(
    (level, replace(CHAMPION, name=level, temperature=temperature))
    for level, temperature in LEVEL_TEMPERATURES.items() if temperature
)


def level_strategy(level: str) -> Strategy:
    """The strategy a computer of this level plays (CHAMPION for "champion", EXPERT for "expert")."""
    if level not in LEVELS:
        raise ValueError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
    return STRATEGIES[level]


RANKED = "ranked"  # the champion with the square values generated from our ranking (ranking.py)


def strategy_named(name: str) -> Strategy:
    if name == RANKED:
        from .ranking import load_values

        zones, bullseye = load_values()
        return replace(CHAMPION, name=RANKED, square_values=zones, bullseye_value=bullseye)
    if name not in STRATEGIES:
        raise ValueError(f"strategy {name!r}: expected one of {', '.join([*STRATEGIES, RANKED])}")
    return STRATEGIES[name]


def strategy_names() -> list[str]:
    return [*STRATEGIES, RANKED]


def square_value(layout: Layout, colour: int, square: int, strategy: Strategy = CHAMPION) -> int:
    """Value of `square` for a piece of `colour`. The table's four rows are the own zone, the next, two on and the
    zone before the own; on other boards every zone between the next and the one before the own reads "two on"."""
    if square == layout.bullseye:
        return strategy.bullseye_value
    relative = int(layout.relative[colour, square])
    zone = relative // ZONE_SIZE
    row = 0 if zone == 0 else 3 if zone == layout.zones - 1 else 1 if zone == 1 else 2
    return strategy.square_values[row][relative % ZONE_SIZE]


def board_value(board: Sequence[int], layout: Layout, colours: Sequence[int], base_bonus: int = BASE_BONUS) -> int:
    """Sum over the pieces of `colours`: the square's value, plus base_bonus x depth (B1 = 1 .. B4 = 4) at home."""
    total = 0
    for square, colour in enumerate(board):
        if colour in colours:
            total += square_value(layout, colour, square)
            if layout.is_base[square] and layout.zone(square) == colour:
                total += base_bonus * (layout.local(square) - B1 + 1)
    return total


def pieces_home(board: Sequence[int], layout: Layout, colour: int) -> int:
    return sum(1 for s in layout.base(colour) if board[s] == colour)


def hoard_value(hand: Sequence[int], home: int, strategy: Strategy) -> int:
    """What the kept cards are worth with `home` own pieces in the base."""
    values = dict(strategy.hoard)
    column = min(home, MAX_HOME_COUNTED)
    return sum(values[card][column] for card in hand if card in values)
