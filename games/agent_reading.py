"""The reader of agent files another person made: untrusted, so nothing in one is used before it is checked.

An agent file (``.agent``, written by ``games.save_agent``) is a numpy ``.npz`` (a zip) of two entries:
``header``, JSON text (the format, the kind, the author's name, the agent's name, the game and its
options, the date, the version of ``games``, and a SHA-256 checksum), and ``payload``, the agent's bytes
(``agent_kinds``). ``read`` checks, in this order and before anything is built: the file's size, each zip
member's declared and real size, that the arrays hold text and bytes only (no pickled objects), the
header's fields, the checksum over header and payload, and the payload of its kind: a function's source
holds only imports, plain literals and ``def``s (``code_agents``); a built-in is one of an allow-list; a
trained agent's settings name a game within that game's own bounds, and its weights are exactly the
network those settings make, so the network built is never larger than the file can justify.

(A checksum catches accidents, not a cheat who writes a new one: a function agent is code, and it runs
wherever it is called; in ``games.tournament`` it runs in a sandbox of its own.)
"""

import hashlib
import json
import os

import numpy as np

from . import code_agents
from .agent_kinds import KINDS, builtin_settings
from .envs import list_games, make
from .errors import AgentFileError
from .messages import tr

FORMAT = "game-ai-lab agent"
FORMAT_VERSION = 1
SUFFIX = ".agent"


def checksum(header, payload):
    """The SHA-256 of the header (without its own checksum) and the payload, as hex text."""
    fields = {key: value for key, value in header.items() if key != "sha256"}
    text = json.dumps(fields, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode() + b"\n" + bytes(payload)).hexdigest()


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


def _npy_header(data):
    """(shape, dtype, stream) from the header of the ``.npy`` bytes ``data``; the array itself is not read."""
    import io
    stream = io.BytesIO(data)
    version = np.lib.format.read_magic(stream)
    read_header = {(1, 0): np.lib.format.read_array_header_1_0,
                   (2, 0): np.lib.format.read_array_header_2_0}[version]
    shape, _, dtype = read_header(stream)
    return shape, dtype, stream


def _array(data, where, kind, shape_length):
    """The ``.npy`` bytes ``data`` as an array of the dtype kind ``kind`` ("U" text, "u" bytes) with
    ``shape_length`` dimensions; nothing else (no pickled objects) is read."""
    try:
        shape, dtype, stream = _npy_header(data)
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
        _check_trained(payload, path, header)
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


MAX_HIDDEN = 2048  #: units of one hidden layer of a trained agent (the course's have at most 256)
MAX_LAYERS = 8
MAX_PARAMETERS = 8_000_000  #: weights between hidden layers (64 MB of float64; the course's are under 100 000)


def _check_trained(payload, path, header):
    """Refuse a trained agent whose own zip or settings are not what ``agent.save`` writes, whose game is not
    the header's or out of the game's bounds, or whose weights are not exactly the network its settings
    make: all checked from the zip's listing and the arrays' headers, before any network is made."""
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
        kind, game, options = about["kind"], about["game"], config.get("options", {})
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
    if game != header["game"] or options != header["options"] or not _plain_options(options):
        raise AgentFileError(tr(
            en="{path} is refused: its trained agent says it plays {game} with the options {options}, but the "
               "file says {saved_game} with {saved_options}.",
            ja="{path} は読み込みません。学習エージェントは {game}（オプション {options}）用だと言っていますが、"
               "ファイルには {saved_game}（{saved_options}）とあります。",
            path=path, game=str(game)[:40], options=str(options)[:100], saved_game=header["game"],
            saved_options=header["options"]))
    shapes = {name[:-len(".npy")]: _array_shape(data, path) for name, data in members.items() if name != "about.npy"}
    wanted = _network_shapes(kind, game, options, config, path)
    if wanted is None or shapes != wanted:
        raise AgentFileError(tr(
            en="{path} is refused: its weights are not the network its settings make (a {kind} agent of {game} "
               "with the options {options} and hidden layers {hidden}).",
            ja="{path} は読み込みません。重みが、設定どおりのネットワーク（{game}・オプション {options}・"
               "隠れ層 {hidden} の {kind} エージェント）になっていません。",
            path=path, kind=str(kind)[:40], game=game, options=options, hidden=hidden))


def _array_shape(data, where):
    """The shape an ``.npy`` member's header declares (its data is not read)."""
    try:
        shape, dtype, _ = _npy_header(data)
    except (ValueError, OSError, EOFError, TypeError, SyntaxError, KeyError):
        raise _not_whole(where) from None
    if dtype.kind != "f" or dtype.hasobject:
        raise _not_whole(where)
    return tuple(shape)


#: kind of trained agent -> (how its network reads a position, what it answers): a move's value for every
#: action ("actions"), or one value of the board after a move ("one")
NETWORKS = {"dqn": ("q_net", "encoder", "actions"), "search": ("q_net", "encoder", "actions"),
            "afterstate": ("v_net", "board", "one"), "chain_search": ("v_net", "board", "one")}


def _network_shapes(kind, game, options, config, where):
    """``{"q_net/l0/W": (inputs, units), ...}``: the weights of the network a trained agent of ``kind`` makes
    for ``game`` with ``options`` and ``config`` (the game is made, within its own bounds, to learn its
    sizes); None for a kind or an encoder this version of games does not know."""
    if kind not in NETWORKS:
        return None
    from .dqn import afterstate, encoders
    network, reads, answers = NETWORKS[kind]
    try:
        env = make(game, **options)
        env.reset(seed=0)
        encode = afterstate.board_encoder(game) if reads == "board" else \
            encoders.encoder_for(config.get("encoder") or game)
        inputs = len(encode(env))
    except Exception:  # noqa: BLE001 - options out of the game's bounds, an unknown encoder...: refused
        return None
    sizes = [inputs, *config["hidden"], env.num_actions if answers == "actions" else 1]
    shapes = {}
    for layer, (into, out) in enumerate(zip(sizes, sizes[1:])):
        shapes[f"{network}/l{layer}/W"] = (into, out)
        shapes[f"{network}/l{layer}/b"] = (out,)
    return shapes


__all__ = ["FORMAT", "FORMAT_VERSION", "MAX_FILE_BYTES", "NAME_LIMIT", "SUFFIX", "check_game", "checksum",
           "name_problem", "read"]
