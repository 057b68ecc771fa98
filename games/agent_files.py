"""Agents as files: ``save_agent`` writes one file a student hands in, ``load_agent`` reads it.

>>> games.save_agent(my_agent, "aiko.agent", name="Aiko", game="connectfour")   # doctest: +SKIP
>>> agent = games.load_agent("aiko.agent", game="connectfour")                    # doctest: +SKIP

What a file can hold (a trained agent, a built-in agent, a function with its helpers) is in
``games.agent_kinds``; how a file another person made is read and checked before anything in it is
used, in ``games.agent_reading``. A function agent is code: it runs in the Python of whoever calls it
(in ``games.tournament``, in a sandbox of its own). Load the files of your class, not files from strangers.
"""

import datetime
import json
import os

import numpy as np

from . import agent_kinds
from .agent_reading import FORMAT, FORMAT_VERSION, NAME_LIMIT, SUFFIX, check_game, checksum, name_problem, read
from .errors import AgentFileError
from .messages import tr
from .version import __version__


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
    kind, payload, game, options = agent_kinds.describe(agent, game, options)
    header = {"format": FORMAT, "format_version": FORMAT_VERSION, "kind": kind, "name": name,
              "agent": agent_kinds.agent_name(agent), "game": game, "options": options,
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
                "右クリックして「ダウンロード」を選んでください。",
             agent=header["agent"], name=name, game=game, path=path))


def _author(name):
    if not isinstance(name, str) or not name.strip():
        raise AgentFileError(tr(en="Give your name: save_agent(agent, path, name=\"Aiko\"). You gave {name!r}.",
                                ja="名前を渡してください: save_agent(agent, path, name=\"あいこ\")。"
                                   "渡されたもの: {name!r}",
                                name=name))
    problem = name_problem(name.strip())
    if problem is not None:
        raise AgentFileError(tr(en="Your name {name!r} cannot be used: {problem}. A name is one line of at most "
                                   "{limit} characters.",
                                ja="名前 {name!r} は使えません: {problem}。名前は {limit} 文字までの 1 行です。",
                                name=name, problem=problem, limit=NAME_LIMIT))
    return name.strip()


def load_agent(path, game=None, **options):
    """The agent saved in ``path`` by ``save_agent``, ready to play.

    With ``game`` (and options), a file saved for another game or other options is refused.
    Loading runs none of the file's code: a function agent's file holds only imports, constants
    and ``def``s (checked before it is read in); its code runs when it plays. In
    ``games.tournament`` it plays in a sandbox of its own, apart from this notebook.
    The agent's ``name`` is its author's name; ``agent.agent_file`` is the file's header.
    """
    header, payload = read(path)
    if game is not None:
        check_game(header, game, options, str(path))
    kind = header["kind"]
    if kind == "code":
        print(tr(en="{path}: {agent}, written by {name} ({date}). It is Python code by {name}: it runs here when "
                    "you call it; in games.tournament it plays in a sandbox of its own.",
                 ja="{path}: {name}さんが書いた {agent}（{date}）。これは {name}さんの Python のコードで、"
                    "呼び出すとここで動きます。games.tournament では、ほかから切り離された場所"
                    "（サンドボックス）で動きます。",
                 path=path, agent=header["agent"], name=header["name"], date=header["date"]))
    where = f"<{header['name']}: {header['agent']}>" if kind == "code" else str(path)
    agent = agent_kinds.build(kind, payload, where)
    agent.name = header["name"]
    agent.agent_file = header
    agent.agent_payload = payload  # what a tournament hands to the entrant's sandbox
    return agent


def load_agents(folder, game=None, **options):
    """``{name: agent}`` of every ``.agent`` file in ``folder`` (sorted by file name).

    A file that cannot be loaded (damaged, too big, another game, not what ``save_agent`` writes...)
    is left out, and a line names it and says why: one bad file does not stop the tournament.
    Two files with the same name get "(2)" added.
    """
    folder = str(folder)
    if not os.path.isdir(folder):
        raise AgentFileError(tr(en="There is no folder {folder}.", ja="フォルダー {folder} がありません。",
                                folder=folder))
    agents = {}
    for filename in sorted(os.listdir(folder)):
        if not filename.endswith(SUFFIX):
            continue
        path = os.path.join(folder, filename)
        try:
            agent = load_agent(path, game, **options)
        except AgentFileError as error:
            print(tr(en="Left out: {error}", ja="除外: {error}", error=error))
            continue
        except Exception as error:  # noqa: BLE001 - whatever else goes wrong, only this file is left out
            print(tr(en="Left out: {path} could not be loaded ({error}).",
                     ja="除外: {path} を読み込めませんでした（{error}）。",
                     path=path, error=f"{type(error).__name__}: {str(error)[:200]}"))
            continue
        name, count = agent.name, 2
        while name in agents:
            name, count = f"{agent.name} ({count})", count + 1
        agent.name = name
        agents[name] = agent
    return agents


__all__ = ["FORMAT", "FORMAT_VERSION", "SUFFIX", "check_game", "checksum", "load_agent", "load_agents", "read",
           "save_agent"]
