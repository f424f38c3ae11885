"""Render one scene to a PNG without a window: ``riotsim screenshot`` calls :func:`render`.

Scenes: ``menu``, ``setup``, ``settings``, ``game`` (after ``actions`` moves by the random bot),
``summary`` (a game played to its end by random bots) and ``reference`` (the game's rules
reference over it). A game may be one of its rule set's scenarios (``scenario``), and
``hold`` seconds pictures the last action's animations part way instead of finished.
``lab`` is the Map Lab on the map file ``map`` after pressing ``keys`` (overlay keys); a
``game`` takes ``keys`` too, pressed on the table once it is set (``h``: Quodd's Hint, waited
for). Every scene is drawn at a UI scale, ``ui_scale`` (Auto by default, as the setting).
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

from riotsim.i18n import _

SCENES = ("menu", "setup", "settings", "game", "summary", "reference", "lab")
SUMMARY_ACTION_CAP = 20_000


def _headless() -> None:
    if "SDL_VIDEODRIVER" in os.environ:
        return
    has_display = (
        os.name == "nt"
        or sys.platform == "darwin"
        or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    )
    if not has_display:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def render(
    scene: str,
    out: Path,
    game: str | None = None,
    seed: int = 1,
    actions: int = 0,
    size: tuple[int, int] = (1280, 800),
    scenario: str | None = None,
    hold: float | None = None,
    players: int | None = None,
    map: str | None = None,
    keys: str = "",
    ui_scale: float | str = "auto",
) -> None:
    """Build ``scene`` at ``size`` and UI scale ``ui_scale`` ("auto" or a size, as the
    setting) and save it as a PNG at ``out`` (a game of ``players`` players, the game's fewest
    when not given).

    Raises ValueError for an unknown scene or game (the CLI prints the message).
    """
    if scene not in SCENES:
        raise ValueError(
            _("unknown scene {scene!r}; choose one of {scenes}").format(
                scene=scene, scenes=", ".join(SCENES)
            )
        )
    _headless()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from riotsim.ui.app import App
    from riotsim.ui.settings import Settings

    settings = Settings(width=size[0], height=size[1], ui_scale=ui_scale, sound=False).clamp()
    app = App(size=size, settings=settings, headless=True)
    try:
        app.open_menu()
        catalog = getattr(app.stack.top, "catalog", None)
        if catalog is not None:
            catalog.wait()  # a picture of the menu shows its games, not "Looking..."
        if scene == "lab":
            _build_lab(app, map, keys)
        elif scene == "setup":
            app.stack.push("setup", _game_id(game) if game else None)
        elif scene == "settings":
            app.stack.push("settings")
        elif scene in ("game", "summary", "reference"):
            _build_game(
                app, _game_id(game), seed, actions, scene == "summary", scenario, hold, players
            )
            _press_game_keys(app, keys)
            if scene == "reference":
                from riotsim.ui.scenes.game import GameScene

                top = app.stack.top
                if isinstance(top, GameScene):
                    top.open_reference()
        app.tick(0.0)
        if hold is not None:  # part way through the last action's animations
            for _frame in range(round(hold * 30)):
                app.tick(1 / 30)
        # let animations finish, then draw the final frame
        for _frame in range(0 if hold is not None else 600):
            top = app.stack.top
            view = getattr(top, "view", None)
            if view is None or not view.animating():
                break
            app.tick(1 / 30)
        if hold is None:
            app.cues.shown.clear()  # the settled screen: the sounds' brief cues are over too
        app.tick(0.0)
        out = Path(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
    finally:
        for s in list(app.stack.scenes):
            s.leave()
        pygame.quit()


def _build_lab(app, map_path: str | None, keys: str) -> None:
    from riotsim.ui.scenes.lab import MapLabScene

    if map_path is None:
        raise ValueError(_("the lab scene needs --map FILE.tmx"))
    lab = MapLabScene(app, Path(map_path))
    app.stack.push(lab)
    lab.wait()
    for key in keys:
        lab.key(key)


def _press_game_keys(app, keys: str) -> None:
    """Press ``keys`` on the game screen, then wait for a hint they asked for."""
    from riotsim.ui.scenes.game import GameScene

    top = app.stack.top
    if not keys or not isinstance(top, GameScene):
        return
    app.tick(0.0)
    for key in keys:
        top.key(key)
    top.wait_for_hint(30.0)


def _game_id(game: str | None) -> str:
    from riotsim.core import registry

    playable = registry.playable()
    if game is None:
        if not playable:
            raise ValueError(_("no playable game is installed"))
        return playable[0]
    if game not in registry.ids():
        raise ValueError(
            _("unknown game {game!r}; known: {known}").format(
                game=game, known=", ".join(registry.ids())
            )
        )
    return game


def _build_game(
    app,
    game_id: str,
    seed: int,
    actions: int,
    to_end: bool,
    scenario: str | None = None,
    hold: float | None = None,
    players: int | None = None,
) -> None:
    from riotsim.ai import get_bot
    from riotsim.core import registry
    from riotsim.core.match import Match
    from riotsim.ui.scenes.game import GameScene
    from riotsim.ui.scenes.setup import default_setup

    ruleset = registry.get(game_id)
    if players is not None and not ruleset.min_players <= players <= ruleset.max_players:
        raise ValueError(
            _("{game} is for {low}-{high} players, not {players}").format(
                game=game_id, low=ruleset.min_players, high=ruleset.max_players, players=players
            )
        )
    setup = default_setup(ruleset, seed=seed, players=players)
    if scenario is not None:
        if scenario not in ruleset.scenarios():
            known = ", ".join(ruleset.scenarios()) or _("none")
            raise ValueError(
                _("{game} has no scenario {scenario!r}; known: {known}").format(
                    game=game_id, scenario=scenario, known=known
                )
            )

        setup = dataclasses.replace(setup, scenario=scenario)
    match = Match(ruleset, setup, game_id=game_id)
    scene = GameScene(app, match)
    app.stack.push(scene)
    bot = get_bot("random", seed)
    limit = SUMMARY_ACTION_CAP if to_end else actions
    played = 0
    while played < limit and not match.outcome().finished:
        seat = match.to_move()
        legal = match.legal_actions()
        if seat is None or not legal:
            break
        action = bot.choose(ruleset, ruleset.view(match.state, seat), legal, 0.2)
        if not to_end and scene.view is not None:
            scene.view.fast_forward()  # the previous action's animations, finished
        scene.apply(action)
        played += 1
    if scene.view is not None and hold is None:  # (made when the scene was pushed)
        scene.view.fast_forward()
    if scene.covered:
        scene.reveal()
    if to_end and match.outcome().finished:
        scene.update(0.0)  # pushes the summary
