"""Exact hit and Super Damage odds for a Riot Quest attack roll, for the dice chooser.

Not a rule: the rules decide which dice an attack rolls and the target's DEF; this module only
turns those numbers into probabilities, exactly (fractions), from the die faces in
``data/dice.yaml``. It imports no pygame, so it is cheap to test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from riotsim.core.dice import die

Distribution = dict[int, Fraction]


@cache
def _single(die_id: str) -> tuple[tuple[int, Fraction], ...]:
    """Value distribution of one die: each face equally likely."""
    spec = die(die_id)
    counts = Counter(spec.value(face) for face in spec.faces)
    n = len(spec.faces)
    return tuple(sorted((value, Fraction(c, n)) for value, c in counts.items()))


def convolve(a: Distribution, b: Distribution) -> Distribution:
    out: Distribution = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            out[va + vb] = out.get(va + vb, Fraction(0)) + pa * pb
    return out


@cache
def _power(die_id: str, n: int) -> tuple[tuple[int, Fraction], ...]:
    dist: Distribution = {0: Fraction(1)}
    single = dict(_single(die_id))
    for _ in range(n):
        dist = convolve(dist, single)
    return tuple(sorted(dist.items()))


def strike_distribution(dice: Mapping[str, int]) -> Distribution:
    """P(total strikes = k) for a roll of ``{die_id: count}``."""
    dist: Distribution = {0: Fraction(1)}
    for die_id, count in sorted(dice.items()):
        if count < 0:
            raise ValueError(f"negative dice count for {die_id}")
        if count:
            dist = convolve(dist, dict(_power(die_id, count)))
    return dist


def at_least(dist: Distribution, k: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= k), Fraction(0))


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Odds of one attack roll against a target's two DEF values."""

    action_dice: int
    hit: Fraction  # P(strikes >= first DEF value)
    super_damage: Fraction  # P(strikes >= second DEF value)
    expected_strikes: Fraction

    @property
    def hit_percent(self) -> int:
        return round(float(self.hit) * 100)

    @property
    def super_percent(self) -> int:
        return round(float(self.super_damage) * 100)


def attack_odds(
    action_dice: int, defence: tuple[int, int], boost: int = 0, power: int = 0
) -> AttackOdds:
    """Odds for an attack that spends ``action_dice`` and adds weapon ``boost``/``power`` dice."""
    dist = strike_distribution({"action": action_dice, "boost": boost, "power": power})
    mean = sum((v * p for v, p in dist.items()), Fraction(0))
    return AttackOdds(action_dice, at_least(dist, defence[0]), at_least(dist, defence[1]), mean)


def odds_table(
    max_action: int, defence: tuple[int, int], boost: int = 0, power: int = 0
) -> list[AttackOdds]:
    """One row per possible number of Action dice, 1..max_action."""
    return [attack_odds(n, defence, boost, power) for n in range(1, max_action + 1)]


def rig_success(bonus: bool, need: int = 3) -> Fraction:
    """A rig rolls three Boost dice (plus a Power die with the Rig Bonus) and needs 3 strikes."""
    return rig_odds(3, 1 if bonus else 0, need)


def rig_odds(boost: int, power: int, need: int) -> Fraction:
    """P(at least ``need`` strikes) on ``boost`` Boost and ``power`` Power dice (the numbers
    come from ``rules.rig_dice``)."""
    return at_least(strike_distribution({"boost": boost, "power": power}), need)
