"""The Python side of an entrant's Web Worker (``worker.js``): one ``Player``, answering in JSON text."""

import json
import pickle

from .player import Player, error_text

_player = []


def _bytes(data):
    """A JavaScript Uint8Array (or Python bytes) as bytes."""
    return bytes(data.to_py()) if hasattr(data, "to_py") else bytes(data)


def start(kind, payload, name):
    try:
        _player[:] = [Player({"kind": kind, "payload": _bytes(payload), "name": name})]
    except BaseException as error:  # noqa: BLE001 - a file that does not build loses its games, with the reason
        return json.dumps({"failed": error_text(error)})
    return '{"ready": true}'


def move(view, words):
    answer = _player[0].move(pickle.loads(_bytes(view)), json.loads(words))  # the referee's pickle: trusted
    return json.dumps(answer)
