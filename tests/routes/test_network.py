"""Compression of track into stop-to-stop links, and the network's input checks."""

import pytest

from tablegames.routes.network import Junction, Network, Segment, Stop


def names(network: Network) -> set[tuple[str, str, frozenset[str]]]:
    ids = network.conflict_ids
    return {
        (network.stops[link.a].name, network.stops[link.b].name, frozenset(ids[c] for c in link.conflicts))
        for link in network.links
    }


def test_links_pass_junctions_and_collect_their_conflicts() -> None:
    stops = [Stop("A"), Stop("B"), Stop("C")]
    segments = [Segment("A", "J", ("a",)), Segment("B", "J", ("b",)), Segment("C", "J", ("c",)),
                Segment("A", "B", ("ab",))]
    network = Network(stops, segments, [Junction("J", ("side",))])
    assert names(network) == {
        ("A", "B", frozenset({"a", "b", "side"})),
        ("A", "C", frozenset({"a", "c", "side"})),
        ("B", "C", frozenset({"b", "c", "side"})),
        ("A", "B", frozenset({"ab"})),
    }


def test_hex_lengths_add_segments_and_crossed_sides() -> None:
    # Two tile paths of length 0 meeting at a hex side of length 1: one border crossing.
    network = Network([Stop("A"), Stop("B")], [Segment("A", "S", length=0), Segment("S", "B", length=0)],
                      [Junction("S", ("side",), length=1)])
    assert [link.length for link in network.links] == [1]


def test_links_stop_at_stops_and_skip_self_conflicting_paths() -> None:
    # A-J1-J2-B reuses conflict "x" twice: not a link; A-B-C is two links, not one.
    stops = [Stop("A"), Stop("B"), Stop("C")]
    segments = [Segment("A", "J1", ("x",)), Segment("J1", "J2", ("y",)), Segment("J2", "B", ("x",)),
                Segment("B", "C")]
    network = Network(stops, segments, [Junction("J1"), Junction("J2")])
    assert {(a, b) for a, b, _ in names(network)} == {("B", "C")}


def test_identical_parallel_paths_are_one_link() -> None:
    # Two paths A-B with the same conflict set are interchangeable.
    network = Network([Stop("A"), Stop("B")], [Segment("A", "B", ("s",)), Segment("A", "B", ("s",))])
    assert len(network.links) == 1


def test_conflict_bitsets_span_several_words() -> None:
    stops = [Stop(f"s{i}") for i in range(100)]
    network = Network(stops, [Segment(f"s{i}", f"s{i + 1}") for i in range(99)])
    assert network.arrays.link_conf.shape == (99, 2)
    last = network.links[-1]
    (conflict,) = last.conflicts
    assert network.arrays.link_conf[98, conflict // 64] == 1 << (conflict % 64)


@pytest.mark.parametrize(
    ("stops", "segments", "message"),
    [
        ([Stop("A"), Stop("A")], [], "duplicate node name"),
        ([Stop("A", "village")], [], "kind 'village'"),
        ([Stop("A")], [Segment("A", "Z")], "unknown node 'Z'"),
        ([Stop("A"), Stop("B")], [Segment("A", "B", track="metre")], "track 'metre'"),
        ([Stop("A", value={"2": -5})], [], "values must be integers from 0 to 1000000"),
        ([Stop("A", value=6 * 10**18)], [], "values must be integers from 0 to 1000000"),
        ([Stop("A"), Stop("B")], [Segment("A", "B", length=10**30)], "length must be 0 to 1000"),
        ([Stop("A", slots=1, tokens=("X", "Y"))], [], "2 tokens in 1 slots"),
        ([Stop("A", "town", tokens=("X",))], [], "only cities hold tokens"),
        ([Stop("A")], [Segment("A", "A")], "both ends are the same node"),
    ],
)
def test_bad_networks_are_rejected(stops, segments, message) -> None:
    with pytest.raises(ValueError, match=message):
        Network(stops, segments)


def test_values_by_phase_and_class() -> None:
    stop = Stop("O", "offboard", {"yellow": 30, "brown": 60, "diesel": 90})
    phases = ("yellow", "green", "brown", "gray")
    assert [stop.value_for(p, phases) for p in phases] == [30, 30, 60, 60]
    assert stop.value_for("yellow", phases, "diesel") == 90


def test_blocked_for_other_companies_only() -> None:
    full = Stop("C", "city", 30, slots=2, tokens=("Y", "Z"))
    assert full.is_blocked_for("X") and not full.is_blocked_for("Y")
    assert not Stop("C", "city", 30, slots=2, tokens=("Y",)).is_blocked_for("X")
