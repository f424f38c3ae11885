"""The rules contract's small types: stable action text, deep decision copies, registry."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from riotsim.core import registry
from riotsim.core.contract import Action, Decision, Event, GameSetup, PlayerSpec, Ruleset

words = st.from_regex(r"[A-Za-z_][A-Za-z0-9_\-]{0,8}", fullmatch=True).filter(
    lambda w: not w.lstrip("-").isdigit()
)
values = st.one_of(
    st.integers(-1000, 1000), words, st.tuples(st.integers(-50, 50), st.integers(-50, 50))
)


@given(kind=words, args=st.dictionaries(words, values, max_size=4))
def test_action_text_round_trips(kind: str, args: dict) -> None:
    action = Action.make(kind, **args)
    assert Action.parse(str(action)) == action
    assert hash(Action.parse(str(action))) == hash(action)


def test_action_text_form_is_stable() -> None:
    action = Action.make("run", hero="dez", to=(3, 4), dice=2)
    assert str(action) == "run hero=dez to=(3,4) dice=2"
    assert action["to"] == (3, 4) and action.get("missing", 7) == 7
    assert str(Action.make("pick", cells=(5,))) == "pick cells=(5,)"
    assert Action.parse("pick cells=()") == Action.make("pick", cells=())


@pytest.mark.parametrize("bad", ["two words", "a=b", "x,y", ""])
def test_action_rejects_words_that_would_break_the_text_form(bad: str) -> None:
    with pytest.raises(ValueError):
        Action.make("run", hero=bad)


def test_action_rejects_bools_and_floats() -> None:
    with pytest.raises(ValueError):
        Action.make("run", fast=True)
    with pytest.raises(ValueError):
        Action.make("run", speed=1.5)


def test_decision_copy_is_deep() -> None:
    frame = Decision("order", 1, {"left": [1, 2, 3], "nested": {"cells": [[0, 1]]}})
    clone = frame.copy()
    clone.data["left"].remove(2)
    clone.data["nested"]["cells"][0].append(9)
    assert frame.data == {"left": [1, 2, 3], "nested": {"cells": [[0, 1]]}}
    exported = frame.to_json()
    exported["data"]["left"].clear()
    assert frame.data["left"] == [1, 2, 3]
    assert Decision.from_json(frame.to_json()).data == frame.data


def test_event_json_keeps_reveal_flag() -> None:
    event = Event("dice_rolled", {"die": "action", "faces": ["miss"]}, seat=0, reveals=True)
    assert event.to_json() == {
        "kind": "dice_rolled",
        "data": {"die": "action", "faces": ["miss"]},
        "seat": 0,
        "reveals": True,
    }


def test_setup_json_round_trip() -> None:
    setup = GameSetup((PlayerSpec("Rosa", "blue"), PlayerSpec("Ugo", "orange", "greedy")), 9)
    assert GameSetup.from_json(setup.to_json()) == setup


def test_registry_names_unknown_games() -> None:
    with pytest.raises(registry.UnknownRuleset, match="unknown game 'chess'"):
        registry.get("chess")
    assert set(registry.ids()) >= {"riotquest", "riot", "riot-pm", "quodd"}


def test_private_event_is_visible_only_to_its_seat() -> None:
    event = Event("card_drawn", {"card": "smoke"}, seat=1, reveals=True, private_to=1)
    assert event.visible_to(1)
    assert not event.visible_to(0) and not event.visible_to(None)
    assert event.to_json()["private_to"] == 1
    assert Event("moved", {"to": [1, 2]}).visible_to(None)


def test_default_preview_is_the_chosen_maps_board() -> None:
    ruleset = registry.get("riotquest")
    choice = ruleset.maps()[0]
    board = ruleset.preview(choice)
    assert board is not None and board.properties["game"] == "riotquest"
    assert ruleset.preview("no-such-map") is None
    assert ruleset.preview(None) is None


def test_choice_names_read_as_words() -> None:
    riotquest = registry.get("riotquest")
    assert Ruleset.choice_name(riotquest, "thunderhead") == "Thunderhead"  # the default
    assert Ruleset.choice_name(riotquest, "maps/x/sky-docks.tmx") == "Sky docks"
    assert riotquest.choice_name("thunderhead") == "Thunderhead Fortress"  # the map's title
    quodd = registry.get("quodd")
    names = {quodd.choice_name(s) for s in quodd.scenarios()}
    assert "Grand Prix" in names and not any("_" in n for n in names)


def test_refusal_gives_the_rules_reason_and_passes_a_legal_action():
    from toy_game import RULESET

    from riotsim.core.contract import GameSetup, PlayerSpec

    state = RULESET.new_state(GameSetup((PlayerSpec("A"), PlayerSpec("B")), seed=3))
    assert RULESET.refusal(state, Action.make("roll")) is None
    assert RULESET.refusal(state, Action.make("play", card=9)) == "you hold no 9 card"
    before = RULESET.state_hash(state)
    RULESET.refusal(state, Action.make("roll"))  # tried on a copy
    assert RULESET.state_hash(state) == before


def test_the_default_action_menu_lists_each_legal_action_with_its_label():
    from toy_game import RULESET

    from riotsim.core.contract import GameSetup, PlayerSpec

    state = RULESET.new_state(GameSetup((PlayerSpec("A"), PlayerSpec("B")), seed=3))
    menu = RULESET.action_menu(state)
    assert [m.action for m in menu] == RULESET.legal_actions(state)
    assert all(m.available and m.label.startswith("Runner 1: ") for m in menu)
