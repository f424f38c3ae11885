"""The lesson engine (riotsim.core.lessons): reading lessons files, the step a learner is on,
the moves a step allows, and check-data's report of a broken file."""

from __future__ import annotations

import pytest
from toy_game import registered

from riotsim.core.contract import Action
from riotsim.core.lessons import lesson_problems, load_lessons
from riotsim.core.problems import ContentError

GOOD = """lessons:
  - id: race
    title: "A first race"
    seed: 2
    opponents: [random]
    steps:
      - hint: "Roll the die."
        expect: "roll"
      - hint: "Anything goes now."
    outro: "Well run."
"""


def test_a_lesson_reads_its_setup_and_steps(tmp_path):
    path = tmp_path / "lessons.yaml"
    path.write_text(GOOD, encoding="utf-8")
    (lesson,) = load_lessons("toy", path)
    setup = lesson.setup()
    assert [p.bot for p in setup.players] == [None, "random"] and setup.seed == 2
    assert lesson.hint(0) == "Roll the die." and lesson.hint(2) == "Well run."
    assert lesson.refusal(0, Action.make("roll")) is None
    assert "Roll the die" in lesson.refusal(0, Action.make("draw"))
    assert lesson.refusal(1, Action.make("draw")) is None  # a step without expect
    assert lesson.refusal(5, Action.make("draw")) is None  # after the last step: free play


def test_a_game_without_a_lessons_file_has_none(tmp_path):
    assert load_lessons("toy", tmp_path / "lessons.yaml") == []


def test_a_malformed_file_names_the_file_and_field(tmp_path):
    path = tmp_path / "lessons.yaml"
    path.write_text("lessons:\n  - id: race\n    title: x\n    steps: []\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_lessons("toy", path)
    text = "\n".join(str(p) for p in err.value.problems)
    assert str(path) in text and "steps" in text


def test_check_data_refuses_an_expected_move_the_game_does_not_have(tmp_path):
    path = tmp_path / "lessons.yaml"
    path.write_text(GOOD.replace('expect: "roll"', 'expect: "fly to=3"'), encoding="utf-8")
    with registered():
        problems = lesson_problems("toy", path)
    assert [p.place for p in problems] == ["lessons[0].steps[0].expect"]
    assert "unknown action 'fly'" in problems[0].message
