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
                raise ValueError(f"cannot place a {effect.kind!r} token")
            if effect.do == "fire_bomb" and effect.kind not in ("standard", "fire", "ice"):
                raise ValueError("fire_bomb needs kind standard, fire or ice")
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
    type: Literal["rally", "crystals", "treasure", "escape", "sheep"]
    target: int = Field(ge=1, le=20)


class TokenSpec(_Model):
    kind: str
    at: tuple[int, int]
    number: int | None = None
    colour: str | None = None
    hidden: str | None = None
    direction: str | None = None
    hero: str | None = None  # a character token's hero (Character Token)


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
    # what character tokens do: bring in buddies, or be carried like crystals (spec Y5);
    # left out, they are only counted
    characters: Literal["buddy", "collect"] | None = None

    @model_validator(mode="after")
    def _modes(self) -> ScenarioSpec:
        if self.teams and self.mode != "teams":
            raise ValueError("teams are given only for a teams scenario")
        if self.overlord_seat >= 0 and self.mode != "overlord":
            raise ValueError("overlord_seat is given only for an overlord scenario")
        seats = [s for group in self.teams for s in group]
        if len(set(seats)) != len(seats) or any(not 0 <= s < 6 for s in seats):
            raise ValueError("teams must name seats 0..5, each in one team")
        if self.teams and len(self.teams) < 2:
            raise ValueError("a teams scenario has two or more teams")
        if self.mode in ("teams", "overlord") and self.players[0] < 2:
            raise ValueError(f"a {self.mode} scenario needs at least two players")
        return self


class ScenarioFile(_Model):
    scenarios: list[ScenarioSpec] = Field(min_length=1)


@cache
def heroes() -> dict[str, HeroSpec]:
    data = load_yaml(data_dir() / "quodd" / "heroes.yaml", HeroFile)
    return {h.id: h for h in data.heroes}


@cache
def cards() -> dict[str, CardSpec]:
    data = load_yaml(data_dir() / "quodd" / "cards.yaml", CardFile)
    return {c.id: c for c in data.cards}


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
        out.extend([card.id] * card.count)
    return out
