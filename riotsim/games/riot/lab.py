"""RIOT and Politics & Media in the Map Lab: the space graph with names, the moves from a
space, and units placed freely on spaces whose moves come from the real rules (a position
from a new game on this map file, its units replaced; see riotsim.core.maplab)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from riotsim.core import registry
from riotsim.core.areagraph import AreaGraph, Node
from riotsim.core.contract import GameSetup, PlayerSpec, PositionError
from riotsim.core.maplab import Layer, Move, Overlay, Piece, PieceKind, Spot, point_in_polygon
from riotsim.games.riot import common
from riotsim.games.riot.city_maps import board_from_tiled, city_board
from riotsim.i18n import _


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
        self.rules: Any = registry.get(self.game)
        self.map_ref = _file_ref(board)
        _forget(self.game, self.map_ref)  # the file was just saved: never an older reading
        setup = GameSetup((PlayerSpec("Police"), PlayerSpec("Protesters")), 1, {}, self.map_ref)
        self.base = self.rules.to_position(self.rules.new_state(setup))

    def overlays(self) -> list[Overlay]:
        return [
            Overlay("a", _("space graph with names")),
            Overlay("d", _("moves from the hovered space, else from the HQ")),
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
        out = Layer(note=_("lines join spaces a unit can move between"))
        spaces = self.city.spaces
        for a, b in self.graph.edges():
            out.lines.append((spaces[a].centre, spaces[b].centre, False))
        out.labels += [(s.centre, s.id) for s in spaces.values()]
        return out

    def _distances(self, start: str | None) -> Layer:
        origin = start or self.city.hq
        found = self.graph.distances_from(origin)
        out = Layer(note=_("moves from {space}").format(space=origin))
        out.labels += [(self.city.spaces[s].centre, str(d)) for s, d in found.items()]
        return out

    # -- pieces: units on spaces -------------------------------------------------------------
    def spot_at(self, point: tuple[float, float]) -> Spot | None:
        return self.space_at(point)

    def point_of(self, spot: Spot) -> tuple[float, float]:
        return self.city.spaces[str(spot)].centre

    def _units(self, seat: int) -> list[Any]:
        c = self.rules.content
        if self.game == "riot":
            team = self.base["teams"][seat]
            return [c.unit(team, kind) for (t, kind) in c.units if t == team]
        return list(c.side_units(("police", "protesters")[seat]))

    def palette(self) -> list[PieceKind]:
        return [PieceKind(u.id, _(u.label), seat) for seat in (0, 1) for u in self._units(seat)]

    def position(self, pieces: Sequence[Piece], active: int) -> dict[str, Any]:
        """A new game's position on this map with the placed units, ``active`` to move."""
        pos = dict(self.base)
        moves = {(seat, u.id): getattr(u, "moves", 1) for seat in (0, 1) for u in self._units(seat)}
        pos["units"] = [
            [i, p.seat, p.kind, p.cell, moves[(p.seat, p.kind)], 0, 0, 0]
            for i, p in enumerate(pieces, 1)
        ]
        pos.update(next_id=len(pieces) + 1, phase="move", active=active)
        if self.game == "riot":
            pos.update(placement=[], round=2, order=[1])
        else:
            pos.update(setup_left=0, round=3)
        return pos

    def moves(self, pieces: Sequence[Piece], index: int) -> tuple[list[Move], str]:
        """The unit's moves this move phase: each legal ``move`` of that unit, to its space."""
        try:
            state = self.rules.from_position(self.position(pieces, pieces[index].seat))
        except PositionError as exc:
            return [], str(exc)
        out = []
        for action in self.rules.legal_actions(state):
            if action.kind == "move" and action.get("unit") == index + 1:
                out.append(Move(action, self.rules.describe(state, action), str(action["to"])))
        return out, ""

    def play(self, pieces: Sequence[Piece], index: int, move: Move) -> list[Piece]:
        state = self.rules.from_position(self.position(pieces, pieces[index].seat))
        self.rules.apply(state, move.action)
        return [
            Piece(p.kind, p.seat, state.units[i].space, p.label)
            for i, p in enumerate(pieces, 1)
            if i in state.units
        ]


def _forget(game: str, map_ref: str) -> None:
    """Drop what the rules remember of a map file, so an edited file is read afresh."""
    common._BOARDS.pop((game, map_ref), None)
    city_board.cache_clear()


def map_id(board: Any, tag: str = "") -> tuple[str | None, str]:
    """A city plays from its file: a game setup may name a map file (RiotRules.setup_map).
    A snapshot (``tag``) is this reading of the board under ``<file>@<tag>``, kept for the
    process, so a background batch never reads a later save."""
    ref = _file_ref(board)
    if not tag:
        _forget(board.game, ref)
        return ref, ""
    snapshot = f"{ref}@{tag}"
    common._BOARDS[(board.game, snapshot)] = board_from_tiled(board, board.game, str(board.path))
    return snapshot, ""


def _file_ref(board: Any) -> str:
    """The map file as a game setup names it: its full path (saves record it beside them)."""
    from pathlib import Path

    return str(Path(board.path).resolve())
