"""RIOT: Cast the First Stone - credits, purchases, deployment, first round, turn order."""

from __future__ import annotations

from riotsim.core.contract import Action
from riotsim.games.riot.state import PLACEMENT, PURCHASE

from .helpers import R, act, legal, position, setup


def test_police_credits_two_players():
    """1) Count Area Points and Credits: the Police get 1 credit per remaining unit of the
    weakest opposing team, wounded units included (no bonus with 2 players)."""
    s = position(
        2,
        units=[(1, "activist", "nw_b1"), (1, "activist", "nw_entry"), (1, "activist", "n_b1")],
        active=1,
        phase="clash",
    )
    s.units[2].wounded = True
    act(s, "end_turn")  # round ends; the Police start the next one
    assert s.active == 0 and s.phase == PURCHASE
    assert s.credits[0] == 3


def test_police_credits_three_and_four_players():
    """1) Count Area Points and Credits: fewest units decide; +2 credits in a 3-player game,
    +3 in a 4-player game."""
    s3 = position(
        3, units=[(1, "activist", "nw_b1"), (1, "activist", "n_b1"), (2, "anarchist", "ne_b1")]
    )
    assert R.police_income(s3) == 1 + 2
    s4 = position(
        4,
        units=[
            (1, "activist", "nw_b1"),
            (1, "activist", "n_b1"),
            (2, "anarchist", "ne_b1"),
            (2, "anarchist", "ne_b2"),
            (3, "nationalist", "s_b1"),
            (3, "nationalist", "s_b2"),
        ],
    )
    assert R.police_income(s4) == 2 + 3


def test_protester_credits_from_buildings_not_units():
    """1) Count Area Points and Credits: protesters collect the credits printed on the
    buildings they occupy, however many units are inside."""
    s = position(
        2,
        units=[(1, "activist", "nw_b1"), (1, "activist", "nw_b1"), (1, "activist", "nw_b2")],
        active=0,
    )
    act(s, "end_turn")
    assert s.active == 1
    assert s.credits[1] == 2 + 1  # nw_b1 is worth 2, nw_b2 is worth 1


def test_no_banking_between_turns():
    """1) NB: credits cannot be kept from one turn to the next."""
    s = position(2, units=[(1, "activist", "nw_b3")], active=0, phase="purchase", credits=[9, 0])
    act(s, "end_purchase")
    act(s, "end_move")
    act(s, "end_turn")
    assert s.credits[0] == 0
    assert s.credits[1] == 1


def test_progressive_card_cost():
    """2) Purchase Cards and Units: the first card of a turn costs 1, the second 2, the
    third 3; the count starts again next turn."""
    s = position(2, units=[(1, "activist", "nw_b1")], active=1, phase="purchase", credits=[0, 6])
    act(s, "buy_card")
    assert s.credits[1] == 5
    act(s, "buy_card")
    assert s.credits[1] == 3
    act(s, "buy_card")
    assert s.credits[1] == 0
    assert len(s.hands[1]) == 3
    s.credits[1] = 3
    assert "buy_card" not in legal(s)  # the fourth would cost 4
    s2 = position(
        2,
        units=[(1, "activist", "nw_b1")],
        active=1,
        phase="purchase",
        credits=[0, 1],
        cards_bought=0,
    )
    assert "buy_card" in legal(s2)


def test_police_cannot_buy_cards():
    """2) Purchase Cards and Units: the Police can only buy units."""
    s = position(2, units=[(1, "activist", "nw_b1")], active=0, phase="purchase", credits=[5, 0])
    assert "buy_card" not in legal(s)
    assert not any(a.kind == "play" for a in R.legal_actions(s))


def test_deploy_places():
    """3) Deploy Units: protesters deploy on entry points of their choice, the Police inside
    the Police Headquarters."""
    s = position(2, units=[(1, "activist", "nw_b1")], active=0, phase="purchase", credits=[4, 0])
    places = {a["at"] for a in R.legal_actions(s) if a.kind == "buy"}
    assert places == {"hq"}
    s = position(2, units=[(1, "activist", "nw_b1")], active=1, phase="purchase", credits=[0, 4])
    places = {a["at"] for a in R.legal_actions(s) if a.kind == "buy"}
    assert places == set(R.board(s).of_kind("entry"))
    act(s, "buy unit=mediactivist at=se_entry")
    assert s.credits[1] == 2
    new = max(s.units)
    assert s.units[new].space == "se_entry" and s.units[new].kind == "mediactivist"


def test_first_round_placement_three_players():
    """First Round: in a random order each protester places one basic unit in a building
    until each holds two buildings in two different areas; then the Police's first turn."""
    s = R.new_state(setup(3, seed=5))
    assert s.phase == PLACEMENT
    assert sorted(s.placement) == [1, 1, 2, 2]
    first = s.active
    act(s, "place at=nw_b1")
    assert s.active != first
    act(s, "place at=nw_b2")  # another team may use the same area
    # the first team may not take a second building in the area it already holds
    assert "place at=nw_b3" not in legal(s)
    act(s, "place at=n_b1")
    act(s, "place at=ne_b1")
    assert s.phase == PURCHASE and s.active == 0
    for seat in (1, 2):
        held = R.occupied_buildings(s, seat)
        assert len(held) == 2
        assert len({R.board(s).area_of(b) for b in held}) == 2
    assert s.credits[0] == 2 + 2  # weakest team has 2 units, +2 in a 3-player game


def test_first_round_two_players_four_buildings():
    """First Round, 2 Player game: the protester places 4 basic units in 4 buildings of 4
    different areas."""
    s = R.new_state(setup(2, seed=3))
    assert s.placement == [1, 1, 1, 1]
    for b in ("nw_b1", "n_b1", "ne_b1", "sw_b1"):
        assert f"place at={b}" in legal(s)
        act(s, f"place at={b}")
    assert s.phase == PURCHASE and s.active == 0
    assert s.credits[0] == 4


def test_a_city_that_cannot_host_the_first_round_is_refused_at_the_start():
    """First Round: each protester places in buildings of different areas (4 areas in a
    2-player game). A city with buildings in only three areas cannot start a 2-player game,
    and says why, instead of leaving the protester with no legal placement; the shipped
    minimal template (four areas, eight buildings) plays with 2, 3 and 4 players."""
    import dataclasses
    from pathlib import Path

    import pytest

    root = Path(__file__).resolve().parents[2]
    three = str(root / "tests" / "fixtures" / "broken-maps" / "riot" / "three_areas.tmx")
    with pytest.raises(ValueError, match="needs 4 buildings.*has 6 in 3 areas"):
        R.new_state(dataclasses.replace(setup(2), map=three))
    template = str(root / "maps" / "templates" / "riot_city.tmx")
    for players in (2, 3, 4):
        s = R.new_state(dataclasses.replace(setup(players), map=template))
        assert s.phase == PLACEMENT and legal(s)


def test_placement_order_is_random():
    """First Round: the protesters place following a random order."""
    firsts = {R.new_state(setup(4, seed=seed)).placement[0] for seed in range(12)}
    assert len(firsts) > 1


def test_police_choose_turn_order_each_round():
    """First Round: from then on the Police decide, at the end of every round, the order of
    the other players' turns."""
    s = position(
        3,
        units=[(1, "activist", "nw_b1"), (2, "anarchist", "ne_b1")],
        active=2,
        phase="clash",
        order=[1, 2],
    )
    act(s, "end_turn")
    assert R.to_move(s) == 0
    assert legal(s) == {"next seat=1", "next seat=2"}
    act(s, "next seat=2")
    assert s.order == [2, 1]
    assert s.active == 0 and s.phase == PURCHASE  # the Police open the new round
    act(s, "end_purchase")
    act(s, "end_move")
    act(s, "end_turn")
    assert s.active == 2


def test_round_limit_ends_game():
    """Option round_limit: the game ends without a winner after that many rounds."""
    s = position(
        2, units=[(1, "activist", "nw_b1")], active=1, phase="clash", round=3, round_limit=3
    )
    act(s, "end_turn")
    out = R.outcome(s)
    assert out.finished and out.winners == () and "round limit" in out.reason


def test_police_basic_only_penalty_limits_purchase():
    """Public Opinion card Hiring Freeze (our design): the Police may buy only basic units."""
    s = position(
        2,
        units=[(1, "activist", "nw_b1")],
        active=0,
        phase="purchase",
        credits=[9, 0],
        police_now={"basic_only": 1},
    )
    kinds = {a["unit"] for a in R.legal_actions(s) if a.kind == "buy"}
    assert kinds == {"officer"}


def test_action_text_round_trips():
    s = position(2, units=[(1, "activist", "nw_b1")], active=1, phase="purchase", credits=[0, 2])
    for a in R.legal_actions(s):
        assert Action.parse(str(a)) == a
