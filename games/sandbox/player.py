"""What runs inside an entrant's sandbox: its agent, made from its file, answering one move at a time.

The same code serves every kind of sandbox (a process on CPython, a Web Worker's own Pyodide in the
browser). It is given data only: the entrant's file (its kind and payload, as ``games.save_agent``
writes them) once, then per move the player's view of the game and the seed of its random draws. It
answers with data only: ``{"action": n}``, ``{"illegal": what it gave}`` or ``{"raised": the error}``.

Everything about the answer is judged here, where the entrant's code runs (its time is the referee's):
only an int (or a numpy integer), or a Minesweeper-style ``(row, col)`` pair of ints, names a move;
reading anything else as a number or showing it could run the entrant's code (``__index__``,
``__repr__``) outside its clock.
"""

import random
import sys

import numpy as np

from ..agent_kinds import build

RECURSION_LIMIT = 1000  #: Python's usual limit, put back before every move (an entrant may change it)
DETAIL_LIMIT = 300  #: characters of an error or an illegal answer that are sent back


def build_agent(entry):
    """The agent of ``entry`` (``{"kind", "payload", "name"}``), made the way ``games.load_agent`` makes it."""
    return build(entry["kind"], entry["payload"], f"<{entry.get('name', 'entrant')}>")


def seed_words(game_seed, seat, ply):
    """The entropy of one move's random draws: the game's seed, the entrant's seat and the move number."""
    return [int(game_seed), int(seat), int(ply)]


class Player:
    """One entrant's agent, answering moves."""

    def __init__(self, entry):
        self.agent = build_agent(entry)

    def move(self, view, words):
        """The answer to one move, as data. ``view`` is ``env.player_view(words)``; ``random`` and
        numpy's global generator are seeded from ``words`` too, so the same seed gives the same moves."""
        sys.setrecursionlimit(RECURSION_LIMIT)
        state = np.random.SeedSequence(words).generate_state(1)[0]
        random.seed(int(state))
        np.random.seed(int(state))
        try:
            return judged(self.agent(view), view)
        except BaseException as error:  # noqa: BLE001 - SystemExit, KeyboardInterrupt... all lose the game only
            return {"raised": error_text(error)}


def judged(answer, view):
    """``{"action": n}`` when ``answer`` is a whole number (or a ``(row, col)`` pair of a game that has them),
    else ``{"illegal": what it is}``. Legality itself is judged by the referee, on the real game."""
    if type(answer) is int or isinstance(answer, np.integer):
        return {"action": int(answer)}
    if isinstance(answer, np.ndarray) and answer.shape == () and answer.dtype.kind in "iu":
        return {"action": int(answer)}
    if view.PAIR_EXAMPLE and type(answer) is tuple and len(answer) == 2 and \
            all(type(x) is int or isinstance(x, np.integer) for x in answer):
        action, _ = view.action_of_pair(int(answer[0]), int(answer[1]))
        return {"action": action} if action is not None else {"illegal": safe_repr(answer)}
    return {"illegal": safe_repr(answer)}


def safe_repr(value):
    """A short text of ``value`` for the standings (its ``repr`` may itself raise: then only its type)."""
    try:
        text = repr(value)
    except BaseException:  # noqa: BLE001 - a repr that raises is the entrant's problem, not the referee's
        text = f"<a {type(value).__name__} object>"
    return f"{text[:DETAIL_LIMIT]} ({type(value).__name__})"


def error_text(error):
    """``"ZeroDivisionError: oops"``, short, even when the error's own text raises."""
    try:
        message = str(error)
    except BaseException:  # noqa: BLE001
        message = ""
    name = type(error).__name__
    return (f"{name}: {message}" if message else name)[:DETAIL_LIMIT]
