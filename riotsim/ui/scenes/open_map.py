"""Open map file...: a small in-app file browser (pygame has no system dialog).

A list of the folders and ``.tmx`` files of one folder (hidden entries left out), a path field
to type a folder or file into, and Up / Home / Maps folder / Open / Cancel. Keyboard: Up/Down
pick a row, Enter opens it (a folder is entered, a map is chosen), Backspace in the list goes
to the parent folder, Escape cancels. Mouse: a click selects a row, a second click opens it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from riotsim.i18n import N_, _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene, heading
from riotsim.ui.widgets import Button, TextInput
from riotsim.ui.widgets.listview import ListView, Row

MAX_ENTRIES = 2000  # a huge folder is cut short rather than freezing the screen
PARENT = ".."


def start_folder(recent: list[str] | None = None) -> Path:
    """Where browsing starts: the last map's folder, else the maps folder, else home."""
    for entry in recent or []:
        folder = Path(entry).parent
        if folder.is_dir():
            return folder
    from riotsim.paths import maps_dir

    maps = maps_dir()
    return maps if maps.is_dir() else Path.home()


def folder_entries(folder: Path) -> tuple[list[Path], list[Path], str]:
    """The sub-folders and ``.tmx`` files of ``folder`` (sorted, hidden ones left out), and
    why it could not be read ("" when it could)."""
    folders: list[Path] = []
    files: list[Path] = []
    try:
        with os.scandir(folder) as it:
            for n, entry in enumerate(it):
                if n >= MAX_ENTRIES:
                    break
                if entry.name.startswith("."):
                    continue
                try:
                    if entry.is_dir():
                        folders.append(Path(entry.path))
                    elif entry.name.lower().endswith(".tmx") and entry.is_file():
                        files.append(Path(entry.path))
                except OSError:
                    continue
    except OSError as exc:
        return (
            [],
            [],
            _("cannot read {folder}: {reason}").format(folder=folder, reason=exc.strerror or exc),
        )
    key = lambda p: p.name.lower()  # noqa: E731
    return sorted(folders, key=key), sorted(files, key=key), ""


@register_scene("open_map")
class OpenMapScene(WidgetScene):
    """Browse for a ``.tmx`` file; ``on_open(path)`` gets the chosen file, then this closes."""

    def __init__(
        self,
        app,
        on_open: Callable[[Path], None],
        start: Path | list[str] | None = None,
        title: str = N_("Open map file"),
    ):
        """``start``: the folder to show, or the recent map files (their newest folder)."""
        super().__init__(app)
        self.on_open = on_open
        self.title_text = title
        folder = start if isinstance(start, Path) else start_folder(start)
        self.folder = folder.absolute()
        self.problem = ""
        self.path_text = str(self.folder)
        self.rows: list[Row] = []
        self._load_rows()

    # -- the folder --------------------------------------------------------------------------
    def _load_rows(self) -> None:
        folders, files, problem = folder_entries(self.folder)
        self.problem = problem
        top = self.folder.parent == self.folder
        rows = [] if top else [Row(PARENT, _("parent folder"), self.folder.parent)]
        rows += [Row(f"{p.name}/", _("folder"), p) for p in folders]
        rows += [Row(p.name, _("Tiled map"), p) for p in files]
        self.rows = rows

    def language_changed(self) -> None:
        self._load_rows()  # (their notes are in words)
        super().language_changed()

    def browse(self, folder: Path) -> None:
        """Show ``folder`` (the path field follows)."""
        self.folder = folder.absolute()
        self.path_text = str(self.folder)
        self._load_rows()
        self.rebuild()
        self.focus.focus(self.list)

    def choose(self, path: Path) -> None:
        """A row or typed path: a folder is entered, a ``.tmx`` file is opened."""
        path = path.expanduser()
        if not path.is_absolute():
            path = self.folder / path
        if path.is_dir():
            self.browse(path)
        elif path.suffix.lower() != ".tmx":
            self.problem = _("{name}: not a Tiled map (choose a .tmx file)").format(
                name=path.name or path
            )
        elif not path.is_file():
            self.problem = _("{path}: no such file").format(path=path)
        else:
            self.app.pop(self)
            self.on_open(path)

    def up(self) -> None:
        self.browse(self.folder.parent)

    # -- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        from riotsim.paths import maps_dir

        self.path_input = TextInput(self.path_text, self._set_path, max_len=1024)
        self.list = ListView(
            self.rows,
            on_select=self._selected,
            on_activate=lambda row: self.choose(Path(row.value)),
            empty_text=_("No folders or .tmx maps here."),
        )
        self.up_button = Button(_("Up"), self.up, size=15)
        self.home_button = Button(_("Home"), lambda: self.browse(Path.home()), size=15)
        self.maps_button = Button(_("Maps folder"), lambda: self.browse(maps_dir()), size=15)
        self.open_button = Button(_("Open"), self.open_clicked, primary=True)
        self.cancel_button = Button(_("Cancel"), self.back)
        self.widgets = [
            self.path_input,
            self.list,
            self.up_button,
            self.home_button,
            self.maps_button,
            self.cancel_button,
            self.open_button,
        ]

    def _set_path(self, text: str) -> None:
        self.path_text = text
        self.problem = ""

    def _selected(self, row: Row) -> None:
        self.path_text = str(row.value)
        self.path_input.value = self.path_text
        self.problem = ""

    def open_clicked(self) -> None:
        self.choose(Path(self.path_text.strip() or "."))

    def key(self, name: str) -> None:
        current = self.focus.current
        if name in ("return", "enter") and current is self.path_input:
            self.open_clicked()
            return
        if name == "backspace" and current is self.list:
            self.up()
            return
        super().key(name)

    # -- layout and drawing --------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        m = theme.px(48)
        rh, gap = theme.px(44), theme.px(10)
        top = theme.px(130)
        self.path_input.rect = pygame.Rect(m, top, w - 2 * m, rh)
        bw = theme.px(150)
        bottom = h - theme.px(34) - theme.px(54)
        list_top = top + rh + gap
        side = m + bw + gap
        self.list.rect = pygame.Rect(side, list_top, w - side - m, bottom - gap - list_top)
        y = list_top
        for button in (self.up_button, self.home_button, self.maps_button):
            button.rect = pygame.Rect(m, y, bw, theme.px(38))
            y += theme.px(38) + gap
        bh = theme.px(54)
        self.cancel_button.rect = pygame.Rect(m, h - theme.px(34) - bh, theme.px(160), bh)
        self.open_button.rect = pygame.Rect(
            w - m - theme.px(200), h - theme.px(34) - bh, theme.px(200), bh
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.theme
        heading(
            surface,
            theme,
            _(self.title_text),
            _(
                "Folders and Tiled maps (.tmx). Type a path or "
                "pick a row; Enter opens, Backspace goes up, Escape cancels."
            ),
        )
        if self.problem:
            r = self.cancel_button.rect
            draw.text(
                surface,
                self.problem,
                theme.fonts.get(14),
                T.BAD,
                (r.right + theme.px(20), r.centery),
                "midleft",
                self.open_button.rect.left - r.right - theme.px(40),
            )
