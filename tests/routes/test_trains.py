"""Every train type on a line worked out by hand.

    O1 --1-- A --1-- t1 --1-- B ====2==== C --1-- O2        (segment lengths in hexes)
    off-board 30/60/diesel 80, city 20 (X token), town 10, city 30, city 40, off-board 50/70/diesel 100
"""

import pytest

from tablegames.routes.network import Junction, Network, Segment, Stop
from tablegames.routes.reference import brute_force
from tablegames.routes.trains import UNLIMITED, RouteBonus, TrainType, parse_train, parse_train_list

PHASES = ("2", "5")


def line(c_tokens=(), group=None, narrow_t1_b=False) -> Network:
    stops = [
        Stop("O1", "offboard", {"2": 30, "5": 60, "diesel": 80}, slots=0, group=group),
        Stop("A", "city", 20, tokens=("X",)),
        Stop("t1", "town", 10, slots=0),
        Stop("B", "city", 30),
        Stop("C", "city", 40, slots=1, tokens=c_tokens),
        Stop("O2", "offboard", {"2": 50, "5": 70, "diesel": 100}, slots=0, group=group),
    ]
    segments = [
        Segment("O1", "A"), Segment("A", "t1"), Segment("t1", "B", track="narrow" if narrow_t1_b else "broad"),
        Segment("B", "C", length=2), Segment("C", "O2"),
    ]
    return Network(stops, segments, phases=PHASES)


@pytest.mark.parametrize(
    ("train", "phase", "expected", "why"),
    [
        ("2", "2", 50, "O1 30 + A 20"),
        ("2", "5", 80, "the off-board is worth 60 in phase 5"),
        ("3", "2", 60, "O1-A-t1 or A-t1-B: the town counts as a stop"),
        ("4", "2", 100, "A-t1-B-C"),
        ("5", "2", 150, "A-t1-B-C-O2 = 20+10+30+40+50"),
        ("3T", "2", 90, "towns skipped: A-(t1)-B-C"),
        ("2+1", "2", 60, "two cities and a town: O1-A-t1"),
        ("2E", "2", 90, "express over the whole line, best two: 50 + 40"),
        ("4E", "2", 150, "best four: 50 + 40 + 30 + 30"),
        ("3H", "2", 60, "two hex crossings: O1-A-t1 or A-t1-B"),
        ("5H", "2", 100, "four crossings: A-t1-B-C (B-C is two)"),
        ("2x2", "2", 100, "O1-A doubled"),
        ("D", "5", 280, "the whole line at diesel values: 80+20+10+30+40+100"),
        ("D", "2", 280, "diesel values do not depend on the phase"),
    ],
)
def test_train_type_on_the_line(train: str, phase: str, expected: int, why: str, solve_by) -> None:
    network = line()
    trains = [parse_train(train)]
    assert solve_by(network, trains, "X", phase).total == expected, why
    assert brute_force(network, trains, "X", phase)[0] == expected, why


def test_diesel_bonus_per_off_board(solve_by) -> None:
    diesel = TrainType("D", stops=UNLIMITED, stop_bonus={"offboard": 40})
    # 60+40 + 20+10+30+40 + 70+40
    assert solve_by(line(), [diesel], "X", "5").total == 310


def test_east_west_bonus_for_named_trains(solve_by) -> None:
    bonus = RouteBonus("east-west", (("O1",), ("O2",)), 100, trains=("6",))
    assert solve_by(line(), parse_train_list("6"), "X", "2", [bonus]).total == 180 + 100
    assert solve_by(line(), parse_train_list("6"), "X", "2").total == 180
    assert solve_by(line(), [TrainType("6", stops=5)], "X", "2", [bonus]).total == 150  # cannot reach both ends
    assert solve_by(line(), parse_train_list("6,5"), "X", "2", [bonus]).total == 280  # only the 6 gets it
    doubled = solve_by(line(), [parse_train("6x2")], "X", "2", [RouteBonus("ew", (("O1",), ("O2",)), 100)])
    assert doubled.total == 2 * (180 + 100)


def test_blocked_city_ends_routes(solve_by) -> None:
    # C full of Y: a route may end at C but not run through it to O2.
    assert solve_by(line(c_tokens=("Y",)), parse_train_list("6"), "X", "2").total == 130
    assert solve_by(line(c_tokens=()), parse_train_list("6"), "X", "2").total == 180


def test_off_board_group_counts_once_per_route(solve_by) -> None:
    assert solve_by(line(group="Gulf"), parse_train_list("6"), "X", "2").total == 150


def test_two_trains_share_a_stop_but_not_track(solve_by) -> None:
    result = solve_by(line(), parse_train_list("2,2"), "X", "2")
    assert result.total == 80  # A-O1 (50) + A-t1 (30)
    assert sorted(run.stops for run in result.runs) == [("A", "O1"), ("A", "t1")]


def test_narrow_gauge_track_stops_broad_trains(solve_by) -> None:
    network = line(narrow_t1_b=True)
    assert solve_by(network, parse_train_list("6"), "X", "2").total == 60  # O1-A-t1 only
    narrow = TrainType("2n", stops=2, track="narrow")
    assert solve_by(network, [narrow], "X", "2").total == 0  # narrow track does not touch a token


def test_crossing_junction_forbids_reversing_at_a_hex_edge(solve_by) -> None:
    def y_tile(crossing: bool) -> Network:
        stops = [Stop("P", "city", 10), Stop("Q", "city", 20, tokens=("X",)), Stop("R", "city", 50)]
        segments = [Segment("P", "J", hex="H1"), Segment("Q", "J", hex="H2"), Segment("R", "J", hex="H2")]
        return Network(stops, segments, [Junction("J", ("H1/H2 side",), crossing=crossing)])

    assert solve_by(y_tile(True), parse_train_list("3"), "X").total == 30  # Q-P; Q-R would reverse on the side
    assert solve_by(y_tile(False), parse_train_list("3"), "X").total == 70
    # Both Q-P and Q-R use the side: two trains cannot both run through it.
    assert solve_by(y_tile(False), parse_train_list("2,2"), "X").total == 70


def test_no_token_no_run(solve_by) -> None:
    assert solve_by(line(), parse_train_list("4,3"), "Z", "2").total == 0


@pytest.mark.parametrize("text", ["", "0", "E", "4Q", "2+2E", "3x0", "D3"])
def test_bad_train_names_are_rejected(text: str) -> None:
    with pytest.raises(ValueError, match="train"):
        parse_train_list(text) if text == "" else parse_train(text)


def test_counted_stops_of_express_and_town_skipping_trains(solve_by) -> None:
    express = solve_by(line(), parse_train_list("2E"), "X", "2").runs[0]
    assert set(express.counted) == {"O2", "C"} and len(express.stops) == 6
    skipper = solve_by(line(), parse_train_list("3T"), "X", "2").runs[0]
    assert set(skipper.stops) == {"A", "t1", "B", "C"} and set(skipper.counted) == {"A", "B", "C"}
