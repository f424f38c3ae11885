"""What a hero can do from its upgrade track, equipped cards and skill tiles."""

from __future__ import annotations

from functools import cache

from riotsim.games.quodd import catalog
from riotsim.games.quodd.state import Hero, State, Turn

BASE_MOVEMENT = 1  # printed at the start of the upgrade track
B_SIDE_MOVEMENT = 2  # Player Board B-Side: every skill's base movement (spec S8)
BASE_EXPLORE = 1
HAND_LIMIT = 5
LINEUP_SIZE = 5
TRACK_SLOTS = 6
Q_RANGE = 7


@cache
def _track_icons(hero_id: str, track: tuple[tuple[str, str], ...]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for tile_id, side in track:
        for icon, n in catalog.upgrade_tile(hero_id, tile_id).side(side).icons.items():
            totals[icon] = totals.get(icon, 0) + n
    return totals


def _bside_icons(hero: Hero) -> dict[str, int]:
    """A B-side board's icons that work now (spec S5, ``bside.lit_icons``)."""
    from riotsim.games.quodd import bside

    return bside.lit_icons(hero)


def track_icons(hero: Hero) -> dict[str, int]:
    """Every icon on the hero's upgrade track with its count (do not edit the dict)."""
    if hero.side == "b":
        return _bside_icons(hero)
    track = hero.track
    if not track:
        return {}
    counted = hero.counted
    if counted is not None and counted[1] == track and counted[0] == hero.hero:
        return counted[2]  # the same track as last time (most calls: a hot path)
    icons = _track_icons(hero.hero, tuple(track))
    hero.counted = (hero.hero, list(track), icons)
    return icons


def icon_count(hero: Hero, icon: str) -> int:
    """How many of ``icon`` the hero's upgrade track shows."""
    if hero.side == "b":
        return _bside_icons(hero).get(icon, 0)
    if not hero.track:
        return 0
    return track_icons(hero).get(icon, 0)


def passive_count(hero: Hero, passive: str) -> int:
    if not hero.items and not hero.pets:
        return 0
    cards = catalog.cards()
    return sum(1 for cid in hero.items + hero.pets if passive in cards[cid].passive)


def has(hero: Hero, ability: str) -> bool:
    """An upgrade icon or an equipped card's passive ability."""
    if not hero.track and not hero.items and not hero.pets and hero.side != "b":
        return False
    return icon_count(hero, ability) > 0 or passive_count(hero, ability) > 0


def crystals_carried(hero: Hero) -> int:
    return sum(1 for c in hero.carrying if c.startswith("crystal"))


def base_movement(hero: Hero) -> int:
    base = B_SIDE_MOVEMENT if hero.side == "b" else BASE_MOVEMENT
    icons = track_icons(hero)  # (icon_count, looked up once)
    total = base + icons.get("movement", 0) + passive_count(hero, "movement")
    if icons.get("greed_speed", 0):
        # carried and locked crystals (delivered ones are locked: they cannot be stolen)
        total += icons.get("greed_speed", 0) * (crystals_carried(hero) + hero.delivered)
    if icons.get("hunger_boost", 0):
        cards = catalog.cards()
        total += sum(1 for c in hero.hand if cards[c].type == "food")
    return total


def skill_distance(hero: Hero, turn: Turn, skill: str) -> int:
    """Movement points for ``skill`` this turn: track + Power-Up boosts + gold tile bonus."""
    total = base_movement(hero) + turn.boosts.get("all", 0) + turn.boosts.get(skill, 0)
    if skill in hero.upgraded:
        total += 1
    if hero.side == "b":  # S8: the movement slotted beside the skill's face
        from riotsim.games.quodd import bside

        total += bside.face_movement(hero, skill)
    return total


def explore_count(hero: Hero) -> int:
    return BASE_EXPLORE + icon_count(hero, "explore") + passive_count(hero, "explore")


def item_slots(hero: Hero) -> int:
    return 1 + icon_count(hero, "item_slot")


def pet_slots(hero: Hero) -> int:
    return 1 + icon_count(hero, "pet_slot")


def rune_range_bonus(hero: Hero) -> int:
    return 2 * (icon_count(hero, "rune_range") + passive_count(hero, "rune_range"))


def rooted(hero: Hero) -> bool:
    return passive_count(hero, "rooted") > 0


def free_tiles(hero: Hero) -> list[str]:
    """Upgrade tiles not yet on the track."""
    placed = {t for t, _ in hero.track} | {t for t, _ in hero.slots.values()}
    return [t.id for t in catalog.heroes()[hero.hero].upgrades if t.id not in placed]


def can_upgrade(hero: Hero) -> bool:
    if hero.buddy:
        return False  # a buddy card has no upgrade track (spec Y4, our ruling)
    if hero.side == "b":
        from riotsim.games.quodd import bside

        return bool(bside.upgrade_options(hero))
    return len(hero.track) < TRACK_SLOTS and bool(free_tiles(hero))


def q_power(state: State, hero: Hero) -> str:
    return catalog.heroes()[hero.hero].q_power


# Upgrade icons used as an action once per turn (Power-Up or Recovery): icon -> (effect,
# parameters, cards to discard as the cost).
ACTIVE_ICONS: dict[str, tuple[str, dict[str, object], int]] = {
    "good_aim": ("aim", {"range": 5}, 1),
    "twister": ("twister", {}, 1),
    "swap_skills": ("swap_other", {}, 0),
    "random_wind": ("wind", {}, 0),
    "strong_wind": ("strong_wind", {}, 0),
    "wipe_lineup": ("wipe_lineup", {}, 0),
    "explore_deck": ("explore_deck", {"n": 1}, 0),
    "crystal_bomb": ("crystal_bomb", {}, 0),  # only while carrying a crystal (actions)
    "timely_removal": ("timely_removal", {}, 0),  # pays 2 cards itself (icons.py)
}


@cache
def implemented_icons() -> frozenset[str]:
    """The upgrade icons the rules carry out: those a rules module (not the vocabulary in
    catalog.py) names in quotes. The content check refuses a hero tile showing another."""
    from pathlib import Path

    here = Path(__file__).parent
    source = "".join(p.read_text() for p in sorted(here.glob("*.py")) if p.name != "catalog.py")
    return frozenset(i for i in catalog.UpgradeIcon.__args__ if f'"{i}"' in source)  # type: ignore[attr-defined]
