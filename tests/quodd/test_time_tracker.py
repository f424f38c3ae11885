"""The time tracker (issue 13 spec K1, K2; rulebook *End of Round* step 3 "Move Time Tracker",
*Adjust Time Tracker, If Needed* and *Character Token*). Positions are readable boards."""

from __future__ import annotations

from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.quodd import RULESET, catalog, timetrack
from tests.quodd.helpers import do, kinds, position, upkeep

TIMED = "solo_time_trial"


def hero(at, name="rok", **kw):
    return {"hero": name, "at": list(at), **kw}


def new(scenario: str, seats: int = 1):
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    return RULESET.new_state(GameSetup(players, seed=3, scenario=scenario))


def timed_position(timer: int, rows=None, mode="solo", heroes=None, **extra):
    s = position(
        rows or ["." * 9] * 3,
        heroes or [hero((0, 1))],
        objective={"type": "rally", "target": 2, "mode": mode},
        **extra,
    )
    s.scenario = TIMED
    s.timer = timer
    return s


def test_k1_timed_scenario_starts_at_its_time():
    """K1, *End of Round* 3 "If you are playing a timed Scenario, move the round tracker": a
    timed scenario's tracker starts at its `time.start`; an untimed one has none (-1)."""
    s = new(TIMED)
    assert s.timer == catalog.scenarios()[TIMED].time.start == 5
    assert new("solo_rally").timer == -1
    assert timetrack.tracker(new("solo_rally"))["time"] == -1


def test_k1_tracker_drops_each_end_of_round():
    """K1, *Adjust Time Tracker* (step 3): each End-of-Round the tracker moves down by the
    scenario's drop, after Board Upkeep, and the game goes on while time is left."""
    s = timed_position(3)
    events = upkeep(s)
    assert s.timer == 2 and s.phase != "over"
    moved = [e for e in events if e.kind == "time_moved"]
    assert [(m.timer, m.by, m.why) for m in moved] == [(2, -1, "round")]
    assert kinds(events).index("round_ended") < kinds(events).index("time_moved")


def test_k1_zero_ends_the_game_immediately_lost_for_solo():
    """K1, *Adjust Time Tracker*: "If you have reached either 0 (zero) on the time tracker or
    the maximum round count ... the game ends immediately": a solo game at 0 is lost."""
    s = timed_position(1)
    s.round_limit = 20
    upkeep(s)
    assert s.timer == 0 and s.phase == "over"
    assert s.winners == [] and "time ran out" in s.reason
    assert s.round == 1  # ended before the round limit, and before anyone upgraded


def test_k1_zero_in_free_for_all_most_progress_wins():
    """K1: at 0 a free-for-all ends as at the round limit: the most progress wins."""
    s = timed_position(1, mode="ffa", heroes=[hero((0, 1)), hero((8, 1), "trixie", rally=1)])
    upkeep(s)
    assert s.phase == "over" and s.winners == [1]


def test_k1_rounds_limit_still_works_when_timed():
    """K1: the scenario's round limit (`rounds`) still ends a timed game with time left."""
    s = timed_position(9)
    s.round_limit = 1
    upkeep(s)
    assert s.phase == "over" and s.timer == 8 and "time ran out" in s.reason


def test_k1_rally_marker_gives_time_back():
    """K1 (scenario events move the tracker): in the Time Trial each rally marker reached
    gives 3 back (its `time.rally`)."""
    s = timed_position(2, rows=[".1.......", "P........", "........."])
    s.heroes[0].pos = (0, 0)
    events = do(s, "tumble dir=E")
    assert s.heroes[0].rally == 1
    assert s.timer == 5
    assert [(e.by, e.why) for e in events if e.kind == "time_moved"] == [(3, "rally")]


def test_k1_delivered_crystal_gives_time_back(monkeypatch):
    """K1 (scenario events move the tracker): a scenario whose `time.delivery` is 2 gets 2
    back for each crystal delivered to a drop zone."""
    spec = catalog.TimeSpec(start=4, delivery=2)
    monkeypatch.setattr(timetrack, "spec_of", lambda state: spec)
    s = timed_position(1, rows=["D........", "........."], heroes=[hero((1, 0))])
    s.heroes[0].carrying = ["crystal:blue", "crystal:red"]
    do(s, "tumble dir=W")
    assert s.heroes[0].delivered == 2 and s.timer == 5


def test_k1_untimed_game_never_moves_the_tracker():
    """K1: only a timed scenario has a tracker; an untimed game's round ends as before."""
    s = position(["." * 9] * 3, [hero((0, 1))], objective={"type": "rally", "target": 2})
    events = upkeep(s)
    assert s.timer == -1 and "time_moved" not in kinds(events)


def test_k1_time_trial_lost_by_waiting():
    """K1: doing nothing in the Time Trial, the tracker runs from 5 to 0 and the game is lost
    at the end of round 5, well before its 20-round limit."""
    s = new(TIMED)
    while s.phase != "over":
        legal = {str(a): a for a in RULESET.legal_actions(s)}
        for pick in ("choose swap=done", "move", "stop", "explore", "done"):
            if pick in legal:
                RULESET.apply(s, legal[pick])
                break
        else:
            RULESET.apply(s, next(iter(legal.values())))
    assert s.winners == [] and s.round == 5 and s.timer == 0


def test_k2_rally_progress_on_the_tracker():
    """K2, *Character Token*: "Character Tokens are also used with the Time Tracker for
    tracking progress in Rally Scenarios": the tracker shows each hero's token at its rally
    progress (and the time left)."""
    s = new(TIMED, seats=2)
    s.heroes[1].rally = 2
    data = timetrack.tracker(s)
    assert data["time"] == 5 and data["start"] == 5
    assert [(t["hero"], t["progress"], t["target"]) for t in data["tokens"]] == [
        (0, 0, 4),
        (1, 2, 4),
    ]
    assert data["tokens"][1]["colour"] == catalog.heroes()[s.heroes[1].hero].colour
    assert timetrack.tracker(new("solo_treasure"))["tokens"] == []


def test_k1_timer_saved_and_read_back():
    """K1: the tracker is saved (State.timer) and read back from a position."""
    s = new(TIMED)
    back = RULESET.from_position(RULESET.to_position(s))
    assert back.timer == 5
