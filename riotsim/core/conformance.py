"""Checks of the rules contract that hold for every game (``tests/test_conformance.py``).

One seeded random playout per :class:`Case` records a :class:`Trajectory`: the action log, the
state hash after every ply and copies of the states at sampled plies. Checks that must hold
at every ply (a seat to move has a legal action, action texts round-trip, the game ends within
a bound) run during the playout; the heavier checks run on the sampled states:

* :func:`check_round_trip` - positions survive JSON and rebuild the same state;
* :func:`check_independent` - applying actions to a ``copy``, a position round trip or a
  determinized view never changes the original, and the other way round;
* :func:`check_legal_actions_apply` - every legal action applies;
* :func:`check_menu` - the action menu offers exactly the legal actions, and greyed entries
  say why;
* :func:`check_refusals` - forged actions (unknown kinds, arguments missing or of the wrong
  type, values out of range) raise :class:`IllegalAction` with a reason and leave the hash;
* :func:`check_views` - a view is a separate state, carries no live random stream, hides
  what the game says is private (``leaks``) and is the same for every deal consistent with it;
* :func:`check_replay` - the same seed and action texts give the same hashes;
* :func:`check_declarations` - the game declares its action kinds; during the playout every
  legal action matches them and every event is one of the game's typed kinds
  (:mod:`riotsim.core.actions`, :mod:`riotsim.core.events`).

A failed check raises :class:`ContractViolation` naming the case and the ply, so a failure
can be replayed from its seed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from riotsim.core.contract import (
    Action,
    GameSetup,
    IllegalAction,
    OptionSpec,
    PlayerSpec,
    Ruleset,
    ViewRng,
)
from riotsim.core.events import event_problem
from riotsim.core.rng import Rng

# A game-specific test of a view: descriptions of what ``view`` (of ``state``, for ``seat``)
# shows that the seat may not see; empty when nothing leaks.
Leaks = Callable[[Any, Any, int], list[str]]

MAX_PLIES = 20_000  # a random playout still running after this many plies fails
FOLLOW_PLIES = 3  # random plies played on a copy (or the original) before comparing


class ContractViolation(AssertionError):
    """A rule set broke the contract; the message names the case, the ply and what broke."""


@dataclass(frozen=True, slots=True)
class Case:
    """One game to drive: a rule set id and the setup of a seeded random playout."""

    game: str
    setup: GameSetup

    @property
    def label(self) -> str:
        parts = [self.game, f"s{self.setup.seed}", f"{self.setup.seats}p"]
        parts += [p for p in (self.setup.map, self.setup.scenario) if p]
        parts += [str(v).replace(",", "+") for v in self.setup.options.values() if v != ""]
        return "-".join(parts)


def _setup(seats: int, seed: int, **kwargs: Any) -> GameSetup:
    return GameSetup(tuple(PlayerSpec(f"P{i + 1}") for i in range(seats)), seed, **kwargs)


def _choice_options(specs: Sequence[OptionSpec], index: int) -> dict[str, Any]:
    # each choice option takes a different value from case to case (int options keep their
    # default: they set lengths and limits the bound on game length is written for)
    return {
        spec.key: spec.choices[(index + n) % len(spec.choices)]
        for n, spec in enumerate(specs)
        if spec.kind == "choice" and spec.choices
    }


def cases(game: str, ruleset: Ruleset[Any], count: int, first_seed: int = 1) -> list[Case]:
    """``count`` cases (at least one per map and per scenario) that vary the seat count, the
    map, the scenario and each choice option; seat counts the game refuses for a scenario
    (``new_state`` raises ValueError) are skipped for the next one it accepts."""
    maps: list[str | None] = list(ruleset.maps()) or [None]
    scenarios: list[str | None] = list(ruleset.scenarios()) or [None]
    seat_counts = list(range(ruleset.min_players, ruleset.max_players + 1))
    out: list[Case] = []
    for index in range(max(count, len(maps), len(scenarios))):
        seed = first_seed + index
        options = _choice_options(ruleset.options(), index)
        common = {"map": maps[index % len(maps)], "scenario": scenarios[index % len(scenarios)]}
        for shift in range(len(seat_counts)):
            seats = seat_counts[(index + shift) % len(seat_counts)]
            setup = _setup(seats, seed, options=options, **common)
            try:
                ruleset.new_state(setup)
            except ValueError:
                continue
            out.append(Case(game, setup))
            break
        else:
            raise ContractViolation(f"{game}: no seat count starts {common} ({options})")
    return out


@dataclass(slots=True)
class Trajectory:
    """What a playout leaves for the checks: its log, hashes and sampled states."""

    case: Case
    log: list[Action] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)  # hashes[i]: after i plies
    samples: list[tuple[int, Any]] = field(default_factory=list)  # (ply, copy of the state)
    finished: bool = False


def _fail(case: Case, ply: int, message: str) -> ContractViolation:
    return ContractViolation(f"{case.label} ply {ply}: {message}")


def _texts(actions: Sequence[Action]) -> list[str]:
    return [str(a) for a in actions]


def play(
    ruleset: Ruleset[Any],
    case: Case,
    *,
    samples: int = 40,
    max_plies: int = MAX_PLIES,
    expected_plies: int = 600,
) -> Trajectory:
    """A seeded random playout of ``case`` to its end, checking at every ply that a seat to
    move has a legal action whose text parses back, that the game ends, and that the action
    played on a copy leaves the original alone, gives the same state, and that the original's
    next plies leave that copy alone. About ``samples`` states (spread over
    ``expected_plies``, then sparser) are kept for the other checks."""
    chooser = Rng(case.setup.seed * 7919 + 17)
    state = ruleset.new_state(case.setup)
    out = Trajectory(case)
    out.hashes.append(ruleset.state_hash(state))
    every = max(1, expected_plies // max(1, samples))
    watched: list[tuple[int, Any, str]] = []  # (ply, copy played to after it, its hash)
    ply = 0
    while True:
        seat = ruleset.to_move(state)
        legal = ruleset.legal_actions(state)
        if seat is None:
            if legal:
                raise _fail(case, ply, f"nobody is to move but {len(legal)} actions are legal")
            if not ruleset.outcome(state).finished:
                raise _fail(case, ply, "nobody is to move but the outcome is not finished")
            out.finished = True
            break
        if not legal:
            raise _fail(case, ply, f"seat {seat} must move but has no legal action")
        if ruleset.outcome(state).finished:
            raise _fail(case, ply, f"the outcome is finished but seat {seat} is to move")
        if ply >= max_plies:
            raise _fail(case, ply, f"the game did not end within {max_plies} random plies")
        kinds = ruleset.action_kinds
        for action in legal:
            if Action.parse(str(action)) != action:
                raise _fail(case, ply, f"action text {str(action)!r} does not parse back")
            problem = kinds.problem(action) if kinds is not None else None
            if problem is not None:
                raise _fail(case, ply, f"legal action {action} breaks its declaration: {problem}")
        if ply % every == 0 and (ply < expected_plies or ply % (every * 8) == 0):
            out.samples.append((ply, ruleset.copy(state)))
        action = legal[chooser.below(len(legal))]
        # the action goes to a copy first: the original must not change, and must then
        # reach the copy's state; the copy is watched while the original plays on
        twin = ruleset.copy(state)
        ruleset.apply(twin, action)
        if ruleset.state_hash(state) != out.hashes[-1]:
            raise _fail(case, ply, f"playing {action} on a copy changed the original")
        for event in ruleset.apply(state, action):
            problem = event_problem(event)
            if problem is not None:
                raise _fail(case, ply, f"after {action}: {problem}")
        out.log.append(action)
        out.hashes.append(ruleset.state_hash(state))
        if ruleset.state_hash(twin) != out.hashes[-1]:
            raise _fail(case, ply, f"{action} gives another state on a copy")
        watched.append((ply, twin, out.hashes[-1]))
        ply += 1
        for taken, copied, digest in watched[:-1]:
            if ruleset.state_hash(copied) != digest:
                raise _fail(
                    case, taken, f"playing on the original ({action}, ply {ply - 1}) changed a copy"
                )
        watched = watched[-FOLLOW_PLIES:]
    return out


def check_declarations(ruleset: Ruleset[Any]) -> list[str]:
    """What a rule set fails to declare (the checks during a playout hold it to them)."""
    problems = []
    if ruleset.action_kinds is None:
        problems.append(f"{ruleset.id} declares no action kinds (Ruleset.action_kinds)")
    return problems


# -- checks on one sampled state -----------------------------------------------------------


def _random_plies(ruleset: Ruleset[Any], state: Any, rng: Rng, plies: int = FOLLOW_PLIES) -> None:
    for _ in range(plies):
        if ruleset.to_move(state) is None:
            return
        legal = ruleset.legal_actions(state)
        if not legal:
            return
        ruleset.apply(state, legal[rng.below(len(legal))])


def check_round_trip(ruleset: Ruleset[Any], case: Case, ply: int, state: Any) -> None:
    """``to_position`` is JSON data that ``from_position`` rebuilds into the same state: same
    position, hash, seat to move and legal actions."""
    position = ruleset.to_position(state)
    text = json.dumps(position)  # key order kept, as in a save file
    again = ruleset.from_position(json.loads(text))
    if json.dumps(ruleset.to_position(again)) != text:
        raise _fail(case, ply, "from_position(to_position(state)) gives another position")
    if ruleset.state_hash(again) != ruleset.state_hash(state):
        raise _fail(case, ply, "a position round trip changes the state hash")
    if ruleset.to_move(again) != ruleset.to_move(state):
        raise _fail(case, ply, "a position round trip changes the seat to move")
    mine, theirs = _texts(ruleset.legal_actions(state)), _texts(ruleset.legal_actions(again))
    if theirs != mine:
        raise _fail(
            case, ply, f"a position round trip changes the legal actions: {mine} -> {theirs}"
        )


def _copiers(ruleset: Ruleset[Any], seed: int) -> Iterator[tuple[str, Callable[[Any], Any]]]:
    yield "copy", ruleset.copy
    yield "position round trip", lambda s: ruleset.from_position(ruleset.to_position(s))

    def determinized(state: Any) -> Any:
        seat = ruleset.to_move(state)
        return ruleset.determinize(ruleset.view(state, seat or 0), seat or 0, seed)

    yield "determinized view", determinized


def check_independent(ruleset: Ruleset[Any], case: Case, ply: int, state: Any, seed: int) -> None:
    """A copy (``copy``, a position round trip, a determinized view) shares nothing the rules
    edit: playing on it leaves the original's hash and legal actions as they were, and playing
    on the original leaves it as it was."""
    digest = ruleset.state_hash(state)
    legal = _texts(ruleset.legal_actions(state))
    for name, copier in _copiers(ruleset, seed):
        twin = copier(state)
        if twin is state:
            raise _fail(case, ply, f"{name} returned the state itself")
        _random_plies(ruleset, twin, Rng(seed))
        if ruleset.state_hash(state) != digest:
            raise _fail(case, ply, f"playing on a {name} changed the original")
        if _texts(ruleset.legal_actions(state)) != legal:
            raise _fail(case, ply, f"playing on a {name} changed the original's legal actions")
    original = ruleset.copy(state)
    for name, copier in _copiers(ruleset, seed):
        twin = copier(original)
        twin_digest = ruleset.state_hash(twin)
        _random_plies(ruleset, original, Rng(seed + 1))
        if ruleset.state_hash(twin) != twin_digest:
            raise _fail(case, ply, f"playing on the original changed a {name}")
        original = ruleset.copy(state)


def check_menu(ruleset: Ruleset[Any], case: Case, ply: int, state: Any) -> None:
    """The action menu offers exactly the legal actions (each once), a greyed entry says why,
    and ``refusal`` passes every legal action."""
    legal = ruleset.legal_actions(state)
    menu = ruleset.action_menu(state)
    offered = [entry.action for entry in menu if entry.action is not None]
    if sorted(map(str, offered)) != sorted(map(str, legal)):
        missing = {str(a) for a in legal} - {str(a) for a in offered}
        extra = {str(a) for a in offered} - {str(a) for a in legal}
        raise _fail(
            case, ply, f"the action menu is not the legal moves (missing {missing}, extra {extra})"
        )
    for entry in menu:
        if entry.action is None and not entry.reason:
            raise _fail(case, ply, f"the greyed menu entry {entry.label!r} says no reason")
        if not entry.label:
            raise _fail(case, ply, f"a menu entry for {entry.action} has no label")
    for action in legal[:8]:
        reason = ruleset.refusal(state, action)
        if reason is not None:
            raise _fail(case, ply, f"refusal() refuses the legal action {action}: {reason}")


def check_legal_actions_apply(
    ruleset: Ruleset[Any], case: Case, ply: int, state: Any, rng: Rng, most: int = 24
) -> None:
    """Every legal action (up to ``most`` of them, chosen at random) applies to a copy."""
    legal = ruleset.legal_actions(state)
    picked = list(legal)
    if len(picked) > most:
        rng.shuffle(picked)
        picked = picked[:most]
    for action in picked:
        try:
            ruleset.apply(ruleset.copy(state), action)
        except Exception as err:
            raise _fail(
                case, ply, f"legal action {action} fails: {type(err).__name__}: {err}"
            ) from err


def check_scores(ruleset: Ruleset[Any], case: Case, ply: int, state: Any) -> None:
    """``scores`` answers what ``outcome(state).scores`` says."""
    want = tuple(ruleset.outcome(state).scores)
    if ruleset.scores(state) != want:
        raise _fail(case, ply, f"scores() gives {ruleset.scores(state)}, the outcome {want}")


def check_quick_values(ruleset: Ruleset[Any], case: Case, ply: int, state: Any) -> int:
    """Each value ``quick_values`` gives for the seat to move is, bit for bit, ``evaluate``
    of the state playing that action gives, the action reveals nothing, and asking changes
    nothing; returns how many values were checked."""
    seat = ruleset.to_move(state)
    if seat is None:
        return 0
    legal = ruleset.legal_actions(state)
    before = ruleset.state_hash(state)
    quick = ruleset.quick_values(state, seat, legal)
    if ruleset.state_hash(state) != before:
        raise _fail(case, ply, "quick_values changed the state it was asked about")
    for index, value in quick.items():
        action = legal[index]
        child = ruleset.copy(state)
        events = ruleset.apply(child, action)
        if any(e.reveals for e in events):
            raise _fail(case, ply, f"quick_values gave a value for {action}, which reveals")
        played = ruleset.evaluate(child, seat)
        if not (isinstance(value, float) and value == played):
            raise _fail(case, ply, f"quick value {value!r} of {action}, played {played!r}")
    return len(quick)


_WRONG_TYPES: dict[type, tuple[Any, ...]] = {
    int: ("x", (0, 0)),
    str: (7, (1, 2)),
    tuple: (3, "x"),
}
_ODD_VALUES: dict[type, Any] = {int: -9999, str: "no_such_thing", tuple: (999, 999)}


def forgeries(action: Action) -> Iterator[tuple[str, Action]]:
    """Malformed variants of a legal ``action``: another kind, each argument missing, of each
    wrong type and given an unheard-of value (built directly, as a buggy caller would)."""
    yield "an unknown kind", Action("no_such_move", action.args)
    yield "an unknown kind", Action(action.kind + "_x", action.args)
    for index, (key, value) in enumerate(action.args):
        rest = action.args[:index] + action.args[index + 1 :]
        yield f"argument {key} missing", Action(action.kind, rest)
        kind = tuple if isinstance(value, tuple) else type(value)
        for wrong in _WRONG_TYPES.get(kind, ()):
            args = rest[:index] + ((key, wrong),) + rest[index:]
            yield f"argument {key} of type {type(wrong).__name__}", Action(action.kind, args)
        if kind in _ODD_VALUES:
            args = rest[:index] + ((key, _ODD_VALUES[kind]),) + rest[index:]
            yield f"argument {key} out of range", Action(action.kind, args)


def check_refusals(
    ruleset: Ruleset[Any], case: Case, ply: int, state: Any, rng: Rng, most: int = 4
) -> None:
    """Forged actions that are not legal raise IllegalAction with a reason, and the state they
    were tried on keeps its hash (``most`` legal actions, chosen at random, are forged)."""
    legal = ruleset.legal_actions(state)
    allowed = set(legal)
    picked = list(legal)
    rng.shuffle(picked)
    digest = ruleset.state_hash(state)
    for action in picked[:most]:
        for what, forged in forgeries(action):
            if forged in allowed:
                continue
            target = ruleset.copy(state)
            try:
                ruleset.apply(target, forged)
            except IllegalAction as err:
                if not isinstance(err.reason, str) or not err.reason.strip():
                    raise _fail(case, ply, f"{forged!r} ({what}) refused without a reason") from err
            except Exception as err:
                raise _fail(
                    case,
                    ply,
                    f"{forged!r} ({what}, forged from {action}) raises {type(err).__name__}: "
                    f"{err} instead of IllegalAction",
                ) from err
            else:
                raise _fail(case, ply, f"{forged!r} ({what}) is not legal but was applied")
            if ruleset.state_hash(target) != digest:
                raise _fail(case, ply, f"refusing {forged!r} ({what}) changed the state")


def _streams(state: Any) -> dict[str, Rng]:
    names = getattr(type(state), "__dataclass_fields__", None) or getattr(state, "__dict__", {})
    out = {}
    for name in names:
        value = getattr(state, name, None)
        if isinstance(value, Rng):
            out[name] = value
    return out


def _draws(stream: Rng, n: int = 6) -> list[int]:
    twin = stream.copy()
    twin.scripted = []
    return [twin.next_u64() for _ in range(n)]


def check_views(
    ruleset: Ruleset[Any], case: Case, ply: int, state: Any, seed: int, leaks: Leaks | None
) -> None:
    """For every seat: the view is a separate state; none of its random streams is the live
    one nor predicts it; ``leaks`` finds nothing private shown; building it leaves the game
    alone (playing on a determinized view is :func:`check_independent`'s); and, in games with
    hidden information, a determinized view looks the same (the view depends only on what the
    seat knows)."""
    digest = ruleset.state_hash(state)
    real = _streams(state)
    for seat in range(case.setup.seats):
        view = ruleset.view(state, seat)
        if view is state:
            raise _fail(case, ply, f"view for seat {seat} is the live state")
        for name, stream in _streams(view).items():
            if not isinstance(stream, ViewRng):
                raise _fail(case, ply, f"view for seat {seat} carries a live stream ({name})")
            if name in real and _draws(stream) == _draws(real[name]):
                raise _fail(case, ply, f"view for seat {seat}: {name} predicts the real draws")
        if leaks is not None:
            found = leaks(state, view, seat)
            if found:
                raise _fail(case, ply, f"view for seat {seat} shows {'; '.join(found)}")
        if ruleset.hidden_information:
            shown = json.dumps(ruleset.to_position(view), sort_keys=True)
            deal = ruleset.determinize(view, seat, seed + seat)
            again = json.dumps(ruleset.to_position(ruleset.view(deal, seat)), sort_keys=True)
            if again != shown:
                raise _fail(
                    case, ply, f"seat {seat}'s view of a determinized view differs from the view"
                )
        if ruleset.state_hash(state) != digest:
            raise _fail(case, ply, f"building seat {seat}'s view changed the game")


def check_replay(ruleset: Ruleset[Any], trajectory: Trajectory) -> None:
    """The same setup and the action texts give the same hash after every ply."""
    case = trajectory.case
    state = ruleset.new_state(case.setup)
    if ruleset.state_hash(state) != trajectory.hashes[0]:
        raise _fail(case, 0, "the same setup gives another initial state")
    for ply, action in enumerate(trajectory.log):
        ruleset.apply(state, Action.parse(str(action)))
        if ruleset.state_hash(state) != trajectory.hashes[ply + 1]:
            raise _fail(case, ply, f"replaying {action} gives another state")
