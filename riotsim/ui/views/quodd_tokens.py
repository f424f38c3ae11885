"""Hover text for the Quodd board pieces the element table does not cover: bombs, cannons,
beam parts, power blocks, lit beam squares and moving platforms (reference "Bombs and
cannons", "Beams", "Moving platforms"), in our own words."""

from __future__ import annotations

from typing import Any

from riotsim.games.quodd.refusals import DIR_WORDS
from riotsim.i18n import N_, _
from riotsim.ui.views.words import tr

SPEEDS = {"standard": 4, "fire": 3, "ice": 3}
BOMB_TYPES = {
    "standard": N_("explodes where it hits"),
    "fire": N_("everyone in the explosion discards a random card"),
    "ice": N_("everyone in the explosion loses the skills facing it for a turn"),
}
BOMB_NAMES = {"standard": N_("Standard bomb"), "fire": N_("Fire bomb"), "ice": N_("Ice bomb")}


def direction(way: Any) -> str:
    """A direction ("NE") in words, in the language spoken: the rules' own table."""
    found = DIR_WORDS.get(str(way))
    return tr(found) if found else str(way)


TEXT = {
    "cannon": N_("Cannon: ending a step or jump on it fires a bomb its way"),
    "emitter": N_("Beam emitter: while on, its beam is an impassable wall to the next wall"),
    "reflector": N_("Beam reflector: its front turns a beam a quarter turn; its back stops it"),
    "rotator": N_("Beam rotator: a beam hitting it turns its platform or board"),
    "mover": N_("Beam mover: each round a beam hits it, it moves its platform one square"),
    "power_block": N_("Power block: a crystal on it makes it impassable and turns on its emitters"),
}


def _way(token: Any) -> str:
    way = token.get("direction")
    return ", " + _("pointing {way}").format(way=direction(way)) if way else ""


def token_text(token: Any) -> str:
    """A piece's text ('' for a kind this module does not cover)."""
    if token.kind == "bomb":
        kind = str(token.get("bomb", "standard"))
        speed = SPEEDS.get(kind, 4)
        effect = tr(BOMB_TYPES.get(kind, ""))
        way = token.get("direction")
        if way:
            rolls = _("rolls {n} squares, heading {way} each round").format(
                n=speed, way=direction(way)
            )
        else:
            rolls = _("rolls {n} squares each round").format(n=speed)
        name = tr(BOMB_NAMES[kind]) if kind in BOMB_NAMES else f"{kind.capitalize()} bomb"
        return f"{name}: {rolls}; {effect}"
    text = tr(TEXT.get(token.kind, ""))
    if not text:
        return ""
    if token.kind in ("emitter", "reflector") and token.get("on") is not None:
        text += " " + (_("(on)") if token.get("on") else _("(off)"))
    if token.kind == "power_block" and token.get("link") is not None:
        text += " " + _("(letter {letter})").format(letter=token.get("link"))
    return text + _way(token)


def square_text(state: Any, cell: tuple[int, int]) -> list[str]:
    """What a square is part of: a lit beam, a moving platform."""
    board = state.board
    out = []
    if cell in getattr(board, "lit", ()):
        out.append(_("Beam: an impassable wall while its emitter is on"))
    index = board.platform_at(cell) if hasattr(board, "platform_at") else None
    if index is not None:
        platform = board.platforms[index]
        if platform.motion == "slide":
            way = direction(platform.direction)
            out.append(
                _("Platform: slides one square {way} each round, with all on it").format(way=way)
            )
        elif platform.motion == "rotate":
            out.append(
                _("Platform: turns a quarter clockwise each round, with all on it")
                if platform.spin == "cw"
                else _("Platform: turns a quarter anticlockwise each round, with all on it")
            )
        else:
            out.append(_("Platform: floor over pits or water"))
    return out
