"""Looks for the other agents' modules (their globals) in its process; raises if it finds one, else plays the first
legal action."""

import sys

NAME = "snoops"


def agent(view):
    others = [name for name, module in list(sys.modules.items())
              if name.startswith("egonb_agentfile_") and getattr(module, "NAME", None) != NAME]
    if others:
        raise RuntimeError(f"found other agents: {others}")
    return view.legal_actions[0]
