"""The base class of every game view, and helpers views share.

A view draws one rule set's table inside the rectangle the in-game scene gives it and turns
clicks into actions through ``host.submit(action)``. The host provides:

* ``host.match`` - the :class:`riotsim.core.match.Match` (read it; never mutate it),
* ``host.viewer_seat`` - whose private information may be shown now (``None``: nobody's, e.g.
  while the hand-off screen waits for the next player),
* ``host.submit(action)`` - play an action for the seat deciding now,
* ``host.theme`` / ``host.fonts`` - sizes, colours and fonts,
* ``host.seat_colour(seat)`` / ``host.seat_shape(seat)`` / ``host.player_name(seat)`` /
  ``host.is_human(seat)`` (:func:`seat_label` names a bot seat with its level),
* ``host.to_move()`` / ``host.outcome()`` - the match's answers, cached per action,
* ``host.notice(text)`` - a short message at the bottom of the table (e.g. why a click did
  nothing),
* ``host.spectating`` - True in the replay viewer: nobody plays from this screen, so show no
  "your move" prompts,
* ``host.labels`` - each logged action's label as written just before it was played (use it
  with :func:`action_text`; event lines come from :func:`event_text`, which hides a private
  event's data from every seat but its owner).

Keyboard play: a view lists what a click can touch in ``focus_groups()`` (board cells, pieces,
cards, buttons; :mod:`riotsim.ui.views.keyfocus`); ``focus_key`` moves the ring and acts by
calling ``click`` at the focused thing, and the game screen draws the ring (``draw_focus``).

Animations run at the player's animation speed (``update`` gets scaled time); any input while
``animating()`` first calls ``fast_forward()``.

Helpers here: :class:`ButtonRow`, :func:`side_panel`, :func:`wrap_text`,
:class:`HoverHighlight`, and the animations from :mod:`riotsim.ui.anim` and
:mod:`riotsim.ui.dice` (dice rolls, gliding pieces, flash/shake, floating text).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from riotsim.core.contract import Action, Event
from riotsim.core.events import DiceRolled
from riotsim.i18n import N_, _
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.anim import Animation, Animator, Flash, FloatingText, Glide, Shake, Wait
from riotsim.ui.bots import bot_title, player_label
from riotsim.ui.dice import DiceRoll, draw_die, render_face
from riotsim.ui.views.keyfocus import Group, KeyFocus
from riotsim.ui.widgets.button import Button

__all__ = [
    "Animation",
    "Animator",
    "ButtonRow",
    "DiceRoll",
    "Flash",
    "FloatingText",
    "GameView",
    "Glide",
    "HoverHighlight",
    "Shake",
    "Wait",
    "draw_die",
    "action_text",
    "bot_note",
    "describe_action",
    "event_text",
    "render_face",
    "seat_label",
    "side_panel",
    "wrap_text",
]


class GameView:
    """Base view: an animator wired to ``update``/``animating``/``fast_forward``, and dice
    rolls animated from ``dice_rolled`` events. Subclasses draw the table.

    A view with ``supports_hint`` gets the game screen's Hint button: it is told
    ``hint_thinking`` while a suggestion is worked out, ``show_hint(plan, seat)`` with the
    answer (a :class:`riotsim.ai.planner.Plan`), and answers ``current_hint()`` (None once
    a move made the shown one stale) and ``clear_hint()``."""

    supports_hint = False

    def __init__(self, host: Any):
        self.host = host
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.anims = Animator()
        self.hint_thinking = False
        self.ring = KeyFocus()  # keyboard play (riotsim.ui.views.keyfocus)

    def show_hint(self, plan: Any, seat: int) -> None:
        pass

    def current_hint(self) -> Any:
        return None

    def clear_hint(self) -> None:
        self.hint_thinking = False

    # convenience
    @property
    def match(self):
        return self.host.match

    @property
    def theme(self) -> T.Theme:
        return self.host.theme

    @property
    def fonts(self):
        return self.host.fonts

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface) -> None:
        self.anims.draw(surface)

    def hover(self, pos: tuple[int, int]) -> None:
        pass

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pass

    def key(self, key: str) -> bool:
        return self.focus_key(key)

    # -- keyboard play (riotsim.ui.views.keyfocus) -----------------------------------------
    def focus_groups(self) -> list[Group]:
        """What a click can touch now, group by group (board cells, pieces, cards, buttons)."""
        return []

    def all_focus_groups(self) -> list[Group]:
        """The view's groups and then the game screen's bar (when the host has one)."""
        groups = [g for g in self.focus_groups() if g.targets]
        bar = getattr(self.host, "bar_focus_group", None)
        extra = bar() if callable(bar) else None
        if extra is not None and extra.targets:
            groups.append(extra)
        return groups

    def focus_key(self, key: str) -> bool:
        """Arrows, Tab, Shift+Tab, Enter and Space on the focus ring (True: used)."""
        return self.ring.handle(key, self.all_focus_groups(), self.click)

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.ring.shown:  # (the groups are only worked out while the ring is up)
            self.ring.draw(surface, self.theme, self.all_focus_groups())

    def on_events(self, events: list[Event]) -> None:
        """Start animations for what just happened. The base animates dice rolls."""
        for event in events:
            if isinstance(event, DiceRolled):
                self.roll_dice(event)

    def roll_dice(self, event: Event, centre: tuple[float, float] | None = None) -> DiceRoll:
        data = event.data
        faces = list(data.get("faces", []))
        size = self.theme.px(54)
        if centre is None:
            centre = (self.rect.centerx, self.rect.top + self.rect.h * 0.3)
        return self.anims.add(DiceRoll(str(data.get("die", "d6")), faces, centre, size))

    def update(self, dt: float) -> None:
        self.anims.update(dt)

    def animating(self) -> bool:
        return self.anims.busy

    def fast_forward(self) -> None:
        self.anims.finish()


# How a private event reads for the seats that may not see its data ("Rosa drew a card").
_HIDDEN_PHRASES = {
    "card_drawn": N_("drew a card"),
    "cards_drawn": N_("drew cards"),
    "card_dealt": N_("was dealt a card"),
    "cards_dealt": N_("was dealt cards"),
    "card_discarded": N_("discarded a card"),
    "card_chosen": N_("chose a card"),
    "card_kept": N_("kept a card"),
    "deck_chosen": N_("chose a deck"),
    "po_drawn": N_("drew an objective"),
    "objective_drawn": N_("drew an objective"),
    "secret_chosen": N_("made a secret choice"),
    "committed": N_("committed in secret"),
    "gear_chosen": N_("chose a gear card"),
    "gear_recovered": N_("took back a gear card"),
}


def event_text(
    event: Event,
    names: list[str] | None = None,
    viewer: int | None = None,
    reveal_all: bool = False,
) -> str:
    """A short readable line for an event: ``Rosa rolled d6: 6``, ``moved (to 3)``.

    An event private to one seat (``event.private_to``) shows its data only when ``viewer`` is
    that seat; anyone else (and ``viewer=None``, e.g. under a hand-off cover) reads only that
    it happened: ``Rosa drew a card``. ``reveal_all`` shows everything (a finished game).
    """
    data = dict(event.data)
    owner = event.seat if event.seat is not None else event.private_to
    who = ""
    if names is not None and owner is not None and 0 <= owner < len(names):
        who = names[owner] + " "
    if not (reveal_all or event.visible_to(viewer)):
        phrase = _HIDDEN_PHRASES.get(event.kind)
        if phrase is not None:
            player = who.strip() or _("Someone")
            return _("{player} {action}").format(player=player, action=_(phrase))
        return who + _("{event} (hidden)").format(event=event.kind.replace("_", " "))
    if event.kind == "dice_rolled":
        faces = ", ".join(str(f) for f in data.get("faces", []))
        return who + _("rolled {die}: {faces}").format(die=data.get("die", "dice"), faces=faces)
    shown = {k: v for k, v in data.items() if not (k in ("seat", "player") and who)}
    if list(shown) == [event.kind]:  # {"phase": "cards"} reads "phase: cards"
        return f"{who}{event.kind.replace('_', ' ')}: {shown[event.kind]}"
    body = ", ".join(f"{str(k).replace('_', ' ')} {v}" for k, v in shown.items())
    phrase = _HIDDEN_PHRASES.get(event.kind) if who else None
    what = _(phrase) if phrase else event.kind.replace("_", " ")  # "Rosa drew a card (card 3)"
    return who + what + (f" ({body})" if body else "")


def logged_mover(match: Any, index: int) -> int | None:
    """The seat that chose the ``index``-th logged action (None if the match cannot say)."""
    movers = getattr(match, "movers", None)
    try:
        return movers[index] if movers is not None else None
    except (IndexError, TypeError):
        return None


def action_text(
    match: Any,
    index: int,
    viewer: int | None,
    names: list[str] | None = None,
    reveal_all: bool = False,
    labels: dict[int, str] | None = None,
) -> str:
    """The label of the ``index``-th logged action as ``viewer`` may read it: ``Rosa: Done``.

    When the action's events hold anything private that ``viewer`` may not see, the label is
    withheld too (``Take Shard of Rathrok`` would name the secret card): ``Rosa: a hidden
    choice``. ``labels`` holds labels written just before each action was played (a price or
    a count in a label is then the one the player saw); without one the label is asked of the
    current state.
    """
    action = match.log[index]
    events = match.history[index] if index < len(match.history) else []
    seat = logged_mover(match, index)
    secret = [] if reveal_all else [e for e in events if not e.visible_to(viewer)]
    if seat is None and secret:
        seat = secret[0].private_to
    who = ""
    if names is not None and seat is not None and 0 <= seat < len(names):
        players = match.setup.players
        bot = players[seat].bot if 0 <= seat < len(players) else None
        who = player_label(names[seat], bot) + ": "  # the log marks bots' turns
    if secret:
        return who + _("a move with hidden details") if who else _("A move with hidden details")
    label = labels.get(index) if labels else None
    if label is None:
        label = describe_action(match.ruleset, match.state, action)
    return who + label


def seat_bot(host: Any, seat: int | None) -> str | None:
    """The bot spec playing ``seat`` (None for a human or no seat)."""
    players = host.match.setup.players
    if seat is None or not 0 <= seat < len(players):
        return None
    return players[seat].bot


def bot_note(host: Any, seat: int | None) -> str:
    """ ", Hard bot" for a bot seat ('' for a human), to follow a side in parentheses."""
    title = bot_title(seat_bot(host, seat))
    return f", {title}" if title else ""


def seat_label(host: Any, seat: int | None, bot: bool = False) -> str:
    """The seat's name as play shows it: "Ada", or "Ada (Hard bot)" for a bot seat (and
    "Ada (bot)" where ``bot`` says it is one but its setup names no bot)."""
    name = host.player_name(seat)
    spec = seat_bot(host, seat)
    if spec is None:
        return _("{name} (bot)").format(name=name) if bot else name
    return player_label(name, spec)


def describe_action(ruleset: Any, state: Any, action: Action) -> str:
    """``ruleset.describe`` that never fails: a bad label must not hide a move or the log."""
    try:
        return ruleset.describe(state, action)
    except Exception:  # noqa: BLE001
        return str(action)


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    return draw.wrap(text, font, width)


def side_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: T.Theme,
    title: str = "",
    accent: tuple[int, int, int] | None = None,
) -> pygame.Rect:
    """A framed panel with an optional title; returns the inner rectangle for content."""
    draw.rounded_rect(surface, rect, (*T.PANEL, 240), theme.px(12), T.LINE, 1)
    pad = theme.px(16)
    inner = rect.inflate(-2 * pad, -2 * pad)
    if accent is not None:
        radius = theme.px(12)
        strip = pygame.Rect(rect.left + radius, rect.top + 1, rect.w - 2 * radius, theme.px(4))
        draw.rounded_rect(surface, strip, accent, theme.px(2))
    if title:
        r = draw.text(
            surface,
            title.upper(),
            theme.fonts.get(13, "Bold"),
            T.TEXT_DIM,
            inner.topleft,
            max_width=inner.w,
        )
        inner.top = r.bottom + theme.px(10)
        inner.h = rect.bottom - pad - inner.top
    return inner


class ButtonRow:
    """A row (or column) of buttons laid out to fill a rectangle."""

    def __init__(
        self, items: list[tuple[str, Callable[[], None]]] | None = None, vertical: bool = False
    ):
        self.vertical = vertical
        self.buttons: list[Button] = [Button(label, cb) for label, cb in (items or [])]

    def layout(self, rect: pygame.Rect, gap: int = 8, item: int | None = None) -> None:
        n = max(1, len(self.buttons))
        if self.vertical:
            h = item or (rect.h - gap * (n - 1)) // n
            for i, b in enumerate(self.buttons):
                b.rect = pygame.Rect(rect.left, rect.top + i * (h + gap), rect.w, h)
        else:
            w = item or (rect.w - gap * (n - 1)) // n
            for i, b in enumerate(self.buttons):
                b.rect = pygame.Rect(rect.left + i * (w + gap), rect.top, w, rect.h)

    def draw(self, surface: pygame.Surface, theme: T.Theme) -> None:
        for b in self.buttons:
            b.draw(surface, theme)

    def hover(self, pos) -> None:
        for b in self.buttons:
            b.hover(pos)

    def click(self, pos, button: int = 1) -> bool:
        return any(b.click(pos, button) for b in self.buttons)


class HoverHighlight:
    """Which legal actions a point on the table stands for, and a glow to draw under it.

    Views map each legal action to a target shape (a rect or a polygon); hovering shows the
    glow, clicking picks the action (or several, when more than one action shares a target).
    """

    def __init__(self) -> None:
        self.targets: list[tuple[Any, Action]] = []  # (pygame.Rect or polygon points, action)
        self.hot: list[Action] = []
        self.hot_shape: Any = None

    def clear(self) -> None:
        self.targets.clear()
        self.hot = []
        self.hot_shape = None

    def add(self, shape: Any, action: Action) -> None:
        self.targets.append((shape, action))

    @staticmethod
    def _hit(shape: Any, pos) -> bool:
        if isinstance(shape, pygame.Rect):
            return shape.collidepoint(pos)
        return _point_in_polygon(pos, shape)

    def hover(self, pos) -> list[Action]:
        self.hot = [a for s, a in self.targets if self._hit(s, pos)]
        self.hot_shape = next((s for s, a in self.targets if self._hit(s, pos)), None)
        return self.hot

    def at(self, pos) -> list[Action]:
        return [a for s, a in self.targets if self._hit(s, pos)]

    def draw(self, surface: pygame.Surface, colour=None, width: int = 3) -> None:
        shape = self.hot_shape
        if shape is None:
            return
        colour = colour or T.ACCENT
        if isinstance(shape, pygame.Rect):
            draw.rounded_rect(surface, shape, (*colour[:3], 60), 6, colour, width)
        else:
            xs, ys = [p[0] for p in shape], [p[1] for p in shape]
            box = pygame.Rect(
                int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2
            )
            glow = pygame.Surface(box.size, pygame.SRCALPHA)  # only as big as the shape
            pygame.draw.polygon(glow, (*colour[:3], 70), [(x - box.x, y - box.y) for x, y in shape])
            surface.blit(glow, box.topleft)
            pygame.draw.lines(surface, colour, True, shape, width)


def _point_in_polygon(pos, points) -> bool:
    x, y = pos
    inside = False
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross = (x2 - x1) * (y - y1) / ((y2 - y1) or 1e-9) + x1
            if x < cross:
                inside = not inside
    return inside
