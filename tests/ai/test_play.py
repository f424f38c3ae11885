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
    before): the first roll ever also moves the round counter on, so a replay drifts (a
    counter, not a position: a position could be clipped at the end of the track)."""

    rolled_before = False

    def apply(self, state, action):
        events = super().apply(state, action)
        if action.kind == "roll" and not DriftingToy.rolled_before:
            DriftingToy.rolled_before = True
            state.round += 1
        return events


def test_nondeterministic_rules_are_caught():
    # Random bots: a bot that looks ahead may make the process's first roll in its own
    # lookahead, where the drift lands on a copy and the recorded game never sees it.
    ruleset = DriftingToy()
    DriftingToy.rolled_before = False
    result = play_game(ruleset, SETUP, [get_bot("random", 1), get_bot("random", 2)], record=True)
    with registered():  # the replay reloads its save, which names the game
        problem = replay_problem(ruleset, SETUP, result, game_id="toy")
    assert problem is not None
    assert "different final state" in problem or "fails on replay" in problem
