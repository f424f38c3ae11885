"""Riot Quest attack resolution (rulebook "Attacking"): the roll, hits and damage, then the
abilities triggered at each step, as queued steps that pause for their decisions."""

from __future__ import annotations

from typing import Any

from riotsim.core.contract import Decision, Event
from riotsim.games.riotquest.bounties import _bounty_damage, _bounty_exact, _bounty_knockout
from riotsim.games.riotquest.combat import _attack_dice, defence, weapon
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.decisions import STEPS
from riotsim.games.riotquest.events import AbilityTriggered, Attacked, LootGained
from riotsim.games.riotquest.movement import move_dests
from riotsim.games.riotquest.profile import prof
from riotsim.games.riotquest.rolls import roll, strikes
from riotsim.games.riotquest.rules import LOOT_CAP, _damage, _spend
from riotsim.games.riotquest.state import Hero, RQState


def _attack(s: RQState, ev: list[Event], h: Hero, weapon_id: str, t: Hero, n: int) -> None:
    """Rulebook "Making Attacks", "Super Damage", "Timing of Abilities"."""
    w = weapon(h, weapon_id)
    # the dice are counted before the Action dice are spent (Charge looks at the activation)
    n, boost, power = _attack_dice(s, h, w, n)
    _spend(s, h, n)
    faces_a = roll(s, ev, "action", n, "attack", h.seat)
    faces_b = roll(s, ev, "boost", boost, "attack", h.seat)
    faces_p = roll(s, ev, "power", power, "attack", h.seat)
    total = strikes(faces_a) + strikes(faces_b) + strikes(faces_p)
    d1, d2 = defence(s, t, h, w.kind)
    hit = total >= d1
    sup = total >= d2
    ctx = {
        "attacker": [h.seat, h.id],
        "target": [t.seat, t.id],
        "weapon": w.id,
        "kind": w.kind,
        "abilities": sorted(w.abilities),
        "strikes": total,
        "def": [d1, d2],
        "hit": hit,
        "super": sup,
        "distance": s.board().distance(h.at(), t.at()),
        "target_cell": list(t.at()),
        "ko": False,
    }
    s.attack = ctx
    ev.append(
        Attacked.raw(
            {
                "player": h.seat,
                "hero": h.id,
                "weapon": w.id,
                "target": t.id,
                "of": t.seat,
                "strikes": total,
                "def": [d1, d2],
                "hit": hit,
                "super": sup,
            },
            h.seat,
        )
    )
    _bounty_exact(s, ev, h.seat, total, d1, d2)
    if s.phase == "over":
        s.attack = None
        return
    a, d = h.seat, t.seat
    steps: list[dict[str, Any]] = []
    if not _may_trigger(s, h, w.abilities, t):
        # no ability of either side can trigger in this attack (abilities are only ever lost
        # while it resolves), so the timing windows would all be empty
        if hit:
            steps.append({"op": "damage"})
        steps.append({"op": "attack_done"})
        s.queue[0:0] = steps
        return
    if hit:
        steps += [
            {"op": "trig", "step": "hit", "seat": a},
            {"op": "trig", "step": "hit", "seat": d},
        ]
        steps.append({"op": "damage"})
        steps += [
            {"op": "trig", "step": "dmg", "seat": a},
            {"op": "trig", "step": "dmg", "seat": d},
        ]
        steps += [{"op": "trig", "step": "ko", "seat": a}, {"op": "trig", "step": "ko", "seat": d}]
    steps += [
        {"op": "trig", "step": "after", "seat": a},
        {"op": "trig", "step": "after", "seat": d},
    ]
    steps.append({"op": "attack_done"})
    s.queue[0:0] = steps


_ATTACKER_TRIGGERS = frozenset({"siphon", "scavenger", "press"})
_WEAPON_TRIGGERS = frozenset({"brutal", "beatback"})
_TARGET_TRIGGERS = frozenset({"thorns", "grudge", "riposte"})


def _may_trigger(s: RQState, h: Hero, weapon_abilities: frozenset[str], t: Hero) -> bool:
    """Could any ability in ``_triggers`` fire during this attack?"""
    if not (
        _ATTACKER_TRIGGERS.isdisjoint(prof(h).abilities)
        and _WEAPON_TRIGGERS.isdisjoint(weapon_abilities)
        and _TARGET_TRIGGERS.isdisjoint(prof(t).abilities)
    ):
        return True
    return any("vengeful" in prof(f).abilities for f in s.heroes[t.seat].values())


def _ctx_heroes(s: RQState) -> tuple[Hero, Hero]:
    """The attacker and the target, to be edited (see ``RQState.mut``)."""
    ctx = s.fight()
    a = s.mut(ctx["attacker"][0], ctx["attacker"][1])
    t = s.mut(ctx["target"][0], ctx["target"][1])
    return a, t


def _triggers(s: RQState, step: str, seat: int) -> list[str]:
    """Abilities of ``seat`` that trigger at ``step`` of the current attack (names once)."""
    ctx = s.fight()
    a, t = _ctx_heroes(s)
    out: list[str] = []
    melee = ctx["kind"] == "melee"
    a_in = a.place == "arena"
    t_in = t.place == "arena"
    if seat == a.seat:
        if not a_in:
            return out
        ap = prof(a).abilities
        if step == "hit" and "brutal" in ctx["abilities"] and not ctx["super"]:
            out.append("brutal")
        elif step == "dmg" and melee and "siphon" in ap and ctx.get("damage", 0) > 0:
            out.append("siphon")
        elif step == "ko" and ctx["ko"] and "scavenger" in ap:
            out.append("scavenger")
        elif step == "after":
            if (
                ctx["hit"]
                and t_in
                and "beatback" in ctx["abilities"]
                and "unstoppable" not in prof(t).abilities
            ):
                out.append("beatback")
            if melee and "press" in ap:
                out.append("press")
    else:
        tp = prof(t).abilities
        if step == "hit" and t_in and melee and "thorns" in tp and a_in:
            out.append("thorns")
        elif step == "dmg" and t_in and "grudge" in tp and ctx.get("damage", 0) > 0:
            out.append("grudge")
        elif step == "ko" and ctx["ko"] and a_in:
            cell = tuple(ctx["target_cell"])
            for f in s.heroes[t.seat].values():
                if (
                    f.place == "arena"
                    and "vengeful" in prof(f).abilities
                    and s.board().distance(f.at(), cell) <= 3
                ):
                    out.append("vengeful")
                    break
        elif (
            step == "after"
            and melee
            and t_in
            and a_in
            and "riposte" in tp
            and s.board().distance(a.at(), t.at()) <= 1
        ):
            out.append("riposte")
    return out


def _resolve_trigger(s: RQState, ev: list[Event], name: str) -> None:
    ctx = s.fight()
    a, t = _ctx_heroes(s)
    ev.append(
        AbilityTriggered.raw(
            {"ability": name, "attacker": ctx["attacker"], "target": ctx["target"]}
        )
    )
    if name == "brutal":
        ctx["super"] = True
    elif name == "thorns" or name == "vengeful" or name == "riposte":
        _damage(s, ev, a, 1, None)
    elif name == "siphon":
        a.damage = max(0, a.damage - 1)
    elif name == "grudge":
        _gain_loot(s, ev, t.seat, 1)
    elif name == "scavenger":
        _gain_loot(s, ev, a.seat, 1)
    elif name == "beatback":
        if t.place != "arena" or a.place != "arena":
            return
        start = s.board().distance(a.at(), t.at())
        opts = [
            list(c) for c in sorted(move_dests(s, t, 2)) if s.board().distance(a.at(), c) > start
        ]
        if opts:
            s.pending.append(
                Decision("beatback", a.seat, {"hero": t.id, "of": t.seat, "options": opts})
            )
    elif name == "press":
        if a.place != "arena":
            return
        opts = [list(c) for c in sorted(move_dests(s, a, 1))]
        if opts:
            s.pending.append(Decision("press", a.seat, {"hero": a.id, "options": opts}))
    else:
        raise AssertionError(name)


def _gain_loot(s: RQState, ev: list[Event], seat: int, n: int) -> None:
    pl = s.players[seat]
    take = max(0, min(n, LOOT_CAP - pl.loot))
    if take:
        pl.loot += take
        pl.loot_gathered += take
        ev.append(LootGained.raw({"player": seat, "n": take}))


def _run_queue(s: RQState, ev: list[Event]) -> None:
    """Run the queued steps, each by its kind (``steps.py``), until one waits on a decision."""
    handlers = STEPS.handlers
    while s.queue and not s.pending and s.phase != "over":
        op = s.queue[0]
        handlers[op["op"]].run(s, ev, op)


def _attack_damage(s: RQState, ev: list[Event]) -> None:
    ctx = s.fight()
    a, t = _ctx_heroes(s)
    if t.place != "arena":
        return
    n = 2 if ctx["super"] else 1  # Super Damage adds one point however many sources
    ctx["damage"] = n
    ctx["marked"] = t.token if t.token and content().bounties[t.token].goal == "mark" else None
    if a.seat == s.priority:
        s.act_damage += n
    ko = _damage(s, ev, t, n, a)
    ctx["ko"] = ko
    if s.phase == "over":
        return
    seat = a.seat
    _bounty_damage(s, ev, seat)
    if ko:
        _bounty_knockout(s, ev, a, t, ctx)
