"""The seat list of the Quodd play screen: each player with a team ring (teams), the
Overlord's crown, the first player coin, who holds the World Event deck and the buddies a
player controls (named in the controller's colour). Also what the hand-off screen says about
hands: whose show to the next player, read from the rule set's view for that seat (a
teammate's hand shows while the rules let them trade), never an opponent's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from riotsim.i18n import _, ngettext
from riotsim.ui import draw, quodd_modes
from riotsim.ui import theme as T
from riotsim.ui.views.base import seat_label
from riotsim.ui.views.words import tr

COIN = (236, 190, 60)


@dataclass
class SeatRow:
    """One player seat as the list shows it."""

    seat: int
    name: str
    heroes: list[str] = field(default_factory=list)  # the seat's own hero first
    buddies: list[str] = field(default_factory=list)
    team: int | None = None  # teams and overlord modes only
    overlord: bool = False
    first: bool = False
    world_deck: bool = False  # holds the World Event deck (the first player: W3)

    def words(self, mode: str) -> str:
        """The row's marks in words (the chip's tooltip)."""
        parts = [", ".join(tr(h) for h in self.heroes) or _("no hero")]
        if self.buddies:
            parts.append(_("buddies {heroes}").format(heroes=", ".join(map(tr, self.buddies))))
        if self.team is not None and mode == "teams":
            parts.append(_("team {n}").format(n=self.team + 1))
        if self.overlord:
            parts.append(_("the Overlord"))
        if self.first:
            parts.append(_("first player (coin)"))
        if self.world_deck:
            parts.append(_("holds the World Event deck"))
        return "; ".join(parts)


def world_events_in_play(state: Any) -> bool:
    return bool(getattr(state, "world_deck", None) or getattr(state, "world_discard", None))


def seat_rows(state: Any, name_of: Any) -> list[SeatRow]:
    """Each player seat with its heroes and marks (``name_of(seat)``: the player's name)."""
    mode = state.objective.get("mode", "")
    first_seat = state.seat_of(state.first) if 0 <= state.first < len(state.heroes) else -1
    lord = state.seat_of(state.overlord) if 0 <= state.overlord < len(state.heroes) else -1
    deck = world_events_in_play(state)
    rows = []
    for seat in range(state.player_count):
        heroes = state.heroes_of(seat)
        own = [h.name for h in heroes if not h.buddy]
        team = heroes[0].team if heroes and mode in ("teams", "overlord") else None
        rows.append(
            SeatRow(
                seat=seat,
                name=name_of(seat),
                heroes=own,
                buddies=[h.name for h in heroes if h.buddy],
                team=team,
                overlord=seat == lord,
                first=seat == first_seat,
                world_deck=deck and seat == first_seat,
            )
        )
    return rows


def visible_hands(ruleset: Any, state: Any, seat: int, view: Any = None) -> list[int]:
    """Hero indices of other seats whose cards the rule set's view for ``seat`` shows."""
    view = view if view is not None else ruleset.view(state, seat)
    return [
        i
        for i, hero in enumerate(view.heroes)
        if hero.controller != seat and hero.hand and "hidden" not in hero.hand
    ]


def handoff_note(ruleset: Any, state: Any, seat: int, name_of: Any) -> str:
    """The hand-off card's line for ``seat``: whose hands will show once they sit down."""
    others = visible_hands(ruleset, state, seat)
    if not others:
        return _("Private information is hidden until they take the seat.")
    names = [
        _("{player}'s ({hero})").format(
            player=name_of(state.seat_of(i)), hero=tr(state.heroes[i].name)
        )
        for i in others
    ]
    mates = all(state.same_team(i, h.seat) for i in others for h in state.heroes_of(seat))
    why = " " + _("(teammates: they may trade)") if mates else ""
    text = ngettext(
        "Their own hand and {players} hand will show{why}; the rest stays hidden.",
        "Their own hand and {players} hands will show{why}; the rest stays hidden.",
        len(names),
    )
    return text.format(players=_join(names), why=why)


def _join(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return _("{list} and {last}").format(list=", ".join(items[:-1]), last=items[-1])


def seat_view(view: Any, seat: int) -> Any:
    """The rule set's view for ``seat``, made once per move (the panel draws every frame)."""
    key = (id(view.match), len(view.match.log), seat)
    cached = getattr(view, "_seat_view", None)
    if cached is None or cached[0] != key:
        cached = (key, view.match.ruleset.view(view.state, seat))
        view._seat_view = cached
    return cached[1]


# -- drawing ---------------------------------------------------------------------------------
def draw_seats(view: Any, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
    """The seat chips under the round tracker (games with two or more heroes); returns the
    y below them."""
    state = view.state
    if len(state.heroes) < 2:
        return y
    host, th = view.host, view.theme
    mode = state.objective.get("mode", "")
    font = th.fonts.get(12, "Medium")
    h = th.px(20)
    x = inner.left
    for row in seat_rows(state, lambda seat: seat_label(host, seat)):  # "Ugo (Hard bot)"
        width = _chip_width(row, font, th)
        if x > inner.left and x + width > inner.right:
            x, y = inner.left, y + h + 3
        rect = pygame.Rect(x, y, min(width, inner.w), h)
        _draw_chip(view, surface, row, rect, font, mode)
        title = f"{row.name}" + (
            " - " + _("team {n}").format(n=row.team + 1)
            if mode == "teams" and row.team is not None
            else ""
        )
        view.tip_targets.append((rect, title, row.words(mode)))
        x = rect.right + th.px(6)
    y += h + th.px(6)
    return _draw_shared_hands(view, surface, inner, y)


def _chip_width(row: SeatRow, font: pygame.font.Font, th: Any) -> int:
    text = _chip_text(row)
    marks = sum((row.overlord, row.first, row.world_deck))
    return th.px(24) + draw.text_size(font, text)[0] + marks * th.px(16) + th.px(10)


def _chip_text(row: SeatRow) -> str:
    return row.name + (f" +{len(row.buddies)}" if row.buddies else "")


def _draw_chip(view: Any, surface, row: SeatRow, rect: pygame.Rect, font, mode: str) -> None:
    host, th = view.host, view.theme
    colour = host.seat_colour(row.seat)
    moving = view.match.to_move() == row.seat
    border = T.ACCENT if moving else T.LINE
    draw.rounded_rect(surface, rect, T.PANEL_HI, th.px(6), border, 2 if moving else 1)
    centre = (rect.left + th.px(11), rect.centery)
    r = th.px(6)
    if mode == "teams" and row.team is not None:
        draw.team_ring(surface, row.team, quodd_modes.team_colour(row.team), centre, r + 3, 2)
    if row.overlord:
        draw.aa_circle(surface, quodd_modes.OVERLORD_COLOUR, centre, r + 3, 2)
    draw.seat_marker(surface, host.seat_shape(row.seat), colour, centre, r)
    text = _chip_text(row)
    room = rect.right - rect.left - th.px(24)
    at = (rect.left + th.px(22), rect.centery)
    box = draw.text(surface, text, font, T.TEXT, at, "midleft", room)
    x = box.right + th.px(4)
    if row.buddies:  # the buddies' count in the controller's colour
        plus = draw.text_size(font, f" +{len(row.buddies)}")[0]
        cover = pygame.Rect(box.right - plus, box.top, plus, box.h)
        pygame.draw.rect(surface, T.PANEL_HI, cover)
        draw.text(surface, f" +{len(row.buddies)}", font, colour, cover.topleft)
    for mark in ("overlord", "first", "world_deck"):
        if getattr(row, mark) and x + th.px(14) <= rect.right:
            _draw_mark(surface, mark, pygame.Rect(x, rect.top + 3, th.px(14), rect.h - 6))
            x += th.px(16)


def _draw_mark(surface: pygame.Surface, mark: str, r: pygame.Rect) -> None:
    """A crown (the Overlord), a coin (the first player) or a small card (the World Event
    deck), drawn in ``r``."""
    if mark == "overlord":
        base = r.bottom - 1
        points = [
            (r.left, base),
            (r.left, r.top + r.h * 0.3),
            (r.left + r.w * 0.28, r.top + r.h * 0.6),
            (r.centerx, r.top),
            (r.right - r.w * 0.28, r.top + r.h * 0.6),
            (r.right, r.top + r.h * 0.3),
            (r.right, base),
        ]
        draw.aa_polygon(surface, quodd_modes.OVERLORD_COLOUR, points)
    elif mark == "first":
        draw.aa_circle(surface, COIN, r.center, min(r.w, r.h) / 2)
        draw.aa_circle(surface, T.mix(COIN, (0, 0, 0), 0.35), r.center, min(r.w, r.h) / 2, 1)
    else:
        card = pygame.Rect(0, 0, max(6, r.w * 2 // 3), r.h)
        card.center = r.center
        pygame.draw.rect(surface, (120, 170, 230), card, border_radius=2)
        pygame.draw.rect(surface, T.TEXT, card, 1, border_radius=2)


def shared_hand_lines(view: Any, seat: int) -> list[str]:
    """A line per other hero whose cards the rule set's view for ``seat`` shows (a
    teammate's while a trade is possible): whose hand, and its cards by name."""
    from riotsim.games.quodd import catalog

    state = view.state
    cards = catalog.cards()
    shown = seat_view(view, seat)
    lines = []
    for i in visible_hands(view.match.ruleset, state, seat, shown):
        hero = shown.heroes[i]
        names = ", ".join(tr(cards[c].name) if c in cards else c for c in hero.hand)
        lines.append(
            _("{player}'s hand ({hero}): {cards}").format(
                player=view.host.player_name(state.seat_of(i)), hero=tr(hero.name), cards=names
            )
        )
    return lines


def _draw_shared_hands(view: Any, surface, inner: pygame.Rect, y: int) -> int:
    """The shared hands' lines under the seat chips (nothing while nobody is seated)."""
    seat = view.host.viewer_seat
    if seat is None:
        return y
    lines = shared_hand_lines(view, seat)
    small = view.theme.fonts.get(12)
    for text in lines:
        y = draw.text(surface, text, small, T.TEXT_DIM, (inner.left, y), max_width=inner.w).bottom
    return y + (view.theme.px(4) if lines else 0)
