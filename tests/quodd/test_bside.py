"""Player board B-side (issue 13 part C, spec S1-S9; rulebook *Player Board B-Side*).

On the B-side upgrades are linked to the hero's faces and enhance the skill on that face:
placed on any unoccupied slot in any order and never moved or flipped; an activation cost
is paid by activating the face; Q-cost upgrades only on the Q face; static bonuses only once
the face has activated; movement and Upgrade Skill on Q do nothing; rearranging flips tiles
on and off Upgrade Skill faces. Examples: base movement 2 and slide 3 from the feet upgrade
(L675); Upgrade Skill on Trixie's right face (L677); Trixie's tumble exploring two (L681).
"""

from __future__ import annotations

from typing import Any

from riotsim.games.quodd import RULESET, abilities, bside, catalog, engine, scenario
from riotsim.games.quodd.state import State, Turn
from tests.quodd.helpers import answer, do, kinds, legal, position

ROWS = [".....", ".....", ".....", ".....", "....."]
# Trixie's own layout, with slide and diagonal swapped so that slide is on her feet.
SKILLS = {"front": "diagonal", "back": "tumble", "left": "jump", "right": "dash", "feet": "slide"}
# Q north, feet south: a tumble north brings the feet face up.
FEET_NEXT = ["front", "q", "right", "feet", "left", "back"]


def trixie(slots: dict[str, list[str]], **extra: Any) -> State:
    hero = {"hero": "trixie", "at": [2, 3], "side": "b", "slots": slots, "skills": SKILLS}
    hero.update(extra.pop("hero", {}))
    return position(ROWS, [hero], **extra)


def test_s8_base_movement_two_and_slide_three_from_the_feet_upgrade():
    """S8 (L675): "the base movement for all skills is 2"; the +1 movement upgrade beside
    Trixie's feet makes the slide there go 3."""
    state = trixie({"feet": ["trixie_pace", "a"]}, hero={"cube": FEET_NEXT})
    hero = state.heroes[0]
    assert abilities.skill_distance(hero, Turn(), "slide") == 3
    assert abilities.skill_distance(hero, Turn(), "dash") == 2
    events = do(state, "tumble dir=N")
    activated = [e for e in events if e.kind == "skill_activated"]
    assert activated[-1].data == {"hero": 0, "skill": "slide", "distance": 3}


def test_s1_s3_an_upgrade_goes_onto_any_unoccupied_face_slot():
    """S1, S3: the end-of-round upgrade is a tile side, then an unoccupied slot of the
    player's choice (six slots, the Q face's included)."""
    state = trixie({"front": ["trixie_luck", "a"]})
    hero = state.heroes[0]
    assert {"tile": "trixie_luck", "side": "a"} not in bside.upgrade_options(hero)
    state.phase, state.upgrading = "upgrade", [0]
    assert "upgrade tile=trixie_pace side=a" in legal(state)
    do(state, "upgrade tile=trixie_pace side=a")
    decision = state.pending[-1]
    assert decision.kind == "bside_slot"
    faces = [bside.FACES[o["slot"]] for o in decision.data["options"]]
    assert faces == ["feet", "back", "left", "right", "q"]
    events = answer(state, slot=bside.FACES.index("left"))
    assert "slot_filled" in kinds(events)
    assert hero.slots["left"] == ("trixie_pace", "a") and hero.track == []


def _q_tile() -> tuple[str, str, str]:
    """A hero, tile and side showing a Q activation cost (Q: bomb or Q: upgrade)."""
    for spec in catalog.heroes().values():
        for tile in spec.upgrades:
            for side in ("a", "b"):
                if set(tile.side(side).icons) & set(bside.Q_ONLY):
                    return spec.id, tile.id, side
    raise AssertionError("no Q tile")


def test_s5_a_q_cost_upgrade_goes_only_on_the_q_face():
    """S5: "If an upgrade shows a Q activation cost it may only be assigned to the Q side"."""
    hero_id, tile, side = _q_tile()
    hero = scenario.make_hero(0, hero_id, (0, 0), "N")
    hero.side = "b"
    assert bside.open_faces(hero, tile, side) == ["q"]
    other = next(t.id for t in catalog.heroes()[hero_id].upgrades if t.id != tile)
    hero.slots["q"] = (other, "a")
    assert bside.open_faces(hero, tile, side) == []
    assert {"tile": tile, "side": side} not in bside.upgrade_options(hero)


def test_s5_a_static_bonus_works_only_after_its_face_activated():
    """S5: a static bonus "applies only after activating the assigned face" (ours: to the
    end of that turn)."""
    state = trixie({"feet": ["trixie_luck", "a"]}, hero={"cube": FEET_NEXT})
    hero = state.heroes[0]
    assert not abilities.has(hero, "good_fortune")
    do(state, "tumble dir=N")
    assert hero.lit == ["feet"] and abilities.has(hero, "good_fortune")
    do(state, "stop", "explore")  # nothing to explore: the turn ends
    assert hero.lit == [] and not abilities.has(hero, "good_fortune")


def test_s4_an_activation_cost_is_paid_by_activating_the_face():
    """S4: "ignore the activation cost": Twister (discard a card on the A-side) is used for
    free in Recovery once its face has activated, and not before."""
    state = trixie(
        {"feet": ["trixie_luck", "b"]},
        hero={"cube": FEET_NEXT, "hand": ["honey_bun"]},
        phase="powerup",
    )
    assert not [a for a in legal(state) if a.startswith("use")]
    do(state, "move", "tumble dir=N", "stop")
    assert state.phase == "recovery"
    uses = sorted(a for a in legal(state) if a.startswith("use"))
    assert uses == ["use icon=twister"]


def test_s6_movement_and_upgrade_skill_on_the_q_face_do_nothing():
    """S6: movement and Upgrade Skill upgrades on the Q face have no effect."""
    state = trixie({"q": ["trixie_pace", "a"]})
    hero = state.heroes[0]
    hero.lit = ["q"]
    assert all(abilities.skill_distance(hero, Turn(), s) == 2 for s in catalog.SKILLS)
    hero.slots = {"q": ("trixie_menagerie", "b")}
    assert bside.slot_icons(hero, "q") == {} and not bside.gold_face(hero, "q")


def test_s7_upgrade_skill_gilds_its_face_and_rearranging_flips_back():
    """S7 (L677): Upgrade Skill beside Trixie's right face turns dash there gold; once
    rearranged off that face dash turns back and the skill coming on turns gold."""
    state = trixie({})
    hero = state.heroes[0]
    events: list = []
    bside.fill_slot(hero, "right", "trixie_menagerie", "b", events)
    assert hero.skills["right"] == "dash" and hero.upgraded == ["dash"]
    from riotsim.games.quodd.effects import swap_faces

    swap_faces(hero, "front/right")
    assert hero.skills["right"] == "diagonal" and hero.upgraded == ["diagonal"]
    swap_faces(hero, "front/right")
    assert hero.upgraded == ["dash"]


def test_s2_placed_upgrades_are_never_moved_or_flipped():
    """S2 (ours for the Q-Powers): Tobin's Q: Flip Upgrade has no track tile to flip on the
    B-side, and Swap Skills moves skills, never the slots."""
    hero = scenario.make_hero(0, "tobin", (0, 0), "N")
    hero.side = "b"
    tile = catalog.heroes()["tobin"].upgrades[0].id
    hero.slots = {"front": (tile, "a")}
    from riotsim.games.quodd.effects import swap_faces, use_q_power

    state = trixie({})
    state.heroes = [hero]
    use_q_power(state, hero, "flip_upgrade", [])
    assert not state.pending and hero.slots == {"front": (tile, "a")}
    swap_faces(hero, "front/back")
    assert hero.slots == {"front": (tile, "a")}


def test_s9_trixies_tumble_explores_two_cards_one_normal_one_from_the_deck():
    """S9 (L681): with the explore tile beside her tumble face, Trixie explores two cards as
    soon as tumble activates: one as normal (lineup or deck), one from the top of the deck."""
    skills = {"front": "slide", "back": "diagonal", "left": "jump", "right": "dash"}
    state = trixie(
        {"feet": ["trixie_pace", "b"]},
        hero={"cube": FEET_NEXT, "skills": {**skills, "feet": "tumble"}},
        deck=["honey_bun", "hopberry", "pepper_puff"],
        lineup=["dash_drops"],
    )
    do(state, "tumble dir=N")
    hero = state.heroes[0]
    decision = state.pending[-1]
    assert decision.kind == "explore"
    assert {o["src"] for o in decision.data["options"]} == {"lineup", "deck"}
    answer(state, src="lineup", i=0)
    assert sorted(hero.hand) == ["dash_drops", "honey_bun"]
    assert state.deck == ["hopberry", "pepper_puff"]
    assert engine.explore_options(state)


def test_p1_carry_over_keeps_the_b_side_and_gold_follows_the_faces():
    """P1 FAQ (L707): between parts skills may be rearranged but upgrades stay; B-side
    slots and side carry over, and gold tiles follow the Upgrade Skill faces (S7)."""
    state = trixie({"right": ["trixie_menagerie", "b"], "feet": ["trixie_pace", "a"]})
    hero = state.heroes[0]
    hero.upgraded = ["dash"]
    carry = scenario.carry_over(state)
    assert carry[0]["side"] == "b" and carry[0]["slots"]["right"] == ["trixie_menagerie", "b"]
    fresh = scenario.make_hero(0, "trixie", (0, 0), "N")
    fresh.skills["right"], fresh.skills["front"] = "slide", "dash"
    scenario.apply_carry_over([fresh], carry)
    assert fresh.side == "b" and fresh.slots["feet"] == ("trixie_pace", "a")
    assert fresh.upgraded == ["slide"]


def test_p1_follow_up_setup_carries_the_b_side_into_the_next_part():
    """P1: a won part's follow-up starts the next with the same B-side slots."""
    from riotsim.core.contract import GameSetup, PlayerSpec

    setup = GameSetup((PlayerSpec("P0"),), seed=2, scenario="tutorial_1", options={})
    state = RULESET.new_state(setup)
    state.heroes[0].side = "b"
    state.heroes[0].slots = {"back": ("rok_stride", "a")}
    state.phase, state.winners = "over", [0]
    nxt = scenario.follow_up(state, setup)
    assert nxt is not None and nxt.scenario == "tutorial_2"
    again = RULESET.new_state(nxt)
    assert again.heroes[0].side == "b" and again.heroes[0].slots == {"back": ("rok_stride", "a")}


def test_slot_and_buddy_choices_have_readable_labels():
    """The B-side slot choice and the buddy's square read as players would say them."""
    state = trixie({})
    state.phase, state.upgrading = "upgrade", [0]
    do(state, "upgrade tile=trixie_pace side=a")
    labels = {RULESET.describe(state, a) for a in RULESET.legal_actions(state)}
    assert "Put it beside the feet face" in labels and "Put it beside the Q face" in labels


def test_p1_skills_may_be_rearranged_at_the_next_parts_setup_and_gold_follows():
    """P1 FAQ (L707): "you may rearrange your skills" between parts; S7: the tile moved onto
    the Upgrade Skill face turns gold and the one moved off turns back."""
    from riotsim.core.contract import GameSetup, PlayerSpec

    setup = GameSetup((PlayerSpec("P0"),), seed=2, scenario="tutorial_1", options={})
    state = RULESET.new_state(setup)
    hero = state.heroes[0]
    hero.side = "b"
    hero.slots = {"front": ("rok_satchel", "b")}
    hero.upgraded = ["tumble"]
    state.phase, state.winners = "over", [0]
    nxt = scenario.follow_up(state, setup)
    assert nxt is not None
    again = RULESET.new_state(nxt)
    rok = again.heroes[0]
    assert rok.upgraded == ["tumble"] and rok.skills["front"] == "tumble"
    while again.pending and again.pending[-1].kind != "rearrange":
        RULESET.apply(again, RULESET.legal_actions(again)[0])
    assert again.pending[-1].kind == "rearrange"
    answer(again, swap="front/back")
    assert rok.skills["front"] == "jump" and rok.upgraded == ["jump"]
    assert rok.slots == {"front": ("rok_satchel", "b")}


def test_b_side_slots_count_as_upgrades_in_the_results():
    """S1: a B-side hero's slotted tiles are its upgrades in the game summary."""
    state = trixie({"feet": ["trixie_pace", "a"], "q": ["trixie_luck", "a"]})
    assert RULESET.outcome(state).stats["upgrades"] == (2,)


def test_a_forged_slot_choice_is_refused():
    """Positions are checked at the door: a bside_slot choice for a taken face is refused."""
    import pytest

    from riotsim.core.contract import PositionError

    state = trixie({"front": ["trixie_luck", "a"]})
    state.phase, state.upgrading = "upgrade", [0]
    do(state, "upgrade tile=trixie_pace side=a")
    raw = RULESET.to_position(state)
    assert RULESET.from_position(raw).pending[-1].kind == "bside_slot"
    raw["pending"][-1]["data"]["options"].append({"slot": bside.FACES.index("front")})
    with pytest.raises(PositionError, match="slot"):
        RULESET.from_position(raw)


def test_s4_timely_removal_costs_no_cards_on_the_b_side():
    """S4: "If an upgrade has an activation cost (such as discarding a card), ignore the
    activation cost": Timely Removal (two cards on the A-side, spec I5) beside Mirra's feet
    discards another player's Item once that face has activated, with one card in hand and
    no payment asked."""
    mirra = {
        "hero": "mirra",
        "at": [2, 3],
        "side": "b",
        "slots": {"feet": ["mirra_shine", "b"]},
        "skills": SKILLS,
        "cube": FEET_NEXT,
        "hand": ["honey_bun"],
    }
    rok = {"hero": "rok", "at": [0, 0], "items": ["map_scroll"]}
    state = position(ROWS, [mirra, rok], phase="powerup")
    do(state, "move", "tumble dir=N", "stop")
    assert state.phase == "recovery" and "use icon=timely_removal" in legal(state)
    do(state, "use icon=timely_removal")
    assert state.pending[-1].kind == "removal_target"  # no removal_pay first
    answer(state, hero=1, card="map_scroll")
    assert state.heroes[1].items == [] and state.heroes[0].hand == ["honey_bun"]
