"""Effects of cards, upgrades and Q-Powers.

``run_effect`` carries out one ``effect`` frame from the engine's stack; the answers to the
choices effects ask for are in ``decisions`` (one class per decision kind).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event, IllegalAction
from riotsim.games.quodd import abilities, catalog, elements, engine, moves
from riotsim.games.quodd.cube import SKILL_FACES
from riotsim.games.quodd.directions import ORTHOGONAL, Cell, as_cell, cell_json
from riotsim.games.quodd.events import (
    Boosted,
    CardMove,
    LineupWiped,
    NoTarget,
    QPowerUsed,
    SkillSwitched,
    Upgraded,
)
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import _

Events = list[Event]


# ---------------------------------------------------------------------------------------
# effects (cards, upgrades, Q-Powers)
# ---------------------------------------------------------------------------------------


def q_power_options(state: State, hero: Hero, used: list[str]) -> list[dict[str, Any]]:
    out = []
    unique = abilities.q_power(state, hero)
    if unique not in used:
        out.append({"power": unique})
    if "rearrange" not in used:
        out.append({"power": "rearrange"})
    if "upgrade" not in used and abilities.has(hero, "q_upgrade") and abilities.can_upgrade(hero):
        out.append({"power": "upgrade"})
    if "bomb" not in used and abilities.has(hero, "q_bomb"):
        out.append({"power": "bomb"})
    return out


def use_q_power(state: State, hero: Hero, power: str, events: Events) -> None:
    events.append(QPowerUsed.raw({"hero": hero.seat, "power": power}))
    if power == "rearrange":
        engine.effect(state, hero.seat, "rearrange", optional=1)
    elif power == "upgrade":
        engine.effect(state, hero.seat, "choose_upgrade")
    elif power == "bomb":
        from riotsim.games.quodd import bombs

        bombs.ask_direction(state, hero.seat, "standard")  # our ruling K1: standard, no die
    elif power == "place_terrain":
        engine.decide(
            state,
            "terrain_kind",
            hero.seat,
            [{"token": k} for k in ("wall", "broken_wall", "tunnel")],
        )
    elif power == "place_teleporter":
        engine.effect(state, hero.seat, "place", kind="teleporter", range=abilities.Q_RANGE)
    elif power == "earthquake":
        from riotsim.games.quodd import icons

        faces = icons.rolled(state, hero.seat, "direction", 1, "earthquake", {}, events)
        if faces is not None:
            earthquake(state, hero, faces[0], events)
    elif power == "rotate_board":
        engine.effect(state, hero.seat, "rotate_board")
    elif power == "copy_q":
        others = sorted(
            {abilities.q_power(state, h) for h in state.heroes if h is not hero} - {"copy_q"}
        )
        if others:
            engine.decide(state, "copy_q", hero.seat, [{"power": p} for p in others])
    elif power == "flip_upgrade":
        if hero.track:
            engine.decide(
                state, "flip_upgrade", hero.seat, [{"slot": i} for i in range(len(hero.track))]
            )
    else:
        raise IllegalAction(_("unknown Q-Power {power}").format(power=power))


def earthquake(state: State, hero: Hero, direction: str, events: Events) -> None:
    """Every hero tumbles once the way the direction die showed."""
    # The hero furthest in that direction goes first (frames are a stack: queue it last),
    # so the heroes behind may tumble into the squares it leaves.
    for other in reversed(elements.front_first(list(state.heroes), direction)):
        elements.forced_tumble(state, other, direction, hero.seat, events)


REARRANGE_SWAPS = ("done",) + tuple(
    f"{a}/{b}" for i, a in enumerate(SKILL_FACES) for b in SKILL_FACES[i + 1 :]
)


def rearrange_options(hero: Hero) -> list[dict[str, Any]]:
    """Swap two skill tiles (asked again after each swap), or keep the layout. Always the
    same list (decision data is never edited once asked, so decisions may share it)."""
    return _REARRANGE_OPTIONS


_REARRANGE_OPTIONS = [{"swap": swap} for swap in REARRANGE_SWAPS]


EffectFn = Callable[[State, dict[str, Any], Events, int, Hero, int, str], None]
_EFFECTS: dict[str, EffectFn] = {}


def _effect(do: str) -> Callable[[EffectFn], EffectFn]:
    """Register how the effect ``do`` runs (an ``effect`` frame's ``do`` names it)."""

    def register(fn: EffectFn) -> EffectFn:
        _EFFECTS[do] = fn
        return fn

    return register


def run_effect(state: State, frame: dict[str, Any], events: Events) -> None:
    seat = int(frame["seat"])
    hero = state.heroes[seat]
    do = frame["do"]
    n = int(frame.get("n", 1))
    run = _EFFECTS.get(do)
    if run is None:
        raise RuntimeError(f"unknown effect {do}")
    run(state, frame, events, seat, hero, n, do)


@_effect("boost")
def _boost(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    key = frame.get("skill") or "all"
    state.turn.boosts[key] = state.turn.boosts.get(key, 0) + n
    events.append(Boosted.of(hero=seat, skill=key, by=n))


@_effect("place")
def _place(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    kind = frame["kind"]
    targets = moves.placement_targets(state, hero, kind, int(frame.get("range", 0)))
    if not targets:
        events.append(NoTarget.of(hero=seat, effect=do))
        return
    options: list[dict[str, Any]]
    if kind in ("current", "cannon"):  # a cannon points where its placer chooses (C1, C2)
        options = [{"at": cell_json(c), "dir": d} for c in targets for d in ORTHOGONAL]
    else:
        options = [{"at": cell_json(c)} for c in targets]
    engine.decide(state, "place", seat, options, kind=kind)


@_effect("break_wall")
def _break_wall(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    reach = int(frame.get("range", 0))
    walls = [c for c in moves.cells_in_range(state, hero.pos, reach) if state.board.is_wall(c)]
    if walls:
        engine.decide(state, "break_wall", seat, [{"at": cell_json(c)} for c in walls])
    else:
        events.append(NoTarget.of(hero=seat, effect=do))


def _destroyable(state: State, cells: list[Cell]) -> list[dict[str, Any]]:
    """A "destroy" choice's options: every destroyable token on ``cells``."""
    return [
        {"at": cell_json(c), "token": t.kind}
        for c in cells
        for t in state.board.at(c)
        if t.kind in engine.DESTROYABLE
    ]


@_effect("destroy")
def _destroy(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    reach = int(frame.get("range", 0))
    options = _destroyable(state, moves.cells_in_range(state, hero.pos, reach))
    if options:
        engine.decide(state, "destroy", seat, options)
    else:
        events.append(NoTarget.of(hero=seat, effect=do))


@_effect("explore")
def _explore(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    optional = int(frame.get("optional", 0))
    if n > 1:
        engine.effect(state, seat, "explore", n=n - 1, optional=optional)
    options = engine.explore_options(state, seat)
    if options:
        # "you may explore" (gold skill tiles, Good Fortune): not exploring is a choice
        skip = [{"src": "none"}] if optional else []
        engine.decide(state, "explore", seat, skip + options)


@_effect("explore_deck")
def _explore_deck(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    for _card in range(n):
        engine.take_card(state, hero, "deck", 0, events)


@_effect("explore_type")
def _explore_type(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    engine.explore_type(state, hero, frame["kind"], events)


@_effect("rearrange")
def _rearrange(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    engine.decide(state, "rearrange", seat, rearrange_options(hero))


@_effect("dash")
def _dash(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    turn = state.turn
    turn.return_phase = state.phase
    turn.free_move = True
    turn.skill = "dash"
    turn.stage = "skill"
    turn.remaining = n
    turn.steps = 0
    turn.direction = None
    turn.last_dir = None
    state.phase = "movement"
    events.append(CardMove.of(hero=seat, skill="dash", distance=n))


@_effect("twister")
def _twister(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    engine.decide(state, "twister", seat, [{"spin": "cw"}, {"spin": "ccw"}])


@_effect("wind")
def _wind(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    from riotsim.games.quodd import icons

    faces = icons.rolled(state, seat, "direction", 1, "wind", {}, events)
    if faces is not None:
        elements.slide_all(state, faces[0], seat, events)


@_effect("strong_wind")
def _strong_wind(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    engine.decide(state, "strong_wind", seat, [{"dir": d} for d in ORTHOGONAL], n=n)


@_effect("slide_all")
def _slide_all(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    if n > 1:
        engine.effect(state, seat, "slide_all", dir=frame["dir"], n=n - 1)
    elements.slide_all(state, frame["dir"], seat, events)


@_effect("slide_other")
def _slide_other(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    options = [
        {"hero": h.seat, "dir": d}
        for h in state.heroes
        if h is not hero
        for d in ORTHOGONAL
        if moves.slide_destination(state, h, d) is not None
    ]
    if options:
        engine.decide(state, "slide_other", seat, options, n=n)


@_effect("upgrade_skill")
def _upgrade_skill(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    options = [{"skill": s} for s in catalog.SKILLS if s not in hero.upgraded]
    if options:
        engine.decide(state, "upgrade_skill", seat, options)


@_effect("wipe_lineup")
def _wipe_lineup(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    state.discard.extend(state.lineup)
    events.append(LineupWiped.of(cards=list(state.lineup)))
    state.lineup = []
    engine.refill_lineup(state, events)


@_effect("rotate_board")
def _rotate_board(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    index = state.board.section_index(hero.pos)
    if index is not None and state.board.section_turnable(index):  # square, no platform across
        engine.decide(
            state, "rotate_section", seat, [{"spin": "cw"}, {"spin": "ccw"}], section=index
        )


@_effect("swap_other")
def _swap_other(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    faces = list(SKILL_FACES)
    options = [
        {"hero": h.seat, "swap": f"{a}/{b}"}
        for h in state.heroes
        if h is not hero
        for i, a in enumerate(faces)
        for b in faces[i + 1 :]
    ]
    if options:
        engine.decide(state, "swap_other", seat, options)


@_effect("aim")
def _aim(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    reach = int(frame.get("range", 0))
    cells = moves.cells_in_range(state, hero.pos, reach)
    options = [{"at": cell_json(c), "token": "wall"} for c in cells if state.board.is_wall(c)]
    options += _destroyable(state, cells)
    if options:
        engine.decide(state, "destroy", seat, options)
    else:
        events.append(NoTarget.of(hero=seat, effect=do))


@_effect("forced_tumble")
def _forced_tumble(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    target = state.heroes[int(frame["hero"])]
    elements.forced_tumble_step(state, target, list(frame["parts"]), seat, events)


@_effect("explode")
def _explode(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    elements.explosion(state, as_cell(frame["at"]), seat, events)


@_effect("crush")
def _crush(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    walls = [w for w in frame["walls"] if state.board.is_wall(as_cell(w))]
    if walls:
        at = walls[0]
        options = [{"at": at, "crush": "break"}, {"at": at, "crush": "keep"}]
        engine.decide(state, "crush", seat, options, rest=walls[1:])


@_effect("land")
def _land(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    engine.land_jump(
        state,
        hero,
        as_cell(frame["at"]),
        chooser=int(frame["chooser"]),
        own=bool(frame["own"]),
        events=events,
        origin=as_cell(frame["origin"]),
        kind=str(frame["kind"]),
    )


@_effect("begin_movement")
def _begin_movement(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    engine.begin_movement(state, events)


@_effect("begin_exploration")
def _begin_exploration(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    engine.begin_exploration(state, events)


@_effect("q_offer")
def _q_offer(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    more = q_power_options(state, hero, list(frame["used"]))
    if more:
        engine.decide(state, "q_token", seat, [{"power": "skip"}] + more, used=list(frame["used"]))


@_effect("choose_upgrade")
def _choose_upgrade(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    if abilities.can_upgrade(hero):
        engine.decide(state, "choose_upgrade", seat, upgrade_options(hero))


# -- bombs (issue 12 part A) ----------------------------------------------------------------


@_effect("fire_bomb")
def _fire_bomb(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    """Fire Flask / Frost Flask: a bomb of ``kind`` leaves the hero's square (spec K8)."""
    from riotsim.games.quodd import bombs

    bombs.ask_direction(state, seat, str(frame.get("kind") or "standard"))


@_effect("push_bomb")
def _push_bomb(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    engine.decide(state, "push_bomb", seat, [{"bomb": "yes"}, {"bomb": "no"}], hero=seat)


@_effect("crystal_bomb")
def _crystal_bomb(
    state: State, frame: dict[str, Any], events: Events, seat: int, hero: Hero, n: int, do: str
) -> None:
    """Crystal Bomb (L482): destroy a carried crystal (its colour chosen when several)."""
    from riotsim.games.quodd import bombs

    crystals = sorted({c for c in hero.carrying if c.startswith("crystal")})
    if len(crystals) == 1:
        bombs.crystal_bomb(state, hero, crystals[0], events)
    elif crystals:
        engine.decide(state, "crystal_bomb", seat, [{"item": c} for c in crystals])
    else:
        events.append(NoTarget.of(hero=seat, effect=do))


def queue_effects(state: State, hero: Hero, spec: catalog.CardSpec, events: Events) -> None:
    """Queue a card's effects so the first one resolves first."""
    bonus = abilities.rune_range_bonus(hero) if spec.type == "rune" else 0
    for eff in reversed(spec.effects):
        params: dict[str, Any] = {"n": eff.n}
        if eff.skill:
            params["skill"] = eff.skill
        if eff.kind:
            params["kind"] = eff.kind
        if eff.range:
            params["range"] = eff.range + bonus
        engine.effect(state, hero.seat, eff.do, **params)


IMPULSE_BLOCKED = ("dash", "boost")  # effects that only make sense for the moving hero


def impulse_cards(hero: Hero) -> list[str]:
    cards = catalog.cards()
    return sorted(
        {
            c
            for c in hero.hand
            if cards[c].impulse and not any(e.do in IMPULSE_BLOCKED for e in cards[c].effects)
        }
    )


def may_play_impulse(state: State, seat: int) -> bool:
    """A seat other than the active one, holding a playable Impulse card, that has not said
    it is done with impulses for this turn."""
    if seat == state.active or seat in state.turn.impulse_off:
        return False
    return bool(impulse_cards(state.heroes[seat]))


def impulse_holders(state: State) -> list[int]:
    """The seats to ask in an impulse window, in turn order after the active player."""
    if state.current.buddy:
        return []  # Buddy Cards: no cards are played during a buddy's turn (spec Y2)
    for hero in state.heroes:
        if hero.hand:
            break
    else:
        return []  # no cards in any hand (most windows of the card-less scenarios)
    n = len(state.heroes)
    seats = [(state.active + i) % n for i in range(1, n)]
    return [s for s in seats if may_play_impulse(state, s)]


def upgrade_options(hero: Hero) -> list[dict[str, Any]]:
    if hero.side == "b":
        from riotsim.games.quodd import bside

        return bside.upgrade_options(hero)
    return [{"tile": t, "side": s} for t in abilities.free_tiles(hero) for s in ("a", "b")]


def place_upgrade(state: State, hero: Hero, tile: str, side: str, events: Events) -> None:
    if hero.side == "b":  # onto a face slot (spec S1)
        from riotsim.games.quodd import bside

        bside.place(state, hero, tile, side, events)
        return
    if tile not in abilities.free_tiles(hero) or side not in ("a", "b"):
        raise IllegalAction(
            _("upgrade tile {tile} side {side} is not available").format(tile=tile, side=side)
        )
    hero.track.append((tile, side))
    spec = catalog.upgrade_tile(hero.hero, tile).side(side)
    events.append(
        Upgraded.raw({"hero": hero.seat, "tile": tile, "side": side, "label": spec.label})
    )
    if spec.count("upgrade_skill"):
        engine.effect(state, hero.seat, "upgrade_skill")


def swap_faces(hero: Hero, pair: str) -> None:
    a, b = pair.split("/")
    hero.skills[a], hero.skills[b] = hero.skills[b], hero.skills[a]
    if hero.side == "b":  # gold tiles follow the Upgrade Skill faces (spec S7)
        from riotsim.games.quodd import bside

        bside.after_swap(hero, a, b)


def after_rearrange(state: State, hero: Hero, events: Events, old_skill: str | None) -> None:
    """FAQ: rearranging mid-move puts a new skill on top: finish the move with it.

    Boosts aimed at the old skill do not carry over to the new one. A gold old skill the hero
    has moved with still gives its exploration (Skill tiles, upgraded side: "when you move
    with this skill you may also explore immediately after").
    """
    turn = state.turn
    if not (state.phase == "movement" and hero.seat == state.active and turn.stage == "skill"):
        return
    new_skill = hero.top_skill
    if new_skill is None or new_skill == old_skill or old_skill is None:
        return
    remaining = max(0, turn.remaining - turn.boosts.get(old_skill, 0))
    if old_skill in hero.upgraded:
        remaining = max(0, remaining - 1)
    if new_skill in turn.used:
        turn.remaining = 0  # the old skill finishes as usual, with its gold exploration
        return
    if turn.steps > 0 and not turn.free_move:
        engine.gold_explore(state, hero, old_skill)
    turn.used.append(new_skill)
    turn.skill = new_skill
    turn.remaining = remaining + turn.boosts.get(new_skill, 0)
    turn.direction = None
    turn.steps = 0
    events.append(
        SkillSwitched.of(
            fields={
                "hero": hero.seat,
                "from": old_skill,
                "to": new_skill,
                "remaining": turn.remaining,
            }
        )
    )


# Other modules register their own effects with this (issue 13 part B: overlord.py).
register = _effect
