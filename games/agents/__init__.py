"""Agents: anything callable as ``agent(env) -> action`` plays.

A student's own function is an agent too::

    def first_legal(env):
        return env.legal_actions()[0]

Ready-made agents, one module per game (each loads when first used)::

    games.agents.random_agent                     every game: a random legal move
    games.agents.tictactoe.minimax_agent          perfect play (never loses)
    games.agents.connectfour.one_step_agent       the classic one-step lookahead
    games.agents.connectfour.AlphaBetaAgent(depth=6)
    games.agents.othello.classic_opponent         the opponent of the classic 6x6 DQN exercise
    games.agents.othello.greedy_agent             flips the most discs
    games.agents.othello.AlphaBetaAgent(depth=4)  positional weights and mobility
    games.agents.minesweeper.MinesweeperSolver()  logic first, the safest guess when it must
    games.agents.puyopuyo.ChainBuilder()          searches two pairs ahead, builds chains

Randomness: ``random_agent`` and the tie-breaks of the Connect Four and Othello agents
draw from ``env.np_random`` (so a game reset with a seed replays the same choices);
the tic-tac-toe, Minesweeper and Puyo Puyo agents use no randomness.
"""

import importlib

from .random_agent import random_agent

GAME_MODULES = ("tictactoe", "connectfour", "othello", "minesweeper", "puyopuyo")


def __getattr__(name):
    # games.agents.othello works without importing it first (and `import games` stays quick)
    if name in GAME_MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["random_agent", *GAME_MODULES]
