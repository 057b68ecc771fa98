"""All the settings of a DQN agent and its training, and a ready preset for each game.

>>> from games import dqn
>>> config = dqn.preset("tictactoe")
>>> config.hidden
(64, 64)
>>> agent = dqn.DQNAgent("tictactoe", hidden=(32, 32))   # the preset, with one change

The presets are small on purpose: in the browser a matrix product is about 30 times slower
than here, and a lesson trains for one to three minutes.
"""

import dataclasses
from dataclasses import dataclass, field

from ..envs.values import look_up
from ..errors import BadOptionError
from ..messages import tr


@dataclass
class DQNConfig:
    """The settings (hyperparameters). Every field has a sensible default; presets change a few."""

    # --- the game
    options: dict = field(default_factory=dict)  #: options for ``games.make`` (such as ``{"size": 6}``)

    # --- the network: input -> hidden layers -> one Q-value per action
    #: what the network reads: None = the game's encoder, or a name in ``encoders.ENCODERS``
    #: (such as "puyopuyo_lookahead")
    encoder: object = None
    hidden: tuple = (64, 64)  #: sizes of the hidden layers
    lr: float = 1e-3  #: learning rate of Adam
    lr_end: object = None  #: if set: the learning rate goes down in a straight line to this value...
    lr_steps: int = 50_000  #: ...over this many moves (small steps at the end settle the Q-values)

    # --- the learning rule
    gamma: float = 0.99  #: discount: a reward one move later is worth gamma times as much
    n_step: int = 1  #: learn from the rewards of the next n moves at once (1 = classic DQN)
    double: bool = True  #: double DQN: the online network picks the next move, the target network values it
    augment: bool = False  #: keep each transition once per symmetry of the board (turned, mirrored)
    reward_scale: float = 1.0  #: rewards are multiplied by this for learning (Puyo scores are large)
    #: added (after scaling) when the game ends, not when stopped by max_moves: < 0 teaches a
    #: one-player agent to stay alive
    game_over_reward: float = 0.0
    #: potential-based reward shaping (see ``games.dqn.shaping``): a name such as "puyopuyo_room"
    #: or a function potential(env)
    shaping: object = None
    shaping_scale: float = 1.0  #: the shaping hints are multiplied by this
    grad_clip: float = 10.0  #: largest gradient length (norm) of one update
    batch_size: int = 32  #: transitions per update
    buffer_size: int = 20_000  #: transitions kept in the replay buffer
    learn_start: int = 500  #: transitions to collect before the first update
    train_every: int = 1  #: one update every this many moves
    target_update: int = 500  #: copy the online network to the target every this many moves (hard update)
    tau: float = 0.0  #: if > 0: a soft update target ← tau·online + (1 − tau)·target after every update

    # --- search (``SearchAgent``)
    depth: int = 2  #: moves the search looks ahead before the network judges the position

    # --- exploration (epsilon-greedy): epsilon goes down in a straight line
    epsilon_start: float = 1.0
    epsilon_end: float = 0.05
    epsilon_steps: int = 10_000  #: moves to go from epsilon_start to epsilon_end

    # --- training
    episodes: int = 2000  #: games to play in ``train`` (unless given there)
    #: two-player games: "random", "self", an agent name, an agent, or a list (one drawn per game)
    opponent: object = "random"
    play_as: object = "both"  #: two-player games: 0 (first), 1 (second) or "both" (drawn per game)
    max_moves: object = None  #: stop a game after this many moves (one-player games that can go on and on)
    eval_every: int = 500  #: games between two evaluations (0: none)
    eval_games: int = 100  #: games per evaluation
    eval_opponent: object = "random"  #: the opponent of the evaluations (two-player games)

    def replace(self, **changes):
        """A copy with some settings changed (an unknown name gets a clear error)."""
        names = [f.name for f in dataclasses.fields(self)]
        unknown = [name for name in changes if name not in names]
        if unknown:
            raise BadOptionError(tr(
                en="DQN has no setting {names}. Settings: {allowed}.",
                ja="DQN には {names} という設定はありません。設定の一覧: {allowed}",
                names=", ".join(map(repr, unknown)), allowed=", ".join(names)))
        changes.setdefault("options", dict(self.options))  # a copy: changing one config leaves the other
        return dataclasses.replace(self, **changes)

    def to_dict(self):
        return dataclasses.asdict(self)


PRESETS = {
    "tictactoe": DQNConfig(
        hidden=(64, 64), lr=1e-3, gamma=0.9, epsilon_steps=20_000, epsilon_end=0.1,
        episodes=6000, opponent="random", eval_every=1000),
    # Connect Four: the left-right mirror (augment), 3-step rewards, large batches every 4 moves.
    "connectfour": DQNConfig(
        hidden=(128,), lr=1e-3, gamma=0.95, n_step=3, augment=True, batch_size=128, train_every=4,
        buffer_size=200_000, epsilon_steps=60_000, episodes=60_000, opponent="random", eval_every=10_000),
    "othello": DQNConfig(
        options={"size": 6}, hidden=(128, 128), lr=5e-4, lr_end=1e-4, lr_steps=190_000, gamma=0.99,
        epsilon_steps=100_000, episodes=12_000, opponent="classic", eval_opponent="classic"),
    "minesweeper": DQNConfig(
        options={"rows": 6, "cols": 6, "mines": 5, "reward": "progress"}, hidden=(128, 128),
        gamma=0.9, episodes=3000),
    "puyopuyo": DQNConfig(
        hidden=(128, 128), gamma=0.95, reward_scale=0.01, max_moves=200,
        episodes=500),
}


def preset(game):
    """The preset settings for ``game`` (a new copy: change it freely)."""
    config = look_up(PRESETS, game, what=tr(en="DQN preset", ja=" DQN プリセット"))
    return dataclasses.replace(config, options=dict(config.options))
