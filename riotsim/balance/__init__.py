"""Balance reports: batches of bot games (serial, in processes or on a Dask cluster), their
figures (``report.json``) and a one-page HTML report with charts (``report.html``).

``riotsim simulate GAME --games N --report DIR`` drives it; see docs/map-design.md, "Balance
report". matplotlib and dask are optional extras (``report`` and ``cluster``).
"""

from __future__ import annotations


class MissingExtra(ImportError):
    """An optional dependency is not installed: the message names the extra to install."""


def need(module: str, extra: str, what: str) -> None:
    """Import ``module`` or raise :class:`MissingExtra` saying how to install it."""
    import importlib

    try:
        importlib.import_module(module)
    except ImportError as err:
        raise MissingExtra(
            f"{what} needs {module.split('.')[0]}, which is not installed "
            f'(pip install "riotsim[{extra}]")'
        ) from err
