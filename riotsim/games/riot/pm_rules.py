"""RIOT Politics & Media (``riot-pm``): Protesters (seat 1) against the Police (seat 0).

Shared with ``riot``: the city board model and map loader (city.py, city_maps.py), the unit
record (state.Unit), the way a winner's losses fall on its weakest units first (losses.py), the
YAML loading of the data folder (data_files.py) and, in the base class CityRules (common.py),
what both rule sets do alike: board cache, round-limit option, turn skeleton (pending decisions
first, refusal messages), whose turn it is, game end, new units, building owners, the step-table
memo and the reach search, positions, content and board checks, hidden-card filling, and the
bought and private card-drawn events. The clash machinery of ``riot`` (clash.py) is not used:
combat here is a different procedure (below). Every rule where the two sheets differ lives in
this module, listed here in one place:

* Victory: 5 points on the Politics or Media tug-of-war track, moved at the start of a turn by
  the districts the player controls (all three buildings) and by cards.
* Buildings give credits (yellow), Politics cards (orange) or Media cards (green); the barracks
  always gives the Police 1 credit and can never be attacked. Credits are kept between turns
  (the sheet has no "no banking" rule).
* The Police may occupy buildings (they need districts too); only Riot Vans never enter one.
* Characters (activation 2 credits) unlock special units, bound cards and a power.
* Every unit moves 1 (vans 2) and is spent after moving or attacking: no attack after a move,
  one attack per unit per turn. No obstruction, no distance phase, no wounded state.
* Combat: attacker then defender commit a number of face-down RIOT cards (plus face-up Instant
  cards); totals compared; the loser's units are removed; the winner loses points of units
  from the wounded table, read from the loser's total.
* Occupation markers: a building held since the start of the turn keeps its owner when its
  units leave; enemies then walk in without a fight.
* No hospital on the board (CLOSED_KINDS holds only the entry points); the step table has its
  own key (space, is police, is a van).
* First turn: the Protesters place 2 basic units anywhere; then the Police start with the
  barracks' credit.
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
from riotsim.games.riot import city as bd
from riotsim.games.riot import pm_bots, pm_menu
from riotsim.games.riot.actions import PM_ACTIONS
from riotsim.games.riot.common import (
    COMMON_LABELS,
    DEFAULT_ROUND_LIMIT,
    CityRules,
    StepTable,
    bought_event,
    credits_text,
    fill_hidden,
    move_action_cache,
    private_draw,
    round_limit_option,
)
from riotsim.games.riot.events import (
    CardPlayed,
    Entered,
    Moved,
    PhaseChanged,
    Placed,
    Tie,
    TurnStarted,
)
from riotsim.games.riot.fights import Combat
from riotsim.games.riot.losses import take_losses
from riotsim.games.riot.pm_content import (
    Effect,
    PMContent,
    PMUnit,
    Power,
    Special,
    load_pm_content,
    pm_content,
    riot_value,
)
from riotsim.games.riot.pm_events import (
    Activated,
    CardsDrawn,
    CombatRevealed,
    CombatStarted,
    CombatWon,
    Deactivated,
    PMAttackDeclared,
    PMIncome,
    PMRemoved,
    RiotBought,
    TrackMoved,
)
from riotsim.games.riot.pm_frames import FRAMES
from riotsim.games.riot.pm_state import (
    CARDS,
    COMBAT,
    HIDDEN_MEDIA,
    HIDDEN_POLITICS,
    HIDDEN_RIOT,
    MOVE,
    OVER,
    PURCHASE,
    SETUP,
    PMState,
)
from riotsim.games.riot.positions import read_pm
from riotsim.games.riot.state import Unit
from riotsim.i18n import N_, _

POLICE, PROTESTERS = 0, 1
SIDE = ("police", "protesters")
TRACK_END = 5
TRACKS = ("politics", "media")
SETUP_UNITS = 2
_PHASE_ENDS = {k: Action(k) for k in ("end_purchase", "end_cards", "end_move", "end_turn")}
_PHASE_ENDS_IN = {
    "end_purchase": PURCHASE,
    "end_cards": CARDS,
    "end_move": MOVE,
    "end_turn": COMBAT,
}
COLOUR_YIELD = {"yellow": "credit", "orange": "politics", "green": "media"}


def toward(seat: int) -> int:
    """Direction a seat pulls the markers: Protesters towards +5, Police towards -5."""
    return 1 if seat == PROTESTERS else -1


_LABELS = {"end_cards": N_("Done with cards"), "done": N_("Done committing")}  # N_: shown via _


class PoliticsMediaRules(CityRules[PMState]):
    id: ClassVar[str] = "riot-pm"
    name: ClassVar[str] = "RIOT: Politics & Media"
    max_players: ClassVar[int] = 2
    fight_field: ClassVar[str] = "combat"
    action_kinds = PM_ACTIONS
    CLOSED_KINDS: ClassVar[tuple[str, ...]] = (bd.ENTRY,)  # the board has no hospital
    content_loader = staticmethod(load_pm_content)
    # measured in docs/riot-balance.md: plain rollouts of 200 random plies lose to greedy
    # (random RIOT playouts are all Police wins), short ones cut by evaluate do not; the
    # turn planner (scored at each turn's end) as Normal loses to that search as Hard
    bot_levels: ClassVar[Mapping[str, tuple[str, Mapping[str, Any]]]] = {
        "normal": ("planner", {"width": 6, "samples": 2}),
        "hard": ("mcts", {"max_rollout": 2}),
    }

    def options(self) -> list[OptionSpec]:
        return [round_limit_option()]

    @property
    def content(self) -> PMContent:
        return pm_content()

    def unit_type(self, unit: Unit) -> PMUnit:
        return self.content.units[unit.kind]

    # -- setup ---------------------------------------------------------------------------
    def new_state(self, setup: GameSetup) -> PMState:
        if setup.seats != 2:
            raise ValueError(_("Politics & Media is a 2-player game"))
        c = self.content
        rng = Rng(setup.seed)
        s = PMState(map_id=self.setup_map(setup), rng=rng)
        s.round_limit = int(setup.options.get("round_limit", DEFAULT_ROUND_LIMIT))
        for seat in (0, 1):
            deck = list(c.riot_deck)
            rng.shuffle(deck)
            s.riot_decks[seat] = deck
        s.politics_deck = list(c.politics_deck)
        s.media_deck = list(c.media_deck)
        rng.shuffle(s.politics_deck)
        rng.shuffle(s.media_deck)
        s.phase = SETUP
        s.active = PROTESTERS
        s.setup_left = SETUP_UNITS
        self.board(s)
        return s

    # -- queries -------------------------------------------------------------------------
    def occupant(self, state: PMState, space: str) -> int | None:
        for u in state.units.values():
            if u.space == space:
                return u.seat
        return state.markers.get(space)

    def holders(self, state: PMState) -> dict[str, int]:
        """Building -> the seat holding it: its units, or else its occupation marker."""
        kinds = self.board(state).kind_of
        out = dict(state.markers)
        for u in state.units.values():
            if kinds[u.space] == bd.BUILDING:
                out[u.space] = u.seat
        return out

    def held_buildings(self, state: PMState, seat: int) -> list[str]:
        holders = self.holders(state)
        return [b for b in self.board(state).by_kind[bd.BUILDING] if holders.get(b) == seat]

    def controlled_districts(self, state: PMState, seat: int) -> list[str]:
        board = self.board(state)
        held = set(self.held_buildings(state, seat))
        return [a for a in board.area_ids if set(board.buildings_of(a)) <= held]

    def active_power(self, state: PMState, seat: int, power: Power) -> bool:
        chars = self.content.characters
        return any(chars[c].power is power for c in state.characters[seat])

    def power_value(self, state: PMState, seat: int, power: Power) -> int:
        """What the seat's active Characters with ``power`` give together (0 if none)."""
        chars = self.content.characters
        return sum(chars[c].value for c in state.characters[seat] if chars[c].power is power)

    def role_active(self, state: PMState, seat: int, role: str) -> bool:
        chars = self.content.characters
        return any(chars[c].role.value == role for c in state.characters[seat])

    def riot_card_cost(self, state: PMState, seat: int) -> int:
        """1, 2, 3... within a turn; the Spokesperson makes the first one free."""
        n = state.riot_bought + 1
        if n == 1 and self.active_power(state, seat, Power.free_riot_card):
            return 0
        return n

    # -- tracks and turn flow ------------------------------------------------------------
    def move_track(self, state: PMState, track: str, seat: int, steps: int) -> list[Event]:
        """Tug of war: the marker moves ``steps`` towards ``seat``, never past either end."""
        before = state.tracks[track]
        state.tracks[track] = max(-TRACK_END, min(TRACK_END, before + toward(seat) * steps))
        events: list[Event] = [
            TrackMoved.of(
                fields={"from": before, "seat": seat}, track=track, to=state.tracks[track]
            )
        ]
        if abs(state.tracks[track]) >= TRACK_END and state.phase != OVER:
            winner = PROTESTERS if state.tracks[track] > 0 else POLICE
            events += self._finish(
                state, [winner], f"{SIDE[winner]} reached {TRACK_END} on the {track} track"
            )
        return events

    def outcome(self, state: PMState) -> Outcome:
        t = state.tracks
        return Outcome(
            finished=state.phase == OVER,
            winners=tuple(state.winners),
            scores=(
                max(0, -t["politics"]) + max(0, -t["media"]),
                max(0, t["politics"]) + max(0, t["media"]),
            ),
            reason=state.reason,
            rounds=state.round,
            stats={
                "politics": (-t["politics"], t["politics"]),
                "media": (-t["media"], t["media"]),
                N_("units lost"): tuple(state.removed),
            },
        )

    def _draw(self, state: PMState, deck_name: str) -> str | None:
        deck = state.politics_deck if deck_name == "politics" else state.media_deck
        if not deck:
            ids = (
                self.content.politics_deck if deck_name == "politics" else (self.content.media_deck)
            )
            pool = [c for c in state.discard if c in set(ids)]
            if not pool:
                return None
            for c in pool:
                state.discard.remove(c)
            state.rng.shuffle(pool)
            deck.extend(pool)
        return deck.pop(0)

    def begin_turn(self, state: PMState, seat: int) -> list[Event]:
        """Count points; collect credits and cards."""
        board = self.board(state)
        state.active = seat
        state.phase = PURCHASE
        state.riot_bought = 0
        state.moved = []
        if seat == PROTESTERS:
            state.round += 1
            if state.round_limit and state.round > state.round_limit:
                state.round -= 1
                return self._finish(state, [], f"round limit ({state.round_limit}) reached")
        events: list[Event] = [TurnStarted.of(fields={"seat": seat}, round=state.round, seat=seat)]
        for u in state.units.values():
            if u.seat == seat:
                u.moves = self.unit_type(u).moves
                u.attacked = False
                u.fresh = False
        state.established = {k: v for k, v in state.established.items() if v != seat}
        mine = {u.space for u in state.units.values() if u.seat == seat}
        for b in board.by_kind[bd.BUILDING]:
            if b in mine:
                state.established[b] = seat
        for district in self.controlled_districts(state, seat):
            kind = board.spaces[board.street_of(district)].district or "politics"
            events += self.move_track(state, kind, seat, 1)
            if state.phase == OVER:
                return events
        held = self.held_buildings(state, seat)
        colours = [board.spaces[b].colour for b in held]
        credits = colours.count("yellow")
        draws = {"politics": colours.count("orange"), "media": colours.count("green")}
        if seat == POLICE:
            credits += 1  # the barracks, always
            credits += self.power_value(state, seat, Power.barracks_credit)
        draws["politics"] += self.power_value(state, seat, Power.politics_card)
        draws["media"] += self.power_value(state, seat, Power.media_card)
        state.credits[seat] += credits
        drawn: list[str] = []
        for deck_name, n in draws.items():
            for _draw in range(n):
                card = self._draw(state, deck_name)
                if card:
                    state.hands[seat].append(card)
                    drawn.append(card)
        events.append(
            PMIncome.of(
                fields={"seat": seat},
                credits=credits,
                cards=len(drawn),
                politics=sum(1 for c in drawn if c in self.content.politics_deck),
                media=sum(1 for c in drawn if c not in self.content.politics_deck),
                seat=seat,
                reveals=bool(drawn),
            )
        )
        if drawn:
            events.append(
                CardsDrawn.of(
                    fields={"seat": seat}, cards=drawn, seat=seat, reveals=True, private_to=seat
                )
            )
        return events

    def end_turn(self, state: PMState) -> list[Event]:
        return self.begin_turn(state, 1 - state.active)

    # -- movement ------------------------------------------------------------------------
    def step_table(self, board: bd.CityBoard) -> StepTable:
        """(space, is police, is a van) -> where a step may go (flag: is a building). From an
        entry only to its street; never onto an entry; only the Police into the barracks;
        vans never into buildings."""
        kinds = board.kind_of
        table: StepTable = {}
        for space, near in board.adjacent.items():
            for police in (False, True):
                for van in (False, True):
                    out = []
                    for n in near:
                        kind = kinds[n]
                        if kind == bd.STREET:
                            out.append((n, False))
                        elif kinds[space] == bd.ENTRY or kind == bd.ENTRY:
                            continue
                        elif kind == bd.HQ:
                            if police:
                                out.append((n, False))
                        elif kind == bd.BUILDING:
                            if not van:
                                out.append((n, True))
                        else:
                            out.append((n, False))
                    table[(space, police, van)] = tuple(out)
        return table

    def step_targets(self, state: PMState, unit: Unit) -> list[str]:
        van = self.unit_type(unit).special is Special.van
        out = []
        inside: dict[str, int] | None = None
        for n, building in self._steps(state)[(unit.space, unit.seat == POLICE, van)]:
            if building:
                if inside is None:
                    inside = self.building_owners(state)
                if inside.get(n, unit.seat) != unit.seat:
                    continue  # an enemy-held building is attacked, not entered
            out.append(n)
        return out

    def _move_actions(self, state: PMState, seat: int) -> list[Action]:
        # step_targets inlined: the hottest loop of a random playout
        steps = self._steps(state)
        units = self.content.units
        police = seat == POLICE
        inside: dict[str, int] | None = None
        cache = move_action_cache()
        acts = []
        for u in state.units.values():
            if u.seat != seat or u.moves <= 0 or u.attacked:
                continue
            van = units[u.kind].special is Special.van
            for n, building in steps[(u.space, police, van)]:
                if building:
                    if inside is None:
                        inside = self.building_owners(state)
                    if inside.get(n, seat) != seat:
                        continue
                act = cache.get((u.id, n))
                if act is None:
                    act = cache[(u.id, n)] = Action("move", (("unit", u.id), ("to", n)))
                acts.append(act)
        return acts

    def enemy_inside(self, state: PMState, space: str, seat: int) -> bool:
        return any(u.space == space and u.seat != seat for u in state.units.values())

    def ready(self, state: PMState, unit: Unit) -> bool:
        """Not yet flipped: units are spent after moving or attacking."""
        return not unit.attacked and unit.id not in state.moved and unit.moves > 0

    def eligible_attackers(self, state: PMState, target: str) -> list[Unit]:
        return [
            u
            for u in state.units.values()
            if u.seat == state.active
            and self.ready(state, u)
            and u.space != target
            and target in self.reach(state, u)
        ]

    def attack_targets(self, state: PMState) -> list[str]:
        board = self.board(state)
        enemy = 1 - state.active
        spaces = sorted(
            {
                u.space
                for u in state.units.values()
                if u.seat == enemy and board.spaces[u.space].kind in (bd.STREET, bd.BUILDING)
            }
        )
        if not spaces:
            return []
        # each ready unit's reach once, rather than once per target
        reaches = [
            (u.space, self.reach(state, u))
            for u in state.units.values()
            if u.seat == state.active and self.ready(state, u)
        ]
        return [sp for sp in spaces if any(h != sp and sp in r for h, r in reaches)]

    # -- legal actions -------------------------------------------------------------------
    def _turn_actions(self, state: PMState, seat: int) -> list[Action]:
        c = self.content
        board = self.board(state)
        acts: list[Action] = []
        if state.phase == SETUP:
            places = [
                s
                for s in board.spaces
                if board.spaces[s].kind in (bd.STREET, bd.BUILDING)
                and self.occupant(state, s) in (None, seat)
            ]
            basics = [u.id for u in c.side_units("protesters") if u.special is None]
            return [
                Action("place", (("unit", k), ("at", p))) for k in basics for p in sorted(places)
            ]
        if state.phase == PURCHASE:
            places = [board.hq] if seat == POLICE else board.of_kind(bd.ENTRY)
            for ut in c.side_units(SIDE[seat]):
                if ut.cost > state.credits[seat]:
                    continue
                if ut.character and ut.character not in state.characters[seat]:
                    continue
                acts += [Action("buy", (("unit", ut.id), ("at", p))) for p in places]
            if state.riot_decks[seat] and self.riot_card_cost(state, seat) <= state.credits[seat]:
                acts.append(Action("buy_riot"))
            if state.credits[seat] >= 2:
                acts += [
                    Action("activate", (("character", ch.id),))
                    for ch in c.characters.values()
                    if ch.side == SIDE[seat] and ch.id not in state.characters[seat]
                ]
            acts.append(Action("end_purchase"))
        elif state.phase == CARDS:
            acts += self._card_actions(state, seat)
            acts.append(Action("end_cards"))
        elif state.phase == MOVE:
            acts += self._move_actions(state, seat)
            acts.append(_PHASE_ENDS["end_move"])
        elif state.phase == COMBAT:
            acts += [Action("attack", (("target", t),)) for t in self.attack_targets(state)]
            acts.append(Action("end_turn"))
        return acts

    def _playable(self, state: PMState, seat: int, card_id: str) -> bool:
        card = self.content.cards[card_id]
        return card.bound is None or self.role_active(state, seat, card.bound.value)

    def _card_actions(self, state: PMState, seat: int) -> list[Action]:
        c = self.content
        acts = []
        for card_id in sorted(set(state.hands[seat])):
            card = c.cards[card_id]
            if card.instant or not self._playable(state, seat, card_id):
                continue
            if card.effect is Effect.track:
                acts.append(Action("play", (("card", card_id),)))
            elif card.effect is Effect.extra_move:
                acts += [
                    Action("play", (("card", card_id), ("unit", u.id)))
                    for u in state.units.values()
                    if u.seat == seat and not u.attacked
                ]
            elif card.effect is Effect.deactivate and state.characters[1 - seat]:
                acts += [
                    Action("play", (("card", card_id), ("character", ch)))
                    for ch in sorted(state.characters[1 - seat])
                ]
        return acts

    def _decision_actions(self, state: PMState, frame: Decision) -> list[Action]:
        handler = FRAMES.get(frame.kind)
        return handler.actions(self, state, frame) if handler else []

    # -- applying ------------------------------------------------------------------------
    def _is_legal(self, state: PMState, action: Action) -> bool:
        """Whether ``action`` is in ``legal_actions(state)``, listing only what it could be."""
        k = action.kind
        if not state.pending and k in _PHASE_ENDS:
            return action == _PHASE_ENDS[k] and state.phase == _PHASE_ENDS_IN[k]
        if not state.pending and k == "attack" and state.phase == COMBAT:
            target = action.get("target")
            return action == Action("attack", (("target", target),)) and (
                target in self.attack_targets(state)
            )
        if state.pending or state.phase != MOVE or k != "move":
            return action in self.legal_actions(state)
        unit = state.units.get(action.get("unit"))
        if unit is None or unit.seat != state.active or unit.moves <= 0 or unit.attacked:
            return False
        to = action.get("to")
        return action == Action("move", (("unit", unit.id), ("to", to))) and (
            to in self.step_targets(state, unit)
        )

    def _why_illegal(self, state: PMState, action: Action) -> str:
        if action.kind in pm_menu.REFUSED_KINDS:
            return pm_menu.refuse(self, state, action)
        return self._common_refusal(state, action) or pm_menu.refuse(self, state, action)

    def action_menu(self, state: PMState) -> list[MenuEntry]:
        """The action bar: this phase's actions by heading, greyed ones with why (pm_menu)."""
        return pm_menu.pm_menu(self, state)

    def unit_moves(self, state: PMState, seat: int, kind: str) -> int:
        return self.content.units[kind].moves

    def _apply_turn_action(self, state: PMState, action: Action) -> list[Event]:
        seat = state.active
        k = action.kind
        c = self.content
        if k == "place":
            u = self._new_unit(state, seat, action.word("unit"), action.word("at"))
            state.setup_left -= 1
            events: list[Event] = [
                Placed.of(fields={"seat": seat}, unit=u.id, at=u.space, seat=seat)
            ]
            if state.setup_left == 0:
                events += self.begin_turn(state, POLICE)
            return events
        if k == "buy":
            ut = c.units[action.word("unit")]
            state.credits[seat] -= ut.cost
            u = self._new_unit(state, seat, ut.id, action.word("at"))
            events = [bought_event(seat, u, ut.cost)]
            if ut.special is Special.deactivate and state.characters[1 - seat]:
                if len(state.characters[1 - seat]) == 1:
                    events += self._deactivate(state, 1 - seat, state.characters[1 - seat][0])
                else:
                    state.pending.append(Decision("deactivate", seat, {}))
            return events
        if k == "buy_riot":
            cost = self.riot_card_cost(state, seat)
            state.credits[seat] -= cost
            state.riot_bought += 1
            card = state.riot_decks[seat].pop(0)
            state.riot_hands[seat].append(card)
            return [
                RiotBought.of(fields={"seat": seat}, cost=cost, seat=seat),
                private_draw(seat, card),
            ]
        if k == "activate":
            state.credits[seat] -= 2
            state.characters[seat].append(action.word("character"))
            return [
                Activated.of(fields={"seat": seat}, character=action.word("character"), seat=seat)
            ]
        if k == "play":
            return self._play(state, seat, action)
        if k in ("end_purchase", "end_cards", "end_move"):
            state.phase = {"end_purchase": CARDS, "end_cards": MOVE, "end_move": COMBAT}[k]
            return [PhaseChanged.of(phase=state.phase)]
        if k == "end_turn":
            return self.end_turn(state)
        if k == "move":
            return self._step(state, state.units[action.number("unit")], action.word("to"))
        if k == "attack":
            state.pending.append(
                Decision("declare", seat, {"target": action.word("target"), "units": []})
            )
            return [PMAttackDeclared.of(fields={"seat": seat}, target=action.word("target"))]
        raise IllegalAction(_("unknown action"), action)

    def _leave(self, state: PMState, unit: Unit) -> None:
        """A unit leaves a building: an established building keeps an occupation marker."""
        frm = unit.space
        if self.board(state).spaces[frm].kind != bd.BUILDING:
            return
        if (
            not any(
                u.space == frm and u.seat == unit.seat and u.id != unit.id
                for u in state.units.values()
            )
            and state.established.get(frm) == unit.seat
        ):
            state.markers[frm] = unit.seat

    def _arrive(self, state: PMState, unit: Unit, space: str) -> None:
        if state.markers.get(space) not in (None, unit.seat):
            del state.markers[space]  # walked in on an enemy marker without a fight
        unit.space = space

    def _step(self, state: PMState, unit: Unit, to: str) -> list[Event]:
        frm = unit.space
        self._leave(state, unit)
        self._arrive(state, unit, to)
        unit.moves -= 1
        if unit.id not in state.moved:
            state.moved.append(unit.id)
        return [Moved.of(fields={"from": frm}, unit=unit.id, to=to, seat=unit.seat)]

    def _deactivate(self, state: PMState, seat: int, character: str) -> list[Event]:
        state.characters[seat].remove(character)
        return [Deactivated.of(fields={"seat": seat}, character=character, seat=seat)]

    def _play(self, state: PMState, seat: int, action: Action) -> list[Event]:
        card = self.content.cards[action.word("card")]
        state.hands[seat].remove(card.id)
        state.discard.append(card.id)
        events: list[Event] = [
            CardPlayed.of(fields={"seat": seat}, card=card.id, seat=seat, reveals=True)
        ]
        if card.effect is Effect.track:
            assert card.track is not None
            events += self.move_track(state, card.track.value, seat, card.value)
        elif card.effect is Effect.extra_move:
            state.units[action.number("unit")].moves += card.value
        elif card.effect is Effect.deactivate:
            events += self._deactivate(state, 1 - seat, action.word("character"))
        return events

    # -- combat --------------------------------------------------------------------------
    def _apply_decision(self, state: PMState, action: Action) -> list[Event]:
        frame = state.pending[-1]
        return FRAMES[frame.kind].resolve(self, state, frame, action)

    def _start_combat(self, state: PMState, seat: int, target: str, ids: list[int]) -> list[Event]:
        board = self.board(state)
        defender = 1 - seat
        state.combat = Combat(
            attacker=seat,
            defender=defender,
            target=target,
            building=int(board.spaces[target].kind == bd.BUILDING),
            att=ids,
            dfd=[u.id for u in self.units_at(state, target, defender)],
            riot=[[], []],
            instant=[0, 0],
        )
        for i in ids:
            state.units[i].attacked = True
            state.units[i].moves = 0
        state.pending.append(Decision("cards", seat, {}))
        return [
            CombatStarted.of(
                attacker=seat, target=target, att=ids, dfd=list(state.combat.dfd), seat=seat
            )
        ]

    def strength(self, state: PMState, unit: Unit, building: bool) -> int:
        """Printed strength, +1 for the street-fight and the building-fight special units."""
        ut = self.unit_type(unit)
        if ut.special is Special.street_bonus and not building:
            return ut.strength + 1
        if ut.special is Special.building_bonus and building:
            return ut.strength + 1
        return ut.strength

    def totals(self, state: PMState) -> tuple[int, int]:
        cb = state.combat
        assert cb is not None
        b = bool(cb.building)
        out = []
        for side, key in ((0, "att"), (1, "dfd")):
            units = sum(self.strength(state, state.units[i], b) for i in cb[key])
            cards = sum(riot_value(c) for c in cb.riot[side] if c != HIDDEN_RIOT)
            out.append(units + cards + cb.instant[side] + (b if side == 1 else 0))
        return out[0], out[1]

    def _resolve(self, state: PMState) -> list[Event]:
        cb = state.combat
        assert cb is not None
        att, dfd = self.totals(state)
        events: list[Event] = [
            CombatRevealed.of(
                riot=[list(cb.riot[0]), list(cb.riot[1])],
                attacker=att,
                defender=dfd,
                reveals=True,
            )
        ]
        for side, seat in ((0, cb.attacker), (1, cb.defender)):
            state.riot_discards[seat].extend(cb.riot[side])
        if att == dfd:
            state.combat = None
            return events + [Tie.of()]
        attacker_won = att > dfd
        win_ids, lose_ids = (cb.att, cb.dfd) if attacker_won else (cb.dfd, cb.att)
        loser_total = dfd if attacker_won else att
        for i in lose_ids:
            u = state.units.pop(i)
            state.removed[u.seat] += 1
            events.append(PMRemoved.of(fields={"seat": u.seat}, unit=i, space=u.space, seat=u.seat))
        points = self.content.wounded_points(loser_total)
        b = bool(cb.building)
        removed, _left = take_losses(
            [state.units[i] for i in win_ids],
            points,
            lambda u: self.strength(state, u, b),
            lambda u: self.unit_type(u).cost,
            lambda u: u.id,
        )
        for u in removed:
            state.units.pop(u.id)
            state.removed[u.seat] += 1
            events.append(
                PMRemoved.of(
                    fields={"seat": u.seat},
                    unit=u.id,
                    space=u.space,
                    why="wounded table",
                    seat=u.seat,
                )
            )
        events.append(
            CombatWon.of(winner=cb.attacker if attacker_won else cb.defender, points=points)
        )
        target = cb.target
        if attacker_won:
            if b:
                state.markers.pop(target, None)
            for i in cb.att:
                mover = state.units.get(i)
                if mover is None:
                    continue
                if b and self.unit_type(mover).special is Special.van:
                    continue  # vans only clear a building
                frm = mover.space
                self._leave(state, mover)
                self._arrive(state, mover, target)
                events.append(
                    Entered.of(fields={"from": frm}, unit=mover.id, at=target, seat=mover.seat)
                )
        state.combat = None
        return events

    # -- information ---------------------------------------------------------------------
    def view(self, state: PMState, seat: int) -> PMState:
        """What ``seat`` may see; any other number (e.g. -1) hides both sides' secrets."""
        v = state.copy()
        c = self.content
        for other in (0, 1):
            if other == seat:
                continue
            v.riot_hands[other] = [HIDDEN_RIOT] * len(v.riot_hands[other])
            v.hands[other] = [
                HIDDEN_POLITICS if h in c.politics_deck else HIDDEN_MEDIA for h in v.hands[other]
            ]
            if v.combat is not None:
                side = v.combat.side(other)
                v.combat.riot = [list(r) for r in v.combat.riot]
                v.combat.riot[side] = [HIDDEN_RIOT] * len(v.combat.riot[side])
        for s in (0, 1):
            v.riot_decks[s] = [HIDDEN_RIOT] * len(v.riot_decks[s])
        v.politics_deck = [HIDDEN_POLITICS] * len(v.politics_deck)
        v.media_deck = [HIDDEN_MEDIA] * len(v.media_deck)
        v.rng = Rng(0)
        return v

    def determinize(self, view: PMState, seat: int, seed: int) -> PMState:
        s = view.copy()
        rng = Rng(seed)
        c = self.content
        for p in (0, 1):
            pool = list(c.riot_deck)
            known = s.riot_discards[p] + [h for h in s.riot_hands[p] if h != HIDDEN_RIOT]
            if s.combat is not None:
                side = s.combat.side(p)
                known += [h for h in s.combat.riot[side] if h != HIDDEN_RIOT]
            for k in known:
                if k in pool:  # an edited position may hold more copies than the deck
                    pool.remove(k)
            rng.shuffle(pool)
            s.riot_hands[p] = fill_hidden(s.riot_hands[p], HIDDEN_RIOT, pool)
            if s.combat is not None:
                side = s.combat.side(p)
                s.combat.riot[side] = fill_hidden(s.combat.riot[side], HIDDEN_RIOT, pool)
            s.riot_decks[p] = pool[: len(s.riot_decks[p])]
        for deck_name, ids, hidden in (
            ("politics", c.politics_deck, HIDDEN_POLITICS),
            ("media", c.media_deck, HIDDEN_MEDIA),
        ):
            pool = list(ids)
            for k in s.discard + [h for hand in s.hands for h in hand]:
                if k in pool:
                    pool.remove(k)
            rng.shuffle(pool)
            for p in (0, 1):
                s.hands[p] = fill_hidden(s.hands[p], hidden, pool)
            size = len(s.politics_deck if deck_name == "politics" else s.media_deck)
            if deck_name == "politics":
                s.politics_deck = pool[:size]
            else:
                s.media_deck = pool[:size]
        s.rng = Rng(seed ^ 0x5EED)
        return s

    # -- data ----------------------------------------------------------------------------
    def from_position(self, position: Mapping[str, Any]) -> PMState:
        """A position from outside, every field checked (riot.positions); raises
        PositionError naming the field."""
        return read_pm(self, position)

    def seat_roles(self, setup: GameSetup) -> list[str]:
        """Seat 0 plays the Police, seat 1 the Protesters (setup and play screens)."""
        return [_("Police"), _("Protesters")][: setup.seats]

    def reason_text(self, reason: str) -> str:
        from riotsim.games.riot.common import reason_text

        return reason_text(reason)

    def describe(self, state: PMState, action: Action) -> str:
        c = self.content
        k = action.kind
        board = self.board(state)
        if k in ("buy", "place"):
            unit = _(c.units[action.word("unit")].label)
            where = board.label(action.word("at"), barracks=True)
            if k == "buy":
                return _("Buy {unit} at {place}").format(unit=unit, place=where)
            return _("Place {unit} at {place}").format(unit=unit, place=where)
        if k == "move":
            u = state.units.get(action.number("unit"))
            label = _(c.units[u.kind].label) if u else _("unit")
            return _("Move {unit} #{id} to {place}").format(
                unit=label, id=action["unit"], place=board.label(action.word("to"), True)
            )
        if k == "activate":
            character = _(c.characters[action.word("character")].label)
            return _("Activate {character} (2 credits)").format(character=character)
        if k == "buy_riot":
            cost = self.riot_card_cost(state, state.active)
            return _("Buy a RIOT card ({cost})").format(cost=credits_text(cost))
        if k in ("play", "instant"):
            return _("Play {card}").format(card=_(c.cards[action.word("card")].label))
        if k == "commit":
            u = state.units.get(action.number("unit"))
            if u is None:
                return str(action)
            return _("Add {unit} #{id}").format(unit=_(c.units[u.kind].label), id=u.id)
        if k == "attack":
            return _("Attack at {place}").format(place=board.label(action.word("target"), True))
        if k == "deactivate":
            character = _(c.characters[action.word("character")].label)
            return _("Switch off {character}").format(character=character)
        if k == "riot":
            value = riot_value(action.word("card"))
            return _("Commit a RIOT card ({value}) face down").format(value=value)
        word = {**COMMON_LABELS, **_LABELS}.get(k)
        return _(word) if word else str(action)

    def evaluate(self, state: PMState, seat: int) -> float:
        """Bot heuristic: track pressure (pm_bots.position_value), a running combat judged as
        if fought out at once with the cards committed so far."""
        if state.phase == OVER:
            return 1.0 if seat in state.winners else -1.0
        if state.combat is not None:
            s = state.copy()
            s.pending = [f for f in s.pending if f.kind != "cards"]
            self._resolve(s)
            return self.evaluate(s, seat)
        return pm_bots.position_value(self, state, seat)

    def rollout_action(self, state: PMState, legal: list[Action], rng: Rng) -> Action:
        return pm_bots.rollout_action(self, state, legal, rng)

    def turn_key(self, state: PMState) -> Any:
        return pm_bots.turn_key(self, state)
