"""DQN (deep Q-network): agents that learn a game by playing it, in small readable numpy code.

>>> from games import dqn
>>> agent = dqn.DQNAgent("tictactoe", seed=0)       # the preset settings of the game
>>> curve = dqn.train(agent, episodes=3000)           # doctest: +SKIP
>>> games.arena.evaluate("tictactoe", agent, games.agents.random_agent)   # doctest: +SKIP

Modules, in reading order:

- ``encoders``: a position -> the numbers the network reads (planes, from the mover's view);
- ``replay``: the replay buffer (the agent's memory of transitions);
- ``schedule``: epsilon, the chance of a random move, going down as the agent learns;
- ``agent``: ``DQNAgent``: online and target networks, action masking, the learning step,
  save / load; ``agent(env)`` plays in the arena;
- ``train``: ``train(agent, episodes)``: play, remember, learn; returns a ``Curve``;
- ``afterstate``: ``AfterstateAgent``: a network that scores the board *after* each move
  (one value, not one per action), learnt by TD; for Puyo Puyo;
- ``shaping``: optional hints computed from the board (reward shaping), for games whose
  rewards come too rarely (Puyo Puyo);
- ``config``: ``DQNConfig`` (every setting) and ``preset(game)`` (small settings that learn
  something in a few minutes, even in the browser).
"""

from .afterstate import AfterstateAgent
from .agent import DQNAgent
from .config import DQNConfig, preset
from .encoders import encode, encoder_for
from .replay import ReplayBuffer
from .schedule import LinearSchedule
from .train import Curve, evaluate, opponent_agent, train

__all__ = ["AfterstateAgent", "Curve", "DQNAgent", "DQNConfig", "LinearSchedule", "ReplayBuffer", "encode", "encoder_for",
           "evaluate", "opponent_agent", "preset", "train"]
