"""The solo game as widgets (`import egonb.app`; plain `import egonb` never loads Jupyter).

    from egonb.app import SoloApp
    SoloApp()          # in a notebook: the table, controls, scores and log

The widget classes are imported when first asked for, so the modules here that need no widget (snapshot, saves,
sealing, and `session.GameSession`, the game with no widget) also load where ipywidgets is absent: the static edition
runs them on Pyodide.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["CardTable", "SoloApp"]
_WHERE = {"SoloApp": ".controller", "CardTable": ".table"}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name], __name__), name)
