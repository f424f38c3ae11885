"""Rule sets by id. Games are imported lazily so the CLI and menu start fast."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from riotsim.core.contract import Ruleset

# id -> "module:attribute" holding the Ruleset instance
_RULESETS: dict[str, str] = {
    "riotquest": "riotsim.games.riotquest:RULESET",
    "riot": "riotsim.games.riot:RULESET",
    "riot-pm": "riotsim.games.riot:RULESET_PM",
    "quodd": "riotsim.games.quodd:RULESET",
}


class UnknownRuleset(KeyError):
    pass


def ids() -> list[str]:
    return list(_RULESETS)


@cache
def get(ruleset_id: str) -> Ruleset[Any]:
    try:
        target = _RULESETS[ruleset_id]
    except KeyError:
        raise UnknownRuleset(
            f"unknown game {ruleset_id!r}; known: {', '.join(_RULESETS)}"
        ) from None
    module_name, _, attr = target.partition(":")
    module = importlib.import_module(module_name)
    found: Ruleset[Any] = getattr(module, attr)
    return found


def playable() -> list[str]:
    """Ids whose rules are installed and complete enough to offer in the menu."""
    out = []
    for ruleset_id in _RULESETS:
        try:
            ruleset = get(ruleset_id)
        except (ImportError, AttributeError):
            continue
        if getattr(ruleset, "playable", True):
            out.append(ruleset_id)
    return out


def register(ruleset_id: str, target: str) -> None:
    """Add a rule set (tests use this for toy games)."""
    _RULESETS[ruleset_id] = target
    get.cache_clear()
