"""RIOT: Cast the First Stone - the action bar and why an action is refused.

:func:`riot_menu` lists what the seat to move may do in the phase, under headings (First
round, Purchase, Cards, Movement, Attacks, Turn, or the step of a clash), with costs in
credits, and the things it could do but may not now greyed with the reason. The reasons come
from the same checks as :func:`refuse`, which :meth:`RiotRules._why_illegal` uses, so a
refused click and a greyed entry say the same thing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riotsim.core.contract import Action, IllegalAction, MenuEntry
from riotsim.games.riot import city as bd
from riotsim.games.riot.clash import group_key
from riotsim.games.riot.common import COMMON_LABELS, credits_text, phase_name
from riotsim.games.riot.content import CardEffect
from riotsim.games.riot.state import CLASH, MOVE, PLACEMENT, PURCHASE, RiotState, Unit
from riotsim.i18n import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    from riotsim.games.riot.rules import RiotRules

POLICE = 0
PHASE_OF = {
    "place": PLACEMENT,
    "buy": PURCHASE,
    "buy_card": PURCHASE,
    "move": MOVE,
    "end_move": MOVE,
    "attack": CLASH,
}
# the tables hold English (N_): translated where they are shown
FRAME_GROUPS = {
    "order": N_("Turn order"),
    "obstruct": N_("Obstruction"),
    "obstructed": N_("Obstruction"),
    "declare": N_("Clash: declare"),
    "distance": N_("Clash: distance"),
    "continue": N_("Clash: go on?"),
    "blitz": N_("Clash: hand to hand"),
}
_DECIDE, _TURN = N_("Decide"), N_("Turn")  # the headings of anything else
KIND_GROUPS = {
    "place": N_("First round"),
    "buy": N_("Purchase"),
    "buy_card": N_("Purchase"),
    "play": N_("Cards"),
    "move": N_("Movement"),
    "attack": N_("Attacks"),
}
PENALTY_WORDS = {
    "no_clashes": N_("Public Opinion: the Police start no clashes this turn"),
    "one_attack": N_("Public Opinion: the Police start only one clash this turn"),
}


def phase_word(phase: str) -> str:
    """A phase as a refusal names it ('the first round phase')."""
    if phase == PLACEMENT:
        return pgettext("phase", "first round")
    return phase_name(phase)


# -- why not ---------------------------------------------------------------------------------
def refuse(rules: RiotRules, state: RiotState, action: Action) -> str:
    """Why ``action`` (known to be illegal) may not be played, as specifically as we can."""
    if state.pending:
        return _frame_refusal(rules, state, action)
    k = action.kind
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
        if k == "buy_card":
            return card_buy_refusal(state)
        if k == "place":
            return place_refusal(rules, state, action.word("at"))
        if k == "attack":
            return attack_refusal(rules, state, action.word("target"), action.number("seat"))
        if k == "play":
            return play_refusal(rules, state, action)
        if k == "end_move":
            return end_move_refusal(rules, state)
    except (IllegalAction, KeyError, ValueError):  # a forged argument: the general reason
        pass
    return _("not possible in the {phase} phase").format(phase=phase_word(state.phase))


def unit_block(rules: RiotRules, state: RiotState, unit: Unit | None) -> str | None:
    """Why ``unit`` may take no step at all now (None if it may)."""
    if unit is None:
        return _("there is no such unit")
    if unit.seat != state.active:
        return _("that unit is not yours")
    if unit.wounded:
        return _("wounded units are out of play this turn")
    if unit.moves > 0:
        return None
    if unit.id in state.moved:
        return _("this unit already moved")
    if unit.attacked:
        return _("this unit already attacked")
    board = rules.board(state)
    if unit.space == board.hospital and state.police_now.get("hospital_lock"):
        return _("Public Opinion: units in the Hospital stay there this turn")
    return _("this unit has no steps this turn")


def move_refusal(rules: RiotRules, state: RiotState, unit: Unit | None, to: str) -> str:
    block = unit_block(rules, state, unit)
    if block or unit is None:
        return block or _("there is no such unit")
    board = rules.board(state)
    name = _(rules.unit_type(state, unit).label)
    if to not in board.spaces:
        return _("there is no such space")
    if to == unit.space:
        return _("the {unit} is already there").format(unit=name)
    here, there = board.label(unit.space), board.label(to)
    kind, police = board.kind_of[to], unit.seat == POLICE
    if board.kind_of[unit.space] == bd.ENTRY and kind != bd.STREET:
        return _("from an entry point a unit steps onto the street first")
    if to not in board.adjacent[unit.space]:
        return _("{there} is not next to {here}: a unit steps one space at a time").format(
            there=there, here=here
        )
    if kind == bd.ENTRY:
        return _("no unit steps onto an entry point")
    if kind == bd.HOSPITAL:
        return _("only wounded Police go to the Hospital")
    if kind == bd.HQ and not police:
        return _("only the Police may enter their HQ")
    if kind == bd.BUILDING and police:
        return _("Police units never enter buildings")
    owner = rules.building_owners(state).get(to, unit.seat)
    if kind == bd.BUILDING and owner != unit.seat:
        return _("{there} is held by the enemy: attack it in the clash phase").format(there=there)
    return _("the {unit} cannot step into {there}").format(unit=name, there=there)


def end_move_refusal(rules: RiotRules, state: RiotState) -> str:
    """Why the movement phase may not end yet: units still on an Entry Point (4) Movement)."""
    held = rules.must_leave_entry(state, state.active)
    if not held:
        return _("not possible now")
    units = ", ".join(
        _("{unit} #{id}").format(unit=_(rules.unit_type(state, u).label), id=u.id) for u in held
    )
    return ngettext(
        "{units} must step from its entry point into the street first: "
        "no unit stays on an entry point",
        "{units} must step from their entry points into the street first: "
        "no unit stays on an entry point",
        len(held),
    ).format(units=units)


def buy_refusal(rules: RiotRules, state: RiotState, kind: str, at: str) -> str:
    seat = state.active
    team = rules.content.teams[state.teams[seat]]
    ut = next((u for u in team.units if u.id == kind), None)
    if ut is None:
        return _("the {team} have no such unit").format(team=_(team.label))
    if seat == POLICE and state.police_now.get("no_purchase"):
        return _("Public Opinion: the Police buy nothing this turn")
    if seat == POLICE and not ut.basic and state.police_now.get("basic_only"):
        basic = rules.content.basic_unit(state.teams[seat]).label
        return _("Public Opinion: the Police buy only {unit}s this turn").format(unit=_(basic))
    if state.supply[seat].get(ut.id, 0) <= 0:
        return _("no {unit} left in the supply").format(unit=_(ut.label))
    if ut.cost > state.credits[seat]:
        return _("not enough credits: the {unit} costs {cost}, you have {credits}").format(
            unit=_(ut.label), cost=ut.cost, credits=state.credits[seat]
        )
    board = rules.board(state)
    if seat == POLICE and at != board.hq:
        return _("the Police deploy new units at their HQ")
    if seat != POLICE and at not in board.of_kind(bd.ENTRY):
        return _("new units come in at an entry point")
    return _("not possible now")


def place_refusal(rules: RiotRules, state: RiotState, at: str) -> str:
    """First Round: each protester occupies free buildings, one per area."""
    board = rules.board(state)
    if at not in board.spaces or board.kind_of[at] != bd.BUILDING:
        return _("in the first round units are placed in buildings")
    if rules.occupant(state, at) is not None:
        return _("{place} is taken already").format(place=board.label(at))
    mine = {board.spaces[b].area for b in rules.occupied_buildings(state, state.active)}
    if board.spaces[at].area in mine:
        return _("you hold a building in that area already: one per area")
    return _("not possible now")


def card_buy_refusal(state: RiotState) -> str:
    seat = state.active
    if seat == POLICE:
        return _("the Police have no cards")
    if not state.decks[seat]:
        return _("your deck is empty")
    cost = state.cards_bought + 1
    return _("not enough credits: the next card costs {cost}, you have {credits}").format(
        cost=cost, credits=state.credits[seat]
    )


def play_refusal(rules: RiotRules, state: RiotState, action: Action) -> str:
    seat, card_id = state.active, action.word("card")
    if seat == POLICE:
        return _("the Police have no cards")
    card = rules.content.cards.get(card_id)
    if card is None or card_id not in state.hands[seat]:
        return _("that card is not in your hand")
    name = _(card.label)
    if card.blitz:
        if card.distance:
            return _("{card} is a Blitz card: it is played in a clash, at distance phase").format(
                card=name
            )
        return _("{card} is a Blitz card: it is played in a clash, at hand to hand").format(
            card=name
        )
    if card.effect is CardEffect.extra_move:
        uid = action.get("unit")
        unit = state.units.get(uid) if isinstance(uid, int) else None
        if unit is None or unit.seat != seat:
            return _("{card} is played on one of your units").format(card=name)
        if unit.wounded:
            return _("wounded units are out of play this turn")
    if card.effect is CardEffect.reinforcement:
        basic = rules.content.basic_unit(state.teams[seat])
        if state.supply[seat].get(basic.id, 0) <= 0:
            return _("no {unit} left in the supply").format(unit=_(basic.label))
        if action.get("at") not in rules.board(state).of_kind(bd.ENTRY):
            return _("reinforcements come in at an entry point")
    return _("{card} cannot be played now").format(card=name)


def attack_refusal(rules: RiotRules, state: RiotState, target: str, d: int) -> str:
    board = rules.board(state)
    seat = state.active
    if target not in board.spaces or board.kind_of[target] not in (bd.STREET, bd.BUILDING):
        return _("only units in a street or a building can be attacked")
    if d == seat:
        return _("those are your own units")
    if not rules.units_at(state, target, d):
        return _("no enemy units of that side are there")
    now = state.police_now if seat == POLICE else {}
    for key in ("no_clashes", "one_attack"):
        if now.get(key) and (key == "no_clashes" or state.clashes >= 1):
            return _(PENALTY_WORDS[key])
    if state.attacks.get(group_key(target, d), 0) >= 2:
        return _("that group was already attacked twice this turn")
    building = board.kind_of[target] == bd.BUILDING
    if seat == POLICE and building and now.get("no_building_attacks"):
        return _("Public Opinion: the Police attack no buildings this turn")
    eligible = rules.eligible_attackers(state, target, d)
    if not eligible:
        return _no_attacker(rules, state, target, building)
    mine = sum(rules.force(state, u, not building) for u in eligible)
    theirs = rules.defending_force(state, target, d)
    if seat == POLICE and mine < theirs:
        return _("the Police may not attack with less Force: yours {mine}, theirs {theirs}").format(
            mine=mine, theirs=theirs
        )
    return _("no unit of yours can attack that group now")


def _no_attacker(rules: RiotRules, state: RiotState, target: str, building: bool) -> str:
    mine = [u for u in state.units.values() if u.seat == state.active]
    ready = [u for u in mine if not u.attacked]
    if not ready:
        return _("all your units are spent: wounded or attacked already")
    direct = [u for u in ready if u.fresh and rules.unit_type(state, u).direct_attack]
    if building and direct and all(u.id in state.moved for u in direct):
        label = _(rules.unit_type(state, direct[0]).label)
        return _("{unit}: a direct attack on a building only before moving").format(unit=label)
    place = rules.board(state).label(target)
    if any(u.id in state.moved for u in ready):
        return _(
            "none of your units can reach {place} (units that moved attack in their area only)"
        ).format(place=place)
    return _("none of your units can reach {place}").format(place=place)


def _frame_refusal(rules: RiotRules, state: RiotState, action: Action) -> str:
    frame = state.pending[-1]
    who = _(rules.content.teams[state.teams[frame.seat]].label)
    if frame.kind == "declare":
        if action.kind == "confirm":
            if not frame.data["units"]:
                return _("add at least one unit to the attack first")
            return attack_refusal(rules, state, frame.data["target"], frame.data["defender"])
        if action.kind == "commit":
            uid = action.get("unit")
            if uid in frame.data["units"]:
                return _("that unit already joins the attack")
            return _("that unit cannot reach the target")
    if frame.kind == "order" and action.kind == "next":
        seat = action.get("seat")
        if isinstance(seat, int) and seat in frame.data.get("chosen", []):
            team = _(rules.content.teams[state.teams[seat]].label)
            return _("the {team} already have their place in the next round's order").format(
                team=team
            )
    if action.kind == "play" and frame.kind in ("distance", "blitz"):
        card = rules.content.cards.get(str(action.get("card")))
        if card is None or card.id not in state.hands[frame.seat]:
            return _("that card is not in your hand")
        if frame.kind == "distance":
            return _("{card} is not a Distance Attack card").format(card=_(card.label))
        return _("{card} cannot be played hand to hand").format(card=_(card.label))
    step = FRAME_GROUPS.get(frame.kind)
    return _("not now: the {team} are deciding ({step}); see the buttons").format(
        team=who, step=_(step) if step else frame.kind
    )


# -- the menu --------------------------------------------------------------------------------
def riot_menu(rules: RiotRules, state: RiotState) -> list[MenuEntry]:
    legal = rules.legal_actions(state)
    if not legal:
        return []
    menu = [_entry(rules, state, a) for a in legal]
    if not state.pending:
        menu += _greyed(rules, state, legal)
    return menu


def _entry(rules: RiotRules, state: RiotState, action: Action) -> MenuEntry:
    label = rules.describe(state, action)
    if state.pending:
        group = _(FRAME_GROUPS.get(state.pending[-1].kind, _DECIDE))
    elif action.kind == "attack":
        group = _attack_group(rules, state, action.number("seat"))
    else:
        group = _(KIND_GROUPS.get(action.kind, _TURN))
    cost = ""
    if action.kind == "buy":
        ut = rules.content.unit(state.teams[state.active], action.word("unit"))
        cost = credits_text(ut.cost)
    elif action.kind == "buy_card":
        cost = credits_text(state.cards_bought + 1)
    return MenuEntry(label, action, cost=cost, group=group)


def _greyed(rules: RiotRules, state: RiotState, legal: list[Action]) -> list[MenuEntry]:
    if state.phase == PURCHASE:
        return _greyed_buys(rules, state, legal) + _greyed_cards(rules, state, legal)
    if state.phase == MOVE:
        out = _greyed_moves(rules, state, legal) + _greyed_cards(rules, state, legal)
        if Action("end_move") not in legal:
            why = end_move_refusal(rules, state)
            out.append(MenuEntry(_(COMMON_LABELS["end_move"]), None, why, group=_(_TURN)))
        return out
    if state.phase == CLASH:
        return _greyed_attacks(rules, state, legal) + _greyed_cards(rules, state, legal)
    return []


def _greyed_buys(rules: RiotRules, state: RiotState, legal: list[Action]) -> list[MenuEntry]:
    seat = state.active
    board = rules.board(state)
    at = board.hq if seat == POLICE else board.of_kind(bd.ENTRY)[0]
    bought = {a.get("unit") for a in legal if a.kind == "buy"}
    out = []
    for ut in rules.content.teams[state.teams[seat]].units:
        if ut.id not in bought:
            why = buy_refusal(rules, state, ut.id, at)
            label = _("Buy {unit}").format(unit=_(ut.label))
            out.append(MenuEntry(label, None, why, credits_text(ut.cost), _("Purchase")))
    if seat != POLICE and Action("buy_card") not in legal:
        cost = credits_text(state.cards_bought + 1)
        why = card_buy_refusal(state)
        out.append(MenuEntry(_("Buy a card"), None, why, cost, _("Purchase")))
    return out


def _greyed_cards(rules: RiotRules, state: RiotState, legal: list[Action]) -> list[MenuEntry]:
    seat = state.active
    if seat == POLICE:
        return []
    playable = {a.get("card") for a in legal if a.kind == "play"}
    out = []
    for card_id in sorted(set(state.hands[seat]) - playable):
        card = rules.content.cards[card_id]
        why = play_refusal(rules, state, Action("play", (("card", card_id),)))
        label = _("Play {card}").format(card=_(card.label))
        out.append(MenuEntry(label, None, why, group=_("Cards")))
    return out


def _greyed_moves(rules: RiotRules, state: RiotState, legal: list[Action]) -> list[MenuEntry]:
    movers = {a.get("unit") for a in legal if a.kind == "move"}
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.seat != state.active or u.id in movers:
            continue
        why = unit_block(rules, state, u) or _("nowhere to step from here")
        label = _("Move {unit} #{id}").format(unit=_(rules.unit_type(state, u).label), id=u.id)
        out.append(MenuEntry(label, None, why, group=_("Movement")))
    return out


def _greyed_attacks(rules: RiotRules, state: RiotState, legal: list[Action]) -> list[MenuEntry]:
    board = rules.board(state)
    groups = sorted(
        {
            (u.space, u.seat)
            for u in state.units.values()
            if u.seat != state.active and board.kind_of[u.space] in (bd.STREET, bd.BUILDING)
        }
    )
    out = []
    for space, d in groups:
        action = Action("attack", (("target", space), ("seat", d)))
        if action in legal:
            continue
        label = rules.describe(state, action)
        why = attack_refusal(rules, state, space, d)
        out.append(MenuEntry(label, None, why, group=_attack_group(rules, state, d)))
    return out


def _attack_group(rules: RiotRules, state: RiotState, seat: int) -> str:
    """Attacks go under a heading per enemy team ('Attack Autonomen')."""
    return _("Attack {team}").format(team=_(rules.content.teams[state.teams[seat]].label))
