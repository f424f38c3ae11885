"""Player-facing labels for Riot Quest actions (buttons and the game log), in the language
spoken (issue 17): every text is built from whole marked sentences, content names through
``_()``; the rules never read them back."""

from __future__ import annotations

import re
from typing import Any

from riotsim.core.contract import Action
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.state import RQState
from riotsim.i18n import N_, _, ngettext

# the rules words a label names by id, lower case as the labels print them (a special
# action's kind, a class, a triggered ability)
WORDS = {
    "leap": N_("leap"),
    "patch": N_("patch"),
    "dash": N_("dash"),
    "blink": N_("blink"),
    "medkit": N_("medkit"),
    "shove": N_("shove"),
    "displace": N_("displace"),
    "guard": N_("guard"),
    "fighter": N_("fighter"),
    "gunner": N_("gunner"),
    "scout": N_("scout"),
    "rogue": N_("rogue"),
    "specialist": N_("specialist"),
    "brutal": N_("brutal"),
    "siphon": N_("siphon"),
    "scavenger": N_("scavenger"),
    "beatback": N_("beatback"),
    "press": N_("press"),
    "thorns": N_("thorns"),
    "grudge": N_("grudge"),
    "vengeful": N_("vengeful"),
    "riposte": N_("riposte"),
}


def word(key: str) -> str:
    """A rules word named by id (a special action's kind, a class) in the language spoken."""
    found = WORDS.get(key)
    return _(found) if found is not None else key


def arena_title(arena_id: str) -> str:
    from riotsim.games.riotquest.arena import arena_title as title

    return _(title(arena_id))


def _weapon(hero_id: str, weapon_id: str) -> str:
    h = content().heroes.get(hero_id)
    for w in getattr(h, "weapons", ()) or ():
        if getattr(w, "id", None) == weapon_id:
            return _(w.name)
    return weapon_id.replace("_", " ")


def _hero(hero_id: str) -> str:
    """A hero's name without its title (a proper name, kept), else its translated name."""
    h = content().heroes.get(hero_id)
    if h is None:
        return hero_id
    short = h.name.split(",")[0]
    return short if short != h.name else _(h.name)


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


def place_kind(arena: Any, cell: Any) -> tuple[str, int]:
    """What a hex is to players, as data: ``("centre", 0)``, ``("gate", 3)``, ``("beacon",
    5)``, ``("near_centre", 0)``, ``("near_beacon", 5)``, ``("near_gate", 3)`` or ``("hex",
    0)`` (features first: the centre, then beacons, then gates)."""
    cell = (int(cell[0]), int(cell[1]))
    if arena is None:
        return "hex", 0
    if cell == arena.centre:
        return "centre", 0
    if cell in arena.gate_of:
        return "gate", int(arena.gate_of[cell])
    if cell in arena.beacon_of:
        return "beacon", int(arena.beacon_of[cell])
    near = arena.nbrs.get(cell, ())
    if arena.centre in near:
        return "near_centre", 0
    for table, kind in ((arena.beacon_of, "near_beacon"), (arena.gate_of, "near_gate")):
        found = sorted(table[n] for n in near if n in table)
        if found:
            return kind, int(found[0])
    return "hex", 0


# a place alone, as the destination of a move ("to ..."), and as where a model is put ("on
# ..."): whole phrases per kind of place, so each language words them its own way
_NEAR = {
    "near_centre": N_("next to the centre"),
    "near_beacon": N_("next to Beacon {n}"),
    "near_gate": N_("next to Spawn Gate {n}"),
}
_PLACES = {
    "centre": N_("the centre"),
    "gate": N_("Spawn Gate {n}"),
    "beacon": N_("Beacon {n}"),
    "hex": N_("hex {hex}"),
    **_NEAR,
}
_TO = {
    "centre": N_("to the centre"),
    "gate": N_("to Spawn Gate {n}"),
    "beacon": N_("to Beacon {n}"),
    "hex": N_("to hex {hex}"),
    **_NEAR,
}
_ON = {
    "centre": N_("on the centre"),
    "gate": N_("on Spawn Gate {n}"),
    "beacon": N_("on Beacon {n}"),
    "hex": N_("on hex {hex}"),
    **_NEAR,
}


def _phrase(table: dict[str, str], arena: Any, cell: Any) -> str:
    kind, n = place_kind(arena, cell)
    return _(table[kind]).format(n=n, hex=hex_label((int(cell[0]), int(cell[1]))))


def place_name(arena: Any, cell: Any) -> str:
    """A hex as players read it: ``the centre``, ``Spawn Gate 3``, ``Beacon 5``, ``next to
    Beacon 5`` (features first: the centre, then beacons, then gates), else ``hex G5``."""
    return _phrase(_PLACES, arena, cell)


def _to(s: RQState, cell: Any) -> str:
    """``to the centre``, ``next to Beacon 5``, ``to hex G5``: the destination of a move."""
    return _phrase(_TO, s.arena, cell)


def _at(s: RQState, cell: Any) -> str:
    return _phrase(_ON, s.arena, cell)


def _player(s: RQState, seat: int) -> str:
    if 0 <= seat < len(s.players) and s.players[seat].name:
        return s.players[seat].name
    return _("player {n}").format(n=seat + 1)


_REASON = re.compile(
    r"^(?:reached (?P<goal>\d+) VP|round limit \((?P<limit>\d+)\) reached)"
    r"(?P<tail>; a draw after the tie-breakers|; decided by the tie-breakers)?$"
)
_REASONS = {
    ("goal", None): N_("reached {n} VP"),
    ("goal", "draw"): N_("reached {n} VP; a draw after the tie-breakers"),
    ("goal", "tie"): N_("reached {n} VP; decided by the tie-breakers"),
    ("limit", None): N_("round limit ({n}) reached"),
    ("limit", "draw"): N_("round limit ({n}) reached; a draw after the tie-breakers"),
    ("limit", "tie"): N_("round limit ({n}) reached; decided by the tie-breakers"),
}


def reason_text(reason: str) -> str:
    """Why a game ended, in the language spoken. The state, the ``Won`` event and the
    Outcome keep the English reason as data (the balance report counts them); the views
    show it through this."""
    found = _REASON.match(reason)
    if found is None:
        return _(reason) if reason else reason
    way = "goal" if found["goal"] else "limit"
    tail = found["tail"] or ""
    end = "draw" if "draw" in tail else "tie" if tail else None
    return _(_REASONS[way, end]).format(n=int(found["goal"] or found["limit"]))


def _special(s: RQState, a: Action, hero: str) -> str:
    ability = word(a.word("ability"))
    target = _hero(a.word("target")) if a.get("target") else None
    if a.get("to"):
        to = _to(s, a.cell("to"))
        if target is not None:
            return _("{hero}: {ability} on {target} {to}").format(
                hero=hero, ability=ability, target=target, to=to
            )
        return _("{hero}: {ability} {to}").format(hero=hero, ability=ability, to=to)
    if target is not None:
        return _("{hero}: {ability} on {target}").format(hero=hero, ability=ability, target=target)
    return _("{hero}: {ability}").format(hero=hero, ability=ability)


def _attack(s: RQState, a: Action, hero_id: str) -> str:
    n = a.number("dice")
    text = ngettext(
        "{hero} attacks {target} ({player}) with {weapon}, {n} Action die",
        "{hero} attacks {target} ({player}) with {weapon}, {n} Action dice",
        n,
    )
    return text.format(
        hero=_hero(hero_id),
        target=_hero(a.word("target")),
        player=_player(s, a.number("of")),
        weapon=_weapon(hero_id, a.word("weapon")),
        n=n,
    )


# the labels of the kinds that name nothing but themselves, or one hero
_PLAIN = {
    "pass": N_("Pass for the rest of the round"),
    "take_turn": N_("Take your turn"),
    "end_activation": N_("End activation"),
    "skip": N_("Skip"),
    "done": N_("Done"),
}
_OF_HERO = {
    "activate": N_("Activate {hero}"),
    "raid": N_("{hero} raids the Chest"),
    "spawn": N_("Spawn {hero}"),
    "heal": N_("Heal {hero}"),
    "refund": N_("Refund {hero}"),
    "evacuate": N_("Evacuate {hero}"),
    "release": N_("Release {hero}"),
    "pick": N_("Pick {hero}"),
    "ban": N_("Ban {hero}"),
}


def describe(s: RQState, a: Action) -> str:
    """An action in a player's words, in the language spoken."""
    k = a.kind
    if k in _PLAIN:
        return _(_PLAIN[k])
    hero = a.get("hero")
    if k in _OF_HERO:
        return _(_OF_HERO[k]).format(hero=_hero(hero))
    if k == "run":
        return _("{hero} runs {to}").format(hero=_hero(hero), to=_to(s, a.cell("to")))
    if k == "attack":
        return _attack(s, a, hero)
    if k == "special":
        return _special(s, a, _hero(hero))
    if k == "place":
        return _("Place {hero} {on}").format(hero=_hero(hero), on=_at(s, a.cell("to")))
    if k == "beatback":
        return _("Beatback {to}").format(to=_to(s, a.cell("to")))
    if k == "press":
        return _("Press {to}").format(to=_to(s, a.cell("to")))
    return _describe_choice(a)


def _describe_choice(a: Action) -> str:
    """The set-up choices and the remaining decisions."""
    c = content()
    k = a.kind
    if k == "rig":
        return _("{hero} rigs {bounty}").format(
            hero=_hero(a.get("hero")), bounty=_(c.bounties[a.word("bounty")].name)
        )
    if k == "equip":
        gear = _(c.gear[a.word("gear")].name)
        return _("Equip {gear} on {hero}").format(gear=gear, hero=_hero(a.get("hero")))
    if k == "order":
        return _("Resolve {ability} next").format(ability=word(a.word("ability")))
    if k == "recover":
        return _("Recover {gear}").format(gear=_(c.gear[a.word("gear")].name))
    if k == "gear":
        g = c.gear[a.word("gear")]
        return _("Take {gear} ({n} Loot)").format(gear=_(g.name), n=g.cost)
    if k == "bounty_deck":
        return _("Bounty deck: {deck}").format(deck=_(c.bounty_deck_names[a.word("deck")]))
    if k == "treasure_deck":
        return _("Treasure deck: {deck}").format(deck=_(c.treasure_deck_names[a.word("deck")]))
    if k == "arena":
        return _("Arena: {arena}").format(arena=arena_title(a.word("arena")))
    if k == "classes":
        return _("Spec-Ops classes: {first} and {second}").format(
            first=word(a.word("first")), second=word(a.word("second"))
        )
    return str(a)
