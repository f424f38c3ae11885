"""One package per rule set, each declared by id in pyproject.toml's ``riotsim.games`` entry
points (see riotsim.core.registry)."""
