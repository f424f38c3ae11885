"""The events only RIOT Politics & Media emits, one class per kind (those both RIOT rule sets
emit alike are in :mod:`riotsim.games.riot.events`). Names of data keys as there."""

from __future__ import annotations

from riotsim.core.events import TypedEvent, datum


class PMIncome(TypedEvent, kind="income"):
    """Credits and cards collected at the start of a turn (how many of each deck)."""

    player: int = datum(key="seat")
    credits: int = datum()
    cards: int = datum()
    politics: int = datum()
    media: int = datum()


class CardsDrawn(TypedEvent, kind="cards_drawn"):
    """Which cards the seat drew: private to it."""

    player: int = datum(key="seat")
    cards: list[str] = datum()


class TrackMoved(TypedEvent, kind="track"):
    track: str = datum()
    start: int = datum(key="from")
    to: int = datum()
    player: int = datum(key="seat")


class RiotBought(TypedEvent, kind="riot_bought"):
    player: int = datum(key="seat")
    cost: int = datum()


class Activated(TypedEvent, kind="activated"):
    player: int = datum(key="seat")
    character: str = datum()


class Deactivated(TypedEvent, kind="deactivated"):
    player: int = datum(key="seat")
    character: str = datum()


class PMAttackDeclared(TypedEvent, kind="attack_declared"):
    player: int = datum(key="seat")
    target: str = datum()


class CombatStarted(TypedEvent, kind="combat"):
    attacker: int = datum()
    target: str = datum()
    att: list[int] = datum()
    dfd: list[int] = datum()


class RiotCommitted(TypedEvent, kind="riot_committed"):
    """A face-down RIOT card committed; ``count``: the side's cards so far."""

    player: int = datum(key="seat")
    count: int = datum()


class CommitDone(TypedEvent, kind="commit_done"):
    player: int = datum(key="seat")
    count: int = datum()


class CombatRevealed(TypedEvent, kind="combat_reveal"):
    riot: list[list[str]] = datum()
    attacker: int = datum()
    defender: int = datum()


class PMRemoved(TypedEvent, kind="removed"):
    unit: int = datum()
    player: int = datum(key="seat")
    space: str = datum()
    why: str = datum(optional=True)


class CombatWon(TypedEvent, kind="combat_won"):
    winner: int = datum()
    points: int = datum()
