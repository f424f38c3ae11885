"""Quodd's modes in the app (issue 13, Content and presentation): the scenario chooser
grouped by type (*Scenario Types*), the setup of teams, the Overlord, board sides and world
events passed as setup options, the hand-off that knows teams (*Co-Op and Team Card
Sharing*: a teammate's hand may show while they may trade) and the seat list's marks.

The chooser is tested on the shipped scenarios of every mode; tests of one mode's setup may
add a copy of a shipped scenario with that mode to the catalog (``mode_scenario``)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from ui_helpers import frames

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.games.quodd import RULESET, catalog
from riotsim.ui import quodd_modes
from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.quodd_setup import QuoddDeckScene, QuoddSetupScene
from riotsim.ui.scenes.setup import SetupScene
from riotsim.ui.views import quodd_seats
from riotsim.ui.widgets.scenario_chooser import ScenarioChooser

NAMES = ("Rosa", "Ugo", "Kim", "Noor", "Ivo", "Jun")


@pytest.fixture
def mode_scenario(monkeypatch):
    """Add a scenario of ``mode`` (a copy of the free-for-all race) to the catalog."""

    def add(mode: str, **fields) -> str:
        base = catalog.scenarios()["ffa_race"]
        spec = base.model_copy(
            update={"id": f"ui_{mode}", "name": f"UI {mode}", "mode": mode, **fields}
        )
        monkeypatch.setitem(catalog.scenarios(), spec.id, spec)
        return spec.id

    return add


@pytest.fixture
def world_cards(monkeypatch):
    """A World Event catalog (part A adds ``catalog.world_events()``; here, a stand-in)."""
    cards = {
        "gale": SimpleNamespace(id="gale", name="Gale", text="Everyone slides 1 east.", count=2),
        "quake": SimpleNamespace(id="quake", name="Quake", text="Boards shake.", count=1),
        "flock": SimpleNamespace(id="flock", name="Flock", text="A sheep appears.", count=3),
    }
    monkeypatch.setattr(catalog, "world_events", lambda: cards, raising=False)
    return cards


def open_modes(app, scenario: str | None = None) -> tuple[SetupScene, QuoddSetupScene]:
    setup = app.stack.push("setup", "quodd")
    if scenario is not None:
        setup.scenario_choice = scenario
        setup.rebuild()
    button = next(w for w in setup.board_widgets if w.label == "Scenario and modes...")
    button.on_click()
    modes = app.stack.top
    assert isinstance(modes, QuoddSetupScene)
    frames(app, 1)
    return setup, modes


# -- the chooser -------------------------------------------------------------------------------
def test_chooser_groups_scenarios_by_type_in_the_rulebooks_order():
    """M1 *Scenario Types*: the chooser groups by solo, co-op, free-for-all, teams,
    overlord (tutorials first); each entry names its objective, players and rounds."""
    entries = quodd_modes.scenario_entries()
    chooser = ScenarioChooser(entries, quodd_modes.GROUPS)
    headings = [name for name, _ in chooser.groups()]
    assert headings == ["Tutorial", "Solo", "Co-op", "Free-for-all", "Teams", "Overlord"]
    groups = dict(chooser.groups())
    modes = {s.id: s.mode for s in catalog.scenarios().values()}
    for heading, mode in (("Co-op", "coop"), ("Teams", "teams"), ("Overlord", "overlord")):
        assert groups[heading] == [i for i, m in modes.items() if m == mode]
        assert len(groups[heading]) >= 2
    assert "tutorial_1" in groups["Tutorial"] and "ffa_race" in groups["Free-for-all"]
    race = next(e for e in entries if e.id == "ffa_race")
    assert race.objective == "Reach 3 rally markers first, alone"
    assert race.players == "2-6 players" and race.rounds == "14 rounds"
    assert not any(e.id.startswith("try_") for e in entries)


def test_chooser_keyboard_moves_through_and_between_groups():
    picked = []
    chooser = ScenarioChooser(
        quodd_modes.scenario_entries(),
        quodd_modes.GROUPS,
        "tutorial_1",
        on_activate=picked.append,
    )
    chooser.rect = pygame.Rect(0, 0, 800, 500)
    assert chooser.key("down") and chooser.value == "tutorial_2"
    assert chooser.key("page down") and chooser.current.group == "solo"
    assert chooser.value == "solo_rally"  # the first of the group
    assert chooser.key("page down") and chooser.current.group == "coop"
    assert chooser.key("page down") and chooser.current.group == "ffa"
    assert chooser.key("page up") and chooser.current.group == "coop"
    assert chooser.key("page up") and chooser.value == "solo_rally"
    assert chooser.key("end") and chooser.value == chooser.entries[-1].id
    assert not chooser.key("down")  # past the end: focus may move on
    assert chooser.key("home") and chooser.value == "tutorial_1"
    chooser.activate()
    assert [e.id for e in picked] == ["tutorial_1"]


def test_chooser_mouse_selects_then_picks_and_draws(app):
    picked = []
    chooser = ScenarioChooser(
        quodd_modes.scenario_entries(),
        quodd_modes.GROUPS,
        "tutorial_1",
        on_activate=picked.append,
        preview=lambda _id, size: pygame.Surface(size),
    )
    chooser.rect = pygame.Rect(10, 10, 900, 520)
    surface = pygame.Surface((1000, 600))
    chooser.draw(surface, app.theme)
    lines = chooser.lines()
    ids = [chooser.entries[i].id if i >= 0 else "" for _, i in lines]
    n = ids.index("solo_rally")
    pos = (chooser.list_rect.centerx, chooser.list_rect.top + n * chooser.line_h + 10)
    assert chooser.click(pos) and chooser.value == "solo_rally" and picked == []
    assert chooser.click(pos) and [e.id for e in picked] == ["solo_rally"]
    heading = next(k for k, (_, i) in enumerate(lines) if i < 0 and k > 0)
    at = (pos[0], chooser.list_rect.top + heading * chooser.line_h + 10)
    assert chooser.click(at) and chooser.value == "solo_rally"  # a heading picks nothing
    chooser.draw(surface, app.theme)  # with the picture


# -- the setup screen ------------------------------------------------------------------------
def test_setup_screen_opens_the_modes_screen_for_quodd_only(app):
    setup = app.stack.push("setup", "uitoy")
    assert all(getattr(w, "label", "") != "Scenario and modes..." for w in setup.widgets)
    app.stack.pop(setup)
    setup, modes = open_modes(app)
    assert modes.chooser.value == setup.scenario_choice
    assert app.errors == []


def test_choosing_a_teams_scenario_fits_the_seats_and_passes_teams(app, mode_scenario):
    """M3: teams of the ``teams`` option, a team per seat; the chooser's scenario takes its
    minimum of seats; Done hands scenario, seats and options to the New game screen."""
    scenario = mode_scenario("teams", players=(4, 6))
    setup, modes = open_modes(app)
    modes.chooser.select_id(scenario)
    assert modes.scenario_id == scenario and len(modes.players) == 4
    assert modes.teams() == [0, 1, 0, 1] and "teams" not in modes.options  # the scenario's
    modes.rows[1]["team"].step(-1)  # Ugo joins team 1 (index 0)
    modes.rows[2]["side"].step(1)  # Kim plays the B-side
    modes.rows[3]["kind"].step(1)  # Noor is a bot
    modes.done()
    assert app.stack.top is setup
    frames(app, 1)
    built = setup.build_setup()
    assert built.scenario == scenario and len(built.players) == 4
    assert built.options["teams"] == [0, 0, 0, 1]
    assert built.options["sides"] == ["a", "a", "b", "a"]
    assert built.players[3].bot is not None
    state = RULESET.new_state(built)
    assert [h.team for h in state.heroes] == [0, 0, 0, 1]
    assert [h.side for h in state.heroes] == ["a", "a", "b", "a"]


def test_overlord_seat_is_chosen_and_passed(app, mode_scenario):
    """M4: one player against all: the ``overlord`` option names the seat."""
    scenario = mode_scenario("overlord", players=(2, 4))
    setup, modes = open_modes(app, scenario)
    assert modes.overlord_choice is not None and modes.overlord() == 1  # the last seat
    assert "overlord" not in modes.options
    modes.overlord_choice.step(1)  # seat 0
    assert modes.options["overlord"] == 0
    modes.done()
    built = setup.build_setup()
    assert built.options["overlord"] == 0
    state = RULESET.new_state(built)
    assert state.overlord == 0 and [h.team for h in state.heroes] == [1, 0]


def test_options_of_another_mode_are_dropped_with_the_scenario(app, mode_scenario):
    scenario = mode_scenario("teams", players=(2, 6))
    setup, modes = open_modes(app, scenario)
    modes.set_seats(1)
    modes.rows[0]["team"].step(1)
    assert modes.options["teams"] == [1, 1, 0]  # two seats, then a third
    modes.chooser.select_id("ffa_race")
    assert "teams" not in modes.options and modes.overlord_choice is None
    assert all("team" not in row for row in modes.rows)


def test_the_rule_sets_option_check_is_shown_in_place(app, mode_scenario):
    """The option checks' words show beside the seats; Done is refused until fixed."""
    scenario = mode_scenario("teams", players=(2, 6))
    setup, modes = open_modes(app, scenario)
    modes.options["teams"] = [0, 9]
    modes._refresh_done()
    problem = RULESET.extra_option_problem("teams", [0, 9])
    assert modes.option_problems()["teams"] == problem
    assert modes.problem() == problem and not modes.done_button.enabled
    modes.done()
    assert app.stack.top is not setup  # a message, and the screen stays
    frames(app, 1)
    modes.options["teams"] = [0, 1]
    modes._refresh_done()
    assert modes.problem() == "" and modes.done_button.enabled


def test_a_setup_the_rules_refuse_says_why(app, mode_scenario):
    """A check only the start makes (a team list too short for the seats): its ValueError
    is shown as it is."""
    scenario = mode_scenario("overlord", players=(2, 4))
    setup, modes = open_modes(app, scenario)
    modes.options["overlord"] = 5
    assert "option overlord" in modes.problem()


def test_world_events_toggle_and_deck_editor_pass_the_deck(app, world_cards):
    """W4: world events on or off, and the deck customised: ``world_cards``."""
    setup, modes = open_modes(app, "ffa_race")
    assert modes.world_toggle.value is True  # on outside solo and tutorials
    assert modes.deck_button is not None and modes.deck_button.enabled
    modes.deck_button.on_click()
    deck = app.stack.top
    assert isinstance(deck, QuoddDeckScene)
    frames(app, 1)
    assert deck.counts == {"gale": 2, "quake": 1, "flock": 3}
    deck.editor.key("down")  # quake
    deck.editor.key("left")  # out
    deck.editor.key("down")  # flock
    deck.editor.key("left")  # one copy fewer
    deck.done()
    assert app.stack.top is modes
    assert modes.options["world_cards"] == ["gale", "gale", "flock", "flock"]
    modes.done()
    assert setup.build_setup().options["world_cards"] == ["gale", "gale", "flock", "flock"]


def test_world_events_off_and_the_whole_deck_leaves_the_card_list_out(app, world_cards):
    setup, modes = open_modes(app, "ffa_race")
    modes.deck_button.on_click()
    deck = app.stack.top
    deck.editor.set_all(False)
    assert not deck.done_button.enabled  # an empty deck is refused
    deck.editor.set_all(True)
    deck.done()
    assert "world_cards" not in modes.options
    modes.world_toggle.activate()
    assert modes.options["world_events"] is False
    assert not modes.deck_button.enabled
    modes.done()
    assert setup.build_setup().options["world_events"] is False


def test_without_a_world_event_catalog_there_is_no_deck_editor(app, monkeypatch):
    monkeypatch.delattr(catalog, "world_events", raising=False)
    setup, modes = open_modes(app, "ffa_race")
    assert modes.deck_button is None and modes.world_toggle is not None


def test_deck_editor_mouse_minus_and_plus(app, world_cards):
    setup, modes = open_modes(app, "ffa_race")
    deck = app.stack.push("quodd_deck", modes)
    frames(app, 1)
    surface = pygame.Surface(app.size)
    deck.draw(surface)
    minus = next(r for r, i, step in deck.editor.buttons if i == 0 and step < 0)
    deck.click(minus.center)
    assert deck.counts["gale"] == 1
    plus = next(r for r, i, step in deck.editor.buttons if i == 0 and step > 0)
    deck.click(plus.center)
    deck.click(plus.center)  # at most the card's count
    assert deck.counts["gale"] == 2


@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (2560, 1440)])
def test_modes_screen_draws_at_both_sizes(app, mode_scenario, world_cards, size):
    scenario = mode_scenario("teams", players=(4, 6))
    app.window_resized(size)
    setup, modes = open_modes(app, scenario)
    for _ in range(2):
        modes.set_seats(1)
    surface = pygame.Surface(app.size)
    modes.draw(surface)
    right = modes.right
    for row in modes.rows:
        for widget in row.values():
            assert right.contains(widget.rect)
    assert modes.world_toggle.rect.bottom < modes.done_button.rect.top
    assert app.errors == []


# -- the hand-off and the seat list ------------------------------------------------------------
def teams_match(mode_scenario, seats: int = 4) -> Match:
    scenario = mode_scenario("teams", players=(2, 6))
    players = tuple(PlayerSpec(NAMES[i]) for i in range(seats))
    teams = [i % 2 for i in range(seats)]
    return Match(RULESET, GameSetup(players, 3, {"teams": teams}, None, scenario), game_id="quodd")


def trade_view(monkeypatch):
    """The view part B gives while a trade is possible: teammates' hands show."""
    plain = type(RULESET).view

    def view(self, state, seat):
        out = plain(self, state, seat)
        mine = state.heroes_of(seat)[0]
        for i, hero in enumerate(out.heroes):
            if hero.controller != seat and state.heroes[i].team == mine.team:
                hero.hand = list(state.heroes[i].hand)
        return out

    monkeypatch.setattr(type(RULESET), "view", view)


def deal(match: Match) -> None:
    for hero in match.state.heroes:
        hero.hand = ["swiftgrass_juice", "honey_bun"]


def test_handoff_hides_every_other_hand_without_a_trade(app, mode_scenario):
    """T3: without a possible trade, the next player sees only their own hand."""
    match = teams_match(mode_scenario)
    deal(match)
    game = app.stack.push("game", match)
    frames(app, 2)
    assert game.covered
    seat = game.to_move()
    assert game.handoff_note(seat) == "Private information is hidden until they take the seat."


def test_handoff_names_the_teammate_whose_hand_shows(app, mode_scenario, monkeypatch):
    """T3 (*Co-Op and Team Card Sharing*): while they may trade, a teammate's hand shows to
    the next player; the hand-off says whose, and names no opponent."""
    trade_view(monkeypatch)
    match = teams_match(mode_scenario)
    deal(match)
    game: GameScene = app.stack.push("game", match)
    frames(app, 2)
    seat = game.to_move()
    state = match.state
    team = state.heroes[seat].team
    mate = next(s for s in range(4) if s != seat and state.heroes[s].team == team)
    note = game.handoff_note(seat)
    assert note.startswith(f"Their own hand and {NAMES[mate]}'s") and "teammates" in note
    assert all(NAMES[s] not in note for s in range(4) if s not in (seat, mate))
    surface = pygame.Surface(app.size)
    game.draw(surface)  # the card with the longer note
    # once seated, the panel lists the teammate's cards, and no opponent's
    game.reveal()
    frames(app, 1)
    game.draw(surface)
    assert quodd_seats.visible_hands(RULESET, state, seat) == [mate]
    lines = quodd_seats.shared_hand_lines(game.view, seat)
    assert lines == [
        f"{NAMES[mate]}'s hand ({state.heroes[mate].name}): Swiftgrass Juice, Honey Bun"
    ]
    # under the hand-off cover (nobody seated) no card is listed
    game.viewer_seat = None
    area = pygame.Rect(0, 0, 400, 300)
    assert quodd_seats._draw_shared_hands(game.view, surface, area, 10) == 10


def test_seat_rows_mark_teams_overlord_coin_deck_and_buddies(mode_scenario):
    """The seat list: team rings, the Overlord's crown, the first player coin, the World
    Event deck with the first player (W3), and buddies under their controller."""
    scenario = mode_scenario("overlord", players=(2, 4))
    players = tuple(PlayerSpec(NAMES[i]) for i in range(3))
    match = Match(RULESET, GameSetup(players, 3, {"overlord": 2}, None, scenario))
    state = match.state
    state.world_deck = ["gale"]
    buddy = state.heroes[1]
    buddy.buddy, buddy.controller = True, 0
    state.players = 3
    rows = quodd_seats.seat_rows(state, lambda s: NAMES[s])
    first = state.heroes[state.first].controller
    assert [r.overlord for r in rows] == [False, False, True]
    assert [r.first for r in rows] == [s == first for s in range(3)]
    assert [r.world_deck for r in rows] == [s == first for s in range(3)]
    assert rows[0].buddies == [buddy.name] and rows[1].heroes == []
    assert rows[2].team == 1 and rows[0].team == 0
    assert "the Overlord" in rows[2].words("overlord")
    state.world_deck = []
    assert not any(r.world_deck for r in quodd_seats.seat_rows(state, lambda s: NAMES[s]))


def test_setup_screen_refits_mode_options_when_its_scenario_changes(app, mode_scenario):
    """The New game screen's own scenario choice drops the options of another mode, and
    its button says what was chosen."""
    scenario = mode_scenario("teams", players=(2, 6))
    setup, modes = open_modes(app, scenario)
    modes.rows[1]["side"].step(1)
    modes.rows[0]["team"].step(1)
    modes.done()
    frames(app, 1)
    button = next(w for w in setup.board_widgets if w.label == "Scenario and modes...")
    assert button.hint == "Teams, B-side x1"
    assert setup.options == {"teams": [1, 1], "sides": ["a", "b"]}
    setup.scenario_widget.step(-setup.scenario_widget.index)  # back to the first (a tutorial)
    assert setup.scenario_choice == "tutorial_1"
    assert "teams" not in setup.options and setup.options["sides"] == ["a", "b"]


def test_start_from_the_setup_screen_plays_the_chosen_mode(app, mode_scenario):
    scenario = mode_scenario("overlord", players=(2, 4))
    setup, modes = open_modes(app, scenario)
    modes.overlord_choice.step(1)
    modes.done()
    frames(app, 1)
    setup.start_clicked()
    game = app.stack.top
    assert isinstance(game, GameScene), app.errors
    assert game.match.state.overlord == 0 and game.match.setup.options == {"overlord": 0}
    frames(app, 2)
    assert app.errors == []


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_the_play_screen_lists_the_seats_with_their_marks(app, mode_scenario, size):
    """The panel's seat chips: every player once, the Overlord's crown, the first player
    coin and the World Event deck said in each chip's tooltip; chips inside the panel."""
    app.window_resized(size)
    scenario = mode_scenario("overlord", players=(2, 4))
    players = tuple(PlayerSpec(NAMES[i]) for i in range(4))
    match = Match(RULESET, GameSetup(players, 3, {"overlord": 2}, None, scenario), game_id="quodd")
    match.state.world_deck = ["gale"]
    game = app.stack.push("game", match)
    frames(app, 2)
    game.reveal()
    surface = pygame.Surface(app.size)
    game.draw(surface)
    view = game.view
    chips = {title: (rect, words) for rect, title, words in view.tip_targets if title in NAMES}
    assert sorted(chips) == sorted(NAMES[:4])
    first = NAMES[match.state.seat_of(match.state.first)]
    assert "the Overlord" in chips["Kim"][1]
    assert "first player (coin)" in chips[first][1] and "World Event deck" in chips[first][1]
    assert all(view.panel_rect.contains(rect) for rect, _ in chips.values())
