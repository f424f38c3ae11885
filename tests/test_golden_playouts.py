"""Behaviour unchanged: seeded bot games replay to the recorded digests.

Each case in ``tests/golden/playouts.yaml`` digests every legal-action list, every action
played, every event's JSON and the final state's hash. A restructure of a rule set must leave
all of them equal; a deliberate change of behaviour re-records them
(``python tools/make_golden_playouts.py``) and says so in its commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from golden_playouts import CASES, play

RECORDED = yaml.safe_load(
    (Path(__file__).parent / "golden" / "playouts.yaml").read_text(encoding="utf-8")
)


def test_every_case_is_recorded():
    keys = ("game", "seats", "bots", "seed", "scenario")
    assert [tuple(c[k] for k in keys) for c in CASES] == [
        tuple(r[k] for k in keys) for r in RECORDED
    ]


@pytest.mark.parametrize(
    "row", RECORDED, ids=[f"{r['game']}-{r['seats']}p-{r['bots']}-{r['seed']}" for r in RECORDED]
)
def test_playout_is_unchanged(row):
    case = {k: row[k] for k in ("game", "seats", "bots", "seed", "scenario")}
    got = play(case)
    assert got["actions"] == row["actions"]
    assert got["action_digest"] == row["action_digest"], "the legal actions or the moves changed"
    assert got["event_digest"] == row["event_digest"], "the events changed"
    assert got["final_hash"] == row["final_hash"]
