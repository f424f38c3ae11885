"""Every shipped lesson plays through: each expected move is legal when its step comes.

A lesson (riotsim.core.lessons) is a seed, random-bot opponents and the learner's moves; the
same seed and moves give the same game, so this replays each one as the app would (bots
seeded as the game screen seeds them, seeing only their view) and fails, naming the lesson and
the step, when a rule change or an edit of the file breaks it.
"""

from __future__ import annotations

import pytest

from riotsim.ai import get_bot, seat_seed
from riotsim.core import registry
from riotsim.core.lessons import LEARNER, Lesson, lesson_problems, load_lessons


def shipped() -> list[Lesson]:
    return [lesson for game in registry.ids() for lesson in load_lessons(game)]


def test_every_lessons_file_passes_check_data():
    assert [str(p) for game in registry.ids() for p in lesson_problems(game)] == []


@pytest.mark.parametrize("lesson", shipped(), ids=lambda lesson: f"{lesson.game}-{lesson.id}")
def test_the_lesson_plays_through(lesson):
    rules = registry.get(lesson.game)
    setup = lesson.setup()
    state = rules.new_state(setup)
    bots = {seat: get_bot("random", seat_seed(setup.seed, seat)) for seat in range(1, setup.seats)}
    moves = 0
    for _ in range(5000):
        seat = rules.to_move(state)
        if seat is None or lesson.step_index(moves) is None:
            break
        legal = rules.legal_actions(state)
        if seat == LEARNER:
            expect = lesson.expected(moves)
            texts = [str(a) for a in legal]
            assert not expect or expect in texts, (
                f"step {moves + 1} ({lesson.hint(moves)!r}) expects {expect!r}; legal: {texts}"
            )
            action = legal[texts.index(expect)] if expect else legal[0]
            moves += 1
        else:
            view = rules.view(state, seat) if rules.hidden_information else state
            action = bots[seat].choose(rules, view, legal, 1.0)
        rules.apply(state, action)
    assert lesson.step_index(moves) is None, f"the game ended at step {moves + 1}"
