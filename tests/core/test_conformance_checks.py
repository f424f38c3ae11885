"""The conformance checks catch each kind of contract break, on deliberately broken toy games;
and the core's own guarantees (sealed views) hold for any rule set."""

from __future__ import annotations

import random

import pytest
from toy_game import HIDDEN, RULESET, RULESET_OPEN, ToyState

from riotsim.core import conformance
from riotsim.core.conformance import Case, ContractViolation
from riotsim.core.contract import Action, GameSetup, PlayerSpec, ViewRng
from riotsim.core.rng import Rng


def case(game: str = "toy", seats: int = 2, seed: int = 3) -> Case:
    players = tuple(PlayerSpec(f"P{i + 1}") for i in range(seats))
    return Case(game, GameSetup(players, seed=seed, scenario="sprint"))


def start(ruleset, c: Case) -> ToyState:
    return ruleset.new_state(c.setup)


def after_six() -> ToyState:
    """Seat 1 decides whether to block seat 0's six: a pending decision with a list in it."""
    state = RULESET_OPEN.from_position(
        {
            "length": 20,
            "pos": [0, 0],
            "hands": [[1], [2, 3]],
            "deck": [1, 2, 3],
            "discard": [],
            "turn": 0,
            "pending": [{"kind": "block", "seat": 1, "data": {"roller": 0, "seen": []}}],
            "rng": {"seed": 5},
        }
    )
    return state


class LeakyCopyToy(type(RULESET_OPEN)):
    """copy() shares the pending decisions; apply writes into them in place."""

    def copy(self, state):
        out = state.copy()
        out.pending = state.pending
        return out

    def apply(self, state, action):
        if state.pending:
            state.pending[-1].data["seen"].append(str(action))
        return super().apply(state, action)


def test_a_copy_sharing_data_with_the_original_is_caught():
    with pytest.raises(ContractViolation, match="playing on a copy changed the original"):
        conformance.check_independent(LeakyCopyToy(), case("toy-open"), 0, after_six(), 1)


def test_an_independent_copy_passes():
    conformance.check_independent(RULESET_OPEN, case("toy-open"), 0, after_six(), 1)


class CrashOnWrongTypeToy(type(RULESET)):
    """Trips over a card given as a word (a KeyError) instead of refusing it."""

    def apply(self, state, action):
        if action.kind == "play":
            {1: 1, 2: 2, 3: 3}[action.get("card")]
        return super().apply(state, action)


class AcceptsAnythingToy(type(RULESET)):
    """Plays unknown kinds as a roll: an illegal action applied."""

    def apply(self, state, action):
        if action not in self.legal_actions(state):
            action = Action.make("roll")
        return super().apply(state, action)


@pytest.mark.parametrize(
    "ruleset, message",
    [
        (CrashOnWrongTypeToy(), "raises KeyError.* instead of IllegalAction"),
        (AcceptsAnythingToy(), "is not legal but was applied"),
    ],
)
def test_forged_actions_must_be_refused_with_illegal_action(ruleset, message):
    c = case()
    with pytest.raises(ContractViolation, match=message):
        conformance.check_refusals(ruleset, c, 0, start(ruleset, c), Rng(1), most=10)


def test_forgeries_cover_kinds_missing_arguments_and_wrong_types():
    action = Action.make("run", hero="dez", to=(3, 4), dice=2)
    forged = dict((str(a), what) for what, a in conformance.forgeries(action))
    assert forged["no_such_move hero=dez to=(3,4) dice=2"] == "an unknown kind"
    assert forged["run to=(3,4) dice=2"] == "argument hero missing"
    assert forged["run hero=7 to=(3,4) dice=2"] == "argument hero of type int"
    assert forged["run hero=dez to=3 dice=2"] == "argument to of type int"
    assert forged["run hero=dez to=(3,4) dice=x"] == "argument dice of type str"
    assert forged["run hero=dez to=(3,4) dice=-9999"] == "argument dice out of range"


def test_the_toy_refuses_every_forgery():
    c = case()
    conformance.check_refusals(RULESET, c, 0, start(RULESET, c), Rng(1), most=10)


class PeekingViewToy(type(RULESET)):
    """A view that shows every hand."""

    def view(self, state, seat):
        return state.copy()


def toy_leaks(state, view, seat):
    return [f"seat {o}'s hand" for o, h in enumerate(view.hands) if o != seat and HIDDEN not in h]


def test_a_view_showing_another_hand_is_caught():
    c = case()
    ruleset = PeekingViewToy()
    with pytest.raises(ContractViolation, match="shows seat 1's hand"):
        conformance.check_views(ruleset, c, 0, start(ruleset, c), 1, toy_leaks)


def test_the_core_seals_every_view_even_one_that_copies_the_live_stream():
    """PeekingViewToy's view copies the state with its live Rng; the core replaces it."""
    c = case()
    state = start(PeekingViewToy(), c)
    view = PeekingViewToy().view(state, 0)
    assert isinstance(view.rng, ViewRng) and view.rng.scripted == []
    real, shown = state.rng.copy(), view.rng.copy()
    assert [real.next_u64() for _ in range(4)] != [shown.next_u64() for _ in range(4)]
    assert isinstance(view.rng.copy(), ViewRng)


def test_a_view_returning_the_live_state_gets_a_copy_and_the_game_keeps_its_stream():
    class SameStateToy(type(RULESET_OPEN)):
        def view(self, state, seat):
            return state

    state = start(RULESET_OPEN, case("toy-open"))
    stream = state.rng.copy()
    view = SameStateToy().view(state, 0)
    assert view is not state and state.rng == stream and isinstance(view.rng, ViewRng)


def test_a_scripted_roll_does_not_reach_the_view():
    state = start(RULESET, case())
    state.rng.script(6, 6)
    assert RULESET.view(state, 1).rng.scripted == []
    assert state.rng.scripted == [6, 6]


class NoMoveToy(type(RULESET_OPEN)):
    """Once a runner has left the start, the seat to move has nothing to do."""

    def legal_actions(self, state):
        return [] if any(state.pos) and state.winner is None else super().legal_actions(state)


class EndlessToy(type(RULESET_OPEN)):
    """Nobody ever moves forward."""

    def apply(self, state, action):
        events = super().apply(state, action)
        state.pos = [0] * state.seats
        state.winner = None
        return events


class DiceFromPythonToy(type(RULESET_OPEN)):
    """Rolls with Python's global random instead of the state's stream: not reproducible."""

    def apply(self, state, action):
        if action.kind == "roll":
            state.rng = Rng(random.randrange(1 << 30))
        return super().apply(state, action)


def test_a_seat_to_move_without_a_legal_action_is_caught():
    with pytest.raises(ContractViolation, match="must move but has no legal action"):
        conformance.play(NoMoveToy(), case("toy-open"))


def test_a_game_that_never_ends_is_caught():
    with pytest.raises(ContractViolation, match="did not end within 300 random plies"):
        conformance.play(EndlessToy(), case("toy-open"), max_plies=300)


def test_nondeterministic_rules_are_caught_during_the_playout():
    """The playout plays each action on a copy too: both must reach the same state."""
    with pytest.raises(ContractViolation, match="gives another state on a copy"):
        conformance.play(DiceFromPythonToy(), case("toy-open"))


def test_nondeterministic_rules_are_caught_on_replay():
    played = conformance.play(RULESET_OPEN, case("toy-open"))
    with pytest.raises(ContractViolation, match="gives another state"):
        conformance.check_replay(DiceFromPythonToy(), played)


class ForgetfulToy(type(RULESET_OPEN)):
    """from_position forgets the discard pile."""

    def from_position(self, position):
        state = super().from_position(position)
        state.discard = []
        return state


def test_a_position_that_does_not_round_trip_is_caught():
    state = after_six()
    state.discard = [2]
    with pytest.raises(ContractViolation, match="gives another position"):
        conformance.check_round_trip(ForgetfulToy(), case("toy-open"), 0, state)


def test_cases_vary_seats_and_scenarios_and_skip_refused_seat_counts():
    class TwoOnlyInSprint(type(RULESET)):
        def new_state(self, setup):
            if setup.scenario == "sprint" and setup.seats != 2:
                raise ValueError("sprint is for two")
            return super().new_state(setup)

    made = conformance.cases("toy", TwoOnlyInSprint(), 4)
    assert [c.setup.scenario for c in made] == ["sprint", "marathon"] * 2
    assert [c.setup.seats for c in made] == [2, 3, 2, 2]  # 4 in sprint refused: 2 next
    assert len({c.setup.seed for c in made}) == 4
