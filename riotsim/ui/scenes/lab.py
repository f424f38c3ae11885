"""Map Lab: a Tiled map drawn as the game will read it, its problems listed beside it and
marked on it, overlays by key, pieces placed freely to try the real rules' moves, a Play
button and a background balance report. It reloads whenever the file is saved (Tiled can
run ``riotsim lab %mapfile`` as a command); a save that cannot be read leaves the last good
map on screen with a banner naming the problem.

Every rule shown here (costs, distances, moves) comes from riotsim.core.maplab and the games'
lab modules; this scene only draws and forwards clicks.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pygame

from riotsim.core import maplab
from riotsim.i18n import _, ngettext
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import Scene, register_scene
from riotsim.ui.scenes.common import backdrop
from riotsim.ui.scenes.setup import default_setup
from riotsim.ui.views.base import side_panel
from riotsim.ui.views.labmap import LabMap
from riotsim.ui.widgets import Button, ScrollPanel

POLL_SECONDS = 0.5
BALANCE_GAMES = 20
BALANCE_BOT = "greedy"


@register_scene("lab")
class MapLabScene(Scene):
    def __init__(self, app, path: Path):
        super().__init__(app)
        self.path = Path(path)
        self.board: Any = None  # the last map that loaded
        self.problems: list = []  # of the latest save
        self.broken = False  # the latest save could not be read: the last good map is shown
        self.good_at = ""
        self.stamp: tuple[int, int] | None = None
        self.checked_at = ""
        self.poll = 0.0
        self.panel = ScrollPanel(framed=False)
        self.map = LabMap()
        self.lab: Any = None
        self.lab_note = ""
        self.shown: set[str] = set()
        self.hover_point: tuple[float, float] | None = None
        self.pieces: list[maplab.Piece] = []
        self.tool: maplab.PieceKind | None = None
        self.selected: int | None = None
        self.moves: list[maplab.Move] = []
        self.moves_note = ""
        self.dragging: int | None = None
        self.block_targets: dict[int, tuple[str, Any]] = {}
        self.balance: Any = None
        self.balance_games = BALANCE_GAMES
        self.report_note = ""
        self.last_report: Any = None
        self.play_button = Button(_("Play this map"), self.play_map, size=15)
        self.balance_button = Button(_("Balance"), self.toggle_balance, size=15)
        self.reload_button = Button(_("Reload"), self.reload, size=15)
        self.close_button = Button(_("Close"), lambda: self.app.pop(self), size=15)
        self.buttons = [self.play_button, self.balance_button, self.reload_button]
        self.buttons.append(self.close_button)
        self.palette_buttons: list[tuple[Button, maplab.PieceKind | None]] = []
        self.map_rect = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.banner_rect = pygame.Rect(0, 0, 0, 0)
        self._worker: tuple[threading.Thread, list, threading.Event] | None = None
        self._again = False
        self._layer_memo: dict[tuple[int, str, Any], maplab.Layer] = {}

    @property
    def picture(self) -> pygame.Surface | None:
        return self.map.picture()

    def enter(self) -> None:
        self.layout(*self.app.size)
        self.reload()

    def leave(self) -> None:
        if self.balance is not None:
            self.balance.cancel()

    def resize(self, w: int, h: int) -> None:
        self.layout(w, h)

    def language_changed(self) -> None:
        """The language changed: the bar's words and the side panel, then a new layout."""
        running = self.balance is not None and self.balance.running
        self.balance_button.label = _("Cancel") if running else _("Balance")
        self.play_button.label = _("Play this map")
        self.reload_button.label = _("Reload")
        self.close_button.label = _("Close")
        self.layout(*self.app.size)  # (the palette's Select too)
        self._refresh_panel()

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        bar, m = theme.px(56), theme.px(16)

        banner = theme.px(34) if self.broken or self.balance is not None else 0
        top = bar + m + banner
        side_w = max(theme.px(300), int(w * 0.3))
        self.banner_rect = pygame.Rect(m, bar + m // 2, w - 2 * m, banner)
        self.side_rect = pygame.Rect(w - m - side_w, top, side_w, h - top - m)
        map_w = w - side_w - 3 * m
        palette_h = theme.px(40) * self._palette_rows(theme, map_w)
        self.map_rect = pygame.Rect(m, top, map_w, h - top - m - palette_h)
        self.map.rect = self.map_rect
        x = w - theme.px(14)
        for b in reversed(self.buttons):
            width = theme.px(118 if b is self.play_button else 90)
            # as wide as its label needs (Italian runs longer) rather than cut it
            label_w = draw.text_size(theme.fonts.get(b.size, "Medium"), b.label)[0]
            width = max(width, label_w + theme.px(24))
            b.rect = pygame.Rect(x - width, (bar - theme.px(38)) // 2, width, theme.px(38))
            x -= width + theme.px(8)
        self._layout_palette(theme, palette_h)

    def _palette_labels(self) -> list[tuple[str, maplab.PieceKind | None]]:
        if self.lab is None or not self.lab.palette():
            return []
        kinds = self.lab.palette()
        return [(_("Select"), None)] + [(k.label, k) for k in kinds]

    def _palette_rows(self, theme: T.Theme, width: int) -> int:
        """1 row, or 2 when the labels would not fit whole on one (never cut: "Demons...")."""
        labels = self._palette_labels()
        if not labels:
            return 0
        font = theme.fonts.get(13, "Medium")
        need = max(font.size(text)[0] for text, _ in labels) + theme.px(26)
        return 1 if need * len(labels) <= width else 2

    def _layout_palette(self, theme: T.Theme, height: int) -> None:
        self.palette_buttons = []
        labels = self._palette_labels()
        if not height or not labels:
            return
        rows = self._palette_rows(theme, self.map_rect.w)
        per_row = -(-len(labels) // rows)
        gap = theme.px(6)
        width = (self.map_rect.w - gap * (per_row - 1)) // per_row
        row_h = height // rows
        for i, (text, kind) in enumerate(labels):
            button = Button(text, functools.partial(self.pick_tool, kind), size=13)
            x = self.map_rect.left + (i % per_row) * (width + gap)
            y = self.map_rect.bottom + gap + (i // per_row) * row_h
            button.rect = pygame.Rect(x, y, width, row_h - gap)
            button.selected = kind == self.tool
            self.palette_buttons.append((button, kind))

    # -- loading -----------------------------------------------------------------------------
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
        _thread, result, _done = self._worker
        self._worker = None
        unchecked = [_("{path}: not checked").format(path=self.path)]
        board, self.problems = result[0] if result else (None, unchecked)
        self.checked_at = time.strftime("%H:%M:%S")
        self.broken = board is None
        if board is not None:
            self._new_board(board)
        self.layout(*self.app.size)
        self._refresh_panel()
        if self._again:
            self.reload()

    def _new_board(self, board: Any) -> None:
        same_shape = self.board is not None and (board.width, board.height) == (
            self.board.width,
            self.board.height,
        )
        self.board, self.good_at = board, self.checked_at
        self.map.board = board
        self.lab, self.lab_note = maplab.lab_for(board)
        self.map.lab = self.lab
        keys = {o.key for o in self.lab.overlays()} if self.lab is not None else set()
        self.shown &= keys
        if not same_shape or self.lab is None:
            self.pieces, self.selected, self.moves = [], None, []
            self.map.focus, self.map.zoom = None, 1.0
        self._update_moves()

    # -- the side panel ----------------------------------------------------------------------
    def counts(self) -> tuple[int, int]:
        errors, warnings = maplab.split_problems(self.problems)
        return len(errors), len(warnings)

    def _refresh_panel(self) -> None:
        blocks: list[tuple[str, str]] = []
        self.block_targets = {}
        errors, warnings = maplab.split_problems(self.problems)
        if not self.problems:
            blocks.append(("h2", _("No problems")))
        for count, group in ((_errors, errors), (_warnings, warnings)):
            if group:
                blocks.append(("h2", count(len(group))))
            for problem in group:
                self.block_targets[len(blocks)] = ("problem", problem)
                blocks.append(("li", _problem_text(problem)))
        if self.board is not None and any(
            maplab.problem_points(self.board, p) for p in self.problems
        ):
            blocks.append(("dim", _("Click a problem to centre the map on it.")))
        self._moves_blocks(blocks)
        self._report_blocks(blocks)
        blocks += self._board_blocks()
        self.panel.set_blocks(blocks)

    def _moves_blocks(self, blocks: list[tuple[str, str]]) -> None:
        """The selected piece's moves, appended to ``blocks`` (each clickable)."""
        if self.selected is None:
            return
        piece = self.pieces[self.selected]
        blocks.append(("h2", _("Moves of {piece}").format(piece=piece.label)))
        if self.moves_note:
            blocks.append(("dim", self.moves_note))
        for move in self.moves:
            self.block_targets[len(blocks)] = ("move", move)
            blocks.append(("li", move.text))
        if not self.moves and not self.moves_note:
            blocks.append(("dim", _("No legal move from here.")))

    def _report_blocks(self, blocks: list[tuple[str, str]]) -> None:
        if not self.report_note:
            return
        blocks += [("h2", _("Balance report")), ("p", self.report_note)]
        page = getattr(self.last_report, "page", None)
        if page is not None:
            self.block_targets[len(blocks)] = ("report", page)
            blocks.append(("li", _("Open the report in a browser")))

    def _board_blocks(self) -> list[tuple[str, str]]:
        board = self.board
        if board is None:
            return []
        blocks = [("h2", _("Map"))]
        blocks.append(("li", _("game: {game}").format(game=board.game or _("(none)"))))
        size = _("{orientation}, {w} x {h} cells").format(
            orientation=board.orientation, w=board.width, h=board.height
        )
        blocks.append(("li", size))
        layers = ", ".join(layer.name for layer in board.tile_layers) or _("(none)")
        blocks.append(("li", _("tile layers: {layers}").format(layers=layers)))
        if self.lab is None and self.lab_note:
            blocks.append(("dim", _("No overlays or pieces: {why}").format(why=self.lab_note)))
        kinds = Counter(obj.kind or _("(no kind)") for obj in board.objects)
        if kinds:
            blocks.append(("h2", _("Objects")))
            blocks += [("li", f"{kind}: {n}") for kind, n in sorted(kinds.items())]
        return blocks

    # -- pieces and moves --------------------------------------------------------------------
    def pick_tool(self, kind: maplab.PieceKind | None) -> None:
        self.tool = kind
        for button, k in self.palette_buttons:
            button.selected = k == kind

    def place(self, cell: maplab.Spot) -> None:
        """Put the chosen piece kind on ``cell`` (one piece per kind: it moves if placed)."""
        kind = self.tool
        if kind is None:
            return
        self.pieces = [p for p in self.pieces if p.kind != kind.id and p.cell != cell]
        self.pieces.append(maplab.Piece(kind.id, kind.seat, cell, kind.label))
        self.select(len(self.pieces) - 1)

    def select(self, index: int | None) -> None:
        self.selected = index
        self._update_moves()
        self._refresh_panel()

    def _update_moves(self) -> None:
        self.moves, self.moves_note = [], ""
        if self.selected is not None and (self.lab is None or self.selected >= len(self.pieces)):
            self.selected = None
        if self.selected is None or self.lab is None:
            return
        try:
            self.moves, self.moves_note = self.lab.moves(self.pieces, self.selected)
        except Exception as exc:  # noqa: BLE001 - a position the rules cannot play from
            self.moves_note = _("The rules cannot play from here: {error}").format(
                error=f"{type(exc).__name__}: {exc}"
            )

    def apply_move(self, move: maplab.Move) -> None:
        """Play ``move`` of the selected piece under the real rules and show the result."""
        if self.selected is None or self.lab is None:
            return
        piece = self.pieces[self.selected]
        try:
            self.pieces = self.lab.play(self.pieces, self.selected, move)
        except Exception as exc:  # noqa: BLE001 - shown, the pieces stay where they were
            self.moves_note = _("The move failed: {error}").format(
                error=f"{type(exc).__name__}: {exc}"
            )
            self._refresh_panel()
            return
        found = [i for i, p in enumerate(self.pieces) if p.kind == piece.kind]
        self.select(found[0] if found else None)

    def _piece_at(self, cell: maplab.Spot | None) -> int | None:
        for i, piece in enumerate(self.pieces):
            if piece.cell == cell:
                return i
        return None

    # -- play and balance --------------------------------------------------------------------
    def play_map(self) -> None:
        """Start a game on this map above the lab (closing it comes back here)."""
        from riotsim.core import registry
        from riotsim.core.match import Match

        map_id, why = self._map_id()
        if map_id is None:
            self.app.message(_("Cannot play this map"), why, kind="error")
            return
        ruleset = registry.get(self.board.game)
        setup = default_setup(ruleset, seed=int(time.time()) % 100_000)
        try:
            match = Match(ruleset, _on_map(setup, map_id, ruleset), game_id=self.board.game)
        except Exception as exc:  # noqa: BLE001 - a map the game refuses: say so, stay
            self.app.message(_("Cannot start this game"), str(exc), kind="error")
            return
        self.app.stack.push("game", match)

    def _map_id(self, snapshot: bool = False) -> tuple[str | None, str]:
        if self.board is None:
            return None, _("the map has not loaded")
        if self.counts()[0] and not self.broken:
            return None, _("fix the errors first (see the list)")
        return maplab.map_id(self.board, snapshot)

    def toggle_balance(self) -> None:
        if self.balance is not None and self.balance.running:
            self.balance.cancel()
            return
        self.start_balance()

    def start_balance(self) -> None:
        """Play a batch of bot games on this map on a worker thread, then write the report."""
        from riotsim.balance.background import BackgroundReport
        from riotsim.balance.batch import Batch
        from riotsim.core import registry
        from riotsim.paths import user_data_dir

        map_id, why = self._map_id(snapshot=True)  # later saves never reach the batch
        if map_id is None:
            self.report_note = _("Cannot run a balance report: {why}.").format(why=why)
            self._refresh_panel()
            return
        game = self.board.game
        seats = max(2, registry.get(game).min_players)
        batch = Batch(game, (BALANCE_BOT,) * seats, self.balance_games, seed=1, map=map_id)
        folder = user_data_dir() / "reports" / f"{self.path.stem}-{time.strftime('%H%M%S')}"
        self.balance = BackgroundReport(batch, folder).start()
        self.balance_button.label = _("Cancel")
        self.report_note = ngettext(
            "Playing {n} game ({bot} bots)...", "Playing {n} games ({bot} bots)...", batch.games
        ).format(n=batch.games, bot=BALANCE_BOT)
        self.layout(*self.app.size)
        self._refresh_panel()

    def _follow_balance(self) -> None:
        run = self.balance
        if run is None or run.running:
            return
        self.balance_button.label = _("Balance")
        if run.page is not None:
            self.report_note = _("Report written: {page} (open it in a browser).").format(
                page=run.page
            )
            if run.error:
                left_out = _("{error}; those games are left out.").format(error=run.error)
                self.report_note += " " + left_out
        elif run.cancelled:
            self.report_note = ngettext(
                "Cancelled after {done} of {n} game.",
                "Cancelled after {done} of {n} games.",
                run.total,
            ).format(done=run.done, n=run.total)
        else:
            self.report_note = _("The report failed: {error}").format(error=run.error)
        self.last_report = run
        self.balance = None
        self.layout(*self.app.size)
        self._refresh_panel()

    # -- frames ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._collect()
        self._follow_balance()
        self.poll += dt
        if self.poll >= POLL_SECONDS:
            self.poll = 0.0
            stamp = self._file_stamp()
            if stamp is not None and stamp != self.stamp:
                self.reload()

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The bar's line: errors and warnings counted apart, and when the file was checked."""
        if self.loading and not self.checked_at:
            return _("{file}  -  checking...").format(file=self.path.name), T.TEXT
        errors, warnings = self.counts()
        if errors:
            verdict, colour = f"{_errors(errors)}, {_warnings(warnings)}", T.BAD
        elif warnings:
            verdict = _("no errors, {warnings}").format(warnings=_warnings(warnings))
            colour = T.ACCENT
        else:
            verdict, colour = _("OK"), T.TEXT
        if self.loading:
            line = _("{file}  -  {verdict}  -  checked {time}  -  checking again...")
        else:
            line = _("{file}  -  {verdict}  -  checked {time}, reloads on save")
        return line.format(file=self.path.name, verdict=verdict, time=self.checked_at), colour

    def banner(self) -> str:
        """What the banner says: why the last good map is shown, or the balance progress."""
        if self.balance is not None:
            return ngettext(
                "Balance report: {done} of {n} game",
                "Balance report: {done} of {n} games",
                self.balance.total,
            ).format(done=self.balance.done, n=self.balance.total)
        if not self.broken:
            return ""
        first = self.problems[0] if self.problems else _("unreadable")
        if self.board:
            kept = _("showing the last good map ({time})").format(time=self.good_at)
        else:
            kept = _("nothing to show")
        return _("The save of {time} cannot be read: {problem}  -  {kept}").format(
            time=self.checked_at, problem=_problem_text(first), kept=kept
        )

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        backdrop(surface)
        self._draw_bar(surface, theme)
        self._draw_banner(surface, theme)
        draw.rounded_rect(surface, self.map_rect, (*T.PANEL, 200), theme.px(12), T.LINE, 1)
        if self.board is not None:
            self.map.draw(
                surface,
                theme,
                self.layers(),
                self.markers(),
                self.pieces,
                self.selected,
                self.moves,
            )
        else:
            text = (
                _("Loading the map...")
                if self.loading
                else _("The map cannot be drawn until it loads.")
            )
            draw.text(
                surface, text, theme.fonts.get(16), T.TEXT_DIM, self.map_rect.center, "center",
                self.map_rect.w - 40,
            )  # fmt: skip
        for button, _kind in self.palette_buttons:
            button.draw(surface, theme)
        accent = T.BAD if self.counts()[0] or self.broken else T.GOOD
        legend = self._legend_height(theme, self.side_rect.w)
        checks = self.side_rect.copy()
        if legend:
            checks.h -= legend + theme.px(10)
            box = pygame.Rect(checks.left, checks.bottom + theme.px(10), checks.w, legend)
            self._draw_legend(surface, theme, box)
        self.panel.rect = side_panel(surface, checks, theme, _("Checks"), accent)
        self.panel.draw(surface, theme)

    def _draw_bar(self, surface: pygame.Surface, theme: T.Theme) -> None:
        bar = pygame.Rect(0, 0, surface.get_width(), theme.px(56))
        pygame.draw.rect(surface, T.BG_DEEP, bar)
        pygame.draw.line(surface, T.LINE, bar.bottomleft, bar.bottomright)
        r = draw.text(
            surface,
            _("Map Lab"),
            theme.fonts.bold(19),
            T.TEXT,
            (theme.px(20), bar.centery),
            "midleft",
        )
        text, colour = self.status()
        width = self.buttons[0].rect.left - r.right - theme.px(36)
        font = theme.fonts.get(16, "Medium")
        draw.text(
            surface, text, font, colour, (r.right + theme.px(24), bar.centery), "midleft", width
        )
        for b in self.buttons:
            b.draw(surface, theme)

    def _draw_banner(self, surface: pygame.Surface, theme: T.Theme) -> None:
        text = self.banner()
        if not text or self.banner_rect.h == 0:
            return
        rect = self.banner_rect
        fill = T.mix(T.BAD, T.BG_DEEP, 0.55) if self.balance is None else T.PANEL_HI
        draw.rounded_rect(surface, rect, fill, theme.px(8), T.LINE, 1)
        if self.balance is not None:
            done = rect.inflate(-4, -4)
            done.w = int(done.w * self.balance.fraction)
            draw.rounded_rect(surface, done, T.mix(T.GOOD, T.BG_DEEP, 0.4), theme.px(6))
        font = theme.fonts.get(15, "Medium")
        draw.text(surface, text, font, T.TEXT, (rect.left + theme.px(12), rect.centery), "midleft",
                  rect.w - theme.px(24))  # fmt: skip

    def legend_lines(self) -> list[tuple[str, bool]]:
        """(line, on) for every key the lab answers: the game's overlays and the view keys."""
        lines = []
        if self.lab is not None:
            for overlay in self.lab.overlays():
                lines.append((f"{overlay.key.upper()}  {overlay.name}", overlay.key in self.shown))
        lines.append((_("P  problem markers"), "p" not in self.shown))
        lines.append((_("wheel zoom, 0 fit, F5 reload"), False))
        if self.lab is not None and self.lab.palette():
            lines.append((_("click place, drag move, right-click remove"), False))
        return lines

    def _legend_rows(self, theme: T.Theme, width: int) -> list[tuple[str, bool | None]]:
        """The legend's lines at ``width``: a long one (Italian) wraps rather than be cut."""
        font = theme.fonts.get(13, "Medium")
        rows = self.legend_lines() + [(layer.note, None) for layer in self.layers() if layer.note]
        room = width - 2 * theme.px(8)
        return [(line, on) for text, on in rows for line in draw.wrap(text, font, room)]

    def _legend_height(self, theme: T.Theme, width: int) -> int:
        if self.board is None:
            return 0
        lines = len(self._legend_rows(theme, width))
        return theme.fonts.get(13, "Medium").get_linesize() * lines + theme.px(14)

    def _draw_legend(self, surface: pygame.Surface, theme: T.Theme, box: pygame.Rect) -> None:
        """The keys and the notes of the overlays shown, under the checks (never on the map)."""
        font = theme.fonts.get(13, "Medium")
        step, pad = font.get_linesize(), theme.px(8)
        draw.rounded_rect(surface, box, (*T.BG_DEEP, 230), theme.px(8), T.LINE, 1)
        y = box.top + theme.px(7)
        for text, on in self._legend_rows(theme, box.w):
            colour = T.TEXT if on is None else T.ACCENT_HI if on else T.TEXT_DIM
            draw.text(surface, text, font, colour, (box.left + pad, y), max_width=box.w - 2 * pad)
            y += step

    def layers(self) -> list[maplab.Layer]:
        if self.lab is None:
            return []
        point = self.hover_point
        spot = self.lab.spot_at(point) if point is not None else None
        out = []
        for overlay in self.lab.overlays():
            if overlay.key in self.shown:
                key = (id(self.lab), overlay.key, spot)
                if key not in self._layer_memo:  # one search per hovered cell, not per frame
                    self._layer_memo = {k: v for k, v in self._layer_memo.items() if k[0] == key[0]}
                    self._layer_memo[key] = self.lab.layer(overlay.key, point)
                out.append(self._layer_memo[key])
        return out

    def markers(self) -> list[list[tuple[float, float]]]:
        if "p" in self.shown or self.board is None:
            return []
        return [maplab.problem_points(self.board, p) for p in self.problems]

    # -- input -------------------------------------------------------------------------------
    def hover(self, pos) -> None:
        for b in self.buttons + [b for b, _kind in self.palette_buttons]:
            b.hover(pos)
        if self.board is not None and self.map_rect.collidepoint(pos):
            self.hover_point = self.map.to_map(pos)
            self.map.hover = self.map.spot_under(pos)
        if self.dragging is not None:
            spot = self.map.spot_under(pos)
            if spot is not None:
                self.pieces[self.dragging].cell = spot

    def click(self, pos, button: int = 1) -> None:
        for b in self.buttons + [b for b, _kind in self.palette_buttons]:
            if b.click(pos, button):
                return
        if self.map_rect.collidepoint(pos):
            self._click_map(pos, button)
            return
        index = self.panel.block_at(self.theme, pos) if button == 1 else None
        target = self.block_targets.get(index) if index is not None else None
        if target is not None and target[0] == "problem":
            self.centre_on_problem(target[1])
        elif target is not None and target[0] == "move":
            self.apply_move(target[1])
        elif target is not None and target[0] == "report":
            open_page(target[1])

    def centre_on_problem(self, problem: Any) -> None:
        if self.board is not None:
            self.map.centre_on(maplab.problem_points(self.board, problem))

    def _click_map(self, pos, button: int) -> None:
        cell = self.map.spot_under(pos)
        if cell is None or self.lab is None:
            return
        at = self._piece_at(cell)
        if button == 3:
            if at is not None:
                del self.pieces[at]
                self.select(None)
            return
        if button != 1:
            return
        move = next((m for m in self.moves if m.to == cell), None)
        if move is not None and at != self.selected:
            self.apply_move(move)
        elif at is not None:
            self.select(at)
            self.dragging = at
        elif self.tool is not None:
            self.place(cell)

    def release(self, pos, button: int = 1) -> None:
        if self.dragging is not None:
            self.dragging = None
            self.select(self.selected)

    def scroll(self, dy: int) -> None:
        pos = pygame.mouse.get_pos()
        if self.board is not None and self.map_rect.collidepoint(pos):
            self.map.zoom_by(1 if dy > 0 else -1)
        else:
            self.panel.scroll(dy)

    def key(self, name: str) -> None:
        keys = {o.key for o in self.lab.overlays()} if self.lab is not None else set()
        if name == "escape":
            self.app.pop(self)
        elif name in ("r", "f5"):
            self.reload()
        elif name in keys or name == "p":
            self.shown ^= {name}
        elif name == "0":
            self.map.zoom, self.map.focus = 1.0, None
        else:
            self.panel.key(name)


def open_page(page: Path) -> None:
    """Open a written report in the system's browser (nothing happens where there is none)."""
    import webbrowser

    webbrowser.open(Path(page).resolve().as_uri())


def _errors(n: int) -> str:
    return ngettext("{n} error", "{n} errors", n).format(n=n)


def _warnings(n: int) -> str:
    return ngettext("{n} warning", "{n} warnings", n).format(n=n)


def _problem_text(problem: Any) -> str:
    """A problem without its file's path: the place first, as the list shows it."""
    place = getattr(problem, "place", "")
    message = getattr(problem, "message", None)
    if message is None:
        return str(problem)
    if getattr(problem, "is_warning", False):
        message = _("warning: {message}").format(message=message)

    return f"{place}: {message}" if place else message


def _on_map(setup: Any, map_id: str, ruleset: Any) -> Any:
    """``setup`` on this map; a game with no list of maps (Quodd) plays a board as a
    scenario of its own, so its default scenario is dropped."""
    import dataclasses

    scenario = setup.scenario if ruleset.maps() else None
    return dataclasses.replace(setup, map=map_id, scenario=scenario)


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
