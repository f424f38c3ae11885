"""The RIOT views' action bar and hand: the rules' action menu as buttons under headings
(greyed entries keep their place and say why), the viewer's hand as chips, and the one
tooltip for card text and reasons. Mixed into both RIOT views (riot.py); nothing here
decides a rule: the entries come from ``Ruleset.action_menu`` and ``refusal``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from riotsim.core.contract import Action, MenuEntry
from riotsim.i18n import _, pgettext
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.widgets.button import Button
from riotsim.ui.widgets.tooltip import draw_tooltip


@dataclass(frozen=True, slots=True)
class BarEntry:
    """A button of the action bar: an action (or a board pick to start), or a greyed entry
    with the rules' reason."""

    label: str
    action: Action | None
    reason: str
    group: str
    tip: tuple[str, str] = ("", "")  # (title, text) of what an available entry is about

    @property
    def key(self) -> str:
        """What keeps a button in its place while it turns greyed: its label's stem."""
        stem = self.label.removesuffix("...")
        head, sep, tail = stem.rpartition(" (")
        return head if sep and ("credit" in tail or "c, " in tail) else stem

    wide: bool = False  # takes a whole row of a two-column bar
    full: str = ""  # the whole label when the button shows it shortened under its heading

    def widened(self) -> BarEntry:
        return replace(self, wide=True)

    def under_heading(self) -> str:
        """The label under its group's heading, without what the heading says ('Attack
        Autonomen' over 'N building 1')."""
        at = pgettext("before a place", "at") + " "  # the rules' word, in the language spoken
        rest = self.label.removeprefix(self.group + " ").removeprefix(at)
        return rest if rest != self.label and rest else self.label


class ActionBar:
    """The bar and the hand of a RIOT view (a mixin of :class:`riot._CityView`)."""

    # the view's, used here
    host: Any
    match: Any
    theme: Any
    fonts: Any
    hover_pos: tuple[int, int]
    panel_rect: pygame.Rect
    rect: pygame.Rect
    buttons: list[Button]
    bar_reasons: list[str]
    bar_tips: list[tuple[str, str]]
    bar_titles: list[str]
    hand_chips: list[tuple[pygame.Rect, str]]
    tip: tuple[str, str]
    _legal_key: Any
    _menu_key: Any
    _menu: list[MenuEntry]
    _slots: list[BarEntry]
    _slot_ctx: Any

    if TYPE_CHECKING:  # the view's own, used here

        @property
        def ruleset(self) -> Any: ...
        @property
        def state(self) -> Any: ...
        def legal(self) -> list[Action]: ...
        def my_turn(self) -> bool: ...
        def pick(self, a: Action) -> None: ...
        def button_label(self, a: Action) -> str: ...
        def kind_label(self, kind: str) -> str: ...
        def card_label(self, card: str) -> str: ...
        def card_action(self, card: str) -> Action: ...

    def draw_card_tooltip(self, surface: pygame.Surface) -> None:
        """A card of the hand under the pointer: its text."""
        for rect, card in self.hand_chips:
            if rect.collidepoint(self.hover_pos):
                title, text = self.card_text(card)
                self.show_tip(surface, rect, text, title)
                return

    def menu(self) -> list[MenuEntry]:
        """The rules' action menu for the viewer's decision (empty when not theirs)."""
        self.legal()  # refreshes the cache key
        key = self._legal_key
        if key != self._menu_key:
            self._menu_key = key
            self._menu = self.ruleset.action_menu(self.state) if self.my_turn() else []
        return self._menu

    def bar_entries(self) -> list[BarEntry]:
        """The menu as the action bar shows it: moves, placements and a card's unit or entry
        point are picked on the board (one "Buy Officer..." or "Play Forced March..." button
        each), greyed entries keep their reason."""
        out: list[BarEntry] = []
        seen: set[Action] = set()
        for e in self.menu():
            a = e.action
            if a is None:
                # a spent unit says why when clicked, a card in the hand when hovered
                if e.group not in (_("Movement"), _("Cards")):  # the rules' headings
                    out.append(BarEntry(self.greyed_label(e), None, e.reason, e.group))
                continue
            if a.kind == "move" or (a.kind == "place" and a.get("unit") is None):
                continue
            if a.kind in ("buy", "place"):
                a = Action.make("choose_kind", unit=str(a["unit"]))
            elif a.kind == "play" and (a.get("unit") is not None or a.get("at") is not None):
                a = Action.make("choose_card", card=str(a["card"]))
            if a in seen:
                continue
            seen.add(a)
            out.append(BarEntry(self.button_label(a), a, "", e.group, self.action_tip(a)))
        return out

    def greyed_label(self, e: MenuEntry) -> str:
        """A greyed entry's label: a unit type reads as its buy button does."""
        buy = _("Buy {unit}").split("{unit}")[0]  # the rules' label, in the language spoken
        kind = self.kind_named(e.label.removeprefix(buy)) if e.label.startswith(buy) else None
        if kind is not None:
            return _("Buy {unit}").format(unit=self.kind_label(kind))
        return f"{e.label} ({e.cost})" if e.cost else e.label

    def kind_named(self, label: str) -> str | None:
        """The active side's unit type called ``label`` (None: no such)."""
        return None

    def action_tip(self, a: Action) -> tuple[str, str]:
        """(title, text) shown when hovering an entry of the bar: the card, Character or
        unit type it is about ('' for none)."""
        if a.get("card") is not None:
            return self.card_text(str(a["card"]))
        return ("", "")

    @staticmethod
    def _bar_height(rows: list[list[BarEntry]], bh: int, head: int) -> int:
        return sum(bh + 5 if row else head for row in rows)

    def draw_hand(self, surface: pygame.Surface, inner: pygame.Rect, y: int, shown) -> int:
        """The viewer's hand as chips (hover: the card's text; click: play it, or why not);
        returns the y below them."""
        self.hand_chips = []
        viewer = self.host.viewer_seat
        hand = self.hand_cards(shown, viewer) if viewer is not None else []
        if not hand:
            return y
        y += 4
        draw.text(surface, _("YOUR HAND"), self.fonts.get(12, "Bold"), T.TEXT_DIM, (inner.left, y))
        font = self.fonts.get(12, "Medium")
        y += draw.line_step(font)
        pad, gap = self.theme.px(6), self.theme.px(4)
        h = draw.line_step(font) + self.theme.px(4)
        playable = {a.get("card") for a in self.legal()}
        x = inner.left
        counts: dict[str, int] = {}
        for card, _label in hand:
            counts[card] = counts.get(card, 0) + 1
        for card, label in dict(hand).items():
            label = self.card_label(card) + (f" x{counts[card]}" if counts[card] > 1 else "")
            w = min(inner.w, draw.text_size(font, label)[0] + 2 * pad)
            if x + w > inner.right and x > inner.left:
                x, y = inner.left, y + h + gap
            rect = pygame.Rect(x, y, w, h)
            live = card in playable
            fill = T.BUTTON_HI if rect.collidepoint(self.hover_pos) else T.BUTTON
            draw.rounded_rect(surface, rect, fill if live else T.PANEL_HI, self.theme.px(5))
            ink = T.TEXT if live else T.TEXT_DIM
            draw.text(surface, label, font, ink, rect.center, "center", w - 2 * pad)
            self.hand_chips.append((rect, card))
            x += w + gap
        return y + h

    def hand_cards(self, shown, seat: int) -> list[tuple[str, str]]:
        """The seat's hand as (card id, label), in the order held."""
        return []

    def card_text(self, card: str) -> tuple[str, str]:
        """(title, text) of a card for its tooltip."""
        return (card, "")

    def button_slots(self) -> list[BarEntry]:
        """The action bar's entries. An entry keeps its place for the whole step of the turn:
        one that stops being possible (a unit type the player can no longer afford) stays,
        greyed with why, so the buttons after it never move under the pointer."""
        if not self.my_turn() or getattr(self.host, "spectating", False):
            self._slots, self._slot_ctx = [], None
            return []
        s = self.state
        ctx = (
            id(self.match),
            self.host.to_move(),
            s.active,
            s.round,
            s.phase,
            tuple((f.kind, f.seat) for f in s.pending),
        )
        if ctx != self._slot_ctx:
            self._slot_ctx, self._slots = ctx, []
        now = {e.key: e for e in self.bar_entries()}
        known = {e.key for e in self._slots}
        live = {e.action for e in now.values()}
        # a button whose action is offered under a new label goes; one not possible greys
        slots = [
            now.get(e.key) or self.stale(e)
            for e in self._slots
            if e.key in now or e.action is None or e.action not in live
        ]
        slots += [e for k, e in now.items() if k not in known]
        order = {g: i for i, g in reversed(list(enumerate(e.group for e in slots)))}
        order[_("Turn")] = len(slots)  # ending the phase or turn comes last
        self._slots = sorted(slots, key=lambda e: order[e.group])
        return self._slots

    def stale(self, e: BarEntry) -> BarEntry:
        """A button no longer possible this step: greyed, with the rules' reason."""
        if e.action is None:
            return e
        a = e.action
        if a.kind == "choose_card":
            a = self.card_action(str(a["card"]))
        why = "" if a.kind == "choose_kind" else self.ruleset.refusal(self.state, a) or ""
        return BarEntry(e.label, None, why or _("not possible any more this step"), e.group)

    def bar_rows(
        self, slots: list[BarEntry], per_row: int, headings: bool = True, width: int = 0
    ) -> list[list[BarEntry]]:
        """The bar's rows: a heading (an empty row) before each group, then its buttons."""
        rows: list[list[BarEntry]] = []
        group = None
        half = (width - 6) // 2 - self.theme.px(20)  # a half button's room for its label
        font = self.fonts.get(13 * 0.85, "Medium")
        for e in slots:
            if headings:
                e = replace(e, label=e.under_heading(), full=e.label)
            # a label too long for half a row takes a whole one (never cut)
            wide = per_row > 1 and draw.text_size(font, e.label)[0] > half
            if e.group != group:
                group = e.group
                if headings:
                    rows.append([])
                rows.append([])
            elif rows[-1] and (len(rows[-1]) == per_row or wide or rows[-1][-1].wide):
                rows.append([])
            rows[-1].append(e if not wide else e.widened())
        return rows

    def draw_buttons(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        y: int,
        room: int,
        rows: list[list[BarEntry]],
        per_row: int,
    ) -> None:
        self.buttons = []
        self.bar_reasons = []
        self.bar_titles: list[str] = []
        self.bar_tips: list[tuple[str, str]] = []
        bh = self.theme.px(28)
        head = self.fonts.get(11, "Bold")
        top = y
        for i, row in enumerate(rows):
            if not row and i + 1 < len(rows):  # a heading: the group of the next row
                nxt = rows[i + 1][0] if i + 1 < len(rows) and rows[i + 1] else None
                if top + draw.line_step(head) + bh > y + room:
                    break  # no heading without a button under it
                if nxt is not None and nxt.group:
                    draw.text(surface, nxt.group.upper(), head, T.TEXT_DIM, (inner.left, top))
                top += draw.line_step(head)
                continue
            if top + bh > y + room:
                break
            n = len(row)  # a lone button (a long label, the last one) takes the whole row
            bw = (inner.w - 6 * (n - 1)) // n
            for col, e in enumerate(row):
                self._draw_bar_button(
                    surface, e, pygame.Rect(inner.left + col * (bw + 6), top, bw, bh)
                )
            top += bh + 5

    def _draw_bar_button(self, surface: pygame.Surface, e: BarEntry, rect: pygame.Rect) -> None:
        a = e.action
        b = Button(
            e.label,
            partial(self.pick, a) if a is not None else None,
            size=13,
            primary=a is not None and (a.kind.startswith("end") or a.kind in ("confirm", "done")),
            enabled=a is not None,
        )
        b.rect = rect
        b.hover(self.hover_pos)
        b.draw(surface, self.theme)
        self.buttons.append(b)
        self.bar_reasons.append(e.reason)
        self.bar_titles.append(e.full or e.label)
        self.bar_tips.append(e.tip)

    def draw_bar_tooltip(self, surface: pygame.Surface) -> None:
        """A greyed entry under the pointer: why it is not possible now."""
        for b, reason, tip in zip(self.buttons, self.bar_reasons, self.bar_tips, strict=False):
            if b.rect.collidepoint(self.hover_pos):
                if reason:
                    self.show_tip(surface, b.rect, reason, self.bar_titles[self.buttons.index(b)])
                elif tip[1]:
                    self.show_tip(surface, b.rect, tip[1], tip[0])
                return

    def show_tip(self, surface: pygame.Surface, anchor: pygame.Rect, text: str, title: str) -> None:
        """The one tooltip (card text, a reason); remembered as ``tip`` for tests."""
        self.tip = (title, text)
        draw_tooltip(surface, self.theme, anchor, text, bounds=self.rect, title=title)
