"""Leaves a grandchild running in a session of its own (setsid, then a double fork), then plays the first legal
action."""

import os
import time


def agent(view):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            while True:
                time.sleep(1)
        os._exit(0)
    return view.legal_actions[0]
