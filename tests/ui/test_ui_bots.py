"""Bots in the app (issue 16, "In the app"): difficulty levels on the setup screens, the level
named wherever a bot seat's name shows in play, the bot speed setting, and a window that keeps
drawing while a bot decides."""

from __future__ import annotations

import threading
import time

import pytest
from ui_helpers import frames, start_toy

from riotsim.ai import LEVELS, is_bot_spec
from riotsim.ai.base import Bot
from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.ui.bots import bot_title, player_label, seat_kind_blurb, seat_kind_label, seat_kinds
from riotsim.ui.scenes import game as game_scene
from riotsim.ui.scenes.game import BOT_BUDGET_S, BOT_MIN_PAUSE_S, GameScene, bot_pause
from riotsim.ui.scenes.settings import SettingsScene
from riotsim.ui.scenes.setup import SetupScene
from riotsim.ui.settings import BOT_SPEEDS, Settings, load_settings, save_settings


def test_a_seat_offers_human_the_levels_then_the_advanced_bots():
    kinds = seat_kinds()
    assert kinds[:4] == [None, "easy", "normal", "hard"]
    assert set(kinds[4:]) == {"random", "greedy", "planner", "mcts"}
    assert all(is_bot_spec(k) for k in kinds[1:])
    # a level reads as its label from riotsim.ai.LEVELS, a bot as "Advanced"
    for name, level in LEVELS.items():
        assert seat_kind_label(name) == f"{level.label} bot"
        assert level.blurb in seat_kind_blurb(name)
    assert seat_kind_label("mcts") == "Adv: MCTS"
    assert seat_kind_blurb("mcts").startswith("Advanced - MCTS bot: ")
    assert seat_kind_label(None) == "Human"
    # a spec from elsewhere (a capped level) is kept as a choice, not lost
    assert seat_kinds("hard:2000")[-1] == "hard:2000"
    assert bot_title("hard:2000") == "Hard bot, 2000 ms"


def test_setup_screen_levels_reach_the_saved_spec(app):
    scene = SetupScene(app, "uitoy")
    app.push(scene)
    seat = scene.player_rows[1][2]
    assert seat.value is None and seat.label(seat.value) == "Human"
    seat.step(3)
    assert seat.value == "hard" and seat.label(seat.value) == "Hard bot"
    built = scene.build_setup()
    assert built.players[1].bot == "hard"  # the spec string, as saves keep it
    # the blurb of the level under the pointer shows in the help strip
    seat.hovered = True
    assert scene.option_help() == seat_kind_blurb("hard")
    assert LEVELS["hard"].blurb in scene.option_help()
    frames(app, 1)
    seat.step(seat.values.index("planner") - seat.index)
    assert scene.build_setup().players[1].bot == "planner"


def test_quodd_seats_offer_the_levels(app):
    pytest.importorskip("riotsim.games.quodd")
    from riotsim.ui.scenes.quodd_setup import QuoddSetupScene

    setup = SetupScene(app, "quodd")
    app.push(setup)
    modes = QuoddSetupScene(app, setup)
    app.push(modes)
    frames(app, 1)
    kind = modes.rows[0]["kind"]
    assert kind.values[:4] == [None, "easy", "normal", "hard"]
    kind.step(2)
    assert kind.label(kind.value) == "Normal bot"
    assert modes.players[0]["bot"] == "normal"
    kind.hovered = True  # the level's blurb shows between Back and Done
    assert modes.kind_help() == seat_kind_blurb("normal")
    assert LEVELS["normal"].blurb in modes.kind_help()
    frames(app, 1)


def test_the_level_shows_where_a_bot_seats_name_shows(app):
    game = start_toy(app, bots=(None, "hard"))
    assert game.player_label(1) == "Dez (Hard bot)" and game.player_label(0) == "Rosa"
    assert player_label("Dez", "easy") == "Dez (Easy bot)"
    game.submit(Action.make("roll"))
    frames(app, 1)
    assert game.to_move() == 1
    surface = app.screen
    game._paint_bar(surface.subsurface(game.bar_rect))
    # the generic view's panel and the bar both name the level
    from riotsim.ui.views.base import seat_label

    assert seat_label(game, 1) == "Dez (Hard bot)"
    assert game.bots_note() == "Playing with Dez (Hard bot)."
    game.wait_for_bots(5)


def test_the_hand_off_card_names_the_bots(app):
    game = start_toy(app, bots=(None, None, "easy"))
    assert game.bots_note() == "Playing with Kim (Easy bot)."
    game.covered = True
    game.draw(app.screen)  # the card with the extra line draws


def test_bot_speed_is_a_persisted_setting(app, tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(bot_speed="fast"), path)
    loaded, problem = load_settings(path)
    assert problem is None and loaded.bot_speed == "fast"
    path.write_text('{"bot_speed": "warp"}')
    loaded, problem = load_settings(path)
    assert loaded.bot_speed == "normal" and "bot_speed" in problem
    assert Settings(bot_speed=["x"]).clamp().bot_speed == "normal"  # type: ignore[arg-type]


def test_settings_screen_sets_the_bot_speed(app):
    scene = SettingsScene(app)
    app.push(scene)
    assert scene.bot_speed.label(scene.bot_speed.value) == "Normal"
    scene.bot_speed.step(1)
    app.tick(0.016)
    scene.apply_button.activate()
    saved, problem = load_settings()
    assert problem is None and saved.bot_speed == "fast"
    assert app.settings.bot_speed == "fast"


def test_bot_speed_scales_the_pause_and_the_budget():
    pauses = {k: bot_pause(Settings(bot_speed=k)) for k in BOT_SPEEDS}
    assert pauses["slow"] > pauses["normal"] == BOT_MIN_PAUSE_S > pauses["fast"]
    assert pauses["instant"] == 0.0
    budgets = [Settings(bot_speed=k).bot_pace()[1] for k in ("slow", "normal", "fast", "instant")]
    assert budgets == sorted(budgets, reverse=True) and budgets[1] == 1.0
    # animation speed still shortens the pause, as before
    assert bot_pause(Settings(anim_speed=2.0)) == BOT_MIN_PAUSE_S / 2


class _SlowBot(Bot):
    """Thinks in pure Python (holding the GIL between switches) until told to stop."""

    name = "slow"

    def __init__(self) -> None:
        super().__init__(0)
        self.budgets: list[float] = []
        self.release = threading.Event()

    def choose(self, ruleset, view_state, legal, budget_s=1.0):
        self.budgets.append(budget_s)
        total = 0
        deadline = time.perf_counter() + 5.0
        while not self.release.is_set() and time.perf_counter() < deadline:
            total += sum(i * i for i in range(200))
        return legal[0]


def test_the_window_keeps_drawing_while_a_slow_bot_decides(app):
    """A bot decides on a worker thread: frames keep coming (and quickly) while it thinks."""
    app.settings.bot_speed = "fast"
    game = start_toy(app, bots=(None, "random"))
    slow = _SlowBot()
    game.bots[1] = slow
    game.submit(Action.make("roll"))
    start = time.perf_counter()
    drawn = 0
    while time.perf_counter() - start < 0.6:
        app.tick(1 / 30)
        drawn += 1
    assert game.bot_thinking() and len(game.match.log) == 1  # still deciding
    assert drawn >= 10  # at least ~17 frames a second while the bot holds a core
    assert slow.budgets == [BOT_BUDGET_S * BOT_SPEEDS["fast"][2]]  # the speed's budget
    slow.release.set()
    game.wait_for_bots(5)
    for _ in range(60):
        frames(app, 1, dt=0.1)
        if len(game.match.log) == 2:
            break
    assert len(game.match.log) == 2


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_plays_from_its_worker_thread(app, level, monkeypatch):
    """The levels (a greedy, a planner and an MCTS bot underneath) answer on the bot thread,
    within the speed's budget, and the frames keep coming."""
    monkeypatch.setattr(game_scene, "BOT_BUDGET_S", 0.4)
    app.settings.bot_speed = "instant"
    game = start_toy(app, bots=(None, level))
    game.submit(Action.make("roll"))
    start = time.perf_counter()
    while len(game.match.log) < 2 and time.perf_counter() - start < 10:
        app.tick(1 / 30)
        if game.job is not None:
            assert game.job.thread.name == "bot-seat-1"
            assert game.job.thread is not threading.current_thread()
    assert len(game.match.log) >= 2


def test_a_bot_seat_spec_round_trips_through_a_save(app, tmp_path):
    from riotsim.core import registry

    setup = GameSetup((PlayerSpec("Rosa"), PlayerSpec("Dez", bot="normal")), 5, {}, "short_track")
    match = Match(registry.get("uitoy"), setup, game_id="uitoy")
    path = tmp_path / "save.json"
    match.save(path)
    again = Match.load(path)
    assert again.setup.players[1].bot == "normal"
    scene = GameScene(app, again)
    app.stack.push(scene)
    assert scene.player_label(1) == "Dez (Normal bot)"


def test_a_level_bots_move_animates_like_a_humans(app, monkeypatch):
    """An Easy bot playing Quodd solo: its tumble runs as the same cube animation a human's
    click gets, and its next move waits for the animation to end."""
    pytest.importorskip("riotsim.games.quodd")
    from riotsim.core import registry
    from riotsim.ui.scenes.game import start_match
    from riotsim.ui.views.quodd import HeroMove

    monkeypatch.setattr(game_scene, "BOT_BUDGET_S", 0.2)
    app.settings.bot_speed = "fast"
    setup = GameSetup((PlayerSpec("Rosa", bot="easy"),), 3, scenario="solo_rally")
    game = start_match(app, Match(registry.get("quodd"), setup, game_id="quodd"))
    view = game.view
    move = None
    start = time.perf_counter()
    while move is None and time.perf_counter() - start < 40:
        frames(app, 1, dt=0.05)
        game.wait_for_bots(5)
        move = next((a for a in view.anims.active if isinstance(a, HeroMove)), None)
    assert move is not None, "the bot never moved its hero"
    played = len(game.match.log)
    while view.animating():
        game.wait_for_bots(5)
        frames(app, 1, dt=1 / 60)
        assert len(game.match.log) == played or not view.animating()


@pytest.mark.parametrize(
    "value", ['"warp"', '"FAST"', "3", "null", "true", '["fast"]', '{"fast": 1}', '""']
)
def test_a_hostile_bot_speed_gets_the_default_and_is_named(tmp_path, value):
    path = tmp_path / "settings.json"
    path.write_text('{"bot_speed": ' + value + ', "sound": false}', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded.bot_speed == "normal" and problem is not None and "bot_speed" in problem
    assert loaded.sound is False  # the other fields still read
    assert loaded.bot_pace() == (1.0, 1.0)
