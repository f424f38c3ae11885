"""Co-op and team play (issue 13 part B, spec M1-M5 and T1-T3).

Rulebook, *Co-Op and Team Card Sharing*: "In Co-Op and team Scenarios, card sharing is
allowed. If you are within 4 spaces of another player on your team, counting orthogonally,
you may freely trade cards during phase 1 or 3 of your turn." *Stealing*: "You may 'steal'
from teammates in a team Scenario." *Scenario Types*: solo, co-op, free-for-all, teams and
overlord.
"""

from __future__ import annotations

from typing import Any

import pytest

from riotsim.core.contract import Action, IllegalAction
from riotsim.games.quodd import RULESET, catalog, menu, refusals, teams
from riotsim.games.quodd.state import State
from tests.quodd.helpers import do, legal, position

OPEN = ["." * 9 for _ in range(9)]
NEEDS = "trading needs 4 or fewer"


def _team(mode: str = "coop", at1=(3, 0), phase: str = "powerup", **extra: Any) -> State:
    """Rok (hero 0) at the corner and Trixie (hero 1) on its team; Forest (hero 2) on
    another team in teams mode."""
    coop = mode == "coop"
    heroes = [
        {"hero": "rok", "at": [0, 0], "hand": ["honey_bun", "compass"], "team": 0},
        {"hero": "trixie", "at": list(at1), "hand": ["earth_rune"], "team": 0},
        # a teammate far away in co-op, an opponent next to Rok otherwise
        {"hero": "forest", **({"at": [8, 8], "team": 0} if coop else {"at": [1, 0], "team": 1})},
    ]
    objective = {"type": "crystals", "target": 3, "mode": mode}
    return position(OPEN, heroes, phase=phase, objective=objective, **extra)


def test_m1_scenario_types_are_the_five_of_the_rulebook():
    """M1 *Scenario Types*: solo, co-op, free-for-all, teams and overlord (tutorials play as
    solo); the shipped scenarios include each type."""
    modes = {s.mode for s in catalog.scenarios().values()}
    assert {"solo", "coop", "ffa", "teams", "overlord"} <= modes


def test_t1_give_and_take_within_four_spaces_in_power_up():
    """T1: within 4 spaces (orthogonal count) of a teammate, cards are traded in phase 1."""
    s = _team(at1=(3, 1))  # Manhattan distance 4
    moves = legal(s)
    assert "give card=honey_bun to=1" in moves and "take card=earth_rune from=1" in moves
    do(s, "give card=honey_bun to=1")
    assert s.heroes[0].hand == ["compass"] and s.heroes[1].hand == ["earth_rune", "honey_bun"]
    do(s, "take card=earth_rune from=1")  # T2: as often as the player likes
    assert s.heroes[0].hand == ["compass", "earth_rune"] and s.heroes[1].hand == ["honey_bun"]
    assert s.phase == "powerup"


def test_t1_trading_in_recovery_too_but_not_while_moving():
    """T1: phase 1 or 3 of your turn - Recovery too; never during Movement or Exploration."""
    s = _team(phase="recovery")
    assert "give card=compass to=1" in legal(s)
    for phase in ("movement", "explore"):
        s = _team(phase=phase)
        assert not any(a.startswith(("give", "take")) for a in legal(s)), phase


def test_t1_five_spaces_is_too_far_with_the_reason():
    """T1: 5 spaces away (counted orthogonally, diagonals do not shorten it) is out of reach;
    the menu greys the trade with the distance, the refusal says the same."""
    s = _team(at1=(3, 2))
    assert not any(a.startswith(("give", "take")) for a in legal(s))
    entries = [e for e in menu.action_menu(s) if e.group == menu.TRADE]
    assert [(e.label, e.reason) for e in entries] == [
        ("Trade cards with Mayor Trixie", f"Mayor Trixie is 5 spaces away: {NEEDS}"),
        ("Trade cards with Forest", f"Forest is 16 spaces away: {NEEDS}"),
    ]
    with pytest.raises(IllegalAction) as err:
        RULESET.apply(s, Action.parse("give card=honey_bun to=1"))
    assert "5 spaces away: trading needs 4 or fewer" in str(err.value)
    assert refusals.why_illegal(s, Action.parse("give card=honey_bun to=1"))[1] == (
        refusals.SHARING
    )


def test_t1_only_teammates_and_only_in_coop_and_teams():
    """T1: "another player on your team": an opponent next to you is no trading partner, and
    a free-for-all scenario has no card sharing at all."""
    s = _team(mode="teams")
    s.heroes[2].hand = ["hopberry"]
    moves = legal(s)
    assert "give card=honey_bun to=1" in moves
    assert not any("to=2" in a or "from=2" in a for a in moves)
    assert (
        "Forest is not on your team"
        in refusals.why_illegal(s, Action.parse("give card=honey_bun to=2"))[0]
    )
    s = _team(mode="ffa")
    assert not any(a.startswith(("give", "take")) for a in legal(s))


def test_t2_buddies_never_trade_and_equipped_cards_stay():
    """T2 (our ruling): a buddy has no hand and never trades; Items and Pets in play are not
    part of the hand and are not traded."""
    s = _team(at1=(1, 1))
    s.heroes[1].buddy = True
    s.heroes[1].hand = []
    assert not any(a.startswith(("give", "take")) for a in legal(s))
    s = _team(at1=(1, 1))
    s.heroes[1].items = ["pickaxe"]
    assert not any("pickaxe" in a for a in legal(s))


def test_t2_hand_limit_is_checked_at_the_owners_own_end_of_exploration():
    """T2 (our ruling): a teammate given a sixth card keeps it until its own turn ends."""
    s = _team(at1=(1, 1))
    s.heroes[1].hand = ["earth_rune", "hopberry", "hopberry", "honey_bun", "compass"]
    do(s, "give card=honey_bun to=1")
    assert len(s.heroes[1].hand) == 6 and s.phase == "powerup"


def test_t3_view_shows_teammates_hands_while_a_trade_is_possible():
    """T3: while a trade is possible, the active player and the teammate see each other's
    hands; an opponent still sees hidden cards; once out of reach the hands hide again."""
    s = _team(mode="teams", at1=(2, 1))
    s.heroes[2].hand = ["hopberry"]
    seen = RULESET.view(s, 0)
    assert seen.heroes[1].hand == ["earth_rune"]
    assert seen.heroes[2].hand == ["hidden"]
    assert RULESET.view(s, 1).heroes[0].hand == ["honey_bun", "compass"]
    assert RULESET.view(s, 2).heroes[0].hand == ["hidden", "hidden"]
    far = _team(mode="teams", at1=(8, 7))
    assert RULESET.view(far, 0).heroes[1].hand == ["hidden"]


def test_t1_trade_event_is_private_to_the_trader():
    """T1: the traded card is known to the trading teammates; the log hides it from others."""
    s = _team(at1=(1, 1))
    events = do(s, "give card=compass to=1")
    traded = [e for e in events if e.kind == "card_traded"]
    assert len(traded) == 1 and traded[0].data == {"from": 0, "to": 1, "card": "compass"}
    assert traded[0].private_to == 0


def test_m3_team_progress_adds_up_its_heroes():
    """M3 (our ruling): a team's progress is its heroes' progress added up."""
    s = _team(mode="teams")
    s.heroes[0].delivered = 1
    s.heroes[1].delivered = 1
    s.heroes[2].delivered = 1
    assert teams.team_progress(s, 0) == 2 and teams.team_progress(s, 1) == 1


def test_m5_a_hero_steals_from_a_teammate_in_a_team_scenario():
    """M5 *Stealing*: "You may 'steal' from teammates in a team Scenario"."""
    heroes = [
        {"hero": "rok", "at": [4, 4], "team": 0},
        {"hero": "trixie", "at": [6, 4], "team": 0, "carrying": ["crystal:red"]},
        {"hero": "forest", "at": [0, 0], "team": 1},
    ]
    objective = {"type": "crystals", "target": 3, "mode": "teams"}
    s = position(OPEN, heroes, objective=objective)
    do(s, "tumble dir=E")
    assert "steal from=1 item=crystal:red" in legal(s)
    do(s, "steal from=1 item=crystal:red")
    assert s.heroes[0].carrying == ["crystal:red"] and s.heroes[1].carrying == []


def test_t1_refusals_name_the_phase_and_the_mode_and_labels_read_well():
    """T1: a trade while moving is refused for the phase, one in a free-for-all for the
    mode; the menu labels say which card goes to or comes from whom."""
    s = _team(phase="movement")
    reason, _ = refusals.why_illegal(s, Action.parse("give card=compass to=1"))
    assert reason == "cards are traded in Power-Up or Recovery of your own turn"
    s = _team(mode="ffa", at1=(1, 1))
    reason, _ = refusals.why_illegal(s, Action.parse("give card=compass to=1"))
    assert reason == "cards are shared only in co-op and team scenarios"
    s = _team(at1=(1, 1))
    labels = {e.label for e in menu.action_menu(s) if e.group == menu.TRADE}
    assert "Give Compass to Mayor Trixie" in labels
    assert "Take Earth Rune from Mayor Trixie" in labels
