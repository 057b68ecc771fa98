"""Training: the agent plays many games and learns from its replay memory as it goes.

``train`` chooses the game (the opponent, the side), asks the agent to play it with
``agent.play_training_game(env)`` (each kind of agent plays and learns its own way: see
``DQNAgent`` and ``AfterstateAgent``), and writes down what happened in a ``Curve``.

Two-player games are made single-agent with ``games.make(game, opponent=...)``: the next
state of a transition is the agent's *next turn* (after the opponent's reply) and the
reward is from the agent's view (+1 win, -1 loss). With ``opponent="self"`` the opponent
is the agent itself (self-play); ``play_as="both"`` draws the agent's side for each game,
so that it learns to play first and second.
"""

import time
from dataclasses import dataclass, field

import numpy as np

from .. import arena
from ..agents import random_agent
from ..envs import make
from ..errors import BadOptionError
from ..messages import tr
from ..progress import ProgressBar

EVAL_SEED = 1_000_000  # evaluations use their own seeds: the same games at every evaluation


@dataclass
class Curve:
    """What happened during training: one entry per game, and the evaluations."""

    returns: list = field(default_factory=list)  #: each game's total reward (the game's own rewards)
    lengths: list = field(default_factory=list)  #: the agent's moves in each game
    losses: list = field(default_factory=list)  #: each game's mean loss (nan before learning starts)
    epsilons: list = field(default_factory=list)  #: epsilon at the end of each game
    evaluations: list = field(default_factory=list)  #: dicts: episode, seconds, and the results
    seconds: float = 0.0  #: training time (wall clock, evaluations not counted)
    cpu_seconds: float = 0.0  #: the same, as CPU time of this process
    steps: int = 0  #: moves played

    def moving_average(self, what="returns", window=100):
        """The mean of the last ``window`` values of ``what`` ("returns", "losses", ...) at each game."""
        values = np.asarray(getattr(self, what), dtype=float)
        if len(values) == 0:
            return values
        sums = np.cumsum(np.nan_to_num(values))
        counts = np.cumsum(~np.isnan(values))
        start = np.maximum(np.arange(len(values)) - window, -1)
        window_sums = sums - np.where(start >= 0, sums[np.maximum(start, 0)], 0)
        window_counts = counts - np.where(start >= 0, counts[np.maximum(start, 0)], 0)
        with np.errstate(invalid="ignore", divide="ignore"):
            return window_sums / window_counts

    def plot(self, window=100):
        """The learning curve as a picture: the mean return of the last ``window`` games, and the evaluations."""
        from ..render.chart import line_chart
        games_played = np.arange(1, len(self.returns) + 1)
        series = {tr(en="mean return of the last {n} games", ja="最後の {n} 局の平均リターン", n=window):
                  (games_played, self.moving_average("returns", window))}
        dots = []
        if self.evaluations:  # win rates (two-player games) or mean scores (one-player games)
            key = "win" if "win" in self.evaluations[0] else "score"
            name = tr(en="evaluation: win rate", ja="評価: 勝率") if key == "win" else \
                tr(en="evaluation: mean score", ja="評価: 平均スコア")
            series[name] = ([e["episode"] for e in self.evaluations], [e[key] for e in self.evaluations])
            dots.append(name)
        return line_chart(series, dots=dots, x_label=tr(en="games played", ja="対局数"),
                          title=tr(en="DQN learning curve", ja="DQN の学習曲線"))

    def __str__(self):
        n = len(self.returns)
        last = self.moving_average()[-1] if n else float("nan")
        text = tr(en="{n} games, {steps} moves in {s:.1f} s; mean return of the last 100 games: {r:.3f}",
                  ja="{n} 局、{steps} 手、{s:.1f} 秒; 最後の 100 局の平均リターン: {r:.3f}",
                  n=n, steps=self.steps, s=self.seconds, r=last)
        if self.evaluations:
            text += "\n" + evaluation_text(self.evaluations[-1])
        return text


def evaluation_text(evaluation):
    """One evaluation of ``train`` (a dict of ``evaluate`` and the game it came after) as a sentence."""
    if "win" in evaluation:
        return tr(en="last evaluation (after game {episode}): {win:.0%} won, {draw:.0%} drawn, {loss:.0%} lost",
                  ja="最後の評価（{episode} 局目のあと）: 勝ち {win:.0%}、引き分け {draw:.0%}、負け {loss:.0%}",
                  **evaluation)
    return tr(en="last evaluation (after game {episode}): mean score {score:.1f}",
              ja="最後の評価（{episode} 局目のあと）: 平均スコア {score:.1f}", **evaluation)


def opponent_agent(name, agent):
    """The agent called ``name`` for ``agent``'s game ("random", "self", "classic", ...)."""
    if callable(name):
        return name
    if name == "random":
        return random_agent
    if name == "self":
        return agent.explore
    named = {}
    if agent.game == "tictactoe":
        from ..agents.tictactoe import minimax_agent
        named = {"minimax": minimax_agent}
    elif agent.game == "connectfour":
        from ..agents.connectfour import one_step_agent
        named = {"one_step": one_step_agent}
    elif agent.game == "othello":
        from ..agents.othello import classic_opponent, greedy_agent
        named = {"classic": classic_opponent, "greedy": greedy_agent}
    if name not in named:
        raise BadOptionError(tr(
            en="Unknown opponent {name!r} for {game}. Use an agent (a function) or one of: {names}.",
            ja="{game} の相手 {name!r} はわかりません。エージェント（関数）か、次のどれかを指定してください: {names}",
            name=name, game=agent.game, names=", ".join(["random", "self", *named])))
    return named[name]


def evaluate(agent, opponent=None, games=None, seed=EVAL_SEED):
    """The greedy agent's results: win / draw / loss rates against ``opponent`` (half the games
    moving first), or the mean score of a one-player game. A check-up during training: it does not
    go on the student's course map (the lesson's own ``arena.evaluate`` does)."""
    config = agent.config
    games = games or config.eval_games
    env = make(agent.game, **config.options)
    epsilon, agent.epsilon = agent.epsilon, 0.0
    try:
        if env.num_players == 1:
            result = arena.evaluate(env, agent, n=games, seed=seed, progress=False, max_moves=config.max_moves,
                                    on_course_map=False)
            return {"score": result.mean_score()[0]}
        opponent = opponent_agent(config.eval_opponent if opponent is None else opponent, agent)
        result = arena.evaluate(env, agent, opponent, n=games, seed=seed, progress=False, on_course_map=False)
        return {"win": result.wins / result.n, "draw": result.draws / result.n, "loss": result.losses / result.n}
    finally:
        agent.epsilon = epsilon


def train(agent, episodes=None, *, seconds=None, opponent=None, play_as=None, seed=None,
          eval_every=None, eval_games=None, progress=True):
    """Let ``agent`` play and learn; returns a ``Curve`` (the learning curve data).

    - ``episodes``: games to play (default: ``agent.config.episodes``).
    - ``seconds``: stop after this much training time (wall clock), even before ``episodes``.
    - ``opponent``: two-player games: an agent, a name ("random", "self", "classic", ...)
      or a list of them (one is drawn for each game). Default: ``agent.config.opponent``.
    - ``play_as``: 0, 1 or "both" (default ``agent.config.play_as``).
    - ``seed``: seeds the games and the choice of opponent and side (default: the agent's
      seed). The same agent seed and training seed give the same result on the same machine,
      when training is limited by ``episodes`` (a time limit depends on the machine's speed).
    - ``eval_every``, ``eval_games``: evaluate every so many games (0: never).
    - ``progress``: show a progress bar.

    Calling ``train`` again goes on from where the agent is (same replay buffer, epsilon
    going on down).
    """
    config = agent.config
    if episodes is None and seconds is None:
        episodes = config.episodes
    seed = agent.seed if seed is None else seed
    eval_every = config.eval_every if eval_every is None else eval_every
    eval_games = config.eval_games if eval_games is None else eval_games
    rng = np.random.default_rng(seed)  # which opponent and which side, game after game
    choose_env = _env_chooser(agent, opponent, play_as, seed, rng)
    curve = Curve()
    bar = ProgressBar(total=episodes, label=tr(en="DQN training", ja="DQN 学習")) if progress else None
    wall_start, cpu_start, eval_time, eval_cpu = time.perf_counter(), time.process_time(), 0.0, 0.0
    episode = 0
    while episodes is None or episode < episodes:
        if seconds is not None and time.perf_counter() - wall_start - eval_time >= seconds:
            break
        total, moves, losses = agent.play_training_game(choose_env())
        episode += 1
        curve.returns.append(total)
        curve.lengths.append(moves)
        curve.losses.append(float(np.mean(losses)) if losses else float("nan"))
        curve.epsilons.append(agent.training_epsilon)
        if eval_every and episode % eval_every == 0:
            started, cpu_started = time.perf_counter(), time.process_time()
            result = evaluate(agent, games=eval_games)
            eval_time += time.perf_counter() - started
            eval_cpu += time.process_time() - cpu_started
            result.update(episode=episode, seconds=round(time.perf_counter() - wall_start - eval_time, 2))
            curve.evaluations.append(result)
        if bar:
            bar.update(1, note=lambda: _note(curve))
    if bar:
        bar.close()
    curve.seconds = time.perf_counter() - wall_start - eval_time
    curve.cpu_seconds = time.process_time() - cpu_start - eval_cpu
    curve.steps = sum(curve.lengths)
    return curve


def _note(curve):
    """The short text at the end of the progress bar."""
    note = f"ε={curve.epsilons[-1]:.2f} " + tr(en="return {r:+.2f}", ja="リターン {r:+.2f}",
                                                r=curve.moving_average()[-1])
    if curve.evaluations:
        last = curve.evaluations[-1]
        if "win" in last:
            note += " " + tr(en="| eval: {w:.0%} won, {l:.0%} lost", ja="| 評価: 勝ち {w:.0%}、負け {l:.0%}",
                             w=last["win"], l=last["loss"])
        else:
            note += " " + tr(en="| eval: score {s:.0f}", ja="| 評価: スコア {s:.0f}", s=last["score"])
    return note


def _env_chooser(agent, opponent, play_as, seed, rng):
    """A function giving the env of the next game: one env for each (opponent, side), made once."""
    config = agent.config
    options = config.options
    if make(agent.game, **options).num_players == 1:
        env = make(agent.game, seed=seed, **options)
        return lambda: env
    opponents = config.opponent if opponent is None else opponent
    opponents = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents]
    opponents = [opponent_agent(name, agent) for name in opponents]
    play_as = config.play_as if play_as is None else play_as
    sides = [0, 1] if play_as == "both" else [play_as]
    envs = [[make(agent.game, opponent=o, play_as=side, seed=seed + 2 * i + side, **options) for side in sides]
            for i, o in enumerate(opponents)]

    def choose():
        row = envs[int(rng.integers(len(envs)))] if len(envs) > 1 else envs[0]
        return row[int(rng.integers(len(row)))] if len(row) > 1 else row[0]

    return choose
