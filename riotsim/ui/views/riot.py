"""Play screens of RIOT: Cast the First Stone (:class:`RiotView`) and Politics & Media
(:class:`RiotPMView`).

Both draw the city from the map's polygons (areas, streets, buildings, entry points, HQ or
barracks), unit stacks with their Force and ready/spent state, and a side panel with each
seat's faction (its shape and colour, as on its tokens), the private hand (only for
``host.viewer_seat``; the game scene shows the hand-off screen between seats), the legal
actions as buttons and the recent moves. Moves, attacks, placements and deployments are picked
on the board: click one of your units, then a highlighted space. Nothing here decides a rule:
every choice is one of ``match.legal_actions()``.

Stacks are laid out by :mod:`riot_stacks`, clear of each other and of the icons drawn in each
space; a crowded space shows one counted stack per seat. Buttons keep their slots for a whole
step of the turn (one no longer legal is greyed, never removed). The recent list is read from
``match.log``/``history``/``movers`` (so Undo, Load and replays agree with the game), with team,
unit type and place names. A bot's turn and a replay (``host.spectating``) show who decides and
no prompts, highlights or buttons.

Clashes (riot) and combats (riot-pm) show in the dialog of :mod:`riot_clash`: live from the
state while players decide, then played back from the events once the rules settled them (the
units' names come from a snapshot taken before each action, as losers leave the board at once).
Events private to one seat (a card bought or drawn) go to that seat's log lines only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from riotsim.core.contract import Action, Event, MenuEntry
from riotsim.core.events import GameOver
from riotsim.games.riot.events import (
    Advanced,
    AreaPoints,
    AttackDeclared,
    Bought,
    CardBought,
    CardDrawn,
    CardPlayed,
    ClashCalledOff,
    ClashEnded,
    ClashOver,
    ClashStarted,
    ClashTotals,
    ClashWon,
    Committed,
    Eliminated,
    Entered,
    GaveUp,
    Hurt,
    Income,
    LetPass,
    Moved,
    ObstructAsked,
    Obstructed,
    OpinionDrawn,
    OpinionRevealed,
    OrderChosen,
    Placed,
    Reinforced,
    Removed,
    Shielded,
    Tie,
    TurnStarted,
    Withdrew,
    Wounded,
)
from riotsim.games.riot.pm_events import (
    Activated,
    CardsDrawn,
    CombatRevealed,
    CombatStarted,
    CombatWon,
    CommitDone,
    Deactivated,
    PMAttackDeclared,
    PMIncome,
    PMRemoved,
    RiotBought,
    RiotCommitted,
    TrackMoved,
)
from riotsim.i18n import N_, _, language, ngettext
from riotsim.ui import anim, draw
from riotsim.ui import theme as T
from riotsim.ui.views.base import (
    Flash,
    FloatingText,
    GameView,
    Glide,
    HoverHighlight,
    action_text,
    bot_note,
    describe_action,
    event_text,
    seat_label,
    side_panel,
)
from riotsim.ui.views.keyfocus import Group, Target
from riotsim.ui.views.marks import ATTACKED, LEFT, ChangeMark, ChangeMarks
from riotsim.ui.views.riot_bar import ActionBar, BarEntry
from riotsim.ui.views.riot_clash import (
    HIT,
    OUT,
    WOUNDED,
    ClashPicture,
    ClashReplay,
    ClashSide,
    SideUnit,
    draw_clash,
)
from riotsim.ui.views.riot_stacks import inside, place_tokens
from riotsim.ui.views.words import tr
from riotsim.ui.views.zoom import BoardZoom, draw_badge
from riotsim.ui.widgets.button import Button

STREET_FILL = (58, 64, 80)
AREA_LINE = (235, 235, 240)
HQ_FILL = (40, 62, 110)
HOSPITAL_FILL = (225, 228, 235)
BUILDING_FILL = (120, 104, 86)
ENTRY_FILL = (200, 40, 40)
PM_COLOURS = {"yellow": (230, 200, 60), "orange": (230, 140, 40), "green": (70, 170, 90)}
PM_YIELD = {"yellow": N_("+1c"), "orange": N_("POL"), "green": N_("MED")}
BOARD_ARGS = ("to", "target", "at")  # action arguments that name a space on the board
LOG_LINES = 9
# an event kind's class -> its log line (the event typed as that class)
Lines = dict[type[Event], Callable[[Any], str]]
MOVES = (Moved, Advanced, Entered)  # events that glide a unit to another space


@dataclass(slots=True)
class Stack:
    """A token on the board: units of one seat in one space, drawn as one."""

    space: str
    pos: tuple[float, float]
    r: float
    ids: list[int]
    ready: bool
    wounded: bool
    merged: bool  # mixed types (a crowded space): the token shows their Force together


ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"))
PM_SPECIALS = {
    "street_bonus": N_("+1 in fights in a street."),
    "building_bonus": N_("+1 in fights for a building."),
    "van": N_("Moves 2; never enters a building."),
    "deactivate": N_("When it comes into play it switches off one active enemy Character."),
}


# the phases of both RIOT games, as the panel names them
PHASES = {
    "placement": N_("placement"),
    "setup": N_("setup"),
    "purchase": N_("purchase"),
    "cards": N_("cards"),
    "move": N_("move"),
    "clash": N_("clash"),
    "combat": N_("combat"),
    "over": N_("over"),
}


ROLES = {"politics": N_("politics"), "media": N_("media")}  # P&M Characters' tracks


def role_name(role: str) -> str:
    found = ROLES.get(role)
    return tr(found) if found is not None else role


def phase_name(phase: str) -> str:
    found = PHASES.get(phase)
    return tr(found) if found is not None else phase


def type_ability(ut: Any) -> str:
    """A RIOT unit type's traits beyond Force and cost, in a sentence or two."""
    out = []
    if ut.moves > 1:
        out.append(_("Moves {n}.").format(n=ut.moves))
    if ut.street_force:
        out.append(_("Force {n} in a street clash.").format(n=ut.street_force))
    if ut.shield:
        out.append(_("Shield: the first distance damage in a clash is stopped."))
    if ut.direct_attack:
        out.append(_("On the turn it is bought it may attack any occupied building directly."))
    if ut.no_public_opinion:
        out.append(_("A clash it joins draws no Public Opinion card."))
    if ut.draw_when_lost_defending:
        out.append(_("Lost while defending: its owner draws a card."))
    return " ".join(out)


def _seat(e: Event) -> int:
    """The seat of an event that always has one (a turn starting)."""
    if e.seat is None:
        raise ValueError(f"{e.kind} without a seat")
    return e.seat


# counted nouns: the plural forms come from the catalog (ngettext)
PLURALS: dict[str, Callable[[int], str]] = {
    "credit": lambda n: ngettext("{n} credit", "{n} credits", n),
    "unit": lambda n: ngettext("{n} unit", "{n} units", n),
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "area point": lambda n: ngettext("{n} area point", "{n} area points", n),
    "point": lambda n: ngettext("{n} point", "{n} points", n),
    "Politics card": lambda n: ngettext("{n} Politics card", "{n} Politics cards", n),
    "Media card": lambda n: ngettext("{n} Media card", "{n} Media cards", n),
    "RIOT card": lambda n: ngettext("{n} RIOT card", "{n} RIOT cards", n),
    "Politics/Media card": lambda n: ngettext(
        "{n} Politics/Media card", "{n} Politics/Media cards", n
    ),
}


def plural(n: int, noun: str) -> str:
    """'1 credit', '3 credits' (in the language spoken)."""
    form = PLURALS.get(noun)
    if form is not None:
        return form(n).format(n=n)
    return f"{n} {noun}" + ("" if n == 1 else "s")


def article(noun: str) -> str:
    """'an Activist', 'a Riot Van'; another language's sentences take the bare noun (an
    article there depends on the noun's gender, which the catalog does not carry)."""
    if language() != "en":
        return noun
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


class _CityView(ActionBar, GameView):
    """Shared board drawing and board picking for both RIOT rule sets."""

    pm = False
    STAGES: tuple[str, ...] = ()  # the dialog's steps, each game its own
    FIGHT = ""  # what the game calls a fight: "Clash" (riot) or "Combat" (riot-pm)

    def __init__(self, host: Any):
        super().__init__(host)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.offset = (0.0, 0.0)
        self.zoom = BoardZoom()
        self.marks = ChangeMarks()  # what the latest move changed, fading after its glide
        self.highlight = HoverHighlight()
        self.tokens: list[tuple[pygame.Rect, list[int]]] = []
        self.buttons: list[Button] = []
        self.selected: int | None = None  # a unit picked for a move
        self.kind_choice: str | None = None  # a unit type picked for buy/place
        self.log: list[tuple[str, int | None]] = []  # (line, the only seat that may read it)
        self.hover_pos = (0, 0)
        self._legal_key: Any = None
        self._legal: list[Action] = []
        # units as they were before the latest action (a clash removes its losers at once)
        self.snapshot: dict[int, tuple[int, str]] = {}
        self.clash_record: dict[str, Any] | None = None
        self._board_layer: pygame.Surface | None = None
        self._clear_key: Any = None
        self._clear: dict[str, list[pygame.Rect]] = {}
        self._stacks_key: Any = None
        self._slots: list[BarEntry] = []
        self._menu_key: Any = None
        self._menu: list[MenuEntry] = []
        self.bar_reasons: list[str] = []
        self.tip = ("", "")  # the tooltip drawn this frame: (title, text)
        self.hand_chips: list[tuple[pygame.Rect, str]] = []
        # hover areas above the board drawn this frame: (rect, title, text)
        self.board_tips: list[tuple[pygame.Rect, str, str]] = []
        self.card_choice: str | None = None  # a card picked to play on a unit or entry
        self._tint: pygame.Surface | None = None
        self._slot_ctx: Any = None
        self._entries: list[list[tuple[str, str, int | None]]] = []
        self._known: dict[int, tuple[int, str]] = {}
        self._scan_match: Any = None
        self._scan_last: Any = None
        self._stacks: list[Stack] = []
        self._placements: dict[tuple, tuple[list[tuple[float, float]], float, bool]] = {}
        self._resting: dict[int, tuple[float, float]] = {}
        self._landing: dict[int, tuple[float, float]] = {}
        self._board_key: Any = None
        self.remember_units()

    def remember_units(self) -> None:
        self.snapshot.update({u.id: (u.seat, u.kind) for u in self.state.units.values()})
        if len(self.snapshot) > 2000:
            self.snapshot = {u.id: (u.seat, u.kind) for u in self.state.units.values()}

    def place_name(self, space_id: str) -> str:
        """A player-facing name for a space: 'NW street', 'NE building 2', 'Police HQ'."""
        return self.city().label(space_id, barracks=self.pm)

    # -- geometry ------------------------------------------------------------------------
    @property
    def ruleset(self):
        return self.match.ruleset

    @property
    def state(self):
        return self.match.state

    def city(self):
        return self.ruleset.board(self.state)

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        panel_w = min(max(self.theme.px(330), rect.w // 3), self.theme.px(420))
        self.panel_rect = pygame.Rect(rect.right - panel_w, rect.top, panel_w, rect.h)
        top = self.theme.px(64)
        if self.pm:  # under the two tracks and their caption (one line, or two where large)
            px = self.theme.px
            rows = len(self._track_caption_rows(rect.w - panel_w - 8 - 2 * self._track_margin()))
            top = max(px(104), px(90) + rows * self.fonts.get(12, "Bold").get_linesize())
        self.board_rect = pygame.Rect(rect.left, rect.top + top, rect.w - panel_w - 8, rect.h - top)
        self.place_board()

    def _track_margin(self) -> int:
        """Room left and right of the tracks: for the tracks' names, however large."""
        font = self.fonts.get(15, "Bold")
        widest = max(draw.text_size(font, role_name(t).upper())[0] for t in ("politics", "media"))
        return max(self.theme.px(96), 8 + widest + self.theme.px(10))

    def _track_caption_rows(self, width: int) -> list[str]:
        """The lines under the tracks: each side's name at its end with the winning rule
        between them (one line), or where they do not fit so, the rule's words on lines
        under them (a first line of "")."""
        small = self.fonts.get(12, "Bold")
        rule = _("first to 5 on either track wins")
        sides = (
            draw.text_size(small, _("<- POLICE"))[0] + draw.text_size(small, _("PROTESTERS ->"))[0]
        )
        plain = self.fonts.get(12)
        if sides + draw.text_size(plain, rule)[0] + self.theme.px(24) <= width:
            return [rule]
        return ["", *draw.wrap(rule, plain, max(1, width))]

    def place_board(self) -> None:
        """The city's scale and offset from the board panel, the zoom and the pan."""
        w, h = self.city().size
        self.zoom.fit(tuple(self.board_rect), (max(w, 1), max(h, 1)))
        self.scale = self.zoom.scale
        self.offset = self.zoom.origin

    def to_screen(self, p: tuple[float, float]) -> tuple[float, float]:
        return (self.offset[0] + p[0] * self.scale, self.offset[1] + p[1] * self.scale)

    def poly(self, space_id: str) -> list[tuple[float, float]]:
        return [self.to_screen(p) for p in self.city().spaces[space_id].points]

    def centre(self, space_id: str) -> tuple[float, float]:
        return self.to_screen(self.city().spaces[space_id].centre)

    # -- the rules, read only -------------------------------------------------------------
    def my_turn(self) -> bool:
        """Whether the viewer decides now (never in a replay, never for a bot's seat)."""
        host = self.host
        seat = host.to_move()
        return (
            seat is not None
            and seat == host.viewer_seat
            and not getattr(host, "spectating", False)
            and host.is_human(seat)
            and not host.outcome().finished
        )

    def legal(self) -> list[Action]:
        host = self.host
        key = (
            len(self.match.log),
            id(self.match.state),
            host.viewer_seat,
            getattr(host, "spectating", False),
        )
        if key != self._legal_key:
            self._legal_key = key
            self._legal = self.match.legal_actions() if self.my_turn() else []
            self.selected = None if self.selected not in self.state.units else self.selected
        return self._legal

    def shown(self):
        """The state as the viewer may see it (everyone's secrets hidden when nobody)."""
        seat = self.host.viewer_seat
        return self.ruleset.view(self.state, seat if seat is not None else -1)

    def submit(self, action: Action) -> None:
        self.cancel_pick()
        self.host.submit(action)

    def cancel_pick(self) -> None:
        self.selected = None
        self.kind_choice = None
        self.card_choice = None

    # -- board targets --------------------------------------------------------------------
    def board_actions(self) -> list[Action]:
        out = []
        for a in self.legal():
            if a.kind == "move" and a["unit"] != self.selected:
                continue
            if a.kind in ("buy", "place") and a.get("unit") not in (None, self.kind_choice):
                continue
            if a.kind == "play":
                if a["card"] == self.card_choice and self.target_space(a):
                    out.append(a)
            elif any(a.get(k) is not None for k in BOARD_ARGS):
                out.append(a)
        return out

    def target_space(self, a: Action) -> str | None:
        """The space an action picked on the board points at (a card's unit: its space)."""
        space = next((str(a[k]) for k in BOARD_ARGS if a.get(k) is not None), None)
        if space is None and a.kind == "play" and a.get("unit") in self.state.units:
            space = self.state.units[a["unit"]].space
        return space

    def rebuild_targets(self) -> None:
        self.highlight.clear()
        seen: set[str] = set()
        for a in self.board_actions():
            space = self.target_space(a)
            if space is not None and space in self.city().spaces and space not in seen:
                seen.add(space)
                self.highlight.add(self.poly(space), a)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.tip = ("", "")
        self.board_tips = []
        self.rebuild_targets()
        clip = surface.get_clip()
        surface.set_clip(self.board_rect.clip(clip))  # a zoomed city stays in its panel
        self.draw_board(surface)
        if self.highlight.targets:  # where a click does something: tinted and outlined
            self.draw_tint(surface)
        for shape, _action in self.highlight.targets:
            pygame.draw.lines(surface, T.ACCENT, True, shape, self.theme.px(3))
        self.highlight.hover(self.hover_pos if self.on_board(self.hover_pos) else (-1, -1))
        self.highlight.draw(surface)
        self.marks.draw(surface, self.theme.px(3))
        self.draw_units(surface)
        if self.zoom.zoomed:  # gliding tokens stay on the board too
            self.anims.draw(surface)
        draw_badge(surface, self.theme, self.zoom)
        surface.set_clip(clip)
        self.draw_extra(surface)
        self.draw_panel(surface)
        if not self.zoom.zoomed:
            super().draw(surface)
        self.draw_tooltip(surface)
        self.draw_bar_tooltip(surface)
        self.draw_card_tooltip(surface)
        self.draw_board_tooltip(surface)

    def draw_board_tooltip(self, surface: pygame.Surface) -> None:
        """Card-like things drawn above the board (Public Opinion, a secret goal)."""
        for rect, title, text in self.board_tips:
            if rect.collidepoint(self.hover_pos):
                self.show_tip(surface, rect, text, title)
                return

    def draw_tint(self, surface: pygame.Surface) -> None:
        box = self.board_rect
        if self._tint is None or self._tint.get_size() != box.size:
            self._tint = pygame.Surface(box.size, pygame.SRCALPHA)
        self._tint.fill((0, 0, 0, 0))
        for shape, _action in self.highlight.targets:
            moved = [(x - box.left, y - box.top) for x, y in shape]
            # strong enough to read with any colour vision (tests/ui/test_colour_vision_screens)
            pygame.draw.polygon(self._tint, (*T.ACCENT, 120), moved)
        surface.blit(self._tint, box.topleft)

    def unit_tooltip(self, unit) -> str:
        return f"#{unit.id}"

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """What the unit stack under the cursor is: owner, types, Force, ready or spent."""
        if not self.on_board(self.hover_pos):
            return  # (zoomed in, tokens panned under the panels are not there)
        for rect, ids in self.tokens:
            if rect.collidepoint(self.hover_pos):
                units = [self.state.units[i] for i in ids if i in self.state.units]
                if not units:
                    return
                u = units[0]
                kinds = {x.kind for x in units}
                seats = sorted({x.seat for x in units})
                if len(seats) > 1:
                    text = "; ".join(
                        f"{self.host.player_name(s)}: "
                        + plural(sum(1 for x in units if x.seat == s), "unit")
                        for s in seats
                    )
                    self.show_tip(surface, rect, text, _("Several sides here"))
                    return
                if len(kinds) == 1:
                    state = _("ready") if self.unit_ready(u) else _("spent")
                    if u.wounded:
                        state = _("{state}, wounded").format(state=state)
                    what = f"{len(units)} x {self.unit_tooltip(u)} ({state})"
                else:
                    counts: dict[str, int] = {}
                    for x in units:
                        name = self.unit_tooltip(x).split(",")[0]
                        counts[name] = counts.get(name, 0) + 1
                    force = sum(self.unit_force(x) for x in units)
                    what = ", ".join(f"{n} x {k}" for k, n in counts.items())
                    what += " " + _("(Force {n})").format(n=force)
                title = f"{self.host.player_name(u.seat)} ({self.faction(u.seat)})"
                ability = self.unit_ability(u) if len(kinds) == 1 else ""
                self.show_tip(surface, rect, what + (f". {ability}" if ability else ""), title)
                return

    def unit_ability(self, unit) -> str:
        """What a unit type does beyond its Force, for its tooltip ('' for nothing)."""
        return ""

    def space_fill(self, sp) -> tuple[int, int, int]:
        if sp.kind == "street":
            return STREET_FILL
        if sp.kind == "hq":
            return HQ_FILL
        if sp.kind == "hospital":
            return HOSPITAL_FILL
        if sp.kind == "entry":
            return (70, 40, 44)
        if self.pm:
            return PM_COLOURS.get(sp.colour, BUILDING_FILL)
        return BUILDING_FILL

    def draw_board(self, surface: pygame.Surface) -> None:
        """The city, drawn once into a cached layer (redrawn when the layout or the district
        control shown by the area outlines changes)."""
        city = self.city()
        key = (
            tuple(self.board_rect),
            self.scale,
            self.offset,
            surface.get_size(),
            tuple(self.area_colour(a) for a in city.area_outlines),
            language(),
        )
        area = self.board_rect.clip(surface.get_rect())
        if self._board_key != key or self._board_layer is None:
            full = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._draw_board(full)
            self._board_layer, self._board_key = full.subsurface(area).copy(), key
        surface.blit(self._board_layer, area.topleft)

    def _draw_board(self, surface: pygame.Surface) -> None:
        city = self.city()
        small = self.fonts.get(12, "Bold")
        for sid, sp in city.spaces.items():
            pts = self.poly(sid)
            if len(pts) < 3:
                continue
            fill = self.space_fill(sp)
            pygame.draw.polygon(surface, fill, pts)
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            if sp.kind == "building" and box.w > 12 and box.h > 12:
                # a roof: a lighter inset with a ridge, so buildings read as blocks
                roof = box.inflate(-max(6, box.w // 6), -max(6, box.h // 6))
                light = tuple(min(255, int(v * 1.18) + 8) for v in fill)
                pygame.draw.rect(surface, light, roof, border_radius=3)
                ridge = tuple(int(v * 0.85) for v in fill)
                if roof.w >= roof.h:
                    pygame.draw.line(surface, ridge, roof.midleft, roof.midright, 2)
                else:
                    pygame.draw.line(surface, ridge, roof.midtop, roof.midbottom, 2)
            elif sp.kind == "street" and box.w > 40 and box.h > 40:
                # lane markings along the street's long side
                dash = self.theme.px(10)
                lane = (92, 98, 116)
                if box.w >= box.h:
                    y = box.centery
                    for x in range(box.left + dash, box.right - dash, 2 * dash):
                        pygame.draw.line(surface, lane, (x, y), (x + dash, y), 2)
                else:
                    x = box.centerx
                    for y in range(box.top + dash, box.bottom - dash, 2 * dash):
                        pygame.draw.line(surface, lane, (x, y), (x, y + dash), 2)
            pygame.draw.lines(surface, T.BG_DEEP, True, pts, 2)
            self._draw_icons(surface, sid)
        for area, outline in city.area_outlines.items():
            pts = [self.to_screen(p) for p in outline]
            colour = self.area_colour(area)
            pygame.draw.lines(surface, colour, True, pts, 3 if colour != AREA_LINE else 1)
            draw.text(surface, self.area_label(area), small, T.TEXT_DIM, self._area_label_at(area))

    # -- icons inside spaces (drawn in the board layer; token stacks keep clear of them) --------
    def _area_label_at(self, area: str) -> tuple[int, int]:
        first = self.to_screen(self.city().area_outlines[area][0])
        return (round(first[0] + 6), round(first[1] + 4))

    def _space_box(self, sid: str) -> pygame.Rect:
        pts = self.poly(sid)
        xs = [p[0] for p in pts] or [0.0]
        ys = [p[1] for p in pts] or [0.0]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def _icon_places(self, sid: str) -> list[tuple[str, pygame.Rect]]:
        """The icons drawn inside a space, each with the rectangle it covers."""
        sp = self.city().spaces[sid]
        box = self._space_box(sid)
        small = self.fonts.get(12, "Bold")
        out: list[tuple[str, pygame.Rect]] = []
        if sp.kind in ("entry", "hospital"):  # a red dot or a red cross, in the corner
            r = self.theme.px(6)
            out.append((sp.kind, pygame.Rect(box.left + 4, box.top + 4, 2 * r, 2 * r)))
        elif sp.kind == "building":
            if self.pm:
                label = tr(PM_YIELD[sp.colour]) if sp.colour in PM_YIELD else ""
                if label:
                    w, h = draw.text_size(small, label)
                    out.append(("yield", pygame.Rect(box.left + 4, box.top + 3, w, h)))
            else:
                r = self.theme.px(8)
                out.append(("coin", pygame.Rect(box.left + 2, box.top + 2, 2 * r + 2, 2 * r + 2)))
        elif sp.kind == "hq":
            label = _("BARRACKS") if self.pm else _("POLICE HQ")
            w, h = draw.text_size(small, label)
            out.append(("hq", pygame.Rect(box.centerx - w // 2, box.top + 6, w, h)))
        return out

    def _draw_icons(self, surface: pygame.Surface, sid: str) -> None:
        sp = self.city().spaces[sid]
        small = self.fonts.get(12, "Bold")
        for kind, rect in self._icon_places(sid):
            c = rect.center
            if kind == "entry":
                draw.aa_circle(surface, ENTRY_FILL, c, rect.w / 2)
            elif kind == "hospital":
                r = rect.w / 2
                pygame.draw.rect(surface, ENTRY_FILL, (c[0] - r / 3, c[1] - r, 2 * r / 3, 2 * r))
                pygame.draw.rect(surface, ENTRY_FILL, (c[0] - r, c[1] - r / 3, 2 * r, 2 * r / 3))
            elif kind == "yield":
                label = tr(PM_YIELD[sp.colour]) if sp.colour in PM_YIELD else ""
                draw.text(surface, label, small, T.TEXT_DARK, rect.topleft)
            elif kind == "coin":  # a coin with the building's credits
                r = rect.w / 2 - 1
                draw.aa_circle(surface, T.BG_DEEP, c, r + 1)
                draw.aa_circle(surface, (226, 186, 70), c, r)
                draw.text(surface, str(sp.credits), small, T.TEXT_DARK, c, "center")
            elif kind == "hq":
                label = _("BARRACKS") if self.pm else _("POLICE HQ")
                draw.text(surface, label, small, T.TEXT_DIM, rect.topleft)

    def keep_clear(self) -> dict[str, list[pygame.Rect]]:
        """Per space, the rectangles its tokens must not cover: its own icons, area labels
        that fall inside it and spaces drawn inside it (the hospital within the HQ)."""
        key = (tuple(self.board_rect), self.scale, self.offset, self.theme.look)
        if self._clear_key == key:
            return self._clear
        city = self.city()
        small = self.fonts.get(12, "Bold")
        labels = []
        for area in city.area_outlines:
            w, h = draw.text_size(small, self.area_label(area))
            labels.append(pygame.Rect(self._area_label_at(area), (w, h)))
        boxes = {sid: self._space_box(sid) for sid in city.spaces}
        out: dict[str, list[pygame.Rect]] = {}
        for sid in city.spaces:
            box = boxes[sid]
            rects = [r for _, r in self._icon_places(sid)]
            rects += [r for r in labels if box.colliderect(r)]
            rects += [
                b.inflate(4, 4)
                for other, b in boxes.items()
                if other != sid and box.contains(b) and b.w < box.w
            ]
            out[sid] = rects
        self._clear_key, self._clear = key, out
        return out

    def area_colour(self, area: str) -> tuple[int, int, int]:
        return AREA_LINE

    def area_label(self, area: str) -> str:
        return area.upper()

    def unit_force(self, unit) -> int:
        return 1

    def unit_ready(self, unit) -> bool:
        return unit.moves > 0 and not unit.attacked

    def gliding(self) -> set[int]:
        """The units moving now (a glide's key is its unit id)."""
        return {a.key for a in self.anims.active if isinstance(a, Glide) and isinstance(a.key, int)}

    def token_radius(self) -> float:
        fitted = self.scale / self.zoom.level
        return max(8, self.theme.px(12) * min(1.0, fitted * 1.6) * min(2.0, self.zoom.level**0.5))

    def stacks(self) -> list[Stack]:
        """Every token on the board: groups of alike units (seat, type, ready, wounded) laid
        out clear of each other and of the space's icons; a crowded space gets one stack per
        seat with a count badge. Recomputed only when the units or the layout change."""
        moving = self.gliding()
        units = [u for u in sorted(self.state.units.values(), key=lambda u: u.id)]
        rows = tuple(
            (u.id, u.space, u.seat, u.kind, self.unit_ready(u), u.wounded)
            for u in units
            if u.id not in moving
        )
        key = (rows, tuple(self.board_rect), self.scale, self.offset, self.theme.look)
        if key == self._stacks_key:
            return self._stacks
        by_space: dict[str, dict[tuple, list[int]]] = {}
        for uid, space, seat, kind, ready, wounded in rows:
            groups = by_space.setdefault(space, {})
            groups.setdefault((seat, kind, ready, wounded), []).append(uid)
        clear = self.keep_clear()
        r = self.token_radius()
        out: list[Stack] = []
        for space, groups in by_space.items():
            if space not in self.city().spaces:
                continue
            seats = sorted({g[0] for g in groups})
            # the search is slow-ish: each (space, counts) is laid out once per layout
            # (kept relative to the board's offset: a pan moves them without a new search)
            memo = (space, len(groups), len(seats), r, self.board_rect.size, self.scale)
            placed = self._placements.get(memo)
            ox, oy = self.offset
            if placed is None:
                if len(self._placements) > 4000:
                    self._placements.clear()
                pts, size, merged = place_tokens(
                    self.poly(space), clear.get(space, []), len(groups), len(seats), r
                )
                placed = ([(x - ox, y - oy) for x, y in pts], size, merged)
                self._placements[memo] = placed
            rel, size, merged = placed
            pts = [(x + ox, y + oy) for x, y in rel]
            if merged:
                per_seat: dict[int, list[int]] = {}
                ready_seat: dict[int, bool] = {}
                for (seat, _kind, ready, _w), ids in groups.items():
                    per_seat.setdefault(seat, []).extend(ids)
                    ready_seat[seat] = ready_seat.get(seat, False) or ready
                if len(pts) < len(seats):  # too small to show seats apart: one stack
                    ids = sorted(i for seat in seats for i in per_seat[seat])
                    out.append(
                        Stack(space, pts[0], size, ids, any(ready_seat.values()), False, True)
                    )
                    continue
                for p, seat in zip(pts, seats, strict=True):
                    ids = sorted(per_seat[seat])
                    out.append(Stack(space, p, size, ids, ready_seat[seat], False, True))
            else:
                for p, ((_seat, _kind, ready, wounded), ids) in zip(
                    pts, groups.items(), strict=True
                ):
                    out.append(Stack(space, p, size, ids, ready, wounded, False))
        self._stacks_key, self._stacks = key, out
        return out

    def draw_units(self, surface: pygame.Surface) -> None:
        self.tokens = []
        movable = {
            a["unit"] for a in self.legal() if a.kind in ("move", "commit") and a.get("unit")
        }
        units = self.state.units
        resting = self._resting = {}  # where each token was drawn (a glide starts there)
        for st in self.stacks():
            members = [units[i] for i in st.ids if i in units]
            if not members:
                continue
            r = st.r
            font = self.fonts.get(max(9, r * 0.95), "Bold")
            force = sum(self.unit_force(u) for u in members) if st.merged else None
            self.draw_token(
                surface, members[0], st.pos, r, font, st.ready, st.wounded, len(members), force
            )
            rect = pygame.Rect(0, 0, 2 * r, 2 * r)
            rect.center = (round(st.pos[0]), round(st.pos[1]))
            self.tokens.append((rect, list(st.ids)))
            for uid in st.ids:
                resting[uid] = st.pos
            ids = set(st.ids)
            if self.selected in ids:  # a double ring: selected differs by shape, not only hue
                draw.aa_circle(surface, T.ACCENT, st.pos, r + 4, 2)
                draw.aa_circle(surface, T.ACCENT, st.pos, r + 8, 2)
            elif ids & movable:  # a unit the player may move or add to an attack now
                draw.aa_circle(surface, T.ACCENT_HI, st.pos, r + 3, 1)

    def _token_drawer(
        self, unit: Any, r: float, font: pygame.font.Font
    ) -> Callable[[pygame.Surface, tuple[float, float]], None]:
        """Draws ``unit``'s token at a point (for an animation that moves it)."""
        return lambda surface, pos: self.draw_token(surface, unit, pos, r, font)

    def draw_token(
        self, surface, unit, pos, r, font, ready=True, wounded=False, count=1, force=None
    ) -> None:
        """One token: the seat's shape and colour (dimmed when spent), its Force, a count
        badge on its upper right for a stack, a red dot on its upper left when wounded.
        ``force`` given: a merged stack of mixed units, showing their Force together."""
        colour = self.host.seat_colour(unit.seat)
        if not ready:
            colour = tuple(int(c * 0.5) for c in colour)
        shape = self.host.seat_shape(unit.seat)
        if force is not None:  # a second token peeking out under a merged stack
            draw.seat_marker(surface, shape, colour, (pos[0] + 2, pos[1] + 2), r)
        draw.seat_marker(surface, shape, colour, pos, r)
        if not ready:  # spent: a dashed outline as well as the dimmed colour
            ring = draw.shape_points(shape, pos, r + 3)
            draw.dashed_lines(surface, T.TEXT, ring, 1, max(3.0, r * 0.35))
        value = self.unit_force(unit) if force is None else force
        draw.text(surface, str(value), font, T.TEXT_DARK, pos, anchor="center")
        if count > 1:
            br = max(4.5, r * 0.45)
            at = (pos[0] + r * 0.7, pos[1] - r * 0.7)
            draw.aa_circle(surface, T.BG_DEEP, at, br + 1)
            draw.aa_circle(surface, T.TEXT, at, br)
            badge = self.fonts.get(max(8, br * 1.3), "Bold")
            draw.text(surface, str(count), badge, T.TEXT_DARK, at, anchor="center")
        if wounded:
            draw.aa_circle(surface, ENTRY_FILL, (pos[0] - r * 0.6, pos[1] - r * 0.6), r * 0.35)

    def draw_extra(self, surface: pygame.Surface) -> None:
        pass

    # -- the clash (riot) or combat (riot-pm) dialog ---------------------------------------
    def content(self):
        return self.ruleset.content

    def unit_and_info(self, uid: int) -> tuple[Any, tuple[int, str] | None]:
        """The unit if it is still on the board, and its (seat, kind) from the board or from
        the snapshot taken before the action (losers leave the board at once)."""
        u = self.state.units.get(uid)
        return u, (u.seat, u.kind) if u is not None else self.snapshot.get(uid)

    def fight_picture(
        self, title: str, target: str, stage: int, sides: list[ClashSide], notes: list[str]
    ) -> ClashPicture:
        """A dialog picture placed clear of ``target`` on the board."""
        return ClashPicture(
            title,
            self.STAGES,
            stage,
            sides,
            notes,
            target_y=self.centre(target)[1],
            target=self.poly(target),
        )

    def start_record(
        self, d: Mapping[str, Any], defender: int, units_of, building: bool
    ) -> dict[str, Any]:
        """Begin following a fight from its opening event (to play it back when it is over):
        both sides' units as they stood, stage 4 (the outcome) shown."""
        sides = [
            ClashSide(seat, self.faction(seat), units_of(ids))
            for seat, ids in ((d["attacker"], d["att"]), (defender, d["dfd"]))
        ]
        if building:
            sides[1].extras.append(_("+1 defending a building"))
        ids = {i: (0, n) for n, i in enumerate(d["att"])}
        ids.update({i: (1, n) for n, i in enumerate(d["dfd"])})
        pic = self.fight_picture(
            self.fight_title(self.place_name(d["target"])), d["target"], 4, sides, []
        )
        self.clash_record = {"ids": ids, "pic": pic}
        return self.clash_record

    def record_step(self, e: Event) -> tuple[ClashPicture, tuple[int, int] | None] | None:
        """The fight being followed (None if none) and where ``e``'s unit stands in it; a
        removed unit is struck out here, as both games remove losers alike."""
        rec = self.clash_record
        if rec is None:
            return None
        pic = rec["pic"]
        where = rec["ids"].get(e.data.get("unit"))
        if isinstance(e, (Removed, PMRemoved)) and where:
            pic.sides[where[0]].units[where[1]].status = OUT
        return pic, where

    def fight_title(self, place: str) -> str:
        """``Clash at N street`` / ``Combat at district 3``."""
        if self.FIGHT == "Clash":
            return _("Clash at {place}").format(place=place)
        return _("Combat at {place}").format(place=place)

    def board_prompt(self, move_hint: str, phase_hints: dict[str, str]) -> str:
        """The hint when nobody is deciding: moving a picked unit, deploying a bought one, or
        the phase's own hint (each game words its move hint and phases itself)."""
        if self.selected is not None:
            return move_hint
        if self.kind_choice:
            return _("Click a highlighted space to deploy there.")
        if self.card_choice:
            return _("{card}: click a highlighted space for it.").format(
                card=self.card_label(self.card_choice)
            )
        legal = self.legal()
        if len(legal) == 1:  # nothing to click on the board: say so, not "click a space"
            label = describe_action(self.match.ruleset, self.state, legal[0])
            return _("Nothing else to do this phase: {action}.").format(action=label)
        return phase_hints.get(self.state.phase, "")

    @staticmethod
    def actor(e: Event, names: list[str]) -> str:
        """The name of the player an event belongs to ('' for none)."""
        return names[e.seat] if e.seat is not None and e.seat < len(names) else ""

    # -- the panel -------------------------------------------------------------------------
    def prompt(self) -> str:
        return ""

    def panel_lines(self, shown) -> list[tuple]:
        return []

    def hand_labels(self, shown, seat: int) -> list[str]:
        return []

    def button_label(self, a: Action) -> str:
        if a.kind == "choose_kind":
            label = self.kind_label(str(a["unit"]))
            if self.state.phase in ("placement", "setup"):  # placing is free: no price
                return _("Place {unit}...").format(unit=label.split(" (")[0])
            return _("Buy {unit}...").format(unit=label)
        if a.kind == "choose_card":
            return _("Play {card}...").format(card=self.card_label(str(a["card"])))
        return self.ruleset.describe(self.state, a)

    def card_label(self, card: str) -> str:
        return card

    def kind_label(self, kind: str) -> str:
        return kind

    def faction(self, seat: int) -> str:
        """The side a seat plays: 'Police', 'Autonomen', 'Protesters'."""
        return ""

    def declare_notes(self) -> list[str]:
        """The clash dialog's hint while an attack is declared: only for the one declaring."""
        if self.my_turn():
            return [_("Click your units (or the buttons) to add them, then Attack!")]
        return []

    def status(self) -> tuple[str, bool]:
        """The line at the top of the panel and whether it asks the viewer to act: the
        prompt on the viewer's turn; otherwise who is deciding (a bot, another player, a
        replay's next mover) and no instructions."""
        host = self.host
        seat = host.to_move()
        if host.outcome().finished or seat is None:
            return _("Game over"), False
        name = host.player_name(seat)
        side = self.faction(seat)
        if getattr(host, "spectating", False):
            return _("Replay: {name} ({side}) moves next").format(name=name, side=side), False
        if not host.is_human(seat):
            return _("{name} is thinking...").format(name=seat_label(host, seat, bot=True)), False
        if not self.my_turn():
            return _("Waiting for {name} ({side})").format(name=name, side=side), False
        return self.prompt(), True

    def draw_panel(self, surface: pygame.Surface) -> None:
        shown = self.shown()
        seat = self.host.to_move()
        if seat is None:
            title = _("Game over")
        else:
            title = f"{seat_label(self.host, seat)} - {self.faction(seat)}"
        inner = side_panel(surface, self.panel_rect, self.theme, title, self.host.seat_colour(seat))
        body = self.fonts.get(14)
        bold = self.fonts.get(14, "Bold")
        y = inner.top
        step = draw.line_step(body)
        text, acting = self.status()
        for line in draw.wrap(text, bold, inner.w):
            draw.text(surface, line, bold, T.ACCENT if acting else T.TEXT, (inner.left, y))
            y += step
        mark = self.theme.px(7)
        for entry in self.panel_lines(shown):
            text, colour = entry[0], entry[1]
            owner = entry[2] if len(entry) > 2 else None
            x = inner.left
            if owner is not None:  # the seat's shape and colour, as on its tokens
                draw.seat_marker(
                    surface,
                    self.host.seat_shape(owner),
                    self.host.seat_colour(owner),
                    (x + mark, y + step / 2),
                    mark,
                )
                x += 2 * mark + self.theme.px(6)
            for line in draw.wrap(text, body, inner.right - x):
                draw.text(surface, line, body, colour, (x, y))
                y += step
        y = self.draw_hand(surface, inner, y, shown) + 6
        small = self.fonts.get(12)
        small_step = draw.line_step(small)
        # the buttons come first: the recent list gives up lines (down to 3) to fit them
        slots = self.button_slots()
        bh = self.theme.px(28)
        free = inner.bottom - y - self.theme.px(8)
        head = draw.line_step(self.fonts.get(11, "Bold"))
        # one column with headings; two; two without headings when even that is too tall
        layouts = []
        for per_row, headings in ((1, True), (2, True), (2, False)):
            rows = self.bar_rows(slots, per_row, headings, inner.w)
            layouts.append((self._bar_height(rows, bh, head), per_row, rows))
        # the first that leaves the recent list 3 lines, else the shortest
        fit = [lay for lay in layouts if lay[0] <= free - 3 * small_step]
        need, per_row, rows = fit[0] if fit else min(layouts, key=lambda lay: lay[0])
        lines = max(1, min(LOG_LINES, (free - need) // small_step))
        log_h = small_step * lines + self.theme.px(8)
        self.draw_buttons(surface, inner, y, inner.bottom - log_h - y, rows, per_row)
        ly = inner.bottom - log_h
        pygame.draw.line(surface, T.LINE, (inner.left, ly), (inner.right, ly))
        # a long line (a whole clash) wraps, indented; the latest lines that fit are shown
        wrapped = [
            part if i == 0 else "   " + part
            for line in self.recent()
            for i, part in enumerate(draw.wrap(line, small, inner.w - self.theme.px(12)))
        ]
        for line in wrapped[-lines:]:
            ly += small_step
            draw.text(surface, line, small, T.TEXT_DIM, (inner.left, ly), max_width=inner.w)

    # -- the recent list, rebuilt from the match's history --------------------------------
    def recent(self) -> list[str]:
        """The latest lines of what happened, as the viewer may read them. Built from
        ``match.log``/``history``/``movers`` (so Undo, Load and replays show the right
        lines); a private event reads in full only for its owner."""
        self._scan_history()
        viewer = self.host.viewer_seat
        out: list[str] = []
        for entry in reversed(self._entries):
            lines = [
                own if owner is not None and owner == viewer else pub for pub, own, owner in entry
            ]
            out[:0] = [x for x in lines if x]
            if len(out) >= LOG_LINES:
                break
        return out

    def _scan_history(self) -> None:
        m = self.match
        history = m.history
        n = min(len(m.log), len(history))
        done = len(self._entries)
        stale = (
            self._scan_match is not m
            or done > n
            or (done and self._scan_last is not history[done - 1])
        )
        if stale:  # undo, a load or a new match: read the whole history again
            self._entries, self._known, done = [], {}, 0
            self._scan_match = m
        if done == n:
            return
        names = [self.host.player_name(i) for i in range(len(m.setup.players))]
        labels = getattr(self.host, "labels", None)
        for i in range(done, n):
            self._entries.append(self._action_lines(i, names, labels))
        self._entries = self._entries[-400:] if len(self._entries) > 4000 else self._entries
        self._scan_last = history[n - 1]

    def _action_lines(
        self, index: int, names: list[str], labels: dict[int, str] | None
    ) -> list[tuple[str, str, int | None]]:
        """One logged action as (public line, its owner's line, owner) rows."""
        m = self.match
        events = m.history[index]
        action = m.log[index]
        for e in events:  # name units by what they were when this happened
            self.learn_unit(e, action)
        bought = any(isinstance(e, (CardBought, RiotBought)) for e in events)
        rows: list[tuple[str, str, int | None]] = []
        chain: list[tuple[int, str]] = []  # a fight's results: one line
        chain_at = 0
        fight = any(isinstance(e, self.CHAIN_START) for e in events)
        for e in events:
            if self.redundant(e, events):
                continue
            try:
                line = self.event_line(e, names)
            except (KeyError, IndexError, TypeError, ValueError):
                line = ""
            if not line:
                continue
            owner = e.private_to
            if owner is None and fight and isinstance(e, self.CHAIN):
                chain_at = chain_at if chain else len(rows)
                chain.append((self.chain_rank(e), line))
            elif owner is None:
                rows.append((line, line, None))
            else:  # the others read only that it happened (a buy line already says so)
                hidden = "" if bought else event_text(e, names, None)
                rows.append((hidden, line, owner))
        if chain:
            parts = [text for _rank, text in sorted(chain, key=lambda p: p[0])]
            parts[1:] = ["a" + p[1:] if p.startswith("A ") else p for p in parts[1:]]
            line = self.chain_line(parts)
            rows.insert(chain_at, (line, line, None))
        if not rows:
            owner = next((e.private_to for e in events if e.private_to is not None), None)
            pub = action_text(m, index, None, names, False, labels)
            own = action_text(m, index, owner, names, False, labels) if owner is not None else pub
            rows.append((pub, own, owner))
        return rows

    CHAIN: tuple[type[Event], ...] = ()  # events of a fight's outcome, logged as one line
    CHAIN_START: tuple[type[Event], ...] = ()  # ... when one of these shows it was a fight

    def chain_rank(self, e: Event) -> int:
        """The order of a fight's line: the totals, who won, then what it cost."""
        return (
            0
            if isinstance(e, (ClashTotals, CombatRevealed))
            else 1
            if isinstance(e, (ClashWon, CombatWon, Tie))
            else 2
        )

    def chain_line(self, parts: list[str]) -> str:
        return "; ".join(parts)

    def redundant(self, e: Event, events: list[Event]) -> bool:
        """An event another of the same action already tells (not logged)."""
        return False

    def log_blocks(self, viewer: int | None, reveal_all: bool) -> list[tuple[str, str]]:
        """The full log (L): the side log's lines, under a heading per action (who did it)."""
        self._scan_history()
        m = self.match
        names = [self.host.player_name(i) for i in range(len(m.setup.players))]
        labels = getattr(self.host, "labels", None)
        blocks: list[tuple[str, str]] = []
        offset = len(m.log) - len(self._entries)
        for i, entry in enumerate(self._entries):
            index = i + offset
            blocks.append(
                ("h2", f"{index + 1}.  {action_text(m, index, viewer, names, reveal_all, labels)}")
            )
            for pub, own, owner in entry:
                line = own if reveal_all or (owner is not None and owner == viewer) else pub
                if line:
                    blocks.append(("li", line))
        return blocks or [("dim", _("No moves yet."))]

    def learn_unit(self, e: Event, action: Action) -> None:
        """Remember which seat and type a unit id stands for (units leave the board)."""

    def unit_info(self, uid: int) -> tuple[int, str] | None:
        u = self.state.units.get(uid)
        if u is not None:
            return (u.seat, u.kind)
        return self._known.get(uid) or self.snapshot.get(uid)

    def pick(self, a: Action) -> None:
        if a.kind == "choose_kind":
            self.cancel_pick()
            self.kind_choice = str(a["unit"])
            return
        if a.kind == "choose_card":
            self.cancel_pick()
            self.card_choice = str(a["card"])
            return
        self.submit(a)

    # -- input -----------------------------------------------------------------------------
    def hover(self, pos) -> None:
        self.hover_pos = pos
        if self.zoom.motion(pos):
            self.place_board()

    def on_board(self, pos) -> bool:
        """Whether a screen point is over the city (zoomed in, the panels hide the rest)."""
        return not self.zoom.zoomed or self.board_rect.collidepoint(pos)

    def wheel(self, pos, dy: int) -> bool:
        if not self.zoom.wheel(pos, dy):
            return False
        self.fast_forward()  # glides run in screen points: land them before the city moves
        self.place_board()
        return True

    def release(self, pos, button: int = 1) -> None:
        held = self.zoom.holding
        if not self.zoom.release() and held == 3 and button == 3:
            self.cancel_pick()  # a right click, not a drag

    def click(self, pos, button: int = 1) -> None:
        drag = button == 2 or (button == 3 and self.zoom.zoomed)
        if drag and (self.zoom.press(pos, button) or self.zoom.holding == 3):
            self.fast_forward()
            return
        if button != 1:
            self.cancel_pick()
            return
        for b, reason in zip(self.buttons, self.bar_reasons, strict=False):
            if b.rect.collidepoint(pos):
                if b.enabled and b.on_click is not None:
                    b.on_click()
                elif reason:
                    title = self.bar_titles[self.buttons.index(b)]
                    self.host.notice(f"{title}: {reason}", T.BAD)
                return
        for rect, card in self.hand_chips:
            if rect.collidepoint(pos):
                self.click_card(card)
                return
        hits = self.highlight.at(pos) if self.on_board(pos) else []
        if hits:
            self.submit(hits[0])
            return
        for rect, ids in self.tokens:
            if rect.collidepoint(pos) and self.on_board(pos):
                self.click_units(ids, self.space_at(rect.center))
                return
        space = self.space_at(pos) if self.board_rect.collidepoint(pos) else None
        if space and self.my_turn() and self.explain(self.meant_action(space, [])):
            return
        if self.board_rect.collidepoint(pos) and self.my_turn():
            self.host.notice(_("Nothing to do there: pick a highlighted space or a button."))

    def click_units(self, ids: list[int], space: str | None = None) -> None:
        legal = self.legal()
        for uid in ids:
            commit = Action.make("commit", unit=uid)
            if commit in legal:
                self.submit(commit)
                return
        if self.card_choice:
            for a in legal:
                if a.kind == "play" and a["card"] == self.card_choice and a.get("unit") in ids:
                    self.submit(a)
                    return
        if self.selected is not None and self.selected in ids:
            self.selected = None  # the picked unit clicked again: put down
            return
        movable = [u for u in ids if any(a.kind == "move" and a["unit"] == u for a in legal)]
        if movable:
            self.selected = movable[0]
            return
        if space is not None and self.my_turn() and self.explain(self.meant_action(space, ids)):
            return
        self.selected = None

    def space_at(self, pos: tuple[float, float]) -> str | None:
        """The space of the city under a screen point (None: outside every space)."""
        for sid in self.city().spaces:
            if inside(self.poly(sid), pos):
                return sid
        return None

    def meant_action(self, space: str, ids: list[int]) -> Action | None:
        """What a click on ``space`` (on the units ``ids``) meant, legal or not: a move of the
        picked unit, a buy or card there, an attack on the enemies there, a placement. The
        rules say why it is refused (``explain``); the view never decides."""
        s = self.state
        mine = [i for i in ids if i in s.units and s.units[i].seat == s.active]
        if s.pending:
            frame = s.pending[-1]
            if frame.kind == "declare" and mine:
                return Action.make("commit", unit=mine[0])
            return None
        if self.selected is not None:
            return Action.make("move", unit=self.selected, to=space)
        if self.kind_choice:
            return self.place_action(self.kind_choice, space)
        if self.card_choice:
            if mine:
                return Action.make("play", card=self.card_choice, unit=mine[0])
            return Action.make("play", card=self.card_choice, at=space)
        if s.phase in ("placement", "setup") and not self.pm:
            return Action.make("place", at=space)
        if s.phase in ("clash", "combat"):
            enemy = sorted({u.seat for u in s.units.values() if u.space == space} - {s.active})
            if enemy:
                return self.attack_action(space, enemy[0])
        if mine:
            return Action.make("move", unit=mine[0], to=s.units[mine[0]].space)
        return None

    def place_action(self, kind: str, space: str) -> Action:
        verb = "place" if self.state.phase in ("placement", "setup") else "buy"
        return Action.make(verb, unit=kind, at=space)

    def attack_action(self, space: str, seat: int) -> Action:
        return Action.make("attack", target=space, seat=seat)

    def explain(self, action: Action | None) -> bool:
        """Show why the rules refuse ``action`` (or play it, if it is legal after all)."""
        if action is None:
            return False
        reason = self.ruleset.refusal(self.state, action)
        if reason is None:
            self.submit(action)
        else:
            self.host.notice(reason, T.BAD)
        return True

    def click_card(self, card: str) -> None:
        """A card of the hand clicked: played when that is all it takes, picked when it
        needs a unit or an entry point, or the rules' reason why not now."""
        uses = [a for a in self.legal() if a.get("card") == card]
        if len(uses) == 1 and len(uses[0].args) == 1:
            self.submit(uses[0])
        elif uses and uses[0].kind == "play":
            self.pick(Action.make("choose_card", card=card))
        elif uses:
            self.submit(uses[0])
        elif self.my_turn():
            self.explain(self.card_action(card))

    def card_action(self, card: str) -> Action:
        return Action.make("play", card=card)

    def key(self, key: str) -> bool:
        if key == "escape" and (self.selected is not None or self.kind_choice or self.card_choice):
            self.cancel_pick()
            return True
        arrow = ARROWS.get(key)
        panning = arrow is not None and not self.ring.shown  # (Tab brings the ring out)
        if self.zoom.key(key) or (panning and arrow is not None and self.zoom.pan_key(arrow)):
            self.fast_forward()
            self.place_board()
            return True
        if self.focus_key(key):
            self.show_focus()
            return True
        if key in ("return", "space"):
            for a in self.legal():
                if a.kind.startswith("end") or a.kind in ("pass", "done", "confirm"):
                    self.submit(a)
                    return True
        return False

    # -- keyboard play (riotsim.ui.views.keyfocus) ---------------------------------------
    def focus_groups(self) -> list[Group]:
        """The city's spaces, the unit stacks on it, the hand and the bar, as drawn last."""
        board = self.board_rect
        spaces = [self.space_target(sid) for sid in self.city().spaces]
        pieces = [
            Target(("units", ids[0]), pygame.Rect(rect))
            for rect, ids in self.tokens
            if ids and (not self.zoom.zoomed or board.collidepoint(rect.center))
        ]
        cards = [Target(("card", card), pygame.Rect(rect)) for rect, card in self.hand_chips]
        buttons = [Target(("button", i), pygame.Rect(b.rect)) for i, b in enumerate(self.buttons)]
        return [
            Group("cells", spaces),
            Group("pieces", pieces),
            Group("cards", cards),
            Group("buttons", buttons),
        ]

    def space_target(self, sid: str) -> Target:
        def aim() -> tuple[float, float]:
            return self.space_point(sid)

        return Target(("space", sid), self.poly(sid), aim=aim)

    def space_point(self, sid: str) -> tuple[float, float]:
        """Where a click means the space itself: its centre, or a point of it clear of the
        unit tokens drawn on it."""
        poly = self.poly(sid)
        centre = self.centre(sid)
        rects = [r for r, _ids in self.tokens]
        if inside(poly, centre) and not any(r.collidepoint(centre) for r in rects):
            return centre
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        best, near = centre, float("inf")
        for i in range(1, 12):
            for j in range(1, 12):
                p = (min(xs) + (max(xs) - min(xs)) * i / 12, min(ys) + (max(ys) - min(ys)) * j / 12)
                far = (p[0] - centre[0]) ** 2 + (p[1] - centre[1]) ** 2
                clear = not any(r.collidepoint(p) for r in rects)
                if clear and far < near and inside(poly, p):
                    best, near = p, far
        return best

    def show_focus(self) -> None:
        """Zoomed in, the city pans to keep the focused space or stack in view."""
        if not self.zoom.zoomed or self.ring.group not in ("cells", "pieces"):
            return
        point = self.ring.point
        if point is not None and not self.board_rect.collidepoint(point):
            self.zoom.show(point, self.theme.px(60))
            self.place_board()
            self.ring.point = None

    # -- animation -------------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        # where each unit's token will rest once the animations are over (glides end there)
        self._landing = (
            {uid: st.pos for st in self.stacks() for uid in st.ids}
            if any(isinstance(e, MOVES) for e in events)
            else {}
        )
        for e in events:
            self.animate(e)
        marks = self.change_marks(events)
        if marks:
            self.marks.show(marks)
        self.remember_units()

    def change_marks(self, events: list[Event]) -> list[ChangeMark]:
        """The spaces ``events`` changed: where a unit left (pale) and arrived (its seat's
        colour), and the target of an attack (red)."""
        spaces: dict[str, tuple[int, int, int]] = {}
        units = self.state.units
        for e in events:
            if isinstance(e, MOVES):
                seat = units[e.unit].seat if e.unit in units else self.snapshot.get(e.unit, (0,))[0]
                spaces[e.start] = LEFT
                spaces[e.to if isinstance(e, Moved) else e.at] = self.host.seat_colour(seat)
            elif isinstance(e, (Placed, Reinforced)):
                spaces[e.at] = self.host.seat_colour(e.player)
            elif isinstance(e, (AttackDeclared, PMAttackDeclared, ClashStarted, CombatStarted)):
                spaces[e.target] = ATTACKED
        city = self.city()
        return [
            ChangeMark(self._outline(sid), c) for sid, c in spaces.items() if sid in city.spaces
        ]

    def _outline(self, sid: str) -> Callable[[], list[tuple[float, float]]]:
        return lambda: self.poly(sid)  # asked each frame: a zoom or pan keeps it on its space

    def update(self, dt: float) -> None:
        super().update(dt)
        self.marks.update(dt, held=self.anims.busy)

    def event_line(self, e: Event, names: list[str]) -> str:
        return ""

    def animate(self, e: Event) -> None:
        city = self.city()
        if isinstance(e, MOVES) and e.unit in self.state.units:
            frm = e.start
            to = e.to if isinstance(e, Moved) else e.at
            if frm in city.spaces and to in city.spaces:
                unit = self.state.units[e.unit]
                r = self.token_radius()
                font = self.fonts.get(max(9, r * 0.95), "Bold")
                start = self._resting.get(unit.id, self.centre(frm))
                end = self._landing.get(unit.id, self.centre(to))
                self._resting[unit.id] = end
                self.anims.add(
                    Glide(
                        [start, end],
                        self._token_drawer(unit, r, font),
                        seconds_per_step=0.22,
                        key=unit.id,
                    )
                )
        elif isinstance(e, (Removed, PMRemoved)) and e.space in city.spaces:
            c = self.centre(e.space)
            rect = pygame.Rect(0, 0, self.theme.px(40), self.theme.px(40))
            rect.center = (round(c[0]), round(c[1]))
            self.anims.add(Flash(rect, T.BAD, circle=True), parallel=True)


class RiotView(_CityView):
    """RIOT: Cast the First Stone."""

    def team_label(self, seat: int) -> str:
        return tr(self.content().teams[self.state.teams[seat]].label)

    def faction(self, seat: int) -> str:
        return self.team_label(seat)

    def learn_unit(self, e: Event, action: Action) -> None:
        if isinstance(e, Bought):
            self._known[e.unit] = (e.player, e.unit_kind)
        elif isinstance(e, (Placed, Reinforced)):
            team = self.state.teams[e.player]
            self._known[e.unit] = (e.player, self.content().basic_unit(team).id)

    def unit_force(self, unit) -> int:
        cl = self.state.clash
        street = bool(cl and cl.street)
        return self.ruleset.force(self.state, unit, street)

    def card_label(self, card: str) -> str:
        cards = self.content().cards
        return tr(cards[card].label) if card in cards else card

    def kind_label(self, kind: str) -> str:
        seat = self.state.active
        ut = self.content().unit(self.state.teams[seat], kind)
        return f"{tr(ut.label)} ({ut.cost}c, F{ut.force})"

    def kind_named(self, label: str) -> str | None:
        team = self.content().teams[self.state.teams[self.state.active]]
        return next((u.id for u in team.units if tr(u.label) == label), None)

    def prompt(self) -> str:
        s = self.state
        if s.pending:
            f = s.pending[-1]
            texts = {
                "order": lambda: _(
                    "Police: set the protesters' order for the next round - pick who plays {nth}."
                ).format(nth=tr(ORDINALS[len(f.data.get("chosen", []))])),
                "obstruct": lambda: _("A unit wants to enter a building past you: obstruct it?"),
                "obstructed": lambda: _("You were obstructed: fight in the street or give up."),
                "declare": lambda: _("Click your units to add them to the attack, then Attack!"),
                "distance": lambda: _("Distance phase: play Distance Attack cards or pass."),
                "continue": lambda: _("Go on to hand to hand, or stop the attack?"),
                "blitz": lambda: _("Hand to hand: play Blitz cards or pass."),
            }
            make = texts.get(f.kind)
            return make() if make else f.kind
        if s.phase == "placement":
            left = s.placement.count(s.active)
            unit = tr(self.content().basic_unit(s.teams[s.active]).label)
            return _(
                "First round: click one of the outlined buildings to place {unit} there"
                " (one per area; {n} left)."
            ).format(unit=article(unit), n=left)
        return self.board_prompt(
            _("Click a highlighted space to move there (right click: cancel)."),
            {
                "purchase": _("Buy units and cards."),
                "move": _("Move: click a unit, then a space."),
                "clash": _("Clashes: click a highlighted group to attack."),
            },
        )

    def panel_lines(self, shown) -> list[tuple]:
        s = self.state
        c = self.content()
        when = _("First round") if s.phase == "placement" else _("Round {n}").format(n=s.round)
        out: list[tuple[Any, ...]] = [(f"{when} - {phase_name(s.phase)}", T.TEXT_DIM)]
        for seat in range(s.seats):
            team = self.team_label(seat)
            scoring = s.teams[seat] in ("autonomen", "anarchists")
            extra = ", " + _("{n}/7 area points").format(n=s.area_points[seat]) if scoring else ""
            if s.teams[seat] == "nationalists":
                extra = ", " + _("secret goal")
            if s.eliminated[seat]:
                extra += " " + _("(eliminated)")
            units = sum(1 for u in s.units.values() if u.seat == seat)
            cards = f", {plural(len(s.hands[seat]), 'card')}" if seat else ""
            out.append(
                (
                    f"{seat_label(self.host, seat)} - {team}: {plural(s.credits[seat], 'credit')}, "
                    f"{plural(units, 'unit')}{cards}{extra}",
                    self.host.seat_colour(seat),
                    seat,
                )
            )
        revealed = [tr(c.opinion_card(p).label) for p in s.po_revealed]
        deck = _("Public Opinion: {n} left").format(n=len(s.po_deck))
        out.append((deck + (_(", one drawn face down") if s.po_drawn else ""), T.TEXT))
        if revealed:
            out.append((_("Turned: {cards}").format(cards=", ".join(revealed)), T.TEXT_DIM))
        words = {
            "income": _("fewer credits"),
            "basic_only": _("Officers only"),
            "no_building_attacks": _("no building attacks"),
            "one_attack": _("one clash"),
            "no_clashes": _("no clashes"),
            "hospital_lock": _("Hospital locked"),
            "slow_vans": _("vans slowed"),
            "no_purchase": _("no purchases"),
        }
        for label, penalties in (
            (_("Police penalties this turn: {penalties}"), s.police_now),
            (_("Police penalties next turn: {penalties}"), s.police_next),
        ):
            if penalties:
                text = ", ".join(
                    f"{p.get('income')} {words[k]}" if k == "income" else words.get(k, k)
                    for k, p in ((k, penalties) for k in sorted(penalties))
                )
                out.append((label.format(penalties=text), T.BAD))
        viewer = self.host.viewer_seat
        if viewer is not None and shown.goals[viewer] not in ("", "?"):
            goal = c.goal(shown.goals[viewer])
            line = _("Your secret goal: {goal} - {text}").format(
                goal=tr(goal.label), text=tr(goal.text)
            )
            out.append((line, T.ACCENT))
        return out

    def hand_labels(self, shown, seat: int) -> list[str]:
        return [label for _, label in self.hand_cards(shown, seat)]

    def hand_cards(self, shown, seat: int) -> list[tuple[str, str]]:
        cards = self.content().cards
        return [
            (c, tr(cards[c].label) + (" (Blitz)" if cards[c].blitz else ""))
            for c in shown.hands[seat]
            if c in cards
        ]

    def card_text(self, card: str) -> tuple[str, str]:
        c = self.content().cards.get(card)
        if c is None:
            return (card, "")
        # a Blitz card's text says when; the others are played any time in the own turn
        text = tr(c.text)
        if not c.blitz:
            text += " " + _("Play it any time in your own turn.")
        return (tr(c.label), text)

    def unit_name(self, uid: int) -> str:
        """'Police Officer', 'Autonomen Activist': the team and the unit type."""
        info = self.unit_info(uid)
        if info is None:
            return _("a unit")
        return self.kind_name(info[0], info[1])

    def kind_name(self, seat: int, kind: str) -> str:
        """'Police Officer', 'Black Bloc' (no 'Anarchists Anarchist': the basic unit of a
        team named for it is just its name)."""
        team = self.content().teams[self.state.teams[seat]].label
        label = self.content().unit(self.state.teams[seat], kind).label
        if label.startswith(team) or team.startswith(label):
            return tr(label)
        return _("{team} {unit}").format(team=tr(team), unit=tr(label))

    CHAIN = (
        ClashTotals,
        ClashWon,
        Tie,
        Removed,
        Wounded,
        Hurt,
        Shielded,
        Entered,
        Advanced,
        OpinionDrawn,
    )

    CHAIN_START = (ClashTotals, ClashWon, Tie)

    def redundant(self, e: Event, events: list[Event]) -> bool:
        # "wounded" then "wounded, off to the Hospital": the second says both
        return isinstance(e, Hurt) and any(
            isinstance(x, Wounded) and x.unit == e.unit for x in events
        )

    def chain_line(self, parts: list[str]) -> str:
        return _("Clash: {results}").format(results="; ".join(parts))

    def event_line(self, e: Event, names: list[str]) -> str:
        """``e``'s log line, by its kind's class ('' for a kind not worded here: the log then
        shows the action's own text)."""
        make = self.turn_lines(e, names).get(type(e)) or self.clash_lines().get(type(e))
        return make(e) if make else ""

    def turn_lines(self, e: Event, names: list[str]) -> Lines:
        who = self.actor(e, names)
        c = self.content()
        place, team, unit = self.place_name, self.team_label, self.unit_name

        def card(cid: str) -> str:
            return tr(c.cards[cid].label) if cid in c.cards else _("a card")

        def opinion(cid: str) -> str:
            o = c.opinion_card(cid)
            return _("Public Opinion: {card} - {text}").format(card=tr(o.label), text=tr(o.text))

        return {
            TurnStarted: lambda ev: _("-- {player}'s turn ({team}) --").format(
                player=who, team=team(_seat(ev))
            ),
            Income: lambda ev: _("{player} collects {credits}").format(
                player=who, credits=plural(ev.credits, "credit")
            ),
            AreaPoints: lambda ev: _("{team} score {points}: {total}/7").format(
                team=team(_seat(ev)), points=plural(len(ev.areas), "area point"), total=ev.total
            ),
            Bought: lambda ev: _("{player} buys {unit} at {place}").format(
                player=who, unit=article(unit(ev.unit)), place=place(ev.at)
            ),
            CardBought: lambda ev: _("{player} buys a card for {credits}").format(
                player=who, credits=plural(ev.cost, "credit")
            ),
            CardDrawn: lambda ev: _("{player} draws {card}").format(player=who, card=card(ev.card)),
            Moved: lambda ev: f"{unit(ev.unit)}: {place(ev.start)} -> {place(ev.to)}",
            Placed: lambda ev: _("{player} places {unit} in {place}").format(
                player=who, unit=article(unit(ev.unit)), place=place(ev.at)
            ),
            Reinforced: lambda ev: (
                _("{unit} joins at {place}")
                .format(unit=article(unit(ev.unit)), place=place(ev.at))
                .capitalize()
            ),
            OpinionDrawn: lambda ev: _("A Public Opinion card is drawn face down"),
            OpinionRevealed: lambda ev: opinion(ev.card),
            CardPlayed: lambda ev: _("{player} plays {card}").format(
                player=who, card=card(ev.card)
            ),
            Obstructed: lambda ev: _("{team} block {place}").format(
                team=team(ev.by), place=place(ev.street)
            ),
            ObstructAsked: lambda ev: (
                _("{unit} wants to get into {place}").format(unit=unit(ev.unit), place=place(ev.to))
                if ev.unit is not None and ev.to
                else _("{team} may block the street to {place}").format(
                    team=team(ev.player), place=place(str(ev.target))
                )
            ),
            LetPass: lambda ev: _("{team} let them pass").format(team=team(ev.by)),
            GaveUp: lambda ev: _("{player} gives up").format(player=who),
            OrderChosen: lambda ev: _(
                "{player} ({team}) is placed in the next round's order"
            ).format(player=names[ev.player], team=team(ev.player)),
            Eliminated: lambda ev: _("{player} ({team}) is eliminated").format(
                player=who, team=team(ev.player)
            ),
            GameOver: lambda ev: _("Game over: {reason}").format(
                reason=self.ruleset.reason_text(str(ev.reason))
            ),
        }

    def clash_lines(self) -> Lines:
        place, team, unit = self.place_name, self.team_label, self.unit_name

        def lost(ev: Removed) -> str:
            kind = self.content().unit(self.state.teams[ev.player], ev.unit_kind)
            return _("{team} lose {unit}").format(
                team=team(ev.player), unit=article(tr(kind.label))
            )

        return {
            ClashStarted: lambda ev: _("{attacker} attack {defender} at {place}").format(
                attacker=team(ev.attacker), defender=team(ev.defender), place=place(ev.target)
            ),
            ClashTotals: lambda ev: _("Force {attacker} (attackers) against {defender}").format(
                attacker=ev.attacker, defender=ev.defender
            ),
            ClashWon: lambda ev: (
                _("{team} win the clash at distance")
                if ev.at_distance
                else _("{team} win the clash")
            ).format(team=team(ev.winner)),
            Tie: lambda ev: _("A tie: nothing happens, the attackers are spent"),
            Withdrew: lambda ev: _("{team} stop the attack").format(team=team(ev.player)),
            Committed: lambda ev: _("{unit} joins the attack").format(unit=unit(ev.unit)),
            ClashCalledOff: lambda ev: _("The clash is called off"),
            Removed: lost,
            Wounded: lambda ev: _("{unit} wounded, off to {place}").format(
                unit=unit(ev.unit), place=place(ev.at)
            ),
            Hurt: lambda ev: _("{unit} wounded").format(unit=unit(ev.unit)),
            Shielded: lambda ev: _("A shield stops the first hit on the {unit}").format(
                unit=unit(ev.unit)
            ),
            Entered: lambda ev: _("{unit} takes {place}").format(
                unit=unit(ev.unit), place=place(ev.at)
            ),
            Advanced: lambda ev: _("{unit} advances to {place}").format(
                unit=unit(ev.unit), place=place(ev.at)
            ),
        }

    # -- the clash dialog ------------------------------------------------------------------
    STAGES = (N_("Declare"), N_("Distance"), N_("Hand to hand"), N_("Force"), N_("Losses"))
    FIGHT = "Clash"

    def side_unit(self, uid: int, street: bool) -> SideUnit:
        u, info = self.unit_and_info(uid)
        if info is None:
            return SideUnit(f"#{uid}", 0)
        ut = self.content().unit(self.state.teams[info[0]], info[1])
        force = ut.street_force if street and ut.street_force else ut.force
        status = WOUNDED if u is not None and u.wounded else ""
        return SideUnit(f"{tr(ut.label)} #{uid}", force, status)

    def live_clash(self) -> ClashPicture | None:
        """The clash being decided now, from the state (declaring, cards, going on)."""
        s = self.state
        city = self.city()
        if s.pending and s.pending[-1].kind == "declare":
            f = s.pending[-1]
            target, d = f.data["target"], f.data["defender"]
            street = city.spaces[target].kind == "street"
            att = [self.side_unit(i, street) for i in f.data["units"]]
            dfd = [self.side_unit(u.id, street) for u in self.ruleset.units_at(s, target, d)]
            defending = self.ruleset.defending_force(s, target, d)
            sides = [
                ClashSide(f.seat, self.team_label(f.seat), att, total=sum(u.force for u in att)),
                ClashSide(d, self.team_label(d), dfd, total=defending),
            ]
            if not street:
                sides[1].extras.append(_("+1 defending a building"))
            title = _("{team} attack at {place}").format(
                team=self.team_label(f.seat), place=self.place_name(target)
            )
            return self.fight_picture(title, target, 0, sides, self.declare_notes())
        cl = s.clash
        if cl is None:
            return None
        street = bool(cl.street)
        att, dfd = self.ruleset.totals(s)
        sides = []
        for side, in_clash, total in ((0, cl.att, att), (1, cl.dfd, dfd)):
            seat = cl.attacker if side == 0 else cl.defender
            ids = [i for i in in_clash if i in s.units]
            units = [self.side_unit(i, street) for i in ids]
            for u, uid in zip(units, ids, strict=True):
                if uid in cl.shield:
                    u.status = HIT
            extras = []
            if cl.bonus[side]:
                extras.append(_("+{n} from Blitz cards").format(n=cl.bonus[side]))
            if cl.cap[side]:
                extras.append(_("+{n}, at best a tie").format(n=cl.cap[side]))
            if side == 1 and cl.building:
                extras.append(_("+1 defending a building"))
            sides.append(ClashSide(seat, self.team_label(seat), units, extras, total))
        waiting = s.pending[-1].kind if s.pending else ""
        stage = {"distance": 1, "continue": 1, "blitz": 2}.get(waiting, 3)
        notes = []
        if waiting == "continue":
            notes.append(_("The distance phase is over: go hand to hand or stop the attack."))
        if cl.no_po:
            notes.append(_("This clash will not turn Public Opinion."))
        elif 0 in (cl.attacker, cl.defender):
            notes.append(_("If someone wins hand to hand, a Public Opinion card is drawn."))
        title = self.fight_title(self.place_name(cl.target))
        return self.fight_picture(title, cl.target, stage, sides, notes)

    def record_clash(self, e: Event) -> None:
        """Follow a clash through its events, to play it back when it is over."""
        if isinstance(e, ClashStarted):
            kind = self.city().spaces[e.target].kind
            street = kind == "street"
            rec = self.start_record(
                e.data,
                e.defender,
                lambda ids: [self.side_unit(i, street) for i in ids],
                kind == "building",
            )
            rec["shown"] = False
            return
        step = self.record_step(e)
        record = self.clash_record
        if step is None or record is None:  # (a step is only found in the record)
            return
        pic, where = step
        self.clash_step(e, pic, where)
        result = self.clash_result(e)
        if result is not None and not record["shown"]:
            pic.result, pic.result_seat = result
            if pic.sides[0].total is None:  # never counted: it ended before the Force step
                pic.stage = 2 if isinstance(e, ClashCalledOff) else 1
            elif isinstance(e, Tie):
                pic.stage = 3  # counted, and nobody takes losses
            record["shown"] = True
            self.anims.add(ClashReplay(self, pic))
        if isinstance(e, ClashEnded):
            self.clash_record = None

    def clash_step(self, e: Event, pic: ClashPicture, where: tuple[int, int] | None) -> None:
        """What ``e`` changes in the clash being followed: a unit hit, a card, the totals."""
        if isinstance(e, (Wounded, Hurt)) and where:
            unit = pic.sides[where[0]].units[where[1]]
            unit.status = unit.status if unit.status == OUT else WOUNDED
        elif isinstance(e, Shielded) and where:
            pic.sides[where[0]].units[where[1]].status = HIT
        elif isinstance(e, CardPlayed) and e.seat is not None:
            card = self.content().cards.get(e.card)
            side = 0 if e.seat == pic.sides[0].seat else 1
            if card is not None:
                pic.sides[side].extras.append(tr(card.label))
        elif isinstance(e, ClashTotals):
            pic.sides[0].total, pic.sides[1].total = e.attacker, e.defender

    def clash_result(self, e: Event) -> tuple[str, int | None] | None:
        """How the clash ended, if ``e`` ends it: the words and the winning seat."""
        if isinstance(e, ClashWon):
            won = _("{team} win at distance") if e.at_distance else _("{team} win")
            return won.format(team=self.team_label(e.winner)), e.winner
        ends: dict[type[Event], str] = {
            Tie: _("A tie: nothing happens, the attackers are spent"),
            Withdrew: _("The attackers stop: no hand to hand"),
            ClashCalledOff: _("Called off: the clash does not happen"),
            ClashOver: _("Settled at distance: nobody is left to fight"),
        }
        text = ends.get(type(e))
        return None if text is None else (text, None)

    def animate(self, e: Event) -> None:
        super().animate(e)
        self.record_clash(e)
        if isinstance(e, OpinionRevealed):
            card = self.content().opinion_card(e.card)
            self.anims.add(
                FloatingText(
                    _("Public Opinion: {card}").format(card=tr(card.label)),
                    self.board_rect.center,
                    self.fonts.get(24, "Bold"),
                    T.ACCENT,
                    1.6,
                )
            )

    def draw_tracks(self, surface: pygame.Surface) -> None:
        """Public Opinion deck (turned cards filled) and each team's Area Point track."""
        cell_h = self.theme.px(20)
        y = self.rect.top + self.theme.px(6)
        self.draw_opinion_track(surface, y, cell_h)
        self.draw_area_tracks(surface, y + cell_h + self.theme.px(8), cell_h)

    def draw_opinion_track(self, surface: pygame.Surface, y: int, cell_h: int) -> None:
        """The Public Opinion deck: turned cards filled, the one drawn face down marked."""
        s = self.state
        font = self.fonts.get(12, "Bold")
        label = _("PUBLIC OPINION")
        room = draw.text_size(font, label)[0] + 8 + self.theme.px(10)  # a longer translation
        x0 = self.board_rect.left + max(self.theme.px(130), room)
        draw.text(
            surface,
            label,
            font,
            T.TEXT,
            (self.board_rect.left + 8, y + cell_h // 2),
            anchor="midleft",
        )
        total = len(s.po_deck) + len(s.po_revealed) + (1 if s.po_drawn else 0)
        cw = self.theme.px(30)
        c = self.content()
        small = self.fonts.get(11, "Bold")
        r = pygame.Rect(x0, y, 0, cell_h)
        for i in range(total):
            r = pygame.Rect(x0 + i * (cw + 3), y, cw, cell_h)
            if i < len(s.po_revealed):
                card = c.opinion_card(s.po_revealed[i])
                pygame.draw.rect(surface, self.host.seat_colour(0), r, border_radius=3)
                draw.text(surface, str(i + 1), small, T.TEXT_DARK, r.center, anchor="center")
                tip = (_("Public Opinion: {card}").format(card=tr(card.label)), tr(card.text))
            elif i == len(s.po_revealed) and s.po_drawn:
                pygame.draw.rect(surface, T.ACCENT, r, 2, border_radius=3)
                draw.text(surface, "?", small, T.ACCENT, r.center, anchor="center")
                tip = (_("Public Opinion, face down"), _("Drawn this turn: turned at its end."))
            else:
                pygame.draw.rect(surface, T.PANEL_HI, r, border_radius=3)
                left = plural(total - i, "card")
                tip = (
                    _("Public Opinion deck"),
                    _("{cards} left: the Police win when the last is turned.").format(cards=left),
                )
            self.board_tips.append((r, *tip))
        if s.po_revealed:
            last = c.opinion_card(s.po_revealed[-1])
            font, room = self.fonts.get(12), max(10, self.board_rect.right - r.right - 14)
            line = _("Last turned: {card} - {text}").format(card=tr(last.label), text=tr(last.text))
            if draw.text_size(font, line)[0] > room:  # the card alone: its tooltip has the text
                line = _("Last turned: {card}").format(card=tr(last.label))
            box = draw.text(
                surface,
                line,
                font,
                T.TEXT_DIM,
                (r.right + 10, y + cell_h // 2),
                anchor="midleft",
                max_width=room,
            )
            title = _("Public Opinion: {card}").format(card=tr(last.label))
            self.board_tips.append((box, title, tr(last.text)))

    def draw_area_tracks(self, surface: pygame.Surface, y: int, cell_h: int) -> None:
        """Each scoring team's Area Points out of 7 (the Nationalists' goal is secret)."""
        s = self.state
        font = self.fonts.get(12, "Bold")
        scorers = [p for p in range(1, s.seats) if s.teams[p] in ("autonomen", "anarchists")]
        for seat in range(1, s.seats):
            if s.teams[seat] == "nationalists":  # no Area Points: a secret goal instead
                x = self.board_rect.left + 8 + len(scorers) * self.theme.px(260)
                box = draw.text(
                    surface,
                    _("{team}: SECRET GOAL").format(team=self.team_label(seat).upper()),
                    font,
                    self.host.seat_colour(seat),
                    (x, y + cell_h // 2),
                    anchor="midleft",
                    max_width=max(10, self.board_rect.right - x),
                )
                self.board_tips.append((box, *self.goal_tip(seat)))
        for j, seat in enumerate(scorers):
            x = self.board_rect.left + 8 + j * self.theme.px(260)
            label = f"{self.team_label(seat).upper()} {s.area_points[seat]}/7"
            r = draw.text(
                surface,
                label,
                font,
                self.host.seat_colour(seat),
                (x, y + cell_h // 2),
                anchor="midleft",
            )
            for i in range(7):
                box = pygame.Rect(
                    r.right + 8 + i * self.theme.px(16), y + 3, self.theme.px(13), cell_h - 6
                )
                filled = i < s.area_points[seat]
                colour = self.host.seat_colour(seat) if filled else T.PANEL_HI
                pygame.draw.rect(surface, colour, box, border_radius=2)

    def goal_tip(self, seat: int) -> tuple[str, str]:
        """The Nationalist goal's tooltip: the card for its owner; for the others, the goals
        it may be (the goal cards are known, which one was dealt is not)."""
        shown = self.shown()
        goals = self.content().goals
        title = _("{team}: secret goal").format(team=self.team_label(seat))
        if shown.goals[seat] not in ("", "?"):
            goal = self.content().goal(shown.goals[seat])
            return (f"{title}: {tr(goal.label)}", tr(goal.text))
        each = " / ".join(f"{tr(g.label)} - {tr(g.text)}" for g in goals)
        return (title, _("One of: {goals}").format(goals=each))

    def draw_obstruction(self, surface: pygame.Surface) -> None:
        """An entry into a building past enemy units: the street and the goal, outlined."""
        s = self.state
        f = s.pending[-1] if s.pending else None
        if f is None or f.kind not in ("obstruct", "obstructed"):
            return
        d = f.data
        street = d["street"]
        goal = d.get("to") or d.get("target")
        draw.dashed_lines(surface, T.BAD, self.poly(street), 4, 12)  # dashed: the street
        if goal in self.city().spaces:
            pygame.draw.lines(surface, T.ACCENT, True, self.poly(goal), 4)
        if f.kind == "obstruct":
            mover = s.units[d["unit"]].seat if d["mode"] == "move" else d["attacker"]
            text = _(
                "{mover} want to get from {street} into {goal}: {team} may block the street"
            ).format(
                mover=self.team_label(mover),
                street=self.place_name(street),
                goal=self.place_name(str(goal)),
                team=self.team_label(f.seat),
            )
        else:
            text = _("{blockers} block {street}: {team} fight them there or give up").format(
                blockers=self.team_label(d["by"]),
                street=self.place_name(street),
                team=self.team_label(f.seat),
            )
        font = self.fonts.get(14, "Bold")
        width = self.board_rect.w - self.theme.px(40)
        lines = draw.wrap(text, font, width)
        step = draw.line_step(font)
        box = pygame.Rect(0, 0, width + self.theme.px(24), step * len(lines) + self.theme.px(16))
        box.midtop = (self.board_rect.centerx, self.board_rect.top + self.theme.px(4))
        draw.rounded_rect(surface, box, (*T.PANEL, 245), self.theme.px(10), T.BAD, 2)
        for i, line in enumerate(lines):
            draw.text(surface, line, font, T.TEXT, (box.centerx, box.top + 8 + i * step), "midtop")

    def draw_extra(self, surface: pygame.Surface) -> None:
        self.draw_tracks(surface)
        self.draw_obstruction(surface)
        if not any(isinstance(a, ClashReplay) for a in self.anims.active):
            pic = self.live_clash()  # (a finished clash plays back in its own dialog)
            if pic is not None:
                draw_clash(surface, self, pic)

    def unit_tooltip(self, unit) -> str:
        ut = self.ruleset.unit_type(self.state, unit)
        return _("{unit}, Force {n}").format(unit=tr(ut.label), n=self.unit_force(unit))

    def unit_ability(self, unit) -> str:
        return type_ability(self.ruleset.unit_type(self.state, unit))

    def action_tip(self, a: Action) -> tuple[str, str]:
        if a.kind == "choose_kind":
            team = self.state.teams[self.state.active]
            ut = self.content().unit(team, str(a["unit"]))
            ability = type_ability(ut)
            text = _("Force {n}, costs {credits}.").format(
                n=ut.force, credits=plural(ut.cost, "credit")
            )
            return (tr(ut.label), f"{text} {ability}")
        return super().action_tip(a)

    def _unit_line(self, unit) -> str:
        ut = self.ruleset.unit_type(self.state, unit)
        line = _("{unit} #{id}: Force {n}").format(
            unit=tr(ut.label), id=unit.id, n=self.unit_force(unit)
        )
        return line + (_(", wounded") if unit.wounded else "")


class RiotPMView(_CityView):
    """RIOT Politics & Media: the two tug-of-war tracks sit above the board."""

    pm = True

    def __init__(self, host: Any):
        super().__init__(host)
        # drawn marker positions, eased towards the real ones
        self.marker = {k: float(v) for k, v in self.state.tracks.items()}

    def unit_force(self, unit) -> int:
        cb = self.state.combat
        return self.ruleset.strength(self.state, unit, bool(cb and cb.building))

    def unit_ready(self, unit) -> bool:
        return (
            self.ruleset.ready(self.state, unit)
            if unit.seat == self.state.active
            else (not unit.attacked)
        )

    def unit_tooltip(self, unit) -> str:
        u = self.content().units[unit.kind]
        return _("{unit}, strength {n}").format(unit=tr(u.label), n=u.strength)

    def unit_ability(self, unit) -> str:
        special = PM_SPECIALS.get(str(self.content().units[unit.kind].special))
        return tr(special) if special else ""

    def action_tip(self, a: Action) -> tuple[str, str]:
        c = self.content()
        if a.get("character") is not None and str(a["character"]) in c.characters:
            ch = c.characters[str(a["character"])]
            title = _("{name} ({role} Character)").format(
                name=tr(ch.label), role=role_name(ch.role.value)
            )
            return (title, tr(ch.text))
        if a.kind == "choose_kind":
            ut = c.units[str(a["unit"])]
            special = PM_SPECIALS.get(str(ut.special))
            extra = tr(special) if special else ""
            text = _("Strength {n}, costs {credits}.").format(
                n=ut.strength, credits=plural(ut.cost, "credit")
            )
            return (tr(ut.label), f"{text} {extra}")
        return super().action_tip(a)

    def attack_action(self, space: str, seat: int) -> Action:
        return Action.make("attack", target=space)

    def card_action(self, card: str) -> Action:
        return Action.make("riot" if card.startswith("riot") else "play", card=card)

    def card_label(self, card: str) -> str:
        return self.card_name(card)

    def kind_label(self, kind: str) -> str:
        u = self.content().units[kind]
        return f"{tr(u.label)} ({u.cost}c, S{u.strength})"

    def kind_named(self, label: str) -> str | None:
        side = ("police", "protesters")[self.state.active]
        return next((u.id for u in self.content().side_units(side) if tr(u.label) == label), None)

    def area_colour(self, area: str) -> tuple[int, int, int]:
        for seat in (0, 1):
            if area in self.ruleset.controlled_districts(self.state, seat):
                return self.host.seat_colour(seat)
        return AREA_LINE

    def area_label(self, area: str) -> str:
        kind = self.city().spaces[self.city().street_of(area)].district
        return f"{area.upper()} - {role_name(kind).upper()}"

    def update(self, dt: float) -> None:
        super().update(dt)
        still = anim.reduced_motion()  # reduced motion: the marker is at its value at once
        for k, v in self.state.tracks.items():
            cur = self.marker.get(k, 0.0)
            self.marker[k] = v if still else cur + (v - cur) * min(1.0, dt * 6)

    def animating(self) -> bool:
        moving = any(abs(self.marker[k] - v) > 0.02 for k, v in self.state.tracks.items())
        return super().animating() or moving

    def fast_forward(self) -> None:
        super().fast_forward()
        self.marker = {k: float(v) for k, v in self.state.tracks.items()}

    STAGES = (N_("Declare"), N_("Attacker"), N_("Defender"), N_("Reveal"), N_("Losses"))
    FIGHT = "Combat"

    def pm_side_unit(self, uid: int, building: bool) -> SideUnit:
        info = self.unit_and_info(uid)[1]
        if info is None:
            return SideUnit(f"#{uid}", 0)
        ut = self.content().units[info[1]]
        bonus = (ut.special is not None) and (
            (ut.special.value == "street_bonus" and not building)
            or (ut.special.value == "building_bonus" and building)
        )
        return SideUnit(f"{tr(ut.label)} #{uid}", ut.strength + int(bonus))

    def side_name(self, seat: int) -> str:
        return _("Police") if seat == 0 else _("Protesters")

    def faction(self, seat: int) -> str:
        return self.side_name(seat)

    def learn_unit(self, e: Event, action: Action) -> None:
        if isinstance(e, Bought):
            self._known[e.unit] = (e.player, e.unit_kind)
        elif isinstance(e, Placed) and action.kind == "place" and action.get("unit") is not None:
            self._known[e.unit] = (e.player, action.word("unit"))

    def unit_name(self, uid: int) -> str:
        """'Police Cadet', 'Protester Organiser': the side and the unit type."""
        info = self.unit_info(uid)
        if info is None or info[1] not in self.content().units:
            return _("a unit")
        label = self.content().units[info[1]].label
        if label.startswith("Police" if info[0] == 0 else "Protester"):
            return tr(label)
        if info[0] == 0:
            return _("Police {unit}").format(unit=tr(label))
        return _("Protester {unit}").format(unit=tr(label))

    def live_combat(self) -> ClashPicture | None:
        """Declaring or committing: units, and the face-down cards as counts only."""
        shown = self.shown()
        s = self.state
        if s.pending and s.pending[-1].kind == "declare":
            f = s.pending[-1]
            target = f.data["target"]
            building = self.city().spaces[target].kind == "building"
            att = [self.pm_side_unit(i, building) for i in f.data["units"]]
            dfd = [
                self.pm_side_unit(u.id, building)
                for u in self.ruleset.units_at(s, target, 1 - f.seat)
            ]
            sides = [
                ClashSide(f.seat, self.side_name(f.seat), att, total=sum(u.force for u in att)),
                ClashSide(
                    1 - f.seat,
                    self.side_name(1 - f.seat),
                    dfd,
                    [_("+1 defending a building")] if building else [],
                    total=sum(u.force for u in dfd) + int(building),
                ),
            ]
            title = _("{team} attack at {place}").format(
                team=self.side_name(f.seat), place=self.place_name(target)
            )
            return self.fight_picture(title, target, 0, sides, self.declare_notes())
        cb = shown.combat
        if cb is None:
            return None
        b = bool(cb.building)
        sides = []
        for side, in_combat in ((0, cb.att), (1, cb.dfd)):
            seat = cb.attacker if side == 0 else cb.defender
            units = [self.pm_side_unit(i, b) for i in in_combat if i in shown.units]
            cards = cb.riot[side]
            secret = sum(1 for c in cards if c == "?")
            known = [c.removeprefix("riot") for c in cards if c != "?"]
            extras = []
            if cb.instant[side]:
                extras.append(_("+{n} from Instant cards").format(n=cb.instant[side]))
            if side == 1 and b:
                extras.append(_("+1 defending a building"))
            total = None
            if not secret:
                total = (
                    sum(u.force for u in units)
                    + sum(int(k) for k in known)
                    + cb.instant[side]
                    + int(side == 1 and b)
                )
            sides.append(ClashSide(seat, self.side_name(seat), units, extras, total, secret, known))
        waiting = s.pending[-1].seat if s.pending else None
        stage = 1 if waiting == cb.attacker else 2
        notes = [_("Face-down RIOT cards show as backs until both sides reveal.")]
        title = self.fight_title(self.place_name(cb.target))
        return self.fight_picture(title, cb.target, stage, sides, notes)

    def record_combat(self, e: Event) -> None:
        if isinstance(e, CombatStarted):
            building = self.city().spaces[e.target].kind == "building"
            self.start_record(
                e.data,
                1 - e.attacker,
                lambda ids: [self.pm_side_unit(i, building) for i in ids],
                building,
            )
            return
        step = self.record_step(e)
        if step is None:
            return
        pic = step[0]
        if isinstance(e, CardPlayed) and e.seat is not None:
            card = self.content().cards.get(e.card)
            if card is not None:
                side = 0 if e.seat == pic.sides[0].seat else 1
                pic.sides[side].extras.append(f"{tr(card.label)} +{card.value}")
        elif isinstance(e, CombatRevealed):
            for side in (0, 1):
                pic.sides[side].shown_cards = [c.removeprefix("riot") for c in e.riot[side]]
            pic.sides[0].total, pic.sides[1].total = e.attacker, e.defender
        elif isinstance(e, (CombatWon, Tie)):
            if isinstance(e, Tie):
                pic.result, pic.result_seat = _("A tie: nobody is removed"), None
            else:
                pic.result = _("{team} win; the wounded table costs them {points} of units").format(
                    team=self.side_name(e.winner), points=plural(e.points, "point")
                )
                pic.result_seat = e.winner
            self.anims.add(ClashReplay(self, pic, 3.0))
            self.clash_record = None

    def draw_extra(self, surface: pygame.Surface) -> None:
        s = self.state
        small = self.fonts.get(11, "Bold")
        for b, seat in s.markers.items():
            if b in self.city().spaces and not any(u.space == b for u in s.units.values()):
                x, y = self.centre(b)
                draw.seat_marker(
                    surface,
                    self.host.seat_shape(seat),
                    self.host.seat_colour(seat),
                    (x, y),
                    self.theme.px(7),
                )
                xs = [px for px, _py in self.poly(b)]
                room = int(max(xs) - min(xs)) - self.theme.px(2)
                font = small
                if draw.text_size(font, _("held"))[0] > room:  # Italian runs longer
                    font = self.fonts.get(9, "Bold")
                if draw.text_size(font, _("held"))[0] > room:
                    continue  # a narrow building: its holder's marker says it alone
                draw.text(
                    surface,
                    _("held"),
                    font,
                    T.TEXT_DARK,
                    (x, y + self.theme.px(9)),
                    anchor="midtop",
                )
        self.draw_tracks(surface)
        if not any(isinstance(a, ClashReplay) for a in self.anims.active):
            pic = self.live_combat()  # (a finished combat plays back in its own dialog)
            if pic is not None:
                draw_clash(surface, self, pic)

    def draw_tracks(self, surface: pygame.Surface) -> None:
        """The two tug-of-war tracks, the centre of the game: -5 (Police) .. +5 (Protesters)."""
        px = self.theme.px
        top = self.rect.top + px(6)
        bar_h = px(32)
        gap = px(8)
        left = self.board_rect.left + self._track_margin()
        right = self.board_rect.right - self._track_margin()
        cell = (right - left) / 11
        label_font = self.fonts.get(15, "Bold")
        num_font = self.fonts.get(12, "Bold")
        end_font = self.fonts.get(11, "Bold")
        police, protesters = self.host.seat_colour(0), self.host.seat_colour(1)
        for i, track in enumerate(("politics", "media")):
            y = top + i * (bar_h + gap)
            draw.text(
                surface,
                role_name(track).upper(),
                label_font,
                T.TEXT,
                (self.board_rect.left + 8, y + bar_h // 2),
                anchor="midleft",
            )
            for n in range(-5, 6):
                r = pygame.Rect(round(left + (n + 5) * cell), y, max(2, round(cell) - 3), bar_h)
                if n == 0:
                    draw.rounded_rect(surface, r, T.PANEL_HI, px(6))
                    continue
                colour = police if n < 0 else protesters
                fill = tuple(int(c * (0.30 + 0.12 * abs(n))) for c in colour[:3])
                draw.rounded_rect(surface, r, fill, px(6))
                if abs(n) == 5:  # each side's end wears its seat's shape, not only its colour
                    side = 0 if n < 0 else 1
                    corner = (
                        (r.left + px(7), r.top + px(7))
                        if n < 0
                        else (r.right - px(7), r.top + px(7))
                    )
                    draw.seat_marker(surface, self.host.seat_shape(side), colour, corner, px(5))
                text = _("WIN") if abs(n) == 5 else str(abs(n))
                font = num_font if abs(n) < 5 else end_font
                if draw.text_size(font, text)[0] > r.w - px(4):  # a large text: a size smaller
                    font = self.fonts.get(8, "Bold")
                draw.text(surface, text, font, T.TEXT, r.center, "center")
            # the marker glides to its value (update() eases it); it wears the leading side
            pos = self.marker.get(track, 0.0)
            value = self.state.tracks[track]
            mx = left + (pos + 5) * cell + cell / 2 - 1.5
            my = y + bar_h / 2
            lead = 1 if value > 0 else 0 if value < 0 else None
            if abs(pos - value) > 0.02:  # moving: a ghost where it is heading
                gx = left + (value + 5) * cell + cell / 2 - 1.5
                draw.aa_circle(surface, T.ACCENT, (gx, my), bar_h * 0.46, 2)
            draw.aa_circle(surface, T.BG_DEEP, (mx, my), bar_h * 0.50)
            draw.aa_circle(surface, T.ACCENT, (mx, my), bar_h * 0.44)
            if lead is None:
                draw.aa_circle(surface, T.TEXT, (mx, my), bar_h * 0.30)
            else:
                draw.seat_marker(
                    surface,
                    self.host.seat_shape(lead),
                    self.host.seat_colour(lead),
                    (mx, my),
                    bar_h * 0.28,
                )
            draw.text(
                surface,
                str(abs(value)),
                self.fonts.get(13, "Bold"),
                T.TEXT_DARK,
                (mx, my),
                anchor="center",
            )
        under = top + 2 * (bar_h + gap) - px(4)
        small = self.fonts.get(12, "Bold")
        draw.text(surface, _("<- POLICE"), small, police, (left, under), anchor="topleft")
        draw.text(surface, _("PROTESTERS ->"), small, protesters, (right, under), anchor="topright")
        rows = self._track_caption_rows(right - left)
        for i, line in enumerate(rows):
            draw.text(
                surface,
                line,
                self.fonts.get(12),
                T.TEXT_DIM,
                ((left + right) / 2, under + i * small.get_linesize()),
                anchor="midtop",
            )

    def prompt(self) -> str:
        s = self.state
        if s.pending:
            f = s.pending[-1]
            if f.kind == "cards":
                return _("Commit RIOT cards face down (and Instant cards), then Done.")
            if f.kind == "declare":
                return _("Click your units to add them to the attack, then Attack!")
            if f.kind == "deactivate":
                return _("Your Journalist switches off an enemy Character: choose one.")
        if s.phase == "setup":
            left = plural(s.setup_left, "unit")
            return _(
                "First turn: place basic units ({units} left): a Place button, then a space."
            ).format(units=left)
        return self.board_prompt(
            _("Click a highlighted space to move there."),
            {
                "purchase": _("Buy units, RIOT cards, Characters."),
                "cards": _("Use your cards."),
                "move": _("Move: click a unit, then a space."),
                "combat": _("Combat: click a highlighted space to attack."),
            },
        )

    def panel_lines(self, shown) -> list[tuple]:
        s = self.state
        c = self.content()
        out: list[tuple[Any, ...]] = [
            (_("Round {n}").format(n=s.round) + f" - {phase_name(s.phase)}", T.TEXT_DIM)
        ]
        for seat in (0, 1):
            riot, other = len(s.riot_hands[seat]), len(s.hands[seat])
            side = self.side_name(seat) + bot_note(self.host, seat)
            out.append(
                (
                    f"{self.host.player_name(seat)} ({side}): "
                    f"{plural(s.credits[seat], 'credit')}, {plural(riot, 'RIOT card')}, "
                    f"{plural(other, 'Politics/Media card')}",
                    self.host.seat_colour(seat),
                    seat,
                )
            )
            for ch in s.characters[seat]:
                char = c.characters[ch]
                unit = next((u.label for u in c.units.values() if u.character == ch), "")
                line = f"  {tr(char.label)} ({role_name(char.role.value)}): {tr(char.text)}"
                if unit and unit not in char.text:
                    line += f" [{tr(unit)}]"
                out.append((line, T.TEXT))
            districts = self.ruleset.controlled_districts(s, seat)
            if districts:
                kinds = [self.city().spaces[self.city().street_of(a)].district for a in districts]
                text = ", ".join(
                    f"{a.upper()} ({role_name(k)})" for a, k in zip(districts, kinds, strict=True)
                )
                out.append(
                    (
                        "  " + _("controls {districts}").format(districts=text),
                        self.host.seat_colour(seat),
                    )
                )
        return out

    def hand_labels(self, shown, seat: int) -> list[str]:
        return [label for _, label in self.hand_cards(shown, seat)]

    def hand_cards(self, shown, seat: int) -> list[tuple[str, str]]:
        c = self.content()
        riot = [(h, f"RIOT {h.removeprefix('riot')}") for h in shown.riot_hands[seat]]
        other = []
        for h in shown.hands[seat]:
            card = c.cards.get(h)
            if card is None:
                continue
            tags = [_("Instant")] if card.instant else []
            if card.bound is not None:
                tags.append(
                    _("needs your {role} Character").format(role=role_name(card.bound.value))
                )
            other.append((h, tr(card.label) + (f" ({', '.join(tags)})" if tags else "")))
        return riot + other

    def card_text(self, card: str) -> tuple[str, str]:
        if card.startswith("riot"):
            value = card.removeprefix("riot")
            return (
                f"RIOT {value}",
                _("Worth {n} in a combat: committed face down, revealed with the others.").format(
                    n=value
                ),
            )
        c = self.content().cards.get(card)
        if c is None:
            return (card, "")
        return (tr(c.label), tr(c.text))  # each text says when it is played and what it needs

    def event_line(self, e: Event, names: list[str]) -> str:
        """``e``'s log line, by its kind's class ('' for a kind not worded here: the log then
        shows the action's own text)."""
        make = self.turn_lines(e, names).get(type(e)) or self.combat_lines(e, names).get(type(e))
        return make(e) if make else ""

    def card_name(self, card: str) -> str:
        if card.startswith("riot"):
            return f"RIOT {card.removeprefix('riot')}"
        cards = self.content().cards
        return tr(cards[card].label) if card in cards else card

    def turn_lines(self, e: Event, names: list[str]) -> Lines:
        who = self.actor(e, names)
        c = self.content()
        place, side, unit, card = self.place_name, self.side_name, self.unit_name, self.card_name

        def income(ev: PMIncome) -> str:
            credits = plural(ev.credits, "credit")
            if not ev.cards:
                return _("{player} collects {credits}").format(player=who, credits=credits)
            return _("{player} collects {credits}, {politics} and {media}").format(
                player=who,
                credits=credits,
                politics=plural(ev.politics, "Politics card"),
                media=plural(ev.media, "Media card"),
            )

        def character(cid: str) -> str:
            return tr(c.characters[cid].label)

        return {
            TurnStarted: lambda ev: _("-- {player}'s turn ({team}) --").format(
                player=who, team=side(_seat(ev))
            ),
            PMIncome: income,
            CardsDrawn: lambda ev: _("{player} draws {card}").format(
                player=who, card=", ".join(card(x) for x in ev.cards)
            ),
            CardDrawn: lambda ev: _("{player} draws {card}").format(player=who, card=card(ev.card)),
            TrackMoved: lambda ev: _("{track} track {start} -> {to}").format(
                track=role_name(ev.track).capitalize(), start=ev.start, to=ev.to
            ),
            Placed: lambda ev: _("{player} places {unit} in {place}").format(
                player=who, unit=article(unit(ev.unit)), place=place(ev.at)
            ),
            Bought: lambda ev: _("{player} buys {unit} at {place}").format(
                player=who, unit=article(unit(ev.unit)), place=place(ev.at)
            ),
            RiotBought: lambda ev: _("{player} buys a RIOT card for {credits}").format(
                player=who, credits=plural(ev.cost, "credit")
            ),
            Activated: lambda ev: _("{player} activates {character}").format(
                player=who, character=character(ev.character)
            ),
            Deactivated: lambda ev: _("{character} is switched off").format(
                character=character(ev.character)
            ),
            Moved: lambda ev: f"{unit(ev.unit)}: {place(ev.start)} -> {place(ev.to)}",
            CardPlayed: lambda ev: _("{player} plays {card}").format(
                player=who, card=card(ev.card)
            ),
            GameOver: lambda ev: _("Game over: {reason}").format(
                reason=self.ruleset.reason_text(str(ev.reason))
            ),
        }

    CHAIN = (CombatRevealed, PMRemoved, CombatWon, Entered, Tie)
    CHAIN_START = (CombatRevealed, CombatWon, Tie)

    def chain_line(self, parts: list[str]) -> str:
        return _("Combat: {results}").format(results="; ".join(parts))

    def combat_lines(self, e: Event, names: list[str]) -> Lines:
        who = self.actor(e, names)
        place, side, unit = self.place_name, self.side_name, self.unit_name

        def bare(uid: int) -> str:  # "Protesters lose a Demonstrator", not "a Protester ..."
            info = self.unit_info(uid)
            if info is None or info[1] not in self.content().units:
                return _("a unit")
            name = self.content().units[info[1]].label
            return tr(name.removeprefix("Protester ").removeprefix("Police "))

        return {
            CombatStarted: lambda ev: _("{team} attack at {place}").format(
                team=side(ev.attacker), place=place(ev.target)
            ),
            RiotCommitted: lambda ev: _("{player} commits a card face down ({n} so far)").format(
                player=who, n=ev.count
            ),
            CommitDone: lambda ev: _("{player} is done: {cards} face down").format(
                player=names[ev.player], cards=plural(ev.count, "card")
            ),
            Committed: lambda ev: _("{unit} joins the attack").format(unit=unit(ev.unit)),
            CombatRevealed: lambda ev: _(
                "cards revealed, {attacker} (attackers) against {defender}"
            ).format(attacker=ev.attacker, defender=ev.defender),
            PMRemoved: lambda ev: _("{team} lose {unit}").format(
                team=side(ev.player), unit=article(bare(ev.unit))
            ),
            CombatWon: lambda ev: _("{team} win and lose {points} of units").format(
                team=side(ev.winner), points=plural(ev.points, "point")
            ),
            Entered: lambda ev: _("{unit} takes {place}").format(
                unit=unit(ev.unit), place=place(ev.at)
            ),
            Tie: lambda ev: _("A tie: nobody is removed"),
        }

    def animate(self, e: Event) -> None:
        super().animate(e)
        self.record_combat(e)


VIEWS = {"riot": RiotView, "riot-pm": RiotPMView}
