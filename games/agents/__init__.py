"""Agents: anything callable as ``agent(env) -> action`` plays.

A student's own function is an agent too::

    def first_legal(env):
        return env.legal_actions()[0]
"""

from .random_agent import random_agent

__all__ = ["random_agent"]
