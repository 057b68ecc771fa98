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
which needs them all first; so there is no pruning here. Connect Four is searched with arrays
while playing (``_connectfour_move_values``: all positions of one depth at once, the leaves
encoded by ``encoders.connectfour_many``): the same values as the tree of ``env.clone()``, 20
to 30 times faster. ``bench/lessons.py`` measured lesson 23's network at depth 3 against the
lesson-3 ``AlphaBetaAgent(depth=3)``: 2.0 ms a move against its 2.0 ms on CPython (0.8 to 1.0 times
its time in three runs), 5.2 ms against 3.9 ms in Pyodide.
"""

import numpy as np

from ..agents.connectfour import window_cells
from ..autograd import Variable, no_grad
from ..autograd import functions as F
from .agent import make_q_networks
from .encoders import MANY_ENCODERS
from .learner import Learner, epsilon_schedule
from .replay import ReplayMemory


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
        super().__init__(game, config, seed=seed, **settings)
        # The searches of training read target_net, a copy of q_net refreshed every ``target_update`` moves
        # (as DQN's target network): the values it learns stay still for a while, so it does not chase its tail.
        make_q_networks(self)
        # Connect Four can also be searched with arrays, all positions of one depth at once (much faster)
        self.encode_many = MANY_ENCODERS.get(self.config.encoder or game) if game == "connectfour" else None
        self.leaf_net = self.q_net  # the network the search reads at its leaves
        self.name = f"search{self.config.depth}_{game}"

    @classmethod
    def from_agent(cls, agent, **settings):
        """A search agent whose network starts as a copy of ``agent``'s (a trained ``DQNAgent``).

        Its config is ``agent``'s, with ``FROM_TRAINED`` (less exploring, learning sooner) and
        ``settings`` changed, e.g. ``depth=2``.
        """
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
        if searched is None and self.encode_many is not None and not env.terminated:
            return self._connectfour_move_values(env)
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
        states = np.stack([self.encode(leaf) for leaf in leaves])
        masks = np.stack([leaf.action_mask() for leaf in leaves])
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

    def _connectfour_move_values(self, env):
        """Connect Four: the same values as ``_expand`` and ``_branch_values``, depth by depth with arrays.

        A position is a row of ``boards`` (cells, row 0 on top) and of ``heights`` (discs per
        column). Each depth plays every column of every position in one go, finds the games that
        end (a line of four, a full board), and keeps the others for the next depth; the last
        depth's positions are the leaves, encoded and read by the network at once. Then the values
        go back up, depth by depth, as negamax: minus the opponent's best, times gamma. No
        ``env.clone()`` and no Python loop over positions: many times faster than the tree of
        ``_expand``. (Learning still uses the tree: it keeps every searched position as an env.)
        """
        rows, columns, inarow = env.rows, env.columns, env.inarow
        windows = window_cells(rows, columns, inarow)  # the cells of every line of four
        boards, heights = env.board.reshape(1, -1), np.array([env.heights])
        mark = env.current_player + 1  # the disc of the player to move: 1 or 2
        depths = []  # for each depth: (the value of each child, or nan; which children are searched further)
        for _ in range(self.config.depth):
            # child number i * columns + c: position i with a disc dropped in column c
            children, child_heights = np.repeat(boards, columns, axis=0), np.repeat(heights, columns, axis=0)
            column = np.arange(len(children)) % columns
            legal = np.flatnonzero(child_heights[np.arange(len(children)), column] < rows)
            column = column[legal]
            children[legal, (rows - 1 - child_heights[legal, column]) * columns + column] = mark
            child_heights[legal, column] += 1
            won = (children[legal] == mark)[:, windows].all(axis=2).any(axis=1)  # a window all mine: I won
            full = child_heights[legal].sum(axis=1) == rows * columns  # no line and a full board: a draw
            values = np.full(len(children), np.nan)  # nan: an illegal move
            values[legal[full]], values[legal[won]] = 0.0, 1.0  # (a line on the last cell is a win: set last)
            further = legal[~won & ~full]  # legal, and the game goes on
            depths.append((values, further))
            boards, heights, mark = children[further], child_heights[further], 3 - mark
        later = self._leaf_values_of(boards, np.full(len(boards), mark), heights, rows, inarow)
        for values, further in reversed(depths):
            values[further] = self.config.gamma * -later
            later = np.nanmax(values.reshape(-1, columns), axis=1) if len(values) else np.zeros(0)
        return values

    def _leaf_values_of(self, boards, marks, heights, rows, inarow):
        """``_leaf_values`` for Connect Four positions given as arrays (``encoders.connectfour_many``)."""
        if not len(boards):
            return np.zeros(0)
        with no_grad():
            q = self.leaf_net(self.encode_many(boards, marks, heights, rows, inarow)).data
        return np.clip(np.where(heights < rows, q, -np.inf).max(axis=1), -1.0, 1.0)

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
        return (f"<SearchAgent {self.game}: {self.config.depth}-move search, network {sizes} at its leaves, "
                f"{self.steps} moves trained>")
