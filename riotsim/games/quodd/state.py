"""Quodd Heroes game state: plain data with a hand-written copy and JSON round trip."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import Decision, copy_json
from riotsim.core.rng import Rng
from riotsim.games.quodd.board import Board
from riotsim.games.quodd.cube import Cube
from riotsim.games.quodd.directions import Cell

PHASES = ("powerup", "movement", "recovery", "explore", "discard", "upgrade", "over")


@dataclass(slots=True)
class Hero:
    seat: int
    hero: str  # hero id from data/quodd/heroes.yaml
    name: str
    pos: Cell
    cube: Cube
    skills: dict[str, str]  # face -> skill id
    upgraded: list[str] = field(default_factory=list)  # skills on their gold side
    track: list[tuple[str, str]] = field(default_factory=list)  # (upgrade tile id, side a|b)
    hand: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    pets: list[str] = field(default_factory=list)
    carrying: list[str] = field(default_factory=list)  # collectibles, e.g. "crystal:red"
    delivered: int = 0
    treasure: int = 0
    rally: int = 0  # rally markers reached, in order
    characters: int = 0
    facing: str = "N"  # the scenario's "into the board" direction for respawns

    def copy(self) -> Hero:
        return Hero(
            self.seat,
            self.hero,
            self.name,
            self.pos,
            self.cube,
            dict(self.skills),
            list(self.upgraded),
            list(self.track),
            list(self.hand),
            list(self.items),
            list(self.pets),
            list(self.carrying),
            self.delivered,
            self.treasure,
            self.rally,
            self.characters,
            self.facing,
        )

    @property
    def top_skill(self) -> str | None:
        face = self.cube.top
        return None if face == "q" else self.skills[face]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hero": self.hero,
            "name": self.name,
            "pos": list(self.pos),
            "cube": list(self.cube.as_tuple()),
            "skills": dict(self.skills),
            "upgraded": list(self.upgraded),
            "track": [list(t) for t in self.track],
            "hand": list(self.hand),
            "items": list(self.items),
            "pets": list(self.pets),
            "carrying": list(self.carrying),
            "delivered": self.delivered,
            "treasure": self.treasure,
            "rally": self.rally,
            "characters": self.characters,
            "facing": self.facing,
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Hero:
        return cls(
            seat=int(raw["seat"]),
            hero=str(raw["hero"]),
            name=str(raw.get("name", raw["hero"])),
            pos=(int(raw["pos"][0]), int(raw["pos"][1])),
            cube=Cube.from_tuple(list(raw.get("cube", Cube.start().as_tuple()))),
            skills=dict(raw["skills"]),
            upgraded=list(raw.get("upgraded", [])),
            track=[(str(t[0]), str(t[1])) for t in raw.get("track", [])],
            hand=list(raw.get("hand", [])),
            items=list(raw.get("items", [])),
            pets=list(raw.get("pets", [])),
            carrying=list(raw.get("carrying", [])),
            delivered=int(raw.get("delivered", 0)),
            treasure=int(raw.get("treasure", 0)),
            rally=int(raw.get("rally", 0)),
            characters=int(raw.get("characters", 0)),
            facing=str(raw.get("facing", "N")),
        )


@dataclass(slots=True)
class Turn:
    """What the active hero has done this turn."""

    natural_done: bool = False
    skill: str | None = None  # the skill being used now ("q" for Q-Powers)
    remaining: int = 0
    direction: str | None = None  # locked straight-line direction
    steps: int = 0
    used: list[str] = field(default_factory=list)
    stolen_from: list[int] = field(default_factory=list)
    boosts: dict[str, int] = field(default_factory=dict)  # skill or "all" -> extra movement
    q_used: list[str] = field(default_factory=list)
    activated: list[str] = field(default_factory=list)  # "item", "pet", "mind_push", ...
    walled_at_start: bool = False
    moved_over: bool = False  # the movement phase is finished
    explores_left: int = 0
    free_move: bool = False  # a card's move outside the movement phase
    return_phase: str = ""
    # natural -> (skill | q | activate)* -> done -> over
    stage: str = "natural"
    last_dir: str | None = None
    acts: int = 0  # the active player's Power-Up / Recovery actions so far
    window: str = ""  # the point ("phase:acts") where the last impulse window opened
    impulse_off: list[int] = field(default_factory=list)  # seats done with impulses this turn

    def copy(self) -> Turn:
        return Turn(
            self.natural_done,
            self.skill,
            self.remaining,
            self.direction,
            self.steps,
            list(self.used),
            list(self.stolen_from),
            dict(self.boosts),
            list(self.q_used),
            list(self.activated),
            self.walled_at_start,
            self.moved_over,
            self.explores_left,
            self.free_move,
            self.return_phase,
            self.stage,
            self.last_dir,
            self.acts,
            self.window,
            list(self.impulse_off),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "natural_done": self.natural_done,
            "skill": self.skill,
            "remaining": self.remaining,
            "direction": self.direction,
            "steps": self.steps,
            "used": list(self.used),
            "stolen_from": list(self.stolen_from),
            "boosts": dict(self.boosts),
            "q_used": list(self.q_used),
            "activated": list(self.activated),
            "walled_at_start": self.walled_at_start,
            "moved_over": self.moved_over,
            "explores_left": self.explores_left,
            "free_move": self.free_move,
            "return_phase": self.return_phase,
            "stage": self.stage,
            "last_dir": self.last_dir,
            "acts": self.acts,
            "window": self.window,
            "impulse_off": list(self.impulse_off),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Turn:
        turn = cls()
        for key, value in raw.items():
            setattr(turn, key, value)
        turn.used = list(turn.used)
        turn.stolen_from = list(turn.stolen_from)
        turn.boosts = dict(turn.boosts)
        turn.q_used = list(turn.q_used)
        turn.activated = list(turn.activated)
        turn.impulse_off = list(turn.impulse_off)
        return turn


def _copy_frame(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if type(v) is list else v) for k, v in frame.items()}


@dataclass(slots=True)
class State:
    rng: Rng
    board: Board
    heroes: list[Hero]
    scenario: str = ""
    objective: dict[str, Any] = field(default_factory=dict)
    round: int = 1
    round_limit: int = 0  # 0: no time tracker
    first: int = 0
    active: int = 0
    phase: str = "powerup"
    turn: Turn = field(default_factory=Turn)
    deck: list[str] = field(default_factory=list)
    lineup: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    pending: list[Decision] = field(default_factory=list)
    # Arrivals whose board elements are still being resolved (last = being resolved now).
    resolving: list[dict[str, Any]] = field(default_factory=list)
    # Seats still to choose their end-of-round upgrade.
    upgrading: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    hint: str = ""
    # Legal actions computed for this exact state (cleared by every apply; never saved).
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def copy(self) -> State:
        return State(
            self.rng.copy(),
            self.board.copy(),
            [h.copy() for h in self.heroes],
            self.scenario,
            dict(self.objective),  # values are replaced, never mutated in place
            self.round,
            self.round_limit,
            self.first,
            self.active,
            self.phase,
            self.turn.copy(),
            list(self.deck),
            list(self.lineup),
            list(self.discard),
            # Decision data is never edited once asked (answers build new decisions), so copies
            # share it; resolution frames keep lists the rules edit in place, so those are new.
            [Decision(d.kind, d.seat, d.data) for d in self.pending],
            [_copy_frame(f) for f in self.resolving],
            list(self.upgrading),
            list(self.winners),
            self.reason,
            self.hint,
        )

    def hero_at(self, cell: Cell) -> Hero | None:
        for hero in self.heroes:
            if hero.pos == cell:
                return hero
        return None

    @property
    def current(self) -> Hero:
        return self.heroes[self.active]

    def to_json(self) -> dict[str, Any]:
        return {
            "rng": self.rng.to_json(),
            "board": self.board.to_json(),
            "heroes": [h.to_json() for h in self.heroes],
            "scenario": self.scenario,
            "objective": copy_json(self.objective),
            "round": self.round,
            "round_limit": self.round_limit,
            "first": self.first,
            "active": self.active,
            "phase": self.phase,
            "turn": self.turn.to_json(),
            "deck": list(self.deck),
            "lineup": list(self.lineup),
            "discard": list(self.discard),
            "pending": [d.to_json() for d in self.pending],
            "resolving": copy_json(self.resolving),
            "upgrading": list(self.upgrading),
            "winners": list(self.winners),
            "reason": self.reason,
            "hint": self.hint,
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> State:
        return cls(
            rng=Rng.from_json(raw["rng"]),
            board=Board.from_json(raw["board"]),
            heroes=[Hero.from_json(h) for h in raw["heroes"]],
            scenario=str(raw.get("scenario", "")),
            objective=copy_json(dict(raw.get("objective", {}))),
            round=int(raw.get("round", 1)),
            round_limit=int(raw.get("round_limit", 0)),
            first=int(raw.get("first", 0)),
            active=int(raw.get("active", 0)),
            phase=str(raw.get("phase", "powerup")),
            turn=Turn.from_json(raw.get("turn", {})),
            deck=list(raw.get("deck", [])),
            lineup=list(raw.get("lineup", [])),
            discard=list(raw.get("discard", [])),
            pending=[Decision.from_json(d) for d in raw.get("pending", [])],
            resolving=copy_json(list(raw.get("resolving", []))),
            upgrading=list(raw.get("upgrading", [])),
            winners=list(raw.get("winners", [])),
            reason=str(raw.get("reason", "")),
            hint=str(raw.get("hint", "")),
        )
