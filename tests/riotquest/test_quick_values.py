"""Runs and equips valued without a copy each: ``rules.quiet_runs``, ``quick.quick_values``.

A one-ply bot values a run by playing it on a copy. A run that does nothing but move its hero
(no Loot or Bounty token picked up on the way, no trap where it stops, no standing-condition
Bounty won by where it stops) leads to the same state as any other such run but for the
hero's hex, so the game values those by standing the hero on each hex of one played copy.
Equips are played and undone on one shared copy. These tests hold the rules' side to what
playing does and the values to what playing gives.
"""

from __future__ import annotations

import pytest
from rq_util import R, a, play, position

from riotsim.ai import get_bot
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.riotquest import quick, rules


def _runs(s):
    return [x for x in R.legal_actions(s) if x.kind == "run"]


def _quiet(s, seat: int, hero: str) -> dict:
    runs = _runs(s)
    cells = [x.cell("to") for x in runs]
    return dict(zip(runs, rules.quiet_runs(s, s.heroes[seat][hero], cells), strict=True))


def _does(s, action) -> list[str]:
    child = R.copy(s)
    return [e.kind for e in R.apply(child, action)]


def _quiet_is_only_moving(s, seat: int, hero: str) -> dict:
    quiet = _quiet(s, seat, hero)
    assert quiet
    for run, ok in quiet.items():
        assert ok == (_does(s, run) == ["moved"]), run
    return quiet


def _dez_running(**extra):
    """Dez in the open test arena, activated and about to run; Korga far off."""
    s = position([{"id": "dez", "pos": [3, 4]}], [{"id": "korga", "pos": [7, 7]}], **extra)
    play(s, "activate hero=dez")
    return s


def test_runs_over_open_ground_only_move_the_hero():
    s = _dez_running()
    assert all(_quiet_is_only_moving(s, 0, "dez").values())


def test_a_run_through_loot_picks_it_up():
    """Rulebook "Knocked-Out Models & Loot Tokens": a model entering a hex with Loot takes it,
    on the way as well as where it stops."""
    s = _dez_running(loot_tokens=[[4, 4, 1]])
    quiet = _quiet_is_only_moving(s, 0, "dez")
    assert not quiet[a("run hero=dez to=(4,4)")] and not quiet[a("run hero=dez to=(5,4)")]
    assert quiet[a("run hero=dez to=(2,4)")]


def test_a_run_over_a_bounty_token_picks_it_up():
    """Rulebook "Bounty Tokens": a hero holding none picks up a carried Bounty's token by
    entering its hex."""
    s = _dez_running(
        bounty={"deck": "mayhem", "active": ["gremlin_snatch"], "draw": []},
        tokens=[{"bounty": "gremlin_snatch", "pos": [4, 4]}],
    )
    quiet = _quiet_is_only_moving(s, 0, "dez")
    assert not quiet[a("run hero=dez to=(5,4)")]
    assert "token_picked" in _does(s, a("run hero=dez to=(5,4)"))


def test_stopping_on_a_trap_springs_it():
    """Our trap Bounties (Deathtrap, Snare): a hero ending its move on the trap's hex
    suffers its damage."""
    s = _dez_running(
        bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [5, 4]}],
    )
    quiet = _quiet_is_only_moving(s, 0, "dez")
    assert not quiet[a("run hero=dez to=(5,4)")]
    assert quiet[a("run hero=dez to=(6,4)")]  # passing over it is no stop


def test_stopping_on_the_hill_can_win_king_of_the_hill():
    """Our King of the Hill: a hero on the centre with no enemy next to it wins the Bounty."""
    s = _dez_running(
        bounty={"deck": "mayhem", "active": ["king_of_the_hill"], "draw": []},
    )
    quiet = _quiet_is_only_moving(s, 0, "dez")
    assert not quiet[a("run hero=dez to=(4,4)")]
    assert quiet[a("run hero=dez to=(5,4)")]


def test_a_hero_carrying_a_token_is_never_valued_unplayed():
    """Rulebook "Bounty Tokens": a carried token is delivered where the hero stops next to the
    centre (or a gate); every run of its carrier is played."""
    s = position(
        [{"id": "dez", "pos": [2, 4], "token": "brain_drain"}],
        [{"id": "korga", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["brain_drain"], "draw": []},
        tokens=[{"bounty": "brain_drain", "holder": [0, "dez"]}],
    )
    play(s, "activate hero=dez")
    assert not any(_quiet(s, 0, "dez").values())
    assert quick.quick_values(s, 0, R.legal_actions(s)) == {}
    assert "bounty_claimed" in _does(s, a("run hero=dez to=(3,4)"))


def _check_every_decision(seats: int, arena: str, bots: str, seed: int) -> dict[str, int]:
    """Play a seeded game; at every decision, each quick value equals playing that action on
    a copy and evaluating it for the seat to move. Returns how many values were checked by
    kind, and how many runs were played instead ("run played")."""
    setup = GameSetup(
        tuple(PlayerSpec(f"P{i}", bot=bots) for i in range(seats)), seed, {}, arena, None
    )
    s = R.new_state(setup)
    players = [get_bot(bots, seed * 8 + i) for i in range(seats)]
    counts = {"run": 0, "equip": 0, "run played": 0}
    while (seat := R.to_move(s)) is not None:
        legal = R.legal_actions(s)
        values = R.quick_values(s, seat, legal)
        for i, value in values.items():
            child = R.copy(s)
            R.apply(child, legal[i])
            assert value == R.evaluate(child, seat), (legal[i], value)
            counts[legal[i].kind] += 1
        if any(legal[i].kind == "run" for i in values):
            runs = sum(1 for x in legal if x.kind == "run")
            counts["run played"] += runs - sum(1 for i in values if legal[i].kind == "run")
        R.apply(s, players[seat].choose(R, R.view(s, seat), legal, 1e9))
    return counts


@pytest.mark.parametrize(
    "seats, arena, bots, seed",
    [(2, "thunderhead", "greedy", 3), (3, "scrapyard", "greedy", 4), (2, "scrapyard", "random", 5)],
)
def test_quick_values_are_the_values_of_the_actions_played(seats, arena, bots, seed):
    counts = _check_every_decision(seats, arena, bots, seed)
    assert counts["run"] > 300 and counts["equip"] > 20  # the shortcuts are really taken
    assert counts["run played"] > 0  # and some runs (loot, tokens, traps, the hill) are played


def test_an_equip_that_wins_a_bounty_is_played_not_undone():
    """Our Hoarder: a player holding 8 Loot wins it, checked after each of their actions
    (10 Loot less a 2-Loot card is 8); an equip that wins it did more than equip, so no
    equip is valued on that copy."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin", "pos": [5, 5]}],
        [{"id": "korga", "pos": [7, 7]}],
        player0={"loot": 10, "hand": ["field_medkit", "rigging_gloves"]},
        bounty={"deck": "mayhem", "active": ["hoarder"], "draw": []},
    )
    legal = R.legal_actions(s)
    equips = [x for x in legal if x.kind == "equip"]
    assert len(equips) >= 2
    assert "bounty_claimed" in _does(s, equips[0])
    assert not any(legal[i].kind == "equip" for i in R.quick_values(s, 0, legal))


def test_valuing_equips_leaves_the_state_as_it_was():
    s = position(
        [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin", "pos": [5, 5]}],
        [{"id": "korga", "pos": [7, 7]}],
        player0={"loot": 6, "hand": ["plated_vest", "bang_rounds"]},
    )
    before = R.state_hash(s)
    legal = R.legal_actions(s)
    values = R.quick_values(s, 0, legal)
    assert sum(1 for i in values if legal[i].kind == "equip") >= 2
    assert R.state_hash(s) == before


def test_greedy_chooses_the_same_with_and_without_quick_values(monkeypatch):
    """The shortcut changes how long a choice takes, never which one is made."""

    def actions(seed: int) -> list[str]:
        setup = GameSetup((PlayerSpec("A", bot="greedy"), PlayerSpec("B", bot="greedy")),
                          seed, {}, "thunderhead", None)
        s = R.new_state(setup)
        bots = [get_bot("greedy", seed), get_bot("greedy", seed + 1)]
        out = []
        while (seat := R.to_move(s)) is not None and len(out) < 400:
            action = bots[seat].choose(R, R.view(s, seat), R.legal_actions(s), 1e9)
            out.append(str(action))
            R.apply(s, action)
        return out

    fast = actions(21)
    monkeypatch.setattr(type(R), "quick_values", lambda self, state, seat, actions: {})
    assert actions(21) == fast


@pytest.mark.parametrize("arena_id", ["thunderhead", "scrapyard"])
def test_threat_masks_count_hexes_as_the_distances_do(arena_id):
    """The bots' threat zones (bit masks) hold exactly the hexes ``arena.distances`` puts in
    reach: the evaluation counts threats by one and values closeness by the other."""
    from riotsim.games.riotquest.arena import get_arena

    arena = get_arena(arena_id)
    bit = arena.bits.bit
    for cell in arena.terrain:
        dist = arena.distances(cell)
        for reach in range(0, 13):
            zone = arena.bits.within(cell, reach)
            inside = {c for c in arena.terrain if zone >> bit[c] & 1}
            assert inside == {c for c, d in dist.items() if d <= reach}, (cell, reach)
