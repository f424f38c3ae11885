"""The Riot Quest action menu: what the seat to move may do now, under headings, and what it
could do but may not, greyed with the reason (rulebook "Activating", "Actions", "Riot Gear").

While a hero activates the menu has one slot per action of its card (Run, Attack with each
weapon, Raid, Rig, its Special Action, Equip, End activation): the legal actions of the slot,
each with its dice cost, or one greyed entry saying why the slot is closed. The other phases
list their legal actions under a heading. The view draws the menu; it decides nothing.
"""

from __future__ import annotations

from riotsim.core.contract import Action, IllegalAction, MenuEntry
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.describe import describe
from riotsim.games.riotquest.legal import _cheapest, gear_cost, legal_actions
from riotsim.games.riotquest.movement import move_dests
from riotsim.games.riotquest.profile import Profile, prof
from riotsim.games.riotquest.rigging import rig_tokens
from riotsim.games.riotquest.state import ATTACK, RAID, RIG, RUN, SPECIAL, Hero, RQState

EQUIP = "Equip"
END = "End activation"

# the heading of each pending decision's entries
FRAME_HEADINGS = {
    "turn": "Your turn",
    "spawn": "Spawn",
    "place": "Place",
    "beatback": "Beatback",
    "press": "Press",
    "order": "Order of abilities",
    "heal": "Heal",
    "refund": "Refund a die",
    "evacuate": "Evacuate",
    "release": "Cooler",
    "recover": "Recover Riot Gear",
    "bounty_deck": "Set-up: Bounty deck",
    "treasure_deck": "Set-up: Treasure deck",
    "arena": "Set-up: arena",
    "classes": "Set-up: Spec-Ops classes",
    "crew": "Set-up: crew draft",
    "ban": "Set-up: bans",
    "gear": "Set-up: Riot Gear draft",
}

_DONE_REASONS = {
    RUN: "already ran this activation",
    ATTACK: "already attacked this activation",
    RAID: "already raided this activation",
    RIG: "already rigged this activation",
    SPECIAL: "already used a Special Action this activation",
}


def hero_name(hero_id: str) -> str:
    h = content().heroes.get(hero_id)
    return h.name.split(",")[0] if h else hero_id


def dice(n: int) -> str:
    return f"{n} Action {'Die' if n == 1 else 'Dice'}"


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
        return "free (its class's Chest)" if _free_raid(s, h) else dice(1)
    if k == "equip":
        h = s.heroes[s.priority][a.word("hero")]
        return f"{gear_cost(s, h, a.word('gear'))} Loot"
    return ""


def _free_raid(s: RQState, h: Hero) -> bool:
    return s.chest is not None and content().chests[s.chest].class_.value == prof(h).cls


def _turn_menu(s: RQState, legal: list[Action]) -> list[MenuEntry]:
    """No hero activating: activate one (or pass when none can), equip gear."""
    seat = s.priority
    out = [_entry(s, a, EQUIP if a.kind == "equip" else "Activate") for a in legal]
    can = {a.word("hero") for a in legal if a.kind == "activate"}
    for h in s.heroes[seat].values():
        if h.id in can or s.forced_pass:
            continue
        out.append(
            MenuEntry(f"Activate {hero_name(h.id)}", None, _why_not_activate(h), "", "Activate")
        )
    if not any(a.kind == "pass" for a in legal):
        out.append(MenuEntry("Pass", None, "you took your turn: activate a hero", "", "Activate"))
    if not any(a.kind == "equip" for a in legal):
        out.append(MenuEntry(EQUIP, None, why_no_equip(s, seat), "", EQUIP))
    return out


def _why_not_activate(h: Hero) -> str:
    name = hero_name(h.id)
    if h.place != "arena":
        return f"{name} is not in the arena ({h.place})"
    if h.dice:
        return f"{name} already has Action Dice on its card this round"
    return f"{name} has no action it could take"


def why_no_equip(s: RQState, seat: int) -> str:
    pl = s.players[seat]
    if not pl.hand:
        return "no Riot Gear in your hand"
    if not any(h.place == "arena" for h in s.heroes[seat].values()):
        return "none of your heroes is in the arena"
    cheapest = min(content().gear[g].cost for g in pl.hand)
    if pl.loot < cheapest:
        return f"the cheapest card in your hand costs {cheapest} Loot; you have {pl.loot}"
    return f"no card in your hand costs {_cheapest()} Loot or less for your heroes"


def _activation_menu(s: RQState, legal: list[Action]) -> list[MenuEntry]:
    """One slot per action of the active hero's card, in the card's order."""
    h = s.heroes[s.priority][s.active or ""]
    p = prof(h)
    slots: dict[str, list[MenuEntry]] = {name: [] for name in _slot_names(p)}
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
            out.append(MenuEntry(group, None, _why_closed(s, h, p, group), "", group))
    return out


def _slot_names(p: Profile) -> list[str]:
    names = ["Run"]
    names += [_attack_slot(w.name, w.kind) for w in p.weapons]
    names += ["Raid", "Rig"]
    names += [_special_slot(sp.name) for sp in p.specials]
    return names


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
        return "perform at least one action first"
    if group == EQUIP:
        return why_no_equip(s, h.seat)
    if h.place != "arena":
        return f"{name} is no longer in the arena"
    bit = _slot_bit(group)
    if s.done & bit:
        return _DONE_REASONS[bit]
    well = s.players[h.seat].well
    if group == "Raid":
        return why_no_raid(s, h)
    if well < 1:
        return "no Action Dice left"
    if group == "Run":
        return f"no free hex {name} can reach"
    if group == "Rig":
        return why_no_rig(s, h)
    if bit == ATTACK:
        w = next(w for w in p.weapons if _attack_slot(w.name, w.kind) == group)
        return f"no enemy within range {w.rng} of the {w.name}"
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
        return "no Chest in the arena"
    if h.place != "arena" or not s.board().adjacent(h.at(), s.chest_pos):
        return f"no chest adjacent: the Chest is not next to {name}"
    if s.players[h.seat].well < 1 and not _free_raid(s, h):
        return "no Action Dice left (only a Chest of the hero's own class is raided free)"
    return "raiding is not possible now"


def why_no_rig(s: RQState, h: Hero) -> str:
    rig = [c for c in s.tokens if content().bounties[c].goal == "rig"]
    if not rig:
        return "no Bounty to rig is in play"
    if not rig_tokens(s, h):
        return f"no rig Bounty token next to {hero_name(h.id)}"
    return "rigging is not possible now"


_SPECIAL_REASONS = {
    "leap": "no empty hex in range to land on",
    "blink": "no empty hex in range to land on",
    "dash": "no free hex it can reach",
    "patch": "no damaged friend next to it",
    "shove": "no enemy next to it that can be shoved",
}


def why_no_special(h: Hero, kind: str, rng: int) -> str:
    if kind == "medkit" and h.damage == 0:
        return f"{hero_name(h.id)} has no damage to heal"
    return _SPECIAL_REASONS.get(kind, "nothing to use it on")


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
        return "that hex is off the board"
    if cell in arena.blocked:
        return "nobody can stand on that hex (a barrier, gate or beacon)"
    who = s.occ.get(cell)
    if who is not None:
        return f"{hero_name(who[1])} stands on that hex"
    spd = prof(h).spd
    steps = move_dests(s, h, 40).get(cell)
    if steps is None:
        return f"{name} has no way to that hex (barriers and enemies block)"
    return f"that hex is {steps} steps away; {name} can run {spd} (obstacles cost 2)"
