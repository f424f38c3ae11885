"""The rules contract every game implements (see docs/DESIGN.md, "The rules contract").

* :class:`Action` - a small, frozen, hashable move with a stable text form.
* :class:`Event` - something that happened while applying an action (dice rolled, moved...).
* :class:`Decision` - a frame on a state's pending-decision stack.
* :class:`MenuEntry` - one entry of the action menu: an action, or a greyed one with why.
* :class:`Outcome` - finished or not, winners, scores, reason.
* :class:`Ruleset` - the protocol: ``new_state``, ``legal_actions``, ``apply``, ``to_move``,
  ``view``, ``outcome``, positions in and out, ``copy`` and ``state_hash``.
* :class:`ViewRng` and :func:`seal_view` - the core's guarantee that no view carries the live
  random stream: every ``Ruleset.view`` (the base one and each override) is wrapped so that
  each :class:`~riotsim.core.rng.Rng` on the returned state is replaced by a ``ViewRng``.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from riotsim.core.problems import Problem
from riotsim.core.rng import Rng
from riotsim.i18n import N_, _

if TYPE_CHECKING:
    from riotsim.core.actions import ActionKinds

Value = int | str | tuple[int, ...]

_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_.:/#+\-]*$")
_INT = re.compile(r"^-?\d+$")


class IllegalAction(Exception):
    """An action the rules do not allow now. The message says why, in words for a player;
    ``rule`` may name the section of the game's rules reference that says so ("Movement"),
    where the game opens its reference from the refusal."""

    def __init__(self, reason: str, action: Action | None = None, rule: str = ""):
        self.reason = reason
        self.action = action
        self.rule = rule
        super().__init__(reason if action is None else f"{action}: {reason}")


_KNOWN_WORDS: set[str] = set()


def _check_value(key: str, value: Any) -> Value:
    # Fast paths first: rules cores build many actions in hot loops.
    kind = type(value)
    if kind is int:
        return value  # type: ignore[no-any-return]  # checked by type() above
    if kind is str:
        if value in _KNOWN_WORDS:
            return value  # type: ignore[no-any-return]
        if not _WORD.match(value):
            raise ValueError(
                _("action argument {key}={value!r}: words only (no spaces, =, commas)").format(
                    key=key, value=value
                )
            )
        if len(_KNOWN_WORDS) < 65536:
            _KNOWN_WORDS.add(value)
        return value  # type: ignore[no-any-return]
    if kind is bool:
        raise ValueError(_("action argument {key}: use 0/1, not a bool").format(key=key))
    if isinstance(value, (tuple, list)):
        items = tuple(value)
        if not all(type(v) is int for v in items):
            raise ValueError(_("action argument {key}: tuples hold ints only").format(key=key))
        return items
    if isinstance(value, int):
        return int(value)
    raise ValueError(
        _("action argument {key}: unsupported type {name}").format(
            key=key, name=type(value).__name__
        )
    )


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars, tuples), much faster than deepcopy."""
    kind = type(value)
    if kind is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if kind is list:
        return [copy_json(v) for v in value]
    if kind is tuple:
        return tuple(copy_json(v) for v in value)
    return value


def _value_text(value: Value) -> str:
    if isinstance(value, tuple):
        if len(value) == 1:
            return f"({value[0]},)"
        return "(" + ",".join(str(v) for v in value) + ")"
    return str(value)


def _parse_value(text: str) -> Value:
    if text.startswith("(") and text.endswith(")"):
        inner = text[1:-1].strip().rstrip(",")
        return tuple(int(p) for p in inner.split(",")) if inner else ()
    if _INT.match(text):
        return int(text)
    return text


@dataclass(frozen=True, slots=True)
class Action:
    """A move. ``Action.make("run", hero="dez", to=(3, 4))`` prints as ``run hero=dez to=(3,4)``.

    Arguments keep the order they were given in, so the text form is stable.
    """

    kind: str
    args: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def make(cls, kind: str, **kwargs: Any) -> Action:
        if not _WORD.match(kind):
            raise ValueError(_("action kind {kind!r} must be one word").format(kind=kind))
        return cls(kind, tuple((k, _check_value(k, v)) for k, v in kwargs.items()))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Value:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    # Typed reads of one argument. An action a game declared (``riotsim.core.actions``) and
    # parsed never fails them; a forged one is refused as illegal, never with a TypeError.
    def number(self, key: str) -> int:
        """``self[key]``, a number (a seat, a unit id, a count).

        >>> Action.make("next", seat=2).number("seat")
        2
        """
        value = self.get(key)
        if type(value) is not int:
            raise self._malformed(key, value, "a number")
        return value

    def word(self, key: str) -> str:
        """``self[key]``, a name (a hero, a card, a side)."""
        value = self.get(key)
        if type(value) is not str:
            raise self._malformed(key, value, "a name")
        return value

    def cell(self, key: str) -> tuple[int, int]:
        """``self[key]``, a cell ``(x, y)`` or a hex ``(col, row)``.

        >>> Action.parse("run to=(3,4)").cell("to")
        (3, 4)
        """
        value = self.get(key)
        if type(value) is not tuple or len(value) != 2:
            raise self._malformed(key, value, "a cell")
        return value

    def numbers(self, key: str) -> tuple[int, ...]:
        """``self[key]``, a list of numbers (``units=(3,5,8)``)."""
        value = self.get(key)
        if type(value) is not tuple:
            raise self._malformed(key, value, "a list of numbers")
        return value

    def _malformed(self, key: str, value: Any, wanted: str) -> IllegalAction:
        if value is None:
            return IllegalAction(
                _("malformed action: it needs {key} ({wanted})").format(key=key, wanted=wanted),
                self,
            )
        return IllegalAction(
            _("malformed action: {key}={value!r} is not {wanted}").format(
                key=key, value=value, wanted=wanted
            ),
            self,
        )

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(f"{k}={_value_text(v)}" for k, v in self.args)

    @classmethod
    def parse(cls, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise ValueError(_("empty action text"))
        args: list[tuple[str, Value]] = []
        for part in parts[1:]:
            key, sep, raw = part.partition("=")
            if not sep or not key:
                raise ValueError(_("action argument {part!r} is not key=value").format(part=part))
            args.append((key, _parse_value(raw)))
        return cls(parts[0], tuple(args))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``data`` is JSON-serialisable; the UI animates from it.

    ``reveals`` marks events that show information nobody had before (a die roll, a card draw):
    undo never goes back past one of those. ``private_to`` names the one seat allowed to see
    ``data`` (a card drawn into a hidden hand); logs and views show others only the kind.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    seat: int | None = None
    reveals: bool = False
    private_to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: nobody in particular, e.g. a hand-off screen) sees the data."""
        return self.private_to is None or self.private_to == seat

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.reveals:
            out["reveals"] = True
        if self.private_to is not None:
            out["private_to"] = self.private_to
        return out

    def __str__(self) -> str:
        body = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{self.kind}({body})"


@dataclass(slots=True)
class Decision:
    """A pending sub-choice inside an action: who decides, what about, with what context."""

    kind: str
    seat: int
    data: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Decision:
        # Deep: rules may edit lists inside ``data`` in place, and a copy must never share them.
        return Decision(self.kind, self.seat, copy_json(self.data))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": copy_json(self.data)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Decision:
        return cls(str(raw["kind"]), int(raw["seat"]), copy_json(dict(raw.get("data", {}))))


@dataclass(frozen=True, slots=True)
class MenuEntry:
    """One entry of a game's action menu: what a player may do now, or could do but may not.

    ``action`` is the move (None for an entry shown greyed, with ``reason`` saying why, in the
    rules' words); ``cost`` what it spends ("1 Action Die"); ``group`` the heading it goes under
    ("Dez", "Hand"). The rules build the menu (:meth:`Ruleset.action_menu`); views only draw it.

    >>> MenuEntry("Run", None, reason="already ran this activation").available
    False
    """

    label: str
    action: Action | None
    reason: str = ""
    cost: str = ""
    group: str = ""

    @property
    def available(self) -> bool:
        return self.action is not None


@dataclass(frozen=True, slots=True)
class Outcome:
    finished: bool
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    reason: str = ""
    rounds: int = 0
    # per-seat statistics for the summary screen, e.g. {"knock-outs": [2, 1], "loot": [7, 4]}
    stats: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "winner": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "rounds": self.rounds,
            "stats": {k: list(v) for k, v in self.stats.items()},
        }


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    name: str
    colour: str = ""
    bot: str | None = None  # None for a human seat, else a bot id ("random", "greedy", "mcts")


@dataclass(frozen=True, slots=True)
class GameSetup:
    players: tuple[PlayerSpec, ...]
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    map: str | None = None
    scenario: str | None = None

    @property
    def seats(self) -> int:
        return len(self.players)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [{"name": p.name, "colour": p.colour, "bot": p.bot} for p in self.players],
            "seed": self.seed,
            "options": dict(self.options),
            "map": self.map,
            "scenario": self.scenario,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> GameSetup:
        return cls(
            players=tuple(
                PlayerSpec(str(p["name"]), str(p.get("colour", "")), p.get("bot"))
                for p in raw["players"]
            ),
            seed=int(raw.get("seed", 0)),
            options=dict(raw.get("options", {})),
            map=raw.get("map"),
            scenario=raw.get("scenario"),
        )


class PositionError(ValueError):
    """A position (a save's start, a bug report, a test) the rule set will not play from.
    The message names the field: ``heroes[2].pos: [99, 3] is off the board``."""


class SetupError(ValueError):
    """A game setup the rule set refuses (bad options); the message names every problem."""


def _kind(value: Any) -> str:
    kinds: dict[type, str] = {dict: N_("an object"), list: N_("a list"), str: N_("a text")}
    kind = kinds.get(type(value))
    if kind is not None:
        return _(kind)
    return "null" if value is None else type(value).__name__


def check_setup(ruleset: Ruleset[Any], setup: GameSetup) -> None:
    """Refuse a setup whose options the rule set does not accept (raises SetupError)."""
    if not isinstance(setup.options, Mapping):
        raise SetupError(
            _("{id}: the options must be a mapping of names to values").format(id=ruleset.id)
        )
    problems = ruleset.option_problems(setup.options)
    if problems:
        raise SetupError("; ".join(problems))


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One setup option a rule set offers (shown on the setup screen, accepted by the CLI)."""

    key: str
    label: str
    kind: str  # "choice", "int" or "bool"
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    # what players read for some choices, (choice, N_()-marked English) pairs such as
    # ("party", "Adventuring Party"); a choice without one is shown by its id
    names: tuple[tuple[Any, str], ...] = ()

    def problem(self, value: Any) -> str | None:
        """What is wrong with ``value`` for this option, or None if the rule set accepts it.

        >>> spec = OptionSpec("vp_goal", "VP to win", "int", 7, minimum=7, maximum=20)
        >>> spec.problem(10) is None
        True
        >>> spec.problem(True)
        'option vp_goal: True is not a whole number'
        >>> spec.problem(7.5)
        'option vp_goal: 7.5 is not a whole number'
        >>> spec.problem(99)
        'option vp_goal: 99 is outside 7..20'
        """
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return _("option {key}: {value!r} is not a whole number").format(
                    key=self.key, value=value
                )
            low = self.minimum if self.minimum is not None else "..."
            high = self.maximum if self.maximum is not None else "..."
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                return _("option {key}: {value} is outside {low}..{high}").format(
                    key=self.key, value=value, low=low, high=high
                )
            return None
        if self.kind == "bool":
            if not isinstance(value, bool):
                return _("option {key}: {value!r} is not true or false").format(
                    key=self.key, value=value
                )
            return None
        # a choice: compared by type too, so 1 never passes for "1" nor True for 1
        if not any(type(value) is type(c) and value == c for c in self.choices):
            choices = ", ".join(repr(c) for c in self.choices)
            return _("option {key}: {value!r} is not one of {choices}").format(
                key=self.key, value=value, choices=choices
            )
        return None


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def digest(obj: Any) -> str:
    return hashlib.sha256(canonical_json(obj).encode()).hexdigest()[:32]


S = TypeVar("S")

# The one seed every view's stand-in stream starts from: a constant unrelated to any game's
# seed or to how far its stream has run (a large odd number, so no everyday seed such as 0 or
# 42 makes the real stream equal to it).
VIEW_SEED = 0x6A09E667F3BCC909


class ViewRng(Rng):
    """The random stream a view carries instead of the game's.

    It draws like any :class:`Rng` (a screen or bot may try an action on a view), but from
    :data:`VIEW_SEED` with no scripted values, so drawing from it never predicts the real dice
    or deals. Copies stay ``ViewRng``; a view's position reloads as a plain ``Rng`` of that seed.
    """

    __slots__ = ()

    def __init__(self, counter: int = 0) -> None:
        super().__init__(VIEW_SEED, counter, [])

    def copy(self) -> ViewRng:
        return ViewRng(self.counter)


@functools.cache
def _dataclass_fields(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def _fields(state: Any) -> tuple[str, ...]:
    if dataclasses.is_dataclass(state) and not isinstance(state, type):
        return _dataclass_fields(type(state))
    return tuple(getattr(state, "__dict__", ()))


def seal_view(state: S) -> S:
    """Replace every random stream held directly by ``state`` (a view) with a fresh
    :class:`ViewRng`, in place, and return it. Fields already sealed are left alone."""
    for name in _fields(state):
        value = getattr(state, name, None)
        if isinstance(value, Rng) and not isinstance(value, ViewRng):
            setattr(state, name, ViewRng())
    return state


def _sealing(view: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(view)
    def sealed_view(self: Ruleset[Any], state: Any, seat: int) -> Any:
        out = view(self, state, seat)
        if out is state:  # a view is a state of its own: sealing must not touch the game
            out = self.copy(state)
        return seal_view(out)

    sealed_view.seals_rng = True  # type: ignore[attr-defined]
    return sealed_view


class Ruleset(ABC, Generic[S]):
    """Base class for a rule set. Subclasses implement every abstract method.

    The state type ``S`` is plain data with a fast ``copy()``; the Ruleset holds no per-game
    state, so one instance serves every match.

    The contract every rule set keeps (``tests/test_conformance.py`` checks each registered
    one): ``copy`` shares nothing the rules edit; ``view`` hides other seats' secrets; positions
    and action texts round-trip; the same seed and actions give the same hash; every legal
    action applies and every other one raises :class:`IllegalAction` without changing the
    state; a seat to move has a legal action; games end. One part is enforced here rather than
    trusted: a subclass's ``view`` is wrapped (``__init_subclass__``) so that the state it
    returns never carries the live random stream (see :func:`seal_view`).
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("view")
        if own is not None and not getattr(own, "seals_rng", False):
            cls.view = _sealing(own)  # type: ignore[method-assign]

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    hidden_information: ClassVar[bool] = False
    # Solo games may allow undo across revealed information.
    unlimited_undo: ClassVar[bool] = False
    # False while a rule set is incomplete: the menu and setup screen do not offer it.
    playable: ClassVar[bool] = True
    # Every action kind the game has and its arguments' types (see riotsim.core.actions):
    # action texts from outside are checked against it, and so is every legal action.
    action_kinds: ClassVar[ActionKinds | None] = None

    # -- setup ---------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        return []

    def option_problems(self, options: Mapping[str, Any]) -> list[str]:
        """What is wrong with a setup's options: each checked against its :class:`OptionSpec`
        (type, range, choices); a key no spec declares goes to :meth:`extra_option_problem`.
        ``Match`` and ``play_game`` refuse a setup with problems, whether it comes from the
        setup screen, a save or ``simulate --option``."""
        specs = {spec.key: spec for spec in self.options()}
        problems = []
        for key, value in options.items():
            spec = specs.get(key)
            problem = (
                spec.problem(value) if spec is not None else self.extra_option_problem(key, value)
            )
            if problem is not None:
                problems.append(problem)
        return problems

    def extra_option_problem(self, key: str, value: Any) -> str | None:
        """A game may carry options of its own that no setup screen shows (a campaign's heroes,
        say): it checks them here. By default every undeclared key is refused."""
        known = ", ".join(spec.key for spec in self.options()) or _("none")
        return _("{id} has no option {key!r} (options: {known})").format(
            id=self.id, key=key, known=known
        )

    def maps(self) -> list[str]:
        """Map ids a player may choose (empty when the game has one fixed board)."""
        return []

    def scenarios(self) -> list[str]:
        return []

    @abstractmethod
    def new_state(self, setup: GameSetup) -> S: ...

    def seat_roles(self, setup: GameSetup) -> list[str]:
        """Each seat's side or faction as players read it ("Police", "Autonomen"), or "" where
        every seat plays the same kind of side. Shown on setup, hand-off and summary screens."""
        return [""] * setup.seats

    def choice_name(self, choice: str) -> str:
        """A map or scenario id as players read it ("thunderhead" -> "Thunderhead")."""
        text = choice.rsplit("/", 1)[-1].removesuffix(".tmx")
        return text.replace("_", " ").replace("-", " ").strip().capitalize() or choice

    def preview(self, choice: str | None) -> Any | None:
        """A board (``riotsim.core.tiled.Board``) picturing a map or scenario for the setup
        screen, or None. By default the map ``maps/<id>/<choice>.tmx`` when it exists."""
        if not choice:
            return None
        from riotsim.core.tiled import load_board
        from riotsim.paths import maps_dir

        path = maps_dir() / self.id / f"{choice}.tmx"
        return load_board(path) if path.is_file() else None

    # -- playing -------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]: ...

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[Event]: ...

    @abstractmethod
    def to_move(self, state: S) -> int | None: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome: ...

    def scores(self, state: S) -> tuple[int, ...]:
        """``outcome(state).scores``, which the balance report reads after every action; a
        game whose outcome is dear to build may answer this directly."""
        return tuple(self.outcome(state).scores)

    def parse_action(self, text: str) -> Action:
        """The action ``text`` prints as, refused (``MalformedAction``, a ValueError naming the
        argument) when this game has no such action or an argument has the wrong type."""
        if self.action_kinds is None:
            return Action.parse(text)
        return self.action_kinds.parse(text)

    def describe(self, state: S, action: Action) -> str:
        """A player-facing label for an action (buttons, log)."""
        return str(action)

    def reason_text(self, reason: str) -> str:
        """An outcome's ``reason`` in the language spoken. States, events and saves keep the
        English (it is data); a game whose reasons carry values overrides this."""
        from riotsim.i18n import _

        return _(reason) if reason else reason

    def refusal(self, state: S, action: Action) -> str | None:
        """Why ``action`` may not be played now, in words for a player, or None if it may.

        Views ask before a click lands where no legal action is ("that hex is out of reach"),
        so every refusal is explained by the rules. By default the action is tried on a copy:
        the reason is the one ``apply`` gives."""
        try:
            self.apply(self.copy(state), action)
        except IllegalAction as err:
            return err.reason
        return None

    def action_menu(self, state: S) -> list[MenuEntry]:
        """Every action the seat to move may take, and the ones it may not with why: the
        action bar. By default one available entry per legal action; a game adds the greyed
        ones ("Run: already ran this activation") and costs."""
        return [MenuEntry(self.describe(state, a), a) for a in self.legal_actions(state)]

    def follow_up(self, state: S, setup: GameSetup) -> GameSetup | None:
        """The next game of a campaign or tutorial chain after this finished one, if any.

        The summary screen offers it as "Continue the campaign"; what carries over (upgrades,
        results) goes in the returned setup's options.
        """
        return None

    def undo_unlimited(self, state: S) -> bool:
        """Whether undo may step back over revealed information in this game (solo play)."""
        return self.unlimited_undo

    # -- information ---------------------------------------------------------------------
    def view(self, state: S, seat: int) -> S:
        """What ``seat`` may see: a copy, with other seats' secrets masked. Games with hidden
        information must override. Whatever a game returns, its random streams are then
        replaced by :class:`ViewRng` (see :func:`seal_view`)."""
        return self.copy(state)

    def determinize(self, view: S, seat: int, seed: int) -> S:
        """A full state consistent with ``view`` (hidden cards dealt at random)."""
        return self.copy(view)

    # -- data ----------------------------------------------------------------------------
    def copy(self, state: S) -> S:
        return state.copy()  # type: ignore[attr-defined,no-any-return]

    @abstractmethod
    def to_position(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def from_position(self, position: Mapping[str, Any]) -> S: ...

    def load_position(self, position: Any, seats: int = 0) -> S:
        """A state from a position that came from outside (a save, a file): the door every
        untrusted position goes through. Raises :class:`PositionError`, naming the field
        where the game's ``from_position`` can, and never anything else. A position the game
        builds but cannot play from (its legal actions, view or outcome fail) is refused
        too, so a loaded game only ever raises :class:`IllegalAction` at the rules; ``seats``
        (the setup's) is how many seats' views are tried."""
        if not isinstance(position, Mapping):
            raise PositionError(
                _("a {id} position must be an object, not {kind}").format(
                    id=self.id, kind=_kind(position)
                )
            )
        try:
            state = self.from_position(position)
        except PositionError:
            raise
        except (
            KeyError,
            IndexError,
            TypeError,
            ValueError,
            AttributeError,
            ArithmeticError,
        ) as err:
            raise PositionError(
                _("the {id} position cannot be read ({name}: {err})").format(
                    id=self.id, name=type(err).__name__, err=err
                )
            ) from None
        except RecursionError:
            raise PositionError(
                _("the {id} position is nested too deep").format(id=self.id)
            ) from None
        for name in _fields(state):
            stream = getattr(state, name, None)
            if isinstance(stream, Rng) and stream.scripted:
                # scripted faces are for tests; from outside they could be any value at all
                raise PositionError(
                    _("{name}.scripted: a position from outside may not script dice").format(
                        name=name
                    )
                )
        self._probe_position(state, seats)
        return state

    def _probe_position(self, state: S, seats: int) -> None:
        """Ask the rules what a game from ``state`` offers: a position that makes them fail
        is refused here, not half-way through a game."""
        try:
            seat = self.to_move(state)
            legal = self.legal_actions(state)
            self.outcome(state)
            for viewer in range(seats):
                self.view(state, viewer)
        except PositionError:
            raise
        except Exception as err:  # noqa: BLE001 - any failure means the position is unusable
            raise PositionError(
                _("the rules cannot play from this {id} position ({name}: {err})").format(
                    id=self.id, name=type(err).__name__, err=err
                )
            ) from None
        if seat is not None and not legal:
            raise PositionError(
                _("in this {id} position seat {seat} must move but cannot").format(
                    id=self.id, seat=seat
                )
            )

    def state_hash(self, state: S) -> str:
        return digest(self.to_position(state))

    # -- content -------------------------------------------------------------------------
    def check_content(self) -> list[Problem]:
        """Validate this game's shipped YAML content (``riotsim check-data``)."""
        return []

    def check_board(self, board: Any, path: str) -> list[Problem]:
        """Game-specific checks of a loaded Tiled map whose ``game`` property names this game."""
        return []

    # -- bots ----------------------------------------------------------------------------
    def evaluate(self, state: S, seat: int) -> float:
        """Heuristic value of ``state`` for ``seat`` (greedy bot); higher is better."""
        outcome = self.outcome(state)
        if outcome.finished:
            return 1.0 if seat in outcome.winners else -1.0
        return 0.0

    def quick_values(self, state: S, seat: int, actions: Sequence[Action]) -> dict[int, float]:
        """``evaluate`` of the state some of ``actions`` (legal in ``state``) lead to, found
        without playing each one, by position in ``actions``; the others are left out (the
        default leaves out all). A game offers this for actions whose whole effect it knows
        (a Riot Quest run that only moves its hero), so a one-ply bot need not copy and play
        every one of many alike. Each value must equal, bit for bit, ``evaluate(s, seat)``
        of ``s = copy(state)`` after ``apply(s, action)``, and such an action must reveal no
        chance or hidden card (``tests/test_conformance.py`` checks both for every game)."""
        return {}

    # How each difficulty level plays this game, where the defaults in riotsim.ai.levels do
    # not suit it: level name -> (bot name, that bot's options). Measured, not guessed: see
    # benchmarks/bench_strength.py.
    bot_levels: ClassVar[Mapping[str, tuple[str, Mapping[str, Any]]]] = {}

    def rollout_action(self, state: S, legal: list[Action], rng: Rng) -> Action:
        """The action a fast playout takes here (the search bots' rollouts): uniformly random
        unless the game knows a cheap better guess. It must draw only from ``rng``."""
        return legal[rng.below(len(legal))]

    def turn_key(self, state: S) -> Any:
        """What names the current turn of the seat to move, for bots that plan a whole turn:
        consecutive decisions of one seat with an equal key are one turn. None (the default)
        makes every decision a turn of its own."""
        return None

    def transposition_key(self, state: S) -> Hashable | None:
        """A hashable name of everything in ``state`` that matters to the seat planning its
        turn, so the planner keeps one of the ways to reach the same position (cards played
        in either order, a step there and back). None (the default): never merged."""
        return None

    def plan_cost(self, events: list[Event], seat: int) -> float:
        """What the events of one decision cost ``seat`` beyond what the state after them
        shows, for the turn planner (a Quodd hero that fell is back on a respawn point that
        may look as good as where it stood: the lost turn is the cost). Default 0."""
        return 0.0


Ruleset.view = _sealing(Ruleset.view)  # type: ignore[method-assign]
