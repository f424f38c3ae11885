"""The in-app rules reference (F1): a table of contents, search, and a way in from a refusal.

The text is the game's ``data/<game>/reference.md``. Sections are its ``##`` headings: the
table of contents lists them (the one being read is marked) and jumps to one when clicked.
Typing searches: only the sections that mention every word typed stay, each with its heading
and the lines that match. A refused move may name the rule it broke (``IllegalAction.rule``):
the game opens the reference at that section.
"""

from __future__ import annotations

import pygame

from riotsim.i18n import _, language
from riotsim.paths import data_dir
from riotsim.ui import draw
from riotsim.ui import theme as T
from riotsim.ui.scene import Scene, register_scene
from riotsim.ui.widgets import Button, ScrollPanel, TextInput
from riotsim.ui.widgets.scrollpanel import markdown_blocks

Blocks = list[tuple[str, str]]


def reference_path(game_id: str):
    """``reference.md``, or its twin in the language spoken (``reference.it.md``) if any."""
    english = data_dir() / game_id / "reference.md"
    twin = english.with_suffix(f".{language()}.md")
    return twin if language() != "en" and twin.is_file() else english


def read_reference(game_id: str, name: str) -> Blocks:
    """The reference's blocks, or blocks saying why there are none (it never raises)."""
    path = reference_path(game_id)
    try:
        return markdown_blocks(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return [
            ("p", _("There is no rules reference for {game} yet.").format(game=name)),
            ("dim", _("(It would be read from {path}.)").format(path=path)),
        ]
    except (OSError, UnicodeDecodeError) as exc:
        return [
            (
                "p",
                _("{path}: cannot read the rules reference ({error}).").format(
                    path=path, error=exc
                ),
            )
        ]


def english_section(game_id: str, topic: str) -> int | None:
    """Where ``topic`` is in the English reference when a twin is read instead: the number of
    the ``##`` section whose heading names it (else the first that mentions it), or None."""
    english = data_dir() / game_id / "reference.md"
    if not topic.strip() or reference_path(game_id) == english:
        return None
    try:
        blocks = markdown_blocks(english.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    names = [heading for heading, _body in sections(blocks) if heading]
    low = topic.lower().strip()
    named = [n for n, heading in enumerate(names) if low in heading.lower()]
    if named:
        return named[0]
    found = [text for style, text in search(blocks, topic) if style == "h2"]
    return names.index(found[0]) if found else None


def sections(blocks: Blocks) -> list[tuple[str, Blocks]]:
    """The blocks cut at each ``h2`` heading: (heading, blocks from it to the next one); what
    comes before the first heading is a section with an empty heading."""
    out: list[tuple[str, Blocks]] = [("", [])]
    for style, text in blocks:
        if style == "h2":
            out.append((text, []))
        out[-1][1].append((style, text))
    return [s for s in out if s[1]]


def search(blocks: Blocks, query: str) -> Blocks:
    """The sections mentioning every word of ``query`` (case does not matter): a section whose
    heading matches stays whole; any other keeps its heading and the lines that match.

    >>> text = [("h2", "Movement"), ("p", "Run up to SPD hexes."), ("p", "Walls block."),
    ...         ("h2", "Attacks"), ("p", "Roll the dice.")]
    >>> search(text, "walls")
    [('h2', 'Movement'), ('p', 'Walls block.')]
    >>> search(text, "attack")
    [('h2', 'Attacks'), ('p', 'Roll the dice.')]
    """
    words = query.lower().split()
    if not words:
        return list(blocks)

    def hit(text: str) -> bool:
        low = text.lower()
        return all(w in low for w in words)

    out: Blocks = []
    for heading, body in sections(blocks):
        if heading and hit(heading):
            out += body
            continue
        found = [b for b in body if b[0] != "h2" and hit(b[1])]
        if found:
            out += ([("h2", heading)] if heading else []) + found
    return out


class ReferenceScene(Scene):
    """The rules reference over the dimmed game (Escape or Close returns)."""

    opaque = False

    def __init__(self, app, game_id: str, ruleset, topic: str = "") -> None:
        super().__init__(app)
        self.game_id = game_id
        self.name = getattr(ruleset, "name", "") or game_id
        self.all_blocks = read_reference(game_id, self.name)
        self.content = ScrollPanel(self.all_blocks)
        self.query = TextInput("", self._search, max_len=40, placeholder=_("Search the rules"))
        self.query.focused = True
        self.close = Button(_("Close"), self.close_overlay, size=15)
        self.contents: list[tuple[int, Button]] = []  # (block index, button)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.toc_rect = pygame.Rect(0, 0, 0, 0)
        self.topic = topic

    # -- what is shown ----------------------------------------------------------------------
    def language_changed(self) -> None:
        """Read the reference again (its twin in the new language, if any) and relabel."""
        self.all_blocks = read_reference(self.game_id, self.name)
        self.query.placeholder = _("Search the rules")
        self.close.label = _("Close")
        self._search(self.query.value)

    def _search(self, query: str) -> None:

        self.content.set_blocks(search(self.all_blocks, query))
        self.content.offset = 0
        self._make_contents()

    def _make_contents(self) -> None:
        # the contents name each section by its heading, without a parenthesis that would not fit
        self.contents = [
            (i, Button(text.split(" (")[0], self._jumper(i), size=14))
            for i, (style, text) in enumerate(self.content.blocks)
            if style == "h2"
        ]
        self.layout(*self.app.size)

    def _jumper(self, index: int):
        return lambda: self.content.scroll_to_block(self.theme, index)

    def open_at(self, topic: str) -> None:
        """Show the section whose heading names ``topic``, else search for it. A topic is
        English (a rule's section): in a translated reference it opens the section at the same
        place as the English section it names (the twins have the same sections)."""
        low = topic.lower().strip()
        headings = [i for i, (style, _text) in enumerate(self.all_blocks) if style == "h2"]
        for index in headings:
            if low and low in self.all_blocks[index][1].lower():
                self.content.scroll_to_block(self.theme, index)
                return
        nth = english_section(self.game_id, topic)
        if nth is not None and nth < len(headings):
            self.content.scroll_to_block(self.theme, headings[nth])
            return
        if low:
            self.query.value = topic
            self._search(topic)

    def matches(self) -> int:
        """How many sections the search leaves (all of them with no search)."""
        return sum(1 for style, _ in self.content.blocks if style == "h2")

    # -- scene ---------------------------------------------------------------------------------
    def close_overlay(self) -> None:
        self.app.stack.pop(self)

    def enter(self) -> None:
        self._make_contents()
        if self.topic:
            self.open_at(self.topic)

    def resize(self, w: int, h: int) -> None:
        self.layout(w, h)

    def layout(self, w: int, h: int) -> None:
        theme = self.theme
        pw = min(w - theme.px(40), theme.px(1100))
        ph = h - theme.px(60)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        pad = theme.px(20)
        self.close.rect = pygame.Rect(
            self.panel.right - theme.px(110),
            self.panel.top + theme.px(16),
            theme.px(90),
            theme.px(36),
        )
        top = self.panel.top + theme.px(66)
        self.query.rect = pygame.Rect(self.panel.left + pad, top, pw - 2 * pad, theme.px(38))
        body_top = self.query.rect.bottom + theme.px(12)
        body_h = self.panel.bottom - pad - body_top
        # the contents column where the panel is wide enough for it and the text beside it
        toc_w = min(theme.px(260), pw // 4) if pw >= theme.px(640) else 0
        self.toc_rect = pygame.Rect(self.panel.left + pad, body_top, toc_w, body_h)
        left = self.toc_rect.right + (theme.px(14) if toc_w else 0)
        self.content.rect = pygame.Rect(left, body_top, self.panel.right - pad - left, body_h)
        row = theme.px(30)
        for n, (_index, button) in enumerate(self.contents):
            button.rect = pygame.Rect(self.toc_rect.left, body_top + n * (row + 2), toc_w, row)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        draw.shade(surface, 170)
        draw.rounded_rect(surface, self.panel, T.PANEL, theme.px(16), T.LINE, 1)
        draw.text(
            surface,
            _("{game}: rules reference").format(game=self.name),
            theme.fonts.bold(24),
            T.TEXT,
            (self.panel.left + theme.px(26), self.panel.top + theme.px(20)),
            max_width=self.panel.w - theme.px(160),
        )
        self.query.draw(surface, theme)
        self.content.draw(surface, theme)
        if not self.content.blocks:
            draw.text(
                surface,
                _("No rule mentions \u201c{query}\u201d.").format(query=self.query.value),
                theme.fonts.get(16),
                T.TEXT_DIM,
                self.content.rect.center,
                "center",
            )
        self._draw_contents(surface)
        self.close.draw(surface, theme)

    def _draw_contents(self, surface: pygame.Surface) -> None:
        if not self.toc_rect.w:
            return
        current = self.content.first_visible_block(self.theme)
        reading = max((i for i, _ in self.contents if i <= current), default=-1)
        clip = surface.get_clip()
        surface.set_clip(self.toc_rect)
        for index, button in self.contents:
            button.selected = index == reading
            button.draw(surface, self.theme)
        surface.set_clip(clip)

    def hover(self, pos) -> None:
        self.close.hover(pos)
        for _index, button in self.contents:
            button.hover(pos)

    def click(self, pos, button: int = 1) -> None:
        if self.close.click(pos, button):
            return
        if self.toc_rect.collidepoint(pos):
            for _, b in self.contents:
                if b.click(pos, button):
                    return
        if not self.panel.collidepoint(pos):
            self.app.stack.pop(self)

    def scroll(self, dy: int) -> None:
        self.content.scroll(dy)

    def text(self, chars: str) -> None:
        self.query.text(chars)

    def key(self, name: str) -> None:
        if name == "escape" and self.query.value:
            self.query.value = ""
            self._search("")
        elif name in ("escape", "return", "f1"):
            self.app.stack.pop(self)
        elif self.content.key(name):
            return
        else:
            self.query.key(name)


@register_scene("reference")
def reference_scene(app, game_id: str, ruleset, topic: str = "") -> ReferenceScene:
    return ReferenceScene(app, game_id, ruleset, topic)
