"""Ends its process at its first move, with no exception to catch."""

import os


def agent(view):
    os._exit(7)
