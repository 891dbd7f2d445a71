"""Replays and watch mode in the browser: `replay(result)` and `watch(agents)` in JupyterLab, and the static replay
pages that `egonb replay FILE`, `egonb watch` (`egonb/replay_command.py`) and a ladder write (`write_page`).

A replay page is a static page: the frames (`egonb.replay.replay_data`) are in it, and `widgets/replay.js` draws
them on the live page's own table, with step controls. Any static web server shows it (`egonb replay` and `egonb
watch` start Python's own, `http.server`, on 127.0.0.1); a teacher publishes a ladder's folder as it is.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import shutil
from pathlib import Path
from string import Template
from typing import Any

import anywidget
import traitlets

from ..games import FOLDERS, entry
from ..play import play
from ..replay import FACE_UP, page_data
from .assets import widget_esm, widget_file, widget_modules

#: The style sheets a replay page needs: every game's table's (its record's `styles`) and the step controls'.
STYLES = (*dict.fromkeys(sheet for slug in FOLDERS for sheet in entry(slug).styles), "replay.css")


class ReplayWidget(anywidget.AnyWidget):
    """A replay in JupyterLab: the card table with step controls (widgets/replay.js)."""

    _esm = widget_esm("replay.js")
    _css = "\n".join(widget_file(name).read_text(encoding="utf-8") for name in STYLES)
    #: What the page shows (`egonb.replay.replay_data`), with `start` (the view shown first) and `autoplay`.
    replay = traitlets.Dict().tag(sync=True)


def replay(source: Any, config: Any = None, view: int | str | None = None, autoplay: bool = False,
           pace: str = "normal") -> ReplayWidget:
    """A recorded game on the card table in JupyterLab: `play(...)`'s result, a tournament's record (with its
    `config`), a ladder's game or an `egonb.replay.Recording`; `view`: a seat or "face-up" (a finished game)."""
    return ReplayWidget(replay=page_data(source, config, view, autoplay, pace))


def watch(agents: Any, rules: Any = None, seed: int = 0, pace: str = "normal") -> ReplayWidget:
    """Watch mode in JupyterLab: `agents` play a game of `rules` (as `play` seats them), shown at `pace` with every
    card face up (an unfinished game: the first player's view)."""
    record = play(agents, rules, seed, transcript=False)
    return ReplayWidget(replay=page_data(record, view=FACE_UP if record.finished else None, autoplay=True,
                                         pace=pace))


def write_assets(folder: Path) -> None:
    """The ES modules and style sheets of a replay page, into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in widget_modules("replay.js"):
        (folder / name).write_text(text, encoding="utf-8")
    for name in STYLES:
        shutil.copy(widget_file(name), folder / name)


def write_page(data: dict[str, Any], path: Path, base: str = "./widgets/") -> None:
    """A replay page at `path`, its modules and style sheets at `base` (relative to it, see `write_assets`).

    The page stays small: the table's fixed model keys (its words, How to play, the card faces: the same for every
    game of a ladder) go to a file beside it named by their digest, which the pages of a folder share, and the frames
    travel gzipped in base64, which the browser unpacks with its own `DecompressionStream` (widgets/replay.js,
    `unpack`): still static files, with no server."""
    data = dict(data)
    model = json.dumps(data.pop("model"), separators=(",", ":"), sort_keys=True).encode()
    name = f"model-{hashlib.sha256(model).hexdigest()[:16]}.json"
    (path.parent / name).write_bytes(model)
    packed = gzip.compress(json.dumps(data, separators=(",", ":")).encode(), 9, mtime=0)
    page = Template(widget_file("replay.html").read_text(encoding="utf-8"))
    styles = "\n".join(f'<link rel="stylesheet" href="{html.escape(base + name)}">' for name in STYLES)
    path.write_text(page.substitute(title=html.escape(data["title"]), data=base64.b64encode(packed).decode(),
                                    model=name, base=base, styles=styles), encoding="utf-8")
