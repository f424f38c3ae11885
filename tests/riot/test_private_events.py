"""Hidden information in events: a card bought or drawn is named only to its owner."""

from __future__ import annotations

from riotsim.ui.views.base import event_text

from .helpers import act, position
from .pm_helpers import pm_act, pm_position


def test_bought_card_is_named_only_to_its_owner():
    """2) Purchase Cards and Units: a protester buys a card into a hidden hand; the event
    naming it is private to the buyer, the price is public."""
    s = position(2, units=[(1, "activist", "nw_b1")], active=1, phase="purchase", credits=[0, 3])
    top = s.decks[1][0]
    events = act(s, "buy_card")
    public = [e for e in events if e.kind == "card_bought"]
    private = [e for e in events if e.kind == "card_drawn"]
    assert public and public[0].private_to is None and public[0].data["cost"] == 1
    assert private and private[0].private_to == 1 and private[0].data["card"] == top
    assert private[0].visible_to(1) and not private[0].visible_to(0)
    names = ["Police", "Autonomen"]
    assert top in event_text(private[0], names, viewer=1)
    assert top not in event_text(private[0], names, viewer=0)
    assert top not in event_text(private[0], names, viewer=None)


def test_mediactivist_draw_is_private():
    """Unit Specials, Mediactivist: the card its owner draws when it falls defending is
    named only to that owner."""
    s = position(
        2,
        units=[(0, "swat", "ne_street"), (0, "swat", "ne_street"), (1, "mediactivist", "ne_b1")],
        active=0,
    )
    top = s.decks[1][0]
    events = act(s, "attack target=ne_b1 seat=1")
    events += act(s, "commit unit=1")
    events += act(s, "commit unit=2")
    events += act(s, "confirm")
    while s.pending and s.pending[-1].kind in ("distance", "blitz", "continue"):
        kind = s.pending[-1].kind
        events += act(s, "press_on" if kind == "continue" else "pass")
    drawn = [e for e in events if e.kind == "card_drawn"]
    assert drawn and drawn[0].private_to == 1 and drawn[0].data["card"] == top


def test_pm_riot_card_and_income_cards_are_private():
    """RIOT cards are bought into a hidden hand; Politics and Media cards collected at the
    start of a turn are hidden too: only their owner's events name them."""
    s = pm_position([(1, "demonstrator", "nw_b1")], active=1, phase="purchase", credits=[0, 3])
    top = s.riot_decks[1][0]
    events = pm_act(s, "buy_riot")
    drawn = [e for e in events if e.kind == "card_drawn"]
    assert drawn[0].private_to == 1 and drawn[0].data["card"] == top
    assert not any(
        "riot" in str(v) for e in events if e.private_to is None for v in e.data.values()
    )
    # the Police hold an orange building (nw_b2): a Politics card at the start of their turn
    s = pm_position([(0, "officer", "nw_b2")], active=1, phase="combat")
    events = pm_act(s, "end_turn")
    income = next(e for e in events if e.kind == "income")
    assert income.data["cards"] == 1 and income.data["politics"] == 1
    private = [e for e in events if e.kind == "cards_drawn"]
    assert private and private[0].private_to == 0
    assert private[0].data["cards"] == s.hands[0][-1:]
