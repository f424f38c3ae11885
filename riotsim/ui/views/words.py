"""Showing content and rules texts in the language spoken (issue 17, L2).

Content YAML stays English and its texts are msgids of the catalog, so a view shows a card's
name as ``tr(card.name)``. ``tr`` is ``_`` for texts that are not literals: an empty text stays
empty (gettext would answer ``""`` with the catalog's header).
"""

from __future__ import annotations

from riotsim.i18n import _


def tr(text: str) -> str:
    """``text`` (a content or rules text) in the language spoken; '' stays ''."""
    return _(text) if text else text
