"""What just changed on a Quodd board: the square a hero left and the one it reached.

After every move (a bot's as a human's) the view marks them (riotsim.ui.views.marks): pale
where the hero started the action, its seat's colour where it ended, held while the cubes
tumble and then fading. The squares come from the move events' data, so any kind of move
(tumble, jump, slide, spring, current, teleport, respawn) marks the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from riotsim.core.contract import Event
from riotsim.ui.views import marks as M

if TYPE_CHECKING:
    from riotsim.ui.views.quodd import QuoddView

Cell = tuple[int, int]


def _cell(value: object) -> Cell | None:
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) for v in value)
    ):
        return (value[0], value[1])
    return None


def change_marks(
    view: QuoddView, events: list[Event], kinds: tuple[type, ...]
) -> list[M.ChangeMark]:
    """Marks for the heroes ``events`` moved (events of ``kinds`` with ``hero``, ``from``
    and ``to`` squares): each hero's first square left and its last square reached."""
    left: dict[int, Cell] = {}
    reached: dict[int, Cell] = {}
    for e in events:
        if not isinstance(e, kinds):
            continue
        seat, start, end = e.data.get("hero"), _cell(e.data.get("from")), _cell(e.data.get("to"))
        if not isinstance(seat, int) or end is None:
            continue
        if start is not None:
            left.setdefault(seat, start)
        reached[seat] = end
    cells: dict[Cell, tuple[int, int, int]] = {}
    for seat, start in left.items():
        if start != reached.get(seat):
            cells[start] = M.LEFT
    for seat, end in reached.items():
        heroes = view.state.heroes
        owner = heroes[seat].controller if 0 <= seat < len(heroes) else seat  # a buddy's
        cells[end] = tuple(view.host.seat_colour(owner)[:3])  # type: ignore[assignment]

    def outline(cell: Cell) -> Callable[[], list[tuple[float, float]]]:
        def points() -> list[tuple[float, float]]:
            r = view.cell_rect(cell).inflate(-2, -2)
            return [r.topleft, r.topright, r.bottomright, r.bottomleft]

        return points

    return [M.ChangeMark(outline(c), colour) for c, colour in cells.items()]
