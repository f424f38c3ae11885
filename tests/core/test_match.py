"""Match: apply and log, events history, autosave, undo rules (docs/DEVELOPING.md)."""

from __future__ import annotations

import json

import pytest
from toy_game import RULESET, RULESET_OPEN, RULESET_SOLO, registered

from riotsim.core.contract import Action, GameSetup, IllegalAction, PlayerSpec
from riotsim.core.match import Match
from riotsim.core.saves import latest_autosave, new_autosave_path


@pytest.fixture(autouse=True, scope="module")
def _toy_games():
    with registered():
        yield


def setup(seats: int = 2, seed: int = 7) -> GameSetup:
    return GameSetup(tuple(PlayerSpec(f"P{i + 1}") for i in range(seats)), seed=seed)


def position(**changes) -> dict:
    base = {
        "length": 20,
        "pos": [0, 0],
        "hands": [[1, 2], [3]],
        "deck": [1, 1, 2],
        "discard": [],
        "turn": 0,
        "round": 1,
        "pending": [],
        "rng": {"seed": 1},
        "winner": None,
    }
    base.update(changes)
    return base


def test_new_by_id_matches_direct_construction():
    a = Match.new("toy", setup())
    b = Match(RULESET, setup())
    assert a.game_id == "toy"
    assert a.state_hash() == b.state_hash()
    assert a.to_move() == 0
    assert Action.make("roll") in a.legal_actions()


def test_apply_logs_action_and_events():
    match = Match(RULESET, setup(), start=position())
    events = match.apply(Action.make("play", card=2))
    assert [e.kind for e in events] == ["card_played", "moved"]
    assert match.log == [Action.make("play", card=2)]
    assert match.history == [events]
    assert match.state.pos == [2, 0]
    assert match.movers == [0]
    match.movers.append(5)  # a copy: callers cannot rewrite who moved
    assert match.movers == [0]


def test_apply_accepts_action_text():
    match = Match(RULESET, setup(), start=position())
    match.apply("play card=1")
    assert match.state.pos == [1, 0]


def test_illegal_action_raises_and_changes_nothing():
    match = Match(RULESET, setup(), start=position())
    before = match.state_hash()
    with pytest.raises(IllegalAction, match="no 3 card"):
        match.apply(Action.make("play", card=3))
    with pytest.raises(IllegalAction):
        match.apply("not an = action")
    assert match.state_hash() == before
    assert match.log == [] and match.history == []


def test_outcome_after_reaching_the_finish():
    match = Match(RULESET, setup(), start=position(pos=[18, 0]))
    match.apply("play card=2")
    outcome = match.outcome()
    assert outcome.finished and outcome.winners == (0,)
    assert match.to_move() is None and match.legal_actions() == []


def test_same_seed_same_actions_same_hashes():
    def run() -> list[str]:
        match = Match(RULESET, setup(seed=42))
        hashes = []
        for _ in range(30):
            if match.outcome().finished:
                break
            match.apply(match.legal_actions()[-1])
            hashes.append(match.state_hash())
        return hashes

    assert run() == run()


def test_autosave_after_every_action_and_undo(tmp_path):
    path = new_autosave_path("toy")
    match = Match(RULESET, setup(), start=position(), autosave_path=path)
    match.apply("play card=1")
    assert latest_autosave() == path
    saved = json.loads(path.read_text())
    assert saved["actions"] == ["play card=1"]
    match.undo()
    assert json.loads(path.read_text())["actions"] == []
    resumed = Match.load(path)
    assert resumed.state_hash() == match.state_hash()


def test_autosave_failure_does_not_stop_the_game(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    match = Match(RULESET, setup(), start=position(), autosave_path=blocker / "sub" / "a.json")
    match.apply("play card=1")
    assert match.log and match.last_autosave_error is not None
    assert "cannot write" in match.last_autosave_error


# -- undo ---------------------------------------------------------------------------------------


def test_undo_restores_the_exact_previous_state():
    match = Match(RULESET, setup(), start=position())
    start = match.state_hash()
    match.apply("play card=1")
    after_one = match.state_hash()
    match.apply("play card=2")
    assert match.can_undo()
    match.undo()
    assert match.state_hash() == after_one
    match.undo()
    assert match.state_hash() == start
    assert match.log == [] and match.history == []
    assert not match.can_undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        match.undo()


def test_undo_refused_over_a_die_roll():
    match = Match(RULESET, setup(), start=position())
    match.state.rng.script("3")
    match.apply("roll")
    assert match.history[-1][0].reveals
    assert not match.can_undo()
    assert "revealed" in (match.undo_blocker() or "")
    with pytest.raises(IllegalAction):
        match.undo()


def test_undo_refused_over_a_card_draw():
    match = Match(RULESET, setup(), start=position(hands=[[1], [3]]))
    match.apply("draw")
    assert not match.can_undo()


def test_undo_stops_at_the_last_reveal():
    match = Match(RULESET_OPEN, setup(), start=position())
    match.state.rng.script("2")
    match.apply("roll")  # seat 0 rolls: reveals, passes turn
    match.apply("play card=3")  # seat 1 plays a card: no reveal, same seat keeps deciding
    assert match.can_undo()
    match.undo()
    assert not match.can_undo()
    assert len(match.log) == 1


def three_seats_after_six(turn: int, blocker: int) -> dict:
    return position(
        pos=[0, 0, 0],
        hands=[[1], [2], [3]],
        turn=turn,
        pending=[{"kind": "block", "seat": blocker, "data": {"roller": turn}}],
    )


@pytest.mark.parametrize("ruleset, undoable", [(RULESET, False), (RULESET_OPEN, True)])
def test_undo_over_a_change_of_deciding_seat_only_without_hidden_information(ruleset, undoable):
    """Seat 1 rolled a six; seat 0 (the blocker in this position) allows it, then seat 2 must
    decide. With hidden hands the seat change blocks undo; with open hands it does not."""
    match = Match(ruleset, setup(3), start=three_seats_after_six(turn=1, blocker=0))
    assert match.to_move() == 0
    match.apply("allow")
    assert match.to_move() == 2
    assert match.can_undo() is undoable
    if not undoable:
        assert "another player" in (match.undo_blocker() or "")


@pytest.mark.parametrize("ruleset", [RULESET, RULESET_OPEN])
def test_undo_allowed_when_the_same_seat_keeps_deciding(ruleset):
    """Seat 1 rolled a six and seat 2 allows it; the next turn is seat 2's own."""
    match = Match(ruleset, setup(3), start=three_seats_after_six(turn=1, blocker=2))
    match.apply("allow")
    assert match.to_move() == 2
    assert match.can_undo()


def test_blocking_reveals_a_card_and_cannot_be_undone():
    match = Match(RULESET_OPEN, setup(3), start=three_seats_after_six(turn=1, blocker=2))
    match.apply("block card=3")
    assert match.state.pos == [0, 2, 0]
    assert not match.can_undo()


def test_unlimited_undo_in_solo_goes_over_reveals():
    match = Match(RULESET_SOLO, setup(1))
    start = match.state_hash()
    for _ in range(5):
        match.apply("roll")
    assert all(h[0].reveals for h in match.history)
    while match.log:
        assert match.can_undo()
        match.undo()
    assert match.state_hash() == start


class SoloOnlyUndoToy(type(RULESET)):
    """Free undo decided per game: only when one runner plays (as Quodd Heroes does)."""

    min_players = 1

    def undo_unlimited(self, state) -> bool:
        return state.seats == 1


@pytest.mark.parametrize("seats, free", [(1, True), (2, False)])
def test_unlimited_undo_can_be_decided_per_game(seats, free):
    """docs/DESIGN.md "Match": solo games may allow unlimited undo; the rule set decides per
    game through ``undo_unlimited(state)``, and Match follows it."""
    match = Match(SoloOnlyUndoToy(), setup(seats))
    match.apply("roll")
    assert match.history[-1][0].reveals
    assert match.can_undo() is free
    if not free:
        with pytest.raises(IllegalAction, match="revealed information"):
            match.undo()


def test_undo_then_replay_same_action_gives_same_state():
    match = Match(RULESET_OPEN, setup(seed=3))
    match.apply("play card=" + str(match.state.hands[0][0]))
    h = match.state_hash()
    action = match.log[-1]
    match.undo()
    match.apply(action)
    assert match.state_hash() == h


class CrashingToy(type(RULESET)):
    """The toy game with a rules bug: drawing a card crashes after changing the state."""

    def apply(self, state, action):
        if action.kind == "draw":
            state.pos[0] = 99
            raise IndexError("deck index out of range")
        return super().apply(state, action)


def test_a_crash_inside_the_rules_leaves_the_state_untouched():
    match = Match(CrashingToy(), setup(), start=position(hands=[[1], [3]]))
    before = match.state_hash()
    with pytest.raises(IndexError):
        match.apply("draw")
    assert match.state_hash() == before and match.log == []
    match.apply("play card=1")
    assert match.state.pos == [1, 0]


def test_states_before_an_action_that_cannot_be_undone_are_dropped():
    match = Match(RULESET_OPEN, setup(), start=position())
    match.apply("play card=1")
    match.state.rng.script("3")
    match.apply("roll")  # reveals: neither action can be undone any more
    match.apply("play card=3")
    assert match._before[:2] == [None, None] and match._before[2] is not None
    match.undo()
    assert not match.can_undo() and len(match.log) == 2


def test_solo_keeps_every_state_for_unlimited_undo():
    match = Match(RULESET_SOLO, setup(1))
    for _ in range(4):
        match.apply("roll")
    assert all(state is not None for state in match._before)


class InPlaceToy(type(RULESET_OPEN)):
    """Rules that write into a pending decision's list in place. Undo keeps a ``copy`` of the
    state before each action, which shares nothing with the live state (a ``copy`` that
    shared the decisions breaks the contract: tests/core/test_conformance_checks.py)."""

    def apply(self, state, action):
        if state.pending:
            state.pending[-1].data.setdefault("seen", []).append(str(action))
        return super().apply(state, action)


def test_undo_is_exact_when_the_rules_edit_decision_lists_in_place():
    start = three_seats_after_six(turn=1, blocker=2)
    start["pending"][0]["data"]["seen"] = []
    match = Match(InPlaceToy(), setup(3), start=start)
    before = match.state_hash()
    match.apply("allow")
    match.undo()
    assert match.state_hash() == before
    assert match.state.pending[0].data["seen"] == []


class TypeStrictToy(type(RULESET_OPEN)):
    """Rules that trip over a malformed action (a card given as a word) instead of refusing."""

    def apply(self, state, action):
        if action.kind == "play" and not isinstance(action.get("card"), int):
            state.pos[0] = 99
            raise TypeError("card must be an int")
        return super().apply(state, action)


def test_a_malformed_action_the_rules_trip_over_is_refused_as_illegal():
    # An Action object skips the parse-time check (below): the rules see it and trip.
    match = Match(TypeStrictToy(), setup(), start=position())
    before = match.state_hash()
    with pytest.raises(IllegalAction, match="not a move the rules allow now"):
        match.apply(Action.parse("play card=one"))
    assert match.state_hash() == before and match.log == []


def test_a_malformed_action_text_is_refused_when_parsed_naming_the_argument():
    match = Match(TypeStrictToy(), setup(), start=position())
    before = match.state_hash()
    with pytest.raises(IllegalAction, match="play: card=one is not a number"):
        match.apply("play card=one")
    with pytest.raises(IllegalAction, match="unknown action 'fly'"):
        match.apply("fly to=3")
    assert match.state_hash() == before and match.log == []


def test_a_crash_on_a_legal_action_is_not_hidden_as_a_refusal():
    match = Match(CrashingToy(), setup(), start=position(hands=[[1], [3]]))
    with pytest.raises(IndexError):
        match.apply("draw")
