"""Riot Quest (rule set id ``riotquest``): hex-arena skirmish for 2-4 players."""

from riotsim.games.riotquest.ruleset import RULESET, RiotQuest

__all__ = ["RULESET", "RiotQuest"]
