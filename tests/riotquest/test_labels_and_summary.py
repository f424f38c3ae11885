"""Player-facing words from the rules: move labels name places, arenas by title, and the
summary's statistics say where the score came from."""

from __future__ import annotations

from riotsim.core.contract import Action
from riotsim.games.riotquest import RULESET as R
from riotsim.games.riotquest.describe import hex_label, place_name
from tests.riotquest.rq_util import play, position


def test_places_are_named_by_the_arena_features_players_see():
    """Arena set-up (Spawn Gates, Treasure Beacons, the centre hex): labels name the feature a
    hex is or touches, else a short hex label (column letter, row from 1)."""
    s = position([{"id": "dez", "pos": [4, 3]}], [{"id": "dreyfus", "pos": [7, 7]}])
    arena = s.arena
    assert place_name(arena, (4, 4)) == "the centre"
    assert place_name(arena, (8, 4)) == "Spawn Gate 3"
    assert place_name(arena, (6, 6)) == "Beacon 3"
    assert place_name(arena, (4, 3)) == "next to the centre"
    assert place_name(arena, (7, 0)) == "next to Spawn Gate 2"
    assert place_name(arena, (4, 0)) == "next to Beacon 1"
    assert place_name(arena, (1, 0)) == "next to Spawn Gate 1"
    assert place_name(arena, (4, 5)) == "next to the centre"
    assert place_name(arena, (2, 4)) == "hex C5"
    assert hex_label((0, 0)) == "A1" and hex_label((26, 9)) == "AA10"


def test_move_labels_read_as_words_not_coordinates():
    """Running / Spawning: the log reads 'Dez runs to the centre', never '(4, 4)'."""
    s = position([{"id": "dez", "pos": [4, 3]}], [{"id": "dreyfus", "pos": [7, 7]}])
    assert R.describe(s, Action.make("run", hero="dez", to=(4, 4))) == "Dez runs to the centre"
    assert R.describe(s, Action.make("run", hero="dez", to=(2, 4))) == "Dez runs to hex C5"
    assert R.describe(s, Action.make("run", hero="dez", to=(5, 1))) == "Dez runs next to Beacon 1"
    assert R.describe(s, Action.make("place", hero="dez", to=(1, 0))) == (
        "Place Dez next to Spawn Gate 1"
    )
    attack = Action.make("attack", hero="dez", weapon="bazooka", target="dreyfus", of=1, dice=1)
    assert R.describe(s, attack) == (
        "Dez attacks Sir Dreyfus the Storm Knight (Bo) with Bazooka, 1 Action die"
    )


def test_arena_choices_show_each_map_title():
    """Choosing Decks & Maps: the setup screen lists arenas by their map's title."""
    assert R.choice_name("thunderhead") == "Thunderhead Fortress"
    assert R.choice_name("scrapyard") == "Rustbucket Scrapyard"
    assert R.choice_name("no_such_arena") == "No such arena"


def test_summary_stats_explain_the_score_without_repeating_it():
    """Victory Points come from Bounties and Scrap (one per enemy knocked out): the stats split
    the score instead of repeating it, plus Loot and equipped gear (the tie-breakers)."""
    s = position(
        [{"id": "dez", "pos": [4, 3], "gear": "bang_rounds"}],
        [{"id": "dreyfus", "pos": [4, 5]}],
        player0={"loot": 4, "scrap": 1, "bounties": ["marked_for_glory"]},
        player1={"loot": 1},
    )
    out = R.outcome(s)
    assert "VP" not in out.stats
    assert out.scores == (3, 0)
    bounty, scrap = out.stats["Bounty VP"], out.stats["Scrap VP (knock-outs)"]
    assert tuple(b + k for b, k in zip(bounty, scrap, strict=True)) == out.scores
    assert len(out.stats) <= 5  # the summary screen shows five columns besides the score
    assert out.stats["Loot held"] == (4, 1)
    assert out.stats["Gear equipped"] == (1, 0)
    assert all(column != out.scores for column in out.stats.values())


def test_a_knock_out_counts_in_the_scrap_column():
    """Damaging Models / Scrap: knocking an enemy out scores 1 VP shown as Scrap."""
    s = position(
        [{"id": "dez", "pos": [4, 3]}],
        [{"id": "dreyfus", "pos": [5, 3], "damage": 4}],
    )
    s.rng.script("strike", "strike", "strike", "strike", "strike", "strike", "strike", "strike")
    play(s, "attack hero=dez weapon=bazooka target=dreyfus of=1 dice=1")
    out = R.outcome(s)
    assert out.stats["Scrap VP (knock-outs)"] == (1, 0)
    assert out.scores == (1, 0)
