"""Plain-data state of RIOT: Cast the First Stone (JSON-serialisable, fast copy)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import Decision
from riotsim.core.rng import Rng
from riotsim.games.riot.fights import Clash

HIDDEN = "?"  # a card or goal the viewer may not see

# phases of a turn (plus the opening placement and the end of the game)
PLACEMENT, PURCHASE, MOVE, CLASH, OVER = "placement", "purchase", "move", "clash", "over"


@dataclass(slots=True)
class Unit:
    id: int
    seat: int
    kind: str
    space: str
    moves: int = 0  # steps left this turn
    attacked: bool = False  # took part in an attack this turn (spent)
    wounded: bool = False
    fresh: bool = False  # bought this turn (S.W.A.T. and Paramilitary direct attacks)

    def copy(self) -> Unit:
        return Unit(
            self.id,
            self.seat,
            self.kind,
            self.space,
            self.moves,
            self.attacked,
            self.wounded,
            self.fresh,
        )

    def to_json(self) -> list[Any]:
        return [
            self.id,
            self.seat,
            self.kind,
            self.space,
            self.moves,
            int(self.attacked),
            int(self.wounded),
            int(self.fresh),
        ]

    @classmethod
    def from_json(cls, raw: list[Any]) -> Unit:
        return cls(
            int(raw[0]),
            int(raw[1]),
            str(raw[2]),
            str(raw[3]),
            int(raw[4]),
            bool(raw[5]),
            bool(raw[6]),
            bool(raw[7]),
        )


@dataclass(slots=True)
class RiotState:
    map_id: str
    teams: list[str]  # team id per seat; seat 0 is always the Police
    units: dict[int, Unit] = field(default_factory=dict)
    supply: list[dict[str, int]] = field(default_factory=list)  # tokens left to buy
    credits: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    decks: list[list[str]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    area_points: list[int] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)  # "" except for the Nationalists
    eliminated: list[bool] = field(default_factory=list)
    po_deck: list[str] = field(default_factory=list)
    po_drawn: str = ""  # drawn face down this turn, revealed at its end
    po_revealed: list[str] = field(default_factory=list)
    police_next: dict[str, int] = field(default_factory=dict)  # penalties for the next turn
    police_now: dict[str, int] = field(default_factory=dict)  # penalties in force this turn
    protester_bonus: list[int] = field(default_factory=list)
    phase: str = PLACEMENT
    active: int = 0
    order: list[int] = field(default_factory=list)  # protester turn order this round
    placement: list[int] = field(default_factory=list)  # seats still to place, in turn
    round: int = 0
    round_limit: int = 0  # 0 means none
    cards_bought: int = 0
    attacks: dict[str, int] = field(default_factory=dict)  # "space@seat" -> attacks this turn
    clashes: int = 0  # clashes the active player started this turn
    moved: list[int] = field(default_factory=list)  # units that stepped this turn
    clash: Clash | None = None  # the clash under way
    pending: list[Decision] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    next_id: int = 1
    removed: list[int] = field(default_factory=list)  # units each seat lost (statistics)
    rng: Rng = field(default_factory=lambda: Rng(0))

    @property
    def seats(self) -> int:
        return len(self.teams)

    def copy(self) -> RiotState:
        return RiotState(
            map_id=self.map_id,
            teams=list(self.teams),
            units={k: u.copy() for k, u in self.units.items()},
            supply=[dict(s) for s in self.supply],
            credits=list(self.credits),
            hands=[list(h) for h in self.hands],
            decks=[list(d) for d in self.decks],
            discards=[list(d) for d in self.discards],
            area_points=list(self.area_points),
            goals=list(self.goals),
            eliminated=list(self.eliminated),
            po_deck=list(self.po_deck),
            po_drawn=self.po_drawn,
            po_revealed=list(self.po_revealed),
            police_next=dict(self.police_next),
            police_now=dict(self.police_now),
            protester_bonus=list(self.protester_bonus),
            phase=self.phase,
            active=self.active,
            order=list(self.order),
            placement=list(self.placement),
            round=self.round,
            round_limit=self.round_limit,
            cards_bought=self.cards_bought,
            attacks=dict(self.attacks),
            clashes=self.clashes,
            moved=list(self.moved),
            clash=None if self.clash is None else self.clash.copy(),
            pending=[d.copy() for d in self.pending],
            winners=list(self.winners),
            reason=self.reason,
            next_id=self.next_id,
            removed=list(self.removed),
            rng=self.rng.copy(),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "map": self.map_id,
            "teams": list(self.teams),
            "units": [u.to_json() for u in self.units.values()],
            "supply": [dict(s) for s in self.supply],
            "credits": list(self.credits),
            "hands": [list(h) for h in self.hands],
            "decks": [list(d) for d in self.decks],
            "discards": [list(d) for d in self.discards],
            "area_points": list(self.area_points),
            "goals": list(self.goals),
            "eliminated": [int(e) for e in self.eliminated],
            "po_deck": list(self.po_deck),
            "po_drawn": self.po_drawn,
            "po_revealed": list(self.po_revealed),
            "police_next": dict(self.police_next),
            "police_now": dict(self.police_now),
            "protester_bonus": list(self.protester_bonus),
            "phase": self.phase,
            "active": self.active,
            "order": list(self.order),
            "placement": list(self.placement),
            "round": self.round,
            "round_limit": self.round_limit,
            "cards_bought": self.cards_bought,
            "attacks": dict(self.attacks),
            "clashes": self.clashes,
            "moved": list(self.moved),
            "clash": None if self.clash is None else self.clash.to_json(),
            "pending": [d.to_json() for d in self.pending],
            "winners": list(self.winners),
            "reason": self.reason,
            "next_id": self.next_id,
            "removed": list(self.removed),
            "rng": self.rng.to_json(),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> RiotState:
        teams = [str(t) for t in raw["teams"]]
        n = len(teams)
        # units are kept in id order (new ones get ever larger ids), so rules can skip sorting
        units = sorted((Unit.from_json(u) for u in raw.get("units", [])), key=lambda u: u.id)
        return cls(
            map_id=str(raw.get("map", "city")),
            teams=teams,
            units={u.id: u for u in units},
            supply=[{str(k): int(v) for k, v in s.items()} for s in raw.get("supply", [])],
            credits=[int(c) for c in raw.get("credits", [0] * n)],
            hands=[[str(c) for c in h] for h in raw.get("hands", [[] for _ in teams])],
            decks=[[str(c) for c in d] for d in raw.get("decks", [[] for _ in teams])],
            discards=[[str(c) for c in d] for d in raw.get("discards", [[] for _ in teams])],
            area_points=[int(p) for p in raw.get("area_points", [0] * n)],
            goals=[str(g) for g in raw.get("goals", [""] * n)],
            eliminated=[bool(e) for e in raw.get("eliminated", [False] * n)],
            po_deck=[str(c) for c in raw.get("po_deck", [])],
            po_drawn=str(raw.get("po_drawn", "")),
            po_revealed=[str(c) for c in raw.get("po_revealed", [])],
            police_next={str(k): int(v) for k, v in raw.get("police_next", {}).items()},
            police_now={str(k): int(v) for k, v in raw.get("police_now", {}).items()},
            protester_bonus=[int(b) for b in raw.get("protester_bonus", [0] * n)],
            phase=str(raw.get("phase", PURCHASE)),
            active=int(raw.get("active", 0)),
            order=[int(s) for s in raw.get("order", [])],
            placement=[int(s) for s in raw.get("placement", [])],
            round=int(raw.get("round", 1)),
            round_limit=int(raw.get("round_limit", 0)),
            cards_bought=int(raw.get("cards_bought", 0)),
            attacks={str(k): int(v) for k, v in raw.get("attacks", {}).items()},
            clashes=int(raw.get("clashes", 0)),
            moved=[int(i) for i in raw.get("moved", [])],
            clash=Clash.from_json(raw["clash"]) if raw.get("clash") else None,
            pending=[Decision.from_json(d) for d in raw.get("pending", [])],
            winners=[int(w) for w in raw.get("winners", [])],
            reason=str(raw.get("reason", "")),
            next_id=int(raw.get("next_id", max([u.id for u in units], default=0) + 1)),
            removed=[int(r) for r in raw.get("removed", [0] * n)],
            rng=Rng.from_json(raw.get("rng", {"seed": 0})),
        )
