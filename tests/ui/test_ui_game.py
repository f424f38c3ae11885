"""The in-game scene: hand-off between human seats, bots, undo, summary, overlays."""

from __future__ import annotations

import pytest
from ui_helpers import button, frames, start_toy

from riotsim.core.contract import Action
from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.overlays import TextOverlay
from riotsim.ui.scenes.pause import PauseScene
from riotsim.ui.scenes.reference import ReferenceScene
from riotsim.ui.scenes.summary import SummaryScene
from riotsim.ui.views import GenericView
from riotsim.ui.widgets.dialog import Dialog


def shown_text(game: GameScene) -> str:
    """Everything the generic view would print about the table and the actions."""
    view = game.view
    view._refresh()
    blocks = " | ".join(text for _, text in view.summary.blocks)
    return blocks + " || " + " | ".join(b.label for b in view.action_buttons)


def test_hand_off_covers_private_information_until_space(app):
    game = start_toy(app)
    assert game.covered and game.viewer_seat is None
    frames(app, 2)
    text = shown_text(game)
    assert "[1, 2, 3]" not in text and "Play a" not in text
    assert "hidden" in text.lower()
    # input other than Space does nothing while covered
    assert game.submit(Action.make("roll")) is False
    assert game.match.log == []
    game.key("space")
    assert not game.covered and game.viewer_seat == 0
    text = shown_text(game)
    assert "[1, 2, 3]" in text  # Rosa's own hand
    assert "[0, 0, 0]" in text  # Dez's hand, face down
    assert "Play a 1-step card" in text


def test_hand_off_appears_when_the_turn_passes_to_another_human(app):
    game = start_toy(app)
    game.key("space")
    assert game.submit(Action.make("play", card=1))
    assert game.to_move() == 1
    assert game.covered and game.viewer_seat is None
    frames(app, 1)
    assert game.view.recent == []  # what happened stays covered too
    game.key("l")
    assert app.stack.top is game  # no log before the hand-off
    game.key("space")
    assert game.viewer_seat == 1
    text = shown_text(game)
    assert "[0, 0]" in text  # Rosa's remaining two cards are hidden from Dez
    assert game.view.recent


def test_no_hand_off_without_hidden_information(app):
    game = start_toy(app, game="uitoy-open")
    assert not game.covered and game.viewer_seat == 0
    game.submit(Action.make("play", card=2))
    assert not game.covered and game.viewer_seat == 1


def test_no_hand_off_with_a_single_human(app):
    game = start_toy(app, bots=(None, "random"))
    assert not game.covered and game.viewer_seat == 0
    game.submit(Action.make("play", card=2))
    assert not game.covered and game.viewer_seat == 0  # the bot's turn hides nothing


def test_a_bot_seat_plays_on_its_own(app):
    game = start_toy(app, bots=(None, "random"))
    game.submit(Action.make("play", card=1))
    assert game.to_move() == 1
    for _ in range(200):
        frames(app, 1, dt=0.05)
        game.wait_for_bots(5)
        if game.to_move() == 0:
            break
    assert len(game.match.log) == 2
    assert game.match.to_move() == 0


def test_human_input_is_refused_while_a_bot_decides(app):
    game = start_toy(app, bots=(None, "random"))
    game.submit(Action.make("play", card=1))
    assert game.submit(Action.make("roll")) is False
    assert "not your turn" in game.notices[-1][0].lower()


def test_all_bot_game_reaches_the_summary(app):
    game = start_toy(app, bots=("random", "greedy"), length=6)
    for _ in range(600):
        frames(app, 1, dt=0.1)
        game.wait_for_bots(5)
        game.view.fast_forward()
        if isinstance(app.stack.top, SummaryScene):
            break
    summary = app.stack.top
    assert isinstance(summary, SummaryScene)
    assert summary.outcome.finished
    winner = game.player_name(summary.outcome.winners[0])
    assert summary._headline() == f"{winner} wins!"
    frames(app, 1)
    summary.rematch()
    again = app.stack.top
    assert isinstance(again, GameScene) and again.match.log == []
    assert again.match.setup.players == game.match.setup.players


def test_summary_save_replay_and_back_to_menu(app):
    game = start_toy(app, game="uitoy-open", length=6)
    while not game.match.outcome().finished:
        game.submit(Action.make("roll"))
        game.view.fast_forward()
    frames(app, 2)
    summary = app.stack.top
    assert isinstance(summary, SummaryScene)
    summary.save_replay()
    assert isinstance(app.stack.top, Dialog) and "Saved as" in app.stack.top.message
    app.stack.top.key("return")
    button(summary, "Back to menu").activate()
    from riotsim.ui.scenes.menu import MenuScene

    assert isinstance(app.stack.top, MenuScene)


def test_illegal_action_shows_the_rules_reason(app):
    game = start_toy(app, game="uitoy-open")
    assert game.submit(Action.make("play", card=7)) is False
    assert "you do not hold that card" in game.notices[-1][0]
    assert game.match.log == []


def test_undo_takes_back_a_move_without_revealed_information(app):
    game = start_toy(app, game="uitoy-open", bots=(None, "random"))
    game.submit(Action.make("play", card=3))
    # the bot answers, then undo goes back past the bot's move to the human's decision
    for _ in range(100):
        frames(app, 1, dt=0.05)
        game.wait_for_bots(5)
        if game.to_move() == 0:
            break
    last_bot = game.match.log[-1]
    if last_bot.kind == "roll":
        assert not game.match.can_undo()
        game.key("ctrl+z")
        assert "Cannot undo" in game.notices[-1][0]
    else:
        game.key("ctrl+z")
        assert game.match.log == []
        assert game.to_move() == 0


def test_input_while_animating_fast_forwards(app):
    game = start_toy(app, game="uitoy-open")
    game.submit(Action.make("roll"))
    assert game.view.animating()
    game.click((5, 700))
    assert not game.view.animating()


def test_a_failing_game_view_falls_back_to_the_generic_view(app):
    class BrokenView(GenericView):
        def draw(self, surface):
            raise RuntimeError("board art missing")

    # issue 10: one failed draw no longer costs the board; only one failing every frame does
    from riotsim.ui.app import FALLBACK_AFTER

    game = start_toy(app, game="uitoy-open")
    game.view = BrokenView(game)
    game.view.layout(game.view_rect)
    frames(app, 1)
    assert isinstance(game.view, BrokenView)
    assert isinstance(app.stack.top, Dialog)
    assert "board art missing" in app.stack.top.message
    frames(app, FALLBACK_AFTER)
    assert type(game.view) is GenericView
    assert "plain action list" in app.stack.top.message
    while isinstance(app.stack.top, Dialog):
        app.stack.top.key("escape")
    assert app.stack.top is game


def test_log_and_rules_overlays_open_and_close(app):
    game = start_toy(app, game="uitoy-open")
    game.submit(Action.make("roll"))
    game.view.fast_forward()
    game.key("l")
    overlay = app.stack.top
    assert isinstance(overlay, TextOverlay)
    text = " ".join(t for _, t in overlay.panel_widget.blocks)
    assert "Roll the die" in text and "rolled d6" in text
    frames(app, 1)
    overlay.key("escape")
    assert app.stack.top is game
    game.open_reference()
    ref = app.stack.top
    assert isinstance(ref, ReferenceScene) and ref.name == game.ruleset.name
    frames(app, 1)
    ref.key("escape")


def test_pause_menu_saves_and_quits_to_menu(app):
    from riotsim.core.saves import list_saves
    from riotsim.ui.scenes.menu import MenuScene

    game = start_toy(app, game="uitoy-open")
    game.key("escape")
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    frames(app, 1)
    button(pause, "Save").activate()
    prompt = app.stack.top
    frames(app, 1)
    prompt.key("ctrl+backspace")
    prompt.text("Before the final lap")
    prompt.key("return")
    assert [info.name for info in list_saves()] == ["Before the final lap"]
    app.stack.top.key("return")  # close "Game saved"
    button(pause, "Save").activate()
    app.stack.top.key("ctrl+backspace")
    app.stack.top.text("Before the final lap")
    app.stack.top.key("return")  # the same name again: kept apart, not overwritten
    assert sorted(info.name for info in list_saves()) == [
        "Before the final lap",
        "Before the final lap 2",
    ]
    app.stack.top.key("return")
    button(pause, "Quit to menu").activate()
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_game_screen_draws_at_the_size_limits(app, size):
    app.size = size
    app.screen = __import__("pygame").display.set_mode(size)
    app.theme.resize(*size)
    game = start_toy(app)
    frames(app, 2)
    game.key("space")
    frames(app, 2)
    assert game.view.rect.right <= size[0] and game.view.rect.bottom <= size[1]


def test_rules_reference_renders_the_games_markdown(app, monkeypatch, tmp_path):
    from riotsim.ui.scenes import reference

    ref = tmp_path / "reference.md"
    ref.write_text("# Card Sprint\n\nRace to the end.\n\n## Turn\n- roll\n- or play a card\n")
    monkeypatch.setattr(reference, "reference_path", lambda game_id: ref)
    game = start_toy(app, game="uitoy-open")
    game.key("f1")
    overlay = app.stack.top
    assert overlay.content.blocks == [
        ("h1", "Card Sprint"),
        ("p", "Race to the end."),
        ("h2", "Turn"),
        ("li", "roll"),
        ("li", "or play a card"),
    ]
    frames(app, 1)


def test_a_failing_bot_is_reported_and_replaced_by_a_random_one(app):
    game = start_toy(app, game="uitoy-open", bots=(None, "greedy"))

    class Broken:
        def choose(self, ruleset, view_state, legal, budget_s=1.0):
            raise RuntimeError("bot blew up")

    game.bots[1] = Broken()
    game.submit(Action.make("play", card=1))
    for _ in range(50):
        frames(app, 1, dt=0.1)
        game.wait_for_bots(5)
        if isinstance(app.stack.top, Dialog):
            break
    assert "bot blew up" in app.stack.top.message
    app.stack.top.key("escape")
    for _ in range(100):
        frames(app, 1, dt=0.1)
        game.wait_for_bots(5)
        if len(game.match.log) == 2:
            break
    assert len(game.match.log) == 2  # the replacement bot played on


def test_frames_keep_coming_while_a_bot_thinks(app):
    import threading
    import time

    release = threading.Event()

    class Slow:
        def choose(self, ruleset, view_state, legal, budget_s=1.0):
            release.wait(5)
            return legal[0]

    game = start_toy(app, game="uitoy-open", bots=(None, "random"))
    game.bots[1] = Slow()
    game.submit(Action.make("play", card=1))
    game.view.fast_forward()
    started = time.perf_counter()
    frames(app, 10, dt=0.1)
    assert time.perf_counter() - started < 2.0
    assert game.bot_thinking() and len(game.match.log) == 1
    release.set()
    game.wait_for_bots(5)
    frames(app, 2, dt=0.1)
    assert len(game.match.log) == 2


def test_an_unknown_bot_kind_plays_as_random(app):
    game = start_toy(app, game="uitoy-open", bots=(None, "oracle"))
    assert "unknown bot" in game.notices[-1][0]
    game.submit(Action.make("play", card=1))
    for _ in range(50):
        frames(app, 1, dt=0.1)
        game.wait_for_bots(5)
        if len(game.match.log) == 2:
            break
    assert len(game.match.log) == 2


def test_undo_is_off_while_only_bots_have_moved(app):
    game = start_toy(app, "uitoy-open", bots=("random", None))  # the bot moves first
    game.match.apply(Action.make("play", card=1))  # the bot's move, as its thread would play it
    game.after_apply(game.match.history[-1])
    frames(app, 1)
    assert game.match.can_undo()  # the rules would allow it...
    assert not game.undo_button.enabled  # ...but no player's decision is there to take back
    game.undo()
    assert len(game.match.log) == 1
    assert game.submit(Action.make("play", card=2))  # now Dez (human) has moved
    frames(app, 1)
    assert game.undo_button.enabled == game.match.can_undo()


def test_after_the_game_the_board_can_be_seen_and_the_results_come_back(app):
    game = start_toy(app, game="uitoy-open", length=6)
    while not game.match.outcome().finished:
        game.submit(Action.make("roll"))
        game.view.fast_forward()
    frames(app, 2)
    summary = app.stack.top
    assert isinstance(summary, SummaryScene)
    assert summary.focus.current.label == "Rematch"  # Return plays again
    button(summary, "See the board").activate()
    frames(app, 2)
    assert app.stack.top is game  # the final position, with no summary pushed again
    assert game.buttons[0] is game.results_button
    game.key("return")
    assert isinstance(app.stack.top, SummaryScene)
    button(app.stack.top, "See the board").activate()
    frames(app, 1)
    game.results_button.activate()
    assert isinstance(app.stack.top, SummaryScene)


def test_game_keys_work_from_the_pause_menu(app):
    from riotsim.ui.scenes.overlays import TextOverlay

    game = start_toy(app, game="uitoy-open")
    game.pause()
    assert isinstance(app.stack.top, PauseScene)
    app.stack.top.key("l")
    assert isinstance(app.stack.top, TextOverlay) and app.stack.top.title.startswith("Game log")
    app.stack.top.key("escape")
    game.submit(Action.make("play", card=1))
    game.pause()
    app.stack.top.key("ctrl+z")
    assert app.stack.top is game and game.match.log == []


def test_log_labels_are_written_before_each_move(app, monkeypatch):
    """A label that quotes the state (a price, a position) reads as the player saw it."""
    from ui_toy import SprintRuleset

    from riotsim.ui.scenes.game import open_save
    from riotsim.ui.scenes.overlays import log_blocks

    def describe(self, state, action):
        return f"{action.kind} from {state.pos[state.turn]}"

    monkeypatch.setattr(SprintRuleset, "describe", describe)
    game = start_toy(app, game="uitoy-open")
    game.submit(Action.make("play", card=3))
    game.submit(Action.make("play", card=2))
    game.submit(Action.make("play", card=1))  # Rosa again, now at 3
    heads = [t for k, t in log_blocks(game.match, 0, labels=game.labels) if k == "h2"]
    assert heads == ["1.  Rosa: play from 0", "2.  Dez: play from 0", "3.  Rosa: play from 3"]
    # a loaded game writes them while it replays the save
    path = game.save_as()
    loaded = open_save(app, path)
    assert [t for k, t in log_blocks(loaded.match, 0, labels=loaded.labels) if k == "h2"] == heads


def test_clicking_the_greyed_undo_says_why(app):
    game = start_toy(app, game="uitoy-open")
    game.submit(Action.make("roll"))  # a die roll cannot be taken back
    frames(app, 1)
    assert not game.undo_button.enabled
    game.click(game.undo_button.rect.center)
    assert "Cannot undo" in game.notices[-1][0]


def test_top_bar_is_redrawn_only_when_it_changes(app):
    game = start_toy(app, game="uitoy-open")
    frames(app, 1)
    first = game._bar_cache[1]
    frames(app, 2)
    assert game._bar_cache[1] is first  # same bar: one cached blit
    game.hover(game.buttons[1].rect.center)
    frames(app, 1)
    assert game._bar_cache[1] is not first  # the hovered Log button looks different
    x, y = game.buttons[1].rect.left + 6, game.buttons[1].rect.centery
    from riotsim.ui import theme as T

    assert tuple(app.screen.get_at((x, y)))[:3] == T.BUTTON_HI
    game.submit(Action.make("roll"))
    frames(app, 1)
    assert game._bar_cache[0] == game._bar_key() and game._bar_key()[4] == 1  # Dez's turn


def test_a_bot_that_keeps_choosing_illegal_moves_is_replaced(app):
    class Stubborn:
        def choose(self, ruleset, view, legal, budget):
            return Action.make("play", card=9)  # never in hand

    game = start_toy(app, game="uitoy-open", bots=("random", None))
    game.bots[0] = Stubborn()
    for _ in range(200):
        frames(app, 1, dt=0.2)
        game.wait_for_bots(5)
        if game.match.log:
            break
    assert game.match.log  # the table moved on
    assert not isinstance(game.bots[0], Stubborn)
    assert any("illegal moves" in text for text, _, _ in game.notices)


def test_a_forced_move_is_named_for_a_beat_then_played(app):
    """Issue 14, hot-seat without friction: a human with exactly one legal move sees it named,
    and after a short beat it is played for them."""
    game = start_toy(app, game="uitoy-open", cards=False)  # no cards: rolling is the only move
    assert [str(a) for a in game.match.legal_actions()] == ["roll"]
    frames(app, 3, dt=0.1)
    assert game.match.log == []
    assert any("Only one move" in text for text, _, _ in game.notices)
    frames(app, 12, dt=0.1)
    game.view.fast_forward()
    assert [str(a) for a in game.match.log][:1] == ["roll"]


def test_forced_moves_wait_when_the_setting_is_off(app):
    app.settings.auto_forced = False
    game = start_toy(app, game="uitoy-open", cards=False)
    frames(app, 30, dt=0.1)
    assert game.match.log == []


def test_a_real_choice_is_never_taken_for_the_player(app):
    game = start_toy(app, game="uitoy-open")  # cards in hand: play one or roll
    assert len(game.match.legal_actions()) > 1
    frames(app, 30, dt=0.1)
    assert game.match.log == []


def test_the_log_marks_the_bots_turns(app):
    from riotsim.ui.scenes.overlays import log_blocks

    game = start_toy(app, game="uitoy-open", bots=(None, "random"))
    game.submit(Action.make("roll"))
    for _ in range(100):
        frames(app, 1, dt=0.05)
        game.wait_for_bots(5)
        if len(game.match.log) >= 2:
            break
    headings = [text for style, text in log_blocks(game.match) if style == "h2"]
    names = [p.name for p in game.match.setup.players]
    assert headings[0].startswith(f"1.  {names[0]}: ")
    assert headings[1].startswith(f"2.  {names[1]} (Random bot): ")
