"""RIOT: Cast the First Stone - 5) Clashes, Distance attacks, Losses and wounded,
Attacking and defending a building, and the publisher's rulings."""

from __future__ import annotations

from .helpers import R, act, attack, legal, position


def targets(state) -> set[str]:
    return {f"{a['target']}@{a['seat']}" for a in R.legal_actions(state) if a.kind == "attack"}


def test_reach_of_unmoved_and_moved_units():
    """5) Clashes: units attack groups within reach of their possible move this turn; a unit
    that already moved attacks only in its own area."""
    s = position(
        3,
        units=[
            (1, "activist", "nw_street"),
            (2, "anarchist", "n_street"),
            (2, "anarchist", "ne_street"),
            (2, "anarchist", "nw_b1"),
        ],
        active=1,
    )
    assert targets(s) == {"n_street@2", "nw_b1@2"}
    s.units[1].moves = 0  # it has moved: only its own area
    assert targets(s) == {"nw_b1@2"}


def test_defender_uses_every_unit_in_the_space():
    """5) Clashes: the defending player must use all the units in the attacked space."""
    s = position(
        3,
        units=[
            (1, "mediactivist", "nw_street"),
            (1, "activist", "nw_street"),
            (2, "anarchist", "nw_street"),
            (2, "anarchist", "nw_street"),
        ],
        active=1,
    )
    attack(s, "nw_street", 2, [1])
    assert s.clash["dfd"] == [3, 4]


def test_police_never_attack_with_less_force():
    """5) Clashes: the Police can never attack when their Force in the clash is lower than
    the protesters'."""
    s = position(
        2,
        units=[
            (0, "officer", "nw_street"),
            (1, "activist", "nw_street"),
            (1, "activist", "nw_street"),
        ],
        active=0,
    )
    assert "nw_street@1" not in targets(s)
    s = position(
        2,
        units=[
            (0, "officer", "nw_street"),
            (0, "officer", "n_street"),
            (1, "activist", "nw_street"),
            (1, "activist", "nw_street"),
        ],
        active=0,
    )
    assert "nw_street@1" in targets(s)
    act(s, "attack target=nw_street seat=1")
    act(s, "commit unit=1")
    assert "confirm" not in legal(s)  # 1 against 2
    act(s, "commit unit=2")
    assert "confirm" in legal(s)


def test_two_attacks_per_group_per_turn():
    """5) Clashes: a group can be attacked at most twice in the same turn by the same
    player."""
    s = position(
        3,
        units=[
            (1, "activist", "nw_street"),
            (1, "activist", "nw_street"),
            (1, "activist", "nw_street"),
            (2, "anarchist", "nw_street"),
        ],
        active=1,
    )
    for unit in (1, 2):
        attack(s, "nw_street", 2, [unit])
        act(s, "withdraw")
    assert s.attacks["nw_street@2"] == 2
    assert "nw_street@2" not in targets(s)


def test_tie_spends_the_attackers():
    """5) Clashes: in a draw nothing happens (ruling: but the attacker's moves are spent)."""
    s = position(2, units=[(0, "officer", "n_street"), (1, "activist", "nw_street")], active=0)
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    assert s.units[1].space == "n_street" and s.units[2].space == "nw_street"
    assert s.units[1].attacked and s.units[1].moves == 0
    assert s.po_drawn == ""  # a tie never turns Public Opinion


def test_building_bonus_for_defender():
    """Attacking and defending a building: the defender gets +1 Force; the Police count that
    bonus when checking they do not attack with less Force."""
    s = position(2, units=[(0, "officer", "nw_street"), (1, "activist", "nw_b1")], active=0)
    assert "nw_b1@1" not in targets(s)  # 1 against 1 + 1
    s = position(
        2,
        units=[(0, "officer", "nw_street"), (0, "officer", "nw_street"), (1, "activist", "nw_b1")],
        active=0,
    )
    attack(s, "nw_b1", 1, [1, 2])
    assert R.totals(s) == (2, 2)


def test_loser_removes_all_and_winner_takes_damage_lowest_force_first():
    """Clashes and Losses and wounded: the loser removes every involved unit; the winner
    takes damage equal to the loser's Force, from the lowest Force up (then lowest cost);
    a unit is wounded when the damage left is lower than its Force."""
    s = position(
        2,
        units=[
            (0, "swat", "nw_street"),
            (0, "riot_van", "nw_street"),
            (0, "officer", "nw_street"),
            (1, "mediactivist", "nw_street"),
            (1, "mediactivist", "nw_street"),
        ],
        active=0,
    )
    attack(s, "nw_street", 1, [1, 2, 3])
    act(s, "press_on")
    assert 4 not in s.units and 5 not in s.units
    # 4 damage: the officer (1) is removed, the riot van (2) is removed, 1 left wounds SWAT
    assert 3 not in s.units and 2 not in s.units
    assert s.units[1].wounded and s.units[1].space == "hospital"


def test_damage_order_ties_broken_by_cost():
    """Losses and wounded: between equal Force, the cheaper unit takes damage first."""
    # The Black Bloc costs 2 like the Mediactivist since the 3-player rebalance
    # (docs/riot-balance.md), so the dearer unit is the Paramilitary, listed first.
    s = position(
        4, units=[(3, "paramilitary", "ne_b1"), (1, "mediactivist", "nw_street")], active=1
    )
    s.clash = {"street": 0}
    order = R.damage_order(s, [1, 2])
    assert [u.kind for u in order] == ["mediactivist", "paramilitary"]  # both Force 2, 2 < 3


def test_wounded_protesters_go_to_the_entry_point_police_to_hospital():
    """Losses and wounded: wounded protesters go to the entry point of the clash's area;
    wounded Police go to the Hospital."""
    s = position(2, units=[(1, "mediactivist", "n_street"), (0, "officer", "nw_street")], active=1)
    attack(s, "nw_street", 0, [1])
    act(s, "press_on")
    assert s.units[1].space == "nw_entry" and s.units[1].wounded
    s = position(2, units=[(0, "riot_van", "n_street"), (1, "activist", "nw_street")], active=0)
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    assert s.units[1].space == "hospital" and s.units[1].wounded


def test_attackers_enter_building_healed():
    """Attacking and defending a building: if the attacker wins, all surviving units,
    wounded ones included, enter the building (ruling: and stop being wounded)."""
    s = position(
        3,
        units=[
            (1, "mediactivist", "nw_street"),
            (1, "activist", "nw_street"),
            (2, "anarchist", "nw_b1"),
        ],
        active=1,
    )
    attack(s, "nw_b1", 2, [1, 2])
    act(s, "press_on")
    # 3 against 1+1: the anarchist is removed; 1 damage removes the activist (Force 1)
    assert 3 not in s.units and 2 not in s.units
    assert s.units[1].space == "nw_b1" and not s.units[1].wounded


def test_police_win_a_building_but_stay_in_the_street():
    """Ruling: Police units never enter buildings; after winning they stay in its street."""
    s = position(
        2,
        units=[(0, "riot_van", "n_street"), (0, "officer", "nw_street"), (1, "activist", "nw_b1")],
        active=0,
    )
    attack(s, "nw_b1", 1, [1, 2])
    act(s, "press_on")
    assert 3 not in s.units  # 3 against 1 + 1
    assert 2 not in s.units  # the 1 damage removes the officer first
    assert s.units[1].space == "nw_street"  # the van stops in the building's street


def test_defenders_wounded_in_a_building_stay():
    """Attacking and defending a building: if the defender wins, all surviving units,
    wounded included, stay inside (ruling: a unit wounded defending stays inside)."""
    s = position(3, units=[(1, "activist", "nw_street"), (2, "black_bloc", "nw_b1")], active=1)
    attack(s, "nw_b1", 2, [1])
    act(s, "press_on")
    assert 1 not in s.units
    assert s.units[2].space == "nw_b1" and s.units[2].wounded


def test_shield_against_plus_one_and_plus_two():
    """Distance attacks NB 1: every Police unit except the basic one resists the first damage
    from a distance attack: +1 does nothing, +2 (or two +1) does 1 damage."""
    s = position(
        2,
        units=[
            (1, "activist", "n_street"),
            (0, "riot_van", "nw_street"),
            (0, "officer", "nw_street"),
        ],
        active=1,
        hands={1: ["thrown_stone", "thrown_stone", "flare_barrage"]},
    )
    attack(s, "nw_street", 0, [1])
    assert R.to_move(s) == 1  # the Police hold no cards; the attacker plays at distance
    act(s, "play card=thrown_stone target=2")
    assert 2 in s.clash["dfd"] and not s.units[2].wounded  # shield soaked it
    act(s, "play card=thrown_stone target=2")
    assert 2 not in s.clash["dfd"] and s.units[2].space == "hospital"  # 1 damage: wounded
    s2 = position(
        2,
        units=[(1, "activist", "n_street"), (0, "riot_van", "nw_street")],
        active=1,
        hands={1: ["flare_barrage"]},
    )
    attack(s2, "nw_street", 0, [1])
    act(s2, "play card=flare_barrage target=2")
    assert s2.units[2].wounded  # 2 - shield = 1 damage on Force 2: wounded
    s3 = position(
        2,
        units=[(1, "activist", "n_street"), (0, "officer", "nw_street")],
        active=1,
        hands={1: ["thrown_stone"]},
    )
    attack(s3, "nw_street", 0, [1])
    act(s3, "play card=thrown_stone target=2")
    assert 2 not in s3.units  # a basic officer has no shield


def test_defender_plays_distance_first_and_attacker_may_stop():
    """Clashes: starting from the defender both play Distance Attack cards; then the
    attacker continues or stops."""
    s = position(
        3,
        units=[
            (1, "activist", "n_street"),
            (1, "activist", "n_street"),
            (2, "anarchist", "nw_street"),
        ],
        active=1,
        hands={1: ["thrown_stone"], 2: ["thrown_stone"]},
    )
    attack(s, "nw_street", 2, [1, 2])
    assert R.to_move(s) == 2  # the defender decides on the attacker's turn
    act(s, "play card=thrown_stone target=1")
    assert 1 not in s.units
    act(s, "pass")
    assert R.to_move(s) == 1
    act(s, "pass")
    assert legal(s) == {"press_on", "withdraw"}
    act(s, "withdraw")
    assert s.clash is None and s.units[2].attacked


def test_no_distance_attacks_against_a_building():
    """Attacking and defending a building: the attacker cannot use Distance Attack cards
    against units inside a building, but the defender can."""
    s = position(
        3,
        units=[(1, "activist", "nw_street"), (2, "anarchist", "nw_b1")],
        active=1,
        hands={1: ["thrown_stone"], 2: ["thrown_stone"]},
    )
    attack(s, "nw_b1", 2, [1])
    assert R.to_move(s) == 2  # the defender may
    act(s, "pass")
    assert legal(s) == {"press_on", "withdraw"}  # the attacker was not asked


def test_clash_settled_at_distance_enters_building():
    """Distance attacks: a unit hit at distance is out of the clash; if no defender is left
    the attacker has won."""
    s = position(
        3,
        units=[(1, "activist", "nw_street"), (2, "anarchist", "nw_street")],
        active=1,
        hands={1: ["thrown_stone"]},
    )
    attack(s, "nw_street", 2, [1])
    act(s, "play card=thrown_stone target=2")
    assert s.clash is None and 2 not in s.units and s.units[1].attacked


def test_hand_to_hand_blitz_cards():
    """Clashes: in hand to hand both players may use their other Blitz cards; the defender
    answers on the attacker's turn."""
    s = position(
        3,
        units=[(1, "activist", "nw_street"), (2, "anarchist", "nw_street")],
        active=1,
        hands={1: ["human_wave"], 2: ["shoulder_to_shoulder"]},
    )
    attack(s, "nw_street", 2, [1])
    act(s, "press_on")
    assert R.to_move(s) == 1
    act(s, "play card=human_wave")
    act(s, "pass")
    assert R.to_move(s) == 2
    act(s, "play card=shoulder_to_shoulder")
    assert R.totals(s) == (3, 2)
    act(s, "pass")
    # 3 against 2: the anarchist is removed; its 1 damage removes the Force-1 activist
    assert 2 not in s.units and 1 not in s.units


def test_up_to_a_tie_card():
    """Protester card (our design) "+1 but at most a tie"."""
    s = position(
        3,
        units=[(1, "activist", "nw_street"), (2, "black_bloc", "nw_street")],
        active=1,
        hands={1: ["hold_the_line", "hold_the_line", "hold_the_line"]},
    )
    attack(s, "nw_street", 2, [1])
    act(s, "press_on")
    for _ in range(3):
        act(s, "play card=hold_the_line")
    assert R.totals(s) == (3, 3)  # 1 + 3 would be 4; capped at the Black Bloc's 3
    act(s, "pass")
    assert 1 in s.units and 2 in s.units  # a tie


def test_black_bloc_force_in_street_and_building():
    """Unit Specials, Black Bloc: Force 3 in a street clash, 2 in every other case."""
    s = position(
        3, units=[(1, "mediactivist", "nw_street"), (2, "black_bloc", "nw_street")], active=1
    )
    attack(s, "nw_street", 2, [1])
    assert R.totals(s) == (2, 3)
    s = position(3, units=[(1, "mediactivist", "nw_street"), (2, "black_bloc", "nw_b1")], active=1)
    attack(s, "nw_b1", 2, [1])
    assert R.totals(s) == (2, 3)  # 2 + 1 for the building


def test_swat_attacks_any_occupied_building_when_created():
    """Unit Specials, S.W.A.T. and Paramilitary: when created they may directly attack any
    occupied building."""
    s = position(
        2,
        units=[(1, "activist", "se_b1"), (1, "activist", "se_street")],
        active=0,
        phase="purchase",
        credits=[R.content.unit("police", "swat").cost, 0],
    )
    act(s, "buy unit=swat at=hq")
    act(s, "end_purchase")
    act(s, "end_move")
    assert "se_b1@1" in targets(s)
    attack(s, "se_b1", 1, [3])
    assert s.clash is not None  # no obstruction chance for a direct attack
    assert R.to_move(s) == 0


def test_paramilitary_cannot_enter_free_building_directly():
    """Unit Specials, Paramilitary: it cannot go straight into a free building, only attack
    an occupied one."""
    s = position(
        4, units=[(1, "activist", "se_b1")], active=3, phase="purchase", credits=[0, 0, 0, 3]
    )
    act(s, "buy unit=paramilitary at=nw_entry")
    act(s, "end_purchase")
    assert {str(a["to"]) for a in R.legal_actions(s) if a.kind == "move"} == {"nw_street"}
    act(s, "end_move")
    assert "se_b1@1" in targets(s)


def test_police_left_in_the_minority_after_distance_cannot_press_on():
    """Clashes: "The Police can never attack when the Force of Police units involved is lower
    than Protesters"; Distance attacks N.B. 2: a clash resolved in the distance phase with the
    Police in the minority has no effect on Public Opinion."""
    s = position(
        2,
        units=[
            (0, "officer", "nw_street"),
            (0, "officer", "nw_street"),
            (1, "activist", "nw_street"),
            (1, "activist", "nw_street"),
        ],
        active=0,
        hands={1: ["thrown_stone"]},
    )
    attack(s, "nw_street", 1, [1, 2])
    events = act(s, "play card=thrown_stone target=1")  # the officer has no shield
    assert 1 not in s.units
    events += act(s, "pass")  # 1 against 2: the attack ends here, no hand to hand
    assert s.clash is None and not s.pending
    assert any(e.kind == "withdrew" and e.data.get("outnumbered") for e in events)
    assert s.po_drawn == ""  # no Public Opinion card
    assert s.units[2].attacked and s.units[3].space == s.units[4].space == "nw_street"


def test_police_level_after_distance_may_still_press_on():
    """Clashes: the Police only may not attack with *lower* Force; level after the distance
    phase, they may go hand to hand (and a won hand-to-hand clash turns Public Opinion)."""
    s = position(
        2,
        units=[
            (0, "officer", "nw_street"),
            (0, "officer", "nw_street"),
            (0, "officer", "nw_street"),
            (1, "activist", "nw_street"),
            (1, "activist", "nw_street"),
        ],
        active=0,
        hands={1: ["thrown_stone"]},
    )
    attack(s, "nw_street", 1, [1, 2, 3])
    act(s, "play card=thrown_stone target=1")
    act(s, "pass")
    assert legal(s) == {"press_on", "withdraw"}  # 2 against 2


def test_unit_wounded_at_distance_is_out_of_play_this_turn():
    """Losses and wounded: a wounded unit goes to the entry point (Police: the Hospital) and
    comes back only next turn, so it can neither attack again nor get an extra step now."""
    s = position(
        3,
        units=[
            (1, "mediactivist", "n_street"),
            (1, "activist", "n_street"),
            (2, "anarchist", "nw_street"),
        ],
        active=1,
        hands={1: ["side_alley"], 2: ["thrown_stone"]},
    )
    attack(s, "nw_street", 2, [1, 2])
    act(s, "play card=thrown_stone target=1")  # 1 damage on Force 2: wounded
    assert s.units[1].space == "nw_entry" and s.units[1].wounded
    act(s, "pass")
    act(s, "withdraw")
    assert s.units[1].moves == 0 and s.units[1].attacked
    assert 1 not in [u.id for u in R.eligible_attackers(s, "nw_street", 2)]
    assert "nw_street@2" not in targets(s)  # one step from its entry point, but out of play
    assert "play card=side_alley unit=1" not in legal(s)
    act(s, "end_turn")
    while not (s.active == 1 and s.phase == "purchase"):  # seat 2, the Police, then seat 1
        nxt = {"end_purchase", "end_move", "end_turn", "next seat=1"} & legal(s)
        act(s, nxt.pop())
    assert s.units[1].moves == 1 and not s.units[1].attacked  # back in play next turn


def test_unit_wounded_in_an_obstruction_fight_cannot_move_again():
    """Losses and wounded: a unit wounded in a street fight it chose when obstructed (a
    distance hit) goes to its entry point and cannot be moved again this turn."""
    s = position(
        3,
        units=[(1, "mediactivist", "nw_street"), (2, "anarchist", "nw_street")],
        active=1,
        phase="move",
        hands={1: ["side_alley", "side_alley"], 2: ["thrown_stone"]},
    )
    act(s, "play card=side_alley unit=1")
    assert s.units[1].moves == 2
    act(s, "move unit=1 to=nw_b1")
    act(s, "obstruct")
    act(s, "street_fight")
    act(s, "play card=thrown_stone target=1")
    assert s.clash is None and s.units[1].space == "nw_entry" and s.units[1].wounded
    assert not any(a.kind == "move" and a["unit"] == 1 for a in R.legal_actions(s))
    assert "play card=side_alley unit=1" not in legal(s)


def test_a_unit_that_moved_attacks_only_in_its_area_even_with_steps_left():
    """Clashes: "If a unit has already moved and is not in the same area as its target, it
    cannot attack it" - also a Riot Van that has used one of its two steps."""
    s = position(
        2,
        units=[(0, "riot_van", "hq"), (1, "activist", "nw_street"), (1, "activist", "n_b1")],
        active=0,
        phase="move",
    )
    s.phase = "clash"
    assert {"nw_street@1", "n_b1@1"} <= targets(s)  # unmoved: within its two steps
    s.phase = "move"
    act(s, "move unit=1 to=n_street")
    act(s, "end_move")
    assert s.units[1].moves == 1
    assert targets(s) == {"n_b1@1"}  # nw_street is one step away, but in another area
    assert [u.id for u in R.eligible_attackers(s, "nw_street", 1)] == []


def test_direct_building_attack_only_before_the_unit_moves():
    """Unit Specials, S.W.A.T. and Paramilitary: "When created" they may attack any occupied
    building directly - only while they have not moved; afterwards they attack like any unit
    (own area only, and the street's enemies may obstruct)."""
    s = position(
        2,
        units=[(1, "activist", "se_b1"), (1, "activist", "nw_b1"), (1, "activist", "nw_street")],
        active=0,
        phase="purchase",
        credits=[R.content.unit("police", "swat").cost, 0],
    )
    act(s, "buy unit=swat at=hq")
    act(s, "end_purchase")
    act(s, "move unit=4 to=nw_street")
    act(s, "end_move")
    assert "se_b1@1" not in targets(s)
    attack(s, "nw_b1", 1, [4])
    assert s.clash is None and s.pending[-1].kind == "obstruct"  # no direct attack now
    p = position(
        4,
        units=[(1, "activist", "se_b1")],
        active=3,
        phase="purchase",
        credits=[0, 0, 0, R.content.unit("nationalists", "paramilitary").cost],
    )
    act(p, "buy unit=paramilitary at=nw_entry")
    act(p, "end_purchase")
    act(p, "move unit=2 to=nw_street")
    act(p, "end_move")
    assert "se_b1@1" not in targets(p)
