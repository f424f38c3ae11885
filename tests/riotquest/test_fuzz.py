"""Random playouts: termination, invariants, replay determinism, positions and views."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.core.pathing import path_cost
from riotsim.games.riotquest import RULESET as R
from riotsim.games.riotquest.invariants import problems

MODES = ("vanilla", "party", "cash", "evicted", "specops", "starter")


def new_game(seed: int, players: int, mode: str, rolloff: bool, deck: str):
    options = {"crew_mode": mode, "decks": "rolloff" if rolloff else "agree", "bounty_deck": deck}
    setup = GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(players)), seed, options)
    return R.new_state(setup)


def playout(s, seed: int, check_every: int = 1, limit: int = 6000):
    rnd = random.Random(seed)
    log = []
    n = 0
    while not R.outcome(s).finished and n < limit:
        legal = R.legal_actions(s)
        assert legal, f"no legal action in phase {s.phase}"
        action = rnd.choice(legal)
        R.apply(s, action)
        log.append(action)
        n += 1
        if n % check_every == 0:
            found = problems(s)
            assert not found, f"after {n} actions ({action}): {found}"
    return log


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    mode=st.sampled_from(MODES),
    rolloff=st.booleans(),
    deck=st.sampled_from(["mayhem", "grudge"]),
)
def test_random_playouts_keep_invariants_and_finish(seed, players, mode, rolloff, deck):
    """Dice conserved, one model per hex, Loot <= 10, VP equal to claimed cards, and every
    game ends by the rules."""
    s = new_game(seed, players, mode, rolloff, deck)
    playout(s, seed)
    out = R.outcome(s)
    assert out.finished and out.winners
    goal = s.options["vp_goal"]
    assert max(out.scores) >= goal


def test_replay_reproduces_state_hashes():
    for seed in (1, 2):
        s = new_game(seed, 3, "vanilla", True, "grudge")
        hashes = []
        rnd = random.Random(seed)
        log = []
        while not R.outcome(s).finished and len(log) < 400:
            action = rnd.choice(R.legal_actions(s))
            R.apply(s, action)
            log.append(str(action))
            hashes.append(R.state_hash(s))
        again = new_game(seed, 3, "vanilla", True, "grudge")
        for text, h in zip(log, hashes, strict=True):
            R.apply(again, Action.parse(text))
            assert R.state_hash(again) == h


def test_positions_round_trip_and_copies_are_independent():
    s = new_game(7, 2, "vanilla", False, "mayhem")
    rnd = random.Random(7)
    for _i in range(300):
        if R.outcome(s).finished:
            break
        pos = R.to_position(s)
        back = R.from_position(pos)
        assert R.to_position(back) == pos
        assert [str(x) for x in R.legal_actions(back)] == [str(x) for x in R.legal_actions(s)]
        c = R.copy(s)
        action = rnd.choice(R.legal_actions(s))
        R.apply(c, action)
        assert R.to_position(s) == pos  # the copy did not touch the original
        R.apply(s, action)


def test_view_hides_other_hands_and_deck_order_and_determinize_refills():
    s = new_game(11, 2, "starter", False, "mayhem")
    v = R.view(s, 0)
    assert v.players[0].hand == s.players[0].hand
    assert v.players[1].hand == ["?"] * len(s.players[1].hand)
    assert v.bounty_draw == sorted(s.bounty_draw)
    d = R.determinize(v, 0, seed=3)
    assert "?" not in d.players[1].hand and len(d.players[1].hand) == len(s.players[1].hand)
    assert sorted(d.bounty_draw) == sorted(s.bounty_draw)
    playout(d, 3, check_every=50, limit=300)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), budget=st.integers(1, 8))
def test_fast_movement_search_matches_shared_pathing(seed, budget):
    """The inlined movement search gives exactly ``pathing.reachable``'s answer."""
    from riotsim.games.riotquest import rules

    s = new_game(seed, 2 + seed % 3, "starter", False, "mayhem")
    rnd = random.Random(seed)
    for _ in range(rnd.randint(0, 120)):
        if R.outcome(s).finished:
            break
        R.apply(s, rnd.choice(R.legal_actions(s)))
    for crew in s.heroes:
        for h in crew.values():
            if h.place == "arena":
                dests = rules.move_dests(s, h, budget)
                assert dests == rules.move_dests_generic(s, h, budget)
                for dest in list(dests)[:3]:
                    path = rules.move_path(s, h, dest, budget)
                    ref = rules.move_path_generic(s, h, dest, budget)
                    cost = {c: 2 for c in s.arena.obstacles}
                    if "nimble" in rules.prof(h).abilities:
                        cost = {}
                    assert path[0] == h.pos and path[-1] == dest
                    assert path_cost(path, cost) == path_cost(ref, cost) == dests[dest]
                    assert all(b in s.arena.nbrs[a] for a, b in zip(path, path[1:], strict=False))


def test_positions_survive_a_yaml_round_trip():
    """Positions are plain YAML-able data (safe_dump / safe_load)."""
    import yaml

    s = new_game(21, 3, "vanilla", True, "grudge")
    rnd = random.Random(21)
    for _ in range(250):
        if R.outcome(s).finished:
            break
        R.apply(s, rnd.choice(R.legal_actions(s)))
        pos = R.to_position(s)
        again = yaml.safe_load(yaml.safe_dump(pos))
        assert R.state_hash(R.from_position(again)) == R.state_hash(s)
