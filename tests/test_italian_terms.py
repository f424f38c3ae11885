"""Issue 17: the Italian catalog speaks with one voice. Every game term of docs/i18n-glossary.md
that a msgid uses is rendered with the glossary's Italian; every msgstr keeps its msgid's
placeholders, its leading and trailing spaces and its closing punctuation, and names the
keyboard keys as the English does.

The catalog checked is riotsim/locale/it/LC_MESSAGES/riotsim.po, or the file named by the
environment variable RIOTSIM_IT_PO (to check a copy with a table applied before it is merged).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "i18n-glossary.md"
CATALOG = ROOT / "riotsim" / "locale" / "it" / "LC_MESSAGES" / "riotsim.po"

# The glossary's sections, and the source paths whose entries speak of that game.
SECTIONS = {
    "Every game": "all",
    "Riot Quest": "riotquest",
    "RIOT: Cast the First Stone and RIOT Politics & Media": "riot",
    "Quodd Heroes": "quodd",
}

# Glossary English that is also ordinary English, so a msgid using the word need not mean the
# game term: the check skips the word (one English variant as the glossary writes it -> why).
ORDINARY = {
    "hand": "also a verb ('hand over') and 'on the other hand'; 'hand to hand' is its own row",
    "round": "also 'turns round', 'round trip'; and Italian keeps the word anyway",
    "turn": "also the verb: a board, a tile, a beam turns (girare, ruotare), 'turns face down'",
    "move": "the UI's 'a move' is a mossa and 'move within the group' is spostarsi",
    "step": "also the verb ('steps onto' = entra) and a replay or lesson step",
    "draw": "also a tie ('a draw' = pareggio) and drawing on the screen",
    "roll": "also what bombs and cube faces do (rotolare), not only a roll of dice",
    "range": "also 'in range' (a portata) and a range of values; 'Range N' is its own row",
    "hit": "also 'hit the cap' of the balance reports",
    "point": "also the verb ('point it' = orientalo)",
    "marker": "also the problem markers of the map tools; the named markers are their own rows",
}

STOP = {"di", "del", "della", "dei", "delle", "il", "lo", "la", "i", "gli", "le", "l", "un"}
# Names of file fields and code in a message ('dice', players[{i}].crew, dice.yaml, [id, seat]):
# they stay English in both languages, so they are no use of a game term.
CODE = re.compile(r"(?<!\w)'[^']*'(?!\w)|\[[^\]]*\]|\S*[\w\]}]\.\w\S*|\w+_\w+")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]")
KEYS = re.compile(
    r"\b(?:(?:Ctrl|Shift|Maiusc|Alt)\+\w+|Esc|Tab|F\d{1,2}|Del|Canc|Backspace"
    r"|Escape(?= \w+s\b))\b"
)
# Keys an Italian keyboard labels otherwise are named as it labels them (the glossary's Keys).
# "Escape" is the key only before its verb ("Escape cancels"), not in "Escape the Isle".
ITALIAN_KEYS = {"Shift": "Maiusc", "Del": "Canc", "Escape": "Esc"}
ENDINGS = {":": "colon", ".": "stop", "!": "bang", "?": "question", "…": "dots"}
# Entries whose Italian ends otherwise because Italian grammar says so (msgid -> why).
OTHER_ENDING = {
    "{position}.": "an ordinal: Italian writes 1º where English writes 1.",
}


@dataclass(frozen=True)
class Term:
    english: str  # as the glossary writes it, one variant
    italian: tuple[str, ...]  # acceptable Italian renderings
    scope: str  # "all" or a game key


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _variants(cell: str) -> list[str]:
    cell = re.sub(r"\([^)]*\)", "", cell).replace("...", "")
    return [v.strip() for v in re.split(r" / |, ", cell) if v.strip()]


def _pairs(english: str, italian: str) -> list[tuple[str, tuple[str, ...]]]:
    """The glossary's English variants, each with its Italian (paired by position when the
    two cells list as many variants, else every Italian form for every English one)."""
    eng = _variants(english)
    alts = [a.strip() for a in italian.split(";")]
    ita = _variants(alts[0])
    if len(eng) == len(ita) and len(eng) > 1 and len(alts) == 1:
        return [(e, (i,)) for e, i in zip(eng, ita, strict=True)]
    every = tuple(v for a in alts for v in _variants(a))
    return [(e, every) for e in eng]


@lru_cache(maxsize=1)
def glossary_terms() -> tuple[Term, ...]:
    terms: list[Term] = []
    scope = None
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            scope = SECTIONS.get(line[3:].strip())
            continue
        if scope is None or not line.startswith("|") or line.startswith("|---"):
            continue
        cells = _cells(line)
        if cells[0] == "English":
            continue
        for english, italian in _pairs(cells[0], cells[1]):
            if english.lower() not in ORDINARY:
                terms.append(Term(english, italian, scope))
    return tuple(terms)


def _english_pattern(english: str) -> re.Pattern[str]:
    words = [r"(?:\d+|#)" if w == "N" else re.escape(w) for w in english.split()]
    body = r"[\s-]+".join(words)
    # A one-word term the glossary capitalises (Rig, Guard, Target) is the game term only so
    # written; a lower-case or longer one matches in any case ("spawn gate" is a Spawn Gate).
    single_capital = len(words) == 1 and english[:1].isupper()
    flags = 0 if single_capital else re.IGNORECASE
    return re.compile(rf"(?<![\w-]){body}(?:s|es|'s)?(?![\w-])", flags)


def _stem(word: str) -> str:
    word = word.lower()
    for ending in ("are", "ere", "ire", "tore"):
        if word.endswith(ending) and len(word) > 5:
            return word[: -len(ending)]
    if len(word) > 3 and word[-1] in "aeiouàèéìòù":
        return word[:-1]
    return word


def _says(text: str, italian: str) -> bool:
    """Whether *text* carries the Italian phrase: each of its words, any inflection."""
    words = re.findall(r"\w+", text.lower())
    wanted = [w for w in re.findall(r"\w+", italian) if w.lower() not in STOP and w != "N"]
    return all(any(w.startswith(_stem(x)) for w in words) for x in wanted)


@dataclass(frozen=True)
class Entry:
    key: str  # table key: "ctx\x04msgid", the singular msgid for plurals
    ids: tuple[str, ...]
    strings: tuple[str, ...]
    games: frozenset[str]


def _games(locations) -> frozenset[str]:
    found = set()
    for path, _line in locations:
        if "riotquest" in path:
            found.add("riotquest")
        elif "quodd" in path:
            found.add("quodd")
        elif re.search(r"(^|/|_)riot(-pm|_|/|\.)", path):
            found.add("riot")
    return frozenset(found or {"riotquest", "riot", "quodd"})


@lru_cache(maxsize=1)
def entries() -> tuple[Entry, ...]:
    path = Path(os.environ.get("RIOTSIM_IT_PO", CATALOG))
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="it", domain="riotsim")
    found = []
    for m in catalog:
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        strings = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        key = (m.context + "\x04" if m.context else "") + ids[0]
        found.append(Entry(key, ids, strings, _games(m.locations)))
    return tuple(found)


def _pairs_of(entry: Entry) -> list[tuple[str, str]]:
    """(English, Italian) pairs to compare: the plural's Italian forms against its English."""
    if len(entry.ids) == 1:
        return [(entry.ids[0], entry.strings[0])]
    return [(entry.ids[0], entry.strings[0])] + [(entry.ids[1], s) for s in entry.strings[1:]]


def term_problems(entry: Entry) -> list[str]:
    """The glossary terms this entry's English uses and its Italian lacks. Longer terms go
    first and hide their words from shorter ones ("Spawn Gate" is not also "spawn")."""
    problems: dict[str, str] = {}
    terms = sorted(glossary_terms(), key=lambda t: -len(t.english))
    for english, italian in _pairs_of(entry):
        if not italian:
            continue
        english = PLACEHOLDER.sub(" # ", CODE.sub(" # ", english))  # {area} is a name
        for term in terms:
            if term.scope != "all" and term.scope not in entry.games:
                continue
            pattern = _english_pattern(term.english)
            if not pattern.search(english):
                continue
            english = pattern.sub(" # ", english)
            if _kept_as_name(term.english, italian):
                continue
            if not any(_says(italian, it) for it in _all_italian(term.english, entry.games)):
                problems[term.english] = f"{term.english!r} -> {' | '.join(term.italian)}"
    return list(problems.values())


def _kept_as_name(english: str, italian: str) -> bool:
    """A lower-case word that the Italian repeats as it is names a file's field or object
    ("district must be one of", "an area object"): both languages keep it."""
    same = re.search(rf"(?<!\w){re.escape(english)}(?!\w)", italian)
    return english.islower() and same is not None


@cache
def _all_italian(english: str, games: frozenset[str]) -> tuple[str, ...]:
    """Every Italian the glossary allows for this English in these games (a term in two
    tables, like Dash or push, may be rendered with either game's word)."""
    return tuple(
        it
        for t in glossary_terms()
        if t.english == english and (t.scope == "all" or t.scope in games)
        for it in t.italian
    )


def _ending(text: str) -> str:
    stripped = text.rstrip()
    if stripped.endswith("...") or stripped.endswith("…"):
        return "dots"
    return ENDINGS.get(stripped[-1:], "none") if stripped else "none"


def _opening(text: str) -> str:
    """The punctuation a text opens with (", one drawn", "(optional)", "- done"), or ""."""
    first = text.lstrip()[:1]
    return first if first and first in ",;:.-+(|•" else ""


def _edges(text: str) -> tuple[str, str]:
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()) :]
    return lead, trail


def form_problems(entry: Entry) -> list[str]:
    problems = []
    for english, italian in _pairs_of(entry):
        if not italian:
            continue
        if sorted(PLACEHOLDER.findall(english)) != sorted(PLACEHOLDER.findall(italian)):
            problems.append("placeholders differ")
        if _edges(english) != _edges(italian):
            problems.append("leading/trailing spaces differ")
        if _opening(english) != _opening(italian):
            problems.append("opening punctuation differs")
        if _ending(english) != _ending(italian) and entry.key not in OTHER_ENDING:
            problems.append(f"ends {_ending(english)} in English, {_ending(italian)} in Italian")
        if sorted(map(_italian_key, KEYS.findall(english))) != sorted(KEYS.findall(italian)):
            problems.append("key names differ")
    return problems


def _italian_key(name: str) -> str:
    for english, italian in ITALIAN_KEYS.items():
        name = re.sub(rf"\b{english}\b", italian, name)
    return name


def _report(kind) -> list[str]:
    return [f"{e.key!r}: {', '.join(p)}" for e in entries() if (p := kind(e))]


def test_the_glossary_yields_the_terms_it_names():
    by_english = {t.english: t.italian for t in glossary_terms()}
    assert by_english["Spawn Gate"] == ("Portale",)
    assert by_english["Treasure Beacon"] == ("Faro del Tesoro",)
    assert by_english["Public Opinion"] == ("Opinione Pubblica",)
    assert by_english["Fighter"] == ("Combattente",)
    assert "round" not in by_english  # an ordinary word, see ORDINARY


def test_the_check_catches_a_wrong_word():
    entry = Entry("x", ("Move to Spawn Gate 6.",), ("Vai alla Porta 6.",), frozenset({"riotquest"}))
    assert term_problems(entry)
    fixed = Entry("x", ("Move to Spawn Gate 6.",), ("Vai al Portale 6.",), entry.games)
    assert not term_problems(fixed) and not form_problems(fixed)
    assert form_problems(Entry("x", ("{n} left:",), ("{m} rimasti",), entry.games))


def test_every_glossary_term_keeps_its_italian():
    problems = _report(term_problems)
    assert not problems, f"{len(problems)} entries:\n" + "\n".join(problems)


def test_every_italian_keeps_placeholders_edges_punctuation_and_keys():
    problems = _report(form_problems)
    assert not problems, f"{len(problems)} entries:\n" + "\n".join(problems)


@pytest.mark.parametrize("english", sorted(ORDINARY))
def test_every_exception_names_a_glossary_row(english):
    text = GLOSSARY.read_text(encoding="utf-8")
    rows = [_cells(line) for line in text.splitlines() if line.startswith("|")]
    variants = {v.lower() for row in rows if len(row) > 1 for v, _ in _pairs(row[0], row[1])}
    assert english in variants, f"exception {english!r} is not a glossary term"
