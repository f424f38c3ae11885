"""The turn planner past revealed chance (a die roll, a card draw).

Every plan is scored at the end of the seat's turn: one that draws a card is played on to the
end in each sampled world with that world's draw, never stopped at the draw and weighed against
turns that ran to the end. Each first decision is judged over the same sampled worlds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from riotsim.ai import get_bot
from riotsim.ai.planner import PlannerBot, plan_turn
from riotsim.core.contract import Action, Event, GameSetup, Outcome, Ruleset
from riotsim.core.rng import Rng


@dataclass
class Draw:
    """One seat, three turns. ``work`` scores 3 and ends the turn; ``draw`` takes a card (a
    revealed draw) that looks worth 4 in hand but is cashed at the turn's end for its face,
    ``base`` plus 0 or 1; after a draw the seat may only ``end``."""

    base: int = 0
    turn: int = 0
    score: int = 0
    hand: list[int] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(0))

    def copy(self) -> Draw:
        return Draw(self.base, self.turn, self.score, list(self.hand), self.rng.copy())


class DrawRules(Ruleset[Draw]):
    id = "draw-test"
    min_players = max_players = 1

    def new_state(self, setup: GameSetup) -> Draw:
        return Draw()

    def legal_actions(self, state: Draw) -> list[Action]:
        if state.hand:
            return [Action.make("end")]
        return [Action.make("work"), Action.make("draw")]

    def apply(self, state: Draw, action: Action) -> list[Event]:
        if action.kind == "draw":
            state.hand.append(state.base + state.rng.below(2))
            return [Event("drew", reveals=True)]
        if action.kind == "work":
            state.score += 3
        state.score += sum(state.hand)  # the turn's end cashes the hand
        state.hand.clear()
        state.turn += 1
        return []

    def to_move(self, state: Draw) -> int | None:
        return 0 if state.turn < 3 else None

    def outcome(self, state: Draw) -> Outcome:
        over = state.turn >= 3
        return Outcome(over, (0,) if over else (), (state.score,))

    def turn_key(self, state: Draw) -> Any:
        return state.turn

    def evaluate(self, state: Draw, seat: int) -> float:
        return float(state.score + 4 * len(state.hand))

    def to_position(self, state: Draw) -> dict[str, Any]:
        return {"base": state.base, "turn": state.turn, "score": state.score, "hand": state.hand}

    def from_position(self, position: Mapping[str, Any]) -> Draw:
        return Draw(position["base"], position["turn"], position["score"], list(position["hand"]))


DRAW = DrawRules()


def after(state: Draw, *kinds: str) -> Draw:
    out = state.copy()
    for kind in kinds:
        DRAW.apply(out, Action.make(kind))
    return out


def test_drawing_looks_best_when_cut_at_the_draw_and_is_worse_at_the_turn_end():
    """The trap itself: scored where the card is drawn, drawing beats working (4 > 3); played
    to the end of the turn it is worth 0 or 1, so the planner works."""
    state = Draw()
    assert DRAW.evaluate(after(state, "draw"), 0) > DRAW.evaluate(after(state, "work"), 0)
    assert DRAW.evaluate(after(state, "draw", "end"), 0) < DRAW.evaluate(after(state, "work"), 0)
    plan = plan_turn(DRAW, state, 0, Rng(3), 5.0, samples=4)
    assert [a.kind for a in plan.actions] == ["work"]
    assert plan.complete and plan.value == 3.0 and plan.worlds == 4


def test_the_planner_bot_works_every_turn():
    state = Draw()
    bot = get_bot("planner", 7)
    while DRAW.to_move(state) is not None:
        DRAW.apply(state, bot.choose(DRAW, state, DRAW.legal_actions(state), 0.5))
    assert state.score == 9


def test_a_plan_through_a_draw_stops_its_actions_at_the_draw():
    """Where the card is worth more than work (face 5 or 6), the plan draws; its value is the
    whole turn's, averaged over the worlds, but its actions stop at the draw: what comes after
    is decided once the card is seen."""
    state = Draw(base=5)
    plan = plan_turn(DRAW, state, 0, Rng(1), 5.0, samples=6)
    assert [a.kind for a in plan.actions] == ["draw"]
    assert not plan.complete and plan.worlds == 6
    assert 5.0 <= plan.value <= 6.0  # the cashed card, never the 4 it looked worth in hand
    bot = PlannerBot(2)
    assert bot.choose(DRAW, state, DRAW.legal_actions(state), 1.0).kind == "draw"
    assert bot._rest == []  # nothing past the draw is followed blindly


@dataclass
class Gamble:
    """One seat, one turn: ``steady`` scores 1; ``gamble`` rolls a die (1 in 4: +12, else -6,
    worth -1.5 on average) and then ``end``s the turn."""

    done: bool = False
    rolled: bool = False
    score: int = 0
    rng: Rng = field(default_factory=lambda: Rng(0))

    def copy(self) -> Gamble:
        return Gamble(self.done, self.rolled, self.score, self.rng.copy())


class GambleRules(Ruleset[Gamble]):
    id = "gamble-test"
    min_players = max_players = 1

    def new_state(self, setup: GameSetup) -> Gamble:
        return Gamble()

    def legal_actions(self, state: Gamble) -> list[Action]:
        if state.rolled:
            return [Action.make("end")]
        return [Action.make("steady"), Action.make("gamble")]

    def apply(self, state: Gamble, action: Action) -> list[Event]:
        if action.kind == "gamble":
            state.rolled = True
            state.score += 12 if state.rng.below(4) == 0 else -6
            return [Event("rolled", reveals=True)]
        if action.kind == "steady":
            state.score += 1
        state.done = True
        return []

    def to_move(self, state: Gamble) -> int | None:
        return None if state.done else 0

    def outcome(self, state: Gamble) -> Outcome:
        return Outcome(state.done, (0,) if state.done else (), (state.score,))

    def turn_key(self, state: Gamble) -> Any:
        return state.done

    def evaluate(self, state: Gamble, seat: int) -> float:
        return float(state.score)

    def to_position(self, state: Gamble) -> dict[str, Any]:
        return {"done": state.done, "rolled": state.rolled, "score": state.score}

    def from_position(self, position: Mapping[str, Any]) -> Gamble:
        return Gamble(position["done"], position["rolled"], position["score"])


GAMBLE = GambleRules()


def test_a_gamble_is_judged_over_every_world_not_the_lucky_one():
    """With one world the gamble wins whenever that world's die comes up; over 24 worlds,
    the same for both first decisions, its mean (about -1.5) loses to the steady 1."""
    lucky = [
        s
        for s in range(40)
        if plan_turn(GAMBLE, Gamble(), 0, Rng(s), 5.0, samples=1).actions[0].kind == "gamble"
    ]
    assert lucky  # some single worlds roll the 12
    for seed in lucky[:3]:
        plan = plan_turn(GAMBLE, Gamble(), 0, Rng(seed), 5.0, samples=24)
        assert [a.kind for a in plan.actions] == ["steady"]
        assert plan.value == 1.0 and plan.worlds == 24


def test_a_turn_cut_by_the_clock_is_played_out_to_its_end():
    """Out of time (no budget at all) after the first decision, the partial turn is finished
    by the playout step and scored at the turn's end too: a draw is worth its cashed card,
    never the 4 it looks worth in hand."""
    for seed in range(8):
        plan = plan_turn(DRAW, Draw(), 0, Rng(seed), 0.0, samples=1)
        kinds = [a.kind for a in plan.actions]
        assert (kinds, plan.value) in ((["work"], 3.0), (["draw"], 0.0), (["draw"], 1.0))
