"""Reading a RIOT game's data folder: both ``data/riot`` and ``data/riot-pm`` are a few YAML
files, each checked against a strict model, every problem gathered before giving up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from riotsim.core.content import load_yaml
from riotsim.core.problems import ContentError, Problem


class StrictModel(BaseModel):
    """A data record that rejects unknown keys and never changes once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def load_files(folder: Path, *files: tuple[str, type[StrictModel]]) -> list[Any]:
    """Each (file name, model) of ``folder`` loaded, in order; raises ContentError naming every
    file's problems."""
    problems: list[Problem] = []
    loaded: list[Any] = []
    for name, model in files:
        try:
            loaded.append(load_yaml(folder / name, model))
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return loaded
