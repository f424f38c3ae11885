"""Map Lab: a Tiled map drawn as the game will read it, its problems listed beside it, and a
reload whenever the file is saved (Tiled can run ``riotsim lab %mapfile`` as a command).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path

import pygame

from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import Scene, register_scene
from riotsim.ui.scenes.common import backdrop
from riotsim.ui.views.base import side_panel
from riotsim.ui.widgets import Button, ScrollPanel

POLL_SECONDS = 0.5


@register_scene("lab")
class MapLabScene(Scene):
    def __init__(self, app, path: Path):
        super().__init__(app)
        self.path = Path(path)
        self.board = None
        self.problems: list = []
        self.picture: pygame.Surface | None = None
        self.stamp: tuple[int, int] | None = None
        self.checked_at = ""
        self.poll = 0.0
        self.panel = ScrollPanel(framed=False)
        self.reload_button = Button("Reload", self.reload, size=15)
        self.close_button = Button("Close", lambda: self.app.pop(self), size=15)
        self.buttons = [self.reload_button, self.close_button]
        self.map_rect = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self._worker: tuple[threading.Thread, list, threading.Event] | None = None
        self._again = False

    def enter(self) -> None:
        self.layout(*self.app.size)
        self.reload()

    def resize(self, w: int, h: int) -> None:
        self.layout(w, h)
        self._render()

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        bar = theme.px(56)
        m = theme.px(16)
        side_w = max(theme.px(320), int(w * 0.32))
        self.side_rect = pygame.Rect(w - m - side_w, bar + m, side_w, h - bar - 2 * m)
        self.map_rect = pygame.Rect(m, bar + m, w - side_w - 3 * m, h - bar - 2 * m)
        x = w - theme.px(14)
        for b in reversed(self.buttons):
            b.rect = pygame.Rect(
                x - theme.px(90), (bar - theme.px(38)) // 2, theme.px(90), theme.px(38)
            )
            x -= theme.px(98)

    def _file_stamp(self) -> tuple[int, int] | None:
        try:
            stat = self.path.stat()
        except OSError:
            return None  # editors may replace the file while saving: look again soon
        return (stat.st_mtime_ns, stat.st_size)

    @property
    def loading(self) -> bool:
        """True while a load and check of the file runs on the worker thread."""
        return self._worker is not None

    def reload(self) -> None:
        """Load and check the map again on a worker thread, so frames keep coming while a big
        map is checked; :meth:`update` shows the result. Every problem is listed, nothing
        raises. A reload asked for while one runs starts when it ends."""
        self.stamp = self._file_stamp()
        if self._worker is not None:
            self._again = True
            return
        self._again = False
        done = threading.Event()
        result: list = []
        worker = threading.Thread(
            target=_load_and_check, args=(self.path, result, done), daemon=True, name="map-lab"
        )
        self._worker = (worker, result, done)
        worker.start()

    def wait(self, timeout: float = 30.0) -> None:
        """Block until the running reload ends and show its result (for tests and tools)."""
        if self._worker is not None:
            self._worker[2].wait(timeout)
        self._collect()

    def _collect(self) -> None:
        if self._worker is None or not self._worker[2].is_set():
            return
        _, result, _ = self._worker
        self._worker = None
        self.board, self.problems = result[0] if result else (None, [f"{self.path}: not checked"])
        self.checked_at = time.strftime("%H:%M:%S")
        self._render()
        self.panel.set_blocks(self._blocks())
        if self._again:
            self.reload()

    def _render(self) -> None:
        self.picture = None
        if self.board is None or self.map_rect.w < 20:
            return
        from riotsim.ui.thumbnail import render_board

        try:
            self.picture = render_board(self.board, self.map_rect.inflate(-40, -40).size)
        except Exception as exc:  # noqa: BLE001
            self.problems.append(f"{self.path}: cannot draw the map ({exc})")

    def _blocks(self) -> list[tuple[str, str]]:
        blocks: list[tuple[str, str]] = []
        if self.problems:
            count = len(self.problems)
            blocks.append(("h2", f"{count} problem" + ("" if count == 1 else "s")))
            blocks += [("li", str(p)) for p in self.problems]
        else:
            blocks.append(("h2", "No problems"))
        board = self.board
        if board is not None:
            blocks.append(("h2", "Map"))
            blocks.append(("li", f"game: {board.game or '(none)'}"))
            blocks.append(("li", f"{board.orientation}, {board.width} x {board.height} cells"))
            layers = ", ".join(layer.name for layer in board.tile_layers) or "(none)"
            blocks.append(("li", f"tile layers: {layers}"))
            kinds = Counter(obj.kind or "(no kind)" for obj in board.objects)
            if kinds:
                blocks.append(("h2", "Objects"))
                blocks += [("li", f"{kind}: {n}") for kind, n in sorted(kinds.items())]
        return blocks

    def update(self, dt: float) -> None:
        self._collect()
        self.poll += dt
        if self.poll >= POLL_SECONDS:
            self.poll = 0.0
            stamp = self._file_stamp()
            if stamp is not None and stamp != self.stamp:
                self.reload()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        backdrop(surface)
        bar = pygame.Rect(0, 0, surface.get_width(), theme.px(56))
        pygame.draw.rect(surface, T.BG_DEEP, bar)
        pygame.draw.line(surface, T.LINE, bar.bottomleft, bar.bottomright)
        r = draw.text(
            surface, "Map Lab", theme.fonts.bold(19), T.TEXT, (theme.px(20), bar.centery), "midleft"
        )
        ok = not self.problems
        if self.loading and not self.checked_at:
            status = f"{self.path.name}  -  checking..."
        else:
            verdict = "OK" if ok else "problems found"
            again = "  -  checking again..." if self.loading else ", reloads on save"
            status = f"{self.path.name}  -  {verdict}  -  checked {self.checked_at}{again}"
        draw.text(
            surface,
            status,
            theme.fonts.get(16, "Medium"),
            T.TEXT if ok else T.BAD,
            (r.right + theme.px(24), bar.centery),
            "midleft",
            self.buttons[0].rect.left - r.right - theme.px(36),
        )
        for b in self.buttons:
            b.draw(surface, theme)
        draw.rounded_rect(surface, self.map_rect, (*T.PANEL, 200), theme.px(12), T.LINE, 1)
        if self.picture is not None:
            surface.blit(self.picture, self.picture.get_rect(center=self.map_rect.center))
        else:
            draw.text(
                surface,
                "Loading the map..." if self.loading else "The map cannot be drawn until it loads.",
                theme.fonts.get(16),
                T.TEXT_DIM,
                self.map_rect.center,
                "center",
                self.map_rect.w - 40,
            )
        accent = T.GOOD if ok else T.BAD
        self.panel.rect = side_panel(surface, self.side_rect, theme, "Checks", accent)
        self.panel.draw(surface, theme)

    def hover(self, pos) -> None:
        for b in self.buttons:
            b.hover(pos)

    def click(self, pos, button: int = 1) -> None:
        for b in self.buttons:
            if b.click(pos, button):
                return

    def scroll(self, dy: int) -> None:
        self.panel.scroll(dy)

    def key(self, name: str) -> None:
        if name == "escape":
            self.app.pop(self)
        elif name in ("r", "f5"):
            self.reload()
        else:
            self.panel.key(name)


def _load_and_check(path: Path, result: list, done: threading.Event) -> None:
    """The worker: the board (or None) and its problems into ``result``; never raises."""
    from riotsim.core.checks import check_loaded
    from riotsim.core.problems import ContentError
    from riotsim.core.tiled import load_board

    try:
        board = load_board(path)
        result.append((board, list(check_loaded(board))))
    except ContentError as exc:
        result.append((None, list(exc.problems)))
    except Exception as exc:  # noqa: BLE001 - anything else is still just a problem shown
        result.append((None, [f"{path}: {type(exc).__name__}: {exc}"]))
    finally:
        done.set()
