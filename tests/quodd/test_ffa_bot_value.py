"""Quodd Heroes bots in a race (issue 16, session 9): ``evaluate`` weighs what the hero to
move next is likely to do in its turn - steal a collectible it can reach (Stealing: from an
adjacent hero, diagonals count, during its movement) or meet the objective with a turn's
walk - so a turn that ends beside a rival with a crystal, or lets a rival finish, is worse."""

from __future__ import annotations

from riotsim.games.quodd import RULESET, bots
from riotsim.games.quodd.state import State

SK = {"front": "slide", "back": "jump", "left": "tumble", "right": "diagonal", "feet": "dash"}
ROWS = ["." * 15, ".......D.......", *["." * 15] * 4]  # the drop zone at (7, 1)
FFA = {"type": "crystals", "target": 3, "mode": "ffa"}


def race(
    mine: tuple[int, int],
    theirs: tuple[int, int],
    to_move: int,
    carry: tuple[int, int] = (1, 0),
    delivered: tuple[int, int] = (2, 0),
) -> State:
    """Two heroes racing for three crystals, at the start of ``to_move``'s turn."""
    heroes = [
        {
            "hero": "rok",
            "at": list(at),
            "skills": dict(SK),
            "controller": seat,
            "team": seat,
            "carrying": ["crystal:red"] * carry[seat],
            "delivered": delivered[seat],
        }
        for seat, at in enumerate((mine, theirs))
    ]
    position = {
        "rows": ROWS,
        "heroes": heroes,
        "objective": FFA,
        "active": to_move,
        "first": to_move,
        "phase": "powerup",
    }
    return RULESET.from_position(position)


def test_the_hero_to_move_next_is_the_one_whose_turn_has_not_begun():
    state = race((1, 1), (0, 0), to_move=1)
    assert bots.next_mover(state) is state.heroes[1]
    state.phase = "upgrade"  # the End of Round: the next round's first player moves next
    assert bots.next_mover(state) is state.heroes[0]
    state.phase = "movement"  # in the middle of a turn: nobody's turn is next yet
    assert bots.next_mover(state) is None


def test_a_carrier_beside_the_rival_to_move_is_likely_robbed():
    """Both squares are six from the drop zone; the rival to move stands beside one of
    them (it steals the crystal at once) and a dozen squares from the other."""
    beside = race((1, 1), (0, 0), to_move=1)
    far = race((13, 1), (0, 0), to_move=1)
    assert bots.remaining(beside, [beside.heroes[0]]) == bots.remaining(far, [far.heroes[0]])
    assert RULESET.evaluate(beside, 0) < RULESET.evaluate(far, 0) - 0.01
    # the same squares when the carrier moves next: nothing to fear from the rival
    mine_next = race((1, 1), (0, 0), to_move=0)
    mine_next_far = race((13, 1), (0, 0), to_move=0)
    assert RULESET.evaluate(mine_next, 0) == RULESET.evaluate(mine_next_far, 0)


def test_a_rival_that_needs_one_short_walk_to_win_nearly_has():
    """The rival has two crystals in and the third two squares from the drop zone: about
    lost when it moves next, a race still when the own hero moves first and can rob it."""
    rival_next = race((1, 5), (5, 1), to_move=1, carry=(0, 1), delivered=(0, 2))
    mine_next = race((1, 5), (5, 1), to_move=0, carry=(0, 1), delivered=(0, 2))
    assert RULESET.evaluate(rival_next, 0) < -0.5
    assert RULESET.evaluate(mine_next, 0) > RULESET.evaluate(rival_next, 0) + 0.4


def test_a_rival_carrier_in_reach_is_worth_robbing_when_the_own_hero_moves_next():
    near = race((4, 4), (2, 4), to_move=0, carry=(0, 1), delivered=(0, 0))
    away = race((12, 4), (2, 4), to_move=0, carry=(0, 1), delivered=(0, 0))
    assert bots.remaining(near, [near.heroes[1]]) == bots.remaining(away, [away.heroes[1]])
    assert RULESET.evaluate(near, 0) > RULESET.evaluate(away, 0)


def test_solo_values_are_not_touched():
    """Shared modes have no rival to move: the value is the side's own, as before."""
    state = race((6, 1), (5, 0), to_move=1)
    state.objective = {**FFA, "mode": "coop"}
    assert RULESET.evaluate(state, 0) == bots._side_value(state, bots.side_of(state, 0))
