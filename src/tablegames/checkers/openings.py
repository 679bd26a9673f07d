"""The three-move ballot: the 174 openings of the American Checker Federation list, 156 of them in use.

Tournaments draw their openings from this fixed list (with a seeded choice), so a table is reproducible and
every game starts from a position masters play. Each line below is a first and second move followed by the
third moves tried after them, in ACF order (opening number = position in the list, from 1); a `*` marks a
barred opening (judged lost for one side), which tournaments skip.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablegames.checkers.game import CheckersGame
from tablegames.checkers.position import Position
from tablegames.core.rng import make_rng

_BALLOT_TABLE = """
9-13 21-17: 5-9, 6-9, 10-14*
9-13 22-17: 13x22
9-13 22-18: 6-9, 10-14, 10-15, 11-15, 11-16, 12-16
9-13 23-18: 5-9, 6-9, 10-14*, 10-15, 11-15, 11-16, 12-16
9-13 23-19: 5-9, 6-9, 10-14, 10-15, 11-16
9-13 24-19: 5-9, 6-9, 10-14, 10-15*, 11-15, 11-16
9-13 24-20: 5-9, 6-9, 10-14, 10-15, 11-15, 11-16, 12-16*
9-14 22-17: 5-9, 6-9, 11-15, 11-16
9-14 22-18: 5-9, 10-15, 11-15, 11-16, 12-16*, 14-17*
9-14 23-18: 14x23
9-14 23-19: 5-9, 10-15*, 11-16, 14-18
9-14 24-19: 5-9, 10-15*, 11-15, 11-16
9-14 24-20: 5-9, 10-15, 11-15, 11-16
10-14 22-17: 7-10, 9-13, 11-15, 11-16, 14-18
10-14 22-18: 6-10, 7-10, 11-15, 11-16, 12-16
10-14 23-18: 14x23
10-14 23-19: 6-10, 7-10, 11-15, 11-16, 14-18
10-14 24-19: 6-10, 7-10, 11-15*, 11-16, 14-18
10-14 24-20: 6-10, 7-10, 11-15, 11-16, 14-18
10-15 21-17: 6-10, 7-10, 9-13, 9-14*, 11-16, 15-18
10-15 22-17: 6-10, 7-10, 9-13, 9-14*, 11-16, 15-19
10-15 22-18: 15x22
10-15 23-18: 6-10, 7-10, 9-14, 11-16, 12-16
10-15 23-19: 6-10, 7-10, 11-16
10-15 24-19: 15x24
10-15 24-20: 6-10, 7-10, 11-16*, 15-19
11-15 21-17: 8-11, 9-13, 9-14, 10-14*, 15-19
11-15 22-17: 8-11, 9-13, 15-18, 15-19
11-15 22-18: 15x22
11-15 23-18: 8-11, 9-14, 10-14, 12-16, 15-19
11-15 23-19: 8-11, 9-13, 9-14
11-15 24-19: 15x24
11-15 24-20: 8-11, 12-16, 15-18
11-16 21-17: 7-11, 8-11, 9-13, 9-14, 10-14*, 16-20
11-16 22-17: 7-11, 8-11, 9-13, 16-20
11-16 22-18: 7-11, 8-11, 10-15*, 16-19, 16-20
11-16 23-18: 7-11, 8-11, 9-14, 10-14, 16-20
11-16 23-19: 16x23
11-16 24-19: 7-11, 8-11, 10-15*, 16-20
11-16 24-20: 7-11, 16-19
12-16 21-17: 9-13, 9-14, 16-19, 16-20
12-16 22-17: 16-19, 16-20
12-16 22-18: 16-19, 16-20
12-16 23-18: 9-14*, 16-19, 16-20
12-16 23-19: 16x23*
12-16 24-19: 16-20
12-16 24-20: 8-12, 10-15
"""


@dataclass(frozen=True)
class Opening:
    number: int  # ACF number, 1-174
    moves: tuple[str, str, str]
    barred: bool

    @property
    def notation(self) -> str:
        return " ".join(self.moves)

    def game(self) -> CheckersGame:
        """A game with the three moves played: White (the second player) moves next."""
        game = CheckersGame()
        for move in self.moves:
            game.play(move)
        return game

    def position(self) -> Position:
        return self.game().position


def _parse_ballot() -> tuple[Opening, ...]:
    openings: list[Opening] = []
    for line in _BALLOT_TABLE.strip().splitlines():
        head, thirds = line.split(": ")
        first, second = head.split()
        for third in thirds.split(", "):
            barred = third.endswith("*")
            openings.append(Opening(len(openings) + 1, (first, second, third.rstrip("*")), barred))
    return tuple(openings)


BALLOT: tuple[Opening, ...] = _parse_ballot()
ACCEPTED: tuple[Opening, ...] = tuple(opening for opening in BALLOT if not opening.barred)


def choose_openings(count: int, seed: int, exclude: frozenset[int] = frozenset()) -> list[Opening]:
    """`count` accepted openings drawn without repetition by a seeded generator (ACF order kept), skipping the
    numbers in `exclude`; ValueError when fewer are left."""
    pool = [opening for opening in ACCEPTED if opening.number not in exclude]
    if not 1 <= count <= len(pool):
        raise ValueError(f"cannot draw {count} openings: 1-{len(pool)} accepted openings are available")
    picks = make_rng(seed, "checkers", "openings").choice(len(pool), size=count, replace=False)
    return [pool[i] for i in sorted(int(i) for i in picks)]
