"""Guided first games (issue 14, "Teach each game"): the lesson list, the hint card, and a
lesson narrowing the learner's moves to the one its step teaches."""

from __future__ import annotations

import pytest
from ui_helpers import frames

from riotsim.core import lessons
from riotsim.core.contract import Action
from riotsim.ui.scenes.game import GameScene
from riotsim.ui.scenes.lessons import LessonsScene, Tutorial

LESSONS = """lessons:
  - id: first_sprint
    title: "Your first sprint"
    intro: "Race to the end of the track."
    seed: 4
    opponents: [random]
    options: {length: 6}
    steps:
      - hint: "Roll the die: it moves you that many squares."
        expect: "roll"
      - hint: "Now play any card, or roll again."
    outro: "That is the whole game: play it out."
"""


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    path = tmp_path / "lessons.yaml"
    path.write_text(LESSONS, encoding="utf-8")
    real = lessons.lessons_path
    monkeypatch.setattr(
        lessons, "lessons_path", lambda game: path if game == "uitoy-open" else real(game)
    )
    return path


def test_the_list_offers_each_lesson_and_the_quodd_tutorials(app, shipped):
    scene = app.stack.push("lessons")
    frames(app, 1)
    assert isinstance(scene, LessonsScene)
    titles = [row.title for row in scene.list.rows]
    assert "Your first sprint" in titles
    tutorials = [row.value for row in scene.list.rows if isinstance(row.value, Tutorial)]
    assert [t.scenario for t in tutorials if t.game == "quodd"][:1] == ["tutorial_1"]


def test_a_lesson_shows_its_hint_and_refuses_another_move(app, shipped):
    scene = app.stack.push("lessons")
    row = next(r for r in scene.list.rows if r.title == "Your first sprint")
    scene._start(row)
    frames(app, 1)
    app.stack.pop(app.stack.top)  # the intro message
    game = app.stack.top
    assert isinstance(game, GameScene) and game.lesson is not None
    assert game.match.setup.options == {"length": 6}
    assert not game.submit(Action.make("play", card=1))
    assert "Roll the die" in game.notices[-1][0]
    assert game.match.log == []
    assert game.submit(Action.make("roll"))
    game.view.fast_forward()
    frames(app, 2)
    assert game.lesson.hint(1).startswith("Now play any card")


def test_the_lesson_card_is_drawn_inside_the_board(app, shipped):
    import pygame

    from riotsim.ui.scenes.lesson_card import draw_lesson_card

    lesson = lessons.load_lessons("uitoy-open")[0]
    surface = pygame.Surface((1024, 640))
    area = pygame.Rect(0, 60, 1024, 580)
    card = draw_lesson_card(surface, app.theme, area, lesson, 0)
    assert area.contains(card)
    done = draw_lesson_card(surface, app.theme, area, lesson, 5)
    assert area.contains(done)


def test_a_broken_lessons_file_is_reported_and_the_list_still_opens(app, shipped):
    shipped.write_text("lessons:\n  - id: Bad Id\n    title: x\n    steps: []\n", encoding="utf-8")
    scene = app.stack.push("lessons")
    frames(app, 1)
    assert scene.problems and str(shipped) in scene.problems[0]
    assert any(isinstance(r.value, Tutorial) for r in scene.list.rows)


def _shipped_lessons() -> list[lessons.Lesson]:
    from riotsim.core import registry

    return [lesson for game in registry.ids() for lesson in lessons.load_lessons(game)]


@pytest.mark.parametrize("lesson", _shipped_lessons(), ids=lambda x: f"{x.game}-{x.id}")
def test_each_shipped_lesson_starts_from_the_list_with_its_card_on_the_board(
    app, monkeypatch, lesson
):
    """At the smallest supported window (1024x640) the Learn to play row starts the lesson,
    its intro is shown, and the first hint card is drawn inside the board, none of its hints
    longer than the card's six lines."""
    import pygame
    from test_ui_window_sizes import resize

    from riotsim.ui import draw
    from riotsim.ui.scenes import game as game_scene

    resize(app, (1024, 640))
    scene = app.stack.push("lessons")
    frames(app, 1)
    row = next(
        r
        for r in scene.list.rows
        if isinstance(r.value, lessons.Lesson)
        and (r.value.game, r.value.id) == (lesson.game, lesson.id)
    )
    scene._start(row)
    frames(app, 1)
    intro = app.stack.top
    assert not isinstance(intro, GameScene)  # the intro message over the board
    app.stack.pop(intro)
    game = app.stack.top
    assert isinstance(game, GameScene) and game.lesson is not None
    assert (game.lesson.game, game.lesson.id) == (lesson.game, lesson.id)
    cards: list[pygame.Rect] = []
    real = game_scene.draw_lesson_card

    def recording(surface, theme, area, shown, moves):
        cards.append(real(surface, theme, area, shown, moves))
        return cards[-1]

    monkeypatch.setattr(game_scene, "draw_lesson_card", recording)
    frames(app, 2)
    assert cards, "no hint card was drawn"
    card = cards[-1]
    assert app.screen.get_size() == (1024, 640)
    assert game.view_rect.contains(card), (card, game.view_rect)
    font, pad = app.theme.fonts.get(15), app.theme.px(12)  # as lesson_card draws the hint
    for n, step in enumerate(lesson.spec.steps):
        assert len(draw.wrap(step.hint, font, card.w - 2 * pad)) <= 6, f"step {n + 1}"
    for text in (lesson.spec.outro,):
        assert len(draw.wrap(text, font, card.w - 2 * pad)) <= 6, "outro"


def _replayed_moves(lesson: lessons.Lesson) -> list[str]:
    """Every move of the lesson as tests/test_shipped_lessons.py replays it, learner and bots."""
    from riotsim.ai import get_bot, seat_seed
    from riotsim.core import registry

    rules = registry.get(lesson.game)
    setup = lesson.setup()
    state = rules.new_state(setup)
    bots = {seat: get_bot("random", seat_seed(setup.seed, seat)) for seat in range(1, setup.seats)}
    played: list[str] = []
    moves = 0
    while lesson.step_index(moves) is not None and rules.to_move(state) is not None:
        seat = rules.to_move(state)
        legal = rules.legal_actions(state)
        if seat == lessons.LEARNER:
            action = legal[[str(a) for a in legal].index(lesson.expected(moves))]
            moves += 1
        else:
            view = rules.view(state, seat) if rules.hidden_information else state
            action = bots[seat].choose(rules, view, legal, 1.0)
        played.append(str(action))
        rules.apply(state, action)
    return played


@pytest.mark.parametrize("lesson", _shipped_lessons(), ids=lambda x: f"{x.game}-{x.id}")
def test_each_shipped_lesson_plays_through_in_the_game_screen(app, lesson):
    """The app's game screen (its own seeded bots, forced moves played for the learner after
    a beat) gives the same game as the replay that checks the lesson, to its last step."""
    from riotsim.ui.scenes.lesson_card import learner_moves
    from riotsim.ui.scenes.opening import start_lesson

    app.settings.anim_speed = 20.0
    start_lesson(app, lesson)
    frames(app, 1)
    app.stack.pop(app.stack.top)  # the intro message
    game = app.stack.top
    assert isinstance(game, GameScene)
    for _ in range(20000):
        moves = learner_moves(game.match)
        if lesson.step_index(moves) is None or game.outcome().finished:
            break
        legal = game.match.legal_actions()
        if game.to_move() == lessons.LEARNER and len(legal) > 1:
            texts = [str(a) for a in legal]
            assert game.submit(legal[texts.index(lesson.expected(moves))]), game.notices
        game.wait_for_bots()
        frames(app, 1, dt=0.1)
    assert lesson.step_index(learner_moves(game.match)) is None, "the lesson did not finish"
    assert [str(a) for a in game.match.log] == _replayed_moves(lesson)
