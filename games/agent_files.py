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
                "右クリックして「ダウンロード」を選んでください。",
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
    problem = name_problem(name.strip())
    if problem is not None:
        raise AgentFileError(tr(en="Your name {name!r} cannot be used: {problem}. A name is one line of at most "
                                   "{limit} characters.",
                                ja="名前 {name!r} は使えません: {problem}。名前は {limit} 文字までの 1 行です。",
                                name=name, problem=problem, limit=NAME_LIMIT))
    return name.strip()


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
        builtin_settings(saved, _agent_name(agent))  # refused now, not when the teacher loads it
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
    Loading runs none of the file's code: a function agent's file holds only imports, constants
    and ``def``s (checked before it is read in); its code runs when it plays. In
    ``games.tournament`` it plays in a sandbox of its own, apart from this notebook.
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
        print(tr(en="{path}: {agent}, written by {name} ({date}). It is Python code by {name}: it runs here when "
                    "you call it; in games.tournament it plays in a sandbox of its own.",
                 ja="{path}: {name}さんが書いた {agent}（{date}）。これは {name}さんの Python のコードで、"
                    "呼び出すとここで動きます。games.tournament では、ほかから切り離された場所"
                    "（サンドボックス）で動きます。",
                 path=path, agent=header["agent"], name=header["name"], date=header["date"]))
        agent = code_agents.rebuild(json.loads(payload.decode()), filename=f"<{header['name']}: {header['agent']}>")
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


MAX_FILE_BYTES = 16 << 20  #: a whole agent file (a trained agent of the course is well under 1 MB)
MAX_HEADER_BYTES = 256 << 10  #: the header member (JSON text, stored as 4 bytes a character)
MAX_RATIO = 20  #: a member may inflate to at most this many times its stored bytes (np.savez stores, 1:1)
MAX_MEMBERS = 64  #: members of a trained agent's own zip (its settings and weight arrays)
NAME_LIMIT = 40  #: characters of an author's name


def _unzipped(data, where, allowed, caps):
    """``{member name: bytes}`` of the zip ``data``, each member checked before it is inflated.

    ``allowed(name)`` says which member names may be there (all of ``required`` must be);
    ``caps(name)`` is a member's largest inflated size. A member that says it is bigger, or inflates
    more than ``MAX_RATIO`` times, or is not what it says, refuses the whole file.
    """
    import io
    import zipfile
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError, OSError):
        raise _not_whole(where) from None
    names = [member.filename for member in members]
    if len(members) > MAX_MEMBERS or len(set(names)) < len(names) or not all(allowed(n) for n in names):
        raise _not_whole(where)
    unpacked = {}
    for member in members:
        cap = caps(member.filename)
        if member.file_size > cap or member.file_size > MAX_RATIO * member.compress_size + 1024:
            raise AgentFileError(tr(
                en="{path} is refused: a part of it would take {mb:.0f} MB unpacked (more than an agent file holds).",
                ja="{path} は読み込みません。中身の一部が展開すると {mb:.0f} MB になります（エージェントファイルには"
                   "大きすぎます）。",
                path=where, mb=member.file_size / 2 ** 20))
        try:
            with archive.open(member) as stream:
                unpacked[member.filename] = stream.read(member.file_size + 1)  # never more than it said
        except (zipfile.BadZipFile, ValueError, EOFError, OSError, NotImplementedError, RuntimeError):
            raise _not_whole(where) from None
        if len(unpacked[member.filename]) != member.file_size:
            raise _not_whole(where)
    return unpacked


def _array(data, where, kind, shape_length):
    """The ``.npy`` bytes ``data`` as an array of the dtype kind ``kind`` ("U" text, "u" bytes) with
    ``shape_length`` dimensions; nothing else (no pickled objects) is read."""
    import io
    try:
        stream = io.BytesIO(data)
        version = np.lib.format.read_magic(stream)
        read_header = {(1, 0): np.lib.format.read_array_header_1_0,
                       (2, 0): np.lib.format.read_array_header_2_0}[version]
        shape, _, dtype = read_header(stream)
        if dtype.kind != kind or len(shape) != shape_length or dtype.hasobject:
            raise ValueError("not the expected array")
        stream.seek(0)
        return np.lib.format.read_array(stream, allow_pickle=False)
    except (ValueError, OSError, EOFError, TypeError, SyntaxError, MemoryError, KeyError):
        raise _not_whole(where) from None


def _not_whole(path, also=""):
    return AgentFileError(tr(
        en="{path} is not a whole agent file: it may be cut short, damaged, or another kind of file. "
           "Save the agent again with games.save_agent and hand in the new file.{also}",
        ja="{path} は完全なエージェントファイルではありません。途中で切れているか、壊れているか、別の種類の"
           "ファイルです。games.save_agent でもう一度保存して、新しいファイルを提出してください。{also}",
        path=path, also=also))


def read(path):
    """``(header, payload bytes)`` of an agent file, checked (sizes, format, header, checksum, payload);
    nothing in it is run."""
    path = str(path)
    if not os.path.isfile(path):
        raise AgentFileError(tr(en="There is no file {path}.", ja="ファイル {path} がありません。", path=path))
    if os.path.getsize(path) > MAX_FILE_BYTES:
        raise AgentFileError(tr(en="{path} is refused: {mb:.0f} MB is more than an agent file holds ({limit} MB).",
                                ja="{path} は読み込みません。{mb:.0f} MB はエージェントファイルには大きすぎます"
                                   "（{limit} MB まで）。",
                                path=path, mb=os.path.getsize(path) / 2 ** 20, limit=MAX_FILE_BYTES >> 20))
    with open(path, "rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    also = ""
    if data[:2] == b"PK" and b"about.npy" in data[:4096] and b"header.npy" not in data:
        also = tr(en=" (It is a file of agent.save: read it with games.dqn.load.)",
                  ja="（agent.save で保存したファイルです。games.dqn.load で読み込んでください。）")
    try:
        members = _unzipped(data, path, lambda name: name in ("header.npy", "payload.npy"),
                            lambda name: MAX_HEADER_BYTES if name == "header.npy" else MAX_FILE_BYTES)
    except AgentFileError:
        if also:
            raise _not_whole(path, also) from None
        raise
    if set(members) != {"header.npy", "payload.npy"}:
        raise _not_whole(path, also)
    text = _array(members["header.npy"], path, "U", 0)
    payload = _array(members["payload.npy"], path, "u", 1).tobytes()
    try:
        header = json.loads(str(text))
    except (ValueError, RecursionError):
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT or header.get("kind") not in KINDS:
        raise AgentFileError(tr(en="{path} is not an agent file of games.save_agent.",
                                ja="{path} は games.save_agent のエージェントファイルではありません。", path=path))
    version = header.get("format_version", 0)
    if type(version) is int and version > FORMAT_VERSION:
        raise AgentFileError(tr(en="{path} was saved by a newer version of games ({version}).",
                                ja="{path} は新しいバージョンの games（{version}）で保存されました。",
                                path=path, version=str(header.get("games_version"))[:20]))
    if header.get("sha256") != checksum(header, payload):
        raise AgentFileError(tr(
            en="{path} has been changed or damaged since it was saved (its checksum does not match): nothing in "
               "it was used. Ask its author to save it again with games.save_agent.",
            ja="{path} は保存されたあとで変更されたか壊れています（チェックサムが合いません）。中身は何も使って"
               "いません。作者に games.save_agent でもう一度保存してもらってください。", path=path))
    _check_header(header, path)
    _check_payload(header["kind"], payload, path, header)
    return header, payload


def name_problem(name):
    """Why ``name`` cannot be an author's name (one line of printable text, 1 to 40 characters), or None."""
    if not isinstance(name, str) or not name.strip():
        return tr(en="it is empty", ja="空です")
    if len(name) > NAME_LIMIT:
        return tr(en="it is {n} characters long; at most {limit} are allowed",
                  ja="{n} 文字あります。{limit} 文字までです", n=len(name), limit=NAME_LIMIT)
    if not name.isprintable():
        return tr(en="it holds a line break or another character that is not printed",
                  ja="改行か、表示されない文字が入っています")
    return None


def _short_text(value, limit):
    return isinstance(value, str) and len(value) <= limit and value.isprintable()


def _plain_options(options):
    """True for ``{"size": 8}``: at most 20 options, short names, each a number, a short text, True/False/None."""
    return isinstance(options, dict) and len(options) <= 20 and all(
        _short_text(key, 40) and (value is None or type(value) in (bool, int, float) or _short_text(value, 40))
        for key, value in options.items())


def _check_header(header, path):
    """Refuse a header whose fields are not what ``save_agent`` writes (a name over two lines, options that
    are not options...), naming the field."""
    problem = name_problem(header.get("name"))
    if problem is None and header.get("name") != header.get("name").strip():
        problem = tr(en="it starts or ends with spaces", ja="前後に空白があります")
    if problem is not None:
        raise AgentFileError(tr(en="{path} is refused: the author's name {name!r} is not allowed: {problem}.",
                                ja="{path} は読み込みません。作者の名前 {name!r} は使えません: {problem}。",
                                path=path, name=str(header.get("name"))[:60], problem=problem))
    checks = {"agent": _short_text(header.get("agent"), 80), "game": header.get("game") in list_games(),
              "options": _plain_options(header.get("options")), "date": _short_text(header.get("date"), 40),
              "games_version": _short_text(header.get("games_version"), 40),
              "format_version": type(header.get("format_version")) is int}
    wrong = [field for field, fine in checks.items() if not fine]
    if wrong:
        raise AgentFileError(tr(en="{path} is refused: its header has a wrong {fields}.",
                                ja="{path} は読み込みません。ヘッダーの {fields} が正しくありません。",
                                path=path, fields=", ".join(wrong)))


def _check_payload(kind, payload, path, header):
    """Refuse a payload that is not what ``save_agent`` writes for its kind; nothing in it is run."""
    if kind == "trained":
        _check_trained(payload, path)
        return
    try:
        saved = json.loads(payload.decode())
    except (ValueError, RecursionError, UnicodeDecodeError):
        saved = None
    if kind == "code":
        code_agents.check_source(saved, f"{path} ({header['name']}: {header['agent']})")
    else:
        builtin_settings(saved, path)


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


MAX_HIDDEN = 2048  #: units of one hidden layer of a trained agent (the course's have at most 256)
MAX_LAYERS = 8
MAX_PARAMETERS = 8_000_000  #: weights between hidden layers (64 MB of float64; the course's are under 100 000)


def _check_trained(payload, path):
    """Refuse a trained agent whose own zip or settings are not what ``agent.save`` writes, or too big:
    checked before any network is made."""
    import re
    weight_name = re.compile(r"[a-z_]{1,40}/[A-Za-z0-9_./]{1,80}\.npy")
    members = _unzipped(payload, path, lambda name: name == "about.npy" or bool(weight_name.fullmatch(name)),
                        lambda name: MAX_HEADER_BYTES if name == "about.npy" else MAX_FILE_BYTES)
    if "about.npy" not in members:
        raise _not_whole(path)
    try:
        about = json.loads(str(_array(members["about.npy"], path, "U", 0)))
        config = about["config"]
        hidden = config["hidden"]
    except (ValueError, RecursionError, KeyError, TypeError):
        raise _not_whole(path) from None
    sizes = hidden if isinstance(hidden, list) else [None]
    fine = len(sizes) <= MAX_LAYERS and all(type(size) is int and 1 <= size <= MAX_HIDDEN for size in sizes)
    # the weights between hidden layers (those into the first and out of the last are bounded by the game)
    fine = fine and sum(a * b for a, b in zip(sizes, sizes[1:])) <= MAX_PARAMETERS
    bounded = {"depth": 6, "buffer_size": 1_000_000, "batch_size": 4096}
    fine = fine and all(type(config.get(key, 1)) is int and config.get(key, 1) <= most for key, most in bounded.items())
    if not fine:
        raise AgentFileError(tr(
            en="{path} is refused: its trained agent is bigger than the course's agents can be (hidden layers "
               "{hidden}; at most {layers} layers of {units} units).",
            ja="{path} は読み込みません。学習エージェントが大きすぎます（隠れ層 {hidden}。{units} ユニットの層が "
               "{layers} 層まで）。",
            path=path, hidden=str(hidden)[:60], layers=MAX_LAYERS, units=MAX_HIDDEN))


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
    module_name, settings = builtin_settings(json.loads(payload.decode()), path)
    module_name, _, attribute = module_name.rpartition(".")
    target = getattr(importlib.import_module(module_name), attribute)
    return BuiltinAgent(target if settings is None else target(**settings))


__all__ = ["BUILTINS", "BuiltinAgent", "builtin_settings", "check_game", "checksum", "load_agent", "load_agents",
           "name_problem", "read", "save_agent"]
