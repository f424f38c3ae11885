"""Decision frames: the kinds of pending decision a game can ask for, each declaring its data.

A frame on a state's pending stack is a :class:`~riotsim.core.contract.Decision` (kind, seat,
data): that is what saves hold and what the core copies, so they keep their text form. Each
game declares one class per kind, derived from :class:`FrameKind`, that owns the frame's
behaviour (the answers it offers, how it resolves one: signatures are the game's own) and
declares its data fields once, with a check for each. The same declaration reads a frame from
an untrusted position (:meth:`FrameKind.read`), so a field the class does not declare, or one
of the wrong type, is refused with its path, and there is no second table to keep in step.

A check is ``check(value, where, context) -> value``: it returns the value as the rules hold
it, or raises :class:`~riotsim.core.contract.PositionError` naming ``where``; ``context`` is
whatever the game passes (usually the state being read, for a board or a seat count).

>>> class Pick(FrameKind):
...     kind = "pick"
...     fields = {"cards": Field(list_of(TEXT)), "why": Field(TEXT, required=False)}
>>> FRAMES = FrameKinds[FrameKind]("toy")
>>> _ = FRAMES.register(Pick)
>>> FRAMES.read_data("pick", Reader({"cards": ["ace"]}, "pending[0].data"), None)
{'cards': ['ace']}
>>> FRAMES.read_data("pick", Reader({"cards": [3]}, "pending[0].data"), None)
Traceback (most recent call last):
...
riotsim.core.contract.PositionError: pending[0].data.cards[0]: 3 is not a text
>>> FRAMES.read_data("pick", Reader({"card": "ace"}, "pending[0].data"), None)
Traceback (most recent call last):
...
riotsim.core.contract.PositionError: pending[0].data.card: is not a field of a pick frame
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from riotsim.core.contract import PositionError
from riotsim.core.fields import Reader, check_int, check_pair
from riotsim.i18n import _

Check = Callable[[Any, str, Any], Any]


@dataclass(frozen=True, slots=True)
class Field:
    """One declared data field of a frame: how its value is checked, whether it must be there."""

    check: Check
    required: bool = True


Fields = Mapping[str, Field]

LIST_MOST = 10_000


def _show(value: Any) -> str:
    return f"{value!r:.60}"


def _text(value: Any, where: str, context: Any) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise PositionError(
            _("{where}: {value} is not a text").format(where=where, value=_show(value))
        )
    return value


def _int(value: Any, where: str, context: Any) -> int:
    return check_int(value, where)


def _flag(value: Any, where: str, context: Any) -> bool:
    if not isinstance(value, bool):
        raise PositionError(
            _("{where}: {value} is not true or false").format(where=where, value=_show(value))
        )
    return value


def _cell(value: Any, where: str, context: Any) -> list[int]:
    x, y = check_pair(value, where)
    return [x, y]


def _any(value: Any, where: str, context: Any) -> Any:
    return value


TEXT: Check = _text
INT: Check = _int
FLAG: Check = _flag
CELL: Check = _cell  # stored as [x, y], as JSON holds it
ANY: Check = _any  # for data the frame's own semantic check reads


def count(low: int = 0, high: int | None = None) -> Check:
    """A whole number in ``low..high``."""
    return lambda value, where, context: check_int(value, where, low=low, high=high)


def one_of(*choices: Any) -> Check:
    """One of ``choices`` (compared by value; a list or a mapping never is one)."""

    def check(value: Any, where: str, context: Any) -> Any:
        if isinstance(value, (list, dict)) or value not in choices:
            shown = ", ".join(repr(c) for c in choices[:12])
            raise PositionError(
                _("{where}: {value} is not one of {choices}").format(
                    where=where, value=_show(value), choices=shown
                )
            )
        return value

    return check


def list_of(item: Check, most: int = LIST_MOST) -> Check:
    """A list whose every item passes ``item``."""

    def check(value: Any, where: str, context: Any) -> list[Any]:
        if not isinstance(value, list) or len(value) > most:
            raise PositionError(
                _("{where}: {value} is not a list (of at most {most})").format(
                    where=where, value=_show(value), most=most
                )
            )
        return [item(v, f"{where}[{i}]", context) for i, v in enumerate(value)]

    return check


def optional(check: Check) -> Check:
    """``check``, or null."""
    return lambda value, where, context: None if value is None else check(value, where, context)


def read_fields(r: Reader, fields: Fields, context: Any, what: str) -> dict[str, Any]:
    """The fields of a frame's data read through their declarations: each known one checked
    (a required one must be there), an unknown one refused."""
    out: dict[str, Any] = {}
    for key, value in r.data.items():
        spec = fields.get(key)
        if spec is None:
            raise r.fail(key, f"is not a field of {what}")
        out[key] = spec.check(value, r.where(key), context)
    for key, spec in fields.items():
        if spec.required and key not in out:
            raise r.fail(key, "missing")
    return out


class FrameKind:
    """Base of a game's frame kinds: ``kind`` names the kind in saves, ``fields`` declares the
    data a frame of the kind holds. A game's base class adds the behaviour methods."""

    kind: ClassVar[str] = ""
    fields: ClassVar[Fields] = {}

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        """This kind's data from an untrusted position. Kinds whose data must also agree with
        the board or the hands extend it (calling ``super().read`` first)."""
        return read_fields(r, cls.fields, context, f"a {cls.kind} frame")


F = TypeVar("F", bound=FrameKind)


class FrameKinds(Generic[F]):
    """A game's frame kinds by name; ``register`` is a class decorator."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._kinds: dict[str, type[F]] = {}

    def register(self, cls: type[F]) -> type[F]:
        if not cls.kind:
            raise TypeError(f"{cls.__name__} declares no kind")
        if cls.kind in self._kinds:
            raise TypeError(f"{self.game}: frame kind {cls.kind!r} is registered twice")
        self._kinds[cls.kind] = cls
        return cls

    def __getitem__(self, kind: str) -> type[F]:
        return self._kinds[kind]

    def get(self, kind: str) -> type[F] | None:
        return self._kinds.get(kind)

    def __contains__(self, kind: object) -> bool:
        return kind in self._kinds

    def __iter__(self) -> Iterator[type[F]]:
        return iter(self._kinds.values())

    def kinds(self) -> Collection[str]:
        return self._kinds.keys()

    def read_data(self, kind: str, r: Reader, context: Any) -> dict[str, Any]:
        """A frame's data from an untrusted position, read by its kind's declaration."""
        cls = self._kinds.get(kind)
        if cls is None:
            raise PositionError(
                _("{path}: {kind!r} is not a kind of {game} decision").format(
                    path=r.path, kind=kind, game=self.game
                )
            )
        return cls.read(r, context)
