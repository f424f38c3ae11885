"""Player-facing labels for Riot Quest actions (buttons and the game log)."""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Action
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.state import RQState


def arena_title(arena_id: str) -> str:
    from riotsim.games.riotquest.arena import arena_title as title

    return title(arena_id)


def _weapon(hero_id: str, weapon_id: str) -> str:
    h = content().heroes.get(hero_id)
    for w in getattr(h, "weapons", ()) or ():
        if getattr(w, "id", None) == weapon_id:
            return w.name
    return weapon_id.replace("_", " ")


def _hero(hero_id: str) -> str:
    h = content().heroes.get(hero_id)
    return h.name.split(",")[0] if h else hero_id


def hex_label(cell: tuple[int, int]) -> str:
    """A short name for any hex, the one the board shows under the pointer: column letter(s)
    and row number from 1 (``(6, 4)`` -> ``G5``)."""
    col, row = cell
    letters = ""
    col += 1
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{row + 1}"


def place_name(arena: Any, cell: Any) -> str:
    """A hex as players read it: ``the centre``, ``Spawn Gate 3``, ``Beacon 5``, ``next to
    Beacon 5`` (features first: the centre, then beacons, then gates), else ``hex G5``."""
    cell = (int(cell[0]), int(cell[1]))
    if arena is None:
        return f"hex {hex_label(cell)}"
    if cell == arena.centre:
        return "the centre"
    if cell in arena.gate_of:
        return f"Spawn Gate {arena.gate_of[cell]}"
    if cell in arena.beacon_of:
        return f"Beacon {arena.beacon_of[cell]}"
    near = arena.nbrs.get(cell, ())
    if arena.centre in near:
        return "next to the centre"
    for table, label in ((arena.beacon_of, "Beacon"), (arena.gate_of, "Spawn Gate")):
        found = sorted(table[n] for n in near if n in table)
        if found:
            return f"next to {label} {found[0]}"
    return f"hex {hex_label(cell)}"


def _to(s: RQState, cell: Any) -> str:
    """``to the centre``, ``next to Beacon 5``, ``to hex G5``: the destination of a move."""
    name = place_name(s.arena, cell)
    return name if name.startswith("next to") else f"to {name}"


def _at(s: RQState, cell: Any) -> str:
    name = place_name(s.arena, cell)
    return name if name.startswith("next to") else f"on {name}"


def _player(s: RQState, seat: int) -> str:
    if 0 <= seat < len(s.players) and s.players[seat].name:
        return s.players[seat].name
    return f"player {seat + 1}"


def describe(s: RQState, a: Action) -> str:
    c = content()
    k = a.kind
    hero = a.get("hero")
    if k == "activate":
        return f"Activate {_hero(hero)}"
    if k == "run":
        return f"{_hero(hero)} runs {_to(s, a.cell('to'))}"
    if k == "attack":
        dice = "die" if a.number("dice") == 1 else "dice"
        target, of = a.word("target"), a.number("of")
        return (
            f"{_hero(hero)} attacks {_hero(target)} ({_player(s, of)}) with "
            f"{_weapon(hero, a.word('weapon'))}, {a.number('dice')} Action {dice}"
        )
    if k == "raid":
        return f"{_hero(hero)} raids the Chest"
    if k == "rig":
        return f"{_hero(hero)} rigs {c.bounties[a.word('bounty')].name}"
    if k == "special":
        extra = f" {_to(s, a.cell('to'))}" if a.get("to") else ""
        if a.get("target"):
            extra = f" on {_hero(a.word('target'))}" + extra
        return f"{_hero(hero)}: {a.word('ability')}{extra}"
    if k == "equip":
        g = c.gear[a.word("gear")]
        return f"Equip {g.name} on {_hero(hero)}"
    if k == "pass":
        return "Pass for the rest of the round"
    if k == "take_turn":
        return "Take your turn"
    if k == "end_activation":
        return "End activation"
    if k == "spawn":
        return f"Spawn {_hero(hero)}"
    if k == "place":
        return f"Place {_hero(hero)} {_at(s, a.cell('to'))}"
    if k in ("beatback", "press"):
        return f"{k.title()} {_to(s, a.cell('to'))}"
    if k == "skip":
        return "Skip"
    if k == "done":
        return "Done"
    if k == "order":
        return f"Resolve {a.word('ability')} next"
    if k in ("heal", "refund", "evacuate", "release", "pick", "ban"):
        return f"{k.title()} {_hero(hero)}"
    if k == "recover":
        return f"Recover {c.gear[a.word('gear')].name}"
    if k == "gear":
        g = c.gear[a.word("gear")]
        return f"Take {g.name} ({g.cost} Loot)"
    if k == "bounty_deck":
        return f"Bounty deck: {c.bounty_deck_names[a.word('deck')]}"
    if k == "treasure_deck":
        return f"Treasure deck: {c.treasure_deck_names[a.word('deck')]}"
    if k == "arena":
        return f"Arena: {arena_title(a.word('arena'))}"
    if k == "classes":
        return f"Spec-Ops classes: {a.word('first')} and {a.word('second')}"
    return str(a)
