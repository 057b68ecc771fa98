"""The version of games, in a module of its own: the agent files record it, and reading it imports nothing."""

__version__ = "0.1.0"
