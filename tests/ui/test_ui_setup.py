"""Setup screen: the form builds the right GameSetup and Start opens the game."""

from __future__ import annotations

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.saves import autosave_dir
from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.setup import OPEN_MAP_FILE, SetupScene
from riotsim.ui.widgets.dialog import Dialog


def open_setup(app) -> SetupScene:
    scene = SetupScene(app, "uitoy")
    app.push(scene)
    return scene


def test_defaults_follow_the_ruleset(app):
    setup = open_setup(app)
    built = setup.build_setup()
    assert len(built.players) == 2  # the rule set's minimum
    assert built.options == {"length": 12, "pace": "normal", "cards": True}
    assert built.map == "short_track" and built.scenario is None
    assert all(p.bot is None for p in built.players)
    assert len({p.colour for p in built.players}) == 2


def test_form_edits_reach_the_game_setup(app):
    setup = open_setup(app)
    setup.seed_text = "4242"
    setup._add_player()
    assert len(setup.players) == 3
    # type a name into the second player's field
    name_input = setup.player_rows[1][1]
    setup.focus.focus(name_input)
    for _ in name_input.value:
        setup.key("backspace")
    setup.text("Lou")
    # third seat becomes a greedy bot (under Advanced, after the levels); track longer;
    # cards off; long map
    seat_choice = setup.player_rows[2][2]
    seat_choice.step(seat_choice.values.index("greedy"))
    option = dict((spec.key, w) for spec, w in setup.option_rows)
    option["length"].step(3)
    option["cards"].activate()
    option["pace"].step(1)
    setup.map_widget.step(1)
    built = setup.build_setup()
    assert built == GameSetup(
        players=(
            PlayerSpec("Rosa", "orange", None),
            PlayerSpec("Lou", "sky", None),
            PlayerSpec("Kim", "green", seat_choice.value),
        ),
        seed=4242,
        options={"length": 15, "pace": "wild", "cards": False},
        map="long_track",
        scenario=None,
    )
    assert seat_choice.value == "greedy"


def test_player_count_stays_within_the_rulesets_limits(app):
    setup = open_setup(app)
    assert not setup.remove_button.enabled
    for _ in range(5):
        setup._add_player()
    assert len(setup.players) == 4
    assert not setup.add_button.enabled


def test_duplicate_colours_disable_start_with_a_reason(app):
    setup = open_setup(app)
    setup.player_rows[1][0].step(-1)  # sky -> orange, same as Rosa
    assert not setup.start_button.enabled
    assert "colour" in setup.start_button.hint
    setup.start_clicked()
    assert app.stack.top is setup


def test_start_creates_an_autosaving_match(app):
    setup = open_setup(app)
    setup.click(setup.start_button.rect.center)
    game = app.stack.top
    assert isinstance(game, GameScene)
    # issue 10: a slot of its own in the autosave folder, written after the first action
    assert game.match.autosave_path.parent == autosave_dir()
    assert game.match.autosave_path.name.startswith(f"{setup.game_id}-")
    assert game.match.setup == setup.build_setup()


def test_a_setup_the_rules_reject_gives_a_message(app):
    setup = open_setup(app)
    bad = GameSetup((PlayerSpec("Solo"),), 1)
    setup.start(bad)
    assert isinstance(app.stack.top, Dialog)
    assert "2-4 players" in app.stack.top.message


def test_keyboard_reaches_start(app):
    setup = open_setup(app)
    for _ in range(len(setup.widgets) * 2):
        if setup.focus.current is setup.start_button:
            break
        setup.key("tab")
    assert setup.focus.current is setup.start_button
    setup.key("return")
    assert isinstance(app.stack.top, GameScene)


def test_switching_games_resets_options(app, monkeypatch):
    setup = open_setup(app)
    other = next((gid for gid, _ in setup.games if gid != "uitoy"), None)
    if other is None:
        return
    setup._choose_game(other)()
    assert setup.game_id == other
    setup._choose_game("uitoy")()
    assert setup.options == {"length": 12, "pace": "normal", "cards": True}


def test_map_preview_thumbnail_or_placeholder(app):
    """A Board from the rule set's preview hook becomes a thumbnail; none gives the card."""
    setup = open_setup(app)
    app.tick(0.016)
    assert setup._preview is None  # short_track: the hook returns nothing
    setup.map_widget.step(1)
    assert setup.map_choice == "long_track"
    app.tick(0.016)
    thumb = setup._preview
    assert thumb is not None and thumb.get_width() > thumb.get_height() * 2
    # floor cells are light, the pit column dark
    w = thumb.get_width()
    floor = thumb.get_at((int(w * 1.5 / 6), thumb.get_height() // 4))
    pit = thumb.get_at((int(w * 3.5 / 6), thumb.get_height() // 4))
    assert sum(floor[:3]) > 400 and sum(pit[:3]) < 150


def test_a_game_with_maps_and_scenarios_offers_both(app):
    setup = SetupScene(app, "uitoy-open")
    app.push(setup)
    assert setup._board_kind() == "Scenario and Map"
    assert [w.values for w in setup.board_widgets] == [
        ["dash", "relay"],
        ["short_track", "long_track", OPEN_MAP_FILE],  # the map chooser opens files too
    ]
    setup.scenario_widget.step(1)
    built = setup.build_setup()
    assert (built.scenario, built.map) == ("relay", "short_track")
    app.tick(0.016)


def test_option_help_shows_for_the_hovered_or_focused_option(app):
    from riotsim.core.contract import OptionSpec

    setup = open_setup(app)
    assert setup.option_help() == ""
    spec, widget = setup.option_rows[0]
    setup.option_rows[0] = (
        OptionSpec(spec.key, spec.label, spec.kind, spec.default, help="How far to run."),
        widget,
    )
    setup.focus.focus(widget)
    assert setup.option_help() == "Track length: How far to run."
    app.tick(0.02)  # drawn in the strip between Back and Start without trouble


def test_choice_labels_read_as_words():
    from riotsim.core.contract import OptionSpec
    from riotsim.ui.scenes.setup import _choice_label, _int_label

    assert _choice_label("") == "Default"
    assert _choice_label("autonomen,anarchists") == "Autonomen + Anarchists"
    assert _choice_label("arena_chests") == "Arena chests"
    limit = OptionSpec("round_limit", "Round limit (0 = none)", "int", 40, minimum=0)
    assert _int_label(limit)(0) == "None" and _int_label(limit)(12) == "12"
    plain = OptionSpec("vp", "VP to win", "int", 7, minimum=0)
    assert _int_label(plain)(0) == "0"


def test_a_game_without_options_gives_the_column_to_its_board(app, monkeypatch):
    """The Options and Scenario headings once overlapped for Quodd (no options)."""
    from ui_toy import OpenSprint

    monkeypatch.setattr(OpenSprint, "options", lambda self: [])
    setup = SetupScene(app, "uitoy-open")
    app.push(setup)
    assert setup.option_rows == [] and setup.board_col is setup.cols[2]
    titles: list[str] = []
    monkeypatch.setattr(setup, "_section", lambda _s, _r, title, note="": titles.append(title))
    app.tick(0.02)
    assert "Options" not in titles and "Scenario and Map" in titles


def test_return_starts_the_game_from_a_name_field(app):
    setup = open_setup(app)
    setup.focus.focus(setup.player_rows[0][1])
    setup.key("return")
    from riotsim.ui.scenes.game import GameScene

    assert isinstance(app.stack.top, GameScene)


def test_return_says_why_the_game_cannot_start(app):
    setup = open_setup(app)
    setup.player_rows[1][0].step(-1)  # two players share a colour
    setup.key("return")
    assert isinstance(app.stack.top, Dialog) and "colour" in app.stack.top.message


def test_sides_are_named_before_the_game_starts(app):
    """RIOT: seat 1 is always the Police; the form says so and follows the player count."""
    scene = SetupScene(app, "riot")
    app.push(scene)
    app.tick(0.0)
    roles = scene.seat_roles()
    assert roles[0] == "Police" and len(roles) == len(scene.players) == 2
    assert roles[1]  # the protester team dealt for two players
    scene._add_player()
    assert len(scene.seat_roles()) == 3
    scene.start(scene.build_setup())
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.player_title(0) == f"{game.player_name(0)} (Police)"


def test_games_without_sides_show_plain_names(app):
    scene = open_setup(app)
    assert not any(scene.seat_roles())
    scene.start(scene.build_setup())
    game = app.stack.top
    assert game.player_title(1) == game.player_name(1)


def test_a_choice_reads_as_its_name_and_the_setup_keeps_its_id(app):
    """An option's choices show the names the rule set gives them (Riot Quest's crew modes,
    its decks from the content), in the language spoken; the setup keeps the ids."""
    from riotsim.i18n import set_language

    setup = SetupScene(app, "riotquest")
    app.push(setup)
    option = dict((spec.key, w) for spec, w in setup.option_rows)
    crew, decks = option["crew_mode"], option["treasure_deck"]
    crew.step(crew.values.index("party"))
    assert crew.label(crew.value) == "Adventuring Party"
    assert decks.label("arena_chests") == "Arena Chests"
    assert option["decks"].label("rolloff") == "Roll-off"
    set_language("it")
    try:
        assert decks.label("arena_chests") == "Forzieri dell'Arena"
        assert option["decks"].label("agree") == "Scelti qui"
    finally:
        set_language("en")
    assert setup.build_setup().options["crew_mode"] == "party"
