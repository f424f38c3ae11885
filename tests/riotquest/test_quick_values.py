"""Runs valued without playing them: ``rules.quiet_runs`` and ``quick.quick_values``.

A one-ply bot values a run by playing it on a copy. A run that does nothing but move its hero
(no Loot or Bounty token picked up on the way, no trap where it stops, no standing-condition
Bounty won by where it stops) leads to the same state as any other such run but for the
hero's hex, so the game values those by standing the hero on each hex of one played copy.
These tests hold the rules' side to what playing does and the values to what playing gives.
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


def test_runs_over_open_ground_only_move_the_hero():
    s = position([{"id": "dez", "pos": [3, 4]}], [{"id": "korga", "pos": [7, 7]}])
    play(s, "activate hero=dez")
    assert all(_quiet_is_only_moving(s, 0, "dez").values())


def test_a_run_through_loot_picks_it_up():
    """Rulebook "Knocked-Out Models & Loot Tokens": a model entering a hex with Loot takes it,
    on the way as well as where it stops."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "korga", "pos": [7, 7]}],
        loot_tokens=[[4, 4, 1]],
    )
    play(s, "activate hero=dez")
    quiet = _quiet_is_only_moving(s, 0, "dez")
    assert not quiet[a("run hero=dez to=(4,4)")] and not quiet[a("run hero=dez to=(5,4)")]
    assert quiet[a("run hero=dez to=(2,4)")]


def test_a_run_over_a_bounty_token_picks_it_up():
    """Rulebook "Bounty Tokens": a hero holding none picks up a carried Bounty's token by
    entering its hex."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "korga", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["gremlin_snatch"], "draw": []},
        tokens=[{"bounty": "gremlin_snatch", "pos": [4, 4]}],
    )
    play(s, "activate hero=dez")
    quiet = _quiet_is_only_moving(s, 0, "dez")
    assert not quiet[a("run hero=dez to=(5,4)")]
    assert "token_picked" in _does(s, a("run hero=dez to=(5,4)"))


def test_stopping_on_a_trap_springs_it():
    """Our trap Bounties (Deathtrap, Snare): a hero ending its move on the trap's hex
    suffers its damage."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "korga", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [5, 4]}],
    )
    play(s, "activate hero=dez")
    quiet = _quiet_is_only_moving(s, 0, "dez")
    assert not quiet[a("run hero=dez to=(5,4)")]
    assert quiet[a("run hero=dez to=(6,4)")]  # passing over it is no stop


def test_stopping_on_the_hill_can_win_king_of_the_hill():
    """Our King of the Hill: a hero on the centre with no enemy next to it wins the Bounty."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "korga", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["king_of_the_hill"], "draw": []},
    )
    play(s, "activate hero=dez")
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


def _check_every_run_decision(seats: int, arena: str, bots: str, seed: int) -> tuple[int, int]:
    """Play a seeded game; at every decision with runs, each quick value equals playing that
    run on a copy and evaluating it for the seat to move. Returns (values checked, runs
    played instead)."""
    setup = GameSetup(
        tuple(PlayerSpec(f"P{i}", bot=bots) for i in range(seats)), seed, {}, arena, None
    )
    s = R.new_state(setup)
    players = [get_bot(bots, seed * 8 + i) for i in range(seats)]
    checked = left = 0
    while (seat := R.to_move(s)) is not None:
        legal = R.legal_actions(s)
        values = R.quick_values(s, seat, legal)
        for i, value in values.items():
            child = R.copy(s)
            R.apply(child, legal[i])
            assert value == R.evaluate(child, seat), (legal[i], value)
        if values:
            checked += len(values)
            left += sum(1 for x in legal if x.kind == "run") - len(values)
        R.apply(s, players[seat].choose(R, R.view(s, seat), legal, 1e9))
    return checked, left


@pytest.mark.parametrize(
    "seats, arena, bots, seed",
    [(2, "thunderhead", "greedy", 3), (3, "scrapyard", "greedy", 4), (2, "scrapyard", "random", 5)],
)
def test_quick_values_are_the_values_of_the_runs_played(seats, arena, bots, seed):
    checked, left = _check_every_run_decision(seats, arena, bots, seed)
    assert checked > 300  # the shortcut is really taken
    assert left > 0  # and some runs (loot, tokens, traps, the hill) are still played


def test_greedy_chooses_the_same_with_and_without_quick_values(monkeypatch):
    """The shortcut changes how long a choice takes, never which one is made."""

    def actions(seed: int) -> list[str]:
        setup = GameSetup(
            (PlayerSpec("A", bot="greedy"), PlayerSpec("B", bot="greedy")),
            seed,
            {},
            "thunderhead",
            None,
        )
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
