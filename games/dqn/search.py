"""Search with a learned evaluation: look a few moves ahead, and let the network judge the positions there.

A search alone sees only as far as it looks; a network alone guesses without looking. The
strongest game programs put the two together: AlphaZero searches with a network that says
how good a position is, and TD-Gammon's network learnt by playing itself. ``SearchAgent``
does the same on a small scale, with a DQN network:

1. **Search.** From the position, try every move, every reply, ... ``depth`` moves deep
   (negamax: a move's value for me is minus its value for the opponent). A game that ends
   inside the search has its real value: +1 won, -1 lost, 0 drawn. At the positions where
   the search stops (the *leaves*), the network gives the value: the largest Q-value of the
   legal moves there, for the player to move. All the leaves of a search are read by the
   network at once (one batch). Each move deeper multiplies a value by ``gamma``, so a quick
   win is worth more than a slow one.
2. **Learning from the search.** The search's value of each move is a better guess than the
   network's own Q-value: it contains real game ends and looks further. So the network
   learns it: after every search of a training game, the position's Q-values of all legal
   moves are nudged towards the search's values (the squared error, from a replay memory in
   random batches, as DQN does). A better network makes the next searches better, and so on.

How far learning from the search gets, measured on tic-tac-toe with lesson 13's DQN network
(``bench/lessons.py``'s agent): at depth 2, 300 to 900 games of it moved the number of lines
a perfect player wins against it between 0 and 16, without settling at 0; lesson 13's
``final_agent`` therefore uses the DQN network as trained, at depth 3 (0 losing lines).

``SearchAgent.from_agent(dqn_agent, depth=2)`` starts from a trained ``DQNAgent``'s network
(a copy: the DQN agent is unchanged). The depth is a setting (``config.depth``) and is saved
with the agent: ``agent.save(path)`` and ``dqn.load(path)`` give back the same player.
``dqn.train(agent, episodes)`` trains it like any agent of ``games.dqn``.

It works for the two-player games whose rules give ``env.clone()`` and ``env.winner``
(tic-tac-toe, Connect Four, Othello).

Speed. The search is full-width: every move is searched, so that ``move_values`` gives the
exact value of every move (what ``show_q`` colours and what learning needs). Alpha-beta
pruning would skip moves one at a time, but the leaves are read by the network in one batch,
which needs them all first; so there is no pruning here. Connect Four and Othello are searched
with arrays while playing (``array_search``: all positions of one depth at once, the leaves
encoded together): the same values as the tree of ``env.clone()``, many times faster.
``bench/lessons.py`` measured each lesson's network at depth 3 against the lesson-3
``AlphaBetaAgent(depth=3)`` (the arena's clock, a mean over 400 games): Connect Four 2.3 ms a
move against its 1.4 ms on CPython, 4.9 ms against 4.3 ms in Pyodide; Othello 0.54 ms against
0.36 ms on CPython, 1.2 ms against 0.9 ms in Pyodide (its tree search took 11 times the alpha-beta's time).
"""

import numpy as np

from ..agents.options import check_depth
from ..autograd import Variable, no_grad
from ..autograd import functions as F
from ..errors import BadOptionError
from ..messages import tr
from . import array_search
from .agent import DQNAgent, make_q_networks
from .learner import Learner, epsilon_schedule, not_the_trained_agent
from .replay import ReplayMemory


SEARCHED_GAMES = ("tictactoe", "connectfour", "othello")  # two players, env.clone() and env.winner

#: ``from_agent``'s learning settings: the network already plays well, so it explores less and learns sooner
FROM_TRAINED = {"epsilon_start": 0.3, "epsilon_end": 0.05, "epsilon_steps": 1000, "learn_start": 200}


class SearchAgent(Learner):
    """``SearchAgent(game, config=None, seed=0, **settings)``: a ``depth``-move search with a Q-network at its leaves.

    ``agent(env)`` plays the move with the best search value (the lowest action of equal
    ones); ``agent.move_values(env)`` shows the search value of every move (nan: illegal).
    """

    kind = "search"
    networks = ("q_net",)

    def __init__(self, game="tictactoe", config=None, *, seed=0, **settings):
        if game not in SEARCHED_GAMES:
            raise BadOptionError(tr(
                en="SearchAgent searches the two-player games {allowed}, not {game!r}. "
                   "(For Puyo Puyo there is dqn.ChainSearchAgent.)",
                ja="SearchAgent が探索できるのは 2 人で対戦するゲーム {allowed} で、{game!r} はできません。"
                   "(ぷよぷよには dqn.ChainSearchAgent があります)",
                allowed=", ".join(SEARCHED_GAMES), game=game))
        super().__init__(game, config, seed=seed, **settings)
        check_depth(self.config.depth)
        # The searches of training read target_net, a copy of q_net refreshed every ``target_update`` moves
        # (as DQN's target network): the values it learns stay still for a while, so it does not chase its tail.
        make_q_networks(self)
        # Connect Four and Othello can also be searched with arrays, all positions of one depth at once (much faster)
        self.array_levels = array_search.levels_for(game, self.config.encoder)
        self.leaf_net = self.q_net  # the network the search reads at its leaves
        self.name = f"search{self.config.depth}_{game}"

    @classmethod
    def from_agent(cls, agent, **settings):
        """A search agent whose network starts as a copy of ``agent``'s (a trained ``DQNAgent``).

        Its config is ``agent``'s, with ``FROM_TRAINED`` (less exploring, learning sooner) and
        ``settings`` changed, e.g. ``depth=2``.
        """
        if not isinstance(agent, (DQNAgent, SearchAgent)):
            raise not_the_trained_agent("SearchAgent.from_agent", "dqn.DQNAgent", agent,
                                        tr(en="Q-network", ja=" Q ネットワーク"))
        searcher = cls(agent.game, agent.config, seed=agent.seed, **{**FROM_TRAINED, **settings})
        searcher.q_net.set_weights(agent.q_net.get_weights())
        return searcher

    def weights_loaded(self):
        self.update_target()

    # ------------------------------------------------------------------ the search
    def __call__(self, env):
        """Arena agent: the legal move with the best search value (random with chance ``self.epsilon``)."""
        legal = env.legal_actions()
        if self.epsilon > 0 and self.rng.random() < self.epsilon:
            return int(legal[self.rng.integers(len(legal))])
        values = self.move_values(env)
        return int(legal[int(np.argmax(values[legal]))])

    def move_values(self, env, searched=None):
        """The search value of every move in ``env`` for the player to move (nan for illegal moves).

        With a list ``searched``: every position inside the search (not its leaves) is added
        to it as ``(position, its move values)``, the root first: what the network learns from.
        """
        if searched is None and self.array_levels is not None and not env.terminated:
            levels, states, masks = self.array_levels(env, self.config.depth)  # the same search, with arrays
            return array_search.back_up(levels, self._network_values(states, masks), self.config.gamma,
                                        self.num_actions)
        leaves, root = [], env.clone()
        root.opponent = None  # in the search, every move is played by hand, both sides'
        tree = self._expand(root, self.config.depth, leaves)
        searched = [] if searched is None else searched
        self._branch_values(tree, self._leaf_values(leaves), searched)
        return searched[0][1]

    def q_values(self, env):
        """The search values of the moves (nan: illegal): what ``games.play(..., show_q=True)`` colours."""
        return self.move_values(env)

    def _expand(self, env, depth, leaves):
        """The search tree below ``env``, ``depth`` moves deep: ``(env, one branch per legal move)``.

        A branch is ``(value if the game ended, else None; does the same player move next?;
        the sub-tree, or the number of its leaf in ``leaves``)``.
        """
        player, branches = env.current_player, []
        for action in env.legal_actions():
            child = env.clone()
            child.play(action)
            if child.terminated:
                ended = 0.0 if child.winner is None else (1.0 if child.winner == player else -1.0)
                branches.append((ended, False, None))
            elif depth > 1:
                branches.append((None, child.current_player == player, self._expand(child, depth - 1, leaves)))
            else:
                leaves.append(child)
                branches.append((None, child.current_player == player, len(leaves) - 1))
        return env, branches

    def _leaf_values(self, leaves):
        """The network's value of each leaf for its player to move: its largest legal Q-value, within [-1, 1]."""
        if not leaves:
            return np.zeros(0)
        return self._network_values(np.stack([self.encode(leaf) for leaf in leaves]),
                                    np.stack([leaf.action_mask() for leaf in leaves]))

    def _network_values(self, states, masks):
        """The largest Q-value of the legal moves (``masks``) of each of ``states``, within [-1, 1]: one batch."""
        if not len(states):
            return np.zeros(0)
        with no_grad():
            q = self.leaf_net(states).data
        return np.clip(np.where(masks, q, -np.inf).max(axis=1), -1.0, 1.0)

    def _branch_values(self, tree, leaf_values, searched):
        """Negamax: the value of each move of ``tree`` for the player who chooses it (times gamma a move)."""
        env, branches = tree
        values = np.full(self.num_actions, np.nan)
        searched.append((env, values))  # filled in below: the root stays first
        for action, (ended, same_player, below) in zip(env.legal_actions(), branches):
            if ended is not None:
                values[action] = ended
                continue
            later = leaf_values[below] if isinstance(below, int) else \
                np.nanmax(self._branch_values(below, leaf_values, searched))
            values[action] = self.config.gamma * (later if same_player else -later)
        return values

    # ------------------------------------------------------------------ learning
    def play_training_game(self, env):
        """Play one game in ``env`` (its opponent answers inside ``env.step``), learning from every search.

        Returns ``(total reward, moves played, losses of the updates made)``.
        """
        config = self.config
        if self.memory is None:
            self.memory = ReplayMemory(config.buffer_size, {
                "states": ((self.state_size,), np.float32), "masks": ((self.num_actions,), bool),
                "targets": ((self.num_actions,), np.float32)}, seed=self.seed)
            self.update_target()
        schedule = epsilon_schedule(config)
        env.reset()
        total, moves, losses = 0.0, 0, []
        self.leaf_net = self.target_net  # training's searches read the still copy
        try:
            while not env.terminated:
                self.training_epsilon = schedule(self.steps)
                action = self.search_and_remember(env)
                _, reward, _, _, _ = env.step(action)
                total += reward
                moves += 1
                self.steps += 1
                if self.time_to_learn():
                    losses.append(self.learn_from_memory())
                if self.steps % config.target_update == 0:
                    self.update_target()
        finally:
            self.leaf_net = self.q_net
        return total, moves, losses

    def search_and_remember(self, env):
        """Search ``env``, keep every searched position and its move values in the memory; returns the move to play."""
        searched = []
        values = self.move_values(env, searched)
        for position, position_values in searched:  # the root and every position inside the search
            self.memory.add(states=self.encode(position), masks=~np.isnan(position_values),
                            targets=np.nan_to_num(position_values))
        legal = np.flatnonzero(~np.isnan(values))
        if self.rng.random() < self.training_epsilon:  # explore: a random move
            return int(legal[self.rng.integers(len(legal))])
        return int(legal[np.argmax(values[legal])])

    def update_target(self):
        """The still copy read by training's searches becomes the network as it is now."""
        self.target_net.set_weights(self.q_net.get_weights())

    def explore(self, env):
        """Play as during training (the epsilon of the moment): the opponent in self-play."""
        epsilon, self.epsilon = self.epsilon, self.training_epsilon
        try:
            return self(env)
        finally:
            self.epsilon = epsilon

    def learn(self, batch):
        """Nudge the Q-values of the legal moves towards the search's values (squared error); returns the loss."""
        masks = batch["masks"].astype(np.float32)
        errors = (self.q_net(batch["states"]) - Variable(batch["targets"])) * Variable(masks)
        loss = F.sum_of(errors * errors) / float(masks.sum())
        self.gradient_step(self.q_net, loss)
        return float(loss.data)

    def __repr__(self):
        sizes = "-".join(map(str, (self.state_size, *self.config.hidden, self.num_actions)))
        return "<SearchAgent " + tr(
            en="{game}: {depth}-move search, network {sizes} at its leaves, {steps} moves trained>",
            ja="{game}: {depth} 手先までの探索、葉にネットワーク {sizes}、学習 {steps} 手>",
            game=self.game, depth=self.config.depth, sizes=sizes, steps=self.steps)
