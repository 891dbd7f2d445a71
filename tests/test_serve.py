"""`egonb-play` (the README's play command) serves Voilà and takes it down with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from egonb.app.serve import free_port

pytest.importorskip("voila")


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    if not path.exists():
        pytest.skip("needs Linux's /proc to find the Voilà process")
    return [int(c) for c in path.read_text().split()]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "zombie" not in Path(f"/proc/{pid}/status").read_text().lower()


def test_stopping_egonb_play_with_sigterm_stops_voila_too(tmp_path: Path) -> None:
    """`kill` (SIGTERM, as a service manager stops it) must not leave Voilà and its kernels running."""
    port = free_port()
    play = subprocess.Popen([sys.executable, "-m", "egonb.app.serve", "--port", str(port)],
                            env={**os.environ, "EGONB_SAVE_DIR": str(tmp_path)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300  # catches a server that never comes up: a loaded machine took over 60 s
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline and play.poll() is None, "egonb-play did not serve Voilà"
                time.sleep(0.2)
        voila = _children(play.pid)
        assert voila, "Voilà runs as a child of egonb-play"
        play.send_signal(signal.SIGTERM)
        play.wait(120)
        for _ in range(600):  # Voilà shuts down cleanly, which takes a moment (longer on a busy machine)
            if not any(_alive(pid) for pid in voila):
                break
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in voila), "Voilà was left running"
    finally:
        if play.poll() is None:
            play.kill()
