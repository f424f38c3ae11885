"""The player board B-side (issue 13 part C, spec S1-S9; rulebook *Player Board B-Side*).

A hero with ``side == "b"`` has no upgrade track: each end-of-round upgrade goes onto an
unoccupied slot beside one of the six faces (``Hero.slots``: face -> tile, side) and works
for that face only. Base movement is 2 for every skill, plus the movement icons slotted
beside the face the skill is on (S8). Every other icon applies once its face has activated,
until the end of that turn (S5, our ruling: ``Hero.lit`` holds the faces activated this
turn); an activation cost (a discard) is paid by activating the face (S4); explore icons
explore at once when their face activates, one normal explore each, and one from the top of
the deck for each explore-from-the-deck icon (S9). Tiles with a Q activation cost go only on
the Q face (S5); movement and Upgrade Skill there do nothing (S6). Upgrade Skill turns the
skill tile on its face gold, and rearranging turns tiles gold or back as they come onto or
leave such faces (S7). Once placed, a slotted tile never moves or flips (S2).
"""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Event, IllegalAction
from riotsim.core.fields import Reader
from riotsim.core.frames import Field
from riotsim.games.quodd import catalog, engine
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.cube import SKILL_FACES
from riotsim.games.quodd.decisions import DECISIONS, DecisionKind
from riotsim.games.quodd.events import SlotFilled
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import _

Events = list[Event]

BASE_MOVEMENT = 2  # S8: every skill's base movement on the B-side
FACES = (*SKILL_FACES, "q")  # the six slots, by index in a bside_slot choice
Q_ONLY = ("q_upgrade", "q_bomb")  # icons with a Q activation cost (S5)
NOTHING_ON_Q = ("movement", "upgrade_skill")  # S6
AT_ONCE = ("explore", "explore_deck")  # S9: explored when the face activates


def slot_icons(hero: Hero, face: str) -> dict[str, int]:
    """The icons of the tile slotted beside ``face`` (none when the slot is empty)."""
    slotted = hero.slots.get(face)
    if slotted is None:
        return {}
    printed = catalog.upgrade_tile(hero.hero, slotted[0]).side(slotted[1]).icons
    return {str(k): v for k, v in printed.items() if not (face == "q" and k in NOTHING_ON_Q)}


def lit_icons(hero: Hero) -> dict[str, int]:
    """The icons that work now (S5): those beside the faces activated this turn, without
    movement (it counts per face, ``face_movement``) and the at-once explores (S9)."""
    totals: dict[str, int] = {}
    for face in hero.lit:
        for icon, n in slot_icons(hero, face).items():
            if icon != "movement" and icon not in AT_ONCE:
                totals[icon] = totals.get(icon, 0) + n
    return totals


def face_of(hero: Hero, skill: str) -> str | None:
    return next((f for f, s in hero.skills.items() if s == skill), None)


def face_movement(hero: Hero, skill: str) -> int:
    """S8: the movement icons slotted beside the face ``skill`` is on."""
    face = face_of(hero, skill)
    return slot_icons(hero, face).get("movement", 0) if face else 0


# ---------------------------------------------------------------------------------------
# upgrading (S1, S3, S5)
# ---------------------------------------------------------------------------------------


def q_only(hero: Hero, tile: str, side: str) -> bool:
    icons = catalog.upgrade_tile(hero.hero, tile).side(side).icons
    return any(icon in icons for icon in Q_ONLY)


def open_faces(hero: Hero, tile: str, side: str) -> list[str]:
    """S3, S5: the unoccupied slots a tile side may go onto (a Q-cost one: the Q face's)."""
    free = [f for f in FACES if f not in hero.slots]
    if q_only(hero, tile, side):
        return ["q"] if "q" in free else []
    return free


def free_tiles(hero: Hero) -> list[str]:
    placed = {t for t, _ in hero.slots.values()} | {t for t, _ in hero.track}
    return [t.id for t in catalog.heroes()[hero.hero].upgrades if t.id not in placed]


def upgrade_options(hero: Hero) -> list[dict[str, Any]]:
    """Every tile side with an unoccupied slot it may go onto."""
    return [
        {"tile": t, "side": s}
        for t in free_tiles(hero)
        for s in ("a", "b")
        if open_faces(hero, t, s)
    ]


def place(state: State, hero: Hero, tile: str, side: str, events: Events) -> None:
    """S1: an upgrade chosen; its player then picks the slot (asked when more than one)."""
    faces = open_faces(hero, tile, side)
    if tile not in free_tiles(hero) or not faces:
        raise IllegalAction(
            _("upgrade tile {tile} side {side} has no free slot").format(tile=tile, side=side)
        )
    if len(faces) == 1:
        fill_slot(hero, faces[0], tile, side, events)
        return
    options = [{"slot": FACES.index(f)} for f in faces]
    engine.decide(state, "bside_slot", hero.seat, options, tile=tile, side=side)


def fill_slot(hero: Hero, face: str, tile: str, side: str, events: Events) -> None:
    hero.slots[face] = (tile, side)
    label = catalog.upgrade_tile(hero.hero, tile).side(side).label
    events.append(SlotFilled.of(hero=hero.seat, tile=tile, side=side, face=face, label=label))
    if face != "q" and "upgrade_skill" in slot_icons(hero, face):
        gild(hero, hero.skills[face])  # S7: the tile on that face turns gold


def gild(hero: Hero, skill: str) -> None:
    if skill not in hero.upgraded:
        hero.upgraded.append(skill)


def gold_face(hero: Hero, face: str) -> bool:
    return face != "q" and "upgrade_skill" in slot_icons(hero, face)


def after_swap(hero: Hero, a: str, b: str) -> None:
    """S7: after faces ``a`` and ``b`` swapped skills, a tile that came onto an Upgrade Skill
    face turns gold and one that left such a face (for one without) turns back."""
    for here, came_from in ((a, b), (b, a)):
        skill = hero.skills[here]
        if gold_face(hero, here):
            gild(hero, skill)
        elif gold_face(hero, came_from) and skill in hero.upgraded:
            hero.upgraded.remove(skill)


def sync_gold(hero: Hero) -> None:
    """P1 (our ruling): at a new part's setup, the gold tiles are those on Upgrade Skill
    faces, whatever they were before."""
    hero.upgraded = [hero.skills[f] for f in SKILL_FACES if gold_face(hero, f)]


# ---------------------------------------------------------------------------------------
# a face activating (S4, S5, S9)
# ---------------------------------------------------------------------------------------


def activated(state: State, hero: Hero, face: str, events: Events) -> None:
    """A B-side face has activated: its slot's bonuses work to the end of the turn, and its
    explore icons explore at once (S9: one normal explore each, and one from the top of the
    deck for each explore-from-the-deck icon; the normal one is offered first)."""
    if face in hero.lit:
        return
    hero.lit.append(face)
    icons = slot_icons(hero, face)
    if icons.get("explore_deck"):
        engine.effect(state, hero.seat, "explore_deck", n=icons["explore_deck"])
    if icons.get("explore"):
        engine.effect(state, hero.seat, "explore", n=icons["explore"])


# Icons that cost a discard on the A-side and are "used" for free on the B-side (S4):
# icon -> (effect, parameters). The others are in abilities.ACTIVE_ICONS.
FREE_USES: dict[str, tuple[str, dict[str, object]]] = {
    "mind_push": ("slide_other", {"n": 1}),
    "timely_trades": ("explore", {"n": 1}),
}


@DECISIONS.register
class BsideSlot(DecisionKind):
    """S1, S3: the face slot an upgrade tile chosen for a B-side board goes onto."""

    kind = "bside_slot"
    fields = {"tile": Field(check.text), "side": Field(check.one_of("a", "b"))}
    option_fields = {"slot": Field(check.count(len(FACES) - 1))}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        hero = state.heroes[seat]
        if data["tile"] not in free_tiles(hero):
            raise o.fail(
                "slot",
                _("{tile!r:.40} is not a free tile of hero {seat}").format(
                    tile=data["tile"], seat=seat
                ),
            )
        if FACES[option["slot"]] not in open_faces(hero, data["tile"], data["side"]):
            raise o.fail(
                "slot",
                _("{slot}: that face slot is taken or not allowed").format(slot=option["slot"]),
            )

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        face = FACES[int(option["slot"])]
        if face in open_faces(hero, data["tile"], data["side"]) and data["tile"] in free_tiles(
            hero
        ):
            fill_slot(hero, face, data["tile"], data["side"], events)
