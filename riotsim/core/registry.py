"""Rule sets by id, from what each game declares; nothing imported until it is asked for.

A game declares itself with entry points (the packaging standard for plug-ins): in the group
``riotsim.games`` a name, the rule set id, and a value, ``"module:ATTRIBUTE"`` holding the
:class:`~riotsim.core.contract.Ruleset`; its view likewise in ``riotsim.views`` (read by
``riotsim.ui.views``). riotsim's own games are declared in its ``pyproject.toml``; a game in
another distribution declares them in its own, and appears once that is installed - this
module holds no list of games.

Reading the declarations costs an import of :mod:`importlib.metadata`, so it happens on the
first question (``ids``, ``get``...), never at import: the menu asks on a worker thread after
its first frame. Where riotsim runs from a source checkout (an editable install, a worktree),
its own games are read from that checkout's ``pyproject.toml``, so a game added there is found
without reinstalling; elsewhere (a wheel) from the installed metadata. Tests add toy games
with :func:`register`.
"""

from __future__ import annotations

import importlib
import logging
import threading
from functools import cache
from pathlib import Path
from typing import Any

from riotsim.core.contract import Ruleset
from riotsim.i18n import _

GAMES_GROUP = "riotsim.games"
VIEWS_GROUP = "riotsim.views"
_DIST = "riotsim"
# The menu's order of riotsim's own games where it cannot be read from pyproject.toml: a
# built wheel's metadata lists entry points sorted by name. Any other id follows, by name.
_WHEEL_ORDER = ("riotquest", "riot", "riot-pm", "quodd")

log = logging.getLogger("riotsim.registry")

# id -> "module:attribute" holding the Ruleset instance. Filled from the declarations on first
# use; tests may add to it (or swap in a table of their own, which is then left as it is).
_RULESETS: dict[str, str] = {}
_OWN_TABLE = _RULESETS
_from_declarations: dict[str, str] = {}
_read = False
_lock = threading.RLock()


class UnknownRuleset(KeyError):
    pass


# -- declarations ---------------------------------------------------------------------------------


def _checkout_pyproject() -> Path | None:
    """The pyproject.toml beside the imported riotsim package, in a source checkout."""
    import riotsim

    candidate = Path(riotsim.__file__).resolve().parent.parent / "pyproject.toml"
    return candidate if candidate.is_file() else None


def _checkout_entry_points() -> dict[str, dict[str, str]] | None:
    """riotsim's own entry-point tables from its checkout's pyproject.toml, or None."""
    path = _checkout_pyproject()
    if path is None:
        return None
    import tomllib

    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        log.warning("cannot read %s (%s); using the installed metadata", path, err)
        return None
    if project.get("name") != _DIST:
        return None
    tables = project.get("entry-points", {})
    return {
        group: {str(k): str(v) for k, v in table.items()}
        for group, table in tables.items()
        if isinstance(table, dict)
    }


def _normalised(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _installed(group: str) -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """riotsim's own declarations in ``group`` from the installed metadata, and every other
    distribution's as (distribution, name, value)."""
    from importlib.metadata import entry_points

    own: dict[str, str] = {}
    others: list[tuple[str, str, str]] = []
    for ep in entry_points(group=group):
        dist = _normalised(ep.dist.name) if ep.dist is not None else ""
        if dist == _DIST:
            own.setdefault(ep.name, ep.value)
        else:
            others.append((dist, ep.name, ep.value))
    return own, others


@cache
def declared(group: str) -> dict[str, str]:
    """Every ``name -> "module:attribute"`` declared in an entry-point ``group``, without
    importing any of them: riotsim's own first, in their declared order, then other
    distributions' (by distribution name). A name already taken is refused with a warning,
    so a plug-in never replaces a built-in game."""
    own, others = _installed(group)
    checkout = _checkout_entry_points()
    if checkout is not None:
        own = checkout.get(group, {})
    else:
        rank = {name: i for i, name in enumerate(_WHEEL_ORDER)}
        own = dict(sorted(own.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0])))
    out = dict(own)
    for dist, name, value in sorted(others, key=lambda item: item[0]):
        if name in out:
            log.warning("%s: %s %r is taken (by %s); ignored", dist, group, name, out[name])
            continue
        out[name] = value
    return out


def _table() -> dict[str, str]:
    """The id table, read from the declarations the first time it is needed. Ids registered
    before that stay (after the declared ones, or in place of a declared one)."""
    global _read
    if not _read and _RULESETS is _OWN_TABLE:
        with _lock:
            if not _read:
                found = declared(GAMES_GROUP)
                registered = dict(_OWN_TABLE)
                _OWN_TABLE.clear()
                _OWN_TABLE.update(found)
                _OWN_TABLE.update(registered)
                _from_declarations.update(found)
                _read = True
    return _RULESETS


def refresh() -> None:
    """Forget the declarations read so far; they are read again on the next question (after
    a distribution was installed or removed at run time, and in tests). Ids added with
    :func:`register` stay."""
    global _read
    with _lock:
        for ruleset_id, declared_target in _from_declarations.items():
            if _OWN_TABLE.get(ruleset_id) == declared_target:
                del _OWN_TABLE[ruleset_id]
        _from_declarations.clear()
        _read = False
        declared.cache_clear()
        get.cache_clear()


# -- questions ------------------------------------------------------------------------------------


def ids() -> list[str]:
    return list(_table())


def target(ruleset_id: str) -> str:
    """The ``"module:attribute"`` an id names (raises :class:`UnknownRuleset`)."""
    table = _table()
    try:
        return table[ruleset_id]
    except KeyError:
        raise UnknownRuleset(
            _("unknown game {ruleset_id!r}; known: {known}").format(
                ruleset_id=ruleset_id, known=", ".join(table)
            )
        ) from None


@cache
def get(ruleset_id: str) -> Ruleset[Any]:
    module_name, _sep, attr = target(ruleset_id).partition(":")
    module = importlib.import_module(module_name)
    found: Ruleset[Any] = getattr(module, attr)
    return found


def playable() -> list[str]:
    """Ids whose rules are installed and complete enough to offer in the menu."""
    out = []
    for ruleset_id in list(_table()):
        try:
            ruleset = get(ruleset_id)
        except (ImportError, AttributeError):
            continue
        if getattr(ruleset, "playable", True):
            out.append(ruleset_id)
    return out


def register(ruleset_id: str, target: str) -> None:
    """Add a rule set by ``"module:attribute"`` (tests use this for toy games)."""
    _table()[ruleset_id] = target
    get.cache_clear()
