"""End of game: winners, reason, scores and per-player statistics; rematch, save, menu."""

from __future__ import annotations

import random

import pygame

from riotsim.i18n import _, ngettext
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.bots import bot_title
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene
from riotsim.ui.scenes.opening import start_match
from riotsim.ui.views.words import tr
from riotsim.ui.widgets import Button


@register_scene("summary")
class SummaryScene(WidgetScene):
    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.match = game.match
        self.outcome = game.match.outcome()

    def build(self) -> None:
        self.next_setup = self._follow_up()
        first: list[Button] = []
        if self.next_setup is not None:
            first.append(Button(self._next_label(), self.play_next, primary=True))
        self.buttons = [
            *first,
            Button(_("Rematch"), self.rematch, primary=not first),
            Button(_("See the board"), self.see_board),
            Button(_("Save replay"), self.save_replay),
            Button(_("Back to menu"), self.app.open_menu),
        ]
        self.widgets = list(self.buttons)

    def enter(self) -> None:
        super().enter()
        self.focus.move(1)  # Return: the first button (the next scenario, else a rematch)

    def see_board(self) -> None:
        """Back to the final position; the bar's Results button (or Return) comes back here."""
        self.app.stack.pop(self)
        self.game.notice(_("Game over. Results (or Return) shows the summary again."))

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        bh, gap = theme.px(50), theme.px(14)
        # each button as wide as its label ("Next: Tutorial 2: Skills and tiles" included),
        # all narrowed together only if the row would not fit the window
        widths = [
            max(theme.px(170), theme.fonts.get(b.size, "Medium").size(b.label)[0] + theme.px(36))
            for b in self.buttons
        ]
        room = w - theme.px(40) - gap * (len(widths) - 1)
        if sum(widths) > room:
            widths = [max(theme.px(90), wd * room // sum(widths)) for wd in widths]
        x = (w - sum(widths) - gap * (len(widths) - 1)) // 2
        for b, bw in zip(self.buttons, widths, strict=True):
            b.rect = pygame.Rect(x, h - theme.px(40) - bh, bw, bh)
            x += bw + gap

    def back(self) -> None:
        self.app.open_menu()

    def _follow_up(self):
        """The next game of a tutorial or campaign chain, if the rules offer one."""
        try:
            return self.match.ruleset.follow_up(self.match.state, self.match.setup)
        except Exception as exc:  # noqa: BLE001 - a broken hook must not hide the summary
            self.app.report(exc, "the next scenario")
            return None

    def _next_label(self) -> str:
        scenario = self.next_setup.scenario if self.next_setup is not None else None
        if not scenario:
            return _("Next game")
        return _("Next: {scenario}").format(scenario=self.match.ruleset.choice_name(scenario))

    def play_next(self) -> None:
        self._start(self.next_setup)

    def rematch(self) -> None:
        from dataclasses import replace

        self._start(replace(self.match.setup, seed=random.randrange(1, 2**31)))

    def _start(self, setup) -> None:
        from riotsim.core.match import Match
        from riotsim.core.saves import new_autosave_path

        try:
            match = Match(
                self.match.ruleset,
                setup,
                autosave_path=new_autosave_path(self.game.game_id),
                game_id=self.game.game_id,
            )
        except Exception as exc:  # noqa: BLE001
            self.app.report(exc, "starting the next game")
            return
        start_match(self.app, match)

    def save_replay(self) -> None:
        path = self.game.save_as("replay")
        if path is not None:
            self.app.message(
                _("Replay saved"),
                _('Saved as "{name}". Load it from the menu.').format(name=path.stem),
            )

    def _headline(self) -> str:
        winners = self.outcome.winners
        if not winners:
            if len(self.match.setup.players) == 1:
                return _("Not this time")  # a solo scenario lost: the reason line says why
            reason = self.outcome.reason.lower()
            return _("A draw") if ("draw" in reason or "tie" in reason) else _("No winner")
        if len(winners) > 1 and len(winners) == len(self.match.setup.players):
            return _("A draw")  # every seat tied at the top (a 0-0 included): nobody won
        names = [self.game.player_title(s) for s in winners]
        if len(names) == 1:
            return _("{name} wins!").format(name=names[0])
        return _("{names} and {last} win!").format(names=", ".join(names[:-1]), last=names[-1])

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.theme
        w, h = surface.get_size()
        out = self.outcome
        name = getattr(self.match.ruleset, "name", "") or self.game.game_id
        rows = len(self.match.setup.players)
        block = theme.px(24 + 60 + 6 + 24 + 48 + 56 + 16 + 52 * rows + 60)
        y = max(theme.px(30), (h - theme.px(110) - block) // 2 + theme.px(60))
        for i, seat in enumerate(out.winners[:6]):
            cx = w // 2 + (i - (len(out.winners[:6]) - 1) / 2) * theme.px(44)
            draw.seat_marker(
                surface,
                self.game.seat_shape(seat),
                self.game.seat_colour(seat),
                (cx, y - theme.px(30)),
                theme.px(16),
            )
        draw.text(
            surface,
            _("{game}  -  GAME OVER").format(game=name.upper()),
            theme.fonts.get(14, "Bold"),
            T.TEXT_DIM,
            (w // 2, y),
            "midtop",
        )
        r = draw.text(
            surface,
            self._headline(),
            theme.fonts.title(48),
            T.ACCENT,
            (w // 2, y + theme.px(24)),
            "midtop",
            w - theme.px(80),
        )
        y = r.bottom + theme.px(6)
        reason = self.match.ruleset.reason_text(out.reason)
        bits = [reason[:1].upper() + reason[1:]] if reason else []
        if out.rounds:
            bits.append(ngettext("{n} round", "{n} rounds", out.rounds).format(n=out.rounds))
        moves = len(self.match.log)
        bits.append(ngettext("{n} action", "{n} actions", moves).format(n=moves))
        draw.text(
            surface,
            "  |  ".join(bits),
            theme.fonts.get(17),
            T.TEXT_DIM,
            (w // 2, y),
            "midtop",
            w - theme.px(80),
        )
        self._draw_table(surface, y + theme.px(48))

    def _draw_table(self, surface: pygame.Surface, top: int) -> None:
        theme = self.theme
        w, h = surface.get_size()
        out = self.outcome
        players = self.match.setup.players
        columns: list[tuple[str, list[str]]] = []
        if out.scores:
            columns.append((_("Score"), [str(v) for v in out.scores]))
        for key, values in out.stats.items():
            label = tr(str(key).replace("_", " "))  # the rules mark their stats' names
            columns.append((label[:1].upper() + label[1:], [str(v) for v in values]))
        name_w = theme.px(260)
        col_w = theme.px(130)
        max_cols = max(0, (w - theme.px(120) - name_w) // col_w)
        columns = columns[:max_cols]
        table_w = name_w + col_w * len(columns) + theme.px(40)
        row_h = theme.px(52)
        bottom_limit = h - theme.px(120)
        rows = len(players)
        panel = pygame.Rect(0, top, table_w, theme.px(56) + rows * row_h + theme.px(16))
        panel.centerx = w // 2
        panel.h = min(panel.h, bottom_limit - top)
        draw.rounded_rect(surface, panel, (*T.PANEL, 240), theme.px(14), T.LINE, 1)
        head = theme.fonts.get(13, "Bold")
        x0 = panel.left + theme.px(20)
        y = panel.top + theme.px(18)
        draw.text(surface, _("PLAYER"), head, T.TEXT_DIM, (x0, y))
        step = head.get_linesize()
        for i, (label, _values) in enumerate(columns):
            cx = x0 + name_w + i * col_w + col_w // 2
            # long statistic names take two lines rather than being cut
            lines = draw.wrap(label.upper(), head, col_w - 8)
            if len(lines) > 2:
                lines = [lines[0], draw.fit(" ".join(lines[1:]), head, col_w - 8)]
            top = y - (step // 2 if len(lines) > 1 else 0)
            for n, line in enumerate(lines):
                draw.text(surface, line, head, T.TEXT_DIM, (cx, top + n * step), "midtop")
        y += theme.px(36)
        order = sorted(range(rows), key=lambda s: (s not in out.winners, s))
        for seat in order:
            if y + row_h > panel.bottom:
                break
            row = pygame.Rect(panel.left + theme.px(10), y, panel.w - theme.px(20), row_h - 6)
            if seat in out.winners:
                draw.rounded_rect(surface, row, (*T.ACCENT, 40), theme.px(8), T.ACCENT, 1)
            colour = self.game.seat_colour(seat)
            draw.seat_marker(
                surface,
                self.game.seat_shape(seat),
                colour,
                (x0 + theme.px(12), row.centery),
                theme.px(10),
            )
            title = bot_title(players[seat].bot)
            label = self.game.player_title(seat)
            if title:
                label = _("{name}  ({bot})").format(name=label, bot=title)

            draw.text(
                surface,
                label,
                theme.fonts.get(18, "Medium"),
                T.TEXT,
                (x0 + theme.px(34), row.centery),
                "midleft",
                name_w - theme.px(40),
            )
            for i, (_label, values) in enumerate(columns):
                cx = x0 + name_w + i * col_w + col_w // 2
                value = values[seat] if seat < len(values) else "-"
                draw.text(
                    surface, value, theme.fonts.get(20, "Bold"), T.TEXT, (cx, row.centery), "center"
                )
            y += row_h
