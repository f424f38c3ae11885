"""The balance report's maths, pure and small (``riotsim simulate --report``).

Proportions come with 95% Wilson score intervals, which stay inside 0..1 and behave for small
samples and for rates near 0 or 1 (the normal approximation does not):

>>> wilson(8, 10)
(0.4902, 0.9433)
>>> wilson(0, 10)
(0.0, 0.2775)
>>> wilson(0, 0)
(0.0, 1.0)
>>> rate(3, 4), rate(0, 0)
(0.75, 0.0)

The leader of a position is the one seat with the highest score; a tie at the top has none:

>>> leader([3, 5, 1]), leader([4, 4, 1]), leader([])
(1, None, None)

How a game ended, from its winners and its reason:

>>> ending([0], "alpha reached 10 points"), ending([0, 1], "objective complete")
('win', 'shared')
>>> ending([], "time ran out"), ending([0, 1], "round limit (5) reached")
('none', 'shared')
>>> is_round_limit("round limit (5) reached"), is_round_limit("police reached 5")
(True, False)

>>> summary([4, 1, 3, 2])
{'min': 1, 'max': 4, 'mean': 2.5, 'median': 2.5}
>>> counts([3, 1, 3])
{'1': 1, '3': 2}
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

Z95 = 1.959964  # the standard normal quantile for a two-sided 95% interval
DIGITS = 4  # report figures are rounded so that every run writes the same text

# Endings whose reason says the game stopped at its time limit rather than by a win.
_ROUND_LIMIT_WORDS = ("round limit", "time ran out")


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (0..1 when no trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (round(max(0.0, centre - half), DIGITS), round(min(1.0, centre + half), DIGITS))


def rate(successes: int, trials: int) -> float:
    return round(successes / trials, DIGITS) if trials else 0.0


def proportion(successes: int, trials: int) -> dict[str, object]:
    """A proportion as the report writes it: counts, rate and 95% interval.

    >>> proportion(1, 4)
    {'wins': 1, 'games': 4, 'rate': 0.25, 'ci95': [0.0456, 0.6994]}
    """
    low, high = wilson(successes, trials)
    return {
        "wins": successes,
        "games": trials,
        "rate": rate(successes, trials),
        "ci95": [low, high],
    }


def leader(scores: Sequence[int]) -> int | None:
    """The seat with the strictly highest score, or None (a tie at the top, or no scores)."""
    if not scores:
        return None
    best = max(scores)
    top = [seat for seat, score in enumerate(scores) if score == best]
    return top[0] if len(top) == 1 else None


def ending(winners: Sequence[int], reason: str) -> str:
    """``win`` (one winner), ``shared`` (several) or ``none``."""
    if len(winners) == 1:
        return "win"
    return "shared" if winners else "none"


def is_round_limit(reason: str) -> bool:
    lowered = reason.lower()
    return any(words in lowered for words in _ROUND_LIMIT_WORDS)


def summary(values: Sequence[float]) -> dict[str, float]:
    """Min, max, mean and median (all 0 for no values)."""
    if not values:
        return {"min": 0, "max": 0, "mean": 0.0, "median": 0.0}
    ordered = sorted(values)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return {
        "min": ordered[0],
        "max": ordered[-1],
        "mean": round(sum(ordered) / len(ordered), DIGITS),
        "median": round(median, DIGITS),
    }


def counts(values: Iterable[object]) -> dict[str, int]:
    """How often each value occurs, keyed by its text, in sorted order of the values."""
    tally = Counter(values)
    return {str(value): tally[value] for value in sorted(tally)}  # type: ignore[type-var]
