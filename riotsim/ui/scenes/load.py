"""Load a saved game: a list of saves (game, players, date); the autosave first."""

from __future__ import annotations

import datetime as _dt

import pygame

from riotsim.core import registry
from riotsim.ui.scenes.common import WidgetScene, heading
from riotsim.ui.widgets import Button, ListView
from riotsim.ui.widgets.listview import Row


def _game_name(game_id: str) -> str:
    try:
        return registry.get(game_id).name or game_id
    except Exception:  # noqa: BLE001 - an unknown game still lists; loading will explain
        return game_id


def _when(iso: str) -> str:
    try:
        stamp = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso or "unknown date"
    if stamp.tzinfo is not None:
        stamp = stamp.astimezone()
    return stamp.strftime("%d %b %Y, %H:%M")


def save_rows() -> list[Row]:
    from riotsim.core.saves import latest_autosave, list_saves, read_raw

    rows: list[Row] = []
    auto = latest_autosave()
    if auto is not None:
        try:
            raw = read_raw(auto)
            players = ", ".join(p.get("name", "?") for p in raw["setup"]["players"])
            n = len(raw.get("actions", []))
            detail = (
                f"{_game_name(raw['game'])}  |  {players}  |  {_when(raw.get('saved_at', ''))}"
                f"  |  {n} action{'' if n == 1 else 's'}"
            )
        except Exception:  # noqa: BLE001 - listed anyway: loading says what is wrong
            detail = "could not read this file"
        rows.append(Row("Autosave (latest game)", detail, auto))
    for info in list_saves():
        detail = (
            f"{_game_name(info.game)}  |  {', '.join(info.players)}  |  {_when(info.date)}"
            f"  |  {info.actions} action{'' if info.actions == 1 else 's'}"
        )
        rows.append(Row(info.name, detail, info.path))
    return rows


class LoadScene(WidgetScene):
    def build(self) -> None:
        self.list = ListView(
            save_rows(),
            on_activate=self._open,
            empty_text="No saved games yet. Save from the pause menu in a game.",
        )
        self.load_button = Button(
            "Load", self.load_selected, primary=True, enabled=bool(self.list.rows)
        )
        self.watch_button = Button(
            "Watch replay", self.watch_selected, enabled=bool(self.list.rows)
        )
        self.back_button = Button("Back", self.back)
        self.widgets = [self.list, self.load_button, self.watch_button, self.back_button]

    def enter(self) -> None:
        super().enter()
        self.focus.focus(self.list)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        x = theme.px(48)
        top = theme.px(130)
        bh = theme.px(50)
        self.list.rect = pygame.Rect(x, top, w - 2 * x, h - top - bh - theme.px(64))
        self.back_button.rect = pygame.Rect(x, h - theme.px(32) - bh, theme.px(160), bh)
        self.load_button.rect = pygame.Rect(
            w - x - theme.px(200), h - theme.px(32) - bh, theme.px(200), bh
        )
        self.watch_button.rect = pygame.Rect(
            self.load_button.rect.left - theme.px(212), h - theme.px(32) - bh, theme.px(200), bh
        )

    def _open(self, row: Row) -> None:
        from riotsim.ui.scenes.game import open_save

        open_save(self.app, row.value)

    def watch_selected(self) -> None:
        from riotsim.ui.scenes.replay import open_replay

        if self.list.current is not None:
            open_replay(self.app, self.list.current.value)

    def load_selected(self) -> None:
        if self.list.current is not None:
            self._open(self.list.current)

    def draw_content(self, surface: pygame.Surface) -> None:
        n = len(self.list.rows)
        count = f"{n} saved game" + ("" if n == 1 else "s")
        hint = "  |  Enter loads the selected game" if n else ""
        heading(surface, self.theme, "Load a game", count + hint)
