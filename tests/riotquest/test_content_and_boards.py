"""Content validation (data/riotquest) and arena checks."""

from __future__ import annotations

import shutil

import pytest
from rq_util import BASE_ARENA, R

from riotsim.core.problems import ContentError
from riotsim.core.tiled import load_board
from riotsim.games.riotquest.arena import Arena, ArenaError, get_arena
from riotsim.games.riotquest.content import CLASSES, content, load_content
from riotsim.paths import data_dir, maps_dir


def test_shipped_content_is_valid_and_complete():
    assert R.check_content() == []
    c = content()
    heroes = c.heroes
    assert len(heroes) >= 10
    assert {h.class_.value for h in heroes.values()} == set(CLASSES)
    # numbers the rulebook's examples fix
    assert heroes["bamfist"].spd == 4
    assert heroes["dreyfus"].def_ == (3, 6) and heroes["dreyfus"].special.kind == "leap"
    assert heroes["dreyfus"].special.range == 2
    dez = {w.id: w for w in heroes["dez"].weapons}
    assert (dez["dagger"].kind, dez["dagger"].rng) == ("melee", 1)
    b = dez["bazooka"]
    assert (b.kind, b.rng, b.boost, b.power) == ("ranged", 3, 3, 1) and "beatback" in b.abilities
    assert (
        c.gear["galvanic_repulsor"].cost == 3
        and c.gear["galvanic_repulsor"].special.kind == "shove"
    )
    assert (
        c.gear["bang_rounds"].ranged_power == 1
        and "beatback" in c.gear["bang_rounds"].ranged_abilities
    )
    starters = {
        "dreyfus": "galvanic_repulsor",
        "bamfist": "shard_of_rathrok",
        "dez": "bang_rounds",
        "eiryss": "echo_displacer",
        "gubbin": "hyperspring_boots",
    }
    for hero, gear in starters.items():
        assert heroes[hero].gear == gear
    assert len(c.gear) >= len(heroes)  # one more card per added hero


def test_decks():
    c = content()
    assert len(c.bounty_decks) >= 2 and len(c.treasure_decks) >= 2
    mayhem = [c.bounties[x] for x in c.bounty_decks["mayhem"]]
    assert len(mayhem) == 12
    kinds = {b.token for b in mayhem if b.token}
    assert kinds == {
        "turret",
        "gremlin",
        "malfunction",
        "cortex",
        "mysterious",
        "trap",
        "bomb",
        "target",
    }
    names = {b.name for b in mayhem}
    assert {"Telepandemonium", "Bullet Magnet", "Bullseye", "Deathtrap"} <= names
    bm = c.bounties["bullet_magnet"]
    assert bm.value == 2 and {x.value for x in bm.rig_bonus} == {"gunner", "guard"}
    assert bm.fail_radius == 2 and bm.token == "turret" and bm.place == "beacon"
    assert c.bounties["bullseye"].value == 1
    tp = c.bounties["telepandemonium"]
    assert tp.value == 2 and [x.value for x in tp.rig_bonus] == ["specialist"]
    for deck in c.bounty_decks.values():
        assert len(deck) == 12
    for deck in c.treasure_decks.values():
        chests = [c.chests[x] for x in deck]
        assert sorted(ch.class_.value for ch in chests) == sorted(CLASSES)
        assert all(len(ch.rows) == 3 for ch in chests)
    assert c.chests["iron_chest"].class_.value == "fighter"


def test_broken_content_names_file_line_and_field(tmp_path):
    for name in ("heroes.yaml", "gear.yaml", "bounties.yaml", "treasure.yaml"):
        shutil.copy(data_dir() / "riotquest" / name, tmp_path / name)
    text = (tmp_path / "heroes.yaml").read_text()
    (tmp_path / "heroes.yaml").write_text(text.replace("spd: 4", "spd: 40", 1))
    gear = (tmp_path / "gear.yaml").read_text()
    (tmp_path / "gear.yaml").write_text(gear.replace("cost: 3", "cost: lots", 1))
    with pytest.raises(ContentError) as err:
        load_content(tmp_path)
    messages = [str(p) for p in err.value.problems]
    assert any("heroes.yaml:" in m and "spd" in m for m in messages), messages
    assert any("gear.yaml:" in m and "cost" in m for m in messages), messages


def test_shipped_arenas_load_and_pass_the_board_check():
    ids = R.maps()
    assert "thunderhead" in ids and len(ids) >= 2
    for arena_id in ids:
        path = maps_dir() / "riotquest" / f"{arena_id}.tmx"
        assert R.check_board(load_board(path), str(path)) == []
        arena = get_arena(arena_id)
        assert sorted(arena.gates) == [1, 2, 3, 4, 5, 6]
        assert sorted(arena.beacons) == [1, 2, 3, 4, 5, 6]
        assert arena.centre not in arena.blocked


def test_bad_arenas_are_refused_with_every_problem():
    raw = dict(BASE_ARENA)
    raw["gates"] = {1: [0, 0], 2: [8, 0]}
    raw["centre"] = [4, 1]  # a beacon
    with pytest.raises(ArenaError) as err:
        Arena.from_dict(raw)
    text = str(err.value)
    assert "spawn gate" in text and "centre" in text
