"""Starting a game (decks, arena, crews, gear, initial spawns) and winning."""

from __future__ import annotations

import pytest
from rq_util import R, a, play, position

from riotsim.core.contract import GameSetup, IllegalAction, PlayerSpec
from riotsim.games.riotquest import rules
from riotsim.games.riotquest.content import content


def setup(n=2, seed=1, **options):
    return GameSetup(tuple(PlayerSpec(f"P{i}") for i in range(n)), seed=seed, options=options)


def test_rolloff_highest_picks_bounty_deck_and_arena_lowest_treasure():
    """Rulebook "Choosing Decks & Maps": a d6 roll-off; highest picks the Bounty deck and may
    pick the arena, lowest picks the Treasure deck."""
    s = R.new_state(setup(3, seed=5, decks="rolloff"))
    assert s.setup["deck_rolls"] == [[3, 4, 2]]  # this seed rolls no tie
    high, low = 1, 2
    assert s.pending[-1].kind == "bounty_deck" and s.pending[-1].seat == high
    play(s, "bounty_deck deck=grudge")
    assert s.pending[-1].kind == "treasure_deck" and s.pending[-1].seat == low
    play(s, "treasure_deck deck=royal_vaults")
    assert s.pending[-1].kind == "arena" and s.pending[-1].seat == high
    play(s, "arena arena=scrapyard")
    assert s.arena.id == "scrapyard" and s.pending[-1].kind == "crew"


@pytest.mark.parametrize(
    ("players", "dice", "high", "low", "rows"),
    [
        # tied for highest: only those two re-roll; the lowest is already known
        (3, [6, 6, 2, 3, 5], 1, 2, [[6, 6, 2], [3, 5, None]]),
        # tied for lowest: only those two re-roll; the highest is already known
        (3, [6, 3, 3, 4, 1], 0, 2, [[6, 3, 3], [None, 4, 1]]),
        # everyone level decides nothing: all re-roll, then only the tied lowest two
        (3, [4, 4, 4, 5, 2, 2, 1, 3], 0, 1, [[4, 4, 4], [5, 2, 2], [None, 1, 3]]),
        # two players level: both re-roll
        (2, [3, 3, 2, 5], 1, 0, [[3, 3], [2, 5]]),
        # four players: a three-way tie for highest re-rolls twice among those still tied
        (4, [5, 5, 5, 1, 4, 6, 6, 2, 3], 2, 3, [[5, 5, 5, 1], [4, 6, 6, None], [None, 2, 3, None]]),
    ],
)
def test_deck_rolloff_ties_reroll_only_what_is_undecided(players, dice, high, low, rows):
    """Rulebook "Choosing Decks & Maps": highest roller picks the Bounty deck, lowest the
    Treasure deck; a tie re-rolls to find the highest and lowest, so only the players tied for
    a place still undecided roll again (as in the setup and Priority rolls)."""
    from riotsim.core.rng import Rng
    from riotsim.games.riotquest.ruleset import d6_rolloff

    rng = Rng(1)
    rng.script(*dice)
    assert d6_rolloff(rng, players) == (high, low, rows)
    assert not rng.scripted  # every scripted die was rolled, no more


def test_the_starter_arena_is_the_default_map():
    """Rulebook "Starting a Game": first games use the starter box's map, Thunderhead Fortress,
    so it is the first map offered (the set-up screen's and ``play``'s default) and the arena
    of a game started without a map (``simulate`` without ``--map``)."""
    assert R.maps()[0] == "thunderhead" and set(R.maps()) == {"thunderhead", "scrapyard"}
    assert R.choice_name(R.maps()[0]) == "Thunderhead Fortress"
    for seed in (1, 2, 3):
        assert R.new_state(setup(2, seed=seed)).arena.id == "thunderhead"
    # a map chosen by name still wins
    chosen = GameSetup((PlayerSpec("a"), PlayerSpec("b")), seed=1, map="scrapyard")
    assert R.new_state(chosen).arena.id == "scrapyard"


def test_simulate_without_a_map_plays_the_starter_arena(tmp_path):
    """`simulate` without --map plays the same games as with --map thunderhead (and not the
    games of the other arena)."""
    import json

    from riotsim.cli import main

    def games(name: str, *more: str) -> list:
        out = tmp_path / name
        argv = ["simulate", "riotquest", "--games", "2", "--seed", "3", "--quiet"]
        assert main([*argv, "--json", str(out), *more]) == 0
        return json.loads(out.read_text())["games"]

    default = games("default.json")
    assert default == games("thunderhead.json", "--map", "thunderhead")
    assert default != games("scrapyard.json", "--map", "scrapyard")


def test_vanilla_crew_five_to_ten_unique_heroes_and_gear_hand():
    """Rulebook "Building Your Crew" and "Choosing Riot Gear Cards": 5-10 unique heroes, one
    unique gear card per hero; then two Bounties, one Chest, the setup roll and spawning."""
    s = R.new_state(setup(2, seed=3))
    for hero in ("dez", "gubbin", "eiryss", "dreyfus"):
        play(s, f"pick hero={hero}")
        assert a("done") not in R.legal_actions(s)
    assert a("pick hero=dez") not in R.legal_actions(s)
    play(s, "pick hero=bamfist", "done")
    assert s.pending[-1].seat == 1
    for hero in ("korga", "mok", "brakka", "ardwyn", "pip"):
        play(s, f"pick hero={hero}")
    play(s, "done")
    assert s.pending[-1].kind == "gear" and s.pending[-1].seat == 0
    for g in ("bang_rounds", "plated_vest", "thorn_mail", "smoke_bombs"):
        play(s, f"gear gear={g}")
    assert a("gear gear=bang_rounds") not in R.legal_actions(s)
    play(s, "gear gear=echo_displacer")
    assert len(s.players[0].hand) == 5
    for g in ("bang_rounds", "plated_vest", "thorn_mail", "smoke_bombs", "field_medkit"):
        play(s, f"gear gear={g}")
    # decks dealt: two Bounties and a Chest; the setup-roll winner spawns first
    assert len(s.bounty_active) == 2 and s.chest is not None
    first = s.setup["first"]
    assert s.pending[-1].kind == "spawn" and s.pending[-1].seat == first
    # alternate until each has four in play
    seen = []
    while s.phase == "setup":
        f = s.pending[-1]
        if f.kind == "spawn":
            seen.append(f.seat)
        R.apply(s, R.legal_actions(s)[0])
    assert seen == [first, 1 - first] * 4
    assert all(len(s.in_play(i)) == 4 for i in (0, 1))
    assert s.phase == "go" and s.priority == first and s.round == 1


def test_adventuring_party_one_per_class_and_cash_is_king_budget():
    """Crew modes (README facts): Adventuring Party six heroes, one per class; Cash Is King six
    heroes with starting gear worth at most 25 Loot."""
    s = R.new_state(setup(2, crew_mode="party"))
    play(s, "pick hero=dez")
    legal = R.legal_actions(s)
    assert a("pick hero=pip") not in legal  # another Gunner
    assert a("pick hero=korga") in legal
    s = R.new_state(setup(2, crew_mode="cash"))
    for hero in ("dez", "gubbin", "eiryss", "dreyfus", "bamfist", "korga"):
        play(s, f"pick hero={hero}")
    for hero in ("mok", "brakka", "ardwyn", "pip", "nix", "tamsin"):
        play(s, f"pick hero={hero}")
    gear = content().gear
    spent = 0
    for g in ("shard_of_rathrok", "galvanic_repulsor", "bang_rounds", "plated_vest"):
        play(s, f"gear gear={g}")
        spent += gear[g].cost
    # 13 spent, two cards left: at most 12 more, but the two cheapest cost 4 in total
    legal = {x["gear"] for x in R.legal_actions(s)}
    assert "thorn_mail" in legal
    play(s, "gear gear=thorn_mail", "gear gear=siphon_edge")
    total = sum(gear[g].cost for g in s.players[0].hand)
    assert total <= 25


def test_evicted_bans_and_specops_classes():
    """Crew modes (README facts): Evicted 7-10 heroes and each player bans 2 of the next
    player's; Spec-Ops 5-10 heroes from two chosen classes."""
    s = R.new_state(setup(2, crew_mode="evicted"))
    heroes = list(content().heroes)
    for _seat in (0, 1):
        for h in heroes[:7]:
            play(s, f"pick hero={h}")
        play(s, "done")
    assert s.pending[-1].kind == "ban" and s.pending[-1].data["of"] == 1
    play(s, f"ban hero={heroes[0]}", f"ban hero={heroes[1]}")
    assert len(s.players[1].crew) == 5
    assert s.pending[-1].kind == "ban" and s.pending[-1].seat == 1
    play(s, f"ban hero={heroes[2]}", f"ban hero={heroes[3]}")
    assert s.pending[-1].kind == "gear"
    for g in list(content().gear)[:10]:
        play(s, f"gear gear={g}")
    assert len(s.players[0].hand) == 10
    s = R.new_state(setup(2, crew_mode="specops"))
    assert s.pending[-1].kind == "classes"
    play(s, "classes first=fighter second=guard")
    picks = {x["hero"] for x in R.legal_actions(s) if x.kind == "pick"}
    assert picks == {"korga", "brakka", "mok", "dreyfus", "ardwyn"}


def test_win_at_seven_vp_and_higher_goal_option():
    """Rulebook "Winning": 7 VP wins at once (a higher goal may be agreed)."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [4, 4], "damage": 2}],
        player0={"scrap": 6, "knockouts": 6},
    )
    s.rng.script("super", "strike")  # dagger: 1 Action + 1 Boost die, 3 strikes vs 3/5
    play(s, "attack hero=dez weapon=dagger target=gubbin of=1 dice=1")
    out = R.outcome(s)
    assert out.finished and out.winners == (0,) and out.scores == (7, 0)
    assert R.legal_actions(s) == []
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [4, 4], "damage": 2}],
        player0={"scrap": 6, "knockouts": 6},
        options={"vp_goal": 9},
    )
    s.rng.script("super", "strike")
    play(s, "attack hero=dez weapon=dagger target=gubbin of=1 dice=1")
    assert s.players[0].vp == 7 and not R.outcome(s).finished


def test_round_limit_uses_the_tie_breakers():
    """Rulebook "Winning": ending early, most VP wins, then most Loot, then most equipped Riot
    Gear, else a draw."""
    base = dict(options={"round_limit": 1}, player0={"passed": True})
    for p0, p1, winners in (
        ({"scrap": 2, "knockouts": 2}, {}, (0,)),
        ({"loot": 3}, {"loot": 4}, (1,)),
        ({"loot": 3}, {"loot": 3}, (0, 1)),
    ):
        s = position(
            [{"id": "dez", "pos": [1, 1]}],
            [{"id": "gubbin", "pos": [7, 7]}],
            **{**base, "player0": {**base["player0"], **p0}, "player1": p1},
            priority=1,
            turn_start=True,
        )
        play(s, "pass")
        out = R.outcome(s)
        assert out.finished and out.winners == winners, (p0, p1, out)
        assert "round limit" in out.reason
    s = position(
        [{"id": "dez", "pos": [1, 1], "gear": "bang_rounds"}],
        [{"id": "gubbin", "pos": [7, 7]}],
        options={"round_limit": 1},
        player0={"passed": True},
        priority=1,
        turn_start=True,
    )
    play(s, "pass")
    assert R.outcome(s).winners == (0,)


def test_illegal_actions_are_refused_with_a_reason():
    s = position([{"id": "dez", "pos": [3, 4]}], [{"id": "gubbin", "pos": [7, 7]}])
    with pytest.raises(IllegalAction) as err:
        R.apply(s, a("run hero=dez to=(8,8)"))
    assert "run" in str(err.value)
    with pytest.raises(IllegalAction):
        R.apply(s, a("spawn hero=dez"))


def test_forced_pass_when_no_hero_can_activate():
    """Rulebook "Passing": a player who cannot activate must pass (and takes no turn)."""
    s = position(
        [{"id": "dez", "pos": [3, 4], "dice": 6}],
        [{"id": "gubbin", "pos": [7, 7]}],
        priority=1,
    )
    play(s, "run hero=gubbin to=(7,6)", "end_activation")
    assert R.to_move(s) == 0 and R.legal_actions(s) == [a("pass")]
    assert rules.to_move(s) == 0


def test_bad_positions_and_setups_give_clear_messages():
    from riotsim.games.riotquest.positions import PositionError
    from riotsim.games.riotquest.ruleset import SetupError

    with pytest.raises(PositionError, match="unknown hero 'zed'"):
        position([{"id": "zed", "pos": [1, 1]}], [{"id": "dez", "pos": [3, 3]}])
    with pytest.raises(PositionError, match="two models on"):
        position([{"id": "gubbin", "pos": [1, 1]}], [{"id": "dez", "pos": [1, 1]}])
    with pytest.raises(PositionError, match="not a free hex"):
        position([{"id": "gubbin", "pos": [0, 0]}], [{"id": "dez", "pos": [3, 3]}])  # gate 1
    with pytest.raises(SetupError, match="no-such-arena"):
        R.new_state(GameSetup((PlayerSpec("a"), PlayerSpec("b")), map="no-such-arena"))
    with pytest.raises(SetupError, match="2-4 players"):
        R.new_state(GameSetup((PlayerSpec("a"),)))


def test_multiplayer_initial_spawns_go_clockwise_from_the_setup_roll_winner():
    """Rulebook "Multi-Player Games": the setup-roll winner spawns first, then clockwise."""
    s = R.new_state(setup(4, seed=8, crew_mode="starter"))
    first = s.setup["first"]
    seen = []
    while s.phase == "setup":
        f = s.pending[-1]
        if f.kind == "spawn":
            seen.append(f.seat)
        R.apply(s, R.legal_actions(s)[0])
    order = [(first + i) % 4 for i in range(4)]
    assert seen == order * 4
    assert s.pending[-1].kind == "turn" and s.pending[-1].seat == first
    assert len(s.bounty_active) == 2 and s.chest is not None
    assert all(len(p.hand) == 5 for p in s.players)


def test_illegal_reasons_say_what_is_wrong():
    s = position(
        [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin", "pos": [1, 1], "dice": 1}],
        [{"id": "dreyfus", "pos": [7, 4]}],
        player0={"loot": 1, "hand": ["bang_rounds"]},
    )

    def why(text):
        with pytest.raises(IllegalAction) as err:
            R.apply(s, a(text))
        return err.value.reason

    assert "already has Action dice" in why("activate hero=gubbin")
    assert "costs 3 Loot; you have 1" in why("equip hero=dez gear=bang_rounds")
    assert "activate a hero first" in why("run hero=dez to=(4,4)")
    play(s, "activate hero=dez")
    assert "at least one action" in why("end_activation")
    assert "4 hexes away" in why("attack hero=dez weapon=bazooka target=dreyfus of=1 dice=1")
    assert (
        why("run hero=dez to=(8,8)") == "nobody can stand on that hex (a barrier, gate or beacon)"
    )
