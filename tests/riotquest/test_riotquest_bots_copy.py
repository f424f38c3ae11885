"""Riot Quest copies for the bots: RQState.copy copies by hand what the rules edit in place (the
queued attack steps and their trigger lists, the attack, the Cool Down's progress) and shares
the legal actions of an equal state; playing on a copy never changes the original."""

from __future__ import annotations

from riotsim.core.contract import Action, GameSetup, PlayerSpec
from riotsim.core.rng import Rng
from riotsim.games.riotquest import RULESET
from riotsim.games.riotquest.state import RQState

R = RULESET


def _starter_game(seed: int) -> RQState:
    """A new two-player game on Thunderhead with the starter crews."""
    players = (PlayerSpec("a"), PlayerSpec("b"))
    setup = GameSetup(players, seed=seed, map="thunderhead", options={"crew_mode": "starter"})
    return R.new_state(setup)


def _kinds(s: RQState) -> set[str]:
    found = set()
    if s.attack is not None:
        found.add("attack")
    if "cool" in s.setup:
        found.add("cool")
    if any("left" in op for op in s.queue):
        found.add("left")
    return found


def _check_twins(s: RQState) -> None:
    before = R.to_position(s)
    legal = [str(x) for x in R.legal_actions(s)]
    for action in R.legal_actions(s):
        twin = R.copy(s)
        R.apply(twin, action)
        for _ in range(6):  # and a few plies more, through the rest of the attack
            if R.to_move(twin) is None:
                break
            R.apply(twin, R.legal_actions(twin)[0])
    assert R.to_position(s) == before
    assert [str(x) for x in R.legal_actions(s)] == legal


def test_copies_mid_attack_and_mid_cool_down_share_nothing():
    """Random starter-crew games: at every ply inside an attack's resolution or the Cool Down,
    each legal action played on a copy (and six plies after it) leaves the original's position
    and legal actions as they were."""
    seen: set[str] = set()
    for seed in range(12):
        s = _starter_game(seed)
        rng = Rng(seed)
        for _ in range(500):
            if R.to_move(s) is None:
                break
            kinds = _kinds(s)
            if kinds:
                seen |= kinds
                _check_twins(s)
            legal = R.legal_actions(s)
            R.apply(s, legal[rng.below(len(legal))])
    assert {"attack", "left", "cool"} <= seen


def test_a_copy_shares_the_legal_actions_until_either_moves():
    """An equal state has the same legal actions: the copy reuses the list; applying an action
    to either drops only its own."""
    s = _starter_game(3)
    legal = R.legal_actions(s)
    twin = R.copy(s)
    assert twin.legal_cache is s.legal_cache is not None
    R.apply(twin, legal[0])
    assert twin.legal_cache is None and R.legal_actions(s) == legal
    view = R.view(s, 0)
    assert view.legal_cache is None  # a view is edited: its actions are found again


# decisions that edit a hero off the arena (spawning, placing, the Cooler's release, a refund
# or heal by choice), and the Cool Down taking the dice back off every hero card
_OFF_ARENA_EDITS = {"spawn", "place", "release", "refund", "heal"}


def _edits_off_arena(s: RQState) -> str | None:
    if s.pending and s.pending[-1].kind in _OFF_ARENA_EDITS:
        return s.pending[-1].kind
    if s.phase == "go" and any(
        h.dice and h.place != "arena" for crew in s.heroes for h in crew.values()
    ):
        return "dice off the arena"
    return None


def _play_on(s: RQState, first: int, plies: int) -> None:
    for i in range(plies):
        if R.to_move(s) is None:
            return
        legal = R.legal_actions(s)
        R.apply(s, legal[(first + i) % len(legal)])


def test_heroes_off_the_arena_are_shared_until_the_rules_edit_them():
    """A copy shares every hero (copy-on-write, see ``RQState.mut``); each rule that edits a
    benched or cooled one (Rulebook "Spawning", "Cool Down", the Cooler's release, refunds and
    heals) copies it first: playing every legal action on a copy, then 30 plies more, leaves
    the original's position as it was, and playing on the original leaves the copy's."""
    seen: set[str] = set()
    for seed in range(8):
        s = _starter_game(seed)
        rng = Rng(seed)
        for _ in range(400):
            if R.to_move(s) is None:
                break
            kind = _edits_off_arena(s)
            if kind is not None:
                seen.add(kind)
                before = R.to_position(s)
                for n, action in enumerate(R.legal_actions(s)):
                    twin = R.copy(s)
                    for seat, crew in enumerate(s.heroes):
                        for hid, h in crew.items():
                            assert twin.heroes[seat][hid] is h
                    R.apply(twin, action)
                    _play_on(twin, n, 30)
                    assert R.to_position(s) == before
                    twin = R.copy(s)
                    kept = R.to_position(twin)
                    original = R.copy(s)
                    R.apply(original, action)
                    _play_on(original, n + 1, 30)
                    assert R.to_position(twin) == kept
            legal = R.legal_actions(s)
            R.apply(s, legal[rng.below(len(legal))])
    assert {"spawn", "release", "dice off the arena"} <= seen, seen


def test_mut_gives_a_shared_hero_a_copy_of_its_own():
    """``RQState.mut`` gives a shared hero (benched or in the arena) a copy of its own, once
    (the original's stays untouched), and hands out a hero the state already owns as it is."""
    s = _starter_game(1)
    rng = Rng(1)
    while not (s.in_play(0) and any(h.place == "bench" for h in s.heroes[0].values())):
        legal = R.legal_actions(s)
        R.apply(s, legal[rng.below(len(legal))])
    twin = R.copy(s)
    bench = next(h for h in s.heroes[0].values() if h.place == "bench")
    arena = s.in_play(0)[0]
    assert twin.heroes[0][bench.id] is bench
    mine = twin.mut(0, bench.id)
    assert mine is not bench and mine == bench and twin.heroes[0][bench.id] is mine
    dice = bench.dice
    mine.dice = dice + 1
    assert bench.dice == dice and s.heroes[0][bench.id] is bench
    assert twin.mut(0, arena.id) is twin.heroes[0][arena.id] is not arena
    assert twin.mut(0, arena.id) is twin.mut(0, arena.id)  # copied once, then its own
    assert s.heroes[0][arena.id] is arena
    assert s.mut(0, arena.id) is not arena  # the original shares it with its copy too


def test_a_copy_shares_the_movement_searches_until_a_model_moves():
    """Searches of an equal occupancy are shared (entries are only added); a run on the copy
    gives it a dict of its own and leaves the original's searches as they were."""
    s = _starter_game(2)
    rng = Rng(2)
    while not any(a.kind == "run" for a in R.legal_actions(s)):
        legal = R.legal_actions(s)
        R.apply(s, legal[rng.below(len(legal))])
    cache = s.reach_cache
    assert cache
    kept = dict(cache)
    twin = R.copy(s)
    assert twin.reach_cache is cache
    R.apply(twin, next(a for a in R.legal_actions(s) if a.kind == "run"))
    assert twin.reach_cache is not cache
    assert s.reach_cache is cache and kept.items() <= cache.items()


def _kind_of(s: RQState, action: Action) -> str:
    if action.kind == "special":
        return f"special:{action.get('ability')}"
    return action.kind


def _independent(s: RQState, action: Action, n: int) -> None:
    before = R.to_position(s)
    twin = R.copy(s)
    R.apply(twin, action)
    _play_on(twin, n, 12)
    assert R.to_position(s) == before, action
    twin = R.copy(s)
    kept = R.to_position(twin)
    R.apply(s, action)
    _play_on(s, n + 1, 12)
    assert R.to_position(twin) == kept, action


def test_playing_any_action_on_a_copy_never_changes_the_original():
    """Copy-on-write heroes (``RQState.mut``): for every kind of action (each Special Action
    apart) met in random starter-crew games, the action and 12 plies after it played on a copy
    leave the original's position as it was, and played on the original leave the copy's:
    runs, attacks and their decisions (knock-outs, Beatback, Press), raids, rigs, equipping,
    spawning, the Cool Down's choices."""
    checked: dict[str, int] = {}
    for seed in range(10):
        s = _starter_game(seed)
        rng = Rng(seed)
        for _ in range(600):
            if R.to_move(s) is None:
                break
            legal = R.legal_actions(s)
            for n, action in enumerate(legal):
                kind = _kind_of(s, action)
                if checked.get(kind, 0) < 4:
                    checked[kind] = checked.get(kind, 0) + 1
                    _independent(R.copy(s), action, n)
            R.apply(s, legal[rng.below(len(legal))])
    wanted = {"run", "attack", "raid", "rig", "equip", "spawn", "place", "activate"}
    wanted |= {"end_activation", "pass", "take_turn", "beatback", "skip", "release"}
    assert wanted <= set(checked), sorted(wanted - set(checked))
    assert any(k.startswith("special:") for k in checked), sorted(checked)
