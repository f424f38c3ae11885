"""Game options are checked at the door (issue 10, "Options and actions are validated at the
door"): against each rule set's OptionSpec when a game is set up, whether the options come
from the setup screen, a save or ``simulate --option``; wrong types, negative, fractional and
absurd values are refused with a message naming the option."""

from __future__ import annotations

import json

import pytest

from riotsim.ai import get_bot
from riotsim.ai.play import play_game
from riotsim.core import registry
from riotsim.core.contract import GameSetup, PlayerSpec, SetupError
from riotsim.core.match import Match
from riotsim.core.saves import SaveError

PLAYERS = (PlayerSpec("Ann"), PlayerSpec("Bo"))

BAD = [
    ("riotquest", {"vp_goal": -3}, "vp_goal: -3 is outside 7..20"),
    ("riotquest", {"vp_goal": 7.5}, "vp_goal: 7.5 is not a whole number"),
    ("riotquest", {"vp_goal": True}, "vp_goal: True is not a whole number"),
    ("riotquest", {"vp_goal": "9"}, "vp_goal: '9' is not a whole number"),
    ("riotquest", {"round_limit": 10**12}, "round_limit: 1000000000000 is outside 0..50"),
    ("riotquest", {"decks": "shuffle"}, "decks: 'shuffle' is not one of 'agree', 'rolloff'"),
    ("riotquest", {"crew_mode": None}, "crew_mode: None is not one of"),
    ("riotquest", {"colour": "red"}, "riotquest has no option 'colour'"),
    ("riot", {"round_limit": -1}, "round_limit: -1 is outside 0..500"),
    ("riot", {"protesters": "pirates"}, "protesters: 'pirates' is not one of"),
    ("riot-pm", {"round_limit": 2.5}, "round_limit: 2.5 is not a whole number"),
    ("quodd", {"heroes": ["nobody"]}, "heroes: ['nobody'] is not a list of Quodd hero ids"),
    ("quodd", {"carry": "all"}, "carry: 'all' is not a list of entries"),
    ("quodd", {"vp_goal": 5}, "quodd has no option 'vp_goal'"),
]


@pytest.mark.parametrize("game, options, message", BAD)
def test_match_refuses_bad_options_naming_them(game, options, message):
    ruleset = registry.get(game)
    with pytest.raises(SetupError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Match(ruleset, GameSetup(PLAYERS, 1, options))


@pytest.mark.parametrize("game, options, message", BAD[:3])
def test_simulated_games_refuse_them_too(game, options, message):
    bots = [get_bot("random", seat) for seat in range(2)]
    with pytest.raises(SetupError, match=message):
        play_game(registry.get(game), GameSetup(PLAYERS, 1, options), bots)


def test_every_default_and_every_listed_choice_is_accepted():
    for game in registry.playable():
        ruleset = registry.get(game)
        for spec in ruleset.options():
            assert spec.problem(spec.default) is None, (game, spec.key)
            for choice in spec.choices:
                assert ruleset.option_problems({spec.key: choice}) == [], (game, choice)


def test_a_save_with_edited_options_is_refused(tmp_path):
    match = Match(registry.get("riotquest"), GameSetup(PLAYERS, 3, {"vp_goal": 9}))
    path = tmp_path / "g.json"
    match.save(path)
    raw = json.loads(path.read_text())
    raw["setup"]["options"]["vp_goal"] = raw["options"]["vp_goal"] = 10**9
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="vp_goal: 1000000000 is outside 7..20") as err:
        Match.load(path)
    assert str(err.value).startswith(str(path))


def test_a_campaigns_follow_up_options_are_accepted():
    """Quodd passes the heroes and their upgrades to the next part of a campaign: options no
    setup screen shows, which the rule set checks itself."""
    from riotsim.games.quodd import catalog

    quodd = registry.get("quodd")
    hero = next(iter(catalog.heroes()))
    assert quodd.option_problems({"heroes": [hero], "carry": [{"hero": hero}]}) == []
