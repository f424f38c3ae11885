"""The bots' knowledge of both RIOT rule sets (bots.py, pm_bots.py): what ``evaluate`` prefers,
that the rollout policies play legal moves from their own stream, the turn each planner sees,
and that a seeded game between difficulty levels finishes."""

from __future__ import annotations

import pytest

from riotsim.ai import get_bot
from riotsim.ai.play import play_game
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.rng import Rng
from riotsim.games.riot import bots, pm_bots
from tests.riot.helpers import R, act, position, setup
from tests.riot.pm_helpers import PM, pm_act, pm_position, pm_setup


def _playout_states(ruleset, state, plies: int, seed: int = 5):
    """States along a playout that follows the rule set's own rollout policy."""
    rng = Rng(seed)
    for _ in range(plies):
        if ruleset.to_move(state) is None:
            return
        legal = ruleset.legal_actions(state)
        yield state, legal
        ruleset.apply(state, ruleset.rollout_action(state, legal, rng))


# -- RIOT: Cast the First Stone --------------------------------------------------------------
def test_holding_a_whole_area_beats_the_same_units_in_its_street():
    """Area Points: a team scores 1 per area where it holds every building, at the start of
    its turn; the bot values a held area above the same units waiting in the street."""
    held = position(2, units=[(1, "activist", "n_b1"), (1, "activist", "n_b2")], active=1)
    street = position(2, units=[(1, "activist", "n_street"), (1, "activist", "n_street")], active=1)
    assert R.evaluate(held, 1) > R.evaluate(street, 1)
    assert R.evaluate(held, 0) < R.evaluate(street, 0)


def test_area_points_scored_count_for_the_protesters():
    """How to win: 7 Area Points; points already scored stay (and are worth more than none)."""
    units = [(1, "activist", "nw_b1")]
    assert R.evaluate(position(2, units=units, area_points=[0, 4]), 1) > R.evaluate(
        position(2, units=units, area_points=[0, 1]), 1
    )


def test_a_group_the_police_can_hit_is_worth_less_than_one_out_of_reach():
    """5) Clashes: the Police attack any group within reach whose Force they match, and each
    hand-to-hand clash turns a Public Opinion card: a protester in reach of three Officers is
    worse off than one whose Police are all in the Hospital."""
    hq = R.board(position(2)).hq
    hospital = R.board(position(2)).hospital
    exposed = [(1, "activist", "n_b1")] + [(0, "officer", hq)] * 3
    safe = [(1, "activist", "n_b1")] + [(0, "officer", hospital)] * 3
    assert R.evaluate(position(2, units=exposed, active=1), 1) < R.evaluate(
        position(2, units=safe, active=1), 1
    )
    census_state = position(2, units=exposed, active=1)
    groups = bots.exposed_groups(R, census_state, bots._Census(R, census_state))
    assert [(sp, seat) for sp, seat, _ in groups] == [("n_b1", 1)]


def test_a_protester_waiting_on_an_entry_point_is_judged_in_its_street():
    """4) Movement: "a Unit can never stop on an Entry Point", it steps into the street: a
    unit left on one is no safer from the Police than in that street, and (not ready to walk
    into a building) worth no more, so a bot never parks units there out of harm's way."""
    police = [(0, "officer", "n_street")] * 3
    waiting = position(2, units=[(1, "activist", "n_entry"), *police], active=1)
    street = position(2, units=[(1, "activist", "n_street"), *police], active=1)
    census = bots._Census(R, waiting)
    groups = bots.exposed_groups(R, waiting, census)
    assert [(sp, seat) for sp, seat, _ in groups] == [("n_street", 1)]
    assert R.evaluate(waiting, 1) <= R.evaluate(street, 1)
    assert R.evaluate(waiting, 0) >= R.evaluate(street, 0)


def test_a_held_area_the_police_cannot_beat_is_worth_more():
    """Area Points score at the start of the team's turn, after the Police have moved, and
    the Police need more Force than a building's defenders (+1) to take it (5) Clashes): the
    same four Activists are worth more holding the area two by two, where three Officers can
    only tie, than one by one with two left in the street."""
    police = [(0, "officer", "n_street")] * 3
    stacked = [(1, "activist", b) for b in ("n_b1", "n_b1", "n_b2", "n_b2")]
    thin = [(1, "activist", b) for b in ("n_b1", "n_b2", "n_street", "n_street")]
    strong = position(2, units=[*stacked, *police], active=1)
    weak = position(2, units=[*thin, *police], active=1)
    assert bots.guards(R, strong, bots._Census(R, strong), 1) == {"n_b1": 1.0, "n_b2": 1.0}
    assert all(g < 1 for g in bots.guards(R, weak, bots._Census(R, weak), 1).values())
    assert R.evaluate(strong, 1) > R.evaluate(weak, 1)
    assert R.evaluate(strong, 0) < R.evaluate(weak, 0)


def test_the_police_value_public_opinion_turned():
    """How to win: the Police win when the last Public Opinion card is turned."""
    base = position(3, units=[(1, "activist", "n_b1"), (2, "anarchist", "s_b1")])
    ahead = position(3, units=[(1, "activist", "n_b1"), (2, "anarchist", "s_b1")])
    ahead.po_revealed = ahead.po_deck[:4]
    ahead.po_deck = ahead.po_deck[4:]
    assert R.evaluate(ahead, 0) > R.evaluate(base, 0)
    assert R.evaluate(ahead, 1) < R.evaluate(base, 1)


def test_a_protester_minds_the_police_more_than_the_other_protesters():
    """How to win: only one team wins, but the Police's clock (Public Opinion) runs for
    every protester alike: an Anarchist lead costs the Autonomen less than the same lead of
    the Police, so protesters do not wear each other down while the Police's cards turn."""
    units = [(1, "activist", "n_b1"), (2, "anarchist", "s_b1")]
    police_ahead = position(3, units=units)
    police_ahead.po_revealed = police_ahead.po_deck[:3]
    police_ahead.po_deck = police_ahead.po_deck[3:]
    stand = bots.standings(R, police_ahead)
    rival_ahead = position(3, units=units, area_points=[0, 0, 0])
    # the Anarchists as far ahead of the Autonomen as the Police are above
    rival_ahead.area_points[2] = round((stand[0] - stand[2]) * bots.AREA_POINTS_TO_WIN)
    again = bots.standings(R, rival_ahead)
    assert again[2] - again[1] >= stand[0] - stand[1] - 0.01
    assert R.evaluate(rival_ahead, 1) > R.evaluate(police_ahead, 1)


def test_nationalists_value_their_own_goal():
    """Nationalists win on their secret Goal: Everywhere at Once wants a building in many
    areas, so spreading out beats stacking in one area."""
    spread = position(4, units=[(3, "nationalist", b) for b in ("nw_b1", "n_b1", "ne_b1")])
    stacked = position(4, units=[(3, "nationalist", b) for b in ("nw_b1", "nw_b2", "nw_b3")])
    for s in (spread, stacked):
        s.goals[3] = "everywhere"
    assert R.evaluate(spread, 3) > R.evaluate(stacked, 3)


def test_entering_past_the_owner_of_the_street_is_judged_by_the_owner():
    """4) Movement: entering a building past enemies in its street waits on their answer; the
    bot judges the entry by what the street's owner would choose (let pass or obstruct)."""
    s = position(
        3,
        units=[(1, "activist", "n_street"), (2, "anarchist", "n_street")],
        active=1,
        phase="move",
    )
    act(s, "move unit=1 to=n_b1")
    assert s.pending and s.pending[-1].kind == "obstruct"
    value = R.evaluate(s, 1)
    passed = s.copy()
    act(passed, "let_pass")
    refused = s.copy()
    act(refused, "obstruct")
    act(refused, "give_up")
    assert value in (R.evaluate(passed, 1), R.evaluate(refused, 1))
    owner_choice = max((passed, refused), key=lambda x: R.evaluate(x, 2))
    assert value == R.evaluate(owner_choice, 1)


def test_riot_rollout_policy_plays_legal_moves_from_its_own_stream():
    """The rollout step is one of the legal actions, the same for the same stream, and changes
    nothing in the state it looks at."""
    state = R.new_state(setup(3, seed=4))
    seen = 0
    for s, legal in _playout_states(R, state, 400):
        before = R.state_hash(s)
        a = R.rollout_action(s, legal, Rng(9))
        assert a in legal and a == R.rollout_action(s, legal, Rng(9))
        assert R.state_hash(s) == before
        seen += 1
    assert seen > 100


def test_riot_rollout_policy_takes_free_buildings():
    """The playout policy walks into free buildings far more often than it idles."""
    s = position(2, units=[(1, "activist", "n_street")], active=1, phase="move")
    legal = R.legal_actions(s)
    rng = Rng(1)
    picks = [str(R.rollout_action(s, legal, rng)) for _ in range(200)]
    into = sum(p in ("move unit=1 to=n_b1", "move unit=1 to=n_b2") for p in picks)
    assert into > 100


def test_riot_turn_key_spans_a_whole_turn():
    """A protester's purchase, movement and clashes are one turn; the next seat's is another."""
    s = position(3, units=[(1, "activist", "n_street"), (2, "anarchist", "s_b1")], active=1)
    s.phase = "purchase"
    key = R.turn_key(s)
    act(s, "end_purchase")
    assert R.turn_key(s) == key
    act(s, "end_move")
    assert R.turn_key(s) == key
    act(s, "end_turn")
    assert s.active != 1
    assert R.turn_key(s) != key


def test_seeded_riot_game_between_levels_finishes():
    """Easy against Normal on every seat of a short 3-player game ends, winner or limit."""
    game = GameSetup(
        tuple(PlayerSpec(f"P{i}") for i in range(3)), seed=3, options={"round_limit": 3}
    )
    bots_ = [get_bot(name, 11 + i) for i, name in enumerate(("normal", "easy", "normal"))]
    result = play_game(R, game, bots_, budget_s=0.01)
    assert result.reason


# -- RIOT Politics & Media -------------------------------------------------------------------
def _district(kind: str) -> list[str]:
    board = PM.board(pm_position())
    area = next(a for a in board.area_ids if board.spaces[board.street_of(a)].district == kind)
    return board.buildings_of(area)


def test_pm_controlled_district_beats_scattered_buildings():
    """A district is controlled with all 3 buildings and moves a track every turn: the bot
    values it above three buildings in three districts."""
    board = PM.board(pm_position())
    whole = [(1, "demonstrator", b) for b in _district("politics")]
    scattered = [(1, "demonstrator", board.buildings_of(a)[0]) for a in board.area_ids[:3]]
    assert PM.evaluate(pm_position(whole, active=0), 1) > PM.evaluate(
        pm_position(scattered, active=0), 1
    )


def test_pm_character_is_worth_what_its_power_gives_every_turn():
    """Characters: the Prefect's barracks gives 3 more credits every turn, as much as three
    yellow buildings, so the Police value it above a power that gives one (the Agitator's
    one Politics card), and above the 2 credits its activation costs."""
    base = [PM.evaluate(pm_position(active=1), seat) for seat in (0, 1)]
    prefect = PM.evaluate(pm_position(active=1, characters=[["prefect"], []]), 0)
    agitator = PM.evaluate(pm_position(active=1, characters=[[], ["agitator"]]), 1)
    two_credits = PM.evaluate(pm_position(active=1, credits=[2, 0]), 0)
    assert prefect - base[0] > agitator - base[1] > 0
    assert prefect > two_credits > base[0]


def test_pm_police_keep_their_credit_for_a_character_rather_than_a_cadet():
    """Characters cost 2 credits and credits stay from turn to turn: with the barracks' one
    credit the Police are better off keeping it towards the Prefect than buying a Cadet
    (Strength 1, 1 credit) with it."""
    state = pm_position(active=0, phase="purchase", credits=[1, 0])
    kept = state.copy()
    pm_act(kept, "end_purchase")
    cadet = state.copy()
    pm_act(cadet, f"buy unit=cadet at={PM.board(state).hq}")
    assert PM.evaluate(kept, 0) > PM.evaluate(cadet, 0)


def test_pm_track_pressure_is_zero_sum_and_favours_the_nearer_end():
    """5 on either track wins, tug of war: a 4-0 lead on one track beats 2-2 on both."""
    units = [(1, "demonstrator", "nw_b1"), (0, "officer", "se_b1")]
    one = pm_position(units, tracks={"politics": 4, "media": 0})
    both = pm_position(units, tracks={"politics": 2, "media": 2})
    assert PM.evaluate(one, 1) > PM.evaluate(both, 1)
    assert PM.evaluate(one, 0) == pytest.approx(-PM.evaluate(one, 1))


def test_pm_combat_under_way_is_judged_by_its_outcome():
    """Combat: totals compared, the loser removed, a won building entered at once: three
    Organisers against a lone Cadet are worth their win before the defender's cards."""
    units = [(1, "organiser", "nw_street")] * 3 + [(0, "cadet", "nw_b1")]
    s = pm_position(units, active=1, phase="combat")
    before = PM.evaluate(s, 1)
    pm_act(s, "attack target=nw_b1")
    for u in (1, 2, 3):
        pm_act(s, f"commit unit={u}")
    pm_act(s, "confirm")
    pm_act(s, "done")
    assert s.combat is not None and s.pending[-1].seat == 0
    assert PM.evaluate(s, 1) > before


def test_pm_rollout_policy_plays_legal_moves_from_its_own_stream():
    state = PM.new_state(pm_setup(seed=2))
    seen = 0
    for s, legal in _playout_states(PM, state, 300):
        a = PM.rollout_action(s, legal, Rng(3))
        assert a in legal and a == PM.rollout_action(s, legal, Rng(3))
        seen += 1
    assert seen > 50


def test_pm_turn_key_spans_a_whole_turn():
    """Turn phases: purchase, cards, movement, combat are one turn of one side."""
    s = pm_position([(1, "demonstrator", "nw_b1"), (0, "officer", "se_b1")], phase="purchase")
    key = PM.turn_key(s)
    for step in ("end_purchase", "end_cards", "end_move"):
        pm_act(s, step)
        assert PM.turn_key(s) == key
    pm_act(s, "end_turn")
    assert PM.turn_key(s) != key
    assert pm_bots.turn_key(PM, s) == PM.turn_key(s)


def test_seeded_pm_game_between_levels_finishes():
    """Hard against Easy in a short Politics & Media game ends, winner or limit."""
    game = GameSetup((PlayerSpec("Police"), PlayerSpec("Protesters")), 5, {"round_limit": 4})
    result = play_game(PM, game, [get_bot("hard", 1), get_bot("easy", 2)], budget_s=0.01)
    assert result.reason


def test_normal_is_the_turn_planner_and_finishes_a_pm_game():
    """Both rule sets: Normal plans each whole turn (measured in docs/riot-balance.md), Hard
    searches."""
    from riotsim.ai.levels import level_for

    for rules in (PM, R):
        assert (
            level_for(rules, "normal").bot == "planner" and level_for(rules, "hard").bot == "mcts"
        )
    game = GameSetup((PlayerSpec("Police"), PlayerSpec("Protesters")), 6, {"round_limit": 3})
    result = play_game(PM, game, [get_bot("normal", 1), get_bot("easy", 2)], budget_s=0.02)
    assert result.reason


# -- rebalanced content (docs/riot-balance.md) -----------------------------------------------
def test_rebalanced_content_passes_check_data():
    """The Police Characters' powers, changed for balance, still pass the shipped-content
    checks (``python -m riotsim check-data``)."""
    from riotsim.core import checks

    assert list(checks.check_data()) == []


def test_rebalanced_police_characters_say_what_they_do():
    """Characters (our design, rebalanced): the Prefect's barracks gives three more credits and
    the Press Officer draws three more Media cards, and their texts say so."""
    chars = PM.content.characters
    assert chars["prefect"].value == 3
    assert "the barracks gives three more credits" in chars["prefect"].text
    assert chars["press_officer"].value == 3
    assert "draw three more Media cards" in chars["press_officer"].text
