"""Headless games between bots (``riotsim simulate``, tests, benchmarks)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from riotsim.ai.base import Bot
from riotsim.core.contract import GameSetup, Ruleset

ACTION_CAP_REASON = "action cap"


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    winner: tuple[int, ...]
    scores: tuple[int, ...]
    rounds: int
    actions: int
    reason: str
    seconds: float

    @property
    def capped(self) -> bool:
        return self.reason == ACTION_CAP_REASON

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "winner": list(self.winner),
            "scores": list(self.scores),
            "rounds": self.rounds,
            "actions": self.actions,
            "reason": self.reason,
        }


def play_game(
    ruleset: Ruleset,
    setup: GameSetup,
    bots: Sequence[Bot],
    *,
    budget_s: float = 1.0,
    max_actions: int = 50_000,
) -> GameResult:
    """Play one game with ``bots[seat]`` deciding for each seat. Seats see only their view
    when the game hides information. A game still running after ``max_actions`` actions ends
    with reason ``"action cap"`` (a rules bug: real games end)."""
    if len(bots) != setup.seats:
        raise ValueError(f"{setup.seats} seats but {len(bots)} bots")
    started = time.perf_counter()
    state = ruleset.new_state(setup)
    hidden = ruleset.hidden_information
    actions = 0
    while True:
        seat = ruleset.to_move(state)
        if seat is None:
            break
        if actions >= max_actions:
            outcome = ruleset.outcome(state)
            return GameResult(
                setup.seed,
                (),
                tuple(outcome.scores),
                outcome.rounds,
                actions,
                ACTION_CAP_REASON,
                time.perf_counter() - started,
            )
        legal = ruleset.legal_actions(state)
        if not legal:
            raise RuntimeError(f"{ruleset.id}: seat {seat} must move but has no legal action")
        view = ruleset.view(state, seat) if hidden else state
        action = bots[seat].choose(ruleset, view, legal, budget_s)
        ruleset.apply(state, action)
        actions += 1
    outcome = ruleset.outcome(state)
    if not outcome.finished:
        raise RuntimeError(f"{ruleset.id}: nobody is to move but the game is not over")
    return GameResult(
        setup.seed,
        tuple(outcome.winners),
        tuple(outcome.scores),
        outcome.rounds,
        actions,
        outcome.reason,
        time.perf_counter() - started,
    )
