"""The plain data that crosses between the referee and an agent's process: JSON, framed by length.

A view is a frozen dataclass of tuples, numbers, strings, its rules and its `Action`s. The codec writes tuples as
lists and an egonb value as `{"@": "module.Class", ...}`; it reads a type tag only from `ALLOWED` (views, rules and
actions of both games), so the data can make nothing but those values, and a list back as a tuple (a view holds
tuples only), so the agent's process rebuilds the very `View` the referee made and student code works unchanged.

`TAP`: when the environment variable `EGONB_SANDBOX_TAP` names a folder, every message that crosses, both ways and
on every channel, is appended to a file there (one per process): tests read it to see what an agent could learn.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import os
import socket
import struct
from typing import Any

#: The egonb types that may cross, by "module.qualname".
ALLOWED = frozenset({
    "egonb.games.egocentric_world.view.View", "egonb.games.egocentric_world.rules.Rules",
    "egonb.games.egocentric_world.actions.Action", "egonb.games.egocentric_world.decisions.Phase",
    "egonb.games.diverse_city.view.View", "egonb.games.diverse_city.config.Config",
    "egonb.games.diverse_city.actions.Action",
    "egonb.games.diverse_city.cards.Disaster",
})
#: A game's configuration, the same in each of its views: the last one written and read is reused (frozen values).
_CONFIGS = frozenset({"egonb.games.egocentric_world.rules.Rules", "egonb.games.diverse_city.config.Config"})
_written: list[Any] = [None, None]
_read: dict[str, tuple[Any, Any]] = {}
#: A message longer than this is refused (a flood of data is an agent's fault, not the referee's memory's).
MAX_MESSAGE = 16 * 1024 * 1024
_HEADER = struct.Struct(">I")


class WireError(ValueError):
    """Data that is not a message of the protocol: malformed, too long, or a type outside `ALLOWED`."""


def encode(value: Any) -> Any:
    """`value` as JSON-ready data; a type outside the plain ones and `ALLOWED` is refused."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    kind = type(value)
    tag = f"{kind.__module__}.{kind.__qualname__}"
    if tag in _CONFIGS and _written[0] is value:
        return _written[1]
    if tag in ALLOWED:
        if isinstance(value, enum.Enum):
            return {"@": tag, "e": value.value}
        if dataclasses.is_dataclass(value):
            out = {"@": tag, "f": {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)
                                   if f.init}}  # what it is made of: derived fields are made again
            if tag in _CONFIGS:
                _written[:] = [value, out]
            return out
        return {"@": tag, "v": [encode(v) for v in value]}  # a NamedTuple
    if kind in (tuple, list):
        return [encode(v) for v in value]
    raise WireError(f"a {kind.__name__} cannot cross to or from an agent's process")


def decode(data: Any) -> Any:
    """The value `encode` wrote: lists as tuples, tagged objects rebuilt (their own checks run) from `ALLOWED`."""
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return tuple(decode(v) for v in data)
    if type(data) is dict and data.get("@") in ALLOWED:
        last = _read.get(data["@"])
        if last is not None and last[0] == data:
            return last[1]
        kind = _type(data["@"])
        if "f" in data and type(data["f"]) is dict:
            value = kind(**{str(k): decode(v) for k, v in data["f"].items()})
            if data["@"] in _CONFIGS:
                _read[data["@"]] = (data, value)
            return value
        if "e" in data and issubclass(kind, enum.Enum):
            return kind(data["e"])
        if "v" in data and type(data["v"]) is list:
            return kind(*(decode(v) for v in data["v"]))
    raise WireError(f"not a value egonb sends: {str(data)[:80]}")


def _type(tag: str) -> Any:
    module, _, name = tag.rpartition(".")
    return getattr(importlib.import_module(module), name)


def frame(message: Any, channel: str = "") -> bytes:
    """One message (plain data, already encoded) as bytes on the wire: its length, then its JSON."""
    body = json.dumps(message, separators=(",", ":")).encode()
    if len(body) > MAX_MESSAGE:
        raise WireError(f"a message of {len(body)} bytes is over the limit of {MAX_MESSAGE}")
    _tap(channel, "send", body)
    return _HEADER.pack(len(body)) + body


class Reader:
    """Frames arriving on a stream, cut into messages as they complete."""

    def __init__(self, channel: str = "") -> None:
        self.buffer = b""
        self.channel = channel

    def feed(self, data: bytes) -> None:
        self.buffer += data

    def next(self) -> Any:
        """The next whole message, or `Reader.NOTHING` while it is incomplete; `WireError` for garbage."""
        if len(self.buffer) < _HEADER.size:
            return Reader.NOTHING
        (size,) = _HEADER.unpack_from(self.buffer)
        if size > MAX_MESSAGE:
            raise WireError(f"a message of {size} bytes is over the limit of {MAX_MESSAGE}")
        if len(self.buffer) < _HEADER.size + size:
            return Reader.NOTHING
        body, self.buffer = self.buffer[_HEADER.size:_HEADER.size + size], self.buffer[_HEADER.size + size:]
        _tap(self.channel, "receive", body)
        try:
            return json.loads(body)
        except ValueError as exc:
            raise WireError(f"not JSON: {exc}") from exc

    NOTHING: Any = object()


def receive(sock: socket.socket, reader: Reader) -> Any:
    """The next message on a blocking socket, or None when it is closed (the agent's side: the referee is gone)."""
    while True:
        message = reader.next()
        if message is not Reader.NOTHING:
            return message
        data = sock.recv(1 << 16)
        if not data:
            return None
        reader.feed(data)


def _tap(channel: str, direction: str, body: bytes) -> None:
    folder = os.environ.get("EGONB_SANDBOX_TAP")
    if folder and channel:  # the referee's side names its channels; it sees both ways of each
        with open(os.path.join(folder, f"{os.getpid()}.jsonl"), "ab") as f:
            f.write(json.dumps({"channel": channel, "direction": direction}).encode()[:-1]
                    + b',"message":' + body + b"}\n")
