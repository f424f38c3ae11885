"""Reading untrusted JSON-like data (a save's position) field by field, with the field's path in
every message. A game's ``from_position`` reads through a :class:`Reader` so that a forged or
edited position is refused with :class:`PositionError` naming what is wrong:

>>> r = Reader({"round": 3, "heroes": [{"name": "Dez", "pos": [1, 2]}]})
>>> r.int("round", low=1, high=99)
3
>>> hero = r.items("heroes")[0]
>>> hero.text("name"), hero.pair("pos")
('Dez', (1, 2))
>>> r.int("round", high=2)
Traceback (most recent call last):
...
riotsim.core.contract.PositionError: round: 3 is above 2
>>> hero.choice("name", ("Rosa", "Ugo"))
Traceback (most recent call last):
...
riotsim.core.contract.PositionError: heroes[0].name: 'Dez' is not one of 'Rosa', 'Ugo'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from riotsim.core.contract import PositionError
from riotsim.core.rng import Rng
from riotsim.i18n import _, ngettext

_MISSING = object()
# The Reader's getters are named for what they read (int, list, ...), which shadows those
# builtins inside the class body: annotations there use these names.
_Int = int
_List = list


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Reader:
    """A mapping read at ``path``; each getter checks one field's type (and range or choices)
    and raises :class:`PositionError` naming the field. ``default`` makes a field optional."""

    __slots__ = ("data", "path")

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, Mapping):
            raise PositionError(
                _("{where}: {value} is not an object").format(
                    where=path or _("the position"), value=_show(data)
                )
            )
        self.data = data
        self.path = path

    def where(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str | int, message: str) -> PositionError:
        """An error about field ``key`` (for checks a getter cannot make, such as 'off the
        board'); raise it."""
        return PositionError(f"{self.where(key)}: {message}")

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise PositionError(_("{where}: missing").format(where=self.where(key)))
        return default

    def int(
        self, key: str, default: Any = _MISSING, low: _Int | None = None, high: _Int | None = None
    ) -> _Int:
        value = self.raw(key, default)
        return check_int(value, self.where(key), low, high)

    def bool(self, key: str, default: Any = _MISSING) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, _("{value} is not true or false").format(value=_show(value)))
        return value

    def text(self, key: str, default: Any = _MISSING) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str):
            raise self.fail(key, _("{value} is not a text").format(value=_show(value)))
        return value

    def optional_text(self, key: str) -> str | None:
        value = self.raw(key, None)
        if value is not None and not isinstance(value, str):
            raise self.fail(key, _("{value} is not a text or null").format(value=_show(value)))
        return value

    def choice(self, key: str, choices: Collection[Any], default: Any = _MISSING) -> Any:
        value = self.raw(key, default)
        if isinstance(value, (list, dict)) or value not in choices:
            shown = ", ".join(_show(c) for c in choices)
            raise self.fail(
                key, _("{value} is not one of {choices}").format(value=_show(value), choices=shown)
            )
        return value

    def list(self, key: str, default: Any = _MISSING, most: _Int = 10_000) -> _List[Any]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self.fail(key, _("{value} is not a list").format(value=_show(value)))
        if len(value) > most:
            raise self.fail(
                key,
                ngettext(
                    "{n} entry; at most {most}", "{n} entries; at most {most}", len(value)
                ).format(n=len(value), most=most),
            )
        return value

    def texts(
        self, key: str, default: Any = _MISSING, choices: Collection[str] | None = None
    ) -> _List[str]:
        values = self.list(key, default)
        for index, value in enumerate(values):
            if not isinstance(value, str) or (choices is not None and value not in choices):
                where, shown = f"{self.where(key)}[{index}]", _show(value)
                if not isinstance(value, str):
                    message = _("{where}: {value} is not a text")
                else:
                    message = _("{where}: {value} names nothing known")
                raise PositionError(message.format(where=where, value=shown))
        return list(values)

    def ints(
        self, key: str, default: Any = _MISSING, low: _Int | None = None, high: _Int | None = None
    ) -> _List[_Int]:
        values = self.list(key, default)
        return [check_int(v, f"{self.where(key)}[{i}]", low, high) for i, v in enumerate(values)]

    def pair(self, key: str, default: Any = _MISSING) -> tuple[_Int, _Int]:
        """Two whole numbers (a cell, a coordinate)."""
        value = self.raw(key, default)
        return check_pair(value, self.where(key))

    def optional_pair(self, key: str) -> tuple[_Int, _Int] | None:
        value = self.raw(key, None)
        return None if value is None else check_pair(value, self.where(key))

    def sub(self, key: str, default: Any = _MISSING) -> Reader:
        """The object at ``key``, read in turn."""
        return Reader(self.raw(key, default), self.where(key))

    def items(self, key: str, default: Any = _MISSING, most: _Int = 10_000) -> _List[Reader]:
        """A list of objects, each read in turn."""
        values = self.list(key, default, most)
        return [Reader(v, f"{self.where(key)}[{i}]") for i, v in enumerate(values)]

    def rng(self, key: str = "rng") -> Rng:
        """A state's random stream: a seed, how far it has run and any scripted values
        (whole numbers or face names, as tests script them)."""
        raw = self.sub(key)
        seed = raw.int("seed", low=0, high=2**64 - 1)
        counter = raw.int("counter", 0, low=0, high=2**62)
        scripted = raw.list("scripted", [], most=1_000)
        for index, value in enumerate(scripted):
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise PositionError(
                    _("{where}: {value} is not a value").format(
                        where=f"{raw.where('scripted')}[{index}]", value=_show(value)
                    )
                )
        return Rng(seed, counter, list(scripted))

    def mapping(self, key: str, default: Any = _MISSING) -> dict[str, Any]:
        value = self.raw(key, default)
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            raise self.fail(key, _("{value} is not an object").format(value=_show(value)))
        return dict(value)


def check_int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(
            _("{where}: {value} is not a whole number").format(where=where, value=_show(value))
        )
    if low is not None and value < low:
        raise PositionError(
            _("{where}: {value} is below {low}").format(where=where, value=value, low=low)
        )
    if high is not None and value > high:
        raise PositionError(
            _("{where}: {value} is above {high}").format(where=where, value=value, high=high)
        )
    return value


def check_pair(value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise PositionError(
            _("{where}: {value} is not a pair of whole numbers").format(
                where=where, value=_show(value)
            )
        )
    return check_int(value[0], where), check_int(value[1], where)
