"""Small keyboard- and mouse-operable widgets drawn with the theme."""

from riotsim.ui.widgets.base import FocusGroup, Widget
from riotsim.ui.widgets.button import Button
from riotsim.ui.widgets.choice import Choice
from riotsim.ui.widgets.label import Label
from riotsim.ui.widgets.listview import ListView
from riotsim.ui.widgets.scrollpanel import ScrollPanel
from riotsim.ui.widgets.slider import Slider
from riotsim.ui.widgets.textinput import TextInput
from riotsim.ui.widgets.toggle import Toggle

__all__ = [
    "Button",
    "Choice",
    "FocusGroup",
    "Label",
    "ListView",
    "ScrollPanel",
    "Slider",
    "TextInput",
    "Toggle",
    "Widget",
]
