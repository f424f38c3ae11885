"""Every RIOT card effect does what its text says (Content: "every effect implemented")."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from riotsim.games.riot.pm_content import Effect, PMCard
from riotsim.games.riot.pm_rules import toward
from riotsim.games.riot.pm_state import PMState

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


# --- Politics & Media: each card's text against what playing it does ---------------------

NUMBER = {1: "one", 2: "two", 3: "three"}
SIDES = ("police", "protesters")


def role_character(seat: int, role: str) -> str:
    return next(
        c.id
        for c in PM.content.characters.values()
        if c.side == SIDES[seat] and c.role.value == role
    )


def special_unit(character: str) -> str:
    return next(u.id for u in PM.content.units.values() if u.character == character)


def plays_of(state: PMState, card: PMCard) -> set[str]:
    return {
        a for a in pm_legal(state) if a.startswith(("play ", "instant ")) and f"={card.id}" in a
    }


def cards_position(
    units: list[tuple[int, str, str]],
    seat: int,
    card_id: str,
    opp_chars: list[str],
    phase: str,
    chars: list[str],
) -> PMState:
    """``seat`` to play with ``card_id`` in hand and ``chars`` active (the other side:
    ``opp_chars``); the phase and ``chars`` come last for check_phase_and_role."""
    hands: list[list[str]] = [[], []]
    hands[seat] = [card_id]
    characters = [list(opp_chars), list(opp_chars)]
    characters[seat] = list(chars)
    return pm_position(units, active=seat, phase=phase, hands=hands, characters=characters)


def check_phase_and_role(card: PMCard, seat: int, make: Callable[..., PMState]) -> PMState:
    """A non-Instant card is played in the cards phase only; a bound card only with the
    player's active Character of its role. Returns a cards-phase position where it plays."""
    for phase in ("purchase", "move", "combat"):
        assert not plays_of(make(phase, []), card), phase
    s = make("cards", [])
    if card.bound is None:
        assert "Needs your active" not in card.text
        assert plays_of(s, card)
        return s
    role = card.bound.value
    assert card.text.startswith(f"Needs your active {role.title()} Character.")
    assert not plays_of(s, card)
    s = make("cards", [role_character(seat, role)])
    assert plays_of(s, card)
    return s


def check_track(card: PMCard) -> None:
    """Its text: "Cards phase: move the <track> marker <n> steps towards you." (either side)."""
    assert card.track is not None
    track = card.track.value
    step = "step" if card.value == 1 else "steps"
    assert f"move the {track.title()} marker {NUMBER[card.value]} {step} towards you" in card.text
    units = [(1, "demonstrator", "nw_street"), (0, "cadet", "n_street")]
    for seat in (0, 1):
        s = check_phase_and_role(card, seat, partial(cards_position, units, seat, card.id, []))
        pm_act(s, f"play card={card.id}")
        other = "media" if track == "politics" else "politics"
        assert s.tracks[track] == toward(seat) * card.value and s.tracks[other] == 0
        assert s.hands[seat] == [] and s.discard == [card.id]


def check_combat(card: PMCard) -> None:
    """Its text: "Instant, in a combat you fight (your turn or the other's): play it face up while
    committing RIOT cards for +<n> to your total." Not in the cards phase."""
    assert card.instant and card.bound is None
    assert card.text.startswith("Instant, in a combat you fight")
    assert f"+{card.value} to your total" in card.text
    s = pm_position(
        [(1, "demonstrator", "nw_street"), (0, "cadet", "n_street")],
        active=1,
        phase="cards",
        hands=[[card.id], [card.id]],
    )
    assert not plays_of(s, card)  # Instant: only inside a combat
    s.phase = "combat"
    pm_act(s, "attack target=n_street")
    pm_act(s, "commit unit=1")
    pm_act(s, "confirm")
    assert PM.to_move(s) == 1 and plays_of(s, card) == {f"instant card={card.id}"}
    events = pm_act(s, f"instant card={card.id}")
    assert any(e.kind == "card_played" and e.reveals for e in events)  # face up
    assert PM.totals(s) == (1 + card.value, 1)
    pm_act(s, "done")
    assert PM.to_move(s) == 0  # the defender, on the attacker's turn
    pm_act(s, f"instant card={card.id}")
    assert PM.totals(s) == (1 + card.value, 1 + card.value)


def check_extra_move(card: PMCard) -> None:
    """Its text: "Cards phase: one of your units may take <n> step(s) more than usual in this turn's
    movement." Nothing is spent yet in the cards phase (it comes before movement)."""
    assert f"{NUMBER[card.value]} step more than usual in this turn's movement" in card.text
    assert "spent" not in card.text
    units = [(1, "demonstrator", "nw_street"), (1, "organiser", "s_b1"), (0, "cadet", "se_street")]
    s = check_phase_and_role(card, 1, partial(cards_position, units, 1, card.id, []))
    # any one of your own units, never the opponent's
    assert plays_of(s, card) == {f"play card={card.id} unit=1", f"play card={card.id} unit=2"}
    pm_act(s, f"play card={card.id} unit=1")
    assert s.units[1].moves == 1 + card.value
    pm_act(s, "end_cards")
    for to in ("n_street", "ne_street")[: 1 + card.value]:
        pm_act(s, f"move unit=1 to={to}")
    assert not any(a.startswith("move unit=1 ") for a in pm_legal(s))  # no step beyond
    pm_act(s, "end_move")
    assert pm_legal(s) == {"end_turn"}  # moved, so spent as usual: no attack on se_street
    for done in ("end_turn", "end_purchase", "end_cards", "end_move", "end_turn"):
        pm_act(s, done)
    assert s.active == 1 and s.units[1].moves == 1  # only for that turn


def check_deactivate(card: PMCard) -> None:
    """Its text: "Needs your active <role> Character. Cards phase: switch off one of your opponent's
    active Characters (its units stay; it can be activated again for 2 credits)."""
    assert card.bound is not None
    assert "switch off one of your opponent's active Characters" in card.text
    assert "its units stay; it can be activated again for 2 credits" in card.text
    for seat in (0, 1):
        opp = 1 - seat
        targets = sorted(c.id for c in PM.content.characters.values() if c.side == SIDES[opp])
        victim = targets[0]
        unit = special_unit(victim)
        units = [(opp, unit, "nw_street")]
        s = check_phase_and_role(card, seat, partial(cards_position, units, seat, card.id, targets))
        assert plays_of(s, card) == {f"play card={card.id} character={c}" for c in targets}
        pm_act(s, f"play card={card.id} character={victim}")
        assert s.characters[opp] == targets[1:]
        assert s.units[1].kind == unit and s.units[1].space == "nw_street"  # its units stay
        # switched off: its special unit is locked again, until it is paid for again
        s.active, s.phase, s.credits[opp] = opp, "purchase", 9
        assert not any(a.startswith(f"buy unit={unit} ") for a in pm_legal(s))
        pm_act(s, f"activate character={victim}")
        assert s.credits[opp] == 7
        assert any(a.startswith(f"buy unit={unit} ") for a in pm_legal(s))
        # with no active Character on the other side it cannot be played at all
        own = [role_character(seat, card.bound.value)]
        assert not plays_of(cards_position(units, seat, card.id, [], "cards", own), card)


CHECKS = {
    Effect.track: check_track,
    Effect.combat: check_combat,
    Effect.extra_move: check_extra_move,
    Effect.deactivate: check_deactivate,
}


@pytest.mark.parametrize("card_id", sorted(PM.content.cards))
def test_pm_every_card_does_what_its_text_says(card_id):
    """Politics & Media, turn phases ("use cards") and card kinds (Instant cards, cards bound
    to Characters): every Politics and Media card does exactly what its text says."""
    card = PM.content.cards[card_id]
    CHECKS[card.effect](card)


def income_after_opponent_turn(seat: int, chars: list[str]) -> tuple[int, int]:
    """(credits, cards in hand) ``seat`` collects at the start of its turn, holding no
    building, with ``chars`` active."""
    characters: list[list[str]] = [[], []]
    characters[seat] = list(chars)
    s = pm_position(
        [(1, "demonstrator", "nw_street"), (0, "cadet", "se_street")],
        active=1 - seat,
        credits=[0, 0],
        characters=characters,
    )
    pm_act(s, "end_turn")
    assert s.active == seat and s.phase == "purchase"
    return s.credits[seat], len(s.hands[seat])


@pytest.mark.parametrize("char_id", sorted(PM.content.characters))
def test_pm_every_character_does_what_its_text_says(char_id):
    """Politics & Media, Characters: activation costs 2 credits; each one unlocks its special
    unit and gives the power its text names, at the start of each of its side's turns."""
    ch = PM.content.characters[char_id]
    seat = SIDES.index(ch.side)
    unit = PM.content.units[special_unit(char_id)]
    assert ch.text.endswith(f"Unlocks the {unit.label.rstrip('.')}.")
    place = "barracks" if seat == 0 else "nw_entry"
    s = pm_position([], active=seat, phase="purchase", credits=[0, 0])
    s.credits[seat] = 2 + unit.cost
    assert f"buy unit={unit.id} at={place}" not in pm_legal(s)
    pm_act(s, f"activate character={char_id}")
    assert s.credits[seat] == unit.cost and s.characters[seat] == [char_id]
    assert f"buy unit={unit.id} at={place}" in pm_legal(s)
    base_credits, base_cards = income_after_opponent_turn(seat, [])
    credits, cards = income_after_opponent_turn(seat, [char_id])
    n = NUMBER[ch.value]
    if ch.power.value == "barracks_credit":
        assert f"the barracks gives {n} more credits" in ch.text
        assert (credits, cards) == (base_credits + ch.value, base_cards)
    elif ch.power.value in ("media_card", "politics_card"):
        deck = ch.power.value.removesuffix("_card")
        plural = "s" if ch.value > 1 else ""
        assert f"draw {n} more {deck.title()} card{plural}" in ch.text
        assert (credits, cards) == (base_credits, base_cards + ch.value)
        characters: list[list[str]] = [[], []]
        characters[seat] = [char_id]
        p = pm_position([], active=1 - seat, credits=[0, 0], characters=characters)
        pm_act(p, "end_turn")
        pool = PM.content.politics_deck if deck == "politics" else PM.content.media_deck
        assert all(c in pool for c in p.hands[seat])
    else:
        assert "first RIOT card of each turn is free (the next ones cost 2, 3, ...)" in ch.text
        s = pm_position([], active=seat, phase="purchase", credits=[0, 0])
        s.credits[seat] = 5
        s.characters[seat] = [char_id]
        for left in (5, 3, 0):
            pm_act(s, "buy_riot")
            assert s.credits[seat] == left
