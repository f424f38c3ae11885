"""Game views by rule set id; any rule set without its own view gets :class:`GenericView`.

A game declares its view as it declares its rule set: an entry point in the group
``riotsim.views`` named by the rule set id, ``"module:ClassName"`` (riotsim's own in its
pyproject.toml; see :mod:`riotsim.core.registry`); tests add one with :func:`register_view`.
Views are imported lazily, when a game starts, so a missing or broken view never stops the
app: the generic one is used.
"""

from __future__ import annotations

import importlib
import logging

from riotsim.core import registry
from riotsim.ui.views.base import GameView
from riotsim.ui.views.generic import GenericView

log = logging.getLogger("riotsim.ui")

# rule set id -> "module:ClassName" added with register_view (before the declared ones)
VIEWS: dict[str, str] = {}


def view_target(ruleset_id: str) -> str | None:
    """The ``"module:ClassName"`` of a rule set's view: registered, else declared, else None."""
    return VIEWS.get(ruleset_id) or registry.declared(registry.VIEWS_GROUP).get(ruleset_id)


def view_class(ruleset_id: str) -> type[GameView]:
    """The view class for a rule set, or GenericView when it has none (or it cannot load)."""
    try:
        target = view_target(ruleset_id)
    except Exception:  # noqa: BLE001 - unreadable declarations must not stop the game
        log.exception("the view declarations could not be read")
        target = None
    if target is None:
        return GenericView
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        log.info("no view for %s (%s); using the generic view", ruleset_id, exc)
        return GenericView
    except Exception:  # noqa: BLE001 - a broken view module must not stop the game
        log.exception("the view module for %s failed to import", ruleset_id)
        return GenericView
    return _find_view(module, ruleset_id, attr)


def _find_view(module, ruleset_id: str, attr: str) -> type[GameView]:
    """The class the target names, else the module's ``VIEW``, else its only GameView subclass."""
    by_id = getattr(module, "VIEWS", None)
    candidates = [
        getattr(module, attr, None),
        by_id.get(ruleset_id) if isinstance(by_id, dict) else None,
        getattr(module, "VIEW", None),
    ]
    for cls in candidates:
        if isinstance(cls, type) and issubclass(cls, GameView):
            return cls
    own = [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type) and issubclass(obj, GameView) and obj.__module__ == module.__name__
    ]
    if len(own) == 1:
        return own[0]
    log.info("no view class found for %s in %s", ruleset_id, module.__name__)
    return GenericView


def register_view(ruleset_id: str, target: str) -> None:
    """Give a rule set the view ``"module:ClassName"`` (tests use this for toy games)."""
    VIEWS[ruleset_id] = target


__all__ = ["GameView", "GenericView", "VIEWS", "register_view", "view_class", "view_target"]
