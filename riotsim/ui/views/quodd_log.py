"""The Quodd log in words: heroes by their players' names, cards by their names, squares as
"C4" (column letter, row number), a hero's moves in one action chained into one line ("Rosa
tumbles north to C4 (Jump up), then a spring throws her to C6"), bookkeeping left out, and
private events (a card explored from the deck) told only to their owner.

The side log (the panel's last lines) and the full log (L, ``log_blocks``) read the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from riotsim.core.contract import Event
from riotsim.games.quodd import catalog
from riotsim.games.quodd.actions import face_name
from riotsim.i18n import N_, _, ngettext
from riotsim.ui.views import quodd_art as art
from riotsim.ui.views.base import action_text, event_text
from riotsim.ui.views.quodd_tokens import direction
from riotsim.ui.views.words import tr

# events a line already tells, or that only keep the books
SILENT = {"skill_finished", "movement_ended", "skill_spent", "turn_ended", "upkeep_step"}
SILENT |= {"card_move_ended", "game_over"}


def square(cell: Any) -> str:
    """(2, 3) -> 'C4': the column's letter and the row's number, as on a chess board."""
    try:
        x, y = int(cell[0]), int(cell[1])
    except (TypeError, ValueError, IndexError):
        return str(cell)
    letters = ""
    x += 1
    while x:
        x, rest = divmod(x - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{y + 1}"


def card(card_id: Any) -> str:
    spec = catalog.cards().get(str(card_id))
    return tr(spec.name) if spec else str(card_id).replace("_", " ")


# what a hero may carry, and its colours ("red crystal")
THINGS = {
    "crystal": N_("{colour} crystal"),
    "sheep": N_("{colour} sheep"),
    "treasure": N_("{colour} treasure"),
}
COLOURS = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
    "white": N_("white"),
    "grey": N_("grey"),
    "black": N_("black"),
}


def thing(item: Any) -> str:
    """'crystal:red' -> 'red crystal'."""
    kind, _sep, colour = str(item).partition(":")
    if not colour:
        return kind.replace("_", " ")
    shade = tr(COLOURS[colour]) if colour in COLOURS else colour
    found = THINGS.get(kind)
    return tr(found).format(colour=shade) if found else f"{shade} {kind}"


class Words:
    """Names for the lines of one game: seats to players, faces to skills."""

    def __init__(self, state: Any, name: Callable[[int], str]):
        self.state = state
        self.name = name

    def who(self, seat: Any) -> str:
        return self.name(seat) if isinstance(seat, int) else _("Someone")

    def skill(self, seat: int, face: str) -> str:
        heroes = self.state.heroes
        skills = heroes[seat].skills if 0 <= seat < len(heroes) else {}
        return tr(art.SKILL_NAMES.get(art.face_skill(face, skills), face))


def _way(d: dict[str, Any]) -> str:
    return direction(d.get("direction", ""))


def _to(text: str, d: dict[str, Any]) -> str:
    """A move fragment that names its end square."""
    return text.format(way=_way(d), square=square(d["to"]))


# how a hero's move reads, after its name (chained with ", then ")
MOVES: dict[str, Callable[[Words, dict[str, Any]], str]] = {
    "tumbled": lambda w, d: _to(_("tumbles {way} to {square}"), d),
    "moved": lambda w, d: _to(_("moves {way} to {square}"), d),
    "slid": lambda w, d: _to(_("slides {way} to {square}"), d),
    "carried": lambda w, d: _to(_("is carried by a current to {square}"), d),
    "jumped": lambda w, d: _to(_("jumps to {square}"), d),
    "sprung": lambda w, d: _to(_("is thrown by a spring to {square}"), d),
    "teleported": lambda w, d: _to(_("teleports to {square}"), d),
    "tunnelled": lambda w, d: _to(_("goes through a tunnel to {square}"), d),
    "connected": lambda w, d: _to(_("rides the water connection to {square}"), d),
    "blasted": lambda w, d: _to(_("is blasted to {square}"), d),
    "spun": lambda w, d: _("turns on the whirlpool ({skill} up)").format(
        skill=w.skill(d["hero"], d["top"])
    ),
    "fell": lambda w, d: _("falls into the pit at {square}").format(square=square(d["at"])),
    "respawned": lambda w, d: _to(_("respawns at {square}"), d),
    "skill_activated": lambda w, d: _skill(d),
    "collected": lambda w, d: _("picks up a {thing}").format(thing=thing(d["item"])),
    "rally_reached": lambda w, d: _("reaches rally marker {n}").format(n=d["number"]),
    "walled_in": lambda w, d: _("is walled in"),
    "no_way_on": lambda w, d: _("has no way on"),
}


HIDDEN = {"card_explored": N_("explores a card from the deck")}


def _movement(d: dict[str, Any]) -> str:
    n = d.get("distance")
    return " " + _("({n} movement)").format(n=n) if n is not None else ""


def _comes_up(d: dict[str, Any]) -> str:
    """'Jump comes up (2 movement)': the skill a move just brought to the top."""
    name = tr(art.SKILL_NAMES.get(str(d["skill"]), str(d["skill"])))
    return _("{skill} comes up").format(skill=name) + _movement(d)


def _skill(d: dict[str, Any]) -> str:
    name = tr(art.SKILL_NAMES.get(str(d["skill"]), str(d["skill"])))
    return _("uses {skill}").format(skill=name) + _movement(d)


POWERS = {
    "place_terrain": N_("place a wall, broken wall or tunnel"),
    "place_teleporter": N_("place a teleporter"),
    "rotate_board": N_("turn a board"),
    "copy_q": N_("copy another hero's Q-Power"),
    "flip_upgrade": N_("flip an upgrade tile"),
    "rearrange": N_("rearrange the skill tiles"),
    "bomb": N_("fire a bomb"),
}
# the dice of Quodd Heroes, as "rolls the ... die" names them
DICE = {"direction": N_("direction"), "bomb": N_("bomb"), "d6": N_("d6")}


def _die(d: dict[str, Any], faces: list[Any]) -> tuple[str, str]:
    die = str(d.get("die", "die")).replace("quodd_", "").replace("_", " ")
    return (tr(DICE[die]) if die in DICE else die), ", ".join(direction(f) for f in faces)


def _card_line(text: str, w: Words, d: dict[str, Any]) -> str:
    return text.format(player=w.who(d["seat"]), card=card(d["card"]))


def _unequipped(w: Words, d: dict[str, Any]) -> str:
    if d.get("to") == "return":
        return _card_line(_("{player} puts {card} away into the hand"), w, d)
    return _card_line(_("{player} puts {card} away on the discard pile"), w, d)


def _explored(w: Words, d: dict[str, Any]) -> str:
    if d.get("from") == "lineup":
        return _card_line(_("{player} explores {card} from the lineup"), w, d)
    return _card_line(_("{player} explores {card} from the deck"), w, d)


def _rolled(w: Words, d: dict[str, Any]) -> str:
    die, faces = _die(d, d.get("faces", []))
    return _("{hero} rolls the {die} die: {faces}").format(
        hero=w.who(d.get("hero")), die=die, faces=faces
    )


def _rerolled(w: Words, d: dict[str, Any]) -> str:
    die, faces = _die(d, d["faces"])
    return _("{hero} re-rolls the {die} die: {faces}").format(
        hero=w.who(d["hero"]), die=die, faces=faces
    )


def _treasure(w: Words, d: dict[str, Any]) -> str:
    gems = ngettext("{n} gem", "{n} gems", d["gems"]).format(n=d["gems"])
    return _("{hero} takes a treasure card: {card} ({gems})").format(
        hero=w.who(d["hero"]), card=str(d["card"]).replace("_", " "), gems=gems
    )


def _time(w: Words, d: dict[str, Any]) -> str:
    text = _("The time tracker drops {n} to {timer}") if d["by"] < 0 else None
    text = text or _("The time tracker gains {n} to {timer}")
    return text.format(n=abs(d["by"]), timer=d["timer"])


def _q_power(w: Words, d: dict[str, Any]) -> str:
    found = POWERS.get(str(d["power"]))
    power = tr(found) if found else str(d["power"]).replace("_", " ")
    return _("{hero} uses the Q-Power: {power}").format(hero=w.who(d["hero"]), power=power)


# other events, whole lines
LINES: dict[str, Callable[[Words, dict[str, Any]], str]] = {
    "turn_started": lambda w, d: _("{player}'s turn (round {n})").format(
        player=w.who(d["seat"]), n=d["round"]
    ),
    "round_ended": lambda w, d: _("Round {n} ends").format(n=d["round"]),
    "first_player": lambda w, d: _("{player} goes first in round {n}").format(
        player=w.who(d["seat"]), n=d["round"]
    ),
    "card_played": lambda w, d: _card_line(_("{player} plays {card}"), w, d),
    "card_activated": lambda w, d: _card_line(_("{player} uses {card}"), w, d),
    "card_discarded": lambda w, d: _card_line(_("{player} discards {card}"), w, d),
    "card_unequipped": _unequipped,
    "card_explored": _explored,
    "lineup_card": lambda w, d: _("{card} comes into the lineup").format(card=card(d["card"])),
    "deck_shuffled": lambda w, d: _("The discard pile is shuffled into a new deck"),
    "deck_empty": lambda w, d: _("The deck is empty"),
    "placed": lambda w, d: _("{hero} starts at {square}").format(
        hero=w.who(d["hero"]), square=square(d["at"])
    ),
    "skills_swapped": lambda w, d: _("{hero} swaps the {faces} skill tiles").format(
        hero=w.who(d["hero"]),
        faces=_(" and ").join(face_name(f) for f in str(d["faces"]).split("/")),
    ),
    "boosted": lambda w, d: _("{hero} gets +{n} movement for {skill}").format(
        hero=w.who(d["hero"]),
        n=d["by"],
        skill=tr(art.SKILL_NAMES.get(str(d["skill"]), str(d["skill"]))),
    ),
    "upgraded": lambda w, d: _("{hero} takes the upgrade {tile}").format(
        hero=w.who(d["hero"]), tile=tr(str(d["label"]))
    ),
    "q_power": _q_power,
    "pushed": lambda w, d: _("{player} pushes {hero} to {square}").format(
        player=w.who(d["by"]), hero=w.who(d["hero"]), square=square(d["to"])
    ),
    "delivered": lambda w, d: _("{hero} delivers {things} ({n} in all)").format(
        hero=w.who(d["hero"]), things=", ".join(thing(i) for i in d["items"]), n=d["total"]
    ),
    "stolen": lambda w, d: _("{hero} steals a {thing} from {other}").format(
        hero=w.who(d["hero"]), thing=thing(d["item"]), other=w.who(d["from"])
    ),
    "dropped": lambda w, d: _("{hero} drops a {thing} at {square}").format(
        hero=w.who(d["hero"]), thing=thing(d["item"]), square=square(d["at"])
    ),
    "token_placed": lambda w, d: _("{player} puts a {token} at {square}").format(
        player=w.who(d.get("by")),
        token=str(d["kind"]).replace("_", " "),
        square=square(d["at"]),
    ),
    "wall_broken": lambda w, d: _("The wall at {square} breaks").format(square=square(d.get("at"))),
    "dice_rolled": _rolled,
    # issue 13: modes, buddies, the B-side, icons, treasure and time
    "card_traded": lambda w, d: _("{player} passes {card} to {other}").format(
        player=w.who(d["from"]), card=card(d["card"]), other=w.who(d["to"])
    ),
    "overlord_explored": lambda w, d: _card_line(
        _("{player} explores {card} from the Overlord deck"), w, d
    ),
    "overlord_deck_shuffled": lambda w, d: _("The Overlord's discard is shuffled into a new deck"),
    "buddy_joined": lambda w, d: _("{buddy} joins {player} as a buddy at {square}").format(
        buddy=tr(catalog.heroes()[str(d["buddy"])].name),
        player=w.who(d["by"]),
        square=square(d["at"]),
    ),
    "slot_filled": lambda w, d: _("{hero} puts the upgrade {tile} beside the {face} face").format(
        hero=w.who(d["hero"]), tile=tr(str(d["label"])), face=d["face"]
    ),
    "treasure_taken": _treasure,
    "time_moved": _time,
    "die_rerolled": _rerolled,
    "equipment_removed": lambda w, d: _(
        "{player} discards {hero}'s {card} (Timely Removal)"
    ).format(player=w.who(d["by"]), hero=w.who(d["hero"]), card=card(d["card"])),
    "food_protected": lambda w, d: _("{hero}'s {card} is protected food and stays").format(
        hero=w.who(d["hero"]), card=card(d["card"])
    ),
}


def _generic(w: Words, e: Event) -> str:
    """Any other event: its kind in words, heroes by name and squares as 'C4', no lists."""
    parts = []
    who = ""
    for k, v in e.data.items():
        if k in ("hero", "seat", "by") and isinstance(v, int):
            who = who or w.who(v)
            continue
        if isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(i, int) for i in v):
            parts.append(f"{str(k).replace('_', ' ')} {square(v)}")
        elif isinstance(v, (str, int)) and k != "id":
            parts.append(f"{str(k).replace('_', ' ')} {str(v).replace('_', ' ')}")
    text = e.kind.replace("_", " ")
    text = f"{who}: {text}" if who else text[:1].upper() + text[1:]
    return text + (f" ({', '.join(parts)})" if parts else "")


def action_lines(w: Words, events: list[Event], viewer: int | None, reveal: bool) -> list[str]:
    """The lines of one action's events: each hero's moves chained, the rest one a line."""
    lines: list[str] = []
    chain_of: int | None = None
    for e in events:
        if e.kind in SILENT:
            continue
        if not (reveal or e.visible_to(viewer)):
            names = [w.who(i) for i in range(len(w.state.heroes))]
            hidden = HIDDEN.get(e.kind)
            owner = e.seat if e.seat is not None else e.private_to
            if hidden:
                lines.append(_("{player} {action}").format(player=w.who(owner), action=tr(hidden)))
            else:
                lines.append(event_text(e, names, viewer))
            chain_of = None
            continue
        d = dict(e.data)
        move = MOVES.get(e.kind)
        if move is not None and isinstance(d.get("hero"), int):
            text = _safe(move, w, d)
            if text is not None:
                if chain_of == d["hero"] and lines and e.kind == "skill_activated":
                    lines[-1] += ": " + _comes_up(d)
                elif chain_of == d["hero"] and lines:
                    lines[-1] = _("{moves}, then {move}").format(moves=lines[-1], move=text)
                else:
                    lines.append(
                        _("{player} {action}").format(player=w.who(d["hero"]), action=text)
                    )
                    chain_of = d["hero"]
                continue
        chain_of = None
        line = LINES.get(e.kind)
        text = _safe(line, w, d) if line is not None else None
        lines.append(text if text is not None else _generic(w, e))
    return lines


def _safe(fn: Callable[[Words, dict[str, Any]], str], w: Words, d: dict[str, Any]) -> str | None:
    """A phrase, or None when the event lacks a field the phrase reads (then generic)."""
    try:
        return fn(w, d)
    except (KeyError, TypeError, IndexError):
        return None


def log_blocks(view: Any, viewer: int | None, reveal_all: bool) -> list[tuple[str, str]]:
    """The full log (L): a heading per action (who did what), then its lines."""
    match = view.match
    if not match.log:
        return [("dim", _("No moves yet."))]
    w = Words(view.state, view.host.player_name)
    names = [view.host.player_name(h.seat) for h in view.state.heroes]
    labels = getattr(view.host, "labels", None)
    blocks: list[tuple[str, str]] = []
    for i, events in enumerate(match.history[: len(match.log)]):
        head = action_text(match, i, viewer, names, reveal_all, labels)
        blocks.append(("h2", f"{i + 1}.  {head}"))
        blocks += [("li", line) for line in action_lines(w, events, viewer, reveal_all)]
    return blocks


def last_lines(view: Any, viewer: int | None, reveal_all: bool, most: int = 2) -> list[str]:
    """The side log: the last action's lines (the same words as the full log)."""
    match = view.match
    if not match.log:
        return []
    w = Words(view.state, view.host.player_name)
    return action_lines(w, match.history[len(match.log) - 1], viewer, reveal_all)[-most:]


def roll_verdict(events: list[Event]) -> str:
    """What an action's dice came to, in words ('Direction: north-east', 'Bomb: fire')."""
    parts = []
    for e in events:
        if e.kind != "dice_rolled":
            continue
        faces = [str(f) for f in e.data.get("faces", [])]
        die = str(e.data.get("die", ""))
        if die == "direction":
            parts.append(_("Direction: {faces}").format(faces=", ".join(map(direction, faces))))
        elif die == "bomb":
            parts.append(_("Bomb: {faces}").format(faces=", ".join(faces)))
        elif faces:
            parts.append(_("Rolled {faces}").format(faces=", ".join(faces)))
    return "; ".join(parts)
