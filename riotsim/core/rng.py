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
_new = object.__new__


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
        r = _new(Rng)  # a bare object: bots copy a stream with every state they try
        r.seed = self.seed
        r.counter = self.counter
        r.scripted = self.scripted.copy()
        return r

    def next_u64(self) -> int:
        self.counter += 1
        return _splitmix64((self.seed * _GOLDEN + self.counter) & _MASK)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if type(self).next_u64 is not _NEXT_U64:
            return self._below_by_next(n)
        # next_u64 and _splitmix64 inlined (hot: dice and shuffles); the same numbers
        limit = _MASK - (_MASK % n)
        base = self.seed * _GOLDEN + _GOLDEN
        counter = self.counter
        while True:
            counter += 1
            x = (base + counter) & _MASK
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            x ^= x >> 31
            if x < limit:
                self.counter = counter
                return x % n

    def _below_by_next(self, n: int) -> int:
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
        if type(self).below is not _BELOW or type(self).next_u64 is not _NEXT_U64:
            for i in range(len(items) - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        # below (and next_u64) inlined: the same draws, in the same order
        base = self.seed * _GOLDEN + _GOLDEN
        counter = self.counter
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK % n)
            while True:
                counter += 1
                x = (base + counter) & _MASK
                x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
                x ^= x >> 31
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.counter = counter

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


# the plain stream's own draws: a subclass that replaces them (SearchRng) is never inlined
_NEXT_U64 = Rng.next_u64
_BELOW = Rng.below
