"""Reading a RIOT or Politics & Media position that came from outside (a save's start, a test, a
bug report): every field is checked for its type, its range and what it refers to (seats,
spaces of the board, unit kinds, cards, characters), and the invariants the rules rely on (a
clash under way has its decision open, a unit in a clash exists and belongs to its side) are
checked across fields. A position that fails raises :class:`PositionError` naming the field.

The reading is shared where the two games' positions hold the same things (units, the map,
the random stream, seat lists); each game's own fields are read by its function below.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from riotsim.core.contract import Decision, PositionError
from riotsim.core.fields import Reader, check_int
from riotsim.core.frames import FrameKinds
from riotsim.core.rng import Rng
from riotsim.games.riot import city as bd
from riotsim.games.riot import fieldchecks
from riotsim.games.riot.common import team_word
from riotsim.games.riot.content import PROTESTERS
from riotsim.games.riot.fights import Clash, Combat
from riotsim.games.riot.frames import FRAMES as RIOT_FRAMES
from riotsim.games.riot.pm_frames import FRAMES as PM_FRAMES
from riotsim.games.riot.pm_state import PMState
from riotsim.games.riot.state import RiotState, Unit
from riotsim.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from riotsim.games.riot.pm_rules import PoliticsMediaRules
    from riotsim.games.riot.rules import RiotRules

SMALL = 999  # credits, points, counters: far above anything a game reaches
MANY = 10_000  # list lengths (cards, ids)
MOST_UNITS = 500  # far more than the boxes hold (riot: 96 tokens)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# -- pieces both games share ------------------------------------------------------------------
def no_other_fields(r: Reader, fields: Collection[str]) -> None:
    """A field the game does not know is a mistake (a misspelt name would be ignored)."""
    for key in r.data:
        if key not in fields:
            raise PositionError(
                _("{key}: not a field of this game's positions").format(key=_show(key))
            )


def read_map(r: Reader, key: str, allowed: Callable[[str], bool]) -> str:
    """The map's id: a shipped map (a plain name) or the map file a setup named; a position
    never makes riotsim open any other file."""
    map_id = r.text(key, "city")
    if not allowed(map_id):
        raise r.fail(
            key,
            _(
                "{map} is not a shipped map (a plain name such as 'city') nor the map "
                "this game's setup names"
            ).format(map=_show(map_id)),
        )
    return map_id


def read_rng(r: Reader) -> Rng:
    rr = r.sub("rng", {"seed": 0})
    seed = rr.int("seed", low=-(2**64), high=2**64)
    counter = rr.int("counter", 0, low=0, high=2**64)
    scripted = rr.list("scripted", [], most=1000)
    for i, value in enumerate(scripted):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise PositionError(
                _("{where}: {value} is not a number or a text").format(
                    where=f"{rr.where('scripted')}[{i}]", value=_show(value)
                )
            )
    return Rng(seed, counter, list(scripted))


def _flag(value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise PositionError(_("{where}: {value} is not 0 or 1").format(where=where, value=_show(value)))


def read_units(
    r: Reader, seats: int, board: bd.CityBoard, kind_of_seat: Callable[[int], Collection[str]]
) -> dict[int, Unit]:
    """Units as [id, seat, kind, space, moves, attacked, wounded, fresh], kept in id order."""
    units: dict[int, Unit] = {}
    for i, raw in enumerate(r.list("units", [], most=MOST_UNITS)):
        where = f"{r.where('units')}[{i}]"
        if not isinstance(raw, list) or len(raw) != 8:
            raise PositionError(
                _(
                    "{where}: {value} is not a unit [id, seat, kind, space, moves, attacked, "
                    "wounded, fresh]"
                ).format(where=where, value=_show(raw))
            )
        uid = check_int(raw[0], f"{where}[0] (id)", low=1, high=10**9)
        if uid in units:
            raise PositionError(
                _("{where}: unit {id} is listed twice").format(where=f"{where}[0] (id)", id=uid)
            )
        seat = check_int(raw[1], f"{where}[1] (seat)", low=0, high=seats - 1)
        kind, space = raw[2], raw[3]
        if not isinstance(kind, str) or kind not in kind_of_seat(seat):
            raise PositionError(
                _("{where}: seat {seat} has no unit {kind}").format(
                    where=f"{where}[2] (kind)", seat=seat, kind=_show(kind)
                )
            )
        if not isinstance(space, str) or space not in board.spaces:
            raise PositionError(
                _("{where}: {value} is not a space of the board").format(
                    where=f"{where}[3] (space)", value=_show(space)
                )
            )
        moves = check_int(raw[4], f"{where}[4] (moves)", low=0, high=99)
        flags = [_flag(raw[j], f"{where}[{j}]") for j in (5, 6, 7)]
        units[uid] = Unit(uid, seat, kind, space, moves, *flags)
    return dict(sorted(units.items()))


def read_next_id(r: Reader, units: dict[int, Unit]) -> int:
    highest = max(units, default=0)
    next_id = r.int("next_id", highest + 1, low=1, high=10**9 + 1)
    if next_id <= highest:
        raise r.fail(
            "next_id",
            _("{n} is not above the highest unit id {highest}").format(n=next_id, highest=highest),
        )
    return next_id


def per_seat(r: Reader, key: str, seats: int, default: Any = None) -> list[Any]:
    """A list with one entry per seat."""
    values = r.list(key, default if default is not None else [])
    if len(values) != seats:
        raise r.fail(
            key,
            ngettext(
                "{n} entries for {seats} seats", "{n} entries for {seats} seats", len(values)
            ).format(n=len(values), seats=seats),
        )
    return values


def seat_ints(r: Reader, key: str, seats: int, default: int = 0, low: int = 0) -> list[int]:
    values = per_seat(r, key, seats, [default] * seats)
    return [check_int(v, f"{r.where(key)}[{i}]", low=low, high=SMALL) for i, v in enumerate(values)]


CARD = N_("card")  # what a pile holds, in a message: N_ words, translated there


def seat_cards(
    r: Reader, key: str, seats: int, known: Collection[str], what: str = CARD
) -> list[list[str]]:
    """One pile of card ids per seat."""
    piles = per_seat(r, key, seats, [[] for _seat in range(seats)])
    out = []
    for seat, pile in enumerate(piles):
        out.append(cards(pile, f"{r.where(key)}[{seat}]", known, what))
    return out


def cards(pile: Any, where: str, known: Collection[str], what: str = CARD) -> list[str]:
    if not isinstance(pile, list) or len(pile) > MANY:
        raise PositionError(
            _("{where}: {value} is not a list of cards").format(where=where, value=_show(pile))
        )
    for i, card in enumerate(pile):
        if not isinstance(card, str) or card not in known:
            raise PositionError(
                _("{where}: {value} is not a {what}").format(
                    where=f"{where}[{i}]", value=_show(card), what=_(what)
                )
            )
    return list(pile)


def seat_list(r: Reader, key: str, seats: Collection[int], distinct: bool = True) -> list[int]:
    return fieldchecks.seats_among(r.raw(key, []), r.where(key), seats, distinct)


def int_map(
    r: Reader, key: str, keys: Collection[str] | None = None, low: int = 0
) -> dict[str, int]:
    raw = r.mapping(key, {})
    out = {}
    for k, v in raw.items():
        if keys is not None and k not in keys:
            raise PositionError(_("{where}: not a known entry").format(where=f"{r.where(key)}.{k}"))
        out[k] = check_int(v, f"{r.where(key)}.{k}", low=low, high=SMALL)
    return out


def unit_ids(
    r: Reader, key: str, units: dict[int, Unit], seat: int | None, default: Any = None
) -> list[int]:
    """Ids of units on the board (of ``seat`` when given), each once."""
    return fieldchecks.unit_list(
        r.raw(key, [] if default is None else default), r.where(key), units, seat
    )


def space(r: Reader, key: str, board: bd.CityBoard, kinds: Collection[str]) -> str:
    return fieldchecks.space_of(r.raw(key), r.where(key), board, kinds)


def pending_frame(
    r: Reader, state: Any, board: bd.CityBoard, frames: FrameKinds[Any]
) -> tuple[Decision, Reader]:
    """The one pending frame: its kind and seat, then its data read through its kind's
    declaration (against ``state`` as read so far). Returns the frame and its reader."""
    frames_read = r.items("pending", [], most=1)
    fr = frames_read[0]
    kind = fr.choice("kind", frames.kinds())
    seat = fr.int("seat", low=0, high=state.seats - 1)
    data = fr.sub("data", {})
    frame = Decision(kind, seat, {})
    frame.data = frames.read_data(kind, data, fieldchecks.FrameContext(state, board, seat, fr))
    return frame, fr


def building_seats(r: Reader, key: str, board: bd.CityBoard, seats: int) -> dict[str, int]:
    """Building -> seat (P&M's occupation markers)."""
    raw = r.mapping(key, {})
    out = {}
    for b, seat in raw.items():
        if board.kind_of.get(b) != bd.BUILDING:
            raise PositionError(
                _("{where}: not a building of the board").format(where=f"{r.where(key)}.{b}")
            )
        out[b] = check_int(seat, f"{r.where(key)}.{b}", low=0, high=seats - 1)
    return out


# -- RIOT: Cast the First Stone ---------------------------------------------------------------
RIOT_PHASES = ("placement", "purchase", "move", "clash", "over")
RIOT_FIELDS = tuple("map" if f == "map_id" else f for f in RiotState.__slots__)  # type: ignore[attr-defined]


def read_riot(rules: RiotRules, position: Any) -> RiotState:
    r = Reader(position)
    no_other_fields(r, RIOT_FIELDS)
    c = rules.content
    map_id = read_map(r, "map", rules.map_allowed)
    teams = _riot_teams(r, rules)
    n = len(teams)
    state = RiotState(map_id=map_id, teams=teams)
    board = rules.board(state)
    kinds = {t: {k for (team, k) in c.units if team == t} for t in teams}
    state.units = read_units(r, n, board, lambda seat: kinds[teams[seat]])
    state.supply = _riot_supply(r, teams, kinds)
    state.credits = seat_ints(r, "credits", n)
    state.hands = seat_cards(r, "hands", n, c.cards)
    state.decks = seat_cards(r, "decks", n, c.cards)
    state.discards = seat_cards(r, "discards", n, c.cards)
    state.area_points = seat_ints(r, "area_points", n)
    goals = {g.id for g in c.goals}
    state.goals = per_seat(r, "goals", n, [""] * n)
    for i, goal in enumerate(state.goals):
        if not isinstance(goal, str) or (goal != "" and goal not in goals):
            raise PositionError(
                _("{where}: {value} is not a goal (nor '')").format(
                    where=f"goals[{i}]", value=_show(goal)
                )
            )
    state.eliminated = [
        _flag(e, f"eliminated[{i}]") for i, e in enumerate(per_seat(r, "eliminated", n, [0] * n))
    ]
    _riot_opinion(r, state, {p.id for p in c.opinion})
    penalties = {p.penalty.value for p in c.opinion} | {"income"}
    state.police_next = int_map(r, "police_next", penalties)
    state.police_now = int_map(r, "police_now", penalties)
    state.protester_bonus = seat_ints(r, "protester_bonus", n)
    state.phase = r.choice("phase", RIOT_PHASES)
    state.active = r.int("active", 0, low=0, high=n - 1)
    protesters = range(1, n)
    state.order = seat_list(r, "order", protesters)
    state.placement = seat_list(r, "placement", protesters, distinct=False)
    for seat in protesters:
        if seat not in state.order and not state.eliminated[seat]:
            raise r.fail(
                "order",
                _("seat {seat} still plays but has no place in the turn order").format(seat=seat),
            )
    state.round = r.int("round", 1, low=0, high=SMALL)
    state.round_limit = r.int("round_limit", 0, low=0, high=SMALL)
    state.cards_bought = r.int("cards_bought", 0, low=0, high=SMALL)
    state.attacks = int_map(r, "attacks")
    state.clashes = r.int("clashes", 0, low=0, high=SMALL)
    state.moved = r.ints("moved", [], low=0)
    state.winners = seat_list(r, "winners", range(n))
    state.reason = r.text("reason", "")
    state.next_id = read_next_id(r, state.units)
    state.removed = seat_ints(r, "removed", n)
    state.rng = read_rng(r)
    if state.phase == "placement":
        _riot_placement(r, rules, state)
    if state.phase != "over":
        _riot_clash(r, state, board)
        _riot_pending(r, state, board)
    return state


def _riot_teams(r: Reader, rules: RiotRules) -> list[str]:
    """The teams by seat: the police in seat 0, then protester teams, each once."""
    teams = r.texts("teams")
    if not 2 <= len(teams) <= rules.max_players:
        raise r.fail(
            "teams",
            ngettext(
                "{n} teams; RIOT is played by 2 to {most}",
                "{n} teams; RIOT is played by 2 to {most}",
                len(teams),
            ).format(n=len(teams), most=rules.max_players),
        )
    if teams[0] != "police":
        raise r.fail(
            "teams", _("{team} in seat 0, which is always the police").format(team=_show(teams[0]))
        )
    for i, team in enumerate(teams[1:], 1):
        if team not in PROTESTERS:
            raise PositionError(
                _("{where}: {value} is not a protester team").format(
                    where=f"teams[{i}]", value=_show(team)
                )
            )
    if len(set(teams)) != len(teams):
        raise r.fail("teams", _("a team plays only once"))
    return teams


def _riot_supply(r: Reader, teams: list[str], kinds: dict[str, set[str]]) -> list[dict[str, int]]:
    supply = per_seat(r, "supply", len(teams))
    out = []
    for seat, raw in enumerate(supply):
        sr = Reader(raw, f"{r.where('supply')}[{seat}]")
        have = {k: sr.int(k, low=0, high=SMALL) for k in sorted(kinds[teams[seat]])}
        extra = set(sr.data) - set(have)
        if extra:
            raise sr.fail(
                sorted(map(str, extra))[0],
                _("the {team} have no such unit").format(team=team_word(teams[seat])),
            )
        out.append(have)
    return out


def _riot_opinion(r: Reader, state: RiotState, known: set[str]) -> None:
    what = N_("Public Opinion card")
    state.po_deck = cards(r.raw("po_deck", []), "po_deck", known, what)
    state.po_revealed = cards(r.raw("po_revealed", []), "po_revealed", known, what)
    drawn = r.text("po_drawn", "")
    if drawn and drawn not in known:
        raise r.fail(
            "po_drawn",
            _("{value} is not a Public Opinion card (nor '')").format(value=_show(drawn)),
        )
    state.po_drawn = drawn


def _riot_placement(r: Reader, rules: RiotRules, state: RiotState) -> None:
    """The First Round: the seat placing is the first of ``placement``; nobody places more
    buildings than the round gives."""
    if not state.placement:
        raise r.fail("placement", _("empty in the placement phase"))
    if state.active != state.placement[0]:
        raise r.fail(
            "active",
            _("seat {seat}, but seat {next} places next").format(
                seat=state.active, next=state.placement[0]
            ),
        )
    need = rules.placement_target(state)
    for seat in set(state.placement):
        placed = len(rules.occupied_buildings(state, seat))
        if placed + state.placement.count(seat) > need:
            raise r.fail(
                "placement",
                ngettext(
                    "seat {seat} would place more than {n} units",
                    "seat {seat} would place more than {n} units",
                    need,
                ).format(seat=seat, n=need),
            )


def _riot_clash(r: Reader, state: RiotState, board: bd.CityBoard) -> None:
    if r.raw("clash", None) is not None:
        state.clash = Clash.load(r.sub("clash"), fieldchecks.FrameContext(state, board))


def _riot_pending(r: Reader, state: RiotState, board: bd.CityBoard) -> None:
    if not r.raw("pending", []):
        if state.clash is not None:
            raise r.fail("clash", _("a clash is under way but nobody is asked to decide in it"))
        return
    _fight_frame(r, "clash", state.clash, RIOT_FRAMES)
    frame, _reader = pending_frame(r, state, board, RIOT_FRAMES)
    state.pending = [frame]


def _fight_frame(r: Reader, key: str, fight: Any, frames: FrameKinds[Any]) -> None:
    """The pending frame is one of the fight's (clash, combat) exactly when one is under way."""
    fr = r.items("pending", [], most=1)[0]
    kind = fr.choice("kind", frames.kinds())
    of_fight = frames[kind].of_fight
    if of_fight and fight is None:
        raise r.fail(
            key,
            _("missing, but {path} is a {kind} decision of the {fight}").format(
                path=fr.path, kind=repr(kind), fight=key
            ),
        )
    if fight is not None and not of_fight:
        raise fr.fail(
            "kind",
            _("{kind} is not a decision of the {fight} under way").format(
                kind=repr(kind), fight=key
            ),
        )


# -- RIOT Politics & Media --------------------------------------------------------------------
PM_PHASES = ("setup", "purchase", "cards", "move", "combat", "over")
PM_SIDES = ("police", "protesters")
_CHARACTER_OF = (N_("police character"), N_("protesters character"))  # by seat


def read_pm(rules: PoliticsMediaRules, position: Any) -> PMState:
    r = Reader(position)
    no_other_fields(r, PMState.__slots__)  # type: ignore[attr-defined]
    c = rules.content
    state = PMState(map_id=read_map(r, "map_id", rules.map_allowed))
    board = rules.board(state)
    kinds = [{u.id for u in c.side_units(side)} for side in PM_SIDES]
    state.units = read_units(r, 2, board, lambda seat: kinds[seat])
    state.credits = seat_ints(r, "credits", 2)
    tr = r.sub("tracks", {"politics": 0, "media": 0})
    state.tracks = {t: tr.int(t, low=-5, high=5) for t in ("politics", "media")}
    if set(tr.data) - set(state.tracks):
        raise r.fail("tracks", _("has only the politics and the media track"))
    riot_cards = set(c.riot_deck)
    riot = N_("RIOT card")
    state.riot_decks = seat_cards(r, "riot_decks", 2, riot_cards, riot)
    state.riot_hands = seat_cards(r, "riot_hands", 2, riot_cards, riot)
    state.riot_discards = seat_cards(r, "riot_discards", 2, riot_cards, riot)
    politics, media = set(c.politics_deck), set(c.media_deck)
    state.politics_deck = cards(
        r.raw("politics_deck", []), "politics_deck", politics, N_("Politics card")
    )
    state.media_deck = cards(r.raw("media_deck", []), "media_deck", media, N_("Media card"))
    either = N_("Politics or Media card")
    state.discard = cards(r.raw("discard", []), "discard", c.cards, either)
    state.hands = seat_cards(r, "hands", 2, c.cards, either)
    state.characters = _pm_characters(r, rules)
    state.markers = building_seats(r, "markers", board, 2)
    state.established = building_seats(r, "established", board, 2)
    state.phase = r.choice("phase", PM_PHASES)
    state.active = r.int("active", 1, low=0, high=1)
    state.round = r.int("round", 1, low=0, high=SMALL)
    state.round_limit = r.int("round_limit", 0, low=0, high=SMALL)
    state.setup_left = r.int("setup_left", 2, low=0, high=2)
    if state.phase == "setup" and (state.setup_left == 0 or state.active != 1):
        raise r.fail(
            "setup_left", _("in the setup phase the Protesters (seat 1) have units to place")
        )
    state.riot_bought = r.int("riot_bought", 0, low=0, high=SMALL)
    state.moved = r.ints("moved", [], low=0)
    state.winners = seat_list(r, "winners", range(2))
    state.reason = r.text("reason", "")
    state.next_id = read_next_id(r, state.units)
    state.removed = seat_ints(r, "removed", 2)
    state.rng = read_rng(r)
    if state.phase != "over":
        _pm_combat(r, state, board)
        _pm_pending(r, state, board)
    return state


def _pm_characters(r: Reader, rules: PoliticsMediaRules) -> list[list[str]]:
    chars = rules.content.characters
    out = []
    for seat, active in enumerate(per_seat(r, "characters", 2, [[], []])):
        where = f"{r.where('characters')}[{seat}]"
        mine = [ch for ch in chars if chars[ch].side == PM_SIDES[seat]]
        ids = cards(active, where, mine, _CHARACTER_OF[seat])
        if len(set(ids)) != len(ids):
            raise PositionError(
                _("{where}: {ids} names a character twice").format(where=where, ids=ids)
            )
        out.append(ids)
    return out


def _pm_combat(r: Reader, state: PMState, board: bd.CityBoard) -> None:
    if r.raw("combat", None) is not None:
        state.combat = Combat.load(r.sub("combat"), fieldchecks.FrameContext(state, board))


def _pm_pending(r: Reader, state: PMState, board: bd.CityBoard) -> None:
    if not r.raw("pending", []):
        if state.combat is not None:
            raise r.fail("combat", _("a combat is under way but nobody is asked for cards"))
        return
    _fight_frame(r, "combat", state.combat, PM_FRAMES)
    frame, _reader = pending_frame(r, state, board, PM_FRAMES)
    state.pending = [frame]
