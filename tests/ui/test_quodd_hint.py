"""Quodd Heroes' Hint button (issue 16): a suggested turn from riotsim.ai.hint.suggest_turn,
worked out on a worker thread, shown on the board with a caption per step, cleared by any
move, never played for the player."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from ui_helpers import frames

from riotsim.ai import hint as ai_hint
from riotsim.ai.planner import Plan
from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.games.quodd import RULESET
from riotsim.ui.scenes.game import start_match
from riotsim.ui.views import quodd_hint
from riotsim.ui.views.quodd import QuoddView


def solo_game(app, scenario: str = "solo_rally", players=None):
    players = players or (PlayerSpec("Rosa"),)
    match = Match(RULESET, GameSetup(players, seed=3, scenario=scenario), game_id="quodd")
    game = start_match(app, match)
    assert isinstance(game.view, QuoddView)
    frames(app, 1)
    return game, match


def to_movement(match: Match) -> None:
    """Start square, keep the skill layout, start moving (as a player would)."""
    x, y = match.state.heroes[0].pos
    for text in (f"choose at=({x},{y})", "choose swap=done", "move"):
        match.apply(Action.parse(text))


def test_solo_hint_thinks_then_shows_the_suggested_turn(app):
    game, match = solo_game(app)
    assert game.hint_button in game.buttons and game.hint_button.enabled
    game.key("h")
    assert game.hint_job is not None and game.hint_button.label == "Thinking..."
    assert game.view.hint_thinking
    game.wait_for_hint(10)
    hint = game.view.current_hint()
    assert hint is not None and hint.steps and game.hint_button.label == "Hide hint"
    # the captions are the rule set's own words for each step, in order
    plan_first = hint.steps[0].caption
    legal = [RULESET.describe(match.state, a) for a in match.legal_actions()]
    assert plan_first in legal
    assert quodd_hint.Hint.captions(hint)[0] == f"1. {plan_first}"
    assert match.log == []  # nothing is played for the player
    game.draw(app.screen)


def test_a_multi_step_hint_draws_the_path_and_captions(app, monkeypatch):
    """A plan of several steps (as the planner gives for a whole movement) is replayed on the
    seat's view: each step's squares, its tumble and its words; the board shows it."""
    game, match = solo_game(app)
    to_movement(match)
    game.invalidate()
    tumbles = [a for a in match.legal_actions() if a.kind == "tumble"]
    assert tumbles
    # a natural tumble, then (planned on from there) the skill's longest reach
    after = RULESET.copy(match.state)
    RULESET.apply(after, tumbles[0])
    plan_actions = [tumbles[0]]
    legal_after = [a for a in RULESET.legal_actions(after) if a.kind in ("step", "roll", "jump")]
    if legal_after:
        plan_actions.append(legal_after[0])
    plan = Plan(plan_actions, 1.0, True, 1)
    monkeypatch.setattr(ai_hint, "suggest_turn", lambda *a, **k: plan)
    before = pygame.Surface(app.screen.get_size())
    game.draw(before)
    game.toggle_hint()
    game.wait_for_hint(5)
    hint = game.view.current_hint()
    assert hint is not None and len(hint.steps) == len(plan_actions)
    first = hint.steps[0]
    assert first.tumble == str(tumbles[0]["dir"]) and first.start == match.state.heroes[0].pos
    assert first.end == after.heroes[0].pos != first.start
    assert first.caption == RULESET.describe(match.state, tumbles[0])
    assert hint.steps[-1].start == first.end  # the path goes on from where the tumble left
    shown = pygame.Surface(app.screen.get_size())
    game.draw(shown)
    x, y = (int(v) for v in game.view.centre(first.end))
    centre = (x - int(game.view.cell * 0.3), y + int(game.view.cell * 0.3))  # step 1's mark
    assert shown.get_at(centre) != before.get_at(centre)
    assert match.log[-1] == Action.parse("move")  # still nothing played


def test_any_move_clears_the_hint_and_a_move_while_thinking_cancels_it(app, monkeypatch):
    game, match = solo_game(app)
    game.toggle_hint()
    game.wait_for_hint(10)
    assert game.view.current_hint() is not None
    game.submit(match.legal_actions()[0])
    frames(app, 1)
    assert game.view.current_hint() is None and game.hint_button.label == "Hint"
    # now a slow hint, and a move before it answers
    release = threading.Event()

    def slow(*args, **kwargs):
        release.wait(5)
        return Plan([match.legal_actions()[0]], 0.0, True, 1)

    monkeypatch.setattr(ai_hint, "suggest_turn", slow)
    game.toggle_hint()
    job = game.hint_job
    assert job is not None
    game.submit(match.legal_actions()[0])
    frames(app, 1)
    assert game.hint_job is None
    release.set()
    job.done.wait(5)
    frames(app, 2)
    assert game.view.current_hint() is None  # the late answer was for another table


def test_the_window_keeps_drawing_while_the_hint_thinks(app, monkeypatch):
    game, _match = solo_game(app)
    stop = threading.Event()

    def busy(*args, **kwargs):  # pure Python work, as the planner does
        deadline = time.perf_counter() + 5
        while not stop.is_set() and time.perf_counter() < deadline:
            sum(i * i for i in range(200))
        return Plan()

    monkeypatch.setattr(ai_hint, "suggest_turn", busy)
    game.toggle_hint()
    start, drawn = time.perf_counter(), 0
    while time.perf_counter() - start < 0.5:
        app.tick(1 / 30)
        drawn += 1
    assert game.hint_job is not None and drawn >= 8
    game.toggle_hint()  # pressing it again while it thinks cancels it
    assert game.hint_job is None and not game.view.hint_thinking
    stop.set()


def test_no_hint_with_another_human_at_the_table(app):
    players = (PlayerSpec("Rosa"), PlayerSpec("Kim"))
    game, _match = solo_game(app, "ffa_race", players)
    if game.covered:
        game.reveal()
    frames(app, 1)
    assert game.hint_refusal() and not game.hint_button.enabled
    game.toggle_hint()
    assert game.hint_job is None and "solo" in game.notices[-1][0]


def test_a_human_among_bots_may_ask_for_a_hint(app):
    players = (PlayerSpec("Rosa"), PlayerSpec("Ugo", bot="easy"))
    game, match = solo_game(app, "ffa_race", players)
    for _ in range(200):
        frames(app, 1, dt=0.1)
        game.wait_for_bots(5)
        if match.to_move() == 0 and not game.bot_thinking():
            break
    frames(app, 1)
    assert match.to_move() == 0 and game.hint_refusal() == ""
    assert game.hint_button.enabled


@pytest.mark.parametrize("size", [(1024, 640), (2560, 1440)])
def test_the_hint_caption_fits_the_board(app, size):
    game, _match = solo_game(app)
    game.layout(*size)
    game.toggle_hint()
    game.wait_for_hint(10)
    surface = pygame.Surface(size)
    game.draw(surface)
    assert game.view.current_hint() is not None


def test_undo_clears_the_hint_even_when_the_log_grows_back(app):
    game, match = solo_game(app)
    game.submit(match.legal_actions()[0])  # the start square
    frames(app, 1)
    game.toggle_hint()
    game.wait_for_hint(10)
    assert game.view.current_hint() is not None
    length = len(match.log)
    game.undo()
    game.submit(match.legal_actions()[-1])
    frames(app, 1)
    assert len(match.log) == length and game.view.current_hint() is None


def test_a_plan_cut_by_chance_says_to_ask_again(app, monkeypatch):
    """The planner stops where a roll or draw is revealed (Plan.complete False): the caption
    says the rest depends on it."""
    game, match = solo_game(app)
    first = match.legal_actions()[0]
    monkeypatch.setattr(ai_hint, "suggest_turn", lambda *a, **k: Plan([first], 0.0, False, 1))
    game.toggle_hint()
    game.wait_for_hint(5)
    captions = game.view.current_hint().captions()
    assert captions[0] == f"1. {RULESET.describe(match.state, first)}"
    assert "roll or draw" in captions[-1]
