"""World events (issue 13 part A; docs/quodd-modes.md rules W1-W6 and I7).

Rulebook: *End-of-Round Phase, 2. Play a World Event Card* (L356-L360), *Pass First Player
Coin* (L374), the FAQ on forced tumbles (L701) and *Ignore World Events* (L512). Positions
are readable boards; ``upkeep`` ends the round from there (Board Upkeep, then the world
event), stopping at the first pending choice.
"""

from __future__ import annotations

import sys

import pytest

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.quodd import RULESET, catalog, worldevents
from riotsim.games.quodd.directions import manhattan
from riotsim.games.quodd.state import State
from tests.quodd.helpers import answer, do, kinds, legal, position, upkeep

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 9] * 9
IGNORE_TILE = ("aang_spirit", "b")  # +1 movement, ignore world events (I7)


def hero(at, hero_id="rok", **kw):
    return {"hero": hero_id, "at": list(at), "skills": dict(SK), **kw}


def board(rows: list[str] | None = None) -> list[str]:
    rows = rows or []
    return [r.ljust(9, ".") for r in rows] + ["." * 9] * (9 - len(rows))


def drawn(card: str, heroes, rows=None, **extra) -> tuple[State, list]:
    """A position whose World Event deck is ``card``: end the round; (state, events)."""
    s = position(board(rows), heroes, world_deck=[card], **extra)
    return s, upkeep(s)


def finished(s: State, card: str) -> None:
    """The card is resolved and discarded, and the round went on to the upgrades (W1)."""
    assert not s.pending and not s.resolving, (s.pending, s.resolving)
    assert s.world_discard[-1] == card and card not in s.world_deck
    assert s.phase == "upgrade"


def pos(s: State) -> list[tuple[int, int]]:
    return [h.pos for h in s.heroes]


# ---------------------------------------------------------------------------------------
# W1: when, and in what order
# ---------------------------------------------------------------------------------------


def test_w1_event_comes_after_upkeep_and_before_the_round_ends():
    """W1, *End-of-Round* step 2 (L356): after Board Upkeep (here a sheep walks) the first
    player draws the top card, everybody does it, it goes to the discard; only then the time
    tracker and the upgrades (round_ended, then the upgrade phase)."""
    s, events = drawn("gale", [hero((1, 5))], rows=["", "l"])
    ks = kinds(events)
    assert ks.index("upkeep_step") < ks.index("world_event_drawn") < ks.index("round_ended")
    assert ks.index("world_event_done") < ks.index("round_ended")
    finished(s, "gale")


def test_w1_a_world_event_that_meets_the_goal_wins_before_the_round_limit():
    """W1 order (L140-L141, L364): the world event is resolved before the time tracker, so a
    tailwind blowing the hero onto the last rally marker wins the game in the last round; the
    same position without world events runs out of time."""
    objective = {"type": "rally", "target": 1, "mode": "solo"}
    rows = ["", "", "", "", "...1"]
    s, _ = drawn("tailwind", [hero((2, 4))], rows=rows, objective=objective, round_limit=1)
    answer(s, dir="E")
    assert s.phase == "over" and s.reason == "objective complete" and s.winners == [0]
    plain = position(board(rows), [hero((2, 4))], objective=objective, round_limit=1)
    upkeep(plain)
    assert plain.phase == "over" and plain.reason.startswith("time ran out")


def test_w1_a_choice_mid_event_survives_a_save():
    """W1: the world_event frame is resumable: a save taken on its pending choice reads back
    with the same legal actions and plays on the same."""
    s, _ = drawn("tailwind", [hero((2, 4)), hero((6, 6), "trixie")])
    saved = State.from_json(s.to_json())
    assert legal(saved) == legal(s)
    answer(saved, dir="N")
    answer(s, dir="N")
    assert saved.to_json() == s.to_json()
    finished(s, "tailwind")


# ---------------------------------------------------------------------------------------
# W2: who decides
# ---------------------------------------------------------------------------------------


def test_w2_a_shared_choice_is_the_first_players():
    """W2 (L358): "a choice that affects all players equally": the current first player's."""
    s, _ = drawn("tailwind", [hero((2, 4)), hero((6, 6), "trixie")], first=1)
    decision = s.pending[-1]
    assert decision.kind == "world_choice" and decision.seat == 1
    assert RULESET.to_move(s) == 1


def test_w2_a_choice_about_one_hero_is_its_controllers_from_the_first_player_on():
    """W2 (ours: the card says which): where a hero's own token goes is its controller's
    choice, asked hero by hero starting with the first player."""
    s, _ = drawn(
        "q_shower", [hero((1, 1)), hero((6, 6), "trixie"), hero((3, 7), "forest")], first=1
    )
    asked = []
    while s.pending:
        asked.append(s.pending[-1].seat)
        at = s.pending[-1].data["options"][0]["at"]
        answer(s, at=at)
    assert asked == [1, 2, 0]
    assert len(s.board.find("q_token")) == 3


# ---------------------------------------------------------------------------------------
# W3: the deck passes with the coin; reshuffle
# ---------------------------------------------------------------------------------------


def _upgrade_all(s: State) -> None:
    while s.phase == "upgrade":
        action = next(a for a in RULESET.legal_actions(s) if a.kind == "upgrade")
        RULESET.apply(s, action)


def test_w3_the_holder_of_the_first_player_coin_draws():
    """W3 (L143, L374): the World Event deck passes left with the first player coin, so each
    round the (new) first player draws the next card."""
    s = position(board(), [hero((1, 1)), hero((6, 6), "trixie")], world_deck=["market_crash"] * 2)
    events = upkeep(s)
    first = [e for e in events if e.kind == "world_event_drawn"]
    assert [e.player for e in first] == [0]
    _upgrade_all(s)
    assert s.first == 1 and s.round == 2
    events = upkeep(s)
    assert [e.player for e in events if e.kind == "world_event_drawn"] == [1]
    assert s.world_discard == ["market_crash"] * 2 and not s.world_deck


def test_w3_an_empty_deck_reshuffles_its_discard():
    """W3, our ruling: the rulebook has no rule for running out; the discard is shuffled
    into a new deck."""
    s = position(board(), [hero((1, 1))], world_discard=["market_crash"])
    events = upkeep(s)
    assert kinds(events).index("world_deck_shuffled") < kinds(events).index("world_event_drawn")
    assert s.world_discard == ["market_crash"] and s.world_deck == []


# ---------------------------------------------------------------------------------------
# W4: optional and customisable
# ---------------------------------------------------------------------------------------


def _new(scenario: str, seats: int = 1, **options) -> State:
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    return RULESET.new_state(GameSetup(players, seed=3, scenario=scenario, options=options))


def test_w4_off_by_default_in_solo_and_tutorials_on_elsewhere():
    """W4 (L360): world events are optional; default off in solo and tutorial scenarios, on
    in the other modes unless the scenario says (the first release's races say off)."""
    assert not _new("solo_crystals").world_deck
    assert not _new("tutorial_1").world_deck
    assert not _new("ffa_race", 2).world_deck  # the scenario says off
    spec = catalog.scenarios()["ffa_race"]
    for mode in ("ffa", "coop", "teams", "overlord"):
        assert worldevents.wanted(spec.model_copy(update={"mode": mode, "world_events": None}), {})
    for mode in ("solo", "tutorial"):
        assert not worldevents.wanted(
            spec.model_copy(update={"mode": mode, "world_events": None}), {}
        )


def test_w4_the_option_turns_them_on_with_the_whole_deck():
    """W4: the setup option ``world_events`` on: the 34-card deck, shuffled."""
    s = _new("solo_crystals", world_events=True)
    assert sorted(s.world_deck) == sorted(catalog.world_deck_list()) and len(s.world_deck) == 34
    assert s.world_deck != catalog.world_deck_list()
    assert not _new("ffa_race", 2, world_events=False, world_cards=["gale"]).world_deck


def test_w4_a_custom_deck_holds_the_picked_cards():
    """W4 (L360: "customize the deck"): ``world_cards`` is the deck (each id one card)."""
    s = _new("solo_crystals", world_cards=["gale", "gale", "quake"])
    assert sorted(s.world_deck) == ["gale", "gale", "quake"]


def test_w4_an_unknown_card_is_refused_by_name():
    """W4: a world_cards id the catalog does not know is a clear setup error."""
    with pytest.raises(ValueError, match="unknown world event card 'typhoon'"):
        _new("solo_crystals", world_cards=["gale", "typhoon"])


def test_w4_a_position_with_an_unknown_world_card_is_refused():
    """W4: a saved World Event deck holds World Event card ids only."""
    raw = position(board(), [hero((1, 1))], world_deck=["gale"]).to_json()
    raw["world_deck"] = ["typhoon"]
    with pytest.raises(Exception, match="typhoon"):
        State.from_json(raw)


def test_w4_with_world_events_off_the_round_goes_straight_on():
    """W4: without a World Event deck step 2 is skipped (today's games are unchanged)."""
    s = position(board(), [hero((1, 1))])
    assert "world_event_drawn" not in kinds(upkeep(s)) and s.phase == "upgrade"


# ---------------------------------------------------------------------------------------
# W5: a forced tumble activates nothing
# ---------------------------------------------------------------------------------------


def test_w5_an_earthquake_tumble_activates_no_skill():
    """W5, FAQ (L701): a tumble a world event forces on a hero activates no skill - the
    heroes tumble a square (their cubes roll) and nothing else happens."""
    s = position(board(), [hero((4, 4)), hero((4, 6), "trixie")], world_deck=["quake"])
    cubes = [h.cube for h in s.heroes]
    s.rng.script("N")
    events = upkeep(s)
    assert pos(s) == [(4, 3), (4, 5)]
    assert [h.cube for h in s.heroes] == [c.tumble("N") for c in cubes]
    assert "skill_activated" not in kinds(events) and "moved" not in kinds(events)
    assert s.turn.used == []
    finished(s, "quake")


# ---------------------------------------------------------------------------------------
# W6: every card, played from a position
# ---------------------------------------------------------------------------------------


def test_w6_the_deck_is_34_cards_with_text_of_our_own():
    """W6 (Contents: "World Event Deck (34 cards)"): 34 cards, each with a name and text."""
    specs = catalog.world_events()
    assert sum(w.count for w in specs.values()) == 34
    assert all(w.name and w.text for w in specs.values())
    assert len({w.name for w in specs.values()}) == len(specs)


def test_w6_every_card_has_its_test_here():
    """W6: every card is a real effect with a test that plays it (test_card_<id>)."""
    module = sys.modules[__name__]
    missing = [c for c in catalog.world_events() if not hasattr(module, f"test_card_{c}")]
    assert not missing


def test_card_gale():
    """Gusty Gale: the die says east; every hero is blown 1 (the front one first)."""
    s = position(board(), [hero((1, 1)), hero((2, 1), "trixie")], world_deck=["gale"])
    s.rng.script("E")
    upkeep(s)
    assert pos(s) == [(2, 1), (3, 1)]
    finished(s, "gale")


def test_card_squall():
    """Squall: blown 2 the rolled way, one square at a time (a wall stops the second)."""
    s = position(
        board(["", ".", ".W"]), [hero((1, 0)), hero((4, 0), "trixie")], world_deck=["squall"]
    )
    s.rng.script("S")
    upkeep(s)
    assert pos(s) == [(1, 1), (4, 2)]
    finished(s, "squall")


def test_card_tailwind():
    """Tailwind: the first player picks west; every hero is blown 1 west."""
    s, _ = drawn("tailwind", [hero((3, 3)), hero((6, 6), "trixie")])
    answer(s, dir="W")
    assert pos(s) == [(2, 3), (5, 6)]
    finished(s, "tailwind")


def test_card_hurricane():
    """Hurricane: blown 2 the first player's way; the board edge stops a hero."""
    s, _ = drawn("hurricane", [hero((1, 3)), hero((6, 6), "trixie")])
    answer(s, dir="W")
    assert pos(s) == [(0, 3), (4, 6)]
    finished(s, "hurricane")


def test_card_quake():
    """Earthquake: the die says west; every hero tumbles west (cube rolls)."""
    s = position(board(), [hero((4, 4))], world_deck=["quake"])
    before = s.heroes[0].cube
    s.rng.script("W")
    upkeep(s)
    assert pos(s) == [(3, 4)] and s.heroes[0].cube == before.tumble("W")
    finished(s, "quake")


def test_card_tremor():
    """Tremor: the first player picks the way; every hero tumbles (a blocked one stays)."""
    s, _ = drawn("tremor", [hero((4, 4)), hero((8, 2), "trixie")])
    answer(s, dir="E")
    assert pos(s) == [(5, 4), (8, 2)]
    finished(s, "tremor")


def test_card_whirlwind():
    """Whirlwind: every hero spins a quarter turn the first player's way."""
    s, _ = drawn("whirlwind", [hero((4, 4)), hero((6, 6), "trixie")])
    before = [h.cube for h in s.heroes]
    answer(s, spin="cw")
    assert [h.cube for h in s.heroes] == [c.spin(1) for c in before]
    finished(s, "whirlwind")


def _placed_near(card, kind):
    s, _ = drawn(card, [hero((1, 1)), hero((7, 7), "trixie")])
    for h in s.heroes:
        options = s.pending[-1].data["options"]
        assert all(manhattan(tuple(o["at"]), h.pos) <= 3 for o in options)
        assert [1, 1] not in [o["at"] for o in options]  # never under a hero
        answer(s, at=options[0]["at"])
    assert len(s.board.find(kind)) == 2
    finished(s, card)


def test_card_spring_bloom():
    """Spring Bloom: each player puts a spring up to 3 from their hero."""
    _placed_near("spring_bloom", "spring")


def test_card_q_shower():
    """Q Shower: each player puts a Q token up to 3 from their hero."""
    _placed_near("q_shower", "q_token")


def test_card_lost_sheep():
    """Lost Sheep: a numbered sheep beside each hero, where and facing as its player says."""
    s, _ = drawn("lost_sheep", [hero((1, 1)), hero((7, 7), "trixie")])
    answer(s, at=[1, 2], facing="S")
    answer(s, at=[7, 6], facing="W")
    sheep = {
        c: (t.get("direction"), t.get("number"))
        for c in s.board.find("sheep")
        for t in s.board.at(c)
    }
    assert {c: d for c, (d, _) in sheep.items()} == {(1, 2): "S", (7, 6): "W"}
    assert len({n for _, n in sheep.values()}) == 2
    finished(s, "lost_sheep")


def test_card_bomb_rain():
    """Bomb Rain: a standard bomb lands beside each hero and rolls off at once."""
    s, _ = drawn("bomb_rain", [hero((1, 1))])
    events = answer(s, at=[1, 2], dir="S")
    assert "bomb_created" in kinds(events)
    assert s.board.find("bomb") and s.board.find("bomb")[0] != (1, 2)
    finished(s, "bomb_rain")


def test_card_rockfall():
    """Rockfall: the first player puts 2 walls anywhere they may go."""
    s, _ = drawn("rockfall", [hero((1, 1)), hero((7, 7), "trixie")], first=1)
    assert s.pending[-1].seat == 1
    answer(s, at=[5, 0])
    assert s.pending[-1].seat == 1
    answer(s, at=[0, 8])
    assert sorted(s.board.find("wall")) == [(0, 8), (5, 0)]
    finished(s, "rockfall")


def test_card_sinkhole():
    """Sinkhole: the first player puts a pit on a free square."""
    s, _ = drawn("sinkhole", [hero((1, 1))])
    assert [1, 1] not in [o["at"] for o in s.pending[-1].data["options"]]
    answer(s, at=[4, 4])
    assert s.board.find("pit") == [(4, 4)]
    finished(s, "sinkhole")


def test_card_crumbling():
    """Crumbling Walls: the first player picks 2 walls; they become broken walls."""
    s, _ = drawn("crumbling", [hero((1, 1))], rows=["WWW"])
    answer(s, at=[0, 0])
    answer(s, at=[2, 0])
    assert s.board.find("wall") == [(1, 0)]
    assert sorted(s.board.find("broken_wall")) == [(0, 0), (2, 0)]
    finished(s, "crumbling")


def test_card_shifting_ground():
    """Shifting Ground: the first player turns a section a quarter turn, heroes riding it."""
    s, _ = drawn("shifting_ground", [hero((0, 0))])
    events = answer(s, section=0, spin="cw")
    assert "board_rotated" in kinds(events)
    assert pos(s) == [(8, 0)]
    finished(s, "shifting_ground")


def test_card_turning_tide():
    """Turning Tide: every current reverses its flow."""
    s, _ = drawn("turning_tide", [hero((1, 1))], rows=["", "", ">^"])
    assert {c: t.get("direction") for c in s.board.find("current") for t in s.board.at(c)} == {
        (0, 2): "W",
        (1, 2): "S",
    }
    finished(s, "turning_tide")


def test_card_fog():
    """Thick Fog: springs, teleporters, Q and rearrange tokens turn face down (secret
    tokens hiding them, revealed as any secret token is when a hero lands there)."""
    s, _ = drawn("fog", [hero((1, 1))], rows=["sTqr"])
    assert s.board.find("spring") == [] and len(s.board.find("secret")) == 4
    hidden = sorted(t.get("hidden") for c in s.board.find("secret") for t in s.board.at(c))
    assert hidden == ["q_token", "rearrange", "spring", "teleporter"]
    finished(s, "fog")


def test_card_market_crash():
    """Market Crash: the lineup is discarded and dealt afresh from the deck."""
    old = ["honey_bun", "hopberry", "compass", "honey_bun", "hopberry"]
    new = ["compass", "compass", "hopberry", "honey_bun", "honey_bun", "hopberry"]
    s, _ = drawn("market_crash", [hero((1, 1))], lineup=old, deck=list(new))
    assert s.discard[-5:] == old and s.lineup == new[:5] and s.deck == new[5:]
    finished(s, "market_crash")


def test_card_gift():
    """Gift of the Ancients: every hero takes one of its upgrades now, first player first."""
    s, _ = drawn("gift", [hero((1, 1)), hero((7, 7), "trixie")], first=1)
    assert s.pending[-1].kind == "choose_upgrade" and s.pending[-1].seat == 1
    do(s, "choose tile=trixie_pace side=a")
    assert s.pending[-1].seat == 0
    do(s, "choose tile=rok_stride side=b")
    assert s.heroes[0].track == [("rok_stride", "b")] and s.heroes[1].track == [
        ("trixie_pace", "a")
    ]
    finished(s, "gift")


def test_card_supply_drop():
    """Supply Drop: every hero explores the top card of the deck, first player first."""
    s, _ = drawn(
        "supply_drop", [hero((1, 1)), hero((7, 7), "trixie")], deck=["compass", "hopberry"]
    )
    assert s.heroes[0].hand == ["compass"] and s.heroes[1].hand == ["hopberry"]
    finished(s, "supply_drop")


def test_card_pickpockets():
    """Pickpocket Breeze: each hero with cards discards one of its player's choice; a hero
    with none is not asked."""
    s, _ = drawn(
        "pickpockets", [hero((1, 1), hand=["compass", "hopberry"]), hero((7, 7), "trixie")]
    )
    assert s.pending[-1].seat == 0
    answer(s, card="hopberry")
    assert s.heroes[0].hand == ["compass"] and s.discard[-1] == "hopberry"
    finished(s, "pickpockets")


def test_card_dizzy_spell():
    """Dizzy Spell: each player may rearrange their hero's skills."""
    s, _ = drawn("dizzy_spell", [hero((1, 1)), hero((7, 7), "trixie")])
    assert s.pending[-1].kind == "rearrange" and s.pending[-1].seat == 0
    answer(s, swap="front/back")
    answer(s, swap="done")
    assert s.pending[-1].seat == 1
    answer(s, swap="done")
    assert s.heroes[0].skills["front"] == "jump" and s.heroes[0].skills["back"] == "slide"
    finished(s, "dizzy_spell")


def test_card_stampede():
    """Stampede: from the first player on, each hero steps 1 its player picks; a hero in the
    way is pushed on."""
    s, _ = drawn("stampede", [hero((1, 1)), hero((2, 1), "trixie")])
    events = answer(s, dir="E")
    assert "pushed" in kinds(events)
    assert pos(s) == [(2, 1), (3, 1)]
    answer(s, dir="S")
    assert pos(s) == [(2, 1), (3, 2)]
    finished(s, "stampede")


# ---------------------------------------------------------------------------------------
# I7: Ignore World Events
# ---------------------------------------------------------------------------------------


def test_i7_the_owner_may_ignore_the_event():
    """I7, *Ignore World Events* (L512): "you may choose to ignore the effects of World
    Events": the owner is asked; saying yes leaves its hero out of the gale."""
    heroes = [hero((1, 1)), hero((4, 4), "aang", track=[list(IGNORE_TILE)])]
    s = position(board(), heroes, world_deck=["gale"])
    s.rng.script("E")
    upkeep(s)
    assert s.pending[-1].kind == "world_ignore" and s.pending[-1].seat == 1
    events = answer(s, ignore="yes")
    assert "world_event_ignored" in kinds(events)
    assert pos(s) == [(2, 1), (4, 4)]
    finished(s, "gale")


def test_i7_the_owner_may_go_along_with_it():
    """I7: "may": saying no, the hero is blown like the others."""
    heroes = [hero((1, 1)), hero((4, 4), "aang", track=[list(IGNORE_TILE)])]
    s = position(board(), heroes, world_deck=["gale"])
    s.rng.script("E")
    upkeep(s)
    answer(s, ignore="no")
    assert pos(s) == [(2, 1), (5, 4)]


def test_i7_a_push_by_another_hero_the_event_moves_still_happens():
    """I7 (L512): "If a World Event would cause another Hero to push yours, this is not
    prevented": in a stampede the ignoring hero takes no step but is pushed."""
    heroes = [hero((1, 1)), hero((2, 1), "aang", track=[list(IGNORE_TILE)])]
    s, _ = drawn("stampede", heroes)
    answer(s, ignore="yes")
    answer(s, dir="E")
    assert pos(s) == [(2, 1), (3, 1)]
    finished(s, "stampede")  # aang is not asked for a step of its own


def test_i7_a_board_only_event_asks_nothing():
    """I7, our ruling: only a card that acts on heroes asks; a board-only one (crumbling
    walls, turning a section, the lineup) just happens."""
    heroes = [hero((1, 1), "aang", track=[list(IGNORE_TILE)])]
    s, _ = drawn("crumbling", heroes, rows=["WW"])
    assert s.pending[-1].kind == "world_choice"


def test_i7_the_icon_is_on_a_hero_tile():
    """I7: the Ignore World Events icon is on Aang's aang_spirit tile (side b)."""
    side = catalog.upgrade_tile("aang", IGNORE_TILE[0]).side(IGNORE_TILE[1])
    assert side.count("ignore_world_events") == 1


def test_world_choice_labels_read_as_words():
    """The choices world events ask for read as words in the menu and the log."""
    s, _ = drawn("lost_sheep", [hero((1, 1))])
    labels = {RULESET.describe(s, a) for a in RULESET.legal_actions(s)}
    assert "Put the sheep at 1,2 facing south" in labels
    assert all("_" not in label and "=" not in label for label in labels)
    heroes = [hero((1, 1), "aang", track=[list(IGNORE_TILE)])]
    s, _ = drawn("gale", heroes)
    labels = {RULESET.describe(s, a) for a in RULESET.legal_actions(s)}
    assert labels == {"Ignore Gusty Gale", "Go along with Gusty Gale"}


def test_w6_content_checks_pass_and_catch_a_broken_deck(monkeypatch):
    """W6: ``check-data`` passes the shipped deck and names a repeated id, a wrong card
    total and an effect the rules do not carry out."""
    from riotsim.games.quodd import checks

    assert checks.check_content() == []
    cards = list(catalog.world_events().values())
    broken = catalog.WorldEventFile(world_events=[*cards, cards[0]])
    messages = [p.message for p in checks.world_event_problems(broken, "w.yaml")]
    assert "world event id gale repeats" in messages
    assert f"{34 + cards[0].count} world event cards, not 34" in messages
    monkeypatch.delitem(worldevents.START, "fog")
    messages = [p.message for p in checks.world_event_problems(broken, "w.yaml")]
    assert "effect fog is not implemented" in messages


def test_world_choices_are_grouped_as_a_world_event_in_the_menu():
    """The action bar heads a world event's choices "World event"."""
    s, _ = drawn("tailwind", [hero((2, 4))])
    entries = RULESET.action_menu(s)
    assert entries and {e.group for e in entries} == {"World event"}


def test_card_lost_sheep_only_while_the_box_has_sheep():
    """Lost Sheep: the box holds ten sheep (Contents); with all ten in play none appears."""
    s, _ = drawn("lost_sheep", [hero((4, 4))], rows=["lllll", "lllll"])
    assert len(s.board.find("sheep")) == 10
    finished(s, "lost_sheep")


def test_w2_a_hero_choice_goes_to_the_player_controlling_it():
    """W2: the choice about one hero is its controller's (here hero 2 is played by seat 0,
    as a buddy is)."""
    heroes = [hero((1, 1)), hero((6, 6), "trixie"), hero((3, 7), "forest", controller=0)]
    s, _ = drawn("q_shower", heroes, players=2)
    seats = []
    while s.pending:
        seats.append((s.pending[-1].seat, RULESET.to_move(s)))
        answer(s, at=s.pending[-1].data["options"][0]["at"])
    assert seats == [(0, 0), (1, 1), (2, 0)]


def test_w4_trying_a_board_plays_without_world_events_unless_asked():
    """W4: "Try a board" (a map on its own) plays as before; the option turns them on."""
    players = (PlayerSpec("P0"), PlayerSpec("P1"))
    plain = RULESET.new_state(GameSetup(players, seed=1, map="b1a"))
    assert plain.scenario.startswith("try_") and not plain.world_deck
    on = RULESET.new_state(GameSetup(players, seed=1, map="b1a", options={"world_events": True}))
    assert len(on.world_deck) == 34


def test_a_saved_world_choice_is_checked_against_the_board():
    """W1 (positions): a saved world event choice whose option the board cannot carry out
    (a wall to crumble where there is none) is refused by name."""
    s, _ = drawn("crumbling", [hero((1, 1))], rows=["WW"])
    raw = s.to_json()
    assert State.from_json(raw).to_json() == raw
    raw["pending"][-1]["data"]["options"][0]["at"] = [5, 5]
    with pytest.raises(Exception, match="holds no wall"):
        State.from_json(raw)


def test_drawing_a_world_event_reveals_information():
    """W1: the card comes off a face-down deck, so its draw is an event that reveals
    information (undo does not go back past it)."""
    s = position(board(), [hero((1, 1))], world_deck=["market_crash"])
    drawn_event = next(e for e in upkeep(s) if e.kind == "world_event_drawn")
    assert drawn_event.reveals
