"""Riot Quest in Italian (issue 17, L1): the rules' texts (action labels, menu, refusals, place
names, end reasons) come out in the language spoken, and the rules never depend on it."""

from __future__ import annotations

import random

import pytest

import riotsim.i18n as i18n
from riotsim.core.contract import GameSetup, PlayerSpec
from riotsim.games.riotquest.describe import place_name, reason_text
from tests.riotquest.rq_util import R, a, position


@pytest.fixture
def italian():
    """For tests that speak the shipped Italian catalog: English again afterwards."""
    try:
        yield
    finally:
        i18n.set_language("en")


def _playout(seed: int, seats: int, mode: str) -> list[tuple[str, list[str], list[str]]]:
    """A seeded random game: each step's state digest, legal actions and the texts a player
    reads (labels, menu, refusal of the previous step's action)."""
    players = tuple(PlayerSpec(f"P{i}") for i in range(seats))
    options = {"crew_mode": mode, "decks": "rolloff", "round_limit": 2}
    s = R.new_state(GameSetup(players, seed, options))
    rng = random.Random(seed)
    steps = []
    last = None
    for _step in range(250):
        legal = R.legal_actions(s)
        if not legal:
            break
        texts = [R.describe(s, x) for x in legal]
        texts += [e.label + e.cost + e.reason for e in R.action_menu(s)]
        if last is not None:
            texts.append(R.refusal(s, last) or "")
        steps.append((R.state_hash(s), [str(x) for x in legal], texts))
        last = rng.choice(legal)
        R.apply(s, last)
    steps.append((R.state_hash(s), [R.outcome(s).reason], []))
    return steps


def test_a_seeded_playout_is_the_same_game_in_italian(italian):
    """The rules never read the language: a seeded random game has the same digests and
    legal actions (and end reason, kept English as data) in Italian as in English, while
    the texts the player reads differ."""
    for seed, seats, mode in ((3, 2, "vanilla"), (8, 3, "party")):
        english = _playout(seed, seats, mode)
        i18n.set_language("it")
        try:
            italian_game = _playout(seed, seats, mode)
        finally:
            i18n.set_language("en")
        assert [(d, legal) for d, legal, _t in italian_game] == [
            (d, legal) for d, legal, _t in english
        ]
        assert [t for _d, _l, t in italian_game] != [t for _d, _l, t in english]


def test_labels_menu_and_refusals_speak_italian(italian):
    """Activating / Run / Dice Well, in Italian: the labels, the greyed slots' reasons and
    the refusals of a running hero."""
    s = position(
        [{"id": "dez", "pos": [2, 4], "dice": 1}],
        [{"id": "dreyfus", "pos": [7, 4]}],
        active="dez",
        done=["run"],
    )
    i18n.set_language("it")
    menu = {e.group: e for e in R.action_menu(s)}
    assert menu["Run"].reason == "ha già corso in questa attivazione"
    assert menu["Raid"].reason == "nessun Forziere nell'arena"
    assert menu["Attack (melee): Dagger"].reason == "nessun nemico entro gittata 1 di Pugnale"
    assert menu["Attack (melee): Dagger"].label.startswith("Attacco (corpo a corpo)")

    start = position([{"id": "dez", "pos": [2, 4]}], [{"id": "dreyfus", "pos": [4, 4]}])
    run = a("run hero=dez to=(3,4)")
    labels = [R.describe(start, x) for x in R.legal_actions(start)]
    assert "Attiva Dez" in labels
    assert R.refusal(start, a("run hero=dez to=(4,4)")) is not None
    assert "sta su quell'esagono" in (R.refusal(start, a("run hero=dez to=(4,4)")) or "")
    R.apply(start, a("activate hero=dez"))
    assert R.describe(start, run) == "Dez corre accanto al centro"
    assert R.describe(start, a("run hero=dez to=(2,4)")) == "Dez corre all'esagono C5"
    assert R.describe(start, a("run hero=dez to=(4,4)")) == "Dez corre al centro"
    runs = [e for e in R.action_menu(start) if e.group == "Run"]
    assert runs and all(e.cost == "1 dado Azione" for e in runs)

    empty = position(
        [{"id": "dez", "pos": [2, 4], "dice": 6}],
        [{"id": "dreyfus", "pos": [3, 4]}],
        active="dez",
        done=["attack"],
    )
    assert R.refusal(empty, run) == "il tuo Pozzo dei Dadi è vuoto"


def test_place_names_and_end_reasons_speak_italian(italian):
    """Place names read as the board names them, and the English end reason the state keeps
    is said in Italian where shown."""
    arena = position([{"id": "dez", "pos": [2, 4]}], [{"id": "dreyfus", "pos": [7, 4]}]).arena
    reason = "round limit (3) reached; decided by the tie-breakers"
    assert place_name(arena, arena.centre) == "the centre"
    assert reason_text(reason) == reason
    i18n.set_language("it")
    assert place_name(arena, arena.centre) == "il centro"
    assert place_name(arena, arena.gates[3]) == "Portale 3"
    assert reason_text(reason) == "limite di round (3) raggiunto; decidono gli spareggi"


def test_every_shipped_arena_title_is_in_the_catalog_list():
    """The arenas' titles come from the map files, so the catalog learns them from
    ``arena.SHIPPED_TITLES``: a new shipped map must add its title there."""
    from riotsim.games.riotquest.arena import SHIPPED_TITLES, arena_ids, arena_title

    assert {arena_title(arena_id) for arena_id in arena_ids()} <= set(SHIPPED_TITLES)
