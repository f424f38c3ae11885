"""Headless bot games: recording, and replay verification (simulate --verify-replay)."""

from __future__ import annotations

from toy_game import RULESET, registered

from riotsim.ai import get_bot
from riotsim.ai.play import play_game, replay_problem
from riotsim.core.contract import GameSetup, PlayerSpec

SETUP = GameSetup((PlayerSpec("A"), PlayerSpec("B")), seed=12)


def bots():
    return [get_bot("random", 1), get_bot("greedy", 2)]


def test_record_keeps_log_and_final_hash():
    plain = play_game(RULESET, SETUP, bots())
    recorded = play_game(RULESET, SETUP, bots(), record=True)
    assert plain.log == () and plain.final_hash == ""
    assert len(recorded.log) == recorded.actions == plain.actions
    assert recorded.final_hash and recorded.winner == plain.winner


def test_a_deterministic_game_replays():
    result = play_game(RULESET, SETUP, bots(), record=True)
    with registered():
        assert replay_problem(RULESET, SETUP, result, game_id="toy") is None


class DriftingToy(type(RULESET)):
    """Rules with hidden state outside the game state (here: whether this process has rolled
    before): the first roll ever moves one step further, so a replay drifts."""

    rolled_before = False

    def apply(self, state, action):
        events = super().apply(state, action)
        if action.kind == "roll" and not DriftingToy.rolled_before:
            DriftingToy.rolled_before = True
            state.pos[0] = min(state.length - 1, state.pos[0] + 1)
        return events


def test_nondeterministic_rules_are_caught():
    ruleset = DriftingToy()
    DriftingToy.rolled_before = False
    result = play_game(ruleset, SETUP, bots(), record=True)
    problem = replay_problem(ruleset, SETUP, result, game_id="toy")
    assert problem is not None
    assert "different final state" in problem or "fails on replay" in problem
