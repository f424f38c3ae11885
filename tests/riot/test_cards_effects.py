"""Every RIOT card effect does what its text says (Content: "every effect implemented")."""

from __future__ import annotations

from .helpers import R, act, position
from .pm_helpers import PM, pm_act, pm_legal, pm_position, pm_setup


def test_call_for_backup_puts_a_basic_unit_on_an_entry_point():
    """Protester card Call for Backup (our design): a free basic unit on an entry point."""
    s = position(
        2, units=[(1, "activist", "nw_b1")], active=1, phase="move", hands={1: ["call_for_backup"]}
    )
    supply = s.supply[1]["activist"]
    act(s, "play card=call_for_backup at=s_entry")
    new = max(s.units)
    assert s.units[new].space == "s_entry" and s.units[new].kind == "activist"
    assert s.supply[1]["activist"] == supply - 1
    assert s.hands[1] == [] and s.discards[1] == ["call_for_backup"]


def test_viral_footage_cuts_the_next_police_income():
    """Protester card Viral Footage (our design): the Police collect 2 credits fewer."""
    s = position(
        2,
        units=[(1, "activist", b) for b in ("nw_b1", "n_b1", "ne_b1")],
        active=1,
        phase="move",
        hands={1: ["viral_footage"]},
    )
    act(s, "play card=viral_footage")
    act(s, "end_move")
    act(s, "end_turn")
    assert s.active == 0 and s.credits[0] == 3 - 2


def test_every_public_opinion_penalty_changes_the_game():
    """Public Opinion Cards: each of the ten cards has its own penalty for the Police."""
    seen = set()
    for card in R.content.opinion:
        s = position(
            2,
            units=[
                (0, "officer", "hq"),
                (0, "riot_van", "hospital"),
                (0, "swat", "nw_street"),
                (1, "activist", "nw_b1"),
                (1, "activist", "n_b1"),
                (1, "activist", "ne_b1"),
            ],
            active=1,
            phase="clash",
            po_drawn=card.id,
            credits=[0, 0],
        )
        before = R.to_position(s)
        act(s, "end_turn")  # revealed at the end of the turn; then the Police play
        p = card.penalty.value
        if p == "income":
            assert s.credits[0] == max(0, 3 - card.value)
        elif p == "basic_only":
            s.credits[0] = 9
            assert {a["unit"] for a in R.legal_actions(s) if a.kind == "buy"} == {"officer"}
        elif p == "no_building_attacks":
            s.phase = "clash"
            assert not any(
                a.kind == "attack" and a["target"] == "nw_b1" for a in R.legal_actions(s)
            )
        elif p == "no_clashes":
            s.phase = "clash"
            assert not any(a.kind == "attack" for a in R.legal_actions(s))
            assert R.attack_targets(s) == []
        elif p == "one_attack":
            s.phase = "clash"
            s.clashes = 1
            assert not any(a.kind == "attack" for a in R.legal_actions(s))
        elif p == "protester_income":
            assert s.protester_bonus[1] == card.value
        elif p == "remove_officer":
            assert 1 not in s.units
        elif p == "hospital_lock":
            assert s.units[2].moves == 0
        elif p == "slow_vans":
            assert s.units[2].moves == 1
        elif p == "no_purchase":
            s.credits[0] = 9
            assert not any(a.kind == "buy" for a in R.legal_actions(s))
        seen.add(p)
        assert R.to_position(s) != before
    assert len(seen) == 9  # the two income cards share one penalty kind (2 and 3 credits)


def test_pm_deactivate_and_extra_move_cards():
    """Politics & Media cards: switch off an enemy Character; give a unit another step."""
    s = pm_position(
        [(1, "demonstrator", "nw_street")],
        active=1,
        phase="cards",
        hands=[[], ["no_confidence", "forced_march"]],
        characters=[["prefect"], ["agitator"]],
    )
    assert "play card=no_confidence character=prefect" in pm_legal(s)
    pm_act(s, "play card=no_confidence character=prefect")
    assert s.characters[0] == []
    pm_act(s, "play card=forced_march unit=1")
    assert s.units[1].moves == 2


def test_pm_decks_reshuffle_the_discards():
    """(riotsim) An empty Politics or Media deck is rebuilt from its played cards."""
    s = pm_position(
        [(1, "demonstrator", "nw_b2")],
        active=0,
        politics_deck=[],
        discard=["council_motion", "headline"],
    )
    pm_act(s, "end_turn")  # the orange building draws a Politics card
    assert s.hands[1] == ["council_motion"] and s.discard == ["headline"]


def test_pm_perft_counts():
    """Perft-style counts in fixed Politics & Media positions."""
    s = PM.new_state(pm_setup(1))
    # 2 basic kinds x (6 streets + 18 buildings)
    assert len(PM.legal_actions(s)) == 2 * 24
    s = pm_position(
        [(1, "organiser", "nw_street"), (0, "cadet", "n_street")],
        active=1,
        phase="purchase",
        credits=[0, 4],
    )
    # buy organiser/demonstrator at 6 entries, RIOT card, 2 characters, end
    assert len(PM.legal_actions(s)) == 12 + 1 + 2 + 1
    s.phase = "move"
    # nw_street: 3 buildings, n_street, sw_street (not the barracks); + end_move
    assert len(PM.legal_actions(s)) == 5 + 1


def test_pm_extra_step_does_not_unflip_a_moved_unit():
    """Politics & Media: a unit that moved is flipped; an extra step lets it move, not attack."""
    s = pm_position(
        [(1, "demonstrator", "nw_street"), (0, "cadet", "sw_street")],
        active=1,
        phase="move",
        hands=[[], ["live_map"]],
    )
    pm_act(s, "move unit=1 to=n_street")
    s.phase = "cards"
    pm_act(s, "play card=live_map unit=1")
    s.phase = "move"
    pm_act(s, "move unit=1 to=nw_street")
    s.units[1].moves = 1
    s.phase = "combat"
    assert pm_legal(s) == {"end_turn"}
