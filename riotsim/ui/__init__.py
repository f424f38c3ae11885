"""Everything pygame: the app loop, scene stack, scenes, widgets, game views and animations.

Nothing outside this package imports it, except the command line (lazily).
"""
