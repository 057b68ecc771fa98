"""The arena: let agents play, and measure honestly who is better.

An agent is anything callable as ``agent(env) -> action``.

- ``play(game, agents, seed)`` plays one game and returns a ``Record`` (moves, rewards,
  board pictures for ``record.replay()``).
- ``evaluate(game, agent_a, agent_b, n, seed)`` plays ``n`` games of a two-player game,
  agent A moving first in half of them, and counts wins / draws / losses / illegal moves
  with 95 % confidence intervals. For a one-player game (Minesweeper, Puyo Puyo) call
  ``evaluate(game, agent, n=..., seed=...)``: mean score and win rate with intervals (and,
  for Puyo Puyo, the chain lengths: a game adds its own figures in ``FIGURES``).
- ``fit_elo(points, games)``: Elo ratings from a table of results (``games.tournament``, the class
  tournament of ``games.round_robin``, uses it; each entrant plays there in a sandbox of its own).

>>> from games import arena
>>> from games.agents import random_agent
>>> result = arena.evaluate("tictactoe", random_agent, random_agent, n=100, seed=0, progress=False)
>>> result.n
100

Fair play rules of the arena
    - The agent gets a *copy* of the game (``env.clone()``), so it may look ahead with
      ``step`` on it without changing the real game. Random draws it makes from the copy's
      ``env.np_random`` are kept, so a seed replays the same game.
    - A move that is the only legal one (such as Othello's pass) is played without asking.
    - An illegal move (or something that is not a whole number) does not crash the arena:
      it is recorded, and the player who made it loses the game.
    - Game ``i`` of ``evaluate`` uses the seed ``seed + i``, and A moves first in the even
      games. (Games are not paired on one seed: two agents drawing from ``env.np_random``
      would then replay one game with the sides swapped, and the games would not be
      independent, which the confidence intervals assume.)
"""

import math
from dataclasses import dataclass, field

import numpy as np

from . import course_progress
from .envs import Env, make
from .envs.values import whole_option
from .errors import BadOptionError
from .messages import tr
from .progress import ProgressBar
from .render import replay as _replay
from .render.sides import side_name

Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval


# ---------------------------------------------------------------- statistics
def wilson(successes, n, z=Z95):
    """The Wilson score interval ``(low, high)`` of a proportion ``successes / n``.

    Better than ``p ± z·sqrt(p(1-p)/n)`` near 0 % and 100 %: it never leaves [0, 1]
    and is not zero-width when every game was won. ``n = 0`` gives ``(0.0, 1.0)``.
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends, free of rounding
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def mean_interval(values, z=Z95):
    """``(mean, low, high)``: the mean and its normal-approximation 95 % interval."""
    values = np.asarray(values, dtype=float)
    if len(values) == 0:
        return float("nan"), float("nan"), float("nan")
    mean = float(values.mean())
    if len(values) == 1:
        return mean, mean, mean
    half = z * float(values.std(ddof=1)) / math.sqrt(len(values))
    return mean, mean - half, mean + half


# ---------------------------------------------------------------- one game
@dataclass
class Record:
    """What happened in one game."""

    game: str
    seed: object
    names: list  #: the agents' names, in the order of play (player 0 first)
    moves: list = field(default_factory=list)  #: the actions, in order
    movers: list = field(default_factory=list)  #: who made each move (0 or 1)
    rewards: list = field(default_factory=list)  #: each move's reward, from the mover's view
    think_times: list = field(default_factory=list)  #: seconds each agent took (None: forced move)
    frames: list = field(default_factory=list)  #: SVG pictures: the start, then after each move
    winner: object = None  #: 0, 1 or None (draw, or a one-player game)
    won: object = None  #: one-player games: ``info["won"]`` at the end (None if not given)
    illegal: object = None  #: the player who made an illegal move (which ended the game)
    illegal_action: object = None  #: what that player returned
    forfeit: object = None  #: why that player lost, when not for an illegal move (a tournament: "too slow", ...)
    truncated: bool = False  #: stopped by ``max_moves`` before the end
    info: dict = field(default_factory=dict)  #: the last ``info``

    @property
    def score(self):
        """The sum of the rewards (one-player games: the game's score)."""
        return float(sum(self.rewards))

    def _add_figures(self, info):
        """Keep this game's own figures of a move (``info`` is None after an illegal move)."""

    def replay(self, fps=2.0):
        """The game as an animation (needs ``frames=True`` in ``play``)."""
        captions = [tr(en="start", ja="スタート")]
        for i, (who, action) in enumerate(zip(self.movers, self.moves), start=1):
            if len(self.names) > 1:
                captions.append(tr(en="move {i}: {name} ({side}) plays {a}",
                                   ja="{i} 手目: {name}（{side}）が {a}",
                                   i=i, name=self.names[who], side=side_name(self.game, who), a=action))
            else:
                captions.append(tr(en="move {i}: {a}", ja="{i} 手目: {a}", i=i, a=action))
        if self.forfeit is not None:
            captions[-1] = tr(en="move {i}: {name} ({side}) — {why}: loses",
                              ja="{i} 手目: {name}（{side}）— {why}で負け",
                              i=len(self.moves), name=self.names[self.illegal], side=side_name(self.game, self.illegal),
                              why=self.forfeit)
        elif self.illegal is not None:
            captions[-1] += tr(en=" — illegal move {a}: {side} loses",
                               ja=" — 反則 {a}: {side}の負け", a=self.illegal_action,
                               side=side_name(self.game, self.illegal))
        return _replay(self.frames, captions=captions[:len(self.frames)], fps=fps)

    def __repr__(self):
        return (f"Record(game={self.game!r}, seed={self.seed!r}, moves={len(self.moves)}, "
                f"winner={self.winner!r}, won={self.won!r}, score={self.score:g}, illegal={self.illegal!r})")


def agent_name(agent):
    """A short readable name for an agent (its ``name`` attribute, function or class name).

    The one rule for it: the arena, its records and the click-to-play boards all use this."""
    name = getattr(agent, "name", None)
    if isinstance(name, str) and name:
        return name
    name = getattr(agent, "__name__", None)
    return name if isinstance(name, str) and name else type(agent).__name__


def new_env(game, options):
    """An env from a game name (with options) or an env given directly."""
    if isinstance(game, Env):
        if options:
            raise BadOptionError(tr(
                en="Give options either to games.make or to the arena, not both.",
                ja="オプションは games.make か arena のどちらか一方に渡してください。"))
        env = game
    elif isinstance(game, str):
        env = make(game, **options)
    else:
        raise BadOptionError(tr(
            en="game must be a game name such as 'connectfour' or an env from games.make; you gave {value!r}.",
            ja="game には 'connectfour' のようなゲーム名か、games.make で作った env を渡してください。"
               "渡されたもの: {value!r}",
            value=game))
    if env.opponent is not None:
        raise BadOptionError(tr(
            en="The arena plays both sides itself: give it an env made without opponent=.",
            ja="アリーナは両方の手番を自分で指すので、opponent= なしで作った env を渡してください。"))
    return env


def play_on(env, agents, seed, frames=True, max_moves=None, names=None):
    """Play one game on ``env`` (reset with ``seed``); ``agents[p]`` plays player ``p``."""
    _, info = env.reset(seed=seed)
    new_record = FIGURES.get(env.name, (Record, SoloResult))[0]
    record = new_record(game=env.name, seed=seed, names=names or [agent_name(a) for a in agents], info=info)
    if frames:
        record.frames.append(env.render().svg)
    while not env.terminated:
        if max_moves is not None and len(record.moves) >= max_moves:
            record.truncated = True
            break
        player = env.current_player
        move = env.ask(agents[player])  # the same way opponent= asks: a forced move is not asked
        record.think_times.append(move.seconds)
        if move.action is None:
            record.illegal, record.illegal_action = player, move.given
            record.movers.append(player)
            record.moves.append(move.given)
            record.rewards.append(env.illegal_penalty)
            record._add_figures(None)
            if frames:  # the board is unchanged; the frame carries the caption of the illegal move
                record.frames.append(env.render().svg)
            if env.num_players == 2:
                record.winner = 1 - player
            else:
                record.won = False
            break
        _, reward, _, truncated, info = env.step(move.action)
        record.movers.append(player)
        record.moves.append(move.action)
        record.rewards.append(float(reward))
        record._add_figures(info)
        record.info = info
        if frames:
            record.frames.append(env.render().svg)
        if truncated:
            record.truncated = True
            break
    if record.illegal is None:
        record.winner = env.winner
        if env.num_players == 1:
            record.won = record.info.get("won")
    return record


def play(game, agents, seed=None, frames=True, max_moves=None, **options):
    """Play one game and return its ``Record``.

    - ``game``: a name such as ``"othello"`` (``options`` go to ``games.make``) or an env.
    - ``agents``: ``[agent_of_player_0, agent_of_player_1]`` for a two-player game, or one
      agent for a one-player game.
    - ``seed``: the seed of ``env.reset`` (the same seed replays the same game).
    - ``frames``: keep a picture of every position, for ``record.replay()``.
    - ``max_moves``: stop (``record.truncated``) after this many moves.

    >>> record = play("tictactoe", [random_agent, random_agent], seed=1)   # doctest: +SKIP
    >>> record.replay()                                                     # doctest: +SKIP
    """
    env = new_env(game, options)
    agents = _agent_list(env, agents)
    return play_on(env, agents, seed, frames=frames, max_moves=max_moves)


def _agent_list(env, agents):
    if callable(agents):
        agents = [agents]
    agents = list(agents)
    if len(agents) != env.num_players or not all(callable(a) for a in agents):
        raise BadOptionError(tr(
            en="{game} needs {n} agent(s) (functions agent(env) -> action); you gave {given!r}.",
            ja="{game} には {n} 個のエージェント（agent(env) -> 行動 の関数）が必要です。渡されたもの: {given!r}",
            game=env.name, n=env.num_players, given=agents))
    return agents


# ---------------------------------------------------------------- many games
def _times_summary(times):
    times = [t for t in times if t is not None]
    if not times:
        return {"moves": 0, "mean": 0.0, "max": 0.0}
    return {"moves": len(times), "mean": float(np.mean(times)), "max": float(np.max(times))}


def _pct(p):
    return f"{100 * p:5.1f} %"


@dataclass
class MatchResult:
    """Agent A against agent B over ``n`` games, counted from A's view."""

    game: str
    names: tuple  #: (name of A, name of B)
    n: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    illegal_a: int = 0  #: games A lost by an illegal move
    illegal_b: int = 0  #: games B lost by an illegal move
    first: dict = field(default_factory=lambda: {"n": 0, "wins": 0, "draws": 0, "losses": 0})  #: A moved first
    second: dict = field(default_factory=lambda: {"n": 0, "wins": 0, "draws": 0, "losses": 0})  #: A moved second
    times_a: dict = field(default_factory=dict)  #: A's seconds per move: moves, mean, max
    times_b: dict = field(default_factory=dict)  #: B's seconds per move

    def rate(self, what="wins"):
        """``(proportion, low, high)`` of ``"wins"``, ``"draws"`` or ``"losses"`` (95 % Wilson)."""
        count = getattr(self, what)
        low, high = wilson(count, self.n)
        return (count / self.n if self.n else float("nan")), low, high

    @property
    def score(self):
        """A's points per game: a win is 1, a draw 1/2."""
        return (self.wins + 0.5 * self.draws) / self.n if self.n else float("nan")

    def _add(self, side, outcome):
        setattr(self, outcome, getattr(self, outcome) + 1)
        side["n"] += 1
        side[outcome] += 1
        self.n += 1

    def __str__(self):
        a, b = self.names
        lines = [tr(en="{game}: {a} (A) vs {b} (B), {n} games (A first in {f})",
                    ja="{game}: {a} (A) 対 {b} (B)、{n} 局（A の先手 {f} 局）",
                    game=self.game, a=a, b=b, n=self.n, f=self.first["n"])]
        for what, en, ja in (("wins", "A wins", "A の勝ち"), ("draws", "draws", "引き分け"),
                             ("losses", "A losses", "A の負け")):
            p, low, high = self.rate(what)
            label = tr(en=en, ja=ja)
            lines.append(f"  {label:<9} {getattr(self, what):6d}  {_pct(p)}  [95 %: {_pct(low)} – {_pct(high)}]")
        lines.append(tr(en="  as first: {w}/{n} wins, {d} draws;  as second: {w2}/{n2} wins, {d2} draws",
                        ja="  先手: {n} 局中 {w} 勝 {d} 分;  後手: {n2} 局中 {w2} 勝 {d2} 分",
                        w=self.first["wins"], n=self.first["n"], d=self.first["draws"],
                        w2=self.second["wins"], n2=self.second["n"], d2=self.second["draws"]))
        lines.append(tr(en="  illegal moves: A {ia}, B {ib}", ja="  反則: A {ia} 回, B {ib} 回",
                        ia=self.illegal_a, ib=self.illegal_b))
        for name, times in ((a, self.times_a), (b, self.times_b)):
            if times:
                lines.append(tr(en="  {name}: {mean:.2f} ms a move on average, {max:.1f} ms at most",
                                ja="  {name}: 1 手平均 {mean:.2f} ms、最大 {max:.1f} ms",
                                name=name, mean=1000 * times["mean"], max=1000 * times["max"]))
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):
        printer.text(str(self))


@dataclass
class SoloResult:
    """One agent on a one-player game over ``n`` games."""

    game: str
    name: str
    scores: list = field(default_factory=list)  #: each game's score (sum of rewards)
    wins: list = field(default_factory=list)  #: each game's ``won`` (None when the game has no win)
    moves: list = field(default_factory=list)  #: each game's number of moves
    illegal: int = 0  #: games ended by an illegal move
    truncated: int = 0  #: games stopped by ``max_moves``
    times: dict = field(default_factory=dict)  #: seconds per move: moves, mean, max

    @property
    def n(self):
        return len(self.scores)

    def mean_score(self):
        """``(mean, low, high)`` of the score (95 % normal interval)."""
        return mean_interval(self.scores)

    def win_rate(self):
        """``(proportion, low, high)`` of games won (95 % Wilson); None for games without a win."""
        known = [w for w in self.wins if w is not None]
        if not known:
            return None
        low, high = wilson(sum(known), len(known))
        return sum(known) / len(known), low, high

    def _add_game(self, record):
        self.scores.append(record.score)
        self.wins.append(record.won)
        self.moves.append(len(record.moves))
        self.illegal += record.illegal is not None
        self.truncated += record.truncated

    def _figure_lines(self):
        """The lines of this game's own figures in ``str(result)``."""
        return []

    def __str__(self):
        lines = [tr(en="{game}: {name}, {n} games", ja="{game}: {name}、{n} 局",
                    game=self.game, name=self.name, n=self.n)]
        mean, low, high = self.mean_score()
        lines.append(tr(en="  mean score {m:.1f}  [95 %: {lo:.1f} – {hi:.1f}]",
                        ja="  平均スコア {m:.1f}  [95 %: {lo:.1f} – {hi:.1f}]", m=mean, lo=low, hi=high))
        rate = self.win_rate()
        if rate is not None:
            lines.append(tr(en="  win rate {p}  [95 %: {lo} – {hi}]", ja="  勝率 {p}  [95 %: {lo} – {hi}]",
                            p=_pct(rate[0]), lo=_pct(rate[1]), hi=_pct(rate[2])))
        lines += self._figure_lines()
        lines.append(tr(en="  moves per game: mean {m:.1f}; illegal {i}; stopped at max_moves {t}",
                        ja="  1 局の手数: 平均 {m:.1f}; 反則 {i} 局; max_moves で打ち切り {t} 局",
                        m=float(np.mean(self.moves)) if self.moves else 0.0, i=self.illegal, t=self.truncated))
        if self.times:
            lines.append(tr(en="  {mean:.2f} ms a move on average, {max:.1f} ms at most",
                            ja="  1 手平均 {mean:.2f} ms、最大 {max:.1f} ms",
                            mean=1000 * self.times["mean"], max=1000 * self.times["max"]))
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):
        printer.text(str(self))


# ---------------------------------------------------------------- per-game figures
@dataclass(repr=False)
class PuyoRecord(Record):
    """One Puyo Puyo game, with the chain of every placement."""

    chains: list = field(default_factory=list)  #: ``info["chain"]`` after each move (None: an illegal move)

    def _add_figures(self, info):
        self.chains.append(None if info is None else info.get("chain"))

    @property
    def longest_chain(self):
        """The longest chain of the game (0 when no placement made a chain)."""
        return max((c for c in self.chains if c is not None), default=0)


@dataclass
class PuyoResult(SoloResult):
    """One agent on Puyo Puyo over ``n`` games, with each game's longest chain."""

    longest_chains: list = field(default_factory=list)  #: each game's longest chain

    def chain_counts(self):
        """``{longest chain: number of games}``, sorted by chain length."""
        values, counts = np.unique(np.asarray(self.longest_chains, dtype=int), return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts)}

    def _add_game(self, record):
        super()._add_game(record)
        self.longest_chains.append(record.longest_chain)

    def _figure_lines(self):
        if not any(self.longest_chains):
            return []
        mean, low, high = mean_interval(self.longest_chains)
        return [tr(en="  longest chain: mean {m:.2f} [95 %: {lo:.2f} – {hi:.2f}]; games by chain: {c}",
                   ja="  最大連鎖: 平均 {m:.2f} [95 %: {lo:.2f} – {hi:.2f}]; 連鎖ごとの局数: {c}",
                   m=mean, lo=low, hi=high, c=self.chain_counts())]


#: game name -> (its Record, its SoloResult), for the games that add figures of their own
FIGURES = {"puyopuyo": (PuyoRecord, PuyoResult)}


def evaluate(game, agent_a, agent_b=None, n=100, seed=0, progress=True, max_moves=None, on_course_map=True,
             **options):
    """Play ``n`` games and count the results.

    Two-player games: ``evaluate(game, agent_a, agent_b, n, seed)`` -> ``MatchResult``.
    A moves first in games 0, 2, 4, … and B in games 1, 3, 5, …; game ``i`` uses the seed
    ``seed + i``. An illegal move loses that game (and is counted).

    One-player games: ``evaluate(game, agent, n=..., seed=...)`` -> ``SoloResult``
    (game ``i`` uses the seed ``seed + i``).

    ``game`` is a name (``options`` go to ``games.make``) or an env; ``progress`` shows a bar;
    ``max_moves`` stops a game after that many moves. A trained agent's result goes on the student's
    course map unless ``on_course_map=False`` (training's own check-ups use that).
    """
    env = new_env(game, options)
    n = whole_option("n", n, 1, means=tr(en="the number of games", ja="対局数"))
    seed = whole_option("seed", seed, 0, means=tr(en="game i uses the seed seed + i", ja="i 局目の seed は seed + i"))
    if env.num_players == 1:
        if agent_b is not None:
            raise BadOptionError(tr(en="{game} is a one-player game: give one agent.",
                                    ja="{game} は一人用のゲームなので、エージェントは 1 つだけ渡してください。",
                                    game=env.name))
        return _evaluate_solo(env, agent_a, n, seed, progress, max_moves, on_course_map)
    if agent_b is None:
        raise BadOptionError(tr(en="{game} is a two-player game: give two agents (agent_a, agent_b).",
                                ja="{game} は二人用のゲームなので、エージェントを 2 つ渡してください。",
                                game=env.name))
    _agent_list(env, [agent_a, agent_b])
    result = MatchResult(game=env.name, names=(agent_name(agent_a), agent_name(agent_b)))
    times = {"a": [], "b": []}
    games = range(n)
    bar = ProgressBar(total=n, label=tr(en="{a} vs {b}", ja="{a} 対 {b}", a=result.names[0], b=result.names[1])) \
        if progress else None
    for i in games:
        a_first = i % 2 == 0
        agents = [agent_a, agent_b] if a_first else [agent_b, agent_a]
        names = [result.names[0], result.names[1]] if a_first else [result.names[1], result.names[0]]
        record = play_on(env, agents, seed + i, frames=False, max_moves=max_moves, names=names)
        a_player = 0 if a_first else 1
        if record.illegal is not None:
            if record.illegal == a_player:
                result.illegal_a += 1
            else:
                result.illegal_b += 1
        if record.winner is None:
            outcome = "draws"
        else:
            outcome = "wins" if record.winner == a_player else "losses"
        result._add(result.first if a_first else result.second, outcome)
        for who, seconds in zip(record.movers, record.think_times):
            times["a" if who == a_player else "b"].append(seconds)
        if bar:
            bar.update(1, note=lambda: tr(en="A: {w} won, {d} drawn, {l} lost", ja="A: {w} 勝 {d} 分 {l} 敗",
                                          w=result.wins, d=result.draws, l=result.losses))
    if bar:
        bar.close()
    result.times_a, result.times_b = _times_summary(times["a"]), _times_summary(times["b"])
    if on_course_map:
        _note_if_trained(env.name, agent_a, result, against=result.names[1])
    return result


def _note_if_trained(game, agent, result, against=""):
    """A trained agent's latest result against each opponent, as the lesson prints it, goes on
    the student's course map (on the game's last lesson)."""
    if getattr(agent, "steps", 0):  # DQN and afterstate agents count their training moves
        course_progress.note(course_progress.lesson_id(f"game:{game}"), "result", against, str(result))


def _evaluate_solo(env, agent, n, seed, progress, max_moves, on_course_map):
    new_result = FIGURES.get(env.name, (Record, SoloResult))[1]
    result = new_result(game=env.name, name=agent_name(agent))
    times = []
    bar = ProgressBar(total=n, label=result.name) if progress else None
    for i in range(n):
        record = play_on(env, [agent], seed + i, frames=False, max_moves=max_moves)
        result._add_game(record)
        times += record.think_times
        if bar:
            bar.update(1, note=lambda: tr(en="mean score {m:.0f}", ja="平均スコア {m:.0f}",
                                          m=np.mean(result.scores)))
    if bar:
        bar.close()
    result.times = _times_summary(times)
    if on_course_map:
        _note_if_trained(env.name, agent, result)
    return result


# ---------------------------------------------------------------- ratings
def fit_elo(points, games, iterations=1000, anchor=1500.0):
    """Elo ratings from a table of results (a Bradley–Terry fit by Hunter's MM iteration).

    ``points[i][j]`` is what agent i scored against agent j (a win 1, a draw 1/2) in
    ``games[i][j]`` games. The model: i beats j with probability
    ``1 / (1 + 10 ** ((elo[j] - elo[i]) / 400))``. Every pair gets one extra imagined draw,
    so an agent that won everything still has a finite rating. The mean rating is ``anchor``.
    """
    points = np.asarray(points, dtype=float)
    games = np.asarray(games, dtype=float)
    k = len(points)
    played = (games + games.T) > 0
    points = points + 0.5 * played  # the imagined draw
    games = games + games.T + 1.0 * played  # symmetric: games between i and j, both directions
    total = points.sum(axis=1)
    strength = np.ones(k)
    for _ in range(iterations):
        # MM step: s_i <- (points of i) / sum_j games_ij / (s_i + s_j)
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = np.where(denominator > 0, total / np.where(denominator > 0, denominator, 1), 1.0)
        new /= np.exp(np.mean(np.log(new)))  # fix the scale (only ratios matter)
        if np.allclose(new, strength, rtol=1e-10, atol=0):
            strength = new
            break
        strength = new
    elo = 400 * np.log10(strength)
    return elo - elo.mean() + anchor


__all__ = ["MatchResult", "PuyoRecord", "PuyoResult", "Record", "SoloResult", "evaluate", "fit_elo", "mean_interval",
           "play", "wilson"]
