"""Reading a RIOT game's data folder: both ``data/riot`` and ``data/riot-pm`` are a few YAML
files, each checked against a strict model, every problem gathered before giving up."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from riotsim.core.content import load_yaml
from riotsim.core.problems import ContentError, Problem


class StrictModel(BaseModel):
    """A data record that rejects unknown keys and never changes once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def load_files(folder: Path, models: Mapping[str, type[StrictModel]]) -> dict[str, Any]:
    """File name -> its loaded model; raises ContentError naming every file's problems."""
    problems: list[Problem] = []
    loaded: dict[str, Any] = {}
    for name, model in models.items():
        try:
            loaded[name] = load_yaml(folder / name, model)
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return loaded
