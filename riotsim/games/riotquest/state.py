"""Riot Quest game state: plain data with a hand-written fast copy.

Layout (stable; the play screen reads it):

* ``players[seat]`` - :class:`Player`: Dice Well, Loot, Riot Gear hand/discard, claimed
  Bounties, Scrap, VP, passed flag, crew order and statistics.
* ``heroes[seat][hero_id]`` - :class:`Hero`: ``place`` is ``"arena"``, ``"bench"`` or
  ``"cooler"``; ``pos`` the hex ``(col, row)`` when in the arena; ``damage``; ``dice`` (spent
  Action dice on its card); ``gear`` (equipped Riot Gear id); ``token`` (bounty card id of the
  Bounty token it holds).
* ``occ`` - hex -> ``(seat, hero_id)`` of the model standing there.
* ``loot_tokens`` - hex -> number of Loot tokens lying there.
* ``tokens`` - bounty card id -> :class:`Token` (its Bounty token: on a hex or held).
* ``bounty_active`` (two face-up cards), ``bounty_draw`` (face down, top first),
  ``chest`` / ``chest_pos`` (the Treasure card in play and its beacon hex),
  ``treasure_draw`` / ``treasure_discard``.
* ``phase``: ``"setup"``, ``"go"``, ``"cooldown"`` or ``"over"``; ``round``; ``priority``
  (seat whose turn it is); ``active`` (hero activating, or None) and ``done`` (bitmask of the
  actions it performed: see ``RUN`` ...); ``pending`` (Decision frames; the last one decides).
* ``log_rolls`` - the last roll-offs (setup, priority) for the screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count
from typing import Any

from riotsim.core.contract import Decision, copy_json
from riotsim.core.rng import Rng
from riotsim.games.riotquest.arena import Arena

Cell = tuple[int, int]
_new = object.__new__

# bits of RQState.done: actions the active hero performed this activation
RUN, ATTACK, RAID, RIG, SPECIAL = 1, 2, 4, 8, 16
ACTION_BITS = {"run": RUN, "attack": ATTACK, "raid": RAID, "rig": RIG, "special": SPECIAL}
DICE_PER_PLAYER = 6


@dataclass(slots=True)
class Hero:
    id: str
    seat: int
    place: str = "bench"  # arena | bench | cooler
    pos: Cell | None = None
    damage: int = 0
    dice: int = 0
    gear: str | None = None
    token: str | None = None
    # the rules' Profile for (id, gear), kept by ``rules.prof`` (a cache, not game state)
    profile: Any = field(default=None, compare=False, repr=False)
    # the ``RQState.cow`` of the one state that may edit this hero in place (see RQState.mut)
    owner: int = field(default=0, compare=False, repr=False)

    def copy(self) -> Hero:
        # field by field into a bare object: a fifth faster than __init__
        h = _new(Hero)
        h.id = self.id
        h.seat = self.seat
        h.place = self.place
        h.pos = self.pos
        h.damage = self.damage
        h.dice = self.dice
        h.gear = self.gear
        h.token = self.token
        h.profile = self.profile
        h.owner = 0
        return h

    def at(self) -> Cell:
        """The hex this model stands on (only asked of models in the arena)."""
        pos = self.pos
        if pos is None:
            raise RuntimeError(f"{self.id} is not in the arena")
        return pos


@dataclass(slots=True)
class Player:
    seat: int
    name: str = ""
    well: int = DICE_PER_PLAYER
    loot: int = 0
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    crew: list[str] = field(default_factory=list)
    bounties: list[str] = field(default_factory=list)
    bounty_vp: int = 0
    scrap: int = 0
    passed: bool = False
    classes: list[str] = field(default_factory=list)  # Spec-Ops: the two chosen classes
    knockouts: int = 0  # enemies knocked out by this player's attacks
    loot_gathered: int = 0

    @property
    def vp(self) -> int:
        return self.bounty_vp + self.scrap

    def copy(self) -> Player:
        p = _new(Player)
        p.seat = self.seat
        p.name = self.name
        p.well = self.well
        p.loot = self.loot
        p.hand = self.hand.copy()
        p.discard = self.discard.copy()
        p.crew = self.crew.copy()
        p.bounties = self.bounties.copy()
        p.bounty_vp = self.bounty_vp
        p.scrap = self.scrap
        p.passed = self.passed
        p.classes = self.classes.copy()
        p.knockouts = self.knockouts
        p.loot_gathered = self.loot_gathered
        return p


@dataclass(slots=True)
class Token:
    card: str  # the bounty card that placed it
    kind: str  # turret, gremlin, malfunction, cortex, mysterious, trap, bomb, target
    pos: Cell | None = None
    holder: tuple[int, str] | None = None  # (seat, hero id) while held

    def copy(self) -> Token:
        t = _new(Token)
        t.card = self.card
        t.kind = self.kind
        t.pos = self.pos
        t.holder = self.holder
        return t

    def at(self) -> Cell:
        """The hex the token lies on (only asked of tokens on the board)."""
        pos = self.pos
        if pos is None:
            raise RuntimeError(f"the {self.kind} token of {self.card} is held")
        return pos


@dataclass(slots=True)
class RQState:
    seats: int
    options: dict[str, Any]
    rng: Rng
    arena: Arena | None = None
    phase: str = "setup"
    round: int = 1
    priority: int = 0
    last_priority: int = 0
    players: list[Player] = field(default_factory=list)
    heroes: list[dict[str, Hero]] = field(default_factory=list)
    occ: dict[Cell, tuple[int, str]] = field(default_factory=dict)
    loot_tokens: dict[Cell, int] = field(default_factory=dict)
    tokens: dict[str, Token] = field(default_factory=dict)
    bounty_deck: str | None = None
    bounty_draw: list[str] = field(default_factory=list)
    bounty_active: list[str] = field(default_factory=list)
    treasure_deck: str | None = None
    treasure_draw: list[str] = field(default_factory=list)
    treasure_discard: list[str] = field(default_factory=list)
    chest: str | None = None
    chest_pos: Cell | None = None
    active: str | None = None
    done: int = 0
    act_damage: int = 0  # attack damage dealt to enemies during this activation
    prepped: bool = True  # the current turn's deck upkeep and spawning are done
    forced_pass: bool = False  # the priority player cannot activate: it may only equip, then pass
    pending: list[Decision] = field(default_factory=list)
    queue: list[dict[str, Any]] = field(default_factory=list)  # resolution steps still to run
    attack: dict[str, Any] | None = None  # the attack being resolved
    setup: dict[str, Any] = field(default_factory=dict)  # set-up bookkeeping (roll-offs, order)
    winners: tuple[int, ...] = ()
    reason: str = ""
    hidden: bool = False  # a view: other hands and deck orders are masked
    # legal actions computed for this exact state (dropped by apply and by whatever edits a
    # state outside the rules, e.g. a view; shared by copies, never saved)
    legal_cache: list[Any] | None = None
    # movement searches for the current occupancy, by (seat, hero, hex, budget, gear), and
    # occupancy masks by seat (see rules._reach): dropped (never edited) whenever a model is
    # placed or leaves; a run keeps the masks, moved along with the model, in a new dict. So
    # copies share it while their occupancy is equal (entries are only ever added). Never saved.
    reach_cache: dict[Any, Any] | None = None
    # copy-on-write of the heroes: copies share Hero objects, and a state edits only the heroes
    # whose ``owner`` is its ``cow`` (``mut`` copies any other first). A copy gives both states
    # fresh numbers, so neither owns a shared hero. Never saved.
    cow: int = field(default=0, compare=False, repr=False)

    def copy(self) -> RQState:
        # field by field into a bare object (faster than __init__; bots copy a state once per
        # action they try)
        self.cow = next(_COW)
        c = _new(RQState)
        c.seats = self.seats
        c.options = self.options  # never mutated after set-up
        c.rng = self.rng.copy()
        c.arena = self.arena  # immutable, shared
        c.phase = self.phase
        c.round = self.round
        c.priority = self.priority
        c.last_priority = self.last_priority
        # (map, not a comprehension: no frame of its own to set up)
        c.players = list(map(_copy_player, self.players))
        c.heroes = list(map(_copy_crew, self.heroes))  # the heroes are shared: see ``cow``
        c.occ = self.occ.copy()
        c.loot_tokens = self.loot_tokens.copy()
        c.tokens = {k: t.copy() for k, t in self.tokens.items()} if self.tokens else {}
        c.bounty_deck = self.bounty_deck
        c.bounty_draw = self.bounty_draw.copy()
        c.bounty_active = self.bounty_active.copy()
        c.treasure_deck = self.treasure_deck
        c.treasure_draw = self.treasure_draw.copy()
        c.treasure_discard = self.treasure_discard.copy()
        c.chest = self.chest
        c.chest_pos = self.chest_pos
        c.active = self.active
        c.done = self.done
        c.act_damage = self.act_damage
        c.prepped = self.prepped
        c.forced_pass = self.forced_pass
        c.pending = [d.copy() for d in self.pending] if self.pending else []
        c.queue = _copy_queue(self.queue) if self.queue else []
        c.attack = None if self.attack is None else dict(self.attack)
        setup = self.setup
        if self.phase != "setup" and setup.get("cool") is None:
            c.setup = setup  # shared: see _copy_setup
        else:
            c.setup = _copy_setup(setup, self.phase)
        c.winners = self.winners
        c.reason = self.reason
        c.hidden = self.hidden
        # an equal state has the same legal actions; the list is never edited (apply drops
        # it, legal_actions hands out copies), so copies may share it
        c.legal_cache = self.legal_cache
        c.reach_cache = self.reach_cache
        c.cow = next(_COW)
        return c

    # -- small queries used everywhere -------------------------------------------------------
    def board(self) -> Arena:
        """The arena (chosen during set-up; every rule of play may rely on it)."""
        arena = self.arena
        if arena is None:
            raise RuntimeError("no arena chosen yet")
        return arena

    def fight(self) -> dict[str, Any]:
        """The attack being resolved (asked only while one is)."""
        ctx = self.attack
        if ctx is None:
            raise RuntimeError("no attack is being resolved")
        return ctx

    def hero(self, seat: int, hero_id: str) -> Hero:
        return self.heroes[seat][hero_id]

    def mut(self, seat: int, hero_id: str) -> Hero:
        """The hero, to be edited: every write to a hero goes through here (or to a hero got
        from here during the same change). A hero may be shared with copies of this state
        (see ``cow``), so it is first replaced by a copy of its own."""
        crew = self.heroes[seat]
        h = crew[hero_id]
        if h.owner != self.cow:
            h = crew[hero_id] = h.copy()
            h.owner = self.cow
        return h

    def in_play(self, seat: int) -> list[Hero]:
        return [h for h in self.heroes[seat].values() if h.place == "arena"]

    def model_at(self, cell: Cell) -> Hero | None:
        who = self.occ.get(cell)
        return None if who is None else self.heroes[who[0]][who[1]]


_copy_player = Player.copy
_copy_crew = dict.copy

# states number their copies (``RQState.cow``); 0 is a state never copied, owning the heroes
# it was built with
_COW = count(1)


# What the rules edit in place, so what a copy must not share (the conformance suite's
# independence checks prove it, positions made mid-attack and mid-cool-down included):
# a queued step's keys and its trigger "left" list; an attack's keys (its lists are only
# ever replaced); the Cool Down's "cool" progress; during set-up, anything. After set-up the
# ``setup`` dict itself is only ever replaced, never edited.


def _copy_queue(queue: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for op in queue:
        op = dict(op)
        left = op.get("left")
        if left is not None:
            op["left"] = list(left)
        out.append(op)
    return out


def _copy_setup(setup: dict[str, Any], phase: str) -> dict[str, Any]:
    if phase == "setup":
        return copy_json(setup)  # type: ignore[no-any-return]
    cool = setup.get("cool")
    if cool is None:
        # after set-up the rules only ever replace this dict (a roll-off's result, the Cool
        # Down's start and end), so copies share it
        return setup
    out = dict(setup)
    out["cool"] = dict(cool)
    return out
