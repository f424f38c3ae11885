"""Private events (``Event.private_to``): the log, the recent-events list and event text show
a private event's data only to its seat; others, and the hand-off cover, read only that it
happened."""

from __future__ import annotations

from ui_helpers import frames, start_toy

from riotsim.core.contract import Action, Event
from riotsim.ui.scenes.overlays import TextOverlay, log_blocks
from riotsim.ui.views.base import event_text

NAMES = ["Rosa", "Dez"]


def overlay_text(overlay: TextOverlay) -> str:
    return " | ".join(text for _, text in overlay.panel_widget.blocks)


def drawn_card(game, index: int) -> int:
    """The card a logged draw gave (read straight from the events, as the rules made them)."""
    (event,) = game.match.history[index]
    assert event.kind == "card_drawn" and event.private_to is not None
    return int(event.data["card"])


def test_event_text_hides_private_data_from_other_seats():
    event = Event("card_drawn", {"card": "smoke"}, seat=0, reveals=True, private_to=0)
    assert event_text(event, NAMES, viewer=0) == "Rosa drew a card (card smoke)"
    assert event_text(event, NAMES, viewer=1) == "Rosa drew a card"
    assert event_text(event, NAMES, viewer=None) == "Rosa drew a card"
    assert "smoke" not in event_text(event, NAMES)  # no viewer given: nobody's secrets


def test_unknown_private_kind_names_only_who_and_what():
    event = Event("plan_sealed", {"target": "north"}, seat=None, private_to=1)
    text = event_text(event, NAMES, viewer=0)
    assert text == "Dez plan sealed (hidden)"
    assert "north" not in text
    assert "north" in event_text(event, NAMES, viewer=1)


def test_public_events_read_the_same_for_everyone():
    event = Event("moved", {"seat": 1, "to": 4}, seat=1)
    assert event_text(event, NAMES, 0) == event_text(event, NAMES, None) == "Dez moved (to 4)"


def test_log_shows_a_draw_only_to_the_player_who_drew(app):
    game = start_toy(app, draws=1)
    game.key("space")  # Rosa takes the seat
    assert game.submit(Action.make("draw"))
    card = drawn_card(game, 0)
    assert game.covered  # the turn passed to Dez
    game.key("l")
    assert app.stack.top is game  # no log while the cover is up
    game.key("space")  # Dez takes the seat
    game.key("l")
    overlay = app.stack.top
    assert isinstance(overlay, TextOverlay) and "Dez" in overlay.title
    text = overlay_text(overlay)
    assert "Rosa drew a card" in text
    assert f"card {card}" not in text
    overlay.key("escape")
    # Dez draws too; back on Rosa's turn she sees her own card, not Dez's
    assert game.submit(Action.make("draw"))
    dez_card = drawn_card(game, 1)
    game.key("space")
    blocks = " | ".join(t for _, t in log_blocks(game.match, game.viewer_seat))
    assert f"Rosa drew a card (card {card})" in blocks
    assert "Dez drew a card" in blocks
    assert f"Dez drew a card (card {dez_card})" not in blocks


def test_recent_events_hide_other_seats_draws(app):
    game = start_toy(app, draws=1)
    game.key("space")
    game.submit(Action.make("draw"))
    card = drawn_card(game, 0)
    frames(app, 1)
    assert game.view.recent == []  # covered: nothing of what happened shows
    game.key("space")
    frames(app, 1)
    lines = [text for _, text in game.view.recent]
    assert "Rosa drew a card" in lines
    assert not any(f"card {card}" in line for line in lines)


def test_a_bots_draw_stays_hidden_from_the_human(app):
    game = start_toy(app, bots=(None, "random"), draws=1)
    assert not game.covered and game.viewer_seat == 0
    game.submit(Action.make("roll"))  # Rosa rolls; the bot moves next
    game.match.apply(Action.make("draw"))  # the bot's move, played as its thread would
    game.after_apply(game.match.history[-1])
    card = drawn_card(game, 1)
    game.open_log()
    text = overlay_text(app.stack.top)
    assert "Dez drew a card" in text and f"card {card}" not in text


def test_without_humans_the_log_shows_no_private_data(app):
    game = start_toy(app, bots=("random", "random"), draws=1)
    game.match.apply(Action.make("draw"))
    card = drawn_card(game, 0)
    assert game.viewer_seat is None
    game.open_log()
    overlay = app.stack.top
    assert "the table" in overlay.title
    assert "Rosa drew a card" in overlay_text(overlay)
    assert f"card {card}" not in overlay_text(overlay)


def test_an_action_label_that_could_name_a_secret_is_withheld(app):
    """A label like "Take Shard of Rathrok" would name the hidden card; others read
    "a move with hidden details"."""
    game = start_toy(app, draws=1)
    game.key("space")
    game.submit(Action.make("draw"))
    game.key("space")
    game.submit(Action.make("roll"))
    for_dez = [t for kind, t in log_blocks(game.match, 1) if kind == "h2"]
    for_rosa = [t for kind, t in log_blocks(game.match, 0) if kind == "h2"]
    assert for_dez == ["1.  Rosa: a move with hidden details", "2.  Dez: Roll the die"]
    assert for_rosa == ["1.  Rosa: Draw a card", "2.  Dez: Roll the die"]


def _replay_of(app, game):
    from riotsim.ui.scenes.replay import open_replay

    path = game.save_as()
    app.open_menu()
    return open_replay(app, path)


def test_a_replay_of_an_unfinished_game_keeps_hands_hidden(app):
    """Peeking at the autosave of the hot-seat game on the table must not show a hand."""
    game = start_toy(app, draws=1)
    game.key("space")
    game.submit(Action.make("draw"))
    card = drawn_card(game, 0)
    replay = _replay_of(app, game)
    assert not replay.reveal_all
    replay.key("right")
    assert replay.viewer_seat is None
    frames(app, 1)
    text = " | ".join(t for _, t in replay.view.summary.blocks)
    assert "Private information hidden" in text
    assert replay._last_move_text() == "A move with hidden details"
    replay.open_log()
    log = overlay_text(app.stack.top)
    assert "Rosa drew a card" in log and f"card {card}" not in log


def test_a_replay_of_a_finished_game_shows_everything(app):
    game = start_toy(app, "uitoy-open", length=6, draws=1)
    game.submit(Action.make("draw"))
    card = drawn_card(game, 0)
    while not game.match.outcome().finished:
        game.submit(Action.make("roll"))
    replay = _replay_of(app, game)
    assert replay.reveal_all
    replay.key("right")
    assert replay.viewer_seat == 1  # the seat deciding after the draw
    replay.open_log()
    assert f"Rosa drew a card (card {card})" in overlay_text(app.stack.top)
