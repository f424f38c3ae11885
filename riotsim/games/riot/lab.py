"""RIOT and Politics & Media in the Map Lab: the space graph with names and the moves from a
space (see riotsim.core.maplab). Free placement of units is not offered yet: a RIOT position
names its board by map id, and a map file outside the shipped ones has none yet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riotsim.core.areagraph import AreaGraph, Node
from riotsim.core.maplab import Layer, Move, Overlay, Piece, PieceKind, point_in_polygon
from riotsim.games.riot.city_maps import board_from_tiled


def make(board: Any) -> RiotLab:
    return RiotLab(board)


class RiotLab:
    def __init__(self, board: Any):
        self.board = board
        self.game = board.game
        self.city = board_from_tiled(board, board.game, str(board.path))
        nodes = [Node(s.id, s.kind) for s in self.city.spaces.values()]
        edges = [(a, b) for a, near in self.city.adjacent.items() for b in near if a < b]
        self.graph = AreaGraph(nodes, edges)

    def overlays(self) -> list[Overlay]:
        return [
            Overlay("a", "space graph with names"),
            Overlay("d", "moves from the hovered space, else from the HQ"),
        ]

    def space_at(self, point: tuple[float, float]) -> str | None:
        for space in self.city.spaces.values():
            if len(space.points) >= 3 and point_in_polygon(point, space.points):
                return space.id
        return None

    def layer(self, key: str, point: tuple[float, float] | None) -> Layer:
        if key == "a":
            return self._graph()
        if key == "d":
            return self._distances(None if point is None else self.space_at(point))
        return Layer()

    def _graph(self) -> Layer:
        out = Layer(note="lines join spaces a unit can move between")
        spaces = self.city.spaces
        for a, b in self.graph.edges():
            out.lines.append((spaces[a].centre, spaces[b].centre, False))
        out.labels += [(s.centre, s.id) for s in spaces.values()]
        return out

    def _distances(self, start: str | None) -> Layer:
        origin = start or self.city.hq
        found = self.graph.distances_from(origin)
        out = Layer(note=f"moves from {origin}")
        out.labels += [(self.city.spaces[s].centre, str(d)) for s, d in found.items()]
        return out

    def palette(self) -> list[PieceKind]:
        return []

    def moves(self, pieces: Sequence[Piece], index: int) -> tuple[list[Move], str]:
        return [], "RIOT units cannot be placed in the lab yet"

    def play(self, pieces: Sequence[Piece], index: int, move: Move) -> list[Piece]:
        return list(pieces)


def map_id(board: Any) -> tuple[str | None, str]:
    """The shipped city plays by its id; other city files need map-file support."""
    from pathlib import Path

    from riotsim.paths import maps_dir

    path = Path(board.path)
    if path.parent.resolve() == (maps_dir() / board.game).resolve() and path.stem == "city":
        return "city", ""
    return None, "only the shipped city can be played from the lab for now"
