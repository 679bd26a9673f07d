"""From a board's track graph (`hexmap.TrackGraph`) to the route search's `network.Network`.

The two models hold the same things, so the conversion is one to one: graph stops become network stops (values
keyed by phase, plus a "diesel" entry when a D train reads a different value), hex edge points become crossing
junctions (a route passes from one hex's track across the side, never from one track of a hex to another), and
every segment keeps its conflict ids, length and gauge. Home reservations do not enter the network: an empty
reserved slot never blocks a route.
"""

from __future__ import annotations

from tablegames.routes.hexmap import BoardState, GraphStop, TrackGraph, build_track_graph
from tablegames.routes.network import Junction, Network, Segment, Stop


def stop_value(stop: GraphStop) -> dict[str, int]:
    """Phase values, plus "diesel" when a D train reads another value (the network takes one diesel value)."""
    value = dict(stop.revenue)
    differs = {p for p in stop.revenue if stop.diesel_revenue[p] != stop.revenue[p]}
    if differs:
        diesel = {stop.diesel_revenue[p] for p in stop.revenue}
        if len(diesel) > 1:
            raise ValueError(
                f"stop {stop.name}: a D train's value changes with the phase, the network holds one"
            )
        value["diesel"] = diesel.pop()
    return value


def to_network(graph: TrackGraph) -> Network:
    stops = []
    for stop in graph.stops:
        if len(stop.groups) > 1:
            raise ValueError(f"stop {stop.name}: in groups {', '.join(stop.groups)}, the network takes one")
        stops.append(
            Stop(
                name=stop.name,
                kind=stop.kind,
                value=stop_value(stop),
                slots=stop.slots,
                tokens=stop.tokens,
                group=stop.groups[0] if stop.groups else None,
            )
        )
    junctions = [Junction(j.name, crossing=j.crossing) for j in graph.junctions]
    segments = [
        Segment(s.a, s.b, tuple(sorted(s.conflicts)), s.length, s.track, s.hex) for s in graph.segments
    ]
    return Network(stops, segments, junctions, graph.phases)


def board_network(board: BoardState) -> Network:
    """The route network of a board as it stands."""
    return to_network(build_track_graph(board))
