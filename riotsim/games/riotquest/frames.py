"""Riot Quest decision frames: one class per kind, owning the actions it offers and how it
resolves the answer.

A pending decision stays a plain :class:`~riotsim.core.contract.Decision` on ``state.pending``
(its kind, seat and data are what a save holds, so saves keep their text form); the class
registered for its kind in :data:`FRAMES` gives its behaviour. ``fields`` declares the data a
frame of the kind holds, with its checks (``fieldchecks.py``), and ``agree`` what that data must
agree with in the state: ``positions.py`` reads a pending frame through both.

Imported by ``rules`` once its helpers are defined (the frames call them, and ``rules`` looks
frames up by kind).
"""

from __future__ import annotations

from riotsim.core.contract import Action, Decision, Event
from riotsim.core.fields import Reader
from riotsim.core.frames import FLAG, TEXT, Field, count, list_of, one_of
from riotsim.games.riotquest.actions import PASS, SKIP, TAKE_TURN, act
from riotsim.games.riotquest.attacks import _resolve_trigger
from riotsim.games.riotquest.bounties import _upkeep
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.decisions import Frame, frame
from riotsim.games.riotquest.events import (
    ArenaChosen,
    Banned,
    DeckChosen,
    DiceRefunded,
    Evacuated,
    GearChosen,
    GearRecovered,
    Healed,
    Passed,
    TurnTaken,
)
from riotsim.games.riotquest.fieldchecks import (
    PLACES,
    TRIGGERS,
    FrameContext,
    arenas,
    discarded,
    free_hexes,
    heroes,
    not_empty,
    seat,
    spent_die,
)
from riotsim.games.riotquest.legal import (
    _cells_opts,
    _class_pairs,
    _crew_actions,
    _equip_actions,
    _gear_actions,
    crew_limits,
    gear_hand_size,
)
from riotsim.games.riotquest.rounds import _next_turn, _release, _spawn, _spawn_at
from riotsim.games.riotquest.rules import (
    _equip,
    _leave_play,
    _move,
    _repush,
    refundable,
)
from riotsim.games.riotquest.setup_phase import SETUP_STEPS
from riotsim.games.riotquest.state import Hero, RQState
from riotsim.i18n import N_, _

N = Field(count(1, 99))  # how many to heal, refund, recover or release
CHEST = Field(FLAG, required=False)  # the choice is a raided chest's row
RAID_DIE = Field(spent_die, required=False)  # a chest row's raider, whose own die stays put
HERO = Field(TEXT)


def _spawn_step(ctx: FrameContext) -> None:
    """Set-up places the crews only at its spawn step."""
    step = SETUP_STEPS[ctx.s.setup["step"]]
    if step != "spawn":
        why = _("a {kind} choice at set-up step {step!r}")
        raise ctx.entry.fail("kind", why.format(kind=ctx.entry.data["kind"], step=step))


# a hero a decision names that is not where it must be, by what it must be
_NO_HERO = {
    "benched hero": N_("is no benched hero of seat {seat}"),
    "hero": N_("is no hero of seat {seat}"),
}


def _hero_at(ctx: FrameContext, d: Reader, of: int, place: str, what: str) -> None:
    h = ctx.s.heroes[of].get(d.data["hero"])
    if h is None or h.place != place:
        raise d.fail("hero", _(_NO_HERO[what]).format(seat=of))


def _own(s: RQState, f: Decision, a: Action) -> Hero:
    """The deciding seat's hero named by the answer (to be edited: see ``RQState.mut``)."""
    return s.mut(f.seat, a.word("hero"))


# -- play ---------------------------------------------------------------------------------------


@frame
class Turn(Frame):
    """Rulebook "Go Time": take the turn or pass (Riot Gear may be equipped first)."""

    kind = "turn"

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        if ctx.s.phase != "go" or ctx.seat != ctx.s.priority:
            why = _("a turn belongs to the priority player in the go phase")
            raise ctx.entry.fail("kind", why)

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        out = [TAKE_TURN, PASS]
        if s.players[f.seat].hand:
            _equip_actions(s, f.seat, out)
        return out

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        seat = f.seat
        if a.kind == "equip":
            _equip(s, ev, _own(s, f, a), a.word("gear"))
            s.pending.append(f)  # still to take the turn or pass
        elif a.kind == "pass":
            s.players[seat].passed = True
            ev.append(Passed.raw({"player": seat}, seat))
            _next_turn(s, ev)
        else:
            ev.append(TurnTaken.raw({"player": seat}, seat))
            _upkeep(s, ev)
            s.prepped = False


@frame
class Spawn(Frame):
    kind = "spawn"
    fields = {"options": Field(heroes("bench"))}

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        not_empty(d, cls.kind)
        if ctx.s.phase == "setup":
            _spawn_step(ctx)
        if ctx.s.arena is None:
            raise ctx.root.fail("arena", _("missing when spawning"))

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act("spawn", ("hero", h)) for h in f.data["options"]]

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        _spawn(s, ev, _own(s, f, a))


@frame
class Place(Frame):
    kind = "place"
    fields = {"options": Field(free_hexes), "hero": HERO}

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        not_empty(d, cls.kind)
        if ctx.s.phase == "setup":
            _spawn_step(ctx)
        _hero_at(ctx, d, ctx.seat, "bench", "benched hero")

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        d = f.data
        return _cells_opts("place", d["options"], ("hero", d["hero"]))

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        _spawn_at(s, ev, _own(s, f, a), a.cell("to"))


@frame
class Order(Frame):
    """The order of simultaneous attack triggers."""

    kind = "order"
    fields = {"options": Field(list_of(one_of(*TRIGGERS)))}

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        not_empty(d, cls.kind)
        q = ctx.s.queue
        op = q[0] if q else {}
        left = op.get("left")
        if (
            op.get("op") != "trig"
            or not isinstance(left, list)
            or not set(d.data["options"]) <= set(left)
        ):
            why = _("the abilities to order are not those the queue holds")
            raise d.fail("options", why)

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act("order", ("ability", x)) for x in f.data["options"]]

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        ability = a.word("ability")
        s.queue[0]["left"].remove(ability)
        _resolve_trigger(s, ev, ability)


class _Push(Frame):
    """A push after an attack: to one of the offered hexes, or not at all."""

    fields = {"options": Field(free_hexes), "hero": HERO}

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        _hero_at(ctx, d, ctx.seat, "arena", "hero")

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return _cells_opts(self.kind, f.data["options"]) + [SKIP]


@frame
class Beatback(_Push):
    kind = "beatback"
    fields = {"options": Field(free_hexes), "hero": HERO, "of": Field(seat)}

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        _hero_at(ctx, d, d.data["of"], "arena", "hero")

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        if a.kind != "skip":
            d = f.data
            _move(s, ev, s.mut(d["of"], d["hero"]), a.cell("to"), 2, "beatback")


@frame
class Press(_Push):
    kind = "press"

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        if a.kind != "skip":
            _move(s, ev, s.mut(f.seat, f.data["hero"]), a.cell("to"), 1, "press")


class _HeroOrSkip(Frame):
    """One of the offered heroes, or none."""

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act(self.kind, ("hero", h)) for h in f.data["options"]] + [SKIP]


@frame
class Heal(_HeroOrSkip):
    kind = "heal"
    fields = {"options": Field(heroes(*PLACES)), "n": N, "chest": CHEST, "raid_die": RAID_DIE}

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        if a.kind != "skip":
            h = _own(s, f, a)
            n = min(h.damage, f.data["n"])
            h.damage -= n
            ev.append(Healed.raw({"player": f.seat, "hero": h.id, "n": n}))


@frame
class Refund(_HeroOrSkip):
    kind = "refund"
    fields = {
        "options": Field(heroes(*PLACES)),
        "n": N,
        "chest": CHEST,
        "raid_die": RAID_DIE,
    }

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        if a.kind != "skip":
            seat, d = f.seat, f.data
            h = _own(s, f, a)
            n = min(refundable(h, d.get("raid_die")), d["n"])
            h.dice -= n
            s.players[seat].well += n
            ev.append(DiceRefunded.raw({"player": seat, "hero": h.id, "n": n}))


@frame
class Release(_HeroOrSkip):
    """From the Cooler roll or a chest row: a hero may stay put."""

    kind = "release"
    fields = {
        "options": Field(heroes("cooler")),
        "n": N,
        "chest": CHEST,
        "raid_die": RAID_DIE,
        "cooler": Field(FLAG, required=False),  # the Cooler roll's release
    }

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        if a.kind != "skip":
            _release(s, ev, _own(s, f, a))
            if f.data["n"] > 1:
                _repush(s, f, "release")


@frame
class Evacuate(_HeroOrSkip):
    kind = "evacuate"
    fields = {"options": Field(heroes("arena"))}

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        if a.kind != "skip":
            h = _own(s, f, a)
            _leave_play(s, ev, h, "bench")
            ev.append(Evacuated.raw({"player": f.seat, "hero": h.id}, f.seat))


@frame
class Recover(Frame):
    kind = "recover"
    fields = {"options": Field(discarded), "n": N, "chest": CHEST, "raid_die": RAID_DIE}

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act("recover", ("gear", g)) for g in f.data["options"]] + [SKIP]

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        if a.kind != "skip":
            seat = f.seat
            pl = s.players[seat]
            gear = a.word("gear")
            pl.discard.remove(gear)
            pl.hand.append(gear)
            # the hand is hidden: only its owner reads which card came back
            ev.append(GearRecovered.raw({"player": seat, "gear": gear}, seat, private_to=seat))
            if f.data["n"] > 1:
                _repush(s, f, "recover")


# -- set-up -------------------------------------------------------------------------------------

# who makes each set-up choice (the others: the seat whose turn ``setup["seat"]`` says)
_CHOOSER = {"bounty_deck": "high", "treasure_deck": "low", "arena": "high"}


class _SetUp(Frame):
    """A choice of the set-up (rulebook "Starting a Game"), made at its step by its seat."""

    step = ""  # the set-up step the choice belongs to (its kind unless said)

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        s, kind, entry = ctx.s, cls.kind, ctx.entry
        if s.phase != "setup":
            raise entry.fail(
                "kind", _("a set-up choice in the {phase} phase").format(phase=s.phase)
            )
        st = s.setup
        step = SETUP_STEPS[st["step"]]
        if step != (cls.step or kind):
            why = _("a {kind} choice at set-up step {step!r}")
            raise entry.fail("kind", why.format(kind=kind, step=step))
        chooser = _CHOOSER.get(kind)
        expected = st.get(chooser) if chooser else st.get("seat", 0)
        if expected is not None and ctx.seat != expected:
            why = _("{seat}, but seat {expected} makes the {kind} choice")
            raise entry.fail("seat", why.format(seat=ctx.seat, expected=expected, kind=kind))
        if kind in ("crew", "classes", "ban", "gear") and s.arena is None:
            raise ctx.root.fail("arena", _("missing when choosing {kind}").format(kind=kind))


@frame
class BountyDeck(_SetUp):
    kind = "bounty_deck"

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act("bounty_deck", ("deck", x)) for x in content().bounty_decks]

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        deck = a.word("deck")
        s.bounty_deck = deck
        ev.append(DeckChosen.raw({"deck": "bounty", "id": deck, "player": f.seat}))


@frame
class TreasureDeck(_SetUp):
    kind = "treasure_deck"

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act("treasure_deck", ("deck", x)) for x in content().treasure_decks]

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        deck = a.word("deck")
        s.treasure_deck = deck
        ev.append(DeckChosen.raw({"deck": "treasure", "id": deck, "player": f.seat}))


@frame
class ArenaChoice(_SetUp):
    kind = "arena"
    fields = {"options": Field(arenas)}

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        not_empty(d, cls.kind)
        super().agree(ctx, d)

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act("arena", ("arena", x)) for x in f.data["options"]]

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        from riotsim.games.riotquest.arena import get_arena

        arena = a.word("arena")
        s.arena = get_arena(arena)
        ev.append(ArenaChosen.raw({"arena": arena, "player": f.seat}))


@frame
class Classes(_SetUp):
    """Spec-Ops: the crew's two classes."""

    kind = "classes"
    step = "crew"

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act("classes", ("first", x), ("second", y)) for x, y in _class_pairs()]

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        s.players[f.seat].classes = [a.word("first"), a.word("second")]


@frame
class Crew(_SetUp):
    kind = "crew"

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return _crew_actions(s, f)

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        seat = f.seat
        pl = s.players[seat]
        if a.kind == "done":
            s.setup["seat"] = seat + 1
            return
        hid = a.word("hero")
        pl.crew.append(hid)
        s.heroes[seat][hid] = Hero(hid, seat)
        lo, hi = crew_limits(s.options["crew_mode"])
        if len(pl.crew) >= hi:
            s.setup["seat"] = seat + 1
        else:
            s.pending.append(f)


@frame
class Ban(_SetUp):
    kind = "ban"
    fields = {"of": Field(seat), "left": Field(count(1, 2))}

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        super().agree(ctx, d)
        if d.data["of"] != (ctx.seat + 1) % ctx.s.seats:
            why = _("seat {seat} bans from the next seat's crew").format(seat=ctx.seat)
            raise d.fail("of", why)

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return [act("ban", ("hero", h)) for h in s.players[f.data["of"]].crew]

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        seat, d = f.seat, f.data
        hid = a.word("hero")
        s.players[d["of"]].crew.remove(hid)
        del s.heroes[d["of"]][hid]
        ev.append(Banned.raw({"player": seat, "of": d["of"], "hero": hid}))
        if d["left"] > 1:
            s.pending.append(Decision("ban", seat, {"of": d["of"], "left": d["left"] - 1}))
        else:
            s.setup["seat"] = seat + 1


@frame
class GearPick(_SetUp):
    kind = "gear"

    def actions(self, s: RQState, f: Decision) -> list[Action]:
        return _gear_actions(s, f)

    def resolve(self, s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
        seat = f.seat
        pl = s.players[seat]
        gear = a.word("gear")
        pl.hand.append(gear)
        ev.append(GearChosen.raw({"player": seat, "gear": gear}, seat, private_to=seat))
        if len(pl.hand) < gear_hand_size(s, seat) and len(pl.hand) < len(content().gear):
            s.pending.append(f)
        else:
            s.setup["seat"] = seat + 1
