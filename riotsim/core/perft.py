"""Perft: the leaves of the legal-action tree below a position, counted to a depth.

As chess engines count move paths (python-chess's ``perft``), the counts of a position at
depths 1..N are a fingerprint of the rules there: a rule that silently starts offering one
action more, or one less, changes them. ``tests/perft/<game>.yaml`` freezes counts for
positions of every game (``tests/perft/test_perft_data.py`` checks them, ``riotsim perft``
prints them).

A leaf is a node at the depth asked for, or an earlier one where no action is legal (the game
ended). Chance needs no special case: the random stream is part of the state, so each listed
action, applied to a copy, leads to one state, and the counts are deterministic.

A data file (YAML, or JSON with the same keys)::

    game: toy
    positions:
      - name: toy-s1-2p-ply3        # unique in the file
        made: {seed: 1, players: 2, plies: 3}   # optional: where it came from
        position: {...}             # the rule set's to_position form
        counts: [4, 17, 66]         # leaves at depths 1, 2, 3
        quick: 2                    # optional: depths an ordinary test run checks
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riotsim.core.contract import Action, GameSetup, IllegalAction, Ruleset
from riotsim.core.rng import Rng


class PerftError(Exception):
    """A data file that cannot be read, or a listed action that does not apply."""


# -- counting -------------------------------------------------------------------------------------


def counts(ruleset: Ruleset[Any], state: Any, depth: int) -> list[int]:
    """The leaf counts at depths 1..``depth`` in one walk of the tree (``state`` is left
    alone). A node where nothing is legal is a leaf at every depth below it."""
    if depth < 1:
        raise ValueError(f"perft depth {depth}: must be at least 1")
    nodes = [0] * (depth + 1)  # nodes[d]: nodes at level d
    ends = [0] * (depth + 1)  # ends[d]: nodes at level d with nothing legal
    path: list[Action] = []

    def walk(node: Any, level: int) -> None:
        nodes[level] += 1
        if level == depth:
            return
        actions = ruleset.legal_actions(node)
        if not actions:
            ends[level] += 1
            return
        for action in actions:
            path.append(action)
            walk(_child(ruleset, node, action, path), level + 1)
            path.pop()

    walk(state, 0)
    out = []
    ended = 0
    for level in range(1, depth + 1):
        ended += ends[level - 1]
        out.append(nodes[level] + ended)
    return out


def perft(ruleset: Ruleset[Any], state: Any, depth: int) -> int:
    """The leaves at ``depth`` (1 at depth 0)."""
    return 1 if depth == 0 else counts(ruleset, state, depth)[-1]


def divide(ruleset: Ruleset[Any], state: Any, depth: int) -> list[tuple[Action, int]]:
    """Each legal first action with the leaves below it at ``depth`` (they sum to perft)."""
    if depth < 1:
        raise ValueError(f"perft depth {depth}: must be at least 1")
    out = []
    for action in ruleset.legal_actions(state):
        child = _child(ruleset, state, action, [action])
        out.append((action, 1 if depth == 1 else perft(ruleset, child, depth - 1)))
    return out


def _child(ruleset: Ruleset[Any], node: Any, action: Action, path: Sequence[Action]) -> Any:
    child = ruleset.copy(node)
    try:
        ruleset.apply(child, action)
    except IllegalAction as err:
        line = " / ".join(str(a) for a in path)
        raise PerftError(f"a legal action was refused after {line}: {err.reason}") from None
    return child


# -- data files -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One position of a data file with its expected counts (empty: none expected)."""

    name: str
    position: Mapping[str, Any]
    counts: tuple[int, ...] = ()
    quick: int | None = None
    made: Mapping[str, Any] = field(default_factory=dict)

    @property
    def quick_depth(self) -> int:
        """How deep an ordinary test run checks (every count under the slow marker)."""
        return len(self.counts) if self.quick is None else min(self.quick, len(self.counts))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.made:
            out["made"] = dict(self.made)
        out["position"] = dict(self.position)
        out["counts"] = list(self.counts)
        if self.quick is not None:
            out["quick"] = self.quick
        return out


@dataclass(frozen=True, slots=True)
class DataFile:
    game: str
    entries: tuple[Entry, ...]
    path: Path | None = None


def _read(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise PerftError(f"{path}: cannot read ({err})") from None
    if path.suffix == ".json":
        try:
            return json.loads(text)
        except ValueError as err:
            raise PerftError(f"{path}: not valid JSON ({err})") from None
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as err:
        raise PerftError(f"{path}: not valid YAML ({err})") from None


def _entry(raw: Any, where: str) -> Entry:
    if not isinstance(raw, Mapping):
        raise PerftError(f"{where}: each position is an object with name, position and counts")
    name = raw.get("name")
    position = raw.get("position")
    expected = raw.get("counts", [])
    quick = raw.get("quick")
    if not isinstance(name, str) or not name:
        raise PerftError(f"{where}.name: a position needs a name")
    if not isinstance(position, Mapping):
        raise PerftError(f"{where}.position: {name} has no position object")
    if not isinstance(expected, list) or not all(type(n) is int and n >= 0 for n in expected):
        raise PerftError(f"{where}.counts: a list of counts for depths 1, 2, ...")
    if quick is not None and (type(quick) is not int or quick < 0):
        raise PerftError(f"{where}.quick: {quick!r} is not a depth")
    made = raw.get("made", {})
    return Entry(name, position, tuple(expected), quick, made if isinstance(made, Mapping) else {})


def load_file(path: str | Path) -> DataFile:
    """A data file's entries. A file holding just a position (a bug report, say) gives one
    entry named after the file, with no counts expected."""
    path = Path(path)
    raw = _read(path)
    if not isinstance(raw, Mapping):
        raise PerftError(f"{path}: a perft file is an object with game and positions")
    game = raw.get("game", "")
    if "positions" not in raw:
        return DataFile(str(game), (Entry(path.stem, raw),), path)
    items = raw["positions"]
    if not isinstance(game, str) or not game:
        raise PerftError(f"{path}: 'game' names the rule set id")
    if not isinstance(items, list):
        raise PerftError(f"{path}: 'positions' is a list")
    entries = tuple(_entry(item, f"positions[{i}]") for i, item in enumerate(items))
    names = [e.name for e in entries]
    doubled = sorted({n for n in names if names.count(n) > 1})
    if doubled:
        raise PerftError(f"{path}: names used twice: {', '.join(doubled)}")
    return DataFile(game, entries, path)


def write_file(path: str | Path, game: str, entries: Sequence[Entry], comment: str = "") -> None:
    """Write a data file (YAML: lists of scalars on one line, keys in their order)."""
    import yaml

    data = {"game": game, "positions": [e.to_json() for e in entries]}
    header = "".join(f"# {line}\n" if line else "#\n" for line in comment.splitlines())
    body = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)
    Path(path).write_text(header + body, encoding="utf-8")


def load_state(ruleset: Ruleset[Any], entry: Entry) -> Any:
    """The state of an entry, through the door every outside position takes."""
    # a JSON round trip first: YAML may hand back shapes to_position never makes
    return ruleset.load_position(json.loads(json.dumps(entry.position)))


# -- making entries -------------------------------------------------------------------------------


def playout(ruleset: Ruleset[Any], setup: GameSetup, plies: int, seed: int) -> Any:
    """The state after ``plies`` uniformly random actions (chosen by ``Rng(seed)``) from a
    new game, or None if it ended before."""
    chooser = Rng(seed)
    state = ruleset.new_state(setup)
    for _ in range(plies):
        legal = ruleset.legal_actions(state)
        if not legal:
            return None
        ruleset.apply(state, legal[chooser.below(len(legal))])
    return state if ruleset.legal_actions(state) else None


def make_entry(
    ruleset: Ruleset[Any],
    name: str,
    state: Any,
    *,
    quick_leaves: int,
    slow_leaves: int,
    max_depth: int = 8,
    made: Mapping[str, Any] | None = None,
) -> Entry:
    """An entry with the counts this code gives: as deep as stays within ``slow_leaves``
    leaves (at least depth 1), the quick depth within ``quick_leaves``."""
    found: list[int] = counts(ruleset, state, 1)
    for depth in range(2, max_depth + 1):
        deeper = counts(ruleset, state, depth)
        if deeper[-1] > slow_leaves:
            break
        found = deeper
    quick = max([1] + [d for d, n in enumerate(found, start=1) if n <= quick_leaves])
    position = json.loads(json.dumps(ruleset.to_position(state)))
    return Entry(name, position, tuple(found), quick if quick < len(found) else None, made or {})
