"""The pending choices a Quodd game can ask for, one class per kind, and how each resolves.

A decision is saved as its kind and data (``Decision``); the kind names the class here that
applies a ``choose`` answer to it. ``resolve`` looks the class up by kind.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from riotsim.core.contract import Decision, Event
from riotsim.games.quodd import abilities, catalog, elements, engine, moves
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.directions import as_cell, cell_json
from riotsim.games.quodd.effects import (
    after_rearrange,
    impulse_holders,
    place_upgrade,
    queue_effects,
    rearrange_options,
    swap_faces,
    use_q_power,
)
from riotsim.games.quodd.events import (
    LANDINGS,
    CardPlayed,
    Dropped,
    Placed,
    SkillsSwapped,
    SkillUpgraded,
    Slid,
    Spun,
    TokenDestroyed,
    TokenPlaced,
    TwisterSpun,
    UpgradeFlipped,
    WallBroken,
)
from riotsim.games.quodd.state import State

Events = list[Event]

KINDS: dict[str, type[DecisionKind]] = {}


class DecisionKind(ABC):
    """One kind of pending choice: ``kinds`` are the names it is saved under; ``answer``
    applies the chosen option (``data`` is the decision's saved data, ``seat`` who chose)."""

    kinds: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for kind in cls.kinds:
            if kind in KINDS:
                raise RuntimeError(f"decision kind {kind} is registered twice")
            KINDS[kind] = cls

    @staticmethod
    @abstractmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        """Apply the chosen ``option`` of a decision holding ``data``."""


def resolve(state: State, decision: Decision, option: dict[str, Any], events: Events) -> None:
    """Apply ``option``, the answer chosen, to ``decision``."""
    cls = KINDS.get(decision.kind)
    if cls is None:
        raise RuntimeError(f"unknown decision {decision.kind}")
    cls.answer(state, decision.seat, decision.data, option, events)


class Whirlpool(DecisionKind):
    kinds = ("whirlpool",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        hero.cube = hero.cube.spin(engine.SPIN[option["spin"]])
        events.append(
            Spun.of(
                hero=hero.seat,
                spin=option["spin"],
                top=hero.cube.top,
                cube=list(hero.cube.as_tuple()),
            )
        )


class RotateSection(DecisionKind):
    kinds = ("rotate_section",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        elements.rotate_section(state, int(data["section"]), option["spin"], events)


class Spring(DecisionKind):
    kinds = ("spring",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        engine.jump(
            state,
            hero,
            option["dir"],
            int(data["over"]),
            chooser=seat,
            own=bool(data["own"]),
            events=events,
            kind="sprung",
        )


class Teleport(DecisionKind):
    kinds = ("teleport",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        dest = as_cell(option["to"])
        engine.land_jump(
            state,
            hero,
            dest,
            chooser=seat,
            own=False,
            events=events,
            origin=hero.pos,
            kind="teleported",
        )


class Tunnel(DecisionKind):
    kinds = ("tunnel",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        frame = dict(data["frame"])
        if option["to"] == "stay":
            state.resolving.append(frame)
            return
        # coming up beneath a hero pushes it, as a jump landing does (Landing on Other Heroes)
        engine.land_jump(
            state,
            hero,
            as_cell(option["to"]),
            chooser=frame["chooser"],
            own=frame["own"],
            events=events,
            origin=hero.pos,
            kind="tunnelled",
            skip=("tunnel",),
            hops=frame["hops"] + 1,
        )
        if not abilities.has(hero, "tunnel_mastery"):
            state.turn.stage = "done"
            state.turn.remaining = 0


class Connection(DecisionKind):
    kinds = ("connection",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        frame = dict(data["frame"])
        state.resolving.append(frame)
        elements.move_through_connection(state, frame, hero, as_cell(option["to"]), events)


class QToken(DecisionKind):
    kinds = ("q_token",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        if option["power"] == "skip":
            return
        used = list(data.get("used", [])) + [option["power"]]
        engine.effect(state, seat, "q_offer", used=used)
        use_q_power(state, hero, option["power"], events)


class Impulse(DecisionKind):
    kinds = ("impulse",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        frame = state.resolving[-1]
        if option["card"] in ("pass", "pass_turn"):
            frame["seats"].pop(0)
            if option["card"] == "pass_turn":
                state.turn.impulse_off.append(seat)
            return
        hero = state.heroes[seat]
        card = option["card"]
        hero.hand.remove(card)
        state.discard.append(card)
        events.append(CardPlayed.of(fields={"seat": seat, "card": card, "impulse": 1}))
        # the card changed the game: once it has resolved, everyone gets a new chance
        frame["seats"] = impulse_holders(state)
        queue_effects(state, hero, catalog.cards()[card], events)


class StealFirst(DecisionKind):
    kinds = ("steal_first",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        if option["item"] != "none":
            engine.steal(
                state,
                state.heroes[seat],
                int(option["from"]),
                option["item"],
                events,
                option.get("pay"),
            )


class StartSquare(DecisionKind):
    kinds = ("start_square",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        at = as_cell(option["at"])
        other = state.hero_at(at)
        if other is not None and other is not hero:
            other.pos = hero.pos  # a hero not placed yet makes room
        hero.pos = at
        events.append(Placed.of(hero=seat, at=cell_json(at)))


class TerrainKind(DecisionKind):
    kinds = ("terrain_kind",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        engine.effect(state, seat, "place", kind=option["token"], range=abilities.Q_RANGE)


class CopyQ(DecisionKind):
    kinds = ("copy_q",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        use_q_power(state, state.heroes[seat], option["power"], events)


class FlipUpgrade(DecisionKind):
    kinds = ("flip_upgrade",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        slot = int(option["slot"])
        tile, side = hero.track[slot]
        hero.track[slot] = (tile, "b" if side == "a" else "a")
        events.append(UpgradeFlipped.of(hero=seat, tile=tile, side=hero.track[slot][1]))


class Drop(DecisionKind):
    kinds = ("drop",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        item = hero.carrying.pop()
        at = as_cell(option["at"])
        colour = item.split(":", 1)[1] if ":" in item else "white"
        state.board.add(at, Token.make("crystal", colour=colour))
        events.append(Dropped.of(hero=seat, item=item, at=cell_json(at)))


class Respawn(DecisionKind):
    kinds = ("respawn",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        way_on = bool(data.get("way_on"))
        engine.respawn_at(state, hero, as_cell(option["at"]), events, way_on)


class RespawnBeside(DecisionKind):
    kinds = ("respawn_beside",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        engine.finish_respawn(state, hero, as_cell(option["at"]), events)


class RootedLanding(DecisionKind):
    kinds = ("rooted_landing",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        frame = state.resolving.pop()
        hero = state.heroes[frame["hero"]]
        land = as_cell(option["at"])
        engine.land_jump(state, hero, land, events=events, **engine.landing_args(frame))


class Bump(DecisionKind):
    kinds = ("bump",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        frame = state.resolving.pop()
        hero = state.heroes[frame["hero"]]
        victim = state.heroes[data["victim"]]
        land = victim.pos
        engine.place_hero(state, hero, land)
        events.append(
            LANDINGS[frame["kind"]].of(
                fields={"hero": hero.seat, "from": frame["origin"], "to": cell_json(land)}
            )
        )
        args = engine.landing_args(frame)
        engine.arrival(
            state,
            hero,
            args["chooser"],
            args["own"],
            skip=args["skip"],
            hops=args["hops"],
            ride=args["ride"],
        )
        engine.bump(state, hero, victim, option["dir"], seat, events)


class Place(DecisionKind):
    kinds = ("place",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        at = as_cell(option["at"])
        token = Token.make(data["kind"], direction=option.get("dir"))
        state.board.add(at, token)
        events.append(TokenPlaced.of(kind=data["kind"], at=cell_json(at), by=seat))
        if state.heroes[seat].pos == at:  # Underdog: a token under your hero acts at once
            engine.arrival(state, state.heroes[seat], chooser=seat, own=seat == state.active)


class Crush(DecisionKind):
    kinds = ("crush",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        if option["crush"] == "break":
            at = as_cell(option["at"])
            wall = state.board.first(at, "wall")
            assert wall is not None
            state.board.replace(at, wall, Token.make("broken_wall"))
            events.append(WallBroken.of(at=cell_json(at), by=seat))
        if data["rest"]:
            engine.effect(state, seat, "crush", walls=list(data["rest"]))


class BreakWall(DecisionKind):
    kinds = ("break_wall",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        at = as_cell(option["at"])
        wall = state.board.first(at, "wall")
        assert wall is not None
        state.board.replace(at, wall, Token.make("broken_wall"))
        events.append(WallBroken.of(at=cell_json(at), by=seat))


class Destroy(DecisionKind):
    kinds = ("destroy",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        at = as_cell(option["at"])
        target = state.board.first(at, option["token"])
        assert target is not None
        if target.kind == "wall":
            state.board.replace(at, target, Token.make("broken_wall"))
            events.append(WallBroken.of(at=cell_json(at), by=seat))
        else:
            state.board.remove(at, target)
            events.append(TokenDestroyed.of(at=cell_json(at), kind=option["token"]))


class Explore(DecisionKind):
    kinds = ("explore", "explore_type")

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        src = option["src"]
        if src == "none":
            return
        engine.take_card(state, state.heroes[seat], src, int(option.get("i", 0)), events)


class Rearrange(DecisionKind):
    kinds = ("rearrange",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        if option["swap"] == "done":
            return
        old = hero.top_skill
        swap_faces(hero, option["swap"])
        events.append(SkillsSwapped.of(hero=seat, faces=option["swap"]))
        after_rearrange(state, hero, events, old)
        engine.decide(state, "rearrange", seat, rearrange_options(hero))


class Twister(DecisionKind):
    kinds = ("twister",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        for hero in state.heroes:
            if hero.seat != seat:
                hero.cube = hero.cube.spin(engine.SPIN[option["spin"]])
        events.append(TwisterSpun.of(by=seat, spin=option["spin"]))


class StrongWind(DecisionKind):
    kinds = ("strong_wind",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        engine.effect(state, seat, "slide_all", dir=option["dir"], n=2 * int(data.get("n", 1)))


class SlideOther(DecisionKind):
    kinds = ("slide_other",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[int(option["hero"])]
        slid_to = moves.slide_destination(state, hero, option["dir"])
        if slid_to is not None:
            origin = hero.pos
            engine.place_hero(state, hero, slid_to)
            events.append(
                Slid.of(
                    fields={
                        "hero": hero.seat,
                        "from": cell_json(origin),
                        "to": cell_json(slid_to),
                        "direction": option["dir"],
                    }
                )
            )
            engine.arrival(state, hero, chooser=seat, own=False)
            if int(data.get("n", 1)) > 1:
                engine.effect(state, seat, "slide_other", n=int(data["n"]) - 1)


class UpgradeSkill(DecisionKind):
    kinds = ("upgrade_skill",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        hero.upgraded.append(option["skill"])
        events.append(SkillUpgraded.of(hero=seat, skill=option["skill"]))


class SwapOther(DecisionKind):
    kinds = ("swap_other",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[int(option["hero"])]
        swap_faces(hero, option["swap"])
        events.append(SkillsSwapped.of(hero=hero.seat, faces=option["swap"], by=seat))


class ChooseUpgrade(DecisionKind):
    kinds = ("choose_upgrade",)

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        place_upgrade(state, state.heroes[seat], option["tile"], option["side"], events)
