"""Where riotsim's content and user files live.

Content (``assets/``, ``maps/``, ``data/``) sits at the top of the repository in a source or
editable install and inside the package (``riotsim/_content/``) in a built wheel. Every other
module asks this one, so the two layouts never leak into game code.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import platformdirs

_PACKAGE = Path(__file__).resolve().parent
APP_NAME = "riotsim"


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
    return content_root() / "data"


def user_data_dir() -> Path:
    """Saves and autosaves. ``RIOTSIM_HOME`` overrides it (tests, portable installs)."""
    import os

    override = os.environ.get("RIOTSIM_HOME")
    path = Path(override) / "data" if override else Path(platformdirs.user_data_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir() -> Path:
    """Settings. ``RIOTSIM_HOME`` overrides it as for :func:`user_data_dir`."""
    import os

    override = os.environ.get("RIOTSIM_HOME")
    path = Path(override) / "config" if override else Path(platformdirs.user_config_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path
