"""Why an action is not legal now, in a player's words, and the reference section that says so.

``actions.apply`` raises ``IllegalAction(reason, rule=section)`` with these; the action menu
greys its closed entries with the same words. Nothing here changes a state.
"""

from __future__ import annotations

from riotsim.core.contract import Action
from riotsim.games.quodd import abilities, catalog, engine, moves
from riotsim.games.quodd.board import PIECE
from riotsim.games.quodd.directions import DELTA, ORTHOGONAL, step
from riotsim.games.quodd.state import Hero, State
from riotsim.i18n import N_, _, ngettext, pgettext

DIR_WORDS = {
    "N": N_("north"),
    "E": N_("east"),
    "S": N_("south"),
    "W": N_("west"),
    "NE": N_("north-east"),
    "SE": N_("south-east"),
    "SW": N_("south-west"),
    "NW": N_("north-west"),
}

PHASE_NAMES = {
    "powerup": "Power-Up",
    "movement": "Movement",
    "recovery": "Recovery",
    "explore": "Exploration",
    "discard": "discard",
    "upgrade": "upgrade",
}


def phase_name(phase: str) -> str:
    """A phase's name as a refusal puts it into a sentence, in the language spoken."""
    names = {
        "powerup": pgettext("phase", "Power-Up"),
        "movement": pgettext("phase", "Movement"),
        "recovery": pgettext("phase", "Recovery"),
        "explore": pgettext("phase", "Exploration"),
        "discard": pgettext("phase", "discard"),
        "upgrade": pgettext("phase", "upgrade"),
    }
    return names.get(phase, phase)


def skill_word(skill: str) -> str:
    """A skill's id ("slide") or a move's kind ("step") as a refusal words it, translated."""
    words = {
        "tumble": pgettext("skill", "tumble"),
        "jump": pgettext("skill", "jump"),
        "slide": pgettext("skill", "slide"),
        "diagonal": pgettext("skill", "diagonal"),
        "dash": pgettext("skill", "dash"),
        "step": pgettext("skill", "step"),
        "roll": pgettext("skill", "roll"),
    }
    return words.get(skill, skill)


def direction_word(direction: object) -> str:
    """A compass direction ("NE") in words, in the language spoken ("north-east")."""
    word = DIR_WORDS.get(str(direction))
    return _(word) if word else str(direction)


# reference.md sections (its ``##`` headings) a refusal points at
TURN, SKILLS, CARDS, ELEMENTS = "A turn", "Skills", "Cards", "Board elements"
SHARING = "Co-op, teams and overlord"  # issue 13 part B (its reference section)

_CARD_KINDS = ("play", "activate", "use", "mind_push", "trade")
_MOVE_KINDS = ("tumble", "step", "roll", "jump")
_SKILL_OF = {"step": ("slide", "diagonal", "dash"), "roll": ("tumble",), "jump": ("jump",)}


def card_name(card: object) -> str:
    """A card's name, in the language spoken."""
    spec = catalog.cards().get(str(card))
    return _(spec.name) if spec else str(card)


def hero_name(hero: Hero) -> str:
    """A hero's name (kept as English data in the state), in the language spoken."""
    return _(hero.name) if hero.name else hero.name


def why_illegal(state: State, action: Action) -> tuple[str, str]:
    """(reason, reference section) for an action that is not legal now."""
    kind = action.kind
    phase = phase_name(state.phase)
    if kind in _CARD_KINDS:
        return card_reason(state, action), CARDS
    if kind in _MOVE_KINDS:
        if state.phase != "movement":
            return _("heroes move in the Movement phase, not in {phase}").format(phase=phase), TURN
        return move_reason(state, action), SKILLS if state.turn.stage == "skill" else TURN
    if kind == "draw":
        return draw_reason(state, action), TURN
    if kind == "treasure":
        from riotsim.games.quodd import treasure

        return treasure.refusal(state, action), CARDS
    if kind in ("give", "take"):
        from riotsim.games.quodd import teams

        return teams.trade_reason(state, action), SHARING
    if kind in ("move", "explore", "stop", "done"):
        return _("not a step of the {phase} phase").format(phase=phase), TURN
    if kind == "discard" and state.phase != "discard":
        return _("you discard only when your hand is over its limit at the end of a turn"), CARDS
    return _("not allowed in the {phase} phase").format(phase=phase), TURN


def card_reason(state: State, action: Action) -> str:
    """Why a card, an equipped card or an upgrade icon cannot be used now."""
    hero = state.current
    if state.phase == "movement":
        return _("cards and upgrades are never used during the Movement phase")
    if state.phase not in ("powerup", "recovery"):
        return _("cards are used in Power-Up and Recovery, not in {phase}").format(
            phase=phase_name(state.phase) if state.phase in PHASE_NAMES else None
        )
    if hero.buddy:  # Buddy Cards (spec Y2)
        return _("{hero} is a buddy: no cards are played during a buddy's turn").format(
            hero=hero_name(hero)
        )
    kind = action.kind
    if kind == "play":
        card = action.get("card")
        if card not in hero.hand:
            return _("that card is not in your hand")
        spec = catalog.cards()[str(card)]
        if spec.equipped:
            return _slot_reason(hero, spec.type, action.get("replace"))
        return play_reason(state, str(card)) or _("that card cannot be played now")
    if kind == "activate":
        card = str(action.get("card"))
        if card not in hero.items + hero.pets:
            return _("{card} is not equipped").format(card=card_name(card))
        return play_reason(state, card, equipped=True) or _("that card cannot be used now")
    if kind in ("mind_push", "trade", "use"):
        key = action.word("icon") if kind == "use" else kind
        if key in state.turn.activated:
            return _("already used this turn")
        cost = action.get("discard")
        if cost is not None and cost not in hero.hand:
            return _("{card} is not in your hand to discard").format(card=card_name(cost))
        if key == "timely_removal" and len(hero.hand) < 2 and hero.side != "b":
            return _("Timely Removal costs two cards from your hand")
        if key == "timely_removal" and abilities.has(hero, key):
            return _("no other player has an Item or Pet in play")
        return _("{hero} has no such upgrade to use now").format(hero=hero_name(hero))
    return _("that card cannot be used now")


def _slot_reason(hero: Hero, kind: str, replace: object) -> str:
    """Why an Item or Pet card cannot be played with this ``replace`` choice."""
    item = kind == "item"
    slots = abilities.item_slots(hero) if item else abilities.pet_slots(hero)
    full = len(hero.items if item else hero.pets) >= slots
    if full and replace not in ("return", "discard"):
        if item:
            return _("your item slots are full: return or discard the one equipped")
        return _("your pet slots are full: return or discard the one equipped")
    if not full and replace is not None:
        if item:
            return _("a item slot is free: there is nothing to replace")
        return _("a pet slot is free: there is nothing to replace")
    return _("that card cannot be played now")


def play_reason(state: State, card: str, equipped: bool = False) -> str:
    """Why a card in the hand (or equipped) cannot be played now ('' when it can)."""
    spec = catalog.cards()[card]
    name = spec.name
    if equipped:
        if not spec.effects:
            return _("{card} works by itself: nothing to activate").format(card=name)
        if spec.type in state.turn.activated:
            if spec.type == "item":
                return _("a item was already used this turn")
            return _("a pet was already used this turn")
    if any(e.do == "boost" for e in spec.effects) and state.phase != "powerup":
        return _("{card} boosts a move: play it in Power-Up, before moving").format(card=name)
    if any(e.do == "dash" for e in spec.effects) and state.turn.free_move:
        return _("{card} is a card move: it cannot start during another card move").format(
            card=name
        )
    return ""


def move_reason(state: State, action: Action) -> str:
    """Why a tumble, skill step or jump is not possible."""
    hero = state.current
    turn = state.turn
    kind = action.kind
    if kind == "tumble" and turn.stage != "natural":
        return _("the natural tumble is already done this turn")
    if kind != "tumble" and turn.stage == "natural":
        return _("every move starts with a natural tumble")
    if turn.stage == "q":
        return _("the skill move is over: use a Q-Power or finish")
    if kind in _SKILL_OF and turn.skill not in _SKILL_OF[kind]:
        skill = turn.skill or _("no skill")
        return _("the skill in use is {skill}, not {kind}").format(
            skill=skill_word(skill), kind=skill_word(kind)
        )
    direction = action.get("dir")
    if not isinstance(direction, str) or direction not in DELTA:
        return _("pick a direction: north, east, south or west")
    words = direction_word(direction)
    if kind == "jump" and direction not in ORTHOGONAL:
        return _("a jump goes in a straight line north, east, south or west")
    if kind in ("tumble", "roll") and direction not in ORTHOGONAL:
        return _("a tumble goes north, east, south or west, never diagonally")
    if kind == "step" and direction not in engine.all_directions_for(turn.skill or ""):
        return _("the {skill} skill does not move {direction}").format(
            skill=skill_word(turn.skill or ""), direction=words
        )
    if turn.direction and direction != turn.direction:
        return _("this skill keeps going {direction} in a straight line").format(
            direction=_(DIR_WORDS[turn.direction]) if turn.direction in DIR_WORDS else None
        )
    if kind == "jump":
        return jump_reason(state, hero, direction, action.get("over", 0))
    if turn.stage == "skill" and turn.remaining <= 0:
        return _("{hero} has no movement left").format(hero=hero_name(hero))
    if kind in ("tumble", "roll"):
        what = _("the tumble {direction}").format(direction=words)
    else:
        what = _("the move {direction}").format(direction=words)
    return blocked_reason(state, hero, step(hero.pos, direction), what)


def blocked_reason(state: State, hero: Hero, dest: tuple[int, int], what: str) -> str:
    """What stops a one-square move onto ``dest`` ('{what}' names the move)."""
    board = state.board
    if not board.on_board(dest):
        return _("{what} would go off the board").format(what=what)
    if moves.resting_bomb(state, dest, board.codes().get(dest, 0)):
        return _("a bomb blocks {what}").format(what=what)
    if board.is_impassable(dest) or (
        board.codes().get(dest, 0) & PIECE and not moves.sheep_square(state, dest)
    ):
        return _("{blocker} blocks {what}").format(blocker=_blocker(state, dest), what=what)
    if board.is_wall(dest) and not board.is_wall(hero.pos):
        return _("a wall blocks {what} (a jump clears walls)").format(what=what)
    other = state.hero_at(dest)
    if other is not None and other is not hero:
        return _("{hero} stands there and cannot be pushed further").format(hero=hero_name(other))
    return _("{what} is not possible now").format(what=what)


def _blocker(state: State, cell: tuple[int, int]) -> str:
    kinds = [t.kind for t in state.board.at(cell)]
    for kind in kinds:
        if kind in _NAMED_BLOCKERS:
            return _(_NAMED_BLOCKERS[kind])
    if kinds:
        found = _BLOCKERS.get(kinds[0])
        return _(found) if found else "a " + kinds[0].replace("_", " ")
    return _("an impassable square")


# what stands on a square that blocks a move, as a refusal names it
_NAMED_BLOCKERS = {
    "beam": N_("a beam"),
    "wall": N_("an impassable wall"),
    "block": N_("a power block"),
}
_BLOCKERS = {
    "impassable": N_("a impassable"),
    "emitter": N_("a emitter"),
    "reflector": N_("a reflector"),
    "rotator": N_("a rotator"),
    "mover": N_("a mover"),
    "power_block": N_("a power block"),
    "sheep": N_("a sheep"),
    "bomb": N_("a bomb"),
    "crystal": N_("a crystal"),
}


def jump_reason(state: State, hero: Hero, direction: str, over: object) -> str:
    """Why a jump over ``over`` squares cannot be made."""
    if not isinstance(over, int) or over < 0:
        return _("a jump goes over a whole number of squares")
    left = state.turn.remaining
    if over > left:
        return ngettext(
            "{hero} can jump over at most {n} square; that is {over}",
            "{hero} can jump over at most {n} squares; that is {over}",
            left,
        ).format(hero=hero_name(hero), n=left, over=over)
    board = state.board
    for i in range(1, over + 1):
        c = step(hero.pos, direction, i)
        if not board.on_board(c):
            return _("the jump would leave the board")
        if board.is_impassable(c):
            return _("{blocker} is too high to jump over").format(blocker=_blocker(state, c))
    land = step(hero.pos, direction, over + 1)
    if not board.on_board(land):
        return _("the jump would land off the board")
    if board.is_impassable(land) or board.codes().get(land, 0) & PIECE:
        return _("{blocker} is in the way of the landing").format(blocker=_blocker(state, land))
    other = state.hero_at(land)
    if other is not None and other is not hero:
        return _("{hero} is on that square and cannot be bumped away").format(hero=hero_name(other))
    if over == 0 and moves.jump_options(state, hero, left):
        return _("a jump clears at least one square when it can")
    return _("that jump is not possible")


def draw_reason(state: State, action: Action) -> str:
    """Why a lineup card or the deck cannot be explored."""
    if state.phase != "explore":
        if state.phase == "recovery":
            return _("explore first: end Recovery with Explore")
        return _("you explore in the Exploration phase, not in {phase}").format(
            phase=phase_name(state.phase) if state.phase in PHASE_NAMES else None
        )
    if state.turn.explores_left <= 0:
        return _("no exploration left this turn")
    if action.get("src") == "deck":
        return _("the deck and the discard pile are empty")
    return _("there is no such card in the lineup")
