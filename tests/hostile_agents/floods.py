"""Prints megabytes at every move, to stdout and stderr, then plays the first legal action."""

import sys


def agent(view):
    for _ in range(50):
        print("x" * 100_000)
        print("y" * 100_000, file=sys.stderr)
    return view.legal_actions[0]
