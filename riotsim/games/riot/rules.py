"""RIOT: Cast the First Stone - the rules (rulebook sections quoted in tests/riot/).

Seat 0 is the Police; seats 1.. are protester teams. A turn runs Count (automatic at its start),
Purchase (buy and deploy), Move, Clashes; decisions of other seats inside a turn (obstruct,
distance and Blitz cards in a clash, the Police's turn order) are frames on ``state.pending``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from riotsim.core.contract import (
    Action,
    Decision,
    Event,
    GameSetup,
    IllegalAction,
    MenuEntry,
    OptionSpec,
    Outcome,
)
from riotsim.core.rng import Rng
from riotsim.games.riot import bots, menu
from riotsim.games.riot import city as bd
from riotsim.games.riot.actions import RIOT_ACTIONS
from riotsim.games.riot.clash import ClashRules, group_key
from riotsim.games.riot.common import (
    COMMON_LABELS,
    DEFAULT_ROUND_LIMIT,
    StepTable,
    bought_event,
    credits_text,
    fill_hidden,
    move_action_cache,
    private_draw,
    round_limit_option,
)
from riotsim.games.riot.content import (
    PROTESTERS,
    CardEffect,
    RiotContent,
    UnitType,
    content,
    load_content,
)
from riotsim.games.riot.events import (
    AreaPoints,
    AttackDeclared,
    CardBought,
    CardPlayed,
    Eliminated,
    Income,
    LetPass,
    Moved,
    NewRound,
    ObstructAsked,
    Obstructed,
    OpinionDrawn,
    OpinionRevealed,
    PhaseChanged,
    Placed,
    Reinforced,
    Removed,
    TurnStarted,
)
from riotsim.games.riot.frames import FRAMES
from riotsim.games.riot.positions import read_riot
from riotsim.games.riot.state import (
    CLASH,
    HIDDEN,
    MOVE,
    OVER,
    PLACEMENT,
    PURCHASE,
    RiotState,
    Unit,
)
from riotsim.i18n import N_, _, ngettext

POLICE = 0
AREA_POINTS_TO_WIN = 7
TEAM_SETS = {
    2: ("autonomen",),
    3: ("autonomen", "anarchists"),
    4: ("autonomen", "anarchists", "nationalists"),
}


_END_PURCHASE = Action("end_purchase")
_END_MOVE = Action("end_move")
_END_TURN = Action("end_turn")
_BUY_CARD = Action("buy_card")
# kinds whose refusal the menu module words even when the kind is not possible now
ACTION_KINDS_REFUSED = frozenset(
    {"place", "move", "buy", "buy_card", "attack", "play", "commit", "confirm", "next", "end_move"}
)


class RiotRules(ClashRules):
    id: ClassVar[str] = "riot"
    name: ClassVar[str] = "RIOT: Cast the First Stone"
    max_players: ClassVar[int] = 4
    fight_field: ClassVar[str] = "clash"
    action_kinds = RIOT_ACTIONS
    CLOSED_KINDS: ClassVar[tuple[str, ...]] = (bd.ENTRY, bd.HOSPITAL)
    content_loader = staticmethod(load_content)
    # measured in docs/riot-balance.md: plain rollouts of 200 random plies lose to greedy
    # (random RIOT playouts are all Police wins), short ones cut by evaluate do not; as
    # Normal the turn planner lost 1 of 8 games to greedy, that search 4 of 8 (2 players)
    bot_levels: ClassVar[Mapping[str, tuple[str, Mapping[str, Any]]]] = {
        "normal": ("planner", {"width": 6, "samples": 2}),
        "hard": ("mcts", {"max_rollout": 2}),
    }

    # -- setup ---------------------------------------------------------------------------
    def options(self) -> list[OptionSpec]:
        return [
            round_limit_option(),
            OptionSpec(
                "protesters",
                N_("Protester teams"),  # English: the setup screen translates them
                "choice",
                "",
                choices=(
                    "",
                    "autonomen",
                    "anarchists",
                    "nationalists",
                    "autonomen,anarchists",
                    "autonomen,nationalists",
                    "anarchists,nationalists",
                ),
                help=N_(
                    "Which protester teams play (empty: the usual ones for the "
                    "player count; Autonomen in a 2-player game)."
                ),
            ),
        ]

    @property
    def content(self) -> RiotContent:
        return content()

    def new_state(self, setup: GameSetup) -> RiotState:
        n = setup.seats
        if not self.min_players <= n <= self.max_players:
            raise ValueError(_("RIOT needs 2-4 players, not {n}").format(n=n))
        chosen = str(setup.options.get("protesters", "") or "")
        protesters = tuple(chosen.split(",")) if chosen else TEAM_SETS[n]
        if len(protesters) != n - 1 or any(t not in PROTESTERS for t in protesters):
            raise ValueError(
                ngettext(
                    "protesters={chosen} does not name {n} protester team(s) of {teams}",
                    "protesters={chosen} does not name {n} protester team(s) of {teams}",
                    n - 1,
                ).format(chosen=repr(chosen), n=n - 1, teams=PROTESTERS)
            )
        if len(set(protesters)) != len(protesters):
            raise ValueError(_("each protester team can play only once"))
        teams = ["police", *protesters]
        c = self.content
        rng = Rng(setup.seed)
        state = RiotState(map_id=self.setup_map(setup), teams=teams, rng=rng)
        state.round_limit = int(setup.options.get("round_limit", DEFAULT_ROUND_LIMIT))
        state.supply = [{u.id: u.count for u in c.teams[t].units} for t in teams]
        state.credits = [0] * n
        state.hands = [[] for _ in teams]
        state.discards = [[] for _ in teams]
        state.area_points = [0] * n
        state.eliminated = [False] * n
        state.protester_bonus = [0] * n
        state.removed = [0] * n
        state.decks = []
        for t in teams:
            deck = list(c.decks.get(t, ()))
            rng.shuffle(deck)
            state.decks.append(deck)
        state.goals = [""] * n
        for seat, t in enumerate(teams):
            if t == "nationalists":
                state.goals[seat] = rng.choice([g.id for g in c.goals])
        state.po_deck = [p.id for p in c.opinion]
        rng.shuffle(state.po_deck)
        # First Round: protesters place in a random order
        order = list(range(1, n))
        rng.shuffle(order)
        state.order = list(order)
        need = self.placement_target(state)
        state.placement = [s for _ in range(need) for s in order]
        state.phase = PLACEMENT
        state.active = state.placement[0]
        problem = first_round_problem(self.board(state), n)  # fails early on a broken map
        if problem:
            raise ValueError(problem)
        return state

    def placement_target(self, state: RiotState) -> int:
        """Buildings each protester occupies in the First Round (4 in a 2-player game)."""
        return placement_need(state.seats)

    # -- helpers -------------------------------------------------------------------------
    def unit_type(self, state: RiotState, unit: Unit) -> UnitType:
        return content().units[(state.teams[unit.seat], unit.kind)]

    def force(self, state: RiotState, unit: Unit, street_clash: bool) -> int:
        ut = content().units[(state.teams[unit.seat], unit.kind)]
        if street_clash and ut.street_force:
            return ut.street_force
        return ut.force

    def occupant(self, state: RiotState, space: str) -> int | None:
        for u in state.units.values():
            if u.space == space:
                return u.seat
        return None

    def occupied_buildings(self, state: RiotState, seat: int) -> list[str]:
        board = self.board(state)
        return sorted(
            {
                u.space
                for u in state.units.values()
                if u.seat == seat and board.spaces[u.space].kind == bd.BUILDING
            }
        )

    def unit_count(self, state: RiotState, seat: int) -> int:
        return sum(1 for u in state.units.values() if u.seat == seat)

    def alive_protesters(self, state: RiotState) -> list[int]:
        return [s for s in range(1, state.seats) if not state.eliminated[s]]

    # -- turn flow -----------------------------------------------------------------------
    def outcome(self, state: RiotState) -> Outcome:
        # each side's own measure of progress: Public Opinion cards turned for the Police,
        # Area Points for the protesters (0 for the Nationalists, whose goal is secret)
        opinion = len(state.po_revealed)
        scores = (opinion, *state.area_points[1:])
        stats = {
            N_("area points"): tuple(state.area_points),
            N_("opinion turned"): (opinion,) + (0,) * (state.seats - 1),
            N_("units lost"): tuple(state.removed),
        }
        return Outcome(
            finished=state.phase == OVER,
            winners=tuple(state.winners),
            scores=scores,
            reason=state.reason,
            rounds=state.round,
            stats=stats,
        )

    def police_income(self, state: RiotState) -> int:
        """1 per unit of the weakest protester team, +2 (3 players) or +3 (4 players)."""
        alive = self.alive_protesters(state)
        weakest = min((self.unit_count(state, s) for s in alive), default=0)
        extra = {3: 2, 4: 3}.get(state.seats, 0)
        return weakest + extra

    def protester_income(self, state: RiotState, seat: int) -> int:
        board = self.board(state)
        return sum(board.spaces[b].credits for b in self.occupied_buildings(state, seat))

    def scoring_areas(self, state: RiotState, seat: int) -> list[str]:
        """Areas in which ``seat`` occupies every building."""
        board = self.board(state)
        held = set(self.occupied_buildings(state, seat))
        return [a for a in board.area_ids if set(board.buildings_of(a)) <= held]

    def goal_met(self, state: RiotState, seat: int) -> bool:
        goal_id = state.goals[seat]
        if not goal_id or goal_id == HIDDEN:
            return False
        goal = self.content.goal(goal_id)
        held = self.occupied_buildings(state, seat)
        board = self.board(state)
        if goal.kind.value == "credits":
            return sum(board.spaces[b].credits for b in held) >= goal.value
        return len({board.spaces[b].area for b in held}) >= goal.value

    def begin_turn(self, state: RiotState, seat: int) -> list[Event]:
        """Phase 1, Count Area Points and Credits, then on to Purchase."""
        c = self.content
        state.active = seat
        state.phase = PURCHASE
        state.cards_bought = 0
        state.attacks = {}
        state.clashes = 0
        state.moved = []
        state.po_drawn = ""
        events: list[Event] = [TurnStarted.of(fields={"seat": seat}, round=state.round, seat=seat)]
        if seat == POLICE:
            state.police_now = state.police_next
            state.police_next = {}
        for u in state.units.values():
            if u.seat != seat:
                continue
            ut = c.unit(state.teams[seat], u.kind)
            u.moves = ut.moves
            if seat == POLICE and ut.moves > 1 and state.police_now.get("slow_vans"):
                u.moves = 1
            if (
                seat == POLICE
                and u.space == self.board(state).hospital
                and (state.police_now.get("hospital_lock"))
            ):
                u.moves = 0
            u.attacked = False
            u.fresh = False
            u.wounded = False
        if seat == POLICE:
            income = self.police_income(state) - state.police_now.get("income", 0)
        else:
            income = self.protester_income(state, seat) + state.protester_bonus[seat]
            state.protester_bonus[seat] = 0
        state.credits[seat] = max(0, income)
        events.append(Income.of(fields={"seat": seat}, credits=state.credits[seat], seat=seat))
        team = state.teams[seat]
        if team in ("autonomen", "anarchists"):
            areas = self.scoring_areas(state, seat)
            if areas:
                state.area_points[seat] += len(areas)
                events.append(
                    AreaPoints.of(
                        fields={"seat": seat}, areas=areas, total=state.area_points[seat], seat=seat
                    )
                )
            if state.area_points[seat] >= AREA_POINTS_TO_WIN:
                events += self._finish(
                    state, [seat], f"{team} reached {AREA_POINTS_TO_WIN} area points"
                )
        elif team == "nationalists" and self.goal_met(state, seat):
            goal = self.content.goal(state.goals[seat])
            events += self._finish(
                state, [seat], f"nationalists completed their goal '{goal.label}'"
            )
        return events

    def end_turn(self, state: RiotState) -> list[Event]:
        events: list[Event] = []
        seat = state.active
        if state.po_drawn:
            events += self.reveal_opinion(state)
            if state.phase == OVER:
                return events
        state.credits[seat] = 0  # no banking between turns
        if seat == POLICE:
            if state.order:
                return events + self._next_protester(state, 0)
            return events + self._end_round(state)
        idx = state.order.index(seat) + 1 if seat in state.order else len(state.order)
        return events + self._next_protester(state, idx)

    def _next_protester(self, state: RiotState, idx: int) -> list[Event]:
        while idx < len(state.order) and state.eliminated[state.order[idx]]:
            idx += 1
        if idx < len(state.order):
            return self.begin_turn(state, state.order[idx])
        return self._end_round(state)

    def _end_round(self, state: RiotState) -> list[Event]:
        alive = self.alive_protesters(state)
        state.order = [s for s in state.order if s in alive]
        if len(alive) > 1:
            state.phase = MOVE  # the Police choose the order; no turn is running
            state.active = POLICE
            state.pending.append(Decision("order", POLICE, {"chosen": []}))
            return []
        state.order = alive
        return self._new_round(state)

    def _new_round(self, state: RiotState) -> list[Event]:
        if state.round_limit and state.round >= state.round_limit:
            return self._finish(state, [], f"round limit ({state.round_limit}) reached")
        state.round += 1
        return [NewRound.of(round=state.round, order=list(state.order))] + (
            self.begin_turn(state, POLICE)
        )

    # -- Public Opinion --------------------------------------------------------------------
    def draw_opinion(self, state: RiotState) -> list[Event]:
        """A PO card drawn face down after a valid clash (at most one per turn)."""
        if state.po_drawn or not state.po_deck:
            return []
        state.po_drawn = state.po_deck.pop(0)
        return [OpinionDrawn.of(left=len(state.po_deck))]

    def reveal_opinion(self, state: RiotState) -> list[Event]:
        card = self.content.opinion_card(state.po_drawn)
        state.po_revealed.append(card.id)
        state.po_drawn = ""
        events: list[Event] = [
            OpinionRevealed.of(
                card=card.id, penalty=card.penalty.value, left=len(state.po_deck), reveals=True
            )
        ]
        p = card.penalty.value
        if p == "remove_officer":
            events += self._remove_officer(state, max(1, card.value))
        elif p == "protester_income":
            for s in range(1, state.seats):
                state.protester_bonus[s] += card.value
        elif p == "income":
            state.police_next["income"] = state.police_next.get("income", 0) + card.value
        else:
            state.police_next[p] = 1
        if not state.po_deck:
            events += self._finish(state, [POLICE], N_("the last Public Opinion card was turned"))
        return events

    def _remove_officer(self, state: RiotState, count: int = 1) -> list[Event]:
        """``count`` basic Police units leave the board, those in the HQ first."""
        board = self.board(state)
        basic = self.content.basic_unit("police").id
        officers = [u for u in state.units.values() if u.seat == POLICE and u.kind == basic]
        officers.sort(key=lambda u: (u.space != board.hq, u.id))
        events: list[Event] = []
        for u in officers[:count]:
            events += self.remove_unit(state, u, "suspended")
        return events

    def remove_unit(self, state: RiotState, unit: Unit, why: str) -> list[Event]:
        del state.units[unit.id]
        state.supply[unit.seat][unit.kind] = state.supply[unit.seat].get(unit.kind, 0) + 1
        state.removed[unit.seat] += 1
        return [
            Removed.of(
                fields={"seat": unit.seat},
                unit=unit.id,
                kind=unit.kind,
                space=unit.space,
                why=why,
                seat=unit.seat,
            )
        ]

    def check_eliminations(self, state: RiotState) -> list[Event]:
        if state.phase in (PLACEMENT, OVER):
            return []
        events: list[Event] = []
        present = {u.seat for u in state.units.values()}
        for s in range(1, state.seats):
            if not state.eliminated[s] and s not in present:
                state.eliminated[s] = True
                state.credits[s] = 0
                events.append(Eliminated.of(fields={"seat": s}, seat=s))
        if not self.alive_protesters(state):
            events += self._finish(state, [POLICE], N_("every protester team was eliminated"))
        return events

    # -- movement ------------------------------------------------------------------------
    def step_table(self, board: bd.CityBoard) -> StepTable:
        """(space, is police) -> the neighbours a step may go to (flag: is a building).

        From an entry point only the street; never onto an entry point or into the hospital;
        only the Police into the HQ; the Police never into a building.
        """
        kinds = board.kind_of
        table: StepTable = {}
        for space, near in board.adjacent.items():
            for police in (False, True):
                out = []
                for n in near:
                    kind = kinds[n]
                    if kind == bd.STREET:
                        out.append((n, False))
                    elif kinds[space] == bd.ENTRY or kind in (bd.ENTRY, bd.HOSPITAL):
                        continue
                    elif kind == bd.HQ and police:
                        out.append((n, False))
                    elif kind == bd.BUILDING and not police:
                        out.append((n, True))
                table[(space, police)] = tuple(out)
        return table

    def step_targets(
        self, state: RiotState, unit: Unit, owners: dict[str, int] | None = None
    ) -> list[str]:
        """Spaces one step away that ``unit`` may move onto (buildings: free or its own)."""
        out = []
        for n, building in self._steps(state)[(unit.space, unit.seat == POLICE)]:
            if building:
                if owners is None:
                    owners = self.building_owners(state)
                owner = owners.get(n, unit.seat)
                if owner != unit.seat:
                    continue  # an occupied building is attacked, not entered
            out.append(n)
        return out

    def must_leave_entry(self, state: RiotState, seat: int) -> list[Unit]:
        """``seat``'s units on an Entry Point that still have to step into the street before
        the movement phase may end (4) Movement: the first move of a unit on an Entry Point
        is into the adjacent street, and no unit stops on one). That step is always open
        (every entry point touches its area's street, city.py, and a street is entered past
        enemies). Not held: a unit with no steps left this turn (wounded in this turn's
        street fight: it steps out in its next turn), and, our ruling, a Paramilitary in the
        turn it is created, which keeps its direct attack on an occupied building (Unit
        Specials) only while it has not moved; it steps out in its next turn if it stays."""
        kinds = self.board(state).kind_of
        return [
            u
            for u in state.units.values()
            if u.seat == seat
            and u.moves > 0
            and kinds[u.space] == bd.ENTRY
            and not self.direct_attacker(state, u)
        ]

    def obstructors(self, state: RiotState, street: str, mover: int) -> list[int]:
        return sorted(
            {u.seat for u in state.units.values() if u.space == street and u.seat != mover}
        )

    # -- legal actions -------------------------------------------------------------------
    # Actions built in hot loops are constructed directly: their values are ints and the
    # map's and content's ids, which the loaders check are single words.
    def _turn_actions(self, state: RiotState, seat: int) -> list[Action]:
        if state.phase == PLACEMENT:
            return [Action("place", (("at", b),)) for b in self.placement_options(state, seat)]
        acts: list[Action] = []
        if state.phase == PURCHASE:
            acts += self._purchase_actions(state, seat)
            acts += self._card_actions(state, seat)
            acts.append(_END_PURCHASE)
        elif state.phase == MOVE:
            acts += self._move_actions(state, seat)
            acts += self._card_actions(state, seat)
            if not self.must_leave_entry(state, seat):
                acts.append(_END_MOVE)
        elif state.phase == CLASH:
            acts += self._attack_actions(state)
            acts += self._card_actions(state, seat)
            acts.append(_END_TURN)
        return acts

    def _move_actions(self, state: RiotState, seat: int) -> list[Action]:
        # step_targets inlined: this is the hottest loop of a random playout
        steps = self._steps(state)
        police = seat == POLICE
        owners: dict[str, int] | None = None
        cache = move_action_cache()
        acts = []
        for u in state.units.values():
            if u.seat != seat or u.moves <= 0:
                continue
            uid = u.id
            for n, building in steps[(u.space, police)]:
                if building:
                    if owners is None:
                        owners = self.building_owners(state)
                    if owners.get(n, seat) != seat:
                        continue  # an occupied building is attacked, not entered
                act = cache.get((uid, n))
                if act is None:
                    act = cache[(uid, n)] = Action("move", (("unit", uid), ("to", n)))
                acts.append(act)
        return acts

    def _attack_actions(self, state: RiotState) -> list[Action]:
        return [
            Action("attack", (("target", sp), ("seat", d))) for sp, d in self.attack_targets(state)
        ]

    def _attack_legal(self, state: RiotState, action: Action) -> bool:
        target, d = action.get("target"), action.get("seat")
        if action != Action("attack", (("target", target), ("seat", d))):
            return False
        if self._police_held_back(state):
            return False
        board = self.board(state)
        if target not in board.spaces or board.kind_of[target] not in (bd.STREET, bd.BUILDING):
            return False
        if d == state.active or not any(
            u.space == target and u.seat == d for u in state.units.values()
        ):
            return False
        return self._attackable(state, self._ready_attackers(state), target, d)

    def _is_legal(self, state: RiotState, action: Action) -> bool:
        """Whether ``action`` is in ``legal_actions(state)``, listing only what it could be."""
        if state.pending:
            return action in self._decision_actions(state, state.pending[-1])
        phase, k, seat = state.phase, action.kind, state.active
        if phase == PLACEMENT:
            return action in self.legal_actions(state)
        if k == "play":
            return phase in (PURCHASE, MOVE, CLASH) and action in self._card_actions(state, seat)
        if phase == PURCHASE:
            return action == _END_PURCHASE or action in self._purchase_actions(state, seat)
        if phase == MOVE:
            if k == "move":
                unit = state.units.get(action.get("unit"))
                if unit is None or unit.seat != seat or unit.moves <= 0:
                    return False
                return action == Action(
                    "move", (("unit", unit.id), ("to", action.get("to")))
                ) and action.get("to") in self.step_targets(state, unit)
            return action == _END_MOVE and not self.must_leave_entry(state, seat)
        if phase == CLASH:
            if action == _END_TURN:
                return True
            return k == "attack" and self._attack_legal(state, action)
        return False

    def placement_options(self, state: RiotState, seat: int) -> list[str]:
        board = self.board(state)
        mine = {board.spaces[b].area for b in self.occupied_buildings(state, seat)}
        return [
            b
            for b in board.of_kind(bd.BUILDING)
            if self.occupant(state, b) is None and board.spaces[b].area not in mine
        ]

    def _purchase_actions(self, state: RiotState, seat: int) -> list[Action]:
        c = self.content
        team = state.teams[seat]
        board = self.board(state)
        credits = state.credits[seat]
        acts: list[Action] = []
        if seat == POLICE and state.police_now.get("no_purchase"):
            return acts
        places = [board.hq] if seat == POLICE else board.of_kind(bd.ENTRY)
        for ut in c.teams[team].units:
            if ut.cost > credits or state.supply[seat].get(ut.id, 0) <= 0:
                continue
            if seat == POLICE and not ut.basic and state.police_now.get("basic_only"):
                continue
            acts += [Action("buy", (("unit", ut.id), ("at", p))) for p in places]
        if seat != POLICE and state.decks[seat] and state.cards_bought + 1 <= credits:
            acts.append(_BUY_CARD)
        return acts

    def _card_actions(self, state: RiotState, seat: int) -> list[Action]:
        """Non-Blitz cards, playable at any moment of the owner's own turn."""
        if seat == POLICE:
            return []
        c = self.content
        board = self.board(state)
        acts = []
        for card_id in sorted(set(state.hands[seat])):
            card = c.cards[card_id]
            if card.effect is CardEffect.extra_move:
                # a unit wounded this turn is out of play until the next one
                acts += [
                    Action("play", (("card", card_id), ("unit", u.id)))
                    for u in state.units.values()
                    if u.seat == seat and not u.wounded
                ]
            elif card.effect is CardEffect.reinforcement:
                basic = c.basic_unit(state.teams[seat]).id
                if state.supply[seat].get(basic, 0) > 0:
                    acts += [
                        Action("play", (("card", card_id), ("at", e)))
                        for e in board.of_kind(bd.ENTRY)
                    ]
            elif card.effect is CardEffect.police_fine:
                acts.append(Action("play", (("card", card_id),)))
        return acts

    def _police_held_back(self, state: RiotState) -> bool:
        """Public Opinion penalties that stop the Police starting (more) clashes this turn."""
        if state.active != POLICE:
            return False
        now = state.police_now
        return bool(now.get("no_clashes")) or (bool(now.get("one_attack")) and state.clashes >= 1)

    def attack_targets(self, state: RiotState) -> list[tuple[str, int]]:
        """Enemy groups (space, seat) the active seat may attack now."""
        if self._police_held_back(state):
            return []
        kinds = self.board(state).kind_of
        groups = sorted(
            {
                (u.space, u.seat)
                for u in state.units.values()
                if u.seat != state.active and kinds[u.space] in (bd.STREET, bd.BUILDING)
            }
        )
        if not groups:
            return []
        ready = self._ready_attackers(state)
        return [(sp, d) for sp, d in groups if self._attackable(state, ready, sp, d)]

    def _attackable(
        self, state: RiotState, ready: list[tuple[Unit, set[str] | None]], space: str, d: int
    ) -> bool:
        """Group limit, Police penalties and Force rule, and someone able to reach it."""
        seat = state.active
        if state.attacks.get(group_key(space, d), 0) >= 2:
            return False
        building = self.board(state).kind_of[space] == bd.BUILDING
        if seat == POLICE and building and state.police_now.get("no_building_attacks"):
            return False
        eligible = self._eligible(state, ready, space)
        if not eligible:
            return False
        if seat == POLICE:
            mine = sum(self.force(state, u, not building) for u in eligible)
            return mine >= self.defending_force(state, space, d)
        return True

    def defending_force(self, state: RiotState, space: str, defender: int) -> int:
        """The defenders' Force before cards: their units, +1 when they hold a building.

        The Police may not attack when their units' Force is lower than this (5) Clashes).
        """
        kind = self.board(state).spaces[space].kind
        units = sum(
            self.force(state, u, kind == bd.STREET) for u in self.units_at(state, space, defender)
        )
        return units + (1 if kind == bd.BUILDING else 0)

    def _ready_attackers(self, state: RiotState) -> list[tuple[Unit, set[str] | None]]:
        """The active seat's units that have not attacked, with their reach (None: the unit
        has moved already or has no steps, so it attacks only in its own area; 5) Clashes)."""
        moved = state.moved
        return [
            (u, self.reach(state, u) if u.moves > 0 and u.id not in moved else None)
            for u in state.units.values()
            if u.seat == state.active and not u.attacked
        ]

    def direct_attacker(self, state: RiotState, unit: Unit) -> bool:
        """S.W.A.T. or Paramilitary "when created": bought this turn and not moved yet."""
        return (
            unit.fresh and unit.id not in state.moved and self.unit_type(state, unit).direct_attack
        )

    def _eligible(
        self, state: RiotState, ready: list[tuple[Unit, set[str] | None]], space: str
    ) -> list[Unit]:
        board = self.board(state)
        target_area = board.spaces[space].area
        is_building = board.kind_of[space] == bd.BUILDING
        out = []
        for u, reach in ready:
            if is_building and self.direct_attacker(state, u):
                out.append(u)
            elif reach is not None:
                if space in reach:
                    out.append(u)
            elif target_area and board.spaces[u.space].area == target_area:
                out.append(u)
        return out

    def eligible_attackers(self, state: RiotState, space: str, defender: int) -> list[Unit]:
        """Units of the active seat that may join an attack on ``space`` now."""
        return self._eligible(state, self._ready_attackers(state), space)

    # -- applying ------------------------------------------------------------------------
    def apply(self, state: RiotState, action: Action) -> list[Event]:
        events = super().apply(state, action)
        # riot only: a protester team without units left is out of the game
        if state.phase != OVER and any(isinstance(e, Removed) for e in events):
            events += self.check_eliminations(state)
        return events

    def _why_illegal(self, state: RiotState, action: Action) -> str:
        if action.kind in ACTION_KINDS_REFUSED:
            return menu.refuse(self, state, action)
        return self._common_refusal(state, action) or menu.refuse(self, state, action)

    def action_menu(self, state: RiotState) -> list[MenuEntry]:
        """The action bar: this phase's actions by heading, greyed ones with why (riot.menu)."""
        return menu.riot_menu(self, state)

    def _apply_turn_action(self, state: RiotState, action: Action) -> list[Event]:
        seat = state.active
        kind = action.kind
        board = self.board(state)
        c = self.content
        if kind == "place":
            return self._place(state, action.word("at"))
        if kind == "buy":
            ut = c.unit(state.teams[seat], action.word("unit"))
            state.credits[seat] -= ut.cost
            state.supply[seat][ut.id] -= 1
            u = self._new_unit(state, seat, ut.id, action.word("at"))
            u.fresh = True
            return [bought_event(seat, u, ut.cost)]
        if kind == "buy_card":
            cost = state.cards_bought + 1
            state.credits[seat] -= cost
            state.cards_bought += 1
            card = state.decks[seat].pop(0)
            state.hands[seat].append(card)
            return [
                CardBought.of(fields={"seat": seat}, cost=cost, seat=seat),
                private_draw(seat, card),
            ]
        if kind == "play":
            return self._play_own_card(state, action)
        if kind == "end_purchase":
            state.phase = MOVE
            return [PhaseChanged.of(phase=MOVE)]
        if kind == "end_move":
            state.phase = CLASH
            return [PhaseChanged.of(phase=CLASH)]
        if kind == "end_turn":
            return self.end_turn(state)
        if kind == "move":
            unit = state.units[action.number("unit")]
            to = action.word("to")
            if board.spaces[to].kind == bd.BUILDING:
                blockers = self.obstructors(state, unit.space, unit.seat)
                if blockers:
                    state.pending.append(
                        Decision(
                            "obstruct",
                            blockers[0],
                            {
                                "mode": "move",
                                "unit": unit.id,
                                "to": to,
                                "street": unit.space,
                                "queue": blockers[1:],
                            },
                        )
                    )
                    return [ObstructAsked.of(fields={"seat": blockers[0]}, unit=unit.id, to=to)]
            return self._step(state, unit, to)
        if kind == "attack":
            target, d = action.word("target"), action.number("seat")
            # who may join is fixed for the whole declaration: computed once
            eligible = [u.id for u in self.eligible_attackers(state, target, d)]
            state.pending.append(
                Decision(
                    "declare",
                    seat,
                    {"target": target, "defender": d, "units": [], "eligible": eligible},
                )
            )
            return [AttackDeclared.of(fields={"seat": seat}, target=target, defender=d)]
        raise IllegalAction(_("unknown action"), action)

    def unit_moves(self, state: RiotState, seat: int, kind: str) -> int:
        return self.content.unit(state.teams[seat], kind).moves

    def _place(self, state: RiotState, building: str) -> list[Event]:
        seat = state.active
        basic = self.content.basic_unit(state.teams[seat]).id
        state.supply[seat][basic] -= 1
        u = self._new_unit(state, seat, basic, building)
        events: list[Event] = [Placed.of(fields={"seat": seat}, unit=u.id, at=building, seat=seat)]
        state.placement.pop(0)
        if state.placement:
            state.active = state.placement[0]
            return events
        state.round = 0
        return events + self._new_round(state)

    def _step(self, state: RiotState, unit: Unit, to: str) -> list[Event]:
        frm = unit.space
        unit.space = to
        unit.moves -= 1
        unit.wounded = False
        if unit.id not in state.moved:
            state.moved.append(unit.id)
        return [Moved.of(fields={"from": frm}, unit=unit.id, to=to, seat=unit.seat)]

    def _discard(self, state: RiotState, seat: int, card_id: str) -> None:
        state.hands[seat].remove(card_id)
        state.discards[seat].append(card_id)

    def _play_own_card(self, state: RiotState, action: Action) -> list[Event]:
        seat = state.active
        card = self.content.cards[action.word("card")]
        self._discard(state, seat, card.id)
        events: list[Event] = [
            CardPlayed.of(fields={"seat": seat}, card=card.id, seat=seat, reveals=True)
        ]
        if card.effect is CardEffect.extra_move:
            state.units[action.number("unit")].moves += card.value
        elif card.effect is CardEffect.reinforcement:
            basic = self.content.basic_unit(state.teams[seat]).id
            state.supply[seat][basic] -= 1
            u = self._new_unit(state, seat, basic, action.word("at"))
            events.append(Reinforced.of(fields={"seat": seat}, unit=u.id, at=u.space))
        elif card.effect is CardEffect.police_fine:
            state.police_next["income"] = state.police_next.get("income", 0) + card.value
        return events

    # -- decisions -----------------------------------------------------------------------
    def _decision_actions(self, state: RiotState, frame: Decision) -> list[Action]:
        handler = FRAMES.get(frame.kind)
        return handler.actions(self, state, frame) if handler else []

    def _street_fight_ok(self, state: RiotState, frame: Decision) -> bool:
        data = frame.data
        street, by, seat = data["street"], data["by"], frame.seat
        if state.attacks.get(group_key(street, by), 0) >= 2:
            return False
        units = [state.units[i] for i in data["units"]]
        if any(u.attacked for u in units):
            return False
        if seat == POLICE:
            mine = sum(self.force(state, u, True) for u in units)
            return mine >= self.defending_force(state, street, by)
        return True

    def _apply_decision(self, state: RiotState, action: Action) -> list[Event]:
        frame = state.pending[-1]
        return FRAMES[frame.kind].resolve(self, state, frame, action)

    def _answer_obstruct(self, state: RiotState, frame: Decision, obstruct: bool) -> list[Event]:
        state.pending.pop()
        data = frame.data
        mover = state.units[data["unit"]].seat if data["mode"] == "move" else data["attacker"]
        if obstruct:
            units = [data["unit"]] if data["mode"] == "move" else data["units"]
            state.pending.append(
                Decision(
                    "obstructed",
                    mover,
                    {
                        "mode": data["mode"],
                        "units": units,
                        "street": data["street"],
                        "by": frame.seat,
                    },
                )
            )
            return [Obstructed.of(by=frame.seat, street=data["street"], seat=frame.seat)]
        events: list[Event] = [LetPass.of(by=frame.seat, seat=frame.seat)]
        if data["queue"]:
            nxt = dict(data)
            nxt["queue"] = data["queue"][1:]
            state.pending.append(Decision("obstruct", data["queue"][0], nxt))
            return events
        if data["mode"] == "move":
            return events + self._step(state, state.units[data["unit"]], data["to"])
        return events + self.start_clash(
            state, data["attacker"], data["units"], data["target"], data["defender"]
        )

    # -- information ---------------------------------------------------------------------
    def view(self, state: RiotState, seat: int) -> RiotState:
        v = state.copy()
        for s in range(v.seats):
            if s != seat:
                v.hands[s] = [HIDDEN] * len(v.hands[s])
                if v.goals[s]:
                    v.goals[s] = HIDDEN
            v.decks[s] = [HIDDEN] * len(v.decks[s])
        v.po_deck = [HIDDEN] * len(v.po_deck)
        if v.po_drawn:
            v.po_drawn = HIDDEN
        v.rng = Rng(0)
        return v

    def determinize(self, view: RiotState, seat: int, seed: int) -> RiotState:
        s = view.copy()
        rng = Rng(seed)
        c = self.content
        for p in range(s.seats):
            pool = list(c.decks.get(s.teams[p], ()))
            for known in s.discards[p] + [h for h in s.hands[p] if h != HIDDEN]:
                if known in pool:
                    pool.remove(known)
            rng.shuffle(pool)
            s.hands[p] = fill_hidden(s.hands[p], HIDDEN, pool)
            s.decks[p] = pool[: len(s.decks[p])]
            if s.goals[p] == HIDDEN:
                s.goals[p] = rng.choice([g.id for g in c.goals])
        po_pool = [p.id for p in c.opinion if p.id not in s.po_revealed]
        rng.shuffle(po_pool)
        if s.po_drawn == HIDDEN:
            # an edited position may have turned every card already
            s.po_drawn = po_pool.pop() if po_pool else c.opinion[0].id
        s.po_deck = po_pool[: len(s.po_deck)]
        s.rng = Rng(seed ^ 0x5EED)
        return s

    # -- positions -----------------------------------------------------------------------
    def from_position(self, position: Mapping[str, Any]) -> RiotState:
        """A position from outside, every field checked (riot.positions); raises
        PositionError naming the field."""
        return read_riot(self, position)

    def reason_text(self, reason: str) -> str:
        from riotsim.games.riot.common import reason_text

        return reason_text(reason)

    def describe(self, state: RiotState, action: Action) -> str:
        return describe_action(self, state, action)

    def seat_roles(self, setup: GameSetup) -> list[str]:
        """The team each seat will play (seat 0 is always the Police), for the setup screen
        and the play screen; seats beyond what the options allow read ''."""
        n = setup.seats
        chosen = str(setup.options.get("protesters", "") or "")
        protesters = tuple(chosen.split(",")) if chosen else TEAM_SETS.get(n, ())
        teams = ["police", *protesters][:n]
        labels = [_(self.content.teams[t].label) if t in self.content.teams else "" for t in teams]
        return labels + [""] * (n - len(labels))

    def evaluate(self, state: RiotState, seat: int) -> float:
        """Bot heuristic (bots.position_value): own standing towards victory against the best
        rival's, a declared or running clash judged as if fought out at once."""
        if state.phase == OVER:
            return 1.0 if seat in state.winners else -1.0
        if state.clash is not None or (state.pending and state.pending[-1].kind == "declare"):
            projected = self._project_clash(state)
            if projected is not None:
                return self.evaluate(projected, seat)
        if state.pending and state.pending[-1].kind == "obstruct":
            return self._judge_obstruct(state, seat)
        return bots.position_value(self, state, seat)

    def _judge_obstruct(self, state: RiotState, seat: int) -> float:
        """An entry waiting on the street's owner: the owner lets it pass or obstructs
        (and the mover then gives up), whichever the owner values more."""
        owner = state.pending[-1].seat
        best: tuple[float, float] | None = None
        for answer in ("let_pass", "obstruct"):
            s = state.copy()
            try:
                self.apply(s, Action(answer))
                if s.pending and s.pending[-1].kind == "obstructed":
                    self.apply(s, Action("give_up"))
            except IllegalAction:
                continue
            if s.pending and s.pending[-1].kind == "obstruct":
                value = (bots.position_value(self, s, owner), bots.position_value(self, s, seat))
            else:
                value = (self.evaluate(s, owner), self.evaluate(s, seat))
            if best is None or value[0] > best[0]:
                best = value
        return bots.position_value(self, state, seat) if best is None else best[1]

    def rollout_action(self, state: RiotState, legal: list[Action], rng: Rng) -> Action:
        return bots.rollout_action(self, state, legal, rng)

    def turn_key(self, state: RiotState) -> Any:
        return bots.turn_key(self, state)

    def _project_clash(self, state: RiotState) -> RiotState | None:
        """A copy of ``state`` with the declared or running clash fought out at once (no more
        cards), so a one-ply bot sees what its attack would lead to (a win, if it takes the
        last protester units)."""
        s = state.copy()
        frame = s.pending[-1] if s.pending else None
        if s.clash is None:
            if frame is None:
                return None
            s.pending.pop()
            d = frame.data
            # a declaration still open is judged as if every eligible unit joined
            ids = list(d["units"]) or list(d.get("eligible") or ())
            if not ids:
                return None
            self.start_clash(s, frame.seat, ids, d["target"], d["defender"])
        cl = s.clash
        if cl is None:
            return s
        s.pending = [f for f in s.pending if f.kind not in ("distance", "continue", "blitz")]
        if not cl.engaged():
            self._settle_at_distance(s)
        elif not cl.hand_to_hand and self._police_outnumbered(s):
            self._police_stop(s)
        else:
            self._resolve(s)
        self.check_eliminations(s)  # as ``apply`` does: the last units gone end the game
        return s


def describe_action(rules: RiotRules, state: RiotState, action: Action) -> str:
    k = action.kind
    c = rules.content
    board = rules.board(state)
    if k == "place":
        return _("Place a unit in {place}").format(place=board.label(action.word("at")))
    if k == "buy":
        unit = c.unit(state.teams[state.active], action.word("unit")).label
        return _("Buy {unit} at {place}").format(unit=_(unit), place=board.label(action.word("at")))
    if k == "buy_card":
        cost = state.cards_bought + 1
        return _("Buy a card ({cost})").format(cost=credits_text(cost))
    if k == "play":
        return _describe_play(rules, state, action)
    if k == "commit":
        u = state.units.get(action.number("unit"))
        if u is None:
            return str(action)
        return _("Add {unit} #{id} from {place}").format(
            unit=_(rules.unit_type(state, u).label), id=u.id, place=board.label(u.space)
        )
    if k == "next":
        frame = state.pending[-1] if state.pending else None
        nth = len(frame.data.get("chosen", [])) if frame and frame.kind == "order" else 0
        return _next_round_text(nth, _(c.teams[state.teams[action.number("seat")]].label))
    if k == "move":
        u = state.units.get(action.number("unit"))
        label = _(rules.unit_type(state, u).label) if u else _("unit")
        return _("Move {unit} #{id} to {place}").format(
            unit=label, id=action["unit"], place=board.label(action.word("to"))
        )
    if k == "attack":
        team = _(c.teams[state.teams[action.number("seat")]].label)
        return _("Attack {team} at {place}").format(
            team=team, place=board.label(action.word("target"))
        )
    word = {**COMMON_LABELS, **_LABELS}.get(k)
    return _(word) if word else str(action)


_LABELS = {  # N_: translated where shown
    "obstruct": N_("Obstruct"),
    "let_pass": N_("Let them pass"),
    "street_fight": N_("Fight in the street"),
    "give_up": N_("Give up"),
    "pass": N_("Pass"),
    "press_on": N_("Go hand to hand"),
    "withdraw": N_("Stop the attack"),
}


def _describe_play(rules: RiotRules, state: RiotState, action: Action) -> str:
    """'Play Forced March for Activist #4', 'Play Reinforcements at NW entry'."""
    board = rules.board(state)
    card = _(rules.content.cards[action.word("card")].label)
    uid = action.get("target", action.get("unit"))
    if uid is not None:
        u = state.units.get(uid) if isinstance(uid, int) else None
        if u:
            name = _("{unit} #{id}").format(unit=_(rules.unit_type(state, u).label), id=uid)
        else:
            name = f"#{uid}"
        if action.get("target") is not None:
            return _("Play {card} on {unit}").format(card=card, unit=name)
        return _("Play {card} for {unit}").format(card=card, unit=name)
    if action.get("at") is not None:
        return _("Play {card} at {place}").format(card=card, place=board.label(action.word("at")))
    return _("Play {card}").format(card=card)


def _next_round_text(nth: int, team: str) -> str:
    """The Police's choice of the next round's order: the ``nth`` place (0: first) to ``team``."""
    if nth == 0:
        return _("{team} play first next round").format(team=team)
    if nth == 1:
        return _("{team} play second next round").format(team=team)
    if nth == 2:
        return _("{team} play third next round").format(team=team)
    return _("{team} play fourth next round").format(team=team)


def placement_need(seats: int) -> int:
    """*First Round*: buildings, each in a different area, that every protester occupies
    (one at a time, in turn): two, or four in a 2-player game."""
    return 4 if seats == 2 else 2


def first_round_problem(board: bd.CityBoard, seats: int) -> str:
    """Why this city cannot host the *First Round* of a ``seats``-player game (each
    protester occupies ``placement_need`` buildings in as many different areas), or ''."""
    need, protesters = placement_need(seats), seats - 1
    areas = {board.spaces[b].area for b in board.of_kind(bd.BUILDING)}
    total = len(board.of_kind(bd.BUILDING))
    if len(areas) < need or total < need * protesters:
        return ngettext(
            "{map}: the First Round of a {seats}-player game needs {buildings} buildings, "
            "each protester's {need} in different areas; this city has {total} in {n} area",
            "{map}: the First Round of a {seats}-player game needs {buildings} buildings, "
            "each protester's {need} in different areas; this city has {total} in {n} areas",
            len(areas),
        ).format(
            map=board.name,
            seats=seats,
            buildings=need * protesters,
            need=need,
            total=total,
            n=len(areas),
        )
    return ""
