"""RIOT: Cast the First Stone - Public Opinion Cards, How to win, Area Points, Mediactivist."""

from __future__ import annotations

from .helpers import R, act, attack, position, setup


def test_po_card_drawn_in_hand_to_hand_and_revealed_at_end_of_turn():
    """Public Opinion Cards: a card is drawn whenever the Police are in a hand-to-hand clash
    that someone wins; it is turned over at the end of that turn and its penalty applies."""
    s = position(
        2,
        units=[(0, "swat", "nw_street"), (1, "activist", "nw_street"), (1, "activist", "se_b1")],
        active=0,
        po_deck=["inquiry", "budget_cut"],
    )
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    assert s.po_drawn == "inquiry" and s.po_revealed == []
    act(s, "end_turn")
    assert s.po_revealed == ["inquiry"] and s.po_drawn == ""
    assert s.police_next == {"income": R.content.opinion_card("inquiry").value}


def test_only_one_po_card_per_turn():
    """Public Opinion Cards: only one card per turn, however many valid clashes."""
    s = position(
        2,
        units=[
            (0, "swat", "nw_street"),
            (0, "swat", "ne_street"),
            (1, "activist", "nw_street"),
            (1, "activist", "ne_street"),
            (1, "activist", "se_b1"),
        ],
        active=0,
        po_deck=["inquiry", "budget_cut", "press_outcry"],
    )
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    attack(s, "ne_street", 1, [2])
    act(s, "press_on")
    assert s.po_deck == ["budget_cut", "press_outcry"]
    act(s, "end_turn")
    assert s.po_revealed == ["inquiry"]


def test_no_po_card_for_clashes_between_protesters():
    """Public Opinion Cards: protester teams can fight each other without penalty."""
    s = position(
        3, units=[(1, "mediactivist", "nw_street"), (2, "anarchist", "nw_street")], active=1
    )
    before = list(s.po_deck)
    attack(s, "nw_street", 2, [1])
    act(s, "press_on")
    assert s.po_drawn == "" and s.po_deck == before


def test_no_po_card_when_settled_at_distance():
    """Distance attacks NB 2: a Police clash settled in the distance phase has no effect on
    Public Opinion."""
    s = position(
        2,
        units=[(1, "activist", "n_street"), (0, "officer", "nw_street")],
        active=1,
        hands={1: ["thrown_stone"]},
    )
    attack(s, "nw_street", 0, [1])
    act(s, "play card=thrown_stone target=2")
    assert s.clash is None and 2 not in s.units
    assert s.po_drawn == ""
    s = position(2, units=[(1, "activist", "n_street"), (0, "officer", "nw_street")], active=1)
    attack(s, "nw_street", 0, [1])
    act(s, "withdraw")
    assert s.po_drawn == ""


def test_mediactivist_and_masked_faces_keep_po_still():
    """Unit Specials, Mediactivist: no effect on Public Opinion when it is in the fight; and
    the Blitz card "no effect on Public Opinion" (our Masked Faces)."""
    s = position(
        2,
        units=[
            (0, "swat", "nw_street"),
            (1, "mediactivist", "nw_street"),
            (1, "activist", "se_b1"),
        ],
        active=0,
    )
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    assert s.po_drawn == ""
    s = position(
        2,
        units=[(0, "swat", "nw_street"), (1, "activist", "nw_street"), (1, "activist", "se_b1")],
        active=0,
        hands={1: ["masked_faces"]},
    )
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    act(s, "play card=masked_faces")
    act(s, "pass")
    assert s.po_drawn == ""


def test_mediactivist_draws_when_lost_defending():
    """Unit Specials, Mediactivist: when it is eliminated as a defender its owner draws a
    card."""
    s = position(
        2,
        units=[
            (0, "swat", "nw_street"),
            (0, "riot_van", "nw_street"),
            (1, "mediactivist", "nw_street"),
            (1, "activist", "se_b1"),
        ],
        active=0,
    )
    hand = len(s.hands[1])
    attack(s, "nw_street", 1, [1, 2])
    act(s, "press_on")
    assert 3 not in s.units
    assert len(s.hands[1]) == hand + 1


def test_no_clash_card_calls_it_off():
    """Protester Blitz card (our Scatter, "no clash"): the clash does not happen."""
    s = position(
        2,
        units=[(0, "swat", "nw_street"), (1, "activist", "nw_street"), (1, "activist", "se_b1")],
        active=0,
        hands={1: ["scatter"]},
    )
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    act(s, "play card=scatter")
    assert s.clash is None and 2 in s.units and s.po_drawn == ""
    assert s.units[1].attacked


def test_police_win_on_last_po_card():
    """How to win: the Police win when the last Public Opinion card is turned over."""
    s = position(
        2,
        units=[(0, "swat", "nw_street"), (1, "activist", "nw_street"), (1, "activist", "se_b1")],
        active=0,
        po_deck=["vehicle_ban"],
    )
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    act(s, "end_turn")
    out = R.outcome(s)
    assert out.finished and out.winners == (0,)


def test_po_penalties_apply_next_police_turn():
    """Public Opinion Cards: the Police undergo the penalty on the card (our ten designs)."""
    s = position(
        2,
        units=[(0, "riot_van", "hospital"), (0, "officer", "hq"), (1, "activist", "se_b1")],
        active=1,
        police_next={"hospital_lock": 1, "income": 1},
    )
    act(s, "end_turn")
    assert s.active == 0
    assert s.units[1].moves == 0  # locked in the Hospital
    assert s.credits[0] == 1 - 1
    s = position(
        2,
        units=[
            (0, "officer", "nw_street"),
            (0, "officer", "hq"),
            (0, "officer", "ne_street"),
            (1, "activist", "se_b1"),
        ],
        active=1,
        po_drawn="suspension",
    )
    act(s, "end_turn")
    # as many Officers as the card says leave, the one in the HQ first, then the oldest
    assert R.content.opinion_card("suspension").value == 2
    assert 2 not in s.units and 1 not in s.units and 3 in s.units


def test_area_points_and_protester_victory():
    """Area Points: at the start of their turn Autonomen and Anarchists score 1 point per area
    where they occupy all the buildings; How to win: 7 Area Points."""
    s = position(
        2,
        units=[(1, "activist", "n_b1"), (1, "activist", "n_b2"), (1, "activist", "nw_b1")],
        active=0,
        area_points=[0, 5],
    )
    act(s, "end_turn")
    assert s.area_points[1] == 6 and not R.outcome(s).finished
    s = position(
        2,
        units=[
            (1, "activist", "n_b1"),
            (1, "activist", "n_b2"),
            (1, "activist", "s_b1"),
            (1, "activist", "s_b2"),
        ],
        active=0,
        area_points=[0, 5],
    )
    act(s, "end_turn")
    out = R.outcome(s)
    assert s.area_points[1] == 7 and out.finished and out.winners == (1,)


def test_nationalists_score_no_area_points_but_win_on_goal():
    """Area Points / How to win: Nationalists get no Area Points; they win on their secret
    Goal card (ours: Everywhere at Once, a building in each of the 6 areas)."""
    five = ["nw_b1", "n_b1", "ne_b1", "sw_b1", "se_b1"]
    others = [(1, "activist", "nw_b2"), (2, "anarchist", "n_b2")]
    s = position(
        4,
        units=[(3, "nationalist", b) for b in five] + others,
        active=2,
        goals=["", "", "", "everywhere"],
        order=[1, 2, 3],
    )
    act(s, "end_turn")
    assert s.active == 3 and not R.outcome(s).finished and s.area_points[3] == 0
    s = position(
        4,
        units=[(3, "nationalist", b) for b in [*five, "s_b1"]] + others,
        active=2,
        goals=["", "", "", "everywhere"],
        order=[1, 2, 3],
    )
    act(s, "end_turn")
    out = R.outcome(s)
    assert out.finished and out.winners == (3,)


def test_nationalist_stronghold_goal():
    """How to win: our second Goal card, Stronghold, needs buildings worth 10 credits."""
    held = ["nw_b1", "n_b1", "n_b2", "ne_b3", "sw_b2"]  # 2 + 2 + 2 + 2 + 2 = 10
    s = position(
        4,
        units=[(3, "nationalist", b) for b in held[:4]]
        + [(1, "activist", "s_b1"), (2, "anarchist", "s_b2")],
        active=2,
        goals=["", "", "", "stronghold"],
        order=[1, 2, 3],
    )
    act(s, "end_turn")
    assert not R.outcome(s).finished  # 8 credits
    s = position(
        4,
        units=[(3, "nationalist", b) for b in held]
        + [(1, "activist", "s_b1"), (2, "anarchist", "s_b2")],
        active=2,
        goals=["", "", "", "stronghold"],
        order=[1, 2, 3],
    )
    act(s, "end_turn")
    assert R.outcome(s).winners == (3,)


def test_nationalist_goal_is_hidden_from_others():
    """How to win: the Goal card is secret (drawn at random, seen by the Nationalists only)."""
    s = R.new_state(setup(4, seed=2))
    assert s.goals[3] in {"stronghold", "everywhere"}
    assert R.view(s, 0).goals[3] == "?"
    assert R.view(s, 3).goals[3] == s.goals[3]
    d = R.determinize(R.view(s, 1), 1, seed=4)
    assert d.goals[3] in {"stronghold", "everywhere"}


def test_protesters_can_be_eliminated_police_cannot():
    """Ruling: protester players can be eliminated; the Police cannot."""
    s = position(
        3,
        units=[(0, "swat", "nw_street"), (1, "activist", "nw_street"), (2, "anarchist", "se_b1")],
        active=0,
    )
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    assert s.eliminated[1] and not R.outcome(s).finished
    act(s, "end_turn")
    assert s.active == 2  # the eliminated team is skipped
    s = position(2, units=[(0, "swat", "nw_street"), (1, "activist", "nw_street")], active=0)
    attack(s, "nw_street", 1, [1])
    act(s, "press_on")
    out = R.outcome(s)
    assert out.finished and out.winners == (0,)


def test_scored_area_points_stay_after_the_area_is_lost():
    """Area Points: points are counted on the Summary Mat and kept; losing the area later
    stops new points but takes none back (issue: scored areas stay scored)."""
    s = position(
        2,
        units=[(1, "activist", "n_b1"), (1, "activist", "n_b2"), (1, "activist", "nw_b1")],
        active=0,
        area_points=[0, 2],
    )
    act(s, "end_turn")
    assert s.area_points[1] == 3
    # the area is lost before the next turn: the three points stay, no new one comes
    del s.units[2]
    s.supply[1]["activist"] += 1
    act(s, "end_purchase")
    act(s, "end_move")
    act(s, "end_turn")
    assert s.active == 0
    for text in ("end_purchase", "end_move", "end_turn"):
        act(s, text)
    assert s.area_points[1] == 3
