"""RIOT Politics & Media (sheet 003, English in seeds/README.md): rules tests."""

from __future__ import annotations

import pytest

from riotsim.core.contract import IllegalAction
from riotsim.games.riot.pm_state import CARDS, PURCHASE

from .pm_helpers import PM, pm_act, pm_legal, pm_position, pm_setup


def test_worked_combat_example():
    """Combat, the sheet's worked example: Protester 3 (unit) + 1 (special unit bonus) + 3
    (card) = 7; Police 2 + 1 + 3 + 3 + 3 = 12; the Police win, the Protester unit is removed,
    and the wounded table makes the winner lose 4 points: both its 2-unit and its 1-unit."""
    s = pm_position(
        [(1, "black_bloc", "nw_street"), (0, "officer", "n_street"), (0, "cadet", "n_street")],
        active=1,
        riot_hands=[["riot3", "riot3", "riot3"], ["riot3"]],
    )
    pm_act(s, "attack target=n_street")
    pm_act(s, "commit unit=1")
    pm_act(s, "confirm")
    # the attacker declares its face-down cards first, then the defender
    assert PM.to_move(s) == 1
    pm_act(s, "riot card=riot3")
    pm_act(s, "done")
    assert PM.to_move(s) == 0
    assert PM.view(s, 0).combat["riot"][0] == ["?"]  # the Police see a count, not a value
    for _ in range(3):
        pm_act(s, "riot card=riot3")
    assert PM.totals(s) == (7, 12)
    events = pm_act(s, "done")
    assert any(
        e.kind == "combat_reveal" and e.data["attacker"] == 7 and e.data["defender"] == 12
        for e in events
    )
    assert 1 not in s.units  # the loser is removed
    assert 2 not in s.units and 3 not in s.units  # 4 points: the 2 and the 1
    assert PM.content.wounded_points(7) == 4


def test_tracks_are_tug_of_war_and_stop_at_five():
    """Victory: 5 points on Politics or Media wins; a point gained is taken from the other
    side; the marker never goes past 5."""
    s = pm_position([(1, "demonstrator", "nw_b1")], tracks={"politics": 3, "media": 0})
    PM.move_track(s, "politics", 0, 1)
    assert s.tracks["politics"] == 2  # the Police's point is taken from the Protesters
    PM.move_track(s, "politics", 1, 7)
    assert s.tracks["politics"] == 5
    out = PM.outcome(s)
    assert out.finished and out.winners == (1,)
    s = pm_position([(1, "demonstrator", "nw_b1")], tracks={"politics": 0, "media": -4})
    PM.move_track(s, "media", 0, 3)
    assert s.tracks["media"] == -5 and PM.outcome(s).winners == (0,)


def test_both_tracks_move_at_start_of_turn_by_district_type():
    """Start of the turn: the markers move towards the player by the number and type of the
    districts it controls (all three buildings): both tracks can move in the same turn."""
    board = PM.board(pm_position())
    politics = [
        a for a in board.area_ids if board.spaces[board.street_of(a)].district == "politics"
    ]
    media = [a for a in board.area_ids if board.spaces[board.street_of(a)].district == "media"]
    units = [
        (1, "demonstrator", b)
        for a in (politics[0], politics[1], media[0])
        for b in board.buildings_of(a)
    ]
    s = pm_position(units, active=0, tracks={"politics": 1, "media": -1})
    pm_act(s, "end_turn")
    assert s.active == 1
    assert s.tracks == {"politics": 3, "media": 0}


def test_control_needs_all_three_buildings_markers_count():
    """Districts: control means all 3 buildings, held by units or occupation markers."""
    s = pm_position([(1, "demonstrator", "nw_b1"), (1, "demonstrator", "nw_b2")], active=0)
    assert PM.controlled_districts(s, 1) == []
    s.markers["nw_b3"] = 1
    assert PM.controlled_districts(s, 1) == ["nw"]


def test_building_colours_and_barracks_income():
    """Buildings: yellow gives 1 credit, orange 1 Politics card, green 1 Media card per turn;
    the barracks always gives the Police 1 credit."""
    s = pm_position(
        [
            (1, "demonstrator", "nw_b1"),
            (1, "demonstrator", "nw_b2"),
            (1, "demonstrator", "n_b3"),
            (0, "officer", "ne_b1"),
        ],
        active=0,
        credits=[0, 0],
    )
    colours = {b: PM.board(s).spaces[b].colour for b in ("nw_b1", "nw_b2", "n_b3", "ne_b1")}
    assert colours == {"nw_b1": "yellow", "nw_b2": "orange", "n_b3": "green", "ne_b1": "yellow"}
    pm_act(s, "end_turn")  # the Protesters' turn starts
    assert s.credits[1] == 1
    assert len(s.hands[1]) == 2
    assert {PM.content.cards[c].id in PM.content.politics_deck for c in s.hands[1]} == {True, False}
    pm_act(s, "end_purchase")
    pm_act(s, "end_cards")
    pm_act(s, "end_move")
    pm_act(s, "end_turn")
    assert s.credits[0] == 1 + 1  # barracks + the yellow building


def test_credits_are_kept_between_turns():
    """Politics & Media has no 'no banking' rule: unspent credits stay."""
    s = pm_position([(1, "demonstrator", "nw_b1")], active=1, phase="combat", credits=[3, 2])
    pm_act(s, "end_turn")
    assert s.credits[0] == 3 + 1


def test_riot_cards_progressive_cost_no_hand_limit():
    """RIOT cards: they cost 1, then 2, then 3... within a turn; no hand limit."""
    s = pm_position([(1, "demonstrator", "nw_b1")], active=1, phase="purchase", credits=[0, 10])
    for expected in (9, 7, 4, 0):
        pm_act(s, "buy_riot")
        assert s.credits[1] == expected
    assert len(s.riot_hands[1]) == 4


def test_character_activation_special_units_and_bound_cards():
    """Characters: activation costs 2; they unlock their special unit and their bound
    cards."""
    s = pm_position(
        [(1, "demonstrator", "nw_b1")],
        active=1,
        phase="purchase",
        credits=[0, 6],
        hands=[[], ["live_broadcast", "headline"]],
    )
    assert not any(a.startswith("buy unit=journalist") for a in pm_legal(s))
    pm_act(s, "activate character=spokesperson")
    assert s.credits[1] == 4
    assert "buy unit=journalist at=nw_entry" in pm_legal(s)
    # the Spokesperson's power: the first RIOT card of the turn is free
    pm_act(s, "buy_riot")
    assert s.credits[1] == 4
    pm_act(s, "end_purchase")
    assert "play card=live_broadcast" in pm_legal(s)  # bound to the media role, now active
    s.characters[1] = []
    assert "play card=live_broadcast" not in pm_legal(s)
    assert "play card=headline" in pm_legal(s)


def test_journalist_deactivates_a_character():
    """Special units: 'when it enters play it deactivates a Character'."""
    s = pm_position(
        [(1, "demonstrator", "nw_b1")],
        active=1,
        phase="purchase",
        credits=[0, 3],
        characters=[["prefect", "press_officer"], ["spokesperson"]],
    )
    pm_act(s, "buy unit=journalist at=nw_entry")
    assert PM.to_move(s) == 1
    assert pm_legal(s) == {"deactivate character=prefect", "deactivate character=press_officer"}
    pm_act(s, "deactivate character=prefect")
    assert s.characters[0] == ["press_officer"]


def test_van_moves_two_never_enters_buildings_and_only_clears():
    """Special units: 'moves 2 but never enters buildings'; a conquered building is entered
    at once, except by vans, which only clear it."""
    s = pm_position(
        [(0, "riot_van", "barracks"), (1, "demonstrator", "nw_b1")],
        active=0,
        phase="move",
        characters=[["prefect"], []],
    )
    pm_act(s, "move unit=1 to=n_street")
    assert "move unit=1 to=nw_street" in pm_legal(s)
    pm_act(s, "move unit=1 to=nw_street")
    assert not any("to=nw_b" in a for a in pm_legal(s))
    s = pm_position(
        [(0, "riot_van", "nw_street"), (0, "officer", "nw_street"), (1, "demonstrator", "nw_b1")],
        active=0,
    )
    pm_act(s, "attack target=nw_b1")
    pm_act(s, "commit unit=1")
    pm_act(s, "commit unit=2")
    pm_act(s, "confirm")
    pm_act(s, "done")
    pm_act(s, "done")
    # 1 + 2 = 3 against 1 + 1 (building): the demonstrator is removed; 2 points for a loser
    # total of 2 -> the wounded table costs the Police 1 point: the van (strength 1)
    assert 3 not in s.units
    assert 1 not in s.units and s.units[2].space == "nw_b1"


def test_street_and_building_bonus_units():
    """Special units: '+1 in street fights' and '+1 in fights in buildings'."""
    s = pm_position([(1, "black_bloc", "nw_street"), (0, "swat", "nw_b1")], active=1)
    b = PM.board(s)
    assert PM.strength(s, s.units[1], False) == 4 and PM.strength(s, s.units[1], True) == 3
    assert PM.strength(s, s.units[2], True) == 4 and PM.strength(s, s.units[2], False) == 3
    del b


def test_defender_building_bonus_and_conquest_enters():
    """Combat: buildings give the defender +1; winning an attack on a building occupies it at
    once."""
    s = pm_position(
        [(1, "organiser", "nw_street"), (1, "demonstrator", "nw_street"), (0, "cadet", "nw_b1")],
        active=1,
        markers={"nw_b1": 0},
    )
    pm_act(s, "attack target=nw_b1")
    pm_act(s, "commit unit=1")
    pm_act(s, "commit unit=2")
    pm_act(s, "confirm")
    pm_act(s, "done")
    assert PM.totals(s) == (3, 2)
    pm_act(s, "done")
    # loser total 2: the Protesters lose 1 point (the demonstrator); the organiser enters
    assert 3 not in s.units and 2 not in s.units
    assert s.units[1].space == "nw_b1" and "nw_b1" not in s.markers
    assert PM.occupant(s, "nw_b1") == 1


def test_attack_only_where_the_unit_could_move_once_per_turn():
    """Combat: a unit attacks only a space it could move onto; a unit may attack at most once
    per turn; units are spent after moving as after attacking."""
    s = pm_position(
        [(1, "organiser", "nw_street"), (0, "cadet", "n_street"), (0, "cadet", "ne_street")],
        active=1,
    )
    assert pm_legal(s) == {"attack target=n_street", "end_turn"}
    s.phase = "move"
    pm_act(s, "move unit=1 to=sw_street")
    pm_act(s, "end_move")
    assert pm_legal(s) == {"end_turn"}  # moved: flipped, no attack
    s = pm_position(
        [(1, "organiser", "nw_street"), (1, "demonstrator", "nw_street"), (0, "cadet", "n_street")],
        active=1,
    )
    pm_act(s, "attack target=n_street")
    pm_act(s, "commit unit=2")
    pm_act(s, "confirm")
    pm_act(s, "done")
    pm_act(s, "done")  # 1 against 1: a tie, nothing happens
    assert 2 in s.units and 3 in s.units and s.units[2].attacked
    pm_act(s, "attack target=n_street")
    assert pm_legal(s) == {"commit unit=1"}  # unit 2 already attacked


def test_defender_uses_everything_in_the_space():
    """Combat: the defender automatically defends with every unit in that space."""
    s = pm_position(
        [(1, "black_bloc", "nw_street"), (0, "cadet", "n_street"), (0, "officer", "n_street")],
        active=1,
    )
    pm_act(s, "attack target=n_street")
    pm_act(s, "commit unit=1")
    pm_act(s, "confirm")
    assert s.combat["dfd"] == [2, 3]


def test_barracks_cannot_be_attacked_or_entered_by_protesters():
    """Buildings: the barracks can never be attacked; Police units start there."""
    s = pm_position([(1, "organiser", "nw_street"), (0, "cadet", "barracks")], active=1)
    assert pm_legal(s) == {"end_turn"}
    s.phase = "move"
    assert "move unit=1 to=barracks" not in pm_legal(s)
    s = pm_position([(1, "organiser", "nw_street")], active=0, phase="purchase", credits=[2, 0])
    assert {a.split("at=")[1] for a in pm_legal(s) if a.startswith("buy unit")} == {"barracks"}


def test_occupation_marker_keeps_advantage_enemy_walks_in():
    """Movement: leaving a building after a turn of occupation keeps its advantage with a
    marker, but opposing units may then enter it without a fight."""
    s = pm_position([(1, "demonstrator", "nw_b1")], active=0, phase="combat")
    pm_act(s, "end_turn")  # the Protesters' turn: nw_b1 was held at its start
    pm_act(s, "end_purchase")
    pm_act(s, "end_cards")
    pm_act(s, "move unit=1 to=nw_street")
    assert s.markers == {"nw_b1": 1} and PM.occupant(s, "nw_b1") == 1
    s2 = pm_position([(0, "cadet", "nw_street")], active=0, phase="move", markers={"nw_b1": 1})
    assert "move unit=1 to=nw_b1" in pm_legal(s2)
    pm_act(s2, "move unit=1 to=nw_b1")
    assert s2.markers == {} and PM.occupant(s2, "nw_b1") == 0
    # a building entered this turn and left again leaves no marker
    s3 = pm_position([(1, "demonstrator", "nw_street")], active=1, phase="move")
    pm_act(s3, "move unit=1 to=nw_b1")
    s3.units[1].moves = 1
    pm_act(s3, "move unit=1 to=nw_street")
    assert s3.markers == {}


def test_first_turn_protesters_place_two_then_police_with_one_credit():
    """First turn: the Protester player always starts, placing 2 units wherever it likes;
    then the Police play, starting with the barracks' 1 credit."""
    s = PM.new_state(pm_setup(seed=4))
    assert s.phase == "setup" and PM.to_move(s) == 1
    assert "place unit=organiser at=ne_b2" in pm_legal(s)
    assert not any("at=barracks" in a or "entry" in a for a in pm_legal(s))
    pm_act(s, "place unit=organiser at=ne_b2")
    pm_act(s, "place unit=demonstrator at=s_street")
    assert s.phase == PURCHASE and s.active == 0 and s.credits[0] == 1


def test_instant_cards_in_combat_on_either_turn():
    """Cards: Instant cards are played during a combat, also by the defender."""
    s = pm_position(
        [(1, "demonstrator", "nw_street"), (0, "cadet", "n_street")],
        active=1,
        hands=[["legal_team"], []],
    )
    pm_act(s, "attack target=n_street")
    pm_act(s, "commit unit=1")
    pm_act(s, "confirm")
    pm_act(s, "done")
    assert PM.to_move(s) == 0 and "instant card=legal_team" in pm_legal(s)
    pm_act(s, "instant card=legal_team")
    assert PM.totals(s) == (1, 3)


def test_cards_phase_track_card_and_illegal_action():
    """Turn phases: buy, then use cards, then move, then combat."""
    s = pm_position(
        [(1, "demonstrator", "nw_b1")], active=1, phase=CARDS, hands=[[], ["council_motion"]]
    )
    pm_act(s, "play card=council_motion")
    assert s.tracks["politics"] == 1
    with pytest.raises(IllegalAction) as err:
        pm_act(s, "buy_riot")
    assert "cards phase" in str(err.value)
