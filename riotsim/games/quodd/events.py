"""Every kind of event the Quodd rules emit, with its data fields declared once.

Build one with ``Tumbled.of(...)`` (its data checked against the declaration); views handle
an event by its class (``isinstance(event, Tumbled)``). Squares are ``[x, y]`` lists, as the
JSON of an event holds them. Data keys that are Python keywords or event attributes (``from``,
``seat``, ``kind``) are read through another attribute name (``start``, ``player``, ``token``).
"""

from __future__ import annotations

from typing import Any

from riotsim.core.events import DiceRolled, GameOver, TypedEvent, datum

Square = list[int]


# -- turns and rounds ------------------------------------------------------------------------


class TurnStarted(TypedEvent, kind="turn_started"):
    player: int = datum(key="seat")
    round: int = datum()


class TurnEnded(TypedEvent, kind="turn_ended"):
    player: int = datum(key="seat")


class RoundEnded(TypedEvent, kind="round_ended"):
    round: int = datum()


class FirstPlayer(TypedEvent, kind="first_player"):
    player: int = datum(key="seat")
    round: int = datum()


class WalledIn(TypedEvent, kind="walled_in"):
    hero: int = datum()
    at: Square = datum()


class NoWayOn(TypedEvent, kind="no_way_on"):
    hero: int = datum()
    at: Square = datum()


class QuoddGameOver(GameOver, kind="game_over"):
    """The game ended (the round it ended in as well)."""

    round: int = datum()


class HeroRolled(DiceRolled, kind="dice_rolled"):
    """A die rolled for a hero: the direction die, or the d6 of a teleporter."""

    hero: int = datum()


# -- cards -----------------------------------------------------------------------------------


class CardPlayed(TypedEvent, kind="card_played"):
    player: int = datum(key="seat")
    card: str = datum()
    impulse: int = datum(optional=True)  # 1: played out of turn in an Impulse window


class CardActivated(TypedEvent, kind="card_activated"):
    player: int = datum(key="seat")
    card: str = datum()


class CardDiscarded(TypedEvent, kind="card_discarded"):
    player: int = datum(key="seat")
    card: str = datum()


class CardUnequipped(TypedEvent, kind="card_unequipped"):
    player: int = datum(key="seat")
    card: str = datum()
    to: Any = datum()  # "return" (to the hand) or "discard"


class CardExplored(TypedEvent, kind="card_explored"):
    player: int = datum(key="seat")
    card: str = datum()
    source: str = datum(key="from")  # "lineup" or "deck"


class CardsDiscarded(TypedEvent, kind="cards_discarded"):
    cards: list[str] = datum()


class NoCardOfType(TypedEvent, kind="no_card_of_type"):
    player: int = datum(key="seat")
    card_type: str = datum(key="kind")


class DeckShuffled(TypedEvent, kind="deck_shuffled"):
    cards: int = datum()


class DeckEmpty(TypedEvent, kind="deck_empty"):
    pass


class LineupCard(TypedEvent, kind="lineup_card"):
    card: str = datum()


class LineupWiped(TypedEvent, kind="lineup_wiped"):
    cards: list[str] = datum()


class UpgradeUsed(TypedEvent, kind="upgrade_used"):
    player: int = datum(key="seat")
    icon: str = datum()


# -- skills, powers and upgrades -------------------------------------------------------------


class SkillActivated(TypedEvent, kind="skill_activated"):
    hero: int = datum()
    skill: str = datum()
    distance: int = datum(optional=True)


class SkillSpent(TypedEvent, kind="skill_spent"):
    hero: int = datum()
    skill: str = datum()


class SkillFinished(TypedEvent, kind="skill_finished"):
    hero: int = datum()
    skill: str = datum()
    steps: int = datum()


class SkillSwitched(TypedEvent, kind="skill_switched"):
    hero: int = datum()
    old: str = datum(key="from")
    to: str = datum()
    remaining: int = datum()


class SkillUpgraded(TypedEvent, kind="skill_upgraded"):
    hero: int = datum()
    skill: str = datum()


class SkillsSwapped(TypedEvent, kind="skills_swapped"):
    hero: int = datum()
    faces: str = datum()  # "front/back"
    by: int = datum(optional=True)  # another hero who swapped them


class Boosted(TypedEvent, kind="boosted"):
    hero: int = datum()
    skill: str = datum()
    by: int = datum()


class CardMove(TypedEvent, kind="card_move"):
    hero: int = datum()
    skill: str = datum()
    distance: int = datum()


class CardMoveEnded(TypedEvent, kind="card_move_ended"):
    hero: int = datum()


class MovementEnded(TypedEvent, kind="movement_ended"):
    hero: int = datum()


class QPowerUsed(TypedEvent, kind="q_power"):
    hero: int = datum()
    power: str = datum()


class NoTarget(TypedEvent, kind="no_target"):
    hero: int = datum()
    effect: str = datum()


class Upgraded(TypedEvent, kind="upgraded"):
    hero: int = datum()
    tile: str = datum()
    side: str = datum()
    label: str = datum()


class UpgradeFlipped(TypedEvent, kind="upgrade_flipped"):
    hero: int = datum()
    tile: str = datum()
    side: str = datum()


# -- heroes moving ---------------------------------------------------------------------------


class Stepped(TypedEvent):
    """Base of the moves from a square to another in a direction."""

    hero: int = datum()
    start: Square = datum(key="from")
    to: Square = datum()
    direction: str = datum()


class Moved(Stepped, kind="moved"):
    pass


class Slid(Stepped, kind="slid"):
    pass


class Tumbled(Stepped, kind="tumbled"):
    top: str = datum()
    from_top: str = datum()
    cube: list[str] = datum()  # the faces after the tumble (for animations)


class Pushed(TypedEvent, kind="pushed"):
    hero: int = datum()
    by: int = datum()
    start: Square = datum(key="from")
    to: Square = datum()
    direction: str = datum()


class Carried(Stepped, kind="carried"):
    path: list[Square] = datum()  # every square reached on the ride


class Landed(TypedEvent):
    """Base of the moves that land a hero on a square (a jump, a teleport...)."""

    hero: int = datum()
    start: Square = datum(key="from")
    to: Square = datum()


class Jumped(Landed, kind="jumped"):
    pass


class Sprung(Landed, kind="sprung"):
    pass


class Teleported(Landed, kind="teleported"):
    pass


class Tunnelled(Landed, kind="tunnelled"):
    pass


class Connected(Landed, kind="connected"):
    pass


class Blasted(Landed, kind="blasted"):
    pass


# the landing event of each kind of landing (engine.land_jump's ``kind``)
LANDINGS: dict[str, type[Landed]] = {
    cls.KIND: cls for cls in (Jumped, Sprung, Teleported, Tunnelled, Connected)
}


class Spun(TypedEvent, kind="spun"):
    hero: int = datum()
    spin: str = datum()
    top: str = datum()
    cube: list[str] = datum()


class Placed(TypedEvent, kind="placed"):
    hero: int = datum()
    at: Square = datum()


class Fell(TypedEvent, kind="fell"):
    hero: int = datum()
    at: Square = datum()


class Respawned(TypedEvent, kind="respawned"):
    hero: int = datum()
    start: Square = datum(key="from")
    to: Square = datum()
    top: str = datum()
    cube: list[str] = datum()


class NoRespawn(TypedEvent, kind="no_respawn"):
    hero: int = datum()


class SpringBlocked(TypedEvent, kind="spring_blocked"):
    hero: int = datum()
    at: Square = datum()


# -- collectibles ----------------------------------------------------------------------------


class Collected(TypedEvent, kind="collected"):
    hero: int = datum()
    item: str = datum()
    at: Square = datum()


class Delivered(TypedEvent, kind="delivered"):
    hero: int = datum()
    items: list[str] = datum()
    total: int = datum()


class Dropped(TypedEvent, kind="dropped"):
    hero: int = datum()
    item: str = datum()
    at: Square = datum()


class Stolen(TypedEvent, kind="stolen"):
    hero: int = datum()
    victim: int = datum(key="from")
    item: str = datum()


class CollectiblesLost(TypedEvent, kind="collectibles_lost"):
    hero: int = datum()
    items: list[str] = datum()


class CrystalLost(TypedEvent, kind="crystal_lost"):
    at: Square = datum()


class SheepLost(TypedEvent, kind="sheep_lost"):
    """A sheep fell into a pit (or was otherwise lost)."""

    id: int = datum()
    at: Square = datum()


class UpkeepStep(TypedEvent, kind="upkeep_step"):
    """Board Upkeep starts moving one kind (bombs, platforms, beams, sheep) - emitted by a
    kind's hook only when that kind has something on the board (spec U6)."""

    step: str = datum(key="kind")


class RallyReached(TypedEvent, kind="rally_reached"):
    hero: int = datum()
    number: int = datum()


# -- the board -------------------------------------------------------------------------------


class TokenPlaced(TypedEvent, kind="token_placed"):
    token: str = datum(key="kind")
    at: Square = datum()
    by: int = datum()


class TokenTaken(TypedEvent, kind="token_taken"):
    hero: int = datum()
    token: str = datum(key="kind")
    at: Square = datum()


class TokenDestroyed(TypedEvent, kind="token_destroyed"):
    at: Square = datum()
    token: str = datum(key="kind")


class WallBroken(TypedEvent, kind="wall_broken"):
    at: Square = datum()
    by: int = datum()


class Exploded(TypedEvent, kind="exploded"):
    at: Square = datum()
    bomb: str = datum(optional=True)  # the bomb's type, when a bomb exploded
    range: int = datum(optional=True)  # a Crystal Bomb's range (otherwise radius 1)


class TeleporterExploded(TypedEvent, kind="teleporter_exploded"):
    at: Square = datum()


class SecretRevealed(TypedEvent, kind="secret_revealed"):
    at: Square = datum()
    token: str = datum(key="kind")


class Switched(TypedEvent, kind="switched"):
    at: Square = datum()
    colour: str = datum()
    doors: list[list[Any]] = datum()  # [x, y, opened]


class ImpassableSwitched(TypedEvent, kind="impassable_switched"):
    walls: list[list[int]] = datum()  # [x, y, 1 if raised]


class BoardRotated(TypedEvent, kind="board_rotated"):
    section: int = datum()
    spin: str = datum()


class TwisterSpun(TypedEvent, kind="twister"):
    by: int = datum()
    spin: str = datum()


# -- bombs, explosions and cannons (issue 12 part A) -----------------------------------------


class BombCreated(TypedEvent, kind="bomb_created"):
    id: int = datum()
    bomb: str = datum()
    at: Square = datum()
    direction: str = datum()
    by: int = datum()


class BombMoved(TypedEvent, kind="bomb_moved"):
    """A bomb rolled: ``path`` every square it reached in order (spec U6)."""

    id: int = datum()
    bomb: str = datum()
    start: Square = datum(key="from")
    path: list[Square] = datum()
    direction: str = datum()


class BombLeft(TypedEvent, kind="bomb_left"):
    """A bomb rolled off the edge of the board (no explosion)."""

    id: int = datum()
    at: Square = datum()


class BombLost(TypedEvent, kind="bomb_lost"):
    """A bomb fell into a pit, or could not leave the hero's square it was made on."""

    id: int = datum()
    at: Square = datum()


class BombSupplyEmpty(TypedEvent, kind="bomb_supply_empty"):
    """All ten bomb dice are on the board: no bomb is made (our ruling B3)."""

    at: Square = datum()


class CannonFired(TypedEvent, kind="cannon_fired"):
    at: Square = datum()
    direction: str = datum()
    by: int = datum()


class SheepThrown(TypedEvent, kind="sheep_thrown"):
    id: int = datum()
    start: Square = datum(key="from")
    to: Square = datum()


class CrystalThrown(TypedEvent, kind="crystal_thrown"):
    start: Square = datum(key="from")
    to: Square = datum()


class CardBurned(TypedEvent, kind="card_burned"):
    """A fire bomb made a hero discard a card at random."""

    hero: int = datum()
    card: str = datum()


class SkillsFrozen(TypedEvent, kind="skills_frozen"):
    hero: int = datum()
    skills: list[str] = datum()


class SkillsThawed(TypedEvent, kind="skills_thawed"):
    hero: int = datum()
    skills: list[str] = datum()


class CrystalBombed(TypedEvent, kind="crystal_bombed"):
    """A hero destroyed a carried crystal for a Crystal Bomb."""

    hero: int = datum()
    item: str = datum()


# -- moving platforms and beams (issue 12 part C, spec 6-7) ------------------------------------


class PlatformMoved(TypedEvent, kind="platform_moved"):
    """A platform slid one square (by its arrow or a mover), riders with it."""

    platform: str = datum(key="id")
    mapping: list[list[int]] = datum()  # [x, y, new x, new y] per square
    direction: str = datum()


class PlatformRotated(TypedEvent, kind="platform_rotated"):
    """A platform turned a quarter turn about ``pivot`` (its token or a rotator)."""

    platform: str = datum(key="id")
    mapping: list[list[int]] = datum()  # [x, y, new x, new y] per square
    pivot: Square = datum()
    spin: str = datum()


class PlatformBlocked(TypedEvent, kind="platform_blocked"):
    """A platform could not move; ``direction`` is its arrow now (a sliding one reverses)."""

    platform: str = datum(key="id")
    direction: str = datum()


class BeamChanged(TypedEvent, kind="beam_changed"):
    """The beams were retraced: every square lit now, and what changed."""

    lit: list[list[int]] = datum()
    added: list[list[int]] = datum()
    removed: list[list[int]] = datum()


class EmitterSwitched(TypedEvent, kind="emitter_switched"):
    at: Square = datum()
    on: int = datum()


class ReflectorTurned(TypedEvent, kind="reflector_turned"):
    at: Square = datum()
    direction: str = datum()
    on: int = datum()


class GadgetActed(TypedEvent, kind="gadget_acted"):
    """A rotator or mover hit by a beam moved its platform or section."""

    at: Square = datum()
    gadget: str = datum(key="kind")


class BeamBurned(TypedEvent, kind="beam_burned"):
    """A square newly lit: the tokens the beam destroyed there."""

    at: Square = datum()
    tokens: list[str] = datum()


class CrystalPlaced(TypedEvent, kind="crystal_placed"):
    hero: int = datum()
    at: Square = datum()
    colour: str = datum()


class CrystalTaken(TypedEvent, kind="crystal_taken"):
    hero: int = datum()
    at: Square = datum()
    colour: str = datum()


# -- sheep (issue 12 part B, spec section 5) -------------------------------------------------


class SheepSpawned(TypedEvent, kind="sheep_spawned"):
    """A sheep came onto the board and was given its facing (S7)."""

    id: int = datum()
    colour: str = datum()
    at: Square = datum()
    direction: str = datum()


class SheepMoved(TypedEvent, kind="sheep_moved"):
    """A sheep walked: ``path`` lists the squares it stepped onto, in order (S2)."""

    id: int = datum()
    start: Square = datum(key="from")
    path: list[Square] = datum()
    facing: str = datum()


class SheepTurned(TypedEvent, kind="sheep_turned"):
    """A blocked sheep turned clockwise, or a whirlpool spun it (S2, S12)."""

    id: int = datum()
    at: Square = datum()
    facing: str = datum()
    spin: str = datum()  # cw | ccw


class SheepCarried(TypedEvent, kind="sheep_carried"):
    """A board element moved a sheep: ``how`` is current, connection, spring or teleporter."""

    id: int = datum()
    start: Square = datum(key="from")
    to: Square = datum()
    how: str = datum()


class SheepShoved(TypedEvent, kind="sheep_shoved"):
    """A black sheep pushed a hero, a sheep or a crystal one square on (S4)."""

    by: int = datum()  # the black sheep's number
    piece: str = datum()  # hero | sheep | crystal
    start: Square = datum(key="from")
    to: Square = datum()
    hero: int = datum(optional=True)
    pushed: int = datum(optional=True)  # the pushed sheep's number


class SheepPickedUp(TypedEvent, kind="sheep_picked_up"):
    hero: int = datum()
    id: int = datum()
    colour: str = datum()
    at: Square = datum()


class SheepDelivered(TypedEvent, kind="sheep_delivered"):
    hero: int = datum()
    count: int = datum()
    total: int = datum()


# -- world events (issue 13 part A) -----------------------------------------------------------


class WorldEventDrawn(TypedEvent, kind="world_event_drawn"):
    """End-of-Round step 2 (W1): the first player ``player`` draws ``card`` and reads it."""

    player: int = datum(key="seat")  # the first player's hero
    card: str = datum()
    name: str = datum()
    text: str = datum()


class WorldEventDone(TypedEvent, kind="world_event_done"):
    """The world event ``card`` is resolved and goes to the World Event discard."""

    card: str = datum()


class WorldDeckShuffled(TypedEvent, kind="world_deck_shuffled"):
    """The empty World Event deck is its discard pile reshuffled (W3, our ruling)."""

    cards: int = datum()


class WorldEventIgnored(TypedEvent, kind="world_event_ignored"):
    """Ignore World Events (I7): ``hero`` is left out of ``card``'s effects."""

    hero: int = datum()
    card: str = datum()


class CurrentsReversed(TypedEvent, kind="currents_reversed"):
    at: list[Square] = datum()


class TokensHidden(TypedEvent, kind="tokens_hidden"):
    """Thick Fog: the tokens on ``at`` turned face down (secret tokens hiding them)."""

    at: list[Square] = datum()


class SheepAppeared(TypedEvent, kind="sheep_appeared"):
    id: int = datum()
    at: Square = datum()
    facing: str = datum()


# -- issue 13 part D: more upgrades, treasure cards and the time tracker --------------------


class TimeMoved(TypedEvent, kind="time_moved"):
    """The time tracker moved ``by`` (negative: it dropped) to ``timer``; ``why`` is round,
    rally or delivery."""

    timer: int = datum()
    by: int = datum()
    why: str = datum()


class TreasureTaken(TypedEvent, kind="treasure_taken"):
    """A treasure token gave its hero the top treasure card (R1)."""

    hero: int = datum()
    card: str = datum()
    gems: int = datum()


class TreasurePlayed(TypedEvent, kind="treasure_played"):
    """A treasure card's one-use effect was played; the card (and its gems) is discarded."""

    hero: int = datum()
    card: str = datum()


class DieRerolled(TypedEvent, kind="die_rerolled"):
    """Re-roll a Die: ``hero`` rolled ``die`` again; ``faces`` is the new result."""

    hero: int = datum()
    die: str = datum()
    before: list[str] = datum()
    faces: list[str] = datum()


class EquipmentRemoved(TypedEvent, kind="equipment_removed"):
    """Timely Removal: ``by`` discarded ``card`` (an Item or Pet) from ``hero``'s play area."""

    by: int = datum()
    hero: int = datum()
    card: str = datum()


class FoodProtected(TypedEvent, kind="food_protected"):
    """Protected Food kept ``card`` from another player's effect."""

    hero: int = datum()
    card: str = datum()


# -- co-op and teams (issue 13 part B) ---------------------------------------------------------


class CardTraded(TypedEvent, kind="card_traded"):
    """Co-Op and Team Card Sharing: a card moved from one teammate's hand to another's."""

    giver: int = datum(key="from")
    taker: int = datum(key="to")
    card: str = datum()


class OverlordExplored(TypedEvent, kind="overlord_explored"):
    """The Overlord explored the top card of its own deck (O1)."""

    player: int = datum(key="seat")
    card: str = datum()


class OverlordDeckShuffled(TypedEvent, kind="overlord_deck_shuffled"):
    cards: int = datum()


# -- buddies and the B-side (issue 13 part C) ---------------------------------------------------


class BuddyJoined(TypedEvent, kind="buddy_joined"):
    """Character Token: a collected token brought its hero in as the collector's buddy."""

    hero: int = datum()  # the new buddy's hero index
    buddy: str = datum()  # its hero id
    by: int = datum()  # the collector's hero index
    at: Square = datum()


class SlotFilled(TypedEvent, kind="slot_filled"):
    """Player Board B-Side: an upgrade tile went onto the slot beside a face."""

    hero: int = datum()
    tile: str = datum()
    side: str = datum()
    face: str = datum()
    label: str = datum()


class GoldSynced(TypedEvent, kind="gold_synced"):
    """Player Board B-Side: skill tiles turned gold or back as Upgrade Skill faces say."""

    hero: int = datum()
    gold: list[str] = datum()
