"""Plain-data state of RIOT Politics & Media."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import Decision
from riotsim.core.rng import Rng
from riotsim.games.riot.fights import Combat
from riotsim.games.riot.state import Unit

SETUP, PURCHASE, CARDS, MOVE, COMBAT, OVER = "setup", "purchase", "cards", "move", "combat", "over"
HIDDEN_RIOT = "?"
HIDDEN_POLITICS = "?politics"
HIDDEN_MEDIA = "?media"


@dataclass(slots=True)
class PMState:
    map_id: str
    units: dict[int, Unit] = field(default_factory=dict)
    credits: list[int] = field(default_factory=lambda: [0, 0])
    # tug-of-war markers: +5 is the Protesters' end, -5 the Police's end
    tracks: dict[str, int] = field(default_factory=lambda: {"politics": 0, "media": 0})
    riot_decks: list[list[str]] = field(default_factory=lambda: [[], []])
    riot_hands: list[list[str]] = field(default_factory=lambda: [[], []])
    riot_discards: list[list[str]] = field(default_factory=lambda: [[], []])
    politics_deck: list[str] = field(default_factory=list)
    media_deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # played Politics and Media cards
    hands: list[list[str]] = field(default_factory=lambda: [[], []])  # Politics/Media cards
    characters: list[list[str]] = field(default_factory=lambda: [[], []])  # active ones
    markers: dict[str, int] = field(default_factory=dict)  # building -> seat (occupation)
    established: dict[str, int] = field(default_factory=dict)  # held since turn start
    phase: str = SETUP
    active: int = 1
    round: int = 1
    round_limit: int = 0
    setup_left: int = 2
    riot_bought: int = 0
    moved: list[int] = field(default_factory=list)  # units that stepped this turn (spent)
    combat: Combat | None = None  # the combat under way
    pending: list[Decision] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    next_id: int = 1
    removed: list[int] = field(default_factory=lambda: [0, 0])
    rng: Rng = field(default_factory=lambda: Rng(0))

    @property
    def seats(self) -> int:
        return 2

    def copy(self) -> PMState:
        # field by field like RiotState.copy, not shared with it: the two states have
        # different fields, and an explicit copy is the fast path of every playout
        return PMState(
            map_id=self.map_id,
            units={k: u.copy() for k, u in self.units.items()},
            credits=list(self.credits),
            tracks=dict(self.tracks),
            riot_decks=[list(d) for d in self.riot_decks],
            riot_hands=[list(d) for d in self.riot_hands],
            riot_discards=[list(d) for d in self.riot_discards],
            politics_deck=list(self.politics_deck),
            media_deck=list(self.media_deck),
            discard=list(self.discard),
            hands=[list(h) for h in self.hands],
            characters=[list(c) for c in self.characters],
            markers=dict(self.markers),
            established=dict(self.established),
            phase=self.phase,
            active=self.active,
            round=self.round,
            round_limit=self.round_limit,
            setup_left=self.setup_left,
            riot_bought=self.riot_bought,
            moved=list(self.moved),
            combat=None if self.combat is None else self.combat.copy(),
            pending=[d.copy() for d in self.pending],
            winners=list(self.winners),
            reason=self.reason,
            next_id=self.next_id,
            removed=list(self.removed),
            rng=self.rng.copy(),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in self.__slots__:  # type: ignore[attr-defined]
            value = getattr(self, name)
            if name == "units":
                value = [u.to_json() for u in value.values()]
            elif name == "pending":
                value = [d.to_json() for d in value]
            elif name == "rng":
                value = value.to_json()
            elif name == "combat":
                value = None if value is None else value.to_json()
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = dict(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> PMState:
        s = cls(map_id=str(raw.get("map_id", "city")))
        for name in cls.__slots__:  # type: ignore[attr-defined]
            if name not in raw or name == "map_id":
                continue
            value = raw[name]
            if name == "units":
                # id order, as in riot (rules iterate units without sorting)
                units = sorted((Unit.from_json(u) for u in value), key=lambda u: u.id)
                value = {u.id: u for u in units}
            elif name == "pending":
                value = [Decision.from_json(d) for d in value]
            elif name == "rng":
                value = Rng.from_json(value)
            elif name == "combat":
                value = Combat.from_json(value) if value else None
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = {str(k): v for k, v in value.items()}
            setattr(s, name, value)
        return s
