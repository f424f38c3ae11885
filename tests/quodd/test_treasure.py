"""Treasure cards (issue 13 spec R1; rulebook *Treasure* token: "When revealed take a
treasure card ... Your Scenario will specify rules for treasure cards"). Positions are
readable boards; the treasure deck is set in the position."""

from __future__ import annotations

import pytest

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.quodd import RULESET, catalog, checks, scenario, treasure
from riotsim.games.quodd.state import Hero
from tests.quodd.helpers import answer, do, kinds, legal, position

LOOT = "solo_loot"


def hero(at, name="rok", **kw):
    return {"hero": name, "at": list(at), **kw}


def new(scenario_id: str = LOOT, seed: int = 1):
    return RULESET.new_state(GameSetup((PlayerSpec("P0"),), seed=seed, scenario=scenario_id))


def loot_position(deck, rows=None, **kw):
    return position(
        rows or ["Pt.......", "........."],
        [hero((0, 0))],
        objective={"type": "loot", "target": 5, "mode": "solo"},
        treasure_deck=list(deck),
        **kw,
    )


def test_r1_at_least_twenty_treasure_cards_each_real():
    """R1: at least 20 treasure cards (our designs), each worth gems; every effect is one of
    the rules' effects (the file is validated like the Exploration deck)."""
    table = treasure.cards()
    assert len(table) >= 20
    assert all(c.value >= 1 for c in table.values())
    assert sum(1 for c in table.values() if c.effects) >= 8
    assert not checks.check_content()


def test_r1_scenario_with_treasure_cards_shuffles_the_deck():
    """R1: a scenario that uses treasure cards starts with the whole treasure deck
    (shuffled); the others have none."""
    s = new()
    assert sorted(s.treasure_deck) == sorted(treasure.cards())
    assert new("solo_treasure").treasure_deck == []


def test_r1_treasure_token_gives_the_top_treasure_card():
    """R1, *Treasure*: "When revealed take a treasure card": the token gives its hero the
    top card of the treasure deck (and still counts as a treasure found)."""
    s = loot_position(["ruby_ring", "old_coin"])
    events = do(s, "tumble dir=E")
    h = s.heroes[0]
    assert h.loot == ["ruby_ring"] and h.treasure == 1 and h.gems == 3
    assert s.treasure_deck == ["old_coin"]
    taken = [e for e in events if e.kind == "treasure_taken"]
    assert [(t.card, t.gems) for t in taken] == [("ruby_ring", 3)]


def test_r1_empty_treasure_deck_reshuffles_its_discard():
    """R1 (our ruling, as the Exploration deck): an empty treasure deck is the reshuffled
    discard; with both empty the token gives no card."""
    s = loot_position([], treasure_discard=["gold_nugget"])
    do(s, "tumble dir=E")
    assert s.heroes[0].loot == ["gold_nugget"] and s.treasure_discard == []
    s = loot_position([])
    do(s, "tumble dir=E")
    assert s.heroes[0].loot == [] and s.heroes[0].treasure == 1


def test_r1_loot_objective_counts_gems_held():
    """R1: the `loot` objective counts the gems of the treasure cards held; reaching the
    target wins at once."""
    s = loot_position(["emerald_idol"])
    s.heroes[0].loot = ["pearl_string"]
    do(s, "tumble dir=E")
    assert s.phase == "over" and s.winners == [0]
    assert scenario.progress(s, s.heroes[0]) == 5


def test_r1_one_use_effect_played_like_a_card_spends_its_gems():
    """R1: a treasure card with an effect is played like a card in Power-Up (a boost here);
    it then goes to the treasure discard, and its gems with it (our ruling)."""
    s = loot_position([], phase="powerup")
    s.heroes[0].loot = ["winged_boots", "gold_nugget"]
    assert "treasure card=winged_boots" in legal(s)
    assert "treasure card=gold_nugget" not in legal(s)  # only worth its gems
    events = do(s, "treasure card=winged_boots")
    assert s.heroes[0].loot == ["gold_nugget"] and s.treasure_discard == ["winged_boots"]
    assert s.turn.boosts == {"all": 2}
    assert "treasure_played" in kinds(events)


def test_r1_boost_treasure_refused_after_power_up():
    """R1: a boost treasure is played before moving, like a boost card (Recovery refuses it
    with the reason)."""
    s = loot_position([], phase="recovery")
    s.heroes[0].loot = ["spring_charm"]
    assert "treasure card=spring_charm" not in legal(s)
    with pytest.raises(Exception, match="Power-Up"):
        do(s, "treasure card=spring_charm")


def test_r1_treasure_effect_with_a_choice():
    """R1: Portal Stone places a teleporter within 5 squares (a choice for its player)."""
    s = loot_position([], phase="recovery")
    s.heroes[0].loot = ["portal_stone"]
    do(s, "treasure card=portal_stone")
    assert s.pending[-1].kind == "place"
    answer(s, at=[3, 1])
    assert s.board.has((3, 1), "teleporter")


def test_r1_treasure_is_not_in_the_hand():
    """R1 (our ruling): treasure cards are kept apart from the hand: they do not count
    towards the hand limit."""
    s = loot_position([])
    h = s.heroes[0]
    h.loot = ["gold_nugget"] * 3
    assert h.hand == [] and h.gems == 6


def test_r1_loot_saved_and_read_back():
    """R1: held treasure and the treasure decks are saved and read back; an unknown card in
    a position is refused."""
    s = loot_position(["ruby_ring"], treasure_discard=["old_coin"])
    s.heroes[0].loot = ["crown_shard"]
    back = RULESET.from_position(RULESET.to_position(s))
    assert back.heroes[0].loot == ["crown_shard"] and back.treasure_deck == ["ruby_ring"]
    raw = s.heroes[0].to_json()
    raw["loot"] = ["no_such_card"]
    with pytest.raises(Exception, match="loot"):
        Hero.from_json(raw)


def test_r1_loot_objective_needs_treasure_cards():
    """R1: a loot scenario without the treasure deck is a content problem."""
    spec = catalog.scenarios()[LOOT]
    problems = checks._check_loot(
        _Doc(),
        ["scenarios", 0],
        spec.model_copy(update={"treasure_cards": False}),
        scenario._shipped_board(LOOT),
    )
    assert problems and "treasure_cards" in problems[0]


class _Doc:
    @staticmethod
    def problem(loc, message):
        return message


def test_r1_menu_offers_and_greys_treasure_cards():
    """R1: the action menu lists the playable treasure cards and greys a boost card after
    Power-Up with the reason."""
    s = loot_position([], phase="recovery")
    s.heroes[0].loot = ["winged_boots", "treasure_map", "gold_nugget"]
    menu = {m.label: m for m in RULESET.action_menu(s)}
    assert menu["Play treasure: Treasure Map"].action is not None
    assert "Power-Up" in menu["Play treasure: Winged Boots"].reason
    assert "Play treasure: Gold Nugget" not in menu  # only worth its gems
