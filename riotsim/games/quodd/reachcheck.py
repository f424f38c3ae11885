"""check-map warning: a Quodd objective some skills cannot reach from the start squares.

Every move starts with a natural tumble (one square north, east, south or west), then the
skill on top may act ("A turn", "Skills" in the reference). With printed movement 1 and no
cards, a hero relying on one skill alone moves per turn by a tumble, then optionally:
tumble / slide one square straight (north, east, south or west), diagonal slide one square
diagonally, dash one square in any of the eight directions, or jump over one square in a
straight line (landing on walls too). Walls block all but jumps (from a wall top a hero may
walk along walls), impassable walls block everything and pits swallow the hero. Board
elements that carry heroes (springs, teleporters, currents...) are not counted: the warning
says the design leans on them or on cards. A board whose open squares change in play (switches,
beams, moving platforms) is not judged (a puzzle, not a lopsided design).
"""

from __future__ import annotations

from collections.abc import Iterable

from riotsim.core.problems import Problem, warning
from riotsim.games.quodd.board import IMPASSABLE, PIT, WALL, Board
from riotsim.games.quodd.directions import ALL, DIAGONAL, ORTHOGONAL, Cell, step
from riotsim.i18n import N_, _

SKILLS = ("tumble", "jump", "slide", "diagonal", "dash")
OBJECTIVE_KINDS = {
    "rally": N_("rally marker"),
    "drop_zone": N_("drop zone"),
    "crystal": N_("crystal"),
}
_SKILL_NAMES = {"diagonal": N_("diagonal slide")}


def _enters(codes: dict[Cell, int], dest: Cell, origin: Cell) -> bool:
    code = codes.get(dest)
    if code is None or code & (IMPASSABLE | PIT):
        return False
    return not code & WALL or bool(codes.get(origin, 0) & WALL)


def _tumbles(codes: dict[Cell, int], cell: Cell) -> list[Cell]:
    return [d for d in (step(cell, x) for x in ORTHOGONAL) if _enters(codes, d, cell)]


def _skill_moves(codes: dict[Cell, int], cell: Cell, skill: str) -> list[Cell]:
    if skill in ("tumble", "slide"):
        return _tumbles(codes, cell)
    if skill in ("diagonal", "dash"):
        dirs = DIAGONAL if skill == "diagonal" else ALL
        return [d for d in (step(cell, x) for x in dirs) if _enters(codes, d, cell)]
    out = []
    for direction in ORTHOGONAL:  # jump over one square (the one between must not be a beam)
        over = step(cell, direction)
        land = step(over, direction)
        over_code, land_code = codes.get(over), codes.get(land)
        if over_code is None or over_code & IMPASSABLE or land_code is None:
            continue
        if not land_code & (IMPASSABLE | PIT):
            out.append(land)
    return out


def reachable(board: Board, starts: Iterable[Cell], skill: str | None) -> set[Cell]:
    """The squares a hero reaches from ``starts`` by tumbles and, when given, one skill."""
    codes = board.codes()
    seen: set[Cell] = set(starts)
    todo = list(seen)
    while todo:
        cell = todo.pop()
        for landed in _tumbles(codes, cell):
            after = [landed] + (_skill_moves(codes, landed, skill) if skill else [])
            for dest in after:
                if dest not in seen:
                    seen.add(dest)
                    todo.append(dest)
    return seen


# Elements that change which squares are open during play (switches lower impassable walls,
# beams light and go dark, platforms and sections move): reach on such a board is not judged.
CHANGING_KINDS = frozenset(
    {"switch", "rotate_switch", "rotate_board", "emitter", "reflector", "rotator", "mover"}
)


def changes_in_play(board: Board) -> bool:
    return bool(board.platforms) or not CHANGING_KINDS.isdisjoint(board.kinds_present())


def _unreached(label: str, shown: Cell, missing: list[str | None]) -> str:
    """The warning's words: what cannot reach the objective square, and what alone can."""
    names = [
        _("plain tumbles") if s is None else _("the {skill} skill").format(skill=_skill(s))
        for s in missing
    ]
    only = [s for s in SKILLS if s not in missing]
    if only:
        tail = _(" (only with {skills})").format(skills=", ".join(_skill(s) for s in only))
    else:
        tail = _(" (by no skill at all)")
    return _(
        "{objective} at {cell} cannot be reached from the start squares with {moves} alone{tail}"
    ).format(objective=_(label), cell=shown, moves=_(" or ").join(names), tail=tail)


def _skill(skill: str) -> str:
    from riotsim.games.quodd.refusals import skill_word

    return _(_SKILL_NAMES[skill]) if skill in _SKILL_NAMES else skill_word(skill)


def unreachable_objectives(
    board: Board, starts: list[Cell], path: str, offset: Cell = (0, 0)
) -> list[Problem]:
    """One warning per objective square some skill (or plain tumbles) cannot reach.
    ``offset`` is subtracted from cells in the message (a board drawn inside a scenario)."""
    if not starts or changes_in_play(board):
        return []
    reach = {skill: reachable(board, starts, skill) for skill in (None, *SKILLS)}
    problems = []
    for kind, label in OBJECTIVE_KINDS.items():
        for cell in sorted(board.find(kind)):
            missing = [skill for skill, cells in reach.items() if cell not in cells]
            if not missing:
                continue
            shown = (cell[0] - offset[0], cell[1] - offset[1])
            problems.append(
                warning(
                    path, _("cell {cell}").format(cell=shown), _unreached(label, shown, missing)
                )
            )
    return problems
