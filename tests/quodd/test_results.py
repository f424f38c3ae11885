"""Solo results are kept per scenario (rounds used, best score)."""

from __future__ import annotations

from riotsim.core.contract import Outcome
from riotsim.games.quodd import results


def test_record_keeps_plays_wins_and_bests():
    """Solo results per scenario: plays, wins, fewest rounds, best score."""
    results.record("solo_test", Outcome(True, (), (1,), "time", rounds=12))
    entry = results.record("solo_test", Outcome(True, (0,), (3,), "done", rounds=9))
    entry = results.record("solo_test", Outcome(True, (0,), (3,), "done", rounds=11))
    assert entry == {"plays": 3, "wins": 2, "best_rounds": 9, "best_score": 3}
    assert results.best("solo_test") == entry
    assert results.best("nothing") is None


def test_broken_file_starts_afresh():
    """A damaged results file never stops the game."""
    results.results_path().write_text("{not json")
    assert results.load() == {}
