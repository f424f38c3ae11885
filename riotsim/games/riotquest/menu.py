"""The Riot Quest action menu: what the seat to move may do now, under headings, and what it
could do but may not, greyed with the reason (rulebook "Activating", "Actions", "Riot Gear").

While a hero activates the menu has one slot per action of its card (Run, Attack with each
weapon, Raid, Rig, its Special Action, Equip, End activation): the legal actions of the slot,
each with its dice cost, or one greyed entry saying why the slot is closed. The other phases
list their legal actions under a heading. The view draws the menu; it decides nothing.

Labels, costs and reasons are in the language spoken (issue 17); a heading (``group``) stays
English, as data the view groups and reads, and is translated where it is shown.
"""

from __future__ import annotations

from riotsim.core.contract import Action, IllegalAction, MenuEntry
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.describe import _hero as hero_name
from riotsim.games.riotquest.describe import describe
from riotsim.games.riotquest.legal import _cheapest, gear_cost, legal_actions
from riotsim.games.riotquest.movement import move_dests
from riotsim.games.riotquest.profile import Profile, prof
from riotsim.games.riotquest.rigging import rig_tokens
from riotsim.games.riotquest.state import ATTACK, RAID, RIG, RUN, SPECIAL, Hero, RQState
from riotsim.i18n import N_, _, ngettext

EQUIP = N_("Equip")
END = N_("End activation")
ACTIVATE = N_("Activate")

# the heading of each pending decision's entries
FRAME_HEADINGS = {
    "turn": N_("Your turn"),
    "spawn": N_("Spawn"),
    "place": N_("Place"),
    "beatback": N_("Beatback"),
    "press": N_("Press"),
    "order": N_("Order of abilities"),
    "heal": N_("Heal"),
    "refund": N_("Refund a die"),
    "evacuate": N_("Evacuate"),
    "release": N_("Cooler"),
    "recover": N_("Recover Riot Gear"),
    "bounty_deck": N_("Set-up: Bounty deck"),
    "treasure_deck": N_("Set-up: Treasure deck"),
    "arena": N_("Set-up: arena"),
    "classes": N_("Set-up: Spec-Ops classes"),
    "crew": N_("Set-up: crew draft"),
    "ban": N_("Set-up: bans"),
    "gear": N_("Set-up: Riot Gear draft"),
}

_DONE_REASONS = {
    RUN: N_("already ran this activation"),
    ATTACK: N_("already attacked this activation"),
    RAID: N_("already raided this activation"),
    RIG: N_("already rigged this activation"),
    SPECIAL: N_("already used a Special Action this activation"),
}


def dice(n: int) -> str:
    return ngettext("{n} Action Die", "{n} Action Dice", n).format(n=n)


# ---------------------------------------------------------------------------------------------
# The menu


def action_menu(s: RQState) -> list[MenuEntry]:
    """The action bar for the seat to move: every legal action once, and greyed slots."""
    if s.phase == "over":
        return []
    legal = legal_actions(s)
    if s.pending:
        heading = FRAME_HEADINGS.get(s.pending[-1].kind, s.pending[-1].kind)
        return [_entry(s, a, EQUIP if a.kind == "equip" else heading) for a in legal]
    if s.phase != "go":
        return [_entry(s, a, "") for a in legal]
    if s.active is not None:
        return _activation_menu(s, legal)
    return _turn_menu(s, legal)


def _entry(s: RQState, a: Action, group: str) -> MenuEntry:
    return MenuEntry(describe(s, a), a, cost=cost(s, a), group=group)


def cost(s: RQState, a: Action) -> str:
    """What an action spends, in words ("1 Action Die", "3 Loot", "free")."""
    k = a.kind
    if k in ("run", "rig", "special"):
        return dice(1)
    if k == "attack":
        return dice(a.number("dice"))
    if k == "raid":
        h = s.heroes[s.priority][a.word("hero")]
        return _("free (its class's Chest)") if _free_raid(s, h) else dice(1)
    if k == "equip":
        h = s.heroes[s.priority][a.word("hero")]
        return _("{n} Loot").format(n=gear_cost(s, h, a.word("gear")))
    return ""


def _free_raid(s: RQState, h: Hero) -> bool:
    return s.chest is not None and content().chests[s.chest].class_.value == prof(h).cls


def _turn_menu(s: RQState, legal: list[Action]) -> list[MenuEntry]:
    """No hero activating: activate one (or pass when none can), equip gear."""
    seat = s.priority
    out = [_entry(s, a, EQUIP if a.kind == "equip" else ACTIVATE) for a in legal]
    can = {a.word("hero") for a in legal if a.kind == "activate"}
    for h in s.heroes[seat].values():
        if h.id in can or s.forced_pass:
            continue
        label = _("Activate {hero}").format(hero=hero_name(h.id))
        out.append(MenuEntry(label, None, _why_not_activate(h), "", ACTIVATE))
    if not any(a.kind == "pass" for a in legal):
        why = _("you took your turn: activate a hero")
        out.append(MenuEntry(_("Pass"), None, why, "", ACTIVATE))
    if not any(a.kind == "equip" for a in legal):
        out.append(MenuEntry(_(EQUIP), None, why_no_equip(s, seat), "", EQUIP))
    return out


def _why_not_activate(h: Hero) -> str:
    name = hero_name(h.id)
    if h.place != "arena":
        where = _(_PLACES.get(h.place, h.place))
        return _("{hero} is not in the arena ({place})").format(hero=name, place=where)
    if h.dice:
        return _("{hero} already has Action Dice on its card this round").format(hero=name)
    return _("{hero} has no action it could take").format(hero=name)


def why_no_equip(s: RQState, seat: int) -> str:
    pl = s.players[seat]
    if not pl.hand:
        return _("no Riot Gear in your hand")
    if not any(h.place == "arena" for h in s.heroes[seat].values()):
        return _("none of your heroes is in the arena")
    cheapest = min(content().gear[g].cost for g in pl.hand)
    if pl.loot < cheapest:
        return _("the cheapest card in your hand costs {n} Loot; you have {loot}").format(
            n=cheapest, loot=pl.loot
        )
    return _("no card in your hand costs {n} Loot or less for your heroes").format(n=_cheapest())


def _activation_menu(s: RQState, legal: list[Action]) -> list[MenuEntry]:
    """One slot per action of the active hero's card, in the card's order."""
    h = s.heroes[s.priority][s.active or ""]
    p = prof(h)
    labels = _slot_labels(p)
    slots: dict[str, list[MenuEntry]] = {name: [] for name in labels}
    slots.setdefault(EQUIP, [])
    slots.setdefault(END, [])
    for a in legal:
        group = _slot_of(h, p, a)
        slots.setdefault(group, []).append(_entry(s, a, group))
    out: list[MenuEntry] = []
    for group, entries in slots.items():
        if entries:
            out += entries
        else:
            label = labels.get(group) or _(group)
            out.append(MenuEntry(label, None, _why_closed(s, h, p, group), "", group))
    return out


# a weapon's kind as a slot's label names it
_KINDS = {"melee": N_("melee"), "ranged": N_("ranged")}
# where a hero out of the arena is, as a reason names it
_PLACES = {"bench": N_("bench"), "cooler": N_("cooler")}


def _slot_labels(p: Profile) -> dict[str, str]:
    """The slots of a hero's card in order: heading (English data) -> label (translated)."""
    out = {"Run": _("Run")}
    for w in p.weapons:
        kind = _(_KINDS[w.kind]) if w.kind in _KINDS else w.kind
        label = _("Attack ({kind}): {weapon}").format(kind=kind, weapon=_(w.name))
        out[_attack_slot(w.name, w.kind)] = label
    out["Raid"] = _("Raid")
    out["Rig"] = _("Rig")
    for sp in p.specials:
        out[_special_slot(sp.name)] = _("Special: {name}").format(name=_(sp.name))
    return out


def _attack_slot(weapon_name: str, kind: str) -> str:
    return f"Attack ({kind}): {weapon_name}"


def _special_slot(name: str) -> str:
    return f"Special: {name}"


def _slot_of(h: Hero, p: Profile, a: Action) -> str:
    k = a.kind
    if k == "attack":
        w = next(w for w in p.weapons if w.id == a.word("weapon"))
        return _attack_slot(w.name, w.kind)
    if k == "special":
        sp = next(sp for sp in p.specials if sp.kind == a.word("ability"))
        return _special_slot(sp.name)
    return {"run": "Run", "raid": "Raid", "rig": "Rig", "equip": EQUIP}.get(k, END)


def _why_closed(s: RQState, h: Hero, p: Profile, group: str) -> str:
    """Why a slot of the active hero's card offers nothing now, in a player's words."""
    name = hero_name(h.id)
    if group == END:
        return _("perform at least one action first")
    if group == EQUIP:
        return why_no_equip(s, h.seat)
    if h.place != "arena":
        return _("{hero} is no longer in the arena").format(hero=name)
    bit = _slot_bit(group)
    if s.done & bit:
        return _(_DONE_REASONS[bit])
    well = s.players[h.seat].well
    if group == "Raid":
        return why_no_raid(s, h)
    if well < 1:
        return _("no Action Dice left")
    if group == "Run":
        return _("no free hex {hero} can reach").format(hero=name)
    if group == "Rig":
        return why_no_rig(s, h)
    if bit == ATTACK:
        w = next(w for w in p.weapons if _attack_slot(w.name, w.kind) == group)
        return _("no enemy within range {n} of the {weapon}").format(n=w.rng, weapon=_(w.name))
    sp = next(sp for sp in p.specials if _special_slot(sp.name) == group)
    return why_no_special(h, sp.kind, sp.range)


def _slot_bit(group: str) -> int:
    if group.startswith("Attack"):
        return ATTACK
    if group.startswith("Special"):
        return SPECIAL
    return {"Run": RUN, "Raid": RAID, "Rig": RIG}[group]


def why_no_raid(s: RQState, h: Hero) -> str:
    name = hero_name(h.id)
    if s.chest is None or s.chest_pos is None:
        return _("no Chest in the arena")
    if h.place != "arena" or not s.board().adjacent(h.at(), s.chest_pos):
        return _("no chest adjacent: the Chest is not next to {hero}").format(hero=name)
    if s.players[h.seat].well < 1 and not _free_raid(s, h):
        return _("no Action Dice left (only a Chest of the hero's own class is raided free)")
    return _("raiding is not possible now")


def why_no_rig(s: RQState, h: Hero) -> str:
    rig = [c for c in s.tokens if content().bounties[c].goal == "rig"]
    if not rig:
        return _("no Bounty to rig is in play")
    if not rig_tokens(s, h):
        return _("no rig Bounty token next to {hero}").format(hero=hero_name(h.id))
    return _("rigging is not possible now")


_SPECIAL_REASONS = {
    "leap": N_("no empty hex in range to land on"),
    "blink": N_("no empty hex in range to land on"),
    "dash": N_("no free hex it can reach"),
    "patch": N_("no damaged friend next to it"),
    "shove": N_("no enemy next to it that can be shoved"),
}
_NOTHING = N_("nothing to use it on")
_NOTHING_THERE = N_("{special}: nothing to use it on there")
# the same, as the refusal of an action aimed at one hex says it: "{special}: ... there"
_SPECIAL_THERE = {
    "leap": N_("{special}: no empty hex in range to land on there"),
    "blink": N_("{special}: no empty hex in range to land on there"),
    "dash": N_("{special}: no free hex it can reach there"),
    "patch": N_("{special}: no damaged friend next to it there"),
    "shove": N_("{special}: no enemy next to it that can be shoved there"),
}


def why_no_special(h: Hero, kind: str, rng: int) -> str:
    if kind == "medkit" and h.damage == 0:
        return _("{hero} has no damage to heal").format(hero=hero_name(h.id))
    return _(_SPECIAL_REASONS.get(kind, _NOTHING))


def why_no_special_there(h: Hero, kind: str, special: str) -> str:
    """Why a special action aimed at a hex (or a hero) is refused there, ``special`` its
    translated name: "LEAP: no empty hex in range to land on there"."""
    if kind == "medkit" and h.damage == 0:
        why = _("{special}: {hero} has no damage to heal there")
        return why.format(special=special, hero=hero_name(h.id))
    return _(_SPECIAL_THERE.get(kind, _NOTHING_THERE)).format(special=special)


# ---------------------------------------------------------------------------------------------
# Refusals


def refusal(s: RQState, a: Action) -> str | None:
    """Why ``a`` may not be played now, or None. A hero action for a hero that may activate
    but has not yet is judged as if it had (the view offers a hero's actions before its
    activation, and a click on them activates it first)."""
    from riotsim.games.riotquest import rules

    trial = s.copy()
    hero = a.get("hero")
    if (
        not s.pending
        and s.phase == "go"
        and s.active is None
        and a.kind in rules.ACTION_KINDS
        and isinstance(hero, str)
    ):
        activate = next(
            (x for x in legal_actions(s) if x.kind == "activate" and x.get("hero") == hero), None
        )
        if activate is not None:
            rules.apply(trial, activate)
    try:
        rules.apply(trial, a)
    except IllegalAction as err:
        return err.reason
    return None


def why_run(s: RQState, h: Hero, cell: object) -> str:
    """Why ``h`` cannot run to ``cell`` (rulebook "Run", "Movement & Terrain")."""
    arena = s.board()
    name = hero_name(h.id)
    if not (isinstance(cell, tuple) and cell in arena.step_cost):
        return _("that hex is off the board")
    if cell in arena.blocked:
        return _("nobody can stand on that hex (a barrier, gate or beacon)")
    who = s.occ.get(cell)
    if who is not None:
        return _("{hero} stands on that hex").format(hero=hero_name(who[1]))
    spd = prof(h).spd
    steps = move_dests(s, h, 40).get(cell)
    if steps is None:
        return _("{hero} has no way to that hex (barriers and enemies block)").format(hero=name)
    why = ngettext(
        "that hex is {steps} step away; {hero} can run {spd} (obstacles cost 2)",
        "that hex is {steps} steps away; {hero} can run {spd} (obstacles cost 2)",
        steps,
    )
    return why.format(steps=steps, hero=name, spd=spd)
