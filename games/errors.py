"""The errors a student can meet. Each says what was wrong and what is allowed."""


class GamesError(Exception):
    """Base class of every error raised on purpose by ``games``."""


class IllegalActionError(GamesError, ValueError):
    """An action that the rules do not allow now (the state is left unchanged)."""


class ActionTypeError(IllegalActionError, TypeError):
    """An action of the wrong type, such as ``"3"`` or ``2.5`` instead of ``3``."""


class GameOverError(GamesError, RuntimeError):
    """``step`` was called after the game ended: call ``reset()`` first."""


class BadOptionError(GamesError, ValueError):
    """An option of ``games.make`` (or of an agent) that is unknown or out of range."""
