"""RIOT: Cast the First Stone - 4) Move Units and Use Cards, and unit movement specials."""

from __future__ import annotations

import pytest

from riotsim.core.contract import IllegalAction

from .helpers import R, act, legal, position


def moves_of(state, unit_id: int) -> set[str]:
    return {
        str(a["to"]) for a in R.legal_actions(state) if a.kind == "move" and a["unit"] == unit_id
    }


def test_entry_point_leads_only_to_the_street():
    """Movement: the first move of a unit on an Entry Point is always into the adjacent
    street; a unit can never stop on an Entry Point."""
    s = position(2, units=[(1, "activist", "nw_entry")], active=1, phase="move")
    assert moves_of(s, 1) == {"nw_street"}
    act(s, "move unit=1 to=nw_street")
    s.units[1].moves = 1
    assert "nw_entry" not in moves_of(s, 1)


def test_one_step_per_unit():
    """Movement: each unit moves one step at a time (one step per turn without bonuses)."""
    s = position(2, units=[(1, "activist", "nw_street")], active=1, phase="move")
    act(s, "move unit=1 to=n_street")
    assert moves_of(s, 1) == set()


def test_streets_connect_freely_even_past_enemies():
    """Movement: units move freely from street to street and out of buildings, even when
    enemy units are in the starting or destination street."""
    s = position(
        2,
        units=[(1, "activist", "nw_b1"), (0, "officer", "nw_street"), (0, "officer", "n_street")],
        active=1,
        phase="move",
    )
    assert moves_of(s, 1) == {"nw_street"}
    act(s, "move unit=1 to=nw_street")
    s.units[1].moves = 1
    assert {"n_street", "sw_street"} <= moves_of(s, 1)
    act(s, "move unit=1 to=n_street")
    assert s.units[1].space == "n_street"


def test_only_police_use_the_hq():
    """Movement: only Police units can enter the Police Headquarters and pass through it."""
    s = position(
        2, units=[(1, "activist", "nw_street"), (0, "officer", "nw_street")], active=1, phase="move"
    )
    assert "hq" not in moves_of(s, 1)
    s.active = 0
    assert "hq" in moves_of(s, 2)


def test_police_never_enter_buildings():
    """Publisher ruling: Police units never enter buildings."""
    s = position(
        2, units=[(1, "activist", "nw_b1"), (0, "officer", "nw_street")], active=0, phase="move"
    )
    assert not any(b.startswith("nw_b") for b in moves_of(s, 2))


def test_enter_free_building_from_clear_street():
    """Movement: units in the street may move into a free building when the street is clear
    of enemies; buildings have no unit limit (ruling), so joining one's own is fine."""
    s = position(
        2, units=[(1, "activist", "nw_street"), (1, "activist", "nw_b1")], active=1, phase="move"
    )
    assert {"nw_b1", "nw_b2", "nw_b3"} <= moves_of(s, 1)
    act(s, "move unit=1 to=nw_b1")
    assert s.units[1].space == "nw_b1"


def test_enemy_may_obstruct_entering_a_building():
    """Movement: with enemy units in the street, the enemy chooses to obstruct, forcing the
    mover to give up or to fight in the street."""
    s = position(
        2, units=[(1, "activist", "nw_street"), (0, "officer", "nw_street")], active=1, phase="move"
    )
    act(s, "move unit=1 to=nw_b2")
    assert R.to_move(s) == 0 and legal(s) == {"obstruct", "let_pass"}
    act(s, "obstruct")
    assert R.to_move(s) == 1 and legal(s) == {"street_fight", "give_up"}
    act(s, "give_up")
    assert s.units[1].space == "nw_street" and s.units[1].moves == 0


def test_let_pass_completes_the_move():
    """Movement: the enemy may also let the unit through."""
    s = position(
        2, units=[(1, "activist", "nw_street"), (0, "officer", "nw_street")], active=1, phase="move"
    )
    act(s, "move unit=1 to=nw_b2")
    act(s, "let_pass")
    assert s.units[1].space == "nw_b2"


def test_obstruction_street_fight():
    """Movement: choosing to fight opens a clash against the obstructing group in the
    street."""
    s = position(
        2,
        units=[(1, "mediactivist", "nw_street"), (0, "officer", "nw_street")],
        active=1,
        phase="move",
    )
    act(s, "move unit=1 to=nw_b2")
    act(s, "obstruct")
    act(s, "street_fight")
    # no cards in hand: straight to the attacker's choice to go on
    assert legal(s) == {"press_on", "withdraw"}
    act(s, "press_on")
    assert 2 not in s.units  # 2 beats 1: the officer is removed
    # the winner takes 1 damage (the officer's Force): wounded, back to the entry point
    assert s.units[1].wounded and s.units[1].space == "nw_entry"


def test_riot_van_moves_two_even_from_hospital():
    """Unit Specials, Riot Van: moves two spaces instead of one, even from the Hospital.
    Losses and wounded: other Police units need two moves to get back to the street."""
    s = position(
        2,
        units=[(0, "riot_van", "hospital"), (0, "officer", "hospital"), (1, "activist", "nw_b1")],
        active=0,
        phase="move",
    )
    assert moves_of(s, 1) == {"hq"} and moves_of(s, 2) == {"hq"}
    act(s, "move unit=1 to=hq")
    act(s, "move unit=1 to=nw_street")
    assert s.units[1].space == "nw_street"
    act(s, "move unit=2 to=hq")
    assert moves_of(s, 2) == set()


def test_cards_any_time_in_own_turn():
    """Cards: non-Blitz cards are played at any moment of the player's own turn; Blitz cards
    only in clashes."""
    s = position(
        2,
        units=[(1, "activist", "nw_street")],
        active=1,
        phase="move",
        hands={1: ["side_alley", "thrown_stone", "human_wave"]},
    )
    plays = {str(a) for a in R.legal_actions(s) if a.kind == "play"}
    assert plays == {"play card=side_alley unit=1"}
    act(s, "move unit=1 to=n_street")
    act(s, "play card=side_alley unit=1")
    act(s, "move unit=1 to=ne_street")
    assert s.units[1].space == "ne_street"


def test_illegal_move_is_refused_with_reason():
    s = position(2, units=[(1, "activist", "nw_street")], active=1, phase="move")
    with pytest.raises(IllegalAction) as err:
        act(s, "move unit=1 to=hq")
    assert "only the Police may enter their HQ" in str(err.value)
