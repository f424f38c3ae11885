"""RIOT: random playouts with invariants, replay determinism, hidden information, perft."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riotsim.core.contract import Action
from riotsim.core.rng import Rng
from riotsim.games.riot.state import HIDDEN

from .helpers import R, act, position, setup


def check_invariants(state) -> None:
    c = R.content
    for seat, team in enumerate(state.teams):
        for ut in c.teams[team].units:
            on_board = sum(1 for u in state.units.values() if u.seat == seat and u.kind == ut.id)
            # units conserved: board (wounded included) + supply = the tokens of the mat
            assert on_board + state.supply[seat][ut.id] == ut.count
        assert state.credits[seat] >= 0
        assert state.supply[seat][ut.id] >= 0
        if seat:
            cards = len(state.hands[seat]) + len(state.decks[seat]) + len(state.discards[seat])
            assert cards == len(c.decks[team])
    board = R.board(state)
    for u in state.units.values():
        kind = board.spaces[u.space].kind
        if u.seat == 0:
            assert kind != "building"
        else:
            assert kind not in ("hq", "hospital")
    # buildings hold one team at a time
    for b in board.of_kind("building"):
        assert len({u.seat for u in state.units.values() if u.space == b}) <= 1
    assert len(state.po_deck) + len(state.po_revealed) + bool(state.po_drawn) == 10


def playout(players: int, seed: int, bot_seed: int, limit: int = 4000):
    state = R.new_state(setup(players, seed=seed))
    rng = Rng(bot_seed)
    log = []
    while not R.outcome(state).finished and len(log) < limit:
        actions = R.legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        action = rng.choice(actions)
        log.append(action)
        R.apply(state, action)
        check_invariants(state)
    return state, log


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), bot=st.integers(0, 10_000))
def test_random_playouts_keep_invariants_and_end(players, seed, bot):
    state, _ = playout(players, seed, bot)
    out = R.outcome(state)
    assert out.finished
    assert out.winners or "round limit" in out.reason


def test_replay_gives_identical_hashes():
    state, log = playout(3, 7, 11, limit=600)
    again = R.new_state(setup(3, seed=7))
    for action in log:
        R.apply(again, Action.parse(str(action)))
    assert R.state_hash(again) == R.state_hash(state)
    assert R.state_hash(R.from_position(R.to_position(state))) == R.state_hash(state)


def test_copy_is_independent():
    state, _ = playout(2, 3, 4, limit=200)
    twin = R.copy(state)
    h = R.state_hash(state)
    for a in R.legal_actions(twin)[:1]:
        R.apply(twin, a)
    assert R.state_hash(state) == h


def test_view_hides_hands_decks_and_po_and_determinize_restores():
    """Hidden information: other seats' hands, every deck order, the PO deck."""
    state, _ = playout(4, 5, 6, limit=400)
    for seat in range(4):
        v = R.view(state, seat)
        for other in range(4):
            if other != seat:
                assert all(c == HIDDEN for c in v.hands[other])
            assert all(c == HIDDEN for c in v.decks[other])
        assert v.hands[seat] == state.hands[seat]
        d = R.determinize(v, seat, seed=9)
        check_invariants(d)
        assert d.hands[seat] == state.hands[seat]
        assert sorted(R.legal_actions(d), key=str) == sorted(R.legal_actions(v), key=str) or (
            R.to_move(d) != seat
        )


def test_perft_counts():
    """Perft-style counts of legal actions in fixed positions (catch silent rule drift)."""
    s = R.new_state(setup(2, seed=1))
    assert len(R.legal_actions(s)) == 16  # any building on the board
    s = position(
        2,
        units=[
            (0, "officer", "hq"),
            (0, "riot_van", "hospital"),
            (1, "activist", "nw_b1"),
            (1, "activist", "nw_street"),
        ],
        active=0,
        phase="move",
    )
    # officer: 6 streets; van: hq; + end_move
    assert len(R.legal_actions(s)) == 6 + 1 + 1
    s.phase = "clash"
    # from the HQ the officer reaches nw_street (1 vs 1); the van reaches it too
    assert sorted(str(a) for a in R.legal_actions(s)) == [
        "attack target=nw_street seat=1",
        "end_turn",
    ]
    s = position(
        3,
        units=[
            (1, "activist", "nw_street"),
            (2, "anarchist", "nw_b1"),
            (2, "anarchist", "n_street"),
        ],
        active=1,
        phase="purchase",
        credits=[0, 3, 0],
        hands={1: ["side_alley", "call_for_backup"]},
    )
    # buy: 6 entries x (activist, mediactivist) + buy_card; play: side_alley x1 unit,
    # call_for_backup x6 entries; end_purchase
    assert len(R.legal_actions(s)) == 12 + 1 + 1 + 6 + 1


@pytest.mark.slow
def test_many_random_playouts():
    for players in (2, 3, 4):
        for seed in range(30):
            state, _ = playout(players, seed, seed + 100, limit=20_000)
            assert R.outcome(state).finished


def test_throughput_is_thousands_per_second():
    import time

    start = time.perf_counter()
    n = 0
    while n < 3000:
        _, log = playout(3, n, n + 1, limit=3000 - n)
        n += len(log) or 1
    rate = n / (time.perf_counter() - start)
    assert rate > 1000, rate


def test_illegal_actions_raise_with_reason():
    s = position(2, units=[(1, "activist", "nw_b1")], active=1, phase="purchase")
    with pytest.raises(Exception) as err:
        act(s, "end_turn")
    assert "purchase phase" in str(err.value)


def test_match_save_and_load_replays_both_rule_sets(tmp_path):
    """Saves replay the action log and check the snapshot hash (core Match)."""
    from riotsim.core.contract import GameSetup, PlayerSpec
    from riotsim.core.match import Match

    for game, n in (("riot", 3), ("riot-pm", 2)):
        m = Match.new(game, GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(n)), seed=4))
        rng = Rng(2)
        for _ in range(250):
            if m.outcome().finished:
                break
            m.apply(rng.choice(m.legal_actions()))
        path = tmp_path / f"{game}.json"
        m.save(path)
        assert Match.load(path).state_hash() == m.state_hash()
