"""New game: rule set, players (name, colour and shape, human or bot), options, map or
scenario with a preview, seed; Start creates the match (autosave on) and opens the game."""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Callable
from typing import Any

import pygame

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.i18n import N_, _, ngettext
from riotsim.ui import draw, setup_hooks
from riotsim.ui import theme as T
from riotsim.ui.bots import seat_kind_blurb, seat_kind_label, seat_kinds
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene, heading
from riotsim.ui.scenes.menu import playable_rulesets
from riotsim.ui.views.words import tr
from riotsim.ui.widgets import Button, Choice, Label, TextInput, Toggle

log = logging.getLogger("riotsim.ui")

DEFAULT_NAMES = ("Rosa", "Ugo", "Kim", "Noor", "Ivo", "Jun", "Ada", "Teo")  # no hero names
OPEN_MAP_FILE = "\x00open"  # the chooser's "Open map file..." entry (never a map id or path)
# the seat colours' names (theme.SEAT_COLOURS keys) in words
COLOUR_NAMES = {
    "orange": N_("Orange"),
    "sky": N_("Sky"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "blue": N_("Blue"),
    "vermillion": N_("Vermillion"),
    "purple": N_("Purple"),
}


def colour_label(colour: str) -> str:
    name = COLOUR_NAMES.get(colour)
    return _(name) if name else colour.capitalize()


def is_map_file(choice: Any) -> bool:
    """A chooser value naming a designer's map file (a path), not a shipped map or scenario."""
    from riotsim.core.mapfiles import is_map_file as named_file

    return isinstance(choice, str) and choice != OPEN_MAP_FILE and named_file(choice)


def bot_names() -> tuple[str, ...]:
    try:
        from riotsim.ai import BOT_NAMES

        return tuple(BOT_NAMES)
    except ImportError:
        return ("random",)


def default_setup(ruleset, seed: int = 1, players: int | None = None) -> GameSetup:
    """Sensible defaults for a rule set: its minimum players, default options, first map."""
    count = players or ruleset.min_players
    specs = tuple(
        PlayerSpec(DEFAULT_NAMES[i % len(DEFAULT_NAMES)], T.default_colour_name(i))
        for i in range(count)
    )
    options = {o.key: o.default for o in ruleset.options()}
    maps, scenarios = ruleset.maps(), ruleset.scenarios()
    return GameSetup(
        specs, seed, options, maps[0] if maps else None, scenarios[0] if scenarios else None
    )


@register_scene("setup")
class SetupScene(WidgetScene):
    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.games = playable_rulesets()
        ids = [g for g, _ in self.games]
        self.game_id = game_id if game_id in ids else (ids[0] if ids else None)
        if game_id is not None and game_id not in ids:
            self.problem = _("{game!r} is not a playable game here.").format(game=game_id)
        else:
            self.problem = ""
        self.players: list[dict[str, Any]] = []
        self.options: dict[str, Any] = {}
        self.map_choice: str | None = None
        self.scenario_choice: str | None = None
        self.seed_text = str(random.randrange(1, 10**6))
        self._preview_key: Any = object()
        self._preview: pygame.Surface | None = None
        self._vetted: dict[str, Any] = {}  # map file path -> riotsim.core.mapfiles.MapFile
        self._reset_for_game()

    @property
    def ruleset(self):
        return dict(self.games).get(self.game_id)

    # -- form state -------------------------------------------------------------------------
    def _reset_for_game(self) -> None:
        ruleset = self.ruleset
        if ruleset is None:
            return
        old = self.players
        count = max(ruleset.min_players, min(ruleset.max_players, len(old) or 0))
        self.players = []
        for i in range(count):
            if i < len(old):
                self.players.append(dict(old[i]))
            else:
                self.players.append(self._new_player(i))
        self.options = {o.key: o.default for o in ruleset.options()}
        maps, scenarios = ruleset.maps(), ruleset.scenarios()
        self.map_choice = maps[0] if maps else None
        self.scenario_choice = scenarios[0] if scenarios else None

    def _new_player(self, i: int) -> dict[str, Any]:
        used = {p["colour"] for p in self.players}
        colour = next((c for c in T.SEAT_COLOUR_ORDER if c not in used), T.default_colour_name(i))
        names = {p["name"] for p in self.players}
        name = next((n for n in DEFAULT_NAMES if n not in names), _("Player {n}").format(n=i + 1))
        return {"name": name, "colour": colour, "bot": None}

    def _board_kind(self) -> str:
        """The title of the table section: "Map", "Scenario", both, or "" (fixed board)."""
        ruleset = self.ruleset
        if ruleset is None:
            return ""
        scenarios, maps = bool(ruleset.scenarios()), bool(ruleset.maps())
        if scenarios and maps:
            return _("Scenario and Map")
        return _("Scenario") if scenarios else (_("Map") if maps else "")

    @property
    def preview_choice(self) -> str | None:
        """What the preview shows: the map when the game has maps, else the scenario."""
        return self.map_choice if self.map_choice is not None else self.scenario_choice

    def build_setup(self) -> GameSetup:
        """The GameSetup the form describes."""
        players = tuple(
            PlayerSpec(p["name"].strip() or _("Player {n}").format(n=i + 1), p["colour"], p["bot"])
            for i, p in enumerate(self.players)
        )
        seed = int(self.seed_text) if self.seed_text.isdigit() else 0
        return GameSetup(
            players=players,
            seed=seed,
            options=dict(self.options),
            map=self.map_choice,
            scenario=self.scenario_choice,
        )

    def form_problem(self) -> str:
        """Why Start is disabled, or ''."""
        if self.ruleset is None:
            return _("No playable game is installed.")
        colours = [p["colour"] for p in self.players]
        if len(set(colours)) != len(colours):
            return _("Two players share a colour.")
        names = [p["name"].strip().lower() for p in self.players]
        if any(not n for n in names):
            return _("Every player needs a name.")
        if len(set(names)) != len(names):
            return _("Two players share a name.")
        if not self.seed_text.isdigit():
            return _("The seed must be a whole number.")
        vetted = self.map_file_check()
        if vetted is not None and not vetted.playable:
            return _("This map file cannot be played (see its problems).")
        return ""

    def map_file_check(self) -> Any:
        """What check-map says of the chosen map file (a MapFile), or None for shipped maps."""
        choice = self.map_choice
        if choice is None or not is_map_file(choice):
            return None
        found = self._vetted.get(choice)
        if found is None:
            from riotsim.core.mapfiles import vet

            found = self._vetted[choice] = vet(choice, self.game_id)
        return found

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        ruleset = self.ruleset
        self.game_buttons = []
        for gid, rs in self.games:
            b = Button(getattr(rs, "name", "") or gid, self._choose_game(gid), size=16)
            b.selected = gid == self.game_id
            self.game_buttons.append(b)
        self.seed_input = TextInput(self.seed_text, self._set_seed, max_len=10, allowed=str.isdigit)
        self.seed_button = Button(_("New seed"), self._new_seed, size=15)
        self.player_rows = []
        for i, p in enumerate(self.players):
            colour = Choice(
                T.SEAT_COLOUR_ORDER,
                p["colour"],
                self._setter(i, "colour"),
                label=colour_label,
                swatch=_seat_swatch(i),
            )
            name = TextInput(p["name"], self._setter(i, "name"), max_len=16)
            seat = Choice(
                seat_kinds(p["bot"]),
                p["bot"],
                self._setter(i, "bot"),
                label=seat_kind_label,
            )
            self.player_rows.append((colour, name, seat))
        lo, hi = (ruleset.min_players, ruleset.max_players) if ruleset else (0, 0)
        self.add_button = Button(
            _("Add player"), self._add_player, size=15, enabled=len(self.players) < hi
        )
        self.remove_button = Button(
            _("Remove player"), self._remove_player, size=15, enabled=len(self.players) > lo
        )
        self.option_rows: list[tuple[Any, Any]] = []
        for spec in ruleset.options() if ruleset else []:
            self.option_rows.append((spec, self._option_widget(spec)))
        maps = ruleset.maps() if ruleset else []
        scenarios = ruleset.scenarios() if ruleset else []
        both = bool(maps and scenarios)  # then each choice says what it is

        def named(v: Any) -> str:
            # a scenario's name is a content text (a catalog msgid)
            return tr(ruleset.choice_name(str(v))) if ruleset is not None else _pretty(v)

        def scenario_label(v: Any) -> str:
            return _("Scenario: {name}").format(name=named(v)) if both else named(v)

        def map_label(v: Any) -> str:
            return _("Map: {name}").format(name=named(v)) if both else named(v)

        files = self._map_file_values()
        if maps:
            maps = [*maps, *files]
        elif scenarios:
            scenarios = [*scenarios, *files]
        self.scenario_widget = (
            Choice(
                scenarios,
                self.map_choice if is_map_file(self.map_choice) else self.scenario_choice,
                self._set_scenario,
                label=lambda v: _file_label(v) or scenario_label(v),
            )
            if scenarios
            else None
        )
        self.map_widget = (
            Choice(
                maps,
                self.map_choice,
                self._set_map,
                label=lambda v: _file_label(v) or map_label(v),
            )
            if maps
            else None
        )
        self.board_widgets = [w for w in (self.scenario_widget, self.map_widget) if w is not None]
        self.board_widgets += setup_hooks.setup_widgets(self)  # a game's own (Quodd's modes)
        problem = self.form_problem()
        self.start_button = Button(
            _("Start"), self.start_clicked, primary=True, enabled=not problem, hint=problem
        )
        self.back_button = Button(_("Back"), self.back)
        self.problem_label = Label(self.problem, 14, colour=T.BAD)
        widgets: list[Any] = [*self.game_buttons]
        for row in self.player_rows:
            widgets.extend(row)
        widgets += [self.add_button, self.remove_button]
        widgets += [w for _, w in self.option_rows]
        widgets += self.board_widgets
        widgets += [self.seed_input, self.seed_button, self.back_button, self.start_button]
        self.widgets = widgets

    def _option_widget(self, spec):
        value = self.options.get(spec.key, spec.default)
        setter = self._option_setter(spec.key)
        if spec.kind == "bool":
            return Toggle(_(spec.label), bool(value), setter)
        if spec.kind == "int":
            lo = spec.minimum if spec.minimum is not None else 0
            hi = spec.maximum if spec.maximum is not None else max(lo, int(value)) + 10
            values = list(range(int(lo), int(hi) + 1))
            return Choice(values, value, setter, label=_int_label(spec))
        values = list(spec.choices) or [value]
        names = dict(spec.names)

        def label(choice: Any) -> str:
            return tr(names[choice]) if choice in names else _choice_label(choice)

        return Choice(values, value, setter, label=label)

    def _refresh_start(self) -> None:
        problem = self.form_problem()
        self.start_button.enabled = not problem
        self.start_button.hint = problem

    def _setter(self, i: int, key: str):
        def set_value(value) -> None:
            self.players[i][key] = value
            self._refresh_start()

        return set_value

    def _option_setter(self, key: str):
        def set_value(value) -> None:
            self.options[key] = value
            self._preview_key = object()

        return set_value

    def _choose_game(self, gid: str):
        def choose() -> None:
            if gid != self.game_id:
                self.game_id = gid
                self._reset_for_game()
                self.rebuild()
                self.focus.focus(self.game_buttons[[g for g, _ in self.games].index(gid)])

        return choose

    def _set_seed(self, text: str) -> None:
        self.seed_text = text
        self._refresh_start()

    def _new_seed(self) -> None:
        self.seed_text = str(random.randrange(1, 10**6))
        self.seed_input.value = self.seed_text
        self._refresh_start()

    def _set_map(self, value: str) -> None:
        if value == OPEN_MAP_FILE:
            self.open_map_file()
            return
        self.map_choice = value
        self._refresh_start()

    def _set_scenario(self, value: str) -> None:
        if value == OPEN_MAP_FILE:
            self.open_map_file()
            return
        if is_map_file(value):  # a game of scenarios: a board file is tried on its own
            self.map_choice, self.scenario_choice = value, None
        else:
            self.scenario_choice = value
            if self.ruleset is not None and not self.ruleset.maps():
                self.map_choice = None
        self._refresh_start()

    # -- map files ----------------------------------------------------------------------------
    def _recent_files(self) -> list[str]:
        if self.game_id is None:
            return []
        return self.app.settings.recent_maps_of(self.game_id)

    def _map_file_values(self) -> list[str]:
        """The chooser's map file entries: the chosen file, recent ones, "Open map file..."."""
        files = self._recent_files()
        chosen = self.map_choice
        if chosen is not None and is_map_file(chosen) and chosen not in files:
            files = [chosen, *files]
        return [*files, OPEN_MAP_FILE]

    def open_map_file(self) -> None:
        """Show the file browser; the chooser keeps its choice until a map is opened."""
        self.app.push("open_map", self.map_file_opened, self._recent_files())

    def map_file_opened(self, path: Any) -> None:
        """Choose a map file (from the browser): check it, remember it, preview it."""
        from riotsim.core.mapfiles import vet

        text = str(path)
        self._vetted[text] = vet(text, self.game_id)
        self.map_choice = text
        if self.ruleset is not None and not self.ruleset.maps():
            self.scenario_choice = None
        self._remember(text)
        self._preview_key = object()
        self.rebuild()

    def _remember(self, path: str) -> None:
        from riotsim.ui.settings import save_settings

        if self.game_id is None:
            return
        settings = self.app.settings
        before = dataclasses.replace(settings, recent_maps=list(settings.recent_maps))
        settings.remember_map(self.game_id, path)
        try:
            save_settings(settings, base=before)
        except OSError as exc:  # remembered for this session only
            log.warning("recent maps not saved: %s", exc)

    def _add_player(self) -> None:
        ruleset = self.ruleset
        if ruleset and len(self.players) < ruleset.max_players:
            self.players.append(self._new_player(len(self.players)))
            self.rebuild()
            self.focus.focus(self.add_button if self.add_button.enabled else None)

    def _remove_player(self) -> None:
        ruleset = self.ruleset
        if ruleset and len(self.players) > ruleset.min_players:
            self.players.pop()
            self.rebuild()
            self.focus.focus(self.remove_button if self.remove_button.enabled else None)

    def key(self, name: str) -> None:
        # Return starts the game unless it belongs to a button or choice under focus
        current = self.focus.current
        if name == "return" and (current is None or isinstance(current, TextInput)):
            if self.form_problem():
                self.app.message(_("Cannot start yet"), self.form_problem())
            else:
                self.start_clicked()
            return
        super().key(name)

    # -- start ------------------------------------------------------------------------------
    def start_clicked(self) -> None:
        if not self.form_problem():
            self.start(self.build_setup())

    def start(self, setup: GameSetup) -> None:
        """Create the match (autosave on) and replace this screen with the game."""
        from riotsim.core.match import Match
        from riotsim.core.saves import new_autosave_path

        if self.game_id is None:
            return  # no game is installed: the form says so and Start is refused
        try:
            match = Match(
                self.ruleset,
                setup,
                autosave_path=new_autosave_path(self.game_id),
                game_id=self.game_id,
            )
        except Exception as exc:  # noqa: BLE001 - e.g. a broken map: say so, stay here
            self.app.message(
                _("Cannot start this game"), str(exc) or type(exc).__name__, kind="error"
            )
            return
        self.app.stack.replace("game", match)

    # -- layout and drawing ----------------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        m, gap = theme.px(48), theme.px(28)
        top = theme.px(150)
        col_a = int((w - 2 * m - 2 * gap) * 0.22)
        col_b = int((w - 2 * m - 2 * gap) * 0.42)
        col_c = w - 2 * m - 2 * gap - col_a - col_b
        self.cols = [
            pygame.Rect(m, top, col_a, 0),
            pygame.Rect(m + col_a + gap, top, col_b, 0),
            pygame.Rect(m + col_a + col_b + 2 * gap, top, col_c, 0),
        ]
        bottom = h - theme.px(110)
        for c in self.cols:
            c.h = bottom - top
        rh, rgap = theme.px(44), theme.px(10)
        # games
        a = self.cols[0]
        y = a.top + theme.px(34)
        for b in self.game_buttons:
            b.rect = pygame.Rect(a.left, y, a.w, rh)
            y += rh + rgap
        self.game_info_top = y + theme.px(6)
        self.seed_input.rect = pygame.Rect(a.left, a.bottom - rh, a.w - theme.px(118), rh)
        self.seed_button.rect = pygame.Rect(
            a.right - theme.px(110), a.bottom - rh, theme.px(110), rh
        )
        # players
        pc = self.cols[1]
        y = pc.top + theme.px(34)
        cw = int(pc.w * 0.29)
        sw = int(pc.w * 0.37)  # the seat's level: "Adv: Planner" at the longest
        nw = pc.w - cw - sw - 2 * theme.px(8)
        for colour, name, seat in self.player_rows:
            colour.rect = pygame.Rect(pc.left, y, cw, rh)
            name.rect = pygame.Rect(pc.left + cw + theme.px(8), y, nw, rh)
            seat.rect = pygame.Rect(pc.right - sw, y, sw, rh)
            y += rh + rgap
        half = (pc.w - theme.px(10)) // 2
        self.add_button.rect = pygame.Rect(pc.left, y + theme.px(4), half, theme.px(38))
        self.remove_button.rect = pygame.Rect(
            pc.left + half + theme.px(10), y + theme.px(4), half, theme.px(38)
        )
        players_bottom = self.add_button.rect.bottom
        # options: rows shrink when a rule set has many of them
        c = self.cols[2]
        y = c.top + theme.px(34)
        n = len(self.option_rows)
        orh = rh
        if n:
            orh = max(theme.px(30), min(rh, (c.h - theme.px(34)) // n - rgap))
        split = self._label_width(c.w) + theme.px(8)
        for spec, widget in self.option_rows:
            if spec.kind == "bool":
                widget.rect = pygame.Rect(c.left, y, c.w, orh)
            else:
                widget.rect = pygame.Rect(c.left + split, y, c.w - split, orh)
            y += orh + rgap
        options_bottom = y if n else c.top
        # the map or scenario goes where there is more room: under the players or the options
        space_b = self.cols[1].bottom - players_bottom
        space_c = c.bottom - options_bottom
        if space_b > space_c:
            col, top = self.cols[1], players_bottom + theme.px(26)
        else:
            col, top = c, options_bottom + (theme.px(18) if n else 0)
        self.board_col = col
        self.board_top = top
        below = top + theme.px(34)
        for widget in self.board_widgets:
            widget.rect = pygame.Rect(col.left, below, col.w, rh)
            below = widget.rect.bottom + theme.px(10)
        below += theme.px(2)
        self.preview_rect = pygame.Rect(col.left, below, col.w, max(0, col.bottom - below))
        bh = theme.px(54)
        self.back_button.rect = pygame.Rect(m, h - theme.px(34) - bh, theme.px(160), bh)
        self.start_button.rect = pygame.Rect(
            w - m - theme.px(260), h - theme.px(34) - bh, theme.px(260), bh
        )
        self.problem_label.rect = pygame.Rect(
            m + theme.px(180), h - theme.px(34) - bh, w - 2 * m - theme.px(460), bh
        )
        self._preview_key = object()

    def _section(self, surface, rect: pygame.Rect, title: str, note: str = "") -> None:
        theme = self.theme
        r = draw.text(
            surface,
            title.upper(),
            theme.fonts.get(13, "Bold"),
            T.TEXT_DIM,
            (rect.left, rect.top + theme.px(4)),
        )
        if note:
            draw.text(
                surface,
                note,
                theme.fonts.get(13),
                T.DISABLED_TEXT,
                (r.right + theme.px(10), r.top),
                max_width=rect.right - r.right - 10,
            )

    def draw_content(self, surface: pygame.Surface) -> None:
        theme = self.theme
        ruleset = self.ruleset
        heading(
            surface,
            theme,
            _("New game"),
            _("Choose a game, who plays, and the table. Tab moves between fields."),
        )
        a, b, c = self.cols
        self._section(surface, a, _("Game"))
        if ruleset is not None:
            lo, hi = ruleset.min_players, ruleset.max_players
            lines = [
                _("{low}-{high} players").format(low=lo, high=hi)
                if lo != hi
                else ngettext("{n} player", "{n} players", lo).format(n=lo)
            ]
            if ruleset.hidden_information:
                lines.append(_("Hidden information: hands are covered between players."))
            if ruleset.unlimited_undo:
                lines.append(_("Solo-friendly: undo as much as you like."))
            info = pygame.Rect(
                a.left,
                self.game_info_top,
                a.w,
                self.seed_input.rect.top - self.game_info_top - theme.px(40),
            )
            draw.text_block(surface, "\n".join(lines), theme.fonts.get(14), T.TEXT_DIM, info)
        draw.text(
            surface,
            _("SEED"),
            theme.fonts.get(13, "Bold"),
            T.TEXT_DIM,
            (a.left, self.seed_input.rect.top - theme.px(22)),
        )
        rs = ruleset
        self._section(
            surface,
            b,
            _("Players"),
            f"{rs.min_players}-{rs.max_players}" if rs and rs.min_players != rs.max_players else "",
        )
        self._draw_roles(surface, b)
        board_here = bool(self._board_kind()) and self.board_col is c
        if self.option_rows or not board_here:  # else the column is the board's alone
            self._section(surface, c, _("Options"))
        if not self.option_rows and not board_here:
            draw.text(
                surface,
                _("This game has no options."),
                theme.fonts.get(14),
                T.DISABLED_TEXT,
                (c.left, c.top + theme.px(40)),
            )
        for spec, widget in self.option_rows:
            if spec.kind != "bool":
                ink = T.TEXT if widget.focused or widget.hovered else T.TEXT_DIM
                draw.text(
                    surface,
                    _(spec.label),
                    theme.fonts.get(16),
                    ink,
                    (c.left, widget.rect.centery),
                    "midleft",
                    self._label_width(c.w),
                )
        kind = self._board_kind()
        if kind:
            col = self.board_col
            self._section(surface, pygame.Rect(col.left, self.board_top, col.w, 0), kind)
            self._draw_preview(surface)
        if self.problem:
            self.problem_label.draw(surface, theme)
        else:
            self._draw_option_help(surface)

    def _label_width(self, col_w: int) -> int:
        """Room for the option labels: 43% of the column, more (to 58%) for a longer label
        (Italian runs longer) rather than cut it."""
        font = self.theme.fonts.get(16)
        widest = max(
            (draw.text_size(font, _(s.label))[0] for s, _w in self.option_rows if s.kind != "bool"),
            default=0,
        )
        return max(int(col_w * 0.43), min(widest, int(col_w * 0.58)))

    def seat_roles(self) -> list[str]:
        """Each seat's side for the form as it stands ("" everywhere for games without sides)."""
        if self.ruleset is None:
            return []
        try:
            return list(self.ruleset.seat_roles(self.build_setup()))
        except Exception:  # noqa: BLE001 - an unfinished form has no sides yet
            return []

    def _draw_roles(self, surface: pygame.Surface, col: pygame.Rect) -> None:
        """Who plays which side, under the player rows (RIOT: seat 1 is the Police)."""
        roles = self.seat_roles()
        if not any(roles):
            return
        theme = self.theme
        font = theme.fonts.get(15, "Medium")
        y = self.add_button.rect.bottom + theme.px(22)
        if self.board_col is col and y + theme.px(24) * len(roles) > self.board_top:
            return  # the map preview needs the room
        for seat, role in enumerate(roles):
            if not role or seat >= len(self.players):
                continue
            p = self.players[seat]
            centre = (col.left + theme.px(10), y + theme.px(10))
            draw.seat_marker(
                surface, T.seat_shape(seat), T.seat_colour(seat, p["colour"]), centre, theme.px(7)
            )
            name = p["name"].strip() or _("Player {n}").format(n=seat + 1)
            draw.text(
                surface,
                _("{name} plays {side}").format(name=name, side=role),
                font,
                T.TEXT_DIM,
                (col.left + theme.px(26), y + theme.px(10)),
                "midleft",
                col.w - theme.px(30),
            )
            y += theme.px(24)

    def option_help(self) -> str:
        """The help of the option or seat choice under the pointer, else of the focused one
        ('' if none): a seat's help says what its level plays like."""
        for attr in ("hovered", "focused"):
            for spec, widget in self.option_rows:
                if getattr(widget, attr) and spec.help:
                    return _("{option}: {help}").format(option=_(spec.label), help=_(spec.help))
            for _colour, _name, seat in self.player_rows:
                if getattr(seat, attr):
                    return seat_kind_blurb(seat.value)
        return ""

    def _draw_option_help(self, surface: pygame.Surface) -> None:
        """The option's help, wrapped in the free strip between Back and Start."""
        text = self.option_help()
        if not text:
            return
        theme = self.theme
        area = self.problem_label.rect.inflate(0, theme.px(16))
        font = theme.fonts.get(13)
        lines = draw.wrap(text, font, area.w)
        step = draw.line_step(font)
        fits = max(1, (area.h + step - font.get_height()) // step)
        if len(lines) > fits:
            lines = lines[:fits]
            lines[-1] = draw.fit(lines[-1] + " ...", font, area.w)
        y = area.centery - ((len(lines) - 1) * step + font.get_height()) // 2
        for line in lines:
            draw.text(surface, line, font, T.TEXT_DIM, (area.left, y))
            y += step

    def _draw_preview(self, surface: pygame.Surface) -> None:
        theme = self.theme
        rect = self.preview_rect
        if rect.h < theme.px(60):
            return
        draw.rounded_rect(surface, rect, T.BG_DEEP, theme.px(10), T.LINE, 1)
        key = (self.game_id, self.preview_choice, rect.size)
        if key != self._preview_key:
            self._preview_key = key
            w, h = rect.inflate(-theme.px(20), -theme.px(20)).size
            if self.map_file_lines():  # leave room under the picture for the problems
                h = int(h * 0.6)
            self._preview = self._make_preview((w, h))
        if self._draw_map_file_problems(surface, rect):
            return
        if self._preview is not None:
            surface.blit(self._preview, self._preview.get_rect(center=rect.center))
            return
        # placeholder card: the choice's name over a faint seat pattern
        for i in range(6):
            x = rect.left + rect.w * (i + 1) / 7
            draw.seat_marker(
                surface,
                T.seat_shape(i),
                T.mix(T.seat_colour(i), T.BG_DEEP, 0.6),
                (x, rect.centery + theme.px(30)),
                theme.px(9),
                None,
            )
        draw.text(
            surface,
            self.ruleset.choice_name(self.preview_choice) if self.preview_choice else "-",
            theme.fonts.bold(20),
            T.TEXT,
            (rect.centerx, rect.centery - theme.px(12)),
            "center",
            rect.w - theme.px(20),
        )
        draw.text(
            surface,
            _("no preview"),
            theme.fonts.get(13),
            T.DISABLED_TEXT,
            (rect.centerx, rect.centery + theme.px(8)),
            "center",
        )

    def map_file_lines(self) -> list[str]:
        """What the preview says of the chosen map file: why it cannot be played and each
        check-map problem (warnings included); empty for a clean file or a shipped map."""
        vetted = self.map_file_check()
        if vetted is None or not (vetted.refusal or vetted.problems):
            return []
        lines = [
            vetted.refusal or _("{file}: playable, with warnings").format(file=vetted.path.name)
        ]
        for problem in vetted.problems:
            where = f"{problem.place}: " if problem.place else ""
            kind = _("warning: ") if problem.is_warning else ""
            lines.append(f"{where}{kind}{problem.message}")
        return lines

    def _draw_map_file_problems(self, surface: pygame.Surface, rect: pygame.Rect) -> bool:
        """List the map file's problems in the preview area (True when drawn, instead of the
        picture for a map that cannot be played, under it for one with warnings only)."""
        lines = self.map_file_lines()
        if not lines:
            return False
        theme = self.theme
        vetted = self.map_file_check()
        area = rect.inflate(-theme.px(20), -theme.px(20))
        if vetted.playable and self._preview is not None:
            surface.blit(self._preview, self._preview.get_rect(midtop=area.midtop))
            area.top = min(area.bottom, area.top + self._preview.get_height() + theme.px(8))
        colour = T.BAD if not vetted.playable else T.TEXT_DIM
        draw.text_block(surface, "\n".join(lines[:12]), theme.fonts.get(13), colour, area)
        return True

    def _preview_board(self) -> Any:
        """The rule set's picture of the chosen map or scenario (a Board), or None."""
        if is_map_file(self.preview_choice):
            vetted = self.map_file_check()
            if vetted is None or not vetted.path.is_file():
                return None
            from riotsim.core.tiled import load_board

            return load_board(vetted.path)
        return self.ruleset.preview(self.preview_choice)

    def _make_preview(self, size: tuple[int, int]) -> pygame.Surface | None:
        if self.preview_choice is None:
            return None
        try:
            board = self._preview_board()
            if board is None:
                return None
            from riotsim.ui.thumbnail import render_board

            return render_board(board, size)
        except Exception as exc:  # noqa: BLE001 - a failing preview just shows the card
            log.warning("preview of %s failed: %s", self.preview_choice, exc)
            return None


def _seat_swatch(seat: int) -> Callable[[str], tuple[str, tuple[int, int, int]]]:
    """The colour choice's swatch for ``seat``: its shape in that colour."""
    return lambda colour: (T.seat_shape(seat), T.SEAT_COLOURS[colour])


def _file_label(value: Any) -> str:
    """The chooser's text for a map file entry ("" for shipped maps and scenarios)."""
    if value == OPEN_MAP_FILE:
        return _("Open map file...")
    if is_map_file(value):
        return _("File: {name}").format(name=str(value).replace(chr(92), "/").rsplit("/", 1)[-1])
    return ""


def _choice_label(value: Any) -> str:
    """A choice's label: ``""`` is the rule set's default, ``"a,b"`` a combination."""
    text = str(value)
    if text == "":
        return _("Default")
    if "," in text and "/" not in text:
        return " + ".join(tr(_pretty(part)) for part in text.split(",") if part.strip())
    return tr(_pretty(value))  # a deck or mode named in the content: its catalog entry


def _int_label(spec):
    """Numbers as they are, except a 0 the option's label or help calls "none"."""
    words = f"{spec.label} {spec.help}".lower().replace(" ", "")
    zero_is_none = "0=none" in words or "0=nolimit" in words or "0=off" in words

    def label(value: Any) -> str:
        return _("None") if zero_is_none and value == 0 else str(value)

    return label


def _pretty(value: Any) -> str:
    text = str(value)
    if "/" in text:
        text = text.rsplit("/", 1)[-1]
    if text.endswith(".tmx") or text.endswith(".yaml"):
        text = text.rsplit(".", 1)[0]
    return text.replace("_", " ").replace("-", " ").strip().capitalize() if text else "-"
