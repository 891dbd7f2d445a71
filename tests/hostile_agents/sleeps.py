"""Sleeps through its move."""

import time


def agent(view):
    time.sleep(600)
