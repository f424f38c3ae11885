"""RIOT: Cast the First Stone - 4) Move Units and Use Cards, and unit movement specials."""

from __future__ import annotations

import pytest

from riotsim.core.contract import Action, IllegalAction

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


# -- 4) Movement: "a unit can never stop on an Entry Point" -----------------------------------
_STAY = (
    "{units} must step from its entry point into the street first: no unit stays on an entry point"
)


def test_new_unit_must_step_into_the_street_before_movement_ends():
    """Movement: a unit standing on an Entry Point (just bought and deployed) has its first
    move into the adjacent street, and it may never stay on the Entry Point: the movement
    phase does not end while it is still there."""
    s = position(2, units=[(1, "activist", "n_b1")], active=1, phase="purchase", credits=[0, 1])
    act(s, "buy unit=activist at=nw_entry")
    act(s, "end_purchase")
    assert "end_move" not in legal(s)
    assert moves_of(s, 2) == {"nw_street"}
    with pytest.raises(IllegalAction) as err:
        act(s, "end_move")
    assert _STAY.format(units="Activist #2") in str(err.value)
    act(s, "move unit=2 to=nw_street")
    assert "end_move" in legal(s)
    act(s, "end_move")
    assert s.phase == "clash"


def test_every_unit_on_an_entry_point_is_named_until_all_have_stepped():
    """Movement: each unit on an Entry Point steps into its street; the refusal names those
    still there, and the action bar shows Done moving greyed with that reason."""
    s = position(
        2,
        units=[
            (1, "activist", "nw_entry"),
            (1, "mediactivist", "se_entry"),
            (1, "activist", "n_b1"),
        ],
        active=1,
        phase="move",
    )
    reason = (
        "Activist #1, Mediactivist #2 must step from their entry points into the street first: "
        "no unit stays on an entry point"
    )
    assert R.refusal(s, Action.make("end_move")) == reason
    greyed = {e.label: e.reason for e in R.action_menu(s) if e.action is None}
    assert greyed["Done moving"] == reason
    act(s, "move unit=1 to=nw_street")
    assert R.refusal(s, Action.make("end_move")) == _STAY.format(units="Mediactivist #2")
    act(s, "move unit=2 to=se_street")
    assert "Done moving" in {e.label for e in R.action_menu(s) if e.action is not None}


def test_wounded_unit_steps_out_in_its_next_turn():
    """Losses and wounded: a protester unit wounded goes to the Entry Point of the clash's
    area and moves back into the street in its next turn; wounded in this turn's street
    fight it has no steps left, so the phase ends, but in its next turn it must step out."""
    s = position(
        2,
        units=[(1, "mediactivist", "nw_street"), (0, "officer", "nw_street")],
        active=1,
        phase="move",
    )
    act(s, "move unit=1 to=nw_b2")
    act(s, "obstruct")
    act(s, "street_fight")
    act(s, "press_on")
    assert s.units[1].space == "nw_entry" and s.units[1].moves == 0
    act(s, "end_move")  # wounded this turn: out of play until its next turn
    act(s, "end_turn")
    for step in ("end_purchase", "end_move", "end_turn"):  # the Police's turn
        act(s, step)
    assert s.active == 1
    act(s, "end_purchase")
    assert "end_move" not in legal(s) and moves_of(s, 1) == {"nw_street"}
    act(s, "move unit=1 to=nw_street")
    act(s, "end_move")


def test_step_out_of_an_entry_point_is_never_obstructed():
    """Our ruling: the rulebook lets units move freely between streets and out of buildings
    even into a street held by enemies, and obstruction is for entering or attacking a
    building; it does not name the step from an Entry Point, which is compulsory. We let it
    through like a step between streets: enemies in the street never stop it."""
    s = position(
        2,
        units=[
            (1, "activist", "nw_entry"),
            (0, "officer", "nw_street"),
            (0, "riot_van", "nw_street"),
        ],
        active=1,
        phase="move",
    )
    act(s, "move unit=1 to=nw_street")
    assert not s.pending and s.units[1].space == "nw_street"
    act(s, "end_move")


def test_reinforcement_in_the_movement_phase_must_step_too():
    """Movement: a unit put on an Entry Point by a card during the movement phase steps into
    the street like a bought one. Our ruling: one put there in the clash phase, after the
    movement, waits there for its next turn's movement (as a wounded unit does)."""
    s = position(
        2,
        units=[(1, "activist", "n_b1")],
        active=1,
        phase="move",
        hands={1: ["call_for_backup", "call_for_backup"]},
    )
    act(s, "play card=call_for_backup at=sw_entry")
    assert "end_move" not in legal(s)
    act(s, "move unit=2 to=sw_street")
    act(s, "end_move")
    act(s, "play card=call_for_backup at=sw_entry")
    assert s.units[3].space == "sw_entry" and "end_turn" in legal(s)


def test_paramilitary_keeps_its_direct_attack_in_the_turn_it_is_created():
    """Unit Specials, Paramilitary: when created it may directly attack an occupied building,
    which it can do only before it moves. Our ruling: that exception to the Entry Point rule
    lasts the turn it is created; if it stays, it steps into the street in its next turn."""
    s = position(
        4, units=[(1, "activist", "se_b1")], active=3, phase="purchase", credits=[0, 0, 0, 3]
    )
    act(s, "buy unit=paramilitary at=nw_entry")
    act(s, "end_purchase")
    act(s, "end_move")
    s = position(
        4, units=[(1, "activist", "se_b1"), (3, "paramilitary", "nw_entry")], active=3, phase="move"
    )
    assert "end_move" not in legal(s) and moves_of(s, 2) == {"nw_street"}
