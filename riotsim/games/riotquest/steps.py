"""Riot Quest's queued resolution steps: one class per kind, declaring its data and running it.

An attack queues its timing windows (rulebook "Timing of Abilities": on a hit, on damage, on a
knock-out, after the attack), its damage and its end; a chest raid queues the rows it grants.
Each step stays a plain dict on ``state.queue`` (``{"op": "trig", "step": "hit", "seat": 0}``),
as saves hold it; the class registered for its ``op`` in :data:`STEPS` runs it.

Imported by ``rules`` once its helpers are defined.
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Decision, Event
from riotsim.core.fields import Reader
from riotsim.core.frames import TEXT, Field, count, list_of, one_of, optional
from riotsim.games.riotquest import fieldchecks
from riotsim.games.riotquest.attacks import _attack_damage, _resolve_trigger, _triggers
from riotsim.games.riotquest.decisions import Step, step
from riotsim.games.riotquest.fieldchecks import CHEST_KINDS, TRIGGER_STEPS, TRIGGERS, FrameContext
from riotsim.games.riotquest.rules import _chest_choice
from riotsim.games.riotquest.state import RQState
from riotsim.i18n import _

OP = Field(TEXT)  # the kind itself, read by the registry


@step
class Trigger(Step):
    """One seat's abilities in one timing window, resolved one by one (two or more at once:
    the seat orders them, an ``order`` decision); ``left`` holds those still to resolve."""

    kind = "trig"
    fields = {
        "op": OP,
        "step": Field(one_of(*TRIGGER_STEPS)),
        "seat": Field(fieldchecks.seat),
        "left": Field(optional(list_of(one_of(*TRIGGERS))), required=False),
    }

    def run(self, s: RQState, ev: list[Event], op: dict[str, Any]) -> None:
        left = op.get("left")
        if left is None:
            left = op["left"] = _triggers(s, op["step"], op["seat"])
        if not left:
            s.queue.pop(0)
        elif len(left) >= 2:
            s.pending.append(Decision("order", op["seat"], {"options": list(left)}))
        else:
            _resolve_trigger(s, ev, left.pop())


@step
class Damage(Step):
    """The attack's damage to its target."""

    kind = "damage"
    fields = {"op": OP}

    def run(self, s: RQState, ev: list[Event], op: dict[str, Any]) -> None:
        s.queue.pop(0)
        _attack_damage(s, ev)


@step
class AttackDone(Step):
    """The end of the attack being resolved."""

    kind = "attack_done"
    fields = {"op": OP}

    def run(self, s: RQState, ev: list[Event], op: dict[str, Any]) -> None:
        s.queue.pop(0)
        s.attack = None


@step
class ChestRow(Step):
    """A row of a raided chest: heal, refund, recover or release ``n``, the raider choosing
    (``raid_die``: the raider whose own die the refund leaves on the card)."""

    kind = "chest"
    fields = {
        "op": OP,
        "kind": Field(one_of(*CHEST_KINDS)),
        "n": Field(count(1, 99)),
        "seat": Field(fieldchecks.seat),
        "raid_die": Field(optional(TEXT), required=False),
    }

    @classmethod
    def agree(cls, ctx: FrameContext, d: Reader) -> None:
        die = d.data.get("raid_die")
        crew = ctx.s.heroes[d.data["seat"]]
        if die is not None and (die not in crew or not crew[die].dice):
            raise d.fail(
                "raid_die", _("{die!r} is no raider with a spent die").format(die=die[:60])
            )

    def run(self, s: RQState, ev: list[Event], op: dict[str, Any]) -> None:
        s.queue.pop(0)
        _chest_choice(s, ev, op)
