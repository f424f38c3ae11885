"""The rules-core toolkit shared by every game. Never imports pygame or riotsim.ui."""
