"""Which legal Riot Quest action sits where on the screen (no drawing, no pygame).

The view asks the rules for the legal actions and sorts them here: hexes to click (runs,
leaps, placements, Beatback), enemies to attack (grouped for the dice chooser), heroes to pick
(Shove targets, Patch Up, heal/refund/evacuate choices) and the rest as buttons.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import Action
from riotsim.games.riotquest import rules

Cell = tuple[int, int]
Key = tuple[int, str]  # (seat, hero id)

SETUP_KINDS = ("bounty_deck", "treasure_deck", "arena", "classes", "crew", "ban", "gear")
HERO_CHOICES = ("heal", "refund", "evacuate")  # frame choices of a hero that may be on the board


# ---------------------------------------------------------------------------------------------
# Which legal action sits where


@dataclass
class ActionIndex:
    seat: int | None = None  # deciding seat
    mine: bool = False  # the viewer decides now
    frame: Any = None  # the pending Decision, if any
    legal: list[Action] = field(default_factory=list)
    focus: Key | None = None
    hexes: dict[Cell, list[Action]] = field(default_factory=dict)
    attacks: dict[Key, list[Action]] = field(default_factory=dict)
    shoves: dict[Key, list[Action]] = field(default_factory=dict)
    targets: dict[Key, list[Action]] = field(default_factory=dict)
    buttons: list[Action] = field(default_factory=list)
    equips: list[Action] = field(default_factory=list)
    activatable: set[Key] = field(default_factory=set)
    setup: list[Action] = field(default_factory=list)
    activate: Action | None = None  # set while previewing a hero that is not active yet
    preview: set[Action] = field(default_factory=set)


def build_index(
    state: Any,
    legal: list[Action],
    seat: int | None,
    mine: bool,
    focus: Key | None,
    shove_target: Key | None = None,
    preview: list[Action] | None = None,
) -> ActionIndex:
    """Sort the legal actions into board targets, attack targets and buttons.

    With no hero activating, ``preview`` holds what the focused hero could do once activated
    (the rules' legal actions on a copy of the state after ``activate``): those are shown on
    the board and clicking one activates the hero and performs it.
    """
    idx = ActionIndex(seat=seat, mine=mine, legal=list(legal))
    idx.frame = state.pending[-1] if state.pending else None
    if idx.frame is not None and idx.frame.kind in SETUP_KINDS:
        idx.setup = [a for a in legal if a.kind not in ("done", "skip")]
        idx.buttons = [a for a in legal if a.kind in ("done", "skip")]
        return idx
    hero_actions: list[Action] = []
    if idx.frame is None and seat is not None:
        if state.active is not None:
            focus = (seat, state.active)
            hero_actions = [a for a in legal if a.kind not in ("equip", "pass", "end_activation")]
        else:
            activations = {a.word("hero"): a for a in legal if a.kind == "activate"}
            idx.activatable = {(seat, h) for h in activations}
            if focus is not None and focus not in idx.activatable:
                focus = None
            if focus is not None:
                idx.activate = activations[focus[1]]
                hero_actions = [
                    a
                    for a in preview or []
                    if a.kind not in ("equip", "pass", "end_activation", "activate")
                ]
                idx.preview = set(hero_actions)
    idx.focus = focus
    for a in legal:
        k = a.kind
        hero = a.get("hero")
        to = a.get("to")
        if k == "equip":  # offered whenever the player has Priority, also at take-or-pass
            idx.equips.append(a)
        elif idx.frame is not None:
            if to is not None:
                idx.hexes.setdefault(tuple(to), []).append(a)
                continue
            if k in HERO_CHOICES and hero is not None:
                h = state.heroes[idx.frame.seat].get(hero)
                if h is not None and h.place == "arena":
                    idx.targets.setdefault((h.seat, hero), []).append(a)
            idx.buttons.append(a)
        elif k in ("pass", "end_activation"):
            idx.buttons.append(a)
    for a in hero_actions:
        k = a.kind
        to = a.get("to")
        if focus is None or seat is None or a.get("hero") != focus[1]:
            continue
        if k == "attack":
            idx.attacks.setdefault((a.number("of"), a.word("target")), []).append(a)
        elif k == "special" and a.get("target") is not None and to is not None:
            key = (a.number("of"), a.word("target"))
            idx.shoves.setdefault(key, []).append(a)
            if shove_target == key:
                idx.hexes.setdefault(tuple(to), []).append(a)
        elif k == "special" and a.get("target") is not None:
            idx.targets.setdefault((seat, a.word("target")), []).append(a)
        elif to is not None:
            idx.hexes.setdefault(tuple(to), []).append(a)
        else:
            idx.buttons.append(a)
    return idx


def attack_pool(state: Any, action: Action) -> tuple[int, int, tuple[int, int]]:
    """Boost dice, Power dice and the target's effective DEF for an attack action, asked of
    the rules (``rules.attack_pool``: the weapon as equipped, Charge, Cover, Aim, Safeguard,
    Spotter), so the chooser's odds are those of the roll the rules then make."""
    (_, boost, power), defence = rules.attack_pool(state, action)
    return boost, power, defence
