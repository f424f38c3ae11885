"""Riot Quest actions: every kind declared once with its arguments, and interned construction.

Actions keep their text form (``run hero=dez to=(3,4)``); :data:`ACTIONS` declares each kind
and the type of each argument (the rule set's ``action_kinds``), and the rules read an argument
through ``Action.word/number/cell``.
"""

from __future__ import annotations

from typing import Any

from riotsim.core.actions import CELL, NUMBER, WORD, ActionKind, ActionKinds, optional
from riotsim.core.contract import Action

Cell = tuple[int, int]

ACTIONS = ActionKinds(
    # play
    ActionKind("take_turn"),
    ActionKind("pass"),
    ActionKind("equip", hero=WORD, gear=WORD),
    ActionKind("activate", hero=WORD),
    ActionKind("end_activation"),
    ActionKind("run", hero=WORD, to=CELL),
    ActionKind("attack", hero=WORD, weapon=WORD, target=WORD, of=NUMBER, dice=NUMBER),
    ActionKind("raid", hero=WORD),
    ActionKind("rig", hero=WORD, bounty=WORD),
    ActionKind(
        "special",
        hero=WORD,
        ability=WORD,
        target=optional(WORD),
        of=optional(NUMBER),
        to=optional(CELL),
    ),
    # decisions
    ActionKind("skip"),
    ActionKind("spawn", hero=WORD),
    ActionKind("place", hero=WORD, to=CELL),
    ActionKind("order", ability=WORD),
    ActionKind("beatback", to=CELL),
    ActionKind("press", to=CELL),
    ActionKind("heal", hero=WORD),
    ActionKind("refund", hero=WORD),
    ActionKind("release", hero=WORD),
    ActionKind("evacuate", hero=WORD),
    ActionKind("recover", gear=WORD),
    # setup
    ActionKind("bounty_deck", deck=WORD),
    ActionKind("treasure_deck", deck=WORD),
    ActionKind("arena", arena=WORD),
    ActionKind("classes", first=WORD, second=WORD),
    ActionKind("pick", hero=WORD),
    ActionKind("done"),
    ActionKind("ban", hero=WORD),
    ActionKind("gear", gear=WORD),
)

_ACTIONS: dict[tuple[str, tuple[tuple[str, Any], ...]], Action] = {}


def act(kind: str, *args: tuple[str, Any]) -> Action:
    """The one Action object for ``kind`` and ``args`` (building Action objects is the hot
    path of random playouts)."""
    key = (kind, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(kind, args)
    return found


# the actions without arguments
PASS = act("pass")
END = act("end_activation")
SKIP = act("skip")
DONE = act("done")
TAKE_TURN = act("take_turn")
