"""Patches egonb, the engine, the game loop and `random`, then plays the first legal action: only its own process
is affected."""

import random

import egonb.play
import egonb.state


def _always_first(*args, **kwargs):
    return 0.0


egonb.state.GameState.apply = lambda self, *a, **k: None
egonb.play.play = lambda *a, **k: None
random.Random.random = _always_first


def agent(view):
    return view.legal_actions[0]
