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
from riotsim.i18n import N_, _

# group headings: English data, translated where an entry is made (``_entry``, ``_greyed``)
MOVE, CARDS, EXPLORE, Q = N_("Movement"), N_("Cards"), N_("Exploration"), N_("Q-Powers")

PHASE_GROUPS = {
    "powerup": N_("Power-Up"),
    "recovery": N_("Recovery"),
    "movement": MOVE,
    "explore": EXPLORE,
    "discard": N_("Hand full"),
    "upgrade": N_("Upgrade"),
}
# the heading of a pending decision's choices, by its kind
DECISION_HEADINGS = {
    "bomb_direction": N_("Bomb direction"),
    "break_wall": N_("Break wall"),
    "bside_slot": N_("Bside slot"),
    "buddy_square": N_("Buddy square"),
    "bump": N_("Bump"),
    "cannon_direction": N_("Cannon direction"),
    "choose_upgrade": N_("Choose upgrade"),
    "connection": N_("Connection"),
    "copy_q": N_("Copy q"),
    "crush": N_("Crush"),
    "crystal_bomb": N_("Crystal bomb"),
    "destroy": N_("Destroy"),
    "drop": N_("Drop"),
    "explore": N_("Explore"),
    "explore_type": N_("Explore type"),
    "flip_upgrade": N_("Flip upgrade"),
    "getaway": N_("Getaway"),
    "impulse": N_("Impulse"),
    "overlord_aim": N_("Overlord aim"),
    "overlord_quake": N_("Overlord quake"),
    "overlord_snatch": N_("Overlord snatch"),
    "place": N_("Place"),
    "push_bomb": N_("Push bomb"),
    "q_token": N_("Q token"),
    "rearrange": N_("Rearrange"),
    "reflector_turn": N_("Reflector turn"),
    "removal_pay": N_("Removal pay"),
    "removal_target": N_("Removal target"),
    "reroll": N_("Reroll"),
    "respawn": N_("Respawn"),
    "respawn_beside": N_("Respawn beside"),
    "rooted_landing": N_("Rooted landing"),
    "rotate_section": N_("Rotate section"),
    "sheep_connection": N_("Sheep connection"),
    "sheep_facing": N_("Sheep facing"),
    "sheep_pickup": N_("Sheep pickup"),
    "sheep_respawn": N_("Sheep respawn"),
    "sheep_whirlpool": N_("Sheep whirlpool"),
    "slide_other": N_("Slide other"),
    "spring": N_("Spring"),
    "start_square": N_("Start square"),
    "steal_first": N_("Steal first"),
    "strong_wind": N_("Strong wind"),
    "swap_other": N_("Swap other"),
    "teleport": N_("Teleport"),
    "terrain_kind": N_("Terrain kind"),
    "tunnel": N_("Tunnel"),
    "twister": N_("Twister"),
    "upgrade_skill": N_("Upgrade skill"),
    "whirlpool": N_("Whirlpool"),
}


def action_menu(state: State) -> list[MenuEntry]:
    """The action bar for the hero to move: every legal action once, and greyed entries."""
    if state.phase == "over":
        return []
    legal = actions.legal_actions(state)
    if state.pending:
        kind = state.pending[-1].kind
        heading = _(DECISION_HEADINGS.get(kind, kind.replace("_", " ").capitalize()))
        if kind in ("world_choice", "world_ignore"):  # issue 13 part A
            heading = _("World event")
        out = [_entry(state, a, heading) for a in legal]
    elif state.phase in ("powerup", "recovery"):
        out = _card_menu(state, legal)
    elif state.phase == "movement":
        out = _movement_menu(state, legal)
    elif state.phase == "explore":
        out = _explore_menu(state, legal)
    else:
        group = _(PHASE_GROUPS[state.phase]) if state.phase in PHASE_GROUPS else state.phase
        if state.phase == "discard":
            group = _("Hand full: discard down to {n}").format(n=abilities.HAND_LIMIT)
        out = [_entry(state, a, group) for a in legal]
    return _complete(state, out, legal)


def _entry(state: State, a: Action, group: str, cost: str = "") -> MenuEntry:
    """A legal action's entry; ``group`` is a heading's English (translated here) or a
    heading already built in the language spoken."""
    return MenuEntry(actions.describe(state, a), a, cost=cost, group=_(group))


def _greyed(label: str, reason: str, group: str) -> MenuEntry:
    return MenuEntry(label, None, reason=reason, group=_(group))


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
    kept += [_entry(state, a, N_("Other")) for a in legal if a not in seen]
    return kept


# -- Power-Up and Recovery ----------------------------------------------------------------


def _card_menu(state: State, legal: list[Action]) -> list[MenuEntry]:
    hero = state.current
    out: list[MenuEntry] = []
    for a in legal:
        if a.kind in ("move", "explore"):
            continue
        cost = ""
        if a.get("discard"):
            cost = _("discard {card}").format(card=refusals.card_name(a["discard"]))
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
        out.append(_greyed(_("Play a card"), _("no card in your hand"), CARDS))
    elif not playable:
        out.append(_greyed(_("Play a card"), _("no card in hand can be played now"), CARDS))
    for card in sorted(set(hero.hand) - playable):
        reason = refusals.play_reason(state, card) or _("it cannot be played now")
        out.append(_greyed(play_label(card), reason, CARDS))
    for card in sorted(set(hero.items + hero.pets) - usable):
        reason = refusals.play_reason(state, card, equipped=True)
        if reason:
            out.append(
                _greyed(_("Use {card}").format(card=refusals.card_name(card)), reason, CARDS)
            )
    if hero.loot:  # treasure cards (issue 13 spec R1)
        from riotsim.games.quodd import treasure

        played = {str(a.get("card")) for a in legal if a.kind == "treasure"}
        out += [_greyed(label, why, CARDS) for label, why in treasure.closed(state, hero, played)]
    return out


TRADE = N_("Trade cards")


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
            out.insert(0, _greyed(_("Use a Q-Power"), _("every Q-Power was used this turn"), Q))
        return out
    if turn.stage == "natural":
        return _directions(state, legal, "tumble", ORTHOGONAL, _("Natural tumble"))
    skill = turn.skill or ""
    group = _("Skill: {skill}").format(skill=refusals.skill_word(skill)) if skill else MOVE
    if skill == "jump":
        out = [_entry(state, a, group) for a in legal if a.kind == "jump"]
        if not out:
            reason = refusals.jump_reason(state, state.current, "N", 1)
            if turn.remaining <= 0:
                reason = _("{hero} has no movement left").format(
                    hero=refusals.hero_name(state.current)
                )
            out.append(_greyed(_("Jump"), reason, group))
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
        why = _("the deck and the discard pile are empty")
        out.append(_greyed(_("Explore the top of the deck"), why, EXPLORE))
    return out


def play_label(card: str) -> str:
    """The menu's label for playing ``card`` (the view finds a hand card's greyed entry by it)."""
    return _("Play {card}").format(card=refusals.card_name(card))


def card_text(card: str) -> tuple[str, str]:
    """(title, text) of a card for a tooltip: its name, type and what it does."""
    spec = catalog.cards().get(card)
    if spec is None:
        return (card, "")
    kind = _(str(spec.type).capitalize())  # "Item", "Pet" ... (marked in the Quodd views)
    if spec.impulse:
        kind = _("{kind} (Impulse)").format(kind=kind)
    return (_(spec.name), f"{kind}. {_(spec.text)}")
