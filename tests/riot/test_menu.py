"""RIOT: Cast the First Stone - the action menu (headings, costs, greyed entries with why) and
the specific reason a refused action gives."""

from __future__ import annotations

from riotsim.core.contract import Action

from .helpers import R, act, position


def _greyed(state) -> dict[str, str]:
    return {e.label: e.reason for e in R.action_menu(state) if e.action is None}


def _groups(state) -> set[str]:
    return {e.group for e in R.action_menu(state)}


def test_menu_offers_the_legal_actions_once_under_phase_headings():
    """2) Purchase Cards and Units: the purchase menu holds buys and the phase end, each once."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_b1")], phase="purchase")
    s.credits[0] = 5
    menu = R.action_menu(s)
    offered = [e.action for e in menu if e.action is not None]
    assert sorted(map(str, offered)) == sorted(map(str, R.legal_actions(s)))
    assert {"Purchase", "Turn"} <= _groups(s)
    swat = next(e for e in menu if e.action == Action.make("buy", unit="swat", at="hq"))
    assert swat.cost == "5 credits" and swat.group == "Purchase"


def test_unaffordable_unit_is_greyed_with_its_cost():
    """2) Purchase: units cost credits; one the player cannot pay is shown greyed."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_b1")], phase="purchase")
    s.credits[0] = 3
    greyed = _greyed(s)
    assert greyed["Buy S.W.A.T."] == "not enough credits: the S.W.A.T. costs 5, you have 3"
    assert "Buy Officer" not in greyed


def test_card_purchase_greyed_when_too_dear_and_refusal_says_so():
    """2) Purchase: the n-th card bought in a turn costs n credits."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_b1")], phase="purchase")
    s.active, s.credits[1], s.cards_bought = 1, 1, 1
    assert _greyed(s)["Buy a card"] == "not enough credits: the next card costs 2, you have 1"
    assert R.refusal(s, Action.make("buy_card")) == (
        "not enough credits: the next card costs 2, you have 1"
    )


def test_buy_refusals_name_the_deploy_space_and_the_supply():
    """3) Deploy Units: the Police deploy at their HQ; protesters at an entry point."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_b1")], phase="purchase")
    s.credits[0] = 9
    assert R.refusal(s, Action.make("buy", unit="officer", at="n_street")) == (
        "the Police deploy new units at their HQ"
    )
    s.supply[0]["swat"] = 0
    assert _greyed(s)["Buy S.W.A.T."] == "no S.W.A.T. left in the supply"


def test_move_refusals_are_specific():
    """4) Move Units: one step at a time; never onto an entry point; only the Police into
    the HQ; the first step from an entry point is into the street."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "nw_entry")], phase="move")
    s.active = 1
    uid = next(u.id for u in s.units.values() if u.seat == 1)
    assert R.refusal(s, Action.make("move", unit=uid, to="se_street")) == (
        "SE street is not next to NW entry: a unit steps one space at a time"
    )
    assert R.refusal(s, Action.make("move", unit=uid, to="nw_b1")) == (
        "from an entry point a unit steps onto the street first"
    )
    police = next(u.id for u in s.units.values() if u.seat == 0)
    assert R.refusal(s, Action.make("move", unit=police, to="n_b1")) == "that unit is not yours"


def test_police_never_enter_buildings_and_spent_units_say_so():
    """4) Move Units: a unit moves its steps once; Police Units never enter buildings
    (publisher's FAQ)."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "s_b1")], phase="move")
    uid = next(u.id for u in s.units.values() if u.seat == 0)
    assert R.refusal(s, Action.make("move", unit=uid, to="n_b1")) == (
        "Police units never enter buildings"
    )
    act(s, f"move unit={uid} to=hq")
    assert R.refusal(s, Action.make("move", unit=uid, to="n_street")) == "this unit already moved"
    assert _greyed(s)[f"Move Officer #{uid}"] == "this unit already moved"


def test_wounded_units_are_out_of_play():
    """Losses and wounded: a unit wounded this turn takes no more part in it."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "nw_entry")], phase="move")
    s.active = 1
    u = next(u for u in s.units.values() if u.seat == 1)
    u.wounded, u.moves = True, 0
    assert R.refusal(s, Action.make("move", unit=u.id, to="nw_street")) == (
        "wounded units are out of play this turn"
    )


def test_attack_refusals_police_force_and_reach():
    """5) Clashes: the Police may not attack with a lower Force than the defenders'."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_b1"), (1, "activist", "n_b1")])
    assert R.refusal(s, Action.make("attack", target="n_b1", seat=1)) == (
        "the Police may not attack with less Force: yours 1, theirs 3"
    )
    assert _greyed(s)["Attack Autonomen at N building 1"].startswith("the Police may not")
    far = position(2, [(0, "officer", "s_street"), (1, "activist", "n_b1")])
    for u in far.units.values():
        if u.seat == 0:
            far.moved.append(u.id)
            u.moves = 0
    assert "none of your units can reach N building 1" in R.refusal(
        far, Action.make("attack", target="n_b1", seat=1)
    )


def test_swat_attacks_a_building_directly_only_before_moving():
    """S.W.A.T.: when created it can directly attack any occupied building."""
    s = position(2, [(0, "swat", "s_street"), (1, "activist", "n_b1")])
    swat = next(u for u in s.units.values() if u.seat == 0)
    swat.fresh = True
    assert Action.make("attack", target="n_b1", seat=1) in R.legal_actions(s)
    s.moved.append(swat.id)
    swat.moves = 0
    assert R.refusal(s, Action.make("attack", target="n_b1", seat=1)) == (
        "S.W.A.T.: a direct attack on a building only before moving"
    )


def test_blitz_card_out_of_a_clash_is_greyed_with_when_it_is_played():
    """Blitz cards are played during a clash (Distance Attack in its distance phase)."""
    s = position(2, [(0, "officer", "s_street"), (1, "activist", "n_b1")], phase="move")
    s.active = 1
    s.hands[1] = ["thrown_stone", "human_wave"]
    greyed = _greyed(s)
    assert greyed["Play Thrown Stone"] == (
        "Thrown Stone is a Blitz card: it is played in a clash, at distance phase"
    )
    assert greyed["Play Human Wave"].endswith("at hand to hand")
    assert R.refusal(s, Action.make("play", card="human_wave")) == greyed["Play Human Wave"]
    assert "Cards" in _groups(s)


def test_attack_outside_the_clash_phase_names_the_phase():
    """A turn runs Purchase, Move, then Clashes."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_street")], phase="move")
    assert R.refusal(s, Action.make("attack", target="n_street", seat=1)) == (
        "that is done in the clash phase; this is the move phase"
    )


def test_card_entries_name_the_unit_they_are_played_on():
    """Side Alley: one of your units may take one more step; the entry names that unit."""
    s = position(2, [(1, "activist", "nw_b1"), (0, "officer", "n_street")], phase="move")
    s.active = 1
    s.hands[1] = ["side_alley"]
    labels = [e.label for e in R.action_menu(s) if e.group == "Cards"]
    assert labels == ["Play Side Alley for Activist #1"]
