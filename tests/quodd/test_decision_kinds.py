"""Every pending-choice kind a Quodd position or save can hold resolves through its own class
in ``decisions`` (issue 11: decision frames as typed classes registered by kind; positions.py
reads them through the same registry, so what it reads is what resolves)."""

import re
from pathlib import Path

import riotsim.games.quodd as quodd
from riotsim.games.quodd import decisions


def test_every_decision_the_rules_ask_for_has_a_class():
    source = "".join(p.read_text() for p in Path(quodd.__file__).parent.glob("*.py"))
    asked = set(re.findall(r'decide\(\s*state,\s*"(\w+)"', source))
    assert len(asked) > 25
    assert asked == set(decisions.DECISIONS.kinds())


def test_each_kind_names_its_own_class():
    for cls in decisions.DECISIONS:
        assert issubclass(cls, decisions.DecisionKind)
        assert decisions.DECISIONS[cls.kind] is cls
