"""`egonb replay FILE` and `egonb watch AGENT…`: a recorded game, or agents playing each other, on the card table in
your browser, with step controls (`egonb/app/replaying.py` writes the page; Python's own `http.server` serves it on
127.0.0.1 until Ctrl+C, or `--out DIR` only writes it)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import webbrowser
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .app.replaying import write_assets, write_page
from .app.serve import free_port, serving
from .errors import GameError
from .games import FOLDERS, entry
from .play import play
from .replay import FACE_UP, PACES, Recording, page_data, read_text


def read_recording(path: Path, index: int = 0, game: str | None = None) -> Recording:
    """The game in the file at `path` (see `egonb.replay.read_text`)."""
    try:
        return read_text(path.read_text(encoding="utf-8"), index, game)[0]
    except GameError as err:
        raise GameError(f"{path}: {err}") from None


def _serve(data: dict[str, Any], port: int, open_browser: bool, out: Path | None) -> int:
    """Write the page (into `out`, else a temporary folder) and, without `out`, serve it until Ctrl+C."""
    if out is not None:
        write_assets(out / "widgets")
        write_page(data, out / "index.html")
        print(f"egonb: wrote {out / 'index.html'} (open it through any web server: python3 -m http.server -d {out})")
        return 0
    with tempfile.TemporaryDirectory(prefix="egonb-replay-") as tmp:
        folder = Path(tmp)
        write_assets(folder / "widgets")
        write_page(data, folder / "index.html")
        port = port or free_port()
        url = f"http://127.0.0.1:{port}/"
        cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder), str(port)]
        try:  # Ctrl+C at any moment, even while the server starts, stops it and ends here
            with serving(cmd, folder, dict(os.environ), url + "index.html"):
                print(f"egonb: {data['title']} — open {url} (Ctrl+C to stop)", flush=True)
                if open_browser:
                    webbrowser.open(url)
                while True:
                    time.sleep(3600)
        except KeyboardInterrupt:
            return 0


def _view(seat: int | None, face_up: bool) -> int | str | None:
    return FACE_UP if face_up else seat


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: any free port)")
    parser.add_argument("--open", action="store_true", help="also open the page in your web browser")
    parser.add_argument("--out", type=Path, help="write the page into this folder instead of serving it")
    parser.add_argument("--pace", choices=list(PACES), default="normal", help="time between two decisions when the "
                                                                             "replay plays by itself")


def main(argv: Sequence[str] | None = None) -> int:
    """`egonb replay FILE`: a recorded or saved game on the card table, with step controls."""
    parser = argparse.ArgumentParser(prog="egonb replay", description="Replay a recorded game on the card table, "
                                     "decision by decision: a recording, a ladder's agents/NAME.json (--index) or a "
                                     "saved game.")
    parser.add_argument("file", type=Path, help="the game's file")
    parser.add_argument("--seat", type=int, help="open on this seat's view (default: the first player's)")
    parser.add_argument("--face-up", action="store_true", help="open with every card face up (a finished game)")
    parser.add_argument("--index", type=int, default=0, help="which game of a ladder's agents/NAME.json (from 0)")
    parser.add_argument("--game", choices=list(FOLDERS), help="the game of a saved game file (default: found out)")
    parser.add_argument("--play", action="store_true", help="start playing by itself at --pace")
    _common(parser)
    args = parser.parse_args(argv)
    try:
        rec = read_recording(args.file, args.index, args.game)
        data = page_data(rec, view=_view(args.seat, args.face_up), autoplay=args.play, pace=args.pace)
    except (OSError, GameError) as err:
        parser.error(str(err))
    return _serve(data, args.port, args.open, args.out)


def watch_main(argv: Sequence[str] | None = None) -> int:
    """`egonb watch AGENT…`: agents play each other on the card table at a pace the viewer sets."""
    parser = argparse.ArgumentParser(prog="egonb watch", description="Watch agents play each other on the card "
                                     "table (for projecting in a class): play, pause, step, and the score chart "
                                     "at the end.")
    parser.add_argument("agents", nargs="+", help="built-in agent names or agent files (.py), one per seat; one "
                                                  "Egocentric World agent plays solo against the Citybots")
    parser.add_argument("--game", choices=list(FOLDERS), default="egocentric-world")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--difficulty", type=int, default=1, choices=(1, 2, 3), help="solo games: the Citybots' level")
    parser.add_argument("--seat-view", type=int, dest="seat", help="show this seat's view instead of every card")
    _common(parser)
    args = parser.parse_args(argv)
    game = entry(args.game)
    try:
        agents = [name if name.endswith(".py") else game.agent(name) for name in args.agents]
        solo = len(agents) == 1 and game.solo_table is not None
        rules = game.solo_table(args.difficulty, True) if solo and game.solo_table else game.table(len(agents), True)
        record = play(agents, rules, args.seed, transcript=False)
        view = args.seat if args.seat is not None else FACE_UP if record.finished else None
        data = page_data(record, view=view, autoplay=True, pace=args.pace)
    except (OSError, ValueError, TypeError, GameError) as err:
        parser.error(str(err))
    if record.fault is not None:
        print(f"egonb watch: {record.names[record.fault.seat]} forfeited the game: {record.fault}", file=sys.stderr)
    return _serve(data, args.port, args.open, args.out)
