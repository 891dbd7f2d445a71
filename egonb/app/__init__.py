"""The solo game as widgets (`import egonb.app`; plain `import egonb` never loads Jupyter).

    from egonb.app import SoloApp
    SoloApp()          # in a notebook: the table, controls, scores and log

The app framework: the session every game's page shares (`session_base`), saves, sealing, assets, the Voilà page
(`page`) and server. Each game's own session, table and app live in its folder (`egonb.games.<game>`); Egocentric
World's app and table are re-exported here, imported when first asked for, so the modules that need no widget also
load where ipywidgets is absent: the static edition runs them on Pyodide.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["CardTable", "SoloApp"]
_WHERE = {"SoloApp": "egonb.games.egocentric_world.controller", "CardTable": "egonb.games.egocentric_world.table"}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)
