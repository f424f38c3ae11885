"""The Overlord (issue 13 part B, spec O1-O2): its own deck, exploring, and its cards' effects.

*Overlord*: "The player who is the overlord will have their own deck to explore from. This
deck contains more powerful cards than the regular Exploration Deck ... The Overlord player
explores from the top of their own deck. They may also explore from the main exploration
lineup." So the Overlord's "deck" draws (phase 3 explores, card and upgrade explores) come
from ``State.overlord_deck``; its played and discarded cards go to ``State.overlord_discard``,
which is reshuffled when the deck runs out (our ruling, as the main deck does); it never
draws from the main deck. The Overlord cards (``data/quodd/overlord_cards.yaml``, ``deck:
overlord``) are played like any card; their effects that the Exploration deck has no
equivalent for are here: explosions at range, bombs and sheep dropped at range, stealing at
range and a quake that tumbles every other hero.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from riotsim.core.content import try_load
from riotsim.core.contract import Event
from riotsim.core.fields import Reader
from riotsim.core.frames import Field
from riotsim.core.problems import Problem
from riotsim.games.quodd import catalog, decisions, effects, engine, moves
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.directions import ORTHOGONAL, as_cell, cell_json, manhattan
from riotsim.games.quodd.events import (
    CardExplored,
    DeckEmpty,
    NoCardOfType,
    NoTarget,
    OverlordDeckShuffled,
    OverlordExplored,
    TokenPlaced,
)
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import _

Events = list[Event]

SHEEP_SUPPLY = 10  # sheep in the box


OVERLORD_DECK_SIZE = 33  # cards with the sword icon (O1)


def check_file(path: Path, main: catalog.CardFile | None) -> list[Problem]:
    """``check-data``: the Overlord deck file loads, each card says ``deck: overlord``, ids
    are its own (not repeated, not the Exploration deck's) and there are 33 cards."""
    problems: list[Problem] = []
    data = try_load(path, catalog.CardFile, problems)
    if data is None:
        return problems
    taken = {c.id for c in main.cards} if main is not None else set()
    seen: set[str] = set()
    for card in data.cards:
        if card.deck != "overlord":
            problems.append(Problem(str(path), card.id, _("an Overlord card needs deck: overlord")))
        if card.id in seen or card.id in taken:
            problems.append(
                Problem(str(path), card.id, _("card id {id} repeats").format(id=card.id))
            )
        seen.add(card.id)
    total = sum(c.count for c in data.cards)
    if total != OVERLORD_DECK_SIZE:
        problems.append(
            Problem(str(path), "", _("{total} cards, the Overlord deck has 33").format(total=total))
        )
    return problems


def is_overlord(state: State, hero: Hero) -> bool:
    return state.overlord == hero.seat


def overlord_cards() -> set[str]:
    """The ids of the Overlord deck's cards (the sword icon)."""
    return {c.id for c in catalog.cards().values() if c.deck == "overlord"}


def new_deck(state: State) -> None:
    """Setup: the Overlord's deck, shuffled (only when the game has an Overlord)."""
    if state.overlord < 0:
        return
    deck = catalog.overlord_deck_list()
    state.rng.shuffle(deck)
    state.overlord_deck = deck
    state.overlord_discard = []


def deck_left(state: State, hero: Hero) -> bool:
    """Whether ``hero`` has a deck to explore from: the Overlord its own, others the main."""
    if is_overlord(state, hero):
        return bool(state.overlord_deck or state.overlord_discard)
    return bool(state.deck or state.discard)


def sort_discards(state: State) -> None:
    """Overlord cards put on the main discard (played, discarded, paid) go to the Overlord's
    own discard: they never shuffle into the Exploration deck."""
    if state.overlord < 0 or not state.discard:
        return
    own = overlord_cards()
    mine = [c for c in state.discard if c in own]
    if mine:
        state.discard = [c for c in state.discard if c not in own]
        state.overlord_discard.extend(mine)


def draw(state: State, events: Events) -> str | None:
    """The top card of the Overlord deck (its discard reshuffled when it runs out)."""
    sort_discards(state)
    return engine.draw_from(
        state, "overlord_deck", "overlord_discard", events, OverlordDeckShuffled
    )


def explore_top(state: State, hero: Hero, events: Events) -> None:
    """O1: the Overlord explores the top card of its own deck (private to its player)."""
    card = draw(state, events)
    if card is None:
        events.append(DeckEmpty.of())
        return
    hero.hand.append(card)
    seat = state.seat_of(hero.seat)
    events.append(
        OverlordExplored.of(fields={"seat": hero.seat, "card": card}, reveals=True, private_to=seat)
    )


def explore_type(state: State, hero: Hero, kind: str, events: Events) -> None:
    """An explore of one type for the Overlord: from the lineup if it shows one, else the
    first such card from the top of its own deck (never the main deck)."""
    cards = catalog.cards()
    for i, card in enumerate(state.lineup):
        if cards[card].type == kind:
            engine.take_card(state, hero, "lineup", i, events)
            return
    sort_discards(state)
    for card in state.overlord_deck:
        if cards[card].type == kind:
            state.overlord_deck.remove(card)
            hero.hand.append(card)
            events.append(
                CardExplored.of(
                    fields={"seat": hero.seat, "card": card, "from": "deck"}, reveals=True
                )
            )
            return
    events.append(NoCardOfType.of(fields={"seat": hero.seat, "kind": kind}))


def setup(state: State, spec: catalog.ScenarioSpec, events: Events) -> None:
    """O2 (our ruling): the scenario's advantages for the Overlord at setup - its deck, a
    starting hand from that deck, upgrade tiles already on its track (extra movement and
    explores) and its own target."""
    if state.overlord < 0:
        return
    new_deck(state)
    rules = spec.overlord_rules
    if rules is None:
        return
    hero = state.heroes[state.overlord]
    for _card in range(rules.hand):
        explore_top(state, hero, events)
    _head_start(hero, rules.upgrades)
    if rules.target:
        state.objective["overlord_target"] = rules.target


def _head_start(hero: Hero, upgrades: int) -> None:
    """The first ``upgrades`` tiles of the Overlord's hero on its track, movement or
    exploration sides first (the side with more of those icons)."""
    tiles = catalog.heroes()[hero.hero].upgrades
    ranked = sorted(tiles, key=lambda t: -max(_power(t.a), _power(t.b)))
    for tile in ranked[:upgrades]:
        side = "a" if _power(tile.a) >= _power(tile.b) else "b"
        hero.track.append((tile.id, side))


def _power(side: catalog.UpgradeSide) -> int:
    return side.count("movement") + side.count("explore")


# ---------------------------------------------------------------------------------------
# the Overlord cards' own effects (registered in effects; each a real rule)
# ---------------------------------------------------------------------------------------


def blast(state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero) -> None:
    """An explosion centred on a square within range (the Overlord picks it)."""
    reach = int(frame.get("range", 0))
    cells = [c for c in moves.cells_in_range(state, hero.pos, reach) if c != hero.pos]
    if not cells:
        events.append(NoTarget.of(hero=seat, effect="blast"))
        return
    options = [{"at": cell_json(c)} for c in cells]
    engine.decide(state, "overlord_aim", seat, options, effect="blast")


def bomb_drop(state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero) -> None:
    """A bomb of ``kind`` appears on a free square within range, rolling the way chosen."""
    reach = int(frame.get("range", 0))
    cells = [
        c
        for c in moves.cells_in_range(state, hero.pos, reach)
        if moves.token_placeable(state, c, "bomb") and not state.board.is_wall(c)
    ]
    if not cells:
        events.append(NoTarget.of(hero=seat, effect="bomb_drop"))
        return
    options = [{"at": cell_json(c), "dir": d} for c in cells for d in ORTHOGONAL]
    kind = str(frame.get("kind") or "standard")
    engine.decide(state, "overlord_aim", seat, options, effect="bomb", bomb=kind)


def sheep_drop(state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero) -> None:
    """A sheep appears on a free square within range (the sheep rules number and face it)."""
    reach = int(frame.get("range", 0))
    cells = [
        c
        for c in moves.cells_in_range(state, hero.pos, reach)
        if moves.token_placeable(state, c, "sheep") and not state.board.is_wall(c)
    ]
    carried = sum(c.startswith("sheep") for h in state.heroes for c in h.carrying)
    if len(state.board.find("sheep")) + carried >= SHEEP_SUPPLY:
        cells = []  # the box's ten sheep are all out
    if not cells:
        events.append(NoTarget.of(hero=seat, effect="sheep_drop"))
        return
    engine.decide(
        state, "overlord_aim", seat, [{"at": cell_json(c)} for c in cells], effect="sheep"
    )


def snatch_options(state: State, hero: Hero, reach: int) -> list[dict[str, Any]]:
    """Collectibles carried by other teams' heroes within ``reach`` (orthogonal count)."""
    return [
        {"hero": other.seat, "item": item}
        for other in state.heroes
        if other.team != hero.team and manhattan(other.pos, hero.pos) <= reach
        for item in sorted(set(other.carrying))
    ]


def snatch(state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero) -> None:
    """Steal one collectible from a hero within range (not only from a neighbour)."""
    options = snatch_options(state, hero, int(frame.get("range", 0)))
    if not options:
        events.append(NoTarget.of(hero=seat, effect="snatch"))
        return
    engine.decide(state, "overlord_snatch", seat, options)


def quake(state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero) -> None:
    """Every other hero tumbles one square the way the Overlord chooses."""
    engine.decide(state, "overlord_quake", seat, [{"dir": d} for d in ORTHOGONAL])


def aimed(
    state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
) -> None:
    """The answer to ``overlord_aim``: carry out the blast, bomb or sheep on the square."""
    at = as_cell(option["at"])
    what = data["effect"]
    if what == "blast":
        from riotsim.games.quodd import elements

        elements.explosion(state, at, seat, events)
    elif what == "bomb":
        from riotsim.games.quodd import bombs

        bombs.create(state, at, str(data.get("bomb", "standard")), option["dir"], seat, events)
    else:
        # numbered at once (spec 11.3); the sheep rules ask the first player its facing
        state.board.add(at, Token.make("sheep", colour="grey", number=state.new_id()))
        events.append(TokenPlaced.of(kind="sheep", at=cell_json(at), by=seat))


def quaked(state: State, seat: int, direction: str, events: Events) -> None:
    """Tumble every hero but the Overlord's one square, the one furthest that way first."""
    from riotsim.games.quodd import elements

    others = [h for h in state.heroes if h.seat != seat]
    for other in reversed(elements.front_first(others, direction)):
        elements.forced_tumble(state, other, direction, seat, events)


# -- registrations: effects and decisions ------------------------------------------------------

OVERLORD_EFFECTS = {
    "blast": blast,
    "bomb_drop": bomb_drop,
    "sheep_drop": sheep_drop,
    "snatch": snatch,
    "quake": quake,
}


def _register_effects() -> None:
    def runner(fn: Any) -> effects.EffectFn:
        def run(
            state: State,
            frame: dict[str, Any],
            events: Events,
            seat: int,
            hero: Hero,
            n: int,
            do: str,
        ) -> None:
            if n > 1:  # the same effect again afterwards (a stampede of sheep...)
                engine.effect(state, seat, do, **{**_params(frame), "n": n - 1})
            fn(state, frame, events, seat, hero)

        return run

    for do, fn in OVERLORD_EFFECTS.items():
        effects.register(do)(runner(fn))


def _params(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in frame.items() if k not in ("type", "seat", "do")}


@decisions.DECISIONS.register
class OverlordAim(decisions.DecisionKind):
    """An Overlord card's square within range: a blast there, a bomb (rolling ``dir``) or a
    sheep appearing there."""

    kind = "overlord_aim"
    fields = {
        "effect": Field(check.one_of("blast", "bomb", "sheep")),
        "bomb": Field(check.one_of("standard", "fire", "ice"), required=False),
    }
    option_fields = {"at": Field(check.cell), "dir": Field(check.DIR, required=False)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        aimed(state, seat, data, option, events)


@decisions.DECISIONS.register
class OverlordSnatch(decisions.DecisionKind):
    """Steal at range: which hero's collectible the Overlord takes."""

    kind = "overlord_snatch"
    option_fields = {"hero": Field(check.seat), "item": Field(check.text)}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if option["item"] not in state.heroes[option["hero"]].carrying:
            raise o.fail(
                "item",
                _("hero {hero} carries no {item}").format(hero=option["hero"], item=option["item"]),
            )

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        engine.steal(state, state.heroes[seat], int(option["hero"]), option["item"], events)


@decisions.DECISIONS.register
class OverlordQuake(decisions.DecisionKind):
    """The way every other hero tumbles."""

    kind = "overlord_quake"
    option_fields = {"dir": Field(check.DIR)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        quaked(state, seat, option["dir"], events)


_register_effects()
