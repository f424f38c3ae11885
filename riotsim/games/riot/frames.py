"""The decision frames of RIOT: Cast the First Stone, one class per kind, registered by kind.

A frame on ``state.pending`` stays a :class:`~riotsim.core.contract.Decision` (kind, seat,
data), so saves and positions keep their text form; the class registered for its kind (a
:class:`~riotsim.games.riot.common.Frame`) says which data fields it holds, which answers it
offers and how it resolves one. The rules look the class up in :data:`FRAMES` instead of
branching on the kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotsim.core.contract import Action, Decision, Event
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

if TYPE_CHECKING:
    from riotsim.games.riot.rules import RiotRules
    from riotsim.games.riot.state import RiotState

_CONFIRM = Action("confirm")
_PASS, _PRESS_ON, _WITHDRAW = Action("pass"), Action("press_on"), Action("withdraw")
_OBSTRUCT, _LET_PASS = Action("obstruct"), Action("let_pass")
_GIVE_UP, _STREET_FIGHT = Action("give_up"), Action("street_fight")


class Frame(common.Frame["RiotRules", "RiotState"]):
    """A RIOT decision frame kind."""


class OrderFrame(Frame):
    """The Police choose the protesters' order for the next round, one seat at a time."""

    kind = "order"
    fields = ("chosen",)

    def actions(self, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        left = [s for s in state.order if s not in frame.data["chosen"]]
        return [Action("next", (("seat", s),)) for s in left]

    def resolve(
        self, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        frame.data["chosen"].append(action.number("seat"))
        left = [s for s in state.order if s not in frame.data["chosen"]]
        if len(left) > 1:
            return [OrderChosen.of(fields={"seat": action.number("seat")})]
        state.pending.pop()
        state.order = frame.data["chosen"] + left
        return rules._new_round(state)


class ObstructFrame(Frame):
    """A seat in the street asked whether it obstructs a move or an attack through it."""

    kind = "obstruct"
    # move: unit, to; attack: attacker, units, target, defender
    fields = ("mode", "unit", "to", "attacker", "units", "target", "defender", "street", "queue")

    def actions(self, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        return [_OBSTRUCT, _LET_PASS]

    def resolve(
        self, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        return rules._answer_obstruct(state, frame, action.kind == "obstruct")


class ObstructedFrame(Frame):
    """The obstructed seat gives up or fights its way through the street."""

    kind = "obstructed"
    fields = ("mode", "units", "street", "by")

    def actions(self, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        acts = [_GIVE_UP]
        if rules._street_fight_ok(state, frame):
            acts.insert(0, _STREET_FIGHT)
        return acts

    def resolve(
        self, rules: RiotRules, state: RiotState, frame: Decision, action: Action
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


class DeclareFrame(Frame):
    """The attacker commits units to an attack one by one, then confirms it."""

    kind = "declare"
    fields = ("target", "defender", "units", "eligible")

    def actions(self, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
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

    def resolve(
        self, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        if action.kind == "commit":
            frame.data["units"].append(action.number("unit"))
            return [Committed.of(unit=action.number("unit"), seat=frame.seat)]
        return rules._confirm(state, frame)


class DistanceFrame(Frame):
    """A side of the clash plays distance cards at enemy units, or passes."""

    kind = "distance"

    def actions(self, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        cl = state.clash
        assert cl is not None
        cards = rules.content.cards
        enemies = cl["att"] if frame.seat == cl["defender"] else cl["dfd"]
        acts = [
            Action("play", (("card", c), ("target", t)))
            for c in sorted(set(state.hands[frame.seat]))
            if cards[c].effect is CardEffect.distance
            for t in enemies
        ]
        return acts + [_PASS]

    def resolve(
        self, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        if action.kind == "pass":
            state.pending.pop()
            return rules._advance(state)
        return rules._play_clash_card(state, frame, action)


class ContinueFrame(Frame):
    """After the distance phase the attacker presses on to hand to hand or withdraws."""

    kind = "continue"

    def actions(self, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        return [_PRESS_ON, _WITHDRAW]

    def resolve(
        self, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        cl = state.clash
        assert cl is not None
        state.pending.pop()
        if action.kind == "press_on":
            return [HandToHand.of()] + rules._advance(state)
        return [Withdrew.of(fields={"seat": cl["attacker"]}, seat=cl["attacker"])] + (
            rules._end_clash(state)
        )


class BlitzFrame(Frame):
    """A side of a hand-to-hand clash plays Blitz cards, or passes."""

    kind = "blitz"

    def actions(self, rules: RiotRules, state: RiotState, frame: Decision) -> list[Action]:
        assert state.clash is not None
        cards = rules.content.cards
        hand = sorted(set(state.hands[frame.seat]))
        acts = [Action("play", (("card", c),)) for c in hand if cards[c].effect in HAND_TO_HAND]
        return acts + [_PASS]

    def resolve(
        self, rules: RiotRules, state: RiotState, frame: Decision, action: Action
    ) -> list[Event]:
        if action.kind == "pass":
            state.pending.pop()
            return rules._advance(state)
        return rules._play_clash_card(state, frame, action)


FRAMES = common.frames_by_kind(
    OrderFrame,
    ObstructFrame,
    ObstructedFrame,
    DeclareFrame,
    DistanceFrame,
    ContinueFrame,
    BlitzFrame,
)
