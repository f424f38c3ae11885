"""The pending choices a Quodd game can ask for, one class per kind, and how each resolves.

A decision is saved as its kind and data (``Decision``); the kind names the class here
(registered in :data:`DECISIONS`) that declares its data and option fields, checks what an
option needs on the board, and applies a ``choose`` answer to it. ``resolve`` looks the class
up by kind; :func:`read_decision` reads one from an untrusted position by the same declaration.
A new kind of choice is one class registered with ``@DECISIONS.register``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from riotsim.core.contract import Decision, Event, PositionError
from riotsim.core.fields import Reader
from riotsim.core.frames import ANY, Field, Fields, FrameKind, FrameKinds, read_fields
from riotsim.games.quodd import abilities, catalog, elements, engine, moves, sheep
from riotsim.games.quodd import fieldchecks as check
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.directions import ALL as ALL_DIRECTIONS
from riotsim.games.quodd.directions import as_cell, cell_json, step
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
from riotsim.games.quodd.resolving import EFFECT_KINDS, read_frame
from riotsim.games.quodd.state import Q_POWERS, State
from riotsim.i18n import _

Events = list[Event]


@dataclass(frozen=True, slots=True)
class Asking:
    """What a decision read from a position is checked against: the state read so far and
    the seat the decision asks."""

    state: State
    seat: int


class DecisionKind(FrameKind, ABC):
    """One kind of pending choice. ``kind`` is the name it is saved under; ``fields`` declares
    its data besides the options, ``option_fields`` the fields of each option; ``waits_on``
    names the resolution frame it answers, which must be the last one (none by default).
    ``answer`` applies the chosen option (``data`` is the decision's saved data, ``seat`` who
    chose); ``check_option`` says what an option read from a position must find on the board
    or in the hands to be carried out."""

    option_fields: ClassVar[Fields] = {}
    waits_on: ClassVar[str] = ""

    @staticmethod
    @abstractmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        """Apply the chosen ``option`` of a decision holding ``data``."""

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        """Refuse (``o.fail``) an option the rules could not carry out in ``state``."""

    @classmethod
    def read(cls, r: Reader, context: Asking) -> dict[str, Any]:
        """The data of a decision of this kind from an untrusted position (``r`` reads it)."""
        state, seat = context.state, context.seat
        fields = {**cls.fields, "options": Field(ANY)}
        data = read_fields(r, fields, state, f"a {cls.kind} choice")
        items = r.items("options", most=check.LIST_MOST)
        if not items:
            raise r.fail("options", _("no option to choose from"))
        what = f"a {cls.kind} option"
        data["options"] = [read_fields(o, cls.option_fields, state, what) for o in items]
        for option, o in zip(data["options"], items, strict=True):
            cls.check_option(o, option, data, seat, state)
        return data


DECISIONS = FrameKinds[DecisionKind]("quodd")


def resolve(state: State, decision: Decision, option: dict[str, Any], events: Events) -> None:
    """Apply ``option``, the answer chosen, to ``decision``."""
    cls = DECISIONS.get(decision.kind)
    if cls is None:
        raise RuntimeError(f"unknown decision {decision.kind}")
    cls.answer(state, decision.seat, decision.data, option, events)


def read_decision(d: Reader, state: State) -> Decision:
    """A pending decision from an untrusted position, read by its kind's declaration."""
    kind = d.choice("kind", sorted(DECISIONS.kinds()))
    seat = d.int("seat", low=0, high=len(state.heroes) - 1)
    return Decision(kind, seat, DECISIONS.read_data(kind, d.sub("data"), Asking(state, seat)))


# -- field checks only decisions use -----------------------------------------------------------

SWAPS = tuple(
    f"{a}/{b}"
    for i, a in enumerate(("feet", "front", "back", "left", "right"))
    for b in ("feet", "front", "back", "left", "right")[i + 1 :]
)


def _arrive_frame(value: Any, where: str, state: State) -> dict[str, Any]:
    r = Reader(value, where)
    if r.raw("type") != "arrive":
        raise r.fail(
            "type",
            _("{type!r:.40}: a choice of way on waits on an arrival").format(type=r.raw("type")),
        )
    return read_frame(r, state)


def _cell_or_stay(value: Any, where: str, state: State) -> Any:
    return value if value == "stay" else check.cell(value, where, state)


# -- the kinds ----------------------------------------------------------------------------------


@DECISIONS.register
class Whirlpool(DecisionKind):
    kind = "whirlpool"
    fields = {"hero": Field(check.seat)}
    option_fields = {"spin": Field(check.one_of(*check.SPINS))}

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


@DECISIONS.register
class RotateSection(DecisionKind):
    kind = "rotate_section"
    fields = {"section": Field(check.count(check.LIST_MOST))}
    option_fields = {"spin": Field(check.one_of(*check.SPINS))}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        sections = state.board.sections
        index = data["section"]
        if index >= len(sections) or sections[index].width != sections[index].height:
            raise PositionError(f"{o.path}: section {index} is not a square section of the board")

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        elements.rotate_section(state, int(data["section"]), option["spin"], events)


@DECISIONS.register
class Spring(DecisionKind):
    kind = "spring"
    fields = {"hero": Field(check.seat), "over": Field(check.count(2)), "own": Field(check.flag)}
    option_fields = {"dir": Field(check.DIR)}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        hero = state.heroes[data["hero"]]
        if step(hero.pos, option["dir"], data["over"] + 1) not in state.board.ground:
            raise o.fail("dir", _("throws hero {seat} off the board").format(seat=hero.seat))

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


@DECISIONS.register
class Teleport(DecisionKind):
    kind = "teleport"
    fields = {"hero": Field(check.seat), "roll": Field(check.count(100), required=False)}
    option_fields = {"to": Field(check.cell)}

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


@DECISIONS.register
class Tunnel(DecisionKind):
    kind = "tunnel"
    fields = {"hero": Field(check.seat), "frame": Field(_arrive_frame)}
    option_fields = {"to": Field(_cell_or_stay)}

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


@DECISIONS.register
class Connection(DecisionKind):
    kind = "connection"
    fields = {"hero": Field(check.seat), "frame": Field(_arrive_frame)}
    option_fields = {"to": Field(check.cell)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        frame = dict(data["frame"])
        state.resolving.append(frame)
        elements.move_through_connection(state, frame, hero, as_cell(option["to"]), events)


@DECISIONS.register
class QToken(DecisionKind):
    kind = "q_token"
    fields = {"used": Field(check.texts_of(*Q_POWERS), required=False)}
    option_fields = {"power": Field(check.one_of("skip", *Q_POWERS))}

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


@DECISIONS.register
class Impulse(DecisionKind):
    kind = "impulse"
    option_fields = {"card": Field(check.one_of("pass", "pass_turn", *catalog.cards()))}
    waits_on = "impulse"

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        card = option["card"]
        if card not in ("pass", "pass_turn") and card not in state.heroes[seat].hand:
            raise o.fail(
                "card", _("{card} is not in hero {seat}'s hand").format(card=card, seat=seat)
            )

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
        engine.to_discard(state, card)
        events.append(CardPlayed.of(fields={"seat": seat, "card": card, "impulse": 1}))
        # the card changed the game: once it has resolved, everyone gets a new chance
        frame["seats"] = impulse_holders(state)
        queue_effects(state, hero, catalog.cards()[card], events)


@DECISIONS.register
class StealFirst(DecisionKind):
    kind = "steal_first"
    option_fields = {
        "item": Field(check.text),
        "from": Field(check.seat, required=False),
        "pay": Field(check.CARD, required=False),
    }

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if option["item"] == "none":
            return
        victim = option.get("from")
        if victim is None or victim == seat or option["item"] not in state.heroes[victim].carrying:
            raise o.fail(
                "item",
                _("{item!r:.40} is not carried by the hero robbed").format(item=option["item"]),
            )
        if "pay" in option and option["pay"] not in state.heroes[seat].hand:
            raise o.fail(
                "pay", _("{pay} is not in hero {seat}'s hand").format(pay=option["pay"], seat=seat)
            )

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


@DECISIONS.register
class StartSquare(DecisionKind):
    kind = "start_square"
    option_fields = {"at": Field(check.cell)}

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


@DECISIONS.register
class TerrainKind(DecisionKind):
    kind = "terrain_kind"
    option_fields = {"token": Field(check.one_of("wall", "broken_wall", "tunnel"))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        engine.effect(state, seat, "place", kind=option["token"], range=abilities.Q_RANGE)


@DECISIONS.register
class CopyQ(DecisionKind):
    kind = "copy_q"
    option_fields = {"power": Field(check.one_of(*Q_POWERS))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        use_q_power(state, state.heroes[seat], option["power"], events)


@DECISIONS.register
class FlipUpgrade(DecisionKind):
    kind = "flip_upgrade"
    option_fields = {"slot": Field(check.count(5))}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if option["slot"] >= len(state.heroes[seat].track):
            raise o.fail(
                "slot",
                _("{slot}: hero {seat}'s track is shorter").format(slot=option["slot"], seat=seat),
            )

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        slot = int(option["slot"])
        tile, side = hero.track[slot]
        hero.track[slot] = (tile, "b" if side == "a" else "a")
        events.append(UpgradeFlipped.of(hero=seat, tile=tile, side=hero.track[slot][1]))


@DECISIONS.register
class Drop(DecisionKind):
    kind = "drop"
    fields = {"item": Field(check.text, required=False)}
    option_fields = {"at": Field(check.cell)}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if not state.heroes[seat].carrying:
            raise o.fail("at", _("hero {seat} carries nothing to drop").format(seat=seat))

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        item = hero.carrying.pop()
        at = as_cell(option["at"])
        colour = item.split(":", 1)[1] if ":" in item else "white"
        if item.startswith("character:"):  # collect mode: dropped like a crystal (spec Y5)
            state.board.add(at, Token.make("character", hero=colour if colour != "any" else None))
            events.append(Dropped.of(hero=seat, item=item, at=cell_json(at)))
            return
        # a dropped sheep is spawned again: the first player faces it (spec S17, S7)
        kind = "sheep" if item.startswith("sheep:") else "crystal"
        if kind == "sheep":
            sheep.put(state, at, Token.make(kind, colour=colour, number=state.new_id()))
        else:
            state.board.add(at, Token.make(kind, colour=colour))
        events.append(Dropped.of(hero=seat, item=item, at=cell_json(at)))


@DECISIONS.register
class Respawn(DecisionKind):
    kind = "respawn"
    fields = {"hero": Field(check.seat), "way_on": Field(check.flag, required=False)}
    option_fields = {"at": Field(check.cell)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        way_on = bool(data.get("way_on"))
        engine.respawn_at(state, hero, as_cell(option["at"]), events, way_on)


@DECISIONS.register
class RespawnBeside(DecisionKind):
    kind = "respawn_beside"
    fields = {"hero": Field(check.seat)}
    option_fields = {"at": Field(check.cell)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[data["hero"]]
        engine.finish_respawn(state, hero, as_cell(option["at"]), events)


@DECISIONS.register
class RootedLanding(DecisionKind):
    kind = "rooted_landing"
    fields = {"hero": Field(check.seat)}
    option_fields = {"at": Field(check.cell)}
    waits_on = "land"

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        frame = state.resolving.pop()
        hero = state.heroes[frame["hero"]]
        land = as_cell(option["at"])
        engine.land_jump(state, hero, land, events=events, **engine.landing_args(frame))


@DECISIONS.register
class Bump(DecisionKind):
    kind = "bump"
    fields = {"victim": Field(check.seat), "jumper": Field(check.seat, required=False)}
    option_fields = {"dir": Field(check.DIR)}
    waits_on = "land"

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        victim = state.heroes[data["victim"]]
        if step(victim.pos, option["dir"]) not in state.board.ground:
            raise o.fail("dir", _("pushes hero {seat} off the board").format(seat=victim.seat))

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
        engine.offer_push_bomb(state, hero, bool(args["own"]))
        engine.bump(state, hero, victim, option["dir"], seat, events)


@DECISIONS.register
class Place(DecisionKind):
    kind = "place"
    fields = {"kind": Field(check.one_of(*EFFECT_KINDS["place"]))}
    option_fields = {"at": Field(check.cell), "dir": Field(check.DIR, required=False)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        at = as_cell(option["at"])
        token = Token.make(data["kind"], direction=option.get("dir"))
        state.board.add(at, token)
        events.append(TokenPlaced.of(kind=data["kind"], at=cell_json(at), by=seat))
        if data["kind"] == "cannon":  # Cannon Token (L616): it fires once it is pointed
            from riotsim.games.quodd import bombs

            bombs.fire_cannon(state, at, option["dir"], seat, events)
            return
        if state.heroes[seat].pos == at:  # Underdog: a token under your hero acts at once
            engine.arrival(state, state.heroes[seat], chooser=seat, own=seat == state.active)


@DECISIONS.register
class Crush(DecisionKind):
    kind = "crush"
    fields = {"rest": Field(check.cells)}
    option_fields = {"at": Field(check.cell), "crush": Field(check.one_of("break", "keep"))}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if option.get("crush", "break") == "break" and not state.board.is_wall(tuple(option["at"])):
            raise o.fail("at", _("{at}: no wall there to break").format(at=option["at"]))

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


@DECISIONS.register
class BreakWall(DecisionKind):
    kind = "break_wall"
    option_fields = {"at": Field(check.cell)}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if option.get("crush", "break") == "break" and not state.board.is_wall(tuple(option["at"])):
            raise o.fail("at", _("{at}: no wall there to break").format(at=option["at"]))

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        at = as_cell(option["at"])
        wall = state.board.first(at, "wall")
        assert wall is not None
        state.board.replace(at, wall, Token.make("broken_wall"))
        events.append(WallBroken.of(at=cell_json(at), by=seat))


@DECISIONS.register
class Destroy(DecisionKind):
    kind = "destroy"
    option_fields = {"at": Field(check.cell), "token": Field(check.KIND)}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if not state.board.has(tuple(option["at"]), option["token"]):
            raise o.fail(
                "token", _("no {token} at {at}").format(token=option["token"], at=option["at"])
            )

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


@DECISIONS.register
class Explore(DecisionKind):
    kind = "explore"
    option_fields = {
        "src": Field(check.one_of("none", "lineup", "deck")),
        "i": Field(check.count(check.LIST_MOST), required=False),
    }

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if option["src"] == "lineup" and not 0 <= option.get("i", 0) < len(state.lineup):
            raise o.fail(
                "i",
                _("{i}: the lineup has {n} cards").format(
                    i=option.get("i", 0), n=len(state.lineup)
                ),
            )

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        src = option["src"]
        if src == "none":
            return
        engine.take_card(state, state.heroes[seat], src, int(option.get("i", 0)), events)


@DECISIONS.register
class ExploreType(Explore):
    kind = "explore_type"
    option_fields = {
        "src": Field(check.one_of("lineup", "deck")),
        "i": Field(check.count(check.LIST_MOST), required=False),
    }


@DECISIONS.register
class Rearrange(DecisionKind):
    kind = "rearrange"
    option_fields = {"swap": Field(check.one_of("done", *SWAPS))}

    @classmethod
    def read(cls, r: Reader, context: Asking) -> dict[str, Any]:
        # its actions are always the same swaps: the options are rebuilt, not read
        fields = {**cls.fields, "options": Field(ANY)}
        data = read_fields(r, fields, context.state, f"a {cls.kind} choice")
        data["options"] = rearrange_options(context.state.heroes[context.seat])
        return data

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        if option["swap"] == "done":
            return
        old = hero.top_skill
        swap_faces(hero, option["swap"])
        events.append(SkillsSwapped.raw({"hero": seat, "faces": option["swap"]}))
        after_rearrange(state, hero, events, old)
        engine.decide(state, "rearrange", seat, rearrange_options(hero))


@DECISIONS.register
class Twister(DecisionKind):
    kind = "twister"
    option_fields = {"spin": Field(check.one_of(*check.SPINS))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        for hero in state.heroes:
            if hero.seat != seat:
                hero.cube = hero.cube.spin(engine.SPIN[option["spin"]])
        events.append(TwisterSpun.of(by=seat, spin=option["spin"]))


@DECISIONS.register
class StrongWind(DecisionKind):
    kind = "strong_wind"
    fields = {"n": Field(check.count(50), required=False)}
    option_fields = {"dir": Field(check.DIR)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        engine.effect(state, seat, "slide_all", dir=option["dir"], n=2 * int(data.get("n", 1)))


@DECISIONS.register
class SlideOther(DecisionKind):
    kind = "slide_other"
    fields = {"n": Field(check.count(50), required=False)}
    option_fields = {"hero": Field(check.seat), "dir": Field(check.DIR)}

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


@DECISIONS.register
class UpgradeSkill(DecisionKind):
    kind = "upgrade_skill"
    option_fields = {"skill": Field(check.one_of(*catalog.SKILLS))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[seat]
        hero.upgraded.append(option["skill"])
        events.append(SkillUpgraded.of(hero=seat, skill=option["skill"]))


@DECISIONS.register
class SwapOther(DecisionKind):
    kind = "swap_other"
    option_fields = {"hero": Field(check.seat), "swap": Field(check.one_of(*SWAPS))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        hero = state.heroes[int(option["hero"])]
        swap_faces(hero, option["swap"])
        events.append(SkillsSwapped.of(hero=hero.seat, faces=option["swap"], by=seat))


@DECISIONS.register
class ChooseUpgrade(DecisionKind):
    kind = "choose_upgrade"
    option_fields = {"tile": Field(check.text), "side": Field(check.one_of("a", "b"))}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if option["tile"] not in abilities.free_tiles(state.heroes[seat]):
            raise o.fail(
                "tile",
                _("{tile!r:.40} is not a free tile of hero {seat}").format(
                    tile=option["tile"], seat=seat
                ),
            )

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        place_upgrade(state, state.heroes[seat], option["tile"], option["side"], events)


# -- bombs and cannons (issue 12 part A) ---------------------------------------------------------


@DECISIONS.register
class CannonDirection(DecisionKind):
    """A cannon revealed from a secret token: its revealer points it, then it fires (C6)."""

    kind = "cannon_direction"
    fields = {"at": Field(check.cell)}
    option_fields = {"dir": Field(check.DIR)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        from riotsim.games.quodd import bombs

        at = as_cell(data["at"])
        cannon = state.board.first(at, "cannon")
        if cannon is None:
            return
        state.board.replace(at, cannon, cannon.with_props(direction=option["dir"]))
        bombs.fire_cannon(state, at, option["dir"], seat, events)


@DECISIONS.register
class BombDirection(DecisionKind):
    """Q: Bomb, Fire Flask, Frost Flask: the way a ``bomb`` leaves the hero's square ``at``."""

    kind = "bomb_direction"
    fields = {"bomb": Field(check.one_of("standard", "fire", "ice")), "at": Field(check.cell)}
    option_fields = {"dir": Field(check.DIR)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        from riotsim.games.quodd import bombs

        bombs.create(state, state.heroes[seat].pos, data["bomb"], option["dir"], seat, events)


@DECISIONS.register
class PushBomb(DecisionKind):
    """Push Bomb (L520): explode around the pushing hero, or not."""

    kind = "push_bomb"
    fields = {"hero": Field(check.seat)}
    option_fields = {"bomb": Field(check.one_of("yes", "no"))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        from riotsim.games.quodd import bombs

        if option["bomb"] == "yes":
            bombs.hero_explosion(state, state.heroes[data["hero"]], seat, events)


@DECISIONS.register
class CrystalBomb(DecisionKind):
    """Crystal Bomb: which carried crystal is destroyed, when the hero carries several."""

    kind = "crystal_bomb"
    option_fields = {"item": Field(check.text)}

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if option["item"] not in state.heroes[seat].carrying:
            raise o.fail(
                "item", _("hero {seat} carries no {item}").format(seat=seat, item=option["item"])
            )

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        from riotsim.games.quodd import bombs

        hero = state.heroes[seat]
        if option["item"] in hero.carrying:
            bombs.crystal_bomb(state, hero, option["item"], events)


@DECISIONS.register
class ReflectorTurn(DecisionKind):
    """W9, W14: a beam began to hit a reflector's back; the active (in upkeep: the first)
    player turns it a quarter turn either way, then the beams cascade goes on."""

    kind = "reflector_turn"
    fields = {"at": Field(check.cell)}
    option_fields = {"spin": Field(check.one_of(*check.SPINS))}
    waits_on = "beams"

    @staticmethod
    def check_option(
        o: Reader, option: dict[str, Any], data: dict[str, Any], seat: int, state: State
    ) -> None:
        if not state.board.has(as_cell(data["at"]), "reflector"):
            raise PositionError(f"{o.path}: no reflector at {data['at']}")

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        from riotsim.games.quodd import beams

        beams.turn_reflector(state, as_cell(data["at"]), option["spin"], events)


# -- sheep (issue 12 part B, spec section 5: rules in sheep.py) -------------------------------


@DECISIONS.register
class SheepFacing(DecisionKind):
    """S7: the first player gives a sheep coming onto the board its facing."""

    kind = "sheep_facing"
    fields = {"id": Field(check.count(sheep.MAX_SHEEP_ID)), "at": Field(check.cell)}
    option_fields = {"facing": Field(check.DIR)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        sheep.face(state, data["id"], option["facing"], events)


@DECISIONS.register
class SheepPickup(DecisionKind):
    """S8: a sheep would enter a hero's square; that hero's player may pick it up. A no on
    a teleport (``dir``, ``distance``) sends it to the next square back along the line."""

    kind = "sheep_pickup"
    fields = {
        "hero": Field(check.seat),
        "id": Field(check.count(sheep.MAX_SHEEP_ID)),
        "at": Field(check.cell),
        "dir": Field(check.one_of(*ALL_DIRECTIONS), required=False),
        "distance": Field(check.count(12), required=False),
        "walk": Field(check.flag, required=False),
    }
    option_fields = {"pickup": Field(check.one_of("yes", "no"))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        found = sheep.find(state, data["id"])
        if found is None:
            return
        if option["pickup"] == "yes":
            sheep.pick_up(state, state.heroes[data["hero"]], found[0], found[1], events)
        else:
            sheep.declined(state, data, events)


@DECISIONS.register
class SheepWhirlpool(DecisionKind):
    """S12: a sheep on a whirlpool turns a quarter; the first player chooses which way."""

    kind = "sheep_whirlpool"
    fields = {"id": Field(check.count(sheep.MAX_SHEEP_ID))}
    option_fields = {"spin": Field(check.one_of(*check.SPINS))}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        sheep.spin(state, data["id"], option["spin"], events)


@DECISIONS.register
class SheepConnection(DecisionKind):
    """S16: a sheep in a water connection with several partners: the first player picks."""

    kind = "sheep_connection"
    fields = {"id": Field(check.count(sheep.MAX_SHEEP_ID)), "ride": Field(check.cells)}
    option_fields = {"to": Field(check.cell)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        sheep.through_connection(state, data, as_cell(option["to"]), events)


@DECISIONS.register
class SheepRespawn(DecisionKind):
    """S23: a sheep caught in a beam comes back; the first player picks the square."""

    kind = "sheep_respawn"
    fields = {"id": Field(check.count(sheep.MAX_SHEEP_ID))}
    option_fields = {"at": Field(check.cell)}

    @staticmethod
    def answer(
        state: State, seat: int, data: dict[str, Any], option: dict[str, Any], events: Events
    ) -> None:
        sheep.put_back(state, data["id"], as_cell(option["at"]), events)
