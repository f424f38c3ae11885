"""riotsim: a desktop tabletop simulator that knows the rules of the games it plays."""

__version__ = "0.1.0"
