"""Crashes its process: reads memory at address 0."""

import ctypes


def agent(view):
    ctypes.string_at(0)
