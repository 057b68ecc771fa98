"""``games.play``: play a game by clicking on its board in the notebook, against your AI.

- ``controllers/``: each game's view and events, in plain Python (no widget code), one module a game;
- ``widget.py``: the anywidget that shows the view and sends the clicks back;
- ``board.js``, ``board.css``: the drawing and the mouse, touch and keyboard handling;
- ``loader.py``: finds the widget library (in the site: loads it on first use).
"""

from ..envs import game_class, make
from ..envs.values import choice_option
from ..errors import BadOptionError
from ..messages import tr
from ..arena import agent_name


def play(game, opponent=None, *, show_q=False, first="you", seed=None, **options):
    """Show ``game``'s board in the notebook and play it by clicking; the opponent answers.

    - ``game``: a name of ``games.list_games()``.
    - ``opponent``: for the two-player games (tictactoe, connectfour, othello), the agent that
      answers your moves: any ``agent(env) -> action``, such as
      ``games.agents.tictactoe.minimax_agent`` or a trained ``dqn.DQNAgent``. Without one,
      two people play each other on the same board. One-player games (minesweeper,
      puyopuyo) take none.
    - ``show_q``: ``True`` colours each square (or column) you may play by the opponent's
      Q-value (red low, green high; the value is written in the corner). An agent instead of
      ``True`` shows that agent's Q-values; in a one-player game this is how to see your
      trained agent's view, and an "AI's move" button lets it play a move. The agent needs a
      ``q_values(env)`` method (``dqn.DQNAgent`` and ``dqn.AfterstateAgent`` have one).
    - ``first``: ``"you"`` (you move first) or ``"ai"`` (the opponent moves first).
    - ``seed``: the seed of the first game (the same seed, the same mines or puyo pairs).
    - other options go to ``games.make``, such as ``size=8`` for Othello or
      ``rows=5, cols=5, mines=2`` for Minesweeper. Without any, a trained agent's game is
      played on the board it learnt on (``agent.config.options``).

    Click a square (or a column) to play. Minesweeper: click to open a cell; right-click,
    a long press (touch screens), F or the "Flag mode" button to put a flag. Puyo Puyo: ◀ ▶
    move the pair, ⟲ rotates it, "Drop" drops it (or click a column to move the pair there).
    Keyboard: click the board (or Tab to it), then arrows choose, Enter or Space plays.
    An illegal click changes nothing and shows the same message as ``env.step``.
    "New game" starts again; the result is shown at the end.

    Returns the widget; ``widget.env`` is the game being played.

    Examples::

        games.play("tictactoe", games.agents.tictactoe.minimax_agent)
        games.play("connectfour", agent, show_q=True, first="ai")   # agent: a trained DQNAgent
        games.play("minesweeper", rows=9, cols=9, mines=10)
        games.play("puyopuyo", show_q=agent, seed=0)                   # agent: an AfterstateAgent
    """
    klass = game_class(game)  # an unknown game: the same message as games.make
    two_players = klass.num_players == 2
    first = choice_option("first", first, ("you", "ai"), means=tr(
        en="who moves first", ja="どちらが先に打つか"))
    _check_opponent(game, opponent, two_players, first)
    q_agent = _q_agent(game, opponent, show_q)
    if "play_as" in options:
        raise BadOptionError(tr(
            en="games.play takes first='you' or first='ai' instead of play_as.",
            ja="games.play では play_as のかわりに first='you' か first='ai' を指定してください。"))
    for agent in (opponent, q_agent):
        _check_agent_game(game, agent)
    if not options:
        options = _learnt_options(game, opponent) or _learnt_options(game, q_agent) or {}
    env = make(game, **options)
    for agent in {id(a): a for a in (opponent, q_agent) if callable(getattr(a, "q_values", None))}.values():
        _check_q_values(agent, env)
    from .controllers import CONTROLLERS  # here: each game's controller imports its engine; a lesson may never play
    controller = CONTROLLERS[game](env, opponent=opponent, q_agent=q_agent, first=first, seed=seed)
    from .loader import widget_class  # the widget library is loaded only now
    return widget_class()(controller)


def _check_opponent(game, opponent, two_players, first):
    if opponent is not None and not two_players:
        raise BadOptionError(tr(
            en="{game} is a one-player game: it takes no opponent. To see an agent's Q-values "
               "while you play, use show_q=agent.",
            ja="{game} は一人用のゲームなので、opponent（相手）は指定できません。プレイ中にエージェントの "
               "Q 値を見るには show_q=agent を使ってください。", game=game))
    if opponent is not None and not callable(opponent):
        raise BadOptionError(tr(
            en="opponent must be an agent: a function agent(env) -> action, such as "
               "games.agents.random_agent. You gave {value!r}.",
            ja="opponent には agent(env) -> 行動 の形の関数（エージェント）を渡してください"
               "（例: games.agents.random_agent）。渡されたもの: {value!r}", value=opponent))
    if first == "ai" and opponent is None:
        raise BadOptionError(tr(
            en="first='ai' needs an opponent: games.play({game!r}, agent, first='ai').",
            ja="first='ai' には相手が必要です: games.play({game!r}, agent, first='ai')", game=game))


def _q_agent(game, opponent, show_q):
    """The agent whose Q-values are shown, or None."""
    if show_q is False or show_q is None:
        return None
    if show_q is True:
        if opponent is None:
            raise BadOptionError(tr(
                en="show_q=True shows the opponent's Q-values, but there is no opponent. Give the "
                   "agent itself: games.play({game!r}, show_q=agent).",
                ja="show_q=True は相手の Q 値を表示しますが、相手がいません。エージェントを直接渡して"
                   "ください: games.play({game!r}, show_q=agent)", game=game))
        agent = opponent
    elif callable(show_q) or hasattr(show_q, "q_values"):
        agent = show_q
    else:
        raise BadOptionError(tr(
            en="show_q must be True, False or an agent with Q-values; you gave {value!r}.",
            ja="show_q には True、False、または Q 値のあるエージェントを指定してください。渡された値: {value!r}",
            value=show_q))
    if not callable(getattr(agent, "q_values", None)):
        raise BadOptionError(tr(
            en="show_q needs an agent with Q-values (a q_values(env) method), such as a trained "
               "dqn.DQNAgent; {name} has none.",
            ja="show_q には Q 値を出せるエージェント（q_values(env) メソッドがあるもの。学習した "
               "dqn.DQNAgent など）が必要です。{name} にはありません。", name=agent_name(agent)))
    return agent


def _check_agent_game(game, agent):
    learnt = getattr(agent, "game", None)
    if isinstance(learnt, str) and learnt != game and agent is not None:
        raise BadOptionError(tr(
            en="This agent learnt {learnt}: it cannot play {game}.",
            ja="このエージェントが学習したのは {learnt} なので、{game} はプレイできません。",
            learnt=learnt, game=game))


def _learnt_options(game, agent):
    """The options of the board a trained agent learnt on (``agent.config.options``), if any."""
    options = getattr(getattr(agent, "config", None), "options", None)
    if isinstance(options, dict) and getattr(agent, "game", None) == game:
        return dict(options)
    return None


def _check_q_values(agent, env):
    """Ask for the Q-values once now, so that an agent that cannot read this board says so here."""
    try:
        agent.q_values(env.clone())
    except BadOptionError:
        raise
    except Exception as error:  # noqa: BLE001 - e.g. a network made for another board size
        raise BadOptionError(tr(
            en="{name} cannot read this board ({kind}: {error}). Play on the "
               "board it learnt on: leave out the game's options, or give the same ones.",
            ja="{name} はこの盤を読めません（{kind}: {error}）。学習した盤で遊んで"
               "ください。ゲームのオプションを書かないか、学習と同じものを渡します。",
            name=agent_name(agent), kind=type(error).__name__, error=error)) from None


__all__ = ["play"]
