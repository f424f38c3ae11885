"""Set-up decisions of Riot Quest drawn as cards: decks, arena, Spec-Ops classes, crew picks,
bans and the Riot Gear hand (with the crew it is for).

A base of :class:`riotsim.ui.views.riotquest.RiotQuestView`: it uses the view's theme, host,
state, action index and hover position, and records clickable cards in ``setup_rects``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from riotsim.core.contract import Action
from riotsim.games.riotquest import rules
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.profile import profile
from riotsim.i18n import _, ngettext
from riotsim.ui import draw as D
from riotsim.ui import theme as T
from riotsim.ui.views import riotquest_art as A
from riotsim.ui.views import riotquest_cards as C
from riotsim.ui.views.base import GameView
from riotsim.ui.views.riotquest_board import ArenaPainter, arena_tiles
from riotsim.ui.views.words import tr

if TYPE_CHECKING:
    from riotsim.ui.views.riotquest_index import ActionIndex

SCROLLBAR = 6  # the width of a scrolling grid's track


class SetupScreens(GameView):
    """Drawing of the pending set-up decision in the arena's place."""

    if TYPE_CHECKING:  # what RiotQuestView, the one class this is part of, provides
        arena_rect: pygame.Rect
        idx: ActionIndex
        hover_pos: tuple[int, int]
        thumbs: dict[str, ArenaPainter]
        setup_rects: list[tuple[pygame.Rect, Action | None]]
        setup_full: list[pygame.Rect]
        setup_view: pygame.Rect
        setup_scroll: int
        setup_scroll_max: int
        setup_scroll_for: tuple[str, int | None]

        @property
        def state(self) -> Any: ...
        @property
        def viewer(self) -> int | None: ...
        def waiting_text(self) -> str: ...

    def _draw_setup(self, surface: pygame.Surface, frame: Any) -> None:
        th = self.theme
        area = self.arena_rect
        D.rounded_rect(surface, area, (*T.PANEL, 220), th.px(12), T.LINE, 1)
        pad = th.px(16)
        top = self._setup_heading(surface, frame, area, pad)
        body = pygame.Rect(area.left + pad, top, area.w - 2 * pad, area.bottom - pad - top)
        self.setup_rects = []
        self.setup_full = []
        self.setup_scroll_max = 0
        if (frame.kind, frame.seat) != self.setup_scroll_for:  # a new choice starts at the top
            self.setup_scroll, self.setup_scroll_for = 0, (frame.kind, frame.seat)
        if frame.kind == "gear" and frame.seat != self.viewer:
            D.text(
                surface,
                _("{player} is choosing Riot Gear in secret.").format(
                    player=self.host.player_name(frame.seat)
                ),
                th.fonts.get(16),
                T.TEXT_DIM,
                body.center,
                "center",
            )
            return
        legal = {a for a in self.idx.setup} if self.idx.mine else set()
        k = frame.kind
        if k in ("bounty_deck", "treasure_deck"):
            self._deck_cards(surface, body, k, legal)
        elif k == "arena":
            items = [(a, rules.act("arena", ("arena", a))) for a in frame.data.get("options", [])]
            self._grid(
                surface,
                body,
                items,
                2,
                th.px(380),
                lambda r, it, hot: self._arena_card(surface, r, it[0], hot),
                legal,
            )
        elif k == "classes":
            items = [(f"{a['first']}+{a['second']}", a) for a in self.idx.setup]
            self._grid(
                surface,
                body,
                items,
                5,
                th.px(60),
                lambda r, it, hot: self._class_pair(surface, r, it[1], hot),
                legal,
            )
        elif k in ("crew", "ban"):
            self._hero_cards(surface, body, frame, legal)
        elif k == "gear":
            self._gear_cards(surface, body, frame.seat, legal)

    def _setup_heading(
        self, surface: pygame.Surface, frame: Any, area: pygame.Rect, pad: int
    ) -> int:
        """Who chooses what, and the line under it; returns where the cards start."""
        th = self.theme
        titles = {
            "bounty_deck": _("choose the Bounty deck"),
            "treasure_deck": _("choose the Treasure deck"),
            "arena": _("choose the arena"),
            "classes": _("choose two classes for a Spec-Ops crew"),
            "crew": _("build a crew"),
            "ban": _("ban two heroes from {player}'s crew").format(
                player=self.host.player_name(frame.data.get("of", 0))
            ),
            "gear": _("choose a Riot Gear hand"),
        }
        width = area.w - 2 * pad
        title = f"{self.host.player_name(frame.seat)}: {titles.get(frame.kind, frame.kind)}"
        font = th.fonts.title(22)
        y = area.top + pad
        for line in D.wrap(title, font, width)[:2]:  # (a long name, or Italian, takes two)
            D.text(surface, line, font, T.TEXT, (area.left + pad, y), max_width=width)
            y += font.get_linesize()
        # the line under it wraps where the text size (or Italian) makes it long
        y = max(area.top + pad + th.px(32), y + th.px(2))
        small = th.fonts.get(14)
        for line in D.wrap(self._setup_subtitle(frame), small, width)[:3]:
            D.text(surface, line, small, T.TEXT_DIM, (area.left + pad, y), max_width=width)
            y += small.get_linesize()
        return max(area.top + pad + th.px(60), y + th.px(10))

    def _deck_cards(self, surface: pygame.Surface, body: pygame.Rect, k: str, legal: set) -> None:
        c = content()
        decks = c.bounty_decks if k == "bounty_deck" else c.treasure_decks
        names = c.bounty_deck_names if k == "bounty_deck" else c.treasure_deck_names
        items = [(d, rules.act(k, ("deck", d))) for d in decks]
        self._grid(
            surface,
            body,
            items,
            2,
            self.theme.px(220),
            lambda r, it, hot: self._deck_card(surface, r, k, it[0], tr(names[it[0]]), hot),
            legal,
        )

    def _hero_cards(
        self, surface: pygame.Surface, body: pygame.Rect, frame: Any, legal: set
    ) -> None:
        """The heroes to pick for a crew, or to ban from the next crew."""
        th = self.theme
        k = frame.kind
        pl = self.state.players[frame.seat]
        if k == "crew":
            pool = list(content().heroes)
            picked = set(pl.crew)
        else:
            pool = list(self.state.players[frame.data["of"]].crew)
            picked = set()
        items = [(h, rules.act("pick" if k == "crew" else "ban", ("hero", h))) for h in pool]
        note = _("in crew") if k == "crew" else ""
        # as many across as leave each card room for its lines (fewer, wider cards where the
        # text is large); every card as tall as the wordiest needs; where the rows outgrow the
        # body the grid scrolls (wheel, or the focus ring) rather than cut the cards' text
        most = 4 if body.w > th.px(640) else 3
        cols = self._hero_columns(pool, body.w, most)
        need = self._hero_need(pool, body.w, cols, note)
        rows = (len(items) + cols - 1) // cols
        if rows * need + th.px(10) * (rows - 1) > body.h:
            body = pygame.Rect(body.left, body.top, body.w - th.px(SCROLLBAR + 6), body.h)
            cols = self._hero_columns(pool, body.w, most)
            need = self._hero_need(pool, body.w, cols, note)
        self._grid(
            surface,
            body,
            items,
            cols,
            max(th.px(140), need),
            lambda r, it, hot: C.cached(
                surface,
                C.hero_card,
                r,
                th,
                it[0],
                selected=it[0] in picked or hot,
                dim=it[1] not in legal and it[0] not in picked,
                note=note if it[0] in picked else "",
            ),
            legal,
            scroll=True,
        )

    def _hero_columns(self, pool: list[str], width: int, most: int) -> int:
        """Hero cards across ``width``: ``most``, fewer (down to one) while a card would be
        too narrow for its name, stats or weapons (a large text size)."""
        th = self.theme
        need = max((C.hero_card_min_width(th, h) for h in pool), default=0)
        cols = most
        while cols > 1 and (width - th.px(10) * (cols - 1)) // cols < need:
            cols -= 1
        return cols

    def _hero_need(self, pool: list[str], width: int, cols: int, note: str = "") -> int:
        """The height the wordiest hero card of ``pool`` needs in a grid ``cols`` across (a
        picked one has ``note`` after its class)."""
        card_w = (width - self.theme.px(10) * (cols - 1)) // cols
        return max((C.hero_card_height(self.theme, card_w, h, None, note) for h in pool), default=0)

    def _gear_cards(
        self, surface: pygame.Surface, body: pygame.Rect, seat: int, legal: set
    ) -> None:
        """The Riot Gear to choose a hand from, over the crew it will equip."""
        th = self.theme
        hand = set(self.state.players[seat].hand)
        items = [(g, rules.act("gear", ("gear", g))) for g in content().gear]
        cols = 4 if body.w > th.px(640) else 3
        crew = self.state.players[seat].crew
        if crew:
            cols = self._crew_columns(body.w)
            rows = (len(crew) + cols - 1) // cols
            strip_h = (self._crew_chip_h() + th.px(4)) * rows + th.px(18) + th.px(4)
            strip = pygame.Rect(body.left, body.bottom - strip_h, body.w, strip_h)
            body = pygame.Rect(body.left, body.top, body.w, body.h - strip_h - th.px(10))
            self._crew_strip(surface, strip, crew)
        self._grid(
            surface,
            body,
            items,
            cols,
            th.px(120),
            lambda r, it, hot: C.cached(
                surface,
                C.gear_card,
                r,
                th,
                it[0],
                it[0] in hand or hot,
                it[1] not in legal and it[0] not in hand,
            ),
            legal,
        )

    def _crew_columns(self, width: int) -> int:
        """As many crew chips per row as fit their stat line (3 to 5; 2 where the text is
        large)."""
        th = self.theme
        need = th.fonts.get(11).size("SPD 4  DEF 3/6  STA 5")[0] + th.px(44)
        return max(3 if th.text_scale <= 1 else 2, min(5, width // max(1, need)))

    def _crew_chip_h(self) -> int:
        """A crew chip's height: its name over its stat line, however large the text."""
        th = self.theme
        name, small = th.fonts.get(11, "Bold"), th.fonts.get(11)
        return max(th.px(30), th.px(2) + name.get_height() + small.get_height() - th.px(2))

    def _crew_strip(self, surface: pygame.Surface, rect: pygame.Rect, crew: list[str]) -> None:
        """The crew the Riot Gear is for: each hero with class, SPD, DEF and STA."""
        th = self.theme
        head = D.text(surface, _("YOUR CREW"), th.fonts.get(11, "Bold"), T.TEXT_DIM, rect.topleft)
        top = max(th.px(18), head.h + th.px(2))
        cols = self._crew_columns(rect.w)
        gap = th.px(6)
        w = (rect.w - gap * (cols - 1)) // cols
        h = self._crew_chip_h()
        small = th.fonts.get(11)
        for i, hero in enumerate(crew):
            r = pygame.Rect(
                rect.left + (i % cols) * (w + gap),
                rect.top + top + (i // cols) * (h + th.px(4)),
                w,
                h,
            )
            C.card_frame(surface, r, th)
            cls = C.hero_class(hero)
            icon = h - th.px(8)
            centre = (r.left + th.px(4) + icon / 2, r.centery)
            D.aa_circle(surface, A.CLASS_COLOURS.get(cls, T.LINE), centre, icon / 2)
            img = A.class_icon(cls, round(icon * 0.7))
            surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
            p = profile(hero, None)
            x = r.left + icon + th.px(8)
            D.text(
                surface,
                C.short_name(hero),
                th.fonts.get(11, "Bold"),
                T.TEXT,
                (x, r.top + th.px(2)),
                max_width=r.right - x - th.px(4),
            )
            D.text(
                surface,
                f"SPD {p.spd}  DEF {p.def1}/{p.def2}  STA {p.sta}",
                small,
                T.TEXT_DIM,
                (
                    x,
                    max(
                        r.centery,
                        r.top + th.px(2) + th.fonts.get(11, "Bold").get_height() - th.px(2),
                    ),
                ),
                max_width=r.right - x - th.px(4),
            )

    def _setup_subtitle(self, frame: Any) -> str:
        state = self.state
        pl = state.players[frame.seat]
        k = frame.kind
        waiting = self.waiting_text()
        if waiting:  # a bot's or another player's choice, or a replay: no "click" prompts
            return waiting
        if k == "crew":
            lo, hi = rules.crew_limits(state.options["crew_mode"])
            return _(
                "Mode {mode}: {lo}-{hi} heroes. Picked {n}."
                " Click a card to add it; Done when ready."
            ).format(mode=state.options["crew_mode"], lo=lo, hi=hi, n=len(pl.crew))
        if k == "gear":
            size = rules.gear_hand_size(state, frame.seat)
            return _("One card per hero: {n} of {size} chosen. Your hand stays hidden.").format(
                n=len(pl.hand), size=size
            )
        if k == "ban":
            left = int(frame.data.get("left", 2))
            return ngettext(
                "{n} ban left. Banned heroes leave that crew.",
                "{n} bans left. Banned heroes leave that crew.",
                left,
            ).format(n=left)
        if k == "arena":
            return _("Highest roll picks the arena.")
        return _("Click a card to choose.")

    def _grid(
        self,
        surface,
        body: pygame.Rect,
        items: list,
        cols: int,
        card_h: int,
        paint: Callable,
        legal: set,
        scroll: bool = False,
    ) -> None:
        """Cards ``cols`` across. They shrink to the body's height, or, with ``scroll``, keep
        ``card_h`` and scroll inside the body (``setup_rects`` then holds the part of each card
        on show, ``setup_full`` the whole card)."""
        th = self.theme
        gap = th.px(10)
        cols = max(1, cols)
        w = (body.w - gap * (cols - 1)) // cols
        rows = max(1, (len(items) + cols - 1) // cols)
        total = rows * card_h + gap * (rows - 1)
        self.setup_view = pygame.Rect(body)
        self.setup_full = []
        self.setup_scroll_max = max(0, total - body.h) if scroll else 0
        if not self.setup_scroll_max:
            card_h = min(card_h, (body.h - gap * (rows - 1)) // rows)
        self.setup_scroll = max(0, min(self.setup_scroll, self.setup_scroll_max))
        clip = surface.get_clip()
        surface.set_clip(body.clip(clip))
        for i, item in enumerate(items):
            r = pygame.Rect(
                body.left + (i % cols) * (w + gap),
                body.top + (i // cols) * (card_h + gap) - self.setup_scroll,
                w,
                card_h,
            )
            shown = r.clip(body)
            action = item[1] if item[1] in legal else None
            hot = action is not None and shown.collidepoint(self.hover_pos)
            paint(r, item, hot)  # (a card out of view too: its picture is cached for a scroll)
            self.setup_rects.append((shown, action))
            self.setup_full.append(r)
        surface.set_clip(clip)
        if self.setup_scroll_max:
            self._scrollbar(surface, body, total)

    def _scrollbar(self, surface: pygame.Surface, body: pygame.Rect, total: int) -> None:
        """A track right of the cards, its thumb as long as the share of them on show."""
        th = self.theme
        bar = th.px(SCROLLBAR)
        track = pygame.Rect(body.right + th.px(6), body.top, bar, body.h)
        D.rounded_rect(surface, track, (30, 35, 48), bar // 2)
        thumb_h = max(th.px(24), round(body.h * body.h / total))
        top = track.top + round((body.h - thumb_h) * self.setup_scroll / self.setup_scroll_max)
        thumb = pygame.Rect(track.left, top, bar, thumb_h)
        D.rounded_rect(surface, thumb, (110, 118, 136), bar // 2)

    def scroll_setup(self, dy: int) -> bool:
        """The wheel over a scrolling grid of set-up cards (True: it scrolled)."""
        if not self.setup_scroll_max:
            return False
        step = self.theme.px(40)
        self.setup_scroll = max(0, min(self.setup_scroll - dy * step, self.setup_scroll_max))
        return True

    def show_setup_card(self, i: int) -> None:
        """Scroll the grid so that card ``i`` is whole on show (the focus ring came to it)."""
        if not self.setup_scroll_max or not 0 <= i < len(self.setup_full):
            return
        r, view = self.setup_full[i], self.setup_view
        if r.top < view.top:
            self.setup_scroll -= view.top - r.top
        elif r.bottom > view.bottom:
            self.setup_scroll += r.bottom - view.bottom
        self.setup_scroll = max(0, min(self.setup_scroll, self.setup_scroll_max))

    def _deck_card(
        self, surface, rect: pygame.Rect, kind: str, deck: str, name: str, hot: bool
    ) -> None:
        th = self.theme
        c = content()
        C.card_frame(
            surface, rect, th, (204, 121, 167) if kind == "bounty_deck" else A.LOOT_GOLD, hot
        )
        pad = th.px(10)
        D.text(
            surface,
            name,
            th.fonts.get(16, "Bold"),
            T.TEXT,
            (rect.left + pad, rect.top + pad),
            max_width=rect.w - 2 * pad,
        )
        if kind == "bounty_deck":
            names = [
                f"{tr(c.bounties[b].name)} ({c.bounties[b].value})" for b in c.bounty_decks[deck]
            ]
        else:
            names = [tr(c.chests[x].name) for x in c.treasure_decks[deck]]
        body = pygame.Rect(
            rect.left + pad,
            rect.top + pad + th.px(26),
            rect.w - 2 * pad,
            rect.h - 2 * pad - th.px(26),
        )
        D.text_block(surface, ", ".join(names), th.fonts.get(12), (206, 210, 222), body)

    def _arena_card(self, surface, rect: pygame.Rect, arena_id: str, hot: bool) -> None:
        th = self.theme
        C.card_frame(surface, rect, th, (86, 180, 233), hot)
        pad = th.px(10)
        painter = self.thumbs.get(arena_id)
        if painter is None:
            try:
                from riotsim.games.riotquest.arena import get_arena

                arena = get_arena(arena_id)
                painter = ArenaPainter(arena, arena_tiles(arena_id))
            except Exception:  # noqa: BLE001 - an arena that fails to load still shows its name
                painter = None
            if painter is not None:
                self.thumbs[arena_id] = painter
        title = tr(self.match.ruleset.choice_name(arena_id))
        if painter is not None:
            area = pygame.Rect(
                rect.left + pad,
                rect.top + pad + th.px(26),
                rect.w - 2 * pad,
                rect.h - 2 * pad - th.px(26),
            )
            painter.fit(area)
            painter.draw(surface)
        D.text(
            surface,
            title,
            th.fonts.get(16, "Bold"),
            T.TEXT,
            (rect.left + pad, rect.top + pad),
            max_width=rect.w - 2 * pad,
        )

    def _class_pair(self, surface, rect: pygame.Rect, action: Action, hot: bool) -> None:
        th = self.theme
        C.card_frame(surface, rect, th, None, hot)
        size = min(rect.h - th.px(12), th.px(30))
        for i, cls in enumerate((action.word("first"), action.word("second"))):
            cx = rect.left + rect.w * (0.28 + 0.44 * i)
            D.aa_circle(surface, A.CLASS_COLOURS.get(cls, T.LINE), (cx, rect.centery), size / 2)
            icon = A.class_icon(cls, round(size * 0.7))
            surface.blit(icon, icon.get_rect(center=(round(cx), rect.centery)))
