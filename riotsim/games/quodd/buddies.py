"""Buddies and character tokens (issue 13 part C, spec Y1-Y6).

*Character Token*: collecting one adds the hero it names beside the square it was collected
on, as a buddy its collector's player controls. *Buddy Cards*: a buddy has no hand (what it
explores goes to its controller's hand, ``engine.hand_holder``), no cards are played during
its turn (``effects.impulse_holders`` opens no window), it controls no Item or Pet and carries
at most two collectibles (FAQ, ``engine.may_carry``). Our rulings (Y4): a buddy takes its turn
right after its controller's own hero; it has its hero's default skills, its Q-Power and no
upgrade track (buddies never upgrade). A scenario's ``characters`` field says what its tokens
do: ``buddy`` (this module), ``collect`` (carried, stolen and dropped like crystals, as
``character:<hero>`` items) or, left out, only counted as before.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from riotsim.core.content import load_yaml
from riotsim.core.contract import Event
from riotsim.core.fields import Reader
from riotsim.core.frames import Field as DataField
from riotsim.games.quodd import catalog, elements, engine
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import PIECE, Token
from riotsim.games.quodd.decisions import DECISIONS, DecisionKind
from riotsim.games.quodd.directions import Cell, as_cell, cell_json
from riotsim.games.quodd.events import BuddyJoined, Collected
from riotsim.games.quodd.state import MAX_HEROES, Hero, State
from riotsim.i18n import _

Events = list[Event]

CHARACTER_ITEM = "character:"  # a carried character token in collect mode (Y5)
MODES = ("buddy", "collect")


class BuddyCard(BaseModel):
    """One buddy card: the hero it brings in, and what it tells its player (our words)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    hero: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    text: str


class BuddyFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    buddies: list[BuddyCard] = Field(min_length=6, max_length=6)


@cache
def buddy_cards() -> dict[str, BuddyCard]:
    """The six buddy cards (``data/quodd/buddies.yaml``), one per hero, by hero id."""
    from riotsim.paths import data_dir

    data = load_yaml(data_dir() / "quodd" / "buddies.yaml", BuddyFile)
    return {b.hero: b for b in data.buddies}


def characters_mode(state: State) -> str:
    """What the scenario's character tokens do (``buddy``, ``collect`` or "": counted)."""
    return str(state.objective.get("characters", ""))


# ---------------------------------------------------------------------------------------
# collecting a character token
# ---------------------------------------------------------------------------------------


def h_character(state: State, frame: dict, hero: Hero, token: Token, events: Events) -> bool:
    mode = characters_mode(state)
    if mode == "collect" and not engine.may_carry(hero):
        return False  # a buddy carrying two collectibles leaves it lying (FAQ)
    state.board.remove(hero.pos, token)
    frame["cursor"] -= 1
    hero.characters += 1
    item = "character"
    if mode == "collect":
        item = CHARACTER_ITEM + str(token.get("hero") or "any")
        hero.carrying.append(item)
    events.append(Collected.of(hero=hero.seat, item=item, at=cell_json(hero.pos)))
    if mode != "buddy":
        return False
    return join(state, hero, token.get("hero"), events)


def buddy_hero(state: State, named: Any) -> str | None:
    """The hero a character token brings in: the one it names; ours: if that hero is in play
    already (or the token names none), the first hero of the box not in play; none when six
    heroes are on the board."""
    if len(state.heroes) >= MAX_HEROES:
        return None
    in_play = {h.hero for h in state.heroes}
    if named in catalog.heroes() and named not in in_play:
        return str(named)
    return next((h for h in catalog.heroes() if h not in in_play), None)


def free_squares(state: State, around: Cell) -> list[Cell]:
    """Y1: the free squares next to ``around`` (diagonals count) a buddy may appear on:
    solid ground with no hero, piece, wall or crystal, preferring squares with no token at
    all; ours: with none free beside it, the nearest free ring further out (up to 3)."""
    for reach in (1, 2, 3):
        ring = [c for c in _ring(around, reach) if _free(state, c)]
        bare = [c for c in ring if not state.board.at(c)]
        if ring:
            return bare or ring
    return []


def _ring(around: Cell, reach: int) -> list[Cell]:
    x, y = around
    return [
        (x + dx, y + dy)
        for dy in range(-reach, reach + 1)
        for dx in range(-reach, reach + 1)
        if max(abs(dx), abs(dy)) == reach
    ]


def _free(state: State, c: Cell) -> bool:
    board = state.board
    return (
        board.on_board(c)
        and not board.is_pit(c)
        and not board.is_wall(c)
        and not board.is_impassable(c)
        and not board.has(c, "crystal")
        and state.hero_at(c) is None
        and not board.codes().get(c, 0) & PIECE
    )


def join(state: State, collector: Hero, named: Any, events: Events) -> bool:
    """Bring in the buddy a token at the collector's square names. Returns True when the
    collector's controller must first choose its square (a ``buddy_square`` decision)."""
    hero_id = buddy_hero(state, named)
    if hero_id is None:
        return False
    spots = free_squares(state, collector.pos)
    if not spots:
        return False
    if len(spots) == 1:
        add_buddy(state, collector, hero_id, spots[0], events)
        return False
    options = [{"at": cell_json(c)} for c in spots]
    engine.decide(state, "buddy_square", collector.seat, options, buddy=hero_id)
    return True


def add_buddy(state: State, collector: Hero, hero_id: str, cell: Cell, events: Events) -> Hero:
    """Y1: the hero joins on ``cell`` as a buddy of the collector's player, on its team."""
    from riotsim.games.quodd import scenario

    if not state.players:
        state.players = state.player_count  # from now on heroes and seats differ
    buddy = scenario.make_hero(len(state.heroes), hero_id, cell, collector.facing)
    buddy.buddy = True
    buddy.controller = collector.controller
    buddy.team = collector.team
    state.heroes.append(buddy)
    events.append(BuddyJoined.of(hero=buddy.seat, buddy=hero_id, by=collector.seat, at=list(cell)))
    return buddy


@DECISIONS.register
class BuddySquare(DecisionKind):
    """Y1: where the new buddy appears, next to the square its token was collected on."""

    kind = "buddy_square"
    fields = {"buddy": DataField(check.one_of(*catalog.heroes()))}
    option_fields = {"at": DataField(check.cell)}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if not _free(state, as_cell(option["at"])):
            raise o.fail("at", _("{at}: not a free square for a buddy").format(at=option["at"]))

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero_id = buddy_hero(state, data["buddy"])
        if hero_id is not None and state.hero_at(as_cell(option["at"])) is None:
            add_buddy(state, state.heroes[seat], hero_id, as_cell(option["at"]), events)


# ---------------------------------------------------------------------------------------
# turn order (Y4, ours) and the first player coin
# ---------------------------------------------------------------------------------------


def has_buddies(state: State) -> bool:
    return any(h.buddy for h in state.heroes)


def round_order(state: State) -> list[int]:
    """The heroes in turn order this round: each player's own hero from the first player
    round, each followed by the buddies its player controls (in the order they joined)."""
    players = [h.seat for h in state.heroes if not h.buddy]
    start = players.index(state.first) if state.first in players else 0
    out: list[int] = []
    for k in range(len(players)):
        own = state.heroes[players[(start + k) % len(players)]]
        out.append(own.seat)
        out.extend(h.seat for h in state.heroes if h.buddy and h.controller == own.controller)
    return out


def next_hero(state: State) -> int | None:
    """The hero whose turn follows the active one's this round (None: the round ends)."""
    order = round_order(state)
    if state.active not in order:
        return None
    i = order.index(state.active)
    return order[i + 1] if i + 1 < len(order) else None


def next_first(state: State) -> int:
    """The first player coin passes to the next player's hero, never to a buddy."""
    players = [h.seat for h in state.heroes if not h.buddy]
    i = players.index(state.first) if state.first in players else -1
    return players[(i + 1) % len(players)]


elements.HANDLERS["character"] = h_character
