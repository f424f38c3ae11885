"""Where riotsim's content and user files live.

Content (``assets/``, ``maps/``, ``data/``) sits at the top of the repository in a source or
editable install and inside the package (``riotsim/_content/``) in a built wheel. Every other
module asks this one, so the two layouts never leak into game code.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path

import platformdirs

_PACKAGE = Path(__file__).resolve().parent
APP_NAME = "riotsim"
# A data folder to read instead of the shipped one (``riotsim check-data DIR``).
_data_override: Path | None = None


@cache
def content_root() -> Path:
    """The folder holding ``assets/``, ``maps/`` and ``data/``."""
    repo = _PACKAGE.parent
    if (repo / "data").is_dir() and (repo / "pyproject.toml").is_file():
        return repo
    bundled = _PACKAGE / "_content"
    if bundled.is_dir():
        return bundled
    return repo


def assets_dir() -> Path:
    return content_root() / "assets"


def maps_dir() -> Path:
    return content_root() / "maps"


def data_dir() -> Path:
    if _data_override is not None:
        return _data_override
    return content_root() / "data"


@contextmanager
def use_data_dir(folder: Path) -> Iterator[Path]:
    """Read YAML content from ``folder`` instead of the shipped ``data/`` while inside.

    Game modules cache the content they load, so this only changes what they see when nothing
    was loaded before in this process: the ``riotsim check-data DIR`` command, a fresh process.
    """
    global _data_override
    previous = _data_override
    _data_override = Path(folder).resolve()
    try:
        yield _data_override
    finally:
        _data_override = previous


def user_data_dir() -> Path:
    """Saves and autosaves. ``RIOTSIM_HOME`` overrides it (tests, portable installs)."""
    import os

    override = os.environ.get("RIOTSIM_HOME")
    if override:
        path = Path(override) / "data"
    else:  # no author level: %LOCALAPPDATA%\\riotsim on Windows, as the README says
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    # RIOTSIM_HOME a file, a read-only folder, a full disk: writing there says so, play goes on
    with suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir() -> Path:
    """Settings. ``RIOTSIM_HOME`` overrides it as for :func:`user_data_dir`."""
    import os

    override = os.environ.get("RIOTSIM_HOME")
    if override:
        path = Path(override) / "config"
    else:
        path = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
