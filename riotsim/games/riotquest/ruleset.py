"""The Riot Quest rule set (``riotquest``): the contract glue around :mod:`.rules`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from riotsim.core.contract import (
    Action,
    GameSetup,
    MenuEntry,
    OptionSpec,
    Outcome,
    Ruleset,
)
from riotsim.core.problems import ContentError, Problem
from riotsim.core.rng import Rng
from riotsim.games.riotquest import bots, menu, quick, rules
from riotsim.games.riotquest.actions import ACTIONS
from riotsim.games.riotquest.arena import (
    ArenaError,
    arena_ids,
    arena_title,
    board_problems,
    get_arena,
)
from riotsim.games.riotquest.content import content
from riotsim.games.riotquest.positions import from_position, to_position
from riotsim.games.riotquest.state import Hero, Player, RQState
from riotsim.i18n import N_, _

STARTER_CREW = ("dreyfus", "bamfist", "dez", "eiryss", "gubbin")
# the starter box's map, recommended for first games ("Starting a Game"): the default arena
STARTER_ARENA = "thunderhead"
DEFAULTS: dict[str, Any] = {
    "vp_goal": 7,
    "round_limit": 0,
    "crew_mode": "vanilla",
    "decks": "agree",
    "bounty_deck": "mayhem",
    "treasure_deck": "arena_chests",
}


class SetupError(ValueError):
    """A game set-up the rules cannot start (unknown deck, map...)."""


class RiotQuest(Ruleset[RQState]):
    id = "riotquest"
    name = "Riot Quest"
    min_players = 2
    max_players = 4
    hidden_information = True
    playable = True
    action_kinds = ACTIONS
    # Measured (docstring of bots.py): ISMCTS at 0.1-0.5 s a move cannot cover an activation's
    # ~19 choices and lost every game to greedy and Normal, so Hard plans the activation too;
    # of the planner settings tried, one sampled world scored best against Normal. Normal keeps
    # one partial turn a depth: at the default width 6 it was nearly Hard (Hard won 48 of 80);
    # at width 1 Hard wins 73 of 100 and Normal beats greedy 54 of 100 (bots.py has the rest).
    bot_levels = {
        "normal": ("planner", {"width": 1, "samples": 2}),
        "hard": ("planner", {"width": 6, "samples": 1}),
    }

    # -- setup ---------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        c = content()
        return [
            OptionSpec(
                "vp_goal",
                N_("VP to win"),
                "int",
                7,
                minimum=7,
                maximum=20,
                help=N_("The first player to reach this many Victory Points wins."),
            ),
            OptionSpec(
                "round_limit",
                N_("Round limit"),
                "int",
                0,
                minimum=0,
                maximum=50,
                help=N_(
                    "0 = none; otherwise the game ends after this round and the "
                    "tie-breakers (VP, Loot, equipped gear) decide."
                ),
            ),
            OptionSpec(
                "crew_mode",
                N_("Crew building"),
                "choice",
                "vanilla",
                choices=(*rules.CREW_MODES, "starter"),
                names=(
                    ("vanilla", N_("Vanilla")),
                    ("party", N_("Adventuring Party")),
                    ("cash", N_("Cash Is King")),
                    ("evicted", N_("Evicted")),
                    ("specops", N_("Spec-Ops")),
                    ("starter", N_("Starter")),
                ),
                help=N_(
                    "vanilla 5-10 heroes; party 6, one per class; cash 6 with gear "
                    "worth 25 Loot at most; evicted 7-10 and the next player bans 2; "
                    "specops 5-10 from two classes; starter: the five starter heroes."
                ),
            ),
            OptionSpec(
                "decks",
                N_("Decks and arena"),
                "choice",
                "agree",
                choices=("agree", "rolloff"),
                names=(("agree", N_("Chosen here")), ("rolloff", N_("Roll-off"))),
                help=N_(
                    "agree: use the decks and arena set here; rolloff: a d6 roll-off "
                    "(highest picks the Bounty deck and arena, lowest the Treasure deck)."
                ),
            ),
            OptionSpec(
                "bounty_deck",
                N_("Bounty deck"),
                "choice",
                "mayhem",
                choices=tuple(c.bounty_decks),
                names=tuple(c.bounty_deck_names.items()),  # content texts: catalog msgids
            ),
            OptionSpec(
                "treasure_deck",
                N_("Treasure deck"),
                "choice",
                "arena_chests",
                choices=tuple(c.treasure_decks),
                names=tuple(c.treasure_deck_names.items()),
            ),
        ]

    def maps(self) -> list[str]:
        """The arenas, the starter arena first (so it is the default wherever a game starts
        without naming one: the set-up screen, ``play``, ``simulate`` without ``--map``)."""
        return sorted(arena_ids(), key=lambda arena_id: arena_id != STARTER_ARENA)

    def choice_name(self, choice: str) -> str:
        """An arena's display title (its map's ``title`` property), e.g. Thunderhead Fortress,
        in the language spoken."""
        return _(arena_title(choice.rsplit("/", 1)[-1].removesuffix(".tmx")))

    def new_state(self, setup: GameSetup) -> RQState:
        n = setup.seats
        if not self.min_players <= n <= self.max_players:
            raise SetupError(_("Riot Quest needs 2-4 players, not {n}").format(n=n))
        opts = dict(DEFAULTS)
        opts.update(setup.options)
        c = content()
        if opts["bounty_deck"] not in c.bounty_decks:
            raise SetupError(_("unknown Bounty deck {deck!r}").format(deck=opts["bounty_deck"]))
        if opts["treasure_deck"] not in c.treasure_decks:
            deck = opts["treasure_deck"]
            raise SetupError(_("unknown Treasure deck {deck!r}").format(deck=deck))
        if opts["crew_mode"] not in (*rules.CREW_MODES, "starter"):
            raise SetupError(_("unknown crew mode {mode!r}").format(mode=opts["crew_mode"]))
        s = RQState(seats=n, options=opts, rng=Rng(setup.seed))
        s.players = [Player(i, p.name) for i, p in enumerate(setup.players)]
        s.heroes = [{} for _ in range(n)]
        s.setup = {"step": 0}
        arenas = self.maps()
        if setup.map is not None:
            s.arena = _arena(setup.map)
        if opts["decks"] == "agree":
            s.bounty_deck = opts["bounty_deck"]
            s.treasure_deck = opts["treasure_deck"]
            if s.arena is None:
                if not arenas:
                    raise SetupError(_("no Riot Quest arena found under maps/riotquest/"))
                s.arena = _arena(arenas[0])
        else:
            high, low, rolls = d6_rolloff(s.rng, n)
            s.setup.update({"high": high, "low": low, "deck_rolls": rolls, "arenas": arenas})
            if s.arena is None and len(arenas) == 1:
                s.arena = _arena(arenas[0])
        if opts["crew_mode"] == "starter":
            opts["crew_mode"] = "vanilla"
            for seat in range(n):
                pl = s.players[seat]
                for hid in STARTER_CREW:
                    pl.crew.append(hid)
                    s.heroes[seat][hid] = Hero(hid, seat)
                    pl.hand.append(c.heroes[hid].gear)
            s.setup["crews_fixed"] = 1
        rules._advance(s, [])
        return s

    # -- playing -------------------------------------------------------------------------
    # The three calls of every ply go straight to the rules functions (no wrapper frame):
    # legal_actions(state) -> list[Action], apply(state, action) -> list[Event],
    # to_move(state) -> int | None.
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    to_move = staticmethod(rules.to_move)

    def outcome(self, state: RQState) -> Outcome:
        players = state.players
        # Score is the VP total; the columns say where it came from and how the game went
        # (the summary screen has room for five; VP, then the tie-breakers Loot and gear).
        # The keys and the reason stay English: data the balance report counts, translated
        # where shown (describe.reason_text for the reason).
        stats = {
            N_("Bounty VP"): tuple(p.bounty_vp for p in players),
            # each enemy knocked out is one Scrap VP: one column says both
            N_("Scrap VP (knock-outs)"): tuple(p.scrap for p in players),
            N_("Loot gathered"): tuple(p.loot_gathered for p in players),
            N_("Gear equipped"): tuple(
                sum(1 for h in crew.values() if h.gear is not None) for crew in state.heroes
            ),
            N_("Loot held"): tuple(p.loot for p in players),
        }
        return Outcome(
            finished=state.phase == "over",
            winners=state.winners,
            scores=tuple(p.vp for p in players),
            reason=state.reason,
            rounds=state.round,
            stats=stats,
        )

    def scores(self, state: RQState) -> tuple[int, ...]:
        return tuple(p.bounty_vp + p.scrap for p in state.players)  # Player.vp, unwrapped

    def action_menu(self, state: RQState) -> list[MenuEntry]:
        return menu.action_menu(state)

    def refusal(self, state: RQState, action: Action) -> str | None:
        return menu.refusal(state, action)

    def reason_text(self, reason: str) -> str:
        from riotsim.games.riotquest.describe import reason_text

        return reason_text(reason)

    def describe(self, state: RQState, action: Action) -> str:
        from riotsim.games.riotquest.describe import describe

        return describe(state, action)

    # -- information ---------------------------------------------------------------------
    def view(self, state: RQState, seat: int) -> RQState:
        """Other players' Riot Gear hands and both face-down decks' orders are hidden, and
        while crews are being built, the other players' picks (our ruling on "Building Your
        Crew": each player builds a crew from their own collection, unseen, until all have)."""
        v = state.copy()
        secret = crews_secret(state)
        for p in v.players:
            if p.seat != seat:
                p.hand = ["?"] * len(p.hand)
                if secret:
                    p.crew = ["?"] * len(p.crew)
                    v.heroes[p.seat] = {}
        v.bounty_draw = sorted(v.bounty_draw)
        v.treasure_draw = sorted(v.treasure_draw)
        v.rng = Rng(0)
        v.hidden = True
        v.legal_cache = None
        return v

    def determinize(self, view: RQState, seat: int, seed: int) -> RQState:
        s = view.copy()
        rng = Rng(seed)
        gear: tuple[str, ...] | None = None
        for p in s.players:
            if p.seat == seat or "?" not in p.hand:
                continue
            if gear is None:
                gear = _sorted_gear()
            known = {h.gear for h in s.heroes[p.seat].values() if h.gear} | set(p.discard)
            known |= {g for g in p.hand if g != "?"}
            pool = [g for g in gear if g not in known]
            rng.shuffle(pool)
            p.hand = [g for g in p.hand if g != "?"] + pool[: p.hand.count("?")]
        for p in s.players:
            if "?" in p.crew:
                _deal_crew(s, p, rng)
        rng.shuffle(s.bounty_draw)
        rng.shuffle(s.treasure_draw)
        s.rng = Rng(seed ^ 0x5EED)
        s.hidden = False
        s.legal_cache = None
        return s

    # -- data ----------------------------------------------------------------------------
    def copy(self, state: RQState) -> RQState:
        # bots copy one state once per action they try, then apply it: its legal actions,
        # found once here, check every one of those applies
        if state.legal_cache is None:
            rules.legal_actions(state)  # cached on the state
        return state.copy()

    def to_position(self, state: RQState) -> dict[str, Any]:
        return to_position(state)

    def from_position(self, position: Mapping[str, Any]) -> RQState:
        return from_position(position)

    # -- content -------------------------------------------------------------------------
    def check_content(self) -> list[Problem]:
        from riotsim.games.riotquest.content import load_content

        try:
            load_content()
        except ContentError as exc:
            return list(exc.problems)
        return []

    def check_board(self, board: Any, path: str) -> list[Problem]:
        return board_problems(board, path)

    # -- bots (what they pursue: see bots.py) ----------------------------------------------
    def evaluate(self, state: RQState, seat: int) -> float:
        return bots.evaluate(state, seat)

    def quick_values(
        self, state: RQState, seat: int, actions: Sequence[Action]
    ) -> dict[int, float]:
        return quick.quick_values(state, seat, actions)

    def rollout_action(self, state: RQState, legal: list[Action], rng: Rng) -> Action:
        return bots.rollout_action(state, legal, rng)

    def turn_key(self, state: RQState) -> Any:
        return bots.turn_key(state)


def crews_secret(s: RQState) -> bool:
    """Whether the crews are still being built, so each is hidden from the other players
    (our ruling, see ``view``): from the set-up's start until the last player is done; a
    fixed starter crew is no secret."""
    if s.phase != "setup" or s.setup.get("crews_fixed"):
        return False
    return int(s.setup.get("step", 0)) <= rules.SETUP_STEPS.index("crew")


def _deal_crew(s: RQState, p: Player, rng: Rng) -> None:
    """A determinized hidden crew: as many heroes as the player picked, within the crew
    mode's limits (one per class in a party; the two chosen classes in Spec-Ops)."""
    heroes = content().heroes
    pool = sorted(heroes)
    mode = s.options["crew_mode"]
    if mode == "specops" and p.classes:
        pool = [h for h in pool if heroes[h].class_.value in p.classes]
    rng.shuffle(pool)
    n = p.crew.count("?")
    chosen: list[str] = []
    classes: set[str] = set()
    for hid in pool:
        if len(chosen) == n:
            break
        if mode == "party" and heroes[hid].class_.value in classes:
            continue
        chosen.append(hid)
        classes.add(heroes[hid].class_.value)
    p.crew = chosen
    s.heroes[p.seat] = {hid: Hero(hid, p.seat) for hid in chosen}


def _arena(arena_id: str) -> Any:
    try:
        return get_arena(arena_id)
    except (ArenaError, ContentError) as exc:
        raise SetupError(
            _("arena {arena!r}: {problem}").format(arena=arena_id, problem=exc)
        ) from None


def d6_rolloff(rng: Rng, n: int) -> tuple[int, int, list[list[int | None]]]:
    """Rulebook "Choosing Decks & Maps": everyone rolls a d6; the highest roller and the lowest
    roller are found, a tie re-rolling only the players tied for what is still undecided.

    Returns (highest seat, lowest seat, the rolls: one row per roll, ``None`` for a seat that
    did not roll that time)."""
    history: list[list[int | None]] = []

    def roll(seats: list[int]) -> dict[int, int]:
        got = {seat: rng.randint(1, 6) for seat in seats}
        history.append([got.get(seat) for seat in range(n)])
        return got

    rolls = roll(list(range(n)))
    while len(set(rolls.values())) == 1:  # all level: neither highest nor lowest is known
        rolls = roll(list(rolls))
    high = _break_tie(roll, rolls, max)
    low = _break_tie(roll, rolls, min)
    return high, low, history


def _break_tie(
    roll: Callable[[list[int]], dict[int, int]],
    rolls: dict[int, int],
    pick: Callable[[Iterable[int]], int],
) -> int:
    """The seat with the single ``pick`` (max or min) roll; the tied seats re-roll alone."""
    while True:
        best = pick(rolls.values())
        tied = [seat for seat, value in rolls.items() if value == best]
        if len(tied) == 1:
            return tied[0]
        rolls = roll(tied)


RULESET = RiotQuest()


_GEAR_ORDER: list[Any] = [None, ()]  # (the content it was sorted from, its gear ids sorted)


def _sorted_gear() -> tuple[str, ...]:
    """Every Riot Gear id in order (determinize deals from it once per world a bot samples)."""
    c = content()
    if _GEAR_ORDER[0] is not c:
        _GEAR_ORDER[:] = [c, tuple(sorted(c.gear))]
    return _GEAR_ORDER[1]  # type: ignore[no-any-return]
