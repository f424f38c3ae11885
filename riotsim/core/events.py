"""Typed events: one class per kind of thing that happened, with its data fields declared.

An event stays an :class:`~riotsim.core.contract.Event` (its ``kind`` and JSON ``data`` are
what logs, tests and the golden playouts read), but each game declares a class per kind whose
fields read the data with their types, so a view handles an event by its class::

    if isinstance(event, Moved):
        glide(event.unit, event.path)

A game's events subclass :class:`TypedEvent` with the kind as a class keyword and one
annotated :func:`datum` per field (every kind is slotted for it, so an event holds no dict);
:meth:`TypedEvent.of` builds one and refuses data that does not match the declaration. An
event no view knows still renders through its text.

>>> class Scored(TypedEvent, kind="scored"):
...     seat_scored: int = datum()
...     points: int = datum()
...     why: str = datum(optional=True)
>>> e = Scored.of(seat_scored=1, points=3)
>>> (e.kind, e.points, e.why, dict(e.data))
('scored', 3, None, {'seat_scored': 1, 'points': 3})
>>> Scored.of(points=3)
Traceback (most recent call last):
...
ValueError: scored: missing field seat_scored
>>> class Chose(TypedEvent, kind="chose"):
...     chosen: int = datum(key="seat")
>>> Chose.of(fields={"seat": 2}, seat=0).chosen
2
>>> Scored.of(seat_scored=1, points=3, bonus=2)
Traceback (most recent call last):
...
ValueError: scored: no field 'bonus' (fields: seat_scored, points, why)
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from riotsim.core.contract import Event

E = TypeVar("E", bound="TypedEvent")

_new = object.__new__
_SLOTS = Event.__dict__  # the slots' member descriptors
_SET_KIND, _SET_DATA, _SET_SEAT, _SET_REVEALS, _SET_PRIVATE = (
    _SLOTS[name].__set__ for name in ("kind", "data", "seat", "reveals", "private_to")
)


class Datum:
    """One declared field of a typed event: reads ``event.data[key]`` (None when an optional
    field is absent). Declared as ``name: type = datum()`` so the type checker sees the type;
    ``key`` names the data key when it differs from the attribute (a datum cannot be called
    ``seat`` or ``kind``, which every event already has)."""

    __slots__ = ("key", "optional")

    def __init__(self, optional: bool, key: str) -> None:
        self.optional = optional
        self.key = key

    def __set_name__(self, owner: type, name: str) -> None:
        if name in _RESERVED:
            raise TypeError(f"{owner.__name__}.{name}: every event has {name}; use datum(key=...)")
        if not self.key:
            self.key = name

    def __get__(self, obj: Event | None, owner: type | None = None) -> Any:
        if obj is None:
            return self
        if self.optional:
            return obj.data.get(self.key)
        return obj.data[self.key]


_RESERVED = frozenset(("kind", "data", "seat", "reveals", "private_to", "of", "raw", "problem"))


def datum(optional: bool = False, key: str = "") -> Any:
    """Declare a field of a :class:`TypedEvent` (``points: int = datum()``)."""
    return Datum(optional, key)


class _Slotted(type):
    """Gives every event class empty ``__slots__``: a kind holds no per-event dict."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any) -> Any:
        ns.setdefault("__slots__", ())
        return super().__new__(mcls, name, bases, ns, **kw)


class TypedEvent(Event, metaclass=_Slotted):
    """Base of every declared event kind (see the module docstring)."""

    KIND: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ()
    ALLOWED: ClassVar[frozenset[str]] = frozenset()
    REQUIRED: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        data = {
            value.key: value
            for klass in reversed(cls.__mro__)
            for value in vars(klass).values()
            if isinstance(value, Datum)
        }
        cls.FIELDS = tuple(data)
        cls.ALLOWED = frozenset(data)
        cls.REQUIRED = frozenset(k for k, d in data.items() if not d.optional)
        if kind:
            cls.KIND = kind

    @classmethod
    def of(
        cls: type[E],
        *,
        seat: int | None = None,
        reveals: bool = False,
        private_to: int | None = None,
        fields: dict[str, Any] | None = None,
        **data: Any,
    ) -> E:
        """An event of this kind, its data checked against the declared fields (``fields``
        passes data keys that clash with the keywords here, such as a ``seat`` datum)."""
        if fields:
            data.update(fields)
        keys = data.keys()
        if not (keys <= cls.ALLOWED and keys >= cls.REQUIRED):
            raise ValueError(cls._problem(data))
        return cls.raw(data, seat, reveals, private_to)

    @classmethod
    def raw(
        cls: type[E],
        data: dict[str, Any],
        seat: int | None = None,
        reveals: bool = False,
        private_to: int | None = None,
    ) -> E:
        """An event of this kind from data the caller vouches for (hot loops; the conformance
        suite checks every event a game emits against its declaration)."""
        event = _new(cls)
        _SET_KIND(event, cls.KIND)
        _SET_DATA(event, data)
        _SET_SEAT(event, seat)
        _SET_REVEALS(event, reveals)
        _SET_PRIVATE(event, private_to)
        return event

    @classmethod
    def _problem(cls, data: Any) -> str:
        extra = [k for k in data if k not in cls.FIELDS]
        if extra:
            return f"{cls.KIND}: no field {extra[0]!r} (fields: {', '.join(cls.FIELDS)})"
        missing = [k for k in cls.FIELDS if k in cls.REQUIRED and k not in data]
        return f"{cls.KIND}: missing field {missing[0]}"

    def problem(self) -> str | None:
        """What is wrong with this event's data for its declared kind, or None."""
        keys = self.data.keys()
        if not (keys <= self.ALLOWED and keys >= self.REQUIRED):
            return self._problem(self.data)
        if self.kind != self.KIND:
            return f"{type(self).__name__} carries kind {self.kind!r}, not {self.KIND!r}"
        return None


def event_problem(event: Event) -> str | None:
    """Why ``event`` is not a well-formed typed event, or None (the conformance suite's test)."""
    if not isinstance(event, TypedEvent):
        return f"event {event.kind!r} is a plain Event, not one of the game's declared kinds"
    return event.problem()


# -- kinds every game shares: the views animate and log them the same way --------------------


class DiceRolled(TypedEvent, kind="dice_rolled"):
    """Dice were rolled: which die (``"d6"``, ``"action"``, ``"direction"``...) and the faces."""

    die: str = datum()
    faces: list[Any] = datum()


class GameOver(TypedEvent, kind="game_over"):
    """The game ended: the winning seats and why, in words."""

    winners: list[int] = datum()
    reason: str = datum()
