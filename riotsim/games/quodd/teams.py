"""Co-op and team play: card sharing between teammates (spec T1-T3) and team progress (M3).

*Co-Op and Team Card Sharing*: in co-op and team scenarios a hero within 4 spaces
(counted orthogonally) of a teammate's hero may freely trade cards with that teammate during
Power-Up or Recovery of its own turn. Our ruling (T2): "freely trade" is one card per action,
given (``give card=C to=H``) or taken (``take card=C from=H``), as often as the player likes
in those phases; only cards in hand move (never equipped Items or Pets); buddies have no hand
and never trade; each hand limit is checked at its owner's own end of Exploration.
"""

from __future__ import annotations

from riotsim.core.contract import Action, Event, IllegalAction
from riotsim.games.quodd.directions import manhattan
from riotsim.games.quodd.events import CardTraded
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import _, ngettext


def hero_name(hero: Hero) -> str:
    """A hero's name (English data in the state), in the language spoken."""
    return _(hero.name) if hero.name else hero.name


def card_name(card: str) -> str:
    from riotsim.games.quodd.refusals import card_name as name

    return name(card)


Events = list[Event]

TRADE_RANGE = 4  # spaces, counted orthogonally (Manhattan distance)
TRADE_MODES = ("coop", "teams")  # scenario modes that allow card sharing
TRADE_PHASES = ("powerup", "recovery")


def sharing_mode(state: State) -> bool:
    """Whether this scenario's mode allows card sharing (co-op and teams)."""
    return state.objective.get("mode") in TRADE_MODES


def teammates(state: State, hero: Hero) -> list[Hero]:
    """The other heroes of ``hero``'s team."""
    return [h for h in state.heroes if h is not hero and h.team == hero.team]


def partner_problem(state: State, hero: Hero, other: Hero) -> str:
    """Why ``hero`` may not trade with ``other`` now ('' when it may)."""
    if not sharing_mode(state):
        return _("cards are shared only in co-op and team scenarios")
    if other is hero:
        return _("a hero cannot trade with itself")
    if other.team != hero.team:
        return _("{hero} is not on your team").format(hero=hero_name(other))
    if hero.buddy or other.buddy:
        who = hero if hero.buddy else other
        return _("{hero} is a buddy: buddies have no hand to trade").format(hero=hero_name(who))
    distance = manhattan(hero.pos, other.pos)
    if distance > TRADE_RANGE:
        return ngettext(
            "{hero} is {n} space away: trading needs {most} or fewer",
            "{hero} is {n} spaces away: trading needs {most} or fewer",
            distance,
        ).format(hero=hero_name(other), n=distance, most=TRADE_RANGE)
    return ""


def trade_partners(state: State, hero: Hero) -> list[Hero]:
    """The teammates ``hero`` may trade with now (in its own Power-Up or Recovery)."""
    if state.phase not in TRADE_PHASES or state.pending or state.turn.free_move:
        return []
    if not sharing_mode(state) or hero.buddy:
        return []
    return [h for h in teammates(state, hero) if not partner_problem(state, hero, h)]


def trade_actions(state: State, hero: Hero) -> list[Action]:
    """Give each card of the hand to, or take each card of the hand of, each partner."""
    out: list[Action] = []
    for other in trade_partners(state, hero):
        out += [Action("give", (("card", c), ("to", other.seat))) for c in sorted(set(hero.hand))]
        out += [
            Action("take", (("card", c), ("from", other.seat))) for c in sorted(set(other.hand))
        ]
    return out


def trade_possible(state: State, seat: int) -> bool:
    """T3: whether the player at ``seat`` may see its teammates' hands now: the hero to act
    (in its Power-Up or Recovery) is one of its teammates' or its own, and can trade."""
    if not sharing_mode(state) or state.phase not in TRADE_PHASES or state.pending:
        return False
    active = state.current
    partners = trade_partners(state, active)
    if not partners:
        return False
    involved = [active, *partners]
    return any(h.controller == seat for h in involved)


def visible_hands(state: State, seat: int) -> set[int]:
    """Hero indices whose hands the player at ``seat`` sees: its own, and while a trade is
    possible (T3) those of the teammates in the trade."""
    out = {h.seat for h in state.heroes if h.controller == seat}
    if trade_possible(state, seat):
        active = state.current
        for h in (active, *trade_partners(state, active)):
            out.add(h.seat)
    return out


def apply_trade(state: State, hero: Hero, action: Action, events: Events) -> None:
    """Move one card between ``hero``'s hand and a teammate's (``give`` or ``take``)."""
    card = action.word("card")
    if action.kind == "give":
        other = state.heroes[action.number("to")]
        giver, taker = hero, other
    else:
        other = state.heroes[action.number("from")]
        giver, taker = other, hero
    problem = partner_problem(state, hero, other)
    if problem:
        raise IllegalAction(problem, action)
    if card not in giver.hand:
        raise IllegalAction(
            _("{card} is not in {hero}'s hand").format(card=card_name(card), hero=hero_name(giver)),
            action,
        )
    giver.hand.remove(card)
    taker.hand.append(card)
    events.append(
        CardTraded.of(
            fields={"from": giver.seat, "to": taker.seat, "card": card},
            private_to=state.seat_of(hero.seat),
        )
    )


def trade_reason(state: State, action: Action) -> str:
    """Why a ``give`` or ``take`` is refused (refusals, the menu's greyed entries)."""
    hero = state.current
    key = "to" if action.kind == "give" else "from"
    index = action.get(key)
    if not isinstance(index, int) or not 0 <= index < len(state.heroes):
        return _("there is no such hero")
    other = state.heroes[index]
    if state.phase not in TRADE_PHASES:
        return _("cards are traded in Power-Up or Recovery of your own turn")
    problem = partner_problem(state, hero, other)
    if problem:
        return problem
    holder = hero if action.kind == "give" else other
    if action.get("card") not in holder.hand:
        return _("that card is not in {hero}'s hand").format(hero=hero_name(holder))
    return _("that trade is not possible now")


def greyed_partners(state: State, hero: Hero) -> list[tuple[str, str]]:
    """(label, reason) for each teammate the active hero cannot trade with now (the menu)."""
    if not sharing_mode(state) or state.phase not in TRADE_PHASES or hero.buddy:
        return []
    out = []
    for other in teammates(state, hero):
        problem = partner_problem(state, hero, other)
        if problem:
            out.append((_("Trade cards with {hero}").format(hero=hero_name(other)), problem))
    return out


def team_progress(state: State, team: int) -> int:
    """M3 (our ruling where a scenario does not say): a team's progress is its heroes'
    progress added up (a rally: its best racer), as ``scenario.check_objective`` counts."""
    from riotsim.games.quodd import scenario

    values = [scenario.progress(state, h) for h in state.heroes if h.team == team]
    if state.objective.get("type") in ("rally", "escape"):
        return max(values, default=0)
    return sum(values)


def team_of_winners(state: State) -> set[int]:
    """The teams of the winning heroes (a whole team wins together)."""
    return {state.heroes[i].team for i in state.winners}
