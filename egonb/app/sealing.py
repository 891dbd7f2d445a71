"""Sealed game files: a download that resumes exactly, yet shows the browser no hidden card.

The engine's save holds the deck and the Citybots' hidden piles, and the browser must never see those
(docs/ARCHITECTURE.md, "Information"). So a downloaded game is the save encrypted and authenticated with AES-GCM
(the `cryptography` library's vetted AEAD), under a key that stays on the server (in the save directory, or in memory
for an app without one). The round and totals written in clear for a person reading the file are the cipher's
associated data: changing a single byte of them, or of the sealed part, makes the file refused. Only that server
can load the file back, and the app re-deals the hidden cards of a loaded game (`determinize`), so a download cannot
be used to rewind and learn them either.

The static edition has no secret to keep (its Python and its storage are the visitor's), so its store has no key
(`sealing_key() -> None`): its files hold the save base64-encoded (not readable at a glance, but not secret) with a
SHA-256 checksum that catches a file damaged or changed by hand, and docs/PLAYING.md says so.

Refusals are `SealError`s naming a catalogue message (`load.*`), rendered in the reader's language by the session.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import secrets
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from ..errors import GameError
from ..games.egocentric_world.state import GameState

log = logging.getLogger(__name__)

FORMAT = "egonb-sealed-game"
#: 1: a hand-made keystream (egonb 0.1, refused since: `load.old_seal`); 2: AES-GCM, or a checksum without a key.
VERSION = 2
KEY_FILE = "seal.key"
_PROCESS_KEY = secrets.token_bytes(32)


def download_name(game: str, number: int, day: date | None = None) -> str:
    """A downloaded file's name: the game's slug, the day and the round it opens on
    ("egocentric-world-2026-11-28-round3.json"), so files of several games and days sort and tell apart."""
    return f"{game}-{(day or date.today()).isoformat()}-round{number}.json"


class SealError(GameError):
    """A file that cannot be loaded; `message` is its catalogue id and `fields` its named fields."""

    def __init__(self, message: str, **fields: Any) -> None:
        from ..messages import ENGLISH

        super().__init__(ENGLISH(message, **fields))
        self.message = message
        self.fields = fields


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


def _header(game: GameState, lock: str) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "lock": lock, "round": game.round, "totals": game.totals}


def _associated(header: dict[str, Any]) -> bytes:
    """The clear part, canonically: what AES-GCM authenticates beside the sealed save."""
    return json.dumps({k: header.get(k) for k in ("format", "version", "lock", "round", "totals")},
                      sort_keys=True, separators=(",", ":")).encode()


def seal(game: GameState, key: bytes | None) -> str:
    """The game as a file for the browser: public facts in clear; the save encrypted under `key`, or encoded with
    a checksum when the store has no key (the static edition)."""
    plain = game.to_json()
    if key is None:
        header = _header(game, "checksum")
        return json.dumps({**header, "data": base64.b64encode(plain.encode()).decode(),
                           "sha256": hashlib.sha256(plain.encode()).hexdigest()})
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    header = _header(game, "aes-gcm")
    nonce = secrets.token_bytes(12)
    data = AESGCM(key).encrypt(nonce, plain.encode(), _associated(header))
    return json.dumps({**header, "nonce": nonce.hex(), "data": base64.b64encode(data).decode()})


def unseal(text: str, key: bytes | None | Callable[[], bytes | None]) -> GameState:
    """The game of a sealed file; SealError if it is not one, was changed, or comes from another server.

    `key` may be a function, asked only once the file looks sealed (so junk never creates a key file).
    """
    try:
        sealed = json.loads(text)
        ok = isinstance(sealed, dict) and sealed.get("format") == FORMAT
    except ValueError:
        ok = False
    if not ok:
        raise SealError("load.not_sealed")
    if sealed.get("version") == 1:
        raise SealError("load.old_seal")
    if sealed.get("version") != VERSION:
        raise SealError("load.version", version=repr(sealed.get("version")), supported=VERSION)
    if callable(key):
        key = key()
    plain = _open_checksum(sealed) if key is None else _open_aes_gcm(sealed, key)
    game = GameState.from_json(plain)
    if sealed.get("round") != game.round or sealed.get("totals") != game.totals:  # the clear copy, edited
        raise SealError("load.changed_clear")
    return game


def _open_aes_gcm(sealed: dict[str, Any], key: bytes) -> str:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if sealed.get("lock") == "checksum":
        raise SealError("load.from_static")
    try:
        nonce = bytes.fromhex(sealed["nonce"])
        data = base64.b64decode(sealed["data"], validate=True)
    except (KeyError, TypeError, ValueError):
        raise SealError("load.damaged") from None
    try:
        return AESGCM(key).decrypt(nonce, data, _associated(sealed)).decode()
    except (InvalidTag, ValueError):  # ValueError: a nonce of the wrong length
        raise SealError("load.changed_or_foreign") from None


def _open_checksum(sealed: dict[str, Any]) -> str:
    if sealed.get("lock") != "checksum":
        raise SealError("load.from_server")
    try:
        plain = base64.b64decode(sealed["data"], validate=True)
        digest = sealed["sha256"]
    except (KeyError, TypeError, ValueError):
        raise SealError("load.damaged") from None
    if not isinstance(digest, str) or hashlib.sha256(plain).hexdigest() != digest:
        raise SealError("load.changed")
    try:
        return plain.decode()
    except UnicodeDecodeError:
        raise SealError("load.damaged") from None
