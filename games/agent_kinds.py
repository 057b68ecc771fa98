"""The three kinds of agent a file can hold, each as little as it needs: ``describe`` turns an agent into
``(kind, payload bytes)``, ``build`` turns them back into an agent.

- a **trained** agent (a ``games.dqn`` learner: ``DQNAgent``, ``AfterstateAgent``, any kind in
  ``games.dqn.learner.KINDS``): the ``.npz`` file its own ``agent.save`` writes (its kind, game,
  seed and settings as JSON text, and its weights as arrays);
- a **built-in** agent of ``games.agents`` (``one_step_agent``, ``AlphaBetaAgent(depth=4)``): its
  name and its settings, from an allow-list (``BUILTINS``);
- a **function** a student wrote, ``agent(env) -> action``: its source, with the helpers and
  constants it uses (``games.code_agents``).

``build`` trusts its payload to have been checked (``agent_reading``); it is what an entrant's sandbox
runs, and what ``games.load_agent`` runs after reading a file.
"""

import importlib
import inspect
import json
import os
import sys
import tempfile
import types

from . import code_agents
from .envs import list_games, make
from .errors import AgentFileError
from .messages import tr

KINDS = ("trained", "builtin", "code")  #: the kinds of agent a file can hold

#: The built-in agents a file may name, with each setting's type and range (a file saying
#: ``AlphaBetaAgent(depth=60)`` would never answer): ``{path: {setting: (type, low, high)}}``.
BUILTINS = {
    "games.agents.random_agent.random_agent": None,
    "games.agents.tictactoe.minimax_agent": None,
    "games.agents.connectfour.one_step_agent": None,
    "games.agents.connectfour.AlphaBetaAgent": {"depth": (int, 1, 8), "max_nodes": (int, 1, 1_000_000)},
    "games.agents.othello.classic_opponent": None,
    "games.agents.othello.greedy_agent": None,
    "games.agents.othello.AlphaBetaAgent": {"depth": (int, 1, 6), "mobility": (float, 0, 1000)},
    "games.agents.minesweeper.solver_agent": None,
    "games.agents.minesweeper.MinesweeperSolver": {"limit": (int, 1, 1_000_000), "candidates": (int, 1, 100),
                                                   "tolerance": (float, 0, 1), "next_risk": (float, 0, 1)},
    "games.agents.puyopuyo.ChainBuilder": {"depth": (int, 1, 3), "potential_weight": (float, -1e6, 1e6),
                                           "connection": (float, -1e6, 1e6), "height": (float, -1e6, 1e6),
                                           "danger": (float, -1e6, 1e6), "beam": (int, 1, 64),
                                           "relaxed": (int, 0, 100), "full": (int, 0, 100)},
}


# ---------------------------------------------------------------- an agent -> kind and payload
def describe(agent, game, options):
    """``(kind, payload bytes, game, options)`` of an agent to save: an ``AgentFileError`` says why one
    cannot be."""
    learner = _learner_class()
    if learner is not None and isinstance(agent, learner):
        game, options = same_game(agent.game, dict(getattr(agent.config, "options", {})), game, options)
        with tempfile.TemporaryDirectory() as folder:  # the agent's own format, as agent.save writes it
            path = os.path.join(folder, "agent.npz")
            agent.save(path)
            with open(path, "rb") as file:
                return "trained", file.read(), game, options
    builtin = _builtin_path(agent)
    if builtin is not None:
        module = builtin.rpartition(".")[0]
        own_game = module.rpartition(".")[2] if module.rpartition(".")[2] in list_games() else None
        game, options = same_game(own_game, None, game, options)
        saved = {"path": builtin, "settings": _builtin_settings(agent)}
        builtin_settings(saved, agent_name(agent))  # refused now, not when the teacher loads it
        return "builtin", json.dumps(saved).encode(), game, options
    if isinstance(agent, types.FunctionType):
        game, options = same_game(None, None, game, options)
        return "code", json.dumps(code_agents.gather(agent)).encode(), game, options
    raise AgentFileError(tr(
        en="save_agent saves a function agent(env) -> action, a built-in agent of games.agents, or a trained "
           "agent of games.dqn; you gave a {kind}.",
        ja="save_agent が保存できるのは、関数 agent(env) -> 行動、games.agents の組み込みエージェント、"
           "games.dqn で学習したエージェントです。渡されたもの: {kind}",
        kind=type(agent).__name__))


def agent_name(agent):
    from .arena import agent_name as name_of
    return name_of(agent)


def _learner_class():
    """``games.dqn.learner.Learner`` if the learning code is loaded (else no agent can be one)."""
    module = sys.modules.get("games.dqn.learner")
    return module.Learner if module else None


def same_game(own_game, own_options, game, options):
    """The game and options to record: the agent's own, which ``game=`` / ``options=`` may not contradict."""
    if own_game is not None and game is not None and game != own_game:
        raise AgentFileError(tr(en="This agent plays {own}, not {game}.",
                                ja="このエージェントは {game} ではなく {own} 用です。",
                                own=own_game, game=game))
    if own_options is not None and options is not None and dict(options) != own_options:
        raise AgentFileError(tr(en="This agent learnt with the options {own}, not {given}.",
                                ja="このエージェントはオプション {own} で学習しました（{given} ではありません）。",
                                own=own_options, given=dict(options)))
    game = own_game if game is None else game
    if game not in list_games():
        raise AgentFileError(tr(en="Say which game it plays: game= one of {games}. You gave {game!r}.",
                                ja="どのゲーム用か game= で指定してください（{games} のどれか）。"
                                   "渡されたもの: {game!r}",
                                games=", ".join(list_games()), game=game))
    options = dict(own_options if options is None and own_options is not None else options or {})
    make(game, **options)  # unknown or wrong options: the usual clear error of games.make
    try:
        options = json.loads(json.dumps(options))
    except TypeError:
        raise AgentFileError(tr(en="options must be numbers or text: {options!r}",
                                ja="options は数か文字列にしてください: {options!r}", options=options)) from None
    return game, options


def _builtin_path(agent):
    """``"games.agents.connectfour.one_step_agent"`` for a built-in agent (or its class), else None."""
    target = agent if isinstance(agent, types.FunctionType) else type(agent)
    module, name = getattr(target, "__module__", ""), getattr(target, "__qualname__", "")
    if not module.startswith("games.agents.") or "." in name:
        return None
    return f"{module}.{name}"


def _builtin_settings(agent):
    """A built-in agent object's settings, ``{parameter of __init__: value}`` (None for a function)."""
    if isinstance(agent, types.FunctionType):
        return None
    settings = {}
    for parameter in list(inspect.signature(type(agent)).parameters):
        value = getattr(agent, parameter, None)
        if not code_agents.is_constant(value):
            raise AgentFileError(tr(en="The setting {p} of {agent} cannot be saved.",
                                    ja="{agent} の設定 {p} は保存できません。",
                                    p=parameter, agent=type(agent).__name__))
        settings[parameter] = value
    return settings


def builtin_settings(saved, where):
    """``(path, settings)`` of a built-in entry, checked against ``BUILTINS``; an ``AgentFileError`` otherwise."""
    path = saved.get("path") if isinstance(saved, dict) else None
    settings = saved.get("settings") if isinstance(saved, dict) else None
    if path not in BUILTINS:
        raise AgentFileError(tr(en="{where} names no built-in agent this version of games knows: {path}.",
                                ja="{where} は、このバージョンの games が知っている組み込みエージェントではありません: "
                                   "{path}",
                                where=where, path=str(path)[:100]))
    allowed = BUILTINS[path]
    if settings is None:
        return path, None
    if allowed is None or not isinstance(settings, dict):
        raise AgentFileError(tr(en="{where}: {path} takes no settings like {settings}.",
                                ja="{where}: {path} には {settings} のような設定はありません。",
                                where=where, path=path, settings=str(settings)[:100]))
    for key, value in settings.items():
        kind, low, high = allowed.get(key, (None, 0, 0))
        number = type(value) in ((int,) if kind is int else (int, float))
        if kind is None or not number or not low <= value <= high:
            raise AgentFileError(tr(
                en="{where}: the setting {key}={value} of {path} is not allowed (allowed: {allowed}).",
                ja="{where}: {path} の設定 {key}={value} は使えません（使えるもの: {allowed}）。",
                where=where, key=str(key)[:40], value=str(value)[:40], path=path,
                allowed=", ".join(f"{k} {lo}–{hi}" for k, (_, lo, hi) in allowed.items())))
    return path, settings


# ---------------------------------------------------------------- kind and payload -> an agent
def build(kind, payload, where):
    """The agent of ``kind`` made from ``payload`` (checked before: ``agent_reading``); ``where`` names it in
    errors and tracebacks."""
    if kind == "trained":
        return _build_trained(payload, where)
    if kind == "builtin":
        return _build_builtin(payload, where)
    return code_agents.rebuild(json.loads(payload.decode()), filename=where)


def _build_trained(payload, where):
    from . import dqn
    with tempfile.TemporaryDirectory() as folder:  # the agent's own loader reads its own format
        file = os.path.join(folder, "agent.npz")
        with open(file, "wb") as out:
            out.write(payload)
        try:
            return dqn.load(file)
        except KeyError as error:
            raise AgentFileError(tr(
                en="{path} holds a kind of trained agent this version of games does not know ({kind}): {kinds}.",
                ja="{path} には、このバージョンの games が知らない種類の学習エージェント（{kind}）が"
                   "入っています: {kinds}",
                path=where, kind=error, kinds=", ".join(dqn.learner.KINDS))) from None


class BuiltinAgent:
    """A built-in agent loaded from a file, under its author's name (the built-in itself is not renamed)."""

    def __init__(self, agent):
        self.agent = agent
        self.name = getattr(agent, "name", getattr(agent, "__name__", "builtin"))

    def __call__(self, env):
        return self.agent(env)

    def __getattr__(self, attribute):  # q_values, depth, ...: those of the built-in agent
        return getattr(self.__dict__["agent"], attribute)


def _build_builtin(payload, where):
    module_name, settings = builtin_settings(json.loads(payload.decode()), where)
    module_name, _, attribute = module_name.rpartition(".")
    target = getattr(importlib.import_module(module_name), attribute)
    return BuiltinAgent(target if settings is None else target(**settings))


__all__ = ["BUILTINS", "BuiltinAgent", "KINDS", "agent_name", "build", "builtin_settings", "describe", "same_game"]
