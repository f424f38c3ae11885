"""One package per rule set. See riotsim.core.registry for the ids."""
