"""Headless games between bots (``riotsim simulate``, tests, benchmarks)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from riotsim.ai.base import Bot
from riotsim.core.contract import Action, Event, GameSetup, Ruleset, check_setup

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
    # Only with play_game(record=True): every action played and the final state's hash.
    log: tuple[Action, ...] = ()
    final_hash: str = ""

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


def replay_problem(
    ruleset: Ruleset[Any], setup: GameSetup, result: GameResult, game_id: str | None = None
) -> str | None:
    """Replay a recorded game through a save file's round trip; None if it reproduces the
    final hash, else what went wrong (nondeterministic rules, actions that do not print and
    parse back the same, positions that do not round-trip)."""
    import tempfile
    from pathlib import Path

    from riotsim.core.match import Match
    from riotsim.core.saves import SaveError

    match = Match(ruleset, setup, game_id=game_id)
    for index, action in enumerate(result.log):
        text = str(action)
        if Action.parse(text) != action:
            return f"action {index} {text!r} does not parse back to the same action"
        try:
            match.apply(action)
        except Exception as err:
            return f"action {index} ({text}) fails on replay: {type(err).__name__}: {err}"
    if match.state_hash() != result.final_hash:
        return f"replaying {len(result.log)} actions gives a different final state"
    with tempfile.TemporaryDirectory(prefix="riotsim-replay-") as folder:
        path = Path(folder) / "game.json"
        try:
            match.save(path)
            Match.load(path)
        except SaveError as err:
            return f"the save does not reload: {err}"
    return None


def play_game(
    ruleset: Ruleset[Any],
    setup: GameSetup,
    bots: Sequence[Bot],
    *,
    budget_s: float = 1.0,
    max_actions: int = 50_000,
    record: bool = False,
    observe: Callable[[Any, list[Event]], None] | None = None,
) -> GameResult:
    """Play one game with ``bots[seat]`` deciding for each seat. Seats see only their view
    when the game hides information. A game still running after ``max_actions`` actions ends
    with reason ``"action cap"`` (a rules bug: real games end). ``record`` keeps the action log
    and the final hash, to check that a replay reproduces the game. ``observe(state, events)``
    is called after every action with the live state (read it, never change it) and the
    action's events (the balance report's collectors)."""
    if len(bots) != setup.seats:
        raise ValueError(f"{setup.seats} seats but {len(bots)} bots")
    check_setup(ruleset, setup)
    started = time.perf_counter()
    state = ruleset.new_state(setup)
    hidden = ruleset.hidden_information
    actions = 0
    log: list[Action] = []
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
                tuple(log),
                ruleset.state_hash(state) if record else "",
            )
        legal = ruleset.legal_actions(state)
        if not legal:
            raise RuntimeError(f"{ruleset.id}: seat {seat} must move but has no legal action")
        view = ruleset.view(state, seat) if hidden else state
        action = bots[seat].choose(ruleset, view, legal, budget_s)
        events = ruleset.apply(state, action)
        if observe is not None:
            observe(state, events)
        actions += 1
        if record:
            log.append(action)
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
        tuple(log),
        ruleset.state_hash(state) if record else "",
    )
