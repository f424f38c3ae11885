"""The kinds of frame on ``state.resolving``, each declaring its fields and how it resumes.

A resolution frame is saved as a plain dict whose ``type`` names its kind (``arrive``,
``effect``, ``drop``, ...); :data:`FRAMES` maps the kind to its class here, which declares the
frame's fields (so an untrusted position is read by the same declaration, see
:mod:`riotsim.games.quodd.positions`) and carries the frame on when it is on top of the stack
(``engine.process_frame``). A new kind of frame is one class registered with ``@FRAMES.register``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from riotsim.core.contract import Event
from riotsim.core.fields import Reader
from riotsim.core.frames import Field, FrameKind, FrameKinds
from riotsim.games.quodd import catalog, effects, engine, moves
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import ARRIVING_PIECES, PLACEABLE_KINDS, UPKEEP_ORDER
from riotsim.games.quodd.directions import ORTHOGONAL, as_cell, cell_json
from riotsim.games.quodd.events import CollectiblesLost, NoRespawn
from riotsim.games.quodd.state import Q_POWERS, State
from riotsim.i18n import _

Events = list[Event]


class ResolvingKind(FrameKind, ABC):
    """One kind of resolution frame: ``kind`` is its ``type`` in saves; ``fields`` declares
    its fields (``type`` among them)."""

    @staticmethod
    @abstractmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        """Carry on with ``frame``, the last of ``state.resolving``: pop it when it is done,
        or leave it there under a decision it asks for."""


FRAMES = FrameKinds[ResolvingKind]("quodd")


def _type(kind: str) -> Field:
    return Field(check.one_of(kind))


@FRAMES.register
class Arrive(ResolvingKind):
    """A hero reached a square: offer a steal first, then walk the square's tokens."""

    kind = "arrive"
    fields = {
        "type": _type("arrive"),
        "hero": Field(check.seat),
        "chooser": Field(check.seat),
        "own": Field(check.flag),
        "cursor": Field(check.count(1000)),
        "fresh": Field(check.flag),
        "hops": Field(check.count(1000)),
        "skip": Field(check.SKIP),
        "at": Field(check.cell, required=False),
        "offered": Field(check.flag, required=False),
        "ride": Field(check.cells, required=False),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        engine.process_arrival(state, frame, events)


EFFECT_DOES = (
    "boost",
    "place",
    "break_wall",
    "destroy",
    "explore",
    "explore_deck",
    "explore_type",
    "rearrange",
    "dash",
    "twister",
    "wind",
    "strong_wind",
    "slide_all",
    "slide_other",
    "upgrade_skill",
    "wipe_lineup",
    "rotate_board",
    "swap_other",
    "aim",
    "forced_tumble",
    "explode",
    "crush",
    "land",
    "begin_movement",
    "begin_exploration",
    "q_offer",
    "choose_upgrade",
    "fire_bomb",  # issue 12 part A: the flasks, Push Bomb, Crystal Bomb
    "push_bomb",
    "crystal_bomb",
    "getaway",  # issue 13 part D (icons.py)
    "timely_removal",
    "blast",  # issue 13 part B: the Overlord cards' own effects (overlord.py)
    "bomb_drop",
    "sheep_drop",
    "snatch",
    "quake",
)
# What each effect reads beyond seat and do.
EFFECT_NEEDS = {
    "place": ("kind",),
    "explore_type": ("kind",),
    "slide_all": ("dir",),
    "forced_tumble": ("hero", "parts"),
    "explode": ("at",),
    "crush": ("walls",),
    "land": ("at", "origin", "chooser", "own", "kind"),
    "q_offer": ("used",),
    "fire_bomb": ("kind",),
}
# What the "kind" of an effect may name.
EFFECT_KINDS: dict[str, tuple[str, ...]] = {
    "place": tuple(sorted(PLACEABLE_KINDS | {"current", "whirlpool"})),
    "explore_type": ("food", "rune", "item", "pet", "tool"),
    "fire_bomb": ("standard", "fire", "ice"),
    "bomb_drop": ("standard", "fire", "ice"),
}


@FRAMES.register
class Effect(ResolvingKind):
    """A card, upgrade or Q-Power effect to carry out (``do`` names it)."""

    kind = "effect"
    fields = {
        "type": _type("effect"),
        "seat": Field(check.seat),
        "do": Field(check.one_of(*EFFECT_DOES)),
        "n": Field(check.count(50), required=False),
        "skill": Field(check.one_of(None, *catalog.SKILLS), required=False),
        "kind": Field(check.text, required=False),
        "range": Field(check.count(100), required=False),
        "optional": Field(check.flag, required=False),
        "dir": Field(check.DIR, required=False),
        "hero": Field(check.seat, required=False),
        "parts": Field(check.texts_of(*ORTHOGONAL), required=False),
        "at": Field(check.cell, required=False),
        "walls": Field(check.cells, required=False),
        "chooser": Field(check.seat, required=False),
        "own": Field(check.flag, required=False),
        "origin": Field(check.cell, required=False),
        "used": Field(check.texts_of(*Q_POWERS), required=False),
        "paid": Field(check.count(2), required=False),  # Timely Removal's cost so far
    }

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        frame = super().read(r, context)
        do = frame["do"]
        for key in EFFECT_NEEDS.get(do, ()):
            if key not in frame:
                raise r.fail(key, _("missing (a {do} effect needs it)").format(do=do))
        if do in EFFECT_KINDS:
            r.choice("kind", EFFECT_KINDS[do])
        return frame

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        state.resolving.pop()
        effects.run_effect(state, frame, events)


@FRAMES.register
class Drop(ResolvingKind):
    """A hero fell carrying collectibles: each is dropped beside the pit ``from``."""

    kind = "drop"
    fields = {"type": _type("drop"), "hero": Field(check.seat), "from": Field(check.cell)}

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        hero = state.heroes[frame["hero"]]
        if not hero.carrying:
            state.resolving.pop()
            return
        spots = engine.drop_spots(state, as_cell(frame["from"]))
        if not spots:
            lost = list(hero.carrying)
            hero.carrying.clear()
            events.append(CollectiblesLost.of(hero=hero.seat, items=lost))
            state.resolving.pop()
            return
        options = [{"at": cell_json(c)} for c in spots]
        engine.decide(state, "drop", hero.seat, options, item=hero.carrying[-1])


@FRAMES.register
class Respawn(ResolvingKind):
    """A hero that fell (from ``from``) comes back on a respawn point."""

    kind = "respawn"
    fields = {
        "type": _type("respawn"),
        "hero": Field(check.seat),
        "from": Field(check.cell),
        "way_on": Field(check.flag, required=False),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        state.resolving.pop()
        hero = state.heroes[frame["hero"]]
        way_on = bool(frame.get("way_on"))
        points = engine.respawn_points(state, hero, as_cell(frame["from"]), way_on)
        if not points:
            events.append(NoRespawn.of(hero=hero.seat))
            return
        if len(points) == 1:
            engine.respawn_at(state, hero, points[0], events, way_on)
        else:
            options: list[dict[str, Any]] = [{"at": cell_json(p)} for p in points]
            engine.decide(state, "respawn", hero.seat, options, hero=hero.seat, way_on=int(way_on))


@FRAMES.register
class Setup(ResolvingKind):
    """The start of a game: each hero in ``place`` picks a start square, then each in
    ``arrange`` arranges its skills."""

    kind = "setup"
    fields = {
        "type": _type("setup"),
        "place": Field(check.seats),
        "placed": Field(check.seats),
        "arrange": Field(check.seats),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        if frame["place"]:
            seat = frame["place"].pop(0)
            placed = {tuple(state.heroes[p].pos) for p in frame["placed"]}
            frame["placed"].append(seat)
            options = [{"at": cell_json(c)} for c in state.board.find("start") if c not in placed]
            engine.decide(state, "start_square", seat, options)
        elif frame["arrange"]:
            seat = frame["arrange"].pop(0)
            engine.decide(state, "rearrange", seat, effects.rearrange_options(state.heroes[seat]))
        else:
            state.resolving.pop()
            state.turn.walled_at_start = moves.walled_in(state, state.current)


@FRAMES.register
class Impulse(ResolvingKind):
    """An Impulse window: each of ``seats`` in turn may play an Impulse card."""

    kind = "impulse"
    fields = {"type": _type("impulse"), "seats": Field(check.seats)}

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        seats = frame["seats"]
        while seats and not effects.may_play_impulse(state, seats[0]):
            seats.pop(0)
        if not seats:
            state.resolving.pop()
            return
        seat = seats[0]
        # not now / not again this turn (so holding a card does not mean a prompt at every
        # point of every turn), or one of the cards
        options = [{"card": "pass"}, {"card": "pass_turn"}] + [
            {"card": c} for c in effects.impulse_cards(state.heroes[seat])
        ]
        engine.decide(state, "impulse", seat, options)


@FRAMES.register
class Land(ResolvingKind):
    """A jumper waiting in the air on a bump or rooted-landing choice (that choice resumes
    the landing: the frame itself never does)."""

    kind = "land"
    fields = {
        "type": _type("land"),
        "hero": Field(check.seat),
        "chooser": Field(check.seat),
        "own": Field(check.flag),
        "origin": Field(check.cell),
        "kind": Field(check.text),
        "skip": Field(check.SKIP, required=False),
        "hops": Field(check.count(1000), required=False),
        "ride": Field(check.cells, required=False),
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        raise RuntimeError("land frames wait for a rooted_landing decision")


@FRAMES.register
class Upkeep(ResolvingKind):
    """End-of-Round Board Upkeep (spec 12): ``stage`` counts the kinds of
    ``engine.UPKEEP_ORDER`` already started; the round ends when all four are resolved."""

    kind = "upkeep"
    fields = {"type": _type("upkeep"), "stage": Field(check.count(len(UPKEEP_ORDER)))}

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        engine.upkeep_step(state, frame, events)


@FRAMES.register
class PieceArrive(ResolvingKind):
    """A sheep or crystal token reached ``at`` (thrown, pushed, walking): a pit loses it,
    the rest is its kind's ``engine.PIECE_ARRIVALS`` handler (spec 12, B-5 and S-3)."""

    kind = "piece_arrive"
    fields = {
        "type": _type("piece_arrive"),
        "piece": Field(check.one_of(*ARRIVING_PIECES)),
        "at": Field(check.cell),
        "id": Field(check.count(10**6), required=False),
        "direction": Field(check.one_of(*ORTHOGONAL), required=False),
        "chooser": Field(check.seat),
        "hops": Field(check.count(1000)),
        "ride": Field(check.cells, required=False),  # part B: squares a sheep rode over
    }

    @staticmethod
    def resume(state: State, frame: dict[str, Any], events: Events) -> None:
        engine.process_piece_arrival(state, frame, events)


def read_frame(f: Reader, state: State) -> dict[str, Any]:
    """A resolution frame from an untrusted position, read by its kind's declaration."""
    kind = f.choice("type", sorted(FRAMES.kinds()))
    return FRAMES.read_data(kind, f, state)
