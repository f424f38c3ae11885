"""Load a saved game: a list of saves (game, players, date); the autosave first."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pygame

from riotsim.core import registry
from riotsim.core.saves import (
    SaveError,
    SaveInfo,
    delete_save,
    is_autosave,
    rename_save,
)
from riotsim.i18n import _, format_when, ngettext
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene, heading
from riotsim.ui.scenes.opening import open_replay, open_save
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
        return iso or _("unknown date")
    if stamp.tzinfo is not None:
        stamp = stamp.astimezone()
    return format_when(stamp)  # the language's own way to write a date


def _detail(info: SaveInfo) -> str:
    if info.problem is not None:
        # the file's own path leads the message: the row's title already names it
        reason = info.problem.removeprefix(f"{info.path}:").strip()
        return _("cannot be loaded: {reason}").format(reason=reason)
    if info.actions is None:
        moves = _("an older save")
    else:
        moves = ngettext("{n} action", "{n} actions", info.actions).format(n=info.actions)
    return (
        f"{_game_name(info.game)}  |  {', '.join(info.players)}  |  {_when(info.date)}  |  {moves}"
    )


def save_rows() -> list[Row]:
    """The autosaves of the games in progress (latest first), then the manual saves; files
    that cannot be read stay listed with the reason, so nothing silently disappears."""
    from riotsim.core.saves import list_autosaves, list_saves

    rows: list[Row] = []
    for i, info in enumerate(list_autosaves()):
        title = _("Autosave (latest game)") if i == 0 else _("Autosave")
        rows.append(Row(title, _detail(info), info))
    for info in list_saves():
        rows.append(Row(info.name, _detail(info), info))
    return rows


@register_scene("load")
class LoadScene(WidgetScene):
    """Pick a save to load or watch; Delete and Rename manage them (Del and F2 too)."""

    keep: Path | None = None  # the save to select when the list is built again

    def build(self) -> None:
        self.list = ListView(
            save_rows(),
            on_select=lambda row: self._sync_buttons(),
            on_activate=self._open,
            empty_text=_("No saved games yet. Save from the pause menu in a game."),
        )
        paths = [row.value.path for row in self.list.rows]
        if self.keep in paths:
            self.list.select(paths.index(self.keep))
        self.load_button = Button(_("Load"), self.load_selected, primary=True)
        self.watch_button = Button(_("Watch replay"), self.watch_selected)
        self.rename_button = Button(_("Rename"), self.rename_selected)
        self.delete_button = Button(_("Delete"), self.delete_selected)
        self.back_button = Button(_("Back"), self.back)
        self.widgets = [
            self.list,
            self.load_button,
            self.watch_button,
            self.rename_button,
            self.delete_button,
            self.back_button,
        ]
        self._sync_buttons()

    def refresh(self, select: Path | None = None) -> None:
        """List the folder again (after a delete or rename), keeping the place."""
        current = self.current()
        self.keep = select or (current.path if current is not None else None)
        self.rebuild()

    def _sync_buttons(self) -> None:
        current = self.current()
        good = current is not None and current.problem is None
        self.load_button.enabled = self.watch_button.enabled = good
        # an autosave keeps its slot's name: the game in progress goes on writing it
        self.rename_button.enabled = good and current is not None and not is_autosave(current.path)
        self.delete_button.enabled = current is not None

    def current(self) -> SaveInfo | None:
        row = self.list.current
        return row.value if row is not None else None

    def enter(self) -> None:
        super().enter()
        self.focus.focus(self.list)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        x = theme.px(48)
        top = theme.px(130)
        bh = theme.px(50)
        gap = theme.px(12)
        y = h - theme.px(32) - bh
        self.list.rect = pygame.Rect(x, top, w - 2 * x, h - top - bh - theme.px(64))
        # Back, Rename and Delete on the left; Watch replay and Load on the right
        small = min(theme.px(150), (w - 2 * x - 4 * gap) // 5)
        wide = min(theme.px(200), (w - 2 * x - 4 * gap - 3 * small) // 2)
        left = x
        for button in (self.back_button, self.rename_button, self.delete_button):
            button.rect = pygame.Rect(left, y, small, bh)
            left += small + gap
        self.load_button.rect = pygame.Rect(w - x - wide, y, wide, bh)
        self.watch_button.rect = pygame.Rect(self.load_button.rect.left - gap - wide, y, wide, bh)

    def _open(self, row: Row) -> None:
        info: SaveInfo = row.value
        if info.problem is not None:
            self.app.message(_("Cannot load this game"), info.problem, kind="error")
            return
        open_save(self.app, info.path)

    def watch_selected(self) -> None:
        info = self.current()
        if info is not None and info.problem is None:
            open_replay(self.app, info.path)

    def load_selected(self) -> None:
        if self.list.current is not None:
            self._open(self.list.current)

    def delete_selected(self) -> None:
        from riotsim.ui.widgets.dialog import Dialog

        info = self.current()
        if info is None:
            return

        def delete() -> None:
            index = self.list.selected
            try:
                delete_save(info.path)
            except SaveError as exc:
                self.app.message(_("Not deleted"), str(exc), kind="error")
            self.keep = None
            self.rebuild()
            self.list.select(min(index, len(self.list.rows) - 1))

        self.keep = info.path  # selected again when the dialog closes
        if is_autosave(info.path):
            question = _("Delete this autosave ({file})? This cannot be undone.")
        else:
            question = _("Delete the save {name!r} ({file})? This cannot be undone.")
        self.app.push(
            Dialog(
                self.app,
                _("Delete this save?"),
                question.format(name=info.name, file=info.path.name),
                [(_("Delete"), delete), (_("Keep"), None)],
            )
        )

    def rename_selected(self) -> None:
        from riotsim.ui.widgets.dialog import PromptDialog

        info = self.current()
        if info is None or info.problem is not None or is_autosave(info.path):
            return

        def rename(name: str) -> None:
            if not name or name == info.name:
                return
            try:
                target = rename_save(info.path, name)
            except SaveError as exc:
                self.app.message(_("Not renamed"), str(exc), kind="error")
                return
            self.refresh(select=target)

        self.keep = info.path
        self.app.push(
            PromptDialog(
                self.app, _("Rename the save"), _("A new name for this save:"), info.name, rename
            )
        )

    def key(self, name: str) -> None:
        if name == "delete":
            self.delete_selected()
            return
        if name == "f2":
            self.rename_selected()
            return
        super().key(name)

    def draw_content(self, surface: pygame.Surface) -> None:
        n = len(self.list.rows)
        count = ngettext("{n} saved game", "{n} saved games", n).format(n=n)
        if n:
            count = _("{count}  |  Enter loads, Del deletes, F2 renames the selected save").format(
                count=count
            )
        heading(surface, self.theme, _("Load a game"), count)
