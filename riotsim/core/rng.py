"""A small, portable, serialisable random number generator.

The state is two integers (seed, counter); draw ``n`` is ``splitmix64(seed, n)``, so the same
seed gives the same numbers on every machine and Python version, copying costs nothing, and a
save needs no ``random.getstate()`` blob. Tests and tutorials can script upcoming values with
:meth:`Rng.script`; the dice module reads scripted faces from it first.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def _splitmix64(x: int) -> int:
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


@dataclass(slots=True)
class Rng:
    seed: int
    counter: int = 0
    # Scripted outcomes, consumed first: each entry is whatever the caller asked for
    # (a die face id for dice, an int for randint/choice indices). Tests only; saved too.
    scripted: list[Any] = field(default_factory=list)

    def copy(self) -> Rng:
        return Rng(self.seed, self.counter, list(self.scripted))

    def next_u64(self) -> int:
        self.counter += 1
        return _splitmix64((self.seed * _GOLDEN + self.counter) & _MASK)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _MASK - (_MASK % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi]; a scripted int is returned first if one is queued."""
        if self.scripted:
            value = self.scripted.pop(0)
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"scripted value {value!r} is not an int in {lo}..{hi}")
            return value
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randint(0, len(seq) - 1)]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place (never scripted: script the deck order in a position)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Rng:
        """An independent stream, e.g. for a bot, derived without touching this one."""
        return Rng(_splitmix64((self.seed ^ (salt * _GOLDEN)) & _MASK))

    def script(self, *values: Any) -> None:
        self.scripted.extend(values)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "counter": self.counter}
        if self.scripted:
            out["scripted"] = list(self.scripted)
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Rng:
        return cls(int(raw["seed"]), int(raw.get("counter", 0)), list(raw.get("scripted", [])))
