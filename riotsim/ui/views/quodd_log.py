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
from riotsim.games.quodd.refusals import DIR_WORDS
from riotsim.ui.views import quodd_art as art
from riotsim.ui.views.base import action_text, event_text

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
    return spec.name if spec else str(card_id).replace("_", " ")


def thing(item: Any) -> str:
    """'crystal:red' -> 'red crystal'."""
    kind, _, colour = str(item).partition(":")
    return f"{colour} {kind}" if colour else kind.replace("_", " ")


class Words:
    """Names for the lines of one game: seats to players, faces to skills."""

    def __init__(self, state: Any, name: Callable[[int], str]):
        self.state = state
        self.name = name

    def who(self, seat: Any) -> str:
        return self.name(seat) if isinstance(seat, int) else "Someone"

    def skill(self, seat: int, face: str) -> str:
        heroes = self.state.heroes
        skills = heroes[seat].skills if 0 <= seat < len(heroes) else {}
        return art.SKILL_NAMES.get(art.face_skill(face, skills), face)


def _way(d: dict[str, Any]) -> str:
    return DIR_WORDS.get(str(d.get("direction")), str(d.get("direction", "")))


# how a hero's move reads, after its name (chained with ", then ")
MOVES: dict[str, Callable[[Words, dict[str, Any]], str]] = {
    "tumbled": lambda w, d: f"tumbles {_way(d)} to {square(d['to'])}",
    "moved": lambda w, d: f"moves {_way(d)} to {square(d['to'])}",
    "slid": lambda w, d: f"slides {_way(d)} to {square(d['to'])}",
    "carried": lambda w, d: f"is carried by a current to {square(d['to'])}",
    "jumped": lambda w, d: f"jumps to {square(d['to'])}",
    "sprung": lambda w, d: f"is thrown by a spring to {square(d['to'])}",
    "teleported": lambda w, d: f"teleports to {square(d['to'])}",
    "tunnelled": lambda w, d: f"goes through a tunnel to {square(d['to'])}",
    "connected": lambda w, d: f"rides the water connection to {square(d['to'])}",
    "blasted": lambda w, d: f"is blasted to {square(d['to'])}",
    "spun": lambda w, d: f"turns on the whirlpool ({w.skill(d['hero'], d['top'])} up)",
    "fell": lambda w, d: f"falls into the pit at {square(d['at'])}",
    "respawned": lambda w, d: f"respawns at {square(d['to'])}",
    "skill_activated": lambda w, d: _skill(d),
    "collected": lambda w, d: f"picks up a {thing(d['item'])}",
    "rally_reached": lambda w, d: f"reaches rally marker {d['number']}",
    "walled_in": lambda w, d: "is walled in",
    "no_way_on": lambda w, d: "has no way on",
}


HIDDEN = {"card_explored": "explores a card from the deck"}


def _comes_up(d: dict[str, Any]) -> str:
    """'Jump comes up (2 movement)': the skill a move just brought to the top."""
    name = art.SKILL_NAMES.get(str(d["skill"]), str(d["skill"]))
    n = d.get("distance")
    return f"{name} comes up" + (f" ({n} movement)" if n is not None else "")


def _skill(d: dict[str, Any]) -> str:
    name = art.SKILL_NAMES.get(str(d["skill"]), str(d["skill"]))
    n = d.get("distance")
    return f"uses {name}" + (f" ({n} movement)" if n is not None else "")


POWERS = {
    "place_terrain": "place a wall, broken wall or tunnel",
    "place_teleporter": "place a teleporter",
    "rotate_board": "turn a board",
    "copy_q": "copy another hero's Q-Power",
    "flip_upgrade": "flip an upgrade tile",
    "rearrange": "rearrange the skill tiles",
    "bomb": "fire a bomb",
}

# other events, whole lines
LINES: dict[str, Callable[[Words, dict[str, Any]], str]] = {
    "turn_started": lambda w, d: f"{w.who(d['seat'])}'s turn (round {d['round']})",
    "round_ended": lambda w, d: f"Round {d['round']} ends",
    "first_player": lambda w, d: f"{w.who(d['seat'])} goes first in round {d['round']}",
    "card_played": lambda w, d: f"{w.who(d['seat'])} plays {card(d['card'])}",
    "card_activated": lambda w, d: f"{w.who(d['seat'])} uses {card(d['card'])}",
    "card_discarded": lambda w, d: f"{w.who(d['seat'])} discards {card(d['card'])}",
    "card_unequipped": lambda w, d: (
        f"{w.who(d['seat'])} puts {card(d['card'])} away"
        + (" into the hand" if d.get("to") == "return" else " on the discard pile")
    ),
    "card_explored": lambda w, d: (
        f"{w.who(d['seat'])} explores {card(d['card'])}"
        + (" from the lineup" if d.get("from") == "lineup" else " from the deck")
    ),
    "lineup_card": lambda w, d: f"{card(d['card'])} comes into the lineup",
    "deck_shuffled": lambda w, d: "The discard pile is shuffled into a new deck",
    "deck_empty": lambda w, d: "The deck is empty",
    "placed": lambda w, d: f"{w.who(d['hero'])} starts at {square(d['at'])}",
    "skills_swapped": lambda w, d: (
        f"{w.who(d['hero'])} swaps the " + " and ".join(str(d["faces"]).split("/")) + " skill tiles"
    ),
    "boosted": lambda w, d: (
        f"{w.who(d['hero'])} gets +{d['by']} movement for "
        + art.SKILL_NAMES.get(str(d["skill"]), str(d["skill"]))
    ),
    "upgraded": lambda w, d: f"{w.who(d['hero'])} takes the upgrade {d['label']}",
    "q_power": lambda w, d: (
        f"{w.who(d['hero'])} uses the Q-Power: "
        + POWERS.get(str(d["power"]), str(d["power"]).replace("_", " "))
    ),
    "pushed": lambda w, d: f"{w.who(d['by'])} pushes {w.who(d['hero'])} to {square(d['to'])}",
    "delivered": lambda w, d: (
        f"{w.who(d['hero'])} delivers "
        + ", ".join(thing(i) for i in d["items"])
        + f" ({d['total']} in all)"
    ),
    "stolen": lambda w, d: (
        f"{w.who(d['hero'])} steals a {thing(d['item'])}" + f" from {w.who(d['from'])}"
    ),
    "dropped": lambda w, d: (
        f"{w.who(d['hero'])} drops a {thing(d['item'])}" + f" at {square(d['at'])}"
    ),
    "token_placed": lambda w, d: (
        f"{w.who(d.get('by'))} puts a "
        + str(d["kind"]).replace("_", " ")
        + f" at {square(d['at'])}"
    ),
    "wall_broken": lambda w, d: f"The wall at {square(d.get('at'))} breaks",
    "dice_rolled": lambda w, d: (
        f"{w.who(d.get('hero'))} rolls the "
        + str(d.get("die", "die")).replace("quodd_", "").replace("_", " ")
        + " die: "
        + ", ".join(DIR_WORDS.get(str(f), str(f)) for f in d.get("faces", []))
    ),
    # issue 13: modes, buddies, the B-side, icons, treasure and time
    "card_traded": lambda w, d: f"{w.who(d['from'])} passes {card(d['card'])} to {w.who(d['to'])}",
    "overlord_explored": lambda w, d: (
        f"{w.who(d['seat'])} explores {card(d['card'])} from the Overlord deck"
    ),
    "overlord_deck_shuffled": lambda w, d: "The Overlord's discard is shuffled into a new deck",
    "buddy_joined": lambda w, d: (
        f"{catalog.heroes()[str(d['buddy'])].name} joins {w.who(d['by'])} as a buddy"
        f" at {square(d['at'])}"
    ),
    "slot_filled": lambda w, d: (
        f"{w.who(d['hero'])} puts the upgrade {d['label']} beside the {d['face']} face"
    ),
    "treasure_taken": lambda w, d: (
        f"{w.who(d['hero'])} takes a treasure card: {str(d['card']).replace('_', ' ')}"
        f" ({d['gems']} gem{'s' if d['gems'] != 1 else ''})"
    ),
    "time_moved": lambda w, d: (
        f"The time tracker {'drops' if d['by'] < 0 else 'gains'} {abs(d['by'])} to {d['timer']}"
    ),
    "die_rerolled": lambda w, d: (
        f"{w.who(d['hero'])} re-rolls the "
        + str(d["die"]).replace("quodd_", "").replace("_", " ")
        + " die: "
        + ", ".join(DIR_WORDS.get(str(f), str(f)) for f in d["faces"])
    ),
    "equipment_removed": lambda w, d: (
        f"{w.who(d['by'])} discards {w.who(d['hero'])}'s {card(d['card'])} (Timely Removal)"
    ),
    "food_protected": lambda w, d: (
        f"{w.who(d['hero'])}'s {card(d['card'])} is protected food and stays"
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
            lines.append(f"{w.who(owner)} {hidden}" if hidden else event_text(e, names, viewer))
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
                    lines[-1] += ", then " + text
                else:
                    lines.append(f"{w.who(d['hero'])} {text}")
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
        return [("dim", "No moves yet.")]
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
            parts.append("Direction: " + ", ".join(DIR_WORDS.get(f, f) for f in faces))
        elif die == "bomb":
            parts.append("Bomb: " + ", ".join(faces))
        elif faces:
            parts.append("Rolled " + ", ".join(faces))
    return "; ".join(parts)
