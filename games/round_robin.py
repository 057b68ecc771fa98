"""A class tournament: every entrant plays every other, in both seats, and the standings say who is best.

>>> standings = games.tournament("connectfour", {"Aiko": aiko, "Ben": ben, "random": random_agent},
...                              games_per_pair=10, seed=0)                      # doctest: +SKIP
>>> standings.plot()                                                              # doctest: +SKIP
>>> standings.replay("Aiko", "Ben")                                               # doctest: +SKIP

The games are played by the arena (``games.arena``), with one more rule: a *referee*
stands between each entrant and the game, and each entrant plays in a *sandbox* of its own
(``games.sandbox``: a process on CPython, a Web Worker with its own Pyodide in the browser).
The referee, the real game, the clock and the records stay here; the entrant is sent only a
copy of the position with what its player may know (``env.player_view``), and sends back an
action. An entrant that raises an error (any, ``SystemExit`` too), answers something that is
not a whole number naming a legal move, or does not answer within ``time_limit`` seconds
(its sandbox is then ended and started again), or crashes its sandbox, loses that game (a
*forfeit*); the standings count forfeits by reason, and the tournament goes on.

Game ``g`` of a pair uses the seed ``seed + g``, and the two take turns to move first. Each
entrant's random draws (``env.np_random``, numpy's and ``random``'s) come from a generator of its
own, seeded from the game's seed, its seat and the move number: the same seed gives the same
tournament (except forfeits for slowness, which depend on the computer).

The Elo ratings are the maximum-likelihood fit of ``games.arena.fit_elo`` (i beats j with
probability ``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``, the average rating 1500); each
comes with a 95 % interval (``elo_intervals`` says how). The intervals are the honest part
of the standings: when two overlap a lot, the games have not shown who is better.

One-player games (Minesweeper, Puyo Puyo): every entrant plays the same ``games_per_pair``
games (the same seeds: the same mines, the same puyo pairs), ranked by win rate (Minesweeper)
or mean score (Puyo Puyo), each with its 95 % interval.
"""

import math
from dataclasses import dataclass, field

import numpy as np

from . import agent_files, sandbox
from .arena import Z95, Record, agent_name, fit_elo, mean_interval, new_env, play_on, wilson
from .envs.values import whole_option
from .errors import AgentFileError, BadOptionError
from .messages import tr
from .progress import ProgressBar
from .render import chart

FORFEITS = ("raised", "illegal", "slow")  #: why an entrant lost a game without it being played out


def forfeit_words(reason):
    """The reason of a forfeit in the student's language."""
    return {"raised": tr(en="raised an error", ja="エラー"), "illegal": tr(en="illegal move", ja="反則手"),
            "slow": tr(en="too slow", ja="時間切れ")}[reason]


# ---------------------------------------------------------------- the referee
class Forfeit:
    """What the referee hands the game instead of a move: no legal move, so the entrant loses."""

    def __init__(self, reason, detail):
        self.reason, self.detail = reason, detail

    def __repr__(self):
        return f"{forfeit_words(self.reason)} ({self.detail})"


class Referee:
    """Asks an entrant's sandbox for its move; turns an error, an answer that is not a move, or a slow or
    missing answer into a ``Forfeit``.

    The entrant is given ``env.player_view``: a copy of the position holding only what the player
    may know, with a random generator of its own seeded from the game's seed, its seat and the move
    number (so the same seed gives the same tournament).
    """

    def __init__(self, sandbox, time_limit):
        self.sandbox, self.time_limit = sandbox, time_limit
        self.fault = None  #: the ``Forfeit`` of the current game, if any
        self.game_seed, self.seat, self.ply = 0, 0, 0

    def new_game(self, game_seed, seat):
        self.fault, self.game_seed, self.seat, self.ply = None, game_seed, seat, 0

    def __call__(self, env):
        from .sandbox.player import seed_words
        words = seed_words(self.game_seed, self.seat, self.ply)
        self.ply += 1
        outcome, detail = self.sandbox.move(env.player_view(seed=words), words, self.time_limit)
        if outcome == "move":
            return detail  # an int: the game judges whether it is legal
        self.fault = Forfeit(outcome, detail)
        return self.fault


def _forfeit_of(record, referees):
    """``(player, reason, detail)`` of the forfeit that ended ``record``, or None."""
    if record.illegal is None:
        return None
    fault = referees[record.illegal].fault
    if fault is None:
        return record.illegal, "illegal", repr(record.moves[-1])
    return record.illegal, fault.reason, fault.detail


# ---------------------------------------------------------------- one game, kept small
@dataclass
class GameRecord:
    """One game of the tournament: enough to show it again (its seed and moves), no pictures."""

    seed: int
    players: tuple  #: the entrants' indices, in the order of play
    moves: list
    winner: object  #: the index of the winning entrant (two players), or None
    score: float = 0.0  #: one-player games: the game's score
    won: object = None  #: one-player games: won or not (None if the game has no win)
    forfeit: object = None  #: ``(entrant index, reason)`` when the game ended by a forfeit
    forfeit_detail: str = ""  #: what happened: the error, the seconds, or the illegal answer


def _keep(record, players, referees):
    forfeit = _forfeit_of(record, referees)
    moves = record.moves[:-1] if forfeit else list(record.moves)  # a forfeit's "move" is not a move
    winner = None if record.winner is None else players[record.winner]
    kept = GameRecord(seed=record.seed, players=tuple(players), moves=moves, winner=winner, score=record.score,
                      won=record.won)
    if forfeit is not None:
        kept.forfeit = (players[forfeit[0]], forfeit[1])
        kept.forfeit_detail = forfeit[2]
    return kept


# ---------------------------------------------------------------- the tournament
def tournament(game, entrants, games_per_pair=10, seed=0, time_limit=1.0, progress=True, max_moves=None,
               unsafe_without_room=False, **options):
    """A round robin of ``entrants`` at ``game``; returns the ``Standings``.

    - ``entrants``: a dict ``{name: agent}``, a list of agents, or a folder of ``.agent`` files
      (``games.load_agents``). An agent is anything ``agent(env) -> action``: a function of the
      notebook, a built-in agent, an agent loaded with ``games.load_agent``, a trained agent.
    - ``games_per_pair``: games each pair plays (half with each moving first). One-player games:
      games each entrant plays, on the same seeds.
    - ``seed``: game ``g`` of a pair uses the seed ``seed + g``.
    - ``time_limit``: seconds an entrant may take over one move (None: no limit). A move not
      answered in time is stopped, and that game is lost.
    - ``unsafe_without_room``: on CPython each entrant runs locked in a room of its own (bubblewrap); where
      none can be made, the tournament runs only with ``unsafe_without_room=True`` (the entrants' code can
      then read your files and reach the network).

    Every entrant plays in a sandbox of its own (see the module's help), so it must be something
    ``games.save_agent`` can save: a function (with its helpers and constants), a built-in agent,
    or a trained agent; a file loaded with ``games.load_agent`` plays as it was read.
    """
    env = new_env(game, options)
    names, agents = _entrants(entrants, env.name, options, env.num_players)
    games_per_pair = whole_option("games_per_pair", games_per_pair, 1,
                                  means=tr(en="games each pair plays", ja="1 組あたりの対局数"))
    seed = whole_option("seed", seed, 0, means=tr(en="game g uses the seed seed + g", ja="g 局目の seed は seed + g"))
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
        raise BadOptionError(tr(en="time_limit must be a number of seconds > 0, or None; you gave {value!r}.",
                                ja="time_limit は 0 より大きい秒数か None にしてください。渡されたもの: {value!r}",
                                value=time_limit))
    entries = []
    for name, agent in zip(names, agents):
        try:
            entries.append(sandbox.entry_of(agent, name, env.name, options))
        except AgentFileError as error:
            raise sandbox.cannot_be_an_entrant(name, error) from None
    sandboxes = [sandbox.sandbox_for(entry, unsafe_without_room) for entry in entries]
    try:
        played = _play_all(env, names, sandboxes, games_per_pair, seed, time_limit, progress, max_moves)
    finally:
        for box in sandboxes:
            box.stop()
    return Standings(game=env.name, options=dict(options), names=names, games=played, seed=seed)


def _play_all(env, names, sandboxes, games_per_pair, seed, time_limit, progress, max_moves):
    """Every game of the round robin, as ``GameRecord``s."""
    referees = [Referee(box, time_limit) for box in sandboxes]
    if env.num_players == 1:
        pairings = [((i,), seed + g) for i in range(len(names)) for g in range(games_per_pair)]
    else:
        pairings = [((i, j) if g % 2 == 0 else (j, i), seed + g)
                    for i in range(len(names)) for j in range(i + 1, len(names)) for g in range(games_per_pair)]
    bar = ProgressBar(total=len(pairings), label=tr(en="tournament", ja="総当たり戦")) if progress else None
    played = [None] * len(pairings)
    for index in _order_of_play(pairings, getattr(sandboxes[0], "BLOCK", None)):
        players, game_seed = pairings[index]
        seated = [referees[p] for p in players]
        for seat, referee in enumerate(seated):
            referee.new_game(game_seed, seat)
        record = play_on(env, seated, game_seed, frames=False, max_moves=max_moves,
                          names=[names[p] for p in players])
        played[index] = _keep(record, players, seated)
        if bar:
            bar.update(1, note=" vs ".join(names[p] for p in players))
    if bar:
        bar.close()
    return played


def _order_of_play(pairings, block):
    """The order in which to play the games: as listed, or, when only a few sandboxes can be alive at once
    (the browser's workers), block by block (every pair of entrants of two blocks of ``block`` entrants
    together), so that few sandboxes are started again. Each game's result is the same in any order."""
    if block is None:
        return range(len(pairings))
    # Within two blocks, the later block's entrant changes least often: when the next block comes in, the
    # sandboxes used least recently are those of the block that leaves.
    def key(i):
        players = pairings[i][0]
        return sorted(p // block for p in players), max(players), min(players), i
    return sorted(range(len(pairings)), key=key)


def _entrants(entrants, game, options, num_players):
    """``(names, agents)`` of the entrants, checked: callables, at least two (one for one-player games),
    and files saved for this game and these options."""
    if isinstance(entrants, str):
        entrants = agent_files.load_agents(entrants, game, **options)
    if isinstance(entrants, dict):
        names, agents = [str(name) for name in entrants], list(entrants.values())
    else:
        agents = list(entrants)
        names = [agent_name(agent) for agent in agents]
    agents = [agent_files.load_agent(a, game, **options) if isinstance(a, str) else a for a in agents]
    for name, agent in zip(names, agents):
        if not callable(agent):
            raise BadOptionError(tr(en="The entrant {name} is not an agent (a function agent(env) -> action): "
                                       "{value!r}.",
                                    ja="参加者 {name} はエージェント（関数 agent(env) -> 行動）ではありません: "
                                       "{value!r}",
                                    name=name, value=agent))
        header = getattr(agent, "agent_file", None)
        if isinstance(header, dict):
            agent_files.check_game(header, game, options, name)
    if len(set(names)) < len(names):
        raise BadOptionError(tr(en="Two entrants have the same name: give them a dict {{name: agent}}.",
                                ja="同じ名前の参加者がいます。{{名前: エージェント}} の辞書で渡してください。"))
    if len(agents) < num_players:
        raise BadOptionError(tr(en="The tournament needs at least {n} entrant(s); it has {k}.",
                                ja="総当たり戦には {n} 人以上の参加者が必要です（いまは {k} 人）。",
                                n=num_players, k=len(agents)))
    return names, agents


# ---------------------------------------------------------------- the standings
def _columns(text):
    """How many columns ``text`` takes in a table: a wide (Japanese) character takes two."""
    return sum(2 if ord(char) >= 0x2E80 else 1 for char in text)


def _padded(text, width):
    return text + " " * max(0, width - _columns(text))


def _right(text, width):
    return " " * max(0, width - _columns(text)) + text

def elo_intervals(points, played, elo, z=Z95):
    """The ``(low, high)`` 95 % interval of each Elo rating of ``fit_elo``.

    How sure a rating is comes from how sharply the fit's likelihood peaks at it (the Fisher
    information): with games ``n_ij`` between i and j, each won by i with probability
    ``p_ij``, the information matrix is ``I_ii = sum_j n_ij p_ij (1 - p_ij)``,
    ``I_ij = -n_ij p_ij (1 - p_ij)``, and the ratings' variances are the diagonal of its
    (pseudo-)inverse, which measures each rating against the field's average. More games
    make ``n`` larger and the interval narrower, like ``1 / sqrt(games)``. Draws count as half
    a win, as in the fit; the interval is then a little too wide, never too narrow.
    """
    played = np.asarray(played, dtype=float)
    games = played + played.T
    games = games + (games > 0)  # the imagined draw of ``fit_elo``
    scale = 400 / math.log(10)  # Elo points per unit of natural-log strength
    theta = (np.asarray(elo) - np.mean(elo)) / scale
    p = 1 / (1 + np.exp(-(theta[:, None] - theta[None, :])))
    weight = games * p * (1 - p)
    information = np.diag(weight.sum(axis=1)) - weight
    half = z * scale * np.sqrt(np.maximum(np.diag(np.linalg.pinv(information)), 0))
    return [(float(e - h), float(e + h)) for e, h in zip(elo, half)]


@dataclass
class Standings:
    """The result of ``games.tournament``: ``rows`` (best first), ``plot()``, ``replay(a, b)``.

    Each row: ``name``, ``games``, ``wins``, ``draws``, ``losses``, ``points`` (a win 1, a draw
    1/2), ``score`` (points per game), ``elo`` and its 95 % interval ``elo_low``–``elo_high`` (two-player games), or
    ``mean_score`` / ``win_rate`` with intervals (one-player games), and ``forfeits``:
    ``{"raised": n, "illegal": n, "slow": n}``.
    """

    game: str
    options: dict
    names: list
    games: list  #: every ``GameRecord``, in the order played
    seed: int
    rows: list = field(default_factory=list)

    def __post_init__(self):
        self.rows = self._one_player_rows() if self.solo else self._two_player_rows()

    @property
    def solo(self):
        return all(len(g.players) == 1 for g in self.games)

    def _forfeits(self, index):
        return {reason: sum(1 for g in self.games if g.forfeit == (index, reason)) for reason in FORFEITS}

    def _two_player_rows(self):
        k = len(self.names)
        points, played = np.zeros((k, k)), np.zeros((k, k))
        for g in self.games:
            first, second = g.players
            i, j = min(first, second), max(first, second)
            played[i, j] += 1
            if g.winner is None:
                points[first, second] += 0.5
                points[second, first] += 0.5
            else:
                points[g.winner, second if g.winner == first else first] += 1
        elo = fit_elo(points, played)
        intervals = elo_intervals(points, played, elo)
        rows = []
        for i, name in enumerate(self.names):
            mine = [g for g in self.games if i in g.players]
            wins = sum(1 for g in mine if g.winner == i)
            draws = sum(1 for g in mine if g.winner is None)
            rows.append({"name": name, "games": len(mine), "wins": wins, "draws": draws,
                         "losses": len(mine) - wins - draws, "points": wins + 0.5 * draws,
                         "score": (wins + 0.5 * draws) / len(mine) if mine else float("nan"), "elo": float(elo[i]),
                         "elo_low": intervals[i][0], "elo_high": intervals[i][1], "forfeits": self._forfeits(i)})
        return sorted(rows, key=lambda row: -row["elo"])

    def _one_player_rows(self):
        rows = []
        for i, name in enumerate(self.names):
            mine = [g for g in self.games if g.players == (i,)]
            known = [g.won for g in mine if g.won is not None]
            wins = sum(known)
            mean, low, high = mean_interval([g.score for g in mine])
            win_low, win_high = wilson(wins, len(known))
            rows.append({"name": name, "games": len(mine), "wins": wins, "losses": len(known) - wins,
                         "win_rate": wins / len(known) if known else None, "win_low": win_low, "win_high": win_high,
                         "mean_score": mean, "score_low": low, "score_high": high, "forfeits": self._forfeits(i)})
        by_wins = any(row["win_rate"] is not None for row in rows)
        return sorted(rows, key=lambda row: -(row["win_rate"] or 0) if by_wins else -row["mean_score"])

    @property
    def ranking(self):
        """The entrants' names, best first."""
        return [row["name"] for row in self.rows]

    # ------------------------------------------------------------ showing them
    def __str__(self):
        width = max(6, *(_columns(name) for name in self.names)) + 1
        head = tr(en="{game}: {n} games, seed {seed}", ja="{game}: {n} 局、seed {seed}",
                  game=self.game, n=len(self.games), seed=self.seed)
        forfeits = tr(en="forfeits: error/illegal/slow", ja="不戦敗: エラー/反則/時間切れ")
        if self.solo:
            lines = [head, f"{'#':>2} {'':<{width}}{_right(tr(en='games', ja='局数'), 6)}  "
                     + tr(en="win rate [95 %]       mean score [95 %]      ",
                          ja="勝率 [95 %]           平均スコア [95 %]      ")
                     + forfeits]
            for rank, row in enumerate(self.rows, start=1):
                rate = "—" if row["win_rate"] is None else \
                    f"{row['win_rate']:4.0%} [{row['win_low']:4.0%}–{row['win_high']:4.0%}]"
                score = f"{row['mean_score']:7.1f} [{row['score_low']:.1f}–{row['score_high']:.1f}]"
                lines.append(f"{rank:>2} {_padded(row['name'], width)}{row['games']:>6}  {rate:<21} {score:<22} "
                             + "/".join(str(row["forfeits"][r]) for r in FORFEITS))
        else:
            lines = [head, f"{'#':>2} {'':<{width}}{_right(tr(en='games', ja='局数'), 6)}{'W':>5}{'D':>5}{'L':>5}"
                     f"{_right(tr(en='points', ja='勝点'), 8)}   Elo [95 %]          " + forfeits]
            for rank, row in enumerate(self.rows, start=1):
                elo = f"{row['elo']:5.0f} [{row['elo_low']:.0f}–{row['elo_high']:.0f}]"
                lines.append(f"{rank:>2} {_padded(row['name'], width)}{row['games']:>6}{row['wins']:>5}"
                             f"{row['draws']:>5}{row['losses']:>5}{row['points']:>8g}   {elo:<20}"
                             + "/".join(str(row["forfeits"][r]) for r in FORFEITS))
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):
        printer.text(str(self))

    def plot(self):
        """The standings as bars with their 95 % intervals: Elo above or below the field's average
        (two-player games), win rate or mean score (one-player games)."""
        labels = [row["name"][:10] for row in self.rows]
        width = max(chart.WIDTH, 70 * len(labels))
        if self.solo and self.rows[0]["win_rate"] is not None:
            values = {label: row["win_rate"] for label, row in zip(labels, self.rows)}
            intervals = {label: (row["win_low"], row["win_high"]) for label, row in zip(labels, self.rows)}
            return chart.bar_chart(values, title=self.game, y_label=tr(en="win rate", ja="勝率"),
                                   intervals=intervals, y_range=(0, 1), width=width)
        if self.solo:
            values = {label: row["mean_score"] for label, row in zip(labels, self.rows)}
            intervals = {label: (row["score_low"], row["score_high"]) for label, row in zip(labels, self.rows)}
            return chart.bar_chart(values, title=self.game, y_label=tr(en="mean score", ja="平均スコア"),
                                   intervals=intervals, width=width)
        average = float(np.mean([row["elo"] for row in self.rows]))
        values = {label: row["elo"] - average for label, row in zip(labels, self.rows)}
        intervals = {label: (row["elo_low"] - average, row["elo_high"] - average)
                     for label, row in zip(labels, self.rows)}
        return chart.bar_chart(values, title=self.game, intervals=intervals, width=width,
                               y_label=tr(en="Elo − average ({a:.0f})", ja="Elo − 平均（{a:.0f}）", a=average))

    def replay(self, a, b=None, game=0, fps=2.0):
        """Show game number ``game`` (0 = the first) between the entrants ``a`` and ``b``
        (names); one-player games: ``replay(a, game=...)``."""
        found = [g for g in self.games if self._names_of(g) == sorted(n for n in (a, b) if n is not None)]
        if not found:
            raise BadOptionError(tr(en="No game between {who}. Entrants: {names}.",
                                    ja="{who} の対局はありません。参加者: {names}",
                                    who=" and ".join(str(n) for n in (a, b) if n is not None),
                                    names=", ".join(self.names)))
        if not (isinstance(game, int) and 0 <= game < len(found)):
            raise BadOptionError(tr(en="game must be 0 to {last}.", ja="game は 0 から {last} にしてください。",
                                    last=len(found) - 1))
        return self.record(found[game]).replay(fps=fps)

    def _names_of(self, g):
        return sorted(self.names[p] for p in g.players)

    def record(self, g):
        """The arena's ``Record`` of a ``GameRecord``, with its pictures: its moves played again."""
        env = new_env(self.game, self.options)
        env.reset(seed=g.seed)
        record = Record(game=self.game, seed=g.seed, names=[self.names[p] for p in g.players])
        record.frames.append(env.render().svg)
        for move in g.moves:
            record.movers.append(env.current_player)
            record.moves.append(move)
            env.step(move)
            record.frames.append(env.render().svg)
        if g.forfeit is not None:
            player, reason = g.forfeit
            record.illegal = g.players.index(player)
            record.illegal_action = g.forfeit_detail
            if reason != "illegal":
                record.forfeit = f"{forfeit_words(reason)} ({g.forfeit_detail})"
            record.movers.append(record.illegal)
            record.moves.append(g.forfeit_detail)
            record.frames.append(env.render().svg)
        return record


__all__ = ["FORFEITS", "Forfeit", "GameRecord", "Referee", "Standings", "elo_intervals", "tournament"]
