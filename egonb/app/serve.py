"""`egonb-play`: serve a game's page with Voilà on localhost and print its URL; `--opponent` seats your own agents
(egonb/app/guests.py). The page is the app notebook written for the game from its record (`app_notebook`)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ..games import DEFAULT, FOLDERS, entry
from ..messages import ENGLISH
from .assets import play_notebook
from .guests import ENV_AGENTS, ENV_SECONDS, TIME_LIMIT, Guests

#: Where the app's Voilà template lives (added to JUPYTER_PATH): the lab template minus its CDN links.
SHARE = Path(__file__).resolve().parent / "share" / "jupyter"


def free_port() -> int:
    """A TCP port nobody listens on right now (for tests and `--port 0`)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def app_notebook(game: str, folder: Path) -> Path:
    """Write the page Voilà serves for `game` into `folder`, from its record: `notebooks/play.ipynb` with its one cell
    asking for the game (`page("<slug>")`, egonb/app/page.py) and titled with the record's title (the browser's
    tab, the start page of the egonb template, which also reads every game's title there for a `?game=` address),
    beside Voilà's settings (voila.json, voila.py). So a new game needs no notebook of its own."""
    record = entry(game)
    source = play_notebook()
    notebook = json.loads(source.read_text(encoding="utf-8"))
    (cell,) = notebook["cells"]
    cell["source"] = [line.replace("page()", f"page({json.dumps(game)})") for line in cell["source"]]
    notebook["metadata"]["title"] = record.title
    notebook["metadata"]["egonb"] = {"games": {slug: entry(slug).title for slug in FOLDERS}}
    for name in ("voila.json", "voila.py"):
        shutil.copy(source.parent / name, folder / name)
    path = folder / f"{game}.ipynb"
    path.write_text(json.dumps(notebook, indent=1) + "\n", encoding="utf-8")
    return path


def voila_command(notebook: Path, port: int, open_browser: bool = False, options: Sequence[str] = ()) -> list[str]:
    """The Voilà command line; run it from the notebook's folder so Voilà reads its voila.json and voila.py.
    `options`: more of Voilà's command-line settings (they win over those files')."""
    voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or shutil.which("voila") or "voila"
    cmd = [voila, notebook.name, f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
           "--template=egonb"]
    if not open_browser:
        cmd.append("--no-browser")
    return [*cmd, *options]


def voila_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for `voila_command`: JUPYTER_PATH must include the app's template."""
    env = {**os.environ, **(extra or {})}
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(SHARE), env.get("JUPYTER_PATH", "")) if p)
    return env


@contextmanager
def serving(cmd: list[str], cwd: Path, env: dict[str, str], ready_url: str, log_path: Path | None = None,
            timeout: float = 60) -> Iterator[None]:
    """Run a server process (Voilà, JupyterLab) until the block ends, from the moment `ready_url` answers."""
    with open(log_path or os.devnull, "w") as log:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_http(ready_url, proc, timeout)
            yield
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextmanager
def running_voila(extra_env: dict[str, str] | None = None, log_path: Path | None = None,
                  timeout: float = 180, game: str = DEFAULT, options: Sequence[str] = ()) -> Iterator[str]:
    """Serve the app notebook of `game` on 127.0.0.1 and a free port until the block ends; yields the URL.

    For tests and benchmarks: waits until Voilà answers (a static file, so the page's kernel is not waited for);
    a busy machine (CI under load) can take a minute to start it. `options`: as `voila_command`'s.
    """
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="egonb-play-") as folder:
        notebook = app_notebook(game, Path(folder))
        with serving(voila_command(notebook, port, options=options), notebook.parent, voila_env(extra_env),
                     f"http://127.0.0.1:{port}/voila/static/voila.js", log_path, timeout):
            yield f"http://127.0.0.1:{port}/"


def _wait_http(url: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server for {url} exited early with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"no answer at {url} within {timeout} s")


def _opponents(parser: argparse.ArgumentParser, given: list[str], game: str, seconds: float) -> dict[str, str]:
    """The page kernel's environment for `--opponent`: each agent file checked now (a missing one, or a name that is
    no built-in agent, is refused; a file that loads no agent is said here and on the page, whose seat then goes to
    the built-in AI player)."""
    if len(given) > 5:
        parser.error(f"--opponent: at most 5 agents (a table has 6 seats), got {len(given)}")
    try:
        guests = Guests(given, game, seconds)
    except (OSError, ValueError, TypeError) as err:
        parser.error(f"--opponent: {err}")
    for guest in guests.guests:
        if guest.path is not None:
            try:
                entry = guest.load()
            except (OSError, UnicodeDecodeError) as err:
                parser.error(f"--opponent: {guest.path} cannot be read ({err})")
            print(ENGLISH("cli.play.plays_as", path=guest.path, name=repr(entry.name)) if entry.agent is not None
                  else ENGLISH("cli.play.no_agent", path=guest.path, why=entry.error), flush=True)
    named = [str(guest.path) if guest.path is not None else str(guest.builtin) for guest in guests.guests]
    return {ENV_AGENTS: json.dumps(named), ENV_SECONDS: str(guests.time_limit)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=ENGLISH("cli.play"))
    parser.add_argument("--port", type=int, default=8866, help=ENGLISH("cli.play.port"))
    parser.add_argument("--open", action="store_true", help=ENGLISH("cli.play.open"))
    parser.add_argument("--game", choices=sorted(FOLDERS), default=DEFAULT,
                        help=ENGLISH("cli.play.game"))
    parser.add_argument("--opponent", action="append", default=[], metavar="FILE_OR_NAME",
                        help=ENGLISH("cli.play.opponent"))
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT, metavar="SECONDS",
                        help=ENGLISH("cli.play.time_limit", seconds=f"{TIME_LIMIT:g}"))
    args = parser.parse_args(argv)
    port = args.port or free_port()
    extra = _opponents(parser, args.opponent, args.game, args.time_limit) if args.opponent else {}
    with tempfile.TemporaryDirectory(prefix="egonb-play-") as folder:
        notebook = app_notebook(args.game, Path(folder))
        print(ENGLISH("cli.play.serving", notebook=notebook.name, port=port), flush=True)
        proc = subprocess.Popen(voila_command(notebook, port, args.open), cwd=notebook.parent, env=voila_env(extra))
        # `kill` or a service manager stops egonb-play with SIGTERM: pass it on, or Voilà and its kernels stay behind.
        signal.signal(signal.SIGTERM, lambda _signum, _frame: proc.terminate())
        try:
            code = proc.wait()
        except KeyboardInterrupt:  # Ctrl+C reached Voilà too (same terminal); do not leave it asking for confirmation
            proc.terminate()
            code = proc.wait()
    raise SystemExit(code)


if __name__ == "__main__":
    main()
