"""The map a report's heatmaps are drawn over: each place (hex, square or space) as a polygon
in map pixels, keyed as the collectors key places, with the colour of what it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Point = tuple[float, float]

_TERRAIN = {"open": "#d9d2bf", "obstacle": "#9c8f6e", "barrier": "#4a4a4a"}
_SPACES = {
    "street": "#c9c9c9",
    "building": "#b7a58a",
    "entry": "#e3d9a0",
    "hq": "#8fa8c8",
    "hospital": "#e8b4b4",
}
_GROUND = {"floor": "#d9d2bf", "water": "#8fb8d8", "pit": "#3a3a3a"}


@dataclass(frozen=True)
class Place:
    key: str
    polygon: tuple[Point, ...]
    colour: str
    label: str = ""


@dataclass(frozen=True)
class MapShape:
    title: str
    places: tuple[Place, ...]

    def by_key(self) -> dict[str, Place]:
        return {place.key: place for place in self.places}


def map_shape(game: str, map_id: str | None, batch: Any) -> MapShape | None:
    """The shape of the map games of ``batch`` played on ``map_id`` (None: not drawable)."""
    from riotsim.core import registry
    from riotsim.core.contract import GameSetup, PlayerSpec

    ruleset = registry.get(game)
    players = tuple(PlayerSpec(f"{b} {i + 1}", bot=b) for i, b in enumerate(batch.bots))
    setup = GameSetup(players, batch.seed, dict(batch.options), map_id, batch.scenario)
    state = ruleset.new_state(setup)
    if game == "riotquest":
        return _arena(state, map_id)
    if game in ("riot", "riot-pm"):
        rules: Any = ruleset  # the RIOT rule sets have board(state)
        return _city(rules.board(state), map_id)
    if game == "quodd":
        return _squares(state.board, batch.scenario or "free-for-all")
    return None


def _arena(state: Any, map_id: str | None) -> MapShape:
    from riotsim.games.riotquest.arena import get_arena

    arena = get_arena(map_id) if map_id and state.arena is None else state.arena
    labels = {cell: f"G{n}" for n, cell in arena.gates.items()}
    labels.update({cell: f"B{n}" for n, cell in arena.beacons.items()})
    labels[arena.centre] = "C"
    places = tuple(
        Place(
            f"{col},{row}",
            tuple(arena.grid.hex_polygon((col, row))),
            _TERRAIN.get(arena.terrain[(col, row)], "#cccccc"),
            labels.get((col, row), ""),
        )
        for col, row in arena.cells
    )
    return MapShape(arena.title, places)


def _city(board: Any, map_id: str | None) -> MapShape:
    places = tuple(
        Place(sid, tuple(space.points), _SPACES.get(space.kind, "#cccccc"))
        for sid, space in board.spaces.items()
        if space.points
    )
    return MapShape(board.name or str(map_id), places)


def _squares(board: Any, title: str) -> MapShape:
    size = 32.0
    places = tuple(
        Place(
            f"{x},{y}",
            (
                (x * size, y * size),
                ((x + 1) * size, y * size),
                ((x + 1) * size, (y + 1) * size),
                (x * size, (y + 1) * size),
            ),
            _GROUND.get(ground, "#cccccc"),
        )
        for (x, y), ground in sorted(board.ground.items())
    )
    return MapShape(title, places)
