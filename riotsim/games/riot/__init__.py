"""RIOT: Cast the First Stone (``riot``) and RIOT Politics & Media (``riot-pm``)."""

from riotsim.games.riot.pm_rules import PoliticsMediaRules
from riotsim.games.riot.rules import RiotRules

RULESET = RiotRules()
RULESET_PM = PoliticsMediaRules()
