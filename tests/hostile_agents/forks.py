"""Leaves a child process running at every move (in its own process group), then plays the first legal action."""

import os
import time


def agent(view):
    if os.fork() == 0:
        while True:
            time.sleep(1)
    return view.legal_actions[0]
