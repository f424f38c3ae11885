"""Building the catalogs: extract every marked string, merge it into each language, compile.

    python -m riotsim.i18n.catalogs extract   # riotsim/locale/riotsim.pot from code and content
    python -m riotsim.i18n.catalogs update    # merge the template into every <lang>/riotsim.po
    python -m riotsim.i18n.catalogs compile   # <lang>/riotsim.po -> riotsim.mo
    python -m riotsim.i18n.catalogs check     # untranslated, fuzzy or stale entries (exit 1)

Code strings are found by Babel's Python extractor through ``_``, ``N_``, ``ngettext`` and
``pgettext``. Content strings are the YAML fields in :data:`CONTENT_FIELDS` (a card's name and
text, a lesson's hint ...), so content stays English in one place and is translated beside
the code's strings.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from riotsim.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE
from riotsim.paths import data_dir

PACKAGE_DIR = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
# YAML keys whose text values players read (names, card texts, hints, scenario texts); a
# list of texts under such a key (a Quodd scenario's round-by-round "hints") is read item by item
CONTENT_FIELDS = frozenset(
    {
        "name",
        "text",
        "label",
        "hint",
        "hints",
        "summary",
        "q_text",
        "blurb",
        "title",
        "intro",
        "outro",
    }
)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def code_messages() -> Iterator[tuple[str, int, str | tuple[str, ...], str | None]]:
    """(file, line, message, context) for every marked string in the package's code."""
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(PACKAGE_DIR),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
    ):
        yield f"riotsim/{filename}", lineno, message, context


def _content_strings(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in CONTENT_FIELDS and isinstance(value, str) and value.strip():
                yield value
            elif key in CONTENT_FIELDS and _texts(value):
                yield from (item for item in value if item.strip())
            else:
                yield from _content_strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from _content_strings(item)


def _texts(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(i, str) for i in value)


def content_messages(root: Path | None = None) -> Iterator[tuple[str, str]]:
    """(file, text) for every player-facing text in the shipped content YAML."""
    base = root or data_dir()
    for path in sorted(base.rglob("*.yaml")):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        for text in _content_strings(raw):
            yield f"data/{path.relative_to(base).as_posix()}", text


def template() -> Catalog:
    """The catalog of every string riotsim may show, English only."""
    catalog = _new(SOURCE)
    for filename, lineno, message, context in code_messages():
        catalog.add(message, locations=[(filename, lineno)], context=context)
    for filename, text in content_messages():
        catalog.add(text, locations=[(filename, 0)])
    return catalog


def _new(lang: str) -> Catalog:
    return Catalog(
        locale=lang,
        domain=DOMAIN,
        project="riotsim",
        version="",
        copyright_holder="the riotsim authors",
        msgid_bugs_address="",
        last_translator="the riotsim authors",
        language_team=f"riotsim {LANGUAGES.get(lang, lang)}",
    )


def _read(path: Path, lang: str) -> Catalog:
    if not path.is_file():
        return _new(lang)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def _write(catalog: Catalog, path: Path, **options: bool) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, **options)
    path.write_bytes(buffer.getvalue())


def extract() -> Catalog:
    catalog = template()
    _write(catalog, TEMPLATE, omit_header=False)
    return catalog


def update() -> None:
    fresh = template()
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        catalog = _read(po_path(lang), lang)
        catalog.update(fresh, no_fuzzy_matching=True)
        _write(catalog, po_path(lang), ignore_obsolete=True)


def compiled(lang: str) -> bytes:
    """The .mo bytes ``lang``'s .po compiles to (fuzzy entries left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, _read(po_path(lang), lang), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for lang in LANGUAGES:
        if lang != SOURCE:
            mo_path(lang).write_bytes(compiled(lang))


def _ids(message_id: str | tuple[str, ...] | list[str]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def problems(lang: str) -> list[str]:
    """What is missing or wrong in ``lang``'s catalog against the code and content now."""
    wanted = template()
    catalog = _read(po_path(lang), lang)
    out: list[str] = []
    for message in wanted:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        where = ", ".join(f"{f}:{n}" if n else f for f, n in message.locations[:2])
        if found is None:
            out.append(f"{lang}: not in the catalog: {_ids(message.id)!r} ({where})")
        elif found.fuzzy:
            out.append(f"{lang}: fuzzy (needs a check): {_ids(message.id)!r} ({where})")
        elif not (all(found.string) if isinstance(found.string, tuple) else found.string):
            out.append(f"{lang}: not translated: {_ids(message.id)!r} ({where})")
    if mo_path(lang).is_file() and mo_path(lang).read_bytes() != compiled(lang):
        out.append(f"{lang}: {mo_path(lang)} is older than its .po: run `compile`")
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else ""
    if command == "extract":
        print(f"{len(extract())} messages in {TEMPLATE}")
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = [p for lang in LANGUAGES if lang != SOURCE for p in problems(lang)]
        for line in found:
            print(line)
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
