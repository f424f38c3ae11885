"""Quodd Heroes' scenario and modes, opened from the New game screen: the scenario chooser
(grouped by type, with objective, players, time and a preview), then the seats: human or
bot, team (teams scenarios), the Overlord (overlord scenarios), player board side A/B, and
world events on or off with a deck editor (the ``quodd_deck`` screen).

Everything chosen goes back to the New game screen as its scenario, players and setup
options (``teams``, ``overlord``, ``sides``, ``world_events``, ``world_cards``); what the
rule set's option checks say about them shows beside the control it is about.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.i18n import N_, _, ngettext
from riotsim.ui import draw, quodd_modes
from riotsim.ui import theme as T
from riotsim.ui.bots import seat_kind_blurb, seat_kind_label, seat_kinds
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene, heading
from riotsim.ui.scenes.setup import DEFAULT_NAMES
from riotsim.ui.views.words import tr
from riotsim.ui.widgets import Button, Choice, Toggle
from riotsim.ui.widgets.deck_editor import DeckEditor
from riotsim.ui.widgets.scenario_chooser import ScenarioChooser

log = logging.getLogger("riotsim.ui")

QUODD = "quodd"
SIDE_LABELS = {"a": N_("Side A"), "b": N_("Side B")}


@register_scene("quodd_setup")
class QuoddSetupScene(WidgetScene):
    """The scenario chooser and the seats of Quodd's modes, for one New game screen."""

    def __init__(self, app, setup_scene: Any):
        super().__init__(app)
        self.setup_scene = setup_scene
        self.ruleset = setup_scene.ruleset
        self.players: list[dict[str, Any]] = [dict(p) for p in setup_scene.players]
        self.entries = quodd_modes.scenario_entries()
        ids = [e.id for e in self.entries]
        chosen = setup_scene.scenario_choice
        self.scenario_id = chosen if chosen in ids else (ids[0] if ids else None)
        self.options: dict[str, Any] = dict(setup_scene.options)
        self._pictures: dict[tuple[str, tuple[int, int]], pygame.Surface | None] = {}
        self._checked: tuple[Any, str] = (None, "")
        self._fit_seats()

    # -- the form's state ---------------------------------------------------------------------
    @property
    def spec(self) -> Any | None:
        return quodd_modes.scenario_spec(self.scenario_id)

    @property
    def mode(self) -> str:
        spec = self.spec
        return spec.mode if spec is not None else ""

    def _fit(self) -> None:
        self.options = quodd_modes.fit_options(self.options, self.spec, len(self.players))

    def seat_range(self) -> tuple[int, int]:
        """How many seats the chosen scenario takes (within the rule set's limits)."""
        lo, hi = self.ruleset.min_players, self.ruleset.max_players
        spec = self.spec
        if spec is not None:
            lo, hi = max(lo, spec.players[0]), min(hi, spec.players[1])
        return lo, max(lo, hi)

    def teams(self) -> list[int]:
        """Each seat's team: the option, else the scenario's split (teams scenarios)."""
        if self.options.get("teams"):
            return list(self.options["teams"])
        spec = self.spec
        if spec is None or spec.mode != "teams":
            return []
        return quodd_modes.default_teams(spec, len(self.players))

    def sides(self) -> list[str]:
        return list(self.options.get("sides") or ["a"] * len(self.players))

    def overlord(self) -> int:
        """The Overlord's seat: the option, else the scenario's (overlord scenarios)."""
        if "overlord" in self.options:
            return int(self.options["overlord"])
        spec = self.spec
        if spec is None or spec.mode != "overlord":
            return -1
        return quodd_modes.default_overlord(spec, len(self.players))

    def world_events(self) -> bool:
        if "world_events" in self.options:
            return bool(self.options["world_events"])
        spec = self.spec
        return quodd_modes.default_world_events(spec) if spec is not None else False

    def mode_options(self) -> dict[str, Any]:
        """The options this screen sets (the New game screen's other options stay)."""
        return {k: v for k, v in self.options.items() if k in quodd_modes.MODE_OPTION_KEYS}

    def build_setup(self) -> GameSetup:
        base = self.setup_scene.build_setup()
        players = tuple(
            PlayerSpec(p["name"].strip() or _("Player {n}").format(n=i + 1), p["colour"], p["bot"])
            for i, p in enumerate(self.players)
        )
        return GameSetup(players, base.seed, dict(self.options), None, self.scenario_id)

    # -- checks ---------------------------------------------------------------------------------
    def option_problems(self) -> dict[str, str]:
        """key -> the rule set's words about that option (its option checks)."""
        return quodd_modes.option_problems(self.ruleset, self.options)

    def problem(self) -> str:
        """Why Done is refused: the option checks, the seat count, or the rule set's refusal
        to start this setup (its ValueError), else ''."""
        if self.spec is None:
            return _("Choose a scenario.")
        problems = self.option_problems()
        if problems:
            return next(iter(problems.values()))
        lo, hi = self.seat_range()
        if not lo <= len(self.players) <= hi:
            return _("{scenario} is for {players}.").format(
                scenario=_(self.spec.name), players=quodd_modes.players_words(lo, hi)
            )
        setup = self.build_setup()
        key = (setup.scenario, len(setup.players), repr(sorted(setup.options.items())))
        if self._checked[0] != key:
            self._checked = (key, self._start_problem(setup))
        return self._checked[1]

    def _start_problem(self, setup: GameSetup) -> str:
        try:
            self.ruleset.new_state(setup)
        except ValueError as exc:
            return str(exc)
        except Exception as exc:  # noqa: BLE001 - any other failure: say so, do not crash
            log.warning("quodd setup check failed: %s", exc)
            return _("This setup cannot start: {error}").format(error=exc)
        return ""

    # -- changes --------------------------------------------------------------------------------
    def choose_scenario(self, entry: Any) -> None:
        self.scenario_id = entry.id
        self._fit_seats()
        self.rebuild_keeping(self.chooser)

    def _fit_seats(self) -> None:
        """As many seats as the scenario takes (new ones human), then the options."""
        lo, hi = self.seat_range()
        while len(self.players) < lo:
            self.players.append(_new_player(self.players))
        del self.players[hi:]
        self._fit()

    def set_seats(self, step: int) -> None:
        lo, hi = self.seat_range()
        if step > 0 and len(self.players) < hi:
            self.players.append(_new_player(self.players))
        elif step < 0 and len(self.players) > lo:
            self.players.pop()
        self._fit()
        self.rebuild_keeping(self.add_button if step > 0 else self.remove_button)

    def set_kind(self, seat: int, kind: str | None) -> None:
        self.players[seat]["bot"] = kind

    def set_team(self, seat: int, team: int) -> None:
        teams = self.teams()
        teams[seat] = team
        self.options["teams"] = teams

    def set_side(self, seat: int, side: str) -> None:
        sides = self.sides()
        sides[seat] = side
        if any(s == "b" for s in sides):
            self.options["sides"] = sides
        else:
            self.options.pop("sides", None)  # all A: the default, left out

    def set_overlord(self, seat: int) -> None:
        self.options["overlord"] = seat

    def set_world_events(self, on: bool) -> None:
        self.options["world_events"] = on
        self.rebuild_keeping(self.world_toggle)

    def set_world_cards(self, cards: list[str] | None) -> None:
        """The deck editor's answer (None: the whole deck, the option left out)."""
        if cards is None:
            self.options.pop("world_cards", None)
        else:
            self.options["world_cards"] = list(cards)

    def rebuild_keeping(self, widget: Any) -> None:
        """Rebuild the form (its rows follow the scenario and seats), focus staying put."""
        was_chooser = widget is self.chooser
        label = getattr(widget, "label", None)
        self.rebuild()
        if was_chooser:
            self.focus.focus(self.chooser)
            return
        again = next((w for w in self.widgets if getattr(w, "label", None) == label), None)
        if again is not None and again.enabled:
            self.focus.focus(again)

    def done(self) -> None:
        """Hand the choices to the New game screen and go back to it."""
        if self.problem():
            self.app.message(_("Not yet"), self.problem())
            return
        scene = self.setup_scene
        scene.players = [dict(p) for p in self.players]
        scene.scenario_choice = self.scenario_id
        kept = {k: v for k, v in scene.options.items() if k not in quodd_modes.MODE_OPTION_KEYS}
        scene.options = {**kept, **self.mode_options()}
        self.app.pop(self)

    def open_deck(self) -> None:
        self.app.push(QUODD + "_deck", self)

    # -- widgets --------------------------------------------------------------------------------
    def build(self) -> None:
        self.chooser = ScenarioChooser(
            self.entries,
            [(mode, _(name)) for mode, name in quodd_modes.GROUPS],
            self.scenario_id,
            on_change=self.choose_scenario,
            on_activate=lambda _entry: self.done(),
            preview=self.picture,
        )
        self.rows: list[dict[str, Any]] = []
        teams, sides = self.teams(), self.sides()
        team_values = list(range(min(6, max(2, len(self.players)))))
        for seat, p in enumerate(self.players):
            row: dict[str, Any] = {
                "kind": Choice(
                    seat_kinds(p["bot"]),
                    p["bot"],
                    _bind(self.set_kind, seat),
                    label=seat_kind_label,
                ),
                "side": Choice(
                    ["a", "b"], sides[seat], _bind(self.set_side, seat), label=_side_label
                ),
            }
            if self.mode == "teams" and seat < len(teams):
                row["team"] = Choice(
                    team_values, teams[seat], _bind(self.set_team, seat), label=_team_label
                )
            self.rows.append(row)
        self.overlord_choice = None
        if self.mode == "overlord":
            self.overlord_choice = Choice(
                list(range(len(self.players))),
                self.overlord(),
                self.set_overlord,
                label=lambda s: _("Overlord: {name}").format(name=self.seat_name(s)),
            )
        lo, hi = self.seat_range()
        n = len(self.players)
        self.add_button = Button(
            _("Add player"), lambda: self.set_seats(1), size=15, enabled=n < hi
        )
        self.remove_button = Button(
            _("Remove player"), lambda: self.set_seats(-1), size=15, enabled=n > lo
        )
        self.world_toggle = Toggle(_("World events"), self.world_events(), self.set_world_events)
        cards = quodd_modes.world_event_cards()
        self.deck_button = None
        if cards is not None:
            self.deck_button = Button(
                _("Edit deck..."), self.open_deck, size=15, enabled=self.world_events()
            )
        self.back_button = Button(_("Back"), self.back)
        self.done_button = Button(_("Done"), self.done, primary=True)
        widgets: list[Any] = [self.chooser]
        for row in self.rows:
            widgets += [row[k] for k in ("kind", "team", "side") if k in row]
        if self.overlord_choice is not None:
            widgets.append(self.overlord_choice)
        widgets += [self.add_button, self.remove_button, self.world_toggle]
        if self.deck_button is not None:
            widgets.append(self.deck_button)
        widgets += [self.back_button, self.done_button]
        self.widgets = widgets
        self._refresh_done()

    def _refresh_done(self) -> None:
        problem = self.problem()
        self.done_button.enabled = not problem
        self.done_button.hint = "" if not problem else _("see the note")

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.players):
            return self.players[seat]["name"].strip() or _("Player {n}").format(n=seat + 1)
        return _("Seat {n}").format(n=seat + 1)

    def picture(self, scenario_id: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The rule set's preview of a scenario as a picture (cached)."""
        key = (scenario_id, size)
        if key not in self._pictures:
            picture = None
            try:
                board = self.ruleset.preview(scenario_id)
                if board is not None:
                    from riotsim.ui.thumbnail import render_board

                    picture = render_board(board, size)
            except Exception as exc:  # noqa: BLE001 - a failing preview shows no picture
                log.warning("preview of %s failed: %s", scenario_id, exc)
            self._pictures[key] = picture
        return self._pictures[key]

    # -- input ----------------------------------------------------------------------------------
    def click(self, pos, button=1):
        super().click(pos, button)
        self._refresh_done()

    def key(self, name: str) -> None:
        super().key(name)
        if self.app.stack.top is self:
            self._refresh_done()

    # -- layout and drawing ----------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        th = self.theme
        m, gap, top = th.px(48), th.px(28), th.px(130)
        bottom = h - th.px(100)
        left_w = int((w - 2 * m - gap) * 0.56)
        self.left = pygame.Rect(m, top, left_w, bottom - top)
        self.right = pygame.Rect(m + left_w + gap, top, w - 2 * m - gap - left_w, bottom - top)
        self.chooser.rect = pygame.Rect(
            self.left.left, top + th.px(30), left_w, self.left.h - th.px(30)
        )
        self._layout_seats()
        bh = th.px(54)
        self.back_button.rect = pygame.Rect(m, h - th.px(30) - bh, th.px(160), bh)
        self.done_button.rect = pygame.Rect(w - m - th.px(220), h - th.px(30) - bh, th.px(220), bh)
        self.note_rect = pygame.Rect(m + th.px(180), h - th.px(30) - bh, w - 2 * m - th.px(420), bh)

    def _layout_seats(self) -> None:
        th = self.theme
        col = self.right
        rh, rgap = th.px(36), th.px(8)
        y = col.top + th.px(30)
        name_w = int(col.w * 0.27)
        rest = col.w - name_w - th.px(8)
        keys = ("kind", "team", "side") if self.mode == "teams" else ("kind", "side")
        shares = {"kind": 0.42, "team": 0.30, "side": 0.28}  # "Adv: Planner" at the longest
        if len(keys) == 2:
            shares = {"kind": 0.58, "side": 0.42}
        self.name_rects = []
        for row in self.rows:
            self.name_rects.append(pygame.Rect(col.left, y, name_w, rh))
            x = col.left + name_w + th.px(8)
            for k in keys:
                width = int(rest * shares[k]) - th.px(6)
                if k in row:
                    row[k].rect = pygame.Rect(x, y, width, rh)
                x += width + th.px(6)
            y += rh + rgap
        self.rows_bottom = y
        y += th.px(18)  # room for a note about the rows
        half = (col.w - th.px(10)) // 2
        self.add_button.rect = pygame.Rect(col.left, y, half, th.px(34))
        self.remove_button.rect = pygame.Rect(col.left + half + th.px(10), y, half, th.px(34))
        y += th.px(34) + th.px(14)
        if self.overlord_choice is not None:
            self.overlord_choice.rect = pygame.Rect(col.left, y, col.w, rh)
            y += rh + th.px(32)  # with the note under it
        self.world_top = y
        y += th.px(24)
        tw = col.w if self.deck_button is None else int(col.w * 0.58)
        self.world_toggle.rect = pygame.Rect(col.left, y, tw, rh)
        if self.deck_button is not None:
            self.deck_button.rect = pygame.Rect(
                col.left + tw + th.px(10), y, col.w - tw - th.px(10), rh
            )
        self.world_bottom = y + rh

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        heading(
            surface,
            th,
            _("Scenario and modes"),
            _("Quodd Heroes: pick a scenario, then the seats."),
        )
        _section(surface, th, self.left, _("Scenario"), _("Up/Down, Page Up/Down: groups"))
        _section(surface, th, self.right, _("Seats"), quodd_modes.group_name(self.mode))
        self._draw_names(surface)
        problems = self.option_problems()
        small = th.fonts.get(13)
        seat_note = problems.get("teams") or problems.get("sides") or self._teams_note()
        ink = T.BAD if problems.get("teams") or problems.get("sides") else T.TEXT_DIM
        if seat_note:
            at = (self.right.left, self.rows_bottom)
            draw.text(surface, seat_note, small, ink, at, max_width=self.right.w)
        if self.overlord_choice is not None:
            note = problems.get("overlord") or _("plays alone against all the others")
            ink = T.BAD if problems.get("overlord") else T.TEXT_DIM
            at = (self.right.left, self.overlord_choice.rect.bottom + th.px(3))
            draw.text(surface, note, small, ink, at, max_width=self.right.w)
        self._draw_world_note(surface, problems)
        self._draw_note(surface)

    def _draw_names(self, surface: pygame.Surface) -> None:
        th = self.theme
        font = th.fonts.get(15, "Medium")
        teams = self.teams()
        for seat, rect in enumerate(self.name_rects):
            p = self.players[seat]
            centre = (rect.left + th.px(11), rect.centery)
            if self.mode == "teams" and seat < len(teams):
                ring = quodd_modes.team_colour(teams[seat])
                draw.team_ring(surface, teams[seat], ring, centre, th.px(11), max(2, th.px(3)))
            if self.mode == "overlord" and seat == self.overlord():
                draw.aa_circle(
                    surface, quodd_modes.OVERLORD_COLOUR, centre, th.px(11), max(2, th.px(3))
                )
            colour = T.seat_colour(seat, p["colour"])
            draw.seat_marker(surface, T.seat_shape(seat), colour, centre, th.px(7))
            at = (rect.left + th.px(28), rect.centery)
            draw.text(
                surface, self.seat_name(seat), font, T.TEXT, at, "midleft", rect.w - th.px(30)
            )

    def _teams_note(self) -> str:
        if self.mode != "teams":
            return ""
        teams = self.teams()
        groups = sorted(set(teams))
        parts = [
            _("{team}: {seats}").format(
                team=_team_label(t),
                seats=", ".join(self.seat_name(s) for s, x in enumerate(teams) if x == t),
            )
            for t in groups
        ]
        return "; ".join(parts)

    def _draw_world_note(self, surface: pygame.Surface, problems: dict[str, str]) -> None:
        th = self.theme
        col = self.right
        head = th.fonts.get(13, "Bold")
        draw.text(surface, _("WORLD EVENT DECK"), head, T.TEXT_DIM, (col.left, self.world_top))
        small = th.fonts.get(13)
        problem = problems.get("world_events") or problems.get("world_cards")
        if problem:
            text, ink = problem, T.BAD
        elif not self.world_events():
            text, ink = _("Off: no world event at the end of a round."), T.TEXT_DIM
        else:
            text, ink = self._deck_words(), T.TEXT_DIM
        block = pygame.Rect(col.left, self.world_bottom + th.px(4), col.w, th.px(40))
        draw.text_block(surface, text, small, ink, block)

    def _deck_words(self) -> str:
        cards = quodd_modes.world_event_cards()
        if cards is None:
            return _("On: the first player draws one at the end of each round.")
        chosen = self.options.get("world_cards")
        counts = quodd_modes.deck_counts(cards, chosen)
        which = _("the whole deck") if chosen is None else _("your own deck")
        return _("On: {which}, {cards}; the first player holds it.").format(
            which=which, cards=deck_size(counts)
        )

    def kind_help(self) -> str:
        """What the seat choice under the pointer (else the focused one) plays like."""
        for attr in ("hovered", "focused"):
            for row in self.rows:
                if getattr(row["kind"], attr):
                    return seat_kind_blurb(row["kind"].value)
        return ""

    def _draw_note(self, surface: pygame.Surface) -> None:
        """The form's problem between Back and Done, else the help of a seat's choice."""
        problem = self.problem()
        text, colour = (problem, T.BAD) if problem else (self.kind_help(), T.TEXT_DIM)
        if not text:
            return
        th = self.theme
        font = th.fonts.get(14)
        lines = draw.wrap(text, font, self.note_rect.w)[:2]
        step = draw.line_step(font)
        y = self.note_rect.centery - (len(lines) * step) // 2
        for line in lines:
            draw.text(surface, line, font, colour, (self.note_rect.left, y))
            y += step


def _section(
    surface: pygame.Surface, th: T.Theme, rect: pygame.Rect, title: str, note: str
) -> None:
    r = draw.text(
        surface, title.upper(), th.fonts.get(13, "Bold"), T.TEXT_DIM, (rect.left, rect.top)
    )
    if note:
        at = (r.right + th.px(10), r.top)
        draw.text(
            surface, note, th.fonts.get(13), T.DISABLED_TEXT, at, max_width=rect.right - at[0]
        )


def _new_player(players: list[dict[str, Any]]) -> dict[str, Any]:
    """A new seat with a colour and a name nobody at the table has yet."""
    used = {p["colour"] for p in players}
    colour = next((c for c in T.SEAT_COLOUR_ORDER if c not in used), T.default_colour_name(0))
    names = {p["name"] for p in players}
    name = next(
        (n for n in DEFAULT_NAMES if n not in names), _("Player {n}").format(n=len(players) + 1)
    )
    return {"name": name, "colour": colour, "bot": None}


def _bind(method: Any, seat: int) -> Any:
    return lambda value: method(seat, value)


def _side_label(side: str) -> str:
    label = SIDE_LABELS.get(side)
    return _(label) if label else side


def _team_label(team: int) -> str:
    return _("Team {n}").format(n=team + 1)


def deck_size(counts: dict[str, int]) -> str:
    """'12 cards of 5 kinds' (each count with its own plural)."""
    total = sum(counts.values())
    kinds = sum(1 for n in counts.values() if n)
    return _("{cards} of {kinds}").format(
        cards=ngettext("{n} card", "{n} cards", total).format(n=total),
        kinds=ngettext("{n} kind", "{n} kinds", kinds).format(n=kinds),
    )


@register_scene("quodd_deck")
class QuoddDeckScene(WidgetScene):
    """The World Event deck editor: which cards (and how many copies) go in the deck. Done
    hands the deck to the setup screen as ``world_cards`` (left out when it is the whole
    deck, the rule set's default)."""

    def __init__(self, app, owner: Any):
        super().__init__(app)
        self.owner = owner
        self.cards = quodd_modes.world_event_cards() or []
        chosen = owner.options.get("world_cards")
        self.counts = quodd_modes.deck_counts(self.cards, chosen)

    def build(self) -> None:
        self.editor = DeckEditor(self.cards, self.counts, self._changed)
        self.all_button = Button(_("All cards"), lambda: self.editor.set_all(True), size=15)
        self.none_button = Button(_("No cards"), lambda: self.editor.set_all(False), size=15)
        self.back_button = Button(_("Back"), self.back)
        self.done_button = Button(_("Done"), self.done, primary=True)
        self.widgets = [
            self.editor,
            self.all_button,
            self.none_button,
            self.back_button,
            self.done_button,
        ]
        self._changed(self.editor.counts)

    def _changed(self, counts: dict[str, int]) -> None:
        self.counts = dict(counts)
        empty = not any(self.counts.values())
        self.done_button.enabled = not empty
        self.done_button.hint = _("the deck is empty") if empty else ""

    def deck(self) -> list[str] | None:
        """The ``world_cards`` option these counts make (None: the whole deck)."""
        full = quodd_modes.deck_counts(self.cards, None)
        return None if self.counts == full else quodd_modes.deck_list(self.counts)

    def done(self) -> None:
        if not any(self.counts.values()):
            return
        self.owner.set_world_cards(self.deck())
        self.app.pop(self)

    def layout(self, w: int, h: int) -> None:
        th = self.theme
        m, top = th.px(48), th.px(130)
        bh = th.px(54)
        bottom = h - th.px(30) - bh - th.px(20)
        self.editor.rect = pygame.Rect(m, top, int((w - 2 * m) * 0.62), bottom - top)
        side = pygame.Rect(self.editor.rect.right + th.px(24), top, 0, 0)
        side.w = w - m - side.left
        self.side = side
        self.all_button.rect = pygame.Rect(side.left, top, side.w, th.px(38))
        self.none_button.rect = pygame.Rect(side.left, top + th.px(48), side.w, th.px(38))
        self.detail_rect = pygame.Rect(
            side.left, top + th.px(106), side.w, bottom - top - th.px(106)
        )
        self.back_button.rect = pygame.Rect(m, h - th.px(30) - bh, th.px(160), bh)
        self.done_button.rect = pygame.Rect(w - m - th.px(220), h - th.px(30) - bh, th.px(220), bh)

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        heading(
            surface,
            th,
            _("World Event deck"),
            _("{cards}. Left/Right or -/+: copies; Space: in or out.").format(
                cards=deck_size(self.counts)
            ),
        )

        if not self.cards:
            return
        card = self.cards[self.editor.index]
        rect = self.detail_rect
        draw.rounded_rect(surface, rect, T.PANEL, th.px(8), T.LINE, 1)
        inner = rect.inflate(-th.px(24), -th.px(24))
        title = th.fonts.bold(18)
        name = tr(str(card.name))  # content texts are msgids (L2)
        y = draw.text(surface, name, title, T.TEXT, inner.topleft, max_width=inner.w).bottom
        block = pygame.Rect(inner.left, y + th.px(8), inner.w, inner.bottom - y - th.px(8))
        draw.text_block(surface, tr(str(card.text)), th.fonts.get(14), T.TEXT_DIM, block)
