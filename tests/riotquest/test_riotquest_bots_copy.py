"""Riot Quest copies for the bots: RQState.copy copies by hand what the rules edit in place (the
queued attack steps and their trigger lists, the attack, the Cool Down's progress) and shares
the legal actions of an equal state; playing on a copy never changes the original."""

from __future__ import annotations

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.rng import Rng
from riotsim.games.riotquest import RULESET
from riotsim.games.riotquest.state import RQState

R = RULESET


def _kinds(s: RQState) -> set[str]:
    found = set()
    if s.attack is not None:
        found.add("attack")
    if "cool" in s.setup:
        found.add("cool")
    if any("left" in op for op in s.queue):
        found.add("left")
    return found


def _check_twins(s: RQState) -> None:
    before = R.to_position(s)
    legal = [str(x) for x in R.legal_actions(s)]
    for action in R.legal_actions(s):
        twin = R.copy(s)
        R.apply(twin, action)
        for _ in range(6):  # and a few plies more, through the rest of the attack
            if R.to_move(twin) is None:
                break
            R.apply(twin, R.legal_actions(twin)[0])
    assert R.to_position(s) == before
    assert [str(x) for x in R.legal_actions(s)] == legal


def test_copies_mid_attack_and_mid_cool_down_share_nothing():
    """Random starter-crew games: at every ply inside an attack's resolution or the Cool Down,
    each legal action played on a copy (and six plies after it) leaves the original's position
    and legal actions as they were."""
    seen: set[str] = set()
    for seed in range(12):
        setup = GameSetup(
            players=(PlayerSpec("a"), PlayerSpec("b")),
            seed=seed,
            map="thunderhead",
            options={"crew_mode": "starter"},
        )
        s = R.new_state(setup)
        rng = Rng(seed)
        for _ in range(500):
            if R.to_move(s) is None:
                break
            kinds = _kinds(s)
            if kinds:
                seen |= kinds
                _check_twins(s)
            legal = R.legal_actions(s)
            R.apply(s, legal[rng.below(len(legal))])
    assert {"attack", "left", "cool"} <= seen


def test_a_copy_shares_the_legal_actions_until_either_moves():
    """An equal state has the same legal actions: the copy reuses the list; applying an action
    to either drops only its own."""
    setup = GameSetup(
        players=(PlayerSpec("a"), PlayerSpec("b")),
        seed=3,
        map="thunderhead",
        options={"crew_mode": "starter"},
    )
    s = R.new_state(setup)
    legal = R.legal_actions(s)
    twin = R.copy(s)
    assert twin.legal_cache is s.legal_cache is not None
    R.apply(twin, legal[0])
    assert twin.legal_cache is None and R.legal_actions(s) == legal
    view = R.view(s, 0)
    assert view.legal_cache is None  # a view is edited: its actions are found again
