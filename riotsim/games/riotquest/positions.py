"""Readable, YAML-able positions for Riot Quest (the "FEN" of a game).

Only ``players`` (each with a ``crew`` list) and ``arena`` are required; everything else has a
sensible default, so a test can write just the heroes that matter::

    arena: {rows: [...], gates: {...}, beacons: {...}, centre: [3, 3]}   # or "thunderhead"
    priority: 0
    players:
      - crew: [{id: dez, pos: [2, 3]}, {id: gubbin}]       # no pos: on the Bench
        loot: 3
      - crew: [{id: dreyfus, pos: [4, 3], damage: 1}]
    chest: {id: iron_chest, pos: [3, 1]}

Defaults: phase ``go``, round 1, no active hero, the turn already prepared (no deck upkeep or
spawning until the next turn), empty decks, six dice per player minus those on hero cards.

A position is input from strangers (a save, a file): :func:`from_position` checks every field
and what the rules rely on across fields, and refuses a bad one with a
:class:`~riotsim.core.contract.PositionError` naming the field (``players[1].crew[0].pos: ...``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riotsim.core.contract import Decision, PositionError, copy_json
from riotsim.core.fields import Reader, check_int, check_pair
from riotsim.core.rng import Rng
from riotsim.games.riotquest.arena import (
    Arena,
    ArenaError,
    arena_ids,
    get_arena,
    register,
)
from riotsim.games.riotquest.content import CLASSES, content
from riotsim.games.riotquest.decisions import FRAMES, STEPS
from riotsim.games.riotquest.fieldchecks import PLACES, FrameContext, known_arena
from riotsim.games.riotquest.profile import profile
from riotsim.games.riotquest.rules import LOOT_CAP, SETUP_STEPS, can_activate, crew_limits
from riotsim.games.riotquest.state import (
    ACTION_BITS,
    ATTACK,
    DICE_PER_PLAYER,
    RAID,
    Hero,
    Player,
    RQState,
    Token,
)
from riotsim.i18n import N_, _

_SHIPPED: set[str] = set()
_GOOD_OPTIONS: set[tuple[Any, ...]] = set()  # option sets already checked (a few per run)

__all__ = ["PositionError", "from_position", "to_position"]


def _list(cell: tuple[int, int] | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def _hero_position(h: Hero | None) -> dict[str, Any]:
    """A hero of a crew; a hero a view hides (a crew still being built) is ``{"id": "?"}``."""
    if h is None:
        return {"id": "?"}
    return {
        "id": h.id,
        "place": h.place,
        "pos": _list(h.pos),
        "damage": h.damage,
        "dice": h.dice,
        "gear": h.gear,
        "token": h.token,
    }


def to_position(s: RQState) -> dict[str, Any]:
    arena: Any = None
    if s.arena is not None:
        arena = s.arena.id if _is_shipped(s.arena) else s.arena.to_dict()
    return {
        "game": "riotquest",
        "options": dict(s.options),
        "arena": arena,
        "phase": s.phase,
        "round": s.round,
        "priority": s.priority,
        "last_priority": s.last_priority,
        "active": s.active,
        "done": [k for k, bit in ACTION_BITS.items() if s.done & bit],
        "act_damage": s.act_damage,
        "prepped": s.prepped,
        "forced_pass": s.forced_pass,
        "players": [
            {
                "name": p.name,
                "well": p.well,
                "loot": p.loot,
                "hand": list(p.hand),
                "discard": list(p.discard),
                "bounties": list(p.bounties),
                "scrap": p.scrap,
                "passed": p.passed,
                "classes": list(p.classes),
                "knockouts": p.knockouts,
                "loot_gathered": p.loot_gathered,
                "crew": [_hero_position(s.heroes[p.seat].get(x)) for x in p.crew],
            }
            for p in s.players
        ],
        "loot_tokens": [[c[0], c[1], n] for c, n in sorted(s.loot_tokens.items())],
        "tokens": [
            {
                "bounty": t.card,
                "kind": t.kind,
                "pos": _list(t.pos),
                "holder": None if t.holder is None else [t.holder[0], t.holder[1]],
            }
            for t in s.tokens.values()
        ],
        "bounty": {
            "deck": s.bounty_deck,
            "draw": list(s.bounty_draw),
            "active": list(s.bounty_active),
        },
        "treasure": {
            "deck": s.treasure_deck,
            "draw": list(s.treasure_draw),
            "discard": list(s.treasure_discard),
        },
        "chest": None if s.chest is None else {"id": s.chest, "pos": _list(s.chest_pos)},
        "pending": [d.to_json() for d in s.pending],
        "queue": copy_json(s.queue),
        "attack": copy_json(s.attack),
        "setup": copy_json(s.setup),
        "winners": list(s.winners),
        "reason": s.reason,
        "hidden": s.hidden,
        "rng": s.rng.to_json(),
    }


def _is_shipped(arena: Arena) -> bool:
    if arena.id in _SHIPPED:
        return True
    if arena.id in arena_ids():
        try:
            if get_arena(arena.id) is arena:
                _SHIPPED.add(arena.id)
                return True
        except Exception:
            return False
    return False


# -- reading a position (input from strangers) -------------------------------------------------
# Every field is checked for type, range and what it refers to; a field the rules would trip
# over is refused with a PositionError naming it (``players[1].crew[0].pos: ...``).

PHASES = ("setup", "go", "cooldown", "over")
SETUP_KEYS: tuple[str, ...]
SETUP_KEYS = ("step", "high", "low", "deck_rolls", "arenas", "crews_fixed", "setup", "first")
SETUP_KEYS += ("order", "turn", "spawned", "seat", "priority", "cool")
ATTACK_KEYS: tuple[str, ...]
ATTACK_KEYS = ("attacker", "target", "weapon", "kind", "abilities", "strikes", "def", "hit")
ATTACK_KEYS += ("super", "distance", "target_cell", "ko", "damage", "marked")
MAX_ARENA_SIDE = 64
SEED_BOUND = 2**256


def from_position(pos: Mapping[str, Any]) -> RQState:
    """The state a position describes; raises PositionError naming the first bad field."""
    try:
        return _Read(pos).state()
    except RecursionError:
        raise PositionError(_("the position is nested too deep")) from None


class _Read:
    """One reading of a position: the checks in the order the fields depend on each other."""

    def __init__(self, pos: Any) -> None:
        self.r = Reader(pos)
        self.c = content()

    def state(self) -> RQState:
        r = self.r
        options = self.options()
        raw_players = r.list("players")
        n = len(raw_players)
        if not 2 <= n <= 4:
            raise r.fail("players", _("a position needs 2-4 players, not {n}").format(n=n))
        self.n = n
        arena = self.arena()
        s = RQState(seats=n, options=options, rng=self.rng(), arena=arena)
        self.s = s
        s.phase = r.choice("phase", PHASES, "go")
        if arena is None and s.phase != "setup":
            raise r.fail("arena", _("missing: only a game still in set-up may lack an arena"))
        s.round = r.int("round", 1, low=1, high=10_000)
        s.priority = r.int("priority", 0, low=0, high=n - 1)
        s.last_priority = r.int("last_priority", s.priority, low=0, high=n - 1)
        s.done = 0
        for k in r.texts("done", [], ACTION_BITS):
            s.done |= ACTION_BITS[k]
        s.act_damage = r.int("act_damage", 0, low=0, high=99)
        s.prepped = r.bool("prepped", True)
        s.forced_pass = r.bool("forced_pass", False)
        for seat, rp in enumerate(r.items("players")):
            self.player(seat, rp)
        s.active = r.optional_text("active")
        if s.active is not None:
            if s.phase not in ("go", "over"):  # a game may end during an activation
                raise r.fail(
                    "active",
                    _("{active!r} activating in the {phase} phase").format(
                        active=s.active, phase=s.phase
                    ),
                )
            if s.active not in s.heroes[s.priority]:
                raise r.fail(
                    "active",
                    _("{active!r} is not in seat {priority}'s crew").format(
                        active=s.active, priority=s.priority
                    ),
                )
        self.loot_tokens()
        self.tokens()
        self.decks(options)
        self.chest()
        s.setup = self.setup()
        s.attack = self.attack()
        s.queue = self.queue()
        s.pending = self.pending()
        s.winners = tuple(r.ints("winners", [], low=0, high=n - 1))
        if len(set(s.winners)) != len(s.winners):
            raise r.fail("winners", _("a seat appears twice"))
        s.reason = r.text("reason", "")
        s.hidden = r.bool("hidden", False)
        self.activation()
        return s

    def activation(self) -> None:
        """An activation with no action done yet must have one to do (it cannot end first)."""
        s, r = self.s, self.r
        if s.phase == "over":
            return
        if s.attack is not None:
            who = s.attack["attacker"]
            if s.active is None or who != [s.priority, s.active] or not s.done & ATTACK:
                raise r.fail(
                    "attack", _("resolved outside its attacker's activation (done: attack)")
                )
        raiding = [op for op in s.queue if op["op"] == "chest"]
        if raiding or any(f.data.get("chest") for f in s.pending):
            if s.active is None or not s.done & RAID:
                raise r.fail(
                    "queue", _("a chest's rows outside the raider's activation (done: raid)")
                )
            if any(op["seat"] != s.priority for op in raiding):
                raise r.fail("queue", _("a chest's rows for a seat that is not raiding"))
        if s.active is None or s.done:
            return
        if s.pending or s.queue:
            raise r.fail("done", _("no action done yet, but an action's step or choice waits"))
        h = s.heroes[s.priority][s.active]
        if h.place == "arena" and (h.dice or not can_activate(s, h)):
            raise r.fail(
                "done",
                _("{hero} activates with no action done but can perform none").format(hero=h.id),
            )

    # -- options, arena, dice stream ----------------------------------------------------------
    def options(self) -> dict[str, Any]:
        from riotsim.games.riotquest.ruleset import DEFAULTS, RiotQuest

        raw = self.r.mapping("options", {})
        key = tuple((k, type(v), v) for k, v in sorted(raw.items()))
        try:
            known = key in _GOOD_OPTIONS
        except TypeError:  # an unhashable value: never a good option
            known = False
        if not known:
            ruleset = RiotQuest()
            for name, value in raw.items():
                for problem in ruleset.option_problems({name: value}):
                    problem = problem.removeprefix(f"option {name}: ")
                    raise PositionError(f"{self.r.where('options')}.{name}: {problem}")
            if len(_GOOD_OPTIONS) < 64:
                _GOOD_OPTIONS.add(key)
        options = dict(DEFAULTS)
        options.update(raw)
        if options["crew_mode"] == "starter":  # new_state's shorthand: a vanilla crew
            options["crew_mode"] = "vanilla"
        return options

    def arena(self) -> Arena | None:
        r = self.r
        raw = r.raw("arena", None)
        if raw is None:
            return None
        if isinstance(raw, str):
            if not known_arena(raw):
                known = ", ".join(arena_ids())
                raise r.fail(
                    "arena",
                    _("{raw!r} names no arena (shipped: {known})").format(
                        raw=raw[:60], known=known
                    ),
                )
            try:
                return get_arena(raw)
            except (ArenaError, ValueError) as exc:
                raise r.fail("arena", str(exc)) from None
        arena = _read_arena(r.sub("arena"))
        # a custom arena never replaces a shipped one of the same name for other games
        return arena if arena.id in arena_ids() else register(arena)

    def rng(self) -> Rng:
        r = self.r
        if r.raw("rng", None) is None:
            return Rng(r.int("seed", 0, low=-SEED_BOUND, high=SEED_BOUND))
        rr = r.sub("rng")
        seed = rr.int("seed", low=-SEED_BOUND, high=SEED_BOUND)  # any setup seed
        counter = rr.int("counter", 0, low=0, high=2**64 - 1)
        if rr.list("scripted", []):
            raise rr.fail(
                "scripted",
                _(
                    "a position may not script the dice (tests script them "
                    "on the loaded state: state.rng.script(...))"
                ),
            )
        return Rng(seed, counter)

    # -- players and their heroes -------------------------------------------------------------
    def player(self, seat: int, rp: Reader) -> None:
        s, c = self.s, self.c
        pl = Player(seat, rp.text("name", f"Player {seat + 1}"))
        crew: dict[str, Hero] = {}
        for rh in rp.items("crew", [], most=len(c.heroes)):
            h = self.hero(seat, rh, crew)
            crew[h.id] = h
            pl.crew.append(h.id)
        on_cards = sum(h.dice for h in crew.values())
        pl.well = rp.int("well", DICE_PER_PLAYER - on_cards, low=0, high=DICE_PER_PLAYER)
        if pl.well + on_cards != DICE_PER_PLAYER:
            raise rp.fail(
                "well",
                _(
                    "{well} dice in the well and {on_cards} on hero cards: a player has "
                    "{n} Action dice"
                ).format(well=pl.well, on_cards=on_cards, n=DICE_PER_PLAYER),
            )
        pl.loot = rp.int("loot", 0, low=0, high=LOOT_CAP)
        pl.hand = self.cards(rp, "hand", c.gear, N_("Riot Gear"))
        pl.discard = self.cards(rp, "discard", c.gear, N_("Riot Gear"), repeats=True)
        pl.bounties = self.cards(rp, "bounties", c.bounties, N_("Bounty"))
        pl.bounty_vp = sum(c.bounties[b].value for b in pl.bounties)
        pl.scrap = rp.int("scrap", 0, low=0, high=999)
        pl.passed = rp.bool("passed", False)
        pl.classes = rp.texts("classes", [], CLASSES)
        if len(pl.classes) > 2 or len(set(pl.classes)) != len(pl.classes):
            raise rp.fail(
                "classes", _("{classes} are not two different classes").format(classes=pl.classes)
            )
        pl.knockouts = rp.int("knockouts", 0, low=0, high=999)
        pl.loot_gathered = rp.int("loot_gathered", 0, low=0, high=99_999)
        s.players.append(pl)
        s.heroes.append(crew)

    def hero(self, seat: int, rh: Reader, crew: dict[str, Hero]) -> Hero:
        s, c = self.s, self.c
        hid = rh.text("id")
        if hid not in c.heroes:
            raise rh.fail("id", _("unknown hero {hero!r}").format(hero=hid[:60]))
        if hid in crew:
            raise rh.fail("id", _("hero {hero!r} twice in one crew").format(hero=hid))
        cell = rh.optional_pair("pos")
        place = rh.choice("place", PLACES, "arena" if cell is not None else "bench")
        gear = rh.optional_text("gear")
        if gear is not None and gear not in c.gear:
            raise rh.fail("gear", _("unknown Riot Gear {gear!r}").format(gear=gear[:60]))
        h = Hero(hid, seat, place, cell, 0, rh.int("dice", 0, low=0, high=DICE_PER_PLAYER), gear)
        h.token = rh.optional_text("token")  # checked against the tokens (see tokens())
        if place == "arena":
            if cell is None:
                raise rh.fail("pos", _("{hero} is in the arena without a pos").format(hero=hid))
            arena = s.arena
            if arena is None:
                raise rh.fail("pos", _("a hero in the arena needs an arena"))
            if cell not in arena.terrain or cell in arena.blocked:
                raise rh.fail(
                    "pos", _("{hero} stands on {cell}, not a free hex").format(hero=hid, cell=cell)
                )
            if cell in s.occ:
                raise rh.fail("pos", _("two models on {cell}").format(cell=cell))
            s.occ[cell] = (seat, hid)
            sta = profile(hid, gear).sta
            h.damage = rh.int("damage", 0, low=0, high=sta - 1)
        else:
            for key in ("pos", "gear", "token"):
                if rh.raw(key, None) is not None:
                    raise rh.fail(
                        key,
                        _("{hero} is off the arena ({place}): it has no {key}").format(
                            hero=hid, place=place, key=key
                        ),
                    )
            h.damage = rh.int("damage", 0, low=0, high=0)
        return h

    def cards(
        self, r: Reader, key: str, known: Mapping[str, Any], what: str, repeats: bool = False
    ) -> list[str]:
        out = r.texts(key, [])
        for i, card in enumerate(out):
            if card not in known:
                raise PositionError(
                    _("{where}[{i}]: {card!r} is no {what} card").format(
                        where=r.where(key), i=i, card=card[:60], what=_(what)
                    )
                )
        if not repeats and len(set(out)) != len(out):
            raise r.fail(key, _("a {what} card appears twice").format(what=_(what)))
        return out

    # -- what lies in the arena ---------------------------------------------------------------
    def board_cell(self, r: Reader, key: str | int, cell: tuple[int, int]) -> tuple[int, int]:
        arena = self.s.arena
        if arena is None:
            raise r.fail(key, _("a game without an arena has no hexes"))
        if cell not in arena.terrain:
            raise r.fail(
                key,
                _("{cell} is not a hex of arena {arena!r}").format(cell=list(cell), arena=arena.id),
            )
        return cell

    def loot_tokens(self) -> None:
        r = self.r
        for i, raw in enumerate(r.list("loot_tokens", [])):
            where = f"{r.where('loot_tokens')}[{i}]"
            if not isinstance(raw, list) or len(raw) != 3:
                raise PositionError(
                    _("{where}: {raw} is not [col, row, count]").format(
                        where=where, raw=str(raw)[:60]
                    )
                )
            cell = check_pair(raw[:2], where)
            self.board_cell(r, "loot_tokens", cell)
            if cell in self.s.loot_tokens:
                raise PositionError(
                    _("{where}: hex {cell} listed twice").format(where=where, cell=list(cell))
                )
            self.s.loot_tokens[cell] = check_int(raw[2], f"{where}[2]", 1, 99)

    def tokens(self) -> None:
        s, c = self.s, self.c
        for rt in self.r.items("tokens", [], most=len(c.bounties)):
            card = rt.text("bounty")
            b = c.bounties.get(card)
            if b is None or b.token is None:
                raise rt.fail(
                    "bounty", _("{card!r} is no Bounty card with a token").format(card=card[:60])
                )
            if card in s.tokens:
                raise rt.fail("bounty", _("a second token for {card!r}").format(card=card))
            kind = rt.choice("kind", (b.token,), b.token)
            cell = rt.optional_pair("pos")
            holder = None
            if rt.raw("holder", None) is not None:
                rh = rt.list("holder")
                if len(rh) != 2:
                    raise rt.fail("holder", _("{rh} is not [seat, hero]").format(rh=str(rh)[:60]))
                seat = check_int(rh[0], rt.where("holder") + "[0]", 0, self.n - 1)
                h = s.heroes[seat].get(rh[1]) if isinstance(rh[1], str) else None
                if h is None or h.place != "arena":
                    raise rt.fail(
                        "holder", _("{rh} names no hero in the arena").format(rh=str(rh)[:60])
                    )
                if h.token != card:
                    raise rt.fail(
                        "holder",
                        _("{hero} does not hold {card!r} (its token field)").format(
                            hero=h.id, card=card
                        ),
                    )
                holder = (seat, h.id)
            if (cell is None) == (holder is None):
                raise rt.fail("pos", _("a token lies on a hex or is held: one of pos and holder"))
            if cell is not None:
                self.board_cell(rt, "pos", cell)
            s.tokens[card] = Token(card, kind, cell, holder)
        for seat, crew in enumerate(s.heroes):
            for i, h in enumerate(crew.values()):
                tok = s.tokens.get(h.token) if h.token is not None else None
                if h.token is not None and (tok is None or tok.holder != (seat, h.id)):
                    raise PositionError(
                        _(
                            "players[{seat}].crew[{i}].token: {token!r} is no token held by {hero}"
                        ).format(seat=seat, i=i, token=h.token[:60], hero=h.id)
                    )

    def decks(self, options: Mapping[str, Any]) -> None:
        s, c, r = self.s, self.c, self.r
        bounty = r.sub("bounty", {})
        s.bounty_deck = bounty.raw("deck", options.get("bounty_deck"))
        if s.bounty_deck is not None:
            s.bounty_deck = bounty.choice("deck", c.bounty_decks, options.get("bounty_deck"))
        s.bounty_draw = self.cards(bounty, "draw", c.bounties, N_("Bounty"))
        s.bounty_active = self.cards(bounty, "active", c.bounties, N_("Bounty"))
        if len(s.bounty_active) > 2:
            raise bounty.fail("active", _("at most two Bounties are face up"))
        seen = set(s.bounty_draw) | set(s.bounty_active)
        if len(seen) != len(s.bounty_draw) + len(s.bounty_active):
            raise bounty.fail("draw", _("a Bounty card is both face up and in the deck"))
        for seat, pl in enumerate(s.players):
            if seen & set(pl.bounties):
                raise PositionError(
                    _(
                        "players[{seat}].bounties: a claimed card is still in play or in the deck"
                    ).format(seat=seat)
                )
            seen |= set(pl.bounties)
        for card in s.tokens:
            if card not in s.bounty_active:
                raise PositionError(
                    _("tokens: the token of {card!r}, a Bounty not face up").format(card=card)
                )
        treasure = r.sub("treasure", {})
        s.treasure_deck = treasure.raw("deck", options.get("treasure_deck"))
        if s.treasure_deck is not None:
            s.treasure_deck = treasure.choice(
                "deck", c.treasure_decks, options.get("treasure_deck")
            )
        s.treasure_draw = self.cards(treasure, "draw", c.chests, N_("Treasure"))
        s.treasure_discard = self.cards(treasure, "discard", c.chests, N_("Treasure"))
        if set(s.treasure_draw) & set(s.treasure_discard):
            raise treasure.fail("discard", _("a Treasure card is both in the deck and discarded"))

    def chest(self) -> None:
        s, r = self.s, self.r
        if not r.raw("chest", None):
            return
        rc = r.sub("chest")
        s.chest = rc.text("id")
        if s.chest not in self.c.chests:
            raise rc.fail("id", _("unknown chest {chest!r}").format(chest=s.chest[:60]))
        if s.chest in s.treasure_draw or s.chest in s.treasure_discard:
            raise rc.fail(
                "id", _("{chest!r} is in play and also in a Treasure pile").format(chest=s.chest)
            )
        if s.arena is None:
            raise r.fail("chest", _("a chest needs an arena"))
        cell = rc.optional_pair("pos")
        if cell is None:
            cell = s.arena.beacons[rc.int("beacon", low=1, high=6)]
        s.chest_pos = self.board_cell(rc, "pos", cell)

    # -- set-up, the attack being resolved, queued steps, decisions ---------------------------
    def seat(self, r: Reader, key: str) -> int:
        return r.int(key, low=0, high=self.n - 1)

    def order(self, r: Reader, key: str) -> list[int]:
        order = r.ints(key, low=0, high=self.n - 1)
        if sorted(order) != list(range(self.n)):
            raise r.fail(
                key, _("{order} is not an order of the {n} seats").format(order=order, n=self.n)
            )
        return order

    def setup(self) -> dict[str, Any]:
        s, r, n = self.s, self.r, self.n
        st = r.sub("setup", {})
        for key in st.data:
            if key not in SETUP_KEYS:
                raise st.fail(key, _("is no set-up field"))
        out: dict[str, Any] = copy_json(dict(st.data))
        for key in ("high", "low", "first"):
            if key in st.data:
                self.seat(st, key)
        if "seat" in st.data:
            st.int("seat", low=0, high=n)
        if "crews_fixed" in st.data:
            st.int("crews_fixed", low=0, high=1)
        for key in ("setup", "priority"):
            if key in st.data:
                rolls = st.sub(key)
                for k in rolls.data:
                    if k not in {str(x) for x in range(n)}:
                        raise rolls.fail(k, _("is no seat"))
                    if len(rolls.ints(k, low=0, high=99)) > 100:
                        raise rolls.fail(k, _("more than 100 roll-offs"))
        if "deck_rolls" in st.data:
            for i, row in enumerate(st.list("deck_rolls", most=100)):
                where = f"{st.where('deck_rolls')}[{i}]"
                if not isinstance(row, list) or len(row) > n:
                    raise PositionError(
                        _("{where}: {row} is not a row of rolls").format(
                            where=where, row=str(row)[:60]
                        )
                    )
                for j, v in enumerate(row):
                    if v is not None:
                        check_int(v, f"{where}[{j}]", 1, 6)
        if "arenas" in st.data:
            for i, a in enumerate(st.texts("arenas")):
                if not known_arena(a):
                    raise PositionError(
                        _("{where}[{i}]: {arena!r} names no arena").format(
                            where=st.where("arenas"), i=i, arena=a[:60]
                        )
                    )
        self.setup_step(st)
        if s.phase == "cooldown":
            cool = st.sub("cool")
            self.order(cool, "order")
            cool.int("i", low=0, high=n)
            cool.choice("stage", ("evacuate", "cooler"))
        elif "cool" in st.data:
            raise st.fail(
                "cool", _("cool-down bookkeeping in the {phase} phase").format(phase=s.phase)
            )
        return out

    def setup_step(self, st: Reader) -> None:
        """The set-up step's bookkeeping: only in the set-up phase, consistent with it."""
        s, r, n = self.s, self.r, self.n
        if s.phase == "setup":
            step = SETUP_STEPS[st.int("step", low=0, high=len(SETUP_STEPS) - 1)]
            for deck, after in ((s.bounty_deck, "bounty"), (s.treasure_deck, "treasure")):
                if deck is None and SETUP_STEPS.index(step) > SETUP_STEPS.index(f"{after}_deck"):
                    raise r.fail(
                        after, _("no deck chosen at set-up step {step!r}").format(step=step)
                    )
            if s.bounty_deck is None:
                self.seat(st, "high")
            if s.treasure_deck is None:
                self.seat(st, "low")
            if s.arena is None:
                self.seat(st, "high")
                if not st.list("arenas"):
                    raise st.fail("arenas", _("no arena to choose from"))
            if SETUP_STEPS.index(step) > SETUP_STEPS.index("arena") and s.arena is None:
                raise r.fail("arena", _("missing at set-up step {step!r}").format(step=step))
            self.crews_at(step)
            if step == "spawn":
                self.seat(st, "first")
                self.order(st, "order")
                st.int("turn", low=0, high=n * 8)
                spawned = st.ints("spawned", low=0, high=4)
                if len(spawned) != n:
                    raise st.fail(
                        "spawned",
                        _("{counts} counts for {n} seats").format(counts=len(spawned), n=n),
                    )
        elif "step" in st.data:
            raise st.fail("step", _("a set-up step in the {phase} phase").format(phase=s.phase))

    def crews_at(self, step: str) -> None:
        """Set-up before the spawn step: crews being built, every hero still on the Bench."""
        s = self.s
        at = SETUP_STEPS.index(step)
        most = crew_limits(s.options["crew_mode"])[1]
        for seat, pl in enumerate(s.players):
            if at <= SETUP_STEPS.index("crew") and len(pl.crew) > most:
                raise PositionError(
                    _("players[{seat}].crew: more than {most} heroes").format(seat=seat, most=most)
                )
            for i, h in enumerate(s.heroes[seat].values()):
                if at < SETUP_STEPS.index("spawn") and (h.place != "bench" or h.dice):
                    raise PositionError(
                        _(
                            "players[{seat}].crew[{i}].place: {hero} is {place} before the "
                            "set-up's spawn step (every hero starts on the Bench)"
                        ).format(seat=seat, i=i, hero=h.id, place=h.place)
                    )

    def hero_ref(self, r: Reader, key: str | int, raw: Any) -> Hero:
        """``[seat, hero id]`` of a hero in a crew."""
        where = r.where(key)
        if not isinstance(raw, list) or len(raw) != 2 or not isinstance(raw[1], str):
            raise PositionError(
                _("{where}: {raw} is not [seat, hero]").format(where=where, raw=str(raw)[:60])
            )
        seat = check_int(raw[0], f"{where}[0]", 0, self.n - 1)
        h = self.s.heroes[seat].get(raw[1])
        if h is None:
            raise PositionError(
                _("{where}: {raw!r} is not in seat {seat}'s crew").format(
                    where=where, raw=raw[1][:60], seat=seat
                )
            )
        return h

    def attack(self) -> dict[str, Any] | None:
        r = self.r
        if r.raw("attack", None) is None:
            return None
        ra = r.sub("attack")
        for key in ra.data:
            if key not in ATTACK_KEYS:
                raise ra.fail(key, _("is no attack field"))
        a = self.hero_ref(ra, "attacker", ra.raw("attacker"))
        self.hero_ref(ra, "target", ra.raw("target"))
        weapon = ra.text("weapon")
        if weapon not in {w.id for w in profile(a.id, a.gear).weapons}:
            raise ra.fail(
                "weapon",
                _("{weapon!r} is not a weapon of {hero}").format(weapon=weapon[:60], hero=a.id),
            )
        ra.choice("kind", ("melee", "ranged"))
        ra.texts("abilities")
        ra.int("strikes", low=0, high=99)
        d = ra.ints("def", low=0, high=99)
        if len(d) != 2:
            raise ra.fail("def", _("needs two numbers (hit, super)"))
        for key in ("hit", "super", "ko"):
            ra.bool(key)
        ra.int("distance", low=0, high=999)
        ra.pair("target_cell")
        ra.int("damage", 0, low=0, high=2)
        marked = ra.optional_text("marked")
        if marked is not None and marked not in self.c.bounties:
            raise ra.fail("marked", _("{marked!r} is no Bounty card").format(marked=marked[:60]))
        return copy_json(dict(ra.data))

    def queue(self) -> list[dict[str, Any]]:
        """The queued steps, each read by its kind's declaration (``steps.py``)."""
        s = self.s
        out = []
        attack_open = s.attack is not None  # the attack's steps end with its attack_done
        ctx = FrameContext(s, -1, self.r, self.r)
        for rq in self.r.items("queue", [], most=100):
            op = rq.choice("op", STEPS.kinds())
            if op != "chest" and not attack_open:
                raise rq.fail(
                    "op", _("an attack step ({op}) with no attack being resolved").format(op=op)
                )
            if op == "attack_done":
                attack_open = False
            out.append(copy_json(STEPS.read_data(op, rq, ctx)))
        return out

    def pending(self) -> list[Decision]:
        """The pending decision, read by its kind's declaration (``frames.py``)."""
        out = []
        # the rules hold one decision at a time (each frame is popped before the next is pushed)
        for rd in self.r.items("pending", [], most=1):
            kind = rd.choice("kind", FRAMES.kinds())
            seat = self.seat(rd, "seat")
            ctx = FrameContext(self.s, seat, rd, self.r)
            data = FRAMES.read_data(kind, rd.sub("data", {}), ctx)
            out.append(Decision(kind, seat, copy_json(data)))
        if not out and self.s.phase in ("setup", "cooldown"):
            raise self.r.fail(
                "pending",
                _("empty: a game in {phase} waits on a decision").format(phase=self.s.phase),
            )
        return out


def _read_arena(ra: Reader) -> Arena:
    """A custom arena written into the position (bounded before anything is built)."""
    rows = ra.texts("rows")
    height = ra.int("height", len(rows), low=1, high=MAX_ARENA_SIDE)
    width = ra.int("width", max((len(x) for x in rows), default=0), low=1, high=MAX_ARENA_SIDE)
    if len(rows) > height or any(len(x) > width for x in rows):
        raise ra.fail(
            "rows", _("more than {width} x {height} hexes").format(width=width, height=height)
        )
    ra.choice("stagger_axis", ("x", "y"), "y")
    ra.choice("stagger_index", ("odd", "even"), "odd")
    for key in ("tile_width", "tile_height", "hex_side_length"):
        ra.int(key, 32, low=1, high=4096)
    raw = dict(ra.data)
    ra.text("id", "custom")
    ra.text("title", "")
    for key in ("gates", "beacons"):
        table = ra.sub(key)
        if len(table.data) > 6:
            raise ra.fail(key, _("more than six"))
        raw[key] = {}
        for k in table.data:
            number = k if isinstance(k, int) else int(k) if str(k).isdigit() else None
            if number is None or not 1 <= number <= 6:
                raise table.fail(str(k), _("is not a number 1-6"))
            raw[key][number] = list(table.pair(k))
    raw["centre"] = list(ra.pair("centre"))
    try:
        return Arena.from_dict(raw)
    except ValueError as exc:  # ArenaError, HexGridError: the arena's own words
        raise ra.fail("rows", str(exc)) from None
