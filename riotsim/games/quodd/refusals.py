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

DIR_WORDS = {
    "N": "north",
    "E": "east",
    "S": "south",
    "W": "west",
    "NE": "north-east",
    "SE": "south-east",
    "SW": "south-west",
    "NW": "north-west",
}

PHASE_NAMES = {
    "powerup": "Power-Up",
    "movement": "Movement",
    "recovery": "Recovery",
    "explore": "Exploration",
    "discard": "discard",
    "upgrade": "upgrade",
}

# reference.md sections (its ``##`` headings) a refusal points at
TURN, SKILLS, CARDS, ELEMENTS = "A turn", "Skills", "Cards", "Board elements"
SHARING = "Co-op, teams and overlord"  # issue 13 part B (its reference section)

_CARD_KINDS = ("play", "activate", "use", "mind_push", "trade")
_MOVE_KINDS = ("tumble", "step", "roll", "jump")
_SKILL_OF = {"step": ("slide", "diagonal", "dash"), "roll": ("tumble",), "jump": ("jump",)}


def card_name(card: object) -> str:
    spec = catalog.cards().get(str(card))
    return spec.name if spec else str(card)


def why_illegal(state: State, action: Action) -> tuple[str, str]:
    """(reason, reference section) for an action that is not legal now."""
    kind = action.kind
    phase = PHASE_NAMES.get(state.phase, state.phase)
    if kind in _CARD_KINDS:
        return card_reason(state, action), CARDS
    if kind in _MOVE_KINDS:
        if state.phase != "movement":
            return f"heroes move in the Movement phase, not in {phase}", TURN
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
        return f"not a step of the {phase} phase", TURN
    if kind == "discard" and state.phase != "discard":
        return "you discard only when your hand is over its limit at the end of a turn", CARDS
    return f"not allowed in the {phase} phase", TURN


def card_reason(state: State, action: Action) -> str:
    """Why a card, an equipped card or an upgrade icon cannot be used now."""
    hero = state.current
    if state.phase == "movement":
        return "cards and upgrades are never used during the Movement phase"
    if state.phase not in ("powerup", "recovery"):
        return f"cards are used in Power-Up and Recovery, not in {PHASE_NAMES.get(state.phase)}"
    if hero.buddy:  # Buddy Cards (spec Y2)
        return f"{hero.name} is a buddy: no cards are played during a buddy's turn"
    kind = action.kind
    if kind == "play":
        card = action.get("card")
        if card not in hero.hand:
            return "that card is not in your hand"
        spec = catalog.cards()[str(card)]
        if spec.equipped:
            return _slot_reason(hero, spec.type, action.get("replace"))
        return play_reason(state, str(card)) or "that card cannot be played now"
    if kind == "activate":
        card = str(action.get("card"))
        if card not in hero.items + hero.pets:
            return f"{card_name(card)} is not equipped"
        return play_reason(state, card, equipped=True) or "that card cannot be used now"
    if kind in ("mind_push", "trade", "use"):
        key = action.word("icon") if kind == "use" else kind
        if key in state.turn.activated:
            return "already used this turn"
        cost = action.get("discard")
        if cost is not None and cost not in hero.hand:
            return f"{card_name(cost)} is not in your hand to discard"
        if key == "timely_removal" and len(hero.hand) < 2 and hero.side != "b":
            return "Timely Removal costs two cards from your hand"
        if key == "timely_removal" and abilities.has(hero, key):
            return "no other player has an Item or Pet in play"
        return f"{hero.name} has no such upgrade to use now"
    return "that card cannot be used now"


def _slot_reason(hero: Hero, kind: str, replace: object) -> str:
    """Why an Item or Pet card cannot be played with this ``replace`` choice."""
    item = kind == "item"
    slots = abilities.item_slots(hero) if item else abilities.pet_slots(hero)
    full = len(hero.items if item else hero.pets) >= slots
    if full and replace not in ("return", "discard"):
        return f"your {kind} slots are full: return or discard the one equipped"
    if not full and replace is not None:
        return f"a {kind} slot is free: there is nothing to replace"
    return "that card cannot be played now"


def play_reason(state: State, card: str, equipped: bool = False) -> str:
    """Why a card in the hand (or equipped) cannot be played now ('' when it can)."""
    spec = catalog.cards()[card]
    name = spec.name
    if equipped:
        if not spec.effects:
            return f"{name} works by itself: nothing to activate"
        if spec.type in state.turn.activated:
            return f"a {spec.type} was already used this turn"
    if any(e.do == "boost" for e in spec.effects) and state.phase != "powerup":
        return f"{name} boosts a move: play it in Power-Up, before moving"
    if any(e.do == "dash" for e in spec.effects) and state.turn.free_move:
        return f"{name} is a card move: it cannot start during another card move"
    return ""


def move_reason(state: State, action: Action) -> str:
    """Why a tumble, skill step or jump is not possible."""
    hero = state.current
    turn = state.turn
    kind = action.kind
    if kind == "tumble" and turn.stage != "natural":
        return "the natural tumble is already done this turn"
    if kind != "tumble" and turn.stage == "natural":
        return "every move starts with a natural tumble"
    if turn.stage == "q":
        return "the skill move is over: use a Q-Power or finish"
    if kind in _SKILL_OF and turn.skill not in _SKILL_OF[kind]:
        skill = turn.skill or "no skill"
        return f"the skill in use is {skill}, not {kind}"
    direction = action.get("dir")
    if not isinstance(direction, str) or direction not in DELTA:
        return "pick a direction: north, east, south or west"
    words = DIR_WORDS[direction]
    if kind == "jump" and direction not in ORTHOGONAL:
        return "a jump goes in a straight line north, east, south or west"
    if kind in ("tumble", "roll") and direction not in ORTHOGONAL:
        return "a tumble goes north, east, south or west, never diagonally"
    if kind == "step" and direction not in engine.all_directions_for(turn.skill or ""):
        return f"the {turn.skill} skill does not move {words}"
    if turn.direction and direction != turn.direction:
        return f"this skill keeps going {DIR_WORDS.get(turn.direction)} in a straight line"
    if kind == "jump":
        return jump_reason(state, hero, direction, action.get("over", 0))
    if turn.stage == "skill" and turn.remaining <= 0:
        return f"{hero.name} has no movement left"
    verb = "tumble" if kind in ("tumble", "roll") else "move"
    return blocked_reason(state, hero, step(hero.pos, direction), f"the {verb} {words}")


def blocked_reason(state: State, hero: Hero, dest: tuple[int, int], what: str) -> str:
    """What stops a one-square move onto ``dest`` ('{what}' names the move)."""
    board = state.board
    if not board.on_board(dest):
        return f"{what} would go off the board"
    if moves.resting_bomb(state, dest, board.codes().get(dest, 0)):
        return f"a bomb blocks {what}"
    if board.is_impassable(dest):
        return f"{_blocker(state, dest)} blocks {what}"
    if board.codes().get(dest, 0) & PIECE and not moves.sheep_square(state, dest):
        return f"{_blocker(state, dest)} blocks {what}"
    if board.is_wall(dest) and not board.is_wall(hero.pos):
        return f"a wall blocks {what} (a jump clears walls)"
    other = state.hero_at(dest)
    if other is not None and other is not hero:
        return f"{other.name} stands there and cannot be pushed further"
    return f"{what} is not possible now"


def _blocker(state: State, cell: tuple[int, int]) -> str:
    kinds = [t.kind for t in state.board.at(cell)]
    named = {"beam": "a beam", "wall": "an impassable wall", "block": "a power block"}
    for kind in kinds:
        if kind in named:
            return named[kind]
    if kinds:
        return "a " + kinds[0].replace("_", " ")
    return "an impassable square"


def jump_reason(state: State, hero: Hero, direction: str, over: object) -> str:
    """Why a jump over ``over`` squares cannot be made."""
    if not isinstance(over, int) or over < 0:
        return "a jump goes over a whole number of squares"
    left = state.turn.remaining
    if over > left:
        return f"{hero.name} can jump over at most {left} square{'s' * (left != 1)}; that is {over}"
    board = state.board
    for i in range(1, over + 1):
        c = step(hero.pos, direction, i)
        if not board.on_board(c):
            return "the jump would leave the board"
        if board.is_impassable(c):
            return f"{_blocker(state, c)} is too high to jump over"
    land = step(hero.pos, direction, over + 1)
    if not board.on_board(land):
        return "the jump would land off the board"
    if board.is_impassable(land) or board.codes().get(land, 0) & PIECE:
        return f"{_blocker(state, land)} is in the way of the landing"
    other = state.hero_at(land)
    if other is not None and other is not hero:
        return f"{other.name} is on that square and cannot be bumped away"
    if over == 0 and moves.jump_options(state, hero, left):
        return "a jump clears at least one square when it can"
    return "that jump is not possible"


def draw_reason(state: State, action: Action) -> str:
    """Why a lineup card or the deck cannot be explored."""
    if state.phase != "explore":
        if state.phase == "recovery":
            return "explore first: end Recovery with Explore"
        return f"you explore in the Exploration phase, not in {PHASE_NAMES.get(state.phase)}"
    if state.turn.explores_left <= 0:
        return "no exploration left this turn"
    if action.get("src") == "deck":
        return "the deck and the discard pile are empty"
    return "there is no such card in the lineup"
