"""RIOT Politics & Media (sheet 003, English in seeds/README.md): the action menu and the
specific reasons of refused actions."""

from __future__ import annotations

from riotsim.core.contract import Action

from .pm_helpers import PM, pm_act, pm_position


def _greyed(state) -> dict[str, str]:
    return {e.label: e.reason for e in PM.action_menu(state) if e.action is None}


def test_menu_is_the_legal_actions_with_costs_and_headings():
    """Purchase: units, RIOT cards and Characters (2 credits) are bought with credits."""
    s = pm_position([(0, "officer", "n_street"), (1, "organiser", "s_street")], phase="purchase")
    s.credits[1] = 3
    menu = PM.action_menu(s)
    offered = [e.action for e in menu if e.action is not None]
    assert sorted(map(str, offered)) == sorted(map(str, PM.legal_actions(s)))
    groups = {e.group for e in menu}
    assert {"Purchase", "Characters", "Turn"} <= groups
    activate = next(e for e in menu if e.action is not None and e.action.kind == "activate")
    assert activate.cost == "2 credits"


def test_special_unit_needs_its_character_and_dear_unit_is_greyed():
    """Characters unlock special units; a unit costs its price in credits."""
    s = pm_position([(0, "officer", "n_street"), (1, "organiser", "s_street")], phase="purchase")
    s.credits[1] = 3
    greyed = _greyed(s)
    assert greyed["Buy Black Bloc"].startswith("the Black Bloc comes with")
    assert greyed["Buy Black Bloc"].endswith("activate that Character first")
    s.credits[1] = 1
    greyed = _greyed(s)
    assert greyed["Buy Organiser"] == "not enough credits: the Organiser costs 2, you have 1"
    assert greyed["Activate The Agitator"] == (
        "not enough credits: a Character costs 2, you have 1"
    )


def test_units_are_spent_after_moving_or_attacking():
    """Every unit moves 1 and is spent after moving or attacking."""
    s = pm_position([(0, "officer", "n_street"), (1, "organiser", "s_street")], phase="move")
    uid = next(u.id for u in s.units.values() if u.seat == 1)
    pm_act(s, f"move unit={uid} to=se_street")
    assert PM.refusal(s, Action.make("move", unit=uid, to="s_street")) == "this unit already moved"
    assert _greyed(s)[f"Move Organiser #{uid}"] == "this unit already moved"


def test_vans_never_enter_buildings():
    """Riot Vans move 2 and never enter a building."""
    s = pm_position([(0, "riot_van", "n_street"), (1, "organiser", "s_street")], 0, "move")
    uid = next(u.id for u in s.units.values() if u.seat == 0)
    assert PM.refusal(s, Action.make("move", unit=uid, to="n_b1")) == (
        "Riot Vans never enter buildings"
    )


def test_instant_card_in_the_cards_phase_is_greyed_with_when():
    """Instant cards are played face up during a combat."""
    s = pm_position([(0, "officer", "n_street"), (1, "organiser", "s_street")], phase="cards")
    s.hands[1] = ["viral_video", "scandal"]
    greyed = _greyed(s)
    assert greyed["Play Viral Video"] == "Viral Video is an Instant card: it is played in a combat"
    assert greyed["Play Scandal"] == "Scandal needs your media Character active"
    assert PM.refusal(s, Action.make("play", card="viral_video")) == greyed["Play Viral Video"]


def test_attack_refusal_outside_reach_and_phase():
    """Combat: a ready unit attacks an enemy-held space it can reach."""
    s = pm_position([(0, "officer", "n_street"), (1, "organiser", "s_street")], phase="move")
    assert PM.refusal(s, Action.make("attack", target="n_street")) == (
        "that is done in the combat phase; this is the move phase"
    )
    far = pm_position([(0, "officer", "n_b1"), (1, "organiser", "se_b1")])
    assert PM.refusal(far, Action.make("attack", target="n_b1")) == (
        "none of your ready units can reach N building 1 (units that moved are spent)"
    )
