"""A hero's effective card: base stats, class ability and equipped Riot Gear folded together.

Profiles depend only on (hero id, gear id), so they are computed once and cached; the rules
read them in hot loops.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from riotsim.games.riotquest.content import CLASS_ABILITY, content

if TYPE_CHECKING:
    from riotsim.games.riotquest.state import Hero


@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    name: str
    kind: str  # melee | ranged
    rng: int
    boost: int
    power: int
    abilities: frozenset[str]


@dataclass(frozen=True, slots=True)
class Special:
    kind: str
    name: str
    range: int
    from_gear: bool
    single_use: bool


@dataclass(frozen=True, slots=True)
class Profile:
    hero: str
    cls: str
    spd: int
    def1: int
    def2: int
    sta: int
    abilities: frozenset[str]  # class ability + hero abilities + gear abilities (names, once)
    weapons: tuple[Weapon, ...]
    specials: tuple[Special, ...]
    max_rng: int = 0
    sneak: bool = False
    nimble: bool = False
    gear: str | None = None  # the equipped Riot Gear it was built with


_CACHE: dict[tuple[str, str | None], Profile] = {}


def profile(hero_id: str, gear_id: str | None) -> Profile:
    key = (hero_id, gear_id)
    found = _CACHE.get(key)
    if found is not None:
        return found
    c = content()
    h = c.heroes[hero_id]
    g = c.gear[gear_id] if gear_id is not None else None
    cls = h.class_.value
    abilities = {CLASS_ABILITY[cls]} | {a.value for a in h.abilities}
    spd = h.spd
    def1, def2 = h.def_
    specials: list[Special] = []
    if h.special is not None:
        specials.append(
            Special(h.special.kind.value, h.special.name, h.special.range, False, False)
        )
    weapons = []
    for w in h.weapons:
        boost, power = w.boost, w.power
        wab = {a.value for a in w.abilities}
        if g is not None:
            if w.kind == "melee":
                boost += g.melee_boost
                power += g.melee_power
                wab |= {a.value for a in g.melee_abilities}
            else:
                boost += g.ranged_boost
                power += g.ranged_power
                wab |= {a.value for a in g.ranged_abilities}
        weapons.append(Weapon(w.id, w.name, w.kind, w.rng, boost, power, frozenset(wab)))
    if g is not None:
        spd += g.spd
        def1 += g.def_
        def2 += g.def_
        abilities |= {a.value for a in g.abilities}
        if g.special is not None:
            specials.append(
                Special(g.special.kind.value, g.special.name, g.special.range, True, g.single_use)
            )
    out = Profile(
        hero_id,
        cls,
        spd,
        def1,
        def2,
        h.sta,
        frozenset(abilities),
        tuple(weapons),
        tuple(specials),
        max(w.rng for w in weapons),
        "sneak" in abilities,
        "nimble" in abilities,
        gear_id,
    )
    _CACHE[key] = out
    return out


def prof(h: Hero) -> Profile:
    """The hero's effective card; kept on the hero until its gear changes (hot path)."""
    p = h.profile
    if p is None or p.gear != h.gear:
        p = h.profile = profile(h.id, h.gear)
    return p
