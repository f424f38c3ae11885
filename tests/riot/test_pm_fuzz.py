"""RIOT Politics & Media: random playouts with invariants, replay, hidden information."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riotsim.core.contract import Action
from riotsim.core.problems import ContentError
from riotsim.core.rng import Rng
from riotsim.games.riot.pm_content import load_pm_content
from riotsim.paths import data_dir

from .pm_helpers import PM, pm_setup


def check(state) -> None:
    c = PM.content
    assert all(abs(v) <= 5 for v in state.tracks.values())
    assert all(x >= 0 for x in state.credits)
    for seat in (0, 1):
        in_combat = []
        if state.combat is not None:
            in_combat = state.combat["riot"][0 if seat == state.combat["attacker"] else 1]
        riot = (
            len(state.riot_decks[seat])
            + len(state.riot_hands[seat])
            + len(state.riot_discards[seat])
            + len(in_combat)
        )
        assert riot == len(c.riot_deck)
    cards = (
        len(state.politics_deck)
        + len(state.media_deck)
        + len(state.discard)
        + sum(len(h) for h in state.hands)
    )
    assert cards == len(c.politics_deck) + len(c.media_deck)
    board = PM.board(state)
    for u in state.units.values():
        kind = board.spaces[u.space].kind
        assert not (u.seat == 1 and kind == "hq")
        if c.units[u.kind].special and c.units[u.kind].special.value == "van":
            assert kind != "building"
    for b in board.of_kind("building"):
        seats = {u.seat for u in state.units.values() if u.space == b}
        assert len(seats) <= 1
        if seats and b in state.markers:
            assert state.markers[b] in seats  # an enemy arriving removes the marker


def playout(seed: int, bot: int, limit: int = 5000):
    s = PM.new_state(pm_setup(seed))
    rng = Rng(bot)
    log = []
    while not PM.outcome(s).finished and len(log) < limit:
        acts = PM.legal_actions(s)
        assert acts
        a = rng.choice(acts)
        PM.apply(s, a)
        log.append(a)
        check(s)
    return s, log


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), bot=st.integers(0, 10_000))
def test_random_playouts_end_with_a_track_or_the_round_limit(seed, bot):
    s, _ = playout(seed, bot)
    out = PM.outcome(s)
    assert out.finished
    assert "track" in out.reason or "round limit" in out.reason


def test_replay_and_positions_are_deterministic():
    s, log = playout(3, 4)
    again = PM.new_state(pm_setup(3))
    for a in log:
        PM.apply(again, Action.parse(str(a)))
    assert PM.state_hash(again) == PM.state_hash(s)
    assert PM.state_hash(PM.from_position(PM.to_position(s))) == PM.state_hash(s)


def test_views_hide_hands_and_commitments_determinize_deals_back():
    """Hidden information: RIOT hands and face-down commitments stay hidden from the other
    side; determinize deals them back consistently (random games until a combat shows one)."""
    seen_combat = False
    for seed in range(5, 40):
        if seen_combat:
            break
        s = PM.new_state(pm_setup(seed))
        rng = Rng(9 + seed)
        for _ in range(3000):
            if PM.outcome(s).finished:
                break
            if s.combat is not None and any(s.combat["riot"]):
                seen_combat = True
                for seat in (0, 1):
                    v = PM.view(s, seat)
                    other = 1 - seat
                    assert all(c == "?" for c in v.riot_hands[other])
                    side = 0 if other == v.combat["attacker"] else 1
                    assert all(c == "?" for c in v.combat["riot"][side])
                    d = PM.determinize(v, seat, 7)
                    check(d)
                    assert d.riot_hands[seat] == s.riot_hands[seat]
            PM.apply(s, rng.choice(PM.legal_actions(s)))
    assert seen_combat


def test_content_is_valid_and_errors_are_reported(tmp_path):
    assert PM.check_content() == []
    c = load_pm_content()
    specials = {u.special.value for u in c.units.values() if u.special}
    assert specials == {"street_bonus", "building_bonus", "van", "deactivate"}
    assert sorted((u.cost, u.strength) for u in c.units.values() if u.special) == [
        (3, 1),
        (3, 2),
        (4, 3),
        (4, 3),
    ]
    folder = tmp_path / "riot-pm"
    shutil.copytree(data_dir() / "riot-pm", folder)
    text = (folder / "units.yaml").read_text().replace("special: van", "special: flying")
    (folder / "units.yaml").write_text(text)
    with pytest.raises(ContentError) as err:
        load_pm_content(folder)
    assert "units.yaml:" in str(err.value) and "special" in str(err.value)


def test_pm_board_districts():
    """A district is entrances, one street and three buildings (yellow, orange, green)."""
    s = PM.new_state(pm_setup(1))
    b = PM.board(s)
    for area in b.area_ids:
        assert sorted(b.spaces[x].colour for x in b.buildings_of(area)) == [
            "green",
            "orange",
            "yellow",
        ]
        assert b.entries_of(area)
        assert b.spaces[b.street_of(area)].district in ("politics", "media")
    assert b.hospital is None
