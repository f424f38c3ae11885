"""What one game tells the balance report, read from its typed events as it is played.

A :class:`Collector` watches a game (``play_game(observe=...)``): the scores after every ply
(for the mid-game leader), the order in which seats took their first turn, the map actually
played, and the places of the events the heatmaps show (Riot Quest knock-outs and chest raids,
RIOT and Politics & Media clashes, Quodd heroes falling).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event, Ruleset
from riotsim.i18n import N_

# heat layer names, per kind of place: hex cells and squares are "col,row", spaces their id
# (keys of report.json and file names: shown translated on the charts)
KNOCKOUTS = N_("knock-outs")
CHEST_RAIDS = N_("chest raids")
CLASHES = N_("clashes")
FALLS = N_("falls")


def _cell(raw: Any) -> str:
    return f"{int(raw[0])},{int(raw[1])}"


class Collector:
    """Collects one game's figures; ``record()`` gives them as JSON-ready data."""

    def __init__(self, ruleset: Ruleset[Any], map_id: str | None):
        self.ruleset = ruleset
        self.map_id = map_id
        self.scores: list[tuple[int, ...]] = []
        self.order: list[int] = []
        self.spots: dict[str, list[str]] = {layer: [] for layer in heat_layers(ruleset.id)}
        self._chests: dict[str, str] = {}  # chest id -> the cell it stands on
        self._reader: Callable[[Event], None] = _READERS.get(ruleset.id, _no_places)(self)

    def __call__(self, state: Any, events: list[Event]) -> None:
        self.scores.append(self.ruleset.scores(state))
        for event in events:
            self._turn(event)
            self._reader(event)

    def _turn(self, event: Event) -> None:
        # Every game's TurnStarted carries the seat whose turn begins, as "player" or "seat".
        if event.kind not in _TURN_KINDS:
            return
        data = event.data
        seat = data.get("player", data.get("seat"))
        if isinstance(seat, int) and seat not in self.order:
            self.order.append(seat)

    def mid_scores(self) -> list[int]:
        """The scores after the middle ply (ply ``actions // 2``; the start when it is 0)."""
        if not self.scores:
            return []
        middle = len(self.scores) // 2
        return list(self.scores[middle - 1]) if middle else [0] * len(self.scores[0])

    def record(self) -> dict[str, Any]:
        return {
            "map": self.map_id,
            "mid_scores": self.mid_scores(),
            "order": list(self.order),
            "spots": {layer: list(places) for layer, places in self.spots.items()},
        }


_TURN_KINDS = frozenset(("turn", "turn_start", "turn_started"))


def heat_layers(game: str) -> tuple[str, ...]:
    return _LAYERS.get(game, ())


_LAYERS = {
    "riotquest": (KNOCKOUTS, CHEST_RAIDS),
    "riot": (CLASHES,),
    "riot-pm": (CLASHES,),
    "quodd": (FALLS,),
}


def _no_places(_: Collector) -> Callable[[Event], None]:
    return lambda event: None


def _riotquest(c: Collector) -> Callable[[Event], None]:
    from riotsim.games.riotquest.events import ArenaChosen, ChestRaided, ChestSpawned, KnockedOut

    def read(event: Event) -> None:
        if isinstance(event, KnockedOut):
            c.spots[KNOCKOUTS].append(_cell(event.cell))
        elif isinstance(event, ChestSpawned):
            c._chests[event.chest] = _cell(event.cell)
        elif isinstance(event, ChestRaided) and event.chest in c._chests:
            c.spots[CHEST_RAIDS].append(c._chests[event.chest])
        elif isinstance(event, ArenaChosen):
            c.map_id = event.arena

    return read


def _riot(c: Collector) -> Callable[[Event], None]:
    from riotsim.games.riot.events import ClashStarted
    from riotsim.games.riot.pm_events import CombatStarted

    def read(event: Event) -> None:
        if isinstance(event, ClashStarted | CombatStarted):
            c.spots[CLASHES].append(str(event.target))

    return read


def _quodd(c: Collector) -> Callable[[Event], None]:
    from riotsim.games.quodd.events import Fell

    def read(event: Event) -> None:
        if isinstance(event, Fell):
            c.spots[FALLS].append(_cell(event.at))

    return read


_READERS: dict[str, Callable[[Collector], Callable[[Event], None]]] = {
    "riotquest": _riotquest,
    "riot": _riot,
    "riot-pm": _riot,
    "quodd": _quodd,
}
