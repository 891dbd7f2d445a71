"""Answers with an object that is no action."""


def agent(view):
    return object()
