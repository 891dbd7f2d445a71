"""Never answers its first move."""

import time


def agent(view):
    while True:
        time.sleep(0.05)
