"""Building Your Crew is secret until every crew is built (our ruling, data/riotquest
reference): each player picks from their own cast, so a later picker must not see and
counter an earlier crew."""

from __future__ import annotations

from riotsim.core.contract import Action, GameSetup, PlayerSpec
from tests.riotquest.rq_util import R

CREW = ("dez", "gubbin", "dreyfus", "eiryss", "bamfist")


def _game():
    setup = GameSetup((PlayerSpec("Ann"), PlayerSpec("Bo")), seed=5)
    s = R.new_state(setup)
    assert s.pending[-1].kind == "crew" and s.pending[-1].seat == 0
    return s


def test_a_built_crew_is_hidden_from_the_next_picker_until_all_are_built():
    s = _game()
    R.apply(s, Action.make("pick", hero="dez"))
    assert R.view(s, 1).players[0].crew == ["?"]  # a pick is hidden as it is made
    assert R.view(s, 0).players[0].crew == ["dez"]
    R.apply(s, Action.make("pick", hero="gubbin"))
    for hero in CREW[2:]:
        R.apply(s, Action.make("pick", hero=hero))
    R.apply(s, Action.make("done"))
    assert s.pending[-1].kind == "crew" and s.pending[-1].seat == 1
    seen = R.view(s, 1)
    assert seen.players[0].crew == ["?"] * 5 and seen.heroes[0] == {}
    assert R.to_position(seen)["players"][0]["crew"] == [{"id": "?"}] * 5
    # a determinized view deals the hidden seat a crew of the same size
    deal = R.determinize(seen, 1, 7)
    assert len(deal.players[0].crew) == 5 and set(deal.heroes[0]) == set(deal.players[0].crew)
    R.apply(s, Action.make("pick", hero="nix"))
    assert R.view(s, 0).players[1].crew == ["?"]
    for hero in ("pip", "korga", "mok", "tamsin"):
        R.apply(s, Action.make("pick", hero=hero))
    R.apply(s, Action.make("done"))
    assert s.pending[-1].kind == "gear"  # every crew built: all of them show
    assert R.view(s, 1).players[0].crew == list(CREW)
    assert R.view(s, 0).players[1].crew == ["nix", "pip", "korga", "mok", "tamsin"]
