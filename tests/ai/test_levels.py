"""Difficulty levels, time caps and the turn planner.

The planner is checked on a tiny game built here, where one turn is two decisions and the
best first decision looks bad on its own: a one-ply bot takes the bait, a planner does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from toy_game import RULESET

from riotsim.ai import BOT_NAMES, LEVELS, get_bot, is_bot_spec
from riotsim.ai.levels import LevelBot, level_for
from riotsim.ai.planner import PlannerBot, plan_turn
from riotsim.core.contract import Action, Event, GameSetup, Outcome, PlayerSpec, Ruleset
from riotsim.core.rng import Rng


@dataclass
class Combo:
    """Turns of two steps: ``safe`` scores 1 now; ``setup`` costs 1 but unlocks ``cash`` (+5)."""

    turn: int = 0
    step: int = 0
    score: int = 0
    armed: bool = False

    def copy(self) -> Combo:
        return Combo(self.turn, self.step, self.score, self.armed)


class ComboRules(Ruleset[Combo]):
    id = "combo-test"
    min_players = max_players = 1

    def new_state(self, setup: GameSetup) -> Combo:
        return Combo()

    def legal_actions(self, state: Combo) -> list[Action]:
        out = [Action.make("safe"), Action.make("setup")]
        if state.armed:
            out.append(Action.make("cash"))
        return out

    def apply(self, state: Combo, action: Action) -> list[Event]:
        if action.kind == "safe":
            state.score += 1
        elif action.kind == "setup":
            state.score -= 1
            state.armed = True
        else:
            state.score += 5
            state.armed = False
        state.step += 1
        if state.step == 2:
            state.turn, state.step, state.armed = state.turn + 1, 0, False
        return []

    def to_move(self, state: Combo) -> int | None:
        return 0 if state.turn < 3 else None

    def outcome(self, state: Combo) -> Outcome:
        return Outcome(state.turn >= 3, (0,) if state.turn >= 3 else (), (state.score,))

    def turn_key(self, state: Combo) -> Any:
        return state.turn

    def evaluate(self, state: Combo, seat: int) -> float:
        return float(state.score)

    def to_position(self, state: Combo) -> dict[str, Any]:
        return {"turn": state.turn, "step": state.step, "score": state.score}

    def from_position(self, position: Mapping[str, Any]) -> Combo:
        return Combo(position["turn"], position["step"], position["score"])


COMBO = ComboRules()


def play(bot_name: str) -> int:
    state = COMBO.new_state(GameSetup((PlayerSpec("P"),)))
    bot = get_bot(bot_name, 5)
    while COMBO.to_move(state) is not None:
        COMBO.apply(state, bot.choose(COMBO, state, COMBO.legal_actions(state), 0.2))
    return state.score


def test_the_planner_sees_a_combo_that_one_ply_lookahead_misses():
    assert play("greedy") == 6  # safe, safe on each of three turns
    assert play("planner") == 12  # setup then cash: 4 a turn


def test_plan_turn_gives_the_whole_turn():
    state = COMBO.new_state(GameSetup((PlayerSpec("P"),)))
    plan = plan_turn(COMBO, state, 0, Rng(1), 0.2)
    assert [a.kind for a in plan.actions] == ["setup", "cash"]
    assert plan.complete and plan.value == 4.0
    assert state == Combo()  # planning never touches the state it was given


def test_levels_and_caps_are_bot_names():
    assert set(BOT_NAMES) == {"random", "greedy", "planner", "mcts", "easy", "normal", "hard"}
    for spec in ("easy", "hard:2000", "mcts:500", "greedy"):
        assert is_bot_spec(spec)
    for spec in ("clever", "mcts:", "mcts:0", "mcts:fast"):
        assert not is_bot_spec(spec)
    with pytest.raises(ValueError, match="in ms"):
        get_bot("mcts:fast", 1)
    with pytest.raises(ValueError, match="takes no bot options"):
        get_bot("hard", 1, iterations=3)


def test_a_level_uses_its_share_of_the_budget_and_the_cap():
    easy = get_bot("easy", 1)
    assert isinstance(easy, LevelBot)
    easy.bot_for(RULESET)
    assert easy.budget(1.0) == LEVELS["easy"].budget_share
    capped = get_bot("hard:100", 1)
    assert isinstance(capped, LevelBot)
    capped.bot_for(RULESET)
    assert capped.budget(1.0) == 0.1


def test_a_game_may_play_a_level_with_another_bot():
    class Tuned(ComboRules):
        id = "combo-tuned"
        bot_levels = {"hard": ("planner", {"width": 3})}

    level = level_for(Tuned(), "hard")
    assert (level.bot, level.options, level.label) == ("planner", {"width": 3}, "Hard")
    bot = get_bot("hard", 2)
    assert isinstance(bot, LevelBot)
    inner = bot.bot_for(Tuned())
    assert isinstance(inner, PlannerBot) and inner.width == 3
    assert level_for(COMBO, "hard").bot == LEVELS["hard"].bot


def test_easy_blunders_sometimes_and_greedy_never():
    """Easy is greedy with noise: over many turns of the combo game some of its moves are
    not the greedy move."""
    state = COMBO.new_state(GameSetup((PlayerSpec("P"),)))
    legal = COMBO.legal_actions(state)
    greedy = get_bot("greedy", 3)
    easy = get_bot("easy", 3)
    picks = {str(easy.choose(COMBO, state, legal, 0.05)) for _ in range(60)}
    assert {str(greedy.choose(COMBO, state, legal, 0.05)) for _ in range(20)} == {"safe"}
    assert picks == {"safe", "setup"}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_the_toy_game_to_the_end(level):
    from riotsim.ai.play import play_game

    setup = GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(2)), seed=3)
    result = play_game(RULESET, setup, [get_bot(level, 1), get_bot(level, 2)], budget_s=0.02)
    assert result.reason != "action cap" and result.winner


def test_a_hint_is_the_whole_suggested_turn_and_changes_nothing():
    from riotsim.ai.hint import suggest_turn

    state = COMBO.new_state(GameSetup((PlayerSpec("P"),)))
    plan = suggest_turn(COMBO, state, 0, budget_s=0.2, seed=4)
    assert [a.kind for a in plan.actions] == ["setup", "cash"]
    assert state == Combo()
    assert suggest_turn(COMBO, state, 1, budget_s=0.2).actions == []  # not seat 1's turn
