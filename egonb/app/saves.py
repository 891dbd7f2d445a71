"""Save slots on the server: one file per browser, so a reload or a server restart loses nothing.

A browser keeps a random slot id in its localStorage and names it when the page opens; the
game is written to `<save dir>/<slot>.json` (the engine's `to_json`, byte for byte) after every
decision, and the page's settings (the Citybots' pace) to `<slot>.settings.json` when they
change. The directory is `$EGONB_SAVE_DIR`, else `saves` in the user's data directory as `platformdirs` gives it
(`~/.local/share/egonb/saves` on Linux, honouring `$XDG_DATA_HOME`; `~/Library/Application Support/egonb/saves` on
macOS; `%LOCALAPPDATA%/egonb/saves` on Windows).

`SaveStore` is what a session needs of any place that keeps its games: the static edition, which has no
server, gives it one over the browser's own storage (`egonb.site.host`).
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from pathlib import Path
from typing import Protocol

from ..errors import GameError
from ..games.egocentric_world.state import GameState
from .sealing import server_key

log = logging.getLogger(__name__)

#: A slot id as the browser makes it: 32 lowercase hex digits (128 random bits). Anything else is refused,
#: so a message can never name a path outside the save directory.
SLOT = re.compile(r"[0-9a-f]{32}")


def default_dir() -> Path:
    """Where saves go unless told otherwise (EGONB_SAVE_DIR wins, for tests and servers)."""
    if os.environ.get("EGONB_SAVE_DIR"):
        return Path(os.environ["EGONB_SAVE_DIR"])
    import platformdirs  # here, not at import: the static edition's Python imports this module and keeps no files

    return platformdirs.user_data_path("egonb", appauthor=False) / "saves"


def valid_slot(slot: object) -> bool:
    return isinstance(slot, str) and SLOT.fullmatch(slot) is not None


class SaveStore(Protocol):
    """Where a session keeps the game and the settings of each slot, and the key that seals its downloads."""

    def read(self, slot: str) -> GameState | None:
        """The slot's game; None if there is none or it cannot be used (the store says why, where it can)."""

    def write(self, slot: str, text: str) -> None:
        """Replace the slot's game (`GameState.to_json`); OSError if it cannot be kept."""

    def read_settings(self, slot: str) -> dict[str, object]:
        """The slot's settings ({} if none)."""

    def write_settings(self, slot: str, settings: dict[str, object]) -> None:
        """Replace the slot's settings; OSError if they cannot be kept."""

    def sealing_key(self) -> bytes | None:
        """The key that seals this store's downloads (`sealing.seal`): a download loads only where it is known;
        None for a store that keeps no secret (the static edition), whose downloads are checksummed only."""


class SaveSlots:
    """Read and write the saved game of each slot in one directory (a `SaveStore`)."""

    def __init__(self, directory: Path | str) -> None:
        self.dir = Path(directory)

    def __str__(self) -> str:
        return str(self.dir)

    def sealing_key(self) -> bytes:
        """The installation's key, kept in the save directory (`sealing.server_key`)."""
        return server_key(self.dir)

    def path(self, slot: str) -> Path:
        if not valid_slot(slot):
            raise ValueError(f"a save slot is 32 hexadecimal digits, got {slot!r}")
        return self.dir / f"{slot}.json"

    def write(self, slot: str, text: str) -> None:
        """Replace the slot's saved game."""
        self._replace(self.path(slot), text)

    def write_settings(self, slot: str, settings: dict[str, object]) -> None:
        self._replace(self._settings_path(slot), json.dumps(settings))

    def read_settings(self, slot: str) -> dict[str, object]:
        """The slot's settings; {} if there are none or the file is unreadable (then it is logged)."""
        path = self._settings_path(slot)
        try:
            settings = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as err:
            log.warning("ignoring settings %s: %s", path, err)
            return {}
        if not isinstance(settings, dict):
            log.warning("ignoring settings %s: not a JSON object", path)
            return {}
        return settings

    def _settings_path(self, slot: str) -> Path:
        return self.path(slot).with_suffix(".settings.json")

    def _replace(self, path: Path, text: str) -> None:
        """Replace `path` in one step (a crash mid-write leaves the previous file intact)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        # A temporary name of its own: two pages of one browser (two kernels) may save the same slot at once.
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=self.dir)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def read(self, slot: str) -> GameState | None:
        """The slot's game, or None if there is none or the file is unreadable (then it is logged, not used)."""
        path = self.path(slot)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as err:
            log.warning("cannot read saved game %s: %s", path, err)
            return None
        try:
            return GameState.from_json(text)
        except GameError as err:
            log.warning("ignoring saved game %s: %s", path, err)
            return None
