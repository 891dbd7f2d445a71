"""Raises at its first move."""


def agent(view):
    raise ValueError("I give up")
