"""The greedy label placer on its own (no graphics): names go below what they name when free, never over ink, each
other or off the map, stay near home, break onto two lines when one does not fit, and fall back to hover with a
marker. `test_map_names.py` checks it on the maps as painted."""

from __future__ import annotations

import math

import pytest

from tablegames.ui.routes.labels import (
    Circle,
    LabelRequest,
    Rect,
    Segment,
    Variant,
    boxes_overlap,
    overlaps,
    place_labels,
    segment_box_distance,
    split_name,
)

BOUNDS = (0.0, 0.0, 400.0, 400.0)


def request(key: str, at: tuple[float, float], width: float = 60, height: float = 12, **extra) -> LabelRequest:
    x, y = at
    return LabelRequest(key, (x - 5, y - 5, x + 5, y + 5), (Variant((key,), width, height),), 12.0, **extra)


# --- the placer on its own -----------------------------------------------------------------------------------------


def test_a_free_name_goes_below_what_it_names() -> None:
    plan = place_labels([request("A", (200, 200))], [], BOUNDS)
    box = plan.placed["A"].box
    assert box[1] > 205 and abs((box[0] + box[2]) / 2 - 200) < 1e-9 and not plan.hover


def test_track_below_sends_the_name_elsewhere_and_never_over_it() -> None:
    track = [Segment((100, 212), (300, 212), 4)]  # a line just under the anchor
    plan = place_labels([request("A", (200, 200))], track, BOUNDS)
    box = plan.placed["A"].box
    assert box[3] < 195  # above
    assert overlaps(plan, track, BOUNDS) == []


def test_two_names_wanting_the_same_place_share_the_room() -> None:
    plan = place_labels([request("A", (200, 200)), request("B", (204, 200))], [], BOUNDS)
    assert set(plan.placed) == {"A", "B"}
    assert not boxes_overlap(plan.placed["A"].box, plan.placed["B"].box)


def test_a_name_with_no_room_is_shown_on_hover_with_a_marker_clear_of_the_other_names() -> None:
    walls = [Rect((150, 150, 250, 195)), Rect((150, 205, 250, 250)), Rect((150, 150, 195, 250)),
             Rect((205, 150, 250, 250))]  # ink all around the anchor
    plan = place_labels([request("A", (200, 200)), request("B", (200, 300))], walls, BOUNDS)
    assert "A" not in plan.placed and "A" in plan.hover and "B" in plan.placed
    marker = plan.hover["A"]
    assert not boxes_overlap(marker, plan.placed["B"].box)


def test_names_stay_on_the_map_and_near_home() -> None:
    plan = place_labels([request("A", (395, 395), width=80)], [], BOUNDS)
    box = plan.placed["A"].box
    assert box[2] <= 400 and box[3] <= 400
    # what it names is drawn (ink): a name whose middle must stay within 5 of home would cover it
    stop = [Circle((200, 200), 5)]
    far = place_labels([request("A", (200, 200), home=(200, 200), reach=5.0)], stop, BOUNDS)
    assert "A" in far.hover
    near = place_labels([request("A", (200, 200), home=(200, 200), reach=20.0)], stop, BOUNDS)
    box = near.placed["A"].box
    assert math.hypot((box[0] + box[2]) / 2 - 200, (box[1] + box[3]) / 2 - 200) <= 20


def test_a_long_name_breaks_onto_two_lines_when_one_does_not_fit() -> None:
    lines = split_name("Kestrel & Marrowby")
    assert lines == [("Kestrel & Marrowby",), ("Kestrel &", "Marrowby")]  # "&" never starts a line
    assert split_name("Harrow") == [("Harrow",)]
    assert split_name("The Northern Reach")[1:] == [("The Northern", "Reach"), ("The", "Northern", "Reach")]
    assert split_name("New York & Newark")[1:] == [("New York &", "Newark"), ("New", "York &", "Newark")]
    one, two = Variant(lines[0], 120, 12), Variant(lines[1], 70, 25)
    walls = [Rect((0, 0, 140, 400)), Rect((260, 0, 400, 400))]  # 120 px of room: one line fits nowhere near
    req = LabelRequest("K", (195, 195, 205, 205), (one, two), 12.0)
    plan = place_labels([req], walls, BOUNDS)
    assert plan.placed["K"].lines == ("Kestrel &", "Marrowby")


def test_geometry() -> None:
    box = (0.0, 0.0, 10.0, 10.0)
    assert segment_box_distance((-5, 5), (15, 5), box) == 0  # through it
    assert segment_box_distance((-5, 13), (15, 13), box) == pytest.approx(3)
    assert segment_box_distance((13, 14), (20, 20), box) == pytest.approx(5)
    assert Circle((13, 5), 3.5).hits(box) and not Circle((13, 5), 2.5).hits(box)
    assert Segment((12, -20), (12, 20), 2.5).hits(box) and not Segment((12, -20), (12, 20), 1.5).hits(box)
