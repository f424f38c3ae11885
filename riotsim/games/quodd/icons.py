"""The upgrade icons issue 13 adds (spec I1-I5; reference "More upgrades, treasure and time").

- Explore: Food / Item / Pet / Rune (I1): each such icon is one more explore at the start of
  the Exploration phase that must be of its type (``typed_explores``; the token rule of
  ``engine.explore_type``).
- Getaway (I2): after a steal the thief may dash 1 (a ``getaway`` choice: one free step, any
  of the eight directions, board elements acting on the square it reaches).
- Protected Food (I3): ``food_protected`` is the guard every effect that would discard,
  cancel or take a hero's Food cards asks first (the fire bomb's burn today).
- Re-roll a Die (I4): every die a hero rolls on its own turn goes through ``roll_for``; once
  a turn its owner may roll it again and the new result stands (a ``reroll`` choice, then the
  roll's site carries on with the faces, see ``SITES``).
- Timely Removal (I5): discard 2 cards to discard another player's Item or Pet from play
  (once a turn in Power-Up or Recovery, any distance: our ruling).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event
from riotsim.core.dice import die, roll
from riotsim.core.frames import Field
from riotsim.games.quodd import abilities, catalog, decisions, effects, engine, moves
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.directions import ALL, step
from riotsim.games.quodd.events import (
    CardDiscarded,
    DieRerolled,
    EquipmentRemoved,
    FoodProtected,
    HeroRolled,
)
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import _

Events = list[Event]

TYPED_EXPLORES = {
    "explore_food": "food",
    "explore_item": "item",
    "explore_pet": "pet",
    "explore_rune": "rune",
}


# -- I1 Explore: Food / Item / Pet / Rune --------------------------------------------------


def typed_explores(hero: Hero) -> list[str]:
    """The card types the hero's typed explore icons make it explore (one a copy)."""
    icons = abilities.track_icons(hero)
    if not icons:
        return []
    return [kind for icon, kind in TYPED_EXPLORES.items() for _ in range(icons.get(icon, 0))]


def queue_typed_explores(state: State, hero: Hero) -> None:
    """At the start of the Exploration phase: one ``explore_type`` effect a typed icon."""
    for kind in reversed(typed_explores(hero)):  # a stack: the first icon's explore first
        engine.effect(state, hero.seat, "explore_type", kind=kind)


# -- I2 Getaway ----------------------------------------------------------------------------


def getaway_steps(state: State, hero: Hero) -> list[str]:
    """Directions of a one-square dash the thief may take (never onto a sheep or a bomb:
    it is not the hero's own Movement step)."""
    return [
        d
        for d in moves.open_steps(state, hero, ALL)
        if moves.can_enter(state, hero, step(hero.pos, d), hero.pos)
    ]


def after_steal(state: State, hero: Hero) -> None:
    if abilities.has(hero, "getaway"):
        engine.effect(state, hero.seat, "getaway")


@effects._effect("getaway")
def _getaway(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    dirs = getaway_steps(state, hero)
    if dirs:
        options = [{"dir": "none"}] + [{"dir": d} for d in dirs]
        engine.decide(state, "getaway", seat, options)


@decisions.DECISIONS.register
class Getaway(decisions.DecisionKind):
    """I2: dash 1 after a steal, or stay."""

    kind = "getaway"
    option_fields = {"dir": Field(check.one_of("none", *ALL))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        if option["dir"] == "none":
            return
        hero = state.heroes[seat]
        # a steal comes before the square's elements (movement priority): the thief leaves
        # that square before it acts (our ruling), so its arrival there is dropped
        state.resolving[:] = [
            f for f in state.resolving if not (f["type"] == "arrive" and f["hero"] == seat)
        ]
        engine.one_step(
            state, hero, option["dir"], tumble=False, own=False, chooser=seat, events=events
        )


# -- I3 Protected Food -----------------------------------------------------------------------


def food_protected(state: State, owner: Hero, card: str, events: Events | None = None) -> bool:
    """Protected Food: ``card`` is one of ``owner``'s Food cards and cannot be discarded,
    cancelled or taken by another player's effect (an event names it when ``events``)."""
    spec = catalog.cards().get(card)
    if spec is None or spec.type != "food" or not abilities.has(owner, "protected_food"):
        return False
    if events is not None:
        events.append(FoodProtected.of(hero=owner.seat, card=card))
    return True


def exposed_cards(state: State, owner: Hero) -> list[str]:
    """The cards of ``owner``'s hand another player's effect may discard or take."""
    return [c for c in owner.hand if not food_protected(state, owner, c)]


# -- I4 Re-roll a Die ------------------------------------------------------------------------


# Where a roll carries on once its result stands: site -> fn(state, data, faces, events).
SITES: dict[str, Callable[[State, dict[str, Any], list[str], Events], None]] = {}


def may_reroll(state: State, hero_index: int) -> bool:
    """Once on its owner's own turn (never in End-of-Round), not yet used this turn."""
    if not 0 <= hero_index < len(state.heroes) or hero_index != state.active:
        return False
    if state.phase in ("over", "upgrade") or "reroll" in state.turn.activated:
        return False
    if any(f.get("type") == "upkeep" for f in state.resolving):
        return False
    return abilities.has(state.heroes[hero_index], "reroll")


def offer_reroll(
    state: State, hero_index: int, die: str, faces: list[str], site: str, data: dict[str, Any]
) -> bool:
    """After ``hero_index`` rolled ``faces``: ask whether to roll again (True: asked, and the
    site carries on from the answer)."""
    if not may_reroll(state, hero_index):
        return False
    options = [{"reroll": "keep"}, {"reroll": "reroll"}]
    data = {"hero": hero_index, **data}
    engine.decide(
        state, "reroll", hero_index, options, die=die, faces=list(faces), site=site, **data
    )
    return True


REROLL_DICE = ("quodd_d6", "direction", "bomb")


@decisions.DECISIONS.register
class Reroll(decisions.DecisionKind):
    """I4: keep the roll or roll the same dice again (the new result stands)."""

    kind = "reroll"
    fields = {
        "die": Field(check.one_of(*REROLL_DICE)),
        "faces": Field(check.texts_of(*sorted({f for d in REROLL_DICE for f in die(d).faces}))),
        "site": Field(
            check.one_of("teleporter", "wind", "earthquake", "cannon", "sheep_teleporter")
        ),
        "hero": Field(check.seat),  # who rolled (and decides)
        "at": Field(check.cell, required=False),
        "dir": Field(check.one_of(*ALL), required=False),
        "kind": Field(check.text, required=False),
        "id": Field(check.count(10**6), required=False),
        "hops": Field(check.count(1000), required=False),
    }
    option_fields = {"reroll": Field(check.one_of("keep", "reroll"))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        faces = list(data["faces"])
        if option["reroll"] == "reroll":
            state.turn.activated.append("reroll")
            die = data["die"]
            new = roll(state.rng, die, len(faces))
            events.append(DieRerolled.of(hero=seat, die=die, before=faces, faces=new, reveals=True))
            faces = new
        SITES[data["site"]](state, data, faces, events)


def _teleporter_site(state: State, data: dict[str, Any], faces: list[str], events: Events) -> None:
    from riotsim.games.quodd import elements

    hero = state.heroes[data["hero"]]
    frame = state.resolving[-1] if state.resolving else None
    token = state.board.first(hero.pos, data["kind"])
    if frame is None or frame.get("type") != "arrive" or frame["hero"] != hero.seat:
        return  # the hero's arrival is no longer resolving (a position edited meanwhile)
    if token is None:
        return  # nothing left to teleport from
    elements.teleport_result(state, frame, hero, token, faces, events)


def _wind_site(state: State, data: dict[str, Any], faces: list[str], events: Events) -> None:
    from riotsim.games.quodd import elements

    elements.slide_all(state, faces[0], int(data["hero"]), events)


def _earthquake_site(state: State, data: dict[str, Any], faces: list[str], events: Events) -> None:
    effects.earthquake(state, state.heroes[int(data["hero"])], faces[0], events)


def _cannon_site(state: State, data: dict[str, Any], faces: list[str], events: Events) -> None:
    from riotsim.games.quodd import bombs
    from riotsim.games.quodd.directions import as_cell

    bombs.cannon_result(state, as_cell(data["at"]), data["dir"], int(data["hero"]), faces, events)


def _sheep_teleporter_site(
    state: State, data: dict[str, Any], faces: list[str], events: Events
) -> None:
    from riotsim.games.quodd import sheep
    from riotsim.games.quodd.directions import as_cell

    cell = as_cell(data["at"])
    found = sheep.find(state, int(data["id"]))
    element = state.board.first(cell, data["kind"])
    if found is None or found[0] != cell or element is None:
        return  # the sheep or the teleporter is gone meanwhile
    sheep.teleport_result(state, cell, found[1], element, faces, events, int(data["hops"]))


SITES.update(
    sheep_teleporter=_sheep_teleporter_site,
    teleporter=_teleporter_site,
    wind=_wind_site,
    earthquake=_earthquake_site,
    cannon=_cannon_site,
)


def rolled(
    state: State, hero_index: int, die: str, n: int, site: str, data: dict[str, Any], events: Events
) -> list[str] | None:
    """Roll ``n`` of ``die`` for ``hero_index`` (the event shows it); the faces, or None when
    its owner is asked whether to re-roll (``SITES[site]`` then carries on)."""
    faces = roll(state.rng, die, n)
    events.append(HeroRolled.of(die=die, faces=faces, hero=hero_index, reveals=True))
    if offer_reroll(state, hero_index, die, faces, site, data):
        return None
    return faces


# -- I5 Timely Removal -----------------------------------------------------------------------


def removal_targets(state: State, hero: Hero) -> list[dict[str, Any]]:
    """Items and Pets in play of the heroes other players control."""
    return [
        {"hero": h.seat, "card": c}
        for h in state.heroes
        if h.controller != hero.controller
        for c in sorted(set(h.items + h.pets))
    ]


def may_remove(state: State, hero: Hero) -> bool:
    """Two cards to pay (none on a B-side board: its face paid, spec S4) and a target."""
    can_pay = hero.side == "b" or len(hero.hand) >= 2
    return can_pay and bool(removal_targets(state, hero))


@effects._effect("timely_removal")
def _timely_removal(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    """Pay first (two cards, one choice each; nothing on a B-side board, whose face paid:
    spec S4), then pick the Item or Pet to discard."""
    paid = int(frame.get("paid", 0))
    if paid < 2 and hero.hand and hero.side != "b":
        options = [{"card": c} for c in sorted(set(hero.hand))]
        engine.decide(state, "removal_pay", seat, options, paid=paid)
        return
    targets = removal_targets(state, hero)
    if targets:
        engine.decide(state, "removal_target", seat, targets)


@decisions.DECISIONS.register
class RemovalPay(decisions.DecisionKind):
    """I5: the next card discarded as Timely Removal's cost."""

    kind = "removal_pay"
    fields = {"paid": Field(check.count(2))}
    option_fields = {"card": Field(check.CARD)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        card = option["card"]
        hero.hand.remove(card)
        engine.to_discard(state, card)
        events.append(CardDiscarded.of(fields={"seat": seat, "card": card}))
        engine.effect(state, seat, "timely_removal", paid=int(data["paid"]) + 1)


@decisions.DECISIONS.register
class RemovalTarget(decisions.DecisionKind):
    """I5: the other player's Item or Pet discarded from play."""

    kind = "removal_target"
    option_fields = {"hero": Field(check.seat), "card": Field(check.CARD)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        victim = state.heroes[option["hero"]]
        card = option["card"]
        held = victim.items if card in victim.items else victim.pets
        held.remove(card)
        engine.to_discard(state, card)
        events.append(EquipmentRemoved.of(by=seat, hero=victim.seat, card=card))


# -- labels of the choices above (actions.describe asks) ------------------------------------


def describe_choice(state: State, what: str, option: dict[str, Any]) -> str | None:
    """A player-facing label for an option of one of this module's choices (None: not one)."""
    from riotsim.games.quodd.refusals import card_name, direction_word, hero_name

    decision = state.pending[-1]
    if what == "reroll":
        if option.get("reroll") == "keep":
            return _("Keep the roll ({faces})").format(faces=", ".join(decision.data["faces"]))
        die = str(decision.data["die"]).replace("quodd_", "")
        return _("Re-roll the {die} die").format(die=die)
    if what == "getaway":
        way = str(option.get("dir"))
        if way == "none":
            return _("No getaway: stay here")
        return _("Getaway: dash {direction}").format(direction=direction_word(way))
    if what == "removal_pay":
        return _("Timely Removal: discard {card}").format(card=card_name(option.get("card")))
    if what == "removal_target":
        victim = hero_name(state.heroes[int(option["hero"])])
        return _("Timely Removal: discard {hero}'s {card}").format(
            hero=victim, card=card_name(option.get("card"))
        )
    return None
