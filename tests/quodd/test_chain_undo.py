"""Undo limits per player count, and the tutorial/campaign chain (follow_up)."""

from __future__ import annotations

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.match import Match
from riotsim.games.quodd import RULESET, catalog
from tests.quodd.planner import play_solo


def setup(scenario: str, seats: int, seed: int = 2) -> GameSetup:
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    return GameSetup(players, seed=seed, scenario=scenario)


def _play_until_reveal(match: Match) -> None:
    """Play first legal actions until an action reveals information (a card, a die)."""
    for _ in range(400):
        events = match.apply(match.legal_actions()[0])
        if any(e.reveals for e in events):
            return
    raise AssertionError("no action revealed anything")


def test_solo_game_undoes_past_card_draws():
    """Scenario Types (Solo): one player may take back anything, even a card draw."""
    match = Match(RULESET, setup("solo_crystals", 1))
    assert RULESET.undo_unlimited(match.state)
    _play_until_reveal(match)
    assert match.can_undo()
    before = match.state_hash()
    match.undo()
    assert match.state_hash() != before


def test_free_for_all_does_not_undo_past_card_draws():
    """Free-For-All: with two or more players, a revealed card or die cannot be taken back."""
    match = Match(RULESET, setup("ffa_scramble", 2))
    assert not RULESET.undo_unlimited(match.state)
    _play_until_reveal(match)
    assert not match.can_undo()


def test_a_won_tutorial_step_leads_to_the_next_with_carry_over():
    """General Setup 1 / FAQ (multi-part scenarios): the tutorial campaign goes on in order,
    and the upgrades chosen in one part stay as they were in the next."""
    first = setup("tutorial_1", 1)
    state = play_solo(RULESET.new_state(first))
    assert state.phase == "over" and state.winners == [0]
    track = list(state.heroes[0].track)
    assert track, "the planner took at least one upgrade on the way"
    nxt = RULESET.follow_up(state, first)
    assert nxt is not None and nxt.scenario == catalog.scenarios()["tutorial_1"].next
    assert nxt.players == first.players
    assert nxt.options["heroes"] == [state.heroes[0].hero]
    second = RULESET.new_state(nxt)
    assert second.scenario == "tutorial_2"
    assert second.heroes[0].track == track
    assert second.heroes[0].hero == state.heroes[0].hero


def test_no_follow_up_while_playing_after_a_loss_or_at_the_end_of_the_chain():
    """A chain continues only from a won part that names a next part."""
    first = setup("tutorial_1", 1)
    state = RULESET.new_state(first)
    assert RULESET.follow_up(state, first) is None  # still playing
    state.phase, state.winners = "over", []
    assert RULESET.follow_up(state, first) is None  # lost: play the step again
    last = setup("tutorial_3", 1)
    done = RULESET.new_state(last)
    done.phase, done.winners = "over", [0]
    assert catalog.scenarios()["tutorial_3"].next is None
    assert RULESET.follow_up(done, last) is None
