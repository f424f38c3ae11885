"""Learn to play: every guided first game riotsim ships, and Quodd Heroes' tutorial chain.

Each row starts a lesson (:mod:`riotsim.core.lessons`): the game with its hint card over the
board. Quodd Heroes teaches through its tutorial scenarios, which the row starts directly.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from riotsim.core import registry
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.lessons import Lesson, load_lessons
from riotsim.core.problems import ContentError
from riotsim.i18n import N_, _, ngettext
from riotsim.ui.scene import register_scene
from riotsim.ui.scenes.common import WidgetScene, heading
from riotsim.ui.scenes.opening import start_lesson, start_match
from riotsim.ui.views.words import tr
from riotsim.ui.widgets import Button, ListView
from riotsim.ui.widgets.listview import Row


@dataclass(frozen=True)
class Tutorial:
    """A game's own tutorial scenario, started as a one-player game."""

    game: str
    scenario: str


def lesson_rows() -> tuple[list[Row], list[str]]:
    """A row per lesson of every playable game, and the problems of lessons files that
    could not be read (shown, never raised: the screen still lists the others)."""
    rows: list[Row] = []
    problems: list[str] = []
    for game in registry.playable():
        ruleset = registry.get(game)
        try:
            lessons = load_lessons(game)
        except ContentError as err:
            problems += [str(p) for p in err.problems]
            continue
        for lesson in lessons:
            steps = len(lesson.spec.steps)
            counted = ngettext("{game}  -  {n} step", "{game}  -  {n} steps", steps)
            rows.append(Row(_(lesson.title), counted.format(game=ruleset.name, n=steps), lesson))
        for scenario in ruleset.scenarios():
            if scenario.startswith("tutorial"):
                title = tr(ruleset.choice_name(scenario))  # a content text
                about = _("{game}  -  tutorial").format(game=ruleset.name)
                rows.append(Row(title, about, Tutorial(game, scenario)))
    return rows, problems


@register_scene("lessons")
class LessonsScene(WidgetScene):
    title = N_("Learn to play")

    def build(self) -> None:
        rows, self.problems = lesson_rows()
        self.list = ListView(rows, on_activate=self._start, empty_text=_("No lessons installed."))
        self.start_button = Button(_("Start"), self.start_selected, primary=True)
        self.back_button = Button(_("Back"), self.back)
        self.widgets = [self.list, self.start_button, self.back_button]

    def enter(self) -> None:
        super().enter()
        self.focus.focus(self.list)
        if self.problems:
            self.app.message(_("Some lessons could not be read"), "\n".join(self.problems[:8]))

    def back(self) -> None:
        self.app.stack.pop(self)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        x, top, bh = theme.px(48), theme.px(130), theme.px(50)
        y = h - theme.px(32) - bh
        self.list.rect = pygame.Rect(x, top, w - 2 * x, h - top - bh - theme.px(64))
        width = min(theme.px(200), (w - 2 * x) // 3)
        self.back_button.rect = pygame.Rect(x, y, width, bh)
        self.start_button.rect = pygame.Rect(w - x - width, y, width, bh)

    def start_selected(self) -> None:
        if self.list.current is not None:
            self._start(self.list.current)

    def _start(self, row: Row) -> None:
        from riotsim.core.match import Match

        value = row.value
        if isinstance(value, Lesson):
            start_lesson(self.app, value)
        elif isinstance(value, Tutorial):
            setup = GameSetup((PlayerSpec("Ada"),), scenario=value.scenario)
            start_match(self.app, Match(registry.get(value.game), setup, game_id=value.game))

    def draw_content(self, surface: pygame.Surface) -> None:
        subtitle = _("A guided first game of each rule set: one hint a move, the real rules")
        heading(surface, self.theme, _("Learn to play"), subtitle)
