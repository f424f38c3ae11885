"""Readable game-log lines for Riot Quest events (rolls, hits, knock-outs, VP, chests), looked
up by the event's class. A Riot Quest kind with no line here is not worth one (a pass, a turn
taken); an event of a kind this module does not know shows its own text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event
from riotsim.core.events import DiceRolled, GameOver
from riotsim.games.riotquest import events as E
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.describe import hex_label, place_kind, place_name, reason_text
from riotsim.i18n import N_, _, ngettext
from riotsim.ui.views import riotquest_cards as C
from riotsim.ui.views.words import tr

Line = Callable[[Any, Any], str]  # (event, host) -> line

_ROLL_LABELS = {
    "spawn": N_("Spawn Gate roll"),
    "chest": N_("Treasure Beacon roll"),
    "spawn_beacon": N_("redirected spawn, beacon roll"),
}
# the seat rolls and die kinds as the log names them
_PURPOSES = {
    "setup": N_("setup"),
    "priority": N_("priority"),
    "cooler": N_("cooler"),
    "attack": N_("attack"),
    "rig": N_("rig"),
    "raid": N_("raid"),
}
_DICE = {"action": N_("Action"), "boost": N_("Boost"), "power": N_("Power")}
_DIE_KINDS = {"action": N_("action"), "boost": N_("boost"), "power": N_("power")}


def _word(table: dict[str, str], key: str) -> str:
    found = table.get(key)
    return tr(found) if found is not None else key


def _strikes(n: int) -> str:
    return ngettext("{n} strike", "{n} strikes", n).format(n=n)


def _name(e: Event) -> str:
    hero = e.data.get("hero")
    return C.short_name(hero) if isinstance(hero, str) else ""


def _rolled(e: DiceRolled, host: Any) -> str:
    faces = [str(f) for f in e.faces]
    purpose = str(e.data.get("purpose", ""))
    if e.die in ("action", "boost", "power"):
        hits = sum({"strike": 1, "super": 2}.get(f, 0) for f in faces)
        strikes = _strikes(hits)
        if purpose in ("setup", "priority", "cooler"):
            who = host.player_name(e.seat) if e.seat is not None else ""
            return _("{player}: {purpose} roll, {strikes}").format(
                player=who, purpose=_word(_PURPOSES, purpose), strikes=strikes
            )
        dice = ngettext("{n} {die} die", "{n} {die} dice", len(faces))
        die = _word(_DIE_KINDS, str(e.die))
        return f"{dice.format(n=len(faces), die=die)}: {strikes}"
    label = _ROLL_LABELS.get(purpose, N_("Bounty token roll") if purpose else N_("d6 roll"))
    return f"{tr(label)}: {', '.join(faces)}"


def _attacked(e: E.Attacked, host: Any) -> str:
    result = _("hit, Super Damage") if e.super_ else _("hit") if e.hit else _("miss")
    return _("{strikes} vs DEF {d1}/{d2}: {result}").format(
        strikes=_strikes(e.strikes), d1=e.defence[0], d2=e.defence[1], result=result
    )


def roll_verdict(e: Event) -> tuple[str, bool] | None:
    """What a roll came to, from the event the rules emitted after it (the dice tray's last
    line), and whether it went the roller's way; None for an event that is no verdict."""
    if isinstance(e, E.Attacked):
        return _attacked(e, None), e.hit
    if isinstance(e, E.Rigged):
        verdict = _("{strikes}: the rig succeeds") if e.success else _("{strikes}: the rig fails")
        return verdict.format(strikes=_strikes(e.strikes)), e.success
    if isinstance(e, E.ChestRaided):
        name = tr(content().chests[e.chest].name)
        return _("{chest}: row {row}").format(chest=name, row=e.row), True
    return None


def _bounty_claimed(e: E.BountyClaimed, host: Any) -> str:
    b = content().bounties[e.bounty]
    return _("{player} claims {bounty} (+{n} VP)").format(
        player=host.player_name(e.player), bounty=tr(b.name), n=e.value
    )


def _chest_raided(e: E.ChestRaided, host: Any) -> str:
    return _("{hero} opens the {chest} (row {row})").format(
        hero=_name(e), chest=tr(content().chests[e.chest].name), row=e.row
    )


LINES: dict[type[Event], Line] = {
    E.Rolled: _rolled,
    E.RollOff: lambda e, host: _("{player} wins the {purpose} roll").format(
        player=host.player_name(e.winner), purpose=_word(_PURPOSES, str(e.purpose))
    ),
    E.Attacked: _attacked,
    E.Damaged: lambda e, host: _("{hero} takes {n} damage").format(hero=_name(e), n=e.n),
    E.KnockedOut: lambda e, host: _("{hero} is knocked out").format(hero=_name(e)),
    E.ScrapClaimed: lambda e, host: _("{player} claims Scrap (+1 VP)").format(
        player=host.player_name(e.player)
    ),
    E.BountyClaimed: _bounty_claimed,
    E.ChestSpawned: lambda e, host: _("{chest} appears at beacon {n}").format(
        chest=tr(content().chests[e.chest].name), n=e.beacon
    ),
    E.ChestRaided: _chest_raided,
    E.LootGathered: lambda e, host: _gains(e, host),
    E.LootGained: lambda e, host: _gains(e, host),
    E.Spawned: lambda e, host: _("{hero} spawns").format(hero=_name(e)),
    E.BountyFlipped: lambda e, host: _("New Bounty: {bounty}").format(
        bounty=tr(content().bounties[e.bounty].name)
    ),
    E.Rigged: lambda e, host: _("rig succeeds") if e.success else _("rig fails"),
    E.RoundStarted: lambda e, host: _("Round {n} begins").format(n=e.round),
    E.Won: lambda e, host: _game_over(e),
}


def _gains(e: Any, host: Any) -> str:
    return _("{player} gains {n} Loot").format(player=host.player_name(e.player), n=e.n)


def _game_over(e: Any) -> str:
    return _("Game over: {reason}").format(reason=reason_text(str(e.reason)))


def event_line(e: Event, host: Any) -> str:
    """A short log line for the events worth reading (rolls, hits, knock-outs, VP...); ""
    for a Riot Quest kind that is not; the event's own text for a kind not known here."""
    line = LINES.get(type(e))
    if line is not None:
        return line(e, host)
    if isinstance(e, DiceRolled):  # the shared kinds, from any rules
        return _rolled(e, host)
    if isinstance(e, GameOver):
        return _game_over(e)
    if isinstance(e, E.RQEvent):
        return ""
    return str(e)


# ---------------------------------------------------------------------------------------------
# Grouped lines and move headlines

_SEAT_ROLLS = ("setup", "priority", "cooler")  # one roll per player: a line each
# ``to_end`` is the whole destination phrase ("to J7", "to the centre"), so each language
# words "to" with the place ("al centro", "alla Porta 3")
_MOVES = {
    "run": N_("{hero} runs from {start} {to_end}"),
    "dash": N_("{hero} dashes from {start} {to_end}"),
    "leap": N_("{hero} leaps from {start} {to_end}"),
    "blink": N_("{hero} blinks from {start} {to_end}"),
}
_TO_END = {
    "hex": N_("to {hex}"),
    "centre": N_("to the centre"),
    "gate": N_("to Spawn Gate {n}"),
    "beacon": N_("to Beacon {n}"),
    "near": N_("to {hex} ({near})"),
}


def _dice_words(rolls: list[DiceRolled]) -> str:
    """``2 Action, 3 Boost and 1 Power dice``: what one action rolled, by die type."""
    parts = [f"{len(r.faces)} {_word(_DICE, str(r.die))}" for r in rolls if r.faces]
    if not parts:
        return _("no dice")
    if len(parts) == 1:
        words = parts[0]
    else:
        words = _("{list} and {last}").format(list=", ".join(parts[:-1]), last=parts[-1])
    total = sum(len(r.faces) for r in rolls)
    return ngettext("{dice} die", "{dice} dice", total).format(dice=words)


def event_lines(events: list[Event], host: Any) -> list[str]:
    """The log lines for one action's events, chained effects grouped: the dice of an attack,
    a rig or a raid and what they came to are one line; damage that knocks a hero out is
    one line."""
    out: list[str] = []
    i = 0
    while i < len(events):
        e = events[i]
        purpose = e.data.get("purpose") if isinstance(e, DiceRolled) else None
        if isinstance(e, DiceRolled) and purpose not in _SEAT_ROLLS:
            j = i
            while j < len(events) and isinstance(events[j], DiceRolled):
                if events[j].data.get("purpose") != purpose:
                    break
                j += 1
            rolls = [r for r in events[i:j] if isinstance(r, DiceRolled)]
            verdict = roll_verdict(events[j]) if j < len(events) else None
            if verdict is not None and len(rolls) > 0 and purpose in ("attack", "rig", "raid"):
                out.append(
                    _("rolls {dice}: {verdict}").format(dice=_dice_words(rolls), verdict=verdict[0])
                )
                i = j + 1
                continue
        if isinstance(e, E.Damaged) and i + 1 < len(events):
            nxt = events[i + 1]
            if isinstance(nxt, E.KnockedOut) and (nxt.player, nxt.hero) == (e.player, e.hero):
                out.append(
                    _("{hero} takes {n} damage and is knocked out").format(hero=_name(e), n=e.n)
                )
                i += 2
                continue
        line = event_line(e, host)
        if line:
            out.append(line)
        i += 1
    return out


def _to_end(arena: Any, cell: Any) -> str:
    """``to J7``, ``to the centre``, ``to J7 (next to Beacon 5)``: where a move ended."""
    kind, n = place_kind(arena, cell)
    label = hex_label((int(cell[0]), int(cell[1])))
    key = "near" if kind.startswith("near_") else kind
    return tr(_TO_END[key]).format(hex=label, n=n, near=place_name(arena, cell))


def move_headline(arena: Any, hero: str, events: list[Event]) -> str | None:
    """``Tamsin runs from G5 to J7``: the move ``hero`` made by its own action (a run, a
    dash, a leap), read from the event; None when the events hold no such move."""
    for e in events:
        if isinstance(e, E.Moved) and e.hero == hero and e.how in _MOVES and len(e.path) > 1:
            start, end = e.path[0], e.path[-1]
        elif isinstance(e, E.Placed) and e.hero == hero and e.how in _MOVES and e.start:
            start, end = e.start, e.to
        else:
            continue
        origin = hex_label((int(start[0]), int(start[1])))
        return tr(_MOVES[e.how]).format(
            hero=C.short_name(hero), start=origin, to_end=_to_end(arena, end)
        )
    return None
