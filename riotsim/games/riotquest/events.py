"""Riot Quest events: one declared kind per thing that happens in the game.

Each class is a :class:`~riotsim.core.events.TypedEvent` with its data fields declared; the
rules build them with the core's fast ``raw`` (the data as the event's JSON holds it:
``player`` a seat, ``hero`` a hero id, a cell ``[col, row]``), and the view handles them by
class.
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Event
from riotsim.core.events import DiceRolled, GameOver, TypedEvent, datum


class RQEvent(TypedEvent):
    """Base of the Riot Quest kinds (built with the core's fast ``raw``: about two a ply)."""


Pair = list[Any]  # [seat, hero id]
CellData = list[int]  # [col, row]


# -- dice and the game's end (the shared kinds, with Riot Quest's extra data) -----------------


class Rolled(DiceRolled):
    """Dice rolled: ``purpose`` says what for (``attack``, ``defence``, ``rig``, ``chest``...)."""

    __slots__ = ()
    purpose: str = datum()


class Won(GameOver):
    __slots__ = ()


# -- set-up ---------------------------------------------------------------------------------


class DeckChosen(RQEvent, kind="deck_chosen"):
    __slots__ = ()
    deck: str = datum()  # "bounty" or "treasure"
    id: str = datum()
    player: int = datum()


class ArenaChosen(RQEvent, kind="arena_chosen"):
    __slots__ = ()
    arena: str = datum()
    player: int = datum()


class Banned(RQEvent, kind="banned"):
    __slots__ = ()
    player: int = datum()
    owner: int = datum(key="of")  # whose crew lost the hero
    hero: str = datum()


class GearChosen(RQEvent, kind="gear_chosen"):
    __slots__ = ()
    player: int = datum()
    gear: str = datum()


class DeckShuffled(RQEvent, kind="deck_shuffled"):
    __slots__ = ()
    deck: str = datum()


class RollOff(RQEvent, kind="roll_off"):
    __slots__ = ()
    purpose: str = datum()
    winner: int = datum()
    rolls: list[Any] = datum()


# -- rounds and turns -----------------------------------------------------------------------


class RoundStarted(RQEvent, kind="round"):
    __slots__ = ()
    round: int = datum()
    priority: int = datum()


class TurnStarted(RQEvent, kind="turn"):
    __slots__ = ()
    player: int = datum()
    round: int = datum()


class TurnTaken(RQEvent, kind="turn_taken"):
    __slots__ = ()
    player: int = datum()


class Passed(RQEvent, kind="passed"):
    __slots__ = ()
    player: int = datum()


class Activated(RQEvent, kind="activated"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()


class ActivationEnded(RQEvent, kind="activation_ended"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()


class CoolDown(RQEvent, kind="cool_down"):
    __slots__ = ()
    round: int = datum()


class Spawned(RQEvent, kind="spawned"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    cell: CellData = datum()


class SpawnRedirected(RQEvent, kind="spawn_redirected"):
    __slots__ = ()
    gate: int = datum()


class Released(RQEvent, kind="released"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()


class Evacuated(RQEvent, kind="evacuated"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()


# -- movement and pick-ups ------------------------------------------------------------------


class Moved(RQEvent, kind="moved"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    path: list[CellData] = datum()
    how: str = datum()


class Placed(RQEvent, kind="placed"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    to: CellData = datum()
    how: str = datum()
    start: CellData | None = datum(key="from", optional=True)


class LootGathered(RQEvent, kind="loot_gathered"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    cell: CellData = datum()
    n: int = datum()


class LootGained(RQEvent, kind="loot_gained"):
    __slots__ = ()
    player: int = datum()
    n: int = datum()


class TokenPicked(RQEvent, kind="token_picked"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    bounty: str = datum()


class TokenPlaced(RQEvent, kind="token_placed"):
    """A bounty token put on a hex (``cell``) or given to a hero (``hero``, a pair)."""

    __slots__ = ()

    bounty: str = datum()
    token: str = datum(key="kind")
    hero: Pair | None = datum(optional=True)
    cell: CellData | None = datum(optional=True)


class TokenDropped(RQEvent, kind="token_dropped"):
    __slots__ = ()
    bounty: str = datum()
    cell: CellData = datum()


class TokenExploded(RQEvent, kind="token_exploded"):
    __slots__ = ()
    bounty: str = datum()
    cell: CellData = datum()


class TrapSprung(RQEvent, kind="trap_sprung"):
    __slots__ = ()
    bounty: str = datum()
    hero: str = datum()
    player: int = datum()


# -- fighting -------------------------------------------------------------------------------


class Attacked(RQEvent, kind="attack"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    weapon: str = datum()
    target: str = datum()
    target_seat: int = datum(key="of")
    strikes: int = datum()
    defence: list[int] = datum(key="def")
    hit: bool = datum()
    super_: bool = datum(key="super")


class AbilityTriggered(RQEvent, kind="ability"):
    __slots__ = ()
    ability: str = datum()
    attacker: Pair = datum()
    target: Pair = datum()


class Damaged(RQEvent, kind="damaged"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    n: int = datum()
    total: int = datum()
    attack: bool = datum()


class KnockedOut(RQEvent, kind="knocked_out"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    cell: CellData = datum()
    by: Pair | None = datum()


class ScrapClaimed(RQEvent, kind="scrap_claimed"):
    __slots__ = ()
    player: int = datum()
    vp: int = datum()


class Healed(RQEvent, kind="healed"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    n: int = datum()


class DiceRefunded(RQEvent, kind="dice_refunded"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    n: int = datum()


class SpecialUsed(RQEvent, kind="special"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    ability: str = datum()


# -- gear -----------------------------------------------------------------------------------


class Equipped(RQEvent, kind="equipped"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    gear: str = datum()
    cost: int = datum()
    old: str | None = datum()


class GearDiscarded(RQEvent, kind="gear_discarded"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    gear: str = datum()


class GearRecovered(RQEvent, kind="gear_recovered"):
    __slots__ = ()
    player: int = datum()
    gear: str = datum()


# -- bounties and treasure ------------------------------------------------------------------


class BountyFlipped(RQEvent, kind="bounty_flipped"):
    __slots__ = ()
    bounty: str = datum()


class BountyClaimed(RQEvent, kind="bounty_claimed"):
    __slots__ = ()
    player: int = datum()
    bounty: str = datum()
    value: int = datum()
    vp: int = datum()


class Rigged(RQEvent, kind="rigged"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    bounty: str = datum()
    strikes: int = datum()
    success: bool = datum()


class ChestSpawned(RQEvent, kind="chest_spawned"):
    __slots__ = ()
    chest: str = datum()
    beacon: int = datum()
    cell: CellData = datum()


class ChestRaided(RQEvent, kind="chest_raided"):
    __slots__ = ()
    player: int = datum()
    hero: str = datum()
    chest: str = datum()
    row: int = datum()
    free: bool = datum()


# the class of each kind the rules emit
_ALL: tuple[type[TypedEvent], ...] = (Rolled, Won, *RQEvent.__subclasses__())
KINDS: dict[str, type[TypedEvent]] = {cls.KIND: cls for cls in _ALL}


def ev_roll(events: list[Event], die: str, faces: list[str], purpose: str, seat: int | None):
    events.append(Rolled.raw({"die": die, "faces": faces, "purpose": purpose}, seat, True))
