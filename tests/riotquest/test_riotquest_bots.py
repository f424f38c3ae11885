"""Riot Quest bots: the evaluation pursues what wins (rulebook "Winning the Game": Victory
Points from Bounties and Scrap), the rollout policy is legal and seeded, the turn key groups one
activation (rulebook "Go Time": a turn is one hero's activation), bot levels finish games."""

from __future__ import annotations

from riotsim.ai import get_bot
from riotsim.ai.play import play_game
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.core.rng import Rng
from riotsim.games.riotquest import RULESET
from riotsim.games.riotquest.bots import evaluate, rollout_action, turn_key
from tests.riotquest.rq_util import a, play, position

R = RULESET


def _value_after(s, *texts, script=()):
    if script:
        s.rng.script(*script)
    play(s, *texts)
    return evaluate(s, 0)


def test_a_knock_out_is_worth_more_than_a_wounded_enemy():
    """Rulebook "Knock Outs" / "Scrap": knocking an enemy out scores a Scrap VP and sends it to
    the Cooler; the evaluation rates the position after the knock-out above the one before and
    above a miss."""

    def fresh():
        return position(
            [{"id": "dez", "pos": [3, 4]}],
            [{"id": "gubbin", "pos": [5, 4], "damage": 2}, {"id": "dreyfus", "pos": [8, 6]}],
        )

    before = evaluate(fresh(), 0)
    hit = fresh()
    knocked = _value_after(
        hit,
        "attack hero=dez weapon=bazooka target=gubbin of=1 dice=1",
        script=("strike", "strike", "strike", "miss", "miss"),
    )
    assert hit.heroes[1]["gubbin"].place == "cooler" and hit.players[0].scrap == 1
    missed = _value_after(
        fresh(),
        "attack hero=dez weapon=bazooka target=gubbin of=1 dice=1",
        script=("miss", "miss", "miss", "miss", "miss"),
    )
    assert knocked > before > missed
    assert knocked - before > 1.0  # at least the Scrap VP


def test_a_raided_chest_is_worth_more_than_standing_next_to_it():
    """Rulebook "Treasure Beacons": a raid pays the chest's row (Loot here); the evaluation
    prefers the raided position, although the raid spent an Action die."""

    def fresh():
        return position(
            [{"id": "dez", "pos": [4, 2]}],
            [{"id": "dreyfus", "pos": [1, 7]}],
            chest={"id": "iron_chest", "pos": [4, 1]},
        )

    before = evaluate(fresh(), 0)
    s = fresh()
    after = _value_after(s, "raid hero=dez", script=("miss",))  # row 1: 3 Loot
    assert s.players[0].loot == 3 and s.chest is None
    assert after > before


def test_running_toward_the_chest_beats_running_away():
    """Closer to the Chest is better, all else equal (a run spends the same die either way)."""

    def fresh():
        return position(
            [{"id": "eiryss", "pos": [4, 6]}],
            [{"id": "dreyfus", "pos": [7, 8]}],
            chest={"id": "iron_chest", "pos": [4, 1]},
        )

    toward = _value_after(fresh(), "run hero=eiryss to=(4,3)")
    away = _value_after(fresh(), "run hero=eiryss to=(4,8)")
    assert toward > away


def test_bounty_progress_rig_token_and_carried_token():
    """Rulebook "Bounties": a hero next to a rig token can rig it; a carried token scores when
    delivered (Brain Drain: onto or next to the centre). Each step toward that rates higher."""
    rig = dict(
        bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
    )
    far = position([{"id": "dez", "pos": [1, 8]}], [{"id": "gubbin", "pos": [7, 0]}], **rig)
    near = position([{"id": "dez", "pos": [3, 4]}], [{"id": "gubbin", "pos": [7, 0]}], **rig)
    assert evaluate(near, 0) > evaluate(far, 0)
    carry = dict(
        bounty={"deck": "mayhem", "active": ["brain_drain"], "draw": []},
        tokens=[{"bounty": "brain_drain", "holder": [0, "gubbin"]}],
    )
    held_far = position(
        [{"id": "gubbin", "pos": [1, 8], "token": "brain_drain"}],
        [{"id": "dez", "pos": [7, 0]}],
        **carry,
    )
    held_near = position(
        [{"id": "gubbin", "pos": [2, 4], "token": "brain_drain"}],
        [{"id": "dez", "pos": [7, 0]}],
        **carry,
    )
    on_board = position(
        [{"id": "gubbin", "pos": [1, 8]}],
        [{"id": "dez", "pos": [7, 0]}],
        bounty={"deck": "mayhem", "active": ["brain_drain"], "draw": []},
        tokens=[{"bounty": "brain_drain", "pos": [1, 7]}],
    )
    assert evaluate(held_near, 0) > evaluate(held_far, 0) > evaluate(on_board, 0)
    # the enemy's progress is the seat's loss
    assert evaluate(held_near, 1) < evaluate(on_board, 1)


def test_claiming_a_bounty_beats_being_ready_to():
    """Rulebook "Rigging": a successful rig claims the card's VP, more than being next to it."""

    def fresh():
        return position(
            [{"id": "eiryss", "pos": [3, 4]}],
            [{"id": "dez", "pos": [7, 7]}],
            bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
            tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
        )

    before = evaluate(fresh(), 0)
    s = fresh()
    after = _value_after(
        s, "rig hero=eiryss bounty=deathtrap", script=("strike", "super", "miss", "strike")
    )
    assert s.players[0].vp == 2 and after > before + 1.0


def test_a_hero_in_reach_of_fresh_enemies_is_at_risk():
    """A wounded hero that an enemy which has not activated can reach and attack is rated
    lower than the same hero out of reach, unless it is activating and may still run."""
    exposed = position(
        [{"id": "gubbin", "pos": [4, 4], "damage": 2}],
        [{"id": "dez", "pos": [6, 4]}],
    )
    safe = position(
        [{"id": "gubbin", "pos": [1, 0], "damage": 2}],
        [{"id": "dez", "pos": [7, 8]}],
    )
    assert evaluate(safe, 0) > evaluate(exposed, 0)
    # activated but not yet run, it can still get out of reach
    before = evaluate(exposed, 0)
    play(exposed, "activate hero=gubbin")
    assert evaluate(exposed, 0) > before


def test_the_rollout_policy_plays_legal_actions_and_draws_only_from_its_rng():
    """Seeded playouts with the policy: every step legal, the same seed the same game, and the
    state's own dice stream is never touched by the policy."""
    setup = GameSetup(
        players=(PlayerSpec("a"), PlayerSpec("b")),
        seed=5,
        map="thunderhead",
        options={"crew_mode": "starter"},
    )

    def playout(seed):
        s = R.new_state(setup)
        rng = Rng(seed)
        taken = []
        for _ in range(400):
            if R.to_move(s) is None:
                break
            legal = R.legal_actions(s)
            dice = s.rng.copy()
            action = rollout_action(s, legal, rng)
            assert s.rng.to_json() == dice.to_json()  # the policy did not roll the game's dice
            assert action in legal
            taken.append(str(action))
            R.apply(s, action)
        return taken

    first = playout(1)
    assert first == playout(1)
    assert len(first) > 100


def test_the_rollout_policy_attacks_to_knock_out_and_rigs_what_it_can():
    """Purposeful steps: an attack on the most wounded target with enough dice to finish it,
    a rig or a raid when one is offered, the end of an activation with nothing left to do."""
    s = position(
        [{"id": "dez", "pos": [3, 4]}],
        [{"id": "gubbin", "pos": [5, 4], "damage": 2}, {"id": "dreyfus", "pos": [4, 6]}],
    )
    play(s, "activate hero=dez")
    chosen = rollout_action(s, R.legal_actions(s), Rng(3))
    assert chosen.kind == "attack" and chosen.word("target") == "gubbin"
    assert chosen.number("dice") <= 2
    s = position(
        [{"id": "eiryss", "pos": [3, 4]}],
        [{"id": "dez", "pos": [7, 7]}],
        bounty={"deck": "mayhem", "active": ["deathtrap"], "draw": []},
        tokens=[{"bounty": "deathtrap", "pos": [4, 4]}],
    )
    play(s, "activate hero=eiryss")
    assert rollout_action(s, R.legal_actions(s), Rng(3)).kind == "rig"
    s = position([{"id": "eiryss", "pos": [1, 8]}], [{"id": "dez", "pos": [7, 0]}])
    play(s, "run hero=eiryss to=(1,7)")
    assert rollout_action(s, R.legal_actions(s), Rng(3)).kind == "end_activation"


def test_the_turn_key_groups_one_activation():
    """Rulebook "Go Time": the priority player takes a turn, activates one hero, performs its
    actions and ends the activation; then Priority moves on. All of that is one turn; with the
    opponent passed, the player's next activation is a new turn."""
    s = position(
        [{"id": "dez", "pos": [1, 4]}, {"id": "gubbin", "pos": [1, 6]}],
        [{"id": "dreyfus", "pos": [7, 8]}],
        player1={"passed": True},
        turn_start=True,
    )
    key = turn_key(s)
    assert key is not None
    for text in ("take_turn", "activate hero=dez", "run hero=dez to=(2,4)"):
        R.apply(s, a(text))
        assert R.to_move(s) == 0 and turn_key(s) == key, text
    R.apply(s, a("end_activation"))
    assert R.to_move(s) == 0  # the opponent passed: seat 0 again
    assert turn_key(s) != key


def test_seeded_short_games_between_levels_finish():
    """Each level plays a seeded two-round game to its end (round limit: the tie-breakers)."""
    setup = GameSetup(
        players=(PlayerSpec("a"), PlayerSpec("b")),
        seed=2,
        map="thunderhead",
        options={"crew_mode": "starter", "round_limit": 1},
    )
    for pair in (("easy", "normal"), ("hard", "greedy")):
        bots = [get_bot(pair[0], 1), get_bot(pair[1], 2)]
        result = play_game(R, setup, bots, budget_s=0.02)
        assert result.reason and result.rounds == 1
