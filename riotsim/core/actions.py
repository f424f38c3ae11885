"""Action kinds: each game declares once which actions exist and what their arguments are.

An :class:`~riotsim.core.contract.Action` keeps its text form (``run hero=dez to=(3,4)``), so
saves and logs stay readable; the declaration says which kinds a game has and the type of each
argument, so an action read from outside (a save, ``--actions``, a test) that names an unknown
kind, misses an argument or carries one of the wrong type is refused when it is parsed, with a
message naming the argument, before the rules see it. The conformance suite checks that every
legal action a game offers matches its declaration, so the declaration cannot drift.

>>> KINDS = ActionKinds(
...     ActionKind("run", hero=WORD, to=CELL),
...     ActionKind("pass"),
...     ActionKind("attack", hero=WORD, dice=optional(NUMBER)),
... )
>>> KINDS.parse("run hero=dez to=(3,4)").cell("to")
(3, 4)
>>> KINDS.problem(Action.parse("run hero=dez"))
'run: missing argument to (a cell)'
>>> KINDS.problem(Action.parse("run hero=3 to=(3,4)"))
'run: hero=3 is not a name'
>>> KINDS.problem(Action.parse("fly hero=dez"))
"unknown action 'fly'"
>>> KINDS.problem(Action.parse("attack hero=dez")) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from riotsim.core.contract import Action, Value


@dataclass(frozen=True, slots=True)
class ArgType:
    """The type of one action argument: its name for messages and its test."""

    name: str
    accepts: Callable[[Value], bool]
    optional: bool = False

    def __repr__(self) -> str:
        return self.name + (" (optional)" if self.optional else "")


def _cell(value: Value) -> bool:
    return isinstance(value, tuple) and len(value) == 2


NUMBER = ArgType("a number", lambda v: isinstance(v, int))
WORD = ArgType("a name", lambda v: isinstance(v, str))
CELL = ArgType("a cell", _cell)
NUMBERS = ArgType("a list of numbers", lambda v: isinstance(v, tuple))
CELL_OR_WORD = ArgType("a cell or a name", lambda v: isinstance(v, str) or _cell(v))


def optional(arg: ArgType) -> ArgType:
    """The same type, for an argument an action of its kind may leave out."""
    return ArgType(arg.name, arg.accepts, True)


class ActionKind:
    """One kind of action and its arguments by name (``ActionKind("run", hero=WORD)``)."""

    __slots__ = ("args", "kind", "required")

    def __init__(self, kind: str, **args: ArgType) -> None:
        self.kind = kind
        self.args = args
        self.required = frozenset(k for k, a in args.items() if not a.optional)

    def problem(self, action: Action) -> str | None:
        """What is wrong with ``action`` (of this kind), or None."""
        seen = set()
        for key, value in action.args:
            arg = self.args.get(key)
            if arg is None:
                known = ", ".join(self.args) or "none"
                return f"{self.kind}: no argument {key!r} (arguments: {known})"
            if key in seen:
                return f"{self.kind}: argument {key} given twice"
            seen.add(key)
            if not arg.accepts(value):
                return f"{self.kind}: {key}={_text(value)} is not {arg.name}"
        for key in self.args:
            if key in self.required and key not in seen:
                return f"{self.kind}: missing argument {key} ({self.args[key].name})"
        return None

    def __repr__(self) -> str:
        return f"ActionKind({self.kind!r}, {self.args!r})"


def _text(value: Value) -> str:
    return str(Action("x", (("v", value),))).removeprefix("x v=")


class MalformedAction(ValueError):
    """An action text the game has no such action for (unknown kind, bad argument)."""


class ActionKinds:
    """Every action kind a game has, by kind."""

    __slots__ = ("_kinds",)

    def __init__(self, *kinds: ActionKind) -> None:
        self._kinds: dict[str, ActionKind] = {}
        for kind in kinds:
            if kind.kind in self._kinds:
                raise ValueError(f"action kind {kind.kind!r} is declared twice")
            self._kinds[kind.kind] = kind

    def __iter__(self) -> Iterator[ActionKind]:
        return iter(self._kinds.values())

    def __contains__(self, kind: object) -> bool:
        return kind in self._kinds

    def kinds(self) -> Iterable[str]:
        return self._kinds.keys()

    def problem(self, action: Action) -> str | None:
        """What is wrong with ``action`` for this game, or None if it is well formed."""
        kind = self._kinds.get(action.kind)
        if kind is None:
            return f"unknown action {action.kind!r}"
        return kind.problem(action)

    def parse(self, text: str) -> Action:
        """The action ``text`` prints as; raises :class:`MalformedAction` naming the problem."""
        try:
            action = Action.parse(text)
        except ValueError as err:
            raise MalformedAction(f"{text!r}: {err}") from None
        problem = self.problem(action)
        if problem is not None:
            raise MalformedAction(f"{text!r}: {problem}")
        return action
