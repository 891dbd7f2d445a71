"""Ends its process at its first move."""

import os


def act(view):
    os._exit(1)
