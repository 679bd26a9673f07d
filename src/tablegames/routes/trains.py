"""Train types and route bonuses, and what they mean for a stop's value and a route's length.

Notation for `parse_train` (one train; a train *set* is a comma list, "4,3" = a 4-train and a 3-train):
  "3"     3 stops, towns count as stops            "D"     unlimited stops, reads "diesel" stop values
  "4E"    express: visits any stops, counts best 4 "3H"    hex train: the route spans at most 3 hexes
  "2+2"   2 cities (or off-boards) plus 2 towns    "3T"    towns skipped: a town is neither stop nor revenue
  "...x2" doubling: every stop (and bonus) counts twice, e.g. "3x2", "4Ex2".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tablegames.routes.limits import MAX_MULTIPLIER, MAX_VALUE

UNLIMITED = 1 << 20  # stops of a train without a limit; also the most stops, towns or hexes a train may name
_TRAIN_PATTERN = re.compile(r"^(?:(?P<d>D)|(?P<n>\d+)(?:\+(?P<m>\d+))?(?P<kind>[EHT]?))(?:x(?P<mult>\d+))?$")


@dataclass(frozen=True)
class TrainType:
    """One train. `stops` limits the stops a route visits (cities, towns, off-boards together); with `towns`
    ("+m" trains) up to `towns` more stops may be towns. `express` counts only the best `stops` of the visited
    stops; `hexes` (> 0) makes a hex train limited by route length instead of stops. `skip_towns` trains pass
    towns for nothing. `stop_bonus` adds per visited stop kind (a diesel's +40 per off-board)."""

    name: str
    stops: int = 2
    towns: int = 0
    express: bool = False
    hexes: int = 0
    skip_towns: bool = False
    multiplier: int = 1
    value_class: str | None = None
    track: str = "broad"
    stop_bonus: Mapping[str, int] = field(default_factory=dict)

    @property
    def is_unlimited(self) -> bool:
        return self.stops >= UNLIMITED


@dataclass(frozen=True)
class RouteBonus:
    """A bonus paid to a route that visits at least one stop of every part, e.g. east-west: parts
    (("Chicago", "St Louis"), ("New York",)). `trains` restricts it to train names (empty = every train)."""

    name: str
    parts: tuple[tuple[str, ...], ...]
    amount: int
    trains: tuple[str, ...] = ()


def parse_train(text: str) -> TrainType:
    """A train from its usual name ("2", "D", "4E", "3H", "2+2", "3T", "5x2")."""
    spec = text.strip()
    shown = repr(text) if len(text) <= 40 else repr(text[:37] + "...")  # a 5,000-digit name stays one short line
    match = _TRAIN_PATTERN.match(spec)
    if not match:
        raise ValueError(f"train {shown}: expected N, N+M, NE, NH, NT or D, optionally followed by xK (e.g. 4x2)")
    multiplier = _whole(match["mult"] or "1")
    if not 1 <= multiplier <= MAX_MULTIPLIER:
        raise ValueError(f"train {shown}: multiplier {match['mult'][:20]}, expected 1 to {MAX_MULTIPLIER}")
    if match["d"]:
        return TrainType(spec, stops=UNLIMITED, multiplier=multiplier, value_class="diesel")
    n = _whole(match["n"])
    if n < 1:
        raise ValueError(f"train {shown}: a train needs at least 1 stop")
    for count in (match["n"], match["m"] or "0"):
        if _whole(count) > UNLIMITED:
            raise ValueError(f"train {shown}: {count[:20]}, expected at most {UNLIMITED} stops, towns or hexes")
    kind = match["kind"]
    if match["m"] is not None and kind:
        raise ValueError(f"train {shown}: an N+M train takes no E/H/T suffix")
    if kind == "H":
        return TrainType(spec, stops=UNLIMITED, hexes=n, multiplier=multiplier)
    return TrainType(
        spec,
        stops=n,
        towns=_whole(match["m"] or "0"),
        express=kind == "E",
        skip_towns=kind == "T",
        multiplier=multiplier,
    )


def _whole(digits: str) -> int:
    """The number the digits of a train name give; more digits than any bound counts as too large (int() refuses
    over 4300 digits)."""
    return int(digits) if len(digits) <= 20 else 10**20


def parse_train_list(text: str) -> list[TrainType]:
    """"4,3" -> a 4-train and a 3-train."""
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise ValueError(f"trains {text!r}: expected a comma-separated list such as 4,3")
    return [parse_train(p) for p in parts]


def check_trains(trains: Sequence[TrainType]) -> None:
    """Trains the search can run: counts in range, and revenue within the bounds of `routes.limits`."""
    for train in trains:
        if not (1 <= train.stops <= UNLIMITED and 0 <= train.towns <= UNLIMITED and 0 <= train.hexes <= UNLIMITED
                and 1 <= train.multiplier <= MAX_MULTIPLIER):
            raise ValueError(f"train {train.name!r}: expected stops 1 to {UNLIMITED}, towns and hexes 0 to "
                             f"{UNLIMITED}, multiplier 1 to {MAX_MULTIPLIER}")
        for kind, amount in train.stop_bonus.items():
            if (kind not in ("city", "town", "offboard") or not isinstance(amount, int) or isinstance(amount, bool)
                    or not 0 <= amount <= MAX_VALUE):
                raise ValueError(f"train {train.name!r}: stop_bonus {kind!r}: {amount!r}, expected a stop kind: "
                                 f"0 to {MAX_VALUE}")
