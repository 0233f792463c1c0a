"""The games. Importing this package registers every built-in game."""

from tapete.games import lhombre as lhombre
from tapete.games import ombre as ombre
from tapete.games import pocha as pocha
from tapete.games import tresillo as tresillo
from tapete.games import trynka as trynka

__all__ = ["lhombre", "ombre", "pocha", "tresillo", "trynka"]
