"""Guided first games: a lesson walks a new player through a real game, one hint a move.

A game's lessons live in ``data/<game>/lessons.yaml``::

    lessons:
      - id: first_game
        title: "Your first Riot Quest"
        intro: "You lead a crew of four heroes..."
        seed: 3                      # with the bots' seeds, this makes every roll the same
        opponents: [random]          # one bot per other seat
        options: {}
        steps:
          - hint: "Choose the Thunderhead Fortress arena."
            expect: "arena id=thunderhead"    # the learner's move, as its action text
          - hint: "..."                       # a step without expect takes any move
        outro: "You know the round now: play on, or start a game of your own."

The learner is seat 0. Step ``n`` is shown while the learner has made ``n`` moves; a move
other than the step's ``expect`` is refused with the hint (the rules are the game's own: the
lesson only narrows them). Because the seed and the bots are fixed, the same moves give the
same game every time: ``tests/test_lessons.py`` plays every shipped lesson through and checks
that each expected move is legal when its step comes, so a rule change that breaks a lesson
fails there. Each lesson introduces a rule when it first matters; the hints are our words.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from riotsim.core.content import load_yaml
from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.core.problems import ContentError, Problem
from riotsim.i18n import _

LEARNER = 0


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StepSpec(_Model):
    hint: str = Field(min_length=1, max_length=400)
    expect: str = ""


def _one_random_bot() -> list[Literal["random"]]:
    return ["random"]


class LessonSpec(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: str = Field(min_length=1, max_length=80)
    intro: str = Field(default="", max_length=800)
    seed: int = 0
    # the random bot only: it plays the same moves for the same seed, whatever the machine's
    # speed (the greedy and mcts bots stop when their time runs out), so the lesson replays
    opponents: list[Literal["random"]] = Field(default_factory=_one_random_bot)
    options: dict[str, Any] = Field(default_factory=dict)
    map: str | None = None
    scenario: str | None = None
    steps: list[StepSpec] = Field(min_length=1, max_length=200)
    outro: str = Field(default="", max_length=800)


class LessonsFile(_Model):
    lessons: list[LessonSpec] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class Lesson:
    """One guided game of ``game`` (see the module docstring)."""

    game: str
    spec: LessonSpec

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def title(self) -> str:
        return self.spec.title

    def setup(self) -> GameSetup:
        # a name, not "You": the log reads "Ada collects 4 credits", never "You collects"
        players = [PlayerSpec("Ada")]
        players += [
            PlayerSpec(f"Bot {i + 1}", bot=bot) for i, bot in enumerate(self.spec.opponents)
        ]
        return GameSetup(
            tuple(players),
            seed=self.spec.seed,
            options=dict(self.spec.options),
            map=self.spec.map,
            scenario=self.spec.scenario,
        )

    def step_index(self, learner_moves: int) -> int | None:
        """The step shown after the learner's ``learner_moves`` moves (None: lesson done)."""
        return learner_moves if learner_moves < len(self.spec.steps) else None

    def hint(self, learner_moves: int) -> str:
        index = self.step_index(learner_moves)
        return self.spec.outro if index is None else self.spec.steps[index].hint

    def expected(self, learner_moves: int) -> str:
        index = self.step_index(learner_moves)
        return "" if index is None else self.spec.steps[index].expect

    def refusal(self, learner_moves: int, action: Action) -> str | None:
        """Why the lesson wants another move than ``action`` now, or None."""
        expect = self.expected(learner_moves)
        if not expect or str(action) == expect:
            return None
        return _("In this lesson, follow the hint: {hint}").format(hint=_(self.hint(learner_moves)))


def lessons_path(game: str) -> Path:
    from riotsim.paths import data_dir

    return data_dir() / game / "lessons.yaml"


def load_lessons(game: str, path: Path | None = None) -> list[Lesson]:
    """The lessons of ``game`` (none when it has no lessons file). Raises ContentError."""
    path = path or lessons_path(game)
    if not path.is_file():
        return []
    doc = load_yaml(path, LessonsFile)
    return [Lesson(game, spec) for spec in doc.lessons]


def lesson_problems(game: str, path: Path | None = None) -> list[Problem]:
    """What ``check-data`` reports about a game's lessons file: its shape, ids unique, every
    expected move an action text of the game (that each is legal in turn is tested by
    playing the lesson, see ``tests/test_lessons.py``)."""
    path = path or lessons_path(game)
    try:
        lessons = load_lessons(game, path)
    except ContentError as err:
        return list(err.problems)
    problems: list[Problem] = []
    seen: set[str] = set()
    from riotsim.core import registry

    rules = registry.get(game)
    for n, lesson in enumerate(lessons):
        where = f"lessons[{n}]"
        if lesson.id in seen:
            problems.append(
                Problem(str(path), f"{where}.id", _("{id} is used twice").format(id=lesson.id))
            )
        seen.add(lesson.id)
        for i, step in enumerate(lesson.spec.steps):
            if step.expect:
                try:
                    rules.parse_action(step.expect)
                except ValueError as err:
                    problems.append(Problem(str(path), f"{where}.steps[{i}].expect", str(err)))
    return problems
