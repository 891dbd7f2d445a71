"""Allocates memory without bound (calloc'd, so the machine is spared until the limit says no)."""

hoard = []


def agent(view):
    while True:
        hoard.append(bytes(64 * 1024 * 1024))
