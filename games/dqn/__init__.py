"""DQN (deep Q-network): agents that learn a game by playing it, in small readable numpy code.

>>> from games import dqn
>>> agent = dqn.DQNAgent("tictactoe", seed=0)       # the preset settings of the game
>>> curve = dqn.train(agent, episodes=3000)           # doctest: +SKIP
>>> games.arena.evaluate("tictactoe", agent, games.agents.random_agent)   # doctest: +SKIP

Modules, in reading order:

- ``config``: ``DQNConfig`` (every setting) and ``preset(game)`` (small settings that learn
  something in a few minutes, even in the browser);
- ``encoders``: a position -> the numbers the network reads (planes, from the mover's view);
  every encoder of every game, in one table ``ENCODERS``;
- ``replay``: the replay memory (a ring of rows, learnt from in random batches);
- ``schedule``: a value going down in a straight line (epsilon, the learning rate);
- ``shaping``: optional hints computed from the board (reward shaping), for games whose
  rewards come too rarely (Puyo Puyo);
- ``learner``: ``Learner``, what both agents share: the learning reward, the schedules, the
  gradient step, saving, and ``load(path)`` (which gives back the right kind of agent);
- ``agent``: ``DQNAgent``: online and target networks, action masking, the learning step,
  its training game; ``agent(env)`` plays in the arena;
- ``afterstate``: ``AfterstateAgent``: a network that scores the board *after* each move
  (one value, not one per action), learnt by TD; for Puyo Puyo;
- ``search``: ``SearchAgent``: a search a few moves deep with a Q-network at its leaves, the
  network learning the search's own values (the idea of AlphaZero, on a small scale);
- ``chain_search``: ``ChainSearchAgent``: Puyo Puyo's chain search of lesson 52, with the
  afterstate network's value added to its heuristic where the search stops;
- ``train``: ``train(agent, episodes)``: game after game, ``agent.play_training_game(env)``;
  returns a ``Curve``.

>>> agent.save("my_agent.npz")                       # doctest: +SKIP
>>> agent = dqn.load("my_agent.npz")                  # doctest: +SKIP
"""

from .afterstate import AfterstateAgent
from .agent import DQNAgent
from .chain_search import ChainSearchAgent
from .config import DQNConfig, preset
from .encoders import encode, encoder_for
from .learner import Learner, load
from .replay import ReplayBuffer, ReplayMemory
from .schedule import LinearSchedule
from .search import SearchAgent
from .train import Curve, evaluate, opponent_agent, train

__all__ = ["AfterstateAgent", "ChainSearchAgent", "Curve", "DQNAgent", "DQNConfig", "Learner", "LinearSchedule",
           "ReplayBuffer", "ReplayMemory", "SearchAgent", "encode", "encoder_for", "evaluate", "load", "opponent_agent",
           "preset", "train"]
