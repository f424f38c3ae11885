"""Helpers for the UI tests: start a toy game, step frames, find buttons."""

from __future__ import annotations

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.core.saves import new_autosave_path
from riotsim.ui.scenes.game import GameScene, start_match


def toy_setup(bots: tuple[str | None, ...] = (None, None), seed: int = 5, **options) -> GameSetup:
    names = ("Rosa", "Dez", "Kim", "Noor")
    players = tuple(
        PlayerSpec(names[i], ("orange", "sky", "green", "yellow")[i], bot)
        for i, bot in enumerate(bots)
    )
    return GameSetup(players, seed, dict(options), "short_track")


def start_toy(app, game: str = "uitoy", bots=(None, None), seed: int = 5, **options) -> GameScene:
    from riotsim.core import registry

    match = Match(
        registry.get(game),
        toy_setup(bots, seed, **options),
        autosave_path=new_autosave_path(game),
        game_id=game,
    )
    return start_match(app, match)


def frames(app, n: int = 1, dt: float = 1 / 30) -> None:
    for _ in range(n):
        app.tick(dt)


def button(scene, label: str):
    for b in getattr(scene, "buttons", []) + getattr(scene, "widgets", []):
        if getattr(b, "label", None) == label:
            return b
    raise AssertionError(f"no button {label!r} on {type(scene).__name__}")
