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

One move of a training game (``play_training_game``, called by ``games.dqn.train``)::

    1. choose an action: random with chance epsilon, else the best legal one (Q-values)
    2. play it (in a two-player game the opponent answers inside ``env.step``)
    3. keep the transition (state, action, reward, next state, ended?, next legal actions)
    4. every ``train_every`` moves: learn from a random batch of kept transitions
    5. every ``target_update`` moves: copy the online network into the target network

What it shares with the ``AfterstateAgent`` (settings, gradient step, schedules, saving) is
in ``learner.py``.
"""

from collections import deque

import numpy as np

from ..autograd import MLP, Variable, no_grad
from ..autograd import functions as F
from ..envs import make
from ..errors import BadOptionError
from ..messages import tr
from .encoders import encoder_for, symmetries
from .learner import Learner, epsilon_schedule, learning_reward
from .replay import ReplayBuffer
from .shaping import potential_for


class DQNAgent(Learner):
    """``DQNAgent(game, config=None, seed=0, **settings)``.

    - ``game``: the game's name, such as ``"tictactoe"``.
    - ``config``: a ``DQNConfig`` (default: ``dqn.preset(game)``); ``settings`` change
      some of its values, e.g. ``DQNAgent("othello", hidden=(64,), lr=1e-3)``.
    - ``seed``: the seed of the network's first weights, of the random moves and of the
      replay buffer's sampling (the same seed gives the same agent and the same training).
    """

    kind = "dqn"
    networks = ("q_net",)  # saved; the target network is a copy of it

    def __init__(self, game="tictactoe", config=None, *, seed=0, **settings):
        super().__init__(game, config, seed=seed, **settings)
        make_q_networks(self)
        self.update_target()
        self._turns = None  # the board's symmetries (augment=True), worked out at the first training game

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
        legal = mask.nonzero()[0]  # the legal actions' numbers (np.flatnonzero, without its Python wrapper)
        if epsilon > 0 and self.rng.random() < epsilon:
            return int(legal[self.rng.integers(len(legal))])
        q = self.q_values_of(state)
        return int(legal[q[legal].argmax()])  # the best among the legal actions only

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
        self.gradient_step(self.q_net, loss)
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

    # ------------------------------------------------------------------ a training game
    def play_training_game(self, env):
        """Play one game with exploration, keeping its transitions and learning as it goes.

        Returns (total reward, moves, losses of the updates made).
        """
        config = self.config
        if self.memory is None:
            self.memory = ReplayBuffer(config.buffer_size, self.state_size, self.num_actions, seed=self.seed)
        memory, turns, schedule = self.memory, self.board_turns(), epsilon_schedule(config)
        _, info = env.reset()
        state, mask = self.encode(env), info["action_mask"]
        recent = deque()  # (state, action, reward) of the last moves, for n-step transitions
        total, moves, losses = 0.0, 0, []
        potential = potential_for(config.shaping)
        before = potential(env) if potential else 0.0
        while True:
            self.training_epsilon = schedule(self.steps)
            action = self.choose(state, mask, self.training_epsilon)
            _, reward, terminated, truncated, info = env.step(action)
            total += reward
            moves += 1
            self.steps += 1
            next_state, next_mask = self.encode(env), info["action_mask"]
            if config.max_moves is not None and moves >= config.max_moves:
                truncated = True  # stopped, not ended: the value of the next state still counts
            learn_reward = learning_reward(config, reward, terminated)
            if potential:  # a hint from the board: gamma × potential(after) − potential(before)
                after = potential(env)
                learn_reward += config.shaping_scale * (config.gamma * after - before)
                before = after
            recent.append((state, action, learn_reward))
            if len(recent) == config.n_step:
                keep(memory, recent, next_state, terminated, next_mask, config.gamma, turns)
                recent.popleft()
            if terminated or truncated:
                while recent:  # the last moves: transitions shorter than n moves, to the end
                    keep(memory, recent, next_state, terminated, next_mask, config.gamma, turns)
                    recent.popleft()
            if self.time_to_learn():
                losses.append(self.learn_from_memory())
            if config.tau == 0 and self.steps % config.target_update == 0:
                self.update_target()
            if terminated or truncated:
                return total, moves, losses
            state, mask = next_state, next_mask

    def board_turns(self):
        """With ``augment=True``: the board's symmetries (a ``BoardTurns``); else None."""
        if not self.config.augment:
            return None
        if self._turns is None:
            env = make(self.game, **self.config.options)
            self._turns = BoardTurns(symmetries(self.game, env, self.state_size))
        return self._turns

    # ------------------------------------------------------------------ loading
    def weights_loaded(self):
        self.update_target()  # the target network starts as a copy of the loaded online network

    def __repr__(self):
        sizes = "-".join(map(str, (self.state_size, *self.config.hidden, self.num_actions)))
        return "<DQNAgent " + tr(en="{game} network {sizes}, {steps} moves trained>",
                                 ja="{game} ネットワーク {sizes}、学習 {steps} 手>",
                                 game=self.game, sizes=sizes, steps=self.steps)


def make_q_networks(agent):
    """Give ``agent`` (a DQN or a search agent) its encoder, its sizes, its Q-network ``q_net`` and a
    target network ``target_net`` of the same shape; ``q_net`` is the one that learns."""
    agent.encode = encoder_for(agent.config.encoder or agent.game)
    env = make(agent.game, **agent.config.options)  # to learn the sizes
    agent.num_actions = env.num_actions
    agent.state_size = len(agent.encode(env))
    sizes = tuple(agent.config.hidden) + (agent.num_actions,)
    agent.q_net = MLP(sizes, in_size=agent.state_size, seed=agent.seed)
    agent.target_net = MLP(sizes, in_size=agent.state_size, seed=agent.seed)
    agent.learn_with(agent.q_net)


def keep(memory, recent, next_state, done, next_mask, gamma, turns=None):
    """Store the transition from the oldest of ``recent`` moves to ``next_state``.

    Its reward is the discounted sum of the ``recent`` rewards (n-step learning). With
    ``turns`` (the board's symmetries, see ``DQNAgent.board_turns``), store it once turned
    each way.
    """
    state, action, _ = recent[0]
    reward = sum(gamma ** i * r for i, (_, _, r) in enumerate(recent))
    if turns is None:
        memory.add(state, action, reward, next_state, done, next_mask, steps=len(recent))
    else:
        memory.add_turned(turns, state, action, reward, next_state, done, next_mask, steps=len(recent))


class BoardTurns:
    """A board's symmetries (``encoders.symmetries``), as three tables with one row per symmetry.

    For symmetry ``i``: ``states[i]`` turns an encoded state (``state[states[i]]``), ``actions[i]``
    turns an action mask (``mask[actions[i]]``), and ``actions_to[i][a]`` is where action ``a`` goes.
    One row per symmetry, so that a transition is turned every way with one indexing per column.
    """

    def __init__(self, turns):
        self.states = np.array([state_src for state_src, _ in turns])
        self.actions = np.array([action_src for _, action_src in turns])
        self.actions_to = np.argsort(self.actions, axis=1)

    def __len__(self):
        return len(self.states)
