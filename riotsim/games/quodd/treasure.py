"""Treasure cards (spec R1): the loot-bag cards a treasure token gives.

*Treasure* token: "When revealed take a treasure card ... Your Scenario will specify rules for
treasure cards." In a scenario with ``treasure_cards: true`` the treasure deck
(``State.treasure_deck``, shuffled at setup; its discard ``State.treasure_discard`` is
reshuffled when it runs out) gives the top card to each hero that takes a treasure token. A
card is worth its ``value`` in gems while its hero holds it (``Hero.loot``; the ``loot``
objective counts them); a card with ``effects`` may instead be played once, in Power-Up or
Recovery like an Exploration card, and is then discarded with its gems (our ruling). Treasure
cards are not in the hand: they do not count towards the hand limit and are never discarded
to it (our ruling).
"""

from __future__ import annotations

from functools import cache

from pydantic import Field

from riotsim.core.content import load_yaml
from riotsim.core.contract import Action, Event, IllegalAction
from riotsim.games.quodd import catalog
from riotsim.games.quodd.events import TreasurePlayed, TreasureTaken
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import _
from riotsim.paths import data_dir

Events = list[Event]


class TreasureSpec(catalog._Model):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    value: int = Field(ge=0, le=9)  # gems
    text: str
    effects: list[catalog.Effect] = Field(default_factory=list)  # one use, then discarded


class TreasureFile(catalog._Model):
    treasure: list[TreasureSpec] = Field(min_length=20)


@cache
def cards() -> dict[str, TreasureSpec]:
    data = load_yaml(data_dir() / "quodd" / "treasure.yaml", TreasureFile)
    return {c.id: c for c in data.treasure}


def gems(loot: list[str]) -> int:
    table = cards()
    return sum(table[c].value for c in loot if c in table)


def setup(state: State, spec: catalog.ScenarioSpec) -> None:
    """A scenario with treasure cards starts with the whole treasure deck shuffled."""
    if spec.treasure_cards:
        deck = list(cards())
        state.rng.shuffle(deck)
        state.treasure_deck = deck


def draw(state: State, hero: Hero, events: Events) -> str | None:
    """The top treasure card goes to ``hero`` (the discard reshuffled when the deck is out;
    nothing when both are empty, or in a scenario without treasure cards)."""
    from riotsim.games.quodd import engine

    card = engine.draw_from(state, "treasure_deck", "treasure_discard", events)
    if card is None:
        return None
    hero.loot.append(card)
    events.append(TreasureTaken.of(hero=hero.seat, card=card, gems=cards()[card].value))
    return card


def _usable(state: State, spec: TreasureSpec) -> bool:
    if not spec.effects:
        return False
    if any(e.do == "boost" for e in spec.effects) and state.phase != "powerup":
        return False
    return not (any(e.do == "dash" for e in spec.effects) and state.turn.free_move)


def play_actions(state: State, hero: Hero) -> list[Action]:
    """``treasure card=ID`` for each held card whose effect may be played now."""
    if not hero.loot or hero.buddy:
        return []
    table = cards()
    return [
        Action("treasure", (("card", c),))
        for c in sorted(set(hero.loot))
        if _usable(state, table[c])
    ]


def refusal(state: State, action: Action) -> str:
    """Why a treasure card cannot be played now."""
    card = str(action.get("card"))
    spec = cards().get(card)
    hero = state.current
    if spec is None or card not in hero.loot:
        return _("you hold no such treasure card")
    if state.phase not in ("powerup", "recovery"):
        return _("treasure cards are played in Power-Up and Recovery")
    if not spec.effects:
        return _("{card} is only worth its gems: it has nothing to play").format(card=_(spec.name))
    if any(e.do == "boost" for e in spec.effects):
        return _("{card} boosts a move: play it in Power-Up, before moving").format(
            card=_(spec.name)
        )
    return _("{card} cannot be played now").format(card=_(spec.name))


def play(state: State, hero: Hero, card: str, events: Events) -> None:
    """Play a held treasure card's effect: the card (and its gems) goes to the discard."""
    from riotsim.games.quodd import engine

    spec = cards().get(card)
    if spec is None or card not in hero.loot or not _usable(state, spec):
        raise IllegalAction(_("treasure card {card} cannot be played now").format(card=card))
    hero.loot.remove(card)
    state.treasure_discard.append(card)
    events.append(TreasurePlayed.of(hero=hero.seat, card=card))
    for eff in reversed(spec.effects):  # frames are a stack: the first effect resolves first
        params: dict[str, object] = {"n": eff.n}
        if eff.skill:
            params["skill"] = eff.skill
        if eff.kind:
            params["kind"] = eff.kind
        if eff.range:
            params["range"] = eff.range
        engine.effect(state, hero.seat, eff.do, **params)


def describe(card: str) -> str:
    spec = cards().get(card)
    if spec is None:
        return _("Play treasure {card}").format(card=card)
    return _("Play treasure: {card}").format(card=_(spec.name))


def closed(state: State, hero: Hero, playable: set[str]) -> list[tuple[str, str]]:
    """(label, reason) for each held treasure card with an effect not playable now."""
    table = cards()
    out = []
    for card in sorted(set(hero.loot) - playable):
        if table[card].effects:
            action = Action("treasure", (("card", card),))
            out.append((describe(card), refusal(state, action)))
    return out
