"""Keyboard play shared by every game view: a focus ring over what a click can touch.

A view lists its focus groups (``GameView.focus_groups``): board cells, pieces, hand cards,
its buttons, seat panels. Arrows move within a group (to the target lying that way on the
screen, so on a board to the neighbour cell in that direction), Tab and Shift+Tab move
between groups, Enter or Space act on the focused target exactly as a click on it would
(the view's click handler runs, so the rules and their refusal reasons are the same).
Escape is left to the view (it backs out of a pick) and then to the game's menu.

The ring is drawn with a thick two-tone outline and corner brackets, so it shows on any
board or card without relying on colour.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from riotsim.ui import theme as T

Point = tuple[float, float]
ARROW_DIRECTIONS: dict[str, Point] = {
    "left": (-1.0, 0.0),
    "right": (1.0, 0.0),
    "up": (0.0, -1.0),
    "down": (0.0, 1.0),
}
ACT_KEYS = ("return", "space")
GROUP_KEYS = ("tab", "shift+tab")
FOCUS_KEYS = ACT_KEYS + GROUP_KEYS + tuple(ARROW_DIRECTIONS)
_MIN_COS = 0.3  # a target more than about 70 degrees off the arrow is not "that way"


@dataclass
class Target:
    """One focusable thing: ``key`` names it across frames, ``shape`` (a rect or a polygon)
    is where the ring goes, ``point`` where the click lands (default: the shape's centre);
    ``act`` replaces the click where the thing is not clicked through the view (the game
    screen's bar); ``on_focus`` runs when the ring arrives on it; ``aim`` finds the click's
    point only when it is pressed (where finding it costs)."""

    key: Hashable
    shape: Any
    point: Point | None = None
    act: Callable[[], Any] | None = None
    on_focus: Callable[[], Any] | None = None
    aim: Callable[[], Point] | None = None

    def centre(self) -> Point:
        if self.point is not None:
            return self.point
        return shape_centre(self.shape)

    def click_point(self) -> Point:
        return self.aim() if self.aim is not None else self.centre()


@dataclass
class Group:
    """Targets moved between with the arrows (a view with its own board cursor, as Riot
    Quest's hex cursor, takes the arrows before the ring and then moves the ring itself)."""

    name: str
    targets: list[Target] = field(default_factory=list)

    def find(self, key: Hashable) -> Target | None:
        return next((t for t in self.targets if t.key == key), None)


def shape_centre(shape: Any) -> Point:
    if isinstance(shape, pygame.Rect):
        return (float(shape.centerx), float(shape.centery))
    xs = [p[0] for p in shape]
    ys = [p[1] for p in shape]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def shape_box(shape: Any) -> pygame.Rect:
    if isinstance(shape, pygame.Rect):
        return pygame.Rect(shape)
    xs = [p[0] for p in shape]
    ys = [p[1] for p in shape]
    left, top = int(min(xs)), int(min(ys))
    return pygame.Rect(left, top, int(max(xs)) - left + 1, int(max(ys)) - top + 1)


def neighbour(targets: Sequence[Target], start: Target, direction: Point) -> Target | None:
    """The target lying most nearly ``direction`` from ``start``, nearer ones first."""
    x0, y0 = start.centre()
    best: Target | None = None
    best_score = float("inf")
    for t in targets:
        if t is start:
            continue
        x, y = t.centre()
        dx, dy = x - x0, y - y0
        length = (dx * dx + dy * dy) ** 0.5
        if length < 1e-6:
            continue
        cos = (dx * direction[0] + dy * direction[1]) / length
        if cos < _MIN_COS:
            continue
        score = length / (cos * cos)  # a step off the line counts as a longer one
        if score < best_score:
            best, best_score = t, score
    return best


def arrow_step(group: Group, target: Target, direction: Point) -> Target | None:
    """Where an arrow goes from ``target``: the neighbour that way, or else (a row or a list)
    the next target in order (right and down) or the one before (left and up)."""
    found = neighbour(group.targets, target, direction)
    if found is None:
        i = group.targets.index(target)
        forward = direction[0] > 0 or direction[1] > 0
        j = i + (1 if forward else -1)
        if 0 <= j < len(group.targets):
            found = group.targets[j]
    return found


class KeyFocus:
    """Which group and target hold the focus, kept by key while the targets are rebuilt
    every frame; ``shown`` is False until a focus key is pressed (and after a mouse click)."""

    def __init__(self) -> None:
        self.group: str | None = None
        self.key: Hashable | None = None
        self.point: Point | None = None  # where the focused target was (to land near it)
        self.shown = False

    def hide(self) -> None:
        self.shown = False

    def resolve(self, groups: Sequence[Group]) -> tuple[Group, Target] | None:
        """The focused group and target now (a vanished target hands the focus to the
        nearest one of its group; a vanished group to the first group)."""
        live = [g for g in groups if g.targets]
        if not live:
            return None
        group = next((g for g in live if g.name == self.group), None)
        if group is None:
            group = live[0]
        target = group.find(self.key) if group.name == self.group else None
        if target is None:
            target = self._nearest(group)
        self._set(group, target)
        return group, target

    def _nearest(self, group: Group) -> Target:
        if self.point is None:
            return group.targets[0]
        x0, y0 = self.point

        def distance(t: Target) -> float:
            x, y = t.centre()
            return (x - x0) ** 2 + (y - y0) ** 2

        return min(group.targets, key=distance)

    def _set(self, group: Group, target: Target) -> None:
        self.group, self.key, self.point = group.name, target.key, target.centre()

    def focus(self, group: Group, target: Target) -> None:
        """Put the ring on ``target`` (its ``on_focus`` runs when it is a new one)."""
        moved = not self.shown or (group.name, target.key) != (self.group, self.key)
        self._set(group, target)
        self.shown = True
        if moved and target.on_focus is not None:
            target.on_focus()

    def handle(self, name: str, groups: Sequence[Group], click: Callable[..., Any]) -> bool:
        """A key press: True when it moved the focus or acted. The first focus key only
        shows the ring where it is."""
        if name not in FOCUS_KEYS:
            return False
        current = self.resolve(groups)
        if current is None:
            return False
        group, target = current
        if name in ACT_KEYS:
            if not self.shown:
                return False  # (the view's own Enter/Space: its main button)
            if target.act is not None:
                target.act()
            else:
                x, y = target.click_point()
                click((round(x), round(y)))
            return True
        if name in GROUP_KEYS:
            self._next_group(groups, group, 1 if name == "tab" else -1)
            return True
        if not self.shown:
            self.focus(group, target)
            return True
        return self._arrow(group, target, ARROW_DIRECTIONS[name])

    def _next_group(self, groups: Sequence[Group], group: Group, step: int) -> None:
        live = [g for g in groups if g.targets]
        if not self.shown and step > 0:
            step = 0  # the first Tab shows the ring on the first group
            group = live[0]
        i = next(i for i, g in enumerate(live) if g.name == group.name)
        new = live[(i + step) % len(live)]
        self.point = None  # a group entered afresh starts at its first target
        self.focus(new, new.targets[0])

    def _arrow(self, group: Group, target: Target, direction: Point) -> bool:
        found = arrow_step(group, target, direction)
        if found is not None:
            self.focus(group, found)
        return True

    def draw(self, surface: pygame.Surface, theme: Any, groups: Sequence[Group]) -> None:
        """The ring on the focused target (nothing until a focus key was pressed)."""
        if not self.shown:
            return
        current = self.resolve(groups)
        if current is not None:
            draw_ring(surface, theme, current[1].shape)


def draw_ring(surface: pygame.Surface, theme: Any, shape: Any) -> None:
    """A thick outline, dark under light so it reads on any colour, and corner brackets
    outside the box so the shape alone says where the focus is."""
    dark, light = (0, 0, 0), T.TEXT
    wide, thin = max(4, theme.px(6)), max(2, theme.px(3))
    if isinstance(shape, pygame.Rect):
        box = shape.inflate(thin * 2, thin * 2)
        pygame.draw.rect(surface, dark, box, wide, border_radius=theme.px(6))
        pygame.draw.rect(surface, light, box, thin, border_radius=theme.px(6))
    else:
        points = [(round(x), round(y)) for x, y in shape]
        pygame.draw.lines(surface, dark, True, points, wide)
        pygame.draw.lines(surface, light, True, points, thin)
        box = shape_box(shape)
    _corner_brackets(surface, box.inflate(wide * 2, wide * 2), theme, dark, light)


def _corner_brackets(surface, box: pygame.Rect, theme: Any, dark, light) -> None:
    arm = max(6, min(theme.px(12), box.w // 3, box.h // 3))
    w = max(2, theme.px(3))
    corners = (
        (box.topleft, (1, 1)),
        (box.topright, (-1, 1)),
        (box.bottomleft, (1, -1)),
        (box.bottomright, (-1, -1)),
    )
    for (x, y), (sx, sy) in corners:
        for colour, width in ((dark, w + 2), (light, w)):
            pygame.draw.line(surface, colour, (x, y), (x + sx * arm, y), width)
            pygame.draw.line(surface, colour, (x, y), (x, y + sy * arm), width)
