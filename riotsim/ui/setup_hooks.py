"""Extra controls a rule set adds to the New game screen (``SetupScene.build`` asks here).

Quodd Heroes gets a "Scenario and modes..." button that opens its own screen (the scenario
chooser and the seats of its modes: ``quodd_setup``), and its mode options are fitted to
the seats and scenario whenever the form is rebuilt or its scenario changes.
"""

from __future__ import annotations

from typing import Any

from riotsim.i18n import _
from riotsim.ui import quodd_modes
from riotsim.ui.widgets import Button


def setup_widgets(scene: Any) -> list[Any]:
    """The widgets to show under the scenario choice of ``scene`` (a SetupScene)."""
    if scene.game_id == "quodd" and scene.ruleset is not None:
        return _quodd(scene)
    return []


def _quodd(scene: Any) -> list[Any]:
    spec = quodd_modes.scenario_spec(scene.scenario_choice)
    scene.options = quodd_modes.fit_options(scene.options, spec, len(scene.players))
    widget = getattr(scene, "scenario_widget", None)
    if widget is not None and widget.on_change is not None:
        chosen = widget.on_change

        def refit(value: Any) -> None:
            chosen(value)
            fitted = quodd_modes.scenario_spec(value)
            scene.options = quodd_modes.fit_options(scene.options, fitted, len(scene.players))

        widget.on_change = refit

    def open_modes() -> None:
        scene.app.push("quodd_setup", scene)

    return [Button(_("Scenario and modes..."), open_modes, hint=_quodd_hint(scene.options, spec))]


def _quodd_hint(options: dict[str, Any], spec: Any) -> str:
    """The button's second line: the scenario's type and what differs from the defaults."""
    parts = [quodd_modes.group_name(spec.mode)] if spec is not None else []
    sides = options.get("sides") or []
    if "b" in sides:
        parts.append(_("B-side x{n}").format(n=sides.count("b")))
    if options.get("world_events") is False:
        parts.append(_("no world events"))
    elif "world_cards" in options:
        parts.append(_("world deck of {n}").format(n=len(options["world_cards"])))

    return ", ".join(p for p in parts if p)
