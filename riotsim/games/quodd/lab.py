"""Quodd Heroes in the Map Lab: ground, tumble distances, element arrows and links, and hero
cubes placed freely whose moves come from the real rules (see riotsim.core.maplab)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from riotsim.core import registry
from riotsim.core.contract import PositionError
from riotsim.core.maplab import (
    GridSpots,
    Layer,
    Move,
    Piece,
    PieceKind,
    as_cell,
    cell_centre,
)
from riotsim.core.problems import ContentError
from riotsim.core.rng import Rng
from riotsim.games.quodd import catalog, maps, positions, scenario
from riotsim.games.quodd.board import Board
from riotsim.games.quodd.directions import DELTA, ORTHOGONAL
from riotsim.games.quodd.moves import step_ok
from riotsim.games.quodd.state import State
from riotsim.i18n import _

SHORT = {"wall": "W", "start": "S", "rally": "R", "crystal": "C", "current": ">", "pit": "P"}


def make(board: Any) -> QuoddLab:
    return QuoddLab(board)


def tumble_distances(state: State, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    """Tumbles needed from ``start`` to every square a lone hero reaches by tumbling (the
    rules' own step test, moves.step_ok, on a probe hero; other heroes are left out)."""
    probe = scenario.make_hero(0, next(iter(catalog.heroes())), start, "N")
    lone = State(rng=Rng(1), board=state.board, heroes=[probe])
    seen = {start: 0}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        probe.pos = cell
        for d in ORTHOGONAL:
            dx, dy = DELTA[d]
            near = (cell[0] + dx, cell[1] + dy)
            if near not in seen and step_ok(lone, probe, d):
                seen[near] = seen[cell] + 1
                todo.append(near)
    return seen


class QuoddLab(GridSpots):
    game = "quodd"

    def __init__(self, board: Any):
        self.board = board
        layout, problems = maps._layout_problems(board, str(board.path))
        errors = [p for p in problems if not p.is_warning]
        if layout is None or errors:
            raise ContentError(errors)
        self.quodd = Board.compose([(layout, 0, 0, 0)])
        positions._trace_quietly(self.quodd)  # the beams lit as a position has them
        self.rules = registry.get("quodd")
        self.heroes = list(catalog.heroes())[:4]

    def _state(self, pieces: Sequence[Piece], active: int = 0) -> State:
        heroes = [
            scenario.make_hero(seat, p.kind, as_cell(p.cell), "N") for seat, p in enumerate(pieces)
        ] or [scenario.make_hero(0, self.heroes[0], next(iter(self.quodd.ground)), "N")]
        state = State(rng=Rng(1), board=self.quodd, heroes=heroes)
        state.phase, state.active, state.first = "movement", active, active
        numbers = [t.get("number", -1) for ts in self.quodd.tokens.values() for t in ts]
        state.next_id = max([n for n in numbers if isinstance(n, int)], default=-1) + 1
        return positions.read_state(
            state.to_json()
        )  # every field checked as a position from outside

    OVERLAYS = (
        ("c", "ground: water, pits, walls", "_ground"),
        ("d", "tumbles (hovered square, else nearest start)", "_distances"),
        ("e", "element arrows and links", "_elements"),
    )

    def _ground(self, hover: tuple[int, int] | None) -> Layer:
        out = Layer(note=_("~ water, pit, W wall (others: floor)"))
        for cell, ground in self.quodd.ground.items():
            if self.quodd.is_wall(cell):
                out.tints[cell], text = -1.0, "W"
            elif self.quodd.is_pit(cell):
                out.tints[cell], text = -1.0, "pit"
            elif ground == "water":
                out.tints[cell], text = 0.6, "~"
            else:
                continue
            out.labels.append((cell_centre(self.board, cell), text))
        return out

    def _distances(self, hover: tuple[int, int] | None) -> Layer:
        state = State(rng=Rng(1), board=self.quodd, heroes=[])
        if hover in self.quodd.ground:
            costs = tumble_distances(state, hover)  # type: ignore[arg-type]
            note = _("tumbles from {square}").format(square=hover)
        else:
            costs = {}
            for start in self.quodd.find("start") or self.quodd.find("rally"):
                for cell, d in tumble_distances(state, start).items():
                    costs[cell] = min(d, costs.get(cell, d))
            note = _("tumbles from the nearest start (hover a square for its own)")
        top = max(costs.values(), default=1) or 1
        out = Layer(note=note)
        for cell in self.quodd.ground:
            out.tints[cell] = costs[cell] / top if cell in costs else -1.0
            if cell in costs:
                out.labels.append((cell_centre(self.board, cell), str(costs[cell])))
        return out

    def _elements(self, hover: tuple[int, int] | None) -> Layer:
        out = Layer(note=_("arrows: element directions; lines: links"))
        linked: dict[str, list[tuple[float, float]]] = {}
        for cell, tokens in self.quodd.tokens.items():
            centre = cell_centre(self.board, cell)
            for token in tokens:
                out.labels.append((centre, SHORT.get(token.kind, token.kind[:3])))
                direction = token.get("direction")
                if direction in DELTA:
                    dx, dy = DELTA[direction]
                    tip = (centre[0] + dx * self.board.tile_width * 0.45,
                           centre[1] + dy * self.board.tile_height * 0.45)  # fmt: skip
                    out.lines.append((centre, tip, True))
                if token.get("link"):
                    linked.setdefault(str(token.get("link")), []).append(centre)
        for points in linked.values():
            out.lines += [(a, b, False) for a, b in zip(points, points[1:], strict=False)]
        return out

    # -- pieces ------------------------------------------------------------------------------
    def palette(self) -> list[PieceKind]:
        names = catalog.heroes()
        return [PieceKind(h, names[h].name, seat) for seat, h in enumerate(self.heroes)]

    def _ordered(self, pieces: Sequence[Piece]) -> list[Piece]:
        return sorted(pieces, key=lambda p: p.seat)

    def moves(self, pieces: Sequence[Piece], index: int) -> tuple[list[Move], str]:
        """The hero's moves this movement phase, each with the square it ends on."""
        ordered = self._ordered(pieces)
        seat = ordered.index(pieces[index])
        try:
            state = self._state(ordered, seat)
        except PositionError as exc:
            return [], str(exc)
        out = []
        for action in self.rules.legal_actions(state):
            after = self._state(ordered, seat)
            self.rules.apply(after, action)
            out.append(Move(action, self.rules.describe(state, action), after.heroes[seat].pos))
        return out, ""

    def play(self, pieces: Sequence[Piece], index: int, move: Move) -> list[Piece]:
        ordered = self._ordered(pieces)
        seat = ordered.index(pieces[index])
        state = self._state(ordered, seat)
        self.rules.apply(state, move.action)
        return [
            Piece(p.kind, p.seat, (h.pos[0], h.pos[1]), p.label)
            for p, h in zip(ordered, state.heroes, strict=True)
            if h.pos is not None
        ]


def map_id(board: Any, tag: str = "") -> tuple[str | None, str]:
    """The id a game or balance batch plays this board by, as an ad-hoc scenario (the board
    above a start zone, its objective from the board: ``scenario.sandbox``): the board as
    read now, registered for this process as ``lab-<file name>`` (``-<tag>`` for a snapshot)."""
    layout, problems = maps._layout_problems(board, str(board.path))
    errors = [p for p in problems if not p.is_warning]
    if layout is None or errors:
        return None, str(errors[0]) if errors else "the board does not read"
    if (layout.width, layout.height) != (9, 9):
        return None, "only a 9x9 board can be played on its own (a scenario composes bigger ones)"
    ident = f"lab-{Path(board.path).stem}" + (f"-{tag}" if tag else "")
    maps.register_layout(ident, layout, dict(board.properties))
    return ident, ""
