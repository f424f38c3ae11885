"""The fight under way, beside the pending decisions: RIOT's clash (``state.clash``) and P&M's
combat (``state.combat``), each a frame kind of the same mechanism as the decisions
(:class:`~riotsim.core.frames.FrameKind`): the class declares its fields with their checks
(which also read it from an untrusted position) and owns its behaviour; its attributes are the
fields. It saves as the mapping of its fields, in declared order, so positions keep their form.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from riotsim.core.contract import PositionError, copy_json
from riotsim.core.fields import Reader, check_int
from riotsim.core.frames import Field, FrameKind, list_of, one_of
from riotsim.games.riot import city as bd
from riotsim.games.riot.fieldchecks import ATTACKABLE, FrameContext, a_seat, ints, space, unit_list
from riotsim.games.riot.pm_content import pm_content
from riotsim.i18n import _

F = TypeVar("F", bound="Fight")
SMALL = 999


def _flag(value: Any, where: str, context: Any) -> int:
    """0 or 1 (true or false read as 1 or 0)."""
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return int(value)
    raise PositionError(
        _("{where}: {value} is not 0 or 1").format(where=where, value=f"{value!r:.60}")
    )


def _two(value: Any, where: str, context: Any) -> list[int]:
    """Two counts, the attacker's and the defender's."""
    values = [check_int(v, f"{where}[{i}]", 0, SMALL) for i, v in enumerate(ints(value, where))]
    if len(values) != 2:
        raise PositionError(
            _("{where}: {values} is not two numbers (attacker, defender)").format(
                where=where, values=values
            )
        )
    return values


def _on_board(value: Any, where: str, ctx: FrameContext) -> list[int]:
    return unit_list(value, where, ctx.state.units, None)


def _ids(value: Any, where: str, context: Any) -> list[int]:
    return ints(value, where)


def _target_mismatch(target: str, kind: str) -> str:
    """A clash's street/building flag that contradicts its target (one sentence per kind)."""
    if kind == bd.STREET:
        return _("does not match the target {target}, a street").format(target=target)
    if kind == bd.BUILDING:
        return _("does not match the target {target}, a building").format(target=target)
    return _("does not match the target {target}, a {kind}").format(target=target, kind=kind)


class Fight(FrameKind):
    """Base of a fight kind: a record of its declared fields (see the module docstring)."""

    __slots__ = ()
    # the value a field missing from a position takes (a field not named here is required)
    defaults: ClassVar[dict[str, Any]] = {}

    def __init__(self, **values: Any) -> None:
        for key in self.fields:
            setattr(self, key, values[key])

    def __getitem__(self, key: str) -> Any:
        """A field by its saved name (``clash["dfd"]``), as tests and tools read it."""
        if key not in self.fields:
            raise KeyError(key)
        return getattr(self, key)

    def to_json(self) -> dict[str, Any]:
        return {key: copy_json(getattr(self, key)) for key in self.fields}

    @classmethod
    def from_json(cls: type[F], raw: dict[str, Any]) -> F:
        return cls(**copy_json(dict(raw)))

    def copy(self: F) -> F:
        return type(self).from_json(self.to_json())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_json()!r})"

    @classmethod
    def load(cls: type[F], r: Reader, context: FrameContext) -> F:
        """The fight from an untrusted position: its declared fields, defaults filled in."""
        data = {**cls.defaults, **cls.read(r, context)}
        return cls(**{key: data[key] for key in cls.fields})

    def side(self, seat: int) -> int:
        """0 for the attacker's seat, 1 for the defender's."""
        return 0 if seat == self.attacker else 1

    attacker: int
    defender: int


def _sides_agree(fight: Fight, r: Reader, units: Any, keys: tuple[str, str]) -> None:
    """The attacker's and the defender's units belong to them, and they are two seats."""
    if fight.attacker == fight.defender:
        raise r.fail("defender", _("seat {seat} is also the attacker").format(seat=fight.defender))
    for key, seat in zip(keys, (fight.attacker, fight.defender), strict=True):
        unit_list(getattr(fight, key), r.where(key), units, seat)


class Clash(Fight):
    """A RIOT clash (rulebook "5) Clashes"): who attacks whom where, the units still in it on
    each side, the cards' effects so far, and the stage it is at."""

    kind = "clash"
    # the stages in order: the defender's distance cards, the attacker's, the attacker's choice
    # to go on, the attacker's and the defender's Blitz cards, then the count
    STAGES: ClassVar[tuple[str, ...]] = (
        "dist_def",
        "dist_att",
        "decide",
        "h2h_att",
        "h2h_def",
        "resolve",
    )
    fields = {
        "attacker": Field(a_seat),
        "defender": Field(a_seat),
        "target": Field(space(*ATTACKABLE)),
        "street": Field(_flag),  # 1 in a street, 0 in a building
        "building": Field(_flag),
        "att": Field(_on_board, required=False),
        "dfd": Field(_on_board, required=False),
        "shield": Field(_ids, required=False),  # units whose shield soaked a point already
        "bonus": Field(_two, required=False),  # Force from Blitz cards, per side
        "cap": Field(_two, required=False),  # "+1, at best a tie" cards, per side
        "no_po": Field(_flag, required=False),  # no Public Opinion card for this clash
        "hand_to_hand": Field(_flag, required=False),
        "stage": Field(one_of(*STAGES)),
    }
    defaults = {
        "att": [],
        "dfd": [],
        "shield": [],
        "bonus": [0, 0],
        "cap": [0, 0],
        "no_po": 0,
        "hand_to_hand": 0,
    }
    __slots__ = tuple(fields)
    target: str
    street: int
    building: int
    att: list[int]
    dfd: list[int]
    shield: list[int]
    bonus: list[int]
    cap: list[int]
    no_po: int
    hand_to_hand: int
    stage: str

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        data = super().read(r, context)
        kind = context.board.kind_of[data["target"]]
        for key, want in (("street", kind == bd.STREET), ("building", kind == bd.BUILDING)):
            if data[key] != want:
                raise r.fail(key, _target_mismatch(data["target"], kind))
        _sides_agree(cls(**{**cls.defaults, **data}), r, context.state.units, ("att", "dfd"))
        return data

    def engaged(self) -> bool:
        """Both sides still have units in the clash."""
        return bool(self.att) and bool(self.dfd)

    def enemies(self, seat: int) -> list[int]:
        """The units ``seat`` fights (its distance cards' targets)."""
        return self.att if seat == self.defender else self.dfd

    def leave(self, unit: int) -> None:
        """``unit`` is out of the clash (hit at distance)."""
        for side in (self.att, self.dfd):
            if unit in side:
                side.remove(unit)


def _riot_card(value: Any, where: str, context: Any) -> str:
    if not isinstance(value, str) or value not in pm_content().riot_deck:
        raise PositionError(
            _("{where}: {value} is not a RIOT card").format(where=where, value=f"{value!r:.60}")
        )
    return value


def _riot_piles(value: Any, where: str, context: Any) -> list[list[str]]:
    piles: list[list[str]] = list_of(list_of(_riot_card))(value, where, context)
    if len(piles) != 2:
        raise PositionError(
            _("{where}: is not two piles of RIOT cards (attacker, defender)").format(where=where)
        )
    return piles


class Combat(Fight):
    """A Politics & Media combat: who attacks where, each side's units, the RIOT cards each
    side committed face down and the Instant cards' bonus per side."""

    kind = "combat"
    fields = {
        "attacker": Field(a_seat),
        "defender": Field(a_seat),
        "target": Field(space(*ATTACKABLE)),
        "building": Field(_flag),
        "att": Field(_on_board, required=False),
        "dfd": Field(_on_board, required=False),
        "riot": Field(_riot_piles),
        "instant": Field(_two, required=False),
    }
    defaults = {"att": [], "dfd": [], "instant": [0, 0]}
    __slots__ = tuple(fields)
    target: str
    building: int
    att: list[int]
    dfd: list[int]
    riot: list[list[str]]
    instant: list[int]

    @classmethod
    def read(cls, r: Reader, context: Any) -> dict[str, Any]:
        data = super().read(r, context)
        if data["building"] != (context.board.kind_of[data["target"]] == bd.BUILDING):
            raise r.fail(
                "building", _("does not match the target {target}").format(target=data["target"])
            )
        _sides_agree(cls(**{**cls.defaults, **data}), r, context.state.units, ("att", "dfd"))
        return data
