"""Riot Quest rigging: which Bounty tokens a hero can rig and with what dice (rulebook
"Rigging")."""

from __future__ import annotations

from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.profile import prof
from riotsim.games.riotquest.state import Hero, RQState


def rig_tokens(s: RQState, h: Hero) -> list[str]:
    """Active rig bounties whose token is adjacent to ``h``."""
    if not s.tokens:
        return []
    rig = _rig_cards()
    pos = h.at()
    near = s.board().nbrs[pos]
    return [
        card
        for card, tok in s.tokens.items()
        if card in rig and tok.pos is not None and (tok.pos == pos or tok.pos in near)
    ]


_RIG: set[str] = set()


def _rig_cards() -> set[str]:
    if not _RIG:
        _RIG.update(k for k, b in content().bounties.items() if b.goal == "rig")
    return _RIG


RIG_BOOST, RIG_NEED = 3, 3


def _rig_dice(h: Hero, card: str) -> tuple[int, int, int]:
    p = prof(h)
    bonus = (
        p.cls in {x.value for x in content().bounties[card].rig_bonus} or "rigger" in p.abilities
    )
    return RIG_BOOST, 1 if bonus else 0, RIG_NEED


def rig_dice(s: RQState, hero_id: str, card: str, seat: int | None = None) -> tuple[int, int, int]:
    """Rulebook "Rigging": (Boost dice, Power dice, strikes needed) for ``hero_id`` of ``seat``
    (default: the player whose turn it is) rigging the Bounty ``card``'s token: three Boost
    dice, one more Power die with the card's Rig Bonus class (or Rigger), three strikes."""
    return _rig_dice(s.heroes[s.priority if seat is None else seat][hero_id], card)
