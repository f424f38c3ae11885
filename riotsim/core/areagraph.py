"""Boards made of named spaces joined by borders: the RIOT city as an undirected graph.

Each node has a name, a kind (``area``, ``street``, ``building``, ``entry``, ``hq``,
``hospital``, ``barracks`` ... any word) and free attributes (district, credits, colour...).
Searches are breadth-first (every link costs one move) and deterministic: neighbours are kept
sorted by name, so ties in shortest paths always break the same way.

:meth:`AreaGraph.from_polygons` builds the graph from the polygons of a Tiled map: two spaces
are linked when their outlines run along each other for a real stretch of border (within a
few pixels, since hand-drawn polygons rarely share exact vertices). Touching at a single
corner point is not a link. Explicit extra links (bridges, tunnels, a ``links`` property) are
added on top.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riotsim.i18n import _

Point = tuple[float, float]
NodeTest = Callable[[str], bool] | None


class AreaGraphError(ValueError):
    """A graph that cannot be built; the message names the spaces and the problem."""


@dataclass(slots=True)
class Node:
    name: str
    kind: str = "area"
    attrs: dict[str, Any] = field(default_factory=dict)


class AreaGraph:
    """An undirected graph of named spaces."""

    __slots__ = ("nodes", "_adj", "_sorted")

    def __init__(self, nodes: Iterable[Node] = (), edges: Iterable[tuple[str, str]] = ()):
        self.nodes: dict[str, Node] = {}
        self._adj: dict[str, set[str]] = {}
        self._sorted: dict[str, tuple[str, ...]] = {}
        problems: list[str] = []
        for node in nodes:
            if node.name in self.nodes:
                problems.append(_("two spaces are named {name!r}").format(name=node.name))
                continue
            self.nodes[node.name] = node
            self._adj[node.name] = set()
        for a, b in edges:
            problem = self._link_problem(a, b)
            if problem:
                problems.append(problem)
            else:
                self._adj[a].add(b)
                self._adj[b].add(a)
        if problems:
            raise AreaGraphError("; ".join(problems))

    # -- building -------------------------------------------------------------------------

    def add_node(self, name: str, kind: str = "area", **attrs: Any) -> Node:
        if name in self.nodes:
            raise AreaGraphError(_("two spaces are named {name!r}").format(name=name))
        node = Node(name, kind, dict(attrs))
        self.nodes[name] = node
        self._adj[name] = set()
        return node

    def add_edge(self, a: str, b: str) -> None:
        problem = self._link_problem(a, b)
        if problem:
            raise AreaGraphError(problem)
        self._adj[a].add(b)
        self._adj[b].add(a)
        self._sorted.pop(a, None)
        self._sorted.pop(b, None)

    def remove_edge(self, a: str, b: str) -> None:
        self._adj.get(a, set()).discard(b)
        self._adj.get(b, set()).discard(a)
        self._sorted.pop(a, None)
        self._sorted.pop(b, None)

    def _link_problem(self, a: str, b: str) -> str | None:
        for name in (a, b):
            if name not in self.nodes:
                return _("link {a!r}-{b!r} names an unknown space {name!r}").format(
                    a=a, b=b, name=name
                )
        if a == b:
            return _("space {a!r} cannot be linked to itself").format(a=a)
        return None

    @classmethod
    def from_polygons(
        cls,
        polygons: Mapping[str, Sequence[Point]],
        links: Iterable[tuple[str, str]] = (),
        kinds: Mapping[str, str] | None = None,
        attrs: Mapping[str, Mapping[str, Any]] | None = None,
        tolerance: float = 3.0,
        min_shared: float | None = None,
    ) -> AreaGraph:
        """Link spaces whose outlines share a border, plus the explicit ``links``.

        ``polygons`` maps a space name to its outline (map pixels, at least three points).
        Two outlines share a border when at least ``min_shared`` pixels of each lie within
        ``tolerance`` pixels of the other (default ``4 * tolerance``: a single touching corner
        yields about ``2 * tolerance``). Every problem found is reported at once.
        """
        kinds = kinds or {}
        attrs = attrs or {}
        problems: list[str] = []
        outlines: dict[str, list[Point]] = {}
        for name, points in polygons.items():
            try:
                outline = [(float(x), float(y)) for x, y in points]
            except (TypeError, ValueError):
                problems.append(
                    _("space {name!r}: outline points must be (x, y) number pairs").format(
                        name=name
                    )
                )
                continue
            if len(_dedupe(outline)) < 3:
                problems.append(
                    _("space {name!r}: an outline needs at least three points").format(name=name)
                )
                continue
            outlines[name] = _dedupe(outline)
        for name in list(kinds) + list(attrs):
            if name not in polygons:
                problems.append(
                    _("kind or attributes given for unknown space {name!r}").format(name=name)
                )
        nodes = [Node(n, kinds.get(n, "area"), dict(attrs.get(n, {}))) for n in polygons]
        edges = list(touching_pairs(outlines, tolerance, min_shared))
        link_list = list(links)
        for a, b in link_list:
            if a not in polygons or b not in polygons or a == b:
                missing = a if a not in polygons else b
                if a != b:
                    problem = _("link {a!r}-{b!r}: unknown space {missing!r}")
                else:
                    problem = _("link {a!r}-{b!r}: a space cannot link to itself")
                problems.append(problem.format(a=a, b=b, missing=missing))
        if problems:
            raise AreaGraphError("; ".join(problems))
        return cls(nodes, edges + link_list)

    # -- queries --------------------------------------------------------------------------

    def __contains__(self, name: object) -> bool:
        return name in self.nodes

    def __len__(self) -> int:
        return len(self.nodes)

    def kind(self, name: str) -> str:
        return self._node(name).kind

    def attrs(self, name: str) -> dict[str, Any]:
        return self._node(name).attrs

    def of_kind(self, kind: str) -> list[str]:
        return sorted(n for n, node in self.nodes.items() if node.kind == kind)

    def neighbours(self, name: str) -> tuple[str, ...]:
        """Linked spaces, sorted by name."""
        found = self._sorted.get(name)
        if found is None:
            self._node(name)
            found = self._sorted[name] = tuple(sorted(self._adj[name]))
        return found

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._adj.get(a, ())

    def edges(self) -> list[tuple[str, str]]:
        return sorted((a, b) for a, nbrs in self._adj.items() for b in nbrs if a < b)

    def distances_from(
        self, start: str, through: NodeTest = None, limit: int | None = None
    ) -> dict[str, int]:
        """Moves from ``start`` to every space it can reach.

        ``through(space)`` says whether a move may continue past a space (the start always
        may); spaces it refuses are still reached, as destinations. ``limit`` stops the search.
        """
        self._node(start)
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            d = dist[cur]
            if limit is not None and d >= limit:
                continue
            if cur != start and through is not None and not through(cur):
                continue
            for nxt in self.neighbours(cur):
                if nxt not in dist:
                    dist[nxt] = d + 1
                    queue.append(nxt)
        return dist

    def distance(self, a: str, b: str, through: NodeTest = None) -> int | None:
        """Fewest moves from ``a`` to ``b``, or None if ``b`` cannot be reached."""
        self._node(b)
        return self.distances_from(a, through).get(b)

    def within(self, name: str, k: int, through: NodeTest = None) -> dict[str, int]:
        """Spaces at most ``k`` moves away (``name`` itself at 0)."""
        if k < 0:
            return {}
        return self.distances_from(name, through, limit=k)

    def shortest_path(self, a: str, b: str, through: NodeTest = None) -> list[str] | None:
        """One shortest path ``[a, ..., b]``; ties go to the alphabetically first route."""
        self._node(a)
        self._node(b)
        parent: dict[str, str | None] = {a: None}
        queue = deque([a])
        while queue:
            cur = queue.popleft()
            if cur == b:
                path = [b]
                while (prev := parent[path[-1]]) is not None:
                    path.append(prev)
                path.reverse()
                return path
            if cur != a and through is not None and not through(cur):
                continue
            for nxt in self.neighbours(cur):
                if nxt not in parent:
                    parent[nxt] = cur
                    queue.append(nxt)
        return None

    def components(self) -> list[list[str]]:
        """Connected groups of spaces, each sorted, largest first."""
        seen: set[str] = set()
        groups: list[list[str]] = []
        for name in sorted(self.nodes):
            if name in seen:
                continue
            group = sorted(self.distances_from(name))
            seen.update(group)
            groups.append(group)
        groups.sort(key=lambda g: (-len(g), g[0]))
        return groups

    def _node(self, name: str) -> Node:
        try:
            return self.nodes[name]
        except KeyError:
            raise AreaGraphError(_("no space named {name!r}").format(name=name)) from None


# ---------------------------------------------------------------------------------------------
# Shared borders between polygons


def _dedupe(points: list[Point]) -> list[Point]:
    out: list[Point] = []
    for p in points:
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _bbox(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _edges(points: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [
        (points[i], points[(i + 1) % len(points)])
        for i in range(len(points))
        if points[i] != points[(i + 1) % len(points)]
    ]


def _disc_interval(p: Point, d: Point, centre: Point, r: float) -> tuple[float, float] | None:
    """Parameters t where ``p + t*d`` is within ``r`` of ``centre`` (unclipped)."""
    fx, fy = p[0] - centre[0], p[1] - centre[1]
    a = d[0] * d[0] + d[1] * d[1]
    b = 2 * (fx * d[0] + fy * d[1])
    c = fx * fx + fy * fy - r * r
    disc = b * b - 4 * a * c
    if disc < 0:
        return None
    root = math.sqrt(disc)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


def _capsule_interval(p: Point, q: Point, a: Point, b: Point, r: float) -> tuple[float, float]:
    """The part ``[t0, t1]`` of segment pq (t in 0..1) within ``r`` of segment ab."""
    d = (q[0] - p[0], q[1] - p[1])
    lo, hi = math.inf, -math.inf
    for centre in (a, b):
        span = _disc_interval(p, d, centre, r)
        if span is not None:
            lo, hi = min(lo, span[0]), max(hi, span[1])
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    if length > 0:
        ux, uy = ex / length, ey / length
        # The segment in ab's frame: u along ab (0..length), v across it (-r..r).
        u0 = (p[0] - a[0]) * ux + (p[1] - a[1]) * uy
        v0 = -(p[0] - a[0]) * uy + (p[1] - a[1]) * ux
        du = d[0] * ux + d[1] * uy
        dv = -d[0] * uy + d[1] * ux
        t0, t1 = _clip(((u0, du, 0.0, length), (v0, dv, -r, r)), -math.inf, math.inf, 1e-12)
        if t0 <= t1:
            lo, hi = min(lo, t0), max(hi, t1)
    return max(lo, 0.0), min(hi, 1.0)


# Edge pairs whose exact nearness is computed, for one whole graph: bounds the time a map can
# take (a few seconds at most) whatever its polygons. Real boards use a few thousand.
MAX_EDGE_TESTS = 150_000
_MAX_CELLS_PER_EDGE = 64
_SMALL = 24  # outlines with at most this many edges are not indexed


class _Budget:
    __slots__ = ("left", "pair")

    def __init__(self, tests: int):
        self.left = tests
        self.pair: tuple[str, str] | None = None

    def spend(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            a, b = self.pair or ("?", "?")
            raise AreaGraphError(
                _(
                    "the outlines of {a!r} and {b!r} are too intricate to compare (more "
                    "than {limit} pairs of polygon edges lie close together on "
                    "this map); draw the spaces with fewer points"
                ).format(a=a, b=b, limit=MAX_EDGE_TESTS)
            )


class _EdgeGrid:
    """The edges of one outline bucketed by square cells, to find those near a segment."""

    __slots__ = ("edges", "box", "everything", "cell", "cells", "long")

    def __init__(self, points: Sequence[Point], tolerance: float):
        self.edges = _edges(points)
        x0, y0, x1, y1 = _bbox(points)
        self.box = (x0 - tolerance, y0 - tolerance, x1 + tolerance, y1 + tolerance)
        self.everything = list(range(len(self.edges)))
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.long: list[int] = []  # edges covering too many cells: tested against every query
        self.cell = 0.0
        if len(self.edges) <= _SMALL:
            return  # a few edges: testing them all is quicker than any index
        lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in self.edges]
        self.cell = max(4 * tolerance, sum(lengths) / max(1, len(lengths)), 1.0)
        for index, (a, b) in enumerate(self.edges):
            span = self._span(
                min(a[0], b[0]) - tolerance,
                min(a[1], b[1]) - tolerance,
                max(a[0], b[0]) + tolerance,
                max(a[1], b[1]) + tolerance,
            )
            if span is None:
                self.long.append(index)
                continue
            for key in span:
                self.cells.setdefault(key, []).append(index)

    def _span(self, x0: float, y0: float, x1: float, y1: float) -> list[tuple[int, int]] | None:
        c = self.cell
        i0, i1 = math.floor(x0 / c), math.floor(x1 / c)
        j0, j1 = math.floor(y0 / c), math.floor(y1 / c)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > _MAX_CELLS_PER_EDGE:
            return None
        return [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]

    def near(self, box: tuple[float, float, float, float]) -> list[int]:
        """Indices of the edges that may lie within the (already widened) ``box``."""
        if not self.cell:
            return self.everything
        span = self._span(*box)
        if span is None:
            return self.everything
        found: set[int] = set(self.long)
        for key in span:
            found.update(self.cells.get(key, ()))
        return sorted(found)


def _near_length(outline: Sequence[Point], other: Sequence[Point], tolerance: float) -> float:
    """Length of ``outline``'s boundary lying within ``tolerance`` of ``other``'s boundary."""
    return _near_edges(_edges(outline), _EdgeGrid(other, tolerance), tolerance)


def _near_edges(
    edges: Sequence[tuple[Point, Point]],
    grid: _EdgeGrid,
    tolerance: float,
    enough: float = math.inf,
    budget: _Budget | None = None,
) -> float:
    """Length of ``edges`` lying within ``tolerance`` of the edges ``grid`` indexes.

    Stops counting once ``enough`` is reached. Each exact test of an edge pair is charged to
    ``budget`` (AreaGraphError when it runs out)."""
    other_edges = grid.edges
    total = 0.0
    for p, q in edges:
        box = (
            min(p[0], q[0]) - tolerance,
            min(p[1], q[1]) - tolerance,
            max(p[0], q[0]) + tolerance,
            max(p[1], q[1]) + tolerance,
        )
        spans = []
        candidates = grid.near(box)
        if budget is not None:
            budget.spend(len(candidates) // 16)  # the quick box tests cost too
        for index in candidates:
            a, b = other_edges[index]
            if (
                max(a[0], b[0]) < box[0]
                or min(a[0], b[0]) > box[2]
                or max(a[1], b[1]) < box[1]
                or min(a[1], b[1]) > box[3]
            ):
                continue
            if budget is not None:
                budget.spend(1)
            t0, t1 = _capsule_interval(p, q, a, b, tolerance)
            if t1 > t0:
                spans.append((t0, t1))
        if not spans:
            continue
        spans.sort()
        covered = 0.0
        cur0, cur1 = spans[0]
        for s0, s1 in spans[1:]:
            if s0 > cur1:
                covered += cur1 - cur0
                cur0, cur1 = s0, s1
            else:
                cur1 = max(cur1, s1)
        covered += cur1 - cur0
        total += covered * math.hypot(q[0] - p[0], q[1] - p[1])
        if total >= enough:
            break
    return total


def shared_border_length(a: Sequence[Point], b: Sequence[Point], tolerance: float = 3.0) -> float:
    """How far two outlines run alongside each other (the smaller of the two measures)."""
    a, b = _dedupe(list(a)), _dedupe(list(b))
    return min(_near_length(a, b, tolerance), _near_length(b, a, tolerance))


def touching_pairs(
    polygons: Mapping[str, Sequence[Point]],
    tolerance: float = 3.0,
    min_shared: float | None = None,
) -> list[tuple[str, str]]:
    """Pairs of named outlines that share a border (see :meth:`AreaGraph.from_polygons`).

    Candidate pairs come from a sweep over the bounding boxes sorted by their left side, so
    far-apart spaces are never compared; the edge tests of the whole call are bounded by
    :data:`MAX_EDGE_TESTS` (AreaGraphError naming the two spaces when a map exceeds it)."""
    need = 4 * tolerance if min_shared is None else min_shared
    names = sorted(polygons)
    outlines = {n: _dedupe([(float(x), float(y)) for x, y in polygons[n]]) for n in names}
    boxes = {n: _bbox(polygons[n]) for n in names}
    order = sorted(names, key=lambda n: boxes[n][0])
    grids: dict[str, _EdgeGrid] = {}
    budget = _Budget(MAX_EDGE_TESTS)
    pairs: list[tuple[str, str]] = []
    for i, a in enumerate(order):
        ax0, ay0, ax1, ay1 = boxes[a]
        for b in order[i + 1 :]:
            bx0, by0, bx1, by1 = boxes[b]
            if bx0 > ax1 + tolerance:
                break  # every later box starts further right
            if bx1 < ax0 - tolerance or by0 > ay1 + tolerance or by1 < ay0 - tolerance:
                continue
            first, second = (a, b) if a < b else (b, a)
            budget.pair = (first, second)
            if _shares(outlines, grids, first, second, tolerance, need, budget):
                pairs.append((first, second))
    pairs.sort()
    return pairs


def _shares(
    outlines: Mapping[str, list[Point]],
    grids: dict[str, _EdgeGrid],
    a: str,
    b: str,
    tolerance: float,
    need: float,
    budget: _Budget,
) -> bool:
    """Whether ``shared_border_length(a, b) >= need``, stopping as soon as that is known."""
    for name in (a, b):
        if name not in grids:
            grids[name] = _EdgeGrid(outlines[name], tolerance)
    for one, two in ((a, b), (b, a)):
        # a quick upper bound first: only the part of one outline inside the other's widened
        # box can lie near it (spaces meeting at a corner stop here)
        if _length_inside(grids[one].edges, grids[two].box, need) < need:
            return False
    for one, two in ((a, b), (b, a)):
        if _near_edges(grids[one].edges, grids[two], tolerance, need, budget) < need:
            return False
    return True


def _clip(
    slabs: Sequence[tuple[float, float, float, float]], t0: float, t1: float, eps: float = 0.0
) -> tuple[float, float]:
    """The part of ``[t0, t1]`` where ``start + t * delta`` lies in ``[low, high]`` for every
    ``(start, delta, low, high)`` slab (an empty part has ``t0 > t1``); a delta within
    ``eps`` of 0 counts as none."""
    for start, delta, low, high in slabs:
        if abs(delta) <= eps:
            if not low <= start <= high:
                return 1.0, 0.0
            continue
        s0, s1 = (low - start) / delta, (high - start) / delta
        if s0 > s1:
            s0, s1 = s1, s0
        t0, t1 = max(t0, s0), min(t1, s1)
    return t0, t1


def _length_inside(
    edges: Sequence[tuple[Point, Point]], box: tuple[float, float, float, float], enough: float
) -> float:
    """Length of the outline ``edges`` inside ``box`` (stops once ``enough``)."""
    total = 0.0
    for p, q in edges:
        dx, dy = q[0] - p[0], q[1] - p[1]
        t0, t1 = _clip(((p[0], dx, box[0], box[2]), (p[1], dy, box[1], box[3])), 0.0, 1.0)
        if t1 > t0:
            total += (t1 - t0) * math.hypot(dx, dy)
            if total >= enough:
                break
    return total
