"""The Overlord (issue 13 part B, spec M4, O1-O2).

Rulebook, *Overlord*: "Overlord Scenarios are one versus all ... The player who is the
overlord will have their own deck to explore from. This deck contains more powerful cards than
the regular Exploration Deck. All overlord cards have the sword symbol ... The Overlord player
explores from the top of their own deck. They may also explore from the main exploration
lineup." *Scenario Types*: "One player takes the role of a powerful Overlord, and all other
players try to stop the Overlord or complete their own objectives before the Overlord stops
them."
"""

from __future__ import annotations

from typing import Any

import pytest

from riotsim.games.quodd import RULESET, catalog, overlord
from riotsim.games.quodd.state import State
from tests.quodd.helpers import answer, do, legal, position

SK = {"feet": "tumble", "front": "jump", "back": "slide", "left": "diagonal", "right": "dash"}
OPEN = ["." * 12 for _ in range(12)]
MAIN = ["honey_bun", "compass", "earth_rune", "hopberry", "pickaxe", "mole", "frog"]
OWN = ["dread_draught", "blast_rune", "warlords_map", "quake_rune"]


def _game(hand=(), phase: str = "recovery", **extra: Any) -> State:
    """The Overlord (hero 0, Rok) at (5,5); Trixie (hero 1) two squares east carrying a red
    crystal, Forest (hero 2) far away. Heroes 1 and 2 are team 0, the Overlord team 1."""
    heroes = [
        {"hero": "rok", "at": [5, 5], "skills": dict(SK), "hand": list(hand), "team": 1},
        {"hero": "trixie", "at": [7, 5], "skills": dict(SK), "team": 0},
        {"hero": "forest", "at": [1, 10], "skills": dict(SK), "team": 0},
    ]
    heroes[1]["carrying"] = ["crystal:red"]
    raw: dict[str, Any] = {
        "overlord": 0,
        "overlord_deck": list(OWN),
        "deck": list(MAIN),
        "lineup": ["pickaxe", "mole"],
        "objective": {"type": "crystals", "target": 2, "mode": "overlord"},
    }
    raw.update(extra)
    return position(OPEN, heroes, phase=phase, **raw)


def test_o1_the_overlord_explores_the_top_of_its_own_deck():
    """O1: "explores from the top of their own deck": its Exploration phase draws the top
    Overlord card; the main deck is untouched."""
    s = _game()
    do(s, "explore")
    assert "draw src=deck" in legal(s)
    events = do(s, "draw src=deck")
    assert s.heroes[0].hand == ["dread_draught"] and s.overlord_deck == OWN[1:]
    # the main deck only refilled the lineup (to 5) at the end of the turn
    assert s.deck == MAIN[3:] and s.lineup == ["pickaxe", "mole", *MAIN[:3]]
    explored = [e for e in events if e.kind == "overlord_explored"]
    assert explored and explored[0].private_to == 0


def test_o1_the_overlord_may_take_from_the_main_lineup():
    """O1: "They may also explore from the main exploration lineup"."""
    s = _game()
    do(s, "explore", "draw src=lineup i=1")
    assert s.heroes[0].hand == ["mole"] and s.lineup[:1] == ["pickaxe"]


def test_o1_never_the_main_deck_when_its_own_runs_out():
    """O1: never the main deck - with its own deck and discard empty the Overlord can only
    take from the lineup, however full the main deck is."""
    s = _game(overlord_deck=[])
    do(s, "explore")
    assert "draw src=deck" not in legal(s)
    assert {a for a in legal(s) if a.startswith("draw")} == {
        "draw src=lineup i=0",
        "draw src=lineup i=1",
    }


def test_o1_its_played_cards_go_to_its_own_discard_and_reshuffle():
    """O1 (our ruling): a played Overlord card goes to the Overlord's own discard, which is
    shuffled into a new Overlord deck when the deck runs out."""
    s = _game(hand=["warlords_map"], overlord_deck=[])
    events = do(s, "play card=warlords_map")
    assert "warlords_map" not in s.discard + s.deck
    # its own discard (the Map itself) was reshuffled into its deck and explored again
    assert "overlord_deck_shuffled" in [e.kind for e in events]
    assert s.heroes[0].hand == ["warlords_map"] and s.overlord_discard == []


def test_o1_main_deck_reshuffle_never_takes_overlord_cards():
    """O1: Overlord cards never end up in the Exploration deck."""
    s = _game(deck=[], overlord_deck=["shadow_sprint"], active=1)
    s.discard = ["honey_bun", "dread_draught"]
    s.heroes[1].hand = ["compass"]
    do(s, "play card=compass")
    do(s, "choose src=deck")
    assert "dread_draught" not in s.deck + s.heroes[1].hand
    assert "dread_draught" in s.overlord_discard


def test_o1_other_heroes_explore_the_main_deck():
    """O1: the Overlord's deck is its own; the other heroes explore the main deck."""
    s = _game(active=1)
    do(s, "explore", "draw src=deck")
    assert s.heroes[1].hand == ["honey_bun"] and s.overlord_deck == OWN
    assert s.deck == MAIN[4:]  # one explored, three to refill the lineup


def test_o1_card_explores_of_the_overlord_use_its_deck():
    """O1: an Overlord card that explores (Warlord's Map: the top 2 cards) draws from its
    own deck too."""
    s = _game(hand=["warlords_map"])
    do(s, "play card=warlords_map")
    assert s.heroes[0].hand == ["dread_draught", "blast_rune"] and s.deck == MAIN


def test_o1_the_deck_has_33_sword_cards_stronger_than_exploration():
    """O1: 33 Overlord cards, all marked for the Overlord deck, none in the Exploration deck;
    its boosts and ranges go beyond the Exploration deck's best."""
    ids = catalog.overlord_deck_list()
    assert len(ids) == 33
    cards = catalog.cards()
    assert all(cards[c].deck == "overlord" for c in ids)
    assert not set(ids) & set(catalog.deck_list())
    best_boost = max(e.n for c in catalog.deck_list() for e in cards[c].effects if e.do == "boost")
    assert any(e.n > best_boost for c in ids for e in cards[c].effects if e.do == "boost")


def test_o1_the_view_hides_the_overlord_deck_order():
    """The Overlord deck is face down: a view shows which cards, not their order."""
    s = _game()
    seen = RULESET.view(s, 1)
    assert seen.overlord_deck == sorted(OWN)


# -- every Overlord card, played ------------------------------------------------------------


def _outcome(s: State, events: list, card: str) -> None:
    """Assert each effect of ``card`` changed the game as its text says."""
    spec = catalog.cards()[card]
    kinds = [e.kind for e in events]
    for effect in spec.effects:
        do_ = effect.do
        if do_ == "boost":
            assert s.turn.boosts.get(effect.skill or "all", 0) >= effect.n
        elif do_ == "dash":
            assert s.turn.free_move and s.phase == "movement" and s.turn.remaining == effect.n
        elif do_ in ("explore", "explore_deck"):
            assert s.heroes[0].hand, "nothing was explored"
        elif do_ == "place":
            assert s.board.find(effect.kind) or "token_placed" in kinds
        elif do_ == "blast":
            assert kinds.count("exploded") >= sum(e.do == "blast" for e in spec.effects)
        elif do_ == "snatch":
            assert "crystal:red" in s.heroes[0].carrying and "stolen" in kinds
        elif do_ == "quake":
            assert kinds.count("tumbled") >= 2  # both other heroes tumbled
        elif do_ == "bomb_drop":
            created = [e for e in events if e.kind == "bomb_created"]
            assert created and created[0].data["bomb"] == effect.kind
        elif do_ == "sheep_drop":
            assert len(s.board.find("sheep")) == effect.n
        elif do_ == "strong_wind":
            assert kinds.count("slid") >= 2
        elif do_ == "twister":
            assert "twister" in kinds
        elif do_ == "slide_other":
            assert "slid" in kinds
        elif do_ == "wipe_lineup":
            assert "lineup_wiped" in kinds
        elif do_ == "swap_other":
            assert "skills_swapped" in kinds
        elif do_ == "rearrange":
            pass  # the rearrange choice was offered and kept (answered below)
        else:
            raise AssertionError(f"no check for {do_}")


def _answer_all(s: State) -> list:
    """Answer the Overlord's choices with its first option (sheep facings: the first)."""
    events: list = []
    for _ in range(40):
        if not s.pending:
            break
        events += RULESET.apply(s, RULESET.legal_actions(s)[0])
    return events


@pytest.mark.parametrize("card", sorted({c for c in catalog.overlord_deck_list()}))
def test_o2_every_overlord_card_does_what_it_says(card):
    """O2: every Overlord card is a real effect: played (boosts in Power-Up, the rest in
    Recovery; Items and Pets equipped, then activated), each effect changes the game."""
    spec = catalog.cards()[card]
    boost = any(e.do == "boost" for e in spec.effects)
    s = _game(hand=[card], phase="powerup" if boost else "recovery")
    s.rng.script(*(["standard"] * 6))
    events = do(s, f"play card={card}")
    if spec.equipped:
        held = s.heroes[0].items if spec.type == "item" else s.heroes[0].pets
        assert held == [card]
        for passive in spec.passive:
            from riotsim.games.quodd import abilities

            assert abilities.passive_count(s.heroes[0], passive) == 1
        if not spec.effects:
            return
        events += do(s, f"activate card={card}")
    else:
        assert card in s.overlord_discard and card not in s.discard
    events += _answer_all(s)
    _outcome(s, events, card)


def test_o2_blast_rune_throws_a_hero_at_range():
    """Blast Rune: an explosion 2 squares away throws the hero next to it directly away."""
    s = _game(hand=["blast_rune"])
    do(s, "play card=blast_rune")
    assert "choose at=(5,1)" in legal(s) and "choose at=(5,0)" not in legal(s)  # range 4
    events = do(s, "choose at=(6,5)")
    assert [e.kind for e in events].count("exploded") == 1
    assert s.heroes[1].pos == (9, 5)  # thrown over one square, directly away from (6,5)


def test_o2_snatching_rune_steals_at_range_but_not_from_the_overlords_team():
    """Snatching Rune: steal a collectible from a hero of the other team up to 5 away."""
    s = _game(hand=["snatching_rune"])
    s.heroes[2].carrying = ["crystal:blue"]  # (1,10): 9 away, out of range
    do(s, "play card=snatching_rune")
    assert legal(s) == {"choose hero=1 item=crystal:red"}
    answer(s, hero=1)
    assert s.heroes[0].carrying == ["crystal:red"] and s.heroes[1].carrying == []


def test_o2_quake_tumbles_every_other_hero_the_chosen_way():
    """Quake Rune: every other hero tumbles one square the way the Overlord chooses; the
    Overlord stays."""
    s = _game(hand=["quake_rune"])
    do(s, "play card=quake_rune")
    answer(s, dir="N")
    assert s.heroes[0].pos == (5, 5)
    assert s.heroes[1].pos == (7, 4) and s.heroes[2].pos == (1, 9)


def test_o2_bomb_rune_drops_a_rolling_bomb_at_range():
    """Bomb Rune: a standard bomb appears on a free square within 5 and rolls the chosen way."""
    s = _game(hand=["bomb_rune"])
    do(s, "play card=bomb_rune")
    events = answer(s, at=[5, 2], dir="N")
    created = [e for e in events if e.kind == "bomb_created"]
    assert created and created[0].data["at"] == [5, 2] and created[0].data["direction"] == "N"


def test_o2_stampede_rune_brings_three_sheep():
    """Stampede Rune: three sheep appear within 4 squares; the sheep rules number them."""
    s = _game(hand=["stampede_rune"])
    do(s, "play card=stampede_rune")
    _answer_all(s)
    sheep = s.board.find("sheep")
    assert len(sheep) == 3
    numbers = {s.board.first(c, "sheep").get("number") for c in sheep}
    assert len(numbers) == 3


def test_o2_scenario_gives_the_overlord_a_hand_upgrades_and_its_own_target():
    """O2 (our ruling): an overlord scenario's ``overlord_rules`` give the Overlord a
    starting hand from its deck, upgrade tiles on its track and its own target; its deck is
    the 33 Overlord cards, shuffled."""
    from riotsim.core.contract import GameSetup, PlayerSpec

    spec = next(s for s in catalog.scenarios().values() if s.overlord_rules is not None)
    rules = spec.overlord_rules
    assert rules is not None
    seats = spec.players[0]
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    s = RULESET.new_state(GameSetup(players, seed=4, scenario=spec.id))
    boss = s.heroes[s.overlord]
    assert s.overlord == seats - 1 and boss.team != s.heroes[0].team
    assert len(boss.hand) == rules.hand and all(c in overlord.overlord_cards() for c in boss.hand)
    assert len(s.overlord_deck) == 33 - rules.hand
    assert len(boss.track) == rules.upgrades
    if rules.target:
        assert s.objective["overlord_target"] == rules.target


def test_m4_the_overlord_wins_alone_by_its_own_target():
    """M4: the Overlord against all; it wins by reaching its own goal (the scenario's
    ``overlord_target``), and the heroes by reaching theirs, whichever comes first."""
    from riotsim.games.quodd import scenario

    s = _game(objective={"type": "crystals", "target": 3, "mode": "overlord", "overlord_target": 1})
    s.heroes[0].delivered = 1
    assert scenario.check_objective(s, [])
    assert s.winners == [0]
    s = _game(objective={"type": "crystals", "target": 3, "mode": "overlord", "overlord_target": 2})
    s.heroes[1].delivered = 2
    s.heroes[2].delivered = 1
    s.heroes[0].delivered = 1
    assert scenario.check_objective(s, [])
    assert s.winners == [1, 2]


def test_o1_check_data_reports_a_bad_overlord_deck(tmp_path):
    """check-data: an Overlord card without the sword (``deck: overlord``), a repeated id and
    a deck that is not 33 cards are each reported with the file."""
    from riotsim.games.quodd import overlord as module

    path = tmp_path / "overlord_cards.yaml"
    path.write_text(
        "cards:\n"
        "  - {id: a, name: A, type: food, count: 2, text: x, effects: [{do: boost, n: 3}]}\n"
        "  - {id: a, name: B, type: food, count: 1, deck: overlord, text: x,"
        " effects: [{do: boost}]}\n"
    )
    problems = [str(p) for p in module.check_file(path, None)]
    assert any("needs deck: overlord" in p for p in problems)
    assert any("card id a repeats" in p for p in problems)
    assert any("3 cards, the Overlord deck has 33" in p for p in problems)
    assert all(str(path) in p for p in problems)


@pytest.mark.parametrize("card", ["blast_rune", "bomb_rune", "snatching_rune", "quake_rune"])
def test_o2_a_save_in_the_middle_of_an_overlord_choice_restores(card):
    """Saves: a game saved while an Overlord card's choice is pending loads back with the
    same choice (its decision and effect frames are declared and checked)."""
    s = _game(hand=[card])
    do(s, f"play card={card}")
    assert s.pending and s.pending[-1].kind.startswith("overlord_")
    again = RULESET.from_position(RULESET.to_position(s))
    assert RULESET.state_hash(again) == RULESET.state_hash(s)
    assert RULESET.legal_actions(again) == RULESET.legal_actions(s)


def test_o2_a_forged_snatch_option_is_refused():
    """Positions from strangers: a snatch of something the hero does not carry is refused."""
    from riotsim.core.contract import PositionError

    s = _game(hand=["snatching_rune"])
    do(s, "play card=snatching_rune")
    raw = RULESET.to_position(s)
    raw["pending"][-1]["data"]["options"][0]["item"] = "crystal:blue"
    with pytest.raises(PositionError, match="carries no crystal:blue"):
        RULESET.from_position(raw)


def test_o1_an_explore_of_one_type_never_digs_the_main_deck():
    """O1: Picnic Basket (Explore: Food) for the Overlord takes a food from the lineup, else
    the first food from the top of its own deck - the main deck is never searched."""
    s = _game(hand=["picnic_basket"], lineup=["pickaxe"])
    do(s, "play card=picnic_basket")
    assert s.heroes[0].hand == ["dread_draught"] and s.deck == MAIN
    s = _game(hand=["picnic_basket"], lineup=["pickaxe", "honey_bun"])
    do(s, "play card=picnic_basket")
    assert s.heroes[0].hand == ["honey_bun"] and s.overlord_deck == OWN
