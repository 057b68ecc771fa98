"""A class tournament: every entrant plays every other, in both seats, and the standings say who is best.

>>> standings = games.tournament("connectfour", {"Aiko": aiko, "Ben": ben, "random": random_agent},
...                              games_per_pair=10)                               # doctest: +SKIP
>>> standings.plot()                                                              # doctest: +SKIP
>>> standings.replay("Aiko", "Ben")                                               # doctest: +SKIP
>>> games.play("connectfour", standings.agent("Aiko"))                            # doctest: +SKIP

A *referee* stands between each entrant and the game, and each entrant plays in a *sandbox* of its
own (``games.sandbox``: a process on CPython, a Web Worker with its own Pyodide in the browser). The
referee, the real game, the clock and the records stay here; the entrant is sent only a copy of the
position with what its player may know (``env.player_view``), and sends back an action. An entrant
that raises an error (any, ``SystemExit`` too), answers something that is not a whole number naming a
legal move, or does not answer within ``time_limit`` seconds (its sandbox is then ended and started
again), or crashes its sandbox, loses that game (a *forfeit*): the game is not played on with it, and
the standings count forfeits by reason.

Seeds. The tournament has one seed: drawn at random unless the teacher gives one, and printed with the
standings, so that the same tournament can be run again. Game ``g`` of every pair uses the seed
``game_seed(seed, g)``, a hash of the two (so the mines and puyo pairs of a game cannot be found by
trying small seeds), and the two of a pair take turns to move first. Each entrant's random draws
(``env.np_random``, numpy's and ``random``'s) come from ``view_seed(game seed, seat, move)``, another
hash, from which no entrant can work back to the game's seed. A seed that an entrant can guess (0, 1,
2, ...) gives that away: for a real tournament, leave ``seed`` out.

Time. ``minutes`` is a budget for the whole tournament: the games are then played in rounds (in each
round every pair plays one game in each seat); when the time is up no new game starts, and the
standings say how many games were played and which pairs are a game short.

The Elo ratings are the maximum-likelihood fit of ``games.arena.fit_elo`` (i beats j with
probability ``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``, the average rating 1500); each
comes with a 95 % interval (``elo_intervals`` says how). The intervals are the honest part
of the standings: when two overlap a lot, the games have not shown who is better.

One-player games (Minesweeper, Puyo Puyo): every entrant plays the same ``games_per_pair``
games (the same seeds: the same mines, the same puyo pairs), ranked by win rate (Minesweeper)
or mean score (Puyo Puyo), each with its 95 % interval.
"""

import hashlib
import io
import json
import math
import secrets
import time
import weakref
import zipfile
from dataclasses import dataclass, field

import numpy as np

from . import agent_files, sandbox
from .arena import Z95, Record, agent_name, fit_elo, mean_interval, wilson
from .envs import make
from .envs.values import whole_option
from .errors import AgentFileError, BadOptionError, GamesError
from .messages import tr
from .progress import ProgressBar
from .render import chart

FORFEITS = ("raised", "illegal", "slow")  #: why an entrant lost a game without it being played out


def forfeit_words(reason):
    """The reason of a forfeit in the student's language."""
    return {"raised": tr(en="raised an error", ja="エラー"), "illegal": tr(en="illegal move", ja="反則手"),
            "slow": tr(en="too slow", ja="時間切れ")}[reason]


# ---------------------------------------------------------------- seeds
def _hashed(*parts, words):
    """``words`` 32-bit words of the SHA-256 of ``parts``: nobody can work back from them to the parts."""
    digest = hashlib.sha256(" ".join(str(part) for part in parts).encode()).digest()
    return [int.from_bytes(digest[4 * k:4 * k + 4], "big") for k in range(words)]


def game_seed(seed, g):
    """The seed of game ``g`` of a tournament whose seed is ``seed``: a 64-bit hash of the two."""
    high, low = _hashed("games.tournament", seed, g, words=2)
    return high << 32 | low


def view_seed(game_seed, seat, ply):
    """The seed of an entrant's random draws at one move (its view's generator, numpy's, ``random``'s):
    four 32-bit words hashed from the game's seed, the seat and the move, which do not give the game's
    seed away."""
    return _hashed("games.view", game_seed, seat, ply, words=4)


def new_seed():
    """A tournament's seed when the teacher gives none: drawn at random (63 bits)."""
    return secrets.randbits(63)


# ---------------------------------------------------------------- the referee
class Forfeit:
    """A game lost without being played out: ``reason`` (one of ``FORFEITS``) and what happened."""

    def __init__(self, reason, detail):
        self.reason, self.detail = reason, detail

    def __repr__(self):
        return f"{forfeit_words(self.reason)} ({self.detail})"


class Referee:
    """Asks an entrant's sandbox for its move, giving it ``env.player_view``: a copy of the position with
    only what the player may know and a generator of its own, seeded with ``view_seed``."""

    def __init__(self, sandbox, time_limit):
        self.sandbox, self.time_limit = sandbox, time_limit
        self.game_seed, self.seat, self.ply = 0, 0, 0

    def new_game(self, game_seed, seat):
        self.game_seed, self.seat, self.ply = game_seed, seat, 0

    def ask(self, env):
        """``("move", action)`` (an int; legality is the caller's to judge) or ``(reason, detail)``."""
        words = view_seed(self.game_seed, self.seat, self.ply)
        self.ply += 1
        return self.sandbox.move(env.player_view(seed=words), words, self.time_limit)


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


def play_game(env, referees, players, seed, max_moves=None):
    """One game on ``env`` (reset with ``seed``) between ``players`` (entrant indices, in the order of play),
    each asked through its ``Referee``. Only a legal move reaches the game: a forfeit ends it where it is."""
    env.reset(seed=seed)
    moves, rewards, info, forfeit = [], [], {}, None
    while not env.terminated and (max_moves is None or len(moves) < max_moves):
        mover = env.current_player
        legal = env.legal_actions()
        if len(legal) == 1:  # a forced move (Othello's pass) is played without asking, as in the arena
            outcome, action = "move", legal[0]
        else:
            outcome, action = referees[mover].ask(env)
            if outcome == "move" and action not in legal:
                outcome, action = "illegal", repr(action)
        if outcome != "move":
            forfeit = Forfeit(outcome, action)
            break
        _, reward, _, _, info = env.step(action)
        moves.append(action)
        rewards.append(float(reward))
    record = GameRecord(seed=seed, players=tuple(players), moves=moves, winner=None, score=float(sum(rewards)))
    if forfeit is not None:
        record.forfeit, record.forfeit_detail = (players[mover], forfeit.reason), forfeit.detail
        if env.num_players == 2:
            record.winner = players[1 - mover]
        else:
            record.won, record.score = False, record.score + env.illegal_penalty
    elif env.num_players == 2:
        record.winner = None if env.winner is None else players[env.winner]
    else:
        record.won = info.get("won")
    return record


# ---------------------------------------------------------------- the same agent under two names
def fingerprint(entry):
    """What makes two entries the same agent, whatever their names: a built-in's name and settings, a
    function's code (its name, layout and comments aside), a trained agent's arrays."""
    kind, payload = entry["kind"], entry["payload"]
    if kind == "code":
        return "code " + code_agents_shape(payload)
    if kind == "trained":
        try:
            with zipfile.ZipFile(io.BytesIO(payload)) as archive:  # its size was checked when it was read
                parts = [(info.filename, archive.read(info)) for info in sorted(archive.infolist(),
                                                                               key=lambda i: i.filename)]
        except (zipfile.BadZipFile, OSError, ValueError):
            parts = [("", payload)]
        digest = hashlib.sha256()
        for name, data in parts:
            digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        return "trained " + digest.hexdigest()
    return f"{kind} " + hashlib.sha256(payload).hexdigest()


def code_agents_shape(payload):
    """The syntax tree of a function agent's source, its entry function renamed: copies under another name
    or layout have the same one."""
    import ast
    try:
        saved = json.loads(payload.decode())
        tree = ast.parse(saved["source"])
        entry = saved["entry"]
    except (ValueError, SyntaxError, KeyError, TypeError, RecursionError, MemoryError):
        return hashlib.sha256(payload).hexdigest()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == entry:
            node.name = "agent"
        elif isinstance(node, ast.Name) and node.id == entry:
            node.id = "agent"
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.body and \
                isinstance(node.body[0], ast.Expr) and isinstance(getattr(node.body[0], "value", None), ast.Constant) \
                and isinstance(node.body[0].value.value, str) and len(node.body) > 1:
            node.body = node.body[1:]  # a docstring is not code
    return hashlib.sha256(ast.dump(tree).encode()).hexdigest()


def same_agents(names, entries):
    """Groups (lists of two or more names) of entrants that are the same agent."""
    groups = {}
    for name, entry in zip(names, entries):
        groups.setdefault(fingerprint(entry), []).append(name)
    return [group for group in groups.values() if len(group) > 1]


# ---------------------------------------------------------------- the tournament
def tournament(game, entrants, games_per_pair=10, seed=None, time_limit=1.0, minutes=None, progress=True,
               max_moves=None, unsafe_without_room=False, **options):
    """A round robin of ``entrants`` at ``game``; returns the ``Standings``.

    - ``entrants``: a dict ``{name: agent}``, a list of agents, or a folder of ``.agent`` files
      (``games.load_agents``). An agent is anything ``agent(env) -> action``: a function of the
      notebook, a built-in agent, an agent loaded with ``games.load_agent``, a trained agent.
    - ``games_per_pair``: games each pair plays (half with each moving first). One-player games:
      games each entrant plays, on the same seeds.
    - ``seed``: the tournament's seed (see the module's help); None draws one at random. The standings
      print it: the same seed gives the same tournament again.
    - ``time_limit``: seconds an entrant may take over one move (None: no limit). A move not
      answered in time is stopped, and that game is lost.
    - ``minutes``: a time budget for the whole tournament (None: none). When it is used up no new game
      starts; the standings say so, and which pairs are short.
    - ``unsafe_without_room``: on CPython each entrant runs locked in a room of its own (bubblewrap); where
      none can be made, the tournament runs only with ``unsafe_without_room=True`` (the entrants' code can
      then read your files and reach the network).

    Every entrant plays in a sandbox of its own (see the module's help), so it must be something
    ``games.save_agent`` can save: a function (with its helpers and constants), a built-in agent,
    or a trained agent; a file loaded with ``games.load_agent`` plays as it was read.
    """
    env = _new_env(game, options)
    names, agents = _entrants(entrants, env.name, options, env.num_players)
    games_per_pair = whole_option("games_per_pair", games_per_pair, 1,
                                  means=tr(en="games each pair plays", ja="1 組あたりの対局数"))
    seed = new_seed() if seed is None else whole_option(
        "seed", seed, 0, means=tr(en="the tournament's seed (None: drawn at random)",
                                  ja="総当たり戦の seed（None なら乱数で決める）"))
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
        raise BadOptionError(tr(en="time_limit must be a number of seconds > 0, or None; you gave {value!r}.",
                                ja="time_limit は 0 より大きい秒数か None にしてください。渡されたもの: {value!r}",
                                value=time_limit))
    if minutes is not None and not (type(minutes) in (int, float) and 0 < minutes < math.inf):
        raise BadOptionError(tr(en="minutes must be a number of minutes > 0, or None; you gave {value!r}.",
                                ja="minutes は 0 より大きい分数か None にしてください。渡されたもの: {value!r}",
                                value=minutes))
    entries = []
    for name, agent in zip(names, agents):
        try:
            entries.append(sandbox.entry_of(agent, name, env.name, options))
        except AgentFileError as error:
            raise sandbox.cannot_be_an_entrant(name, error) from None
    schedule = _schedule(env.num_players, len(names), games_per_pair, seed)
    sandboxes = [sandbox.sandbox_for(entry, unsafe_without_room) for entry in entries]
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    try:
        played = _play_all(env, names, sandboxes, schedule, time_limit, progress, max_moves, deadline)
    finally:
        for box in sandboxes:
            box.stop()
    return Standings(game=env.name, options=dict(options), names=names, games=[g for g in played if g],
                     seed=seed, scheduled=len(schedule), same=same_agents(names, entries), entries=entries,
                     time_limit=time_limit)


def _new_env(game, options):
    if not isinstance(game, str):
        raise BadOptionError(tr(en="game must be a game name such as 'connectfour'; you gave {value!r}.",
                                ja="game には 'connectfour' のようなゲーム名を渡してください。渡されたもの: {value!r}",
                                value=game))
    return make(game, **options)


def _schedule(num_players, k, games_per_pair, seed):
    """Every game of the round robin as ``(round, players, game seed)``, in rounds: in round ``r`` every pair
    plays games ``2r`` and ``2r + 1`` (one in each seat), so that a tournament cut short is cut fairly."""
    seeds = [game_seed(seed, g) for g in range(games_per_pair)]
    if num_players == 1:
        return [(g, (i,), seeds[g]) for i in range(k) for g in range(games_per_pair)]
    return [(g // 2, (i, j) if g % 2 == 0 else (j, i), seeds[g])
            for i in range(k) for j in range(i + 1, k) for g in range(games_per_pair)]


def _play_all(env, names, sandboxes, schedule, time_limit, progress, max_moves, deadline):
    """The ``GameRecord`` of every game of ``schedule`` (None for a game not played: the budget ran out)."""
    referees = [Referee(box, time_limit) for box in sandboxes]
    bar = ProgressBar(total=len(schedule), label=tr(en="tournament", ja="総当たり戦")) if progress else None
    played = [None] * len(schedule)
    block = getattr(sandboxes[0], "BLOCK", None)
    order = _order_of_play(schedule, block, by_rounds=deadline is not None)
    keeper = _Keeper(order, schedule, sandboxes, block) if block else None
    for position, index in enumerate(order):
        if deadline is not None and time.monotonic() >= deadline:
            break
        _, players, seed = schedule[index]
        if keeper:
            keeper.before(position)
        seated = [referees[p] for p in players]
        for seat, referee in enumerate(seated):
            referee.new_game(seed, seat)
        played[index] = play_game(env, seated, players, seed, max_moves)
        if keeper:
            keeper.after(position)
        if bar:
            bar.update(1, note=" vs ".join(names[p] for p in players))
    if bar:
        bar.close()
    return played


class _Keeper:
    """Where only a few sandboxes can be alive at once (the browser's workers): ends a sandbox that is not needed
    again soon, and starts the next one needed while the games go on."""

    def __init__(self, order, schedule, sandboxes, block):
        self.players = [schedule[index][1] for index in order]
        self.sandboxes = sandboxes
        pairs = {}
        for _, players, _ in schedule:
            pairs[tuple(sorted(players))] = pairs.get(tuple(sorted(players)), 0) + 1
        per_pair = max(pairs.values(), default=1)
        self.soon = block * per_pair + 1  #: games within which a sandbox counts as needed again soon
        self.next_use = [None] * len(order)  # for each game and each of its players: the position of its next game
        last = {}
        for position in range(len(order) - 1, -1, -1):
            self.next_use[position] = [last.get(p) for p in self.players[position]]
            for p in self.players[position]:
                last[p] = position
        for p, box in enumerate(sandboxes):  # where a sandbox's next game is: the one farthest away is ended first
            box.next_game = last.get(p)

    def before(self, position):
        """Starts the sandboxes that the next games need and that are not alive, up to ``STARTING`` at once
        (a start takes longer than the games between two of them), unless that would end one needed sooner."""
        starting_at_once = getattr(self.sandboxes[0], "STARTING", 1)
        seen = set(self.players[position])
        starting = 0
        for later in self.players[position + 1:position + 4 * self.soon]:
            for p in later:
                if p in seen:
                    continue
                seen.add(p)
                box = self.sandboxes[p]
                if not box.prepare():  # True at once for one alive (or starting) already
                    return  # no room without ending a sandbox needed sooner
                starting += box.starting is not None
                if starting >= starting_at_once:
                    return

    def after(self, position):
        for p, next_use in zip(self.players[position], self.next_use[position]):
            self.sandboxes[p].next_game = next_use
            if next_use is None or next_use - position > self.soon:
                self.sandboxes[p].stop()


def _order_of_play(schedule, block, by_rounds=False):
    """The order in which to play the games: round by round under a time budget. Where only a few sandboxes can
    be alive at once (the browser's workers), group by group: the ``block`` entrants of a group play each other,
    then every later entrant comes in turn and plays the whole group, so that each entrant's sandbox starts about
    (entrants / block / 2) times. Each game's result is the same in any order."""
    def key(i):
        rounds, players = schedule[i][0], schedule[i][1]
        low, high = min(players), max(players)
        if not block:
            return (rounds if by_rounds else 0), high, low, i
        group = low // block
        return (rounds if by_rounds else 0), group, high // block != group, high, low, i
    return sorted(range(len(schedule)), key=key)


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
    games: list  #: every ``GameRecord`` played
    seed: int  #: the tournament's seed: ``games.tournament(..., seed=seed)`` plays it again
    scheduled: int = 0  #: the games the round robin had; fewer were played when ``minutes`` ran out
    same: list = field(default_factory=list)  #: groups of names that are the same agent (same code or weights)
    entries: list = field(default_factory=list, repr=False)  #: what each entrant's sandbox was given
    time_limit: object = 1.0  #: seconds per move, kept for ``agent(name)``
    rows: list = field(default_factory=list)

    def __post_init__(self):
        self.scheduled = self.scheduled or len(self.games)
        self.rows = self._one_player_rows() if self.solo else self._two_player_rows()
        twin = {name: [other for other in group if other != name] for group in self.same for name in group}
        for row in self.rows:
            row["same_as"] = twin.get(row["name"], [])

    @property
    def cut_short(self):
        """True when the time budget ran out before every game of the round robin was played."""
        return len(self.games) < self.scheduled

    def short_pairs(self):
        """The pairs (or, in one-player games, the entrants) that played fewer games than the most: names."""
        counts = {}
        k = len(self.names)
        groups = [(i,) for i in range(k)] if self.solo else [(i, j) for i in range(k) for j in range(i + 1, k)]
        for group in groups:
            counts[group] = 0
        for g in self.games:
            counts[tuple(sorted(g.players))] += 1
        most = max(counts.values(), default=0)
        return [tuple(self.names[p] for p in group) for group, n in counts.items() if n < most]

    @property
    def solo(self):
        return make(self.game, **self.options).num_players == 1

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
        return "\n".join(lines + self._notes())

    def _notes(self):
        """Lines under the table: a tournament cut short by its time budget, and entrants that are the same
        agent."""
        notes = []
        if self.cut_short:
            short = self.short_pairs()
            notes.append(tr(en="Time ran out: {n} of {total} games were played.",
                            ja="時間切れ: {total} 局のうち {n} 局を行いました。", n=len(self.games),
                            total=self.scheduled))
            if short:
                shown = ", ".join("–".join(pair) for pair in short[:20]) + (" …" if len(short) > 20 else "")
                notes.append(tr(en="A game short ({k}): {pairs}", ja="1 局少ない組（{k}）: {pairs}",
                                k=len(short), pairs=shown))
            else:
                notes.append(tr(en="Every pair played the same number of games.",
                                ja="どの組も同じ数の対局をしました。"))
        for group in self.same:
            notes.append(tr(en="The same agent (same code or weights) under {k} names: {names}",
                            ja="同じエージェント（同じコードか重み）が {k} つの名前で参加: {names}",
                            k=len(group), names=" = ".join(group)))
        return notes

    def agent(self, name):
        """The entrant ``name`` as an agent for ``games.play``: it plays in a sandbox of its own, as in the
        tournament (not in this notebook's Python)."""
        if name not in self.names:
            raise BadOptionError(tr(en="No entrant is called {name!r}. Entrants: {names}.",
                                    ja="{name!r} という参加者はいません。参加者: {names}",
                                    name=name, names=", ".join(self.names)))
        return SandboxedAgent(self.entries[self.names.index(name)], self.time_limit)

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
        env = make(self.game, **self.options)
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


class SandboxedAgent:
    """An entrant of a finished tournament, playing in a sandbox of its own: ``agent(env) -> action`` for
    ``games.play``. Its sandbox starts at the first move and ends with ``close()`` (or when it is dropped)."""

    def __init__(self, entry, time_limit):
        self.entry, self.time_limit = entry, time_limit
        self.name = entry["name"]
        self._box = None
        self._finalizer = None
        self._moves = 0
        self._game_seed = new_seed()  # the draws of this agent, seeded as in a tournament

    def __call__(self, env):
        if self._box is None:
            self._box = sandbox.sandbox_for(self.entry)
            self._finalizer = weakref.finalize(self, self._box.stop)
        words = view_seed(self._game_seed, env.current_player, self._moves)
        self._moves += 1
        outcome, answer = self._box.move(env.player_view(seed=words), words, self.time_limit)
        if outcome == "move":
            return answer
        raise GamesError(tr(en="{name} lost this move: {why} ({detail}).",
                            ja="{name} はこの手で負けました: {why}（{detail}）",
                            name=self.name, why=forfeit_words(outcome), detail=answer))

    def close(self):
        """End the sandbox."""
        if self._finalizer is not None:
            self._finalizer()
        self._box = self._finalizer = None

    def __repr__(self):
        return f"<{self.name}: plays in a sandbox>"


__all__ = ["FORFEITS", "Forfeit", "GameRecord", "Referee", "SandboxedAgent", "Standings", "elo_intervals",
           "game_seed", "play_game", "tournament", "view_seed"]
