"""Riot Quest attack maths: the dice an attack rolls and the DEF it must beat (rulebook
"Attacking", "Modifying Defense")."""

from __future__ import annotations

from riotsim.core.contract import Action
from riotsim.games.riotquest.profile import Weapon, prof
from riotsim.games.riotquest.state import RUN, Hero, RQState


def defence(s: RQState, target: Hero, attacker: Hero, kind: str) -> tuple[int, int]:
    """Rulebook "Modifying Defense": modifiers apply to both DEF values, each named one once."""
    tp = prof(target)
    ap = prof(attacker)
    mod = 0
    cover = target.pos in s.board().obstacles or "shadowed" in tp.abilities
    # Aim: a Gunner's ranged attacks ignore Cover.
    if cover and not (kind == "ranged" and "aim" in ap.abilities):
        mod += 1
    if kind == "ranged":
        arena = s.board()
        # Safeguard: another friendly Guard adjacent gives +1 DEF against ranged attacks.
        for h in s.heroes[target.seat].values():
            if (
                h.place == "arena"
                and h is not target
                and "safeguard" in prof(h).abilities
                and target.at() in arena.nbrs[h.at()]
            ):
                mod += 1
                break
        # Spotter: an enemy Scout of the attacker's crew within 3 gives -1 DEF against the
        # ranged attacks of that crew.
        for h in s.heroes[attacker.seat].values():
            if (
                h.place == "arena"
                and "spotter" in prof(h).abilities
                and arena.distance(h.at(), target.at()) <= 3
            ):
                mod -= 1
                break
    return max(0, tp.def1 + mod), max(0, tp.def2 + mod)


def weapon(h: Hero, weapon_id: str) -> Weapon:
    """The hero's weapon ``weapon_id`` as equipped (Riot Gear folded in)."""
    for w in prof(h).weapons:
        if w.id == weapon_id:
            return w
    raise KeyError(f"{h.id} has no weapon {weapon_id!r}")


def _attack_dice(s: RQState, h: Hero, w: Weapon, action_dice: int) -> tuple[int, int, int]:
    boost = w.boost
    # Charge: a Fighter's melee attack after it ran this activation rolls +1 Boost die.
    if w.kind == "melee" and s.done & RUN and s.active == h.id and "charge" in prof(h).abilities:
        boost += 1
    return action_dice, boost, w.power


def attack_dice(
    s: RQState, hero_id: str, weapon_id: str, action_dice: int, seat: int | None = None
) -> tuple[int, int, int]:
    """Rulebook "Making Attacks": the (Action, Boost, Power) dice an attack by ``hero_id`` of
    ``seat`` (default: the player whose turn it is) with ``weapon_id`` rolls now - the
    weapon's dice as equipped (Riot Gear such as Bang Rounds included) and Charge's extra
    Boost die for a Fighter's melee attack after running. The play screen's dice chooser
    reads its odds from here, so they are the dice the rules then roll."""
    h = s.heroes[s.priority if seat is None else seat][hero_id]
    return _attack_dice(s, h, weapon(h, weapon_id), action_dice)


def attack_defence(
    s: RQState,
    hero_id: str,
    weapon_id: str,
    target_seat: int,
    target_id: str,
    seat: int | None = None,
) -> tuple[int, int]:
    """The target's two DEF values against this attack (rulebook "Modifying Defense": Cover,
    Aim, Safeguard, Spotter), as the rules compare the strikes with them."""
    h = s.heroes[s.priority if seat is None else seat][hero_id]
    return defence(s, s.heroes[target_seat][target_id], h, weapon(h, weapon_id).kind)


def attack_pool(s: RQState, a: Action) -> tuple[tuple[int, int, int], tuple[int, int]]:
    """For a legal ``attack`` action: its (Action, Boost, Power) dice and the target's DEF."""
    dice = attack_dice(s, a.word("hero"), a.word("weapon"), a.number("dice"))
    return dice, attack_defence(
        s, a.word("hero"), a.word("weapon"), a.number("of"), a.word("target")
    )
