"""Raises at its first move."""


def agent(view):
    raise RuntimeError("my bug")
