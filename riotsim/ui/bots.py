"""Bot seats in the app: what a seat may be on the setup screens, and how a bot seat is named
in play ("Ada (Hard bot)"). A seat's choice is the bot spec string a save keeps in
``PlayerSpec.bot`` (``None`` for a human): a level (``easy``, ``normal``, ``hard``) or, under
"Advanced" ("Adv: Greedy"), one of the bots themselves.

>>> seat_kind_label("hard"), seat_kind_label("greedy"), seat_kind_label(None)
('Hard bot', 'Adv: Greedy', 'Human')
>>> bot_title("mcts:500")
'MCTS bot, 500 ms'
>>> player_label("Ada", "hard")
'Ada (Hard bot)'
"""

from __future__ import annotations

from riotsim.ai.levels import LEVELS, split_spec
from riotsim.i18n import N_, _

ADVANCED: tuple[str, ...] = ("random", "greedy", "planner", "mcts")
# (English, as N_ marks them: translated with _() where shown)
BOT_LABELS = {
    "random": N_("Random"),
    "greedy": N_("Greedy"),
    "planner": N_("Planner"),
    "mcts": N_("MCTS"),
}
BOT_BLURBS = {
    "random": N_("Plays any legal move at random (for testing a table)."),
    "greedy": N_("Takes the move that looks best one step ahead, without noise."),
    "planner": N_("Plans its own whole turn, best move by move within it."),
    "mcts": N_("Tree search through everyone's turns with the whole time budget."),
}
HUMAN_BLURB = N_("Plays from this screen (hot seat: the screen is handed over between humans).")


def seat_kinds(current: str | None = None) -> list[str | None]:
    """A seat's choices in order: Human, the levels, then the advanced bots (and ``current``
    when it is some other spec, e.g. ``hard:2000`` from an older form)."""
    kinds: list[str | None] = [None, *LEVELS, *ADVANCED]
    if current is not None and current not in kinds:
        kinds.append(current)
    return kinds


def _name_and_cap(spec: str) -> tuple[str, float | None]:
    try:
        return split_spec(spec)
    except ValueError:
        return spec, None


def bot_title(spec: str | None) -> str:
    """A bot spec in words: "Hard bot", "Greedy bot", "MCTS bot, 500 ms" ('' for a human)."""
    if not spec:
        return ""
    name, cap = _name_and_cap(spec)
    level = LEVELS.get(name)
    label = level.label if level is not None else BOT_LABELS.get(name, "")
    title = _("{level} bot").format(level=_(label)) if label else _("bot")
    if cap is not None:
        title = _("{bot}, {ms} ms").format(bot=title, ms=round(cap * 1000))
    return title


def seat_kind_label(kind: str | None) -> str:
    """The setup screens' text for a seat's choice."""
    if kind is None:
        return _("Human")
    name, cap = _name_and_cap(kind)
    title = bot_title(kind)
    if name in LEVELS or name not in BOT_LABELS:
        return title
    label = _("Adv: {bot}").format(bot=_(BOT_LABELS[name]))
    return _("{bot}, {ms} ms").format(bot=label, ms=round(cap * 1000)) if cap else label


def seat_kind_blurb(kind: str | None) -> str:
    """One line on what a seat's choice plays like (the level's own blurb for a level)."""
    if kind is None:
        return _(HUMAN_BLURB)
    name, _cap = _name_and_cap(kind)
    level = LEVELS.get(name)
    text = level.blurb if level is not None else BOT_BLURBS.get(name, "")
    if not text:
        return bot_title(kind)
    if name in LEVELS:
        return _("{bot}: {blurb}").format(bot=bot_title(kind), blurb=_(text))
    return _("Advanced - {bot}: {blurb}").format(bot=bot_title(kind), blurb=_(text))


def player_label(name: str, spec: str | None) -> str:
    """A seat's name as play shows it: "Ada" for a human, "Ada (Hard bot)" for a bot."""
    title = bot_title(spec)
    return _("{name} ({bot})").format(name=name, bot=title) if title else name
