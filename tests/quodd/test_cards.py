"""Phases 1 + 3: Rules for Card Play, card types and the cards' effects."""

from __future__ import annotations

import pytest

from riotsim.core.contract import IllegalAction
from tests.quodd.helpers import do, legal, position

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
OPEN = ["." * 12] * 12


def hero(at, hand=(), **kw):
    return {"hero": "rok", "at": list(at), "skills": dict(SK), "hand": list(hand), **kw}


def test_one_item_in_play_the_old_one_returns_or_is_discarded():
    """Rules for Card Play 4: one Item in play; the old one goes back to hand or is discarded."""
    s = position(OPEN, [hero((5, 5), ["pickaxe", "map_scroll"])], phase="powerup")
    do(s, "play card=pickaxe")
    assert s.current.items == ["pickaxe"]
    assert "play card=map_scroll replace=return" in legal(s)
    do(s, "play card=map_scroll replace=return")
    assert s.current.items == ["map_scroll"] and s.current.hand == ["pickaxe"]
    do(s, "play card=pickaxe replace=discard")
    assert s.current.items == ["pickaxe"] and s.discard == ["map_scroll"]


def test_item_slot_upgrade_allows_two_items():
    """+1 Item in Play upgrade."""
    s = position(
        OPEN,
        [hero((5, 5), ["pickaxe", "map_scroll"], track=[["rok_satchel", "a"]])],
        phase="powerup",
    )
    do(s, "play card=pickaxe", "play card=map_scroll")
    assert s.current.items == ["pickaxe", "map_scroll"]


def test_one_item_activation_per_turn():
    """Rules for Card Play 3: activate one Item and one Pet per turn."""
    rows = ["............", "....W.W.....", *(["............"] * 10)]
    s = position(
        rows,
        [hero((5, 2), items=["pickaxe"], pets=["ferret"])],
        phase="powerup",
        deck=["honey_bun", "compass"],
    )
    do(s, "activate card=pickaxe", "choose at=(4,1)")
    assert s.board.has((4, 1), "broken_wall")
    assert "activate card=pickaxe" not in legal(s)
    do(s, "activate card=ferret")
    assert s.current.hand == ["honey_bun"]
    assert not any(a.startswith("activate") for a in legal(s))


def test_passive_pet_counts_without_activation():
    """Passive Pet or Item effects do not count as activations (Rock Beetle: +1 movement)."""
    s = position(OPEN, [hero((5, 5), pets=["rock_beetle"])], phase="powerup")
    do(s, "move", "tumble dir=S")
    assert s.turn.remaining == 2


def test_boost_cards_only_in_power_up():
    """Phase 1: cards that power up movement must be played before moving."""
    s = position(OPEN, [hero((5, 5), ["honey_bun", "compass"])], phase="recovery", deck=["q_rune"])
    assert "play card=honey_bun" not in legal(s) and "play card=compass" in legal(s)


def test_earth_rune_places_a_tunnel_in_range_seven():
    """Card Types, Range: Earth Rune (range 7) targets squares counted orthogonally."""
    s = position(OPEN, [hero((5, 5), ["earth_rune"])], phase="powerup")
    do(s, "play card=earth_rune")
    spots = legal(s)
    assert "choose at=(5,0)" in spots and "choose at=(9,9)" not in spots  # 8 away
    assert "choose at=(5,5)" not in spots
    do(s, "choose at=(5,0)")
    assert s.board.has((5, 0), "tunnel") and s.discard == ["earth_rune"]


def test_rune_range_bonus():
    """+2 to Rune Range."""
    s = position(OPEN, [hero((5, 5), ["spring_rune"], items=["rune_lens"])], phase="powerup")
    do(s, "play card=spring_rune")
    assert "choose at=(5,11)" in legal(s)  # 6 + 0: range 5 + 2 = 7


def test_swiftgrass_juice_adds_two():
    """Step 3 example: Swiftgrass Juice adds 2 to the movement of every skill."""
    s = position(OPEN, [hero((5, 5), ["swiftgrass_juice"])], phase="powerup")
    do(s, "play card=swiftgrass_juice", "move", "tumble dir=N")
    assert s.turn.skill == "jump" and s.turn.remaining == 3


def test_card_not_in_hand_is_illegal():
    """Rules for Card Play: only cards in your hand can be played (with a reason)."""
    s = position(OPEN, [hero((5, 5), [])], phase="powerup")
    with pytest.raises(IllegalAction, match="not in your hand"):
        do(s, "play card=honey_bun")


def test_wind_horn_slides_every_hero():
    """Random Wind: roll the direction die and slide all heroes 1."""
    s = position(OPEN, [hero((5, 5), items=["wind_horn"]), hero((8, 8))], phase="powerup")
    s.rng.script("SE")
    do(s, "activate card=wind_horn")
    assert s.heroes[0].pos == (6, 6) and s.heroes[1].pos == (9, 9)


def test_storm_bottle_slides_two():
    """Strong Wind: slide all heroes 2 squares in a chosen direction."""
    s = position(OPEN, [hero((5, 5), ["storm_bottle"]), hero((10, 5))], phase="powerup")
    do(s, "play card=storm_bottle", "choose dir=E")
    assert s.heroes[0].pos == (7, 5) and s.heroes[1].pos == (11, 5)


def test_gust_fan_slides_another_hero():
    """Mind-Push style card: slide another hero 1 square orthogonally."""
    s = position(OPEN, [hero((5, 5), ["gust_fan"]), hero((8, 8))], phase="powerup")
    do(s, "play card=gust_fan", "choose hero=1 dir=N")
    assert s.heroes[1].pos == (8, 7)


def test_twister_spins_the_others():
    """Twister: rotate all other heroes 90 degrees."""
    s = position(OPEN, [hero((5, 5), ["twister_top"]), hero((8, 8))], phase="powerup")
    before = s.heroes[1].cube
    mine = s.heroes[0].cube
    do(s, "play card=twister_top", "choose spin=cw")
    assert s.heroes[1].cube == before.spin(1) and s.heroes[0].cube == mine


def test_mischief_kit_swaps_anothers_skills():
    """Swap Skills: swap the position of 2 skills on another player's board."""
    s = position(OPEN, [hero((5, 5), ["mischief_kit"]), hero((8, 8))], phase="powerup")
    do(s, "play card=mischief_kit", "choose hero=1 swap=front/back")
    assert s.heroes[1].skills["front"] == "jump"


def test_lineup_broom_wipes_the_lineup():
    """Wipe the Lineup: discard the lineup and deal a new one from the deck."""
    s = position(
        OPEN,
        [hero((5, 5), ["lineup_broom"])],
        phase="powerup",
        lineup=["honey_bun"],
        deck=["compass", "q_rune", "mole", "frog", "pickaxe", "hopberry"],
    )
    do(s, "play card=lineup_broom")
    assert s.lineup == ["compass", "q_rune", "mole", "frog", "pickaxe"]
    assert s.discard == ["lineup_broom", "honey_bun"]


def test_skill_manual_upgrades_a_skill():
    """Upgrade Skill (card): a skill tile turns gold for +1 movement."""
    s = position(OPEN, [hero((5, 5), ["skill_manual"])], phase="powerup")
    do(s, "play card=skill_manual", "choose skill=slide", "move", "tumble dir=S")
    assert s.turn.remaining == 2


def test_unmaking_rune_destroys_non_scenario_tokens_only():
    """Runes and Bombs: scenario tokens (respawn points) are never destroyed."""
    rows = ["............", ".....sR.....", *(["............"] * 10)]
    s = position(rows, [hero((5, 3), ["unmaking_rune"])], phase="powerup")
    do(s, "play card=unmaking_rune")
    assert legal(s) == {"choose at=(5,1) token=spring"}


def test_mind_push_upgrade_discards_a_card():
    """Mind-Push upgrade: once on your turn discard a card to slide another hero 1."""
    s = position(
        OPEN,
        [
            hero((5, 5), ["honey_bun"], hero_id="trixie", track=[["trixie_voice", "a"]]),
            hero((8, 8)),
        ],
        phase="powerup",
    )
    do(s, "mind_push discard=honey_bun", "choose hero=1 dir=W")
    assert s.heroes[1].pos == (7, 8) and s.current.hand == []
    assert not any(a.startswith("mind_push") for a in legal(s))


def test_timely_trades_discard_to_explore():
    """Timely Trades: discard a card to explore a card, once per turn."""
    s = position(
        OPEN,
        [hero((5, 5), ["honey_bun"], hero_id="trixie", track=[["trixie_market", "a"]])],
        phase="powerup",
        deck=["compass"],
    )
    do(s, "trade discard=honey_bun", "choose src=deck")
    assert s.current.hand == ["compass"]


def test_crystal_extract_dash_resolves_elements():
    """Crystal Extract: dash 1 outside your movement phase; board elements still resolve."""
    rows = ["............", "......>.....", *(["............"] * 10)]
    s = position(rows, [hero((5, 1), ["crystal_extract"])], phase="powerup")
    do(s, "play card=crystal_extract", "step dir=E")
    assert s.current.pos == (7, 1) and s.phase == "powerup"
    do(s, "move")
    assert s.turn.stage == "natural"


def test_picnic_basket_digs_the_deck_for_food():
    """Explore: Food - take a food card from the lineup, else reveal from the deck."""
    s = position(
        OPEN,
        [hero((5, 5), ["picnic_basket"])],
        phase="powerup",
        lineup=["q_rune"],
        deck=["compass", "pickaxe", "honey_bun", "mole"],
    )
    do(s, "play card=picnic_basket")
    assert s.current.hand == ["honey_bun"] and s.deck == ["mole"]
    assert s.discard[-2:] == ["compass", "pickaxe"]


def test_impulse_card_played_before_another_hero_moves():
    """Rules for Card Play 1 / Impulse: impulse cards may be played on another player's turn,
    stated before that player begins to move (never during movement)."""
    s = position(OPEN, [hero((5, 5)), hero((8, 8), ["gust_fan", "honey_bun"])], phase="powerup")
    do(s, "move")
    assert s.pending[-1].kind == "impulse" and s.pending[-1].seat == 1
    assert legal(s) == {"choose card=pass", "choose card=pass_turn", "choose card=gust_fan"}
    do(s, "choose card=gust_fan", "choose hero=0 dir=W")
    assert s.heroes[0].pos == (4, 5) and s.heroes[1].hand == ["honey_bun"]
    # the window closes (no impulse card left) and the hero starts moving
    assert s.phase == "movement" and s.turn.stage == "natural" and not s.pending


def test_impulse_window_pass():
    """Impulse: the other player may decline; the hero then moves."""
    s = position(OPEN, [hero((5, 5)), hero((8, 8), ["twister_top"])], phase="powerup")
    do(s, "move", "choose card=pass")
    assert s.phase == "movement" and s.heroes[1].hand == ["twister_top"]


def test_impulse_window_before_exploring():
    """Impulse: playable during any player's turn outside movement - also after the active
    hero's Recovery, before it explores."""
    s = position(
        OPEN, [hero((5, 5)), hero((8, 8), ["twister_top"])], phase="recovery", deck=["compass"] * 8
    )
    do(s, "explore")
    assert s.pending[-1].kind == "impulse" and s.pending[-1].seat == 1
    do(s, "choose card=twister_top", "choose spin=cw")
    assert s.phase in ("explore", "powerup") and s.heroes[1].hand == []


def test_impulse_window_after_each_power_up_action():
    """Impulse ("can be played during any player's turn"; never in a Movement phase): after
    each card the active player plays in Power-Up the seats holding an Impulse card get a
    chance, and the active player may answer it before moving."""
    s = position(
        OPEN,
        [hero((5, 5), ["honey_bun", "compass"]), hero((8, 8), ["gust_fan"]), hero((1, 1))],
        phase="powerup",
        deck=["mole"] * 4,
    )
    do(s, "play card=honey_bun")
    assert s.pending[-1].kind == "impulse" and s.pending[-1].seat == 1  # only the holder
    do(s, "choose card=gust_fan", "choose hero=0 dir=N")
    assert s.heroes[0].pos == (5, 4) and not s.pending  # the window closes: nobody holds one
    assert s.phase == "powerup" and legal(s) >= {"play card=compass", "move"}


def test_impulse_window_at_turn_start_and_recovery_start():
    """Impulse: the start of another player's turn (Power-Up) and the start of its Recovery
    are points outside movement too; a player with no Impulse card is never asked."""
    s = position(
        OPEN,
        [hero((5, 5), ["honey_bun"]), hero((8, 8)), hero((1, 1), ["twister_top"])],
        phase="recovery",
        deck=["mole"] * 8,
    )
    do(s, "explore", "choose card=pass", "draw src=deck")  # seat 0's turn ends, seat 1's starts
    assert s.active == 1 and s.phase == "powerup"
    assert s.pending[-1].kind == "impulse" and s.pending[-1].seat == 2
    do(s, "choose card=pass", "move", "choose card=pass", "tumble dir=N", "stop")
    assert s.phase == "recovery"
    assert s.pending[-1].kind == "impulse" and s.pending[-1].seat == 2


def test_impulse_not_this_turn_silences_the_windows():
    """Impulse windows without tedium: a holder may decline for the rest of the turn; it is
    asked again on the next player's turn."""
    s = position(
        OPEN,
        [hero((5, 5), ["honey_bun"]), hero((8, 8), ["twister_top"]), hero((1, 1))],
        phase="powerup",
        deck=["mole"] * 8,
    )
    do(s, "play card=honey_bun", "choose card=pass_turn")
    assert not s.pending
    do(s, "move", "tumble dir=N", "stop")  # no window before moving, none in Recovery
    assert s.phase == "recovery" and not s.pending
    do(s, "explore", "draw src=deck")
    assert s.active == 1 and not s.pending  # seat 1's own turn: it plays as usual
    do(s, "move", "tumble dir=N", "stop", "explore", "draw src=deck")
    assert s.active == 2 and s.pending[-1].kind == "impulse" and s.pending[-1].seat == 1


def test_impulse_card_answered_by_another_impulse():
    """Impulse: a card played in a window changes the game, so every holder (the one who
    played included) gets a new chance before the turn goes on."""
    s = position(
        OPEN,
        [hero((5, 5)), hero((8, 8), ["gust_fan"]), hero((1, 1), ["twister_top"])],
        phase="powerup",
    )
    do(s, "move")
    assert s.pending[-1].seat == 1
    do(s, "choose card=pass")
    assert s.pending[-1].seat == 2
    do(s, "choose card=twister_top", "choose spin=cw")
    assert s.pending[-1].kind == "impulse" and s.pending[-1].seat == 1  # a new round
    do(s, "choose card=pass")
    assert s.phase == "movement" and not s.pending


def _card_ids():
    from riotsim.games.quodd import catalog

    # the Exploration deck's cards (the Overlord deck's are played in test_overlord.py)
    return sorted(c.id for c in catalog.cards().values() if c.deck == "exploration")


@pytest.mark.parametrize("card", _card_ids())
def test_every_card_does_what_its_effects_say(card):
    """Card Types: every card of the Exploration deck can be played (boosts in Power-Up,
    the rest in Recovery) and each of its effects changes the game as listed: boosts add
    movement, placements put the token down, equipped cards sit in their slot, explores
    draw, and every choice it asks for can be answered."""
    from riotsim.games.quodd import RULESET, catalog

    spec = catalog.cards()[card]
    boost = any(e.do == "boost" for e in spec.effects)
    rows = ["." * 12] * 5 + ["....W.......", "....U.......", "~~~~~~~~~~~~"] + ["." * 12] * 4
    deck = [c for c in _card_ids() if c != card] * 2
    s = position(
        rows,
        [hero((5, 5), [card]), {"hero": "trixie", "at": [8, 8], "skills": dict(SK)}],
        phase="powerup" if boost else "recovery",
        deck=deck,
        lineup=deck[:5],
    )
    hand_before = len(s.current.hand)
    do(s, f"play card={card}")
    if spec.equipped:
        held = s.current.items if spec.type == "item" else s.current.pets
        assert held == [card]
        if spec.effects:  # equipped cards with effects act when activated, once per turn
            assert f"activate card={card}" in legal(s)
        return
    assert card in s.discard and len(s.current.hand) == hand_before - 1
    events = []
    for _ in range(12):  # answer every choice the card asks for with the first option
        if not s.pending:
            break
        if s.pending[-1].seat != 0:
            break
        events += RULESET.apply(s, RULESET.legal_actions(s)[0])
    for effect in spec.effects:
        if effect.do == "boost":
            key = effect.skill or "all"
            assert s.turn.boosts.get(key, 0) >= effect.n
        elif effect.do == "place":
            assert s.board.find(effect.kind), f"no {effect.kind} was placed"
        elif effect.do in ("explore", "explore_deck", "explore_type"):
            assert len(s.current.hand) > hand_before - 1
        elif effect.do == "dash":
            assert s.turn.free_move and s.phase == "movement"
        elif effect.do == "break_wall":
            assert not s.board.is_wall((4, 5)) and s.board.has((4, 5), "broken_wall")
        elif effect.do == "destroy":
            assert "token_destroyed" in [e.kind for e in events]
        elif effect.do == "fire_bomb":
            assert "bomb_created" in [e.kind for e in events]


# -- the bomb scenarios' cards (issue 12 part A, spec K8-K10) -------------------------------


def test_cannon_rune_places_and_fires():
    """Cannon Token (L616, spec K8): Cannon Rune puts a cannon within range 5, pointed the
    way its player chooses; it fires a rolled bomb at once and stays."""
    s = position(OPEN, [hero((1, 5), ["cannon_rune"])], phase="recovery")
    s.rng.script("fire")
    do(s, "play card=cannon_rune")
    assert "choose at=(6,5) dir=E" in legal(s) and "choose at=(7,5) dir=E" not in legal(s)
    events = do(s, "choose at=(2,5) dir=E")
    kinds = [e.kind for e in events]
    assert kinds.index("token_placed") < kinds.index("dice_rolled") < kinds.index("bomb_moved")
    assert s.board.has((2, 5), "cannon")
    bomb = s.board.first((5, 5), "bomb")
    assert bomb is not None and bomb.get("bomb") == "fire" and bomb.get("direction") == "E"


def test_rune_range_bonus_reaches_cannon_rune():
    """+2 rune range (L476) lengthens Cannon Rune's range: it is a rune (spec K9)."""
    s = position(OPEN, [hero((1, 5), ["cannon_rune"], items=["rune_lens"])], phase="recovery")
    do(s, "play card=cannon_rune")
    assert "choose at=(8,5) dir=N" in legal(s) and "choose at=(9,5) dir=N" not in legal(s)


def test_fire_flask_fires_a_fire_bomb():
    """Bombs & Explosions (L600: card abilities make specific bombs), spec K8: Fire Flask
    fires a fire bomb from the hero's square in the chosen direction; no die is rolled."""
    s = position(OPEN, [hero((1, 5), ["fire_flask"])], phase="recovery")
    do(s, "play card=fire_flask")
    events = do(s, "choose dir=E")
    assert "dice_rolled" not in [e.kind for e in events]
    bomb = s.board.first((4, 5), "bomb")
    assert bomb is not None and bomb.get("bomb") == "fire"


def test_frost_flask_fires_an_ice_bomb():
    """Spec K8: Frost Flask fires an ice bomb (speed 3) the way its player picks."""
    s = position(OPEN, [hero((5, 5), ["frost_flask"])], phase="recovery")
    do(s, "play card=frost_flask")
    do(s, "choose dir=S")
    bomb = s.board.first((5, 8), "bomb")
    assert bomb is not None and bomb.get("bomb") == "ice"


def test_unmaking_rune_can_remove_a_resting_bomb():
    """Good Aim and Unmaking Rune destroy non-scenario tokens: cannons and resting bombs are
    offered (spec K10)."""
    rows = ["............", ".....*K.....", *(["............"] * 10)]
    s = position(rows, [hero((5, 3), ["unmaking_rune"])], phase="powerup")
    do(s, "play card=unmaking_rune")
    assert legal(s) == {"choose at=(5,1) token=bomb", "choose at=(6,1) token=cannon"}
    do(s, "choose at=(5,1) token=bomb")
    assert not s.board.find("bomb")


def test_bomb_cards_are_not_in_the_base_deck():
    """Box contents (L67): the base deck stays 113 cards; the bomb cards come only with the
    scenarios that add them (spec K8)."""
    from riotsim.games.quodd import catalog

    deck = catalog.deck_list()
    assert len(deck) == 113
    assert not {"cannon_rune", "fire_flask", "frost_flask"} & set(deck)
