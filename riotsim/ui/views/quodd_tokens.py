"""Hover text for the Quodd board pieces the element table does not cover: bombs, cannons,
beam parts, power blocks, lit beam squares and moving platforms (reference "Bombs and
cannons", "Beams", "Moving platforms"), in our own words."""

from __future__ import annotations

from typing import Any

from riotsim.games.quodd.refusals import DIR_WORDS

SPEEDS = {"standard": 4, "fire": 3, "ice": 3}
BOMB_TYPES = {
    "standard": "explodes where it hits",
    "fire": "everyone in the explosion discards a random card",
    "ice": "everyone in the explosion loses the skills facing it for a turn",
}

TEXT = {
    "cannon": "Cannon: ending a step or jump on it fires a bomb its way",
    "emitter": "Beam emitter: while on, its beam is an impassable wall to the next wall",
    "reflector": "Beam reflector: its front turns a beam a quarter turn; its back stops it",
    "rotator": "Beam rotator: a beam hitting it turns its platform or board",
    "mover": "Beam mover: each round a beam hits it, it moves its platform one square",
    "power_block": "Power block: a crystal on it makes it impassable and turns on its emitters",
}


def _way(token: Any) -> str:
    direction = token.get("direction")
    return f", pointing {DIR_WORDS.get(str(direction), direction)}" if direction else ""


def token_text(token: Any) -> str:
    """A piece's text ('' for a kind this module does not cover)."""
    if token.kind == "bomb":
        kind = str(token.get("bomb", "standard"))
        speed = SPEEDS.get(kind, 4)
        effect = BOMB_TYPES.get(kind, "")
        rolls = f"rolls {speed} squares{_way(token).replace('pointing', 'heading')} each round"
        return f"{kind.capitalize()} bomb: {rolls}; {effect}"
    text = TEXT.get(token.kind, "")
    if not text:
        return ""
    if token.kind in ("emitter", "reflector") and token.get("on") is not None:
        text += " (on)" if token.get("on") else " (off)"
    if token.kind == "power_block" and token.get("link") is not None:
        text += f" (letter {token.get('link')})"
    return text + _way(token)


def square_text(state: Any, cell: tuple[int, int]) -> list[str]:
    """What a square is part of: a lit beam, a moving platform."""
    board = state.board
    out = []
    if cell in getattr(board, "lit", ()):
        out.append("Beam: an impassable wall while its emitter is on")
    index = board.platform_at(cell) if hasattr(board, "platform_at") else None
    if index is not None:
        platform = board.platforms[index]
        if platform.motion == "slide":
            way = DIR_WORDS.get(str(platform.direction), platform.direction)
            out.append(f"Platform: slides one square {way} each round, with all on it")
        elif platform.motion == "rotate":
            spin = "clockwise" if platform.spin == "cw" else "anticlockwise"
            out.append(f"Platform: turns a quarter {spin} each round, with all on it")
        else:
            out.append("Platform: floor over pits or water")
    return out
