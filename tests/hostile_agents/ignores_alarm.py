"""Ignores SIGALRM (the in-process time limit) and loops forever without a call to interrupt."""

import signal


def agent(view):
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        pass
