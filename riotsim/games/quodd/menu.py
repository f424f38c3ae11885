"""The Quodd Heroes action menu: what the hero to move may do now, under the phase's heading,
and what it could do but may not, greyed with the rules' reason (reference "A turn",
"Skills", "Cards").

Power-Up and Recovery list the cards of the hand (each playable one, or greyed with why),
the equipped cards and upgrade icons, then "Start moving" / "Explore". Movement lists the
four tumbles (or the skill's directions, its jumps, "Stop moving"), each blocked one greyed
("a wall blocks the tumble north"); the Q stage its Q-Powers. Exploration lists the lineup
and the deck; discard and upgrade their choices; a pending choice its options. The view
draws the menu; it decides nothing.
"""

from __future__ import annotations

from riotsim.core.contract import Action, MenuEntry
from riotsim.games.quodd import abilities, actions, catalog, engine, refusals
from riotsim.games.quodd.directions import ORTHOGONAL
from riotsim.games.quodd.state import Hero, State

MOVE, CARDS, EXPLORE, Q = "Movement", "Cards", "Exploration", "Q-Powers"

PHASE_GROUPS = {
    "powerup": "Power-Up",
    "recovery": "Recovery",
    "movement": MOVE,
    "explore": EXPLORE,
    "discard": "Hand full",
    "upgrade": "Upgrade",
}


def action_menu(state: State) -> list[MenuEntry]:
    """The action bar for the hero to move: every legal action once, and greyed entries."""
    if state.phase == "over":
        return []
    legal = actions.legal_actions(state)
    if state.pending:
        heading = state.pending[-1].kind.replace("_", " ").capitalize()
        if state.pending[-1].kind in ("world_choice", "world_ignore"):  # issue 13 part A
            heading = "World event"
        out = [_entry(state, a, heading) for a in legal]
    elif state.phase in ("powerup", "recovery"):
        out = _card_menu(state, legal)
    elif state.phase == "movement":
        out = _movement_menu(state, legal)
    elif state.phase == "explore":
        out = _explore_menu(state, legal)
    else:
        group = PHASE_GROUPS.get(state.phase, state.phase)
        if state.phase == "discard":
            group = f"Hand full: discard down to {abilities.HAND_LIMIT}"
        out = [_entry(state, a, group) for a in legal]
    return _complete(state, out, legal)


def _entry(state: State, a: Action, group: str, cost: str = "") -> MenuEntry:
    return MenuEntry(actions.describe(state, a), a, cost=cost, group=group)


def _greyed(label: str, reason: str, group: str) -> MenuEntry:
    return MenuEntry(label, None, reason=reason, group=group)


def _complete(state: State, out: list[MenuEntry], legal: list[Action]) -> list[MenuEntry]:
    """Each legal action exactly once: the ones no section placed go under "Other"."""
    seen: set[Action] = set()
    kept: list[MenuEntry] = []
    for e in out:
        if e.action is not None:
            if e.action in seen:
                continue
            seen.add(e.action)
        kept.append(e)
    kept += [_entry(state, a, "Other") for a in legal if a not in seen]
    return kept


# -- Power-Up and Recovery ----------------------------------------------------------------


def _card_menu(state: State, legal: list[Action]) -> list[MenuEntry]:
    hero = state.current
    out: list[MenuEntry] = []
    for a in legal:
        if a.kind in ("move", "explore"):
            continue
        cost = f"discard {refusals.card_name(a['discard'])}" if a.get("discard") else ""
        out.append(_entry(state, a, TRADE if a.kind in ("give", "take") else CARDS, cost))
    out += _closed_cards(state, hero, legal)
    out += _closed_trades(state, hero)
    group = PHASE_GROUPS[state.phase]
    return out + [_entry(state, a, group) for a in legal if a.kind in ("move", "explore")]


def _closed_cards(state: State, hero: Hero, legal: list[Action]) -> list[MenuEntry]:
    """The cards of the hand and the equipped cards that cannot be used now, with why."""
    playable = {a.get("card") for a in legal if a.kind == "play"}
    usable = {a.get("card") for a in legal if a.kind == "activate"}
    out: list[MenuEntry] = []
    if not hero.hand:
        out.append(_greyed("Play a card", "no card in your hand", CARDS))
    elif not playable:
        out.append(_greyed("Play a card", "no card in hand can be played now", CARDS))
    for card in sorted(set(hero.hand) - playable):
        reason = refusals.play_reason(state, card) or "it cannot be played now"
        out.append(_greyed(f"Play {refusals.card_name(card)}", reason, CARDS))
    for card in sorted(set(hero.items + hero.pets) - usable):
        reason = refusals.play_reason(state, card, equipped=True)
        if reason:
            out.append(_greyed(f"Use {refusals.card_name(card)}", reason, CARDS))
    if hero.loot:  # treasure cards (issue 13 spec R1)
        from riotsim.games.quodd import treasure

        played = {str(a.get("card")) for a in legal if a.kind == "treasure"}
        out += [_greyed(label, why, CARDS) for label, why in treasure.closed(state, hero, played)]
    return out


TRADE = "Trade cards"


def _closed_trades(state: State, hero: Hero) -> list[MenuEntry]:
    """Co-op and teams: each teammate out of trading reach, greyed with why (teams.py)."""
    if state.objective.get("mode") not in ("coop", "teams"):
        return []
    from riotsim.games.quodd import teams

    return [_greyed(label, reason, TRADE) for label, reason in teams.greyed_partners(state, hero)]


# -- Movement -------------------------------------------------------------------------------


def _movement_menu(state: State, legal: list[Action]) -> list[MenuEntry]:
    turn = state.turn
    if turn.stage == "q":
        out = [_entry(state, a, Q) for a in legal]
        if not any(a.kind == "qpower" for a in legal):
            out.insert(0, _greyed("Use a Q-Power", "every Q-Power was used this turn", Q))
        return out
    if turn.stage == "natural":
        return _directions(state, legal, "tumble", ORTHOGONAL, "Natural tumble")
    skill = turn.skill or ""
    group = f"Skill: {skill}" if skill else MOVE
    if skill == "jump":
        out = [_entry(state, a, group) for a in legal if a.kind == "jump"]
        if not out:
            reason = refusals.jump_reason(state, state.current, "N", 1)
            if turn.remaining <= 0:
                reason = f"{state.current.name} has no movement left"
            out.append(_greyed("Jump", reason, group))
    else:
        kind = "roll" if skill == "tumble" else "step"
        dirs = (turn.direction,) if turn.direction else engine.all_directions_for(skill)
        out = _directions(state, legal, kind, dirs, group)
    return out + [_entry(state, a, group if a.kind in ("stop", "warp") else MOVE) for a in legal]


def _directions(
    state: State, legal: list[Action], kind: str, dirs: tuple[str, ...], group: str
) -> list[MenuEntry]:
    """One entry a direction: its legal moves, or the move greyed with what blocks it."""
    out: list[MenuEntry] = []
    for d in dirs:
        moves = [a for a in legal if a.kind == kind and a.get("dir") == d]
        out += [_entry(state, a, group) for a in moves]
        if not moves:
            meant = Action.make(kind, dir=d)
            label = actions.describe(state, meant)
            out.append(_greyed(label, refusals.move_reason(state, meant), group))
    return out


# -- Exploration -----------------------------------------------------------------------------


def _explore_menu(state: State, legal: list[Action]) -> list[MenuEntry]:
    out = [_entry(state, a, EXPLORE) for a in legal]
    left = state.turn.explores_left
    if left and not any(a.get("src") == "deck" for a in legal):
        why = "the deck and the discard pile are empty"
        out.append(_greyed("Explore the top of the deck", why, EXPLORE))
    return out


def card_text(card: str) -> tuple[str, str]:
    """(title, text) of a card for a tooltip: its name, type and what it does."""
    spec = catalog.cards().get(card)
    if spec is None:
        return (card, "")
    kind = str(spec.type)
    impulse = " (Impulse)" if spec.impulse else ""
    return (spec.name, f"{kind.capitalize()}{impulse}. {spec.text}")
