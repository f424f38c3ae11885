"""Riot Quest rules: applying an action and its effects (rulebook sections named in comments).

Flow: set-up decisions -> rounds of Priority Roll, Go Time (turns: deck upkeep, spawning, one
activation or a pass), Cool Down (dice back, evacuations, Cooler roll). Every choice that is not
the priority player's main choice is a :class:`Decision` frame on ``state.pending``; the top
frame's seat decides. Multi-step resolution (attack triggers, chest rewards) is a queue of
steps in ``state.queue`` that pauses whenever it pushes a decision.

This module holds ``apply``, the engine loop (``_advance``), moving and placing models,
damage and knock-outs, raids, rigs, specials, equipping and winning. The rest of the rules:
``legal`` (legal actions, ``to_move``), ``decisions``/``frames``/``steps`` (the decision
kinds and the queued step kinds, their data checked by ``checks``), ``attacks`` (attack
resolution), ``bounties`` (Bounties and deck upkeep),
``rounds`` (turn flow and Cool Down), ``setup_phase`` (set-up), ``combat`` (attack maths),
``movement`` (where a hero can go), ``rigging``, ``rolls``, ``events`` and ``actions``.
"""

from __future__ import annotations

# A name imported "as" itself is re-exported: the tests and the UI read it from rules.
from typing import Any

from riotsim.core.contract import Action, Decision, Event, IllegalAction
from riotsim.games.riotquest import menu
from riotsim.games.riotquest.actions import act as act
from riotsim.games.riotquest.combat import attack_defence as attack_defence
from riotsim.games.riotquest.combat import attack_dice as attack_dice
from riotsim.games.riotquest.combat import attack_pool as attack_pool
from riotsim.games.riotquest.combat import defence as defence
from riotsim.games.riotquest.combat import weapon as weapon
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.decisions import FRAMES
from riotsim.games.riotquest.events import (
    Activated,
    ChestRaided,
    Damaged,
    Equipped,
    GearDiscarded,
    Healed,
    KnockedOut,
    LootGathered,
    Moved,
    Passed,
    Placed,
    Rigged,
    ScrapClaimed,
    SpecialUsed,
    TokenDropped,
    TokenExploded,
    TokenPicked,
    TrapSprung,
    Won,
)
from riotsim.games.riotquest.legal import _frame_actions as _frame_actions
from riotsim.games.riotquest.legal import _legal, gear_cost, to_move
from riotsim.games.riotquest.legal import can_activate as can_activate
from riotsim.games.riotquest.legal import can_free_raid as can_free_raid
from riotsim.games.riotquest.legal import crew_limits as crew_limits
from riotsim.games.riotquest.legal import gear_hand_size as gear_hand_size
from riotsim.games.riotquest.legal import legal_actions as legal_actions
from riotsim.games.riotquest.legal import vp as vp
from riotsim.games.riotquest.movement import _reach as _reach
from riotsim.games.riotquest.movement import move_dests as move_dests
from riotsim.games.riotquest.movement import move_dests_generic as move_dests_generic
from riotsim.games.riotquest.movement import (
    move_path,
)
from riotsim.games.riotquest.movement import move_path_generic as move_path_generic
from riotsim.games.riotquest.profile import prof
from riotsim.games.riotquest.rigging import _rig_dice
from riotsim.games.riotquest.rigging import rig_dice as rig_dice
from riotsim.games.riotquest.rolls import _STRIKES, roll, strikes
from riotsim.games.riotquest.rolls import _faces_of as _faces_of
from riotsim.games.riotquest.rolls import roll_faces as roll_faces
from riotsim.games.riotquest.state import (
    ATTACK,
    RAID,
    RIG,
    RUN,
    SPECIAL,
    Hero,
    RQState,
)
from riotsim.i18n import N_, _, ngettext

Cell = tuple[int, int]
LOOT_CAP = 10
IN_PLAY = 4
CREW_MODES = ("vanilla", "party", "cash", "evicted", "specops")
PICKUP_GOALS = ("carry", "mark")


# =============================================================================================
# Apply


def apply(state: RQState, action: Action) -> list[Event]:
    s, a = state, action
    legal = s.legal_cache
    if legal is None:
        legal = _legal(s)
    # actions are interned, so an identity scan usually finds them without __eq__ calls
    for x in legal:
        if x is a:
            break
    else:
        if a not in legal:
            raise IllegalAction(_why_illegal(s, a, legal), a)
    s.legal_cache = None
    ev: list[Event] = []
    if s.pending:
        _apply_frame(s, s.pending.pop(), a, ev)
    else:
        _apply_turn(s, a, ev)
    _advance(s, ev)
    return ev


def _why_illegal(s: RQState, a: Action, legal: list[Action]) -> str:
    """A reason a player can act on, in the language spoken (action kinds stay the ids the
    command line types)."""
    if s.phase == "over":
        return _("the game is over")
    kinds = sorted({x.kind for x in legal})
    who = to_move(s)
    if s.pending:
        f = s.pending[-1]
        if a.kind not in kinds:
            why = _("player {n} must first decide: {decision} ({kinds})")
            return why.format(n=f.seat + 1, decision=f.kind, kinds=", ".join(kinds))
        if f.kind == "turn" and a.kind == "equip":
            return _why_hero_action(s, a) or _("this equip is not allowed here")
        if a.kind == f.kind and f.kind in _HEX_CHOICES:
            return _(_HEX_CHOICES[f.kind])
        return _("not one of the choices for {decision}").format(decision=f.kind)
    if a.kind == "pass" and s.active is None and not s.forced_pass:
        return _("you took your turn: activate a hero")
    if a.kind == "end_activation" and s.active is not None:
        return _("a hero must perform at least one action before its activation ends")
    if a.kind in ACTION_KINDS and s.active is None and not s.forced_pass:
        return _("activate a hero first")
    checked = ("equip",) if s.forced_pass else (*ACTION_KINDS, "activate", "equip")
    if s.phase == "go" and a.kind in checked:
        reason = _why_hero_action(s, a)
        if reason:
            return reason
    if a.kind not in kinds:
        if who is None and kinds:
            why = _("not possible now; nobody may: {kinds}")
        elif who is None:
            why = _("not possible now; nobody may: nothing")
        elif kinds:
            why = _("not possible now; player {n} may: {kinds}")
        else:
            why = _("not possible now; player {n} may: nothing")
        return why.format(n=(who or 0) + 1, kinds=", ".join(kinds))
    return _("this {kind} is not allowed here").format(kind=a.kind)


# why a hex a decision does not offer is refused (rulebook "Spawning", "Beatback", "Press")
_HEX_CHOICES = {
    "place": N_("a spawned hero goes on a free hex next to its Spawn Gate (a glowing hex)"),
    "beatback": N_(
        "Beatback moves the enemy to a free hex farther from the attacker (a glowing hex), or Skip"
    ),
    "press": N_("Press steps into a free hex next to the enemy (a glowing hex), or Skip"),
}
# a hero action already taken this activation, by kind
_USED = {
    "run": N_("{hero} already used run this activation"),
    "attack": N_("{hero} already used attack this activation"),
    "raid": N_("{hero} already used raid this activation"),
    "rig": N_("{hero} already used rig this activation"),
    "special": N_("{hero} already used special this activation"),
}
ACTION_KINDS = ("run", "attack", "raid", "rig", "special")
_BITS = {"run": RUN, "attack": ATTACK, "raid": RAID, "rig": RIG, "special": SPECIAL}


def _why_hero_action(s: RQState, a: Action) -> str | None:
    seat = s.priority
    hid = a.get("hero")
    crew = s.heroes[seat]
    if hid is None:
        return None
    if hid not in crew:
        return _("there is no {hero} in your crew").format(hero=hid)
    h = crew[hid]
    name = _(content().heroes[hid].name)
    if h.place != "arena":
        return _("{hero} is not in the arena").format(hero=name)
    k = a.kind
    pl = s.players[seat]
    if k == "activate":
        if h.dice:
            return _("{hero} already has Action dice on its card this round").format(hero=name)
        return _("{hero} has no action it could take").format(hero=name)
    if k == "equip":
        gear = a.get("gear")
        if gear not in pl.hand:
            return _("{gear} is not in your Riot Gear hand").format(gear=gear)
        why = _("the {gear} costs {n} Loot; you have {loot}")
        gear_name = _(content().gear[gear].name)
        return why.format(gear=gear_name, n=gear_cost(s, h, gear), loot=pl.loot)
    if s.active != hid:
        return _("{hero} is not the activating hero").format(hero=name)
    if s.done & _BITS.get(k, 0):
        return _(_USED[k]).format(hero=name)
    if k != "raid" and pl.well < 1:
        return _("your Dice Well is empty")
    if k == "run":
        return menu.why_run(s, h, a.get("to"))
    if k == "attack":
        p = prof(h)
        w = next((x for x in p.weapons if x.id == a.get("weapon")), None)
        if w is None:
            return _("{hero} has no weapon {weapon}").format(hero=name, weapon=a.get("weapon"))
        dice = a.get("dice", 0)
        if not isinstance(dice, int) or dice < 1:
            return _("an attack takes a whole number of Action dice, at least 1")
        if dice > pl.well:
            why = ngettext(
                "you have only {n} Action dice", "you have only {n} Action dice", pl.well
            )
            return why.format(n=pl.well)
        of = a.get("of")
        if of == seat:
            return _("attacks target enemies only")
        t = s.heroes[of].get(a.get("target")) if isinstance(of, int) and 0 <= of < s.seats else None
        if t is None or t.place != "arena":
            return _("that target is not an enemy in the arena")
        d = s.board().distance(h.at(), t.at())
        why = ngettext(
            "{target} is out of range: {d} hex away, {weapon} range {n}",
            "{target} is out of range: {d} hexes away, {weapon} range {n}",
            d,
        )
        return why.format(target=menu.hero_name(t.id), d=d, weapon=_(w.name), n=w.rng)
    if k == "raid":
        return menu.why_no_raid(s, h)
    if k == "rig":
        return menu.why_no_rig(s, h)
    if k == "special":
        sp = next((x for x in prof(h).specials if x.kind == a.get("ability")), None)
        if sp is None:
            why = _("{hero} has no Special Action {ability}")
            return why.format(hero=name, ability=a.get("ability"))
        return menu.why_no_special_there(h, sp.kind, _(sp.name))
    return None


def _apply_turn(s: RQState, a: Action, ev: list[Event]) -> None:
    seat = s.priority
    k = a.kind
    if k == "pass":
        s.players[seat].passed = True
        s.forced_pass = False
        ev.append(Passed.raw({"player": seat}, seat))
        _next_turn(s, ev)
        return
    if k == "end_activation":
        _end_activation(s, ev)
        return
    if k == "equip":
        _equip(s, ev, s.mut(seat, a.word("hero")), a.word("gear"))
        _check_goals(s, ev, seat)
        return
    # apply only takes actions equal to a legal one, and every hero action is built with
    # ``hero`` first (then run: ``to``; attack: weapon, target, of, dice), so the arguments
    # are read by position (a keyed lookup scans them); the asserts narrow their types
    args = a.args
    hid = args[0][1]
    assert isinstance(hid, str)
    if k == "activate":
        h = s.heroes[seat][hid]
        s.active = h.id
        s.done = 0
        s.act_damage = 0
        ev.append(Activated.raw({"player": seat, "hero": h.id}, seat))
        return
    h = s.mut(seat, hid)
    if k == "run":
        s.done |= RUN
        _spend(s, h, 1)
        to = args[1][1]
        assert isinstance(to, tuple) and len(to) == 2
        _move(s, ev, h, to, prof(h).spd, "run")
    elif k == "attack":
        s.done |= ATTACK
        _, (_, weapon), (_, target), (_, of), (_, dice) = args
        assert isinstance(weapon, str) and isinstance(target, str)
        assert isinstance(of, int) and isinstance(dice, int)
        _attack(s, ev, h, weapon, s.mut(of, target), dice)
    elif k == "raid":
        s.done |= RAID
        _raid(s, ev, h)
    elif k == "rig":
        s.done |= RIG
        _spend(s, h, 1)
        _rig(s, ev, h, a.word("bounty"))
    elif k == "special":
        s.done |= SPECIAL
        _spend(s, h, 1)
        _special(s, ev, h, a)
    else:
        raise AssertionError(k)


def _spend(s: RQState, h: Hero, n: int) -> None:
    s.players[h.seat].well -= n
    h.dice += n


# -- movement, placing, entering -------------------------------------------------------------


def _remove_from_arena(s: RQState, h: Hero) -> None:
    s.reach_cache = None
    if h.pos is not None:
        s.occ.pop(h.pos, None)
    h.pos = None


def _set_pos(s: RQState, h: Hero, cell: Cell) -> None:
    s.reach_cache = None
    if h.pos is not None and s.occ.get(h.pos) == (h.seat, h.id):
        del s.occ[h.pos]
    h.pos = cell
    s.occ[cell] = (h.seat, h.id)
    tok = s.tokens.get(h.token) if h.token else None
    if tok is not None:
        tok.pos = None


def _move(s: RQState, ev: list[Event], h: Hero, dest: Cell, budget: int, how: str) -> None:
    """Normal movement along one cheapest path; tokens are gathered on every hex entered."""
    path = move_path(s, h, dest, budget)
    if path is None:  # validated by legal_actions; a moved model may have no path now
        return
    start = h.at()
    ev.append(
        Moved.raw({"player": h.seat, "hero": h.id, "path": [list(c) for c in path], "how": how})
    )
    cache = s.reach_cache
    s.reach_cache = None
    del s.occ[start]
    loot = s.loot_tokens
    # the hexes where entering picks up a Bounty token (none once the hero holds one)
    pick = _pickup_cells(s) if s.tokens and h.token is None else ()
    for cell in path[1:]:
        h.pos = cell
        if cell in loot or (cell in pick and h.token is None):  # else entering picks up nothing
            _enter(s, ev, h, cell)
    s.occ[dest] = (h.seat, h.id)
    if cache:
        # the occupancy masks follow the model; the searches are stale
        bit = s.board().bits.bit
        flip = 1 << bit[start] | 1 << bit[dest]
        kept: dict[Any, Any] = {}
        for seat in range(s.seats):
            masks = cache.get(seat)
            if masks is not None:
                occupied, enemies = masks
                kept[seat] = (occupied ^ flip, enemies if seat == h.seat else enemies ^ flip)
        s.reach_cache = kept
    _stopped(s, ev, h)


def _pickup_cells(s: RQState) -> set[Cell]:
    """Hexes holding a Bounty token that a hero entering picks up (see ``_enter``)."""
    bounties = content().bounties
    return {
        tok.pos
        for card, tok in s.tokens.items()
        if tok.pos is not None and bounties[card].goal in PICKUP_GOALS
    }


def quiet_runs(s: RQState, h: Hero, dests: list[Cell]) -> list[bool]:
    """For each of ``dests`` (``h``'s legal runs), whether that run would do nothing but move
    it there (and spend its die): it has a path, no Loot and no Bounty token it would pick up
    lies on that path, no trap waits where it stops, and its new hex cannot complete a
    standing-condition Bounty (it carries no token to deliver, and the hex is not the hill).
    Bots value such runs without playing each one (``quick.quick_values``). Keep in step with
    ``_move``, ``_enter``, ``_stopped`` and ``bounties._check_goals``:
    tests/riotquest/test_quick_values.py checks it against the runs played."""
    bounties = content().bounties
    if h.token is not None and bounties[h.token].goal == "carry":
        return [False] * len(dests)
    budget = prof(h).spd
    arena = s.board()
    pick = _pickup_cells(s) if s.tokens and h.token is None else ()
    loot = s.loot_tokens
    # where stopping springs a trap; the hill, while a Bounty is won by standing on it
    stops = {t.pos for c, t in s.tokens.items() if t.pos is not None and bounties[c].enter_damage}
    if any(bounties[card].goal == "hill" for card in s.bounty_active):
        stops.add(arena.centre)
    ends = _reach(s, h, budget)[1]
    bit = arena.bits.bit
    out = []
    for dest in dests:
        b = bit.get(dest)
        ok = b is not None and bool(ends >> b & 1) and dest not in stops
        if ok and (loot or pick):
            path = move_path(s, h, dest, budget)
            ok = path is not None and not any(c in loot or c in pick for c in path[1:])
        out.append(ok)
    return out


def _place(s: RQState, ev: list[Event], h: Hero, cell: Cell, how: str) -> None:
    """Placing is not moving (rulebook "Movement & Terrain"); the hex is still entered."""
    frm = h.pos
    _set_pos(s, h, cell)
    data = {"player": h.seat, "hero": h.id, "to": list(cell), "how": how}
    if frm is not None:
        data["from"] = list(frm)
    ev.append(Placed.raw(data))
    _enter(s, ev, h, cell)
    _stopped(s, ev, h)


def _enter(s: RQState, ev: list[Event], h: Hero, cell: Cell) -> None:
    """Rulebook "Knocked-Out Models & Loot Tokens" and "Bounty Tokens": pick-ups on entering."""
    n = s.loot_tokens.get(cell)
    if n:
        pl = s.players[h.seat]
        take = min(n, LOOT_CAP - pl.loot)
        if take > 0:
            pl.loot += take
            pl.loot_gathered += take
            if take == n:
                del s.loot_tokens[cell]
            else:
                s.loot_tokens[cell] = n - take
            ev.append(
                LootGathered.raw({"player": h.seat, "hero": h.id, "cell": list(cell), "n": take})
            )
    if h.token is None and s.tokens:
        c = content()
        for card, tok in s.tokens.items():
            if tok.pos == cell and c.bounties[card].goal in PICKUP_GOALS:
                tok.pos = None
                tok.holder = (h.seat, h.id)
                h.token = card
                ev.append(TokenPicked.raw({"player": h.seat, "hero": h.id, "bounty": card}))
                break


def _stopped(s: RQState, ev: list[Event], h: Hero) -> None:
    """Effects of ending a move or placement on a hex (traps)."""
    if not s.tokens:
        return
    c = content()
    for card, tok in list(s.tokens.items()):
        if tok.pos == h.pos and h.place == "arena":
            dmg = c.bounties[card].enter_damage
            if dmg:
                ev.append(TrapSprung.raw({"bounty": card, "hero": h.id, "player": h.seat}))
                _damage(s, ev, h, dmg, None)


# -- damage and knock-outs -------------------------------------------------------------------


def _damage(s: RQState, ev: list[Event], h: Hero, n: int, attacker: Hero | None) -> bool:
    """Suffer ``n`` damage; returns True if knocked out. ``attacker`` only for attack damage."""
    if h.place != "arena" or n <= 0:
        return False
    h.damage += n
    ev.append(
        Damaged.raw(
            {
                "player": h.seat,
                "hero": h.id,
                "n": n,
                "total": h.damage,
                "attack": attacker is not None,
            },
        )
    )
    if h.damage >= prof(h).sta:
        _knock_out(s, ev, h, attacker)
        return True
    return False


def _knock_out(s: RQState, ev: list[Event], h: Hero, attacker: Hero | None) -> None:
    """Rulebook "Damaging Models, Getting Knocked Out & the Cooler"."""
    cell = h.at()
    _leave_play(s, ev, h, "cooler")
    s.loot_tokens[cell] = s.loot_tokens.get(cell, 0) + 1
    ev.append(
        KnockedOut.raw(
            {
                "player": h.seat,
                "hero": h.id,
                "cell": list(cell),
                "by": None if attacker is None else [attacker.seat, attacker.id],
            },
        )
    )
    if attacker is not None and attacker.seat != h.seat:
        apl = s.players[attacker.seat]
        apl.scrap += 1
        apl.knockouts += 1
        ev.append(ScrapClaimed.raw({"player": attacker.seat, "vp": apl.vp}, attacker.seat))
        _check_win(s, ev)


def _leave_play(s: RQState, ev: list[Event], h: Hero, where: str) -> None:
    """Off the arena: gear breaks, held token drops, damage goes (spent dice stay on the card)."""
    cell = h.at()
    _remove_from_arena(s, h)
    h.place = where
    h.damage = 0
    if h.gear is not None:
        s.players[h.seat].discard.append(h.gear)
        ev.append(GearDiscarded.raw({"player": h.seat, "hero": h.id, "gear": h.gear}))
        h.gear = None
    if h.token is not None:
        tok = s.tokens.get(h.token)
        if tok is not None:
            tok.holder = None
            tok.pos = cell
            ev.append(TokenDropped.raw({"bounty": h.token, "cell": list(cell)}))
        h.token = None


# -- raids, rigs, specials, equipping -----------------------------------------------------------


def _raid(s: RQState, ev: list[Event], h: Hero) -> None:
    """Rulebook "Treasure Beacons, Treasure Chests & Raiding"."""
    c = content()
    card = s.chest
    if card is None:
        raise RuntimeError("no chest to raid")
    chest = c.chests[card]
    free = chest.class_.value == prof(h).cls
    if not free:
        _spend(s, h, 1)
    face = roll(s, ev, "boost", 1, "raid", h.seat)[0]
    row_i = _STRIKES[face]
    row = chest.rows[row_i]
    ev.append(
        ChestRaided.raw(
            {"player": h.seat, "hero": h.id, "chest": chest.id, "row": row_i + 1, "free": free},
            h.seat,
        )
    )
    s.treasure_discard.append(card)
    s.chest = None
    s.chest_pos = None
    if row.loot:
        _gain_loot(s, ev, h.seat, row.loot)
    steps: list[dict[str, Any]] = []
    for kind in ("heal", "refund", "recover", "release"):
        amount = getattr(row, kind)
        if kind == "heal" and row.heal_all:
            amount = 99
        if amount:
            steps.append({"op": "chest", "kind": kind, "n": amount, "seat": h.seat})
            if kind == "refund" and not free:
                # the raid's own die goes on the card only once the raid is complete
                steps[-1]["raid_die"] = h.id
    s.queue[0:0] = steps
    _bounty_raid(s, ev, h.seat, face)


def _chest_choice(s: RQState, ev: list[Event], op: dict[str, Any]) -> None:
    seat = op["seat"]
    kind = op["kind"]
    crew = s.heroes[seat]
    pl = s.players[seat]
    if kind == "heal":
        opts = [h.id for h in crew.values() if h.place == "arena" and h.damage > 0]
    elif kind == "refund":
        opts = [h.id for h in crew.values() if refundable(h, op.get("raid_die")) > 0]
    elif kind == "recover":
        opts = sorted(set(pl.discard) - set(pl.hand))
    else:
        opts = [h.id for h in crew.values() if h.place == "cooler"]
    if opts:
        data: dict[str, Any] = {"options": opts, "n": op["n"], "chest": True}
        if op.get("raid_die"):
            data["raid_die"] = op["raid_die"]
        s.pending.append(Decision(kind, seat, data))


def refundable(h: Hero, raid_die: str | None) -> int:
    """Spent dice on ``h``'s card a chest row may return: not the die of the raid that opened
    the chest (rulebook "Treasure Beacons...": it is placed after the raid is complete)."""
    return h.dice - (1 if h.id == raid_die else 0)


def _rig(s: RQState, ev: list[Event], h: Hero, card: str) -> None:
    """Rulebook "Rigging": three Boost dice (+1 Power die with the Rig Bonus), 3+ strikes."""
    b = content().bounties[card]
    boost, power, need = _rig_dice(h, card)
    faces = roll(s, ev, "boost", boost, "rig", h.seat)
    if power:
        faces = faces + roll(s, ev, "power", power, "rig", h.seat)
    total = strikes(faces)
    ok = total >= need
    ev.append(
        Rigged.raw(
            {"player": h.seat, "hero": h.id, "bounty": card, "strikes": total, "success": ok},
            h.seat,
        )
    )
    if ok:
        if b.reward_loot:
            _gain_loot(s, ev, h.seat, b.reward_loot)
        _claim(s, ev, h.seat, card)
        return
    if b.fail_damage:
        tok = s.tokens[card]
        occ = s.occ
        victims = [s.mut(*occ[c]) for c in s.board().within(tok.at(), b.fail_radius) if c in occ]
        ev.append(TokenExploded.raw({"bounty": card, "cell": list(tok.at())}))
        for v in victims:
            if v.place == "arena":
                _damage(s, ev, v, b.fail_damage, None)
                if s.phase == "over":
                    return


def _special(s: RQState, ev: list[Event], h: Hero, a: Action) -> None:
    """Rulebook "Special Actions": one per activation, one Action die."""
    kind = a.word("ability")
    p = prof(h)
    sp = next(x for x in p.specials if x.kind == kind)
    ev.append(SpecialUsed.raw({"player": h.seat, "hero": h.id, "ability": kind}, h.seat))
    if kind in ("leap", "blink"):
        _place(s, ev, h, a.cell("to"), kind)
    elif kind == "dash":
        _move(s, ev, h, a.cell("to"), sp.range, kind)
    elif kind == "patch":
        f = s.mut(h.seat, a.word("target"))
        f.damage = max(0, f.damage - 1)
        ev.append(Healed.raw({"player": f.seat, "hero": f.id, "n": 1}))
    elif kind == "medkit":
        n = h.damage
        h.damage = 0
        ev.append(Healed.raw({"player": h.seat, "hero": h.id, "n": n}))
    elif kind == "shove":
        t = s.mut(a.number("of"), a.word("target"))
        _move(s, ev, t, a.cell("to"), sp.range, "shove")
    if sp.single_use and h.gear is not None and h.place == "arena":
        s.players[h.seat].discard.append(h.gear)
        ev.append(GearDiscarded.raw({"player": h.seat, "hero": h.id, "gear": h.gear}))
        h.gear = None


def _equip(s: RQState, ev: list[Event], h: Hero, gear_id: str) -> None:
    """Rulebook "Riot Gear": pay Loot; a replaced card goes back to the hand."""
    pl = s.players[h.seat]
    cost = gear_cost(s, h, gear_id)
    pl.loot -= cost
    pl.hand.remove(gear_id)
    old = h.gear
    if old is not None:
        pl.hand.append(old)
    h.gear = gear_id
    ev.append(
        Equipped.raw({"player": h.seat, "hero": h.id, "gear": gear_id, "cost": cost, "old": old})
    )


# -- winning ----------------------------------------------------------------------------------


def _check_win(s: RQState, ev: list[Event]) -> None:
    goal = s.options["vp_goal"]
    best = [i for i, p in enumerate(s.players) if p.vp >= goal]
    if not best:
        return
    top = max(s.players[i].vp for i in best)
    leaders = [i for i in best if s.players[i].vp == top]
    _finish(s, ev, leaders, f"reached {goal} VP")


def equipped_count(s: RQState, seat: int) -> int:
    return sum(1 for h in s.heroes[seat].values() if h.gear is not None)


def _tiebreak(s: RQState, seats: list[int]) -> list[int]:
    """Rulebook "Winning": most VP, then most Loot, then most equipped Riot Gear, else a draw."""
    for key in (
        lambda i: s.players[i].vp,
        lambda i: s.players[i].loot,
        lambda i: equipped_count(s, i),
    ):
        top = max(key(i) for i in seats)
        seats = [i for i in seats if key(i) == top]
        if len(seats) == 1:
            break
    return seats


def _finish(s: RQState, ev: list[Event], seats: list[int], reason: str) -> None:
    winners = _tiebreak(s, seats)
    if len(winners) > 1:
        reason += "; a draw after the tie-breakers"
    elif len(seats) > 1:
        reason += "; decided by the tie-breakers"
    s.phase = "over"
    s.winners = tuple(winners)
    s.reason = reason
    s.pending.clear()
    s.queue.clear()
    ev.append(Won.raw({"winners": list(winners), "reason": reason}))


def _advance(s: RQState, ev: list[Event]) -> None:
    """Run automatic steps until someone must decide."""
    while s.phase != "over" and not s.pending:
        if s.queue:
            _run_queue(s, ev)
            continue
        if s.phase == "setup":
            _setup_step(s, ev)
        elif s.phase == "go":
            if not s.prepped:
                _turn_prep(s, ev)
                continue
            # (skips the call unless a standing-condition Bounty is face up)
            if not (_STATE_GOALS or _state_goal_cards()).isdisjoint(s.bounty_active):
                _check_goals(s, ev, s.priority)
            return
        elif s.phase == "cooldown":
            _cool_step(s, ev)
        else:
            return


# -- decisions ----------------------------------------------------------------------------------


def _apply_frame(s: RQState, f: Decision, a: Action, ev: list[Event]) -> None:
    """Resolve the answer to decision ``f`` (popped from ``pending``) through its frame."""
    seat = f.seat
    handler = FRAMES.handlers.get(f.kind)
    if handler is None:
        raise AssertionError(f.kind)
    handler.resolve(s, f, a, ev)
    if s.phase == "go" and seat == s.priority and not s.pending and not s.queue:
        _check_goals(s, ev, seat)


def _repush(s: RQState, f: Decision, kind: str) -> None:
    d = dict(f.data)
    d["n"] -= 1
    seat = f.seat
    pl = s.players[seat]
    if kind == "recover":
        opts = sorted(set(pl.discard) - set(pl.hand))
    else:
        opts = [h.id for h in s.heroes[seat].values() if h.place == "cooler"]
    if opts:
        d["options"] = opts
        s.pending.append(Decision(kind, seat, d))


# the decision kinds and queued steps (registering themselves in FRAMES and STEPS), the set-up
# steps, the bounties, the attacks and the turn flow call the helpers above, so they are loaded
# once those exist
from riotsim.games.riotquest import frames as frames  # noqa: E402
from riotsim.games.riotquest import steps as steps  # noqa: E402
from riotsim.games.riotquest.attacks import _attack, _gain_loot, _run_queue  # noqa: E402
from riotsim.games.riotquest.bounties import (  # noqa: E402
    _STATE_GOALS,
    _bounty_raid,
    _check_goals,
    _claim,
    _state_goal_cards,
)
from riotsim.games.riotquest.bounties import _flip_bounty as _flip_bounty  # noqa: E402
from riotsim.games.riotquest.rounds import (  # noqa: E402
    _cool_step,
    _end_activation,
    _next_turn,
    _turn_prep,
)
from riotsim.games.riotquest.setup_phase import SETUP_STEPS as SETUP_STEPS  # noqa: E402
from riotsim.games.riotquest.setup_phase import _setup_step  # noqa: E402
