"""Bots on the toy game: legal answers, reproducibility, strength and time budgets."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest
from toy_game import RULESET, RULESET_OPEN, RULESET_SOLO

from riotsim.ai import BOT_NAMES, get_bot
from riotsim.ai.base import sample_state
from riotsim.ai.play import ACTION_CAP_REASON, play_game
from riotsim.core.contract import Action, GameSetup, Outcome, PlayerSpec, Ruleset, canonical_json


def setup(seats: int = 2, seed: int = 1) -> GameSetup:
    return GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(seats)), seed=seed)


def test_names_and_unknown_bot():
    assert set(BOT_NAMES) == {"random", "greedy", "planner", "mcts", "easy", "normal", "hard"}
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        get_bot("clever", 1)


@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
@pytest.mark.parametrize("ruleset", [RULESET, RULESET_OPEN, RULESET_SOLO])
def test_bot_always_returns_a_legal_action(name, ruleset):
    seats = ruleset.min_players if ruleset is RULESET_SOLO else 3
    state = ruleset.new_state(setup(seats, seed=11))
    options = {"iterations": 20} if name == "mcts" else {}
    bots = [get_bot(name, 100 + s, **options) for s in range(seats)]
    moves = 0
    while (seat := ruleset.to_move(state)) is not None and moves < 400:
        legal = ruleset.legal_actions(state)
        view = ruleset.view(state, seat)
        action = bots[seat].choose(ruleset, view, legal, budget_s=0.05)
        assert action in legal
        ruleset.apply(state, action)
        moves += 1
    assert ruleset.outcome(state).finished


@pytest.mark.parametrize("name", ["random", "greedy", "mcts"])
def test_single_legal_action_and_no_legal_action(name):
    bot = get_bot(name, 3)
    state = RULESET.new_state(setup())
    only = [Action.make("roll")]
    assert bot.choose(RULESET, state, only, 0.01) == only[0]
    with pytest.raises(ValueError, match="no legal actions"):
        bot.choose(RULESET, state, [], 0.01)


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_same_seed_same_choices(name):
    def game(seed: int) -> list[int]:
        result = play_game(RULESET, setup(seed=4), [get_bot(name, seed), get_bot(name, seed + 1)])
        return [result.actions, *result.scores, *result.winner]

    assert game(9) == game(9)


def test_mcts_with_iteration_limit_is_reproducible():
    def game() -> tuple:
        bots = [get_bot("mcts", 5, iterations=15), get_bot("mcts", 6, iterations=15)]
        r = play_game(RULESET, setup(seed=2), bots, budget_s=30.0)
        return r.winner, r.scores, r.actions

    assert game() == game()


def test_bots_do_not_mutate_the_view_or_peek_at_dice():
    state = RULESET_OPEN.new_state(setup(seed=8))
    before = canonical_json(RULESET_OPEN.to_position(state))
    legal = RULESET_OPEN.legal_actions(state)
    for name in BOT_NAMES:
        get_bot(name, 1, **({"iterations": 30} if name == "mcts" else {})).choose(
            RULESET_OPEN, state, legal, 0.05
        )
    assert canonical_json(RULESET_OPEN.to_position(state)) == before
    sampled = sample_state(RULESET_OPEN, state, 0, 1234)
    assert sampled.rng.seed == 1234 and sampled.rng.seed != state.rng.seed


def win_rate(ruleset, name: str, games: int, **options) -> float:
    wins = 0
    for g in range(games):
        # alternate who starts so the first-player edge cancels out
        seat = g % 2
        bots = [get_bot("random", 1000 + g), get_bot("random", 2000 + g)]
        bots[seat] = get_bot(name, 3000 + g, **options)
        result = play_game(ruleset, setup(seed=g), bots, budget_s=5.0)
        wins += seat in result.winner
    return wins / games


def test_greedy_beats_random_most_of_the_time():
    rate = win_rate(RULESET, "greedy", 60)
    assert rate >= 0.7, rate


def test_mcts_beats_random_most_of_the_time():
    rate = win_rate(RULESET, "mcts", 16, iterations=60)
    assert rate >= 0.65, rate


@pytest.mark.parametrize("budget", [0.05, 0.2])
def test_mcts_respects_its_time_budget(budget):
    bot = get_bot("mcts", 7)
    state = RULESET.new_state(setup(4, seed=3))
    view = RULESET.view(state, 0)
    legal = RULESET.legal_actions(state)
    started = time.perf_counter()
    action = bot.choose(RULESET, view, legal, budget_s=budget)
    elapsed = time.perf_counter() - started
    assert action in legal
    assert bot.last_iterations > 1
    assert elapsed <= budget * 1.1 + 0.01, elapsed


def test_mcts_stops_at_its_iteration_limit_well_before_time():
    bot = get_bot("mcts", 7, iterations=25)
    state = RULESET.new_state(setup(seed=3))
    started = time.perf_counter()
    bot.choose(RULESET, RULESET.view(state, 0), RULESET.legal_actions(state), budget_s=10.0)
    assert bot.last_iterations == 25
    assert time.perf_counter() - started < 2.0


def test_greedy_respects_its_time_budget():
    bot = get_bot("greedy", 7, samples=10_000)
    state = RULESET_OPEN.new_state(setup(seed=3))
    started = time.perf_counter()
    bot.choose(RULESET_OPEN, state, RULESET_OPEN.legal_actions(state), budget_s=0.05)
    assert time.perf_counter() - started <= 0.05 * 1.1 + 0.01


def test_play_game_reports_action_cap():
    bots = [get_bot("random", 1), get_bot("random", 2)]
    result = play_game(RULESET, setup(), bots, max_actions=3)
    assert result.reason == ACTION_CAP_REASON and result.capped
    assert result.actions == 3 and result.winner == ()


def test_play_game_checks_bot_count():
    with pytest.raises(ValueError, match="2 seats but 1 bots"):
        play_game(RULESET, setup(), [get_bot("random", 1)])


class LeakyToy(type(RULESET_OPEN)):
    """A rule set whose view is the live state itself (the core's view wrapper hands out a
    copy instead) and whose pending decision holds a list that apply mutates in place."""

    def view(self, state, seat):
        return state

    def apply(self, state, action):
        if state.pending:
            state.pending[-1].data.setdefault("seen", []).append(str(action))
        return super().apply(state, action)


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_lookahead_never_writes_into_the_live_game(name):
    ruleset = LeakyToy()
    state = ruleset.from_position(
        {
            "length": 20,
            "pos": [0, 0, 0],
            "hands": [[1], [2], [3]],
            "deck": [1, 2],
            "discard": [],
            "turn": 1,
            "pending": [{"kind": "block", "seat": 2, "data": {"roller": 1, "seen": []}}],
            "rng": {"seed": 3},
        }
    )
    before = canonical_json(ruleset.to_position(state))
    legal = ruleset.legal_actions(state)
    bot = get_bot(name, 1, **({"iterations": 30} if name == "mcts" else {}))
    assert bot.choose(ruleset, ruleset.view(state, 2), legal, 0.2) in legal
    assert canonical_json(ruleset.to_position(state)) == before


class CountingToy(type(RULESET)):
    """The toy game, counting its determinizations."""

    dealt = 0

    def determinize(self, view, seat, seed):
        type(self).dealt += 1
        return super().determinize(view, seat, seed)


def test_mcts_reuses_a_deal_for_several_iterations_with_fresh_dice():
    ruleset = CountingToy()
    state = ruleset.new_state(setup(3, seed=5))
    view, legal = ruleset.view(state, 0), ruleset.legal_actions(state)
    CountingToy.dealt = 0
    bot = get_bot("mcts", 4, iterations=40, reuse=8)
    assert bot.choose(ruleset, view, legal, 30.0) in legal
    assert bot.last_iterations == 40 and CountingToy.dealt == 5
    deal = sample_state(ruleset, view, 0, 9)
    again = bot._redeal_dice(ruleset, deal)
    assert again.hands == deal.hands and again.deck == deal.deck
    assert again.rng.seed != deal.rng.seed


def test_mcts_reuse_and_widening_are_reproducible():
    def game(**options) -> tuple:
        bots = [get_bot("mcts", 5, iterations=15, **options), get_bot("random", 6)]
        r = play_game(RULESET, setup(seed=2), bots, budget_s=30.0)
        return r.winner, r.scores, r.actions

    for options in ({"reuse": 4}, {"widen": 1.0}, {"reuse": 3, "widen": 2.0}):
        assert game(**options) == game(**options)


def test_progressive_widening_holds_back_new_children():
    from riotsim.ai.mcts import MCTSBot, _Node

    bot = MCTSBot(1, widen=1.0)
    node = _Node(None, None, None)
    node.children = {Action.make(k): _Node(Action.make(k), node, 0) for k in ("a", "b")}
    node.visits = 3  # 1 * sqrt(3) < 2 children: a third must wait
    assert not bot._may_grow(node)
    node.visits = 5
    assert bot._may_grow(node)
    assert MCTSBot(1)._may_grow(node)  # no widening: always


def test_search_rng_is_reproducible_and_copies_its_stream():
    from riotsim.ai.base import SearchRng

    rng = SearchRng(3)
    first = [rng.below(6) for _ in range(20)]
    again = SearchRng(3)
    assert first == [again.below(6) for _ in range(20)]
    assert all(0 <= x < 6 for x in first) and len(set(first)) > 1
    copy = rng.copy()
    assert [rng.randint(1, 6) for _ in range(5)] == [copy.randint(1, 6) for _ in range(5)]
    assert rng.counter == copy.counter
    with pytest.raises(ValueError):
        rng.below(0)


class ComboLike(Ruleset):
    """One seat, three turns of two decisions each (``up`` scores 2, ``down`` 1): no chance
    and nothing hidden, so each second decision follows from the first as the search saw it."""

    id = "combo-like"
    min_players = max_players = 1

    def new_state(self, setup):
        return SimpleState([0, 0, 0])  # turn, step, score

    def legal_actions(self, state):
        return [Action.make("up"), Action.make("down")]

    def apply(self, state, action):
        turn, step, score = state.values
        score += 2 if action.kind == "up" else 1
        step = (step + 1) % 2
        state.values = [turn + (step == 0), step, score]
        return []

    def to_move(self, state):
        return 0 if state.values[0] < 3 else None

    def outcome(self, state):
        done = state.values[0] >= 3
        return Outcome(done, (0,) if done else (), (state.values[2],))

    def evaluate(self, state, seat):
        return float(state.values[2])

    def to_position(self, state):
        return {"values": list(state.values)}

    def from_position(self, position):
        return SimpleState(list(position["values"]))


@dataclass
class SimpleState:
    values: list

    def copy(self):
        return SimpleState(list(self.values))


def test_mcts_keeps_its_subtree_for_the_seats_next_decision():
    from riotsim.ai.mcts import MCTSBot

    ruleset = ComboLike()
    state = ruleset.new_state(setup(1))
    bot = MCTSBot(3, iterations=60)
    first = bot.choose(ruleset, ruleset.view(state, 0), ruleset.legal_actions(state), 30.0)
    assert bot.last_reused == 0
    ruleset.apply(state, first)
    bot.choose(ruleset, ruleset.view(state, 0), ruleset.legal_actions(state), 30.0)
    assert bot.last_reused > 0 and bot.last_iterations == 60
    # a view the kept subtree did not expect (here: another position) starts afresh
    other = ruleset.new_state(setup(1))
    bot.choose(ruleset, ruleset.view(other, 0), ruleset.legal_actions(other), 30.0)
    assert bot.last_reused == 0
    fresh = MCTSBot(3, iterations=60, keep_tree=False)
    fresh.choose(ruleset, ruleset.view(state, 0), ruleset.legal_actions(state), 30.0)
    assert fresh.last_reused == 0
