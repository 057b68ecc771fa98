"""The DQN agent: a network that guesses, for each action, how good it is (its Q-value).

``Q(state, action)`` = the reward the agent expects from playing ``action`` now and playing
well afterwards. If the guesses were right, the best move would simply be the action with
the largest Q. Learning makes the guesses agree with what really happens::

    target = reward + gamma × (the largest Q of the next position, over its legal actions)
    (target = reward alone when the game ended: nothing comes after the end)

and the network is nudged so that ``Q(state, action)`` moves towards ``target`` (Huber
loss: like the squared error, but gentle with large errors).

Two networks, the same shape:

- the **online** network (``q_net``) chooses moves and is trained at every update;
- the **target** network (``target_net``) is a copy, refreshed only every
  ``target_update`` moves. Targets computed with it stay still for a while, so the
  network does not chase its own tail.

**Action masking**: an illegal action is never chosen (its Q-value is not even looked at),
and the "largest Q of the next position" is taken over the next position's legal actions
only. **Double DQN** (``double=True``): the online network picks that next action and the
target network says how good it is; this corrects DQN's habit of overestimating.

The agent is an arena agent: ``agent(env)`` returns the action with the largest Q-value
(greedy; ``agent.epsilon`` > 0 adds random moves).
"""

import json

import numpy as np

from ..autograd import MLP, Adam, Variable, clip_grads, no_grad
from ..autograd import functions as F
from ..envs import make
from ..errors import BadOptionError
from ..messages import tr
from .config import DQNConfig, preset
from .encoders import encoder_for
from .schedule import LinearSchedule


def learning_rate_schedule(config):
    """The learning rate move by move: ``lr``, going down in a straight line to ``lr_end`` if set."""
    return LinearSchedule(config.lr, config.lr if config.lr_end is None else config.lr_end, config.lr_steps)


def save_agent(path, about, net, prefix):
    """Write ``about`` (game, seed, settings) as JSON and ``net``'s weights to the ``.npz`` file ``path``."""
    # An agent given as the opponent cannot be written to a file: its name is kept instead.
    text = json.dumps(about, default=lambda value: getattr(value, "name", getattr(value, "__name__", repr(value))))
    weights = {prefix + name: value for name, value in net.get_weights().items()}
    np.savez(path, about=np.array(text), **weights)


def saved_config(about):
    """The ``DQNConfig`` written by ``save_agent`` (JSON has lists where the config has tuples)."""
    return DQNConfig(**dict(about["config"], hidden=tuple(about["config"]["hidden"])))


def gradient_step(agent, net, loss):
    """Backpropagate ``loss`` through ``net`` and move its weights one Adam step (gradients clipped)."""
    net.cleargrads()
    loss.backward()
    if agent.config.grad_clip:
        clip_grads(agent.optimizer.params, agent.config.grad_clip)
    agent.optimizer.lr = agent.lr_schedule(agent.steps)  # the learning rate of the moment
    agent.optimizer.update()
    agent.updates += 1


class DQNAgent:
    """``DQNAgent(game, config=None, seed=0, **settings)``.

    - ``game``: the game's name, such as ``"tictactoe"``.
    - ``config``: a ``DQNConfig`` (default: ``dqn.preset(game)``); ``settings`` change
      some of its values, e.g. ``DQNAgent("othello", hidden=(64,), lr=1e-3)``.
    - ``seed``: the seed of the network's first weights, of the random moves and of the
      replay buffer's sampling (the same seed gives the same agent and the same training).
    """

    def __init__(self, game="tictactoe", config=None, *, seed=0, **settings):
        config = preset(game) if config is None else config
        if not isinstance(config, DQNConfig):
            raise BadOptionError(tr(en="config must be a DQNConfig, such as dqn.preset({game!r}).",
                                    ja="config には dqn.preset({game!r}) のような DQNConfig を渡してください。",
                                    game=game))
        self.config = config.replace(**settings)
        self.game = game
        self.seed = seed
        self.encode = encoder_for(self.config.encoder or game)
        env = make(game, **self.config.options)  # to learn the sizes
        self.num_actions = env.num_actions
        self.state_size = len(self.encode(env))
        sizes = tuple(self.config.hidden) + (self.num_actions,)
        self.q_net = MLP(sizes, in_size=self.state_size, seed=seed)
        self.target_net = MLP(sizes, in_size=self.state_size, seed=seed)
        self.update_target()
        self.optimizer = Adam(self.config.lr).setup(self.q_net)
        self.lr_schedule = learning_rate_schedule(self.config)
        self.rng = np.random.default_rng(seed)  # for the random (exploring) moves
        self.epsilon = 0.0  #: chance of a random move in ``agent(env)``: 0 = always the best move
        self.training_epsilon = 1.0  #: the epsilon of the moment while training (used by self-play)
        self.steps = 0  #: moves played in training so far
        self.updates = 0  #: network updates so far
        self.memory = None  #: the replay buffer (made by ``train``)
        self.name = f"dqn_{game}"

    # ------------------------------------------------------------------ playing
    def __call__(self, env):
        """Arena agent: the legal action with the largest Q-value (random with chance ``self.epsilon``)."""
        return self.act(env, self.epsilon)

    def act(self, env, epsilon=0.0):
        """Choose an action in ``env``: random with chance ``epsilon``, else the best legal one."""
        state = self.encode(env)
        if len(state) != self.state_size:
            raise BadOptionError(tr(
                en="This agent learnt {game} with the options {options}: it cannot play on this "
                   "different board. Make the game with games.make({game!r}, **agent.config.options).",
                ja="このエージェントはオプション {options} の {game} で学習しました。大きさの違うこの盤では"
                   "プレイできません。games.make({game!r}, **agent.config.options) でゲームを作ってください。",
                game=self.game, options=self.config.options))
        return self.choose(state, env.action_mask(), epsilon)

    def explore(self, env):
        """Play as during training (epsilon of the moment): the opponent in self-play."""
        return self.act(env, self.training_epsilon)

    def choose(self, state, mask, epsilon=0.0):
        """Epsilon-greedy on an encoded ``state``; only actions where ``mask`` is True are possible."""
        legal = np.flatnonzero(mask)
        if epsilon > 0 and self.rng.random() < epsilon:
            return int(legal[self.rng.integers(len(legal))])
        q = self.q_values_of(state)
        return int(legal[np.argmax(q[legal])])  # the best among the legal actions only

    def q_values_of(self, state):
        """The online network's Q-values of one encoded state (a numpy array, one per action)."""
        with no_grad():
            return self.q_net(state[None, :]).data[0]

    def q_values(self, env):
        """The Q-values of the position in ``env``; illegal actions get ``nan`` (never played)."""
        q = self.q_values_of(self.encode(env)).astype(float)
        q[~env.action_mask()] = np.nan
        return q

    # ------------------------------------------------------------------ learning
    def td_targets(self, batch):
        """``reward + gamma^steps × Q_target(next state, best legal next action)``; just ``reward`` at the end."""
        next_states, next_masks = batch["next_states"], batch["next_masks"]
        with no_grad():
            q_next = self.target_net(next_states).data
            # Which next action is "best": the online network's choice (double DQN) or the target's own.
            chooser = self.q_net(next_states).data if self.config.double else q_next
        chooser = np.where(next_masks, chooser, -np.inf)  # illegal next actions can never be the best
        best = chooser.argmax(axis=1)
        next_value = q_next[np.arange(len(best)), best]
        next_value = np.where(batch["dones"], 0.0, next_value)  # a finished game has no future
        discount = self.config.gamma ** batch["steps"]
        return (batch["rewards"] + discount * next_value).astype(np.float32)

    def learn(self, batch):
        """One update of the online network on a batch of transitions; returns the loss."""
        targets = self.td_targets(batch)
        q = self.q_net(batch["states"])
        q_taken = q[np.arange(len(targets)), batch["actions"]]  # Q of the action that was played
        loss = F.huber_loss(q_taken, Variable(targets))
        gradient_step(self, self.q_net, loss)
        if self.config.tau > 0:
            self.soft_update_target(self.config.tau)
        return float(loss.data)

    def update_target(self):
        """Hard update: the target network becomes an exact copy of the online network."""
        self.target_net.set_weights(self.q_net.get_weights())

    def soft_update_target(self, tau):
        """Soft update: move each target weight a fraction ``tau`` of the way to the online one."""
        for target, online in zip(self.target_net.params(), self.q_net.params()):
            target.data += tau * (online.data - target.data)

    # ------------------------------------------------------------------ saving
    def save(self, path):
        """Write the game, the settings and the network weights to the ``.npz`` file ``path``."""
        about = {"game": self.game, "seed": self.seed, "config": self.config.to_dict()}
        save_agent(path, about, self.q_net, "q_net/")

    @classmethod
    def load(cls, path):
        """An agent read from a file written by ``save`` (ready to play; training goes on from it)."""
        path = str(path)
        if not path.endswith(".npz"):
            path += ".npz"
        with np.load(path) as saved:
            about = json.loads(str(saved["about"]))
            if about.get("kind") == "afterstate":  # saved by an AfterstateAgent
                from .afterstate import AfterstateAgent
                return AfterstateAgent.from_saved(about, saved)
            weights = {name[len("q_net/"):]: saved[name] for name in saved.files if name.startswith("q_net/")}
        agent = cls(about["game"], saved_config(about), seed=about["seed"])
        agent.q_net.set_weights(weights)
        agent.update_target()
        return agent

    def __repr__(self):
        sizes = "-".join(map(str, (self.state_size, *self.config.hidden, self.num_actions)))
        return f"<DQNAgent {self.game} network {sizes}, {self.steps} moves trained>"
