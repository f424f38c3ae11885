"""The language riotsim speaks: gettext catalogs, switchable while the app runs.

English is the source language: every user-facing string in the code is English, marked with
``_()`` (translate now), ``N_()`` (mark only: a table entry translated where it is shown) or
``ngettext()`` (plural forms). Content YAML stays English too; its texts are extracted into the
same catalog (``riotsim.i18n.catalogs``). Catalogs live in ``riotsim/locale/<lang>/LC_MESSAGES/``:
``riotsim.po`` is what translators edit, ``riotsim.mo`` what is read (compiled by
``python -m riotsim.i18n.catalogs compile``; a test fails when the two disagree).

>>> set_language("en")
'en'
>>> _("Undo")
'Undo'
>>> ngettext("{n} round", "{n} rounds", 3).format(n=3)
'3 rounds'
>>> format_number(1234.5)
'1,234.5'
>>> set_language("xx")
Traceback (most recent call last):
  ...
ValueError: unknown language 'xx'; riotsim speaks: en, it
"""

from __future__ import annotations

import gettext as _gettext
import locale
import os
from collections.abc import Callable
from datetime import date, datetime
from functools import cache
from pathlib import Path

DOMAIN = "riotsim"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano"}  # code -> its own name
SOURCE = "en"

_current = SOURCE
_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []


@cache
def _catalog(lang: str) -> _gettext.NullTranslations:
    if lang == SOURCE:
        return _gettext.NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as handle:
            return _gettext.GNUTranslations(handle)
    except OSError:  # a build without the catalog: speak English rather than fail
        return _gettext.NullTranslations()


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language of the user's locale when riotsim speaks it, else English
    (``RIOTSIM_LANG`` first: the tests pin English with it).

    >>> system_language({"LANG": "it_IT.UTF-8"})
    'it'
    >>> system_language({"LC_ALL": "de_DE.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for key in ("RIOTSIM_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = env.get(key, "")
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else SOURCE
    if environ is None:
        found = locale.getlocale()[0] or ""
        code = found.split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE


def resolve(choice: str | None) -> str:
    """A language setting ("system", a code, or None) as the code to speak."""
    if not choice or choice == "system":
        return system_language()
    if choice not in LANGUAGES:
        raise ValueError(f"unknown language {choice!r}; riotsim speaks: {', '.join(LANGUAGES)}")
    return choice


def set_language(choice: str | None) -> str:
    """Speak ``choice`` from now on (``"system"`` or None: the user's locale); returns the
    code chosen. Listeners (the app's scenes) are told, so text already on screen changes."""
    global _current, _translations
    lang = resolve(choice)
    _current, _translations = lang, _catalog(lang)
    for listener in list(_listeners):
        listener(lang)
    return lang


def language() -> str:
    """The code of the language spoken now."""
    return _current


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` after every language change; returns the function that stops it."""
    _listeners.append(listener)

    def stop() -> None:
        if listener in _listeners:
            _listeners.remove(listener)

    return stop


def _(message: str) -> str:
    """``message`` in the current language (the English text when it has no translation)."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (tables built at import time,
    translated with ``_()`` where they are shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that ``n`` takes in the current language."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context``, for an English word with two meanings."""
    return _translations.pgettext(context, message)


def _babel_locale() -> str:
    return {"en": "en_GB", "it": "it_IT"}.get(_current, "en_GB")


def format_number(value: float, digits: int | None = None) -> str:
    """A number written the current language's way (``1,234.5`` / ``1.234,5``), with exactly
    ``digits`` decimals when given.

    >>> format_number(11, digits=1)
    '11.0'
    """
    pattern = None if digits is None else "#,##0" + ("." + "0" * digits if digits > 0 else "")
    try:
        from babel.numbers import format_decimal
    except ImportError:  # pragma: no cover - Babel is a dependency; never fail on a number
        return f"{value:,.{digits}f}" if digits is not None else f"{value:,}"
    return str(format_decimal(value, format=pattern, locale=_babel_locale()))


def format_percent(share: float) -> str:
    """A share (0.25) as a percentage written the current language's way."""
    try:
        from babel.numbers import format_percent as babel_percent
    except ImportError:  # pragma: no cover
        return f"{share:.0%}"
    return str(babel_percent(share, locale=_babel_locale()))


def format_when(moment: date | datetime) -> str:
    """A date (and time, for a datetime) written the current language's way, short form."""
    try:
        from babel.dates import format_date, format_datetime
    except ImportError:  # pragma: no cover
        return moment.isoformat()
    if isinstance(moment, datetime):
        return str(format_datetime(moment, "short", locale=_babel_locale()))
    return str(format_date(moment, "medium", locale=_babel_locale()))
