"""Who sits where at the Fast Track table: the seats people play (hot seat: any number, none to watch) and the
level of the computers in the others. Plain data: the controller plays by it, the save keeps it, the settings
hold it for the next game (`fasttrack_persons`, a bit a seat, and `fasttrack_level`)."""

from __future__ import annotations

from dataclasses import dataclass

from tablegames.fasttrack.board import COLOURS
from tablegames.fasttrack.strategy import LEVELS

CHAMPION_LEVEL = "champion"
LEVEL_NAMES = {"beginner": "Beginner", "casual": "Casual", "strong": "Strong", "champion": "Champion",
               "expert": "Expert"}
PERSON, COMPUTER = "person", "computer"
SEAT_KINDS = (PERSON, COMPUTER)
MAX_SEATS = len(COLOURS)


@dataclass(frozen=True)
class Seating:
    """The seats people play (seat numbers: red 0, blue 1, ...; none: every seat a computer, watching) and the
    computers' level (strategy.LEVELS)."""

    persons: frozenset[int] = frozenset({0})
    level: str = CHAMPION_LEVEL

    def __post_init__(self) -> None:
        object.__setattr__(self, "persons", frozenset(int(seat) for seat in self.persons))
        if not all(0 <= seat < MAX_SEATS for seat in self.persons):
            raise ValueError(f"person seats {sorted(self.persons)}: expected seats 0-{MAX_SEATS - 1}")
        if self.level not in LEVELS:
            raise ValueError(f"level {self.level!r}: expected one of {', '.join(LEVELS)}")

    def at(self, players: int) -> frozenset[int]:
        """The person seats of a board of `players` seats."""
        return frozenset(seat for seat in self.persons if seat < players)

    def kinds(self, players: int) -> list[str]:
        """Each seat's kind in seat order ("person" or "computer"), as a save writes them."""
        return [PERSON if seat in self.persons else COMPUTER for seat in range(players)]

    @classmethod
    def from_kinds(cls, kinds: list[str], level: str) -> Seating:
        return cls(frozenset(seat for seat, kind in enumerate(kinds) if kind == PERSON), level)

    @property
    def mask(self) -> int:
        """The person seats as bits (seat s is bit s), as the settings keep them."""
        return sum(1 << seat for seat in self.persons)

    @classmethod
    def from_mask(cls, mask: int, level: str) -> Seating:
        return cls(frozenset(seat for seat in range(MAX_SEATS) if mask >> seat & 1), level)


RED_PERSON = Seating()  # the table's first seating (and what a version 1 save was played with)
WATCHING = Seating(frozenset())


def seats_words(seating: Seating, players: int) -> str:
    """The person seats in a few words, for the menu: "red", "red, blue", "none (watch)"."""
    persons = sorted(seating.at(players))
    if not persons:
        return "none (watch)"
    if len(persons) == players:
        return "everyone"
    return ", ".join(COLOURS[seat] for seat in persons)
