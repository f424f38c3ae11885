"""The decision frames of RIOT Politics & Media, one class per kind, registered by kind.

As in :mod:`riotsim.games.riot.frames`: a frame stays a Decision record on ``state.pending``
(saves keep their form); the class of its kind declares the data it holds, the answers it
offers and how it resolves one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riotsim.core.contract import Action, Decision, Event
from riotsim.core.fields import Reader
from riotsim.core.frames import Field, FrameKinds
from riotsim.games.riot import common
from riotsim.games.riot.events import (
    CardPlayed,
    Committed,
)
from riotsim.games.riot.fieldchecks import ATTACKABLE, own_units, space
from riotsim.games.riot.pm_events import (
    CommitDone,
    RiotCommitted,
)
from riotsim.i18n import _

if TYPE_CHECKING:
    from riotsim.games.riot.pm_rules import PoliticsMediaRules
    from riotsim.games.riot.pm_state import PMState

_CONFIRM, _DONE = Action("confirm"), Action("done")


class Frame(common.Frame["PoliticsMediaRules", "PMState"]):
    """A Politics & Media decision frame kind."""


FRAMES = FrameKinds[Frame]("Politics & Media")
"""Every Politics & Media frame kind by name."""


class TurnFrame(Frame):
    """A decision of the seat whose turn it is."""

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        seat, active = context.seat, context.state.active
        if seat != active:
            raise context.frame.fail(
                "seat",
                _("seat {seat} decides on seat {active}'s turn").format(seat=seat, active=active),
            )
        return super().read(r, context)


@FRAMES.register
class DeclareFrame(TurnFrame):
    """The attacker commits units to an attack one by one, then confirms it."""

    kind = "declare"
    fields = {
        "target": Field(space(*ATTACKABLE)),
        "units": Field(own_units, required=False),
    }

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        data = super().read(r, context)
        return {"target": data["target"], "units": data.get("units", [])}

    @classmethod
    def actions(cls, rules: PoliticsMediaRules, state: PMState, frame: Decision) -> list[Action]:
        chosen = frame.data["units"]
        acts = [
            Action("commit", (("unit", u.id),))
            for u in rules.eligible_attackers(state, frame.data["target"])
            if u.id not in chosen
        ]
        if chosen:
            acts.append(_CONFIRM)
        return acts

    @classmethod
    def resolve(
        cls, rules: PoliticsMediaRules, state: PMState, frame: Decision, action: Action
    ) -> list[Event]:
        if action.kind == "commit":
            frame.data["units"].append(action.number("unit"))
            return [Committed.of(unit=action.number("unit"), seat=frame.seat)]
        state.pending.pop()
        return rules._start_combat(
            state, frame.seat, frame.data["target"], list(frame.data["units"])
        )


@FRAMES.register
class CardsFrame(Frame):
    """A side of the combat commits face-down RIOT cards and plays Instants, then is done."""

    kind = "cards"
    of_fight = True

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        combat, seat = context.state.combat, context.seat
        if seat not in (combat.attacker, combat.defender):
            raise context.frame.fail(
                "seat", _("seat {seat} takes no part in the combat").format(seat=seat)
            )
        return super().read(r, context)

    @classmethod
    def actions(cls, rules: PoliticsMediaRules, state: PMState, frame: Decision) -> list[Action]:
        seat = frame.seat
        acts = [Action("riot", (("card", c),)) for c in sorted(set(state.riot_hands[seat]))]
        acts += [
            Action("instant", (("card", c),))
            for c in sorted(set(state.hands[seat]))
            if rules.content.cards[c].instant and rules._playable(state, seat, c)
        ]
        return acts + [_DONE]

    @classmethod
    def resolve(
        cls, rules: PoliticsMediaRules, state: PMState, frame: Decision, action: Action
    ) -> list[Event]:
        cb = state.combat
        assert cb is not None
        side = cb.side(frame.seat)
        if action.kind == "riot":
            card = action.word("card")
            state.riot_hands[frame.seat].remove(card)
            cb.riot[side].append(card)
            return [
                RiotCommitted.of(
                    fields={"seat": frame.seat}, count=len(cb.riot[side]), seat=frame.seat
                )
            ]
        if action.kind == "instant":
            instant = rules.content.cards[action.word("card")]
            state.hands[frame.seat].remove(instant.id)
            state.discard.append(instant.id)
            cb.instant[side] += instant.value
            return [
                CardPlayed.of(
                    fields={"seat": frame.seat}, card=instant.id, seat=frame.seat, reveals=True
                )
            ]
        state.pending.pop()  # done
        if side == 0:
            state.pending.append(Decision("cards", cb.defender, {}))
            return [CommitDone.of(fields={"seat": frame.seat}, count=len(cb.riot[0]))]
        return rules._resolve(state)


@FRAMES.register
class DeactivateFrame(TurnFrame):
    """The seat switches off one of the other side's Characters."""

    kind = "deactivate"

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        data = super().read(r, context)
        other = 1 - context.seat
        if not context.state.characters[other]:
            raise context.frame.fail(
                "kind",
                _("'deactivate', but seat {seat} has no active character").format(seat=other),
            )
        return data

    @classmethod
    def actions(cls, rules: PoliticsMediaRules, state: PMState, frame: Decision) -> list[Action]:
        return [
            Action("deactivate", (("character", ch),))
            for ch in sorted(state.characters[1 - frame.seat])
        ]

    @classmethod
    def resolve(
        cls, rules: PoliticsMediaRules, state: PMState, frame: Decision, action: Action
    ) -> list[Event]:
        state.pending.pop()
        return rules._deactivate(state, 1 - frame.seat, action.word("character"))
