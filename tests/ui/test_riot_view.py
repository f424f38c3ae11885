"""RIOT play screens: drawn from the map, board picking, hand-off hiding, a full hot-seat game."""

from __future__ import annotations

import pygame
from ui_helpers import frames

from riotsim.core import registry
from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.core.rng import Rng
from riotsim.ui.scenes.game import start_match
from riotsim.ui.views.riot import RiotPMView, RiotView


def start(app, game: str, players: int = 2, seed: int = 3):
    names = ("Rosa", "Dez", "Kim", "Noor")
    setup = GameSetup(tuple(PlayerSpec(names[i]) for i in range(players)), seed=seed)
    match = Match(registry.get(game), setup, game_id=game)
    scene = start_match(app, match)
    frames(app, 1)
    return scene


def reveal(app, scene) -> None:
    if scene.covered:
        scene.reveal()
    frames(app, 1)


def test_riot_view_is_used_and_draws_the_board(app):
    scene = start(app, "riot", 3)
    assert isinstance(scene.view, RiotView)
    reveal(app, scene)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    view = scene.view
    # the HQ polygon is drawn in its colour at its centre
    cx, cy = (round(v) for v in view.centre("hq"))
    assert surface.get_at((cx, cy - 30))[:3] == (40, 62, 110)


def test_first_round_placement_by_clicks(app):
    scene = start(app, "riot", 2)
    reveal(app, scene)
    view = scene.view
    scene.draw(pygame.Surface(app.screen.get_size()))
    target = view.centre("nw_b1")
    view.click((round(target[0]), round(target[1]) - 14))
    assert scene.match.log[-1] == Action.make("place", at="nw_b1")


def test_hand_is_hidden_on_handoff(app):
    scene = start(app, "riot", 2)
    match = scene.match
    rng = Rng(4)
    # play until the protester owns a card and the Police must decide
    while not (match.state.hands[1] and match.to_move() == 0):
        match.apply(rng.choice(match.legal_actions()))
        scene.invalidate()
        frames(app, 1)
    scene.update_seats()
    assert scene.viewer_seat in (0, None)
    assert scene.view.hand_labels(scene.view.shown(), 1) in ([], [])  # never the other's cards
    shown = scene.view.shown()
    assert all(c == "?" for c in shown.hands[1])


def test_move_by_selecting_a_unit_then_a_space(app):
    scene = start(app, "riot", 2)
    match = scene.match
    for b in ("nw_b1", "n_b1", "ne_b1", "sw_b1"):
        match.apply(Action.make("place", at=b))
    match.apply(Action.make("buy", unit="officer", at="hq"))
    match.apply(Action.make("end_purchase"))
    scene.invalidate()
    reveal(app, scene)
    view = scene.view
    scene.draw(pygame.Surface(app.screen.get_size()))
    officer = next(u for u in match.state.units.values() if u.seat == 0)
    rect = next(r for r, ids in view.tokens if officer.id in ids)
    view.click(rect.center)
    assert view.selected == officer.id
    scene.draw(pygame.Surface(app.screen.get_size()))
    c = view.centre("n_street")
    view.click((round(c[0]), round(c[1]) + 30))
    assert match.log[-1] == Action.make("move", unit=officer.id, to="n_street")


def _play_through(app, game: str, players: int, seed: int, limit: int = 4000, scene=None):
    scene = scene or start(app, game, players, seed)
    rng = Rng(seed)
    for _ in range(limit):
        if scene.match.outcome().finished:
            break
        reveal(app, scene)
        legal = scene.view.legal()
        assert legal, "the view offers no action to the player who must decide"
        assert scene.submit(rng.choice(legal))
        scene.view.fast_forward()
    frames(app, 3)
    assert scene.match.outcome().finished
    top = app.stack.scenes[-1]
    assert type(top).__name__ == "SummaryScene"


def test_pm_view_tracks_animate(app):
    scene = start(app, "riot-pm", 2, 2)
    assert isinstance(scene.view, RiotPMView)
    reveal(app, scene)
    scene.match.state.tracks["politics"] = 3
    for _ in range(30):
        scene.view.update(1 / 30)
    assert abs(scene.view.marker["politics"] - 3) < 0.1
    scene.draw(pygame.Surface(app.screen.get_size()))


def test_menu_setup_to_summary_for_both_rule_sets(app):
    """From the menu's game list through the setup screen's Start to the summary screen."""
    from riotsim.ui.scenes.game import GameScene
    from riotsim.ui.scenes.setup import SetupScene

    assert {"riot", "riot-pm"} <= set(registry.playable())
    for game in ("riot", "riot-pm"):
        app.open_menu()
        setup = SetupScene(app, game)
        app.push(setup)
        frames(app, 1)
        setup.click(setup.start_button.rect.center)
        scene = app.stack.top
        assert isinstance(scene, GameScene)
        frames(app, 1)
        assert isinstance(scene.view, RiotView if game == "riot" else RiotPMView)
        _play_through(app, game, 2, 9, scene=scene)


def _start_at(app, game: str, state):
    ruleset = registry.get(game)
    n = state.seats
    setup = GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(n)), seed=1)
    match = Match(ruleset, setup, game_id=game, start=ruleset.to_position(state))
    scene = start_match(app, match)
    frames(app, 1)
    reveal(app, scene)
    return scene


def test_obstruct_prompt_goes_to_the_streets_owner(app):
    """The obstruct prompt appears for the seat whose units stand in the street."""
    from tests.riot.helpers import position

    state = position(
        2, units=[(1, "activist", "nw_street"), (0, "officer", "nw_street")], active=1, phase="move"
    )
    scene = _start_at(app, "riot", state)
    scene.match.apply(Action.make("move", unit=1, to="nw_b2"))
    scene.invalidate()
    scene.update_seats()
    reveal(app, scene)
    assert scene.viewer_seat == 0
    scene.draw(pygame.Surface(app.screen.get_size()))
    labels = [b.label for b in scene.view.buttons]
    assert labels == ["Obstruct", "Let them pass"]
    assert "obstruct" in scene.view.prompt().lower()
    scene.view.click(scene.view.buttons[0].rect.center)
    assert scene.match.log[-1] == Action.make("obstruct")


def test_clash_dialog_shows_totals(app):
    """The clash dialog lists both sides with their running Force totals."""
    from tests.riot.helpers import position

    state = position(
        3,
        units=[(1, "activist", "nw_street"), (2, "black_bloc", "nw_street")],
        active=1,
        phase="clash",
    )
    scene = _start_at(app, "riot", state)
    for text in ("attack target=nw_street seat=2", "commit unit=1", "confirm"):
        scene.match.apply(Action.parse(text))
    scene.invalidate()
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((0, 0, 0))
    scene.draw(surface)
    cl = scene.match.state.clash
    assert cl is not None and scene.match.ruleset.totals(scene.match.state) == (1, 3)
    # the dialog's accent border sits over the bottom of the board
    view = scene.view
    y = view.board_rect.bottom - 7
    row = [surface.get_at((x, y))[:3] for x in range(view.board_rect.left, view.board_rect.right)]
    from riotsim.ui import theme as T

    assert T.ACCENT in row


def test_finished_clash_is_played_back_with_totals_and_losses(app):
    """The clash dialog walks through the count and the losses after the clash resolved:
    totals from the rules, the loser struck out, the winner named."""
    from riotsim.ui.views.riot_clash import OUT, ClashReplay
    from tests.riot.helpers import position

    state = position(
        2,
        units=[(0, "swat", "nw_street"), (1, "activist", "nw_street"), (1, "activist", "n_b1")],
        active=0,
        phase="clash",
    )
    scene = _start_at(app, "riot", state)
    for text in ("attack target=nw_street seat=1", "commit unit=1", "confirm", "press_on"):
        assert scene.apply(Action.parse(text))
    queued = [a for step in scene.view.anims.steps for a in step if isinstance(a, ClashReplay)]
    assert len(queued) == 1
    pic = queued[0].pic
    assert [s.total for s in pic.sides] == [3, 1]
    assert pic.sides[1].units[0].status == OUT
    assert pic.result.startswith("Police win")
    surface = pygame.Surface(app.screen.get_size())
    while scene.view.anims.find(ClashReplay) is None:  # the loser's flash first
        scene.view.update(0.1)
    scene.view.update(1.5)  # past the count: the losses are struck out
    scene.draw(surface)
    scene.view.fast_forward()
    assert not scene.view.animating()


def test_a_bought_card_is_named_only_in_its_owners_log(app):
    """Hidden hands: the log line naming a bought card shows for its buyer only."""
    from tests.riot.helpers import position

    state = position(
        2, units=[(1, "activist", "nw_b1")], active=1, phase="purchase", credits=[0, 3]
    )
    scene = _start_at(app, "riot", state)
    card = scene.match.state.decks[1][0]
    label = scene.match.ruleset.content.cards[card].label
    scene.apply(Action.parse("buy_card"))
    view = scene.view
    scene.viewer_seat = 1
    owner = view.recent()
    scene.viewer_seat = 0
    others = view.recent()
    scene.viewer_seat = None
    nobody = view.recent()
    assert any(label in t for t in owner)
    assert not any(label in t for t in others + nobody)
    assert any("buys a card for 1 credit" in t and "credits" not in t for t in others)
