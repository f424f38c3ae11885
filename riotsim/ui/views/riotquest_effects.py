"""What the Riot Quest play screen animates for each kind of event, looked up by its class.

Each effect gets the view, the event and ``where`` (the hexes the heroes stand on as the events
play out, updated as they move) and adds its animations; a kind with no effect plays none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from riotsim.core.contract import Event
from riotsim.core.events import DiceRolled
from riotsim.games.riotquest import events as E
from riotsim.games.riotquest.content import content
from riotsim.i18n import _
from riotsim.ui import theme as T
from riotsim.ui.views import marks as M
from riotsim.ui.views import riotquest_anim as RA
from riotsim.ui.views import riotquest_art as A

if TYPE_CHECKING:
    from riotsim.ui.views.riotquest import RiotQuestView

Cell = tuple[int, int]
Key = tuple[int, str]  # (seat, hero id)
Where = dict[Key, Cell]
Effect = Callable[["RiotQuestView", Any, Where], None]

VP_COLOUR = (204, 121, 167)


def _moved(view: RiotQuestView, e: E.Moved, where: Where) -> None:
    key = (e.player, e.hero)
    cells = [(c[0], c[1]) for c in e.path]
    view.anims.add(RA.HeroGlide(view, key, cells))
    where[key] = cells[-1]


def _placed(view: RiotQuestView, e: E.Placed, where: Where) -> None:
    key = (e.player, e.hero)
    to = (e.to[0], e.to[1])
    start = e.start
    if start:
        view.anims.add(RA.HeroGlide(view, key, [(start[0], start[1]), to], per_step=0.3))
    else:
        view.anims.add(RA.HeroPop(view, key, to))
    where[key] = to


def _spawned(view: RiotQuestView, e: E.Spawned, where: Where) -> None:
    key = (e.player, e.hero)
    cell = (e.cell[0], e.cell[1])
    view.anims.add(RA.HeroPop(view, key, cell))
    where[key] = cell


def _attacked(view: RiotQuestView, e: E.Attacked, where: Where) -> None:
    text = _("SUPER!") if e.super_ else _("HIT!") if e.hit else _("MISS")
    colour = A.DAMAGE if e.hit else T.TEXT_DIM
    pos = view._pos(where.get((e.target_seat, e.target)))
    if pos is not None:
        view.anims.add(RA.float_text(view, text, pos, colour, 22))


def _damaged(view: RiotQuestView, e: E.Damaged, where: Where) -> None:
    pos = view._pos(where.get((e.player, e.hero)))
    if pos is not None:
        view.anims.add(RA.float_text(view, f"-{e.n}", pos, A.DAMAGE, 24))


def _knocked_out(view: RiotQuestView, e: E.KnockedOut, where: Where) -> None:
    key = (e.player, e.hero)
    view.anims.add(RA.HeroFall(view, key, (e.cell[0], e.cell[1])))
    where.pop(key, None)


def _chest_spawned(view: RiotQuestView, e: E.ChestSpawned, where: Where) -> None:
    cls = content().chests[e.chest].class_.value
    view.anims.add(RA.ChestDrop(view, cls, (e.cell[0], e.cell[1])))


def _loot(view: RiotQuestView, e: E.LootGathered | E.LootGained, where: Where) -> None:
    cell = e.data.get("cell")  # gathered from a hex, or gained from a card
    pos = view._pos((cell[0], cell[1])) if cell else view._seat_anchor(e.player)
    if pos is not None:
        view.anims.add(RA.float_text(view, _("+{n} Loot").format(n=e.n), pos, A.LOOT_GOLD, 18))


def _vp(view: RiotQuestView, e: E.BountyClaimed | E.ScrapClaimed, where: Where) -> None:
    value = e.value if isinstance(e, E.BountyClaimed) else 1
    pos = view._seat_anchor(e.player)
    if pos is not None:
        view.anims.add(RA.float_text(view, _("+{n} VP").format(n=value), pos, VP_COLOUR, 22))


def _round(view: RiotQuestView, e: E.RoundStarted, where: Where) -> None:
    pos = view._seat_anchor(0)
    if pos is not None:
        view.anims.add(RA.float_text(view, _("Round {n}").format(n=e.round), pos, T.TEXT, 28))


def _game_over(view: RiotQuestView, e: E.Won, where: Where) -> None:
    pos = view._seat_anchor(0)
    if pos is not None:
        view.anims.add(RA.float_text(view, _("Game over"), pos, T.ACCENT, 30))


EFFECTS: dict[type[Event], Effect] = {
    E.Moved: _moved,
    E.Placed: _placed,
    E.Spawned: _spawned,
    E.Attacked: _attacked,
    E.Damaged: _damaged,
    E.KnockedOut: _knocked_out,
    E.ChestSpawned: _chest_spawned,
    E.LootGathered: _loot,
    E.LootGained: _loot,
    E.BountyClaimed: _vp,
    E.ScrapClaimed: _vp,
    E.RoundStarted: _round,
    E.Won: _game_over,
}


def play_effects(
    view: RiotQuestView, events: list[Event], where: Where, centre: Any, size: int
) -> None:
    """Animate ``events`` in order; consecutive dice of one purpose roll together."""
    rolls: list[Event] = []

    def flush_rolls() -> None:
        if rolls:
            for i, row in enumerate(RA.dice_rows(view, rolls, centre, size)):
                view.anims.add(row, parallel=i > 0)
            rolls.clear()

    for event in events:
        if isinstance(event, DiceRolled):
            if rolls and rolls[-1].data.get("purpose") != event.data.get("purpose"):
                flush_rolls()
            rolls.append(event)
            continue
        flush_rolls()
        effect = EFFECTS.get(type(event))
        if effect is not None:
            effect(view, event, where)
    flush_rolls()


def change_marks(view: RiotQuestView, events: list[Event], where: Where) -> list[M.ChangeMark]:
    """The hexes ``events`` changed: where a hero left (pale) and arrived (its seat's colour),
    and the hex of an attack's target (red). ``where``: the heroes' hexes before the events."""
    cells: dict[Cell, tuple[int, int, int]] = {}
    for e in events:
        if isinstance(e, E.Moved) and e.path:
            start, end = (e.path[0][0], e.path[0][1]), (e.path[-1][0], e.path[-1][1])
            cells[start] = M.LEFT
            cells[end] = view.host.seat_colour(e.player)
            where[(e.player, e.hero)] = end
        elif isinstance(e, E.Placed):
            if e.start:
                cells[(e.start[0], e.start[1])] = M.LEFT
            to = (e.to[0], e.to[1])
            cells[to] = view.host.seat_colour(e.player)
            where[(e.player, e.hero)] = to
        elif isinstance(e, E.Attacked):
            target = where.get((e.target_seat, e.target))
            if target is not None:
                cells[target] = M.ATTACKED

    def outline(cell: Cell) -> Callable[[], list[tuple[float, float]]]:
        return lambda: view.painter.polygon(cell, 0.06) if view.painter is not None else []

    return [M.ChangeMark(outline(c), colour) for c, colour in cells.items()]
