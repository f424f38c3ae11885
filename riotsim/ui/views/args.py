"""An action's argument read as the type its rule set always gives it.

``action["card"]`` is any argument value (``int | str | tuple[int, ...]``); a view that knows
the argument is an id or a number reads it through these, so the type checker knows too and
an action of the wrong shape fails here, by name, instead of somewhere in the drawing.
"""

from __future__ import annotations

from riotsim.core.contract import Action


def text_arg(action: Action, key: str) -> str:
    """``action[key]``, an id or a name."""
    value = action[key]
    if not isinstance(value, str):
        raise TypeError(f"{action}: {key} is {value!r}, not text")
    return value


def int_arg(action: Action, key: str) -> int:
    """``action[key]``, a number or a seat."""
    value = action[key]
    if not isinstance(value, int):
        raise TypeError(f"{action}: {key} is {value!r}, not a number")
    return value
