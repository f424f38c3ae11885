"""Main menu: New game, Continue, Load, Settings, Quit, beside a list of installed games."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import riotsim
from riotsim.i18n import _, ngettext
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.catalog import GameCatalog, GameEntry, playable_rulesets
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene
from riotsim.ui.scenes.opening import open_save
from riotsim.ui.widgets import Button

if TYPE_CHECKING:
    from riotsim.ui.app import App

__all__ = ["MenuScene", "latest_autosave", "playable_rulesets"]


def latest_autosave():
    from riotsim.core.saves import latest_autosave as find

    try:
        return find()
    except OSError:  # e.g. RIOTSIM_HOME is a file: no autosave to offer, the menu still opens
        return None


def _autosave_hint(path, games: list[GameEntry] | None = None) -> str:
    """ "Riot Quest - Rosa, Ugo" for the Continue button (empty if the file cannot be read).

    The game's name comes from ``games`` (the catalog); until that is known, or for a game
    not installed, its id stands in - importing the game here would delay the first frame.
    """
    from riotsim.core.saves import SaveError, save_info

    try:
        info = save_info(path)  # the header only: a huge or broken file costs nothing here
    except SaveError:
        return ""
    names, game = ", ".join(info.players), info.game
    if games is None:
        return names  # the game's name follows once the catalog knows it
    ruleset = dict(games).get(game)
    if ruleset is None:
        return _("{game} (not installed) - {names}").format(game=game, names=names)
    return f"{getattr(ruleset, 'name', '') or game} - {names}"


@register_scene("menu")
class MenuScene(WidgetScene):
    """The first screen. It draws before the game packages are imported: the catalog finds
    the playable rule sets on a worker thread and the games panel fills in when it answers."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.catalog = GameCatalog()
        self._shown: list[GameEntry] | None = None  # what the panel lists now
        self._pointer = (-1, -1)

    @property
    def games(self) -> list[GameEntry]:
        """The playable rule sets (waits for the catalog if it is still looking)."""
        return self.catalog.wait()

    def enter(self) -> None:
        super().enter()
        self.focus.move(1)  # Return starts a new game straight away

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.catalog.start()  # after the first frame is drawn (no-op once started)

    def update(self, dt: float) -> None:
        if self._shown is None and self.catalog.ready:
            label = getattr(self.focus.current, "label", None)
            self.rebuild()
            again = next((b for b in self.buttons if b.label == label), None)
            if again is not None and again.enabled:
                self.focus.focus(again)
            else:
                self.focus.move(1)
            self.focus.hover(self._pointer)

    def hover(self, pos) -> None:
        self._pointer = pos
        super().hover(pos)

    def click(self, pos, button: int = 1) -> None:
        if self.focus.click(pos, button):
            return
        for rect, ruleset_id in getattr(self, "card_rects", []):
            if button == 1 and rect.collidepoint(pos):
                self.new_game(ruleset_id)  # a game's card opens its setup
                return

    def build(self) -> None:
        self._shown = games = self.catalog.peek()
        has_games = games is None or bool(games)  # still looking: assume yes
        autosave = latest_autosave()
        self.new_button = Button(
            _("New game"),
            self.new_game,
            primary=True,
            enabled=has_games,
            hint="" if has_games else _("no complete rule set installed"),
        )
        self.continue_button = Button(
            _("Continue"),
            self.continue_game,
            enabled=autosave is not None,
            hint=_autosave_hint(autosave, games) if autosave is not None else _("no autosave yet"),
        )
        self.buttons = [
            self.new_button,
            self.continue_button,
            Button(_("Learn to play"), self.learn),
            Button(_("Load"), self.load_game),
            Button(_("Settings"), self.settings),
            Button(_("Quit"), self.app.quit),
        ]
        self.widgets = list(self.buttons)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        bw, bh, gap = theme.px(300), theme.px(54), theme.px(12)
        x = max(theme.px(56), int(w * 0.09))
        y = int(h * 0.42)
        for button in self.buttons:
            button.rect = pygame.Rect(x, y, bw, bh)
            y += bh + gap
        self.games_rect = pygame.Rect(0, 0, min(theme.px(480), int(w * 0.4)), 0)
        self.games_rect.right = w - x
        # as tall as its cards need, centred on the button column, within the window
        needed = theme.px(92) * max(1, len(self._shown or [])) + theme.px(58)
        top_limit, bottom_limit = int(h * 0.12), h - theme.px(40)
        self.games_rect.h = min(needed, bottom_limit - top_limit)
        middle = (self.buttons[0].rect.top + self.buttons[-1].rect.bottom) // 2
        self.games_rect.centery = middle
        if self.games_rect.bottom > bottom_limit:
            self.games_rect.bottom = bottom_limit
        if self.games_rect.top < top_limit:
            self.games_rect.top = top_limit

    def back(self) -> None:
        """Escape on the main menu does nothing on purpose: quitting is the Quit button."""

    def new_game(self, ruleset_id: str | None = None) -> None:
        self.app.push("setup", ruleset_id)

    def continue_game(self) -> None:
        path = latest_autosave()
        if path is not None:
            open_save(self.app, path)

    def load_game(self) -> None:
        self.app.push("load")

    def learn(self) -> None:
        self.app.push("lessons")

    def settings(self) -> None:
        self.app.push("settings")

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.theme
        w, h = surface.get_size()
        x = self.buttons[0].rect.left
        # title block
        title_font = theme.fonts.get(76, "Black")
        top = int(h * 0.13)
        r = draw.text(surface, "riotsim", title_font, T.TEXT, (x, top))
        for i, shape in enumerate(T.SEAT_SHAPES):
            colour = T.seat_colour(i)
            cx = r.right + theme.px(30) + i * theme.px(30)
            draw.seat_marker(surface, shape, colour, (cx, r.centery + theme.px(10)), theme.px(10))
        draw.text(
            surface,
            _("A tabletop that knows the rules."),
            theme.fonts.get(22, "Light"),
            T.TEXT_DIM,
            (x + theme.px(4), r.bottom + theme.px(4)),
        )
        # installed games
        panel = self.games_rect
        draw.rounded_rect(surface, panel, (*T.PANEL, 235), theme.px(14), T.LINE, 1)
        pad = theme.px(22)
        draw.text(
            surface,
            _("GAMES ON THIS TABLE"),
            theme.fonts.get(13, "Bold"),
            T.TEXT_DIM,
            (panel.left + pad, panel.top + theme.px(18)),
        )
        y = panel.top + theme.px(50)
        shown = self._shown or []
        if self._shown is None:
            draw.text(
                surface,
                _("Looking for installed games..."),
                theme.fonts.get(16),
                T.TEXT_DIM,
                (panel.left + pad, y),
                max_width=panel.w - 2 * pad,
            )
        elif not shown:
            draw.text_block(
                surface,
                _(
                    "No rule set is complete yet. Games appear here as soon as their rules are "
                    "fully implemented."
                ),
                theme.fonts.get(16),
                T.TEXT_DIM,
                pygame.Rect(panel.left + pad, y, panel.w - 2 * pad, panel.h - theme.px(60)),
            )
        n = max(1, len(shown))
        gap = theme.px(12)
        card_h = max(theme.px(50), min(theme.px(80), (panel.bottom - y - pad) // n - gap))
        self.card_rects = []
        for i, (ruleset_id, ruleset) in enumerate(shown):
            if y + card_h > panel.bottom:
                break
            card = pygame.Rect(panel.left + pad, y, panel.w - 2 * pad, card_h)
            self.card_rects.append((card, ruleset_id))
            hot = card.collidepoint(self._pointer)
            draw.rounded_rect(
                surface, card, T.BG_DEEP, theme.px(10), T.ACCENT if hot else None, 1 if hot else 0
            )
            draw.seat_marker(
                surface,
                T.seat_shape(i),
                T.seat_colour(i),
                (card.left + theme.px(30), card.centery),
                theme.px(12),
            )
            name = getattr(ruleset, "name", "") or ruleset_id
            draw.text(
                surface,
                name,
                theme.fonts.get(19, "Bold"),
                T.TEXT,
                (card.left + theme.px(58), card.top + max(theme.px(4), card_h // 2 - theme.px(26))),
                max_width=card.w - theme.px(74),
            )
            lo, hi = ruleset.min_players, ruleset.max_players
            if lo == hi:
                players = ngettext("{n} player", "{n} players", lo).format(n=lo)
            else:
                players = _("{low}-{high} players").format(low=lo, high=hi)
            extras = [players]
            if ruleset.hidden_information:
                extras.append(_("hidden hands, pass-and-play"))
            draw.text(
                surface,
                "  |  ".join(extras),
                theme.fonts.get(14),
                T.TEXT_DIM,
                (
                    card.left + theme.px(58),
                    card.bottom - max(theme.px(4), card_h // 2 - theme.px(26)),
                ),
                "bottomleft",
                card.w - theme.px(74),
            )
            y += card_h + gap
        version = _("riotsim {version}   |   F11 fullscreen").format(
            version=getattr(riotsim, "__version__", "")
        )
        draw.text(
            surface,
            version,
            theme.fonts.get(13),
            T.DISABLED_TEXT,
            (w - theme.px(20), h - theme.px(14)),
            "bottomright",
        )
