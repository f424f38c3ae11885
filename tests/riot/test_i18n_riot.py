"""Both RIOT rule sets in Italian (issue 17, L1): the rules never depend on the language, and
the texts the rules produce for a player (descriptions, menus, refusals, place names) come out
in Italian when Italian is spoken.

The catalog is the shipped Italian one: the test reads what a player reads.
"""

from __future__ import annotations

import random

import pytest

import riotsim.i18n as i18n
from riotsim.core.contract import Action
from riotsim.games.riot.common import reason_text

from .helpers import R, position
from .helpers import setup as riot_setup
from .pm_helpers import PM, pm_position, pm_setup


@pytest.fixture
def italian():
    """For tests that speak the shipped Italian catalog: English again afterwards."""
    try:
        yield
    finally:
        i18n.set_language("en")


def _playout(rules, setup, plies: int) -> list[tuple[str, list[str]]]:
    """A seeded random game: after every ply the state's digest and the legal actions, with
    every player-facing text of the position asked for on the way (they must change nothing)."""
    state = rules.new_state(setup)
    pick = random.Random(setup.seed)
    trace = []
    for _ply in range(plies):
        legal = rules.legal_actions(state)
        if not legal:
            break
        for entry in rules.action_menu(state):
            assert entry.label
        rules.refusal(state, Action("move", (("unit", 1), ("to", "nowhere"))))
        trace.append((rules.state_hash(state), [str(a) for a in legal]))
        action = pick.choice(legal)
        rules.describe(state, action)
        rules.apply(state, action)
    trace.append((rules.state_hash(state), []))
    return trace


@pytest.mark.parametrize(
    ("rules", "make_setup"),
    [(R, lambda: riot_setup(3, seed=5)), (PM, lambda: pm_setup(seed=5))],
    ids=["riot", "riot-pm"],
)
def test_a_seeded_playout_is_the_same_game_in_italian(italian, rules, make_setup):
    """The rules do not depend on the language: the same seed gives the same states and the
    same legal actions, ply by ply, whether English or Italian is spoken."""
    english = _playout(rules, make_setup(), 250)
    i18n.set_language("it")
    assert rules.describe(rules.new_state(make_setup()), Action("end_purchase")) != "Done buying"
    assert _playout(rules, make_setup(), 250) == english


def test_riot_descriptions_menu_and_refusals_speak_italian(italian):
    """Purchase (2) and Movement (3) positions of RIOT: buttons, headings, costs and the reasons
    of greyed or refused actions, place names included, in Italian."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_b1")], phase="purchase")
    s.credits[0] = 3
    i18n.set_language("it")
    buy = Action.make("buy", unit="officer", at="hq")
    assert R.describe(s, buy) == "Compra Agente in Questura"
    menu = R.action_menu(s)
    entry = next(e for e in menu if e.action == buy)
    assert (entry.group, entry.cost) == ("Acquisto", "2 crediti")
    assert {"Acquisto", "Turno"} <= {e.group for e in menu}
    greyed = {e.label: e.reason for e in menu if e.action is None}
    assert greyed["Compra S.W.A.T."] == "crediti insufficienti: S.W.A.T. costa 5, ne hai 3"
    assert R.refusal(s, Action.make("move", unit=1, to="s_street")) == (
        "si fa nella fase di movimento; questa è la fase di acquisto"
    )
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_b1")], phase="move")
    far = next(sp for sp in R.board(s).spaces if sp.endswith("_street") and sp[0] != "n")
    reason = R.refusal(s, Action.make("move", unit=1, to=far))
    assert reason == (
        f"strada {far.split('_')[0].upper()} non confina con strada N: "
        "un'unità avanza di uno spazio alla volta"
    )


def test_riot_attack_headings_name_the_team_in_italian(italian):
    """5) Clashes: attacks go under a heading per enemy team, in the language spoken."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_street")], phase="clash")
    i18n.set_language("it")
    attack = Action.make("attack", target="n_street", seat=1)
    assert R.describe(s, attack) == "Attacca Autonomi in strada N"
    entry = next(e for e in R.action_menu(s) if e.action == attack)
    assert entry.group == "Attacca Autonomi"


def test_politics_and_media_menu_and_refusals_speak_italian(italian):
    """Politics & Media, Acquisto: Characters, place names (the barracks) and refusals."""
    s = pm_position([(0, "officer", "n_street"), (1, "organiser", "s_street")], phase="purchase")
    i18n.set_language("it")
    menu = PM.action_menu(s)
    assert {"Acquisto", "Personaggi", "Turno"} <= {e.group for e in menu}
    police_buy = Action.make("buy", unit="officer", at=PM.board(s).hq)
    s.active = 0
    s.credits[0] = 5
    assert PM.describe(s, police_buy) == "Compra Agente in Caserma"
    assert PM.refusal(s, Action.make("attack", target="s_street")) == (
        "si fa nella fase di combattimento; questa è la fase di acquisto"
    )


def test_the_end_of_the_game_is_kept_in_english_and_shown_in_italian(italian):
    """Round limit (our option): the game ends without a winner. The state and the event keep
    the reason in English (saves and digests hold it); reason_text shows it in Italian."""
    s = position(2, [(0, "officer", "n_street"), (1, "activist", "n_b1")], active=1)
    s.round_limit = 2
    i18n.set_language("it")
    events = R.apply(s, Action("end_turn"))
    assert s.reason == "round limit (2) reached"
    assert events[-1].reason == "round limit (2) reached"
    assert reason_text(s.reason) == "limite di round (2) raggiunto"
    assert reason_text("autonomen reached 7 area points") == "Autonomi: raggiunti 7 Punti Zona"
    assert R.choice_name("city") == "Città"
    i18n.set_language("en")
    assert reason_text(s.reason) == s.reason
    assert reason_text("autonomen reached 7 area points") == "autonomen reached 7 area points"
    assert R.choice_name("city") == "City"


def test_setup_options_stay_english_for_the_setup_screen_to_translate(italian):
    """The option specs are data: their labels are msgids the setup screen shows through the
    catalog, and the round limit's "0 = none" is read from the English label."""
    i18n.set_language("it")
    labels = [spec.label for spec in R.options()] + [spec.label for spec in PM.options()]
    assert labels == ["Round limit (0 = none)", "Protester teams", "Round limit (0 = none)"]
