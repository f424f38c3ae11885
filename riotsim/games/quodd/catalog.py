"""Quodd content: heroes with their upgrade tiles, the Exploration deck, and scenarios.

The YAML lives in ``data/quodd/``; each file has a pydantic schema here. Closed vocabularies
(skills, upgrade icons, card effects, token kinds) are enums, so a typo in a data file is a
clear ``file:line: field: problem`` message instead of a rule that silently does nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from riotsim.core.content import load_yaml
from riotsim.i18n import _
from riotsim.paths import data_dir

SKILLS = ("tumble", "jump", "slide", "diagonal", "dash")
Skill = Literal["tumble", "jump", "slide", "diagonal", "dash"]

QPower = Literal[
    "place_terrain",  # wall, broken wall or tunnel (range 7)
    "place_teleporter",
    "earthquake",
    "rotate_board",
    "copy_q",
    "flip_upgrade",
]

# Upgrade icons the rules implement (see reference.md for what each does).
UpgradeIcon = Literal[
    "movement",
    "explore",
    "item_slot",
    "pet_slot",
    "rune_range",
    "crush",
    "ghost",
    "greed_speed",
    "mind_push",
    "wall_builder",
    "trench_digger",
    "flow",
    "teleport_plus2",
    "teleport_mastery",
    "teleport_skill",
    "tunnel_mastery",
    "upgrade_skill",
    "good_fortune",
    "timely_trades",
    "hunger_boost",
    "change_directions",
    "flame_grip",
    "jump_shockwave",
    "underdog",
    "spring_jump",
    "tumble_spring",
    "q_upgrade",
    "q_bomb",  # issue 12 part A: Q: Bomb (a Q-Power), Push Bomb
    "push_bomb",
    # activated once per turn in Power-Up or Recovery
    "good_aim",
    "twister",
    "swap_skills",
    "random_wind",
    "strong_wind",
    "wipe_lineup",
    "explore_deck",
    "crystal_bomb",
    "ignore_world_events",  # issue 13 part A (I7): the owner may ignore a world event
    # issue 13 part D: the icons missing before (reference.md "More upgrades, treasure and time")
    "explore_food",
    "explore_item",
    "explore_pet",
    "explore_rune",
    "getaway",
    "protected_food",
    "reroll",
    "timely_removal",
]

CardType = Literal["food", "rune", "item", "pet", "tool"]

EffectKind = Literal[
    "boost",  # +n movement this turn (all skills, or one skill)
    "place",  # place a token of `kind` within range
    "break_wall",  # turn a wall within range into a broken wall
    "destroy",  # remove a non-scenario token within range
    "explore",  # explore n cards (lineup or deck)
    "explore_deck",  # explore n cards from the top of the deck
    "explore_type",  # explore a card of type `kind`
    "rearrange",  # rearrange your skills
    "dash",  # dash n outside the movement phase
    "twister",  # spin every other hero a quarter turn
    "wind",  # roll the direction die; slide every hero 1
    "strong_wind",  # slide every hero 2 in a chosen direction
    "slide_other",  # slide another hero n squares orthogonally
    "upgrade_skill",  # flip one of your skill tiles to its gold side
    "wipe_lineup",
    "rotate_board",  # rotate the board section your hero is on
    "swap_other",  # swap two skills on another player's board
    "fire_bomb",  # a bomb of type `kind` leaves your square in a direction you choose
    # issue 13 part B, the Overlord deck's own effects (overlord.py)
    "blast",  # an explosion on a square within range
    "bomb_drop",  # a bomb of type `kind` on a free square within range, rolling a chosen way
    "sheep_drop",  # a sheep appears on a free square within range
    "snatch",  # steal a collectible from another team's hero within range
    "quake",  # every other hero tumbles one square the way you choose
]

Passive = Literal[
    "freeze",  # straight-line moves over water cost nothing after the first step
    "flow",  # ignore currents and whirlpools on water
    "movement",  # +1 movement
    "explore",  # +1 exploration
    "rooted",  # cannot be pushed
    "rune_range",  # +2 rune range
]

PlaceKind = Literal[
    "wall",
    "broken_wall",
    "spring",
    "super_spring",
    "teleporter",
    "tunnel",
    "pit",
    "q_token",
    "rearrange",
    "current",
    "whirlpool",
    "cannon",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UpgradeSide(_Model):
    label: str
    icons: dict[UpgradeIcon, int] = Field(min_length=1)

    def count(self, icon: str) -> int:
        return self.icons.get(icon, 0)  # type: ignore[call-overload]


class UpgradeTile(_Model):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    a: UpgradeSide
    b: UpgradeSide

    def side(self, which: str) -> UpgradeSide:
        return self.a if which == "a" else self.b


class HeroSpec(_Model):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    q_power: QPower
    q_text: str
    blurb: str
    default_skills: dict[Literal["feet", "front", "back", "left", "right"], Skill]
    upgrades: list[UpgradeTile] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _skills_once(self) -> HeroSpec:
        if sorted(self.default_skills.values()) != sorted(SKILLS) or len(self.default_skills) != 5:
            raise ValueError("default_skills must give each of the five skills to one face")
        return self


class HeroFile(_Model):
    heroes: list[HeroSpec] = Field(min_length=6)


class Effect(_Model):
    do: EffectKind
    n: int = Field(default=1, ge=1, le=9)
    skill: Skill | None = None
    kind: str | None = None
    range: int = Field(default=0, ge=0, le=20)


class CardSpec(_Model):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    type: CardType
    count: int = Field(ge=0, le=12)  # 0: only in the scenarios that add it (added_cards)
    impulse: bool = False
    text: str
    effects: list[Effect] = Field(default_factory=list)  # on play (or on activation if equipped)
    passive: list[Passive] = Field(default_factory=list)  # equipped cards only
    # which deck the card is in: the Exploration deck, or the Overlord's (sword icon, O1)
    deck: Literal["exploration", "overlord"] = "exploration"

    @property
    def equipped(self) -> bool:
        return self.type in ("item", "pet")

    @model_validator(mode="after")
    def _has_effect(self) -> CardSpec:
        if not self.effects and not self.passive:
            raise ValueError("a card needs effects or a passive ability")
        if self.passive and not self.equipped:
            raise ValueError("only Item and Pet cards have passive abilities")
        for effect in self.effects:
            if effect.do == "place" and effect.kind not in PlaceKind.__args__:  # type: ignore[attr-defined]
                raise ValueError(_("cannot place a {kind!r} token").format(kind=effect.kind))
            if effect.do == "fire_bomb" and effect.kind not in ("standard", "fire", "ice"):
                raise ValueError("fire_bomb needs kind standard, fire or ice")
            if effect.do == "bomb_drop" and effect.kind not in ("standard", "fire", "ice"):
                raise ValueError("bomb_drop needs kind standard, fire or ice")
            if effect.do == "explore_type" and effect.kind not in ("food", "rune", "item", "pet"):
                raise ValueError("explore_type needs kind food, rune, item or pet")
        return self


class CardFile(_Model):
    cards: list[CardSpec]


class BoardPlacement(_Model):
    board: str = Field(pattern=r"^[a-z0-9_]+$")  # map file stem under maps/quodd/
    x: int = Field(ge=0, le=60)
    y: int = Field(ge=0, le=60)
    rotation: Literal[0, 90, 180, 270] = 0


class Objective(_Model):
    type: Literal["rally", "crystals", "treasure", "escape", "sheep", "loot"]
    target: int = Field(ge=1, le=20)


class TokenSpec(_Model):
    kind: str
    at: tuple[int, int]
    number: int | None = None
    colour: str | None = None
    hidden: str | None = None
    direction: str | None = None
    hero: str | None = None  # a character token's hero (Character Token)


class TimeSpec(_Model):
    """A timed scenario's tracker (End-of-Round step 3): it starts at ``start`` and drops
    ``drop`` every round; reaching a rally marker gives ``rally`` back, a delivered crystal
    ``delivery``."""

    start: int = Field(ge=1, le=40)
    drop: int = Field(default=1, ge=0, le=10)
    rally: int = Field(default=0, ge=0, le=10)
    delivery: int = Field(default=0, ge=0, le=10)


class OverlordRules(_Model):
    """O2 (our ruling): a scenario's advantages for the Overlord. ``hand``: cards it starts
    with from its deck; ``upgrades``: upgrade tiles already on its track (extra movement and
    explores); ``target``: its own goal - the objective's count the Overlord must reach alone
    (0: the same target as the heroes')."""

    hand: int = Field(default=0, ge=0, le=5)
    upgrades: int = Field(default=0, ge=0, le=6)
    target: int = Field(default=0, ge=0, le=20)


class ScenarioSpec(_Model):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    # Scenario Types: solo, co-op, free-for-all, teams, overlord (tutorials play as solo).
    mode: Literal["tutorial", "solo", "coop", "ffa", "teams", "overlord"]
    # Solo scenarios can be played co-operatively by up to four heroes (shared objective).
    players: tuple[int, int] = (1, 4)
    rounds: int = Field(ge=1, le=40)
    facing: Literal["N", "E", "S", "W"] = "N"
    boards: list[BoardPlacement] = Field(min_length=1)
    objective: Objective
    tokens: list[TokenSpec] = Field(default_factory=list)  # added on top of the boards
    removed_cards: list[str] = Field(default_factory=list)
    # cards shuffled into this scenario's deck on top of the base deck (spec 11.7)
    added_cards: dict[str, int] = Field(default_factory=dict)
    no_cards: bool = False  # tutorials that teach movement only
    hints: list[str] = Field(default_factory=list)
    summary: str
    next: str | None = None  # the following part of a multi-part scenario (campaign)
    # teams mode: seat groups, one list a team (empty: seats alternate 0, 1, 0, 1...)
    teams: list[list[int]] = Field(default_factory=list)
    overlord_seat: int = Field(default=-1, ge=-1, le=5)  # overlord mode; -1: the last seat
    # World events (W4): None follows the mode (off in solo and tutorials, on otherwise)
    world_events: bool | None = None
    # issue 13 part D: a count-down time tracker (K1) and a treasure deck (R1)
    time: TimeSpec | None = None
    treasure_cards: bool = False
    overlord_rules: OverlordRules | None = None  # overlord mode: its advantages (O2)
    # what character tokens do: bring in buddies, or be carried like crystals (spec Y5);
    # left out, they are only counted
    characters: Literal["buddy", "collect"] | None = None

    @model_validator(mode="after")
    def _modes(self) -> ScenarioSpec:
        if self.teams and self.mode != "teams":
            raise ValueError("teams are given only for a teams scenario")
        if self.overlord_seat >= 0 and self.mode != "overlord":
            raise ValueError("overlord_seat is given only for an overlord scenario")
        if self.overlord_rules is not None and self.mode != "overlord":
            raise ValueError("overlord_rules are given only for an overlord scenario")
        seats = [s for group in self.teams for s in group]
        if len(set(seats)) != len(seats) or any(not 0 <= s < 6 for s in seats):
            raise ValueError("teams must name seats 0..5, each in one team")
        if self.teams and len(self.teams) < 2:
            raise ValueError("a teams scenario has two or more teams")
        if self.mode in ("teams", "overlord") and self.players[0] < 2:
            raise ValueError(
                _("a {mode} scenario needs at least two players").format(mode=self.mode)
            )
        return self


class ScenarioFile(_Model):
    scenarios: list[ScenarioSpec] = Field(min_length=1)


@cache
def heroes() -> dict[str, HeroSpec]:
    data = load_yaml(data_dir() / "quodd" / "heroes.yaml", HeroFile)
    return {h.id: h for h in data.heroes}


@cache
def cards() -> dict[str, CardSpec]:
    """Every card: the Exploration deck's, then the Overlord deck's (``deck: overlord``)."""
    data = load_yaml(data_dir() / "quodd" / "cards.yaml", CardFile)
    out = {c.id: c for c in data.cards}
    for card in overlord_file().cards:
        if card.id in out:
            raise ValueError(
                _("overlord_cards.yaml: card id {card} is also in cards.yaml").format(card=card.id)
            )
        out[card.id] = card
    return out


@cache
def overlord_file() -> CardFile:
    """The Overlord deck (issue 13 part B): each card must say ``deck: overlord``."""
    data = load_yaml(data_dir() / "quodd" / "overlord_cards.yaml", CardFile)
    wrong = [c.id for c in data.cards if c.deck != "overlord"]
    if wrong:
        raise ValueError(
            _("overlord_cards.yaml: {card} needs deck: overlord").format(card=wrong[0])
        )
    return data


def overlord_deck_list() -> list[str]:
    """The Overlord deck as card ids, copies included, in file order (O1: 33 cards)."""
    return [c.id for c in overlord_file().cards for _ in range(c.count)]


@cache
def scenarios() -> dict[str, ScenarioSpec]:
    data = load_yaml(data_dir() / "quodd" / "scenarios.yaml", ScenarioFile)
    return {s.id: s for s in data.scenarios}


def upgrade_tile(hero_id: str, tile_id: str) -> UpgradeTile:
    for tile in heroes()[hero_id].upgrades:
        if tile.id == tile_id:
            return tile
    raise KeyError(f"hero {hero_id} has no upgrade tile {tile_id}")


def added_cards(scenario_id: str) -> list[str]:
    """The cards a scenario adds to the base deck, copies included (none for most)."""
    spec = scenarios().get(scenario_id)
    if spec is None:
        return []
    return [card for card, n in spec.added_cards.items() for _ in range(n)]


def deck_list() -> list[str]:
    """The Exploration deck as card ids, copies included, in file order."""
    out: list[str] = []
    for card in cards().values():
        if card.deck == "exploration":
            out.extend([card.id] * card.count)
    return out


# -- World events (issue 13 part A, spec W) ----------------------------------------------------

WorldDo = Literal[
    "random_wind",  # roll the direction die; every hero slides n that way
    "strong_wind",  # the first player picks a direction; every hero slides n that way
    "quake",  # roll the direction die; every hero tumbles that way (no skill activates)
    "tremor",  # the first player picks a direction; every hero tumbles that way
    "whirl",  # the first player picks a spin; every hero turns a quarter that way
    "place_each",  # each hero's controller places a `kind` token within `range` of it
    "sheep_each",  # a sheep wanders in beside each hero (its controller picks where)
    "bomb_each",  # a standard bomb lands beside each hero and rolls (its controller aims)
    "place_any",  # the first player places n `kind` tokens anywhere they may go
    "crumble",  # the first player breaks n walls anywhere
    "rotate_section",  # the first player turns one board section a quarter turn
    "reverse_currents",  # every current turns round
    "fog",  # springs, teleporters, Q and rearrange tokens turn face down
    "wipe_lineup",  # the Exploration lineup is discarded and dealt again
    "free_upgrade",  # every hero that can takes an upgrade now
    "explore_each",  # every hero explores n cards from the top of the deck
    "discard_each",  # every hero with cards discards one of its choice
    "rearrange_all",  # every hero may rearrange its skills
    "stampede",  # every hero steps 1 where its controller picks, pushing a hero in the way
]
# The effects that act on heroes (Ignore World Events, I7, is asked only for these).
WORLD_HERO_EFFECTS = frozenset(
    {
        "random_wind",
        "strong_wind",
        "quake",
        "tremor",
        "whirl",
        "place_each",
        "sheep_each",
        "bomb_each",
        "free_upgrade",
        "explore_each",
        "discard_each",
        "rearrange_all",
        "stampede",
    }
)


class WorldEffect(_Model):
    do: WorldDo
    n: int = Field(default=1, ge=1, le=5)
    kind: PlaceKind | None = None
    range: int = Field(default=0, ge=0, le=20)

    @model_validator(mode="after")
    def _kind(self) -> WorldEffect:
        if self.do in ("place_each", "place_any") and self.kind is None:
            raise ValueError(_("{do} needs the kind of token it places").format(do=self.do))
        if self.do not in ("place_each", "place_any") and self.kind is not None:
            raise ValueError(_("{do} takes no kind").format(do=self.do))
        return self


class WorldEventSpec(_Model):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=200)
    count: int = Field(ge=1, le=6)  # copies in the World Event deck
    effects: list[WorldEffect] = Field(min_length=1)

    @property
    def touches_heroes(self) -> bool:
        return any(e.do in WORLD_HERO_EFFECTS for e in self.effects)


class WorldEventFile(_Model):
    world_events: list[WorldEventSpec] = Field(min_length=1)


@cache
def world_events() -> dict[str, WorldEventSpec]:
    """The World Event cards by id (the setup screen's deck editor lists these)."""
    data = load_yaml(data_dir() / "quodd" / "world_events.yaml", WorldEventFile)
    return {w.id: w for w in data.world_events}


def world_deck_list() -> list[str]:
    """The full World Event deck as card ids, copies included, in file order."""
    return [w.id for w in world_events().values() for _ in range(w.count)]
