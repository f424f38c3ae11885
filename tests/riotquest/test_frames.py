"""Decision frames are registered by kind (riotsim/games/riotquest/frames.py)."""

from riotsim.games.riotquest import positions
from riotsim.games.riotquest.decisions import FRAMES


def test_every_decision_kind_a_position_may_hold_has_a_frame() -> None:
    """A position (or save) may hold any kind positions.py accepts; each one resolves."""
    assert set(FRAMES) == set(positions.DECISIONS)
    assert all(FRAMES[k].kind == k for k in FRAMES)


def test_frame_fields_are_decision_keys_positions_know() -> None:
    """The data keys a frame declares are among those positions.py reads and checks."""
    for kind, frame in FRAMES.items():
        assert set(frame.fields) <= set(positions.DECISION_KEYS), kind
