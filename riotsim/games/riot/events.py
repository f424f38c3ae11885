"""The events of RIOT: Cast the First Stone, one class per kind, and those both RIOT rule sets
emit alike (P&M's own are in :mod:`riotsim.games.riot.pm_events`).

A data key named ``seat`` (the seat the event is about, which may differ from the event's own
``seat``, its actor) reads as ``player``; ``kind`` (a unit's kind) as ``unit_kind``; ``from``
as ``start``. The game's end is the core's :class:`~riotsim.core.events.GameOver`.
"""

from __future__ import annotations

from riotsim.core.events import TypedEvent, datum

# -- both rule sets ---------------------------------------------------------------------------


class TurnStarted(TypedEvent, kind="turn_start"):
    player: int = datum(key="seat")
    round: int = datum()


class Placed(TypedEvent, kind="placed"):
    player: int = datum(key="seat")
    unit: int = datum()
    at: str = datum()


class Bought(TypedEvent, kind="bought"):
    player: int = datum(key="seat")
    unit: int = datum()
    unit_kind: str = datum(key="kind")
    at: str = datum()
    cost: int = datum()


class CardDrawn(TypedEvent, kind="card_drawn"):
    """Private to the drawing seat."""

    player: int = datum(key="seat")
    card: str = datum()


class CardPlayed(TypedEvent, kind="card_played"):
    player: int = datum(key="seat")
    card: str = datum()


class PhaseChanged(TypedEvent, kind="phase"):
    phase: str = datum()


class Moved(TypedEvent, kind="moved"):
    unit: int = datum()
    start: str = datum(key="from")
    to: str = datum()


class Committed(TypedEvent, kind="committed"):
    """A unit joined the attack being declared."""

    unit: int = datum()


class Entered(TypedEvent, kind="entered"):
    """A winning attacker moved into the building it took."""

    unit: int = datum()
    start: str = datum(key="from")
    at: str = datum()


class Tie(TypedEvent, kind="tie"):
    """The fight ended in a tie."""


# -- RIOT: Cast the First Stone ----------------------------------------------------------------


class Income(TypedEvent, kind="income"):
    player: int = datum(key="seat")
    credits: int = datum()


class AreaPoints(TypedEvent, kind="area_points"):
    player: int = datum(key="seat")
    areas: list[str] = datum()
    total: int = datum()


class NewRound(TypedEvent, kind="round"):
    round: int = datum()
    order: list[int] = datum()


class OpinionDrawn(TypedEvent, kind="po_drawn"):
    left: int = datum()


class OpinionRevealed(TypedEvent, kind="po_revealed"):
    card: str = datum()
    penalty: str = datum()
    left: int = datum()


class Removed(TypedEvent, kind="removed"):
    unit: int = datum()
    player: int = datum(key="seat")
    unit_kind: str = datum(key="kind")
    space: str = datum()
    why: str = datum()


class Eliminated(TypedEvent, kind="eliminated"):
    player: int = datum(key="seat")


class CardBought(TypedEvent, kind="card_bought"):
    player: int = datum(key="seat")
    cost: int = datum()


class ObstructAsked(TypedEvent, kind="obstruct_asked"):
    """``player`` is asked whether it obstructs a move (unit, to) or an attack (target)."""

    player: int = datum(key="seat")
    unit: int = datum(optional=True)
    to: str = datum(optional=True)
    target: str = datum(optional=True)


class AttackDeclared(TypedEvent, kind="attack_declared"):
    player: int = datum(key="seat")
    target: str = datum()
    defender: int = datum()


class Reinforced(TypedEvent, kind="reinforced"):
    player: int = datum(key="seat")
    unit: int = datum()
    at: str = datum()


class Obstructed(TypedEvent, kind="obstructed"):
    by: int = datum()
    street: str = datum()


class LetPass(TypedEvent, kind="let_pass"):
    by: int = datum()


class OrderChosen(TypedEvent, kind="order_chosen"):
    player: int = datum(key="seat")


class GaveUp(TypedEvent, kind="gave_up"):
    units: list[int] = datum()


class HandToHand(TypedEvent, kind="hand_to_hand"):
    """The attacker pressed on to hand to hand."""


class Withdrew(TypedEvent, kind="withdrew"):
    player: int = datum(key="seat")
    outnumbered: int = datum(optional=True)


class AttackCommitted(TypedEvent, kind="attack_committed"):
    player: int = datum(key="seat")
    target: str = datum()
    defender: int = datum()
    units: list[int] = datum()


class ClashStarted(TypedEvent, kind="clash"):
    attacker: int = datum()
    defender: int = datum()
    target: str = datum()
    att: list[int] = datum()
    dfd: list[int] = datum()


class ClashCalledOff(TypedEvent, kind="clash_called_off"):
    player: int = datum(key="seat")


class Shielded(TypedEvent, kind="shield"):
    unit: int = datum()


class DistanceHit(TypedEvent, kind="distance_hit"):
    unit: int = datum()
    damage: int = datum()


class Wounded(TypedEvent, kind="wounded"):
    unit: int = datum()
    at: str = datum()


class ClashTotals(TypedEvent, kind="clash_totals"):
    attacker: int = datum()
    defender: int = datum()


class Hurt(TypedEvent, kind="hurt"):
    unit: int = datum()


class ClashWon(TypedEvent, kind="clash_won"):
    winner: int = datum()
    attacker_won: int = datum()
    at_distance: int = datum(optional=True)


class ClashOver(TypedEvent, kind="clash_over"):
    at_distance: int = datum()


class Advanced(TypedEvent, kind="advanced"):
    unit: int = datum()
    start: str = datum(key="from")
    at: str = datum()


class ClashEnded(TypedEvent, kind="clash_end"):
    pass
