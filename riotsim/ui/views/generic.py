"""A view for any rule set: legal actions as buttons, the position as text, recent events.

It makes every rule set playable before it has a board of its own, and it is the fallback
when a game's own view fails.
"""

from __future__ import annotations

from typing import Any

import pygame

from riotsim.core.contract import Action
from riotsim.core.events import DiceRolled
from riotsim.i18n import _, ngettext
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.views.base import (
    GameView,
    action_text,
    draw_die,
    event_text,
    seat_label,
    side_panel,
)
from riotsim.ui.widgets.button import Button
from riotsim.ui.widgets.scrollpanel import ScrollPanel


def _simple(value: Any) -> bool:
    if isinstance(value, dict):
        return False
    return not isinstance(value, (list, tuple)) or all(
        not isinstance(v, (dict, list, tuple)) for v in value
    )


def _scalar(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) if value else "(none)"
    if value is None:
        return "-"
    return str(value)


def _label(key: Any) -> str:
    return str(key).replace("_", " ")


def _item_text(item: Any) -> str:
    if isinstance(item, dict):
        return ",  ".join(f"{_label(k)}: {_inline(v)}" for k, v in item.items())
    return _inline(item)


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_label(k)}: {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _scalar(value)


def position_blocks(position: Any, limit: int = 400) -> list[tuple[str, str]]:
    """A readable outline of a ``to_position()`` dict.

    Simple top-level values form a "Game" section; each nested mapping or list of records
    becomes its own section with one line per entry.
    """
    if not isinstance(position, dict):
        return [("p", str(position))]
    # the random generator's seed would let a player work out what comes next
    position = {k: v for k, v in position.items() if str(k).lower() not in ("rng", "seed")}
    blocks: list[tuple[str, str]] = []
    simple = {k: v for k, v in position.items() if _simple(v)}
    if simple:
        blocks.append(("h2", _("Game")))
        blocks += [("li", f"{_label(k)}: {_scalar(v)}") for k, v in simple.items()]
    for key, value in position.items():
        if key in simple:
            continue
        blocks.append(("h2", _label(key).capitalize()))
        if isinstance(value, dict):
            for k, v in value.items():
                blocks.append(("li", f"{_label(k)}: {_item_text(v)}"))
        else:
            for i, item in enumerate(value):
                blocks.append(("li", f"{i + 1}.  {_item_text(item)}"))
        if len(blocks) >= limit:
            blocks = blocks[:limit] + [("dim", _("... (more not shown)"))]
            break
    return blocks


class GenericView(GameView):
    def __init__(self, host: Any):
        super().__init__(host)
        self.summary = ScrollPanel(framed=False)
        self.action_buttons: list[Button] = []
        self.actions: list[Action] = []
        self.offset = 0
        self.focus_index = -1
        self.recent: list[tuple[str, str]] = []
        self.last_roll: DiceRolled | None = None
        self.events_hidden = False
        self._key: tuple | None = None
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.actions_rect = pygame.Rect(0, 0, 0, 0)
        self.events_rect = pygame.Rect(0, 0, 0, 0)
        self.hover_pos = (-1, -1)

    # -- layout ------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        theme = self.theme
        gap = theme.px(16)
        right_w = max(theme.px(300), int(rect.w * 0.36))
        self.actions_rect = pygame.Rect(rect.right - right_w, rect.top, right_w, rect.h)
        left = pygame.Rect(rect.left, rect.top, rect.w - right_w - gap, rect.h)
        events_h = max(theme.px(120), int(left.h * 0.26))
        self.table_rect = pygame.Rect(left.left, left.top, left.w, left.h - events_h - gap)
        self.events_rect = pygame.Rect(left.left, self.table_rect.bottom + gap, left.w, events_h)
        self._key = None

    # -- what to show ---------------------------------------------------------------------------
    def _can_act(self) -> bool:
        host = self.host
        if getattr(host, "spectating", False):
            return False
        seat = host.match.to_move()
        return seat is not None and host.viewer_seat == seat and host.is_human(seat)

    def _refresh(self) -> None:
        """Rebuild the action buttons and summary when the state or viewer changed."""
        match = self.host.match
        to_move = getattr(self.host, "to_move", match.to_move)  # the host caches it
        key = (
            id(match),
            id(match.state),
            len(match.log),
            self.host.viewer_seat,
            to_move(),
            self.theme.look,
            self.rect.size,
        )
        if key == self._key:
            return
        self._key = key
        ruleset, state = match.ruleset, match.state
        viewer = self.host.viewer_seat
        if viewer is None and ruleset.hidden_information:
            blocks = [
                ("h2", _("Private information hidden")),
                ("dim", _("The table is covered until the next player takes the seat.")),
            ]
        else:
            seen = ruleset.view(state, viewer) if viewer is not None else state
            blocks = position_blocks(ruleset.to_position(seen))
        self.summary.set_blocks(blocks)
        self.actions = list(match.legal_actions()) if self._can_act() else []
        self.action_buttons = [
            Button(_describe(ruleset, state, a), self._submitter(a), size=15) for a in self.actions
        ]
        self.offset = 0
        self.focus_index = -1
        self.recent = []
        names = [p.name for p in match.setup.players]
        hidden = viewer is None and ruleset.hidden_information
        self.events_hidden = hidden
        count = min(len(match.log), len(match.history))
        for index in range(max(0, count - 4), count):
            if hidden:  # what happened may include the last player's secrets
                break
            labels = getattr(self.host, "labels", None)
            self.recent.append(("act", action_text(match, index, viewer, names, False, labels)))
            for event in match.history[index][:6]:
                self.recent.append(("event", event_text(event, names, viewer)))
        self.last_roll = None
        for events in reversed(match.history[-6:]):
            rolls = [e for e in events if isinstance(e, DiceRolled)]
            if rolls:
                self.last_roll = rolls[-1]
                break

    def _submitter(self, action: Action):
        return lambda: self.host.submit(action)

    def _button_h(self) -> int:
        return self.theme.px(40)

    def _list_area(self) -> pygame.Rect:
        theme = self.theme
        return pygame.Rect(
            self.actions_rect.left + theme.px(14),
            self.actions_rect.top + theme.px(64),
            self.actions_rect.w - theme.px(28),
            self.actions_rect.h - theme.px(78),
        )

    def _visible_buttons(self) -> list[tuple[int, Button]]:
        area = self._list_area()
        step = self._button_h() + self.theme.px(6)
        count = max(1, area.h // step)
        out = []
        for n, i in enumerate(
            range(self.offset, min(len(self.action_buttons), self.offset + count))
        ):
            b = self.action_buttons[i]
            b.rect = pygame.Rect(
                area.left, area.top + n * step, area.w - self.theme.px(8), self._button_h()
            )
            out.append((i, b))
        return out

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        theme = self.theme
        inner = side_panel(surface, self.table_rect, theme, _("Table"))
        inner = self._draw_players(surface, inner)
        roll = self.last_roll if not self.animating() else None
        if roll is not None and inner.h > theme.px(160):
            # the latest roll stays on the table, bottom right, until the next one
            size = theme.px(40)
            faces = [str(f) for f in roll.data.get("faces", [])][:8]
            x = inner.right - size // 2
            y = inner.bottom - size // 2
            for face in reversed(faces):
                draw_die(surface, str(roll.data.get("die", "d6")), face, (x, y), size)
                x -= int(size * 1.15)
            draw.text(
                surface,
                _("LAST ROLL"),
                theme.fonts.get(12, "Bold"),
                T.TEXT_DIM,
                (inner.right, y - size // 2 - theme.px(6)),
                "bottomright",
            )
            inner = pygame.Rect(inner.left, inner.top, inner.w, inner.h - size - theme.px(24))
        self.summary.rect = inner
        self.summary.draw(surface, theme)
        inner = side_panel(surface, self.events_rect, theme, _("What happened"))
        y = inner.top
        font, bold = theme.fonts.get(14), theme.fonts.get(14, "Medium")
        lines = self.recent[-max(1, inner.h // font.get_linesize()) :]
        for kind, text in lines:
            if y + font.get_height() > inner.bottom:
                break
            f, ink = (bold, T.TEXT) if kind == "act" else (font, T.TEXT_DIM)
            draw.text(
                surface,
                ("" if kind == "act" else "    ") + text,
                f,
                ink,
                (inner.left, y),
                max_width=inner.w,
            )
            y += font.get_linesize()
        if not self.recent:
            draw.text(
                surface,
                _("Hidden until the next player takes the seat.")
                if self.events_hidden
                else _("Nothing yet: the first move is waiting."),
                font,
                T.TEXT_DIM,
                inner.topleft,
                max_width=inner.w,
            )
        self._draw_actions(surface)
        super().draw(surface)

    def _draw_players(self, surface: pygame.Surface, inner: pygame.Rect) -> pygame.Rect:
        """A row of player chips (shape, colour, name; the one to move outlined)."""
        theme, host = self.theme, self.host
        players = host.match.setup.players
        if not players:
            return inner
        seat_now = host.match.to_move()
        font = theme.fonts.get(14, "Medium")
        h = theme.px(30)
        x, y = inner.left, inner.top
        for seat, player in enumerate(players):
            label = draw.fit(player.name, font, theme.px(120))
            w = font.size(label)[0] + theme.px(40)
            if x + w > inner.right:
                x, y = inner.left, y + h + theme.px(6)
            chip = pygame.Rect(x, y, w, h)
            border = host.seat_colour(seat) if seat == seat_now else None
            draw.rounded_rect(
                surface, chip, T.BG_DEEP, h // 2, border, theme.px(2) if border else 0
            )
            draw.seat_marker(
                surface,
                host.seat_shape(seat),
                host.seat_colour(seat),
                (chip.left + theme.px(15), chip.centery),
                theme.px(7),
            )
            draw.text(
                surface,
                label,
                font,
                T.TEXT if seat == seat_now else T.TEXT_DIM,
                (chip.left + theme.px(28), chip.centery),
                "midleft",
            )
            x += w + theme.px(8)
        top = y + h + theme.px(12)
        return pygame.Rect(inner.left, top, inner.w, max(0, inner.bottom - top))

    def _draw_actions(self, surface: pygame.Surface) -> None:
        theme, host = self.theme, self.host
        seat = host.match.to_move()
        colour = host.seat_colour(seat) if seat is not None else T.LINE
        side_panel(surface, self.actions_rect, theme, "", accent=colour)
        header = (self.actions_rect.left + theme.px(18), self.actions_rect.top + theme.px(22))
        if seat is None:
            title, sub = _("No one to move"), ""
        elif self._can_act():
            title = _("{name}, your move").format(name=host.player_name(seat))
            n = len(self.actions)
            sub = ngettext("{n} legal action", "{n} legal actions", n).format(n=n)
        elif getattr(host, "spectating", False):
            title = _("Next: {name}").format(name=host.player_name(seat))
            sub = _("a replay: the arrows step through it")
        else:
            title = _("Waiting for {name}").format(name=seat_label(host, seat))
            sub = _("thinking...") if not host.is_human(seat) else ""
        if seat is not None:
            draw.seat_marker(
                surface,
                host.seat_shape(seat),
                colour,
                (header[0] + theme.px(9), header[1] + theme.px(11)),
                theme.px(9),
            )
        draw.text(
            surface,
            title,
            theme.fonts.bold(18),
            T.TEXT,
            (header[0] + theme.px(26), header[1]),
            max_width=self.actions_rect.w - theme.px(60),
        )
        if sub:
            draw.text(
                surface,
                sub,
                theme.fonts.get(14),
                T.TEXT_DIM,
                (header[0] + theme.px(26), header[1] + theme.px(24)),
            )
        visible = self._visible_buttons()
        chip_font = theme.fonts.get(12, "Bold")
        for i, b in visible:
            b.focused = i == self.focus_index
            b.hovered = b.rect.collidepoint(self.hover_pos)
            b.draw(surface, theme)
            n = i - self.offset + 1
            if n <= 9:  # number keys 1-9 pick the visible actions
                chip = pygame.Rect(0, 0, theme.px(20), theme.px(20))
                chip.midleft = (b.rect.left + theme.px(10), b.rect.centery)
                draw.rounded_rect(surface, chip, T.BG_DEEP, theme.px(4))
                draw.text(surface, str(n), chip_font, T.TEXT_DIM, chip.center, "center")
        if len(self.action_buttons) > len(visible) and visible:
            area = self._list_area()
            more = _("{first}-{last} of {n}  (scroll)").format(
                first=self.offset + 1, last=visible[-1][0] + 1, n=len(self.action_buttons)
            )
            draw.text(
                surface,
                more,
                theme.fonts.get(13),
                T.TEXT_DIM,
                (area.right, self.actions_rect.top + theme.px(26)),
                "topright",
            )

    # -- input ------------------------------------------------------------------------------------
    def hover(self, pos) -> None:
        self.hover_pos = pos

    def click(self, pos, button: int = 1) -> None:
        self._refresh()
        for _i, b in self._visible_buttons():
            if b.click(pos, button):
                return

    def scroll_actions(self, dy: int) -> None:
        visible = max(1, len(self._visible_buttons()))
        limit = max(0, len(self.action_buttons) - visible)
        self.offset = max(0, min(limit, self.offset - dy * 3))

    def key(self, key: str) -> bool:
        self._refresh()
        if not self.action_buttons:
            return False
        if key in ("down", "tab"):
            self.focus_index = min(len(self.action_buttons) - 1, self.focus_index + 1)
        elif key in ("up", "shift+tab"):
            self.focus_index = max(0, self.focus_index - 1)
        elif key in ("return", "space") and 0 <= self.focus_index < len(self.action_buttons):
            self.action_buttons[self.focus_index].activate()
            return True
        elif key.isdigit() and key != "0":
            index = self.offset + int(key) - 1
            if index < len(self.action_buttons):
                self.action_buttons[index].activate()
                return True
            return False
        else:
            return False
        visible = max(1, len(self._visible_buttons()))
        if self.focus_index < self.offset:
            self.offset = self.focus_index
        elif self.focus_index >= self.offset + visible:
            self.offset = self.focus_index - visible + 1
        return True

    def scroll(self, dy: int, pos=None) -> bool:
        pos = pos or self.hover_pos
        if self.table_rect.collidepoint(pos):
            self.summary.scroll(dy)
        else:
            self.scroll_actions(dy)
        return True


def _describe(ruleset, state, action: Action) -> str:
    try:
        return ruleset.describe(state, action)
    except Exception:  # noqa: BLE001 - a bad label must not hide a legal move
        return str(action)
