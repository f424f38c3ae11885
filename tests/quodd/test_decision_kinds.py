"""Every pending-choice kind a Quodd position or save can hold resolves through its own class
in ``decisions`` (issue 11: decision frames as typed classes registered by kind)."""

from riotsim.games.quodd import decisions, positions


def test_every_readable_decision_kind_has_a_class():
    assert set(decisions.KINDS) == set(positions._DECISIONS)


def test_each_kind_names_its_own_class():
    for kind, cls in decisions.KINDS.items():
        assert issubclass(cls, decisions.DecisionKind)
        assert kind in cls.kinds
