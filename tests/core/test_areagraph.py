"""Area graphs for RIOT boards: searches, and adjacency from hand-drawn polygons."""

from __future__ import annotations

import math

import pytest

from riotsim.core.areagraph import (
    AreaGraph,
    AreaGraphError,
    Node,
    shared_border_length,
    touching_pairs,
)


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def small_city() -> AreaGraph:
    """Two districts' streets joined through the HQ, each with a building and an entry."""
    nodes = [
        Node("hq", "hq"),
        Node("hospital", "hospital"),
        Node("a_street", "street", {"area": "a"}),
        Node("a_bank", "building", {"area": "a", "credits": 2}),
        Node("a_entry", "entry", {"area": "a"}),
        Node("b_street", "street", {"area": "b"}),
        Node("b_shop", "building", {"area": "b", "credits": 1}),
    ]
    edges = [
        ("hq", "hospital"),
        ("hq", "a_street"),
        ("hq", "b_street"),
        ("a_street", "a_bank"),
        ("a_street", "a_entry"),
        ("b_street", "b_shop"),
    ]
    return AreaGraph(nodes, edges)


def test_neighbours_kinds_and_attributes():
    g = small_city()
    assert g.neighbours("hq") == ("a_street", "b_street", "hospital")
    assert g.neighbours("a_bank") == ("a_street",)
    assert g.kind("a_bank") == "building"
    assert g.attrs("a_bank")["credits"] == 2
    assert g.of_kind("street") == ["a_street", "b_street"]
    assert g.adjacent("hq", "hospital") and g.adjacent("hospital", "hq")
    assert not g.adjacent("a_bank", "b_shop")
    assert ("a_street", "hq") in g.edges()


def test_distance_within_and_shortest_path():
    g = small_city()
    assert g.distance("a_bank", "b_shop") == 4
    assert g.shortest_path("a_bank", "b_shop") == ["a_bank", "a_street", "hq", "b_street", "b_shop"]
    assert g.within("hq", 1) == {"hq": 0, "hospital": 1, "a_street": 1, "b_street": 1}
    assert set(g.within("a_bank", 2)) == {"a_bank", "a_street", "hq", "a_entry"}
    assert g.within("hq", -1) == {}
    assert g.shortest_path("hq", "hq") == ["hq"]


def test_through_limits_which_spaces_a_move_may_pass():
    """RIOT movement passes only along streets; buildings are destinations, not corridors."""
    g = small_city()
    g.add_edge("a_bank", "b_shop")  # a building-to-building shortcut

    def streets_only(name):
        return g.kind(name) in ("street", "hq")

    assert g.distance("a_street", "b_street") == 2
    assert g.shortest_path("a_street", "b_street", streets_only) == ["a_street", "hq", "b_street"]
    # Without the restriction the shortcut through the buildings is as short as the HQ route.
    assert g.distance("a_bank", "b_shop") == 1
    assert g.distance("a_bank", "b_shop", streets_only) == 1  # the start may always be left
    assert g.distance("a_entry", "b_shop", streets_only) == 4


def test_disconnected_spaces_and_components():
    g = small_city()
    g.add_node("island", "area")
    assert g.distance("hq", "island") is None
    assert g.shortest_path("hq", "island") is None
    assert g.components()[-1] == ["island"]
    assert len(g.components()[0]) == 7


def test_bad_graphs_name_the_problem():
    with pytest.raises(AreaGraphError, match="unknown space 'nowhere'"):
        AreaGraph([Node("a")], [("a", "nowhere")])
    with pytest.raises(AreaGraphError, match="two spaces are named 'a'"):
        AreaGraph([Node("a"), Node("a")])
    with pytest.raises(AreaGraphError, match="itself"):
        AreaGraph([Node("a")], [("a", "a")])
    with pytest.raises(AreaGraphError, match="no space named 'zzz'"):
        small_city().neighbours("zzz")


def test_polygons_sharing_a_border_are_linked():
    polys = {
        "left": rect(0, 0, 100, 100),
        "right": rect(100, 0, 200, 100),
        "below": rect(0, 100, 100, 200),
        # Touches "left" only at its bottom-right corner point (100, 100).
        "corner": rect(100, 100, 200, 200),
    }
    g = AreaGraph.from_polygons(polys)
    assert g.adjacent("left", "right")
    assert g.adjacent("left", "below")
    assert g.adjacent("right", "corner")
    assert g.adjacent("below", "corner")
    assert not g.adjacent("left", "corner")
    assert not g.adjacent("right", "below")


def test_hand_drawn_gaps_and_overlaps_within_tolerance():
    polys = {
        "a": rect(0, 0, 100, 100),
        "gap": rect(102, 10, 180, 90),  # 2 px gap: drawn by hand, still a shared border
        "overlap": rect(-50, 98.5, 50, 160),  # overlaps a by 1.5 px along half its bottom
        "far": rect(110, 110, 180, 180),  # 10 px away diagonally
    }
    g = AreaGraph.from_polygons(polys, tolerance=3.0)
    assert g.adjacent("a", "gap")
    assert g.adjacent("a", "overlap")
    assert not g.adjacent("a", "far")
    assert not g.adjacent("gap", "far")  # 20 px apart vertically


def test_shared_border_split_into_many_vertices():
    """Borders drawn with different vertices on each side still count as shared."""
    zigzag_free = [(0, 0), (30, 0), (60, 0), (100, 0), (100, 50), (0, 50)]
    other = [(0, 0), (0, -40), (100, -40), (100, 0), (70, 0), (45, 0), (10, 0)]
    # The measure also counts up to ``tolerance`` of the side edges at each end of the border.
    assert shared_border_length(zigzag_free, other) == pytest.approx(100 + 2 * 3, abs=0.5)
    assert touching_pairs({"s": zigzag_free, "n": other}) == [("n", "s")]


def test_corner_touch_at_an_angle_is_not_adjacency():
    # A diamond whose left tip touches the middle of a square's right side.
    square = rect(0, 0, 100, 100)
    diamond = [(100, 50), (150, 0), (200, 50), (150, 100)]
    assert not touching_pairs({"sq": square, "di": diamond})
    # Two wedges meeting tip to tip at 30 degrees either side of a line.
    t = math.tan(math.radians(30))
    wedge_a = [(0, 0), (-100, -100 * t), (-100, 100 * t)]
    wedge_b = [(0, 0), (100, -100 * t), (100, 100 * t)]
    assert not touching_pairs({"a": wedge_a, "b": wedge_b})


def test_short_shared_border_threshold():
    a = rect(0, 0, 100, 100)
    b = rect(100, 95, 200, 200)  # shares only 5 px of border with a
    # 5 px of real border, plus 3 px of a's side below it and 3 px of a's bottom edge.
    assert shared_border_length(a, b) == pytest.approx(5 + 3 + 3, abs=0.01)
    assert not touching_pairs({"a": a, "b": b})
    assert touching_pairs({"a": a, "b": b}, min_shared=6) == [("a", "b")]


def test_explicit_links_kinds_and_attributes():
    polys = {"x": rect(0, 0, 10, 10), "y": rect(500, 500, 510, 510)}
    g = AreaGraph.from_polygons(
        polys,
        links=[("x", "y")],
        kinds={"x": "street", "y": "building"},
        attrs={"y": {"credits": 3}},
    )
    assert g.adjacent("x", "y")
    assert g.kind("x") == "street"
    assert g.attrs("y") == {"credits": 3}


def test_bad_polygons_report_every_problem():
    with pytest.raises(AreaGraphError) as err:
        AreaGraph.from_polygons(
            {"line": [(0, 0), (10, 0)], "ok": rect(0, 0, 5, 5), "junk": [("a", 1), (2, 3)]},
            links=[("ok", "ghost")],
        )
    text = str(err.value)
    assert "'line'" in text and "three points" in text
    assert "'junk'" in text and "number pairs" in text
    assert "unknown space 'ghost'" in text


def test_grid_of_blocks_adjacency_is_exactly_orthogonal():
    """A 6x6 city of square blocks: linked to 4 orthogonal neighbours, never diagonals."""
    polys = {
        f"{i}-{j}": rect(i * 50, j * 50, i * 50 + 50, j * 50 + 50)
        for i in range(6)
        for j in range(6)
    }
    g = AreaGraph.from_polygons(polys)
    for i in range(6):
        for j in range(6):
            expect = {
                f"{i + di}-{j + dj}"
                for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= i + di < 6 and 0 <= j + dj < 6
            }
            assert set(g.neighbours(f"{i}-{j}")) == expect
    assert g.distance("0-0", "5-5") == 10


def test_adjacency_does_not_depend_on_the_drawing_angle():
    """The same city turned by 30 degrees and jittered by a pixel links the same spaces."""
    angle = math.radians(30)
    cos, sin = math.cos(angle), math.sin(angle)

    def turn(points, jitter):
        return [
            (
                x * cos - y * sin + jitter * ((i % 3) - 1),
                x * sin + y * cos + jitter * ((i % 2) - 0.5),
            )
            for i, (x, y) in enumerate(points)
        ]

    polys = {
        f"{i}-{j}": rect(i * 60, j * 60, i * 60 + 60, j * 60 + 60)
        for i in range(4)
        for j in range(4)
    }
    straight = AreaGraph.from_polygons(polys).edges()
    turned = AreaGraph.from_polygons({n: turn(p, 0.8) for n, p in polys.items()}).edges()
    assert turned == straight
    assert len(straight) == 2 * 4 * 3


def test_many_polygons_build_quickly():
    """A 12x12 city of 144 blocks builds its links in well under the 50 ms map budget."""
    import time

    polys = {
        f"{i}-{j}": rect(i * 40, j * 40, i * 40 + 40, j * 40 + 40)
        for i in range(12)
        for j in range(12)
    }
    t0 = time.perf_counter()
    graph = AreaGraph.from_polygons(polys)
    elapsed = time.perf_counter() - t0
    assert len(graph.edges()) == 2 * 12 * 11
    assert elapsed < 0.5  # generous for a loaded machine; typically ~20 ms
