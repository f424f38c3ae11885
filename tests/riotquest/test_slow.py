"""Long runs (``pytest -m slow tests/riotquest``): thousands of random games with invariants,
and the simulate workload (200 games at 2 and at 4 players) through the shared bot driver."""

from __future__ import annotations

import random

import pytest
from test_fuzz import MODES, new_game, playout

from riotsim.ai import get_bot
from riotsim.ai.play import play_game
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.riotquest import RULESET as R

pytestmark = pytest.mark.slow


def test_two_thousand_random_games_keep_every_invariant():
    for seed in range(2000):
        rnd = random.Random(seed)
        s = new_game(
            seed,
            rnd.randint(2, 4),
            rnd.choice(MODES),
            rnd.random() < 0.5,
            rnd.choice(["mayhem", "grudge"]),
        )
        playout(s, seed, check_every=7, limit=20000)
        out = R.outcome(s)
        assert out.finished and out.winners, seed


@pytest.mark.parametrize("players", [2, 4])
def test_simulate_workload_every_game_is_decided(players):
    for i in range(200):
        seed = 1 + i
        specs = tuple(PlayerSpec(f"random {n + 1}", bot="random") for n in range(players))
        setup = GameSetup(specs, seed)
        bots = [get_bot("random", seed * 64 + n + 1) for n in range(players)]
        result = play_game(R, setup, bots, max_actions=50_000)
        assert not result.capped, seed
        assert result.to_json()["winner"], seed
