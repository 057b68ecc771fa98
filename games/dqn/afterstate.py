"""Afterstate values: learn how good a *board* is, and play the move that leads to the best board.

A DQN agent answers all its questions at once, from the board *before* its move: "how good
is placement 0? placement 1? ... placement 21?". An afterstate agent asks one question, many
times: it tries each legal move on a copy of the game, looks at the board *after* it (the
*afterstate*), and asks its network "how good is this board?" (one number, ``V``). It plays::

    best move = the legal move a with the largest   reward(a) + gamma × V(board after a)

(a move that ends the game has no board after it: its value is its reward alone). Every
move is judged by the same network, so what it learns about one placement helps all the
others: this is how classic learners of Tetris and backgammon learn so quickly.

Learning is *temporal-difference* (TD) learning. One move later, the agent knows better
what the board it chose was worth: the best ``reward + gamma × V`` it can reach from there.
That number is the *target* of the board it chose::

    V(board I chose last time)  ←  max over legal a of  reward(a) + gamma × V(board after a)

The pairs (board, target) go into a replay memory, and the network learns from random
batches of it, as in DQN. Settings come from ``DQNConfig`` (``hidden``, ``lr``, ``gamma``,
``reward_scale``, ``game_over_reward``, ``epsilon_*``, ``batch_size``, ``buffer_size``,
``learn_start``, ``train_every``, ``max_moves``); ``games.dqn.train`` trains it. What it
shares with the ``DQNAgent`` (settings, gradient step, schedules, saving) is in ``learner.py``.

For one-player games (Puyo Puyo): the board after a placement, and the pair that comes
next, which the player already sees (NEXT).
"""

import numpy as np

from ..autograd import MLP, no_grad
from ..autograd import functions as F
from ..envs import make
from ..errors import BadOptionError
from ..messages import tr
from .encoders import ENCODERS, puyopuyo_board  # noqa: F401  (the Puyo lesson shows dqn.afterstate.puyopuyo_board)
from .learner import Learner, epsilon_schedule, learning_reward
from .replay import ReplayMemory


def board_encoder(game):
    """The encoder of the board after a move in ``game``: ``ENCODERS["<game>_board"]`` (Puyo Puyo has one)."""
    ready = [name[:-len("_board")] for name in ENCODERS if name.endswith("_board")]
    if game not in ready:
        raise BadOptionError(tr(
            en="Afterstate learning is ready for {names}, not for {game!r}.",
            ja="アフターステート学習が使えるのは {names} です。{game!r} には使えません。",
            names=", ".join(ready), game=game))
    return ENCODERS[f"{game}_board"]


class AfterstateAgent(Learner):
    """``AfterstateAgent(game, config=None, seed=0, **settings)``: a value network ``V(board)``.

    ``agent(env)`` plays the best legal move (``agent.epsilon`` > 0 adds random moves);
    ``agent.move_values(env)`` shows ``reward + gamma × V`` for every move (nan: illegal).
    """

    kind = "afterstate"
    networks = ("v_net",)

    def __init__(self, game="puyopuyo", config=None, *, seed=0, **settings):
        self.encode_board = board_encoder(game)  # first: a game without afterstates gets a clear error
        super().__init__(game, config, seed=seed, **settings)
        env = make(game, **self.config.options)
        env.reset(seed=0)
        self.num_actions = env.num_actions
        self.state_size = len(self.encode_board(env))
        self.v_net = MLP(tuple(self.config.hidden) + (1,), in_size=self.state_size, seed=seed)
        self.v_net.layers[-1].W.data[:] = 0  # before learning every board is worth 0: no luck from random weights
        self.learn_with(self.v_net)

    # ------------------------------------------------------------------ looking ahead
    def look_ahead(self, env):
        """Try every legal move on a copy: ``(moves, values, boards)``.

        ``values[i]`` = learning reward of move i + gamma × V(board after it) (no V after the end);
        ``boards[i]`` = the encoded board after move i (None when the move ends the game).
        """
        config = self.config
        moves, rewards, boards = env.legal_actions(), [], []
        for move in moves:
            after = env.clone()
            reward = after.play(move)  # the move, played on the copy
            rewards.append(learning_reward(config, reward, after.terminated))
            boards.append(None if after.terminated else self.encode_board(after))
        values = np.array(rewards, dtype=np.float64)
        alive = [i for i, board in enumerate(boards) if board is not None]
        if alive:  # one forward pass for all the boards
            with no_grad():
                v = self.v_net(np.stack([boards[i] for i in alive])).data[:, 0]
            values[alive] += config.gamma * v
        return moves, values, boards

    def choose(self, env, epsilon=0.0):
        """``(move, index, moves, values, boards)``: random with chance ``epsilon``, else the best."""
        moves, values, boards = self.look_ahead(env)
        if epsilon > 0 and self.rng.random() < epsilon:
            index = int(self.rng.integers(len(moves)))
        else:
            index = int(np.argmax(values))
        return moves[index], index, moves, values, boards

    def __call__(self, env):
        return self.choose(env, self.epsilon)[0]

    def move_values(self, env):
        """``reward + gamma × V(board after)`` for every action (nan for illegal ones)."""
        result = np.full(self.num_actions, np.nan)
        moves, values, _ = self.look_ahead(env)
        result[moves] = values
        return result

    q_values = move_values  # the same idea as a DQN agent's Q-values: lessons can show either

    # ------------------------------------------------------------------ learning
    def learn(self, batch):
        """One update of V towards ``batch["targets"]`` on ``batch["boards"]``; returns the loss."""
        v = self.v_net(batch["boards"])[:, 0]
        loss = F.huber_loss(v, batch["targets"])
        self.gradient_step(self.v_net, loss)
        return float(loss.data)

    def play_training_game(self, env):
        """One game with exploration, learning as it goes. Returns (total reward, moves, losses)."""
        config = self.config
        if self.memory is None:  # boards (encoded) and their TD targets
            self.memory = ReplayMemory(config.buffer_size, {"boards": ((self.state_size,), np.float32),
                                                            "targets": ((), np.float32)}, seed=self.seed)
        schedule = epsilon_schedule(config)
        env.reset()
        chosen_board = None  # the board chosen last move, waiting for its target
        total, moves_played, losses = 0.0, 0, []
        while True:
            self.training_epsilon = schedule(self.steps)
            move, index, _, values, boards = self.choose(env, self.training_epsilon)
            if chosen_board is not None:  # one move later: what the last board was worth
                self.memory.add(boards=chosen_board, targets=values.max())
            chosen_board = boards[index]
            _, reward, terminated, _, _ = env.step(move)
            total += reward
            moves_played += 1
            self.steps += 1
            if self.time_to_learn():
                losses.append(self.learn_from_memory())
            if terminated:  # the last board was the end: nothing to learn about what follows
                return total, moves_played, losses
            if config.max_moves is not None and moves_played >= config.max_moves:
                self.memory.add(boards=chosen_board, targets=self.look_ahead(env)[1].max())  # stopped, not ended
                return total, moves_played, losses

    def __repr__(self):
        sizes = "-".join(map(str, (self.state_size, *self.config.hidden, 1)))
        return "<AfterstateAgent " + tr(en="{game} network {sizes}, {steps} moves trained>",
                                        ja="{game} ネットワーク {sizes}、学習 {steps} 手>",
                                        game=self.game, sizes=sizes, steps=self.steps)
