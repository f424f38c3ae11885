"""Game-agnostic bots over the rules contract."""
