"""Riot Quest content: pydantic schemas for data/riotquest/*.yaml and the loaded card pool.

Every ability, special action, bounty goal and treasure effect named in the YAML is one of the
closed vocabularies below, and each of them is implemented in :mod:`riotsim.games.riotquest.rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from riotsim.core.content import load_yaml
from riotsim.core.problems import ContentError, Problem
from riotsim.i18n import _
from riotsim.paths import data_dir

CLASSES = ("fighter", "guard", "gunner", "rogue", "scout", "specialist")
# Each class's ability (rulebook "Class"); the exact effects are in reference.md.
CLASS_ABILITY = {
    "fighter": "charge",
    "guard": "safeguard",
    "gunner": "aim",
    "rogue": "sneak",
    "scout": "spotter",
    "specialist": "tinker",
}


class HeroClass(StrEnum):
    fighter = "fighter"
    guard = "guard"
    gunner = "gunner"
    rogue = "rogue"
    scout = "scout"
    specialist = "specialist"


class HeroAbility(StrEnum):
    unstoppable = "unstoppable"  # enemy effects never move it
    vengeful = "vengeful"  # friendly hero within 3 knocked out by an attack: attacker -1
    press = "press"  # after its melee attack: may move 1 space
    riposte = "riposte"  # after an adjacent enemy's melee attack on it: attacker -1
    shadowed = "shadowed"  # always has Cover
    nimble = "nimble"  # obstacles cost 1 to enter
    scavenger = "scavenger"  # knocks out an enemy with an attack: +1 Loot
    thorns = "thorns"  # hit by an enemy melee attack: attacker -1
    siphon = "siphon"  # damages an enemy with a melee attack: heal 1
    grudge = "grudge"  # damaged by an enemy attack and stays in play: +1 Loot
    rigger = "rigger"  # always gets the Rig Bonus


class WeaponAbility(StrEnum):
    beatback = "beatback"
    brutal = "brutal"


class SpecialKind(StrEnum):
    leap = "leap"  # placed on an empty hex within range (placing, not moving)
    dash = "dash"  # moves up to range spaces (normal movement, not a Run)
    patch = "patch"  # removes 1 damage from an adjacent friendly hero (itself included)
    shove = "shove"  # moves an adjacent enemy up to range spaces, not ending adjacent
    blink = "blink"  # placed on an empty hex within range
    medkit = "medkit"  # removes all damage from itself


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class SpecialModel(_Model):
    kind: SpecialKind
    name: str
    range: int = Field(default=0, ge=0, le=6)


class WeaponModel(_Model):
    id: str
    name: str
    kind: Literal["melee", "ranged"]
    rng: int = Field(ge=1, le=8)
    boost: int = Field(ge=0, le=6)
    power: int = Field(ge=0, le=6)
    abilities: list[WeaponAbility] = []


class HeroModel(_Model):
    id: str
    name: str
    class_: HeroClass = Field(alias="class")
    spd: int = Field(ge=1, le=10)
    def_: tuple[int, int] = Field(alias="def")
    sta: int = Field(ge=1, le=10)
    abilities: list[HeroAbility] = []
    special: SpecialModel | None = None
    weapons: list[WeaponModel] = Field(min_length=1)
    gear: str
    text: str = ""

    @model_validator(mode="after")
    def _check(self) -> HeroModel:
        low, high = self.def_
        if not 1 <= low < high <= 12:
            raise ValueError(_("def must be two values, the first lower than the second"))
        if self.special is not None and self.special.kind in ("shove", "blink", "medkit"):
            raise ValueError(
                _("special {value} is a Riot Gear special").format(value=self.special.kind.value)
            )
        ids = [w.id for w in self.weapons]
        if len(ids) != len(set(ids)):
            raise ValueError(_("weapon ids must be unique"))
        return self


class HeroesFile(_Model):
    heroes: list[HeroModel] = Field(min_length=1)


class GearModel(_Model):
    id: str
    name: str
    cost: int = Field(ge=0, le=10)
    spd: int = 0
    def_: int = Field(default=0, alias="def")
    melee_power: int = 0
    ranged_power: int = 0
    melee_boost: int = 0
    ranged_boost: int = 0
    melee_abilities: list[WeaponAbility] = []
    ranged_abilities: list[WeaponAbility] = []
    abilities: list[HeroAbility] = []
    special: SpecialModel | None = None
    single_use: bool = False
    text: str

    @model_validator(mode="after")
    def _check(self) -> GearModel:
        if self.single_use and self.special is None:
            raise ValueError(_("single_use gear needs a special action to use it"))
        return self


class GearFile(_Model):
    gear: list[GearModel] = Field(min_length=1)


TokenKind = Literal[
    "turret", "gremlin", "malfunction", "cortex", "mysterious", "trap", "bomb", "target"
]
Place = Literal["beacon", "gate", "centre", "near_beacon", "near_gate"]
GOALS = ("rig", "carry", "mark", "exact", "damage", "knockout", "hoard", "raid", "hill")


class BountyModel(_Model):
    id: str
    name: str
    value: int = Field(ge=1, le=5)
    goal: Literal["rig", "carry", "mark", "exact", "damage", "knockout", "hoard", "raid", "hill"]
    token: TokenKind | None = None
    place: Place | None = None
    rig_bonus: list[HeroClass] = []
    fail_damage: int = Field(default=0, ge=0, le=3)
    fail_radius: int = Field(default=0, ge=0, le=3)
    enter_damage: int = Field(default=0, ge=0, le=3)
    redirect_spawns: bool = False
    reward_loot: int = Field(default=0, ge=0, le=10)
    deliver: Literal["centre", "gate"] | None = None
    exact: Literal["first", "second", "either"] | None = None
    amount: int = Field(default=0, ge=0, le=10)
    victim_classes: list[HeroClass] = []
    weapon: Literal["melee", "ranged"] | None = None
    min_distance: int = Field(default=0, ge=0, le=10)
    text: str

    @model_validator(mode="after")
    def _check(self) -> BountyModel:
        needs_token = self.goal in ("rig", "carry", "mark")
        if needs_token and self.token is None:
            raise ValueError(_("goal {goal} needs a token").format(goal=self.goal))
        if not needs_token and self.token is not None:
            raise ValueError(_("goal {goal} places no token").format(goal=self.goal))
        if self.goal in ("rig", "carry") and self.place is None:
            raise ValueError(_("goal {goal} needs a place for its token").format(goal=self.goal))
        if self.goal == "carry" and self.deliver is None:
            raise ValueError(_("goal carry needs deliver: centre or gate"))
        if self.goal == "exact" and self.exact is None:
            raise ValueError(_("goal exact needs exact: first, second or either"))
        if self.goal in ("damage", "hoard") and self.amount < 1:
            raise ValueError(_("goal {goal} needs an amount of at least 1").format(goal=self.goal))
        if self.goal == "damage" and self.amount > 2:
            # one attack per activation, and an attack deals at most 2 (Super Damage once)
            raise ValueError(_("goal damage can never be met above 2: one attack deals 2 at most"))
        if self.redirect_spawns and self.place != "gate":
            raise ValueError(_("redirect_spawns needs the token on a gate"))
        if self.goal != "rig" and (self.rig_bonus or self.fail_damage or self.reward_loot):
            raise ValueError(_("rig_bonus, fail_damage and reward_loot belong to rig goals"))
        if self.fail_damage and not self.fail_radius:
            raise ValueError(_("fail_damage needs a fail_radius"))
        return self


class BountyDeckModel(_Model):
    id: str
    name: str
    cards: list[BountyModel] = Field(min_length=2)


class BountiesFile(_Model):
    decks: list[BountyDeckModel] = Field(min_length=1)


class RowModel(_Model):
    loot: int = Field(default=0, ge=0, le=10)
    heal: int = Field(default=0, ge=0, le=10)
    heal_all: bool = False
    refund: int = Field(default=0, ge=0, le=6)
    recover: int = Field(default=0, ge=0, le=3)
    release: int = Field(default=0, ge=0, le=3)


class ChestModel(_Model):
    id: str
    name: str
    class_: HeroClass = Field(alias="class")
    rows: list[RowModel] = Field(min_length=3, max_length=3)


class TreasureDeckModel(_Model):
    id: str
    name: str
    chests: list[ChestModel] = Field(min_length=1)


class TreasureFile(_Model):
    decks: list[TreasureDeckModel] = Field(min_length=1)


# ---------------------------------------------------------------------------------------------
# The loaded pool, with derived lookups the rules use in hot paths.


@dataclass(frozen=True, slots=True)
class Content:
    heroes: dict[str, HeroModel]
    gear: dict[str, GearModel]
    bounties: dict[str, BountyModel]
    bounty_decks: dict[str, list[str]]
    bounty_deck_names: dict[str, str]
    chests: dict[str, ChestModel]
    treasure_decks: dict[str, list[str]]
    treasure_deck_names: dict[str, str]


FILES: dict[str, type[BaseModel]] = {
    "heroes.yaml": HeroesFile,
    "gear.yaml": GearFile,
    "bounties.yaml": BountiesFile,
    "treasure.yaml": TreasureFile,
}


def _duplicates(ids: list[str], path: str, what: str) -> list[Problem]:
    seen: set[str] = set()
    out = []
    for i in ids:
        if i in seen:
            out.append(Problem(path, "", _("{what} id {i!r} appears twice").format(what=what, i=i)))
        seen.add(i)
    return out


def load_content(folder: Path | None = None) -> Content:
    """Load and cross-check every Riot Quest content file; raises ContentError with all problems."""
    folder = folder or data_dir() / "riotquest"
    problems: list[Problem] = []
    loaded: dict[str, object] = {}
    for name, model in FILES.items():
        try:
            loaded[name] = load_yaml(folder / name, model)
        except ContentError as exc:
            problems.extend(exc.problems)
        except OSError as exc:
            problems.append(
                Problem(
                    str(folder / name),
                    "",
                    _("cannot read: {strerror}").format(strerror=exc.strerror),
                )
            )
    if problems:
        raise ContentError(problems)
    heroes_file: HeroesFile = loaded["heroes.yaml"]  # type: ignore[assignment]
    gear_file: GearFile = loaded["gear.yaml"]  # type: ignore[assignment]
    bounty_file: BountiesFile = loaded["bounties.yaml"]  # type: ignore[assignment]
    treasure_file: TreasureFile = loaded["treasure.yaml"]  # type: ignore[assignment]
    hp, gp = str(folder / "heroes.yaml"), str(folder / "gear.yaml")
    bp, tp = str(folder / "bounties.yaml"), str(folder / "treasure.yaml")
    problems += _duplicates([h.id for h in heroes_file.heroes], hp, "hero")
    problems += _duplicates([g.id for g in gear_file.gear], gp, "gear")
    bounty_ids = [c.id for d in bounty_file.decks for c in d.cards]
    problems += _duplicates(bounty_ids, bp, "bounty card")
    problems += _duplicates([d.id for d in bounty_file.decks], bp, "bounty deck")
    chest_ids = [c.id for d in treasure_file.decks for c in d.chests]
    problems += _duplicates(chest_ids, tp, "chest")
    problems += _duplicates([d.id for d in treasure_file.decks], tp, "treasure deck")
    gear = {g.id: g for g in gear_file.gear}
    for i, hero in enumerate(heroes_file.heroes):
        if hero.gear not in gear:
            problems.append(
                Problem(
                    hp, f"heroes[{i}].gear", _("unknown Riot Gear {gear!r}").format(gear=hero.gear)
                )
            )
    for d in treasure_file.decks:
        classes = sorted(c.class_.value for c in d.chests)
        if classes != sorted(CLASSES):
            problems.append(
                Problem(tp, f"deck {d.id}", _("needs exactly one chest per class (all six)"))
            )
    if problems:
        raise ContentError(problems)
    return Content(
        heroes={h.id: h for h in heroes_file.heroes},
        gear=gear,
        bounties={c.id: c for d in bounty_file.decks for c in d.cards},
        bounty_decks={d.id: [c.id for c in d.cards] for d in bounty_file.decks},
        bounty_deck_names={d.id: d.name for d in bounty_file.decks},
        chests={c.id: c for d in treasure_file.decks for c in d.chests},
        treasure_decks={d.id: [c.id for c in d.chests] for d in treasure_file.decks},
        treasure_deck_names={d.id: d.name for d in treasure_file.decks},
    )


@cache
def content() -> Content:
    """The shipped content, loaded once."""
    return load_content()
