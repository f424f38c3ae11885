"""Riot Quest in the Map Lab: terrain costs, movement distances, gate and beacon numbers, and
heroes placed freely whose runs come from the real rules (see riotsim.core.maplab)."""

from __future__ import annotations

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
from riotsim.core.pathing import reachable
from riotsim.games.riotquest.arena import Arena
from riotsim.games.riotquest.describe import hex_label
from riotsim.games.riotquest.positions import from_position
from riotsim.i18n import N_, _

FAR = 99  # a budget no arena needs: every reachable hex
CREWS = (("dez", "gubbin", "korga"), ("dreyfus", "bamfist", "mok"))


def make(board: Any) -> RiotQuestLab:
    return RiotQuestLab(board)


def move_costs(arena: Arena, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    """The movement cost from ``start`` to every hex a hero may end on (rulebook "Movement"
    and "Terrain": obstacles cost 2, barriers, gates and beacons are never entered)."""

    def free(cell: tuple[int, int]) -> bool:
        return cell not in arena.blocked

    return reachable(arena.nbrs, start, FAR, arena.step_cost, free, free, include_start=True)


class RiotQuestLab(GridSpots):
    game = "riotquest"

    def __init__(self, board: Any):
        self.board = board
        self.arena = Arena.from_board(board, "lab")
        self.rules = registry.get("riotquest")

    OVERLAYS = (
        ("c", N_("terrain costs"), "_costs"),
        ("d", N_("distance (hovered hex, else nearest gate)"), "_distances"),
        ("n", N_("gate and beacon numbers"), "_numbers"),
    )

    def _costs(self, hover: tuple[int, int] | None) -> Layer:
        out = Layer(note=_("1 open, 2 obstacle, X barrier, gate or beacon"))
        for cell in self.arena.cells:
            blocked = cell in self.arena.blocked
            cost = self.arena.step_cost[cell]
            out.tints[cell] = -1.0 if blocked else 0.25 * cost
            out.labels.append((cell_centre(self.board, cell), "X" if blocked else str(cost)))
        return out

    def _distances(self, hover: tuple[int, int] | None) -> Layer:
        if hover in self.arena.terrain:
            costs = move_costs(self.arena, hover)  # type: ignore[arg-type]
            note = _("movement cost from {cell}").format(cell=hover)
            label = {c: str(d) for c, d in costs.items()}
        else:
            costs, label = {}, {}
            for number, gate in self.arena.gates.items():
                for cell, d in move_costs(self.arena, gate).items():
                    if cell not in costs or d < costs[cell]:
                        costs[cell], label[cell] = d, f"{number}:{d}"
            note = _("gate:cost of the nearest spawn gate (hover a hex for its own)")
        top = max(costs.values(), default=1) or 1
        out = Layer(note=note)
        for cell in self.arena.cells:
            out.tints[cell] = costs[cell] / top if cell in costs else -1.0
            if cell in label:
                out.labels.append((cell_centre(self.board, cell), label[cell]))
        return out

    def _numbers(self, hover: tuple[int, int] | None) -> Layer:
        out = Layer(note=_("G spawn gate, B beacon, C centre"))
        for prefix, table in (("G", self.arena.gates), ("B", self.arena.beacons)):
            for number, cell in table.items():
                out.labels.append((cell_centre(self.board, cell), f"{prefix}{number}"))
                out.tints[cell] = 1.0
        out.labels.append((cell_centre(self.board, self.arena.centre), "C"))
        return out

    # -- pieces ------------------------------------------------------------------------------
    def palette(self) -> list[PieceKind]:
        return [
            PieceKind(hero, hero.capitalize(), seat)
            for seat, crew in enumerate(CREWS)
            for hero in crew
        ]

    def position(self, pieces: Sequence[Piece], priority: int) -> dict[str, Any]:
        """A readable position with the placed heroes; a seat with none benches one."""
        players = []
        for seat, crew in enumerate(CREWS):
            heroes = [
                {"id": p.kind, "pos": list(as_cell(p.cell))} for p in pieces if p.seat == seat
            ]
            if not heroes:
                heroes = [{"id": next(h for h in crew if h not in {p.kind for p in pieces})}]
            players.append({"crew": heroes})
        return {"arena": self.arena.to_dict(), "priority": priority, "players": players}

    def _activated(self, pieces: Sequence[Piece], index: int) -> Any:
        piece = pieces[index]
        state = from_position(self.position(pieces, piece.seat))
        for action in self.rules.legal_actions(state):
            if action.kind == "activate" and action.get("hero") == piece.kind:
                self.rules.apply(state, action)
                return state
        raise PositionError(_("{piece} cannot be activated here").format(piece=piece.label))

    def moves(self, pieces: Sequence[Piece], index: int) -> tuple[list[Move], str]:
        """The piece's runs and other moves with a destination, after activating it."""
        try:
            state = self._activated(pieces, index)
        except PositionError as exc:
            return [], str(exc)
        out = []
        for action in self.rules.legal_actions(state):
            to = action.get("to")
            cell = (int(to[0]), int(to[1])) if isinstance(to, tuple) else None
            text = self.rules.describe(state, action)
            if cell is not None and hex_label(cell) not in text:
                text = f"{text} ({hex_label(cell)})"  # "next to Beacon 1" names no one hex
            out.append(Move(action, text, cell))
        return out, ""

    def play(self, pieces: Sequence[Piece], index: int, move: Move) -> list[Piece]:
        """The pieces after ``move`` (heroes knocked out leave the board)."""
        state = self._activated(pieces, index)
        self.rules.apply(state, move.action)
        placed = {(p.seat, p.kind): p for p in pieces}
        out = []
        for seat, crew in enumerate(state.heroes):
            for hero in crew.values():
                old = placed.get((seat, hero.id))
                if old is not None and hero.pos is not None:
                    out.append(Piece(old.kind, seat, tuple(hero.pos), old.label))
        return out


def map_id(board: Any, tag: str = "") -> tuple[str | None, str]:
    """The id a game or a balance batch plays this board by: the arena as read now,
    registered for this process as ``lab-<file name>`` (``-<tag>`` for a snapshot). Even a
    shipped arena is registered afresh: its cached reading may predate the last save."""
    from riotsim.games.riotquest.arena import register

    path = Path(board.path)
    arena = Arena.from_board(board, f"lab-{path.stem}" + (f"-{tag}" if tag else ""))
    if arena.title == arena.id:
        arena.title = path.stem
    register(arena)
    return arena.id, ""
