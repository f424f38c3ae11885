"""The Politics & Media bot judgement (pm_bots.position_value and the combat projection in
PoliticsMediaRules.evaluate): positions where the old evaluate misjudged what the bots
then played into (benchmarks/README.md, Session 9)."""

from __future__ import annotations

import pytest

from riotsim.games.riot import pm_bots
from tests.riot.pm_helpers import PM, pm_act, pm_position

POLICE, PROTESTERS = 0, 1


def test_the_press_officer_is_worth_more_than_the_prefect_to_the_police():
    # Forced openings, greedy otherwise: Press Officer first won 27 of 50 games as the
    # Police, the Prefect first 15 of 50. Three Media cards a turn are track steps; three
    # credits are not. The old evaluate gave both the same worth.
    state = pm_position(
        [(1, "organiser", "n_b1"), (1, "organiser", "s_b2")],
        active=POLICE,
        phase="purchase",
        credits=[2, 0],
    )
    press, prefect = PM.copy(state), PM.copy(state)
    pm_act(press, "activate character=press_officer")
    pm_act(prefect, "activate character=prefect")
    assert PM.evaluate(press, POLICE) > PM.evaluate(prefect, POLICE) + 0.03


def test_track_cards_in_hand_count_and_a_winning_hand_is_a_win():
    state = pm_position([], active=PROTESTERS, phase="cards", hands=[[], ["council_motion"]])
    empty = pm_position([], active=PROTESTERS, phase="cards")
    assert PM.evaluate(state, PROTESTERS) > PM.evaluate(empty, PROTESTERS)
    # four steps along, and the card that makes five in hand on its own turn: as good as won
    near = pm_position(
        [],
        active=PROTESTERS,
        phase="cards",
        hands=[[], ["council_motion"]],
        tracks={"politics": 4, "media": 0},
    )
    assert pm_bots.wins_now(PM, near, PROTESTERS)
    assert PM.evaluate(near, PROTESTERS) == pytest.approx(pm_bots.SURE)
    assert PM.evaluate(near, POLICE) == pytest.approx(-pm_bots.SURE)


def test_a_bound_card_counts_only_once_its_character_is_in_sight():
    # Emergency Decree needs the Agitator: with no credits and no yellow building the
    # Protesters cannot activate it, so the card is worth nothing yet
    decree = {"hands": [[], ["emergency_decree"]], "active": POLICE, "phase": "move"}
    broke = pm_position([(1, "organiser", "n_b2")], **decree)
    funded = pm_position([(1, "organiser", "n_b2")], credits=[0, 2], **decree)
    assert pm_bots.prospects(PM, broke, PROTESTERS, {"n_b2": 1.0})["politics"] == 0
    steps_broke = pm_bots.hand_steps(PM, broke, PROTESTERS, {"politics": 0.0, "media": 0.0})
    assert steps_broke["politics"] == 0
    assert PM.evaluate(funded, PROTESTERS) > PM.evaluate(broke, PROTESTERS)


def test_a_marker_alone_next_to_an_enemy_unit_is_not_a_sure_building():
    # an occupation marker keeps a building only until an enemy walks in, without a fight
    guarded = pm_position([(1, "organiser", "n_b2"), (0, "officer", "n_street")], phase="move")
    left = pm_position(
        [(1, "organiser", "n_entry"), (0, "officer", "n_street")],
        phase="move",
        markers={"n_b2": PROTESTERS},
    )
    quiet = pm_position(
        [(1, "organiser", "n_entry"), (0, "officer", "s_street")],
        phase="move",
        markers={"n_b2": PROTESTERS},
    )
    assert pm_bots.held_shares(PM, guarded, PROTESTERS) == {"n_b2": 1.0}
    assert pm_bots.held_shares(PM, left, PROTESTERS) == {"n_b2": pm_bots.EXPOSED_SHARE}
    assert pm_bots.held_shares(PM, quiet, PROTESTERS) == {"n_b2": 1.0}


def _attack(defender_cards: list[str]):
    state = pm_position(
        [(0, "officer", "barracks"), (1, "demonstrator", "se_street")],
        active=POLICE,
        phase="combat",
        riot_hands=[[], defender_cards],
    )
    for text in ("attack target=se_street", "commit unit=1", "confirm"):
        pm_act(state, text)
    return state


def test_an_attack_is_judged_with_the_defenders_answer():
    # 2 against 1 wins only while the defender keeps its RIOT 3 in hand; the old evaluate
    # resolved the combat before the defender answered, so attacks looked won for free
    answered = _attack(["riot3"])
    fought = PM.copy(answered)
    for text in ("done", "riot card=riot3", "done"):  # attacker done, defender commits
        pm_act(fought, text)
    assert fought.combat is None and 1 not in fought.units  # the officer lost
    assert PM.evaluate(answered, POLICE) == pytest.approx(PM.evaluate(fought, POLICE))
    assert PM.evaluate(answered, POLICE) < PM.evaluate(_attack([]), POLICE)


def test_a_defender_that_cannot_even_tie_keeps_its_cards():
    state = _attack(["riot1"])  # 1 + 1 ties 2: it ties rather than lose
    tied = PM.copy(state)
    for text in ("done", "riot card=riot1", "done"):
        pm_act(tied, text)
    assert PM.evaluate(state, POLICE) == pytest.approx(PM.evaluate(tied, POLICE))
    officer = pm_position(
        [(0, "officer", "barracks"), (0, "officer", "s_street"), (1, "demonstrator", "se_street")],
        active=POLICE,
        phase="combat",
        riot_hands=[[], ["riot1"]],
    )
    for text in ("attack target=se_street", "commit unit=1", "commit unit=2", "confirm"):
        pm_act(officer, text)
    kept = PM.copy(officer)
    pm_bots.defender_answer(PM, kept)
    assert kept.riot_hands[PROTESTERS] == ["riot1"]  # 4 against 1 + 1: no card wasted
