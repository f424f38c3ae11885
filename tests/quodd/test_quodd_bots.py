"""Quodd Heroes bot knowledge (issue 16): the turn key, the walk to the objective, the value
of a position, rollouts, transpositions, and the hint's whole turn."""

from __future__ import annotations

from riotsim.ai import get_bot
from riotsim.ai.hint import suggest_turn
from riotsim.ai.planner import plan_turn
from riotsim.core.contract import Action
from riotsim.core.rng import Rng
from riotsim.games.quodd import RULESET, bots
from riotsim.games.quodd.state import State
from tests.quodd.helpers import do, legal

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
DECK = ["compass", "honey_bun", "earth_rune", "pickaxe", "frog", "mole", "hopberry", "q_rune"]
RALLY = {"type": "rally", "target": 1, "mode": "solo"}


def solo(rows: list[str], at: tuple[int, int], objective=RALLY, **kw) -> State:
    """A solo position at the start of a turn (Power-Up) on a text board."""
    hero = {"hero": "rok", "at": list(at), "skills": dict(SK), **kw.pop("hero", {})}
    raw = {
        "rows": rows,
        "heroes": [hero],
        "phase": "powerup",
        "objective": objective,
        "round_limit": 6,
        "deck": list(DECK),
        "lineup": ["swiftgrass_juice", "crystal_extract"],
        **kw,
    }
    return RULESET.from_position(raw)


def left(state: State) -> int:
    return bots.remaining(state, bots.side_of(state, 0))


def play_turn(state: State, choose) -> list:
    """Play the rest of the turn that is on now with ``choose(state, legal)``; the events."""
    key = RULESET.turn_key(state)
    events: list = []
    while RULESET.to_move(state) == 0 and RULESET.turn_key(state) == key:
        events += RULESET.apply(state, choose(state, RULESET.legal_actions(state)))
    return events


def first_choice(state: State, options: list[Action]) -> Action:
    """Move, take the first tumble, stop, explore from the deck, and be done."""
    texts = {str(a): a for a in options}
    for text in ("move", "stop", "explore", "draw src=deck", "done"):
        if text in texts:
            return texts[text]
    return options[0]


# -- turn_key ----------------------------------------------------------------------------


def test_one_heros_whole_turn_is_one_turn_key():
    """Playing the Game, Quick Overview: each player takes their turn through the phases in
    order - 1 Power-Up, 2 Movement, 3 Recovery, 4 Exploration - and ends it discarding down
    to 5 cards; then the End of Round (upgrades) comes, and the next round's turn."""
    state = solo(["." * 9] * 9, (4, 8))
    key = RULESET.turn_key(state)
    phases = []
    while state.phase != "upgrade":
        phases.append(state.phase)
        assert RULESET.turn_key(state) == key
        RULESET.apply(state, first_choice(state, RULESET.legal_actions(state)))
    assert phases[0] == "powerup" and "movement" in phases and "explore" in phases
    assert phases.index("movement") < phases.index("recovery") < phases.index("explore")
    upgrade = RULESET.turn_key(state)
    assert upgrade != key
    RULESET.apply(state, RULESET.legal_actions(state)[0])
    assert state.phase == "powerup" and state.round == 2
    assert RULESET.turn_key(state) not in (key, upgrade)


def test_each_hero_of_a_round_has_its_own_turn():
    """Turn order: in clockwise order each player takes their own turn (two heroes of two
    players: the second hero's turn is another turn)."""
    state = RULESET.from_position(
        {
            "rows": ["." * 9] * 9,
            "heroes": [
                {"hero": "rok", "at": [1, 8], "skills": dict(SK)},
                {"hero": "trixie", "at": [6, 8], "skills": dict(SK)},
            ],
            "phase": "powerup",
            "deck": list(DECK),
        }
    )
    key = RULESET.turn_key(state)
    play_turn(state, first_choice)
    assert state.active == 1 and RULESET.turn_key(state) != key


# -- the walk to the objective -------------------------------------------------------------


def test_the_walk_goes_round_pits_unless_a_jump_clears_them():
    """Movement on the board, not straight lines: a hero cannot stand on a pit, steps never
    enter walls, and only a jump clears a pit (counted dearer, as it needs the Jump skill on
    top); impassable squares stop every move."""
    rows = [
        "1........",
        "####.####",
        ".........",
        "....I....",
    ]
    state = solo(rows, (0, 2))
    walk = bots.field_to(state, [(0, 0)])
    assert walk[(0, 2)] == 2 + bots.PIT_JUMP  # a jump over the pit, straight north
    assert walk[(4, 2)] == 6  # round by the bridge: (4,1), (4,0), then four squares west
    assert (0, 1) not in walk  # a pit is never stood on
    assert (4, 3) not in walk  # nor an impassable square
    assert bots.distance(state, (0, 2), []) == bots.FAR


def test_reaching_the_marker_and_fetching_crystals_are_worth_more():
    """Objectives (rally: markers in order; crystals: pick one up, deliver it to a drop
    zone): each step of the objective is worth more than standing next to it."""
    near = solo(["1........", "........."], (1, 0))
    on = solo(["1........", "........."], (0, 0), hero={"rally": 1})
    assert RULESET.evaluate(on, 0) > RULESET.evaluate(near, 0)
    crystals = {"type": "crystals", "target": 1, "mode": "solo"}
    rows = ["c...D...."]
    fetching = solo(rows, (1, 0), objective=crystals)
    carrying = solo(["....D...."], (1, 0), objective=crystals, hero={"carrying": ["crystal:blue"]})
    assert left(fetching) == 1 + 4 and left(carrying) == 3
    assert RULESET.evaluate(carrying, 0) > RULESET.evaluate(fetching, 0)


def test_a_fall_costs_the_planner_a_lost_turn():
    """Pits: a hero that falls respawns at the nearest safe respawn point and its movement
    ends. Respawned where it stood, its position looks no worse; the plan pays the fall."""
    rows = [
        ".1.......",
        ".........",
        "#########",
        ".R.......",
    ]
    state = solo(rows, (1, 3))
    do(state, "move")
    assert "tumble dir=N" in legal(state)
    fell = RULESET.apply(state, Action.make("tumble", dir="N"))
    assert any(e.kind == "fell" for e in fell)
    assert RULESET.plan_cost(fell, 0) == bots.FALL_COST > 0
    fresh = solo(rows, (1, 3))
    plan = plan_turn(RULESET, RULESET.view(fresh, 0), 0, Rng(2), 30.0, width=6, max_nodes=600)
    events = []
    for action in plan.actions:
        events += RULESET.apply(fresh, action)
    assert not any(e.kind == "fell" for e in events)


# -- rollouts and transpositions -----------------------------------------------------------


def test_a_rollout_tumbles_towards_the_marker():
    """The playout step: a legal action, drawn only from its own random stream, and most of
    the time the natural tumble that lands nearest the next rally marker."""
    state = solo(["....1....", *["." * 9] * 7], (4, 7))
    do(state, "move")
    options = RULESET.legal_actions(state)
    picks = [str(RULESET.rollout_action(state, options, Rng(seed))) for seed in range(40)]
    assert all(Action.parse(p) in options for p in picks)
    assert picks.count("tumble dir=N") >= 25
    again = [str(RULESET.rollout_action(state, options, Rng(seed))) for seed in range(40)]
    assert again == picks


def test_two_orders_of_one_turn_are_one_position():
    """Power-Up: cards are played in any order; both orders reach one position, which the
    planner keeps once."""
    a = solo(["." * 9] * 9, (4, 8), hero={"hand": ["honey_bun", "swiftgrass_juice"]})
    b = a.copy()
    do(a, "play card=honey_bun", "play card=swiftgrass_juice")
    do(b, "play card=swiftgrass_juice", "play card=honey_bun")
    assert RULESET.transposition_key(a) == RULESET.transposition_key(b)
    do(b, "move")
    assert RULESET.transposition_key(a) != RULESET.transposition_key(b)


# -- the hint ------------------------------------------------------------------------------


def test_the_hint_is_a_legal_whole_turn_that_gets_closer():
    """The Hint button's turn on a solo scenario position: every step legal in turn, the
    turn ended (or cut at a roll or draw), the marker nearer than where the turn began."""
    from riotsim.core.contract import GameSetup, PlayerSpec

    start = RULESET.new_state(GameSetup((PlayerSpec("Solo"),), seed=3, scenario="solo_rally"))
    while start.phase != "powerup" or start.pending:  # setup: the first start square
        RULESET.apply(start, first_choice(start, RULESET.legal_actions(start)))
    state = RULESET.from_position(RULESET.to_position(start))
    before = left(state)
    plan = suggest_turn(RULESET, state, 0, seed=1)
    assert plan.actions and plan.worlds >= 1
    assert left(state) == before  # the hint never changes the game
    for action in plan.actions:
        assert action in RULESET.legal_actions(state)
        RULESET.apply(state, action)
    assert left(state) < before


def test_the_planned_turn_beats_one_ply_choices():
    """Q-Powers and the turn as a whole: across a pit, one-ply choices stop at the edge;
    the planned turn bridges the pit (a wall placed on it) and ends nearer the marker."""
    rows = [
        ".......1.",
        ".........",
        "####.####",
        ".........",
        "R........",
    ]
    state = solo(rows, (7, 3))
    greedy = get_bot("greedy", 1)
    one_ply = state.copy()
    play_turn(one_ply, lambda s, options: greedy.choose(RULESET, s, options, 0.2))
    planned = state.copy()
    plan = plan_turn(RULESET, RULESET.view(state, 0), 0, Rng(1), 60.0, width=12, max_nodes=3000)
    for action in plan.actions:
        assert action in RULESET.legal_actions(planned)
        RULESET.apply(planned, action)
    assert left(planned) < left(one_ply)


def test_the_planner_bot_plays_its_plan_through_the_turn():
    """A planned turn is played as planned: after the first decision the bot answers with
    the plan's next actions while they are legal in the same turn, without searching again."""
    from riotsim.ai.planner import PlannerBot

    state = solo(["....1....", *["." * 9] * 7], (4, 7))
    do(state, "move")
    bot = PlannerBot(3, width=4, samples=1, max_nodes=300)
    first = bot.choose(RULESET, RULESET.view(state, 0), RULESET.legal_actions(state), 30.0)
    plan = bot.last_plan
    assert plan is not None and plan.actions[0] == first and len(plan.actions) > 2
    RULESET.apply(state, first)
    for expected in plan.actions[1:]:
        if RULESET.to_move(state) != 0:
            break
        answer = bot.choose(RULESET, RULESET.view(state, 0), RULESET.legal_actions(state), 30.0)
        assert answer == expected and bot.last_plan is plan
        RULESET.apply(state, answer)


def test_teams_count_the_partners_haul_and_race_the_rivals():
    """Scenario Types, Teams: a team's progress is its heroes' together, and it races the
    other team; co-op: everyone wins or loses together, so any hero's delivery counts."""

    def team_game(mode: str, delivered: list[int]) -> State:
        teams = (0, 1, 0, 1) if mode == "teams" else (0, 0, 0, 0)  # co-op: one team
        heroes = [
            {"hero": "rok", "at": [x, 4], "skills": dict(SK), "team": team, "delivered": d}
            for x, team, d in zip((1, 3, 5, 7), teams, delivered, strict=True)
        ]
        objective = {"type": "crystals", "target": 4, "mode": mode}
        rows = ["c...D...c", *["." * 9] * 5]
        return RULESET.from_position({"rows": rows, "heroes": heroes, "objective": objective})

    base = RULESET.evaluate(team_game("teams", [0, 0, 0, 0]), 0)
    assert RULESET.evaluate(team_game("teams", [0, 0, 1, 0]), 0) > base  # the partner's
    assert RULESET.evaluate(team_game("teams", [0, 1, 0, 0]), 0) < base  # a rival's
    coop = RULESET.evaluate(team_game("coop", [0, 0, 0, 0]), 0)
    assert RULESET.evaluate(team_game("coop", [0, 1, 0, 0]), 0) > coop


def test_the_plan_plays_a_boost_before_moving():
    """Food cards that boost movement must be played in Power-Up to help in the Movement
    phase: the planned turn plays Swiftgrass Juice (+2 for every skill) and then moves
    further than the same turn moved at once without it."""
    rows = ["....1....", *["." * 9] * 11]
    state = solo(rows, (4, 11), hero={"hand": ["swiftgrass_juice"]})
    plan = plan_turn(RULESET, RULESET.view(state, 0), 0, Rng(4), 60.0, width=6, max_nodes=2000)
    assert str(plan.actions[0]) == "play card=swiftgrass_juice"
    planned = state.copy()
    for action in plan.actions:
        RULESET.apply(planned, action)
    greedy = get_bot("greedy", 1)
    one_ply = state.copy()
    play_turn(one_ply, lambda s, options: greedy.choose(RULESET, s, options, 0.2))
    assert left(planned) < left(one_ply)
