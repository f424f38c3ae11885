"""Clashes of RIOT: Cast the First Stone (rulebook "5) Clashes").

A clash runs in stages kept in ``state.clash.stage``: the defender's distance cards, the
attacker's distance cards, the attacker's choice to go on, the attacker's and the defender's
hand-to-hand Blitz cards, then the count. Each choice is a Decision frame for the seat that
makes it (the frame classes are in :mod:`riotsim.games.riot.frames`), so the defender answers
on the attacker's turn.
"""

from __future__ import annotations

from abc import abstractmethod

from riotsim.core.contract import Action, Decision, Event
from riotsim.games.riot import city as bd
from riotsim.games.riot.common import CityRules, private_draw
from riotsim.games.riot.content import CardEffect, RiotContent, UnitType
from riotsim.games.riot.events import (
    Advanced,
    AttackCommitted,
    CardPlayed,
    ClashCalledOff,
    ClashEnded,
    ClashOver,
    ClashStarted,
    ClashTotals,
    ClashWon,
    DistanceHit,
    Entered,
    Hurt,
    ObstructAsked,
    Shielded,
    Tie,
    Withdrew,
    Wounded,
)
from riotsim.games.riot.fights import Clash
from riotsim.games.riot.losses import take_losses
from riotsim.games.riot.state import RiotState, Unit

POLICE = 0
HAND_TO_HAND = {
    CardEffect.force,
    CardEffect.force_up_to_tie,
    CardEffect.no_public_opinion,
    CardEffect.no_clash,
}


def group_key(space: str, seat: int) -> str:
    """The key of one seat's units in one space (a defending group)."""
    return f"{space}@{seat}"


class ClashRules(CityRules[RiotState]):
    """Clash machinery; RiotRules derives from it and supplies the rules a clash asks about."""

    # -- what a clash asks of the rest of the rules ------------------------------------------
    @property
    @abstractmethod
    def content(self) -> RiotContent:
        """The game's cards, teams and tables."""

    @abstractmethod
    def unit_type(self, state: RiotState, unit: Unit) -> UnitType:
        """The unit's type in its team."""

    @abstractmethod
    def force(self, state: RiotState, unit: Unit, street_clash: bool) -> int:
        """The unit's Force in a clash in a street (True) or a building."""

    @abstractmethod
    def defending_force(self, state: RiotState, space: str, defender: int) -> int:
        """The Force ``defender`` has in ``space``."""

    @abstractmethod
    def eligible_attackers(self, state: RiotState, space: str, defender: int) -> list[Unit]:
        """The active seat's units that may attack ``defender`` in ``space``."""

    @abstractmethod
    def direct_attacker(self, state: RiotState, unit: Unit) -> bool:
        """Whether ``unit`` fights hand to hand (not only at distance)."""

    @abstractmethod
    def obstructors(self, state: RiotState, street: str, mover: int) -> list[int]:
        """The seats whose units in ``street`` may obstruct ``mover``."""

    @abstractmethod
    def remove_unit(self, state: RiotState, unit: Unit, why: str) -> list[Event]:
        """Take ``unit`` off the board."""

    @abstractmethod
    def draw_opinion(self, state: RiotState) -> list[Event]:
        """Draw a Public Opinion card."""

    @abstractmethod
    def _discard(self, state: RiotState, seat: int, card_id: str) -> None:
        """Put a played card of ``seat`` on its discard pile."""

    # -- declaring -----------------------------------------------------------------------
    def _police_force_ok(self, state: RiotState, ids: list[int], target: str, d: int) -> bool:
        """The Police never attack with less Force than the protesters they attack."""
        if state.pending[-1].seat != POLICE:
            return True
        street = self.board(state).spaces[target].kind == bd.STREET
        mine = sum(self.force(state, state.units[i], street) for i in ids)
        return mine >= self.defending_force(state, target, d)

    def _confirm(self, state: RiotState, frame: Decision) -> list[Event]:

        state.pending.pop()
        data = frame.data
        target, d, ids = data["target"], data["defender"], list(data["units"])
        key = group_key(target, d)
        state.attacks[key] = state.attacks.get(key, 0) + 1
        state.clashes += 1
        board = self.board(state)
        events: list[Event] = [
            AttackCommitted.of(
                fields={"seat": frame.seat}, target=target, defender=d, units=ids, seat=frame.seat
            )
        ]
        if board.spaces[target].kind == bd.BUILDING:
            direct = all(self.direct_attacker(state, state.units[i]) for i in ids)
            street = board.street_of(board.spaces[target].area)
            blockers = [] if direct else self.obstructors(state, street, frame.seat)
            if blockers:
                state.pending.append(
                    Decision(
                        "obstruct",
                        blockers[0],
                        {
                            "mode": "attack",
                            "attacker": frame.seat,
                            "units": ids,
                            "target": target,
                            "defender": d,
                            "street": street,
                            "queue": blockers[1:],
                        },
                    )
                )
                return events + [ObstructAsked.of(fields={"seat": blockers[0]}, target=target)]
        return events + self.start_clash(state, frame.seat, ids, target, d)

    # -- the clash -----------------------------------------------------------------------
    def start_clash(
        self, state: RiotState, attacker: int, ids: list[int], target: str, defender: int
    ) -> list[Event]:
        board = self.board(state)
        kind = board.spaces[target].kind
        dfd = [u.id for u in self.units_at(state, target, defender)]
        involved = [state.units[i] for i in ids + dfd]
        state.clash = Clash(
            attacker=attacker,
            defender=defender,
            target=target,
            street=int(kind == bd.STREET),
            building=int(kind == bd.BUILDING),
            att=list(ids),
            dfd=dfd,
            shield=[],
            bonus=[0, 0],
            cap=[0, 0],
            no_po=int(any(self.unit_type(state, u).no_public_opinion for u in involved)),
            hand_to_hand=0,
            stage="dist_def",
        )
        events: list[Event] = [
            ClashStarted.of(
                attacker=attacker,
                defender=defender,
                target=target,
                att=list(ids),
                dfd=list(dfd),
                seat=attacker,
            )
        ]
        return events + self._advance(state)

    def _has(self, state: RiotState, seat: int, effects: set[CardEffect]) -> bool:
        cards = self.content.cards
        return any(cards[c].effect in effects for c in state.hands[seat])

    def _advance(self, state: RiotState) -> list[Event]:
        cl = state.clash
        assert cl is not None
        while True:
            stage = cl.stage
            both = cl.engaged()
            if stage == "dist_def":
                cl.stage = "dist_att"
                if both and self._has(state, cl.defender, {CardEffect.distance}):
                    state.pending.append(Decision("distance", cl.defender, {}))
                    return []
            elif stage == "dist_att":
                cl.stage = "decide"
                # no distance attacks against units inside a building
                if (
                    both
                    and not cl.building
                    and self._has(state, cl.attacker, {CardEffect.distance})
                ):
                    state.pending.append(Decision("distance", cl.attacker, {}))
                    return []
            elif stage == "decide":
                if not both:
                    return self._settle_at_distance(state)
                if self._police_outnumbered(state):
                    return self._police_stop(state)
                cl.stage = "h2h_att"
                state.pending.append(Decision("continue", cl.attacker, {}))
                return []
            elif stage == "h2h_att":
                cl.stage = "h2h_def"
                cl.hand_to_hand = 1
                if self._has(state, cl.attacker, HAND_TO_HAND):
                    state.pending.append(Decision("blitz", cl.attacker, {}))
                    return []
            elif stage == "h2h_def":
                cl.stage = "resolve"
                if self._has(state, cl.defender, HAND_TO_HAND):
                    state.pending.append(Decision("blitz", cl.defender, {}))
                    return []
            else:
                return self._resolve(state)

    def _police_outnumbered(self, state: RiotState) -> bool:
        """After the distance phase: attacking Police with less Force left than the protesters
        (the building's +1 counted) may not go hand to hand."""
        cl = state.clash
        assert cl is not None
        if cl.attacker != POLICE:
            return False
        street = bool(cl.street)
        mine = sum(self.force(state, state.units[i], street) for i in cl.att)
        theirs = sum(self.force(state, state.units[i], street) for i in cl.dfd)
        return mine < theirs + cl.building

    def _police_stop(self, state: RiotState) -> list[Event]:
        """The attack ends in the distance phase, so it never turns Public Opinion."""
        return [Withdrew.of(fields={"seat": POLICE}, outnumbered=1, seat=POLICE)] + self._end_clash(
            state
        )

    def _play_clash_card(self, state: RiotState, frame: Decision, action: Action) -> list[Event]:
        """A distance or Blitz card played in the clash by the frame's seat."""
        cl = state.clash
        assert cl is not None
        card = self.content.cards[action.word("card")]
        self._discard(state, frame.seat, card.id)
        side = cl.side(frame.seat)
        events: list[Event] = [
            CardPlayed.of(fields={"seat": frame.seat}, card=card.id, seat=frame.seat, reveals=True)
        ]
        if card.effect is CardEffect.distance:
            events += self._distance_hit(state, state.units[action.number("target")], card.value)
            if not cl.engaged():
                state.pending.pop()
                cl.stage = "decide"
                events += self._advance(state)
            return events
        if card.effect is CardEffect.force:
            cl.bonus[side] += card.value
        elif card.effect is CardEffect.force_up_to_tie:
            cl.cap[side] += card.value
        elif card.effect is CardEffect.no_public_opinion:
            cl.no_po = 1
        elif card.effect is CardEffect.no_clash:
            state.pending.pop()
            return (
                events + [ClashCalledOff.of(fields={"seat": frame.seat})] + (self._end_clash(state))
            )
        return events

    # -- damage --------------------------------------------------------------------------
    def _distance_hit(self, state: RiotState, unit: Unit, damage: int) -> list[Event]:
        """Distance attack: shields soak the first point; removed or wounded, out of the clash."""
        cl = state.clash
        assert cl is not None
        ut = self.unit_type(state, unit)
        events: list[Event] = []
        if ut.shield and unit.id not in cl.shield:
            cl.shield.append(unit.id)
            damage -= 1
            events.append(Shielded.of(unit=unit.id, seat=unit.seat))
        if damage <= 0:
            return events
        cl.leave(unit.id)
        defending = unit.seat == cl.defender
        events.append(DistanceHit.of(unit=unit.id, damage=damage, seat=unit.seat))
        if damage >= self.force(state, unit, bool(cl.street)):
            return events + self._lose_unit(state, unit, defending)
        if defending and cl.building:
            unit.wounded = True  # wounded defenders stay in their building
            return events + [Wounded.of(unit=unit.id, at=unit.space)]
        return events + self._send_wounded(state, unit)

    def _lose_unit(self, state: RiotState, unit: Unit, defending: bool) -> list[Event]:
        events = self.remove_unit(state, unit, "clash")
        ut = self.content.unit(state.teams[unit.seat], unit.kind)
        if defending and ut.draw_when_lost_defending and state.decks[unit.seat]:
            card = state.decks[unit.seat].pop(0)
            state.hands[unit.seat].append(card)
            events.append(private_draw(unit.seat, card))
        return events

    def _send_wounded(self, state: RiotState, unit: Unit) -> list[Event]:
        """Protesters to the entry point of the clash's area, Police to the Hospital."""
        cl = state.clash
        assert cl is not None
        board = self.board(state)
        unit.wounded = True
        unit.moves = 0  # out of play until its next turn: no more steps nor attacks
        unit.attacked = True
        if unit.seat == POLICE:
            unit.space = board.hospital or board.hq
        else:
            area = board.spaces[cl.target].area
            unit.space = board.entries_of(area)[0]
        return [Wounded.of(unit=unit.id, at=unit.space, seat=unit.seat)]

    def totals(self, state: RiotState) -> tuple[int, int]:
        cl = state.clash
        assert cl is not None
        street = bool(cl.street)
        att = sum(self.force(state, state.units[i], street) for i in cl.att) + cl.bonus[0]
        dfd = sum(self.force(state, state.units[i], street) for i in cl.dfd) + cl.bonus[1]
        dfd += cl.building  # +1 for defending a building
        # "+1 but at best a tie" cards, each measured against the other side's total
        att2 = min(att + cl.cap[0], max(att, dfd))
        dfd2 = min(dfd + cl.cap[1], max(dfd, att))
        return att2, dfd2

    def damage_order(self, state: RiotState, ids: list[int]) -> list[Unit]:
        """Losses are taken from the lowest Force first, then the lowest cost."""
        street = bool(state.clash["street"]) if state.clash else False  # a mapping in tests
        removed, hurt = take_losses(
            [state.units[i] for i in ids],
            10**6,
            lambda u: self.force(state, u, street),
            lambda u: self.unit_type(state, u).cost,
            lambda u: u.id,
        )
        return removed

    def _resolve(self, state: RiotState) -> list[Event]:
        cl = state.clash
        assert cl is not None
        att, dfd = self.totals(state)
        events: list[Event] = [ClashTotals.of(attacker=att, defender=dfd)]
        if att == dfd:
            return events + [Tie.of()] + self._end_clash(state)
        attacker_won = att > dfd
        police_in = POLICE in (cl.attacker, cl.defender)
        if police_in and not cl.no_po:
            events += self.draw_opinion(state)
        street = bool(cl.street)
        win_ids, lose_ids = (cl.att, cl.dfd) if attacker_won else (cl.dfd, cl.att)
        damage = sum(self.force(state, state.units[i], street) for i in lose_ids)
        loser_defends = attacker_won
        for i in list(lose_ids):
            events += self._lose_unit(state, state.units[i], loser_defends)
        lose_ids.clear()
        removed, hurt = take_losses(
            [state.units[i] for i in win_ids],
            damage,
            lambda u: self.force(state, u, street),
            lambda u: self.unit_type(state, u).cost,
            lambda u: u.id,
        )
        for u in removed:
            win_ids.remove(u.id)
            events += self._lose_unit(state, u, not attacker_won)
        if hurt is not None:
            hurt.wounded = True  # the damage left is lower than its Force
            events.append(Hurt.of(unit=hurt.id, seat=hurt.seat))
        events.append(
            ClashWon.of(
                winner=cl.attacker if attacker_won else cl.defender,
                attacker_won=int(attacker_won),
            )
        )
        return events + self._after_win(state, attacker_won)

    def _settle_at_distance(self, state: RiotState) -> list[Event]:
        """Settled in the distance phase: no hand to hand, so never a Public Opinion card."""
        cl = state.clash
        assert cl is not None
        if cl.att and not cl.dfd:
            return [
                ClashWon.of(winner=cl.attacker, attacker_won=1, at_distance=1)
            ] + self._after_win(state, True)
        return [ClashOver.of(at_distance=1)] + self._end_clash(state)

    def _after_win(self, state: RiotState, attacker_won: bool) -> list[Event]:
        cl = state.clash
        assert cl is not None
        board = self.board(state)
        target = cl.target
        events: list[Event] = []
        if attacker_won:
            for i in cl.att:
                u = state.units[i]
                frm = u.space
                if cl.building and u.seat != POLICE:
                    u.space = target  # into the building, healed
                    u.wounded = False
                    events.append(
                        Entered.of(fields={"from": frm}, unit=u.id, at=target, seat=u.seat)
                    )
                elif u.wounded:
                    events += self._send_wounded(state, u)
                else:
                    dest = board.street_of(board.spaces[target].area) if cl.building else target
                    u.space = dest
                    events.append(
                        Advanced.of(fields={"from": frm}, unit=u.id, at=dest, seat=u.seat)
                    )
        else:
            for i in cl.dfd:
                u = state.units[i]
                if u.wounded and not cl.building:
                    events += self._send_wounded(state, u)
            for i in cl.att:
                u = state.units[i]
                if u.wounded:
                    events += self._send_wounded(state, u)
        return events + self._end_clash(state)

    def _end_clash(self, state: RiotState) -> list[Event]:
        cl = state.clash
        assert cl is not None
        for i in cl.att:
            if i in state.units:
                state.units[i].attacked = True
                state.units[i].moves = 0
        state.clash = None
        return [ClashEnded.of()]
