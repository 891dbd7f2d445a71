"""Sealed game files: a download that resumes exactly, yet shows the browser no hidden card.

The engine's save holds the deck and the Citybots' hidden piles, and the browser must never
see those (docs/ARCHITECTURE.md, "Information"). So a downloaded game is the save encrypted with a SHAKE-256
keystream and authenticated with HMAC-SHA256, under a key that stays on the server (in the
save directory, or in memory for an app without one). Only that server can load the file
back, and a file whose content is changed (a single byte of the sealed part, or the round or totals
written in clear) is refused. The app re-deals the hidden cards of a
loaded game (`determinize`), so a download cannot be used to rewind and learn them either.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import os
import secrets
from collections.abc import Callable
from datetime import date
from pathlib import Path

from ..errors import GameError
from ..games.egocentric_world.state import GameState

log = logging.getLogger(__name__)

FORMAT = "egonb-sealed-game"
VERSION = 1
KEY_FILE = "seal.key"
_PROCESS_KEY = secrets.token_bytes(32)


def download_name(game: str, number: int, day: date | None = None) -> str:
    """A downloaded file's name: the game's slug, the day and the round it opens on
    ("egocentric-world-2026-11-28-round3.json"), so files of several games and days sort and tell apart."""
    return f"{game}-{(day or date.today()).isoformat()}-round{number}.json"


def server_key(directory: Path | None) -> bytes:
    """The key of this installation, made once in `directory` (readable by its owner only).

    Without a usable directory the key lives in memory: downloads then load in this process only.
    """
    if directory is None:
        return _PROCESS_KEY
    path = Path(directory) / KEY_FILE
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:  # another kernel made it first
                return path.read_bytes()
            with os.fdopen(fd, "wb") as out:
                out.write(secrets.token_bytes(32))
        return path.read_bytes()
    except OSError as err:
        log.warning("cannot keep the sealing key in %s (%s): downloads will load in this process only",
                    directory, err)
        return _PROCESS_KEY


def _keystream(key: bytes, nonce: bytes, size: int) -> bytes:
    return hashlib.shake_256(b"egonb-seal" + key + nonce).digest(size)


def _tag(key: bytes, nonce: bytes, data: bytes) -> str:
    return hmac.new(key, nonce + data, hashlib.sha256).hexdigest()


def seal(game: GameState, key: bytes) -> str:
    """The game as a file for the browser: public facts in clear, the whole save encrypted."""
    plain = game.to_json().encode()
    nonce = secrets.token_bytes(16)
    data = bytes(a ^ b for a, b in zip(plain, _keystream(key, nonce, len(plain))))
    return json.dumps({
        "format": FORMAT,
        "version": VERSION,
        "round": game.round,
        "totals": game.totals,
        "nonce": nonce.hex(),
        "data": base64.b64encode(data).decode(),
        "tag": _tag(key, nonce, data),
    })


def unseal(text: str, key: bytes | Callable[[], bytes]) -> GameState:
    """The game of a sealed file; GameError if it is not one, was changed, or comes from another server.

    `key` may be a function, asked only once the file looks sealed (so junk never creates a key file).
    """
    try:
        sealed = json.loads(text)
        ok = isinstance(sealed, dict) and sealed.get("format") == FORMAT
    except ValueError:
        ok = False
    if not ok:
        raise GameError("this is not a game downloaded from the egonb solo app")
    if sealed.get("version") != VERSION:
        raise GameError(f"sealed game version {sealed.get('version')!r} is not supported; this app reads "
                        f"version {VERSION}")
    try:
        nonce = bytes.fromhex(sealed["nonce"])
        data = base64.b64decode(sealed["data"], validate=True)
        tag = sealed["tag"]
    except (KeyError, TypeError, ValueError):
        raise GameError("this game file is damaged: its sealed part cannot be read") from None
    if callable(key):
        key = key()
    if not isinstance(tag, str) or not hmac.compare_digest(tag, _tag(key, nonce, data)):
        raise GameError("this game file was changed, or saved by another egonb server: it cannot be loaded here")
    plain = bytes(a ^ b for a, b in zip(data, _keystream(key, nonce, len(data))))
    game = GameState.from_json(plain.decode())
    if sealed.get("round") != game.round or sealed.get("totals") != game.totals:  # the clear copy, edited
        raise GameError("this game file was changed: its round or totals do not match the sealed game")
    return game
