"""Content of RIOT Politics & Media (``data/riot-pm/``): units, Characters, decks, wounded table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from pydantic import Field

from riotsim.core.problems import ContentError, Problem
from riotsim.games.riot.data_files import StrictModel, load_files
from riotsim.i18n import _
from riotsim.paths import data_dir

SIDES = ("police", "protesters")


# The enums below look alike but name different things of the sheet (unit specials, Character
# powers and roles, card effects): each is its own closed list checked by the loader.
class Special(StrEnum):
    street_bonus = "street_bonus"
    building_bonus = "building_bonus"
    van = "van"
    deactivate = "deactivate"


class PMUnit(StrictModel):
    id: str
    label: str
    cost: int = Field(ge=1, le=20)
    strength: int = Field(ge=1, le=9)
    special: Special | None = None
    character: str | None = None  # the Character that creates it

    @property
    def moves(self) -> int:
        return 2 if self.special is Special.van else 1


class PMSide(StrictModel):
    label: str
    units: list[PMUnit] = Field(min_length=1)


class UnitsFile(StrictModel):
    sides: dict[str, PMSide]


class Power(StrEnum):
    barracks_credit = "barracks_credit"
    media_card = "media_card"
    politics_card = "politics_card"
    free_riot_card = "free_riot_card"


class Role(StrEnum):
    politics = "politics"
    media = "media"


class Character(StrictModel):
    id: str
    label: str
    side: str
    role: Role
    power: Power
    value: int = Field(default=1, ge=1, le=3)  # how much the power gives (credits, cards)
    text: str


class CharactersFile(StrictModel):
    characters: list[Character] = Field(min_length=1)


class Effect(StrEnum):
    track = "track"
    combat = "combat"
    extra_move = "extra_move"
    deactivate = "deactivate"


class PMCard(StrictModel):
    id: str
    label: str
    effect: Effect
    value: int = Field(default=1, ge=1, le=5)
    track: Role | None = None
    bound: Role | None = None
    instant: bool = False
    count: int = Field(default=1, ge=1, le=20)
    text: str


class CardsFile(StrictModel):
    riot_deck: dict[int, int]
    politics: list[PMCard]
    media: list[PMCard]


class WoundedRow(StrictModel):
    up_to: int = Field(ge=0)
    points: int = Field(ge=0)


class WoundedFile(StrictModel):
    rows: list[WoundedRow] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class PMContent:
    sides: dict[str, PMSide]
    units: dict[str, PMUnit]  # unit ids are unique across both sides
    characters: dict[str, Character]
    cards: dict[str, PMCard]  # Politics and Media cards by id
    politics_deck: tuple[str, ...]
    media_deck: tuple[str, ...]
    riot_deck: tuple[str, ...]  # "riot1", "riot2", "riot3" ... one entry per card
    wounded: tuple[WoundedRow, ...]

    def side_units(self, side: str) -> list[PMUnit]:
        return self.sides[side].units

    def wounded_points(self, loser_total: int) -> int:
        """The wounded table: points of units the winner loses for the loser's total."""
        for row in self.wounded:
            if loser_total <= row.up_to:
                return row.points
        return self.wounded[-1].points


def riot_value(card_id: str) -> int:
    return int(card_id.removeprefix("riot"))


def load_pm_content(folder: Path | None = None) -> PMContent:
    folder = folder or data_dir() / "riot-pm"
    units_file, chars, cards, wounded = load_files(
        folder,
        ("units.yaml", UnitsFile),
        ("characters.yaml", CharactersFile),
        ("cards.yaml", CardsFile),
        ("wounded.yaml", WoundedFile),
    )
    problems: list[Problem] = []
    shown = "data/riot-pm"
    if set(units_file.sides) != set(SIDES):
        problems.append(
            Problem(f"{shown}/units.yaml", "", _("sides must be {sides}").format(sides=SIDES))
        )
    units: dict[str, PMUnit] = {}
    char_ids = {c.id for c in chars.characters}
    for side in units_file.sides.values():
        for u in side.units:
            if u.id in units:
                problems.append(Problem(f"{shown}/units.yaml", u.id, _("unit ids must be unique")))
            units[u.id] = u
            if u.special and u.character not in char_ids:
                problems.append(
                    Problem(f"{shown}/units.yaml", u.id, _("a special unit needs its character"))
                )
    for c in chars.characters:
        if c.side not in SIDES:
            why = _("side must be {sides}").format(sides=SIDES)
            problems.append(Problem(f"{shown}/characters.yaml", c.id, why))
    by_id: dict[str, PMCard] = {}
    for card in [*cards.politics, *cards.media]:
        if card.id in by_id:
            problems.append(Problem(f"{shown}/cards.yaml", card.id, _("card ids must be unique")))
        if card.effect is Effect.track and card.track is None:
            problems.append(Problem(f"{shown}/cards.yaml", card.id, _("a track card needs track")))
        by_id[card.id] = card
    rows = wounded.rows
    if [r.up_to for r in rows] != sorted(r.up_to for r in rows):
        problems.append(Problem(f"{shown}/wounded.yaml", "rows", _("rows must go upwards")))
    if problems:
        raise ContentError(problems)
    return PMContent(
        sides=dict(units_file.sides),
        units=units,
        characters={c.id: c for c in chars.characters},
        cards=by_id,
        politics_deck=tuple(c.id for c in cards.politics for _i in range(c.count)),
        media_deck=tuple(c.id for c in cards.media for _i in range(c.count)),
        riot_deck=tuple(f"riot{v}" for v, n in sorted(cards.riot_deck.items()) for _i in range(n)),
        wounded=tuple(rows),
    )


@cache
def pm_content() -> PMContent:
    return load_pm_content()
