"""Quodd Heroes game state: plain data with a hand-written copy and JSON round trip."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import Decision, PositionError, copy_json
from riotsim.core.fields import Reader, check_int
from riotsim.core.rng import Rng
from riotsim.games.quodd.board import Board
from riotsim.games.quodd.cube import SKILL_FACES, Cube
from riotsim.games.quodd.directions import ALL, ORTHOGONAL, Cell
from riotsim.i18n import _

_new = object.__new__  # the copies below fill every slot themselves

PHASES = ("powerup", "movement", "recovery", "explore", "discard", "upgrade", "over")


@dataclass(slots=True)
class Hero:
    """One hero on the board.

    ``seat`` is the hero's index in ``State.heroes`` (pending decisions, frames and
    ``State.active`` name heroes by it). The player who decides for it is ``controller``
    (a player seat, ``0..State.player_count - 1``): a buddy is controlled by another
    player's seat. ``team`` groups heroes that win and lose together (free-for-all: every
    hero its own team; co-op: all team 0). ``controller`` and ``team`` default to ``seat``.
    """

    seat: int  # the hero's index in State.heroes (not necessarily a player seat)
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
    # Ice Bomb (spec B12): skill tiles out, and how many ends of its own turn they survive.
    frozen: list[str] = field(default_factory=list)
    frozen_turns: int = 0
    herded: int = 0  # sheep delivered to drop zones (spec S21)
    controller: int = -1  # the player seat deciding for this hero (-1 on creation: seat)
    team: int = -1  # heroes of one team win together (-1 on creation: seat)
    buddy: bool = False  # Buddy Cards: no hand, plays no cards, controls no Item or Pet
    side: str = "a"  # player board side, a or b (Player Board B-Side)
    # B-side: skill face (or "q") -> (upgrade tile id, side a|b) slotted beside it
    slots: dict[str, tuple[str, str]] = field(default_factory=dict)
    loot: list[str] = field(default_factory=list)  # treasure cards held (spec R1)
    # B-side: the faces activated this turn (their slots' bonuses apply until the turn ends)
    lit: list[str] = field(default_factory=list)
    # A cache, never saved or compared: the hero id and track as abilities.track_icons last
    # counted them (a copy) and the icons it counted; a track that differs is counted again.
    counted: tuple[str, list[tuple[str, str]], dict[str, int]] | None = field(
        default=None, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.controller < 0:
            self.controller = self.seat
        if self.team < 0:
            self.team = self.seat

    def copy(self) -> Hero:
        # Attribute by attribute rather than through __init__ (bots copy a state for every
        # action they try); every field is set, and every list or dict is a new one.
        out = _new(Hero)
        out.seat = self.seat
        out.hero = self.hero
        out.name = self.name
        out.pos = self.pos
        out.cube = self.cube
        out.skills = self.skills.copy()
        out.upgraded = self.upgraded[:]
        out.track = self.track[:]
        out.hand = self.hand[:]
        out.items = self.items[:]
        out.pets = self.pets[:]
        out.carrying = self.carrying[:]
        out.delivered = self.delivered
        out.treasure = self.treasure
        out.rally = self.rally
        out.characters = self.characters
        out.facing = self.facing
        out.frozen = self.frozen[:]
        out.frozen_turns = self.frozen_turns
        out.herded = self.herded
        out.controller = self.controller
        out.team = self.team
        out.buddy = self.buddy
        out.side = self.side
        out.slots = self.slots.copy()
        out.loot = self.loot[:]
        out.lit = self.lit[:]
        out.counted = self.counted  # never edited in place: shared
        return out

    @property
    def gems(self) -> int:
        """The gems of the treasure cards the hero holds (the ``loot`` objective)."""
        if not self.loot:
            return 0
        from riotsim.games.quodd import treasure

        return treasure.gems(self.loot)

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
            # only while frozen, so saves without ice stay as they were
            **(
                {"frozen": list(self.frozen), "frozen_turns": self.frozen_turns}
                if self.frozen
                else {}
            ),
            **({"herded": self.herded} if self.herded else {}),
            # seats, teams and the B-side only when not their defaults (old saves unchanged)
            **({"controller": self.controller} if self.controller != self.seat else {}),
            **({"team": self.team} if self.team != self.seat else {}),
            **({"buddy": True} if self.buddy else {}),
            **({"side": self.side} if self.side != "a" else {}),
            **({"slots": {f: list(t) for f, t in self.slots.items()}} if self.slots else {}),
            **({"loot": list(self.loot)} if self.loot else {}),
            **({"lit": list(self.lit)} if self.lit else {}),
        }

    @classmethod
    def from_json(cls, raw: Any, path: str = "hero") -> Hero:
        """A hero read from untrusted JSON: every field checked (PositionError names it)."""
        return cls.read(Reader(raw, path))

    @classmethod
    def read(cls, r: Reader) -> Hero:
        from riotsim.games.quodd import catalog

        hero_id = r.choice("hero", catalog.heroes())
        spec = catalog.heroes()[hero_id]
        tiles = {t.id for t in spec.upgrades}
        cards = catalog.cards()
        track: list[tuple[str, str]] = []
        for i, t in enumerate(r.list("track", [], most=TRACK_MOST)):
            where = f"{r.where('track')}[{i}]"
            if (
                not isinstance(t, list)
                or len(t) != 2
                or t[0] not in tiles
                or t[1] not in ("a", "b")
            ):
                raise PositionError(
                    _("{where}: {t!r:.60} is not [a tile of {hero_id}, a|b]").format(
                        where=where, t=t, hero_id=hero_id
                    )
                )
            if any(t[0] == seen for seen, _ in track):
                raise PositionError(
                    _("{where}: tile {t} is on the track twice").format(where=where, t=t[0])
                )
            track.append((t[0], t[1]))
        seat = r.int("seat", low=0, high=MAX_HEROES - 1)
        return cls(
            seat=seat,
            hero=hero_id,
            name=r.text("name", spec.name),
            pos=r.pair("pos"),
            cube=_read_cube(r),
            skills=_read_skills(r),
            upgraded=_unique(r, "upgraded", r.texts("upgraded", [], choices=catalog.SKILLS)),
            track=track,
            hand=r.texts("hand", [], choices=cards),
            items=_equipped(r, "items", "item"),
            pets=_equipped(r, "pets", "pet"),
            carrying=_read_carrying(r),
            delivered=r.int("delivered", 0, low=0, high=COUNT_MOST),
            treasure=r.int("treasure", 0, low=0, high=COUNT_MOST),
            rally=r.int("rally", 0, low=0, high=COUNT_MOST),
            characters=r.int("characters", 0, low=0, high=COUNT_MOST),
            facing=r.choice("facing", ORTHOGONAL, "N"),
            frozen=_unique(r, "frozen", r.texts("frozen", [], choices=catalog.SKILLS)),
            frozen_turns=r.int("frozen_turns", 0, low=0, high=2),
            herded=r.int("herded", 0, low=0, high=COUNT_MOST),
            controller=r.int("controller", seat, low=0, high=MAX_HEROES - 1),
            team=r.int("team", seat, low=0, high=MAX_HEROES - 1),
            buddy=r.bool("buddy", False),
            side=r.choice("side", ("a", "b"), "a"),
            slots=_read_slots(r, hero_id, tiles, track),
            loot=_read_loot(r),
            lit=_unique(r, "lit", r.texts("lit", [], choices=(*SKILL_FACES, "q"))),
        )


def _read_slots(
    r: Reader, hero_id: str, tiles: set[str], track: list[tuple[str, str]]
) -> dict[str, tuple[str, str]]:
    """B-side slots: a cube face (skill faces or "q") -> [a tile of this hero, a|b]; each
    tile once, and never also on the track."""
    out: dict[str, tuple[str, str]] = {}
    on_track = {t for t, _ in track}
    for face, t in r.mapping("slots", {}).items():
        where = f"{r.where('slots')}.{face}"
        if face not in (*SKILL_FACES, "q"):
            raise PositionError(
                _("{where}: {face!r:.40} is not a cube face").format(where=where, face=face)
            )
        if not isinstance(t, list) or len(t) != 2 or t[0] not in tiles or t[1] not in ("a", "b"):
            raise PositionError(
                _("{where}: {t!r:.60} is not [a tile of {hero_id}, a|b]").format(
                    where=where, t=t, hero_id=hero_id
                )
            )
        if t[0] in on_track or any(t[0] == seen for seen, _ in out.values()):
            raise PositionError(_("{where}: tile {t} is placed twice").format(where=where, t=t[0]))
        out[face] = (t[0], t[1])
    return out


def _read_loot(r: Reader) -> list[str]:
    from riotsim.games.quodd import treasure

    return r.texts("loot", [], choices=treasure.cards())


MAX_HEROES = 6
TRACK_MOST = 6
COUNT_MOST = 10_000


def _read_cube(r: Reader) -> Cube:
    faces = r.texts("cube", list(Cube.start().as_tuple()))
    if len(faces) != 6:
        raise r.fail("cube", _("{n} faces; a hero cube has 6").format(n=len(faces)))
    try:
        return Cube.from_tuple(faces)
    except ValueError as err:
        raise r.fail("cube", str(err)) from None


def _read_skills(r: Reader) -> dict[str, str]:
    from riotsim.games.quodd import catalog

    skills = r.mapping("skills")
    if sorted(skills) != sorted(SKILL_FACES):
        raise r.fail(
            "skills",
            _("faces {skills}; a hero has {SKILL_FACES}").format(
                skills=sorted(skills), SKILL_FACES=", ".join(SKILL_FACES)
            ),
        )
    values = list(skills.values())
    if not all(isinstance(v, str) for v in values) or sorted(values) != sorted(catalog.SKILLS):
        raise r.fail(
            "skills",
            _("{values!r:.60} is not each of {SKILLS} once").format(
                values=values, SKILLS=", ".join(catalog.SKILLS)
            ),
        )
    return dict(skills)


def _unique(r: Reader, key: str, values: list[str]) -> list[str]:
    if len(set(values)) != len(values):
        raise r.fail(key, _("{values!r:.60} names one thing twice").format(values=values))
    return values


def _equipped(r: Reader, key: str, kind: str) -> list[str]:
    from riotsim.games.quodd import catalog

    cards = catalog.cards()
    values = r.texts(key, [], choices=cards)
    for i, card in enumerate(values):
        if cards[card].type != kind:
            raise PositionError(
                _("{key}[{i}]: {card} is not an {kind} card").format(
                    key=r.where(key), i=i, card=card, kind=kind
                )
            )
    return values


# Carried sheep (spec 11.3): one item per sheep, by colour.
SHEEP_ITEMS = ("sheep:grey", "sheep:white", "sheep:black")


def _read_carrying(r: Reader) -> list[str]:
    values = r.texts("carrying", [])
    for i, item in enumerate(values):
        if item in SHEEP_ITEMS:
            continue
        if item.startswith("character:") and len(item) <= 40:  # collect mode (spec Y5)
            continue
        if item != "crystal" and not (item.startswith("crystal:") and len(item) <= 40):
            raise PositionError(
                f"{r.where('carrying')}[{i}]: {item!r:.60} is not a crystal or a sheep"
            )
    return values


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
        out = _new(Turn)  # as Hero.copy: every field set, every list or dict a new one
        out.natural_done = self.natural_done
        out.skill = self.skill
        out.remaining = self.remaining
        out.direction = self.direction
        out.steps = self.steps
        out.used = self.used[:]
        out.stolen_from = self.stolen_from[:]
        out.boosts = self.boosts.copy()
        out.q_used = self.q_used[:]
        out.activated = self.activated[:]
        out.walled_at_start = self.walled_at_start
        out.moved_over = self.moved_over
        out.explores_left = self.explores_left
        out.free_move = self.free_move
        out.return_phase = self.return_phase
        out.stage = self.stage
        out.last_dir = self.last_dir
        out.acts = self.acts
        out.window = self.window
        out.impulse_off = self.impulse_off[:]
        return out

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
    def from_json(cls, raw: Any, path: str = "turn") -> Turn:
        """The turn read from untrusted JSON (missing fields take their defaults); seats are
        checked by the caller, who knows how many there are."""
        from riotsim.games.quodd import catalog

        r = Reader(raw, path)
        skills = catalog.SKILLS
        boosts = r.mapping("boosts", {})
        for key, value in boosts.items():
            if key not in (*skills, "all"):
                raise r.fail("boosts", _("{key!r:.40} is not a skill or 'all'").format(key=key))
            check_int(value, f"{r.where('boosts')}.{key}", low=-BOOST_MOST, high=BOOST_MOST)
        return cls(
            natural_done=r.bool("natural_done", False),
            skill=r.choice("skill", (None, *skills, "q"), None),
            remaining=r.int("remaining", 0, low=-BOOST_MOST, high=BOOST_MOST),
            direction=r.choice("direction", (None, *ALL), None),
            steps=r.int("steps", 0, low=0, high=BOOST_MOST),
            used=r.texts("used", [], choices=skills),
            stolen_from=r.ints("stolen_from", [], low=0, high=MAX_HEROES - 1),
            boosts=boosts,
            q_used=r.texts("q_used", [], choices=Q_POWERS),
            activated=[_short(r, "activated", a) for a in r.texts("activated", [])],
            walled_at_start=r.bool("walled_at_start", False),
            moved_over=r.bool("moved_over", False),
            explores_left=r.int("explores_left", 0, low=0, high=BOOST_MOST),
            free_move=r.bool("free_move", False),
            return_phase=r.choice("return_phase", ("", *PHASES), ""),
            stage=r.choice("stage", STAGES, "natural"),
            last_dir=r.choice("last_dir", (None, *ALL), None),
            acts=r.int("acts", 0, low=0, high=10**6),
            window=_short(r, "window", r.text("window", "")),
            impulse_off=r.ints("impulse_off", [], low=0, high=MAX_HEROES - 1),
        )


BOOST_MOST = 1000
STAGES = ("natural", "skill", "q", "activate", "done", "over")
# Q-Powers a hero may have used this turn: every hero's own one, plus the two shared ones.
Q_POWERS = (
    "place_terrain",
    "place_teleporter",
    "earthquake",
    "rotate_board",
    "copy_q",
    "flip_upgrade",
    "rearrange",
    "upgrade",
    "bomb",  # Q: Bomb (spec K1)
)


def _short(r: Reader, key: str, text: str) -> str:
    if len(text) > 60:
        raise r.fail(key, _("{text!r}... is longer than 60 characters").format(text=text[:20]))
    return text


def _copy_frame(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if type(v) is list else v) for k, v in frame.items()}


# The fields of the other modes (issue 13), written to JSON only when not these.
_MODE_DEFAULTS: dict[str, Any] = {
    "players": 0,
    "overlord": -1,
    "world_deck": [],
    "world_discard": [],
    "overlord_deck": [],
    "overlord_discard": [],
    "treasure_deck": [],
    "treasure_discard": [],
    "timer": -1,
}
MODE_DECKS = tuple(k for k, v in _MODE_DEFAULTS.items() if isinstance(v, list))


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
    # The next number for a piece created in play (bombs, sheep: spec 11.3); see new_id.
    next_id: int = 0
    # Player seats (0: one per hero, as in every game before buddies). See Hero.controller.
    players: int = 0
    overlord: int = -1  # hero index of the Overlord (-1: no Overlord)
    # Face-down decks (card ids) of the other modes; empty unless a scenario uses them.
    world_deck: list[str] = field(default_factory=list)
    world_discard: list[str] = field(default_factory=list)
    overlord_deck: list[str] = field(default_factory=list)
    overlord_discard: list[str] = field(default_factory=list)
    treasure_deck: list[str] = field(default_factory=list)
    treasure_discard: list[str] = field(default_factory=list)
    timer: int = -1  # a scenario's count-down time tracker (-1: none)
    # Legal actions computed for this exact state (cleared by every apply; never saved).
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def copy(self) -> State:
        out = _new(State)  # as Hero.copy: every field set, every list or dict a new one
        out.rng = self.rng.copy()
        out.board = self.board.copy()
        out.heroes = [h.copy() for h in self.heroes]
        out.scenario = self.scenario
        out.objective = self.objective.copy()  # values are replaced, never mutated in place
        out.round = self.round
        out.round_limit = self.round_limit
        out.first = self.first
        out.active = self.active
        out.phase = self.phase
        out.turn = self.turn.copy()
        out.deck = self.deck[:]
        out.lineup = self.lineup[:]
        out.discard = self.discard[:]
        # Decision data is never edited once asked (answers build new decisions), so copies
        # share it; resolution frames keep lists the rules edit in place, so those are new.
        out.pending = (
            [Decision(d.kind, d.seat, d.data) for d in self.pending] if self.pending else []
        )
        out.resolving = [_copy_frame(f) for f in self.resolving] if self.resolving else []
        out.upgrading = self.upgrading[:]
        out.winners = self.winners[:]
        out.reason = self.reason
        out.hint = self.hint
        out.next_id = self.next_id
        out.players = self.players
        out.overlord = self.overlord
        out.world_deck = self.world_deck[:]
        out.world_discard = self.world_discard[:]
        out.overlord_deck = self.overlord_deck[:]
        out.overlord_discard = self.overlord_discard[:]
        out.treasure_deck = self.treasure_deck[:]
        out.treasure_discard = self.treasure_discard[:]
        out.timer = self.timer
        out.memo = {}
        return out

    def new_id(self) -> int:
        """A fresh piece number (unique among the bombs and sheep of this game)."""
        self.next_id += 1
        return self.next_id - 1

    def hero_at(self, cell: Cell) -> Hero | None:
        for hero in self.heroes:
            if hero.pos == cell:
                return hero
        return None

    @property
    def current(self) -> Hero:
        return self.heroes[self.active]

    @property
    def player_count(self) -> int:
        """How many player seats (``to_move`` and ``outcome`` speak of these)."""
        return self.players or len(self.heroes)

    def seat_of(self, hero_index: int) -> int:
        """The player seat deciding for the hero at ``hero_index`` (its controller)."""
        return self.heroes[hero_index].controller

    def same_team(self, i: int, j: int) -> bool:
        """Whether heroes ``i`` and ``j`` (hero indices) are on one team."""
        return self.heroes[i].team == self.heroes[j].team

    def heroes_of(self, seat: int) -> list[Hero]:
        """The heroes the player at ``seat`` controls (its own first, then its buddies)."""
        return [h for h in self.heroes if h.controller == seat]

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
            # only once a piece was numbered, so older saves stay as they were
            **({"next_id": self.next_id} if self.next_id else {}),
            **{k: v for k, v in self._mode_fields().items() if v != _MODE_DEFAULTS[k]},
        }

    def _mode_fields(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "overlord": self.overlord,
            "world_deck": list(self.world_deck),
            "world_discard": list(self.world_discard),
            "overlord_deck": list(self.overlord_deck),
            "overlord_discard": list(self.overlord_discard),
            "treasure_deck": list(self.treasure_deck),
            "treasure_discard": list(self.treasure_discard),
            "timer": self.timer,
        }

    @classmethod
    def from_json(cls, raw: Any) -> State:
        """A state read from untrusted JSON (a save, a bug report): every field is checked
        and refused with a PositionError naming it (see :mod:`riotsim.games.quodd.positions`
        for the checks between fields)."""
        from riotsim.games.quodd import positions

        return positions.read_state(raw)
