"""The track graph built from a board, on hand-checked boards, with a slow route walker as the reference."""

from __future__ import annotations

import itertools

import pytest

from shared_folder import SHARED_18XX as SHARED
from shared_folder import needs_shared_18xx as needs_shared
from tablegames.routes.boards import load_map, map_from_dict
from tablegames.routes.hexmap import BoardState, PlacedTile, Token, TrackGraph, build_track_graph

TILES = {
    "5": {"color": "yellow", "code": "city=revenue:20;path=a:0,b:_0;path=a:_0,b:1"},
    "57": {"color": "yellow", "code": "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"},
    "9": {"color": "yellow", "code": "path=a:0,b:3"},
    "14": {
        "color": "green",
        "code": "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0",
    },
    "59": {"color": "green", "code": "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=OO"},
}
PHASES = [
    {"name": "2", "tiles": ["yellow"]},
    {"name": "3", "tiles": ["yellow", "green"]},
    {"name": "5", "tiles": ["yellow", "green", "brown"]},
]


def tiny_map(hexes: dict[str, tuple[str, str | None]], companies=()):
    """A flat-layout map from {coord: (colour, code)} with the tiles above."""
    data = {
        "title": "test",
        "layout": "flat",
        "hexes": {c: {"color": color, "code": code} for c, (color, code) in hexes.items()},
        "tiles": TILES,
        "manifest": dict.fromkeys(TILES, 4),
        "phases": PHASES,
        "trains": [
            {"name": "2", "distance": 2},
            {"name": "3", "distance": 3},
            {"name": "D", "distance": 999},
        ],
        "companies": [{"sym": s, "name": s, "home": h} for s, h in companies],
    }
    return map_from_dict(data, "test map")


# ------------------------------------------------------------------------------------- reference walker
def walk_routes(graph: TrackGraph, company: str, phase: str, max_stops: int, diesel: bool = False):
    """Every legal route of one train, found by walking the graph node by node: (stops, conflicts, value).
    Rules (README "Route checks"): 2..max_stops stops, a company token among them, no stop and no conflict id
    twice, no passing through an off-board or a city full of other tokens, and at a hex edge point a route
    goes across the side (never from one track of a hex onto another)."""
    stops = {s.name: s for s in graph.stops}
    crossing_points = {j.name for j in graph.junctions if j.crossing}
    incident: dict[str, list[int]] = {}
    for i, seg in enumerate(graph.segments):
        incident.setdefault(seg.a, []).append(i)
        incident.setdefault(seg.b, []).append(i)
    found = {}

    def extend(node, last_seg, seen, used, route_stops, segs):
        if node in stops and len(route_stops) >= 2:
            if any(company in stops[s].tokens for s in route_stops):
                key = frozenset(segs)
                value = sum(stops[s].value(phase, diesel) for s in route_stops)
                found[key] = (tuple(route_stops), frozenset(used), value)
        if node in stops and len(route_stops) > 1:
            stop = stops[node]
            if stop.kind == "offboard" or stop.is_blocked_for(company):
                return
        if node in stops and len(route_stops) >= max_stops:
            return
        for s in incident.get(node, ()):
            seg = graph.segments[s]
            other = seg.b if seg.a == node else seg.a
            if other in seen or seg.conflicts & used:
                continue
            if node in crossing_points and last_seg is not None and graph.segments[last_seg].hex == seg.hex:
                continue
            extend(
                other,
                s,
                seen | {other},
                used | seg.conflicts,
                route_stops + ([other] if other in stops else []),
                segs + [s],
            )

    for stop in graph.stops:
        extend(stop.name, None, {stop.name}, frozenset(), [stop.name], [])
    return list(found.values())


def best_run(graph, company, phase, trains):
    """The best total over conflict-free choices of one route (or none) per train, by brute force."""
    options = [[None, *walk_routes(graph, company, phase, n, diesel=(n >= 99))] for n in trains]
    best = 0
    for choice in itertools.product(*options):
        chosen = [c for c in choice if c is not None]
        if all(not (a[1] & b[1]) for a, b in itertools.combinations(chosen, 2)):
            best = max(best, sum(c[2] for c in chosen))
    return best


# --------------------------------------------------------------------------------------------- the cases
def line_board(phase="2", tokens=(), tiles=None):
    """Off-board A1 - city A3 - city A5 - off-board A7, a straight line north to south (flat layout)."""
    game_map = tiny_map(
        {
            "A1": ("red", "offboard=revenue:yellow_20|brown_40|diesel_60;path=a:0,b:_0"),
            "A3": ("white", "city=revenue:0"),
            "A5": ("white", "city=revenue:0"),
            "A7": ("red", "offboard=revenue:yellow_30|brown_60;path=a:3,b:_0"),
        },
        companies=[("X", "A3"), ("Y", "A5")],
    )
    tiles = tiles or {"A3": PlacedTile("57", 0), "A5": PlacedTile("57", 0)}
    return BoardState(game_map, tiles=tiles, tokens=list(tokens), phase=phase)


def test_line_graph_structure():
    graph = build_track_graph(line_board())
    assert [s.name for s in graph.stops] == ["A1.o0", "A3.c0", "A5.c0", "A7.o0"]
    paths = [s for s in graph.segments if s.kind == "path"]
    crossings = [s for s in graph.segments if s.kind == "crossing"]
    assert len(paths) == 6 and len(crossings) == 3
    assert {(s.a, s.b) for s in crossings} == {("A1.e0", "A3.e3"), ("A3.e0", "A5.e3"), ("A5.e0", "A7.e3")}
    ids = [c for s in graph.segments for c in s.conflicts]
    assert len(ids) == len(set(ids)) == 9  # every path and every side its own conflict id
    assert all(s.length == (1 if s.kind == "crossing" else 0) for s in graph.segments)


def test_off_board_city_off_board_revenue_by_phase():
    # Only A3 has a tile: A5's city has no track yet, so the line ends at A3 and a 3-train earns A1 + A3.
    board = line_board(tokens=[Token("A3", 0, "X")], tiles={"A3": PlacedTile("57", 0)})
    assert best_run(build_track_graph(board), "X", "2", [3]) == 20 + 20
    graph = build_track_graph(line_board(tokens=[Token("A3", 0, "X")]))
    a1 = graph.stop("A1.o0")
    assert dict(a1.revenue) == {"2": 20, "3": 20, "5": 40}
    assert dict(a1.diesel_revenue) == {"2": 60, "3": 60, "5": 60}
    # Phase 2 (yellow): A1 20, A3 20, A5 20, A7 30. A 3-train's best is A3 - A5 - A7 = 70, a 4-train runs all 90.
    assert best_run(graph, "X", "2", [3]) == 70
    assert best_run(graph, "X", "2", [4]) == 90
    # Phase 3 adds green, which no off-board value names: the yellow values stay (90).
    assert best_run(graph, "X", "3", [4]) == 90
    # Phase 5 (brown): 40 + 20 + 20 + 60 = 140.
    assert best_run(graph, "X", "5", [4]) == 140
    # A D train reads A1's diesel value (60) in every phase; A7 has none, so it pays its phase value.
    assert best_run(graph, "X", "2", [999]) == 60 + 20 + 20 + 30
    assert best_run(graph, "X", "5", [999]) == 60 + 20 + 20 + 60


def test_city_blocked_by_full_slots():
    # X holds A3's only slot, Y holds A5's. Each may end a route in the other's city but not run through it.
    board = line_board(tokens=[Token("A3", 0, "X"), Token("A5", 0, "Y")])
    graph = build_track_graph(board)
    a3 = graph.stop("A3.c0")
    assert a3.is_blocked_for("Y") and not a3.is_blocked_for("X")
    routes = walk_routes(graph, "Y", "2", 4)
    assert routes and all("A3.c0" not in r[0][1:-1] for r in routes)
    assert best_run(graph, "Y", "2", [4]) == 20 + 20 + 30  # A3 - A5 - A7: stops at A3, never reaches A1
    assert best_run(graph, "X", "2", [4]) == 20 + 20 + 20  # A1 - A3 - A5: stops at A5, never reaches A7


def test_free_or_reserved_slots_do_not_block():
    board = line_board(tokens=[Token("A5", 0, "Y")])  # A3 is X's home, reserved but empty
    graph = build_track_graph(board)
    assert graph.stop("A3.c0").reserved == ("X",)
    assert graph.stop("A5.c0").reserved == ()  # Y's token is down: no reservation left
    assert not graph.stop("A3.c0").is_blocked_for("Y")
    assert best_run(graph, "Y", "2", [4]) == 20 + 20 + 20 + 30


def star_board():
    """A 2-slot green city C3 (tile 14) with straight track on every side: two trains may both stop at C3 but each
    side (and each tile path) carries one train."""
    game_map = tiny_map(
        {
            "C3": ("white", "city=revenue:0"),
            "C1": ("red", "offboard=revenue:yellow_50;path=a:0,b:_0"),  # north of C3 (edge 3)
            "C5": ("white", "city=revenue:0"),  # south (edge 0)
            "B2": ("red", "offboard=revenue:yellow_40;path=a:5,b:_0"),  # north-west (edge 2)
            "B4": ("white", "city=revenue:0"),  # south-west (edge 1)
            "D2": ("red", "offboard=revenue:yellow_10;path=a:1,b:_0"),  # north-east (edge 4)
            "C7": ("white", None),  # beyond C5 and B4: their straight track leads onto the map
            "A5": ("white", None),
        },
        companies=[("X", "C3")],
    )
    tiles = {"C3": PlacedTile("14", 0), "C5": PlacedTile("57", 0), "B4": PlacedTile("57", 1)}
    return BoardState(game_map, tiles=tiles, tokens=[Token("C3", 0, "X")], phase="3")


def test_two_trains_share_a_city_but_not_a_side():
    graph = build_track_graph(star_board())
    # Tile 14 joins edges 0, 1, 3, 4: the off-boards north (50) and north-east (10), cities south and south-west.
    # B2 (north-west, edge 2) is not reached. Best 2-train: C1 + C3 = 80. Two 2-trains: 80 + C3-C5 (30 + 20) = 130:
    # both stop at C3, each through its own side.
    assert best_run(graph, "X", "3", [2]) == 80
    assert best_run(graph, "X", "3", [2, 2]) == 130
    # A 3-train runs C1 - C3 - C5 (100); a second 3-train can still use the two sides left: B4 - C3 - D2 (60).
    assert best_run(graph, "X", "3", [3, 3]) == 160
    # Four 2-trains: one per side with track, all four stopping at C3: (50+30) + (20+30) + (20+30) + (10+30).
    assert best_run(graph, "X", "3", [2, 2, 2, 2]) == 220
    # The city itself is no conflict: the routes C1-C3 and C3-C5 share the stop and nothing else.
    routes = {frozenset(r[0]): r[1] for r in walk_routes(graph, "X", "3", 2)}
    north, south = routes[frozenset({"C1.o0", "C3.c0"})], routes[frozenset({"C3.c0", "C5.c0"})]
    assert not north & south
    assert len(north) == 3  # C1's path, the side C1|C3, C3's path from edge 3 to the city


def test_a_hex_with_two_cities():
    game_map = tiny_map(
        {
            "B3": ("yellow", "city=revenue:0;city=revenue:0;label=OO"),
            "B5": ("white", "city=revenue:0"),  # south of B3: B3's edge 0
            "A2": ("white", "city=revenue:0"),  # north-west of B3: B3's edge 2
            "B7": ("white", None),  # beyond B5 and A2: their track leads onto the map
            "B1": ("white", None),
        },
        companies=[("X", "B5"), ("Y", "A2")],
    )
    board = BoardState(
        game_map,
        # 59 at rotation 0: city c0 on edge 0, city c1 on edge 2, not joined inside the hex.
        tiles={"B3": PlacedTile("59", 0), "B5": PlacedTile("57", 0), "A2": PlacedTile("5", 4)},  # A2: B1 and B3
        tokens=[Token("B3", 0, "Y"), Token("B5", 0, "X"), Token("A2", 0, "Y")],
        phase="3",
    )
    graph = build_track_graph(board)
    b3 = [s for s in graph.stops if s.hex == "B3"]
    assert [(s.name, s.tokens, s.revenue["3"]) for s in b3] == [("B3.c0", ("Y",), 40), ("B3.c1", (), 40)]
    assert graph.stop("B3.c0").is_blocked_for("X") and not graph.stop("B3.c1").is_blocked_for("X")
    # X reaches c0 from B5 and may end there: B5 + B3.c0 = 60.
    assert best_run(graph, "X", "3", [3]) == 60
    # Y: a 3-train cannot join the two cities (no track between them): 60. Two 2-trains take one city each: 120.
    assert best_run(graph, "Y", "3", [3]) == 60
    assert best_run(graph, "Y", "3", [2, 2]) == 120


@needs_shared
def test_1830_start_board_graph():
    game_map = load_map(SHARED / "1830.json")
    graph = build_track_graph(BoardState(game_map))
    # Every city, town and off-board of the printed map is a stop.
    expected = sum(
        len(h.spec.cities) + len(h.spec.towns) + len(h.spec.offboards) for h in game_map.hexes.values()
    )
    assert len(graph.stops) == expected
    # Altoona H12: the city on edges 1 and 4 plus a bypass 1-4; all three paths are separate segments.
    altoona = [s for s in graph.segments if s.hex == "H12"]
    assert {(s.a, s.b) for s in altoona} == {("H12.e1", "H12.c0"), ("H12.e4", "H12.c0"), ("H12.e1", "H12.e4")}
    # Off-board groups survive, and home reservations sit where the companies start.
    assert graph.stop("A9.o0").groups == ("Canada",)
    assert graph.stop("G19.c0").reserved == ("NYNH",) and graph.stop("G19.c1").reserved == ()
    assert graph.stop("E11.c0").reserved == ("ERIE",) == graph.stop("E11.c1").reserved  # city chosen later
    # Gray track E9 (2-3) meets D10 (OO, no track yet) and D8: no crossing where the far side has no track.
    assert not [s for s in graph.segments if s.kind == "crossing" and "E9" in s.a + s.b]


# --------------------------------------------------------------------- the route search on the same graphs
def developed(game_map, seed):
    from dataclasses import replace

    from tablegames.routes.hexmap import lay_random_tiles, place_home_tokens

    board = place_home_tokens(BoardState(game_map))
    board = lay_random_tiles(board, seed, 25)
    return lay_random_tiles(replace(board, phase="3"), seed + 1, 15)


def test_the_route_search_agrees_with_the_walker_on_hex_boards():
    """The network adapter (routes/hexmap_network.py) feeds the exact search; it must find the walker's optimum.
    Runs once the search (routes/network.py, routes/search.py) is merged beside the hex maps."""
    pytest.importorskip("tablegames.routes.search")
    from tablegames.routes.boards import load_shipped_map
    from tablegames.routes.hexmap_network import to_network
    from tablegames.routes.search import BRANCH_AND_BOUND, LISTS, solve
    from tablegames.routes.trains import parse_train

    cases = [
        (build_track_graph(line_board(tokens=[Token("A3", 0, "X")])), "X", "2", ["3"]),
        (build_track_graph(line_board(tokens=[Token("A3", 0, "X")])), "X", "5", ["D"]),
        (build_track_graph(line_board(tokens=[Token("A3", 0, "X"), Token("A5", 0, "Y")])), "Y", "2", ["4"]),
        (build_track_graph(star_board()), "X", "3", ["3", "3"]),
        (build_track_graph(star_board()), "X", "3", ["2", "2", "2"]),
    ]
    harrowmere = load_shipped_map()
    for seed in (1, 2, 3):
        graph = build_track_graph(developed(harrowmere, seed))
        for company in harrowmere.companies:
            cases.append((graph, company.sym, "3", ["3", "2"]))
            cases.append((graph, company.sym, "3", ["4", "D"]))
    for graph, company, phase, trains in cases:
        lengths = [999 if t == "D" else int(t) for t in trains]
        expected = best_run(graph, company, phase, lengths)
        for method in (BRANCH_AND_BOUND, LISTS):
            result = solve(to_network(graph), [parse_train(t) for t in trains], company, phase, method=method)
            assert result.total == expected, (company, phase, trains, method)
