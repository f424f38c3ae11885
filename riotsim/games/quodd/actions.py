"""Legal actions by phase and applying them (the Ruleset delegates here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.actions import (
    CELL,
    CELL_OR_WORD,
    NUMBER,
    WORD,
    ActionKind,
    ActionKinds,
    optional,
)
from riotsim.core.contract import Action, Event, IllegalAction
from riotsim.games.quodd import (
    abilities,
    beams,
    catalog,
    decisions,
    effects,
    elements,
    engine,
    moves,
    refusals,
    scenario,
)
from riotsim.games.quodd.board import Token
from riotsim.games.quodd.directions import DELTA, ORTHOGONAL, step
from riotsim.games.quodd.events import (
    CardActivated,
    CardDiscarded,
    CardPlayed,
    CardUnequipped,
    TokenPlaced,
    UpgradeUsed,
)
from riotsim.games.quodd.state import Hero, State, Turn
from riotsim.i18n import N_, _, pgettext

Events = list[Event]

_LEAVE = optional(WORD)  # Wall Builder / Trench Digger: the token left behind

# Every action the rules offer. A ``choose`` answers the pending decision with one of its
# options, whose fields depend on the decision's kind (positions.py declares them per kind);
# ``to`` is a cell, or "stay" above ground for a tunnel.
ACTIONS = ActionKinds(
    ActionKind("move"),
    ActionKind("explore"),
    ActionKind("stop"),
    ActionKind("done"),
    ActionKind("play", card=WORD, replace=optional(WORD)),
    ActionKind("activate", card=WORD),
    ActionKind("mind_push", discard=WORD),
    ActionKind("use", icon=WORD, discard=optional(WORD)),
    ActionKind("trade", discard=WORD),
    ActionKind("tumble", dir=WORD, leave=_LEAVE),
    ActionKind("step", dir=WORD, leave=_LEAVE),
    ActionKind("roll", dir=WORD, leave=_LEAVE),
    ActionKind("jump", dir=WORD, over=NUMBER, leave=_LEAVE),
    ActionKind("warp", to=CELL),
    ActionKind("qpower", power=WORD),
    ActionKind("steal", **{"from": NUMBER}, item=WORD, pay=optional(WORD)),
    ActionKind("block", put=optional(CELL), take=optional(CELL)),  # power blocks (W8)
    ActionKind("draw", src=WORD, i=optional(NUMBER)),
    ActionKind("discard", card=WORD),
    ActionKind("upgrade", tile=WORD, side=WORD),
    ActionKind(
        "choose",
        at=optional(CELL),
        to=optional(CELL_OR_WORD),
        dir=optional(WORD),
        spin=optional(WORD),
        swap=optional(WORD),
        token=optional(WORD),
        skill=optional(WORD),
        card=optional(WORD),
        src=optional(WORD),
        i=optional(NUMBER),
        hero=optional(NUMBER),
        item=optional(WORD),
        pay=optional(WORD),
        power=optional(WORD),
        slot=optional(NUMBER),
        crush=optional(WORD),
        bomb=optional(WORD),  # Push Bomb: yes / no
        tile=optional(WORD),
        side=optional(WORD),
        facing=optional(WORD),  # sheep_facing (issue 12 part B)
        pickup=optional(WORD),  # sheep_pickup: yes | no
        **{"from": optional(NUMBER)},
        reroll=optional(WORD),  # Re-roll a Die (spec I4): keep | reroll
        section=optional(NUMBER),  # a world event turning one board section (issue 13 W6)
        ignore=optional(WORD),  # Ignore World Events (issue 13 I7): yes | no
    ),
    ActionKind("treasure", card=WORD),  # play a treasure card's one-use effect (spec R1)
    # Co-Op and Team Card Sharing (issue 13 part B, teams.py): one card to / from a teammate
    ActionKind("give", card=WORD, to=NUMBER),
    ActionKind("take", card=WORD, **{"from": NUMBER}),
)


def option_action(option: dict[str, Any]) -> Action:
    # options are built by the rules from plain words, ints and cells: no validation needed
    # (a list, a cell, becomes a tuple of ints; this runs for every option a bot is offered)
    args = tuple([(k, tuple(map(int, v)) if isinstance(v, list) else v) for k, v in option.items()])
    try:
        action = _CHOICES.get(args)
    except TypeError:  # an unhashable value: not one the rules build, but never refuse it
        return Action("choose", args)
    if action is None:
        if len(_CHOICES) >= _CHOICES_MOST:
            _CHOICES.clear()
        action = _CHOICES[args] = Action("choose", args)
    return action


# Choose actions already built, by their arguments (actions are immutable, so the same
# option on another turn or in a bot's copy of the state gets the very same one).
_CHOICES: dict[tuple[Any, ...], Action] = {}
_CHOICES_MOST = 20_000


def _act(kind: str, **args: Any) -> Action:
    """A rules-built action (trusted arguments), without Action.make's checks."""
    return Action(kind, tuple(args.items()))


def _optional_number(action: Action, key: str, default: int) -> int:
    """An optional numeric argument (``default`` when the action leaves it out)."""
    return default if action.get(key) is None else action.number(key)


def _optional_word(action: Action, key: str) -> str | None:
    """An optional name argument (None when the action leaves it out)."""
    return None if action.get(key) is None else action.word(key)


# The commonest actions, built once (they are immutable).
_MOVE = _act("move")
_EXPLORE = _act("explore")
_STOP = _act("stop")
_DONE = _act("done")
_ONE_STEP = {kind: {d: _act(kind, dir=d) for d in DELTA} for kind in ("tumble", "step", "roll")}
_JUMPS: dict[tuple[str, int], Action] = {}


def _jump(direction: str, over: int) -> Action:
    action = _JUMPS.get((direction, over))
    if action is None:
        action = _JUMPS[(direction, over)] = _act("jump", dir=direction, over=over)
    return action


# Actions of a few names each (upgrade tiles and sides, Q-Powers, lineup places), built once
# each: kind -> its arguments' names, and (kind, values) -> the action.
_MADE_ARGS = {"upgrade": ("tile", "side"), "qpower": ("power",), "draw": ("src", "i")}
_MADE: dict[tuple[Any, ...], Action] = {}


def _made(kind: str, *values: Any) -> Action:
    action = _MADE.get((kind, *values))
    if action is None:
        args = tuple(zip(_MADE_ARGS[kind], values, strict=True))
        action = _MADE[(kind, *values)] = Action(kind, args)
    return action


# The rearrange choice is the same for everyone (and frequent): its actions are built once.
_REARRANGE_ACTIONS = tuple(Action("choose", (("swap", swap),)) for swap in effects.REARRANGE_SWAPS)


def to_move(state: State) -> int | None:
    """The player seat to move: the controller of the hero the rules wait on (a pending
    decision's seat, the upgrading or the active hero: hero indices)."""
    if state.phase == "over":
        return None
    if state.pending:
        hero: int | None = state.pending[-1].seat
    elif state.phase == "upgrade":
        hero = state.upgrading[0] if state.upgrading else None
    else:
        hero = state.active
    # (to_act inlined: this runs once per bot ply)
    return None if hero is None else state.heroes[hero].controller


def to_act(state: State) -> int | None:
    """The hero index whose decision the rules wait on, or None when the game is over."""
    if state.phase == "over":
        return None
    if state.pending:
        return state.pending[-1].seat
    if state.phase == "upgrade":
        return state.upgrading[0] if state.upgrading else None
    return state.active


# ---------------------------------------------------------------------------------------
# legal actions
# ---------------------------------------------------------------------------------------


def legal_actions(state: State) -> list[Action]:
    actions = _legal_actions(state)
    state.memo["legal"] = actions
    return list(actions)


def _legal_actions(state: State) -> list[Action]:
    if state.phase == "over":
        return []
    if state.pending:
        decision = state.pending[-1]
        if decision.kind == "rearrange":
            return list(_REARRANGE_ACTIONS)
        return [option_action(o) for o in decision.data["options"]]
    hero = state.heroes[state.active]  # state.current
    if state.phase in ("powerup", "recovery"):
        out = card_actions(state, hero)
        out.extend(_trade_actions(state, hero))
        out.append(_MOVE if state.phase == "powerup" else _EXPLORE)
        return out
    if state.phase == "movement":
        return movement_actions(state, hero)
    if state.phase == "explore":
        out = [_made("draw", "lineup", i) for i in range(len(state.lineup))]
        if engine.deck_left(state, hero.seat):
            out.append(_act("draw", src="deck"))
        out.append(_DONE)
        return out
    if state.phase == "discard":
        return [_act("discard", card=c) for c in sorted(set(hero.hand))]
    if state.phase == "upgrade":
        upgrader = state.heroes[state.upgrading[0]]
        if upgrader.side != "b":  # effects.upgrade_options without its dicts
            return [_made("upgrade", t, s) for t in abilities.free_tiles(upgrader) for s in "ab"]
        return [_made("upgrade", o["tile"], o["side"]) for o in effects.upgrade_options(upgrader)]
    return []


def card_usable_now(state: State, card_id: str) -> bool:
    spec = catalog.cards()[card_id]
    if any(e.do == "boost" for e in spec.effects) and state.phase != "powerup":
        return False  # movement boosts only help if played before moving
    # a card move cannot start another card move
    return not (any(e.do == "dash" for e in spec.effects) and state.turn.free_move)


def card_actions(state: State, hero: Hero) -> list[Action]:
    cards = catalog.cards()
    out: list[Action] = []
    for cid in sorted(set(hero.hand)) if hero.hand else ():
        spec = cards[cid]
        if spec.equipped:
            slots = abilities.item_slots(hero) if spec.type == "item" else abilities.pet_slots(hero)
            held = hero.items if spec.type == "item" else hero.pets
            if len(held) >= slots:
                out.append(_act("play", card=cid, replace="return"))
                out.append(_act("play", card=cid, replace="discard"))
            else:
                out.append(_act("play", card=cid))
        elif card_usable_now(state, cid):
            out.append(_act("play", card=cid))
    for cid in sorted(set(hero.items + hero.pets)) if hero.items or hero.pets else ():
        spec = cards[cid]
        if spec.effects and spec.type not in state.turn.activated and card_usable_now(state, cid):
            out.append(_act("activate", card=cid))
    if (
        hero.hand
        and "mind_push" not in state.turn.activated
        and hero.side != "b"
        and abilities.has(hero, "mind_push")
    ):
        out.extend(_act("mind_push", discard=c) for c in sorted(set(hero.hand)))
    icons = abilities.track_icons(hero)
    if icons:
        out.extend(_icon_uses(state, hero, icons))
    if (
        hero.hand
        and "trade" not in state.turn.activated
        and hero.side != "b"
        and abilities.has(hero, "timely_trades")
    ):
        out.extend(_act("trade", discard=c) for c in sorted(set(hero.hand)))
    if hero.loot:
        from riotsim.games.quodd import treasure

        out.extend(treasure.play_actions(state, hero))
    if hero.side == "b":
        out.extend(_bside_uses(state, hero, icons))
    return out


_USES = {icon: _act("use", icon=icon) for icon in abilities.ACTIVE_ICONS}


def _icon_uses(state: State, hero: Hero, icons: dict[str, int]) -> list[Action]:
    """The upgrade icons used as an action (abilities.ACTIVE_ICONS), once per turn each."""
    out: list[Action] = []
    for icon, (_kind, _when, cost) in abilities.ACTIVE_ICONS.items():
        if not icons.get(icon) or icon in state.turn.activated:
            continue
        if icon == "crystal_bomb" and not abilities.crystals_carried(hero):
            continue  # Crystal Bomb destroys a carried crystal
        if icon == "timely_removal" and not _may_remove(state, hero):
            continue  # two cards to pay and another player's Item or Pet in play
        if cost and hero.side != "b":  # B-side: paid by activating the face (spec S4)
            out.extend(_act("use", icon=icon, discard=c) for c in sorted(set(hero.hand)))
        else:
            out.append(_USES[icon])
    return out


def _trade_actions(state: State, hero: Hero) -> list[Action]:
    """Card sharing with teammates (co-op and teams only; see teams.py)."""
    if state.objective.get("mode") not in ("coop", "teams"):
        return []
    from riotsim.games.quodd import teams

    return teams.trade_actions(state, hero)


def _bside_uses(state: State, hero: Hero, icons: dict[str, int]) -> list[Action]:
    """B-side: Mind-push and Timely Trades cost no discard once their face has activated
    (spec S4); each is used once per turn."""
    from riotsim.games.quodd import bside

    return [
        _act("use", icon=icon)
        for icon in bside.FREE_USES
        if icons.get(icon) and icon not in state.turn.activated
    ]


def steal_actions(state: State, hero: Hero) -> list[Action]:
    if state.turn.free_move:
        return []
    return [_act("steal", **o) for o in engine.steal_options(state, hero)]


def _leaves(state: State, hero: Hero) -> list[str]:
    """Wall Builder / Trench Digger: the tokens the hero may leave on the square it leaves
    (on every move: natural tumble, skill steps and jumps)."""
    return [
        leave
        for leave, icon in (("wall", "wall_builder"), ("pit", "trench_digger"))
        if abilities.has(hero, icon)
        and moves.token_placeable(state, hero.pos, leave, allow_hero=True)
    ]


def movement_actions(state: State, hero: Hero) -> list[Action]:
    turn = state.turn
    out: list[Action] = []
    if turn.stage == "natural":
        tumbles = _ONE_STEP["tumble"]
        leaves = _leaves(state, hero)
        for d in moves.open_steps(state, hero, ORTHOGONAL):
            out.append(tumbles[d])
            for leave in leaves:
                out.append(_act("tumble", dir=d, leave=leave))
    elif turn.stage == "q":
        out = [
            _made("qpower", o["power"]) for o in effects.q_power_options(state, hero, turn.q_used)
        ]
        out.append(_STOP)
    elif turn.stage == "skill":
        skill = turn.skill or ""
        if skill == "jump":
            if turn.remaining > 0:
                leaves = _leaves(state, hero)
                for d, k in moves.jump_options(state, hero, turn.remaining):
                    out.append(_jump(d, k))
                    out.extend(_act("jump", dir=d, over=k, leave=leave) for leave in leaves)
        else:
            dirs = (turn.direction,) if turn.direction else engine.all_directions_for(skill)
            kind = "roll" if skill == "tumble" else "step"
            leaves = _leaves(state, hero)
            made = _ONE_STEP[kind]
            # a step costs 1, or nothing with Freeze-O-Tron on water (see engine.step_cost)
            free = turn.remaining <= 0 and abilities.passive_count(hero, "freeze") > 0
            if turn.remaining > 0 or free:
                for d in moves.open_steps(state, hero, dirs):
                    if free and engine.step_cost(state, hero, d) > turn.remaining:
                        continue
                    out.append(made[d])
                    for leave in leaves:
                        out.append(_act(kind, dir=d, leave=leave))
        if turn.steps == 0 and not turn.free_move and abilities.has(hero, "teleport_skill"):
            # Teleport skill: instead of moving with the skill, teleport up to its distance.
            out.extend(
                _act("warp", to=c)
                for c in elements.teleport_destinations(state, hero, turn.remaining)
            )
        out.append(_STOP)
    out.extend(steal_actions(state, hero))
    out.extend(_act("block", **o) for o in beams.block_options(state, hero))
    return out


# ---------------------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> Events:
    if state.phase == "over":
        raise IllegalAction(_("the game is over"), action)
    events: Events = []
    if state.pending:
        if action.kind != "choose":
            raise IllegalAction(_("answer the pending choice first"), action)
        decision = state.pending[-1]
        known = state.memo.get("legal")
        index = _index_in(known, action) if known is not None else -1
        if index >= 0:
            option = decision.data["options"][index]
        else:
            option = _match_option(decision.data["options"], action)
        state.pending.pop()
        decisions.resolve(state, decision, option, events)
    else:
        known = state.memo.get("legal")
        if _index_in(known if known is not None else _legal_actions(state), action) < 0:
            reason, rule = refusals.why_illegal(state, action)
            raise IllegalAction(reason, action, rule=rule)
        if state.phase in ("powerup", "recovery") and action.kind not in ("move", "explore"):
            state.turn.acts += 1  # a new point of the turn: an impulse window follows it
        _apply_free(state, action, events)
    state.memo.clear()
    engine.settle(state, events)
    scenario.hint_from_events(state, events)
    return events


def _index_in(actions: list[Action], action: Action) -> int:
    """Where ``action`` is in ``actions`` (-1: not there); the very object is found first,
    which is what callers that pick from the legal list hand back."""
    for i, known in enumerate(actions):
        if known is action:
            return i
    for i, known in enumerate(actions):
        if known == action:
            return i
    return -1


def _match_option(options: list[dict[str, Any]], action: Action) -> dict[str, Any]:
    for option in options:
        if option_action(option) == action:
            return option
    raise IllegalAction(_("that is not one of the offered choices"), action)


FreeFn = Callable[[State, Action, Events, Hero, Turn, str], None]
_FREE: dict[str, FreeFn] = {}


def _free(*kinds: str) -> Callable[[FreeFn], FreeFn]:
    """Register how the turn's own actions of ``kinds`` apply (``_apply_free`` looks them up)."""

    def register(fn: FreeFn) -> FreeFn:
        for kind in kinds:
            _FREE[kind] = fn
        return fn

    return register


def _apply_free(state: State, action: Action, events: Events) -> None:
    hero = state.heroes[state.active]  # state.current
    turn = state.turn
    kind = action.kind
    run = _FREE.get(kind)
    if run is None:
        raise IllegalAction(_("unknown action {kind}").format(kind=kind), action)
    run(state, action, events, hero, turn, kind)


def _impulse_window(state: State, hero: Hero, then: str) -> bool:
    """Offer the other Impulse holders a window before ``then`` (an effect that goes on
    afterwards); False if nobody holds one, and the caller goes on at once."""
    holders = effects.impulse_holders(state)
    if not holders:
        return False
    engine.effect(state, hero.seat, then)
    engine.push_frame(state, {"type": "impulse", "seats": holders})
    return True


@_free("move")
def _free_move(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    # Impulse cards may be played by the others before this hero starts to move.
    if not _impulse_window(state, hero, "begin_movement"):
        engine.begin_movement(state, events)


@_free("explore")
def _free_explore(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    # a second impulse window: after this hero's Recovery, before it explores
    if not _impulse_window(state, hero, "begin_exploration"):
        engine.begin_exploration(state, events)


@_free("play")
def _free_play(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    play_card(state, hero, action.word("card"), _optional_word(action, "replace"), events)


@_free("activate")
def _free_activate(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    spec = catalog.cards()[action.word("card")]
    turn.activated.append(spec.type)
    events.append(CardActivated.of(fields={"seat": hero.seat, "card": spec.id}))
    effects.queue_effects(state, hero, spec, events)


@_free("mind_push")
def _free_mind_push(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    _discard(state, hero, action.word("discard"), events)
    turn.activated.append("mind_push")
    engine.effect(state, hero.seat, "slide_other", n=1)


@_free("use")
def _free_use(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    icon = action.word("icon")
    if icon in abilities.ACTIVE_ICONS:
        do, params, _ = abilities.ACTIVE_ICONS[icon]
    else:  # B-side free uses (spec S4)
        from riotsim.games.quodd import bside

        do, params = bside.FREE_USES[icon]
    if action.get("discard") is not None:
        _discard(state, hero, action.word("discard"), events)
    turn.activated.append(icon)
    events.append(UpgradeUsed.raw({"seat": hero.seat, "icon": icon}))
    engine.effect(state, hero.seat, do, **params)


@_free("trade")
def _free_trade(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    _discard(state, hero, action.word("discard"), events)
    turn.activated.append("trade")
    engine.effect(state, hero.seat, "explore", n=1)


@_free("tumble")
def _free_tumble(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    direction = action.word("dir")
    origin = hero.pos
    turn.natural_done = True
    turn.stage = "activate"
    engine.one_step(state, hero, direction, tumble=True, own=True, chooser=hero.seat, events=events)
    if action.get("leave"):
        engine.leave_token(state, hero, origin, action.word("leave"), events)


@_free("step", "roll")
def _free_step(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    direction = action.word("dir")
    cost = engine.step_cost(state, hero, direction)
    leave = _optional_word(action, "leave")
    origin = hero.pos
    turn.remaining -= cost
    turn.steps += 1
    turn.last_dir = direction
    if turn.skill in ("slide", "diagonal", "tumble") and not abilities.has(
        hero, "change_directions"
    ):
        turn.direction = direction
    engine.one_step(
        state,
        hero,
        direction,
        tumble=(kind == "roll"),
        own=True,
        chooser=hero.seat,
        events=events,
    )
    if leave:
        engine.leave_token(state, hero, origin, leave, events)


@_free("jump")
def _free_jump(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    direction = action.word("dir")
    over = action.number("over")
    origin = hero.pos
    turn.remaining = 0
    turn.steps = over + 1
    land = step(origin, direction, over + 1)
    if abilities.has(hero, "jump_shockwave"):
        # Jump Shockwave: a basic explosion where you land (after the landing resolves)
        engine.effect(state, hero.seat, "explode", at=list(land))
    if abilities.has(hero, "spring_jump") and moves.token_placeable(
        state, land, "spring", allow_hero=True
    ):
        # Spring Jump: a spring appears on the landing square and acts on arrival
        state.board.add(land, Token.make("spring"))
        events.append(TokenPlaced.of(kind="spring", at=list(land), by=hero.seat))
    engine.jump(state, hero, direction, over, chooser=hero.seat, own=True, events=events)
    if action.get("leave"):
        engine.leave_token(state, hero, origin, action.word("leave"), events)


@_free("warp")
def _free_warp(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    origin = hero.pos
    dest = action.cell("to")
    turn.remaining = 0
    turn.steps = 1
    # a hero on the destination is pushed, as under a jump (Landing on Other Heroes)
    engine.land_jump(
        state,
        hero,
        dest,
        chooser=hero.seat,
        own=True,
        events=events,
        origin=origin,
        kind="teleported",
    )


@_free("stop")
def _free_stop(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    if turn.stage == "q":
        turn.stage = "done"
    else:
        engine.finish_skill(state, events)
        turn.remaining = 0


@_free("qpower")
def _free_qpower(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    power = action.word("power")
    turn.q_used.append(power)
    effects.use_q_power(state, hero, power, events)


@_free("block")
def _free_block(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    option = {k: action.get(k) for k in ("put", "take") if action.get(k) is not None}
    beams.use_block(state, hero, option, events)


@_free("steal")
def _free_steal(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    pay = _optional_word(action, "pay")
    engine.steal(state, hero, action.number("from"), action.word("item"), events, pay)


@_free("draw")
def _free_draw(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    i = _optional_number(action, "i", 0)
    engine.take_card(state, hero, action.word("src"), i, events)
    turn.explores_left -= 1
    engine.finish_exploration_if_done(state, events)


@_free("done")
def _free_done(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    turn.explores_left = 0
    engine.finish_exploration_if_done(state, events)


@_free("discard")
def _free_discard(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    _discard(state, hero, action.word("card"), events)
    if len(hero.hand) <= abilities.HAND_LIMIT:
        engine.end_turn(state, events)


@_free("upgrade")
def _free_upgrade(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    seat = state.upgrading.pop(0)
    effects.place_upgrade(
        state, state.heroes[seat], action.word("tile"), action.word("side"), events
    )


@_free("give", "take")
def _free_share(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    from riotsim.games.quodd import teams

    teams.apply_trade(state, hero, action, events)


def _discard(state: State, hero: Hero, card: str, events: Events) -> None:
    if card not in hero.hand:
        raise IllegalAction(_("{card} is not in your hand").format(card=_card(card)))
    hero.hand.remove(card)
    engine.to_discard(state, card)
    events.append(CardDiscarded.of(fields={"seat": hero.seat, "card": card}))


def play_card(state: State, hero: Hero, card: str, replace: Any, events: Events) -> None:
    spec = catalog.cards()[card]
    hero.hand.remove(card)
    events.append(CardPlayed.of(fields={"seat": hero.seat, "card": card}))
    if spec.equipped:
        held = hero.items if spec.type == "item" else hero.pets
        slots = abilities.item_slots(hero) if spec.type == "item" else abilities.pet_slots(hero)
        if len(held) >= slots:
            old = held.pop(0)
            if replace == "return":
                hero.hand.append(old)
            else:
                engine.to_discard(state, old)
            events.append(CardUnequipped.of(fields={"seat": hero.seat, "card": old, "to": replace}))
        held.append(card)
        return
    engine.to_discard(state, card)
    effects.queue_effects(state, hero, spec, events)


_DIRS = refusals.DIR_WORDS
_POWERS = {
    "place_terrain": N_("Q: place wall / broken wall / tunnel"),
    "place_teleporter": N_("Q: place a teleporter"),
    "earthquake": N_("Q: earthquake"),
    "rotate_board": N_("Q: rotate your board"),
    "copy_q": N_("Q: copy another hero's Q-Power"),
    "flip_upgrade": N_("Q: flip an upgrade tile"),
    "rearrange": N_("Q: rearrange skills"),
    "bomb": N_("Q: fire a bomb"),
    "skip": N_("Skip"),
}


def _power(power: str) -> str:
    found = _POWERS.get(power)
    return _(found) if found else power


def _card(card: Any) -> str:
    return refusals.card_name(card)


def _who(state: State, index: Any) -> str:
    known = isinstance(index, int) and 0 <= index < len(state.heroes)
    return refusals.hero_name(state.heroes[index]) if known else "?"


def _dir(value: Any) -> str:
    return refusals.direction_word(value)


def describe(state: State, action: Action) -> str:
    """A player-facing label for an action (buttons, the log), in the language spoken."""
    kind = action.kind
    if kind == "choose":
        # with no decision pending (a log read after the move) the arguments still read as words
        if state.pending:
            return _describe_choice(state, action)
        return _describe_square_choice(state, "choose", action)
    if kind == "play":
        replace = action.get("replace")
        if replace == "return":
            return _("Play {card} (old one back to hand)").format(card=_card(action["card"]))
        if replace == "discard":
            return _("Play {card} (discard the old one)").format(card=_card(action["card"]))
        return _("Play {card}").format(card=_card(action["card"]))
    if kind in ("move", "explore", "done", "stop"):
        return _turn_label(state, kind)
    if kind in ("tumble", "roll", "step", "jump"):
        return _move_label(state, action)
    if kind == "warp":
        return _("Teleport to {square}").format(square=action["to"])
    if kind == "qpower":
        return _power(action.word("power"))
    if kind == "steal":
        return _steal_label(state, action)
    if kind == "block":
        if action.get("put") is not None:
            return _("Put a crystal on the power block at {square}").format(square=action["put"])
        return _("Take the crystal off the power block at {square}").format(square=action["take"])
    card_label = _describe_card_use(state, action)
    if card_label is not None:
        return card_label
    return _describe_rest(state, action)


def _turn_label(state: State, kind: str) -> str:
    if kind == "move":
        return _("Start moving")
    if kind == "explore":
        return _("Explore")
    if kind == "done":
        return _("Stop exploring")
    return _("Stop moving") if state.turn.stage != "q" else _("Finish Q-Powers")


def _move_label(state: State, action: Action) -> str:
    """A tumble, skill step or jump: its direction, and a token left or a wall broken."""
    kind = action.kind
    direction = _dir(action.get("dir"))
    leave = action.get("leave")
    extra = ""
    if leave == "wall":
        extra = _(", leaving a wall")
    elif leave == "pit":
        extra = _(", leaving a pit")
    elif leave:
        extra = _(", leaving a {token}").format(token=leave)
    if kind in ("tumble", "roll", "step") and _crushes(state, action):
        extra += _(", breaking the wall")
    if kind in ("tumble", "roll"):
        return _("Tumble {direction}{extra}").format(direction=direction, extra=extra)
    if kind == "step":
        return _("Move {direction}{extra}").format(direction=direction, extra=extra)
    return _("Jump {direction} over {n}{extra}").format(
        direction=direction, n=action["over"], extra=extra
    )


def _steal_label(state: State, action: Action) -> str:
    who = _who(state, action.number("from"))
    thing = _thing(action.word("item"))
    pay = action.get("pay")
    if pay:
        return _("Steal {thing} from {hero} (discard {card})").format(
            thing=thing, hero=who, card=_card(pay)
        )
    return _("Steal {thing} from {hero}").format(thing=thing, hero=who)


# what a hero may carry ("crystal:red"), as a label names it
_THINGS = {
    "crystal": N_("crystal {colour}"),
    "sheep": N_("sheep {colour}"),
    "treasure": N_("treasure {colour}"),
}


def _thing(item: str) -> str:
    kind, _sep, colour = item.partition(":")
    found = _THINGS.get(kind)
    return _(found).format(colour=_(colour)) if found and colour else item.replace(":", " ")


def _describe_rest(state: State, action: Action) -> str:
    kind = action.kind
    if kind == "draw":
        if action.get("src") == "deck":
            own = state.active == state.overlord  # O1: the Overlord's own deck
            if own:
                return _("Explore the top of the Overlord deck")
            return _("Explore the top of the deck")
        return _("Explore {card}").format(card=_card(state.lineup[action.number("i")]))
    if kind == "discard":
        return _("Discard {card}").format(card=_card(action["card"]))
    if kind == "upgrade":
        # the tile names its hero, so the label reads the same before and after the move
        tile = action.word("tile")
        for hero_id, spec in catalog.heroes().items():
            if any(t.id == tile for t in spec.upgrades):
                side = catalog.upgrade_tile(hero_id, tile).side(action.word("side"))
                return _("Upgrade: {tile}").format(tile=_(side.label))
    return str(action)


# the activated upgrade icons, as the "use" label names them
_ICON_NAMES = {
    "crystal_bomb": N_("Crystal bomb"),
    "explore_deck": N_("Explore deck"),
    "good_aim": N_("Good aim"),
    "random_wind": N_("Random wind"),
    "strong_wind": N_("Strong wind"),
    "swap_skills": N_("Swap skills"),
    "timely_removal": N_("Timely removal"),
    "twister": N_("Twister"),
    "wipe_lineup": N_("Wipe lineup"),
}


def _describe_card_use(state: State, action: Action) -> str | None:
    """Labels of the actions that use cards, items and icons (None: not one of them)."""
    kind = action.kind
    if kind == "activate":
        return _("Use {card}").format(card=_card(action["card"]))
    if kind == "mind_push":
        return _("Mind-push (discard {card})").format(card=_card(action["discard"]))
    if kind == "trade":
        return _("Trade {card} for a card").format(card=_card(action["discard"]))
    if kind == "use" and action.get("icon") == "timely_removal":
        return _("Timely removal (discard 2 cards)")
    if kind == "give":
        return _("Give {card} to {hero}").format(
            card=_card(action["card"]), hero=_who(state, action.get("to"))
        )
    if kind == "take":
        return _("Take {card} from {hero}").format(
            card=_card(action["card"]), hero=_who(state, action.get("from"))
        )
    if kind == "use":
        icon = action.word("icon")
        name = _(_ICON_NAMES[icon]) if icon in _ICON_NAMES else icon.replace("_", " ").capitalize()
        cost = action.get("discard")
        if cost:
            return _("{upgrade} (discard {card})").format(upgrade=name, card=_card(cost))
        return name
    if kind == "treasure":
        from riotsim.games.quodd import treasure

        return treasure.describe(action.word("card"))
    return None


def _crushes(state: State, action: Action) -> bool:
    """Crush: a step from the ground into a wall goes through it, breaking it."""
    hero = state.current
    direction = action.get("dir")
    if state.phase != "movement" or direction not in DELTA or not abilities.has(hero, "crush"):
        return False
    board = state.board
    return board.is_wall(step(hero.pos, str(direction))) and not board.is_wall(hero.pos)


def _describe_choice(state: State, action: Action) -> str:
    decision = state.pending[-1]
    what = decision.kind
    if what in ("world_choice", "world_ignore"):  # issue 13 part A
        from riotsim.games.quodd import worldevents

        return worldevents.describe(decision.data, dict(action.args), what)
    if "spin" in dict(action.args):
        if action.word("spin") == "cw":
            return _("Turn clockwise")
        return _("Turn counter-clockwise")
    if what == "rearrange":
        swap = action.word("swap")
        if swap == "done":
            return _("Keep this skill layout")
        return _("Swap {faces}").format(faces=_faces(swap))
    if what in ("q_token", "copy_q"):
        return _power(action.word("power"))
    if what == "terrain_kind":
        return _("Place a {token}").format(token=_token(action.word("token")))
    label = _describe_card_choice(state, what, action)
    if label is None:
        label = _describe_board_choice(state, what, action, decision.data)
    return label


def _faces(swap: str) -> str:
    """Faces swapped ("feet/front") as a label lists them."""
    return _(" and ").join(face_name(face) for face in swap.split("/"))


def _token(kind: str) -> str:
    """A token kind ("broken_wall") as a label names it, in the language spoken."""
    names = {
        "wall": pgettext("token", "wall"),
        "broken_wall": pgettext("token", "broken wall"),
        "tunnel": pgettext("token", "tunnel"),
        "teleporter": pgettext("token", "teleporter"),
        "pit": pgettext("token", "pit"),
        "token": pgettext("token", "token"),
    }
    return names.get(kind, kind.replace("_", " "))


def _describe_card_choice(state: State, what: str, action: Action) -> str | None:
    """Labels of the choices about cards, upgrades and explorations (None: not one)."""
    if what == "impulse":
        card = action["card"]
        if card == "pass":
            return _("Play no impulse card now")
        if card == "pass_turn":
            return _("No impulse cards for the rest of this turn")
        return _("Play {card} now").format(card=_card(card))
    if what in ("explore", "explore_type"):
        if action.get("src") == "none":
            return _("Do not explore")
        if action.get("src") == "deck":
            return _("Explore the top of the deck")
        return _("Explore {card}").format(card=_card(state.lineup[action.number("i")]))
    if what == "upgrade_skill":
        return _("Turn {skill} gold").format(skill=refusals.skill_word(str(action["skill"])))
    if what == "choose_upgrade":
        hero = state.heroes[state.pending[-1].seat]
        side = catalog.upgrade_tile(hero.hero, action.word("tile")).side(action.word("side"))
        return _("Upgrade: {tile}").format(tile=_(side.label))
    if what == "flip_upgrade":
        return _("Flip upgrade {n}").format(n=action.number("slot") + 1)
    return None


def _describe_board_choice(state: State, what: str, action: Action, data: dict[str, Any]) -> str:
    """Labels of the choices on the board: walls, tokens, bombs, sheep, wind, skills."""
    if what == "crush":
        at = action.cell("at")
        if action["crush"] == "break":
            return _("Crush: break the wall at {x},{y}").format(x=at[0], y=at[1])
        return _("Crush: leave the wall at {x},{y} standing").format(x=at[0], y=at[1])
    if what == "place":
        return _place_label(action, data)
    if what == "push_bomb":
        if action["bomb"] == "yes":
            return _("Push Bomb: explode around your hero")
        return _("No Push Bomb")
    if what == "tunnel" and action.get("to") == "stay":
        return _("Stay above ground")
    if what == "sheep_facing":
        return _("Face the sheep {direction}").format(direction=_dir(action.word("facing")))
    if what == "sheep_pickup":
        return _("Pick the sheep up") if action.get("pickup") == "yes" else _("Leave the sheep")
    if what == "strong_wind":
        return _("Blow everyone {direction}").format(direction=_dir(action.word("dir")))
    if what == "swap_other":
        who = _who(state, action.number("hero"))
        return _("Swap {faces} of {hero}").format(faces=_faces(action.word("swap")), hero=who)
    from riotsim.games.quodd import icons

    label = icons.describe_choice(state, what, dict(action.args))
    if label is not None:
        return label
    if what == "bside_slot":  # Player Board B-Side (issue 13 part C)
        from riotsim.games.quodd import bside

        face = bside.FACES[action.number("slot")]
        if face == "q":
            return _("Put it beside the Q face")
        return _("Put it beside the {face} face").format(face=face_name(face))
    return _describe_square_choice(state, what, action)


def face_name(face: str) -> str:
    """A cube face ("feet") as a label names it, in the language spoken."""
    names = {
        "feet": pgettext("face", "feet"),
        "front": pgettext("face", "front"),
        "back": pgettext("face", "back"),
        "left": pgettext("face", "left"),
        "right": pgettext("face", "right"),
    }
    return names.get(face, face)


def _place_label(action: Action, data: dict[str, Any]) -> str:
    """'Place a wall at 3,4 pointing north': a token, its square and its way when chosen."""
    token = _token(str(data.get("kind", "token")))
    at = action.get("at")
    if action.get("dir") and isinstance(at, tuple):
        return _("Place a {token} at {x},{y} pointing {direction}").format(
            token=token, x=at[0], y=at[1], direction=_dir(action.word("dir"))
        )
    if isinstance(at, tuple):
        return _("Place a {token} at {x},{y}").format(token=token, x=at[0], y=at[1])
    if action.get("dir"):
        return _("Place a {token} pointing {direction}").format(
            token=token, direction=_dir(action.word("dir"))
        )
    return _("Place a {token}").format(token=token)


# Choices that pick a square or a direction, as "<phrase> <square or direction>".
_SQUARE_CHOICES = {
    "start_square": N_("Start on square"),
    "teleport": N_("Teleport to"),
    "tunnel": N_("Tunnel to"),
    "connection": N_("Ride the water connection to"),
    "respawn": N_("Respawn at"),
    "respawn_beside": N_("Step off the respawn point to"),
    "drop": N_("Drop it at"),
    "rooted_landing": N_("Land at"),
    "break_wall": N_("Break the wall at"),
    "destroy": N_("Remove the token at"),
    "spring": N_("Spring"),
    "bump": N_("Push the landed-on hero"),
    "slide_other": N_("Slide"),
    "cannon_direction": N_("Point the cannon"),
    "bomb_direction": N_("Fire the bomb"),
    "crystal_bomb": N_("Destroy"),
    "sheep_connection": N_("Send the sheep through the connection to"),
    "sheep_respawn": N_("Put the sheep back at"),
    "choose": N_("Choose"),
    "overlord_aim": N_("Strike"),  # issue 13 part B: the Overlord cards' choices
    "overlord_snatch": N_("Snatch from"),
    "overlord_quake": N_("Tumble everyone"),
    "buddy_square": N_("Your buddy joins at"),
}


def _describe_square_choice(state: State, what: str, action: Action) -> str:
    """A readable label for the remaining choices: a square as ``x,y``, a direction in words."""
    parts = []
    for key, value in action.args:
        if isinstance(value, tuple) and len(value) == 2:
            parts.append(f"{value[0]},{value[1]}")
        elif key == "dir":
            parts.append(_dir(value))
        elif key == "hero" and isinstance(value, int) and 0 <= value < len(state.heroes):
            parts.append(refusals.hero_name(state.heroes[value]))
        else:
            parts.append(str(value).replace("_", " "))
    found = _SQUARE_CHOICES.get(what)
    phrase = _(found) if found else what.replace("_", " ").capitalize()
    if not parts:
        return phrase
    return _("{choice} {target}").format(choice=phrase, target=" ".join(parts)).strip()


__all__ = ["legal_actions", "apply", "to_move", "describe", "Token", "ORTHOGONAL"]


@_free("treasure")
def _free_treasure(
    state: State, action: Action, events: Events, hero: Hero, turn: Turn, kind: str
) -> None:
    from riotsim.games.quodd import treasure

    treasure.play(state, hero, action.word("card"), events)


def _may_remove(state: State, hero: Hero) -> bool:
    from riotsim.games.quodd import icons

    return icons.may_remove(state, hero)
