"""What every learning agent here shares: ``DQNAgent`` and ``AfterstateAgent`` are both a ``Learner``.

The two agents differ in what their network answers (one Q-value per action, or one value
per board) and in how they play a training game. Everything else is the same, and lives
here, once:

- ``learning_reward``: the reward the network learns from (the game's reward, scaled);
- ``epsilon_schedule`` and ``learning_rate_schedule``: how exploration and the step size go
  down move after move;
- ``Learner.gradient_step``: one step of Adam on a loss (gradients clipped);
- ``Learner.play_training_game(env)``: the one method ``train`` calls for each game;
- ``Learner.save(path)`` and ``load(path)``: an agent in a ``.npz`` file and back. The file
  holds the agent's kind ("dqn", "afterstate"), its game, seed and settings (as JSON text)
  and its network's weights (as arrays): no pickle, nothing but numbers and text.
"""

import json

import numpy as np

from ..autograd import Adam, clip_grads
from ..errors import BadOptionError
from ..messages import tr
from .config import DQNConfig, preset
from .schedule import LinearSchedule

KINDS = {}  #: kind -> class, such as {"dqn": DQNAgent, "afterstate": AfterstateAgent}: how ``load`` finds the class


def not_the_trained_agent(method, needed, agent, network):
    """The error for ``method(agent)`` when ``agent`` is not the trained ``needed`` whose network it copies.

    ``network`` names the network that ``agent`` lacks, in the student's language (``tr(en=..., ja=...)``).
    """
    return BadOptionError(tr(
        en="{method} needs a trained {needed}, whose network goes inside the search; {what} has no {network}.",
        ja="{method} には、学習した {needed} を渡してください(そのネットワークを探索の中で使います)。"
           "{what} には{network}がありません。",
        method=method, needed=needed, what=getattr(agent, "__name__", None) or type(agent).__name__, network=network))


def learning_reward(config, reward, ended):
    """The reward the network learns from: ``reward × reward_scale``, plus ``game_over_reward`` if the game ended."""
    reward = reward * config.reward_scale  # Puyo scores are in the hundreds: small numbers learn better
    if ended:  # the game is over (Puyo: the well is full); the env's own reward says nothing of it
        reward += config.game_over_reward
    return reward


def epsilon_schedule(config):
    """The chance of a random move, move by move: ``epsilon_start`` down to ``epsilon_end`` over ``epsilon_steps``."""
    return LinearSchedule(config.epsilon_start, config.epsilon_end, config.epsilon_steps)


def learning_rate_schedule(config):
    """The learning rate move by move: ``lr``, going down in a straight line to ``lr_end`` if set."""
    return LinearSchedule(config.lr, config.lr if config.lr_end is None else config.lr_end, config.lr_steps)


class Learner:
    """The base of the learning agents: settings, counters, the gradient step, saving.

    A kind of agent sets ``kind`` (the name written in saved files) and ``networks`` (the
    names of the networks to save), makes its networks, then calls ``self.learn_with(net)``.
    """

    kind = None  #: the name of this kind of agent in a saved file
    networks = ()  #: the attributes holding the networks whose weights are saved

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        KINDS[cls.kind] = cls  # each kind of agent is noted, so that ``load`` can make one again

    def __init__(self, game, config=None, *, seed=0, **settings):
        config = preset(game) if config is None else config
        if not isinstance(config, DQNConfig):
            raise BadOptionError(tr(en="config must be a DQNConfig, such as dqn.preset({game!r}).",
                                    ja="config には dqn.preset({game!r}) のような DQNConfig を渡してください。",
                                    game=game))
        self.config = config.replace(**settings)
        self.game = game
        self.seed = seed
        self.rng = np.random.default_rng(seed)  # for the random (exploring) moves
        self.epsilon = 0.0  #: chance of a random move in ``agent(env)``: 0 = always the best move
        self.training_epsilon = 1.0  #: the epsilon of the moment while training (used by self-play)
        self.steps = 0  #: moves played in training so far
        self.updates = 0  #: network updates so far
        self.memory = None  #: the replay memory (made by the first training game)
        self.name = f"{self.kind}_{game}"

    # ------------------------------------------------------------------ learning
    def learn_with(self, net):
        """Make the optimizer (Adam) that trains ``net``, and the learning-rate schedule."""
        self.optimizer = Adam(self.config.lr).setup(net)
        self.lr_schedule = learning_rate_schedule(self.config)

    def gradient_step(self, net, loss):
        """Backpropagate ``loss`` through ``net`` and move its weights one Adam step (gradients clipped)."""
        net.cleargrads()
        loss.backward()
        if self.config.grad_clip:
            clip_grads(self.optimizer.params, self.config.grad_clip)
        self.optimizer.lr = self.lr_schedule(self.steps)  # the learning rate of the moment
        self.optimizer.update()
        self.updates += 1

    def time_to_learn(self):
        """True when the memory is full enough and this move is one of every ``train_every``."""
        return len(self.memory) >= self.config.learn_start and self.steps % self.config.train_every == 0

    def learn_from_memory(self):
        """One update on a random batch of the replay memory; returns the loss."""
        return self.learn(self.memory.sample(self.config.batch_size))

    def learn(self, batch):
        """One update of the network on ``batch`` (a dict of arrays from the memory); returns the loss."""
        raise NotImplementedError

    def play_training_game(self, env):
        """Play one game in ``env`` with exploration, learning as it goes.

        Returns ``(total reward, moves played, losses of the updates made)``.
        """
        raise NotImplementedError

    # ------------------------------------------------------------------ saving
    def save(self, path):
        """Write the kind, game, seed, settings and network weights to the ``.npz`` file ``path``."""
        about = {"kind": self.kind, "game": self.game, "seed": self.seed, "config": self.config.to_dict()}
        # An agent given as the opponent cannot be written to a file: its name is kept instead.
        text = json.dumps(about, default=lambda value: getattr(value, "name", getattr(value, "__name__", repr(value))))
        weights = {f"{net}/{name}": value for net in self.networks
                   for name, value in getattr(self, net).get_weights().items()}
        np.savez(path, about=np.array(text), **weights)

    @classmethod
    def load(cls, path):
        """The agent saved in ``path``, of the kind the file says (the same as ``dqn.load(path)``)."""
        return load(path)

    def weights_loaded(self):
        """Called by ``load`` once the saved weights are in (a DQN agent copies them to its target network)."""


def saved_config(about):
    """The ``DQNConfig`` written by ``save`` (JSON has lists where the config has tuples)."""
    return DQNConfig(**dict(about["config"], hidden=tuple(about["config"]["hidden"])))


def load(path):
    """An agent read from a file written by ``agent.save`` (ready to play; training goes on from it).

    The file says which kind of agent it holds (``DQNAgent`` or ``AfterstateAgent``); files
    written before kinds were noted hold a ``DQNAgent``.
    """
    path = str(path)
    if not path.endswith(".npz"):
        path += ".npz"
    with np.load(path) as saved:
        about = json.loads(str(saved["about"]))
        cls = KINDS[about.get("kind", "dqn")]
        agent = cls(about["game"], saved_config(about), seed=about["seed"])
        for net in cls.networks:
            prefix = net + "/"
            getattr(agent, net).set_weights({name[len(prefix):]: saved[name] for name in saved.files
                                             if name.startswith(prefix)})
    agent.weights_loaded()
    return agent
