"""Positions are input from strangers (issue 10, "Saves are validated, not trusted"): every
rule set validates a position before it plays from it. A forged or edited position is either
refused with a PositionError naming what is wrong, or keeps playing correctly: legal_actions,
apply, view and outcome never raise anything but IllegalAction on a loaded game.

Positions come from seeded random playouts of every registered game (the conformance cases);
each is damaged many ways (``riotsim.core.damage``). The default run is bounded; the slow run
tries many more.
"""

from __future__ import annotations

import json

import pytest
from toy_game import registered

from riotsim.core import conformance, registry
from riotsim.core.contract import PositionError
from riotsim.core.damage import check_damaged, damaged
from riotsim.core.rng import Rng

# every registered game (a new one is covered once registered) and the toy
GAMES = [*registry.ids(), "toy"]


@pytest.fixture(autouse=True, scope="module")
def _toy():
    with registered():
        yield


def _positions(game: str, cases: int, per_case: int):
    ruleset = registry.get(game)
    for case in conformance.cases(game, ruleset, cases):
        trajectory = conformance.play(ruleset, case, samples=per_case)
        for _, state in trajectory.samples[:per_case]:
            yield case, ruleset.to_position(state)


def _run(game: str, cases: int, per_case: int, damages: int) -> dict[str, int]:
    ruleset = registry.get(game)
    counts = {"positions": 0, "refused": 0, "played": 0}
    for n, (case, position) in enumerate(_positions(game, cases, per_case)):
        counts["positions"] += 1
        rng = Rng(1000 + n)
        for damage in damaged(position, rng, damages):
            counts[check_damaged(ruleset, damage, case.setup.seats, rng)] += 1
    return counts


@pytest.mark.parametrize("game", GAMES)
def test_damaged_positions_are_refused_or_play_on(game):
    counts = _run(game, cases=2, per_case=3, damages=25)
    # a short random game gives fewer than per_case positions (riot-pm's often end early);
    # there is at least one case per scenario (Quodd's 11 scenarios make 11 cases)
    cases = len(conformance.cases(game, registry.get(game), 2))
    assert 2 <= counts["positions"] <= cases * 3
    assert counts["refused"] + counts["played"] == counts["positions"] * 25
    assert counts["refused"] > 0  # the game does check what it is given


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_damaged_positions_are_refused_or_play_on_long(game):
    counts = _run(game, cases=6, per_case=8, damages=120)
    print(f"{game}: {counts}")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", [[], "text", 7, None, {"deep": [[[[[]]]]]}])
def test_a_position_that_is_not_one_is_refused(game, bad):
    with pytest.raises(PositionError):
        registry.get(game).load_position(
            bad if not isinstance(bad, dict) else json.loads(json.dumps(bad))
        )


@pytest.mark.parametrize("game", GAMES)
def test_a_position_from_outside_may_not_script_the_dice(game):
    ruleset = registry.get(game)
    case = conformance.cases(game, ruleset, 1)[0]
    state = ruleset.new_state(case.setup)
    state.rng.script(6, 6)
    with pytest.raises(PositionError, match=r"rng\.scripted"):
        ruleset.load_position(ruleset.to_position(state), case.setup.seats)
