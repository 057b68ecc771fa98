"""Agents as files: ``save_agent`` writes one file a student hands in, ``load_agent`` reads it.

>>> games.save_agent(my_agent, "aiko.agent", name="Aiko", game="connectfour")   # doctest: +SKIP
>>> agent = games.load_agent("aiko.agent", game="connectfour")                    # doctest: +SKIP

Three kinds of agent travel this way, each as little as it needs:

- a **trained** agent (a ``games.dqn`` learner: ``DQNAgent``, ``AfterstateAgent``, any kind
  in ``games.dqn.learner.KINDS``): the ``.npz`` file its own ``agent.save`` writes (its
  kind, game, seed and settings as JSON text, and its weights as arrays);
- a **built-in** agent of ``games.agents`` (``one_step_agent``, ``AlphaBetaAgent(depth=4)``):
  its name and its settings;
- a **function** a student wrote, ``agent(env) -> action``: its source, with the helpers
  and constants it uses (``games.code_agents``).

The file (``.agent``) is a numpy ``.npz`` (a zip) of two entries: ``header``, JSON text
(the format, the kind, the author's name, the agent's name, the game and its options, the
date, the version of ``games``, and a SHA-256 checksum), and ``payload``, the bytes above.
It is read with ``np.load(allow_pickle=False)``: reading runs no code. The checksum covers
the header and the payload, so a damaged, cut-short or hand-edited file is refused before
anything in it is used. (A checksum catches accidents, not a cheat who writes a new one: a
function agent is code, and it runs in the browser of whoever loads it, with what that
browser tab can do. Load the files of your class, not files from strangers.)
"""

import datetime
import hashlib
import importlib
import inspect
import json
import os
import sys
import tempfile
import types

import numpy as np

from . import __version__, code_agents
from .envs import list_games, make
from .errors import AgentFileError
from .messages import tr

FORMAT = "game-ai-lab agent"
FORMAT_VERSION = 1
SUFFIX = ".agent"
KINDS = ("trained", "builtin", "code")  #: the kinds of agent a file can hold


# ---------------------------------------------------------------- saving
def save_agent(agent, path, name=None, game=None, options=None):
    """Write ``agent`` to the file ``path`` (``.agent`` is added if missing).

    - ``agent``: your function ``agent(env) -> action``, a built-in agent of ``games.agents``,
      or a trained agent of ``games.dqn``.
    - ``name``: your name (the standings of a tournament show it).
    - ``game``: the game it plays, such as ``"connectfour"`` (a trained agent knows its own).
    - ``options``: the game's options, such as ``{"size": 8}`` (the same: a trained agent knows).

    A function is saved with the helpers and constants it uses. If it uses something that
    cannot go into a file (a variable holding a board, an object...), nothing is written and
    the error says what.
    """
    name = _author(name)
    kind, payload, game, options = _describe(agent, game, options)
    header = {"format": FORMAT, "format_version": FORMAT_VERSION, "kind": kind, "name": name,
              "agent": _agent_name(agent), "game": game, "options": options,
              "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
              "games_version": __version__}
    header["sha256"] = checksum(header, payload)
    path = str(path)
    if not path.endswith(SUFFIX):
        path += SUFFIX
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "wb") as file:  # a file object: np.savez adds no ".npz" to its name
        np.savez(file, header=np.array(json.dumps(header, ensure_ascii=False)),
                 payload=np.frombuffer(payload, dtype=np.uint8))
    print(tr(en="Saved {agent} by {name} ({game}) to {path}. To hand it in: right-click it in the file list, "
                "then Download.",
             ja="{name}さんの {agent}（{game}）を {path} に保存しました。提出するには、ファイル一覧でこのファイルを"
                "右クリックして「Download」を選んでください。",
             agent=header["agent"], name=name, game=game, path=path))


def checksum(header, payload):
    """The SHA-256 of the header (without its own checksum) and the payload, as hex text."""
    fields = {key: value for key, value in header.items() if key != "sha256"}
    text = json.dumps(fields, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode() + b"\n" + bytes(payload)).hexdigest()


def _author(name):
    if not isinstance(name, str) or not name.strip():
        raise AgentFileError(tr(en="Give your name: save_agent(agent, path, name=\"Aiko\"). You gave {name!r}.",
                                ja="名前を渡してください: save_agent(agent, path, name=\"あいこ\")。"
                                   "渡されたもの: {name!r}",
                                name=name))
    return name.strip()[:40]


def _agent_name(agent):
    from .arena import agent_name
    return agent_name(agent)


def _learner_class():
    """``games.dqn.learner.Learner`` if the learning code is loaded (else no agent can be one)."""
    module = sys.modules.get("games.dqn.learner")
    return module.Learner if module else None


def _describe(agent, game, options):
    """``(kind, payload bytes, game, options)`` of an agent to save."""
    learner = _learner_class()
    if learner is not None and isinstance(agent, learner):
        game, options = _same_game(agent.game, dict(getattr(agent.config, "options", {})), game, options)
        with tempfile.TemporaryDirectory() as folder:  # the agent's own format, as agent.save writes it
            path = os.path.join(folder, "agent.npz")
            agent.save(path)
            with open(path, "rb") as file:
                return "trained", file.read(), game, options
    builtin = _builtin_path(agent)
    if builtin is not None:
        module = builtin.rpartition(".")[0]
        own_game = module.rpartition(".")[2] if module.rpartition(".")[2] in list_games() else None
        game, options = _same_game(own_game, None, game, options)
        saved = {"path": builtin, "settings": _builtin_settings(agent)}
        return "builtin", json.dumps(saved).encode(), game, options
    if isinstance(agent, types.FunctionType):
        game, options = _same_game(None, None, game, options)
        return "code", json.dumps(code_agents.gather(agent)).encode(), game, options
    raise AgentFileError(tr(
        en="save_agent saves a function agent(env) -> action, a built-in agent of games.agents, or a trained "
           "agent of games.dqn; you gave a {kind}.",
        ja="save_agent が保存できるのは、関数 agent(env) -> 行動、games.agents の組み込みエージェント、"
           "games.dqn で学習したエージェントです。渡されたもの: {kind}",
        kind=type(agent).__name__))


def _same_game(own_game, own_options, game, options):
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


# ---------------------------------------------------------------- loading
def load_agent(path, game=None, **options):
    """The agent saved in ``path`` by ``save_agent``, ready to play.

    With ``game`` (and options), a file saved for another game or other options is refused.
    A function agent is code: loading one says who wrote it; it runs when it plays.
    The agent's ``name`` is its author's name; ``agent.agent_file`` is the file's header.
    """
    header, payload = read(path)
    if game is not None:
        check_game(header, game, options, str(path))
    kind = header["kind"]
    if kind == "trained":
        agent = _load_trained(payload, str(path))
    elif kind == "builtin":
        agent = _load_builtin(payload, str(path))
    else:
        print(tr(en="{path}: {agent}, written by {name} ({date}). It is Python code by {name}: it runs here, "
                    "in this browser, when it plays.",
                 ja="{path}: {name}さんが書いた {agent}（{date}）。これは {name}さんの Python のコードで、"
                    "対局するときにこのブラウザーの中で動きます。",
                 path=path, agent=header["agent"], name=header["name"], date=header["date"]))
        agent = code_agents.rebuild(json.loads(payload.decode()), filename=f"<{header['name']}: {header['agent']}>")
    agent.name = header["name"]
    agent.agent_file = header
    return agent


def load_agents(folder, game=None, **options):
    """``{name: agent}`` of every ``.agent`` file in ``folder`` (sorted by file name).

    A file that cannot be loaded (damaged, another game...) is left out, and a line says why:
    one bad file does not stop the tournament. Two files with the same name get "(2)" added.
    """
    folder = str(folder)
    if not os.path.isdir(folder):
        raise AgentFileError(tr(en="There is no folder {folder}.", ja="フォルダー {folder} がありません。",
                                folder=folder))
    agents = {}
    for filename in sorted(os.listdir(folder)):
        if not filename.endswith(SUFFIX):
            continue
        try:
            agent = load_agent(os.path.join(folder, filename), game, **options)
        except AgentFileError as error:
            print(tr(en="Left out: {error}", ja="除外: {error}", error=error))
            continue
        name, count = agent.name, 2
        while name in agents:
            name, count = f"{agent.name} ({count})", count + 1
        agent.name = name
        agents[name] = agent
    return agents


def read(path):
    """``(header, payload bytes)`` of an agent file, checked (format, checksum); nothing in it is run."""
    path = str(path)
    if not os.path.isfile(path):
        raise AgentFileError(tr(en="There is no file {path}.", ja="ファイル {path} がありません。", path=path))
    try:
        with np.load(path, allow_pickle=False) as saved:
            entries = dict(saved) if hasattr(saved, "files") else {}
    except Exception:  # noqa: BLE001 - whatever the bytes are, the answer is the same: not a readable agent file
        entries = None
    if entries is None or "header" not in entries or "payload" not in entries:
        also = ""
        if entries and "about" in entries:
            also = tr(en=" (It is a file of agent.save: read it with games.dqn.load.)",
                      ja="（agent.save で保存したファイルです。games.dqn.load で読み込んでください。）")
        raise AgentFileError(tr(
            en="{path} is not a whole agent file: it may be cut short, damaged, or another kind of file. "
               "Save the agent again with games.save_agent and hand in the new file.{also}",
            ja="{path} は完全なエージェントファイルではありません。途中で切れているか、壊れているか、別の種類の"
               "ファイルです。games.save_agent でもう一度保存して、新しいファイルを提出してください。{also}",
            path=path, also=also))
    try:
        header = json.loads(str(entries["header"]))
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT or header.get("kind") not in KINDS:
        raise AgentFileError(tr(en="{path} is not an agent file of games.save_agent.",
                                ja="{path} は games.save_agent のエージェントファイルではありません。", path=path))
    if header.get("format_version", 0) > FORMAT_VERSION:
        raise AgentFileError(tr(en="{path} was saved by a newer version of games ({version}).",
                                ja="{path} は新しいバージョンの games（{version}）で保存されました。",
                                path=path, version=header.get("games_version")))
    payload = entries["payload"].tobytes()
    if header.get("sha256") != checksum(header, payload):
        raise AgentFileError(tr(
            en="{path} has been changed or damaged since it was saved (its checksum does not match): nothing in "
               "it was used. Ask its author to save it again with games.save_agent.",
            ja="{path} は保存されたあとで変更されたか壊れています（チェックサムが合いません）。中身は何も使って"
               "いません。作者に games.save_agent でもう一度保存してもらってください。", path=path))
    return header, payload


def check_game(header, game, options, where):
    """Refuse an agent saved for another game, or for other options of the game."""
    if header["game"] != game:
        raise AgentFileError(tr(en="{where} plays {saved}, not {game}.",
                                ja="{where} は {game} ではなく {saved} 用です。",
                                where=where, saved=header["game"], game=game))
    if header["options"] != json.loads(json.dumps(dict(options))):
        raise AgentFileError(tr(
            en="{where} was saved for {game} with the options {saved}, not {given}.",
            ja="{where} は {game} のオプション {saved} 用に保存されました（{given} ではありません）。",
            where=where, game=game, saved=header["options"] or "{}", given=dict(options) or "{}"))


def _load_trained(payload, path):
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
                path=path, kind=error, kinds=", ".join(dqn.learner.KINDS))) from None


class BuiltinAgent:
    """A built-in agent loaded from a file, under its author's name (the built-in itself is not renamed)."""

    def __init__(self, agent):
        self.agent = agent
        self.name = getattr(agent, "name", getattr(agent, "__name__", "builtin"))

    def __call__(self, env):
        return self.agent(env)

    def __getattr__(self, attribute):  # q_values, depth, ...: those of the built-in agent
        return getattr(self.__dict__["agent"], attribute)


def _load_builtin(payload, path):
    saved = json.loads(payload.decode())
    module_name, _, attribute = saved["path"].rpartition(".")
    if not module_name.startswith("games.agents."):
        raise AgentFileError(tr(en="{path} names no built-in agent.",
                                ja="{path} は組み込みエージェントではありません。",
                                path=path))
    try:
        target = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError):
        raise AgentFileError(tr(en="{path}: this version of games has no agent {agent}.",
                                ja="{path}: このバージョンの games にはエージェント {agent} がありません。",
                                path=path, agent=saved["path"])) from None
    return BuiltinAgent(target if saved["settings"] is None else target(**saved["settings"]))


__all__ = ["BuiltinAgent", "check_game", "checksum", "load_agent", "load_agents", "read", "save_agent"]
