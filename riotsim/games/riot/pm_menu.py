"""RIOT Politics & Media - the action bar and why an action is refused.

:func:`pm_menu` lists the phase's actions under headings (Setup, Purchase, Characters, Cards,
Movement, Attacks, Turn, or the combat's steps), with costs in credits, and greys what could be
done but may not now, with the reason :func:`refuse` also gives for a refused click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotsim.core.contract import Action, IllegalAction, MenuEntry
from riotsim.games.riot import city as bd
from riotsim.games.riot.common import credits_text, phase_name
from riotsim.games.riot.pm_content import Effect, Special
from riotsim.games.riot.pm_state import CARDS, COMBAT, MOVE, PURCHASE, SETUP, PMState
from riotsim.games.riot.state import Unit
from riotsim.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from riotsim.games.riot.pm_rules import PoliticsMediaRules

POLICE = 0
SIDES = ("police", "protesters")
CHARACTER_COST = 2
PHASE_OF = {
    "place": SETUP,
    "buy": PURCHASE,
    "buy_riot": PURCHASE,
    "activate": PURCHASE,
    "play": CARDS,
    "move": MOVE,
    "attack": COMBAT,
}
# the tables hold English (N_): translated where they are shown
_DECIDE, _TURN = N_("Decide"), N_("Turn")  # the headings of anything else
KIND_GROUPS = {
    "place": N_("Setup"),
    "buy": N_("Purchase"),
    "buy_riot": N_("Purchase"),
    "activate": N_("Characters"),
    "play": N_("Cards"),
    "move": N_("Movement"),
    "attack": N_("Attacks"),
}
# kinds worded here even when the kind is not possible now
REFUSED_KINDS = frozenset(PHASE_OF) | {"commit", "confirm", "instant", "riot"}
FRAME_GROUPS = {
    "declare": N_("Combat: declare"),
    "cards": N_("Combat: cards"),
    "deactivate": N_("Journalist"),
}


def phase_word(phase: str) -> str:
    """A phase as a refusal names it ('the first turn phase')."""
    if phase == SETUP:
        return pgettext("phase", "first turn")
    return phase_name(phase)


def _needs_character(card: str, role: str, active: bool) -> str:
    """'Spin needs your media Character active', one sentence per role."""
    if role == "politics":
        if active:
            return _("{card} needs your politics Character active").format(card=card)
        return _("{card} needs your politics Character").format(card=card)
    if role == "media":
        if active:
            return _("{card} needs your media Character active").format(card=card)
        return _("{card} needs your media Character").format(card=card)
    if active:
        return _("{card} needs your {role} Character active").format(card=card, role=role)
    return _("{card} needs your {role} Character").format(card=card, role=role)


def refuse(rules: PoliticsMediaRules, state: PMState, action: Action) -> str:
    """Why ``action`` (known to be illegal) may not be played, as specifically as we can."""
    if state.pending:
        return _frame_refusal(rules, state, action)
    k = action.kind
    if k in ("riot", "instant"):
        if k == "riot":
            return _("RIOT cards are committed face down during a combat")
        return _("Instant cards are played during a combat")
    phase = PHASE_OF.get(k)
    if phase and state.phase != phase:
        return _("that is done in the {phase} phase; this is the {now} phase").format(
            phase=phase_word(phase), now=phase_word(state.phase)
        )
    try:
        if k == "move":
            unit = state.units.get(action.number("unit"))
            return move_refusal(rules, state, unit, str(action.get("to")))
        if k == "buy":
            return buy_refusal(rules, state, action.word("unit"), str(action.get("at")))
        if k == "place":
            return place_refusal(rules, state, action.word("unit"), action.word("at"))
        if k == "buy_riot":
            return riot_buy_refusal(rules, state)
        if k == "activate":
            return activate_refusal(rules, state, action.word("character"))
        if k == "attack":
            return attack_refusal(rules, state, action.word("target"))
        if k == "play":
            return play_refusal(rules, state, action.word("card"))
    except (IllegalAction, KeyError, ValueError):  # a forged argument: the general reason
        pass
    return _("not possible in the {phase} phase").format(phase=phase_word(state.phase))


def unit_block(rules: PoliticsMediaRules, state: PMState, unit: Unit | None) -> str | None:
    if unit is None:
        return _("there is no such unit")
    if unit.seat != state.active:
        return _("that unit is not yours")
    if unit.attacked:
        return _("this unit already attacked: it is spent")
    if unit.moves <= 0:
        return _("this unit already moved")
    return None


def move_refusal(rules: PoliticsMediaRules, state: PMState, unit: Unit | None, to: str) -> str:
    block = unit_block(rules, state, unit)
    if block or unit is None:
        return block or _("there is no such unit")
    board = rules.board(state)
    if to not in board.spaces:
        return _("there is no such space")
    name = _(rules.unit_type(unit).label)
    if to == unit.space:
        return _("the {unit} is already there").format(unit=name)
    kind = board.kind_of[to]
    if board.kind_of[unit.space] == bd.ENTRY and kind != bd.STREET:
        return _("from an entry point a unit steps onto the street first")
    there = board.label(to, barracks=True)
    if to not in board.adjacent[unit.space]:
        here = board.label(unit.space, barracks=True)
        return _("{there} is not next to {here}: a unit steps one space at a time").format(
            there=there, here=here
        )
    if kind == bd.ENTRY:
        return _("no unit steps onto an entry point")
    if kind == bd.HQ and unit.seat != POLICE:
        return _("only the Police enter their barracks")
    if kind == bd.BUILDING and rules.unit_type(unit).special is Special.van:
        return _("Riot Vans never enter buildings")
    if kind == bd.BUILDING and rules.building_owners(state).get(to, unit.seat) != unit.seat:
        return _("the enemy holds {there}: attack it in the combat phase").format(there=there)
    return _("the {unit} cannot step into {there}").format(unit=name, there=there)


def buy_refusal(rules: PoliticsMediaRules, state: PMState, kind: str, at: str) -> str:
    seat = state.active
    ut = rules.content.units.get(kind)
    if ut is None or ut not in rules.content.side_units(SIDES[seat]):
        return _("your side has no such unit")
    if ut.character and ut.character not in state.characters[seat]:
        who = _(rules.content.characters[ut.character].label)
        return _("the {unit} comes with {character}: activate that Character first").format(
            unit=_(ut.label), character=who
        )
    if ut.cost > state.credits[seat]:
        return _("not enough credits: the {unit} costs {cost}, you have {credits}").format(
            unit=_(ut.label), cost=ut.cost, credits=state.credits[seat]
        )
    board = rules.board(state)
    if seat == POLICE and at != board.hq:
        return _("the Police deploy new units at their barracks")
    if seat != POLICE and at not in board.of_kind(bd.ENTRY):
        return _("new units come in at an entry point")
    return _("not possible now")


def place_refusal(rules: PoliticsMediaRules, state: PMState, kind: str, at: str) -> str:
    """First turn: the Protesters place basic units in streets or buildings not held by
    the Police."""
    board = rules.board(state)
    ut = rules.content.units.get(kind)
    if ut is None or ut.special is not None or ut not in rules.content.side_units(SIDES[1]):
        return _("only basic Protester units are placed in the first turn")
    if at not in board.spaces or board.kind_of[at] not in (bd.STREET, bd.BUILDING):
        return _("units are placed in a street or a building")
    if rules.occupant(state, at) not in (None, state.active):
        return _("the Police hold {place}").format(place=board.label(at, barracks=True))
    return _("not possible now")


def riot_buy_refusal(rules: PoliticsMediaRules, state: PMState) -> str:
    seat = state.active
    if not state.riot_decks[seat]:
        return _("your RIOT deck is empty")
    cost = rules.riot_card_cost(state, seat)
    return _("not enough credits: the next RIOT card costs {cost}, you have {credits}").format(
        cost=cost, credits=state.credits[seat]
    )


def activate_refusal(rules: PoliticsMediaRules, state: PMState, character: str) -> str:
    seat = state.active
    ch = rules.content.characters.get(character)
    if ch is None or ch.side != SIDES[seat]:
        return _("that Character is not on your side")
    if character in state.characters[seat]:
        return _("{character} is active already").format(character=_(ch.label))
    have = state.credits[seat]
    return _("not enough credits: a Character costs {cost}, you have {credits}").format(
        cost=CHARACTER_COST, credits=have
    )


def play_refusal(rules: PoliticsMediaRules, state: PMState, card_id: str) -> str:
    seat = state.active
    card = rules.content.cards.get(card_id)
    if card is None or card_id not in state.hands[seat]:
        return _("that card is not in your hand")
    name = _(card.label)
    if card.instant:
        return _("{card} is an Instant card: it is played in a combat").format(card=name)
    if card.bound is not None and not rules.role_active(state, seat, card.bound.value):
        return _needs_character(name, card.bound.value, active=True)
    if card.effect is Effect.deactivate and not state.characters[1 - seat]:
        return _("the other side has no active Character to switch off")
    if card.effect is Effect.combat:
        return _("{card} is played in a combat").format(card=name)
    return _("{card} cannot be played now").format(card=name)


def attack_refusal(rules: PoliticsMediaRules, state: PMState, target: str) -> str:
    board = rules.board(state)
    if target not in board.spaces or board.kind_of[target] not in (bd.STREET, bd.BUILDING):
        return _("only units in a street or a building can be attacked")
    if not rules.enemy_inside(state, target, state.active):
        return _("no enemy units are there")
    mine = [u for u in state.units.values() if u.seat == state.active]
    ready = [u for u in mine if rules.ready(state, u)]
    if not ready:
        return _("all your units are spent: they moved or attacked already")
    if any(u.space == target for u in ready) and len(ready) == 1:
        return _("a unit attacks a space next to it, not its own")
    place = board.label(target, barracks=True)
    return _("none of your ready units can reach {place} (units that moved are spent)").format(
        place=place
    )


def _frame_refusal(rules: PoliticsMediaRules, state: PMState, action: Action) -> str:
    frame = state.pending[-1]
    who = _(rules.content.sides[SIDES[frame.seat]].label)
    group = FRAME_GROUPS.get(frame.kind)
    step = _(group) if group else frame.kind
    if frame.kind == "declare" and action.kind == "confirm":
        return _("add at least one unit to the attack first")
    if frame.kind == "declare" and action.kind == "commit":
        if action.get("unit") in frame.data["units"]:
            return _("that unit already joins the attack")
        return _("that unit cannot join: it is spent or cannot reach the target")
    if frame.kind == "cards" and action.kind == "riot":
        return _("no RIOT card of that value left in your hand")
    if frame.kind == "cards" and action.kind in ("play", "instant"):
        card = rules.content.cards.get(str(action.get("card")))
        if card is None or card.id not in state.hands[frame.seat]:
            return _("that card is not in your hand")
        name = _(card.label)
        if not card.instant:
            return _("{card} is not an Instant card: it is played in the cards phase").format(
                card=name
            )
        return _needs_character(name, card.bound.value if card.bound else "", active=False)
    return _("not now: the {team} are deciding ({step}); see the buttons").format(
        team=who, step=step
    )


# -- the menu --------------------------------------------------------------------------------
def pm_menu(rules: PoliticsMediaRules, state: PMState) -> list[MenuEntry]:
    legal = rules.legal_actions(state)
    if not legal:
        return []
    menu = [_entry(rules, state, a) for a in legal]
    if state.pending:
        return menu
    if state.phase == PURCHASE:
        menu += _greyed_purchase(rules, state, legal)
    elif state.phase == CARDS:
        menu += _greyed_cards(rules, state, legal)
    elif state.phase == MOVE:
        menu += _greyed_moves(rules, state, legal)
    return menu


def _entry(rules: PoliticsMediaRules, state: PMState, action: Action) -> MenuEntry:
    label = rules.describe(state, action)
    if state.pending:
        group = _(FRAME_GROUPS.get(state.pending[-1].kind, _DECIDE))
    else:
        group = _(KIND_GROUPS.get(action.kind, _TURN))
    cost = ""
    if action.kind == "buy":
        cost = credits_text(rules.content.units[action.word("unit")].cost)
    elif action.kind == "buy_riot":
        cost = credits_text(rules.riot_card_cost(state, state.active))
    elif action.kind == "activate":
        cost = credits_text(CHARACTER_COST)
    return MenuEntry(label, action, cost=cost, group=group)


def _greyed_purchase(
    rules: PoliticsMediaRules, state: PMState, legal: list[Action]
) -> list[MenuEntry]:
    seat = state.active
    board = rules.board(state)
    at = board.hq if seat == POLICE else board.of_kind(bd.ENTRY)[0]
    bought = {a.get("unit") for a in legal if a.kind == "buy"}
    out = []
    for ut in rules.content.side_units(SIDES[seat]):
        if ut.id not in bought:
            why = buy_refusal(rules, state, ut.id, at)
            label = _("Buy {unit}").format(unit=_(ut.label))
            out.append(MenuEntry(label, None, why, credits_text(ut.cost), _("Purchase")))
    if Action("buy_riot") not in legal:
        cost = credits_text(rules.riot_card_cost(state, seat))
        why = riot_buy_refusal(rules, state)
        out.append(MenuEntry(_("Buy a RIOT card"), None, why, cost, _("Purchase")))
    active = {a.get("character") for a in legal if a.kind == "activate"}
    for ch in rules.content.characters.values():
        if ch.side == SIDES[seat] and ch.id not in active:
            why = activate_refusal(rules, state, ch.id)
            label = _("Activate {character}").format(character=_(ch.label))
            cost = credits_text(CHARACTER_COST)
            out.append(MenuEntry(label, None, why, cost, _("Characters")))
    return out


def _greyed_cards(
    rules: PoliticsMediaRules, state: PMState, legal: list[Action]
) -> list[MenuEntry]:
    playable = {a.get("card") for a in legal if a.kind == "play"}
    out = []
    for card_id in sorted(set(state.hands[state.active]) - playable):
        card = rules.content.cards[card_id]
        why = play_refusal(rules, state, card_id)
        label = _("Play {card}").format(card=_(card.label))
        out.append(MenuEntry(label, None, why, group=_("Cards")))
    return out


def _greyed_moves(
    rules: PoliticsMediaRules, state: PMState, legal: list[Action]
) -> list[MenuEntry]:
    movers = {a.get("unit") for a in legal if a.kind == "move"}
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.seat == state.active and u.id not in movers:
            why = unit_block(rules, state, u) or _("nowhere to step from here")
            name = _(rules.unit_type(u).label)
            label = _("Move {unit} #{id}").format(unit=name, id=u.id)
            out.append(MenuEntry(label, None, why, group=_("Movement")))
    return out
