"""The upgrade icons issue 13 adds (spec I1-I6; rulebook *Upgrades and Q-Powers* L468-L560;
in-app reference "More upgrades, treasure and time"). Positions are readable boards; dice
are scripted."""

from __future__ import annotations

from riotsim.games.quodd import abilities, catalog, checks
from tests.quodd.helpers import answer, do, kinds, legal, position

OPEN = ["." * 9] * 9


def hero(at, name="rok", track=(), **kw):
    return {"hero": name, "at": list(at), "track": [list(t) for t in track], **kw}


def rows_with(*changes, width=9, height=9):
    grid = [["."] * width for _ in range(height)]
    for x, y, ch in changes:
        grid[y][x] = ch
    return ["".join(r) for r in grid]


FOOD_ICON = [("forest_canopy", "a")]  # Explore: Food
ITEM_ICON = [("tobin_pockets", "b")]  # Explore: Item
GETAWAY = [("trixie_voice", "b")]
PROTECTED = [("forest_stream", "b")]
REROLL = [("tobin_engine", "a")]
REMOVAL = [("mirra_shine", "b")]


# -- I1 Explore: Food / Item / Pet / Rune ------------------------------------------------


def test_i1_explore_food_takes_a_food_card_from_the_lineup():
    """I1, reference "Explore: Food / Item / Pet / Rune: at the start of your Exploration
    phase, explore one card of that type as well: from the lineup": the food card comes from
    the lineup, and the normal explore is still to make."""
    s = position(
        OPEN,
        [hero((4, 4), "forest", FOOD_ICON)],
        phase="recovery",
        lineup=["freeze_o_tron", "honey_bun", "anchor_boots"],
        deck=["swiftgrass_juice", "anchor_boots"],
    )
    do(s, "explore")
    assert s.heroes[0].hand == ["honey_bun"]
    assert s.phase == "explore" and s.turn.explores_left == 1


def test_i1_explore_item_reveals_the_deck_until_an_item():
    """I1, reference "else turn deck cards over until one comes up; the others go to the
    discard pile" (L486 Explore: Item)."""
    s = position(
        OPEN,
        [hero((4, 4), "tobin", ITEM_ICON)],
        phase="recovery",
        lineup=["honey_bun"],
        deck=["swiftgrass_juice", "hopberry", "anchor_boots", "honey_bun"],
    )
    do(s, "explore")
    assert s.heroes[0].hand == ["anchor_boots"]
    assert s.discard == ["swiftgrass_juice", "hopberry"]


def test_i1_several_of_the_type_in_the_lineup_is_a_choice():
    """I1: with several cards of the type in the lineup, the hero picks one."""
    s = position(
        OPEN,
        [hero((4, 4), "forest", FOOD_ICON)],
        phase="recovery",
        lineup=["honey_bun", "freeze_o_tron", "hopberry"],
        deck=["anchor_boots"],
    )
    do(s, "explore")
    assert s.pending[-1].kind == "explore_type"
    answer(s, i=2)
    assert s.heroes[0].hand == ["hopberry"]


# -- I2 Getaway -----------------------------------------------------------------------------


def test_i2_getaway_dash_one_after_a_steal():
    """I2, reference "Getaway: straight after you steal, you may dash one square (any of the
    eight directions); the board elements of the square you reach act" (L500)."""
    rows = rows_with((3, 3, "c"))
    s = position(
        rows,
        [hero((4, 4), "trixie", GETAWAY), hero((5, 4), carrying=["crystal:red"])],
    )
    do(s, "steal from=1 item=crystal:red")
    assert s.pending[-1].kind == "getaway"
    assert "choose dir=NW" in legal(s) and "choose dir=none" in legal(s)
    events = answer(s, dir="NW")
    thief = s.heroes[0]
    assert thief.pos == (3, 3)
    assert "crystal:red" in thief.carrying and "crystal:blue" in thief.carrying  # elements act
    assert "moved" in kinds(events)


def test_i2_without_getaway_no_dash_and_staying_is_allowed():
    """I2: only a Getaway thief is offered the dash, and it may stay where it is."""
    s = position(OPEN, [hero((4, 4), "trixie"), hero((5, 4), carrying=["crystal:red"])])
    do(s, "steal from=1 item=crystal:red")
    assert not s.pending
    s = position(OPEN, [hero((4, 4), "trixie", GETAWAY), hero((5, 4), carrying=["crystal:red"])])
    do(s, "steal from=1 item=crystal:red")
    answer(s, dir="none")
    assert s.heroes[0].pos == (4, 4) and s.phase == "movement"


# -- I3 Protected Food ----------------------------------------------------------------------


def _fire_at_forest(hand):
    """Rok lands on a cannon whose fire bomb blows up next to Forest (test_bombs' example)."""
    rows = [".........", ".........", ".........", ".K..W....", ".........", "........."]
    s = position(rows, [hero((1, 2)), hero((4, 4), "forest", PROTECTED, hand=hand)])
    s.rng.script("fire")
    return s, do(s, "tumble dir=S")


def test_i3_fire_bomb_burns_a_card_that_is_not_food():
    """I3, reference "Protected Food: no other player's effect may discard, cancel or take
    your Food cards (a fire bomb that hits you burns one of your other cards, or nothing)"
    (L518)."""
    s, events = _fire_at_forest(["honey_bun", "freeze_o_tron", "hopberry"])
    burned = [e for e in events if e.kind == "card_burned"]
    assert [b.data["card"] for b in burned] == ["freeze_o_tron"]
    assert s.heroes[1].hand == ["honey_bun", "hopberry"]


def test_i3_only_food_in_hand_nothing_burns():
    """I3: a hand of Food only loses nothing to the fire bomb (the protection is shown)."""
    s, events = _fire_at_forest(["honey_bun"])
    assert "card_burned" not in kinds(events) and "food_protected" in kinds(events)
    assert s.heroes[1].hand == ["honey_bun"]


def test_i3_unprotected_hero_still_burns_food():
    """I3: without the icon the fire bomb burns any card, Food too (Fire Bomb L594)."""
    rows = [".........", ".........", ".........", ".K..W....", ".........", "........."]
    s = position(rows, [hero((1, 2)), hero((4, 4), "forest", hand=["honey_bun"])])
    s.rng.script("fire")
    events = do(s, "tumble dir=S")
    assert "card_burned" in kinds(events) and s.heroes[1].hand == []


# -- I4 Re-roll a Die -----------------------------------------------------------------------


def test_i4_reroll_a_teleporter_die():
    """I4, reference "Re-roll a Die: once on your own turn, after a die you roll (a
    teleporter's die ...), you may roll it again; the new result stands" (L538): a Q that
    would blow the teleporter up is rolled again."""
    s = position(rows_with((4, 3, "T")), [hero((4, 4), "tobin", REROLL)])
    s.rng.script("Q", "4")
    do(s, "tumble dir=N")
    assert s.pending[-1].kind == "reroll"
    events = answer(s, reroll="reroll")
    again = [e for e in events if e.kind == "die_rerolled"]
    assert [(e.data["before"], e.data["faces"]) for e in again] == [(["Q"], ["4"])]
    assert s.pending[-1].kind == "teleport" and s.pending[-1].data["roll"] == 4
    assert s.board.has((4, 3), "teleporter")


def test_i4_keep_the_roll_and_only_once_a_turn():
    """I4: keeping the roll carries on with it; once re-rolled, a second die that turn is
    not offered again ("a single die roll on your turn")."""
    s = position(rows_with((4, 3, "T")), [hero((4, 4), "tobin", REROLL)])
    s.rng.script("Q")
    do(s, "tumble dir=N")
    events = answer(s, reroll="keep")
    assert "teleporter_exploded" in kinds(events)
    s = position(rows_with((4, 3, "T")), [hero((4, 4), "tobin", REROLL)])
    s.turn.activated.append("reroll")
    s.rng.script("2")
    do(s, "tumble dir=N")
    assert s.pending[-1].kind == "teleport"


def test_i4_reroll_the_bomb_die_of_a_cannon():
    """I4: the bomb die a cannon rolls when its hero lands on it (Cannon L400) may be rolled
    again; the bomb of the new roll leaves the cannon."""
    rows = [".........", ".........", ".........", ".K.......", "........."]
    s = position(rows, [hero((1, 2), "tobin", REROLL)])
    s.rng.script("fire", "standard")
    do(s, "tumble dir=S")
    assert s.pending[-1].kind == "reroll" and s.pending[-1].data["die"] == "bomb"
    events = answer(s, reroll="reroll")
    created = [e for e in events if e.kind == "bomb_created"]
    assert [c.data["bomb"] for c in created] == ["standard"]


def test_i4_reroll_the_direction_die():
    """I4: the direction die (a wind played from a treasure card here) may be rolled again;
    everyone slides the new way."""
    s = position(OPEN, [hero((4, 4), "tobin", REROLL, loot=["weather_vane"])], phase="powerup")
    s.rng.script("N", "E")
    do(s, "treasure card=weather_vane")
    assert s.pending[-1].kind == "reroll" and s.pending[-1].data["die"] == "direction"
    answer(s, reroll="reroll")
    assert s.heroes[0].pos == (5, 4)


def test_i4_no_reroll_off_your_own_turn():
    """I4 (our ruling): only on its owner's own turn: a teleporter another hero is pushed
    onto rolls without the offer."""
    s = position(rows_with((6, 4, "T")), [hero((4, 4)), hero((5, 4), "tobin", REROLL)])
    s.rng.script("2")
    do(s, "tumble dir=E")
    assert not any(d.kind == "reroll" for d in s.pending)


# -- I5 Timely Removal ----------------------------------------------------------------------


def test_i5_timely_removal_discards_another_players_item():
    """I5, reference "Timely Removal: once per turn in Power-Up or Recovery, discard 2 cards
    to discard an Item or Pet another player has in play" (L552)."""
    s = position(
        OPEN,
        [
            hero((1, 1), "mirra", REMOVAL, hand=["honey_bun", "hopberry", "swiftgrass_juice"]),
            hero((8, 8), "rok", items=["anchor_boots"]),
        ],
        phase="powerup",
    )
    do(s, "use icon=timely_removal")
    answer(s, card="honey_bun")
    answer(s, card="hopberry")
    assert s.pending[-1].kind == "removal_target"
    events = answer(s, hero=1, card="anchor_boots")
    assert s.heroes[1].items == [] and "anchor_boots" in s.discard
    assert s.heroes[0].hand == ["swiftgrass_juice"]
    assert "equipment_removed" in kinds(events)
    assert "use icon=timely_removal" not in legal(s)  # once per turn


def test_i5_needs_two_cards_and_a_target():
    """I5: with fewer than two cards, or nobody else's Item or Pet in play, it is not
    offered."""
    s = position(
        OPEN,
        [hero((1, 1), "mirra", REMOVAL, hand=["honey_bun"]), hero((8, 8), items=["anchor_boots"])],
        phase="powerup",
    )
    assert "use icon=timely_removal" not in legal(s)
    s = position(
        OPEN,
        [hero((1, 1), "mirra", REMOVAL, hand=["honey_bun", "hopberry"]), hero((8, 8))],
        phase="powerup",
    )
    assert "use icon=timely_removal" not in legal(s)


# -- I6 the tiles and the content check --------------------------------------------------------


def test_i6_every_new_icon_is_on_a_hero_tile():
    """I6: the upgrade tiles in heroes.yaml carry every icon this part adds."""
    shown = {
        icon
        for h in catalog.heroes().values()
        for t in h.upgrades
        for side in (t.a, t.b)
        for icon in side.icons
    }
    new = {
        "explore_food",
        "explore_item",
        "explore_pet",
        "explore_rune",
        "getaway",
        "protected_food",
        "reroll",
        "timely_removal",
    }
    assert new <= shown <= abilities.implemented_icons()


def test_i6_content_check_fails_for_an_unimplemented_icon(monkeypatch):
    """I6: a content check fails for an icon the rules do not implement."""
    assert not checks.check_content()
    known = abilities.implemented_icons() - {"getaway"}
    monkeypatch.setattr(abilities, "implemented_icons", lambda: known)
    problems = checks.check_content()
    assert any("getaway is not implemented" in p.message for p in problems)


def test_i4_reroll_a_sheep_die_rolled_on_your_turn():
    """I4: a sheep die rolled for its owner's move (a sheep Tobin's explosion throws onto a
    teleporter, S14) may be rolled again too: the Q that would blow it up becomes a 3."""
    s = position(rows_with((4, 3, "T"), (5, 3, "g"), (7, 3, "T")), [hero((4, 4), "tobin", REROLL)])
    s.rng.script("Q")
    do(s, "tumble dir=N")
    answer(s, reroll="keep")  # Tobin's own teleporter blows up, throwing the sheep
    assert s.pending[-1].kind == "reroll" and s.pending[-1].data["site"] == "sheep_teleporter"
    s.rng.script("3", "S")
    events = answer(s, reroll="reroll")
    assert "die_rerolled" in kinds(events) and "teleporter_exploded" not in kinds(events)
    assert s.board.has((7, 3), "teleporter")
    assert [c for c in s.board.find("sheep")] == [(7, 6)]


def test_new_choices_read_as_words_and_refusals_say_why():
    """The menu names the new choices in words, and Timely Removal refused says why."""
    import pytest

    from riotsim.games.quodd import RULESET

    s = position(rows_with((4, 3, "T")), [hero((4, 4), "tobin", REROLL)])
    s.rng.script("Q")
    do(s, "tumble dir=N")
    assert [m.label for m in RULESET.action_menu(s)] == ["Keep the roll (Q)", "Re-roll the d6 die"]
    s = position(
        OPEN,
        [hero((1, 1), "mirra", REMOVAL, hand=["honey_bun"]), hero((8, 8), items=["anchor_boots"])],
        phase="powerup",
    )
    with pytest.raises(Exception, match="costs two cards"):
        do(s, "use icon=timely_removal")


def test_i2_getaway_before_the_square_acts_resolves_the_new_square_once():
    """I2 (our ruling "Getaway before the square"): a steal offered before a spring acts
    (movement priority), then a Getaway dash onto a teleporter: the spring never throws the
    thief, and the teleporter rolls once."""
    rows = rows_with((4, 4, "s"), (3, 3, "T"))
    s = position(rows, [hero((3, 4), "trixie", GETAWAY), hero((5, 4), carrying=["crystal:red"])])
    s.rng.script("2")
    do(s, "tumble dir=E")
    assert s.pending[-1].kind == "steal_first"
    answer(s, item="crystal:red")
    events = answer(s, dir="NW")
    assert kinds(events).count("dice_rolled") == 1 and s.pending[-1].kind == "teleport"
    assert not any(f["type"] == "arrive" for f in s.resolving)
