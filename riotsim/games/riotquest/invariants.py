"""Consistency checks of a Riot Quest state (used by the fuzz tests and handy when debugging)."""

from __future__ import annotations

from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.rules import LOOT_CAP
from riotsim.games.riotquest.state import DICE_PER_PLAYER, RQState


def problems(s: RQState) -> list[str]:
    """Every broken invariant (empty when the state is consistent)."""
    out: list[str] = []
    c = content()
    seen: dict[tuple[int, int], tuple[int, str]] = {}
    for seat, crew in enumerate(s.heroes):
        pl = s.players[seat]
        on_cards = sum(h.dice for h in crew.values())
        if pl.well + on_cards != DICE_PER_PLAYER or not 0 <= pl.well <= DICE_PER_PLAYER:
            out.append(f"player {seat}: dice not conserved (well {pl.well}, on cards {on_cards})")
        if not 0 <= pl.loot <= LOOT_CAP:
            out.append(f"player {seat}: {pl.loot} Loot")
        if pl.bounty_vp != sum(c.bounties[b].value for b in pl.bounties):
            out.append(f"player {seat}: bounty VP {pl.bounty_vp} != claimed cards")
        if pl.scrap != pl.knockouts:
            out.append(f"player {seat}: {pl.scrap} Scrap for {pl.knockouts} knock-outs")
        if len(set(pl.hand)) != len(pl.hand) and not s.hidden:
            out.append(f"player {seat}: duplicate Riot Gear in hand {pl.hand}")
        if list(crew) != pl.crew:
            out.append(f"player {seat}: crew order differs from heroes")
        in_play = 0
        for h in crew.values():
            if h.place == "arena":
                in_play += 1
                if h.pos is None:
                    out.append(f"{h.id}: in the arena without a hex")
                    continue
                if h.pos in seen:
                    out.append(f"two models on {h.pos}")
                seen[h.pos] = (seat, h.id)
                if s.arena is not None and h.pos in s.arena.blocked:
                    out.append(f"{h.id} stands on a barrier {h.pos}")
                if h.damage >= c.heroes[h.id].sta + 0:
                    out.append(f"{h.id}: {h.damage} damage and still in play")
            else:
                if h.pos is not None or h.gear is not None or h.token is not None:
                    out.append(f"{h.id}: off the arena but keeps a hex, gear or token")
            if h.token is not None:
                tok = s.tokens.get(h.token)
                if tok is None or tok.holder != (seat, h.id):
                    out.append(f"{h.id}: holds token {h.token} that does not point back")
        if in_play > 4:
            out.append(f"player {seat}: {in_play} heroes in play")
    if seen != s.occ:
        out.append("occupancy map out of step with hero positions")
    cache = s.reach_cache
    if cache and s.arena is not None:
        # the movement search's occupancy masks (carried along when a model runs)
        bits = s.arena.bits
        occupied = bits.mask(s.occ)
        for seat in range(s.seats):
            masks = cache.get(seat)
            enemies = bits.mask(c for c, who in s.occ.items() if who[0] != seat)
            if masks is not None and masks != (occupied, enemies):
                out.append(f"player {seat}: cached occupancy masks out of step with the models")
    for card, tok in s.tokens.items():
        if card not in s.bounty_active:
            out.append(f"token of inactive bounty {card}")
        if (tok.pos is None) == (tok.holder is None):
            out.append(f"token {card} must be on a hex or held, not both/neither")
    claimed = [b for p in s.players for b in p.bounties]
    every = claimed + s.bounty_active + s.bounty_draw
    if len(every) != len(set(every)):
        out.append("a Bounty card is in two places")
    if len(s.bounty_active) > 2:
        out.append("more than two active Bounties")
    return out
