"""The bot interface and helpers shared by every bot."""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from riotsim.core.contract import Action, Outcome, Ruleset
from riotsim.core.rng import Rng


class Bot(ABC):
    """A player that picks one of the legal actions. Each bot draws from its own Rng stream,
    so a game with bots is reproducible from its seeds."""

    name: ClassVar[str] = ""

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = Rng(seed)

    @abstractmethod
    def choose(
        self, ruleset: Ruleset[Any], view_state: Any, legal: list[Action], budget_s: float = 1.0
    ) -> Action:
        """One of ``legal`` for the seat that must decide in ``view_state``, within
        ``budget_s`` seconds (plus a small margin)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def require_choice(legal: list[Action]) -> None:
    if not legal:
        raise ValueError("a bot was asked to move with no legal actions")


def sample_state(ruleset: Ruleset[Any], view_state: Any, seat: int, seed: int) -> Any:
    """A full state consistent with what ``seat`` sees, with a fresh random stream, so that
    looking ahead never peeks at the real future dice or hidden cards.

    ``determinize`` returns a new state that shares nothing with ``view_state`` (it starts from
    ``ruleset.copy``, which the conformance suite proves independent), so a bot's lookahead
    never writes into the view it was given, nor into the live game when that view is the
    game's own state (games without hidden information)."""
    state = ruleset.determinize(view_state, seat, seed)
    if isinstance(getattr(state, "rng", None), Rng):
        state.rng = Rng(seed)
    return state


class SearchRng(Rng):
    """A faster random stream for the worlds a search plays out, where no draw is ever saved:
    the Mersenne Twister of :mod:`random` (seeded, so a search is still reproducible) draws
    several times faster than the portable :class:`Rng`. ``below`` scales a float, a bias
    under n / 2**53. Its ``to_json`` does not capture the stream: never let it reach a game
    that is saved (the search's own copies only)."""

    __slots__ = ("_mt",)

    def __init__(self, seed: int, counter: int = 0, scripted: list[Any] | None = None):
        super().__init__(seed, counter, scripted if scripted is not None else [])
        self._mt = random.Random(seed)

    def copy(self) -> SearchRng:
        out = SearchRng(self.seed, self.counter, list(self.scripted))
        out._mt.setstate(self._mt.getstate())
        return out

    def next_u64(self) -> int:
        self.counter += 1
        return self._mt.getrandbits(64)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        self.counter += 1
        return int(self._mt.random() * n)

    def random(self) -> float:
        self.counter += 1
        return self._mt.random()


def search_rng(state: Any, seed: int) -> Any:
    """``state`` with a :class:`SearchRng` of ``seed`` as its dice stream (where it has one)."""
    if isinstance(getattr(state, "rng", None), Rng):
        state.rng = SearchRng(seed)
    return state


def squash(value: float) -> float:
    """Map a heuristic value of any scale onto (0, 1), keeping its order."""
    if value >= 0:
        return 1.0 / (1.0 + math.exp(-value))
    e = math.exp(value)
    return e / (1.0 + e)


def outcome_reward(outcome: Outcome, seat: int) -> float:
    """1 for a win, 0 for a loss, 0.5 for a draw with no winner."""
    if not outcome.winners:
        return 0.5
    return 1.0 if seat in outcome.winners else 0.0
