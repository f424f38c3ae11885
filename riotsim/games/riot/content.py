"""Content of RIOT: Cast the First Stone: team mats, Protester cards, Public Opinion, goals.

The YAML files under ``data/riot/`` are validated against the models below; cross references
(a deck naming an unknown card, a deck that is not 14 cards) are reported with their line.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Annotated

from pydantic import Field

from riotsim.core.content import read_yaml
from riotsim.core.problems import ContentError, Problem
from riotsim.games.riot.data_files import StrictModel, load_files
from riotsim.i18n import _, ngettext
from riotsim.paths import data_dir

TEAMS = ("police", "autonomen", "anarchists", "nationalists")
PROTESTERS = TEAMS[1:]
DECK_SIZE = 14


class UnitType(StrictModel):
    id: str
    label: str
    force: int = Field(ge=1, le=9)
    cost: int = Field(ge=1, le=20)
    count: int = Field(ge=1, le=60)
    basic: bool = False
    moves: int = Field(default=1, ge=1, le=3)
    shield: bool = False
    street_force: int | None = Field(default=None, ge=1, le=9)
    direct_attack: bool = False
    no_public_opinion: bool = False
    draw_when_lost_defending: bool = False


class Team(StrictModel):
    label: str
    units: list[UnitType] = Field(min_length=1)


class TeamsFile(StrictModel):
    teams: dict[str, Team]


class CardEffect(StrEnum):
    distance = "distance"
    force = "force"
    force_up_to_tie = "force_up_to_tie"
    no_public_opinion = "no_public_opinion"
    no_clash = "no_clash"
    extra_move = "extra_move"
    reinforcement = "reinforcement"
    police_fine = "police_fine"


BLITZ = {
    CardEffect.distance,
    CardEffect.force,
    CardEffect.force_up_to_tie,
    CardEffect.no_public_opinion,
    CardEffect.no_clash,
}


class Card(StrictModel):
    id: str
    label: str
    effect: CardEffect
    value: int = Field(default=0, ge=0, le=5)
    text: str

    @property
    def blitz(self) -> bool:
        return self.effect in BLITZ

    @property
    def distance(self) -> bool:
        return self.effect is CardEffect.distance


class CardsFile(StrictModel):
    cards: list[Card]
    # copies of each card in a team's deck: bounded, so a typo cannot build a huge deck
    decks: dict[str, dict[str, Annotated[int, Field(ge=0, le=DECK_SIZE)]]]


class Penalty(StrEnum):
    income = "income"
    basic_only = "basic_only"
    no_building_attacks = "no_building_attacks"
    one_attack = "one_attack"
    no_clashes = "no_clashes"
    protester_income = "protester_income"
    remove_officer = "remove_officer"
    hospital_lock = "hospital_lock"
    slow_vans = "slow_vans"
    no_purchase = "no_purchase"


class OpinionCard(StrictModel):
    id: str
    label: str
    penalty: Penalty
    value: int = Field(default=0, ge=0, le=5)
    text: str


class OpinionFile(StrictModel):
    cards: list[OpinionCard] = Field(min_length=1)


class GoalKind(StrEnum):
    credits = "credits"
    areas = "areas"


class Goal(StrictModel):
    id: str
    label: str
    kind: GoalKind
    value: int = Field(ge=1, le=30)
    text: str


class GoalsFile(StrictModel):
    goals: list[Goal] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class RiotContent:
    teams: dict[str, Team]
    units: dict[tuple[str, str], UnitType]  # (team, unit id) -> type
    cards: dict[str, Card]
    decks: dict[str, tuple[str, ...]]  # team -> card ids, one entry per physical card
    opinion: tuple[OpinionCard, ...]
    goals: tuple[Goal, ...]

    def unit(self, team: str, kind: str) -> UnitType:
        return self.units[(team, kind)]

    def basic_unit(self, team: str) -> UnitType:
        return next(u for u in self.teams[team].units if u.basic)

    def opinion_card(self, card_id: str) -> OpinionCard:
        return next(c for c in self.opinion if c.id == card_id)

    def goal(self, goal_id: str) -> Goal:
        return next(g for g in self.goals if g.id == goal_id)


def load_content(folder: Path | None = None) -> RiotContent:
    """Load and cross-check ``data/riot``; raises ContentError listing every problem."""
    folder = folder or data_dir() / "riot"
    teams, cards, opinion, goals = load_files(
        folder,
        ("teams.yaml", TeamsFile),
        ("cards.yaml", CardsFile),
        ("public_opinion.yaml", OpinionFile),
        ("goals.yaml", GoalsFile),
    )
    problems: list[Problem] = []

    tdoc = read_yaml(folder / "teams.yaml")
    for team in TEAMS:
        if team not in teams.teams:
            problems.append(
                tdoc.problem(("teams",), _("team {team} is missing").format(team=repr(team)))
            )
    for team_id, team in teams.teams.items():
        if team_id not in TEAMS:
            problems.append(
                tdoc.problem(
                    ("teams", team_id), _("unknown team (use {teams})").format(teams=TEAMS)
                )
            )
        if sum(1 for u in team.units if u.basic) != 1:
            problems.append(tdoc.problem(("teams", team_id, "units"), _("needs one basic unit")))
    cdoc = read_yaml(folder / "cards.yaml")
    by_id = {c.id: c for c in cards.cards}
    decks: dict[str, tuple[str, ...]] = {}
    for team in PROTESTERS:
        if team not in cards.decks:
            problems.append(
                cdoc.problem(("decks",), _("deck for {team} is missing").format(team=repr(team)))
            )
            continue
        ids: list[str] = []
        for card_id, n in cards.decks[team].items():
            if card_id not in by_id:
                problems.append(cdoc.problem(("decks", team, card_id), _("unknown card")))
            ids.extend([card_id] * n)
        if len(ids) != DECK_SIZE:
            problems.append(
                cdoc.problem(
                    ("decks", team),
                    ngettext(
                        "has {n} cards; each deck has {size}",
                        "has {n} cards; each deck has {size}",
                        len(ids),
                    ).format(n=len(ids), size=DECK_SIZE),
                )
            )
        decks[team] = tuple(ids)
    if len({c.id for c in opinion.cards}) != len(opinion.cards):
        problems.append(Problem("data/riot/public_opinion.yaml", "", _("card ids must be unique")))
    if problems:
        raise ContentError(problems)
    units = {(t, u.id): u for t, team in teams.teams.items() for u in team.units}
    return RiotContent(
        teams=dict(teams.teams),
        units=units,
        cards=by_id,
        decks=decks,
        opinion=tuple(opinion.cards),
        goals=tuple(goals.goals),
    )


@cache
def content() -> RiotContent:
    return load_content()
