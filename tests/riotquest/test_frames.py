"""Decision frames and queued steps are declared kinds, registered by kind
(riotsim/games/riotquest/frames.py and steps.py); positions read both through the registries."""

import pytest
from rq_util import R, arena

from riotsim.core.contract import PositionError
from riotsim.core.frames import Field
from riotsim.games.riotquest.decisions import FRAMES, STEPS

# every decision kind the rules push, and every step kind they queue
DECISIONS = {"turn", "spawn", "place", "order", "beatback", "press", "heal", "refund"}
DECISIONS |= {"evacuate", "release", "recover", "bounty_deck", "treasure_deck", "arena"}
DECISIONS |= {"classes", "crew", "ban", "gear"}
STEP_KINDS = {"trig", "damage", "attack_done", "chest"}


def test_every_decision_kind_a_position_may_hold_has_a_frame() -> None:
    """A position (or save) may hold any registered kind; each one resolves through the one
    instance its registry keeps."""
    assert set(FRAMES.kinds()) == DECISIONS
    assert set(STEPS.kinds()) == STEP_KINDS
    for registry in (FRAMES, STEPS):
        assert all(registry.handlers[cls.kind].kind == cls.kind for cls in registry)


def test_frame_fields_are_declared_with_their_checks() -> None:
    """Each kind declares its data fields once, each with a check."""
    for registry in (FRAMES, STEPS):
        for cls in registry:
            assert all(isinstance(f, Field) and callable(f.check) for f in cls.fields.values())


def _position(**extra):
    pos = {
        "arena": arena(),
        "players": [
            {"crew": [{"id": "dez", "pos": [3, 4]}, {"id": "gubbin"}]},
            {"crew": [{"id": "dreyfus", "pos": [5, 4]}]},
        ],
    }
    pos.update(extra)
    return pos


def test_a_field_a_frame_kind_does_not_declare_is_refused_by_its_path() -> None:
    """A spawn decision holds its options only; a heal count on it is refused by its path."""
    spawn = {"kind": "spawn", "seat": 0, "data": {"options": ["gubbin"]}}
    R.load_position(_position(pending=[spawn]), seats=2)
    spawn["data"]["n"] = 1
    with pytest.raises(PositionError, match=r"pending\[0\]\.data\.n"):
        R.load_position(_position(pending=[spawn]), seats=2)
