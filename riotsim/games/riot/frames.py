"""The decision frames of RIOT: Cast the First Stone, one class per kind, registered by kind.

A frame on ``state.pending`` stays a :class:`~riotsim.core.contract.Decision` (kind, seat,
data), so saves and positions keep their text form; the class registered for its kind (a
:class:`~riotsim.games.riot.common.Frame`) says which data fields it holds, which answers it
offers and how it resolves one. The rules look the class up in :data:`FRAMES` instead of
branching on the kind, and positions.py reads a pending frame through the same declaration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from riotsim.core.contract import Action, Decision, Event
from riotsim.core.fields import Reader
from riotsim.core.frames import Field, FrameKinds, one_of, optional
from riotsim.games.riot import city as bd
from riotsim.games.riot import common
from riotsim.games.riot.clash import HAND_TO_HAND, group_key
from riotsim.games.riot.content import CardEffect
from riotsim.games.riot.events import (
    Committed,
    GaveUp,
    HandToHand,
    OrderChosen,
    Withdrew,
)
from riotsim.games.riot.fieldchecks import (
    ATTACKABLE,
    FrameContext,
    a_seat,
    a_unit,
    active_units,
    distinct_seats,
    own_units,
    seats_among,
    space,
)
from riotsim.i18n import _

if TYPE_CHECKING:
    from riotsim.games.riot.rules import RiotRules
    from riotsim.games.riot.state import RiotState

_CONFIRM = Action("confirm")
_PASS, _PRESS_ON, _WITHDRAW = Action("pass"), Action("press_on"), Action("withdraw")
_OBSTRUCT, _LET_PASS = Action("obstruct"), Action("let_pass")
_GIVE_UP, _STREET_FIGHT = Action("give_up"), Action("street_fight")


MODES = ("move", "attack")


class Frame(common.Frame["RiotRules", "RiotState"]):
    """A RIOT decision frame kind."""


FRAMES = FrameKinds[Frame]("RIOT")
"""Every RIOT frame kind by name."""


def _chosen(value: Any, where: str, ctx: FrameContext) -> list[int]:
    return seats_among(value, where, ctx.state.order)


def _defender(data: dict[str, Any], r: Reader, attacker: int) -> None:
    if data["defender"] == attacker:
        raise r.fail("defender", _("seat {seat} is the attacker").format(seat=attacker))


def _needs(data: dict[str, Any], r: Reader, keys: tuple[str, ...]) -> None:
    for key in keys:
        if key not in data:
            raise r.fail(key, _("missing"))


@FRAMES.register
class OrderFrame(Frame):
    """The Police choose the protesters' order for the next round, one seat at a time."""

    kind = "order"
    fields = {"chosen": Field(_chosen, required=False)}

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        if context.seat != 0 or context.state.active != 0:
            raise context.frame.fail("seat", _("the Police choose the turn order"))
        data = {"chosen": [], **super().read(r, context)}
        if len(data["chosen"]) == len(context.state.order):
            raise r.fail("chosen", _("every seat is chosen already: nobody is left to choose"))
        return data

    @classmethod
    def actions(cls, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        left = [s for s in state.order if s not in frame.data["chosen"]]
        return [Action("next", (("seat", s),)) for s in left]

    @classmethod
    def resolve(
        cls, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        frame.data["chosen"].append(action.number("seat"))
        left = [s for s in state.order if s not in frame.data["chosen"]]
        if len(left) > 1:
            return [OrderChosen.of(fields={"seat": action.number("seat")})]
        state.pending.pop()
        state.order = frame.data["chosen"] + left
        return rules._new_round(state)


@FRAMES.register
class ObstructFrame(Frame):
    """A seat in the street asked whether it obstructs a move or an attack through it."""

    kind = "obstruct"
    fields = {
        "mode": Field(one_of(*MODES)),
        "unit": Field(a_unit, required=False),  # a move: which unit steps where
        "to": Field(space(bd.BUILDING), required=False),
        "attacker": Field(a_seat, required=False),  # an attack: who attacks what with what
        "units": Field(active_units, required=False),
        "target": Field(space(*ATTACKABLE), required=False),
        "defender": Field(a_seat, required=False),
        "street": Field(space(bd.STREET)),
        "queue": Field(distinct_seats, required=False),  # who is asked next
    }
    BY_MODE: ClassVar[dict[str, tuple[str, ...]]] = {
        "move": ("unit", "to"),
        "attack": ("attacker", "units", "target", "defender"),
    }

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        data = super().read(r, context)
        mode = data["mode"]
        for key in cls.BY_MODE["attack" if mode == "move" else "move"]:
            if key in data:
                raise r.fail(key, _("is not a field of a {mode} obstruct frame").format(mode=mode))
        if mode == "attack":
            data.setdefault("units", [])
        _needs(data, r, cls.BY_MODE[mode])
        state = context.state
        if mode == "move":
            mover = state.units[data["unit"]].seat
            if mover != state.active:
                raise r.fail(
                    "unit", _("unit {id} is not the active seat's").format(id=data["unit"])
                )
        else:
            mover = data["attacker"]
            if mover != state.active:
                raise r.fail("attacker", _("seat {seat} is not the active seat").format(seat=mover))
            _defender(data, r, mover)
        if context.seat == mover:
            raise context.frame.fail(
                "seat", _("seat {seat} cannot obstruct itself").format(seat=mover)
            )
        out = {"mode": mode, **{k: data[k] for k in cls.BY_MODE[mode]}}
        return {**out, "street": data["street"], "queue": data.get("queue", [])}

    @classmethod
    def actions(cls, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        return [_OBSTRUCT, _LET_PASS]

    @classmethod
    def resolve(
        cls, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        return rules._answer_obstruct(state, frame, action.kind == "obstruct")


@FRAMES.register
class ObstructedFrame(Frame):
    """The obstructed seat gives up or fights its way through the street."""

    kind = "obstructed"
    fields = {
        "mode": Field(one_of(*MODES)),
        "units": Field(own_units, required=False),
        "street": Field(space(bd.STREET)),
        "by": Field(a_seat),
    }

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        data = super().read(r, context)
        if data["by"] == context.seat:
            raise r.fail("by", _("seat {seat} cannot obstruct itself").format(seat=context.seat))
        return {
            "mode": data["mode"],
            "units": data.get("units", []),
            "street": data["street"],
            "by": data["by"],
        }

    @classmethod
    def actions(cls, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        acts = [_GIVE_UP]
        if rules._street_fight_ok(state, frame):
            acts.insert(0, _STREET_FIGHT)
        return acts

    @classmethod
    def resolve(
        cls, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        state.pending.pop()
        units = [state.units[i] for i in frame.data["units"]]
        if action.kind == "give_up":
            for u in units:
                u.moves = 0
                if frame.data["mode"] == "attack":
                    u.attacked = True
            return [GaveUp.of(units=[u.id for u in units], seat=frame.seat)]
        street, by = frame.data["street"], frame.data["by"]
        state.attacks[group_key(street, by)] = state.attacks.get(group_key(street, by), 0) + 1
        return rules.start_clash(state, frame.seat, [u.id for u in units], street, by)


@FRAMES.register
class DeclareFrame(Frame):
    """The attacker commits units to an attack one by one, then confirms it."""

    kind = "declare"
    fields = {
        "target": Field(space(*ATTACKABLE)),
        "defender": Field(a_seat),
        "units": Field(own_units, required=False),
        # who may join, fixed when the attack is declared (absent from older positions)
        "eligible": Field(optional(own_units), required=False),
    }

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        seat, active = context.seat, context.state.active
        if seat != active:
            raise context.frame.fail(
                "seat",
                _("seat {seat} declares an attack on seat {active}'s turn").format(
                    seat=seat, active=active
                ),
            )
        data = super().read(r, context)
        _defender(data, r, seat)
        out = {
            "target": data["target"],
            "defender": data["defender"],
            "units": data.get("units", []),
        }
        if data.get("eligible") is not None:
            out["eligible"] = data["eligible"]
        return out

    @classmethod
    def actions(cls, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        data = frame.data
        chosen = data["units"]
        eligible = data.get("eligible")
        if eligible is None:  # a frame from an older position
            eligible = [
                u.id for u in rules.eligible_attackers(state, data["target"], data["defender"])
            ]
        acts = [Action("commit", (("unit", i),)) for i in eligible if i not in chosen]
        if chosen and rules._police_force_ok(state, chosen, data["target"], data["defender"]):
            acts.append(_CONFIRM)
        return acts

    @classmethod
    def resolve(
        cls, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        if action.kind == "commit":
            frame.data["units"].append(action.number("unit"))
            return [Committed.of(unit=action.number("unit"), seat=frame.seat)]
        return rules._confirm(state, frame)


class ClashFrame(Frame):
    """A decision asked inside the clash under way; ``stages`` says, for each side asked it,
    the stage the clash is at meanwhile (a position must agree)."""

    of_fight = True
    stages: ClassVar[dict[str, str]] = {}

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        clash, seat, fr = context.state.clash, context.seat, context.frame
        side = (
            "attacker" if seat == clash.attacker else "defender" if seat == clash.defender else None
        )
        if side is None:
            raise fr.fail("seat", _("seat {seat} takes no part in the clash").format(seat=seat))
        stage = cls.stages.get(side)
        if stage is None:
            raise fr.fail(
                "kind", _("the {side} is never asked {kind}").format(side=side, kind=repr(cls.kind))
            )
        if clash.stage != stage:
            raise fr.fail(
                "kind",
                _("{kind} of the {side} while the clash is at {stage}").format(
                    kind=repr(cls.kind), side=side, stage=repr(clash.stage)
                ),
            )
        return super().read(r, context)


@FRAMES.register
class DistanceFrame(ClashFrame):
    """A side of the clash plays distance cards at enemy units, or passes."""

    kind = "distance"
    stages = {"defender": "dist_att", "attacker": "decide"}

    @classmethod
    def actions(cls, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        cl = state.clash
        assert cl is not None
        cards = rules.content.cards
        enemies = cl.enemies(frame.seat)
        acts = [
            Action("play", (("card", c), ("target", t)))
            for c in sorted(set(state.hands[frame.seat]))
            if cards[c].effect is CardEffect.distance
            for t in enemies
        ]
        return acts + [_PASS]

    @classmethod
    def resolve(
        cls, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        if action.kind == "pass":
            state.pending.pop()
            return rules._advance(state)
        return rules._play_clash_card(state, frame, action)


@FRAMES.register
class ContinueFrame(ClashFrame):
    """After the distance phase the attacker presses on to hand to hand or withdraws."""

    kind = "continue"
    stages = {"attacker": "h2h_att"}

    @classmethod
    def actions(cls, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        return [_PRESS_ON, _WITHDRAW]

    @classmethod
    def resolve(
        cls, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        cl = state.clash
        assert cl is not None
        state.pending.pop()
        if action.kind == "press_on":
            return [HandToHand.of()] + rules._advance(state)
        return [Withdrew.of(fields={"seat": cl.attacker}, seat=cl.attacker)] + (
            rules._end_clash(state)
        )


@FRAMES.register
class BlitzFrame(ClashFrame):
    """A side of a hand-to-hand clash plays Blitz cards, or passes."""

    kind = "blitz"
    stages = {"attacker": "h2h_def", "defender": "resolve"}

    @classmethod
    def actions(cls, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        assert state.clash is not None
        cards = rules.content.cards
        hand = sorted(set(state.hands[frame.seat]))
        acts = [Action("play", (("card", c),)) for c in hand if cards[c].effect in HAND_TO_HAND]
        return acts + [_PASS]

    @classmethod
    def resolve(
        cls, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        if action.kind == "pass":
            state.pending.pop()
            return rules._advance(state)
        return rules._play_clash_card(state, frame, action)
