"""The ways into a game screen: a new match, a save (or the autosave) and a replay.

They open scenes by name (``"game"``, ``"replay"``), so the menu and the load screen use
them without importing the game host; a file that cannot be opened becomes a message.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from riotsim.core.contract import Action, GameSetup
from riotsim.i18n import _

if TYPE_CHECKING:
    from riotsim.core.match import Match
    from riotsim.ui.app import App
    from riotsim.ui.scene import Scene


def start_match(
    app: App, match: Match, labels: dict[int, str] | None = None, lesson: Any = None
) -> Scene:
    """Show ``match`` on a fresh stack: the menu underneath, the game on top (with the hint
    card of ``lesson``, a guided first game, when one is given)."""
    app.open_menu()
    return app.stack.push("game", match, labels, lesson)


def start_lesson(app: App, lesson: Any) -> Scene:
    """A guided first game: the lesson's setup, its intro as a message, its hints on top."""
    from riotsim.core import registry
    from riotsim.core.match import Match

    match = Match(registry.get(lesson.game), lesson.setup(), game_id=lesson.game)
    scene = start_match(app, match, lesson=lesson)
    you = match.setup.players[0].name
    intro = _(lesson.spec.intro) if lesson.spec.intro else ""
    you_play = _("You play {name}.").format(name=you)
    app.message(_(lesson.title), " ".join(filter(None, [intro, you_play])))
    return scene


def open_save(app: App, path: Path) -> Scene | None:
    """Load a save (or the autosave) and show it; a broken save becomes a message."""
    from riotsim.core.match import Match
    from riotsim.core.saves import (
        SaveError,
        claim_autosave,
        is_autosave,
        new_autosave_path,
        read_header,
    )
    from riotsim.ui.views.base import describe_action  # (not before: the menu imports this)

    labels: dict[int, str] = {}

    def remember(index: int, match: Match, action: Action) -> None:
        labels[index] = describe_action(match.ruleset, match.state, action)

    try:
        # an autosave goes on in its own slot; a loaded manual save gets a slot of its own
        game = str(read_header(Path(path)).get("game", "game"))
        slot = claim_autosave(path, game) if is_autosave(path) else new_autosave_path(game)
        match = Match.load(Path(path), autosave_path=slot, on_action=remember)
    except SaveError as exc:
        app.message(_("Cannot load this game"), str(exc), kind="error")
        return None
    except Exception as exc:  # noqa: BLE001 - e.g. a rule set that fails while replaying
        app.message(_("Cannot load this game"), f"{path}: {exc}", kind="error")
        return None
    return start_match(app, match, labels)


def open_replay(app: App, path: Path) -> Scene | None:
    """Show a save as a replay; any problem with the file becomes a message."""
    from riotsim.core import registry
    from riotsim.core.saves import SaveError, read_raw

    try:
        raw = read_raw(Path(path))
        ruleset = registry.get(raw["game"])
        setup = GameSetup.from_json(raw["setup"])
        actions = [ruleset.parse_action(text) for text in raw["actions"]]
        scene = app.make_scene("replay", ruleset, setup, actions, raw["game"], raw.get("start"))
    except SaveError as exc:
        app.message(_("Cannot show this replay"), str(exc), kind="error")
        return None
    except Exception as exc:  # noqa: BLE001 - unknown game, malformed setup or action text
        app.message(_("Cannot show this replay"), f"{path}: {exc}", kind="error")

        return None
    app.stack.push(scene)
    return scene
